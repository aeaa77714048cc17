% Clauses erased through references kept from earlier: 300,000 facts, their references
% collected by clause/3, then erased in the order they were made, in the reverse order, and in
% a scattered order (slot (I * 7919) mod N first), three times each.
:- dynamic g/1.

n(300000).

bench :-
    n(N),
    erase_all(front, N),
    erase_all(back, N),
    erase_all(scattered, N),
    format("~w~n", [done]).

erase_all(Order, N) :-
    forall(between(1, 3, _), erase_once(Order, N)).

erase_once(Order, N) :-
    retractall(g(_)),
    forall(between(1, N, I), assertz(g(I))),
    findall(R, clause(g(_), true, R), Rs0),
    order(Order, N, Rs0, Rs),
    forall(member(R, Rs), erase(R)),
    aggregate_all(count, g(_), 0).

order(front, _, Rs, Rs).
order(back, _, Rs0, Rs) :- reverse(Rs0, Rs).
order(scattered, N, Rs0, Rs) :-
    Terms =.. [refs|Rs0],
    findall(R, (between(0, N, I), I < N, J is (I * 7919) mod N + 1, arg(J, Terms, R)), Rs).
