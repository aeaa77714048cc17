/*  ply library: association lists as AVL trees, as SWI-Prolog's
    library(assoc).

    An assoc maps keys, compared in the standard order of terms, to
    values.  The empty assoc is the atom t; a node is t(K, V, B, L, R)
    with key K, value V, left subtree L (smaller keys), right subtree R
    (greater keys) and balance B: < when L is one level taller than R,
    - when both are as tall, > when R is one level taller.  Keeping every
    node within one level of balance (the AVL condition) bounds the
    height by about 1.44 log2(n), so lookups, insertions and deletions
    take logarithmic time and their recursion stays shallow on any size.

    Insertion and deletion return, besides the new subtree, whether its
    height changed (yes/no); a node whose subtree grew or shrank updates
    its balance, and when that would leave it two levels out of balance
    it is rotated, once or twice, as in any textbook on AVL trees.
    Pairs are Key-Value.  Helpers are named with a '$assoc_' prefix.
*/

%   empty_assoc(?Assoc).
empty_assoc(t).

%   get_assoc(+Key, +Assoc, -Value): the value of Key, found by compare/3.
get_assoc(Key, Assoc, Value) :-
    '$assoc_must_be_tree'(Assoc),
    '$assoc_get'(Assoc, Key, Value).

'$assoc_get'(t(K, V, _, L, R), Key, Value) :-
    compare(Order, Key, K),
    '$assoc_get'(Order, Key, Value, V, L, R).

'$assoc_get'(=, _, Value, Value, _, _).
'$assoc_get'(<, Key, Value, _, L, _) :-
    '$assoc_get'(L, Key, Value).
'$assoc_get'(>, Key, Value, _, _, R) :-
    '$assoc_get'(R, Key, Value).

%   gen_assoc(?Key, +Assoc, ?Value): the pairs of Assoc on backtracking, in
%   ascending order of keys.
gen_assoc(Key, Assoc, Value) :-
    (   ground(Key)
    ->  get_assoc(Key, Assoc, Value)
    ;   '$assoc_must_be_tree'(Assoc),
        '$assoc_gen'(Assoc, Key, Value)
    ).

'$assoc_gen'(t(_, _, _, L, _), Key, Value) :-
    '$assoc_gen'(L, Key, Value).
'$assoc_gen'(t(Key, Value, _, _, _), Key, Value).
'$assoc_gen'(t(_, _, _, _, R), Key, Value) :-
    '$assoc_gen'(R, Key, Value).

%   get_assoc(+Key, +Assoc0, ?Value0, ?Assoc, ?Value): Assoc is Assoc0 with
%   the value of Key, Value0, replaced by Value.
get_assoc(Key, Assoc0, Value0, Assoc, Value) :-
    '$assoc_must_be_tree'(Assoc0),
    '$assoc_replace'(Assoc0, Key, Value0, Assoc, Value).

'$assoc_replace'(t(K, V, B, L, R), Key, Value0, New, Value) :-
    compare(Order, Key, K),
    '$assoc_replace'(Order, Key, Value0, Value, K, V, B, L, R, New).

'$assoc_replace'(=, _, V, Value, K, V, B, L, R, t(K, Value, B, L, R)).
'$assoc_replace'(<, Key, Value0, Value, K, V, B, L, R, t(K, V, B, L1, R)) :-
    '$assoc_replace'(L, Key, Value0, L1, Value).
'$assoc_replace'(>, Key, Value0, Value, K, V, B, L, R, t(K, V, B, L, R1)) :-
    '$assoc_replace'(R, Key, Value0, R1, Value).

'$assoc_must_be_tree'(A) :-
    (   var(A)
    ->  throw(error(instantiation_error, _))
    ;   true
    ).

%   put_assoc(+Key, +Assoc0, +Value, -Assoc): Assoc is Assoc0 with Key
%   mapped to Value, replacing any value Key had.
put_assoc(Key, Assoc0, Value, Assoc) :-
    '$assoc_must_be_tree'(Assoc0),
    '$assoc_put'(Assoc0, Key, Value, Assoc, _).

'$assoc_put'(t, Key, Value, t(Key, Value, -, t, t), yes).
'$assoc_put'(t(K, V, B, L, R), Key, Value, New, Grew) :-
    compare(Order, Key, K),
    '$assoc_put'(Order, Key, Value, K, V, B, L, R, New, Grew).

