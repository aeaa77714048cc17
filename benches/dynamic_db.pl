% dynamic_db: the clause database used the way game-search programs use it: a table of
% computed values consulted before each computation and extended after it (a transposition
% table), and a first-in first-out queue of states kept as facts (breadth-first search).
% Measures assertz/1 and retract/1 on predicates of tens of thousands of clauses, interleaved
% with first-argument lookups.

:- dynamic memo/2.
:- dynamic queue/1.

% value(N, V): a memoised recurrence over 0..N, looked up before it is computed.
value(N, V) :- memo(N, V), !.
value(N, V) :-
    N >= 2, !,
    N1 is N - 1, N2 is N - 2,
    value(N1, V1), value(N2, V2),
    V is (V1 * 31 + V2 * 17 + N) mod 1000003,
    assertz(memo(N, V)).
value(N, N).

% table(From, To): the recurrence at From, From+1, ..., To, each computed once.
table(From, To) :- From > To, !.
table(From, To) :-
    value(From, _),
    Next is From + 1,
    table(Next, To).

% drain(Sum0, Sum, Steps): take the oldest state from the queue; while fewer than Limit states
% were made, enqueue its two successors; sum what was taken.
drain(Limit, Made0, Sum0, Sum) :-
    retract(queue(S)), !,
    (   Made0 < Limit
    ->  A is S * 2 mod 65521, B is (S * 3 + 1) mod 65521,
        assertz(queue(A)), assertz(queue(B)),
        Made is Made0 + 2
    ;   Made = Made0
    ),
    Sum1 is (Sum0 + S) mod 1000003,
    drain(Limit, Made, Sum1, Sum).
drain(_, _, Sum, Sum).

round(V, Sum) :-
    retractall(memo(_, _)),
    table(2, 30000),
    memo(30000, V),
    retractall(queue(_)),
    assertz(queue(1)),
    drain(30000, 1, 0, Sum).

rounds(0) :- !.
rounds(N) :- round(_, _), N1 is N - 1, rounds(N1).

bench :-
    rounds(2),
    round(V, Sum),
    format("dynamic_db: value ~w, queue sum ~w~n", [V, Sum]).
