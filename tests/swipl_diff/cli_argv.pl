% The argv flag holds the arguments after `--`; -f and -s load files before the others.
main :-
    current_prolog_flag(argv, Argv),
    print(Argv), nl,
    (   current_prolog_flag(argv, ['--all'|_]) -> writeln(all) ; writeln(some) ).
