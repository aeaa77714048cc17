% The command line's -p Alias=Path1:Path2 (file_search_path/2 before the alias's others,
% in order) and prolog_load_context(script, Bool), true only for the first -s file.
:- use_module(library(lib17_mod)).

:- prolog_load_context(script, B), print(script(B)), nl.

user:term_expansion(end_of_file, _) :-
    prolog_load_context(script, true),
    prolog_load_context(source, S),
    file_base_name(S, B),
    print(script_end(B)), nl,
    fail.

main :-
    lib17_hello,
    findall(P, file_search_path(extra17, P), Ps),
    print(Ps), nl,
    findall(P, (file_search_path(library, P), atom(P), sub_atom(P, 0, _, _, lib17)), Ls),
    print(Ls), nl.
