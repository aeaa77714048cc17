% line_count/2 and line_position/2: standard input, output and error share one place counted
% from line 0; a file or a string stream counts from line 1; reading moves the place.
show(G) :- ( catch(G, error(E, _), (print(E), nl, fail)) -> format("~q~n", [G]) ; format("failed~n") ).
main :-
    line_count(user_output, L0), line_position(user_output, C0),
    read(T), get_char(C1), get_char(C2),
    line_count(user_input, L1), line_position(user_input, P1), line_position(user_output, P2),
    format("~q~n", [[L0, C0, T, C1, C2, L1, P1, P2]]),
    write(abc), line_position(user_error, P3), nl, line_count(user_error, L3),
    format("~q~n", [[P3, L3]]),
    open('line_count.pl', read, S), line_count(S, A1), read(S, _), line_count(S, A2), line_position(S, A3),
    get_char(S, _), get_char(S, _), line_count(S, A4), line_position(S, A5), close(S),
    format("~q~n", [[A1, A2, A3, A4, A5]]),
    with_output_to(string(Str), (write(a), nl, write(bc),
                                 line_count(current_output, B1), line_position(current_output, B2))),
    format("~q~n", [[Str, B1, B2]]),
    show(line_count(user_output, a)),
    show(line_count(_, _)),
    show(line_position(no_such_alias, _)).
