% Clause selection: calls with the first argument unbound and others bound,
% first arguments that are all lists (their tails tell the clauses apart),
% long tables, and assert/retract while such a call is running (the logical
% update view). Solutions and their order must be exactly those of trying
% every clause in turn. Every case begins by clearing what it uses.

% the second or third argument bound, the first unbound
t((retractall(idx_f(_, _, _)), assertz(idx_f(1, a, x)), assertz(idx_f(2, b, y)), assertz(idx_f(3, a, z)), assertz(idx_f(_, a, w)), assertz(idx_f(4, c, x)), idx_f(N, a, C)), sols(N-C, [1-x, 3-z, _-w])).
t((retractall(idx_f(_, _, _)), assertz(idx_f(1, a, x)), assertz(idx_f(2, b, y)), assertz(idx_f(3, a, z)), assertz(idx_f(_, a, w)), assertz(idx_f(4, c, x)), idx_f(N, K, x)), sols(N-K, [1-a, 4-c])).
t((retractall(idx_f(_, _, _)), assertz(idx_f(1, a, x)), assertz(idx_f(2, b, y)), assertz(idx_f(3, a, z)), assertz(idx_f(_, a, w)), assertz(idx_f(4, c, x)), idx_f(N, a, x)), sols(N, [1])).
t((retractall(idx_f(_, _, _)), assertz(idx_f(1, a, x)), assertz(idx_f(2, b, y)), assertz(idx_f(3, a, z)), assertz(idx_f(_, a, w)), assertz(idx_f(4, c, x)), idx_f(N, d, C)), fail).
t((retractall(idx_f(_, _, _)), assertz(idx_f(1, a, x)), assertz(idx_f(2, b, y)), assertz(idx_f(3, a, z)), assertz(idx_f(_, a, w)), assertz(idx_f(4, c, x)), idx_f(7, a, C)), sols(C, [w])).
t((retractall(idx_f(_, _, _)), assertz(idx_f(1, a, x)), assertz(idx_f(1, b, y)), assertz(idx_f(1, a, z)), idx_f(1, K, z)), sols(K, [a])).

% every kind of key in the second argument
t((retractall(idx_g(_, _)), assertz(idx_g(1, 7)), assertz(idx_g(2, p(1))), assertz(idx_g(3, 7.0)), assertz(idx_g(4, q(1, 2))), assertz(idx_g(5, _)), assertz(idx_g(6, [a])), assertz(idx_g(7, 100000000000000000000)), assertz(idx_g(8, 7)), idx_g(N, 7)), sols(N, [1, 5, 8])).
t((retractall(idx_g(_, _)), assertz(idx_g(1, 7)), assertz(idx_g(2, p(1))), assertz(idx_g(3, 7.0)), assertz(idx_g(4, q(1, 2))), assertz(idx_g(5, _)), assertz(idx_g(6, [a])), assertz(idx_g(7, 100000000000000000000)), assertz(idx_g(8, 7)), idx_g(N, 7.0)), sols(N, [3, 5])).
t((retractall(idx_g(_, _)), assertz(idx_g(1, 7)), assertz(idx_g(2, p(1))), assertz(idx_g(3, 7.0)), assertz(idx_g(4, q(1, 2))), assertz(idx_g(5, _)), assertz(idx_g(6, [a])), assertz(idx_g(7, 100000000000000000000)), assertz(idx_g(8, 7)), idx_g(N, p(X))), sols(N-X, [2-1, 5-_])).
t((retractall(idx_g(_, _)), assertz(idx_g(1, 7)), assertz(idx_g(2, p(1))), assertz(idx_g(3, 7.0)), assertz(idx_g(4, q(1, 2))), assertz(idx_g(5, _)), assertz(idx_g(6, [a])), assertz(idx_g(7, 100000000000000000000)), assertz(idx_g(8, 7)), idx_g(N, [X|T])), sols(N-X-T, [5-_-_, 6-a-[]])).
t((retractall(idx_g(_, _)), assertz(idx_g(1, 7)), assertz(idx_g(2, p(1))), assertz(idx_g(3, 7.0)), assertz(idx_g(4, q(1, 2))), assertz(idx_g(5, _)), assertz(idx_g(6, [a])), assertz(idx_g(7, 100000000000000000000)), assertz(idx_g(8, 7)), idx_g(N, 100000000000000000000)), sols(N, [5, 7])).
t((retractall(idx_g(_, _)), assertz(idx_g(1, 7)), assertz(idx_g(2, p(1))), assertz(idx_g(3, 7.0)), assertz(idx_g(4, q(1, 2))), assertz(idx_g(5, _)), assertz(idx_g(6, [a])), assertz(idx_g(7, 100000000000000000000)), assertz(idx_g(8, 7)), idx_g(N, q(_))), sols(N, [5])).

