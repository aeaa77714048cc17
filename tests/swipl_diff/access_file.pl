% access_file/2: files that exist, files that do not, in a directory that exists or not, every
% mode, and the errors of an unbound or unknown mode.
main :-
    forall(member(F-M, ['access_file.pl'-read, 'access_file.pl'-exist, 'access_file.pl'-none,
                        'access_file.pl'-execute, 'no_such_file'-read, 'no_such_file'-exist,
                        'no_such_file'-write, 'no_such_file'-append, 'no_such_file'-none,
                        'no_such_dir/f'-write, 'golden'-exist, 'golden'-search, ''-read]),
           ( ( access_file(F, M) -> R = yes ; R = no ), format("~q ~w: ~w~n", [F, M, R]) )),
    forall(member(G, [access_file(_, read), access_file('access_file.pl', _),
                      access_file('access_file.pl', foo), access_file('access_file.pl', 1)]),
           ( catch(G, error(E, _), true), format("~q~n", [E]) )).
