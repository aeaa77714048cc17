/*  ply library: bagof/3, setof/3 and ^/2.

    Plain clauses loaded into ply's system at start-up.  bagof/3 is the
    classic construction over findall/3: the free variables of the goal
    (those neither in the template nor existentially bound with ^) form a
    witness term; all Witness-Template pairs are collected and the groups
    of pairs whose witnesses are variants become the bags, one per
    solution, in sorted order of the witness.  Helpers carry a '$'
    prefix so they never clash with user programs.
*/

%   Var^Goal outside bagof/setof simply calls Goal.
_ ^ Goal :-
    call(Goal).

bagof(Template, Goal0, Bag) :-
    '$bagof_closed'(Template, Goal0),
    !,
    findall(Template, Goal0, Bag0),
    Bag0 \== [],
    Bag = Bag0.
bagof(Template, Goal0, Bag) :-
    '$bagof_strip'(Goal0, Goal, Bound0),
    term_variables(Template+Bound0, Bound),
    '$bagof_goal_vars'(Goal, GoalVars),
    '$bagof_free'(GoalVars, Bound, Free),
    (   Free == []
    ->  findall(Template, Goal, Bag0),
        Bag0 \== [],
        Bag = Bag0
    ;   Witness =.. ['$w'|Free],
        findall(Witness-Template, Goal, Pairs),
        Pairs \== [],
        '$bagof_groups'(Pairs, Witness, Bag)
    ).

%   '$bagof_closed'(+Template, +Goal): every variable of Goal is one of
%   Template's, so no variable can be free and the one bag is findall's
%   (a ^ prefix left on Goal then only calls what it quantifies).  The
%   commonest call, bagof(X, p(Known, X), L), takes this way without the
%   analysis below.  It is a fast path: with the fast paths off
%   ('$fast_paths' fails) every call takes the general clause.
'$bagof_closed'(Template, Goal) :-
    '$fast_paths',
    nonvar(Goal),
    term_variables(Goal, GoalVars),
    term_variables(Template, TemplateVars),
    '$bagof_all_in'(GoalVars, TemplateVars).

'$bagof_all_in'([], _).
'$bagof_all_in'([V|Vs], TemplateVars) :-
    '$bagof_var_in'(TemplateVars, V),
    '$bagof_all_in'(Vs, TemplateVars).

'$bagof_var_in'([W|Ws], V) :-
    (   W == V
    ->  true
    ;   '$bagof_var_in'(Ws, V)
    ).

setof(Template, Goal, Set) :-
    bagof(Template, Goal, Bag),
    sort(Bag, Set).

%   '$bagof_strip'(+Goal0, -Goal, -Bound): remove the V^ prefixes; Bound
%   collects the existentially quantified terms.  An unbound goal is an
%   instantiation error, as in findall/3.
'$bagof_strip'(Goal0, Goal, Bound) :-
    (   var(Goal0)
    ->  throw(error(instantiation_error, context('$bags':findall_loop/4, _)))
    ;   Goal0 = V^G0
    ->  Bound = [V|Bound1],
        '$bagof_strip'(G0, Goal, Bound1)
    ;   Goal = Goal0,
        Bound = []
    ).

%   '$bagof_goal_vars'(+Goal, -Vars): the variables of Goal that can be
%   free, in order of first occurrence.  A variable met only where a
%   nested construct makes it local is left out, as in the classic
%   definitions of bagof/3 and in SWI-Prolog and GNU Prolog: the template
%   and ^-quantified variables of a nested bagof/3 or setof/3, all of a
%   findall/3's template and goal (its result stays free), and everything
%   under \+.  Such a variable is unbound whenever the construct
%   succeeds, so leaving it in the witness would only order the groups by
%   the addresses of fresh variables.
'$bagof_goal_vars'(Goal, Vars) :-
    '$bagof_gv'(Goal, Vs, []),
    term_variables(Vs, Vars).

'$bagof_gv'(G, Vs, Vs0) :-
    (   var(G)
    ->  Vs = [G|Vs0]
    ;   '$bagof_gv_'(G, Vs, Vs0)
    ).

'$bagof_gv_'((A, B), Vs, Vs0) :- !,
    '$bagof_gv'(A, Vs, Vs1),
    '$bagof_gv'(B, Vs1, Vs0).
'$bagof_gv_'((A ; B), Vs, Vs0) :- !,
    '$bagof_gv'(A, Vs, Vs1),
    '$bagof_gv'(B, Vs1, Vs0).
'$bagof_gv_'((A -> B), Vs, Vs0) :- !,
    '$bagof_gv'(A, Vs, Vs1),
    '$bagof_gv'(B, Vs1, Vs0).
'$bagof_gv_'((A *-> B), Vs, Vs0) :- !,
    '$bagof_gv'(A, Vs, Vs1),
    '$bagof_gv'(B, Vs1, Vs0).
'$bagof_gv_'(\+ _, Vs, Vs) :- !.
'$bagof_gv_'(findall(_, _, S), [S|Vs0], Vs0) :- !.
'$bagof_gv_'(bagof(T, G, S), Vs, Vs0) :- !,
    '$bagof_gv_nested'(T, G, S, Vs, Vs0).
