% Cyclic terms (rational trees), which `X = f(X)` makes because unification has no occurs
% check: every builtin must end on them, with SWI-Prolog's answer. Each case runs inside
% catch/3 and prints its result or the formal part of its error; cyclic results print in
% SWI-Prolog's factorized form `@(Template, [S_1 = ...])`. The golden output is SWI-Prolog's
% (tests/golden/regen.sh). Cases whose text holds variable names, which differ between
% systems (write_canonical/1, term_to_atom/2 text, free variables), are checked by shape
% instead.

:- set_prolog_flag(double_quotes, string).

case(copy_term,        (X = f(X), copy_term(X, Y)), Y).
case(copy_shared,      (X = f(X), copy_term(g(X, X), Y)), Y).
case(findall,          (X = f(X), findall(X, true, L)), L).
case(findall_many,     (X = [a|X], findall(X-N, between(1, 3, N), L)), L).
case(assertz,          (X = f(X), assertz(cyclic_p(X))), asserted).
case(asserta_body,     (X = f(X), asserta((cyclic_q :- cyclic_r(X)))), asserted).
case(throw,            (X = f(X), catch(throw(X), B, true)), B).
case(nb_setval,        (X = f(X), nb_setval(cyclic_k, X), nb_getval(cyclic_k, V)), V).
case(b_setval,         (X = g(X, 1), b_setval(cyclic_b, X), b_getval(cyclic_b, V)), V).
case(unify,            (X = f(X), Y = f(Y), X = Y), unified).
case(unify_fail,       (X = f(X, a), Y = f(Y, b), \+ X = Y), not_unified).
case(unify_offset,     (X = f(X), Y = f(f(Y)), X = Y), unified).
case(not_unifiable,    (X = f(X), Y = f(Y), X \= Y), not_unifiable).
case(equal,            (X = f(X), Y = f(Y), X == Y), equal).
case(not_equal,        (X = f(X, a), Y = f(Y, b), X \== Y), not_equal).
case(compare_eq,       (X = f(X), Y = f(Y), compare(O, X, Y)), O).
case(compare_lt,       (X = f(X, a), Y = f(Y, b), compare(O, X, Y)), O).
case(compare_gt,       (X = f(X, b), Y = f(Y, a), compare(O, X, Y)), O).
case(compare_mixed,    (X = [a|X], compare(O, X, [a, a, a])), O).
case(variant,          (X = f(X), Y = f(Y), X =@= Y), variant).
case(ground,           (X = f(X), ground(X)), ground).
case(not_ground,       (X = f(X, _), \+ ground(X)), not_ground).
case(term_variables,   (X = f(X, A, g(B, X, A)), term_variables(X, Vs), Vs == [A, B]), same_vars).
case(length,           (X = [a|X], length(X, _)), no_error).
case(length_lasso,     (X = [a, b, c|Y], Y = [d|Y], length(X, _)), no_error).
case(is_list,          (X = [a|X], \+ is_list(X)), not_a_list).
case(msort,            (X = [a|X], msort(X, Y)), Y).
case(msort_lasso,      (X = [b, a|X], msort(X, Y)), Y).
case(sort,             (X = [b, a|X], sort(X, Y)), Y).
case(sort4_set,        (X = [c, a, b|X], sort(0, @>, X, Y)), Y).
case(sort4_bag,        (X = [a|X], sort(0, @=<, X, Y)), Y).
case(keysort,          (X = [b-1, a-2|X], keysort(X, Y)), Y).
case(sort_cyclic_elts, (X = f(X, b), Y = f(Y, a), msort([X, Y, X], S)), S).
case(occurs_check_var, (X = f(X), unify_with_occurs_check(X, Y)), Y).
case(occurs_check_cyc, (X = f(X), Y = f(Y), unify_with_occurs_check(X, Y)), unified).
case(occurs_check_no,  (X = f(X), \+ unify_with_occurs_check(X, g(Z, Z)), \+ unify_with_occurs_check(Z, f(Z))), failed).
case(numbervars,       (X = f(X, _, _), numbervars(X, 0, E)), E-X).
case(acyclic_term,     (X = f(X), \+ acyclic_term(X), acyclic_term(f(Y, Y))), acyclic_answers).
case(cyclic_term,      (X = [a|X], cyclic_term(X), \+ cyclic_term(f(_))), cyclic_answers).
case(atom_codes,       (X = [0'a|X], atom_codes(_, X)), no_error).
case(atom_chars,       (X = [a|X], atom_chars(_, X)), no_error).
case(univ,             (X = f(X), X =.. L), L).
case(setof,            (X = f(X), setof(Y, member(Y, [X, X]), L)), L).
case(call_cyclic,      (X = (true, X), call(X)), called).
case(term_to_atom,     (X = f(X), term_to_atom(X, A), term_to_atom(T, A), T = @(S, [S1 = F]), S == S1, F = f(S2), S2 == S), round_trip).
case(write_canonical,  (X = f(X), with_output_to(string(Str), write_canonical(X)), term_string(T, Str), T = @(S, [=(S1, F)]), S == S1, F = f(S2), S2 == S), round_trip).

% Output of write/1, print/1, writeq/1 and format/2 on cyclic terms of several shapes.
shape(one_compound,    X, X = f(X)).
shape(two_compounds,   X, (X = f(Y), Y = g(X))).
shape(two_cycles,      X, (X = f(X, Y), Y = g(Y))).
shape(mutual,          h(X, Y), (X = f(Y), Y = g(X))).
shape(cyclic_list,     X, X = [a, b|X]).
shape(list_of_cycle,   Y, (X = [a|X], Y = [X|Y])).
shape(inside_acyclic,  t(1, X, [X], "s", 'A b'), X = f(X)).
shape(shared_acyclic,  p(Z, Z), (X = f(X), Z = q(X))).
shape(operators,       X, X = -(X)).
shape(op_clause,       X, X = (a :- X, b)).
shape(var_inside,      X-V, X = f(X, V)).

show(T) :- write(T), nl.

run_case(Name) :-
    case(Name, Goal, Result),
    write(Name), write(': '),
    catch(( call(Goal) -> show(Result) ; show(failed) ),
          error(E, _),
          show(error(E))).

run_shape(Name) :-
    shape(Name, T, Goal),
    call(Goal),
    write(Name), nl,
    (   ground(T)
    ->  write('  write:   '), write(T), nl,
        write('  print:   '), print(T), nl,
        write('  writeq:  '), writeq(T), nl,
        format("  format:  ~w ~q ~p~n", [T, T, T])
    ;   true
    ),
    \+ \+ ( numbervars(T, 0, _), write('  numbervars: '), print(T), nl ).

% Random rational trees from a fixed generator: nodes f/1..3, g/1..3 and list pairs whose
% arguments are other nodes, `a` or `[]`; written, compared and unified pairwise.
lcg(S0, S, R, M) :- S is (S0 * 1103515245 + 12345) mod 2147483648, R is (S // 65536) mod M.

random_tree(S0, S, T) :-
    lcg(S0, S1, N0, 8), N is N0 + 1,
    length(Vs, N),
    fill(Vs, Vs, S1, S),
    Vs = [T|_].

fill([], _, S, S).
fill([V|Vs], All, S0, S) :-
    lcg(S0, S1, K, 3), Ar is K + 1,
    lcg(S1, S2, F, 3), nth0(F, [f, g, list], Name),
    ( Name == list -> Args = [H, Tl], V = [H|Tl] ; length(Args, Ar), V =.. [Name|Args] ),
    fill_args(Args, All, S2, S3),
    fill(Vs, All, S3, S).

fill_args([], _, S, S).
fill_args([A|As], All, S0, S) :-
    length(All, N), M is N + 2,
    lcg(S0, S1, K, M),
    ( K < N -> nth0(K, All, A) ; K =:= N -> A = a ; A = [] ),
    fill_args(As, All, S1, S).

random_case(I) :-
    S0 is I * 7919,
    random_tree(S0, S1, T1),
    random_tree(S1, _, T2),
    compare(O, T1, T2),
    ( T1 = T2 -> U = unifiable ; U = not_unifiable ),
    copy_term(T1, C),
    ( C == T1 -> K = copy_equal ; K = copy_differs ),
    ( acyclic_term(T1) -> A = acyclic ; A = cyclic ),
    write(I), write(' '), write(T1), write(' '), write(O), write(' '),
    write(U), write(' '), write(K), write(' '), write(A), nl.

% Terms that share subterms: small on the heap, exponential when written out (2^40 leaves at
% depth 40), built twice apart, then unified, compared and tested for equality. A walk along
% every path would not end.
dag(0, Leaf, Leaf) :- !.
dag(N, Leaf, T) :-
    M is N - 1,
    dag(M, Leaf, S),
    ( N mod 3 =:= 0 -> T = [S|S] ; T = d(S, x, S) ).

dag_pair(same,       A, B) :- dag(40, a, A), dag(40, a, B).
dag_pair(leaf,       A, B) :- dag(40, a, A), dag(40, b, B).
dag_pair(last_half,  d(L, R1), d(L, R2)) :- dag(30, a, L), dag(30, a, R1), dag(30, c, R2).
dag_pair(first_half, d(L1, R), d(L2, R)) :- dag(30, b, L1), dag(30, a, L2), dag(30, a, R).

dag_case(Name) :-
    dag_pair(Name, A, B),
    compare(O, A, B),
    ( A == B -> E = equal ; E = not_equal ),
    ( \+ A \= B -> U = unifiable ; U = not_unifiable ),
    ( unify_with_occurs_check(A, B) -> C = occurs_unifiable ; C = occurs_not_unifiable ),
    write(dag(Name, O, E, U, C)), nl.

dag_vars :-
    dag(40, X, A), dag(40, Y, B), A = B, X == Y,
    dag(40, V, C), dag(40, W, D), unify_with_occurs_check(C, D), V == W,
    write(dag_vars_unified), nl.

main :-
    forall(case(Name, _, _), run_case(Name)),
    forall(shape(Name, _, _), run_shape(Name)),
    forall(between(1, 150, I), random_case(I)),
    forall(dag_pair(Name, _, _), dag_case(Name)),
    dag_vars.
