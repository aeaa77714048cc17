/*  ply library: list predicates.

    Plain clauses loaded into ply's system at start-up.  Every helper is
    named with a '$' prefix so that it cannot clash with user programs.
    Clauses are written so that first-argument indexing on []/[_|_] makes
    calls on proper lists deterministic: no choicepoint is left behind
    where the answer is unique.
*/

%   append(?L1, ?L2, ?L3): L3 is L1 followed by L2.
append([], L, L).
append([H|T], L, [H|R]) :-
    append(T, L, R).

%   append(+ListOfLists, ?List): List is the concatenation of ListOfLists.
append(ListOfLists, List) :-
    '$append_lists'(ListOfLists, List).

'$append_lists'([], []).
'$append_lists'([L|Ls], As) :-
    append(L, Ws, As),
    '$append_lists'(Ls, Ws).

%   member(?X, ?List).  The helper indexes on the tail so that the last
%   solution leaves no choicepoint.
member(X, [H|T]) :-
    '$member'(T, X, H).

'$member'(_, X, X).
'$member'([H|T], X, _) :-
    '$member'(T, X, H).

%   memberchk(?X, +List): the first solution of member/2 only.  A tail that
%   is neither a list cell, [] nor unbound is a type error, as in SWI-Prolog.
%   The walk is native ('$memberchk_scan'/4, builtins/lists/memberchk.rs); what it
%   leaves (a tail that is not a list cell, attributed variables) is walked here.
memberchk(X, L) :-
    '$memberchk_scan'(X, L, Found, Rest),
    (   Found == true
    ->  true
    ;   '$memberchk'(Rest, X)
    ).

'$memberchk'([H|T], X) :-
    !,
    (   X = H
    ->  true
    ;   '$memberchk'(T, X)
    ).
'$memberchk'(L, _) :-
    L \== [],
    throw(error(type_error(list, L), _)).

%   reverse(?L, ?R).  The fourth argument bounds the recursion by the
%   length of R, so reverse(X, [1,2]) terminates.
reverse(Xs, Ys) :-
    '$reverse'(Xs, Ys, [], Ys).

'$reverse'([], [], Ys, Ys).
'$reverse'([X|Xs], [_|Bound], Rs, Ys) :-
    '$reverse'(Xs, Bound, [X|Rs], Ys).

%   nth0(?Index, ?List, ?Elem) and nth1/3.  A bound index walks the list
%   deterministically; an unbound index enumerates.
nth0(Index, List, Elem) :-
    (   integer(Index)
    ->  Index >= 0,
        '$nth_det'(Index, List, Elem)
    ;   var(Index)
    ->  List = [H|T],
        '$nth_gen'(T, Elem, H, 0, Index)
    ;   throw(error(type_error(integer, Index), _))
    ).

nth1(Index, List, Elem) :-
    (   integer(Index)
    ->  Index0 is Index - 1,
        Index0 >= 0,
        '$nth_det'(Index0, List, Elem)
    ;   var(Index)
    ->  List = [H|T],
        '$nth_gen'(T, Elem, H, 1, Index)
    ;   throw(error(type_error(integer, Index), _))
    ).

% The cells before the wanted one are skipped natively ('$seek_list'/4, up to a budget); the
% clause goes on one cell at a time where the walk stopped, at a tail that is not a list cell.
'$nth_det'(0, List, Elem) :-
    !,
    List = [Elem|_].
'$nth_det'(N, List, Elem) :-
    '$seek_list'(N, List, K, Rest),
    (   K > 0
    ->  N1 is N - K,
        '$nth_det'(N1, Rest, Elem)
    ;   Rest = [_|T],
        N1 is N - 1,
        '$nth_det'(N1, T, Elem)
    ).

'$nth_gen'(_, Elem, Elem, Base, Base).
'$nth_gen'([H|T], Elem, _, N, Index) :-
    N1 is N + 1,
    '$nth_gen'(T, Elem, H, N1, Index).

%   nth0(?Index, ?List, ?Elem, ?Rest): Rest is List without Elem.
nth0(Index, List, Elem, Rest) :-
    (   integer(Index)
    ->  (   Index >= 0 -> true ; throw(error(type_error(nonneg, Index), _)) ),
        '$nth_del'(Index, List, Elem, Rest)
    ;   var(Index)
    ->  '$nth_gen_del'(List, Elem, Rest, 0, Index)
    ;   throw(error(type_error(nonneg, Index), _))
    ).

