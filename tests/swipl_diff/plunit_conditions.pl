% A unit whose condition fails is skipped without a word; one whose setup fails is reported.
:- begin_tests(kept).
test(one) :- true.
test(two) :- fail.
:- end_tests(kept).
:- begin_tests(skipped, [condition(fail)]).
test(never) :- fail.
:- end_tests(skipped).
:- begin_tests(unready, [setup(fail)]).
test(never) :- fail.
:- end_tests(unready).
