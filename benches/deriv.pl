% deriv: symbolic differentiation of four expressions, repeated.
% Measures structure building and clause selection on compound terms.

d(U+V, X, DU+DV) :- !,
    d(U, X, DU),
    d(V, X, DV).
d(U-V, X, DU-DV) :- !,
    d(U, X, DU),
    d(V, X, DV).
d(U*V, X, DU*V+U*DV) :- !,
    d(U, X, DU),
    d(V, X, DV).
d(U/V, X, (DU*V-U*DV)/(^(V,2))) :- !,
    d(U, X, DU),
    d(V, X, DV).
d(^(U,N), X, DU*N*(^(U,N1))) :-
    integer(N), !,
    N1 is N - 1,
    d(U, X, DU).
d(-U, X, -DU) :- !,
    d(U, X, DU).
d(exp(U), X, exp(U)*DU) :- !,
    d(U, X, DU).
d(log(U), X, DU/U) :- !,
    d(U, X, DU).
d(X, X, 1) :- !.
d(_, _, 0).

expr(1, x+1).
expr(2, ((((((((x+1)*(^(x,2)+2))*(^(x,3)+3))*(^(x,4)+4))*(^(x,5)+5))*(^(x,6)+6))*(^(x,7)+7))*(^(x,8)+8))).
expr(3, log(log(log(log(log(log(log(log(log(log(x))))))))))).
expr(4, ((((((((x/x)/x)/x)/x)/x)/x)/x)/x)/x).
expr(5, x*x*x*x*x*x*x*x*x*x).
expr(6, exp(x*x)*log(x/(x+1))).

% size(T, N): the number of nodes of term T, to print a short check value.
size(T, N) :-
    size(T, 0, N).
size(T, N0, N) :-
    compound(T), !,
    functor(T, _, A),
    N1 is N0 + 1,
    size_args(A, T, N1, N).
size(_, N0, N) :-
    N is N0 + 1.
size_args(0, _, N, N) :- !.
size_args(I, T, N0, N) :-
    arg(I, T, A),
    size(A, N0, N1),
    I1 is I - 1,
    size_args(I1, T, N1, N).

all_derivs(I, S, S) :-
    I > 6, !.
all_derivs(I, S0, S) :-
    expr(I, E),
    d(E, x, D),
    size(D, N),
    S1 is S0 + N,
    I1 is I + 1,
    all_derivs(I1, S1, S).

work(S) :-
    all_derivs(1, 0, S).

bench :-
    rounds(6000, S),
    expr(6, E),
    d(E, x, D),
    format('deriv: 6000 rounds, total size ~d, d(~w) = ~w~n', [S, E, D]).

% The rounds/2 harness is shared: see harness.pl.
:- ensure_loaded(harness).
