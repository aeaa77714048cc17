/*  ply library: hash tables, as SWI-Prolog's library(hashtable).

    A table is the term ht(Size, Capacity, Buckets): Size pairs are
    stored, Buckets is a term buckets(B1, ..., Bn) of Capacity lists of
    Key-Value pairs, and a key goes to the bucket its term_hash/2 picks
    (bucket 1 for a key with a variable, which has no hash).  Keys are
    compared with ==/2, as SWI-Prolog compares them.  Every change is
    made with setarg/3, so it is undone on backtracking, as in SWI-Prolog:
    a table is a value a program threads through a deterministic search,
    and a failed branch leaves it as it was.  When Size reaches three
    quarters of Capacity the buckets are doubled, so a lookup stays
    short.  Helpers are named with a '$ht_' prefix.
*/

%   ht_new(-HT): a new empty table.
ht_new(ht(0, 8, B)) :-
    functor(B, buckets, 8),
    '$ht_empty'(8, B).

'$ht_empty'(0, _) :- !.
'$ht_empty'(I, B) :-
    arg(I, B, []),
    I1 is I - 1,
    '$ht_empty'(I1, B).

%   ht_is_hashtable(@T): T is a table.
ht_is_hashtable(T) :-
    nonvar(T),
    T = ht(S, C, B),
    integer(S),
    integer(C),
    compound(B).

%   ht_size(+HT, -Count): the number of keys.
ht_size(ht(S, _, _), S).

'$ht_index'(ht(_, C, _), Key, I) :-
    term_hash(Key, H),
    (   var(H)
    ->  I = 1
    ;   I is H mod C + 1
    ).

'$ht_lookup'([K-V|Ps], Key, Value) :-
    (   K == Key
    ->  Value = V
    ;   '$ht_lookup'(Ps, Key, Value)
    ).

%   ht_get(+HT, +Key, -Value): Value is the value of Key; fails when
%   Key is not in the table.
ht_get(HT, Key, Value) :-
    '$ht_index'(HT, Key, I),
    arg(3, HT, B),
    arg(I, B, Pairs),
    '$ht_lookup'(Pairs, Key, V),
    Value = V.

% '$ht_remove'(+Pairs0, +Key, -Old, -Pairs): Pairs is Pairs0 without the
% pair of Key, whose value was Old; fails when Key has none.
'$ht_remove'([K-V|Ps], Key, Old, Rest) :-
    (   K == Key
    ->  Old = V,
        Rest = Ps
    ;   Rest = [K-V|Rest1],
        '$ht_remove'(Ps, Key, Old, Rest1)
    ).

%   ht_put(!HT, +Key, +Value): Key maps to Value, replacing its value.
ht_put(HT, Key, Value) :-
    ht_put(HT, Key, Value, _, _).

%   ht_put(!HT, +Key, +Value, +IfNew, -Old): Key maps to Value; Old is
%   its value before, or IfNew when it had none.
ht_put(HT, Key, Value, IfNew, Old) :-
    '$ht_index'(HT, Key, I),
    arg(3, HT, B),
    arg(I, B, Pairs),
    (   '$ht_remove'(Pairs, Key, Old0, Rest)
    ->  Old = Old0,
        setarg(I, B, [Key-Value|Rest])
    ;   Old = IfNew,
        setarg(I, B, [Key-Value|Pairs]),
        '$ht_grown'(HT)
    ).

%   ht_put_new(!HT, +Key, +Value): as ht_put/3, but fails when Key is
%   already in the table.
ht_put_new(HT, Key, Value) :-
    \+ ht_get(HT, Key, _),
    ht_put(HT, Key, Value).

%   ht_update(!HT, +Key, ?Old, +New): Key had the value Old and now has
%   New; fails when Key is not in the table.
ht_update(HT, Key, Old, New) :-
    ht_get(HT, Key, Old),
    ht_put(HT, Key, New).

%   ht_del(!HT, +Key, -Value): remove Key, whose value was Value; fails
%   when Key is not in the table.
ht_del(HT, Key, Value) :-
    '$ht_index'(HT, Key, I),
    arg(3, HT, B),
    arg(I, B, Pairs),
    '$ht_remove'(Pairs, Key, Old, Rest),
    setarg(I, B, Rest),
    arg(1, HT, S0),
    S is S0 - 1,
    setarg(1, HT, S),
    Value = Old.

% One pair more: count it, and double the buckets at three quarters.
'$ht_grown'(HT) :-
    arg(1, HT, S0),
    S is S0 + 1,
    setarg(1, HT, S),
    arg(2, HT, C),
    (   S * 4 >= C * 3
    ->  '$ht_pairs'(HT, Pairs),
        C2 is C * 2,
        functor(B2, buckets, C2),
        '$ht_empty'(C2, B2),
        setarg(2, HT, C2),
        setarg(3, HT, B2),
        '$ht_refill'(Pairs, HT)
    ;   true
    ).

'$ht_refill'([], _).
'$ht_refill'([K-V|Ps], HT) :-
    '$ht_index'(HT, K, I),
    arg(3, HT, B),
    arg(I, B, Pairs),
    setarg(I, B, [K-V|Pairs]),
    '$ht_refill'(Ps, HT).

'$ht_pairs'(ht(_, C, B), Pairs) :-
    '$ht_pairs'(C, B, [], Pairs).

'$ht_pairs'(0, _, Pairs, Pairs) :- !.
'$ht_pairs'(I, B, Acc, Pairs) :-
    arg(I, B, Ps),
    append(Ps, Acc, Acc1),
    I1 is I - 1,
    '$ht_pairs'(I1, B, Acc1, Pairs).

%   ht_pairs(?HT, ?Pairs): Pairs are the Key-Value pairs of HT; with HT
%   unbound, HT is a new table of Pairs.
ht_pairs(HT, Pairs) :-
    (   var(HT)
    ->  ht_new(HT),
        '$ht_put_pairs'(Pairs, HT)
    ;   '$ht_pairs'(HT, Pairs)
    ).

'$ht_put_pairs'([], _).
'$ht_put_pairs'([K-V|Ps], HT) :-
    ht_put(HT, K, V),
    '$ht_put_pairs'(Ps, HT).

%   ht_keys(+HT, -Keys): the keys of HT.
ht_keys(HT, Keys) :-
    '$ht_pairs'(HT, Pairs),
    '$ht_firsts'(Pairs, Keys).

'$ht_firsts'([], []).
'$ht_firsts'([K-_|Ps], [K|Ks]) :-
    '$ht_firsts'(Ps, Ks).

%   ht_gen(+HT, ?Key, ?Value): enumerate the pairs of HT on backtracking.
ht_gen(HT, Key, Value) :-
    '$ht_pairs'(HT, Pairs),
    member(Key-Value, Pairs).
