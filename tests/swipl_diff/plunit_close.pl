% end_tests/1 naming a unit that is not the open one, and with no unit open: the message, the
% failed directive, and the tests of the unit left open run by a directive of the file.
:- end_tests(none).
:- begin_tests(open).

test(passes) :- true.
test(fails) :- fail.
test(undefined) :- not_defined_here.
test(undefined_first) :- not_defined_here, !.
test(undefined_then_true) :- not_defined_here, true.
test(true_then_undefined) :- true, not_defined_here.
test(wrong, true(X == 2)) :- X = 1.
test(choicepoint) :- member(_, [1, 2]).

:- end_tests(other).
:- run_tests.
