% Facts of atoms, small integers, floats and variables, which are kept in their code and read
% back from it, in lists long enough for the just-in-time indexes: looked up by each argument,
% read by clause/2 with any argument bound, retracted one by one and by an argument, erased by
% reference; and read back by scans that hold clauses already retracted while the code of
% other retracted clauses is reused by new ones (the logical update view).
:- dynamic p/4, q/3.

show(G) :- findall(G, G, L), format("~q~n", [L]).
count(G) :- aggregate_all(count, G, N), \+ \+ ( numbervars(G, 0, _), format("~p: ~d~n", [G, N]) ).
nv(T) :- \+ \+ ( numbervars(T, 0, _), print(T), nl ).

fill :-
    forall(between(1, 300, I),
           ( J is I mod 7, K is I mod 11, atom_concat(k, K, A), F is I / 4,
             ( I mod 5 =:= 0 -> assertz(p(I, J, _, F)) ; assertz(p(I, J, A, F)) ) )).

churn(N) :-
    forall(between(1, N, K), ( assertz(q(K, c, 2.5)), retract(q(K, c, 2.5)) )).

main :-
    fill,
    count(p(_, 3, _, _)), count(p(_, _, k4, _)), count(p(_, _, _, 30.25)),
    show(p(_, 2, k9, _)), show(p(121, _, _, _)), show(p(_, _, _, 75.0)),
    findall(I-A, clause(p(I, 5, A, _), true), L1), length(L1, N1), print(N1), nl,
    L1 = [First|_], nv(First),
    forall(clause(p(I, J, k3, F), true), (print(p(I, J, k3, F)), nl)),
    forall(clause(p(X, 6, Y, 1.5), B), (print(p(X, 6, Y, 1.5)-B), nl)),
    % Retracting by the second argument under a running scan.
    forall(retract(p(I, 0, _, _)), (write(I), write(' '))), nl,
    count(p(_, _, _, _)), count(p(_, 0, _, _)), count(p(_, 1, _, _)),
    % asserta in front, and clause references.
    asserta(p(0, 0, zero, 0.0), Ref), clause(H, true, Ref), print(H), nl,
    show(p(0, _, _, _)), erase(Ref), show(p(0, _, _, _)),
    clause(p(150, _, _, _), true, R150), clause(H150, B150, R150), nv(H150-B150),
    erase(R150), show(p(150, _, _, _)),
    % A scan that holds clauses retracted under it while their kind of code is reused.
    forall(between(1, 40, I), assertz(q(I, a, 1.5))),
    forall(clause(q(I, X, Y), true),
           ( ( I =:= 1 -> retractall(q(_, _, _)), churn(3000) ; true ),
             ( I mod 8 =:= 0 -> print(seen(I, X, Y)), nl ; true ) )),
    show(q(_, _, _)),
    forall(between(1, 40, I), assertz(q(I, b, 2.5))),
    ( retract(q(I1, X1, Y1)), ( I1 =:= 1 -> churn(3000) ; true ), I1 >= 40 -> true ; true ),
    print(last(I1, X1, Y1)), nl,
    show(q(_, _, _)),
    listing(q/3),
    forall(between(1, 3, I2), ( J2 is -I2, assertz(q(J2, _, -0.0)) )),
    forall(between(1, 3, I3), ( J3 is I3 * 3, assertz(q(J3, V3, V3)) )),
    listing(q/3),
    count(p(_, _, _, _)),
    ( retract(p(_, _, _, _)), fail ; true ),
    count(p(_, _, _, _)).
