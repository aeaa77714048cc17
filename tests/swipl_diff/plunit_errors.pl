helper_u :- nosuch_deep.
:- begin_tests(u).
helper_in :- nosuch_in.
test(a) :- helper_u.
test(b) :- helper_in.
test(c, [cleanup(fail)]) :- true.
test(d, [setup(throw(oops))]) :- true.
test(e) :- X is foo + 1, X > 0.
test(f) :- throw(error(type_error(integer, abc), _)).
test(g, all(X-Y == [1-a])) :- member(X-Y, [1-a, 2-_]).
:- end_tests(u).
:- begin_tests(v, [setup(fail)]).
test(a) :- true.
:- end_tests(v).
:- begin_tests(w, [condition(fail)]).
test(a) :- true.
:- end_tests(w).
:- begin_tests(x).
test(a, [blocked(no)]) :- true.
test(b) :- true.
:- end_tests(x).