'$assoc_put'(=, _, Value, K, _, B, L, R, t(K, Value, B, L, R), no).
'$assoc_put'(<, Key, Value, K, V, B, L, R, New, Grew) :-
    '$assoc_put'(L, Key, Value, L1, LeftGrew),
    '$assoc_left_grew'(LeftGrew, K, V, B, L1, R, New, Grew).
'$assoc_put'(>, Key, Value, K, V, B, L, R, New, Grew) :-
    '$assoc_put'(R, Key, Value, R1, RightGrew),
    '$assoc_right_grew'(RightGrew, K, V, B, L, R1, New, Grew).

%   The left subtree L of node K grew (yes) or kept its height (no).
'$assoc_left_grew'(no, K, V, B, L, R, t(K, V, B, L, R), no).
'$assoc_left_grew'(yes, K, V, B, L, R, New, Grew) :-
    '$assoc_taller_left'(B, K, V, L, R, New, Grew).

'$assoc_taller_left'(>, K, V, L, R, t(K, V, -, L, R), no).
'$assoc_taller_left'(-, K, V, L, R, t(K, V, <, L, R), yes).
'$assoc_taller_left'(<, K, V, L, R, New, no) :-
    '$assoc_rotate_right'(L, K, V, R, New, _).

'$assoc_right_grew'(no, K, V, B, L, R, t(K, V, B, L, R), no).
'$assoc_right_grew'(yes, K, V, B, L, R, New, Grew) :-
    '$assoc_taller_right'(B, K, V, L, R, New, Grew).

'$assoc_taller_right'(<, K, V, L, R, t(K, V, -, L, R), no).
'$assoc_taller_right'(-, K, V, L, R, t(K, V, >, L, R), yes).
'$assoc_taller_right'(>, K, V, L, R, New, no) :-
    '$assoc_rotate_left'(R, K, V, L, New, _).

%   '$assoc_rotate_right'(+L, +K, +V, +R, -New, -Shorter): node K has a left
%   subtree L two levels taller than R; New is the rebalanced tree and
%   Shorter tells whether it is lower than the node was with L at its
%   height before the change (it is not only when L was balanced, which
%   happens after a deletion only).
'$assoc_rotate_right'(t(LK, LV, LB, LL, LR), K, V, R, New, Shorter) :-
    '$assoc_rotate_right'(LB, LK, LV, LL, LR, K, V, R, New, Shorter).

'$assoc_rotate_right'(<, LK, LV, LL, LR, K, V, R,
                      t(LK, LV, -, LL, t(K, V, -, LR, R)), yes).
'$assoc_rotate_right'(-, LK, LV, LL, LR, K, V, R,
                      t(LK, LV, >, LL, t(K, V, <, LR, R)), no).
'$assoc_rotate_right'(>, LK, LV, LL, t(XK, XV, XB, XL, XR), K, V, R,
                      t(XK, XV, -, t(LK, LV, B1, LL, XL), t(K, V, B2, XR, R)), yes) :-
    '$assoc_split_balance'(XB, B1, B2).

'$assoc_rotate_left'(t(RK, RV, RB, RL, RR), K, V, L, New, Shorter) :-
    '$assoc_rotate_left'(RB, RK, RV, RL, RR, K, V, L, New, Shorter).

'$assoc_rotate_left'(>, RK, RV, RL, RR, K, V, L,
                     t(RK, RV, -, t(K, V, -, L, RL), RR), yes).
'$assoc_rotate_left'(-, RK, RV, RL, RR, K, V, L,
                     t(RK, RV, <, t(K, V, >, L, RL), RR), no).
'$assoc_rotate_left'(<, RK, RV, t(XK, XV, XB, XL, XR), RR, K, V, L,
                     t(XK, XV, -, t(K, V, B1, L, XL), t(RK, RV, B2, XR, RR)), yes) :-
    '$assoc_split_balance'(XB, B1, B2).

%   A double rotation lifts the grandchild X to the top and hands its two
%   subtrees to the nodes on either side: the balances of those two nodes
%   follow from X's old balance (the same table serves both directions).
'$assoc_split_balance'(<, -, >).
'$assoc_split_balance'(-, -, -).
'$assoc_split_balance'(>, <, -).