nth1(Index, List, Elem, Rest) :-
    (   integer(Index)
    ->  (   Index >= 1 -> true ; throw(error(type_error(positive_integer, Index), _)) ),
        Index0 is Index - 1,
        '$nth_del'(Index0, List, Elem, Rest)
    ;   var(Index)
    ->  '$nth_gen_del'(List, Elem, Rest, 1, Index)
    ;   throw(error(type_error(positive_integer, Index), _))
    ).

'$nth_del'(0, List, Elem, Rest) :-
    !,
    List = [Elem|Rest].
'$nth_del'(N, [H|T], Elem, [H|Rest]) :-
    N1 is N - 1,
    '$nth_del'(N1, T, Elem, Rest).

'$nth_gen_del'([Elem|Rest], Elem, Rest, Base, Base).
'$nth_gen_del'([H|T], Elem, [H|Rest], N, Index) :-
    N1 is N + 1,
    '$nth_gen_del'(T, Elem, Rest, N1, Index).

%   last(?List, ?Last).
last([X|Xs], Last) :-
    '$last'(Xs, X, Last).

'$last'([], Last, Last).
'$last'([X|Xs], _, Last) :-
    '$last'(Xs, X, Last).

%   nextto(?X, ?Y, ?List): Y directly follows X in List.
nextto(X, Y, [X,Y|_]).
nextto(X, Y, [_|T]) :-
    nextto(X, Y, T).

%   select(?X, ?List, ?Rest): Rest is List with one occurrence of X removed.
select(X, [H|T], Rest) :-
    '$select3'(T, H, X, Rest).

'$select3'(T, H, H, T).
'$select3'([H2|T], H, X, [H|Rest]) :-
    '$select3'(T, H2, X, Rest).

selectchk(X, List, Rest) :-
    select(X, List, Rest),
    !.

%   select(?X, ?XList, ?Y, ?YList): YList is XList with one X replaced by Y.
select(X, XList, Y, YList) :-
    '$select4'(XList, X, Y, YList).

'$select4'([X|T], X, Y, [Y|T]).
'$select4'([H|T], X, Y, [H|T2]) :-
    '$select4'(T, X, Y, T2).

%   permutation(?Xs, ?Ys).  When either side is a proper list the other is
%   first given the same length, so both directions terminate.
permutation(Xs, Ys) :-
    (   '$proper_length'(Xs, N)
    ->  length(Ys, N)
    ;   '$proper_length'(Ys, N)
    ->  length(Xs, N)
    ;   true
    ),
    '$perm'(Xs, Ys).

'$perm'([], []).
'$perm'([H|T], [First|Perm]) :-
    select(First, [H|T], Rest),
    '$perm'(Rest, Perm).

'$proper_length'(List, N) :-
    '$proper_length'(List, 0, N).

'$proper_length'(List, _, _) :-
    var(List),
    !,
    fail.
'$proper_length'([], N, N).
'$proper_length'([_|T], N0, N) :-
    N1 is N0 + 1,
    '$proper_length'(T, N1, N).

%   delete(+List, @Elem, -Rest): remove every element that unifies with Elem,
%   without binding anything.
delete([], _, []).
delete([H|T], Del, Rest) :-
    (   H \= Del
    ->  Rest = [H|Rest1],
        delete(T, Del, Rest1)
    ;   delete(T, Del, Rest)
    ).

%   subtract(+Set, +Delete, -Rest), intersection/3, union/3: the element
%   test is memberchk/2, as in the usual library.  As in SWI-Prolog, whose
%   versions match their first argument without binding it, a first
%   argument (or tail of it) that is unbound or no list raises
%   existence_error(matching_rule, lists:Goal) for the call that meets it,
%   rather than enumerating lists.  The output is unified after the match.
subtract(Set, Delete, Rest) :-
    var(Set),
    !,
    '$no_matching_rule'(lists:subtract(Set, Delete, Rest)).
subtract([], _, Rest) :-
    !,
    Rest = [].
subtract([H|T], Delete, Rest) :-
    !,
    (   memberchk(H, Delete)
    ->  subtract(T, Delete, Rest)
    ;   Rest = [H|Rest1],
        subtract(T, Delete, Rest1)
    ).
