% Control constructs: cut in ; -> \+ call/1, catch/throw, once, ignore,
% forall, *->, call/N.  Helper predicates are avoided: every goal is
% self-contained so the file can be read with read_term/2.

% conjunction, disjunction, true/fail
t(true, true).
t(fail, fail).
t(false, fail).
t((true, true), true).
t((true, fail), fail).
t((fail ; true), true).
t((X = 1 ; X = 2), sols(X, [1, 2])).
t((X = 1 ; X = 2 ; X = 3), sols(X, [1, 2, 3])).
t(((X = 1 ; X = 2), (Y = a ; Y = b)), sols(X-Y, [1-a, 1-b, 2-a, 2-b])).

% variables found only inside a disjunction of a clause body are fresh in each branch;
% those shared with the rest of the clause carry their bindings out of it
t((assertz((lv1(X) :- (Y = 1, X = Y ; Y = 2, X = Y))), findall(X, lv1(X), L)),
  sols(L, [[1, 2]])).
t((assertz((lv2(X, R) :- (X > 0, Y = pos -> R = Y ; R = neg))), lv2(3, A), lv2(-3, B)),
  sols(A-B, [pos-neg])).
t((assertz((lv3(R) :- (Y = a ; Y = b), R = Y)), findall(R, lv3(R), L)),
  sols(L, [[a, b]])).
t((assertz((lv4(R) :- ((Z = 1 ; Z = 2), R = Z ; R = 3))), findall(R, lv4(R), L)),
  sols(L, [[1, 2, 3]])).
t((assertz((lv5(L, N) :- findall(x, (\+ member(_Q, L) ; _Q = x), Xs), length(Xs, N))),
   lv5([], A), lv5([1], B)),
  sols(A-B, [2-1])).
t((assertz((lv6(X, Y) :- (Z = X, ! ; Z = none), Y = Z)), lv6(a, A)),
  sols(A, [a])).

% a cut as a clause's last goal ends the clause, with and without an environment, and
% removes the choicepoints of the goals before it and of the predicate's later clauses
t((assertz((ce1(X) :- member(X, [1, 2, 3]), X > 1, !)), assertz(ce1(9)), findall(X, ce1(X), L)),
  sols(L, [[2]])).
t((assertz((ce2(X, Y, X) :- X > Y, !)), assertz(ce2(_, Y, Y)),
   findall(R, ce2(2, 1, R), L1), findall(R, ce2(1, 2, R), L2)),
  sols(L1-L2, [[2]-[2]])).

% a clause whose whole body is a disjunction: each alternative sees the call's arguments
% afresh, a cut in any alternative cuts the clause and the predicate's later clauses, and
% clause/2 and retract/1 see the one clause as written
t((assertz((bd1(X) :- (X = 1 ; X = 2 ; X = 3))), assertz(bd1(4)), findall(X, bd1(X), L)),
  sols(L, [[1, 2, 3, 4]])).
t((assertz((bd2(X) :- (X = 1, ! ; X = 2))), assertz(bd2(3)), findall(X, bd2(X), L)),
  sols(L, [[1]])).
t((assertz((bd3(X) :- (fail ; X = 2, ! ; X = 5))), assertz(bd3(3)), findall(X, bd3(X), L)),
  sols(L, [[2]])).
t((assertz((bd4(f(Y), Z) :- (Y = a, Z = 1 ; Z = 2))), findall(A-Z, bd4(A, Z), L)),
  sols(L, [[f(a)-1, f(_)-2]])).
t((assertz((bd5(X, Y) :- (X = Y, fail ; Y = b, X = c))), bd5(P, Q)),
  sols(P-Q, [c-b])).
t((assertz((bd6(X, [X|T], T) :- (atom(X) ; integer(X)))), findall(R, bd6(a, [a, b], R), L)),
  sols(L, [[[b]]])).
t((assertz((bd7(N, R) :- (N > 0, M is N - 1, bd7(M, R0), R is R0 + N ; N =:= 0, R = 0))),
   bd7(100, S)),
  sols(S, [5050])).
t((assertz((bd8(X) :- (X = a ; (X = b -> true ; X = c) ; X = d))), findall(X, bd8(X), L)),
  sols(L, [[a, b, d]])).
t((assertz((bd9(X) :- (member(X, [1, 2, 3]), X > 1, ! ; X = 0))), findall(X, bd9(X), L)),
  sols(L, [[2]])).
