% Power towers and hyperoperations: B^(B^5) for small bases, and 2^^5 (2^65536), with the
% results' sizes and residues checked.

top :-
    findall(S, (between(2, 9, B), T is B^(B^5), S is msb(T) + T mod 9973), Ss),
    sum_list(Ss, Sum),
    Sum =:= 403971,
    hyper(4, 2, 5, H),
    msb(H) =:= 65536,
    hyper(4, 3, 3, H3),
    H3 =:= 7625597484987.

% hyper(+Level, +A, +B, -H): A's hyperoperation of level Level with B.
hyper(1, A, B, H) :- !, H is A + B.
hyper(2, A, B, H) :- !, H is A * B.
hyper(3, A, B, H) :- !, H is A ^ B.
hyper(_, A, 1, A) :- !.
hyper(L, A, B, H) :-
    B1 is B - 1,
    hyper(L, A, B1, H1),
    L1 is L - 1,
    hyper(L1, A, H1, H).
