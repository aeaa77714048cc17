% Constraints whose sides hold no variable, or one variable side and a known value: the
% arithmetic path, with the cases where it must give way to the constraint path; and the
% bitwise functions, which wait for their arguments to be integers.
:- use_module(library(clpfd)).

t(Name, G) :-
    (   catch(G, error(E, _), (print(Name-raised(E)), nl, fail))
    ->  print(Name-G)
    ;   print(Name-failed)
    ),
    nl.

count(N, N, Acc, Acc) :- !.
count(I, N, Acc0, Acc) :-
    (   I mod 3 #= 0 -> Acc1 #= Acc0 + I ; Acc1 = Acc0 ),
    J #= I + 1,
    count(J, N, Acc1, Acc).

main :-
    t(sum, X1 #= 3 + 4 * 2),
    t(sum_left, 3 + 4 * 2 #= X2),
    t(both, 3 * 3 #= 10 - 1),
    t(both_false, 3 * 3 #= 10),
    t(div, X3 #= -7 // 2 + -7 div 2 + -7 mod 2 + -7 rem 2),
    t(minmax, X4 #= abs(-3) + min(2, 5) * max(1, 4) - -(2)),
    t(power, X5 #= 2 ^ 70 + 1),
    t(power_neg, X6 #= 2 ^ -1),
    t(power_one, X7 #= 1 ^ -1),
    t(zero_div, X8 #= 1 // 0),
    t(zero_mod, X9 #= 5 mod 0),
    t(float, _ #= 1.0 + 1),
    t(atom, _ #= a + 1),
    t(slash, _ #= 8 / 2),
    t(lt, 3 #< 2 + 2),
    t(lt_false, 4 #< 2 + 2),
    t(le, 4 #=< 2 + 2),
    t(gt, 5 #> 2 * 2),
    t(ge, 4 #>= 2 * 2),
    t(ne, 3 #\= 1 + 1),
    t(ne_false, 2 #\= 1 + 1),
    t(big_lt, 2 ^ 100 #< 2 ^ 100 + 1),
    t(domain_in, (Y1 in 0..9, Y1 #= 2 + 5)),
    t(domain_out, (Y2 in 0..5, Y2 #= 2 + 5)),
    t(wakes, (Z in 0..9, W #= Z + 1, Z #= 1 + 2, W == 4)),
    t(wakes_right, (Z2 in 0..9, W2 #= Z2 * 2, 6 #= Z2, W2 == 12)),
    t(loop, count(0, 100, 0, S)),
    t(shifts, (X10 #= 1 << 3 + 17 >> 2, X11 #= -17 >> 2, X12 #= 1 << -1)),
    t(bitwise, (X13 #= 5 /\ 3 + (5 \/ 3) * (5 xor 3), X14 #= \ 5, X15 #= msb(8))),
    t(msb_zero, _ #= msb(0)),
    t(shift_waits, (A in 0..5, B #= A << 1, A = 2, B == 4)),
    t(and_labels, (C in 0..3, D #= C /\ 1, D = 1, label([C]), C == 1)),
    t(xor_wakes, (E #= F xor 3, F = 5, E == 6)),
    t(shift_cmp, 8 #> 1 << 2),
    Vs = vars(X1, X2, X3, X4, X5, X6, X7, X8, X9, Y1, Y2, S, X10, X11, X12, X13, X14, X15),
    \+ \+ ( numbervars(Vs, 0, _), print(Vs), nl ).
