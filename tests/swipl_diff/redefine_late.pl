% Calls compiled before the program defines system and library predicates of its own (in
% redefine_late_defs.pl, loaded after this file) reach the program's definitions, as
% SWI-Prolog's do; `system:G` reaches the system's own; a clause for `*->/2` is taken
% silently and the construct still means soft-cut.
main :-
    show(append([1], [2], _)), show(last([1, 2], _)), show(succ(1, _)),
    show(msort([b, a], _)), forall(between(1, 2, B), writeln(B)),
    forall(system:between(1, 3, X), writeln(X)),
    G = system:between(1, 2, Y), forall(G, writeln(Y)),
    forall(call(system:between, 1, 2, V), writeln(V)),
    forall(user:between(1, 3, Z), writeln(Z)),
    ( system:succ(1, S) -> writeln(S) ; writeln(no) ),
    ( true *-> writeln(soft_then) ; writeln(soft_else) ),
    ( fail *-> writeln(soft_then) ; writeln(soft_else) ),
    H = (true *-> writeln(meta_soft)), call(H).

show(Goal) :-
    (   catch(Goal, E, (writeln(caught(E)), fail))
    ->  writeln(Goal)
    ;   writeln(failed(Goal))
    ).