%   del_assoc(+Key, +Assoc0, ?Value, -Assoc): Assoc is Assoc0 without Key,
%   whose value was Value.
del_assoc(Key, Assoc0, Value, Assoc) :-
    '$assoc_must_be_tree'(Assoc0),
    '$assoc_del'(Assoc0, Key, Value, Assoc, _).

'$assoc_del'(t(K, V, B, L, R), Key, Value, New, Shrunk) :-
    compare(Order, Key, K),
    '$assoc_del'(Order, Key, Value, K, V, B, L, R, New, Shrunk).

'$assoc_del'(=, _, Value, _, Value, B, L, R, New, Shrunk) :-
    '$assoc_del_node'(L, R, B, New, Shrunk).
'$assoc_del'(<, Key, Value, K, V, B, L, R, New, Shrunk) :-
    '$assoc_del'(L, Key, Value, L1, LeftShrunk),
    '$assoc_left_shrunk'(LeftShrunk, K, V, B, L1, R, New, Shrunk).
'$assoc_del'(>, Key, Value, K, V, B, L, R, New, Shrunk) :-
    '$assoc_del'(R, Key, Value, R1, RightShrunk),
    '$assoc_right_shrunk'(RightShrunk, K, V, B, L, R1, New, Shrunk).

%   Remove a node with subtrees L and R: a missing side lets the other take
%   its place; otherwise the greatest node of L takes the node's place.
'$assoc_del_node'(t, R, _, R, yes).
'$assoc_del_node'(t(LK, LV, LB, LL, LR), R, B, New, Shrunk) :-
    '$assoc_del_node_right'(R, t(LK, LV, LB, LL, LR), B, New, Shrunk).

'$assoc_del_node_right'(t, L, _, L, yes).
'$assoc_del_node_right'(t(RK, RV, RB, RL, RR), t(LK, LV, LB, LL, LR), B, New, Shrunk) :-
    '$assoc_del_max'(LR, LK, LV, LB, LL, MaxK, MaxV, L1, LeftShrunk),
    '$assoc_left_shrunk'(LeftShrunk, MaxK, MaxV, B, L1, t(RK, RV, RB, RL, RR), New, Shrunk).

%   '$assoc_del_min'(L, K, V, B, R, -MinK, -MinV, -New, -Shrunk): remove the
%   smallest node of the tree t(K, V, B, L, R).
'$assoc_del_min'(t, K, V, _, R, K, V, R, yes).
'$assoc_del_min'(t(LK, LV, LB, LL, LR), K, V, B, R, MinK, MinV, New, Shrunk) :-
    '$assoc_del_min'(LL, LK, LV, LB, LR, MinK, MinV, L1, LeftShrunk),
    '$assoc_left_shrunk'(LeftShrunk, K, V, B, L1, R, New, Shrunk).

%   '$assoc_del_max'(R, K, V, B, L, -MaxK, -MaxV, -New, -Shrunk): remove the
%   greatest node of the tree t(K, V, B, L, R).
'$assoc_del_max'(t, K, V, _, L, K, V, L, yes).
'$assoc_del_max'(t(RK, RV, RB, RL, RR), K, V, B, L, MaxK, MaxV, New, Shrunk) :-
    '$assoc_del_max'(RR, RK, RV, RB, RL, MaxK, MaxV, R1, RightShrunk),
    '$assoc_right_shrunk'(RightShrunk, K, V, B, L, R1, New, Shrunk).

%   The left subtree L of node K shrank (yes) or kept its height (no).
'$assoc_left_shrunk'(no, K, V, B, L, R, t(K, V, B, L, R), no).
'$assoc_left_shrunk'(yes, K, V, B, L, R, New, Shrunk) :-
    '$assoc_lower_left'(B, K, V, L, R, New, Shrunk).

'$assoc_lower_left'(<, K, V, L, R, t(K, V, -, L, R), yes).
'$assoc_lower_left'(-, K, V, L, R, t(K, V, >, L, R), no).
'$assoc_lower_left'(>, K, V, L, R, New, Shrunk) :-
    '$assoc_rotate_left'(R, K, V, L, New, Shrunk).

