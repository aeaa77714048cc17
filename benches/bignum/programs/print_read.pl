% Big integers to text and back: 3^K for K up to 200,000 printed with number_codes/2 and
% format/2, and read back from the codes.

top :-
    X is 3^200000,
    number_codes(X, Cs),
    length(Cs, 95425),
    number_codes(Y, Cs),
    Y =:= X,
    format(atom(A), "~d", [X]),
    atom_length(A, 95425),
    findall(L, (between(1, 40, I), Z is 7^(I*500), number_codes(Z, C), length(C, L)), Ls),
    sum_list(Ls, 346510).