subtract(Set, Delete, Rest) :-
    '$no_matching_rule'(lists:subtract(Set, Delete, Rest)).

intersection(Set1, Set2, Set) :-
    var(Set1),
    !,
    '$no_matching_rule'(lists:intersection(Set1, Set2, Set)).
intersection([], _, Set) :-
    !,
    Set = [].
intersection([H|T], Set2, Result) :-
    !,
    (   memberchk(H, Set2)
    ->  Result = [H|Result1],
        intersection(T, Set2, Result1)
    ;   intersection(T, Set2, Result)
    ).
intersection(Set1, Set2, Set) :-
    '$no_matching_rule'(lists:intersection(Set1, Set2, Set)).

union(Set1, Set2, Set) :-
    var(Set1),
    !,
    '$no_matching_rule'(lists:union(Set1, Set2, Set)).
union([], L, Set) :-
    !,
    Set = L.
union([H|T], L, Result) :-
    !,
    (   memberchk(H, L)
    ->  union(T, L, Result)
    ;   Result = [H|Result1],
        union(T, L, Result1)
    ).
union(Set1, Set2, Set) :-
    '$no_matching_rule'(lists:union(Set1, Set2, Set)).

%   subset(+SubSet, +Set): every element of SubSet is in Set, tested with
%   memberchk/2 (so an element may bind), as in SWI-Prolog.
subset([], _) :-
    !.
subset([E|R], Set) :-
    memberchk(E, Set),
    subset(R, Set).

%   '$no_matching_rule'(+Module:Goal): the error SWI-Prolog raises when no
%   clause of a predicate defined by matching rules applies to Goal, its
%   context naming that predicate.
'$no_matching_rule'(Goal) :-
    Goal = M:G,
    functor(G, N, A),
    throw(error(existence_error(matching_rule, Goal), context(M:N/A, _))).

%   is_set(@Set): Set is a proper list without two ==-equal elements, as
%   SWI-Prolog's library(lists) has it.
is_set(Set) :-
    is_list(Set),
    length(Set, N),
    sort(Set, Sorted),
    length(Sorted, N).

%   list_to_set(+List, -Set): keep the first of every group of ==-equal
%   elements, in the original order.  O(n log n): sort by element, drop
%   later duplicates, then restore the original order.
list_to_set(List, Set) :-
    must_be(list, List),
    '$number_list'(List, 1, Numbered),
    keysort(Numbered, ByElem),
    '$first_of_equals'(ByElem, ByIndex0),
    keysort(ByIndex0, ByIndex),
    pairs_values(ByIndex, Set).

'$number_list'([], _, []).
'$number_list'([H|T], N, [H-N|Rest]) :-
    N1 is N + 1,
    '$number_list'(T, N1, Rest).

'$first_of_equals'([], []).
'$first_of_equals'([E-I|T], [I-E|Rest]) :-
    '$skip_equals'(T, E, T1),
    '$first_of_equals'(T1, Rest).

'$skip_equals'([E1-I|T], E, Rest) :-
    (   E1 == E
    ->  '$skip_equals'(T, E, Rest)
    ;   Rest = [E1-I|T]
    ).
'$skip_equals'([], _, []).

%   flatten(+NestedList, -FlatList).  Variables and non-lists are kept as
%   elements.
flatten(List, Flat) :-
    '$flatten'(List, [], Flat0),
    !,
    Flat = Flat0.

'$flatten'(Var, Tail, [Var|Tail]) :-
    var(Var),
    !.
'$flatten'([], Tail, Tail) :-
    !.
'$flatten'([H|T], Tail, Flat) :-
    !,
    '$flatten'(H, Flat1, Flat),
    '$flatten'(T, Tail, Flat1).
'$flatten'(Atomic, Tail, [Atomic|Tail]).

%   sum_list(+Numbers, -Sum), sumlist/2 (old name), max_list/2, min_list/2,
%   max_member/2, min_member/2.  The list is matched without binding it, as
%   in SWI-Prolog: an unbound list or tail, or one that is no list, raises
%   existence_error(matching_rule, lists:Goal) naming SWI-Prolog's goal at
%   that point (its helpers sum_list/3, max_list/3, max_member_/3, ...).
sum_list(Xs, Sum) :-
    '$sum_list'(Xs, 0, Sum).

