% library(clpfd) against swipl: products and squares narrow their factors (a product that
% cannot be 0 has no factor 0, a square bounds its root), and the residual goals of a
% constraint with parts hold all of it: posted again on fresh variables they have the same
% solutions as the original.
:- use_module(library(clpfd)).

dom(Name, X) :- fd_dom(X, D), format("~w: ~q~n", [Name, D]).

% Solutions of Vs after Goal, and of a copy of Vs under Goal's residual goals alone.
again(Name, Vs, Goal) :-
    findall(Vs, (call(Goal), label(Vs)), Direct),
    findall(Cs, (call(Goal), copy_term(Vs, Cs, Gs), maplist(call, Gs), label(Cs)), Again),
    (   Direct == Again -> R = same ; R = differ(Direct, Again) ),
    length(Direct, N),
    format("~w: ~w ~w~n", [Name, N, R]).

main :-
    ( X in 0..10, Y in 0..10, X*Y #= 20, dom(product_x, X), dom(product_y, Y) ),
    ( A*A #= B, B in 0..49, dom(square_root, A) ),
    ( C in 0..20, C*C #< 30, dom(square_lt, C) ),
    ( D #= E*E, D in 10..20, dom(square_d, D), dom(square_e, E) ),
    ( H in 0..3, I #= H*H, I #\= 4, dom(square_hole, H) ),
    again(square_lt, [P], (P in 0..20, P*P #< 30)),
    again(product_lt, [P, Q], (P*Q #< 30, [P, Q] ins 0..10)),
    again(reified_true, [P, Q], (B1 #<==> (P #> Q), B1 = 1, [P, Q] ins 0..3)),
    again(reified_false, [P, Q], (B2 #<==> (P #> Q + 1), B2 = 0, [P, Q] ins 0..3)),
    again(product_plus, [P, Q, R], (P #= Q*R + 1, [Q, R] ins 1..3)),
    again(abs_diff, [P, Q], (P in 1..3, Q #= abs(P - 5))),
    again(abs_sum, [P, Q, R], (P #= abs(Q) + abs(R), [Q, R] ins -2..2)),
    again(disjunction, [P, Q], (B3 #<==> (P #= Q #\/ P #> 2), B3 = 1, [P, Q] ins 0..3)),
    again(implication, [P, Q], (P #> 1 #==> Q #< P*P, [P, Q] ins 0..4)).
