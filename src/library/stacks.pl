/*  ply library: SWI-Prolog's stack parameters, set_prolog_stack/2 and
    prolog_stack_property/2, over ply's one stack limit.

    SWI-Prolog 9 has one limit for its local, global and trail stacks
    together (the stack_limit flag): set_prolog_stack(Stack, limit(Size))
    sets that flag and warns that it does, as programs written for older
    versions still call it.  The other parameters (min_free, spare, low,
    factor) tune SWI-Prolog's own collector; ply accepts them, keeps their
    values for prolog_stack_property/2 and otherwise leaves its collector
    as it is.
*/

set_prolog_stack(Stack, Prop) :-
    '$stack_name'(Stack, set_prolog_stack/2),
    (   var(Prop) -> throw(error(instantiation_error, context(set_prolog_stack/2, _)))
    ;   Prop = limit(Expr)
    ->  Size is Expr,
        print_message(warning, '$stack_limit_changed'),
        set_prolog_flag(stack_limit, Size)
    ;   compound(Prop), functor(Prop, Name, 1), '$stack_parameter'(Name)
    ->  arg(1, Prop, Expr),
        Value is Expr,
        format(atom(Key), '$stack ~w ~w', [Stack, Name]),
        nb_setval(Key, Value)
    ;   compound(Prop), functor(Prop, Name, _)
    ->  throw(error(domain_error(stack_parameter, Name), context(set_prolog_stack/2, _)))
    ;   throw(error(domain_error(stack_parameter, Prop), context(set_prolog_stack/2, _)))
    ).

prolog_stack_property(Stack, Prop) :-
    member(Stack, [local, global, trail]),
    '$stack_name'(Stack, prolog_stack_property/2),
    (   compound(Prop) -> functor(Prop, Name, 1) ; true ),
    member(Name, [limit, spare, min_free, low, factor]),
    (   Name == limit
    ->  print_message(warning, '$stack_limit_changed'),
        current_prolog_flag(stack_limit, Value)
    ;   format(atom(Key), '$stack ~w ~w', [Stack, Name]),
        (   catch(nb_getval(Key, Value), error(existence_error(_, _), _), fail)
        ->  true
        ;   '$stack_default'(Stack, Name, Value)
        )
    ),
    Prop =.. [Name, Value].

'$stack_name'(Stack, Context) :-
    (   var(Stack) -> throw(error(instantiation_error, context(Context, _)))
    ;   memberchk(Stack, [local, global, trail]) -> true
    ;   throw(error(existence_error(stack, Stack), context(Context, _)))
    ).

'$stack_parameter'(min_free).
'$stack_parameter'(spare).
'$stack_parameter'(low).
'$stack_parameter'(factor).

% SWI-Prolog 9's defaults on a 64-bit machine, in bytes (spare, min_free, low) or as a factor.
'$stack_default'(local, spare, 1553).
'$stack_default'(global, spare, 512).
'$stack_default'(trail, spare, 256).
'$stack_default'(local, min_free, 1041).
'$stack_default'(global, min_free, 256).
'$stack_default'(trail, min_free, 256).
'$stack_default'(local, low, 0).
'$stack_default'(global, low, 32768).
'$stack_default'(trail, low, 32768).
'$stack_default'(local, factor, 0).
'$stack_default'(global, factor, 3).
'$stack_default'(trail, factor, 3).
