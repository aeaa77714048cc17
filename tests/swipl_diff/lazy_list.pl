% lazy_list/3 of library(lazy_lists): cells made as a binding reaches them, the list ending
% where the step fails, read by unification, append/3 and length/2; and ttyflush/0.

nat(N0, N, N0) :- N is N0 + 1.

upto(Max, N0, N, N0) :- N0 < Max, N is N0 + 1.

square_mod(M, S0, S, S) :- S is (S0 * S0 - 2) mod M.

main :-
    lazy_list(nat, 0, L),
    L = [A, B, C|_],
    writeln([A, B, C]),
    append(P, _, L), length(P, 5), !,
    writeln(P),
    lazy_list(upto(3), 0, L2),
    length(L2, N),
    writeln(N-L2),
    (   lazy_list(upto(2), 0, L3), L3 = [_, _, _|_]
    ->  writeln(longer)
    ;   writeln(ended)
    ),
    M is (1 << 127) - 1,
    lazy_list(square_mod(M), 4, L4),
    length(Skip, 124), append(Skip, [R|_], L4), !,
    writeln(R),
    write(flushed), ttyflush, nl.
