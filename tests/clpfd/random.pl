% Random constraints over three variables, each problem's solutions found by library(clpfd)
% labeling and by trying every assignment with is/2: the two lists must be the same.
% The problems come from a linear congruential generator, so every run (and every system)
% sees the same ones:  swipl -q -g main -t halt random.pl  prints what ply must print.
:- use_module(library(clpfd)).

main :- main(1500).

main(N) :-
    nb_setval(seed, 20261130),
    findall(I, (between(1, N, I), \+ agree(I)), Bad),
    length(Bad, NB),
    format("~w problems, ~w disagree: ~w~n", [N, NB, Bad]).

agree(I) :-
    problem(Lo, Hi, Cs),
    Vs = [X, Y, Z],
    findall(Vs, (Vs ins Lo..Hi, post(Cs, X, Y, Z), label(Vs)), S1),
    findall([A, B, C], (between(Lo, Hi, A), between(Lo, Hi, B), between(Lo, Hi, C),
                        holds_all(Cs, A, B, C)), S2),
    (   msort(S1, S2), length(S1, N), length(S2, N) -> true
    ;   format("~w: ~q~n  clpfd ~q~n  brute ~q~n", [I, Cs, S1, S2]), fail
    ).

% The generator: next(N, R) is a number in 0..N-1.
next(N, R) :-
    nb_getval(seed, S0),
    S is (S0 * 1103515245 + 12345) mod 2147483648,
    nb_setval(seed, S),
    R is (S >> 8) mod N.

problem(Lo, Hi, Cs) :-
    next(4, L0), Lo is -L0, next(4, Hi),
    next(3, K0), K is K0 + 1,
    length(Cs, K),
    maplist(constraint(1), Cs).

constraint(D, C) :-
    next(20, R),
    (   D > 0, R < 3 -> next(4, J), nth0(J, [#<==>, #==>, #\/, #/\], Op),
        constraint(0, A), constraint(0, B), C =.. [Op, A, B]
    ;   D > 0, R < 4 -> constraint(0, A), C = (#\ A)
    ;   next(6, J), nth0(J, [#=, #\=, #<, #>, #=<, #>=], Op),
        expr(2, A), expr(2, B), C =.. [Op, A, B]
    ).

expr(D, E) :-
    next(10, R),
    (   ( D =:= 0 ; R < 3 ) -> leaf(E)
    ;   next(11, J), D1 is D - 1, expr(D1, A), expr(D1, B), next(3, K),
        nth0(K, [2, 3, -2], Dv),
        nth0(J, [A+B, A-B, A*B, abs(A), min(A, B), max(A, B), A mod Dv, A // Dv,
                 A rem Dv, A^2, -A], E)
    ).

leaf(E) :-
    next(10, R),
    (   R < 6 -> nth0(R, [x, y, z, x, y, z], E)
    ;   next(7, C0), C is C0 - 3, E = C
    ).

% The constraints posted on X, Y, Z (the atoms x, y, z stand for them).
post([], _, _, _).
post([C|Cs], X, Y, Z) :- subst(C, X, Y, Z, G), call(G), post(Cs, X, Y, Z).

subst(x, X, _, _, X) :- !.
subst(y, _, Y, _, Y) :- !.
subst(z, _, _, Z, Z) :- !.
subst(T, _, _, _, T) :- integer(T), !.
subst(T, X, Y, Z, S) :- T =.. [F|As], subst_all(As, X, Y, Z, Bs), S =.. [F|Bs].

subst_all([], _, _, _, []).
subst_all([A|As], X, Y, Z, [B|Bs]) :- subst(A, X, Y, Z, B), subst_all(As, X, Y, Z, Bs).

% The same constraints decided by arithmetic over integers.
holds_all([], _, _, _).
holds_all([C|Cs], A, B, D) :- holds(C, A, B, D), holds_all(Cs, A, B, D).

holds(C, A, B, D) :- truth(C, A, B, D, T), T =:= 1.

truth(#<==>(P, Q), A, B, D, T) :- !, truth(P, A, B, D, TP), truth(Q, A, B, D, TQ), ( TP =:= TQ -> T = 1 ; T = 0 ).
truth(#==>(P, Q), A, B, D, T) :- !, truth(P, A, B, D, TP), truth(Q, A, B, D, TQ), T is max(1 - TP, TQ).
truth(#\/(P, Q), A, B, D, T) :- !, truth(P, A, B, D, TP), truth(Q, A, B, D, TQ), T is max(TP, TQ).
truth(#/\(P, Q), A, B, D, T) :- !, truth(P, A, B, D, TP), truth(Q, A, B, D, TQ), T is min(TP, TQ).
truth(#\(P), A, B, D, T) :- !, truth(P, A, B, D, TP), T is 1 - TP.
truth(C, A, B, D, T) :-
    C =.. [Op, L, R],
    value(L, A, B, D, VL), value(R, A, B, D, VR),
    rel(Op, Ar),
    G =.. [Ar, VL, VR],
    ( call(G) -> T = 1 ; T = 0 ).

rel(#=, =:=). rel(#\=, =\=). rel(#<, <). rel(#>, >). rel(#=<, =<). rel(#>=, >=).

value(x, A, _, _, A) :- !.
value(y, _, B, _, B) :- !.
value(z, _, _, D, D) :- !.
value(T, _, _, _, T) :- integer(T), !.
value(T, A, B, D, V) :-
    T =.. [F|As], values(As, A, B, D, Ws), G =.. [F|Ws], V is G.

values([], _, _, _, []).
values([E|Es], A, B, D, [W|Ws]) :- value(E, A, B, D, W), values(Es, A, B, D, Ws).
