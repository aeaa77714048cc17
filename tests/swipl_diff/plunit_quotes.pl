% A test unit reads double quotes as a new module does (strings), whatever flag the file
% set before it; the file's own setting comes back after end_tests/1.
:- set_prolog_flag(double_quotes, chars).
:- begin_tests(quotes).
test(string) :- X = "ab", string(X).
test(equal) :- atom_string(ab, S), S == "ab".
:- end_tests(quotes).

after :- X = "ab", print(X), nl.
