% normalize_space/2 in each of its output forms, and no warning for the clauses of a
% multifile predicate apart in a file, whether declared before them or between them.
a(1).
b(1).
:- multifile a/1.
a(2).
c(1).
:- multifile c/1.
d.
c(2).

main :-
    normalize_space(atom(A), '  two   words\there \n '), writeq(A), nl,
    normalize_space(string(S), "x  y"), writeq(S), nl,
    normalize_space(codes(Cs), '  p  q '), atom_codes(C, Cs), writeq(C), nl,
    normalize_space(codes(Ds, T), "u v"), T = [], atom_codes(D, Ds), writeq(D), nl,
    normalize_space(chars(Ch), 'k   l'), writeq(Ch), nl,
    normalize_space(atom(E), ''), writeq(E), nl,
    normalize_space(atom(N), 42), writeq(N), nl,
    catch(normalize_space(atom(_), `a b`), error(Err, _), true), writeq(Err), nl,
    findall(X, a(X), As), findall(Y, c(Y), Ys), writeq(As-Ys), nl.
