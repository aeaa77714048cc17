:- begin_tests(a).
test(x) :- true.
:- end_tests(a).
:- begin_tests(b, [blocked(slow)]).
test(y) :- fail.
:- end_tests(b).
