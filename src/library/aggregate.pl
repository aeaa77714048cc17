/*  ply library: aggregate_all/3 and aggregate/3.

    Plain clauses loaded into ply's system at start-up.  Each aggregate is
    computed over findall/3.  Besides count, sum(E), max(E), min(E),
    max(E,W), min(E,W), bag(T) and set(T), a compound template such as
    r(count, max(X)) aggregates every argument over the same solutions and
    answers r(Count, Max).  Helpers carry a '$' prefix so they never clash
    with user programs.
*/

aggregate_all(Spec, Goal, Result) :-
    (   var(Spec)
    ->  throw(error(instantiation_error, _))
    ;   var(Goal)
    ->  throw(error(instantiation_error, context(aggregate:aggregate_all/3, _)))
    ;   '$aggregate_all'(Spec, Goal, Result)
    ).

%   aggregate/3 is aggregate_all/3 over bagof/3: the free variables of Goal
%   that the spec does not name give one answer per binding (Var^Goal hides
%   one), and a goal without solutions fails rather than counting zero.
aggregate(Spec, Goal, Result) :-
    (   var(Spec)
    ->  throw(error(instantiation_error, context(system:(is)/2, _)))
    ;   var(Goal)
    ->  throw(error(instantiation_error, context('$bags':findall_loop/4, _)))
    ;   '$aggr_spec_template'(Spec, Template)
    ->  bagof(Template, Goal, List),
        '$aggregate_all'(Spec, member(Template, List), Result)
    ;   throw(error(domain_error(aggregate_template, Spec), _))
    ).

%   The template that carries a spec's values, simple or compound: what
%   '$aggregate_all'/3 collects for it.
'$aggr_spec_template'(Spec, Template) :-
    '$aggr_template'(Spec, Template),
    !.
'$aggr_spec_template'(Spec, Row) :-
    compound(Spec),
    Spec =.. [_|Specs],
    '$aggr_templates'(Specs, Templates),
    Row =.. [r|Templates].

'$aggregate_all'(count, Goal, Count) :-
    !,
    findall(x, Goal, Xs),
    length(Xs, Count).
'$aggregate_all'(count(T), Goal, Count) :-
    !,
    findall(T, Goal, Xs),
    length(Xs, Count).
'$aggregate_all'(sum(E), Goal, Sum) :-
    !,
    findall(E, Goal, Es),
    '$aggr_sum'(Es, 0, Sum).
'$aggregate_all'(max(E), Goal, Max) :-
    !,
    findall(E, Goal, [E0|Es]),
    M0 is E0,
    '$aggr_max'(Es, M0, Max).
'$aggregate_all'(min(E), Goal, Min) :-
    !,
    findall(E, Goal, [E0|Es]),
    M0 is E0,
    '$aggr_min'(Es, M0, Min).
'$aggregate_all'(max(E, W), Goal, max(Max, Witness)) :-
    !,
    findall(E-W, Goal, [E0-W0|Pairs]),
    M0 is E0,
    '$aggr_max_w'(Pairs, M0, W0, Max, Witness).
'$aggregate_all'(min(E, W), Goal, min(Min, Witness)) :-
    !,
    findall(E-W, Goal, [E0-W0|Pairs]),
    M0 is E0,
    '$aggr_min_w'(Pairs, M0, W0, Min, Witness).
'$aggregate_all'(bag(T), Goal, Bag) :-
    !,
    findall(T, Goal, Bag).
'$aggregate_all'(set(T), Goal, Set) :-
    !,
    findall(T, Goal, Bag),
    sort(Bag, Set).
'$aggregate_all'(Spec, Goal, Result) :-
    compound(Spec),
    Spec =.. [F|Specs],
    '$aggr_templates'(Specs, Templates),
    !,
    Row =.. [r|Templates],
    findall(Row, Goal, Rows),
    '$aggr_columns'(Specs, 1, Rows, Results),
    Result =.. [F|Results].
'$aggregate_all'(Spec, _, _) :-
    throw(error(domain_error(aggregate_template, Spec), _)).

'$aggr_sum'([], Sum, Sum).
'$aggr_sum'([E|Es], Sum0, Sum) :-
    Sum1 is Sum0 + E,
    '$aggr_sum'(Es, Sum1, Sum).

'$aggr_max'([], Max, Max).
'$aggr_max'([E|Es], Max0, Max) :-
    Max1 is max(Max0, E),
    '$aggr_max'(Es, Max1, Max).

