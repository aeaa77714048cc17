% Database: assert/asserta/assertz, retract (logical update view),
% retractall, abolish, clause/2, and the permission errors on builtins.
% Every case begins by clearing the predicates it uses.

t((retractall(db_a(_)), assertz(db_a(1)), assertz(db_a(2)), findall(X, db_a(X), L)), sols(L, [[1, 2]])).
t((retractall(db_a(_)), asserta(db_a(1)), asserta(db_a(2)), findall(X, db_a(X), L)), sols(L, [[2, 1]])).
t((retractall(db_a(_)), assert(db_a(1)), assert(db_a(2)), findall(X, db_a(X), L)), sols(L, [[1, 2]])).
t((retractall(db_a(_)), assertz(db_a(1)), retract(db_a(1)), findall(X, db_a(X), L)), sols(L, [[]])).
t((retractall(db_a(_)), assertz(db_a(1)), assertz(db_a(2)), retract(db_a(X))), sols(X, [1, 2])).
t((retractall(db_a(_)), retract(db_a(_))), fail).
t((retractall(db_a(_)), assertz(db_a(1)), assertz(db_a(2)), assertz(db_a(3)), retract(db_a(2)), findall(X, db_a(X), L)), sols(L, [[1, 3]])).
t((retractall(db_b(_, _)), assertz((db_b(X, Y) :- Y is X * 2)), db_b(3, R)), sols(R, [6])).
t((retractall(db_b(_, _)), assertz((db_b(X, Y) :- Y is X * 2)), clause(db_b(A, B), Body)), sols(Body, [B is A * 2])).
t((retractall(db_a(_)), assertz(db_a(1)), clause(db_a(X), B)), sols(X-B, [1-true])).
t((retractall(db_b(_, _)), assertz((db_b(1, 2) :- true)), retract((db_b(X, Y) :- true))), sols(X-Y, [1-2])).
t((retractall(db_b(_, _)), assertz((db_b(_, 1) :- fail)), retract((db_b(_, _) :- B))), sols(B, [fail])).

% logical update view: a running goal sees the clauses as they were when it started
t((retractall(db_c(_)), assertz(db_c(1)), assertz(db_c(2)), findall(X, (db_c(X), assertz(db_c(X))), L)), sols(L, [[1, 2]])).
t((retractall(db_c(_)), assertz(db_c(1)), assertz(db_c(2)), findall(X, (db_c(X), retractall(db_c(2))), L)), sols(L, [[1, 2]])).
t((retractall(db_c(_)), assertz(db_c(1)), assertz(db_c(2)), findall(X, (db_c(X), retract(db_c(2))), L)), sols(L, [[1]])).
t((retractall(db_c(_)), assertz(db_c(1)), assertz(db_c(2)), assertz(db_c(3)), findall(X, (retract(db_c(X)), assertz(db_c(X))), L)), sols(L, [[1, 2, 3]])).
t((retractall(db_c(_)), assertz(db_c(1)), assertz(db_c(2)), findall(X, retract(db_c(X)), L), findall(Y, db_c(Y), L2)), sols(L-L2, [[1, 2]-[]])).
t((retractall(db_c(_)), assertz(db_c(1)), assertz(db_c(2)), (db_c(X), retractall(db_c(_)), fail ; true), findall(Y, db_c(Y), L)), sols(L, [[]])).

% retractall
t((retractall(db_d(_, _)), assertz(db_d(a, 1)), assertz(db_d(b, 2)), assertz(db_d(a, 3)), retractall(db_d(a, _)), findall(K-V, db_d(K, V), L)), sols(L, [[b-2]])).
t((retractall(db_new_pred_xyz(_)), db_new_pred_xyz(_)), fail, swi('retractall/1 creates a dynamic predicate')).
t(retractall(atom(_)), error(permission_error(modify, static_procedure, atom/1))).

% abolish
t((assertz(db_e(1)), abolish(db_e/1), catch(db_e(_), error(E, _), true)), sols(E, [existence_error(procedure, db_e/1)])).
t(abolish(foo/a), error(type_error(integer, a))).
t(abolish(foo/(-1)), error(domain_error(not_less_than_zero, -1))).
t(abolish(_), error(instantiation_error)).
t(abolish(atom/1), error(permission_error(modify, static_procedure, atom/1))).
t((assertz(db_e(1, 2)), abolish(db_e, 2), catch(db_e(_, _), error(E, _), true)), sols(E, [existence_error(procedure, db_e/2)])).
t((retractall(db_e(_)), assertz(db_e(1)), abolish(db_e, 2), findall(X, db_e(X), L)), sols(L, [[1]])).
t(abolish(db_nothing, 3), true).
t(abolish(_, 2), error(instantiation_error)).
t(abolish(db_e, _), error(instantiation_error)).
t(abolish(1, 2), error(type_error(atom, 1))).
t(abolish(db_e/2, 2), error(type_error(atom, db_e/2))).
t(abolish(db_e, a), error(type_error(integer, a))).
t(abolish(db_e, -1), error(domain_error(not_less_than_zero, -1))).
t(abolish(atom, 1), error(permission_error(modify, static_procedure, atom/1))).

