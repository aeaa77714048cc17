% Every test passes: run_tests succeeds and the exit status is 0.
:- begin_tests(lists).

test(reverse) :- reverse([a,b,c], [c,b,a]).
test(append, [true(L == [1,2,3])]) :- append([1], [2,3], L).
test(member, all(X == [a,b,c])) :- member(X, [a,b,c]).
test(length, L =:= 3) :- length([x,y,z], L).
test(nth, [nondet]) :- nth1(_, [a,b], _).
test(sum, forall(member(N-S, [1-1, 2-3, 3-6]))) :- sum_to(N, S).

sum_to(0, 0) :- !.
sum_to(N, S) :- M is N - 1, sum_to(M, S0), S is S0 + N.

:- end_tests(lists).

:- begin_tests(errors).

test(zero, error(evaluation_error(zero_divisor))) :- _ is 1/0.
test(ball, throws(my(_))) :- throw(my(ball)).
test(no, fail) :- member(z, [a,b]).
test(setup, [setup(nb_setval(k, 41)), cleanup(nb_setval(k, 0)), true(V == 42)]) :-
    nb_getval(k, V0), V is V0 + 1.

:- end_tests(errors).
