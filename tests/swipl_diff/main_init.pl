% initialization(main, main): an error and a failure named as swipl names the goal.
main :- helper(X), print(X), nl.
helper(X) :- atom_length(X, _).
:- initialization(main, main).
