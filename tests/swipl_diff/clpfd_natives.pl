% library(clpfd) where its natives meet what they leave to the Prolog definitions (bounds past
% the small integers, sums that leave them) and where they decide (holes, exclusion, counting
% for all_distinct, linear bounds with infinite ends): domains after propagation and answers.
:- use_module(library(clpfd)).

dom(Name, X) :- fd_dom(X, D), format("~w: ~q~n", [Name, D]).
all(Name, T, G) :- findall(T, G, Ts), format("~w: ~q~n", [Name, Ts]).

main :-
    Big is 10^20,
    A in 0..Big, A #> 5, A #\= 7, dom(big_dom, A),
    B in 1..3, C #= B * Big, dom(big_product, C),
    D in 0..10, E #= D + Big, dom(big_sum, E), fd_size(E, ES), format("big_size: ~w~n", [ES]),
    F in -5..5, F #\= 0, F #\= 3, dom(holes, F), fd_size(F, FS), format("holes_size: ~w~n", [FS]),
    G #> 3, dom(half_infinite, G), H #< G, dom(below, H),
    [I, J] ins 1..2, all_distinct([I, J, K]), K in 1..3, dom(pigeon, K),
    all(distinct, L, (length(L, 3), L ins 1..3, all_distinct(L), label(L))),
    Big2 is Big + 2, all(big_label, X, (X in Big..Big2, X #\= Big + 1, label([X]))),
    M in 1..100, N in 1..100, 3 * M + 5 * N #= 101, M #> N, dom(lin_m, M), dom(lin_n, N),
    all(lin, M1-N1, ([M1, N1] ins 0..20, 3 * M1 - 2 * N1 #= 7, M1 + N1 #=< 12, label([M1, N1]))),
    P in 0..sup, Q in inf..10, P + Q #= 4, dom(inf_p, P), dom(inf_q, Q),
    R in 1..10, R #\= 1, R #\= 10, R #\= 5, dom(excluded, R),
    S in 1..3 \/ 5..7, T in 0..4 \/ 6..9, S #= T, dom(union_s, S).
