% A tail-recursive loop that retracts a rule and asserts another of the same layout N times: a
% rule whose body is an if-then-else (alternatives of the clause's own code), one whose body is
% a disjunction, one with a disjunction inside its body (an auxiliary predicate) and one with
% compound arguments (templates). With the whole of a removed clause's code reused, memory stays
% where it started.

:- consult(peak_rss).

:- dynamic r/2.

rule(ite, N, (r(X, Y) :- (X > N -> Y = big ; X < 0 -> Y = neg ; Y = small))).
rule(disj, N, (r(X, Y) :- (X > N, Y = big ; X < 0, Y = neg))).
rule(aux, N, (r(X, Y) :- X > N, (Y = big ; Y = neg ; Y = small), atom(Y))).
rule(tmpl, N, (r(X, Y) :- X = f(N, g([N, N]), 1.5), Y = h(X, [a, b|X]))).

% probe(Kind, X): a first argument for which the last rule (N = 1) has answers.
probe(tmpl, f(1, g([1, 1]), 1.5)) :- !.
probe(_, 5).

loop(_, 0) :- !.
loop(Kind, N) :-
    retract((r(_, _) :- _)),
    rule(Kind, N, Rule),
    assertz(Rule),
    N1 is N - 1,
    loop(Kind, N1).

% run(Kind, N): the loop, then the answers of the last rule and the peak RSS in kilobytes.
run(Kind, N) :-
    retractall(r(_, _)),
    rule(Kind, 0, Rule),
    assertz(Rule),
    loop(Kind, N),
    probe(Kind, X),
    findall(Y, r(X, Y), Ys),
    length(Ys, L),
    peak_rss_kb(K),
    format("~w ~w~n", [L, K]).