t((assertz((bd10(X) :- (X = 1 ; X = 2))), clause(bd10(A), B)),
  sols(A-B, [A0-(A0 = 1 ; A0 = 2)])).
t((assertz((bd11(X) :- (X = 1 ; X = 2))), retract((bd11(_) :- _)), findall(X, bd11(X), L)),
  sols(L, [[]])).
t((assertz((bd12(X) :- (catch(throw(e), e, X = caught) ; X = next))), findall(X, bd12(X), L)),
  sols(L, [[caught, next]])).
% ... and one whose body is an if-then-else: the condition commits to its branch, a cut in
% the condition is local to it, a cut in a branch cuts the clause
t((assertz((ie1(X, R) :- (X > 0 -> R = pos ; X < 0 -> R = neg ; R = zero))), assertz(ie1(_, other)),
   findall(R, (member(X, [1, -1, 0]), ie1(X, R)), L)),
  sols(L, [[pos, other, neg, other, zero, other]])).
t((assertz((ie2(X) :- (member(X, [1, 2, 3]) -> true ; X = none))), findall(X, ie2(X), L)),
  sols(L, [[1]])).
t((assertz((ie3(X) :- (member(X, [1, 2]), ! -> true ; X = none))), assertz(ie3(9)),
   findall(X, ie3(X), L)),
  sols(L, [[1, 9]])).
t((assertz((ie4(X) :- (true -> member(X, [1, 2]), ! ; X = none))), assertz(ie4(9)),
   findall(X, ie4(X), L)),
  sols(L, [[1]])).
t((assertz((ie5(X) :- (fail -> X = 1))), assertz(ie5(2)), findall(X, ie5(X), L)),
  sols(L, [[2]])).
t((assertz((ie6(X) :- (X = 1 ; X = 2 -> true ; X = 3))), findall(X, ie6(X), L)),
  sols(L, [[1, 2]])).
t((assertz((ie7(f(A), B) :- (A = B -> true ; B = c))), findall(P-Q, ie7(P, Q), L)),
  sols(L, [[f(Q0)-Q0]])).
t((assertz((ie8(N, S) :- (N =:= 0 -> S = 0 ; M is N - 1, ie8(M, S0), S is S0 + N))),
   ie8(1000, S)),
  sols(S, [500500])).
t((assertz((ie9(X) :- (X = a *-> true ; X = b))), findall(X, ie9(X), L)),
  sols(L, [[a]])).
t((assertz((ie10 :- (atom_length(_, _) -> true ; true))), catch(ie10, error(E, _), true)),
  sols(E, [instantiation_error])).

% cut
t((X = 1 ; X = 2), sols(X, [1, 2])).
t(((X = 1 ; X = 2), !), sols(X, [1])).
t(((X = 1, ! ; X = 2)), sols(X, [1])).
t((member(X, [1, 2, 3]), X > 1, !), sols(X, [2])).
t((!, fail ; true), fail).
t((call(!), fail ; true), true).
t((\+ \+ !, X = 1 ; X = 2), sols(X, [1, 2])).
t((X = 1 ; X = 2), sols(X, [1, 2])).
t(findall(X, (member(X, [a, b, c]), !), L), sols(L, [[a]])).
t(findall(X, (member(X, [a, b, c]) ; X = d), L), sols(L, [[a, b, c, d]])).
t(findall(X, ((member(X, [a, b, c]), !) ; X = d), L), sols(L, [[a]])).
t(findall(X, (call((member(X, [a, b, c]), !)) ; X = d), L), sols(L, [[a, d]])).
t(findall(X, (G = (member(X, [a, b]), !), call(G)), L), sols(L, [[a]])).
t(findall(X-Y, (member(X, [1, 2]), call((member(Y, [a, b]), !))), L), sols(L, [[1-a, 2-a]])).
t(findall(X, (member(X, [1, 2, 3]), \+ (X = 2, !)), L), sols(L, [[1, 3]])).

% if-then-else
t((true -> X = a ; X = b), sols(X, [a])).
t((fail -> X = a ; X = b), sols(X, [b])).
t((member(X, [1, 2, 3]) -> true ; X = none), sols(X, [1])).
t((member(X, [1, 2, 3]), X > 1 -> Y = yes ; Y = no), sols(X-Y, [2-yes])).
t((fail -> true), fail).
t((true -> fail ; true), fail).
t((true -> (X = 1 ; X = 2) ; X = 3), sols(X, [1, 2])).
t(((X = 1 ; X = 2) -> true ; true), sols(X, [1])).
t(findall(X, (member(X, [1, 2, 3]), (X =:= 2 -> ! ; true)), L), sols(L, [[1, 2]])).
t((X = 1, (X == 1 -> Y = one ; Y = other)), sols(Y, [one])).
t(((fail ; true) -> X = a ; X = b), sols(X, [a])).

