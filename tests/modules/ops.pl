% Module-local operators and flags as in SWI-Prolog: an operator a module declares holds in its
% own file only, one it exports holds where it is imported, and a reading flag it sets
% (double_quotes) is its own; an operator a module imports is not seen by its importer.
:- use_module(ops_m).
:- use_module(ops_n).
s(X) :- X = "ab".
v(X) :- X = (p ===> q).
main :-
    t(X), writeq(X), nl,
    s(Y), ( atom(Y) -> writeln(atom) ; writeln(not_atom) ),
    ops_m:u(Z), writeq(Z), nl,
    show(W), writeq(W), nl, v(V), writeq(V), nl,
    ( current_op(P, T, <==) -> writeln(P-T) ; writeln(no_op) ),
    ( current_op(P2, T2, ===>) -> writeln(P2-T2) ; writeln(no_op) ),
    w(A), writeq(A), nl,
    ( current_op(_, _, +++) -> writeln(imported) ; writeln(not_imported) ),
    catch(term_to_atom(_, 'a <== b'), error(E, _), true), writeq(E), nl.
