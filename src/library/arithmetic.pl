% library(arithmetic): arithmetic functions defined by predicates, as SWI-Prolog's
% arithmetic_function/1. `:- arithmetic_function(Name/Arity)` declares that the predicate
% Name/(Arity+1), whose last argument is the value, is a function in the declaring module. As
% in swipl the functions are expanded when clauses are loaded: after the declaration, a goal
% of is/2 or of an arithmetic comparison written in a clause (or a directive) whose expression
% uses a declared function becomes calls of the predicates followed by the arithmetic on their
% values (`X is twice(Y) + 1` loads as `twice(Y, V), X is V + 1`). A built-in function keeps its
% meaning even when a predicate of the same name is declared (Aleph's `inf/0`), as the check
% of swipl's library, which tries the built-in functions first, gives. An expression that names
% a function neither built in nor declared is a type error at load, which drops the clause, as
% in swipl. arithmetic_expression_value/2 evaluates an expression at run time: a declared
% function's predicate gets its arguments as written, as swipl's does.
%
% arithmetic_function/1 is a directive: called when no file is loading it raises swipl's
% context error.
%
% current_arithmetic_function(?Head): Head is a built-in evaluable function.

current_arithmetic_function(F) :-
    (   var(F)
    ->  '$evaluable_functions'(L),
        member(N/A, L),
        functor(F, N, A)
    ;   callable(F)
    ->  functor(F, N, A),
        '$evaluable_functions'(L),
        memberchk(N/A, L)
    ;   throw(error(type_error(callable, F), context(system:current_arithmetic_function/1, _)))
    ).

% evaluable(@Term): Term can be evaluated as it stands: a variable or a number, a one-element
% list, a one-character string, or a built-in function whose arguments are evaluable, as the
% check of swipl's library(arithmetic) that programs call as arithmetic:evaluable/1.
evaluable(F) :-
    var(F),
    !.
evaluable(F) :-
    number(F),
    !.
evaluable([_]) :-
    !.
evaluable(F) :-
    string(F),
    !,
    string_length(F, 1).
evaluable(roundtoward(F, _)) :-
    !,
    evaluable(F).
evaluable(F) :-
    current_arithmetic_function(F),
    (   compound(F)
    ->  forall(arg(_, F, A), evaluable(A))
    ;   true
    ).

arithmetic_function(Spec) :-
    strip_module(Spec, M, PI),
    (   \+ prolog_load_context(module, _)
    ->  throw(error(context_error(nodirective, arithmetic_function(M:PI)), _))
    ;   var(PI)
    ->  throw(error(instantiation_error, context(arithmetic_function/1, _)))
    ;   PI = Name/Arity
    ->  functor(Term, Name, Arity),
        '$arith_init',
        (   '$arith_function'(Term, M)
        ->  true
        ;   assertz('$arith_function'(Term, M))
        )
    ;   throw(error(type_error(predicate_indicator, PI), context(arithmetic_function/1, _)))
    ).

% The table of declared functions and the load hook that expands clauses, made at the first
% declaration, so that a program that declares none pays nothing when it loads.
'$arith_init' :-
    dynamic('$arith_function'/2),
    dynamic('$term_expansion'/2),
    (   clause('$term_expansion'(_, _), '$arith_expand'(_, _))
    ->  true
    ;   assertz(('$term_expansion'(T, X) :- '$arith_expand'(T, X)))
    ).

arithmetic_expression_value(Expr, Value) :-
    strip_module(Expr, M, E),
    '$arith_eval'(E, M, Value).

'$arith_eval'(E, _, V) :-
    number(E),
    !,
    V = E.
'$arith_eval'(E, M, V) :-
    callable(E),
    '$arith_user'(E, M, M2),
    !,
    call(M2:E, V).
'$arith_eval'(E, M, V) :-
    compound(E),
    \+ E = [_],
    compound_name_arguments(E, N, Args),
    length(Args, A),
    '$evaluable_functions'(L),
    memberchk(N/A, L),
    !,
    '$arith_eval_list'(Args, M, Vs),
    compound_name_arguments(E1, N, Vs),
    V is E1.
'$arith_eval'(E, _, V) :-
    V is E.

'$arith_eval_list'([], _, []).
'$arith_eval_list'([E|Es], M, [V|Vs]) :-
    '$arith_eval'(E, M, V),
    '$arith_eval_list'(Es, M, Vs).

% '$arith_user'(+Term, +Module, -Where): Term is a function declared in Where, seen from Module
% (its own or `user`'s, the module every other one inherits from).
'$arith_user'(T, M, M2) :-
    predicate_property('$arith_function'(_, _), dynamic),
    '$arith_function'(T, M2),
    (   M2 == M
    ->  true
    ;   M2 == user
    ).

% The load hook: a clause or directive whose body changes.
'$arith_expand'((H :- B), (H :- B1)) :-
    '$context_module'(M),
    '$arith_body'(B, M, B1),
    B1 \== B.
'$arith_expand'((:- B), (:- B1)) :-
    '$context_module'(M),
    '$arith_body'(B, M, B1),
    B1 \== B.

'$arith_body'(G, _, G) :-
    var(G),
    !.
'$arith_body'((A, B), M, (A1, B1)) :- !,
    '$arith_body'(A, M, A1),
    '$arith_body'(B, M, B1).
'$arith_body'((A ; B), M, (A1 ; B1)) :- !,
    '$arith_body'(A, M, A1),
    '$arith_body'(B, M, B1).
'$arith_body'((A -> B), M, (A1 -> B1)) :- !,
    '$arith_body'(A, M, A1),
    '$arith_body'(B, M, B1).
'$arith_body'((A *-> B), M, (A1 *-> B1)) :- !,
    '$arith_body'(A, M, A1),
    '$arith_body'(B, M, B1).
'$arith_body'(\+ A, M, \+ A1) :- !,
    '$arith_body'(A, M, A1).
'$arith_body'(call(A), M, call(A1)) :- !,
    '$arith_body'(A, M, A1).
'$arith_body'(once(A), M, once(A1)) :- !,
    '$arith_body'(A, M, A1).
'$arith_body'(ignore(A), M, ignore(A1)) :- !,
    '$arith_body'(A, M, A1).
'$arith_body'(forall(A, B), M, forall(A1, B1)) :- !,
    '$arith_body'(A, M, A1),
    '$arith_body'(B, M, B1).
'$arith_body'(findall(T, A, L), M, findall(T, A1, L)) :- !,
    '$arith_body'(A, M, A1).
'$arith_body'(findall(T, A, L, R), M, findall(T, A1, L, R)) :- !,
    '$arith_body'(A, M, A1).
'$arith_body'(catch(A, E, B), M, catch(A1, E, B1)) :- !,
    '$arith_body'(A, M, A1),
    '$arith_body'(B, M, B1).
'$arith_body'(G, M, G1) :-
    '$arith_goal'(G, M, G1),
    !.
'$arith_body'(G, _, G).

'$arith_goal'(A is E, M, G) :-
    '$arith_side'(E, M, N, Pre),
    '$arith_tidy'((Pre, A is N), G).
'$arith_goal'(G0, M, G) :-
    compound(G0),
    G0 =.. [Op, A, B],
    '$arith_comparison'(Op),
    '$arith_side'(A, M, NA, PreA),
    '$arith_side'(B, M, NB, PreB),
    (PreA, PreB) \== (true, true),
    G1 =.. [Op, NA, NB],
    '$arith_tidy'((PreA, PreB, G1), G).

'$arith_comparison'(=:=).
'$arith_comparison'(=\=).
'$arith_comparison'(<).
'$arith_comparison'(>).
'$arith_comparison'(=<).
'$arith_comparison'(>=).

% '$arith_side'(+Expr, +M, -Native, -Pre): Expr is Native after goals Pre. A function neither
% built in nor declared is a type error when the clause is loaded, as in swipl, whose loader
% then reports it and leaves the clause out.
'$arith_side'(E, M, N, Pre) :-
    '$arith_fn'(E, M, N, Pre0),
    '$arith_tidy'(Pre0, Pre).

'$arith_fn'(X, _, X, true) :-
    '$arith_builtin'(X),
    !.
'$arith_fn'(roundtoward(E0, R), M, roundtoward(E, R), Code) :- !,
    '$arith_fn'(E0, M, E, Code).
'$arith_fn'(F, M, R, Code) :-
    callable(F),
    current_arithmetic_function(F),
    !,
    F =.. [Name|Args],
    '$arith_fn_args'(Args, M, Rs, Code),
    R =.. [Name|Rs].
'$arith_fn'(F, M, R, (Code, Pred)) :-
    callable(F),
    '$arith_user'(F, M, _),
    !,
    F =.. [Name|Args],
    '$arith_pred_args'(Args, M, Rs, Code),
    append(Rs, [R], PredArgs),
    Pred =.. [Name|PredArgs].
'$arith_fn'(F, _, _, _) :-
    throw(error(type_error(evaluable, F), _)).

'$arith_fn_args'([], _, [], true).
'$arith_fn_args'([A|As], M, [R|Rs], (C, Cs)) :-
    '$arith_fn'(A, M, R, C),
    '$arith_fn_args'(As, M, Rs, Cs).

% The arguments of a declared function are passed evaluated only where they are built-in
% expressions over declared functions' values, as swipl's library passes them.
'$arith_pred_args'([], _, [], true).
'$arith_pred_args'([A|As], M, [R|Rs], (C, Cs)) :-
    '$arith_fn'(A, M, R1, C0),
    (   callable(R1),
        current_arithmetic_function(R1)
    ->  C = (C0, R is R1)
    ;   C = C0,
        R = R1
    ),
    '$arith_pred_args'(As, M, Rs, Cs).

'$arith_builtin'(F) :- var(F), !.
'$arith_builtin'(F) :- number(F), !.
'$arith_builtin'([_]) :- !.
'$arith_builtin'(F) :- string(F), !, string_length(F, 1).
'$arith_builtin'(roundtoward(F, _)) :- !, '$arith_builtin'(F).
'$arith_builtin'(F) :-
    callable(F),
    current_arithmetic_function(F),
    (   compound(F)
    ->  forall(arg(_, F, A), '$arith_builtin'(A))
    ;   true
    ).

'$arith_tidy'(A, A) :- var(A), !.
'$arith_tidy'(((A, B), C), R) :- !, '$arith_tidy'((A, B, C), R).
'$arith_tidy'((true, A), R) :- !, '$arith_tidy'(A, R).
'$arith_tidy'((A, true), R) :- !, '$arith_tidy'(A, R).
'$arith_tidy'((A, X is Y), R) :- var(X), var(Y), !, '$arith_tidy'(A, R), X = Y.
'$arith_tidy'((A, B), (TA, TB)) :- !, '$arith_tidy'(A, TA), '$arith_tidy'(B, TB).
'$arith_tidy'(A, A).
