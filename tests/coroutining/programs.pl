% Coroutining cases run by SWI-Prolog (to make programs.out) and by ply (to compare with it).
% Each case prints its name, what it writes while running, and how it ended; answers are
% written with writeq, residual goals through copy_term/3.

t(Name, Goal) :-
    format("~w: ", [Name]),
    catch(( call(Goal) -> R = yes ; R = no ), E, R = ex(E)),
    (   R = ex(error(F, _)) -> writeq(error(F)) ; writeq(R) ),
    nl.

show(T) :-
    copy_term(T, C, Gs),
    numbervars(C-Gs, 0, _),
    print(C-Gs).

% A user attribute with its hook and its residual goals: a finite domain.
domain(X, Dom) :-
    var(Dom), !,
    get_attr(X, user, Dom).
domain(X, List) :-
    sort(List, Domain),
    put_attr(Y, user, Domain),
    X = Y.

attr_unify_hook(Domain, Y) :-
    (   get_attr(Y, user, Dom2)
    ->  ord_intersection(Domain, Dom2, NewDomain),
        (   NewDomain == [] -> fail
        ;   NewDomain = [Value] -> Y = Value
        ;   put_attr(Y, user, NewDomain)
        )
    ;   var(Y)
    ->  put_attr(Y, user, Domain)
    ;   ord_memberchk(Y, Domain)
    ).

attribute_goals(X) -->
    { get_attr(X, user, List) },
    [domain(X, List)].

count(0) :- !.
count(N) :-
    freeze(X, true), X = N,
    dif(Y, N), Y = z,
    N1 is N - 1,
    count(N1).

garbage(0) :- !.
garbage(N) :- length(_, 50), N1 is N - 1, garbage(N1).

