:- begin_tests(misc).

test(undef) :- no_such_pred(1).
test(thrown) :- throw(my_ball).
test(err1, error(type_error(integer, _))) :- atom_length(abc, foo).
test(err2, error(type_error(integer, _))) :- atom_length(_, _).
test(werr, throws(bar)) :- throw(baz(1)).
test(set1, set(X == [c,a,b])) :- member(X, [a,b,c,a]).
test(set2, set(X == [c,a])) :- member(X, [a,b,c,a]).
test(nd2, [nondet]) :- member(_, [a,b]).
test(fa, [fail]) :- fail.
test(eqn, X =:= 3) :- X = 3.0.
test(cmp, true(X > 1)) :- X = 0.
test(fe, [forall(member(X, [1,2,3]))]) :- X < 3.
test(su, [setup(nb_setval(k, 5)), cleanup(nb_setval(k, 0))]) :- nb_getval(k, 5).
test(sf, [setup(fail)]) :- true.
test(cond, [condition(fail)]) :- fail.
test(cond2, [condition(true)]) :- true.
test(fxp, [fixme(notyet)]) :- true.
test(unb, true(X == Y)) :- X = a, Y = b.

:- end_tests(misc).
