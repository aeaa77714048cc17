% Bad module input as SWI-Prolog takes it: module/2 after a file's first term is an unknown
% procedure (the file stays in user), an import list may name what the module does not export
% (a warning; the name is imported all the same), and meta_predicate/1 takes an atom but not a
% number.
:- use_module(c1, [q/0, nope/0]).
:- meta_predicate twice(0), nothing.
:- module(late, [main/0]).
twice(G) :- G, G.
main :-
    twice(q),
    ( catch(meta_predicate(7), error(E, _), true) -> print(E), nl ; true ),
    ( catch(nope, error(E2, _), true) -> print(E2), nl ; true ),
    ( predicate_property(nope, imported_from(M)) -> writeln(M) ; writeln(none) ),
    ( current_module(late) -> writeln(late) ; writeln(no_late) ).
