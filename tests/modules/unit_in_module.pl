% A plunit unit in a module file runs its tests in the module (a private helper is seen).
:- module(unit_in_module, [double/2]).
:- use_module(library(plunit)).
double(X, Y) :- Y is 2*X.
helper(3).
:- begin_tests(pu).
test(d) :- double(2, 4).
test(h) :- helper(X), X == 3.
test(f, fail) :- double(2, 5).
:- end_tests(pu).