'$assoc_right_shrunk'(no, K, V, B, L, R, t(K, V, B, L, R), no).
'$assoc_right_shrunk'(yes, K, V, B, L, R, New, Shrunk) :-
    '$assoc_lower_right'(B, K, V, L, R, New, Shrunk).

'$assoc_lower_right'(>, K, V, L, R, t(K, V, -, L, R), yes).
'$assoc_lower_right'(-, K, V, L, R, t(K, V, <, L, R), no).
'$assoc_lower_right'(<, K, V, L, R, New, Shrunk) :-
    '$assoc_rotate_right'(L, K, V, R, New, Shrunk).

%   del_min_assoc(+Assoc0, ?Key, ?Value, -Assoc) and del_max_assoc/4: remove
%   the smallest (greatest) key.
del_min_assoc(Assoc0, Key, Value, Assoc) :-
    '$assoc_must_be_tree'(Assoc0),
    Assoc0 = t(K, V, B, L, R),
    '$assoc_del_min'(L, K, V, B, R, Key, Value, Assoc, _).

del_max_assoc(Assoc0, Key, Value, Assoc) :-
    '$assoc_must_be_tree'(Assoc0),
    Assoc0 = t(K, V, B, L, R),
    '$assoc_del_max'(R, K, V, B, L, Key, Value, Assoc, _).

%   min_assoc(+Assoc, -Key, -Value) and max_assoc/3: the smallest (greatest)
%   key and its value; both fail on the empty assoc.
min_assoc(Assoc, Key, Value) :-
    '$assoc_must_be_tree'(Assoc),
    Assoc = t(K, V, _, L, _),
    '$assoc_min'(L, K, V, Key, Value).

'$assoc_min'(t, K, V, K, V).
'$assoc_min'(t(K, V, _, L, _), _, _, Key, Value) :-
    '$assoc_min'(L, K, V, Key, Value).

max_assoc(Assoc, Key, Value) :-
    '$assoc_must_be_tree'(Assoc),
    Assoc = t(K, V, _, _, R),
    '$assoc_max'(R, K, V, Key, Value).

'$assoc_max'(t, K, V, K, V).
'$assoc_max'(t(K, V, _, _, R), _, _, Key, Value) :-
    '$assoc_max'(R, K, V, Key, Value).

%   assoc_to_list(+Assoc, -Pairs), assoc_to_keys/2, assoc_to_values/2: the
%   pairs, keys or values in ascending order of keys.  Each walk builds its
%   list from the right, so it needs no append.
assoc_to_list(Assoc, Pairs) :-
    '$assoc_must_be_tree'(Assoc),
    '$assoc_pairs'(Assoc, [], Pairs).

'$assoc_pairs'(t, Acc, Acc).
'$assoc_pairs'(t(K, V, _, L, R), Acc, Pairs) :-
    '$assoc_pairs'(R, Acc, Acc1),
    '$assoc_pairs'(L, [K-V|Acc1], Pairs).

assoc_to_keys(Assoc, Keys) :-
    '$assoc_must_be_tree'(Assoc),
    '$assoc_keys'(Assoc, [], Keys).

'$assoc_keys'(t, Acc, Acc).
'$assoc_keys'(t(K, _, _, L, R), Acc, Keys) :-
    '$assoc_keys'(R, Acc, Acc1),
    '$assoc_keys'(L, [K|Acc1], Keys).

assoc_to_values(Assoc, Values) :-
    '$assoc_must_be_tree'(Assoc),
    '$assoc_values'(Assoc, [], Values).

'$assoc_values'(t, Acc, Acc).
'$assoc_values'(t(_, V, _, L, R), Acc, Values) :-
    '$assoc_values'(R, Acc, Acc1),
    '$assoc_values'(L, [V|Acc1], Values).

%   list_to_assoc(+Pairs, -Assoc): Pairs in any order, no key twice.
list_to_assoc(Pairs, Assoc) :-
    keysort(Pairs, Sorted),
    (   '$assoc_keys_ascend'(Sorted)
    ->  true
    ;   throw(error(domain_error(unique_key_pairs, Pairs), _))
    ),
    length(Sorted, N),
    '$assoc_build'(N, Sorted, [], Assoc, _).

