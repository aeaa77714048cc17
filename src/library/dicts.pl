% SWI-Prolog 7 dicts: the predicates over the natives of src/builtins/dicts.rs, the
% functional dot ./3, and '$expand_dicts'/2, which the loader calls on a clause read with a
% functional dot (`X = D.key`, `D.put(k, V)`) to place calls of ./3 before the goal that
% holds it, as SWI-Prolog expands them: inside the goals of control constructs and of the
% arguments of meta-predicates that are goals, and, for a dot in the head, at the start of
% the body.

get_dict(Key, Dict, Value) :-
    var(Key), !,
    '$dict_pairs'(Dict, _, Pairs),
    '$dict_member'(Pairs, Key, Value).
get_dict(Key, Dict, Value) :-
    '$get_dict'(Key, Dict, Value).

% As SWI-Prolog 9 behaves: the fourth argument is the new dict, the fifth its new value.
get_dict(Key, Dict, Value, NewDict, NewValue) :-
    get_dict(Key, Dict, Value),
    put_dict(Key, Dict, NewValue, NewDict).

'$dict_member'([P|Ps], Key, Value) :-
    '$dict_member'(Ps, P, Key, Value).

'$dict_member'(_, Key-Value, Key, Value).
'$dict_member'([P|Ps], _, Key, Value) :-
    '$dict_member'(Ps, P, Key, Value).

put_dict(New, Dict, NewDict) :-
    is_dict(New), !,
    '$put_dict'(New, Dict, NewDict).
put_dict(New, Dict, NewDict) :-
    '$dict_create'(D, _, New),
    '$put_dict'(D, Dict, NewDict).

% dict_keys(+Dict, -Keys): the keys of Dict in standard order, as SWI-Prolog's library(dicts).
dict_keys(Dict, Keys) :-
    dict_pairs(Dict, _, Pairs),
    pairs_keys(Pairs, Keys).

% select_dict(+Select, +From, -Rest): the tags unify, every key of Select is in From with a
% value that unifies, and Rest is a dict with a fresh tag of the pairs of From whose keys Select
% lacks, as in SWI-Prolog 9. Both pair lists are in the standard order of their keys, so one
% walk over them matches the keys.
select_dict(Select, From, Rest) :-
    '$select_dict_arg'(Select),
    '$select_dict_arg'(From),
    dict_pairs(Select, Tag, SelectPairs),
    dict_pairs(From, Tag, FromPairs),
    '$select_dict_pairs'(SelectPairs, FromPairs, RestPairs),
    dict_pairs(Rest, _, RestPairs).

'$select_dict_arg'(Dict) :-
    (   var(Dict)
    ->  throw(error(instantiation_error, context(select_dict/3, _)))
    ;   is_dict(Dict)
    ->  true
    ;   throw(error(type_error('dict-data', Dict), context(select_dict/3, _)))
    ).

'$select_dict_pairs'([], Rest, Rest).
'$select_dict_pairs'([K-V|Ps], [K1-V1|Fs], Rest) :-
    compare(Order, K, K1),
    (   Order = (=)
    ->  V = V1,
        '$select_dict_pairs'(Ps, Fs, Rest)
    ;   Order = (>)
    ->  Rest = [K1-V1|Rest1],
        '$select_dict_pairs'([K-V|Ps], Fs, Rest1)
    ).

del_dict(Key, Dict, Value, NewDict) :-
    '$del_dict'(Key, Dict, Value, NewDict).

dict_pairs(Dict, Tag, Pairs) :-
    is_dict(Dict), !,
    '$dict_pairs'(Dict, Tag, Pairs).
dict_pairs(Dict, Tag, Pairs) :-
    '$dict_create'(Dict, Tag, Pairs).

dict_create(Dict, Tag, Pairs) :-
    '$dict_create'(Dict, Tag, Pairs).

Select :< From :-
    '$dict_pairs'(Select, Tag, Pairs),
    '$dict_pairs'(From, Tag, _),
    '$dict_select'(Pairs, From).

'$dict_select'([], _).
'$dict_select'([Key-Value|Pairs], From) :-
    '$get_dict'(Key, From, Value),
    '$dict_select'(Pairs, From).

A >:< B :-
    '$dict_pairs'(A, Tag, PA),
    '$dict_pairs'(B, Tag, PB),
    '$dict_punify'(PA, PB).

'$dict_punify'([], _) :- !.
'$dict_punify'(_, []) :- !.
'$dict_punify'([KA-VA|A], [KB-VB|B]) :-
    compare(Order, KA, KB),
    '$dict_punify'(Order, KA-VA, A, KB-VB, B).

'$dict_punify'(=, _-V, A, _-V, B) :-
    '$dict_punify'(A, B).
'$dict_punify'(<, _, A, PB, B) :-
    '$dict_punify'(A, [PB|B]).
'$dict_punify'(>, PA, A, _, B) :-
    '$dict_punify'([PA|A], B).

% The functional dot: a bound key, get/1,2 and put/1,2 in one native; an unbound key
% enumerates the pairs.
'.'(Data, Func, Value) :-
    (   '$dict_plain_call'(Func)
    ->  '$dict_dot'(Data, Func, Value)
    ;   '$dict_dot_slow'(Data, Func, Value)
    ).