'$sum_list'(Xs, Sum0, Sum) :-
    var(Xs),
    !,
    '$no_matching_rule'(lists:sum_list(Xs, Sum0, Sum)).
'$sum_list'([], Sum0, Sum) :-
    !,
    Sum = Sum0.
'$sum_list'([X|Xs], Sum0, Sum) :-
    !,
    Sum1 is Sum0 + X,
    '$sum_list'(Xs, Sum1, Sum).
'$sum_list'(Xs, Sum0, Sum) :-
    '$no_matching_rule'(lists:sum_list(Xs, Sum0, Sum)).

sumlist(Xs, Sum) :-
    sum_list(Xs, Sum).

%   max_list/2, min_list/2: arithmetic comparison; fail on [].
max_list(Xs, Max) :-
    var(Xs),
    !,
    '$no_matching_rule'(lists:max_list(Xs, Max)).
max_list([], _) :-
    !,
    fail.
max_list([H|T], Max) :-
    !,
    '$max_list'(T, H, Max).
max_list(Xs, Max) :-
    '$no_matching_rule'(lists:max_list(Xs, Max)).

'$max_list'(Xs, Max0, Max) :-
    var(Xs),
    !,
    '$no_matching_rule'(lists:max_list(Xs, Max0, Max)).
'$max_list'([], Max0, Max) :-
    !,
    Max = Max0.
'$max_list'([H|T], Max0, Max) :-
    !,
    Max1 is max(Max0, H),
    '$max_list'(T, Max1, Max).
'$max_list'(Xs, Max0, Max) :-
    '$no_matching_rule'(lists:max_list(Xs, Max0, Max)).

min_list(Xs, Min) :-
    var(Xs),
    !,
    '$no_matching_rule'(lists:min_list(Xs, Min)).
min_list([], _) :-
    !,
    fail.
min_list([H|T], Min) :-
    !,
    '$min_list'(T, H, Min).
min_list(Xs, Min) :-
    '$no_matching_rule'(lists:min_list(Xs, Min)).

'$min_list'(Xs, Min0, Min) :-
    var(Xs),
    !,
    '$no_matching_rule'(lists:min_list(Xs, Min0, Min)).
'$min_list'([], Min0, Min) :-
    !,
    Min = Min0.
'$min_list'([H|T], Min0, Min) :-
    !,
    Min1 is min(Min0, H),
    '$min_list'(T, Min1, Min).
'$min_list'(Xs, Min0, Min) :-
    '$no_matching_rule'(lists:min_list(Xs, Min0, Min)).

%   max_member/2, min_member/2: standard order of terms; fail on [].
max_member(Max, Xs) :-
    var(Xs),
    !,
    '$no_matching_rule'(lists:max_member(Max, Xs)).
max_member(_, []) :-
    !,
    fail.
max_member(Max, [H|T]) :-
    !,
    '$max_member'(T, H, Max).
max_member(Max, Xs) :-
    '$no_matching_rule'(lists:max_member(Max, Xs)).

'$max_member'(Xs, Max0, Max) :-
    var(Xs),
    !,
    '$no_matching_rule'(lists:max_member_(Xs, Max0, Max)).
'$max_member'([], Max0, Max) :-
    !,
    Max = Max0.
'$max_member'([H|T], Max0, Max) :-
    !,
    (   H @> Max0
    ->  '$max_member'(T, H, Max)
    ;   '$max_member'(T, Max0, Max)
    ).
'$max_member'(Xs, Max0, Max) :-
    '$no_matching_rule'(lists:max_member_(Xs, Max0, Max)).

min_member(Min, Xs) :-
    var(Xs),
    !,
    '$no_matching_rule'(lists:min_member(Min, Xs)).
min_member(_, []) :-
    !,
    fail.
min_member(Min, [H|T]) :-
    !,
    '$min_member'(T, H, Min).
min_member(Min, Xs) :-
    '$no_matching_rule'(lists:min_member(Min, Xs)).

'$min_member'(Xs, Min0, Min) :-
    var(Xs),
    !,
    '$no_matching_rule'(lists:min_member_(Xs, Min0, Min)).
'$min_member'([], Min0, Min) :-
    !,
    Min = Min0.
