main :- fail.
:- initialization(main, main).
