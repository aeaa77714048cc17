% call_with_depth_limit(:Goal, +Limit, -Result), as SWI-Prolog's: Goal runs with its recursion
% depth limited to Limit. A solution binds Result to the deepest level the proof so far reached
% (Goal itself is level 1); once no more solutions come, the call succeeds once more with
% Result = depth_limit_exceeded if some branch was cut off by the limit, and fails otherwise.
% The engine keeps no depth of its own for this, so the program's predicates are run here, a
% clause at a time through clause/2, one level deeper at each call; built-in and library
% predicates run as they are and count one level. A cut at the top of a clause body (not one
% inside a disjunction or if-then-else, which here acts as true) cuts as it would. swipl's
% levels are its virtual machine's frames, so the depth reported may differ by the levels of
% the library's own predicates.

call_with_depth_limit(Goal, Limit, Result) :-
    '$must_be_integer'(Limit, call_with_depth_limit/3),
    State = '$dl'(0, false),
    strip_module(Goal, M, G),
    (   '$dl_solve'(G, M, 0, Limit, State),
        arg(1, State, Max),
        Result is max(Max, 1)
    ;   arg(2, State, true),
        Result = depth_limit_exceeded
    ).

'$dl_solve'(G, _, _, _, _) :-
    var(G),
    !,
    throw(error(instantiation_error, _)).
'$dl_solve'(M:G, _, D, L, S) :- !,
    '$dl_solve'(G, M, D, L, S).
'$dl_solve'(true, _, _, _, _) :- !.
'$dl_solve'((A, B), M, D, L, S) :- !,
    '$dl_solve'(A, M, D, L, S),
    '$dl_solve'(B, M, D, L, S).
'$dl_solve'((C -> T ; E), M, D, L, S) :- !,
    (   '$dl_solve'(C, M, D, L, S)
    ->  '$dl_solve'(T, M, D, L, S)
    ;   '$dl_solve'(E, M, D, L, S)
    ).
'$dl_solve'((C *-> T ; E), M, D, L, S) :- !,
    (   '$dl_solve'(C, M, D, L, S)
    *-> '$dl_solve'(T, M, D, L, S)
    ;   '$dl_solve'(E, M, D, L, S)
    ).
'$dl_solve'((A ; B), M, D, L, S) :- !,
    (   '$dl_solve'(A, M, D, L, S)
    ;   '$dl_solve'(B, M, D, L, S)
    ).
'$dl_solve'((C -> T), M, D, L, S) :- !,
    (   '$dl_solve'(C, M, D, L, S)
    ->  '$dl_solve'(T, M, D, L, S)
    ).
'$dl_solve'(\+ A, M, D, L, S) :- !,
    \+ '$dl_solve'(A, M, D, L, S).
'$dl_solve'(!, _, _, _, _) :- !.
'$dl_solve'(G, M, D, L, S) :-
    D1 is D + 1,
    (   D1 > L
    ->  nb_setarg(2, S, true),
        fail
    ;   true
    ),
    '$dl_level'(D, S),
    (   callable(G),
        predicate_property(M:G, defined),
        \+ predicate_property(M:G, built_in)
    ->  (   predicate_property(M:G, imported_from(M2))
        ->  true
        ;   M2 = M
        ),
        '$dl_clause'(G, M2, D1, L, S)
    ;   call(M:G)
    ).

% A clause of G, run up to its first cut at the top of its body; the cut, in the else branch,
% is the clause's and so takes away the other clauses.
'$dl_clause'(G, M, D, L, S) :-
    clause(M:G, Body),
    '$dl_split'(Body, Before, After),
    (   After == '$no_cut'
    ->  '$dl_solve'(Body, M, D, L, S)
    ;   '$dl_solve'(Before, M, D, L, S),
        !,
        '$dl_after'(After, M, D, L, S)
    ).

'$dl_after'(Body, M, D, L, S) :-
    '$dl_split'(Body, Before, After),
    (   After == '$no_cut'
    ->  '$dl_solve'(Body, M, D, L, S)
    ;   '$dl_solve'(Before, M, D, L, S),
        !,
        '$dl_after'(After, M, D, L, S)
    ).

% '$dl_split'(+Body, -Before, -After): Body is Before, !, After at its top level; After is
% '$no_cut' when it has no such cut.
'$dl_split'(B, _, '$no_cut') :-
    var(B),
    !.
'$dl_split'(!, true, true) :- !.
'$dl_split'((A, B), Before, After) :- !,
    '$dl_split'(A, BA, AA),
    (   AA == '$no_cut'
    ->  '$dl_split'(B, BB, AB),
        (   AB == '$no_cut'
        ->  After = '$no_cut'
        ;   Before = (A, BB),
            After = AB
        )
    ;   Before = BA,
        After = (AA, B)
    ).
'$dl_split'(_, _, '$no_cut').

% '$dl_level'(+D, +S): a goal ran at level D + 1; note it if it is the deepest yet.
'$dl_level'(D, S) :-
    D1 is D + 1,
    (   arg(1, S, Max),
        D1 > Max
    ->  nb_setarg(1, S, D1)
    ;   true
    ).
