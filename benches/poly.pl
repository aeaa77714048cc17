% poly: expansion of (1+x+y+z)^N by repeated polynomial multiplication.
% A polynomial is a list of C-m(I,J,K) (coefficient C of x^I*y^J*z^K),
% sorted by monomial in decreasing standard order. Measures term
% comparison, arithmetic and list merging.

base([1-m(1,0,0), 1-m(0,1,0), 1-m(0,0,1), 1-m(0,0,0)]).

% mul(P, Q, R): R = P * Q.
mul([], _, []).
mul([T|Ts], Q, R) :-
    mul_term(Q, T, R1),
    mul(Ts, Q, R2),
    add(R1, R2, R).

mul_term([], _, []).
mul_term([C1-m(I1,J1,K1)|Ts], C-m(I,J,K), [C2-m(I2,J2,K2)|Rs]) :-
    C2 is C1 * C,
    I2 is I1 + I,
    J2 is J1 + J,
    K2 is K1 + K,
    mul_term(Ts, C-m(I,J,K), Rs).

% add(P, Q, R): R = P + Q, merging the two sorted lists.
add([], Q, Q) :- !.
add(P, [], P) :- !.
add([C1-M1|P], [C2-M2|Q], R) :-
    compare(Order, M1, M2),
    add(Order, C1-M1, P, C2-M2, Q, R).

add(=, C1-M, P, C2-_, Q, [C-M|R]) :-
    C is C1 + C2,
    add(P, Q, R).
add(>, T1, P, T2, Q, [T1|R]) :-
    add(P, [T2|Q], R).
add(<, T1, P, T2, Q, [T2|R]) :-
    add([T1|P], Q, R).

power(0, _, [1-m(0,0,0)]) :- !.
power(N, P, R) :-
    N1 is N - 1,
    power(N1, P, R1),
    mul(R1, P, R).

stats([], N, N, S, S, M, M).
stats([C-_|Ts], N0, N, S0, S, M0, M) :-
    N1 is N0 + 1,
    S1 is S0 + C,
    ( C > M0 -> M1 = C ; M1 = M0 ),
    stats(Ts, N1, N, S1, S, M1, M).

work(R) :-
    base(B),
    power(10, B, R).

bench :-
    rounds(60, R),
    stats(R, 0, N, 0, S, 0, M),
    format('poly: 60 x (1+x+y+z)^10, ~d terms, coefficient sum ~d, largest ~d~n', [N, S, M]).

% The rounds/2 harness is shared: see harness.pl.
:- ensure_loaded(harness).