% a long table: idx_t(I, I mod 5) for I = 1..40, a catch-all row after the 17th
t((retractall(idx_t(_, _)), forall(between(1, 40, I), (K is I mod 5, assertz(idx_t(I, K)), (I =:= 17 -> assertz(idx_t(any, _)) ; true))), findall(I, idx_t(I, 3), L)), sols(L, [[3, 8, 13, any, 18, 23, 28, 33, 38]])).
t((retractall(idx_t(_, _)), forall(between(1, 40, I), (K is I mod 5, assertz(idx_t(I, K)), (I =:= 17 -> assertz(idx_t(any, _)) ; true))), findall(I, idx_t(I, 9), L)), sols(L, [[any]])).
t((retractall(idx_t(_, _)), forall(between(1, 40, I), (K is I mod 5, assertz(idx_t(I, K)), (I =:= 17 -> assertz(idx_t(any, _)) ; true))), findall(I-K, idx_t(I, K), L), length(L, N)), sols(N, [41])).
t((retractall(idx_t(_, _)), forall(between(1, 40, I), (K is I mod 5, assertz(idx_t(I, K)), (I =:= 17 -> assertz(idx_t(any, _)) ; true))), findall(K, idx_t(22, K), L)), sols(L, [[2]])).
t((retractall(idx_t(_, _)), forall(between(1, 40, I), (K is I mod 5, assertz(idx_t(I, K)), (I =:= 17 -> assertz(idx_t(any, _)) ; true))), findall(K, idx_t(any, K), L)), sols(L, [[_]])).

% a row with a variable first argument after more than 4096 different keys
t((retractall(idx_big(_)), forall(between(1, 5000, I), assertz(idx_big(I))), assertz(idx_big(_)), findall(x, idx_big(4500), L)), sols(L, [[x, x]])).

% arguments beyond the eighth take part in unification, not in selection
t((retractall(idx_w(_, _, _, _, _, _, _, _, _, _)), assertz(idx_w(_, 1, 2, 3, 4, 5, 6, 7, 8, a)), assertz(idx_w(_, 1, 2, 3, 4, 5, 6, 7, 8, b)), idx_w(_, 1, 2, 3, 4, 5, 6, 7, 8, X)), sols(X, [a, b])).
t((retractall(idx_w(_, _, _, _, _, _, _, _, _, _)), assertz(idx_w(_, 1, 2, 3, 4, 5, 6, 7, 8, a)), assertz(idx_w(_, 1, 2, 3, 4, 5, 6, 7, 9, b)), idx_w(_, _, _, _, _, _, _, _, 9, X)), sols(X, [b])).

