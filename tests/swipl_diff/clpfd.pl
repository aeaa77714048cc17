% library(clpfd) against swipl: answers, domains after propagation, labeling orders,
% reification, global constraints and errors.
:- use_module(library(clpfd)).

all(Name, T, G) :- findall(T, G, Ts), format("~w: ~q~n", [Name, Ts]).
dom(Name, X) :- fd_dom(X, D), format("~w: ~q~n", [Name, D]).
err(Name, G) :- catch((G -> R = true ; R = false), error(E, _), R = E), format("~w: ~q~n", [Name, R]).

main :-
    X1 #= 3 + 4 * 2, format("ground: ~w~n", [X1]),
    err(ground_lt, 3 #< 4), err(ground_gt, 3 #> 4), err(ground_ne, 3 #\= 3),
    err(expr_atom, _ #= a), err(expr_float, _ #= 1.5), err(dom_atom, _ in a..3),
    err(bind_atom, (Z in 1..3, Z = a)), err(bind_out, (Z2 in 1..3, Z2 = 5)),
    err(label_inf, (Y #> 3, label([Y]))), err(label_atom, label([a])),
    err(bad_option, (W in 1..2, labeling([foo], [W]))),
    err(ins_var, _ ins 1..3), err(in_var, _ in _),
    A in 1..10, A #> 3, A #\= 5, A #=< 8, dom(bounds, A),
    B in 0..20, C in 0..20, B + C #= 30, dom(sum_b, B), fd_inf(C, CI), fd_sup(C, CS), fd_size(C, CZ),
    format("sum_c: ~w ~w ~w~n", [CI, CS, CZ]),
    D in 1..5, E #= D * D, dom(square, E),
    F in -3..4, G #= abs(F), dom(abs, G),
    H in 0..20, I #= H // 3, dom(div, I), J #= H mod 7, dom(mod, J),
    K in -10..10, L #= max(K, 3), dom(max, L), M #= min(K, 3), dom(min, M),
    N in 2..4, O #= N ^ 3, dom(pow, O),
    P1 * Q1 #= 12, [P1, Q1] ins 1..12, all(factors, P1-Q1, label([P1, Q1])),
    all(up, V, (V in 1..4, labeling([up], [V]))),
    all(down, V, (V in 1..4, labeling([down], [V]))),
    all(bisect, V-U, ([V, U] ins 1..3, V #< U, labeling([bisect], [V, U]))),
    all(enum_down, V-U, ([V, U] ins 1..3, V #\= U, labeling([enum, down], [V, U]))),
    all(ff, V-U, (V in 1..5, U in 1..2, V #> U, labeling([ff], [V, U]))),
    all(min, V-U, ([V, U] ins 0..3, V + U #>= 3, labeling([min(V + 2 * U)], [V, U]))),
    all(max, V, (V in 1..5, labeling([max(V)], [V]))),
    all(reif, X-R, (X in 0..4, R #<==> X #> 2, label([X, R]))),
    all(impl, X-R, ([X, R] ins 0..2, R #= 1 #==> X #= 2, label([X, R]))),
    all(disj, X-R, ([X, R] ins 0..2, X #= 0 #\/ R #= 0, label([X, R]))),
    all(conj, X-R, ([X, R] ins 0..2, X #> 0 #/\ R #< 2, label([X, R]))),
    all(neg, X, (X in 0..3, #\ X #= 1, label([X]))),
    all(count, Cnt, (length(Ls, 3), Ls ins 0..1, sum(Ls, #=, 2), label(Ls), Cnt = Ls)),
    all(scalar, Ls, (Ls = [_, _], Ls ins 0..5, scalar_product([2, 3], Ls, #=, 12), label(Ls))),
    all(element, I2-V2, (element(I2, [10, 20, 30], V2), V2 #> 15, label([I2]))),
    all(tuples, T1-T2, (tuples_in([[T1, T2]], [[1, 2], [2, 3], [3, 1]]), T1 #> 1, label([T1, T2]))),
    all(gcc, Gs, (length(Gs, 3), global_cardinality(Gs, [1-2, 2-1]), label(Gs))),
    all(distinct, Ds, (length(Ds, 3), Ds ins 1..3, all_distinct(Ds), Ds = [3|_], label(Ds))),
    all(unify, X-R, ([X, R] ins 0..3, X #> 1, R #< 3, X = R)),
    all(equation, X, (3 * X + 2 #= 11)),
    all(nosol, X, (2 * X #= 7)),
    all(rem, X-R, (X in -5..5, R #= X rem 3, X #< -3, label([X]))),
    all(pow2, X, (X * X #= 49)),
    true.
