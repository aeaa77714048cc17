:- begin_tests(arith).

test(add) :- 2 =:= 1+1.
test(bad) :- 3 =:= 1+1.
test(eq, [true(X == 3)]) :- X is 1+1.
test(err) :- atom_length(_, _).
test(thr, [throws(foo)]) :- true.
test(fl, [fail]) :- true.
test(nd) :- member(_, [a,b]).
test(all, all(X == [1,2,3])) :- member(X, [1,2]).
test(blk, [blocked(why)]) :- fail.
test(fx, [fixme(later)]) :- fail.

:- end_tests(arith).

:- begin_tests(ok).
test(a) :- true.
test(b, X == 2) :- X = 2.
:- end_tests(ok).
