/*  ply library: tries, SWI-Prolog's tables of terms compared as variants.

    A trie is the term '$trie'(Id) that trie_new/1 gives.  It maps keys,
    any terms, to values: two keys are the same key when they are variants
    (=@=), and a stored key is a copy, so later bindings of the key given
    to trie_insert/3 do not reach it.  A trie lives outside the search,
    as in SWI-Prolog: what is inserted stays on backtracking, until
    trie_delete/3 or trie_destroy/1.

    An entry with a ground key is a clause of the dynamic
    '$trie_kv'(Id, Key, Value), so that its lookup is one the clause
    indexes answer; one whose key has variables is a clause of
    '$trie_nv'(Id, Key, Value), found by a scan for a variant, and kept
    apart so that a ground key never unifies with a stored key that has
    variables.  A key inserted without a value (trie_insert/2) has the
    value '$trie_none'.  trie_gen/2,3 enumerate the ground keys in the
    order of insertion and then the others, where SWI-Prolog's order is
    that of its trie nodes.  Helpers are named with a '$trie_' prefix.
*/

%   trie_new(-Trie): a new empty trie.
trie_new(Trie) :-
    (   var(Trie)
    ->  true
    ;   throw(error(uninstantiation_error(Trie), context(trie_new/1, _)))
    ),
    '$trie_init',
    flag('$trie_next', Id, Id+1),
    assertz('$trie_live'(Id)),
    Trie = '$trie'(Id).

'$trie_init' :-
    (   predicate_property('$trie_live'(_), dynamic)
    ->  true
    ;   dynamic('$trie_live'/1),
        dynamic('$trie_kv'/3),
        dynamic('$trie_nv'/3)
    ).

%   '$trie_id'(+Trie, +PI, -Id): the id of a live trie, or the error
%   SWI-Prolog raises for anything else.
'$trie_id'(Trie, PI, Id) :-
    (   var(Trie)
    ->  throw(error(instantiation_error, context(PI, _)))
    ;   Trie = '$trie'(Id), integer(Id)
    ->  (   '$trie_live'(Id)
        ->  true
        ;   throw(error(existence_error(trie, Trie), context(PI, _)))
        )
    ;   throw(error(type_error(trie, Trie), context(PI, _)))
    ).

%   '$trie_entry'(+Id, +Key, -Stored, -Value): the entry whose key is a
%   variant of Key, its stored key and its value.
'$trie_entry'(Id, Key, Stored, Value) :-
    (   ground(Key)
    ->  '$trie_kv'(Id, Key, Value),
        Stored = Key
    ;   '$trie_nv'(Id, Stored, Value),
        Stored =@= Key
    ),
    !.

%   '$trie_add'(+Id, +Key, +Value): a new entry.
'$trie_add'(Id, Key, Value) :-
    (   ground(Key)
    ->  assertz('$trie_kv'(Id, Key, Value))
    ;   assertz('$trie_nv'(Id, Key, Value))
    ).

%   '$trie_kv_any'(?Id, ?Key, ?Value): an entry of either kind.
'$trie_kv_any'(Id, Key, Value) :-
    '$trie_kv'(Id, Key, Value).
'$trie_kv_any'(Id, Key, Value) :-
    '$trie_nv'(Id, Key, Value).

%   trie_insert(+Trie, +Key, +Value): add Key with Value; fails when Key is
%   there with Value already, raises a permission error when it is there
%   with another value.
trie_insert(Trie, Key, Value) :-
    '$trie_id'(Trie, trie_insert/3, Id),
    (   '$trie_entry'(Id, Key, _, Old)
    ->  Old \== Value,
        throw(error(permission_error(modify, trie_key, Key),
                    context(trie_insert/3, _)))
    ;   '$trie_add'(Id, Key, Value)
    ).

%   trie_insert(+Trie, +Key): add Key without a value; fails when it is
%   there.
trie_insert(Trie, Key) :-
    '$trie_id'(Trie, trie_insert/2, Id),
    \+ '$trie_entry'(Id, Key, _, _),
    '$trie_add'(Id, Key, '$trie_none').

%   trie_update(+Trie, +Key, +Value): Key has Value, whether it was there
%   or not.
trie_update(Trie, Key, Value) :-
    '$trie_id'(Trie, trie_update/3, Id),
    (   '$trie_entry'(Id, Key, Stored, Old)
    ->  (   Old == Value
        ->  true
        ;   '$trie_retract'(Id, Stored, Old),
            '$trie_add'(Id, Key, Value)
        )
    ;   '$trie_add'(Id, Key, Value)
    ).

%   '$trie_retract'(+Id, +Stored, +Value): remove the one entry a lookup
%   found.
'$trie_retract'(Id, Stored, Value) :-
    (   ground(Stored)
    ->  retract('$trie_kv'(Id, Stored, Value))
    ;   clause('$trie_nv'(Id, K, V), true, Ref),
        K =@= Stored,
        V == Value
    ->  erase(Ref)
    ),
    !.

%   trie_lookup(+Trie, +Key, -Value): the value of the key that is a
%   variant of Key.
trie_lookup(Trie, Key, Value) :-
    '$trie_id'(Trie, trie_lookup/3, Id),
    '$trie_entry'(Id, Key, _, V),
    V \== '$trie_none',
    Value = V.

%   trie_delete(+Trie, +Key, ?Value): remove Key, whose value is Value.
trie_delete(Trie, Key, Value) :-
    '$trie_id'(Trie, trie_delete/3, Id),
    '$trie_entry'(Id, Key, Stored, V),
    V = Value,
    '$trie_retract'(Id, Stored, V).

%   trie_gen(+Trie, ?Key, -Value): the keys that unify with Key and their
%   values, on backtracking.
trie_gen(Trie, Key, Value) :-
    '$trie_id'(Trie, trie_gen/3, Id),
    '$trie_kv_any'(Id, Key, V),
    V \== '$trie_none',
    Value = V.

%   trie_gen(+Trie, ?Key): the keys that unify with Key, on backtracking.
trie_gen(Trie, Key) :-
    '$trie_id'(Trie, trie_gen/2, Id),
    '$trie_kv_any'(Id, Key, _).

%   trie_gen_compiled/2,3: trie_gen/2,3, which SWI-Prolog runs over a
%   clause form of the trie.
trie_gen_compiled(Trie, Key) :-
    trie_gen(Trie, Key).
trie_gen_compiled(Trie, Key, Value) :-
    trie_gen(Trie, Key, Value).

%   trie_destroy(+Trie): remove Trie and all its entries.
trie_destroy(Trie) :-
    '$trie_id'(Trie, trie_destroy/1, Id),
    retractall('$trie_kv'(Id, _, _)),
    retractall('$trie_nv'(Id, _, _)),
    retractall('$trie_live'(Id)).

%   is_trie(@Trie): Trie is a trie that was not destroyed.
is_trie(Trie) :-
    nonvar(Trie),
    Trie = '$trie'(Id),
    integer(Id),
    predicate_property('$trie_live'(_), dynamic),
    '$trie_live'(Id).
