/*  ply library: ordered sets, as SWI-Prolog's library(ordsets).

    An ordered set is a list without duplicates sorted in the standard
    order of terms, as sort/2 returns.  Every operation walks its
    arguments once, comparing heads with compare/3, so each runs in time
    linear in the lengths of its arguments.  Elements are told apart by
    ==, never by unification: ord_memberchk(X, [a]) fails for an unbound X.
    The walks call themselves last and so run in constant space on long
    sets.  Helpers are named with a '$ord_' prefix.
*/

%   list_to_ord_set(+List, -Set): Set is List sorted, duplicates removed.
list_to_ord_set(List, Set) :-
    sort(List, Set).

%   ord_empty(?Set): Set is the empty set.
ord_empty([]).

%   ord_memberchk(+Elem, +Set): Elem is an element of Set.  The walk stops
%   at the first element not below Elem.
ord_memberchk(Elem, [X|Xs]) :-
    compare(Order, Elem, X),
    '$ord_memberchk'(Order, Elem, Xs).

'$ord_memberchk'(=, _, _).
'$ord_memberchk'(>, Elem, Xs) :-
    ord_memberchk(Elem, Xs).

%   ord_union(+Set1, +Set2, -Union).
%   As in SWI-Prolog, the sets are matched without binding them: an unbound
%   set, or one that is no list, raises existence_error(matching_rule,
%   ordsets:Goal) naming SWI-Prolog's goal at that point (union2/4 is its
%   helper with the arguments of '$ord_union'/4).
ord_union(Set1, Set2, Union) :-
    var(Set1),
    !,
    '$no_matching_rule'(ordsets:ord_union(Set1, Set2, Union)).
ord_union([], Set2, Union) :-
    !,
    Union = Set2.
ord_union([X|Xs], Set2, Union) :-
    !,
    '$ord_union'(Set2, X, Xs, Union).
ord_union(Set1, Set2, Union) :-
    '$no_matching_rule'(ordsets:ord_union(Set1, Set2, Union)).

%   The first set is non-empty: its head X and tail Xs.
'$ord_union'(Set2, X, Xs, Union) :-
    var(Set2),
    !,
    '$no_matching_rule'(ordsets:union2(Set2, X, Xs, Union)).
'$ord_union'([], X, Xs, Union) :-
    !,
    Union = [X|Xs].
'$ord_union'([Y|Ys], X, Xs, Union) :-
    !,
    compare(Order, X, Y),
    '$ord_union'(Order, X, Xs, Y, Ys, Union).
'$ord_union'(Set2, X, Xs, Union) :-
    '$no_matching_rule'(ordsets:union2(Set2, X, Xs, Union)).

'$ord_union'(<, X, Xs, Y, Ys, [X|Union]) :-
    '$ord_union'(Xs, Y, Ys, Union).
'$ord_union'(=, X, Xs, _, Ys, [X|Union]) :-
    ord_union(Xs, Ys, Union).
'$ord_union'(>, X, Xs, Y, Ys, [Y|Union]) :-
    '$ord_union'(Ys, X, Xs, Union).

%   ord_union(+Set1, +Set2, -Union, -New): New are the elements of Set2
%   that Set1 lacks.
ord_union(Set1, Set2, Union, New) :-
    ord_union(Set1, Set2, Union),
    ord_subtract(Set2, Set1, New).

%   ord_union(+ListOfSets, -Union): the union of every set in the list.
%   Sets are merged in pairs, round after round, so that n sets of total
%   size m take time m log n rather than m n.
ord_union(ListOfSets, Union) :-
    var(ListOfSets),
    !,
    '$no_matching_rule'(ordsets:ord_union(ListOfSets, Union)).
ord_union(ListOfSets, Union) :-
    '$ord_union_rounds'(ListOfSets, Union).

'$ord_union_rounds'([], []).
'$ord_union_rounds'([S|Ss], Union) :-
    '$ord_union_last'(Ss, S, Union).

