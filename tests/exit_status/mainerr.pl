:- initialization(main, main).
main :- X is foo+1.