'$min_member'([H|T], Min0, Min) :-
    !,
    (   H @< Min0
    ->  '$min_member'(T, H, Min)
    ;   '$min_member'(T, Min0, Min)
    ).
'$min_member'(Xs, Min0, Min) :-
    '$no_matching_rule'(lists:min_member_(Xs, Min0, Min)).

%   max_member(:Pred, -Max, +List), min_member(:Pred, -Min, +List): the largest (smallest)
%   element by Pred, called as call(Pred, X, Y) for "X is not above Y".  An element replaces
%   the one kept only when Pred does not hold the other way, so the first of equal elements
%   is the answer, as in SWI-Prolog.  Fail on [].
max_member(Pred, Max, [H|T]) :-
    '$max_member_by'(T, Pred, H, Max).

'$max_member_by'([], _, Max, Max).
'$max_member_by'([H|T], Pred, Max0, Max) :-
    (   call(Pred, H, Max0)
    ->  '$max_member_by'(T, Pred, Max0, Max)
    ;   '$max_member_by'(T, Pred, H, Max)
    ).

min_member(Pred, Min, [H|T]) :-
    '$min_member_by'(T, Pred, H, Min).

'$min_member_by'([], _, Min, Min).
'$min_member_by'([H|T], Pred, Min0, Min) :-
    (   call(Pred, Min0, H)
    ->  '$min_member_by'(T, Pred, Min0, Min)
    ;   '$min_member_by'(T, Pred, H, Min)
    ).

%   clumped(+Items, -Pairs): each run of equal (==) adjacent items as Item-Count, in order;
%   on a sorted list, how often each item occurs.
clumped([], []).
clumped([H|T0], [H-N|T]) :-
    '$clump'(T0, H, 1, N, T1),
    clumped(T1, T).

'$clump'([H|T0], X, N0, N, T) :-
    H == X,
    !,
    N1 is N0 + 1,
    '$clump'(T0, X, N1, N, T).
'$clump'(T, _, N, N, T).

%   numlist(+Low, +High, -List): [Low..High]; fails when High < Low.
numlist(Low, High, List) :-
    '$must_be_integer'(Low),
    '$must_be_integer'(High),
    Low =< High,
    '$numlist'(Low, High, List).

'$numlist'(High, High, List) :-
    !,
    List = [High].
'$numlist'(Low, High, [Low|T]) :-
    Low1 is Low + 1,
    '$numlist'(Low1, High, T).

%   '$must_be_integer'(X) is must_be(integer, X): its errors name no predicate, as the
%   library's must_be/2 in SWI-Prolog; '$must_be_integer'(X, PI) names PI.
'$must_be_integer'(X) :-
    (   integer(X)
    ->  true
    ;   var(X)
    ->  throw(error(instantiation_error, _))
    ;   throw(error(type_error(integer, X), _))
    ).

'$must_be_integer'(X, Pred) :-
    (   integer(X)
    ->  true
    ;   var(X)
    ->  throw(error(instantiation_error, context(Pred, _)))
    ;   throw(error(type_error(integer, X), context(Pred, _)))
    ).

%   pairs_keys_values(?Pairs, ?Keys, ?Values), pairs_keys/2, pairs_values/2.
pairs_keys_values([], [], []).
pairs_keys_values([K-V|T], [K|Ks], [V|Vs]) :-
    pairs_keys_values(T, Ks, Vs).

pairs_keys([], []).
pairs_keys([K-_|T], [K|Ks]) :-
    pairs_keys(T, Ks).

pairs_values([], []).
pairs_values([_-V|T], [V|Vs]) :-
    pairs_values(T, Vs).

%   group_pairs_by_key(+Pairs, -Groups): runs of pairs whose keys are
%   identical (==) become one Key-Values pair, in order; as library(pairs),
%   Pairs is usually keysorted first.
group_pairs_by_key([], []).
group_pairs_by_key([K-V|Pairs], [K-[V|Vs]|Groups]) :-
    '$same_key_values'(Pairs, K, Vs, Rest),
    group_pairs_by_key(Rest, Groups).

'$same_key_values'([K1-V|Pairs], K, [V|Vs], Rest) :-
    K1 == K,
    !,
    '$same_key_values'(Pairs, K, Vs, Rest).