'$ord_union_last'([], S, S).
'$ord_union_last'([T|Ts], S, Union) :-
    '$ord_union_pairs'([S, T|Ts], Merged),
    '$ord_union_rounds'(Merged, Union).

'$ord_union_pairs'([], []).
'$ord_union_pairs'([S|Ss], Merged) :-
    '$ord_union_pairs'(Ss, S, Merged).

'$ord_union_pairs'([], S, [S]).
'$ord_union_pairs'([T|Ts], S, [U|Merged]) :-
    ord_union(S, T, U),
    '$ord_union_pairs'(Ts, Merged).

%   ord_add_element(+Set, +Elem, -Set2) and ord_del_element(+Set, +Elem, -Set2).
ord_add_element(Set, Elem, Set2) :-
    ord_union(Set, [Elem], Set2).

ord_del_element(Set, Elem, Set2) :-
    ord_subtract(Set, [Elem], Set2).

%   ord_selectchk(?Elem, +Set, -Rest): Elem is an element of Set, Rest the
%   others.  As in SWI-Prolog, the element is unified with the first one not
%   below it, so an unbound Elem takes the smallest element.
ord_selectchk(Elem, [X|Xs], Rest) :-
    (   X @< Elem
    ->  Rest = [X|Rest1],
        ord_selectchk(Elem, Xs, Rest1)
    ;   Elem = X,
        Rest = Xs,
        '$ord_below_first'(Xs, Elem)
    ).

%   The set is empty or Elem precedes its first element: Elem was not
%   bound to an element that a later one equals.
'$ord_below_first'([], _).
'$ord_below_first'([Y|_], Elem) :-
    Elem @< Y.

%   ord_subtract(+Set1, +Set2, -Difference): the elements of Set1 not in Set2.
%   As SWI-Prolog's matching rules: an empty Set2 gives Set1 as it is
%   (also unbound or no list), and any other Set1 that is no list is an
%   existence_error(matching_rule, ...).
ord_subtract(Set1, _, Diff) :-
    Set1 == [],
    !,
    Diff = [].
ord_subtract(Set1, Set2, Diff) :-
    Set2 == [],
    !,
    Diff = Set1.
ord_subtract(Set1, Set2, Diff) :-
    nonvar(Set1),
    Set1 = [X|Xs],
    !,
    '$ord_subtract'(Set2, X, Xs, Diff).
ord_subtract(Set1, Set2, Diff) :-
    '$no_matching_rule'(ordsets:ord_subtract(Set1, Set2, Diff)).

'$ord_subtract'([], X, Xs, [X|Xs]).
'$ord_subtract'([Y|Ys], X, Xs, Diff) :-
    compare(Order, X, Y),
    '$ord_subtract'(Order, X, Xs, Y, Ys, Diff).

'$ord_subtract'(<, X, Xs, Y, Ys, [X|Diff]) :-
    '$ord_subtract_next'(Xs, Y, Ys, Diff).
'$ord_subtract'(=, _, Xs, _, Ys, Diff) :-
    ord_subtract(Xs, Ys, Diff).
'$ord_subtract'(>, X, Xs, _, Ys, Diff) :-
    '$ord_subtract'(Ys, X, Xs, Diff).

%   Set1's next element against Set2's current head Y.
'$ord_subtract_next'([], _, _, []).
'$ord_subtract_next'([X|Xs], Y, Ys, Diff) :-
    compare(Order, X, Y),
    '$ord_subtract'(Order, X, Xs, Y, Ys, Diff).

%   ord_intersect(+Set1, +Set2, -Intersection): the old name of ord_intersection/3.
ord_intersect(Set1, Set2, Int) :-
    ord_intersection(Set1, Set2, Int).

%   ord_intersection(+Set1, +Set2, -Intersection).
ord_intersection([], _, []).
ord_intersection([X|Xs], Set2, Int) :-
    '$ord_int'(Set2, X, Xs, Int).