'$dict_dot_slow'(Data, Func, Value) :-
    var(Func), !,
    '$dict_pairs'(Data, _, Pairs),
    '$dict_member'(Pairs, Func, Value).
'$dict_dot_slow'(Data, get(Key), Value) :-
    var(Key), !,
    '$dict_pairs'(Data, _, Pairs),
    '$dict_member'(Pairs, Key, Value).
'$dict_dot_slow'(Data, get(Key, Default), Value) :-
    var(Key), !,
    (   get_dict(Key, Data, Value)
    *-> true
    ;   Value = Default
    ).
'$dict_dot_slow'(Data, put(New), Value) :-
    put_dict(New, Data, Value).

'$expand_dicts'((:- Body), (:- Body1)) :- !,
    '$dx_body'(Body, Body1).
'$expand_dicts'((Head --> Body), (Head --> Body)) :- !.
'$expand_dicts'((Head :- Body), (Head1 :- Body2)) :- !,
    '$dx_term'(Head, Head1, Pre, []),
    '$dx_body'(Body, Body1),
    '$dx_prepend'(Pre, Body1, Body2).
'$expand_dicts'(Head, Clause) :-
    '$dx_term'(Head, Head1, Pre, []),
    (   Pre == []
    ->  Clause = Head1
    ;   '$dx_prepend'(Pre, true, Body),
        Clause = (Head1 :- Body)
    ).

'$dx_prepend'([], Goal, Goal).
'$dx_prepend'([P|Ps], Goal, Out) :-
    (   Ps == [], Goal == true
    ->  Out = P
    ;   Out = (P, Out1),
        '$dx_prepend'(Ps, Goal, Out1)
    ).

'$dx_body'(G, G) :- var(G), !.
'$dx_body'((A, B), (A1, B1)) :- !, '$dx_body'(A, A1), '$dx_body'(B, B1).
'$dx_body'((A ; B), (A1 ; B1)) :- !, '$dx_body'(A, A1), '$dx_body'(B, B1).
'$dx_body'((A -> B), (A1 -> B1)) :- !, '$dx_body'(A, A1), '$dx_body'(B, B1).
'$dx_body'((A *-> B), (A1 *-> B1)) :- !, '$dx_body'(A, A1), '$dx_body'(B, B1).
'$dx_body'(\+ A, \+ A1) :- !, '$dx_body'(A, A1).
'$dx_body'(V^A, V^A1) :- !, '$dx_body'(A, A1).
'$dx_body'(G, Out) :-
    compound(G),
    '$dx_meta'(G, Spec), !,
    G =.. [Name|Args],
    '$dx_meta_args'(Spec, Args, Args1, Pre, []),
    G1 =.. [Name|Args1],
    '$dx_prepend'(Pre, G1, Out).
'$dx_body'(G, Out) :-
    '$dx_term'(G, G1, Pre, []),
    '$dx_prepend'(Pre, G1, Out).

'$dx_meta_args'([], [], [], P, P).
'$dx_meta_args'([S|Ss], [A|As], [A1|As1], P0, P) :-
    (   S == 0
    ->  '$dx_body'(A, A1), P0 = P1
    ;   '$dx_term'(A, A1, P0, P1)
    ),
    '$dx_meta_args'(Ss, As, As1, P1, P).

'$dx_meta'(call(_), [0]).
'$dx_meta'(once(_), [0]).
'$dx_meta'(ignore(_), [0]).
'$dx_meta'(not(_), [0]).
'$dx_meta'(forall(_, _), [0, 0]).
'$dx_meta'(findall(_, _, _), [-, 0, -]).
'$dx_meta'(findall(_, _, _, _), [-, 0, -, -]).
'$dx_meta'(bagof(_, _, _), [-, 0, -]).
'$dx_meta'(setof(_, _, _), [-, 0, -]).
'$dx_meta'(aggregate_all(_, _, _), [-, 0, -]).
'$dx_meta'(aggregate_all(_, _, _, _), [-, -, 0, -]).
'$dx_meta'(catch(_, _, _), [0, -, 0]).
'$dx_meta'(call_cleanup(_, _), [0, 0]).
'$dx_meta'(setup_call_cleanup(_, _, _), [0, 0, 0]).
'$dx_meta'(time(_), [0]).
'$dx_meta'(with_output_to(_, _), [-, 0]).

'$dx_term'(T, T, P, P) :- var(T), !.
'$dx_term'('$dot'(Dict, Func), Value, P0, P) :- !,
    '$dx_term'(Dict, Dict1, P0, P1),
    '$dx_term'(Func, Func1, P1, ['.'(Dict1, Func1, Value)|P]).
'$dx_term'(T, T1, P0, P) :-
    compound(T), !,
    T =.. [Name|Args],
    '$dx_list'(Args, Args1, P0, P),
    T1 =.. [Name|Args1].
'$dx_term'(T, T, P, P).

'$dx_list'([], [], P, P).
'$dx_list'([A|As], [A1|As1], P0, P) :-
    '$dx_term'(A, A1, P0, P1),
    '$dx_list'(As, As1, P1, P).
