% Runs each case file of the conformity table: reads its clauses with read_term/3 (an unreadable
% case fails), asserts them, calls the test.
conf_main(Dir, ListFile) :-
    set_prolog_flag(double_quotes, chars),
    open(ListFile, read, S), conf_lines(S, Names), close(S),
    conf_each(Names, Dir, 0, 0).
conf_lines(S, Ls) :- read_line_codes(S, L), ( L == eof -> Ls = [] ; L == [] -> conf_lines(S, Ls) ; atom_codes(A, L), Ls = [A|R], conf_lines(S, R) ).
read_line_codes(S, L) :- get_code(S, C), ( C =:= -1 -> L = eof ; C =:= 10 -> L = [] ; read_line_codes(S, L0), ( L0 == eof -> L = [C] ; L = [C|L0] ) ).
conf_each([], _, P, F) :- write(conformity(passed(P), failed(F))), nl.
conf_each([N|Ns], Dir, P, F) :-
    atom_concat(Dir, '/', D1), atom_concat(D1, N, Path),
    atom_concat(Name, '.pl', N),
    (   catch(conf_load(Path), E, (write(load_error(Name, E)), nl, fail)),
        catch(Name, E2, (write(error(Name, E2)), nl, fail))
    ->  P1 is P+1, F1 = F, write(pass(Name)), nl
    ;   P1 = P, F1 is F+1, write(fail(Name)), nl
    ),
    conf_each(Ns, Dir, P1, F1).
conf_load(Path) :- open(Path, read, S), catch(conf_read_all(S), E, (close(S), throw(E))), close(S).
conf_read_all(S) :- read_term(S, T, []), ( T == end_of_file -> true ; assertz(T), conf_read_all(S) ).
