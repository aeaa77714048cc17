main :- nosuch(1), true.
:- initialization(main, main).