% the logical update view: the call sees the clauses as they were when it started
t((retractall(idx_h(_, _)), assertz(idx_h(1, a)), assertz(idx_h(2, b)), assertz(idx_h(3, a)), findall(N, (idx_h(N, a), assertz(idx_h(9, a))), L), findall(M, idx_h(M, a), L2)), sols(L-L2, [[1, 3]-[1, 3, 9, 9]])).
t((retractall(idx_h(_, _)), assertz(idx_h(1, a)), assertz(idx_h(2, b)), assertz(idx_h(3, a)), findall(N, (idx_h(N, a), retract(idx_h(3, a))), L)), sols(L, [[1]])).
t((retractall(idx_h(_, _)), assertz(idx_h(1, a)), assertz(idx_h(2, b)), assertz(idx_h(3, a)), findall(N, (idx_h(N, a), retractall(idx_h(_, _))), L)), sols(L, [[1, 3]])).
t((retractall(idx_h(_, _)), assertz(idx_h(1, a)), assertz(idx_h(2, b)), assertz(idx_h(3, a)), findall(N-M, (idx_h(N, a), retract(idx_h(M, a))), L)), sols(L, [[1-1, 1-3]])).
t((retractall(idx_h(_, _)), assertz(idx_h(1, a)), assertz(idx_h(2, b)), assertz(idx_h(3, a)), findall(N, (idx_h(N, a), asserta(idx_h(0, a)), retract(idx_h(1, a))), L), findall(M, idx_h(M, a), L2)), sols(L-L2, [[1]-[0, 0, 3]])).
t((retractall(idx_h(_, _)), forall(between(1, 20, I), (K is I mod 2, assertz(idx_h(I, K)))), findall(N, (idx_h(N, 0), N < 10, M is N + 100, assertz(idx_h(M, 0))), L), findall(M, (idx_h(M, 0), M > 100), L2)), sols(L-L2, [[2, 4, 6, 8]-[102, 104, 106, 108]])).
t((retractall(idx_h(_, _)), forall(between(1, 20, I), (K is I mod 2, assertz(idx_h(I, K)))), findall(N, (idx_h(N, 1), retract(idx_h(_, 1))), L)), sols(L, [[1, 1, 1, 1, 1, 1, 1, 1, 1, 1]])).

% lists in the first argument: the tail decides, as in the textbook minimax
t((retractall(idx_l(_, _)), assertz(idx_l([X], one(X))), assertz(idx_l([X|T], more(X, T))), idx_l([1, 2], R)), sols(R, [more(1, [2])])).
t((retractall(idx_l(_, _)), assertz(idx_l([X], one(X))), assertz(idx_l([X|T], more(X, T))), idx_l([1], R)), sols(R, [one(1), more(1, [])])).
t((retractall(idx_l(_, _)), assertz(idx_l([X], one(X))), assertz(idx_l([X|T], more(X, T))), idx_l([1|T], R)), sols(T-R, [[]-one(1), T2-more(1, T2)])).
t((retractall(idx_l(_, _)), assertz(idx_l([X], one(X))), assertz(idx_l([X|T], more(X, T))), idx_l(L, one(a))), sols(L, [[a]])).
t((retractall(idx_c(_, _)), assertz(idx_c([_], 1)), assertz(idx_c([_, _|_], 2)), idx_c([a, b, c], N)), sols(N, [2])).
t((retractall(idx_c(_, _)), assertz(idx_c([_], 1)), assertz(idx_c([_, _|_], 2)), idx_c([a], N)), sols(N, [1])).
t((retractall(idx_c(_, _)), assertz(idx_c([_], 1)), assertz(idx_c([_, _|_], 2)), idx_c([a|b], N)), fail).
t((retractall(idx_c(_, _)), assertz(idx_c([_], 1)), assertz(idx_c([_, _|_], 2)), idx_c(L, N)), sols(L-N, [[_]-1, [_, _|_]-2])).

% compound first arguments: their arguments count only within one functor
t((retractall(idx_d(_, _)), assertz(idx_d(p(a), 1)), assertz(idx_d(q(b), 2)), assertz(idx_d(p(b), 3)), assertz(idx_d(_, 4)), assertz(idx_d(p(_), 5)), idx_d(p(b), N)), sols(N, [3, 4, 5])).
t((retractall(idx_d(_, _)), assertz(idx_d(p(a), 1)), assertz(idx_d(q(b), 2)), assertz(idx_d(p(b), 3)), assertz(idx_d(_, 4)), assertz(idx_d(p(_), 5)), idx_d(q(a), N)), sols(N, [4])).
t((retractall(idx_d(_, _)), assertz(idx_d(p(a), 1)), assertz(idx_d(q(b), 2)), assertz(idx_d(p(b), 3)), assertz(idx_d(_, 4)), assertz(idx_d(p(_), 5)), idx_d(p(X), N)), sols(X-N, [a-1, b-3, _-4, _-5])).

% a head argument [H|T] with both variables new: read from a list, built for a variable,
% and no match for anything else
t((assertz(lh([H|T], H, T)), lh([1, 2], A, B), lh(L, x, [y]),
   ( lh(foo, _, _) -> F = yes ; F = no )),
  sols(A-B-L-F, [1-[2]-[x, y]-no])).