% errors
t(asserta(atom(_)), error(permission_error(modify, static_procedure, atom/1))).
t(assertz(atom(_)), error(permission_error(modify, static_procedure, atom/1))).
t(assertz((foo :- 4)), error(type_error(callable, 4))).
t(assertz(_), error(instantiation_error)).
t(assertz((_ :- true)), error(instantiation_error)).
t(assertz(4), error(type_error(callable, 4))).
t(assertz((4 :- true)), error(type_error(callable, 4))).
t(asserta((atom_length(_, _) :- true)), error(permission_error(modify, static_procedure, atom_length/2))).
t(retract((atom(_) :- true)), error(permission_error(modify, static_procedure, atom/1))).
t(retract(_), error(instantiation_error)).
t(clause(_, B), error(instantiation_error)).
t(clause(4, B), error(type_error(callable, 4))).
t(clause(atom(_), B), error(permission_error(access, private_procedure, atom/1))).
t(clause(f(_), 5), error(type_error(callable, 5)), iso('SWI fails')).
t((retractall(db_f), clause(db_f, B)), fail).

% clause order and body forms
t((retractall(db_g(_)), assertz((db_g(X) :- X = 1 ; X = 2)), findall(X, db_g(X), L)), sols(L, [[1, 2]])).
t((retractall(db_g(_)), assertz((db_g(X) :- (X = 1, !) ; X = 2)), findall(X, db_g(X), L)), sols(L, [[1]])).
t((retractall(db_g(_)), assertz((db_g(X) :- member(X, [a, b, c]), !)), findall(X, db_g(X), L)), sols(L, [[a]])).
t((retractall(db_g(_)), assertz(db_g(f(X, X))), db_g(f(1, Y))), sols(Y, [1])).
t((retractall(db_g(_)), G = db_g(Z), assertz(G), Z = 5, findall(Q, db_g(Q), L)), sols(L, [[_]])).
t((retractall(db_h(_)), assertz(db_h(1)), assertz(db_h(2)), asserta(db_h(0)), findall(X, clause(db_h(X), true), L)), sols(L, [[0, 1, 2]])).
t((dynamic(db_dyn_xyz/1), db_dyn_xyz(_)), fail).
t((retractall(db_i(_)), assertz(db_i("s")), db_i(X), atom(X)), fail).

% long lists changed while a retract or a call walks them: clauses taken from the front (a
% queue), from the middle and put in front, so that the list is laid out again under a running
% retract; and a memo table updated by retract-then-assert between lookups
t((retractall(db_q(_, _)), forall(between(1, 40, I), (assertz(db_q(b, I)), (I mod 10 =:= 0 -> assertz(db_q(a, I)) ; true))), findall(X, (retract(db_q(a, X)), (X =:= 10 -> forall(between(1, 35, J), retract(db_q(b, J))) ; true)), L), findall(K-V, db_q(K, V), L2)), sols(L-L2, [[10, 20, 30, 40]-[b-36, b-37, b-38, b-39, b-40]])).
t((retractall(db_r(_)), forall(between(1, 60, I), assertz(db_r(I))), findall(X, (retract(db_r(X)), X mod 7 =:= 0, Y0 is -X, asserta(db_r(Y0))), L), findall(Y, db_r(Y), L2)), sols(L-L2, [[7, 14, 21, 28, 35, 42, 49, 56]-[-56, -49, -42, -35, -28, -21, -14, -7]])).
t((retractall(db_r(_)), forall(between(1, 60, I), assertz(db_r(I))), findall(X, (db_r(X), X > 50, forall(between(1, 4, _), once(retract(db_r(_)))), asserta(db_r(0))), L), findall(Y, db_r(Y), L2), length(L2, N), L2 = [F|_]), sols(L-N-F, [[51, 52, 53, 54, 55, 56, 57, 58, 59, 60]-30-0])).
t((retractall(db_m(_, _)), forall(between(1, 50, I), assertz(db_m(I, 0))), forall(between(1, 200, J), (K is J mod 50 + 1, retract(db_m(K, V)), V1 is V + 1, assertz(db_m(K, V1)), db_m(K, W), W =:= V1)), findall(K-V, (member(K, [1, 25, 50]), db_m(K, V)), L)), sols(L, [[1-4, 25-4, 50-4]])).
t((retractall(db_s(_)), forall(between(1, 30, I), asserta(db_s(I))), findall(X, (between(1, 10, _), once(retract(db_s(X)))), L), asserta(db_s(15)), findall(15, db_s(15), L2), findall(Z, db_s(Z), L3), length(L3, N)), sols(L-L2-N, [[30, 29, 28, 27, 26, 25, 24, 23, 22, 21]-[15, 15]-21])).
t((retractall(db_q(_, _)), forall(between(1, 100, I), assertz(db_q(I, I))), forall(between(1, 100, I), (retract(db_q(_, X)), Y is X + 100, assertz(db_q(Y, Y)))), db_q(150, A), findall(B, db_q(B, _), L), length(L, N), L = [F|_]), sols(A-N-F, [150-100-101])).

