% read_string/3,5 on streams of open_string/2 and of a file: the results and the formal
% errors (the error context is ply's own: no module qualification).
formal(G) :- catch(G, error(F, _), (writeq(caught(F)), nl)).
main :-
    open_string("abc", S1), read_string(S1, 5, A), writeq(A), nl,
    open_string("abcdef", S2), read_string(S2, 2, B), read_string(S2, L, C), writeq(B/L/C), nl,
    read_string(S2, L2, C2), writeq(L2/C2), nl, close(S2),
    open_string("  a b ,c\nd", S3),
    findall(Sep-T, (between(1, 4, _), read_string(S3, ",\n", " ", Sep, T)), Fields),
    writeq(Fields), nl,
    formal(read_string(S3, a, _)), formal(read_string(S3, -1, _)),
    formal(read_string(S3, _, " ", _, _)),
    open_string('atom text', S4), read_string(S4, _, D), writeq(D), nl,
    open_string([0'x, 0'y, 0'.], S5), read_term(S5, T5, []), writeq(T5), nl,
    formal(open_string(_, _)), formal(open_string(f(x), _)),
    open('read_string.pl', read, F), read_string(F, "\n", "% ", Sep1, First), close(F),
    writeq(Sep1-First), nl.
