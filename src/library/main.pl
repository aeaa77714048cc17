% What `:- initialization(main, main).` runs (the initialization/2 native stores '$main' for
% the goal main): the program's main/0 when it has one, else its main/1 with the command
% line's arguments (the argv flag), as library(main)'s main/0 calls it in SWI-Prolog. It is
% not a main/0 of the library's own, which a goal compiled before the program is consulted
% would reach instead of the program's.

'$main' :-
    (   current_predicate(main/0)
    ->  main
    ;   current_prolog_flag(argv, Av),
        main(Av)
    ).