% clause references: assert/2, asserta/2, assertz/2, clause/3 and erase/1
t((retractall(db_ref(_)), assertz(db_ref(1), R), clause(H, B, R)), sols(H-B, [db_ref(1)-true])).
t((retractall(db_ref(_)), assertz(db_ref(1)), asserta(db_ref(0), R), erase(R), findall(X, db_ref(X), L)), sols(L, [[1]])).
t((retractall(db_ref(_)), assert(db_ref(2), R), erase(R), erase(R)), fail).
t((retractall(db_ref(_)), assertz(db_ref(3), R), erase(R), clause(_, _, R)), fail).
t((retractall(db_ref(_)), assertz((db_ref(X) :- X > 1), R), clause(db_ref(Y), B, R)), sols(B, [Y > 1])).
t((retractall(db_ref(_)), assertz(db_ref(4), R), clause(db_ref(4), true, R2), R == R2), true).
t(assertz(db_ref(5), a), error(uninstantiation_error(a))).
t(erase(_), error(instantiation_error)).
t(erase(foo), error(type_error(db_reference, foo))).
t(clause(_, _, foo), error(type_error(db_reference, foo))).
t(clause(_, _, _), error(instantiation_error)).

% retractall/1 of a head of distinct variables removes every clause at once; calls and retracts
% already running keep the clauses they started with
t((retractall(db_w(_, _)), assertz(db_w(1, a)), assertz(db_w(2, b)), findall(X, (db_w(X, _), retractall(db_w(_, _))), L), findall(Y, db_w(Y, _), L2)), sols(L-L2, [[1, 2]-[]])).
t((retractall(db_w(_, _)), assertz(db_w(1, a)), assertz(db_w(2, b)), retractall(db_w(X, X)), findall(Y, db_w(Y, _), L)), sols(L, [[1, 2]])).
t((retractall(db_w0), assertz(db_w0), retractall(db_w0), \+ db_w0, predicate_property(db_w0, dynamic)), true).
t(retractall(atom_length(_, _)), error(permission_error(modify, static_procedure, atom_length/2))).

% A variable standing as a goal in an asserted body becomes call/1 (ISO 7.6.2); a number
% standing as a goal makes the body no callable term.
t((retractall(cv_body(_)), assertz((cv_body(X) :- X)), clause(cv_body(Y), B), retractall(cv_body(_))), sols(B-Y, [call(V)-V])).
t((retractall(cv_body(_)), assertz((cv_body(X) :- (true, X ; X -> fail))), clause(cv_body(Y), B), retractall(cv_body(_))), sols(B-Y, [(true, call(V) ; call(V) -> fail)-V])).
t(assertz((cv_body2 :- 4, true)), error(type_error(callable, (4, true)))).

