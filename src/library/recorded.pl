% The recorded database, as SWI-Prolog's recorda/3, recordz/3, recorded/3, instance/2 and
% current_key/1. A record is a clause of the dynamic '$record'/2 whose first argument is the
% key (an atom, an integer, or for a compound key the most general term of its name and
% arity, since only those tell compound keys apart), so a record's reference is a clause
% reference: erase/1 removes it and clause references and record references are the same
% kind of thing, as in SWI-Prolog. recorded/2 calls the clauses directly, so the first
% argument's index picks a key's records; recorded/3 goes through clause/3 for the reference.

recorda(Key, Term) :-
    recorda(Key, Term, _).

recorda(Key, Term, Ref) :-
    '$record_key'(Key, K, recorda/3),
    '$record_init',
    asserta('$record'(K, Term), Ref).

recordz(Key, Term) :-
    recordz(Key, Term, _).

recordz(Key, Term, Ref) :-
    '$record_key'(Key, K, recordz/3),
    '$record_init',
    assertz('$record'(K, Term), Ref).

recorded(Key, Term) :-
    '$record_init',
    (   var(Key)
    ->  '$record'(Key, Term)
    ;   '$record_key'(Key, K, recorded/2),
        '$record'(K, Term)
    ).

recorded(Key, Term, Ref) :-
    '$record_init',
    (   nonvar(Ref)
    ->  clause('$record'(K, Term), true, Ref),
        Key = K
    ;   var(Key)
    ->  clause('$record'(Key, Term), true, Ref)
    ;   '$record_key'(Key, K, recorded/3),
        clause('$record'(K, Term), true, Ref)
    ).

%   instance(+Ref, -Term): the term a record holds, or Head :- Body for a clause.
instance(Ref, Term) :-
    '$record_init',
    clause(Head, Body, Ref),
    (   Head = '$record'(_, Value)
    ->  Term = Value
    ;   Term = (Head :- Body)
    ).

%   current_key(?Key): Key has at least one record.
current_key(Key) :-
    '$record_init',
    findall(K, '$record'(K, _), Ks0),
    '$record_distinct'(Ks0, Ks),
    member(Key, Ks).

'$record_distinct'([], []).
'$record_distinct'([K|Ks0], [K|Ks]) :-
    '$record_drop'(Ks0, K, Ks1),
    '$record_distinct'(Ks1, Ks).

'$record_drop'([], _, []).
'$record_drop'([K|Ks0], K0, Ks) :-
    (   K =@= K0
    ->  Ks = Ks1
    ;   Ks = [K|Ks1]
    ),
    '$record_drop'(Ks0, K0, Ks1).

'$record_key'(Key, _, PI) :-
    var(Key),
    !,
    throw(error(instantiation_error, context(system:PI, _))).
'$record_key'(Key, Key, _) :-
    ( atom(Key) ; integer(Key) ),
    !.
'$record_key'(Key, K, _) :-
    compound(Key),
    !,
    functor(Key, Name, Arity),
    functor(K, Name, Arity).
'$record_key'(Key, _, PI) :-
    throw(error(type_error(key, Key), context(system:PI, _))).

'$record_init' :-
    (   predicate_property('$record'(_, _), dynamic)
    ->  true
    ;   dynamic('$record'/2)
    ).