%   ord_list_to_assoc(+Pairs, -Assoc): Pairs already in strictly ascending
%   order of keys.
ord_list_to_assoc(Pairs, Assoc) :-
    (   is_list(Pairs),
        '$assoc_keys_ascend'(Pairs)
    ->  true
    ;   throw(error(domain_error(key_ordered_pairs, Pairs), _))
    ),
    length(Pairs, N),
    '$assoc_build'(N, Pairs, [], Assoc, _).

%   Every element is a pair and each key is strictly below the next.
'$assoc_keys_ascend'([]).
'$assoc_keys_ascend'([P|Ps]) :-
    nonvar(P),
    P = K-_,
    '$assoc_keys_ascend'(Ps, K).

'$assoc_keys_ascend'([], _).
'$assoc_keys_ascend'([P|Ps], K0) :-
    nonvar(P),
    P = K-_,
    K0 @< K,
    '$assoc_keys_ascend'(Ps, K).

%   '$assoc_build'(+N, +Pairs, -Rest, -Tree, -Height): Tree holds the first
%   N of Pairs, Rest the others.  The left subtree takes the larger half,
%   so the right one is never taller and at most one level lower.
'$assoc_build'(N, Pairs, Rest, Tree, Height) :-
    (   N =:= 0
    ->  Rest = Pairs,
        Tree = t,
        Height = 0
    ;   NR is (N - 1) // 2,
        NL is N - 1 - NR,
        Tree = t(K, V, B, L, R),
        '$assoc_build'(NL, Pairs, [K-V|Pairs1], L, HL),
        '$assoc_build'(NR, Pairs1, Rest, R, HR),
        (   HL > HR
        ->  B = (<)
        ;   B = (-)
        ),
        Height is HL + 1
    ).

%   transpose_pairs(+Pairs, -Transposed): each K-V turned to V-K, then
%   sorted on the new keys, keeping pairs of equal keys in their order.
transpose_pairs(Pairs, Transposed) :-
    '$assoc_flip_pairs'(Pairs, Flipped),
    keysort(Flipped, Transposed).

'$assoc_flip_pairs'([], []).
'$assoc_flip_pairs'([K-V|Ps], [V-K|Fs]) :-
    '$assoc_flip_pairs'(Ps, Fs).

%   map_assoc(:Goal, +Assoc): Goal holds for every value.
%   map_assoc(:Goal, +Assoc0, -Assoc): Assoc has Goal's image of each value.
map_assoc(Goal, Assoc) :-
    '$assoc_must_be_tree'(Assoc),
    '$assoc_map'(Assoc, Goal).

'$assoc_map'(t, _).
'$assoc_map'(t(_, V, _, L, R), Goal) :-
    '$assoc_map'(L, Goal),
    call(Goal, V),
    '$assoc_map'(R, Goal).

map_assoc(Goal, Assoc0, Assoc) :-
    '$assoc_must_be_tree'(Assoc0),
    '$assoc_map'(Assoc0, Goal, Assoc).

'$assoc_map'(t, _, t).
'$assoc_map'(t(K, V, B, L, R), Goal, t(K, W, B, L1, R1)) :-
    '$assoc_map'(L, Goal, L1),
    call(Goal, V, W),
    '$assoc_map'(R, Goal, R1).

%   is_assoc(+Assoc): Assoc is a well-formed assoc: keys ascending, every
%   balance right.
is_assoc(Assoc) :-
    nonvar(Assoc),
    '$assoc_check'(Assoc, nokey, nokey, _).

%   Lo and Hi bound the keys of the subtree (nokey: no bound); Height is
%   its height.
'$assoc_check'(t, _, _, 0).
'$assoc_check'(t(K, _, B, L, R), Lo, Hi, Height) :-
    atom(B),
    nonvar(L),
    nonvar(R),
    (   Lo == nokey
    ->  true
    ;   Lo = key(LoK),
        LoK @< K
    ),
    (   Hi == nokey
    ->  true
    ;   Hi = key(HiK),
        K @< HiK
    ),
    '$assoc_check'(L, Lo, key(K), HL),
    '$assoc_check'(R, key(K), Hi, HR),
    Diff is HR - HL,
    '$assoc_balance_of'(Diff, B),
    Height is max(HL, HR) + 1.

'$assoc_balance_of'(-1, <).
'$assoc_balance_of'(0, -).
'$assoc_balance_of'(1, >).
