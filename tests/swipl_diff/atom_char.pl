% atom_char/2 (library(quintus), loaded by SWI-Prolog on first use): char_code/2 under an
% older name, both ways, and its errors.
main :-
    atom_char(X, 97), print(X), nl,
    atom_char(b, C), print(C), nl,
    findall(Ch, (between(97, 101, Code), atom_char(Ch, Code)), Cs), print(Cs), nl,
    forall(member(G, [atom_char(ab, _), atom_char(_, _)]),
           catch(G, error(E, _), (print(E), nl))).
