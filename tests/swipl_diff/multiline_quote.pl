% Quoted text may run over line breaks, as SWI-Prolog reads it: the break is part of the text.
a('first
second').
s("one
two").
main :-
    a(A), atom_length(A, N), writeq(A-N), nl,
    s(S), string_length(S, L), writeq(S-L), nl,
    atom_codes(A, Cs), ( memberchk(0'\n, Cs) -> writeln(has_newline) ; writeln(none) ).