'$bagof_gv_'(setof(T, G, S), Vs, Vs0) :- !,
    '$bagof_gv_nested'(T, G, S, Vs, Vs0).
'$bagof_gv_'(G, [G|Vs0], Vs0).

'$bagof_gv_nested'(T, G0, S, [S, Free|Vs0], Vs0) :-
    '$bagof_gv_strip'(G0, G, Bound0),
    term_variables(T+Bound0, Bound),
    '$bagof_goal_vars'(G, GoalVars),
    '$bagof_free'(GoalVars, Bound, Free).

%   '$bagof_gv_strip'(+Goal0, -Goal, -Bound): as '$bagof_strip'/3, but an
%   unbound goal is left for the nested call to report when it runs.
'$bagof_gv_strip'(Goal0, Goal, Bound) :-
    (   nonvar(Goal0),
        Goal0 = V^G0
    ->  Bound = [V|Bound1],
        '$bagof_gv_strip'(G0, Goal, Bound1)
    ;   Goal = Goal0,
        Bound = []
    ).

%   '$bagof_free'(+GoalVars, +Bound, -Free): GoalVars not in Bound.
'$bagof_free'([], _, []).
'$bagof_free'([V|Vs], Bound, Free) :-
    (   '$var_memberchk'(Bound, V)
    ->  Free = Free1
    ;   Free = [V|Free1]
    ),
    '$bagof_free'(Vs, Bound, Free1).

'$var_memberchk'([X|Xs], V) :-
    (   X == V
    ->  true
    ;   '$var_memberchk'(Xs, V)
    ).

%   '$bagof_groups'(+Pairs, ?Witness, -Bag): on backtracking, each group
%   of solutions whose witnesses are variants, in sorted order of the
%   witness; the witness is unified with the group's so the free variables
%   are bound.  Ground witnesses (the usual case) group by identity after
%   keysort/2.  Otherwise each solution carries its ordinal so that a
%   group keeps the order in which its solutions were found, whatever the
%   order of the fresh variables in its witnesses.
'$bagof_groups'(Pairs, Witness, Bag) :-
    (   ground(Pairs)
    ->  keysort(Pairs, Sorted),
        '$bagof_ground_groups'(Sorted, Witness, Bag)
    ;   '$bagof_number'(Pairs, 0, Numbered),
        keysort(Numbered, Sorted),
        '$bagof_variant_groups'(Sorted, Witness, Bag)
    ).

'$bagof_ground_groups'([W0-T0|Pairs], Witness, Bag) :-
    '$bagof_run'(Pairs, W0, Ts, Rest),
    (   Rest == []
    ->  Witness = W0,
        Bag = [T0|Ts]
    ;   (   Witness = W0,
            Bag = [T0|Ts]
        ;   '$bagof_ground_groups'(Rest, Witness, Bag)
        )
    ).

'$bagof_run'([], _, [], []).
'$bagof_run'([W-T|Pairs], W0, Ts, Rest) :-
    (   W == W0
    ->  Ts = [T|Ts1],
        '$bagof_run'(Pairs, W0, Ts1, Rest)
    ;   Ts = [],
        Rest = [W-T|Pairs]
    ).

'$bagof_number'([], _, []).
'$bagof_number'([W-T|Pairs], N, [W-(N-T)|Numbered]) :-
    N1 is N + 1,
    '$bagof_number'(Pairs, N1, Numbered).

'$bagof_variant_groups'([W0-NT0|Pairs], Witness, Bag) :-
    '$bagof_variants'(Pairs, W0, NTs, Rest),
    keysort([NT0|NTs], ByOrdinal),
    '$bagof_values'(ByOrdinal, Bag0),
    (   Rest == []
    ->  Witness = W0,
        Bag = Bag0
    ;   (   Witness = W0,
            Bag = Bag0
        ;   '$bagof_variant_groups'(Rest, Witness, Bag)
        )
    ).

%   '$bagof_variants'(+Pairs, +W0, -Members, -Rest): Members are the
%   solutions whose witness is a variant of W0 (their witness is unified
%   with W0); Rest keeps the others in order.
'$bagof_variants'([], _, [], []).
'$bagof_variants'([W-NT|Pairs], W0, Members, Rest) :-
    (   '$variant'(W, W0)
    ->  W = W0,
        Members = [NT|Members1],
        '$bagof_variants'(Pairs, W0, Members1, Rest)
    ;   Rest = [W-NT|Rest1],
        '$bagof_variants'(Pairs, W0, Members, Rest1)
    ).

'$bagof_values'([], []).
'$bagof_values'([_-T|NTs], [T|Ts]) :-
    '$bagof_values'(NTs, Ts).

%   '$variant'(@A, @B): A and B are equal up to renaming of variables.
%   Each side is copied and its variables numbered in order of first
%   occurrence; variants then become identical.
'$variant'(A, B) :-
    \+ \+ '$variant_'(A, B).

'$variant_'(A, B) :-
    copy_term(A, A1),
    copy_term(B, B1),
    term_variables(A1, VA),
    term_variables(B1, VB),
    '$variant_number'(VA, 0),
    '$variant_number'(VB, 0),
    A1 == B1.

'$variant_number'([], _).
'$variant_number'(['$variant_var'(N)|Vs], N) :-
    N1 is N + 1,
    '$variant_number'(Vs, N1).
