% library(quintus)'s names, autoloaded as in SWI-Prolog, and skip/1,2.
main :-
    abs(-3, A), sign(-2.5, S), ceiling(2.1, C), floor(2.9, F), round(2.5, R),
    sqrt(16, Q), pow(2, 10, P), log(1, L), atan2(1, 1, T), log10(100, L10),
    print([A, S, C, F, R, Q, P, L, T, L10]), nl,
    findall(N-X, genarg(N, f(a, b), X), Args), print(Args), nl,
    ( simple(_) -> writeln(var_simple) ; true ),
    ( simple(f(x)) -> true ; writeln(compound_not_simple) ),
    prolog_flag(bounded, B), print(B), nl,
    catch(raise_exception(my_ball), E, (print(caught(E)), nl)),
    on_exception(E2, throw(other), (print(on_exception(E2)), nl)),
    open_string("skip this line\nkept_line.\n", In),
    skip_line(In), read(In, Term), print(Term), nl,
    open_string("aXbXc", In2), skip(In2, 0'X), get_char(In2, Ch), print(Ch), nl,
    open_string("abc", In3), skip(In3, 0'z), get_char(In3, End), print(End), nl.
