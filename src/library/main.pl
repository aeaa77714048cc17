% library(main)'s main/0, as SWI-Prolog has it: call main/1 with the program's command-line
% arguments (the argv flag), in the module main/0 was called from. A program that runs
% `:- initialization(main, main).` and defines only main/1 gets its arguments this way; one
% that defines main/0 itself replaces this one.

main :-
    current_prolog_flag(argv, Av),
    '$context_module'(M),
    M:main(Av).
