% SWI-Prolog 7 dicts: the predicates over the natives of src/builtins/dicts.rs (./3 and
% get_dict/3 among them), the calls of functions defined with `:=`, and '$expand_dicts'/2,
% which the loader calls on a clause read with a functional dot (`X = D.key`, `D.put(k, V)`)
% to place calls of ./3 before the goal that holds it, as SWI-Prolog expands them: inside the
% goals of control constructs and of the arguments of meta-predicates that are goals, and,
% for a dot in the head, at the start of the body. It also turns `Dict.Func := Value :- Body`
% into the clause of the function.

% As SWI-Prolog 9 behaves: the fourth argument is the new dict, the fifth its new value.
get_dict(Key, Dict, Value, NewDict, NewValue) :-
    get_dict(Key, Dict, Value),
    put_dict(Key, Dict, NewValue, NewDict).

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
    get_dict(Key, From, Value),
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

% A function defined with `:=` on the dict's tag, as SWI-Prolog calls it: `Tag:Func` with the
% dict and the value added to its arguments. A dict with an unbound tag names no module.
% An unknown function is the existence error of its predicate, raised where SWI-Prolog raises
% it.
'$dict_eval'(Func, Dict, Value) :-
    is_dict(Dict, Tag), !,
    (   var(Tag)
    ->  '$dict_no_function'('$dicts':(:)/4)
    ;   compound_name_arity(Func, Name, Arity0),
        Arity is Arity0 + 2,
        (   current_predicate(Tag:Name/Arity)
        ->  call(Tag:Func, Dict, Value)
        ;   '$dict_no_function'(Tag:Name/Arity)
        )
    ).

'$dict_eval'(_, Dict, _) :-
    (   var(Dict)
    ->  throw(error(instantiation_error, _))
    ;   throw(error(type_error(dict, Dict), _))
    ).

'$dict_no_function'(PI) :-
    throw(error(existence_error(procedure, PI), context('$dicts':eval_dict_function/4, _))).

'$expand_dicts'((:- Body), (:- Body1)) :- !,
    '$dx_body'(Body, Body1).
'$expand_dicts'((Head --> Body), (Head --> Body)) :- !.
'$expand_dicts'((Def := Value :- Body), Clause) :-
    '$dx_function_head'(Def, Dict, Func), !,
    '$dx_function'(Dict, Func, Value, Body, Clause).
'$expand_dicts'((Def := Value), Clause) :-
    '$dx_function_head'(Def, Dict, Func), !,
    '$dx_function'(Dict, Func, Value, true, Clause).
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

% `Dict.Func := Value :- Body` defines the function `Func` on dicts whose tag is the module
% that holds it: the clause `Name(Args..., Dict, Value) :- Body`, with the dots of `Value`
% evaluated after `Body` (as SWI-Prolog's library(dicts) expands it).
'$dx_function_head'(Def, Dict, Func) :-
    compound(Def),
    Def = '$dot'(Dict, Func),
    compound(Func).

'$dx_function'(Dict, Func, Value, Body, Clause) :-
    compound_name_arguments(Func, Name, Args0),
    '$dx_term'(Value, Value1, Pre, []),
    (   Pre == []
    ->  Result = Value1, Body1 = Body
    ;   '$dx_prepend'(Pre, Result = Value1, Eval),
        (   Body == true
        ->  Body1 = Eval
        ;   Body1 = (Body, Eval)
        )
    ),
    append(Args0, [Dict, Result], Args),
    compound_name_arguments(Head, Name, Args),
    (   Body1 == true
    ->  Clause = Head
    ;   '$dx_body'(Body1, Body2),
        Clause = (Head :- Body2)
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
    '$dx_term'(Func, Func1, P1, [Call|P]),
    (   '$dx_user_function'(Func1)
    ->  Call = '$dict_eval'(Func1, Dict1, Value)
    ;   Call = '.'(Dict1, Func1, Value)
    ).
'$dx_term'(T, T1, P0, P) :-
    compound(T), !,
    compound_name_arguments(T, Name, Args),
    '$dx_list'(Args, Args1, P0, P),
    compound_name_arguments(T1, Name, Args1).
'$dx_term'(T, T, P, P).

% A function other than those ./3 evaluates itself (get/1,2, put/1,2): one defined with `:=`.
'$dx_user_function'(Func) :-
    compound(Func),
    compound_name_arity(Func, Name, Arity),
    \+ '$dx_builtin_function'(Name, Arity).

'$dx_builtin_function'(get, 1).
'$dx_builtin_function'(get, 2).
'$dx_builtin_function'(put, 1).
'$dx_builtin_function'(put, 2).

'$dx_list'([], [], P, P).
'$dx_list'([A|As], [A1|As1], P0, P) :-
    '$dx_term'(A, A1, P0, P1),
    '$dx_list'(As, As1, P1, P).
