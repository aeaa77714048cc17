% Tabled programs whose groups need many passes, each printing the sorted set of its answers
% (the order of a table's answers is not fixed). Later passes run only what is new to each
% clause that reads tables among pure goals (builtins/db/tables/delta.rs): of a clause that
% reads several, only the combinations with a new answer; clauses with a cut or a call of a
% rule run whole. The golden output is SWI-Prolog's
% (tests/golden/regen.sh, case tabling_passes).

% Two tables feeding each other one answer per pass.
:- table ping/1, pong/1.
ping(X) :- pong(Y), Y < 600, X is Y + 1.
ping(0).
pong(X) :- ping(Y), Y < 600, X is Y + 1.
pong(0).

% Left recursion along a chain of facts, and a cycle closing it.
:- table path/2.
path(X, Y) :- path(X, Z), link(Z, Y).
path(X, Y) :- link(X, Y).

link(X, Y) :- fail, X = Y.
link(n(0), n(1)).
link(N, M) :- chain(N, M).

chain(n(I), n(J)) :- between(1, 150, I), J is I + 1.
chain(n(151), n(0)).

% The same over a predicate made of facts only.
:- table hop/2.
hop(X, Y) :- hop(X, Z), step(Z, Y).
hop(X, Y) :- step(X, Y).

step(1, 2). step(2, 3). step(3, 4). step(4, 5). step(5, 1). step(5, 6). step(6, 7).

% A cut after the table: each run stops at the first answer it reads that passes the test.
:- table firsts/1.
firsts(X) :- step(X, _), firsts_seed(X).
firsts(X) :- hop(1, X), X >= 7, !.

firsts_seed(1).

% Two reads of tables in one clause: only combinations with a new answer in later passes.
:- table both/2.
both(X, Y) :- hop(X, Z), hop(Z, Y), X < Y.

% Lattice joins that do not absorb a value they already hold (either(A, B) joined with B is
% no longer either(A, B)): each answer derived is joined once, so the group ends. Which value
% is built first depends on the order of evaluation, so the atoms in it are printed.
:- table via(_, _, lattice(alt/3)).
via(X, X, here).
via(X, Y, P) :- step2(X, Z, E), via(Z, Y, P0), seq(E, P0, P).

step2(a, b, ab). step2(b, c, bc). step2(a, c, ac). step2(b, d, bd). step2(c, d, cd).

alt(A, A, A) :- !.
alt(A, B, either(A, B)).

seq(E, here, E) :- !.
seq(E, P, then(E, P)).

leaves(T, Ls) :- findall(A, (sub(T, A), atom(A)), L0), sort(L0, Ls).

sub(T, T).
sub(T, S) :- compound(T), arg(_, T, A), sub(A, S).

% Shortest distances with min: a better answer replaces a worse one in later passes.
:- table dist(_, _, min).
dist(X, Y, D) :- dist(X, Z, D0), road(Z, Y, W), D is D0 + W.
dist(X, Y, W) :- road(X, Y, W).

road(a, b, 4). road(a, c, 1). road(c, b, 1). road(b, d, 1). road(d, a, 2). road(c, d, 7).

% Double recursion over a cycle, and three reads of the same table in one clause.
:- table reach/2, reach3/2.
reach(X, Y) :- reach(X, Z), reach(Z, Y).
reach(X, Y) :- ring(X, Y).
reach3(X, Y) :- reach3(X, A), reach3(A, B), reach3(B, Y), X =< Y.
reach3(X, Y) :- ring(X, Y).

ring(I, J) :- between(0, 40, I), J is (I + 1) mod 41.
ring(7, 20).
ring(30, 3).

% Two reads of a moded table.
:- table far(_, _, max).
far(X, Y, D) :- far(X, Z, D0), far(Z, Y, D1), D is min(D0 + D1, 9).
far(X, Y, W) :- road(X, Y, W).

% Double recursion along a chain: each call a(I, _) is complete after the pass in which its
% readers saw every answer, with no pass to confirm it (builtins/db/tables/read.rs).
:- table chain2/2.
chain2(X, Y) :- chain2(X, Z), chain2(Z, Y).
chain2(X, Y) :- hop60(X, Y).

hop60(I, J) :- between(0, 59, I), J is I + 1.

% Two tables whose readers miss answers added after they ended, in both directions.
:- table lo/1, mo/1.
lo(X) :- mo(X).
lo(1).
lo(X) :- mo(Y), Y < 30, X is Y + 2.
mo(X) :- lo(Y), X is Y * 2, X < 100.
mo(3).

show(Name, Template, Goal) :-
    findall(Template, Goal, L),
    msort(L, S),
    length(S, N),
    format("~w: ~d ~q~n", [Name, N, S]).

show_count(Name, Template, Goal) :-
    findall(Template, Goal, L),
    msort(L, S),
    length(S, N),
    sum_list(S, Sum),
    format("~w: ~d answers, sum ~d~n", [Name, N, Sum]).

main :-
    show_count(ping, X, ping(X)),
    show_count(pong, X, pong(X)),
    findall(Y, path(n(0), Y), Ps), length(Ps, NP), format("path: ~d~n", [NP]),
    show(hop, X-Y, hop(X, Y)),
    show(firsts, X, firsts(X)),
    show(both, X-Y, both(X, Y)),
    show(via, Y-Ls, (via(a, Y, P), leaves(P, Ls))),
    show(dist, X-Y-D, dist(X, Y, D)),
    findall(X-Y, reach(X, Y), Rs), length(Rs, NR), msort(Rs, SR), last(SR, LR),
    format("reach: ~d ~q~n", [NR, LR]),
    findall(X-Y, reach3(X, Y), R3), length(R3, N3), msort(R3, S3), last(S3, L3),
    format("reach3: ~d ~q~n", [N3, L3]),
    show(far, X-Y-D, far(X, Y, D)),
    findall(X-Y, chain2(X, Y), C2), length(C2, NC2), msort(C2, SC2), last(SC2, LC2),
    format("chain2: ~d ~q~n", [NC2, LC2]),
    findall(Y, chain2(57, Y), C57),
    format("chain2(57): ~q~n", [C57]),
    show(lo, X, lo(X)),
    show(mo, X, mo(X)).
