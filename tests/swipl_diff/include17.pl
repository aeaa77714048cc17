% include/1 reads the included file's clauses into the file being loaded: a predicate whose
% clauses are spread over the including file and two included ones keeps them all, the
% included file is prolog_load_context(file, F) while the including one is source, only the
% including file's end is given to term_expansion/2, and initialization goals wait for it.
:- discontiguous part/1.

user:term_expansion(end_of_file, _) :-
    prolog_load_context(source, S),
    prolog_load_context(file, F),
    file_base_name(S, SB), file_base_name(F, FB),
    print(end_of_file(SB, FB)), nl,
    fail.

part(main).
:- initialization(writeln(init_main)).
:- include(include17_a).
:- include('include17_b.pl').
part(last).

main :-
    forall(part(X), (print(X), nl)),
    forall(shared(X), (print(shared(X)), nl)).
