/*  ply library: tries, SWI-Prolog's tables of terms compared as variants.

    A trie is the term '$trie'(Id) that trie_new/1 gives.  It maps keys,
    any acyclic terms without attributed variables, to values: two keys
    are the same key when they are variants (=@=), and a stored key is a
    copy, so later bindings of the key given to trie_insert/3 do not reach
    it.  A trie lives outside the search, as in SWI-Prolog: what is
    inserted stays on backtracking, until trie_delete/3 or trie_destroy/1.

    The entries are kept by natives outside the stacks ('$trie_make'/1,
    '$trie_put'/3, '$trie_find'/3, ... in src/builtins/db/tries.rs), keyed
    by the key's copy, so a lookup is one hash probe; this file checks the
    arguments and raises SWI-Prolog's errors.  A key inserted without a
    value (trie_insert/2) has the value '$trie_none'.  trie_gen/2,3
    enumerate the keys in the order of insertion (a key keeps its place
    when trie_update/3 changes its value), where SWI-Prolog's order is that
    of its trie nodes.  Helpers are named with a '$trie_' prefix.
*/

%   trie_new(-Trie): a new empty trie; fails for a bound Trie, as
%   SWI-Prolog's does.
trie_new(Trie) :-
    '$trie_make'(Id),
    Trie = '$trie'(Id).

%   '$trie_id'(+Trie, +PI, -Id): the id of a live trie, or the error
%   SWI-Prolog raises for anything else.
'$trie_id'(Trie, PI, Id) :-
    (   var(Trie)
    ->  throw(error(instantiation_error, context(PI, _)))
    ;   Trie = '$trie'(Id), integer(Id)
    ->  (   '$trie_alive'(Id)
        ->  true
        ;   throw(error(existence_error(trie, Trie), context(PI, _)))
        )
    ;   throw(error(type_error(trie, Trie), context(PI, _)))
    ).

%   '$trie_key'(+Key, +PI): Key can be a key, or the error SWI-Prolog
%   raises: a cyclic term is not, nor an attributed variable or a term
%   holding one.
'$trie_key'(Key, PI) :-
    (   acyclic_term(Key)
    ->  true
    ;   throw(error(type_error(acyclic_term, Key), context(PI, _)))
    ),
    (   term_attvars(Key, [])
    ->  true
    ;   attvar(Key)
    ->  throw(error(instantiation_error, context(PI, _)))
    ;   throw(error(type_error(free_of_attvar, Key), context(PI, _)))
    ).

%   trie_insert(+Trie, +Key, +Value): add Key with Value; fails when Key is
%   there with Value already, raises a permission error when it is there
%   with another value.
trie_insert(Trie, Key, Value) :-
    '$trie_id'(Trie, trie_insert/3, Id),
    '$trie_key'(Key, trie_insert/3),
    (   '$trie_find'(Id, Key, Old)
    ->  Old \== Value,
        throw(error(permission_error(modify, trie_key, Key),
                    context(trie_insert/3, _)))
    ;   '$trie_put'(Id, Key, Value)
    ).

%   trie_insert(+Trie, +Key): add Key without a value; fails when it is
%   there.
trie_insert(Trie, Key) :-
    '$trie_id'(Trie, trie_insert/2, Id),
    '$trie_key'(Key, trie_insert/2),
    \+ '$trie_find'(Id, Key, _),
    '$trie_put'(Id, Key, '$trie_none').

%   trie_update(+Trie, +Key, +Value): Key has Value, whether it was there
%   or not.
trie_update(Trie, Key, Value) :-
    '$trie_set'(Trie, Key, Value, How),
    How == done,
    !.
trie_update(Trie, Key, Value) :-
    '$trie_id'(Trie, trie_update/3, Id),
    '$trie_key'(Key, trie_update/3),
    '$trie_put'(Id, Key, Value).

%   trie_lookup(+Trie, +Key, -Value): the value of the key that is a
%   variant of Key.
trie_lookup(Trie, Key, Value) :-
    '$trie_id'(Trie, trie_lookup/3, Id),
    '$trie_find'(Id, Key, V),
    V \== '$trie_none',
    Value = V.

%   trie_delete(+Trie, +Key, ?Value): remove Key, whose value is Value.
trie_delete(Trie, Key, Value) :-
    '$trie_id'(Trie, trie_delete/3, Id),
    '$trie_find'(Id, Key, V),
    V = Value,
    '$trie_remove'(Id, Key).

%   trie_gen(+Trie, ?Key, -Value): the keys that unify with Key and their
%   values, on backtracking.
trie_gen(Trie, Key, Value) :-
    '$trie_probe'(Trie, Key, V, How),
    How \== other,
    !,
    How == found,
    V \== '$trie_none',
    Value = V.
trie_gen(Trie, Key, Value) :-
    '$trie_id'(Trie, trie_gen/3, Id),
    '$trie_entries'(Id, Key, V),
    V \== '$trie_none',
    Value = V.

%   trie_gen(+Trie, ?Key): the keys that unify with Key, on backtracking.
trie_gen(Trie, Key) :-
    '$trie_probe'(Trie, Key, _, How),
    How \== other,
    !,
    How == found.
trie_gen(Trie, Key) :-
    '$trie_id'(Trie, trie_gen/2, Id),
    '$trie_entries'(Id, Key, _).

%   '$trie_entries'(+Id, ?Key, -Value): the entries whose keys unify with
%   Key.  A ground key in a trie none of whose keys has variables never
%   comes here: '$trie_probe'/4 answers it with one lookup.
'$trie_entries'(Id, Key, Value) :-
    '$trie_pairs'(Id, [P|Ps]),
    '$member'(Ps, Key-Value, P).

%   trie_gen_compiled/2,3: trie_gen/2,3, which SWI-Prolog runs over a
%   clause form of the trie.
trie_gen_compiled(Trie, Key) :-
    trie_gen(Trie, Key).
trie_gen_compiled(Trie, Key, Value) :-
    trie_gen(Trie, Key, Value).

%   trie_destroy(+Trie): remove Trie and all its entries.
trie_destroy(Trie) :-
    '$trie_id'(Trie, trie_destroy/1, Id),
    '$trie_drop'(Id).

%   is_trie(@Trie): Trie is a trie that was not destroyed.
is_trie(Trie) :-
    nonvar(Trie),
    Trie = '$trie'(Id),
    integer(Id),
    '$trie_alive'(Id).