% soft-cut
t((member(X, [1, 2, 3]) *-> Y = X ; Y = none), sols(Y, [1, 2, 3])).
t((fail *-> Y = some ; Y = none), sols(Y, [none])).
t((member(X, [1, 2]) *-> true), sols(X, [1, 2])).
t((fail *-> true), fail).

% negation
t(\+ fail, true).
t(\+ true, fail).
t(\+ X = 1, fail).
t((\+ X = 1, X = 2), fail).
t((\+ \+ X = 1, var(X)), true).
t(\+ (member(X, [1, 2]), X > 5), true).
t(\+ 1, error(type_error(callable, 1)), iso('SWI compiles the body first and reports the whole goal \\+1')).

% call/N
t(call(true), true).
t(call(fail), fail).
t(call(=, X, a), sols(X, [a])).
t(call(format, atom(A), 'x~w', [1]), sols(A, ['x1'])).
t(call(plus(1), 2, X), sols(X, [3])).
t(call(atom_length, abc, N), sols(N, [3])).
t(call(succ, X, 4), sols(X, [3])).
t(call(G), error(instantiation_error)).
t(call(1), error(type_error(callable, 1))).
t(call((fail, 1)), error(type_error(callable, (fail, 1)))).
t(call((write(x), 1)), error(type_error(callable, (write(x), 1)))).
t(call(foo_undefined_pred_xyz), error(existence_error(procedure, foo_undefined_pred_xyz/0))).
t(call((G = true, G)), true).
t((G = (X = 1), call(G)), sols(X, [1])).
t(call(',', X = 1, Y = 2), sols(X-Y, [1-2])).
t(call(;, X = 1, X = 2), sols(X, [1, 2])).
t(call(\+, fail), true).
t(call(foo_undefined_pred_xyz(a), b), error(existence_error(procedure, foo_undefined_pred_xyz/2))).
t(call(lists:append, [1], [2], L), sols(L, [[1, 2]])).
t(call(call, =(X), 1), sols(X, [1])).
t(call('->', true, X = 1), sols(X, [1])).
t(findall(X, call(member(X), [1, 2, 3]), L), sols(L, [[1, 2, 3]])).
t(findall(X, (member(G, [=(a), =(b)]), call(G, X)), L), sols(L, [[a, b]])).
t(call(3, X), error(type_error(callable, 3))).
% between/3
t(findall(X, between(1, 3, X), L), sols(L, [[1, 2, 3]])).
t(between(3, 1, _), fail).
t(findall(X, between(-2, 0, X), L), sols(L, [[-2, -1, 0]])).
t(findall(X, (between(1, inf, X), (X >= 3 -> ! ; true)), L), sols(L, [[1, 2, 3]])).
t(findall(X, between(1, 1, X), L), sols(L, [[1]])).
t(between(1, 3, 2), true).
t(between(1, 3, 4), fail).
t(findall(X, between(4611686018427387902, 4611686018427387904, X), L), sols(L, [[4611686018427387902, 4611686018427387903, 4611686018427387904]])).
t(findall(X, between(1152921504606846974, 1152921504606846976, X), L), sols(L, [[1152921504606846974, 1152921504606846975, 1152921504606846976]])).
t(between(a, 3, _), error(type_error(integer, a))).
t(between(1, _, _), error(instantiation_error)).

