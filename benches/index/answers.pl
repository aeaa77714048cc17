% A rule-based program's answer table, the shape of issue 43's motivating application: ten
% thousand answers keyed by compound terms whose first argument always has the same functor,
% each candidate checked with \+ answer(X) before it is asserted. Thirty thousand candidates,
% each answer derived three times, so two checks in three find the answer already there; ten
% rounds.
:- dynamic answer/1.

bench :-
    rounds(10, 0, New),
    count_answers(Count),
    format("~w ~w~n", [New, Count]).

% Ten rounds, each from an empty table.
rounds(0, New, New) :- !.
rounds(R, New0, New) :-
    retractall(answer(_)),
    derive(0, New0, New1),
    R1 is R - 1,
    rounds(R1, New1, New).

derive(30000, New, New) :- !.
derive(I, New0, New) :-
    J is I mod 10000,
    candidate(J, X),
    (   \+ answer(X)
    ->  assertz(answer(X)),
        New1 is New0 + 1
    ;   New1 = New0
    ),
    I1 is I + 1,
    derive(I1, New1, New).

% Every answer is fact(path(A, B), cost(C)): the first argument's functor, and the functor of
% each of its arguments, is the same in all of them; only A and B together tell them apart.
candidate(J, fact(path(A, B), cost(C))) :-
    A is J mod 100,
    B is J // 100,
    C is J mod 7.

count_answers(N) :-
    findall(x, answer(_), L),
    length(L, N).