'$ord_int'([], _, _, []).
'$ord_int'([Y|Ys], X, Xs, Int) :-
    compare(Order, X, Y),
    '$ord_int'(Order, X, Xs, Y, Ys, Int).

'$ord_int'(<, _, Xs, Y, Ys, Int) :-
    '$ord_int'(Xs, Y, Ys, Int).
'$ord_int'(=, X, Xs, _, Ys, [X|Int]) :-
    ord_intersection(Xs, Ys, Int).
'$ord_int'(>, X, Xs, _, Ys, Int) :-
    '$ord_int'(Ys, X, Xs, Int).

%   ord_intersection(+Set1, +Set2, ?Intersection, ?Difference): Difference
%   are the elements of Set2 not in Set1.
ord_intersection(Set1, Set2, Int, Diff) :-
    ord_intersection(Set1, Set2, Int),
    ord_subtract(Set2, Set1, Diff).

%   ord_intersection(+ListOfSets, -Intersection): the elements common to
%   every set of a non-empty list; fails on an empty list, as in SWI-Prolog.
ord_intersection(ListOfSets, Int) :-
    '$ord_must_be_list'(ListOfSets),
    ListOfSets = [S|Ss],
    '$ord_int_all'(Ss, S, Int).

'$ord_int_all'([], Int, Int).
'$ord_int_all'([S|Ss], Acc, Int) :-
    ord_intersection(Acc, S, Acc1),
    '$ord_int_all'(Ss, Acc1, Int).

'$ord_must_be_list'(L) :-
    '$skip_list'(_, L, Tail),
    (   Tail == []
    ->  true
    ;   var(Tail)
    ->  throw(error(instantiation_error, _))
    ;   throw(error(type_error(list, L), _))
    ).

%   ord_intersect(+Set1, +Set2): the sets share an element.
ord_intersect([X|Xs], [Y|Ys]) :-
    compare(Order, X, Y),
    '$ord_intersect'(Order, X, Xs, Y, Ys).

'$ord_intersect'(=, _, _, _, _).
'$ord_intersect'(<, _, Xs, Y, Ys) :-
    ord_intersect(Xs, [Y|Ys]).
'$ord_intersect'(>, X, Xs, _, Ys) :-
    ord_intersect([X|Xs], Ys).

%   ord_disjoint(+Set1, +Set2): the sets share no element.
ord_disjoint(Set1, Set2) :-
    \+ ord_intersect(Set1, Set2).

%   ord_subset(+Sub, +Set): every element of Sub is in Set.
ord_subset([], _).
ord_subset([X|Xs], [Y|Ys]) :-
    compare(Order, X, Y),
    '$ord_subset'(Order, X, Xs, Ys).

'$ord_subset'(=, _, Xs, Ys) :-
    ord_subset(Xs, Ys).
'$ord_subset'(>, X, Xs, Ys) :-
    ord_subset([X|Xs], Ys).

%   ord_seteq(+Set1, +Set2): the sets have the same elements.
ord_seteq(Set1, Set2) :-
    Set1 == Set2.

%   ord_symdiff(+Set1, +Set2, -Difference): the elements in exactly one set.
ord_symdiff([], Set2, Set2).
ord_symdiff([X|Xs], Set2, Diff) :-
    '$ord_symdiff'(Set2, X, Xs, Diff).

'$ord_symdiff'([], X, Xs, [X|Xs]).
'$ord_symdiff'([Y|Ys], X, Xs, Diff) :-
    compare(Order, X, Y),
    '$ord_symdiff'(Order, X, Xs, Y, Ys, Diff).

'$ord_symdiff'(<, X, Xs, Y, Ys, [X|Diff]) :-
    '$ord_symdiff'(Xs, Y, Ys, Diff).
'$ord_symdiff'(=, _, Xs, _, Ys, Diff) :-
    ord_symdiff(Xs, Ys, Diff).
'$ord_symdiff'(>, X, Xs, Y, Ys, [Y|Diff]) :-
    '$ord_symdiff'(Ys, X, Xs, Diff).
