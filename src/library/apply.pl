/*  ply library: meta-predicates over lists (maplist, foldl, include, ...).

    Plain clauses loaded into ply's system at start-up.  The list being
    walked is always the first argument of the helper, so first-argument
    indexing on []/[_|_] keeps calls on proper lists deterministic.
    Helpers carry a '$' prefix so they never clash with user programs.
*/

maplist(Goal, L1) :-
    '$maplist'(L1, Goal).

'$maplist'([], _).
'$maplist'([E1|T1], Goal) :-
    call(Goal, E1),
    '$maplist'(T1, Goal).

maplist(Goal, L1, L2) :-
    '$maplist'(L1, L2, Goal).

'$maplist'([], [], _).
'$maplist'([E1|T1], [E2|T2], Goal) :-
    call(Goal, E1, E2),
    '$maplist'(T1, T2, Goal).

maplist(Goal, L1, L2, L3) :-
    '$maplist'(L1, L2, L3, Goal).

'$maplist'([], [], [], _).
'$maplist'([E1|T1], [E2|T2], [E3|T3], Goal) :-
    call(Goal, E1, E2, E3),
    '$maplist'(T1, T2, T3, Goal).

maplist(Goal, L1, L2, L3, L4) :-
    '$maplist'(L1, L2, L3, L4, Goal).

'$maplist'([], [], [], [], _).
'$maplist'([E1|T1], [E2|T2], [E3|T3], [E4|T4], Goal) :-
    call(Goal, E1, E2, E3, E4),
    '$maplist'(T1, T2, T3, T4, Goal).

maplist(Goal, L1, L2, L3, L4, L5) :-
    '$maplist'(L1, L2, L3, L4, L5, Goal).

'$maplist'([], [], [], [], [], _).
'$maplist'([E1|T1], [E2|T2], [E3|T3], [E4|T4], [E5|T5], Goal) :-
    call(Goal, E1, E2, E3, E4, E5),
    '$maplist'(T1, T2, T3, T4, T5, Goal).

maplist(Goal, L1, L2, L3, L4, L5, L6) :-
    '$maplist'(L1, L2, L3, L4, L5, L6, Goal).

'$maplist'([], [], [], [], [], [], _).
'$maplist'([E1|T1], [E2|T2], [E3|T3], [E4|T4], [E5|T5], [E6|T6], Goal) :-
    call(Goal, E1, E2, E3, E4, E5, E6),
    '$maplist'(T1, T2, T3, T4, T5, T6, Goal).

%   foldl(:Goal, ?List..., +V0, -V): call(Goal, E..., V_i, V_i+1) along
%   the lists.
foldl(Goal, L1, V0, V) :-
    '$foldl'(L1, Goal, V0, V).

'$foldl'([], _, V, V).
'$foldl'([X|Xs], Goal, V0, V) :-
    call(Goal, X, V0, V1),
    '$foldl'(Xs, Goal, V1, V).

foldl(Goal, L1, L2, V0, V) :-
    '$foldl'(L1, L2, Goal, V0, V).

'$foldl'([], [], _, V, V).
'$foldl'([X|Xs], [Y|Ys], Goal, V0, V) :-
    call(Goal, X, Y, V0, V1),
    '$foldl'(Xs, Ys, Goal, V1, V).

foldl(Goal, L1, L2, L3, V0, V) :-
    '$foldl'(L1, L2, L3, Goal, V0, V).

'$foldl'([], [], [], _, V, V).
'$foldl'([X|Xs], [Y|Ys], [Z|Zs], Goal, V0, V) :-
    call(Goal, X, Y, Z, V0, V1),
    '$foldl'(Xs, Ys, Zs, Goal, V1, V).

foldl(Goal, L1, L2, L3, L4, V0, V) :-
    '$foldl'(L1, L2, L3, L4, Goal, V0, V).

'$foldl'([], [], [], [], _, V, V).
'$foldl'([X|Xs], [Y|Ys], [Z|Zs], [W|Ws], Goal, V0, V) :-
    call(Goal, X, Y, Z, W, V0, V1),
    '$foldl'(Xs, Ys, Zs, Ws, Goal, V1, V).

%   include(:Goal, +List, -Included): elements for which Goal succeeds.
%   Only the first solution of the test counts; its bindings are kept.
include(Goal, List, Included) :-
    '$include'(List, Goal, Included).

'$include'([], _, []).
'$include'([X|Xs], Goal, Included) :-
    (   call(Goal, X)
    ->  Included = [X|Included1]
    ;   Included = Included1
    ),
    '$include'(Xs, Goal, Included1).

%   exclude(:Goal, +List, -Excluded): elements for which Goal fails.
exclude(Goal, List, Excluded) :-
    '$exclude'(List, Goal, Excluded).

'$exclude'([], _, []).
'$exclude'([X|Xs], Goal, Excluded) :-
    (   call(Goal, X)
    ->  Excluded = Excluded1
    ;   Excluded = [X|Excluded1]
    ),
    '$exclude'(Xs, Goal, Excluded1).

%   convlist(:Goal, +ListIn, -ListOut): call(Goal, X, Y) for each X; the Ys of
%   the calls that succeed (first solution each), in order.
convlist(Goal, ListIn, ListOut) :-
    '$convlist'(ListIn, Goal, ListOut).

'$convlist'([], _, []).
'$convlist'([X|Xs], Goal, Ys) :-
    (   call(Goal, X, Y)
    ->  Ys = [Y|Ys1]
    ;   Ys = Ys1
    ),
    '$convlist'(Xs, Goal, Ys1).

%   partition(:Goal, +List, -Included, -Excluded).
partition(Goal, List, Included, Excluded) :-
    '$partition'(List, Goal, Included, Excluded).

'$partition'([], _, [], []).
'$partition'([X|Xs], Goal, Included, Excluded) :-
    (   call(Goal, X)
    ->  Included = [X|Included1],
        Excluded = Excluded1
    ;   Included = Included1,
        Excluded = [X|Excluded1]
    ),
    '$partition'(Xs, Goal, Included1, Excluded1).

%   partition(:Goal, +List, -Less, -Equal, -Greater): call(Goal, X, Order)
%   must answer <, = or >.
partition(Goal, List, Less, Equal, Greater) :-
    '$partition'(List, Goal, Less, Equal, Greater).

'$partition'([], _, [], [], []).
'$partition'([X|Xs], Goal, Less, Equal, Greater) :-
    call(Goal, X, Order),
    '$partition_'(Order, X, Less, Equal, Greater, Less1, Equal1, Greater1),
    '$partition'(Xs, Goal, Less1, Equal1, Greater1).

'$partition_'(<, X, [X|L], E, G, L, E, G) :-
    !.
'$partition_'(=, X, L, [X|E], G, L, E, G) :-
    !.
'$partition_'(>, X, L, E, [X|G], L, E, G) :-
    !.
'$partition_'(Order, _, _, _, _, _, _, _) :-
    throw(error(domain_error(order, Order), context(partition/5, _))).

% library(thread)'s concurrent_maplist/2,3,4 and concurrent_forall/2: ply runs one thread, so
% they are maplist/2,3,4 and forall/2, which give the same answers for the goals they are
% meant for (goals that leave no choicepoint and share no bindings between elements).
concurrent_maplist(Goal, L1) :- maplist(Goal, L1).
concurrent_maplist(Goal, L1, L2) :- maplist(Goal, L1, L2).
concurrent_maplist(Goal, L1, L2, L3) :- maplist(Goal, L1, L2, L3).
concurrent_forall(Cond, Action) :- forall(Cond, Action).