% Facts asserted with every kind of argument are called, read back by clause/2 and retracted
% as they were written: atoms, integers, big integers, floats, strings, compounds, lists,
% variables met once, repeated (f(X, X)) and shared between arguments and inside compounds.
t((retractall(db_k(_, _)), assertz(db_k(1, 2.5)), assertz(db_k(2, "str")), assertz(db_k(3, 123456789012345678901234567890)), assertz(db_k(4, -7)), assertz(db_k(5, [a, "b", 1.0|t])), assertz(db_k(6, f(g(h), [x], 'A b'))), findall(K-V, db_k(K, V), L)), sols(L, [[1-2.5, 2-"str", 3-123456789012345678901234567890, 4-(-7), 5-[a, "b", 1.0|t], 6-f(g(h), [x], 'A b')]])).
t((retractall(db_k(_, _)), assertz(db_k(2.5, a)), assertz(db_k("s", b)), assertz(db_k(f(1), c)), assertz(db_k([1], d)), findall(V, (member(K, [2.5, "s", f(1), [1], f(2), 2.50001]), db_k(K, V)), L)), sols(L, [[a, b, c, d]])).
t((retractall(db_k(_, _)), assertz(db_k(X, X)), findall(A-B, (member(A-B, [1-1, 1-2, f(Y)-f(3), p-Z]), db_k(A, B)), L)), sols(L, [[1-1, f(3)-f(3), p-p]])).
t((retractall(db_k(_, _)), assertz(db_k(g(X, X), X)), db_k(A, 5)), sols(A, [g(5, 5)])).
t((retractall(db_k(_, _)), assertz(db_k(X, g(X, [X|_]))), db_k(1, B), B = g(_, [_|T])), sols(B-T, [g(1, [1|T0])-T0])).
t((retractall(db_k(_, _)), assertz(db_k([X|X], X)), db_k(L, [a])), sols(L, [[[a], a]])).
t((retractall(db_k(_, _)), assertz(db_k(X, Y)), clause(db_k(A, B), Body), A \== B), sols(Body, [true])).
t((retractall(db_k(_, _)), assertz(db_k(X, X)), clause(db_k(A, B), true), A == B), true).
t((retractall(db_k(_, _)), assertz(db_k(f(X, Y, X), [Y])), retract(db_k(f(1, P, Q), R))), sols(P-Q-R, [V-1-[V]])).
t((retractall(db_k(_, _)), assertz(db_k(1, "x")), assertz(db_k(2, 2.0)), retract(db_k(K, 2.0))), sols(K, [2])).
t((retractall(db_k(_, _)), assertz(db_k(1, 1.0)), db_k(1, 1)), fail).
t((retractall(db_k(_, _)), assertz((db_k(a, b) :- true)), clause(db_k(X, Y), B)), sols(X-Y-B, [a-b-true])).

% big facts: many arguments, and a long list argument
t((retractall(db_big(_)), numlist(1, 300, L), T =.. [db_big2|L], functor(T0, db_big2, 300), retractall(T0), assertz(db_big(L)), assertz(T), db_big(M), length(M, N), functor(T, F, A), functor(G, F, A), call(G), arg(300, G, Last)), sols(N-Last, [300-300])).

% the first-argument table of a long list, kept while clauses leave from the front, from the
% middle and from the end, and the list is laid out again: lookups by the first and the second
% argument after each round of changes
t((retractall(db_t(_, _)), forall(between(1, 2000, I), (K is I mod 7, assertz(db_t(I, K)))), forall(between(1, 2000, I), (I mod 3 =:= 0 -> retract(db_t(I, _)) ; true)), forall(between(1, 600, I), ignore(retract(db_t(I, _)))), findall(I, (member(I, [1, 600, 601, 603, 1999, 2000]), db_t(I, _)), L1), aggregate_all(count, db_t(_, 3), N3), aggregate_all(count, db_t(_, _), N)), sols(L1-N3-N, [[601, 1999, 2000]-133-934])).
t((retractall(db_t(_, _)), forall(between(1, 100, I), assertz(db_t(I, I))), forall(between(1, 90, I), retract(db_t(I, I))), forall(between(1, 10, I), (J is I + 200, asserta(db_t(J, J)))), findall(I, db_t(I, _), L), findall(I, (member(I, [95, 205, 50]), db_t(I, I)), L2)), sols(L-L2, [[210, 209, 208, 207, 206, 205, 204, 203, 202, 201, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]-[95, 205]])).

% a running call over a long table sees it as it was when it started, while retracts by key
% empty it and lay it out again underneath
t((retractall(db_t(_, _)), forall(between(1, 200, I), assertz(db_t(I, x))), findall(I, (db_t(I, x), I mod 50 =:= 1, forall(between(1, 60, _), once(retract(db_t(_, x))))), L), aggregate_all(count, db_t(_, _), N)), sols(L-N, [[1, 51, 101]-0])).
t((retractall(db_t(_, _)), forall(between(1, 200, I), assertz(db_t(I, x))), findall(I, (member(I, [5, 150, 7]), db_t(I, x), forall(between(1, 200, J), (J mod 2 =:= 1 -> ignore(retract(db_t(J, x))) ; true))), L), findall(I, (db_t(I, x), I < 10), L2)), sols(L-L2, [[5, 150]-[2, 4, 6, 8]])).