% Woken goals inside a clause's own control constructs: a soft-cut's condition wakes before
% the commit, and the alternatives of goals woken before a builtin stay (the builtin keeps the
% clause's temporaries in registers across the wakeup).
soft_wake_fail :- freeze(X, fail), ( X = 1 *-> write(then) ; write(else) ).
soft_wake_dif :- dif(X, a), ( X = a *-> write(then) ; write(else) ).
wake_alts_unify :- freeze(X, member(Y, [a, b])), ( X = 1, write(Y), write(' '), fail ; true ).
wake_alts_builtin :-
    freeze(X, member(Y, [a, b])),
    ( atom_length(abc, X), write(Y), write(' '), fail ; true ).
wake_alts_softcut :-
    freeze(X, member(Y, [a, b])),
    ( ( X = 1 *-> write(Y), write(' '), fail ; write(else) ) ; true ).
wake_keeps_temps(Z) :-
    freeze(X, (length(_, 3), true)), T = f(Z, g(Z)), X = 1, atom_length(ab, L), write(T-L).
wake_then_cut(Y) :- freeze(X, member(Y, [a, b])), X = 1, atom(Y), !.

main :-
    t(freeze_now, (freeze(a, write(now)))),
    t(freeze_later, (freeze(X1, (write(woke(X1)), write(' '))), write(before), write(' '), X1 = 1, write(after))),
    t(freeze_order, (freeze(X2, write(a)), freeze(X2, write(b)), X2 = 1)),
    t(freeze_fail, (freeze(X3, fail), X3 = 1)),
    t(freeze_alias, (freeze(X4, write(x4)), freeze(Y4, write(y4)), X4 = Y4, write(' aliased '), Y4 = 1)),
    t(freeze_backtrack, (freeze(X5, (write(X5), write(' '))), member(X5, [a, b, c]), X5 == c)),
    t(freeze_residual, (freeze(X6, writeln(hi)), show(X6))),
    t(frozen, (freeze(X7, true), frozen(X7, G7), copy_term_nat(G7, C7), numbervars(C7, 0, _), print(C7))),
    t(frozen_none, (frozen(_, G8), writeq(G8))),
    t(freeze_in_findall, (findall(X9, (freeze(X9, write(w)), member(X9, [1, 2])), L9), writeq(L9))),
    t(freeze_head, (freeze(X10, write(h)), atom_length(abc, X10), write(X10))),
    t(put_get, (put_attr(X11, m, 1), get_attr(X11, m, V11), writeq(V11))),
    t(put_twice, (put_attr(X12, m, 1), put_attr(X12, m, 2), get_attr(X12, m, V12), writeq(V12))),
    t(put_undo, (put_attr(X13, m, 1), ( put_attr(X13, m, 2), fail ; get_attr(X13, m, V13) ), writeq(V13))),
    t(put_undo_new, (( put_attr(X14, m, 1), fail ; true ), \+ attvar(X14))),
    t(del_attr, (put_attr(X15, m, 1), del_attr(X15, m), \+ get_attr(X15, m, _), \+ attvar(X15))),
    t(attvar, (put_attr(X16, m, 1), attvar(X16), \+ attvar(_), \+ attvar(a))),
    t(get_attr_plain, get_attr(_, m, _)),
    t(put_attr_bound, put_attr(a, m, 1)),
    t(put_attr_module, put_attr(_, 1, 1)),
    t(put_attr_residual, (put_attr(X17, m, f(Y17)), show(X17-Y17))),
    t(term_attvars, (put_attr(X18, m, Y18), put_attr(Y18, m, 1), term_attvars(f(X18, _), Vs18), length(Vs18, N18), writeq(N18))),
    t(copy_term_attrs, (freeze(X19, write(copy)), copy_term(X19, Y19), Y19 = 1)),
    t(copy_term_nat, (freeze(X20, true), copy_term_nat(X20, Y20), \+ attvar(Y20))),
    t(domain_narrow, (domain(X21, [a, b, c]), domain(X21, [b, c, d]), show(X21))),
    t(domain_single, (domain(X22, [a, b, c]), domain(X22, [c, d]), writeq(X22))),
    t(domain_fail, (domain(X23, [a, b]), X23 = c)),
    t(domain_ok, (domain(X24, [a, b]), X24 = b)),
    t(domain_alias, (domain(X25, [a, b, c]), domain(Y25, [b, c, d]), X25 = Y25, show(Y25))),
    t(dif_atoms, dif(a, b)),
    t(dif_same, dif(a, a)),
    t(dif_var, (dif(X26, a), show(X26))),
    t(dif_bind_fail, (dif(X27, a), X27 = a)),
    t(dif_bind_ok, (dif(X28, a), X28 = b)),
    t(dif_vars, (dif(X29, Y29), X29 = Y29)),
    t(dif_vars_later, (dif(X30, Y30), X30 = 1, Y30 = 1)),
    t(dif_struct, (dif(f(X31, Y31), f(a, b)), show(X31-Y31))),
    t(dif_struct_half, (dif(f(X32, Y32), f(a, b)), X32 = a, show(Y32))),
    t(dif_struct_fail, (dif(f(X33, Y33), f(a, b)), X33 = a, Y33 = b)),
    t(dif_struct_ok, (dif(f(X34, Y34), f(a, b)), X34 = a, Y34 = c)),
    t(dif_jointly, dif(f(X35, X35), f(a, b))),
    t(dif_lists, (dif([A36|B36], [1|C36]), A36 = 1, B36 = C36)),
    t(dif_lists_ok, (dif([A37|B37], [1|C37]), A37 = 1, B37 = [x], C37 = [y])),
    t(dif_findall, (findall(X38, (dif(X38, b), member(X38, [a, b, c])), L38), writeq(L38))),
    t(dif_two, (dif(X39, a), dif(X39, b), show(X39))),
    t(dif_deep, (dif(X40, Y40), X40 = f(Z40), Y40 = f(W40), Z40 = W40)),
    t(dif_deep_ok, (dif(X41, Y41), X41 = f(Z41), Y41 = f(W41), Z41 = 1, W41 = 2)),
    t(dif_after_alias, (dif(X42, a), X42 = Y42, show(Y42))),
    t(when_nonvar, (when(nonvar(X43), write(w43)), write(' before '), X43 = f(_))),
    t(when_ground, (when(ground(f(X44, Y44)), write(g44)), X44 = 1, write(' half '), Y44 = 2)),
    t(when_ground_now, when(ground(a), write(now))),
    t(when_or, (when((nonvar(X45) ; nonvar(Y45)), write(or45)), Y45 = 1, X45 = 2)),
    t(when_and, (when((nonvar(X46), nonvar(Y46)), write(and46)), X46 = 1, write(' one '), Y46 = 2)),
    t(when_eq, (when(?=(X47, Y47), write(eq47)), X47 = Y47)),
    t(when_neq, (when(?=(X48, Y48), write(neq48)), X48 = a, write(' a '), Y48 = b)),
    t(when_residual, (when(ground(X49-Y49), true), show(X49-Y49))),
    t(when_domain, when(foo, true)),
    t(when_inst, when(_, true)),
    t(eq_decided, (?=(a, b), ?=(X50, X50), \+ ?=(_, _))),
    t(unifiable, (unifiable(f(X51, b), f(a, Y51), U51), show(U51-X51-Y51))),
    t(gc_many, count(20000)),
    t(gc_survives, (dif(X52, a), garbage(20000), X52 = a)),
    t(gc_survives_ok, (freeze(X53, write(kept)), garbage(20000), X53 = 1)),
    t(soft_wake_fail, soft_wake_fail),
    t(soft_wake_dif, soft_wake_dif),
    t(wake_alts_unify, wake_alts_unify),
    t(wake_alts_builtin, wake_alts_builtin),
    t(wake_alts_softcut, wake_alts_softcut),
    t(wake_keeps_temps, wake_keeps_temps(z)),
    t(wake_then_cut, (findall(Y54, wake_then_cut(Y54), L54), writeq(L54))),
    t(wake_before_cond, (freeze(X55, fail), wake_cond(X55))),
    t(wake_before_not, (freeze(X56, fail), wake_not(X56))),
    t(wake_before_disj, (freeze(X57, fail), wake_disj(X57))),
    t(wake_head_cond, (freeze(X58, fail), wake_head_cond(X58))),
    t(wake_exit_cond, (freeze(X59, (write(woken59), fail)), wake_exit_cond(X59))),
    t(wake_cond_ok, (freeze(X60, write(woken60)), wake_cond(X60))).

% A woken goal runs in the conjunction that bound the variable, before a control construct
% that comes next opens: its failure fails that conjunction, not the condition, the negation
% or the first branch of a disjunction.
wake_q.
wake_cond(X) :- X = 1, ( wake_q -> write(then) ; write(else) ).
wake_not(X) :- X = 1, \+ wake_q, write(negation).
wake_disj(X) :- X = 1, ( wake_q, write(first) ; write(second) ).
wake_head_cond(1) :- ( wake_q -> write(then) ; write(else) ).
wake_bind(1).
wake_exit_cond(X) :- wake_bind(X), ( wake_q -> write(then) ; write(else) ).
