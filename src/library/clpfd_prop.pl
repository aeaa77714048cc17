/*  ply library: the propagators of library(clpfd).

    '$fd_prop'(+Kind, ?Dead) runs one propagator: it narrows the domains
    of its variables as far as its own reasoning goes and binds Dead
    once the constraint is entailed.  Linear sums get bounds
    consistency; the non-linear functions narrow bounds where that is
    cheap and decide every case once their arguments are integers,
    which is what makes labeling complete; all_different removes the
    values of bound variables from the others.  Each narrowing runs the
    propagators of the variable again at once (clpfd.pl).
*/

%   Linear sums: lin(Op, Pairs, C) is Sum(A*X) + C Op 0, Op one of eq, ne
%   and le.

'$fd_prop'(lin(Op, Ps0, C0), Dead) :-
    (   '$fd_lin_plan'(Op, Ps0, C0, Plan)
    ->  '$fd_lin_apply'(Plan, Op, Dead)
    ;   '$fd_lin_ground'(Ps0, C0, Ps, C),
        '$fd_lin_run'(Op, Ps, C, Dead)
    ).
'$fd_prop'(reif(Op, Ps0, C0, B), Dead) :-
    '$fd_reif'(Op, Ps0, C0, B, Dead).
'$fd_prop'(times(X, Y, Z), Dead) :- '$fd_times'(X, Y, Z, Dead).
'$fd_prop'(tdiv(X, Y, Z), Dead) :- '$fd_div'(trunc, X, Y, Z, Dead).
'$fd_prop'(fdiv(X, Y, Z), Dead) :- '$fd_div'(floor, X, Y, Z, Dead).
'$fd_prop'(mod(X, Y, Z), Dead) :- '$fd_mod'(mod, X, Y, Z, Dead).
'$fd_prop'(rem(X, Y, Z), Dead) :- '$fd_mod'(rem, X, Y, Z, Dead).
'$fd_prop'(abs(X, Z), Dead) :- '$fd_abs'(X, Z, Dead).
'$fd_prop'(min(X, Y, Z), Dead) :- '$fd_minmax'(min, X, Y, Z, Dead).
'$fd_prop'(max(X, Y, Z), Dead) :- '$fd_minmax'(max, X, Y, Z, Dead).
'$fd_prop'(pow(X, Y, Z), Dead) :- '$fd_pow'(X, Y, Z, Dead).
'$fd_prop'(bits(F, X, Y, Z), Dead) :- '$fd_bits'(F, [X, Y], Z, Dead).
'$fd_prop'(bits(F, X, Z), Dead) :- '$fd_bits'(F, [X], Z, Dead).
'$fd_prop'(absdiff_ne(X, Y, C), Dead) :- '$fd_absdiff_ne'(X, Y, C, Dead).
'$fd_prop'(alldiff(L), Dead) :- '$fd_alldiff'(L, weak, Dead).
'$fd_prop'(distinct(L), Dead) :- '$fd_alldiff'(L, strong, Dead).
'$fd_prop'(element(I, L, V), Dead) :- '$fd_element'(I, L, V, Dead).
'$fd_prop'(relation(T, Rel), Dead) :- '$fd_relation'(T, Rel, Dead).

%   The native '$fd_lin_plan'/4 (builtins/clpfd/lin.rs) does what
%   '$fd_lin_ground'/4 and the last clause of '$fd_lin_run'/4 compute,
%   leaving out narrowings that change nothing; the narrowings themselves
%   are made here, in order.
'$fd_lin_apply'(wait, _, _).
'$fd_lin_apply'(dead, _, dead).
'$fd_lin_apply'(small(Ps, C), Op, Dead) :- '$fd_lin_run'(Op, Ps, C, Dead).
'$fd_lin_apply'(narrow(Ns), _, _) :- '$fd_narrow_all'(Ns).

'$fd_narrow_all'([]).
'$fd_narrow_all'([n(X, L, H)|Ns]) :-
    '$fd_narrow_bounds'(X, L, H),
    '$fd_narrow_all'(Ns).

'$fd_lin_ground'([], C, [], C).
'$fd_lin_ground'([A-X|Ps], C0, Qs, C) :-
    (   integer(X) -> C1 is C0 + A*X, Qs = Qs1 ; C1 = C0, Qs = [A-X|Qs1] ),
    '$fd_lin_ground'(Ps, C1, Qs1, C).