'$same_key_values'(Rest, _, [], Rest).

%   map_list_to_pairs(:Function, +List, -Pairs): each element E of List
%   paired as K-E with the K that call(Function, E, K) gives.
map_list_to_pairs(Function, List, Pairs) :-
    '$map_list_to_pairs'(List, Function, Pairs).

'$map_list_to_pairs'([], _, []).
'$map_list_to_pairs'([E|Es], Function, [K-E|Pairs]) :-
    call(Function, E, K),
    '$map_list_to_pairs'(Es, Function, Pairs).

%   predsort(:Order, +List, -Sorted): merge sort by call(Order, O, A, B);
%   elements for which Order answers = are dropped, as in sort/2.
predsort(Order, List, Sorted) :-
    length(List, N),
    (   N =:= 0
    ->  Sorted = []
    ;   '$predsort'(N, Order, List, _, Sorted1),
        Sorted = Sorted1
    ).

%   '$predsort'(N, Order, List, Rest, Sorted): sort the first N elements
%   of List; Rest is what remains.
'$predsort'(2, Order, [X1,X2|Rest], Rest, Sorted) :-
    !,
    call(Order, Delta, X1, X2),
    '$predsort2'(Delta, X1, X2, Sorted).
'$predsort'(1, _, [X|Rest], Rest, [X]) :-
    !.
'$predsort'(N, Order, List, Rest, Sorted) :-
    N1 is N // 2,
    N2 is N - N1,
    '$predsort'(N1, Order, List, Middle, Sorted1),
    '$predsort'(N2, Order, Middle, Rest, Sorted2),
    '$predmerge'(Sorted1, Sorted2, Order, Sorted).

'$predsort2'(<, X1, X2, [X1,X2]).
'$predsort2'(=, X1, _, [X1]).
'$predsort2'(>, X1, X2, [X2,X1]).

'$predmerge'([], Ys, _, Ys) :-
    !.
'$predmerge'(Xs, [], _, Xs) :-
    !.
'$predmerge'([X|Xs], [Y|Ys], Order, Merged) :-
    call(Order, Delta, X, Y),
    '$predmerge_'(Delta, X, Xs, Y, Ys, Order, Merged).

'$predmerge_'(<, X, Xs, Y, Ys, Order, [X|Merged]) :-
    '$predmerge'(Xs, [Y|Ys], Order, Merged).
'$predmerge_'(=, X, Xs, _, Ys, Order, [X|Merged]) :-
    '$predmerge'(Xs, Ys, Order, Merged).
'$predmerge_'(>, X, Xs, Y, Ys, Order, [Y|Merged]) :-
    '$predmerge'([X|Xs], Ys, Order, Merged).

%   proper_length(@List, -Length): Length of List if it is a proper list;
%   fails on partial and cyclic-free improper lists.
proper_length(List, Length) :-
    '$proper_length'(List, Length).

same_length([], []).
same_length([_|T1], [_|T2]) :- same_length(T1, T2).

%   transpose(+Rows, -Columns): library(clpfd)'s transpose/2, which programs load clpfd for
%   to turn a matrix (a list of rows of equal length) into its list of columns; it fails on
%   rows of different lengths and raises an instantiation error on a partial list, as there.
transpose(Rows, Columns) :-
    must_be(list, Rows),
    '$transpose_check_rows'(Rows),
    (   Rows = [First|_]
    ->  '$transpose_columns'(First, Rows, Columns)
    ;   Columns = []
    ).

'$transpose_check_rows'([]).
'$transpose_check_rows'([Row|Rows]) :-
    must_be(list, Row),
    '$transpose_check_rows'(Rows).

'$transpose_columns'([], Rows, []) :-
    '$transpose_all_empty'(Rows).
'$transpose_columns'([_|More], Rows, [Column|Columns]) :-
    '$transpose_firsts'(Rows, Column, Rests),
    '$transpose_columns'(More, Rests, Columns).

'$transpose_all_empty'([]).
'$transpose_all_empty'([[]|Rows]) :-
    '$transpose_all_empty'(Rows).

'$transpose_firsts'([], [], []).
'$transpose_firsts'([[X|Xs]|Rows], [X|Column], [Xs|Rests]) :-
    '$transpose_firsts'(Rows, Column, Rests).
