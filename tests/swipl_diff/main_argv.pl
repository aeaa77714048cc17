% library(main)'s main/0: initialization(main, main) with only main/1 defined calls it with
% the command line's arguments.
:- initialization(main, main).

main(Argv) :-
    print(got(Argv)), nl.
