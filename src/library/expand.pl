/*  ply library: goal expansion, expand_goal/2 and expand_term/2.

    Plain clauses loaded into ply's system at start-up.  When the program
    has clauses for goal_expansion/2 (in user, or in the module being
    loaded), the loader passes every clause and directive it is about to
    add through '$expand_clause_goals'/2, as SWI-Prolog expands clause
    bodies: a goal is offered to the hook again and again until the hook
    fails or gives back the same goal, and then the goals inside control
    constructs and inside the goal arguments of the usual meta-predicates
    (findall/3, forall/2, \+/1, catch/3, ...) are expanded in turn.  The
    walk stops at a variable, which is called as it is at run time.
*/

expand_term(Term, Expanded) :-
    var(Term),
    !,
    Expanded = Term.
expand_term(Term, Expanded) :-
    (   '$expansion_hook'(term_expansion, Module),
        Module:term_expansion(Term, Term1)
    ->  true
    ;   Term1 = Term
    ),
    '$expand_term_list'(Term1, Expanded).

'$expand_term_list'(Term, Term) :-
    var(Term),
    !.
'$expand_term_list'([], []) :-
    !.
'$expand_term_list'([T|Ts], [E|Es]) :-
    !,
    '$expand_term_one'(T, E),
    '$expand_term_list'(Ts, Es).
'$expand_term_list'(T, E) :-
    '$expand_term_one'(T, E).

'$expand_term_one'(T, E) :-
    nonvar(T),
    T = (_ --> _),
    !,
    dcg_translate_rule(T, C),
    '$expand_clause_goals'(C, E).
'$expand_term_one'(T, E) :-
    '$expand_clause_goals'(T, E).

expand_goal(Goal, Expanded) :-
    '$expand_goal'(Goal, Expanded).

%   '$expand_clause_goals'(+Clause, -Expanded): Clause with the goals of its
%   body (or of a directive) expanded.
'$expand_clause_goals'(C, C) :-
    var(C),
    !.
'$expand_clause_goals'((H :- B), (H :- EB)) :-
    !,
    '$expand_goal'(B, EB).
'$expand_clause_goals'((:- B), (:- EB)) :-
    !,
    '$expand_goal'(B, EB).
'$expand_clause_goals'((?- B), (?- EB)) :-
    !,
    '$expand_goal'(B, EB).
'$expand_clause_goals'(C, C).

%   '$expansion_hook'(+Name, -Module): a module whose Name/2 hook has a
%   clause: the module being loaded first, then user.
'$expansion_hook'(Name, Module) :-
    (   prolog_load_context(module, M), M \== user
    ->  Ms = [M, user]
    ;   Ms = [user]
    ),
    member(Module, Ms),
    current_predicate(Module:Name/2).

'$expand_goal'(G, G) :-
    var(G),
    !.
'$expand_goal'(G0, G) :-
    '$expand_goal_hooks'(G0, G1, 0),
    '$expand_goal_args'(G1, G).

%   The hooks again and again until none applies, or gives back the same
%   goal; a thousand rounds at most, so that a hook that grows its goal
%   for ever does not stop the load.
'$expand_goal_hooks'(G0, G, N) :-
    N < 1000,
    nonvar(G0),
    '$expansion_hook'(goal_expansion, Module),
    Module:goal_expansion(G0, G1),
    G1 \=@= G0,
    !,
    N1 is N + 1,
    '$expand_goal_hooks'(G1, G, N1).
'$expand_goal_hooks'(G, G, _).

'$expand_goal_args'(G, G) :-
    var(G),
    !.
'$expand_goal_args'(M:G0, M:G) :-
    !,
    '$expand_goal'(G0, G).
'$expand_goal_args'(G0, G) :-
    compound(G0),
    '$goal_meta_args'(G0, Spec),
    !,
    G0 =.. [Name|Args0],
    '$expand_meta_args'(Spec, Args0, Args),
    G =.. [Name|Args].
'$expand_goal_args'(G, G).

'$expand_meta_args'([], [], []).
'$expand_meta_args'([S|Ss], [A0|As0], [A|As]) :-
    (   S == 0
    ->  '$expand_goal'(A0, A)
    ;   S == (^)
    ->  '$expand_caret_goal'(A0, A)
    ;   A = A0
    ),
    '$expand_meta_args'(Ss, As0, As).

'$expand_caret_goal'(G, G) :-
    var(G),
    !.
'$expand_caret_goal'(V^G0, V^G) :-
    !,
    '$expand_caret_goal'(G0, G).
'$expand_caret_goal'(G0, G) :-
    '$expand_goal'(G0, G).

%   The goal arguments (0) of control constructs, and of every meta-predicate
%   as the module system knows it ('$meta_args'/2: meta_predicate/1
%   declarations and the system's table); ^ is bagof/3's and setof/3's goal
%   with its V^ prefix.
'$goal_meta_args'((_, _), [0, 0]) :- !.
'$goal_meta_args'((_ ; _), [0, 0]) :- !.
'$goal_meta_args'((_ -> _), [0, 0]) :- !.
'$goal_meta_args'((_ *-> _), [0, 0]) :- !.
'$goal_meta_args'(G, Spec) :-
    '$meta_args'(G, Spec).