'$fd_lin_run'(Op, [], C, Dead) :- !,
    Dead = dead,
    '$fd_lin_holds'(Op, C).
'$fd_lin_run'(eq, [A-X], C, Dead) :- !,
    Dead = dead,
    C mod A =:= 0,
    V is -C // A,
    X = V.
'$fd_lin_run'(ne, [A-X], C, Dead) :- !,
    Dead = dead,
    (   C mod A =:= 0 -> V is -C // A, '$fd_exclude'(X, V) ; true ).
'$fd_lin_run'(ne, _, _, _) :- !.
'$fd_lin_run'(Op, Ps, C, Dead) :-
    '$fd_term_bounds'(Ps, Bs),
    '$fd_sum_bounds'(Bs, 0, Lo, 0, NLo, 0, Hi, 0, NHi),
    (   Op == le, NHi =:= 0, Hi + C =< 0
    ->  Dead = dead
    ;   '$fd_lin_narrow'(Ps, Bs, Op, C, s(Lo, NLo, Hi, NHi))
    ).

%   The bounds of each A*X.
'$fd_term_bounds'([], []).
'$fd_term_bounds'([A-X|Ps], [L-H|Bs]) :-
    '$fd_bounds'(X, XL, XH),
    (   A > 0
    ->  '$fd_b_mul'(A, XL, L), '$fd_b_mul'(A, XH, H)
    ;   '$fd_b_mul'(A, XH, L), '$fd_b_mul'(A, XL, H)
    ),
    '$fd_term_bounds'(Ps, Bs).

%   The finite parts of the sums of the low and high bounds, and how many
%   of them are infinite.
'$fd_sum_bounds'([], Lo, Lo, NLo, NLo, Hi, Hi, NHi, NHi).
'$fd_sum_bounds'([L-H|Bs], Lo0, Lo, NLo0, NLo, Hi0, Hi, NHi0, NHi) :-
    (   L == inf -> Lo1 = Lo0, NLo1 is NLo0 + 1 ; Lo1 is Lo0 + L, NLo1 = NLo0 ),
    (   H == sup -> Hi1 = Hi0, NHi1 is NHi0 + 1 ; Hi1 is Hi0 + H, NHi1 = NHi0 ),
    '$fd_sum_bounds'(Bs, Lo1, Lo, NLo1, NLo, Hi1, Hi, NHi1, NHi).

'$fd_lin_narrow'([], [], _, _, _).
'$fd_lin_narrow'([A-X|Ps], [L-H|Bs], Op, C, S) :-
    S = s(Lo, NLo, Hi, NHi),
    '$fd_rest'(L, inf, Lo, NLo, RestLo),
    '$fd_rest'(H, sup, Hi, NHi, RestHi),
    (   RestLo == inf -> TH = sup ; TH is -C - RestLo ),
    (   Op == le -> TL = inf
    ;   RestHi == sup -> TL = inf
    ;   TL is -C - RestHi
    ),
    '$fd_div_bounds'(TL, TH, A, XL, XH),
    '$fd_narrow_bounds'(X, XL, XH),
    '$fd_lin_narrow'(Ps, Bs, Op, C, S).

%   The sum of the other terms' bounds: the total without this one.
'$fd_rest'(B, Inf, Sum, N, Rest) :-
    (   B == Inf
    ->  (   N > 1 -> Rest = Inf ; Rest = Sum )
    ;   (   N > 0 -> Rest = Inf ; Rest is Sum - B )
    ).

%   X's bounds from A*X in TL..TH.
'$fd_div_bounds'(TL, TH, A, XL, XH) :-
    (   A > 0
    ->  ( TL == inf -> XL = inf ; '$fd_cdiv'(TL, A, XL) ),
        ( TH == sup -> XH = sup ; '$fd_fdiv'(TH, A, XH) )
    ;   ( TH == sup -> XL = inf ; '$fd_cdiv'(TH, A, XL) ),
        ( TL == inf -> XH = sup ; '$fd_fdiv'(TL, A, XH) )
    ).

%   '$fd_lin_shown'(+Op, +Pairs, +C, -Goal): the constraint Sum(A*X) + C
%   Op 0 as the residual goals show it, the terms with a positive
%   coefficient on the left and the others on the right, as in Y+1#=<X.
'$fd_lin_shown'(Op, Ps, C, G) :-
    '$fd_lin_sides'(Ps, Ls, Rs),
    (   C > 0 -> append(Ls, [C], Ls1), Rs1 = Rs
    ;   C < 0 -> NC is -C, append(Rs, [NC], Rs1), Ls1 = Ls
    ;   Ls1 = Ls, Rs1 = Rs
    ),
    '$fd_sum_term'(Ls1, L),
    '$fd_sum_term'(Rs1, R),
    '$fd_lin_goal'(Op, L, R, G).

'$fd_lin_sides'([], [], []).
'$fd_lin_sides'([A-X|Ps], Ls, Rs) :-
    (   A > 0 -> '$fd_scaled'(A, X, T), Ls = [T|Ls1], Rs = Rs1
    ;   NA is -A, '$fd_scaled'(NA, X, T), Rs = [T|Rs1], Ls = Ls1
    ),
    '$fd_lin_sides'(Ps, Ls1, Rs1).

'$fd_scaled'(A, X, T) :- ( A =:= 1 -> T = X ; T = A*X ).

'$fd_sum_term'([], 0).
'$fd_sum_term'([T|Ts], S) :- '$fd_sum_term'(Ts, T, S).

'$fd_sum_term'([], S, S).
'$fd_sum_term'([T|Ts], S0, S) :- '$fd_sum_term'(Ts, S0+T, S).

'$fd_lin_goal'(eq, L, R, '#='(L, R)).
'$fd_lin_goal'(ne, L, R, '#\\='(L, R)).
'$fd_lin_goal'(le, L, R, '#=<'(L, R)).

%   Reified linear sums: B is 1 if the sum holds, 0 if not.
'$fd_reif'(Op, Ps0, C0, B, Dead) :-
    (   integer(B)
    ->  Dead = dead,
        (   B =:= 1 -> Op1 = Op, Ps1 = Ps0, C1 = C0
        ;   '$fd_negate'(Op, Ps0, C0, Op1, Ps1, C1)
        ),
        '$fd_lin_ground'(Ps1, C1, Ps2, C2),
        '$fd_lin_shown'(Op1, Ps2, C2, Shown),
        '$fd_post_lin'(Op1, Ps2, C2, Shown)
    ;   '$fd_lin_ground'(Ps0, C0, Ps, C),
        '$fd_term_bounds'(Ps, Bs),
        '$fd_sum_bounds'(Bs, 0, Lo0, 0, NLo, 0, Hi0, 0, NHi),
        ( NLo > 0 -> Lo = inf ; Lo is Lo0 + C ),
        ( NHi > 0 -> Hi = sup ; Hi is Hi0 + C ),
        '$fd_reif_decide'(Op, Ps, C, Lo, Hi, B)
    ).

'$fd_negate'(eq, Ps, C, ne, Ps, C).
'$fd_negate'(ne, Ps, C, eq, Ps, C).
'$fd_negate'(le, Ps, C, le, NPs, NC) :-
    '$fd_neg_pairs'(Ps, NPs),
    NC is 1 - C.

'$fd_neg_pairs'([], []).
'$fd_neg_pairs'([A-X|Ps], [B-X|Qs]) :- B is -A, '$fd_neg_pairs'(Ps, Qs).

'$fd_reif_decide'(le, _, _, Lo, Hi, B) :-
    (   '$fd_b_le'(Hi, 0) -> B = 1
    ;   '$fd_b_le'(1, Lo) -> B = 0
    ;   true
    ).
'$fd_reif_decide'(eq, Ps, C, Lo, Hi, B) :-
    (   '$fd_never_zero'(Ps, C, Lo, Hi) -> B = 0
    ;   Lo == 0, Hi == 0 -> B = 1
    ;   true
    ).
'$fd_reif_decide'(ne, Ps, C, Lo, Hi, B) :-
    (   '$fd_never_zero'(Ps, C, Lo, Hi) -> B = 1
    ;   Lo == 0, Hi == 0 -> B = 0
    ;   true
    ).

'$fd_never_zero'(Ps, C, Lo, Hi) :-
    (   '$fd_b_le'(1, Lo) -> true
    ;   '$fd_b_le'(Hi, -1) -> true
    ;   Ps = [A-X],
        (   C mod A =\= 0 -> true
        ;   V is -C // A, '$fd_get'(X, D, _), \+ '$fd_contains'(D, V)
        )
    ).

%   abs(X-Y) =\= C.
'$fd_absdiff_ne'(X, Y, C, Dead) :-
    (   integer(X), integer(Y) -> Dead = dead, abs(X - Y) =\= C
    ;   integer(X) -> Dead = dead, V1 is X - C, V2 is X + C, '$fd_exclude_values'(Y, [V1, V2])
    ;   integer(Y) -> Dead = dead, V1 is Y - C, V2 is Y + C, '$fd_exclude_values'(X, [V1, V2])
    ;   C < 0 -> Dead = dead
    ;   true
    ).

%   Non-linear functions.

'$fd_times'(X, Y, Z, Dead) :-
    (   integer(X), integer(Y) -> Dead = dead, P is X*Y, Z = P
    ;   integer(X), integer(Z) -> '$fd_factor'(X, Y, Z, Dead)
    ;   integer(Y), integer(Z) -> '$fd_factor'(Y, X, Z, Dead)
    ;   '$fd_bounds'(X, XL, XH),
        '$fd_bounds'(Y, YL, YH),
        '$fd_b_mul'(XL, YL, P1), '$fd_b_mul'(XL, YH, P2),
        '$fd_b_mul'(XH, YL, P3), '$fd_b_mul'(XH, YH, P4),
        '$fd_bounds_of'([P1, P2, P3, P4], ZL0, ZH0),
        (   X == Y -> '$fd_b_max'(ZL0, 0, ZL) ; ZL = ZL0 ),
        '$fd_narrow_bounds'(Z, ZL, ZH0),
        (   X == Y -> '$fd_root_bounds'(X, Z) ; true ),
        (   '$fd_dom_of'(Z, DZ), '$fd_contains'(DZ, 0) -> true
        ;   '$fd_exclude'(X, 0), '$fd_exclude'(Y, 0)
        ),
        '$fd_quotient'(X, Z, Y),
        '$fd_quotient'(Y, Z, X)
    ).

%   '$fd_root_bounds'(?X, ?Z): X*X = Z bounds X by the root of Z's upper
%   bound, as a product of two bounds cannot when X's domain holds 0.
'$fd_root_bounds'(X, Z) :-
    '$fd_bounds'(Z, _, ZH),
    (   integer(ZH)
    ->  '$fd_isqrt'(ZH, R), NR is -R,
        '$fd_narrow_bounds'(X, NR, R)
    ;   true
    ).

%   '$fd_isqrt'(+N, -R): R is the largest integer whose square is at most
%   N >= 0; floats give the first guess only where they hold N exactly.
'$fd_isqrt'(N, R) :-
    (   N < 4503599627370496
    ->  R0 is truncate(sqrt(N))
    ;   R0 is 1 << (msb(N) // 2 + 1)
    ),
    '$fd_isqrt_down'(N, R0, R1),
    '$fd_isqrt_up'(N, R1, R).

'$fd_isqrt_down'(N, R0, R) :-
    (   R0 * R0 > N
    ->  R1 is (R0 + N // R0) // 2,
        ( R1 < R0 -> '$fd_isqrt_down'(N, R1, R) ; R is R0 - 1 )
    ;   R = R0
    ).

'$fd_isqrt_up'(N, R0, R) :-
    (   (R0 + 1) * (R0 + 1) =< N -> R1 is R0 + 1, '$fd_isqrt_up'(N, R1, R) ; R = R0 ).

'$fd_factor'(X, Y, Z, Dead) :-
    (   X =:= 0
    ->  Z =:= 0
    ;   Dead = dead,
        Z mod X =:= 0,
        Q is Z // X,
        Y = Q
    ).

'$fd_bounds_of'([B|Bs], L, H) :- '$fd_bounds_of'(Bs, B, L, B, H).

'$fd_bounds_of'([], L, L, H, H).
'$fd_bounds_of'([B|Bs], L0, L, H0, H) :-
    '$fd_b_min'(B, L0, L1),
    '$fd_b_max'(B, H0, H1),
    '$fd_bounds_of'(Bs, L1, L, H1, H).

%   '$fd_quotient'(?X, ?Z, ?Y): X's bounds from X = Z/Y, when Y's bounds
%   exclude zero and Z's are finite; the limit of Z/Y for an infinite
%   bound of Y is 0, which the bounds include.
'$fd_quotient'(X, Z, Y) :-
    '$fd_bounds'(Z, ZL, ZH),
    '$fd_bounds'(Y, YL, YH),
    (   integer(ZL), integer(ZH), ( '$fd_b_le'(1, YL) ; '$fd_b_le'(YH, -1) )
    ->  '$fd_q_bounds'([ZL-YL, ZL-YH, ZH-YL, ZH-YH], Ls, Hs),
        min_list(Ls, XL), max_list(Hs, XH),
        '$fd_narrow_bounds'(X, XL, XH)
    ;   true
    ).

'$fd_q_bounds'([], [], []).
'$fd_q_bounds'([Z-Y|Qs], [L|Ls], [H|Hs]) :-
    (   integer(Y) -> '$fd_cdiv'(Z, Y, L), '$fd_fdiv'(Z, Y, H) ; L = 0, H = 0 ),
    '$fd_q_bounds'(Qs, Ls, Hs).

%   Truncating (//) and floor (div) division.
'$fd_div'(Kind, X, Y, Z, Dead) :-
    '$fd_exclude'(Y, 0),
    (   integer(X), integer(Y)
    ->  Dead = dead, '$fd_div_value'(Kind, X, Y, Q), Z = Q
    ;   integer(Y)
    ->  '$fd_bounds'(X, XL, XH),
        '$fd_div_bound'(Kind, XL, Y, Q1), '$fd_div_bound'(Kind, XH, Y, Q2),
        '$fd_bounds_of'([Q1, Q2], ZL, ZH),
        '$fd_narrow_bounds'(Z, ZL, ZH),
        (   Kind == trunc, integer(Z) -> '$fd_tdiv_back'(X, Y, Z) ; true )
    ;   true
    ).

'$fd_div_value'(trunc, X, Y, Q) :- Q is X // Y.
'$fd_div_value'(floor, X, Y, Q) :- Q is X div Y.

'$fd_div_bound'(Kind, B, Y, Q) :-
    (   integer(B) -> '$fd_div_value'(Kind, B, Y, Q)
    ;   Y > 0 -> Q = B
    ;   '$fd_b_neg'(B, Q)
    ).

%   X from X // Y = Z with Y and Z known.
'$fd_tdiv_back'(X, Y, Z) :-
    Ya is abs(Y),
    Zs is Z * sign(Y),
    (   Zs > 0 -> L is Zs*Ya, H is Zs*Ya + Ya - 1
    ;   Zs < 0 -> L is Zs*Ya - Ya + 1, H is Zs*Ya
    ;   L is 1 - Ya, H is Ya - 1
    ),
    '$fd_narrow_bounds'(X, L, H).

'$fd_mod'(Kind, X, Y, Z, Dead) :-
    '$fd_exclude'(Y, 0),
    (   integer(X), integer(Y)
    ->  Dead = dead, '$fd_mod_value'(Kind, X, Y, M), Z = M
    ;   integer(Y)
    ->  Ya is abs(Y) - 1,
        (   Kind == mod
        ->  ( Y > 0 -> L = 0, H = Ya ; L is -Ya, H = 0 )
        ;   '$fd_bounds'(X, XL, XH),
            ( '$fd_b_le'(0, XL) -> L = 0 ; L is -Ya ),
            ( '$fd_b_le'(XH, 0) -> H = 0 ; H = Ya )
        ),
        '$fd_narrow_bounds'(Z, L, H),
        '$fd_filter'(X, Z, Kind, Y)
    ;   true
    ).

%   '$fd_filter'(?X, ?Z, +Kind, +Y): when X has few values left, the
%   values of X whose image (X Kind Y) is in Z's domain, and Z's domain
%   the images: a domain consistent mod and rem.
'$fd_filter'(X, Z, Kind, Y) :-
    (   var(X), '$fd_get'(X, D, _), '$fd_dom_size'(D, S), integer(S), S =< 4096
    ->  '$fd_dom_values'(D, Vs),
        '$fd_dom_of'(Z, DZ),
        '$fd_images'(Vs, Kind, Y, DZ, Xs, Zs),
        '$fd_values_dom'(Xs, DX),
        '$fd_values_dom'(Zs, DZ1),
        '$fd_narrow'(X, DX),
        '$fd_narrow'(Z, DZ1)
    ;   true
    ).

'$fd_images'([], _, _, _, [], []).
'$fd_images'([V|Vs], Kind, Y, DZ, Xs, Zs) :-
    '$fd_mod_value'(Kind, V, Y, M),
    (   '$fd_contains'(DZ, M) -> Xs = [V|Xs1], Zs = [M|Zs1] ; Xs = Xs1, Zs = Zs1 ),
    '$fd_images'(Vs, Kind, Y, DZ, Xs1, Zs1).

'$fd_mod_value'(mod, X, Y, M) :- M is X mod Y.
'$fd_mod_value'(rem, X, Y, M) :- M is X rem Y.

'$fd_abs'(X, Z, Dead) :-
    (   integer(X)
    ->  Dead = dead, A is abs(X), Z = A
    ;   integer(Z)
    ->  Dead = dead, Z >= 0, N is -Z,
        (   Z =:= 0 -> '$fd_narrow'(X, [0-0]) ; '$fd_narrow'(X, [N-N, Z-Z]) )
    ;   '$fd_bounds'(X, XL, XH),
        (   '$fd_b_le'(0, XL) -> ZL = XL, ZH = XH
        ;   '$fd_b_le'(XH, 0) -> '$fd_b_neg'(XH, ZL), '$fd_b_neg'(XL, ZH)
        ;   '$fd_b_neg'(XL, NXL), ZL = 0, '$fd_b_max'(NXL, XH, ZH)
        ),
        '$fd_narrow_bounds'(Z, ZL, ZH),
        '$fd_bounds'(Z, ZL1, ZH1),
        '$fd_b_neg'(ZH1, NZH),
        (   ZL1 > 0
        ->  NL is -ZL1, '$fd_narrow'(X, [NZH-NL, ZL1-ZH1])
        ;   '$fd_narrow_bounds'(X, NZH, ZH1)
        )
    ).

%   The bitwise functions (<< >> /\ \/ xor msb \), as in SWI-Prolog's
%   library, wait for their arguments to be integers and then compute
%   the value: they narrow no domain before.
'$fd_bits'(F, Args, Z, Dead) :-
    (   '$fd_all_integers'(Args)
    ->  Dead = dead, E =.. [F|Args], V is E, Z = V
    ;   true
    ).

'$fd_all_integers'([]).
'$fd_all_integers'([X|Xs]) :- integer(X), '$fd_all_integers'(Xs).

'$fd_minmax'(F, X, Y, Z, Dead) :-
    (   integer(X), integer(Y)
    ->  Dead = dead, '$fd_minmax_value'(F, X, Y, V), Z = V
    ;   '$fd_bounds'(X, XL, XH),
        '$fd_bounds'(Y, YL, YH),
        (   F == min
        ->  '$fd_b_min'(XL, YL, ZL), '$fd_b_min'(XH, YH, ZH),
            '$fd_narrow_bounds'(Z, ZL, ZH),
            '$fd_bounds'(Z, ZL1, _),
            '$fd_narrow_bounds'(X, ZL1, sup),
            '$fd_narrow_bounds'(Y, ZL1, sup)
        ;   '$fd_b_max'(XL, YL, ZL), '$fd_b_max'(XH, YH, ZH),
            '$fd_narrow_bounds'(Z, ZL, ZH),
            '$fd_bounds'(Z, _, ZH1),
            '$fd_narrow_bounds'(X, inf, ZH1),
            '$fd_narrow_bounds'(Y, inf, ZH1)
        )
    ).

'$fd_minmax_value'(min, X, Y, V) :- V is min(X, Y).
'$fd_minmax_value'(max, X, Y, V) :- V is max(X, Y).

'$fd_pow'(X, Y, Z, Dead) :-
    (   integer(X), integer(Y)
    ->  Dead = dead,
        (   Y >= 0 -> P is X^Y
        ;   X =:= 1 -> P = 1
        ;   X =:= -1 -> P is (-1)^(-Y)
        ;   fail
        ),
        Z = P
    ;   integer(Y), Y >= 0
    ->  '$fd_bounds'(X, XL, XH),
        (   integer(XL), XL >= 0, integer(XH)
        ->  ZL is XL^Y, ZH is XH^Y, '$fd_narrow_bounds'(Z, ZL, ZH)
        ;   Y mod 2 =:= 0 -> '$fd_narrow_bounds'(Z, 0, sup)
        ;   true
        ),
        (   integer(Z), Y > 0 -> '$fd_root'(Z, Y, X) ; true )
    ;   true
    ).

%   X from X^Y = Z, Y > 0 and Z known: the integer roots.
'$fd_root'(Z, Y, X) :-
    R0 is truncate(abs(Z) ** (1.0/Y)),
    Lo is max(0, R0 - 1), Hi is R0 + 1,
    findall(R, ( between(Lo, Hi, R1), ( R = R1 ; R1 > 0, R is -R1 ), R^Y =:= Z ), Rs),
    Rs \== [],
    '$fd_values_dom'(Rs, D),
    '$fd_narrow'(X, D).
