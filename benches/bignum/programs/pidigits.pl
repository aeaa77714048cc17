% The digits of pi by Gibbons' unbounded spigot (the benchmarks game's pidigits): big
% integers times small ones, sums and big quotients; the first 3,000 digits are checked by
% their sum.

top :-
    pi_digits(3000, Ds),
    sum_list(Ds, S),
    S =:= 13848.

pi_digits(N, Ds) :-
    spigot(N, 1, 0, 1, 1, Ds).

% spigot(+Left, +K, +Acc, +Den, +Num, -Digits).
spigot(0, _, _, _, _, []) :- !.
spigot(N, K, Acc0, Den0, Num0, Ds) :-
    K2 is K*2 + 1,
    Acc1 is (Acc0 + Num0*2) * K2,
    Den1 is Den0 * K2,
    Num1 is Num0 * K,
    K1 is K + 1,
    (   Num1 > Acc1
    ->  spigot(N, K1, Acc1, Den1, Num1, Ds)
    ;   D is (Num1*3 + Acc1) // Den1,
        D4 is (Num1*4 + Acc1) // Den1,
        (   D =:= D4
        ->  Ds = [D|Ds1],
            Acc2 is (Acc1 - Den1*D) * 10,
            Num2 is Num1 * 10,
            N1 is N - 1,
            spigot(N1, K1, Acc2, Den1, Num2, Ds1)
        ;   spigot(N, K1, Acc1, Den1, Num1, Ds)
        )
    ).