% catch/throw
t(catch(throw(ball), ball, true), true).
t(catch(throw(ball), X, true), sols(X, [ball])).
t(catch(throw(f(X)), f(Y), true), sols(Y, [_])).
t(catch(throw(err), other, true), throws(err)).
t(catch(true, _, fail), true).
t(catch(fail, _, true), fail).
t(catch(member(X, [1, 2, 3]), _, true), sols(X, [1, 2, 3])).
t(catch((member(X, [1, 2, 3]), X > 1, throw(found(X))), found(Y), true), sols(Y, [2])).
t(catch(catch(throw(a), b, true), a, X = outer), sols(X, [outer])).
t(catch(catch(throw(a), a, throw(b)), b, X = rethrown), sols(X, [rethrown])).
t(catch(X is 1 + a, error(type_error(T, V), _), true), sols(T-V, [evaluable-(a/0)])).
t(catch(atom_length(X, _), error(E, _), true), sols(E, [instantiation_error])).
t(throw(X), error(instantiation_error)).
t(catch(throw(_), error(E, _), true), sols(E, [instantiation_error])).
t((catch(X = 1, _, true), X == 1), true).
t(findall(X, catch((X = 1 ; X = 2), _, true), L), sols(L, [[1, 2]])).
t(catch((X = 1, throw(t(X))), t(Y), true), sols(X-Y, [_-1])).
t(catch(number_codes(X, "3x"), error(syntax_error(_), _), true), true).

% once, ignore, forall
t(once(member(X, [a, b])), sols(X, [a])).
t(once(fail), fail).
t(once(_), error(instantiation_error)).
t(ignore(fail), true).
t(ignore(member(X, [a, b])), sols(X, [a])).
t(forall(member(X, [1, 2, 3]), X > 0), true).
t(forall(member(X, [1, 2, 3]), X > 1), fail).
t(forall(fail, fail), true).
t((forall(member(X, [1, 2]), true), var(X)), true).

% not/1 and the ISO term for an unknown goal in a conjunction
t(not(fail), true).
t(not(true), fail).
t((fail, foo_undefined_pred_xyz), fail).
t((foo_undefined_pred_xyz ; true), error(existence_error(procedure, foo_undefined_pred_xyz/0))).

% repeat/0: a new solution on every backtrack, without end
t((repeat, !), true).
t(findall(N, (repeat, nb_setval(rep_n, 0), !, between(1, 3, N)), L), sols(L, [[1, 2, 3]])).
t((nb_setval(rep_k, 0), repeat, nb_getval(rep_k, K), K1 is K + 1, nb_setval(rep_k, K1), K1 >= 5, !),
  sols(K1, [5])).

% setup_call_cleanup/3 and call_cleanup/2: the cleanup runs once, when the goal exits with
% nothing left to retry, fails, raises, or when its last choicepoint is failed into or cut.
t((setup_call_cleanup(true, true, X = 1)), sols(X, [1])).
t(with_output_to(atom(A), (setup_call_cleanup(true, member(X, [1, 2, 3]), write(c)), write(X), X >= 2, !)), sols(A, ['12c'])).
t(with_output_to(atom(A), catch(setup_call_cleanup(true, throw(oops), write(c)), E, write(E))), sols(A, [coops])).
t(with_output_to(atom(A), (setup_call_cleanup(true, fail, write(c)) ; write(f))), sols(A, [cf])).
t(with_output_to(atom(A), forall(setup_call_cleanup(true, member(X, [1, 2]), write(c)), write(X))), sols(A, ['1c2'])).
t(with_output_to(atom(A), (setup_call_cleanup(true, member(X, [1, 2, 3]), write(c)), write(X), fail ; true)), sols(A, ['12c3'])).
t(with_output_to(atom(A), catch((setup_call_cleanup(true, member(X, [1, 2]), write(c)), X > 1, throw(late)), E, write(E))), sols(A, [clate])).
t(with_output_to(atom(A), setup_call_cleanup(S = 1, write(s(S)), write(c(S)))), sols(A, ['s(1)c(1)'])).
t(catch(setup_call_cleanup(true, true, throw(inclean)), E, true), sols(E, [inclean])).
t(setup_call_cleanup(true, true, fail), true).
t(catch(setup_call_cleanup(true, throw(a), throw(b)), E, true), sols(E, [a])).
t(with_output_to(atom(A), (call_cleanup(member(X, [1, 2]), write(c)), !, write(X))), sols(A, [c1])).
t(with_output_to(atom(A), (\+ \+ setup_call_cleanup(true, member(_, [1, 2]), write(c)), write(d))), sols(A, [cd])).
t(with_output_to(atom(A), (findall(X, (setup_call_cleanup(true, member(X, [1, 2, 3]), write(c)), X >= 2), L), write(L))), sols(A, ['c[2,3]'])).
t(with_output_to(atom(A), (setup_call_cleanup(write(s1), setup_call_cleanup(write(s2), member(Z, [a, b]), write(c2)), write(c1)), Z == b, !)), sols(A, [s1s2c2c1])).
t(setup_call_cleanup(fail, true, true), fail).
