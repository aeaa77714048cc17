% A million facts asserted, asked by each argument, and retracted from the front, the middle
% and the back: f(I, J, K) with I = 0..999999, J a permutation of those numbers and K = I mod
% 1000.
:- dynamic f/3.

n(1000000).

bench :-
    retractall(f(_, _, _)),
    n(N),
    fill(0, N),
    ask_first(0, 0, S1),
    ask_second(0, 0, S2),
    ask_third(0, 0, S3),
    take_front(0),
    take_middle(0),
    take_back(0),
    findall(x, f(_, _, _), L),
    length(L, Left),
    format("~w ~w ~w ~w~n", [S1, S2, S3, Left]).

fill(N, N) :- !.
fill(I, N) :-
    J is (I * 7919) mod N,
    K is I mod 1000,
    assertz(f(I, J, K)),
    I1 is I + 1,
    fill(I1, N).

% 200,000 look-ups by the first argument, 200,000 by the second, and every clause of 100 keys
% of the third (100,000 answers).
ask_first(200000, S, S) :- !.
ask_first(I, S0, S) :-
    X is (I * 37) mod 1000000,
    f(X, J, _),
    S1 is (S0 + J) mod 1000000007,
    I1 is I + 1,
    ask_first(I1, S1, S).

ask_second(200000, S, S) :- !.
ask_second(I, S0, S) :-
    X is (I * 41) mod 1000000,
    f(A, X, _),
    S1 is (S0 + A) mod 1000000007,
    I1 is I + 1,
    ask_second(I1, S1, S).

ask_third(100, S, S) :- !.
ask_third(I, S0, S) :-
    K is I * 7,
    findall(A, f(A, _, K), As),
    sum(As, 0, T),
    S1 is (S0 + T) mod 1000000007,
    I1 is I + 1,
    ask_third(I1, S1, S).

sum([], S, S).
sum([X|Xs], S0, S) :- S1 is S0 + X, sum(Xs, S1, S).

% 100,000 clauses retracted from each end and from the middle, by their first argument.
take_front(100000) :- !.
take_front(I) :- retract(f(I, _, _)), I1 is I + 1, take_front(I1).

take_middle(100000) :- !.
take_middle(I) :- X is 450000 + I, retract(f(X, _, _)), I1 is I + 1, take_middle(I1).

take_back(100000) :- !.
take_back(I) :- X is 999999 - I, retract(f(X, _, _)), I1 is I + 1, take_back(I1).