'$aggr_min'([], Min, Min).
'$aggr_min'([E|Es], Min0, Min) :-
    Min1 is min(Min0, E),
    '$aggr_min'(Es, Min1, Min).

%   The first of several equal extremes keeps its witness.
'$aggr_max_w'([], Max, W, Max, W).
'$aggr_max_w'([E-W|Pairs], Max0, W0, Max, Witness) :-
    V is E,
    (   V > Max0
    ->  '$aggr_max_w'(Pairs, V, W, Max, Witness)
    ;   '$aggr_max_w'(Pairs, Max0, W0, Max, Witness)
    ).

'$aggr_min_w'([], Min, W, Min, W).
'$aggr_min_w'([E-W|Pairs], Min0, W0, Min, Witness) :-
    V is E,
    (   V < Min0
    ->  '$aggr_min_w'(Pairs, V, W, Min, Witness)
    ;   '$aggr_min_w'(Pairs, Min0, W0, Min, Witness)
    ).

%   The template of each simple aggregate inside a compound spec.
'$aggr_templates'([], []).
'$aggr_templates'([S|Ss], [T|Ts]) :-
    nonvar(S),
    '$aggr_template'(S, T),
    '$aggr_templates'(Ss, Ts).

'$aggr_template'(count, x).
'$aggr_template'(count(T), T).
'$aggr_template'(sum(E), E).
'$aggr_template'(max(E), E).
'$aggr_template'(min(E), E).
'$aggr_template'(max(E, W), E-W).
'$aggr_template'(min(E, W), E-W).
'$aggr_template'(bag(T), T).
'$aggr_template'(set(T), T).

%   '$aggr_columns'(+Specs, +I, +Rows, -Results): aggregate column I of the
%   rows with the I-th spec, reusing the simple aggregates over member/2.
'$aggr_columns'([], _, _, []).
'$aggr_columns'([S|Ss], I, Rows, [R|Rs]) :-
    '$aggr_column'(Rows, I, Column),
    functor(S, Name, Arity),
    functor(S1, Name, Arity),
    '$aggr_template'(S1, T),
    '$aggregate_all'(S1, member(T, Column), R),
    I1 is I + 1,
    '$aggr_columns'(Ss, I1, Rows, Rs).

'$aggr_column'([], _, []).
'$aggr_column'([Row|Rows], I, [X|Xs]) :-
    arg(I, Row, X),
    '$aggr_column'(Rows, I, Xs).

%   foreach(:Generator, :Goal): the conjunction of one instance of Goal
%   for each solution of Generator, as SWI-Prolog's library(aggregate)
%   defines it.  An instance takes the solution's values of the variables
%   Goal shares with Generator; Goal's other variables are the same in
%   every instance, so the instances constrain them together.  With no
%   such variables it is forall/2.
foreach(Generator, Goal) :-
    term_variables(Generator, GenVars),
    term_variables(Goal, GoalVars),
    '$foreach_split'(GoalVars, GenVars, Shared, Own),
    (   Own == []
    ->  \+ ( call(Generator), \+ call(Goal) )
    ;   Solution =.. [v|Shared],
        findall(Solution, Generator, Solutions),
        Kept =.. [v|Own],
        '$foreach_prove'(Solutions, Solution, Kept, Goal)
    ).

%   '$foreach_split'(+GoalVars, +GenVars, -Shared, -Own): the variables of
%   Goal that Generator has, and the others.
'$foreach_split'([], _, [], []).
'$foreach_split'([V|Vs], GenVars, Shared, Own) :-
    (   '$foreach_has'(GenVars, V)
    ->  Shared = [V|Shared1],
        '$foreach_split'(Vs, GenVars, Shared1, Own)
    ;   Own = [V|Own1],
        '$foreach_split'(Vs, GenVars, Shared, Own1)
    ).

'$foreach_has'([W|Ws], V) :-
    (   W == V
    ->  true
    ;   '$foreach_has'(Ws, V)
    ).

%   '$foreach_prove'(+Solutions, +Solution, +Kept, +Goal): Goal once for
%   each solution, renamed apart but for the variables in Kept.
'$foreach_prove'([], _, _, _).
'$foreach_prove'([S|Ss], Solution, Kept, Goal) :-
    copy_term(Solution-Kept-Goal, S-Kept-Instance),
    call(Instance),
    '$foreach_prove'(Ss, Solution, Kept, Goal).
