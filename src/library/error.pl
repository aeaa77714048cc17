/*  ply library: type checks and assertions, as SWI-Prolog's library(error)
    and library(debug)'s assertion/1.

    must_be(Type, X) succeeds when X has Type and otherwise raises the
    error SWI-Prolog 9 raises: an instantiation error when X (or, for
    some types, a part of X) is unbound, a type error naming Type and X
    otherwise, and for lists the error of the first element that is not
    of the element type.  is_of_type(Type, X) is the same test without
    errors.  Helpers are named with a '$error_' prefix.
*/

%   The throwing half of library(error): each raises the ISO error term
%   its name says, with an unbound context, as SWI-Prolog's do.
type_error(Type, Value) :-
    throw(error(type_error(Type, Value), _)).
domain_error(Domain, Value) :-
    throw(error(domain_error(Domain, Value), _)).
existence_error(Type, Value) :-
    throw(error(existence_error(Type, Value), _)).
existence_error(Type, Value, In) :-
    throw(error(existence_error(Type, Value, In), _)).
permission_error(Action, Type, Term) :-
    throw(error(permission_error(Action, Type, Term), _)).
instantiation_error(_) :-
    throw(error(instantiation_error, _)).
uninstantiation_error(Culprit) :-
    throw(error(uninstantiation_error(Culprit), _)).
representation_error(Reason) :-
    throw(error(representation_error(Reason), _)).
resource_error(Resource) :-
    throw(error(resource_error(Resource), _)).
syntax_error(Message) :-
    throw(error(syntax_error(Message), _)).

%   must_be(+Type, @Term).
must_be(Type, X) :-
    (   var(Type)
    ->  throw(error(instantiation_error, _))
    ;   error:has_type(Type, X)
    ->  true
    ;   '$error_is_not'(Type, X)
    ).

%   is_of_type(+Type, @Term): Term has Type; fails on an unknown type.
is_of_type(Type, X) :-
    (   var(Type)
    ->  throw(error(instantiation_error, _))
    ;   error:has_type(Type, X)
    ->  true
    ).

%   error:has_type(?Type, @Term): the types, as SWI-Prolog's hook is named.  A
%   program adds its own types with clauses for it (declared multifile).
error:has_type(Type, X) :-
    '$error_has_type'(Type, X).

%   The tests, one clause per type.  Each is deterministic: the caller
%   commits to the first success.
'$error_has_type'(any, _).
'$error_has_type'(atom, X) :- atom(X).
'$error_has_type'(symbol, X) :- atom(X).
'$error_has_type'(atomic, X) :- atomic(X).
'$error_has_type'(constant, X) :- atomic(X).
'$error_has_type'(callable, X) :- callable(X).
'$error_has_type'(compound, X) :- compound(X).
'$error_has_type'(var, X) :- var(X).
'$error_has_type'(nonvar, X) :- nonvar(X).
'$error_has_type'(ground, X) :- ground(X).
'$error_has_type'(acyclic, X) :- acyclic_term(X).
'$error_has_type'(cyclic, X) :- cyclic_term(X).
'$error_has_type'(number, X) :- number(X).
'$error_has_type'(integer, X) :- integer(X).
'$error_has_type'(rational, X) :- integer(X).
'$error_has_type'(float, X) :- float(X).
'$error_has_type'(positive_integer, X) :- integer(X), X > 0.
'$error_has_type'(negative_integer, X) :- integer(X), X < 0.
'$error_has_type'(nonneg, X) :- integer(X), X >= 0.
'$error_has_type'(boolean, X) :- ( X == true ; X == false ), !.
'$error_has_type'(between(L, H), X) :-
    (   integer(L)
    ->  integer(X),
        between(L, H, X)
    ;   number(X),
        X >= L,
        X =< H
    ).
'$error_has_type'(oneof(Values), X) :-
    ground(X),
    \+ \+ memberchk(X, Values).
'$error_has_type'(pair, X) :- nonvar(X), X = _-_.
'$error_has_type'(char, X) :- '$error_is_char'(X).
'$error_has_type'(code, X) :- '$error_is_code'(X).
'$error_has_type'(chars, X) :- is_list(X), '$error_all'(X, char).
'$error_has_type'(codes, X) :- is_list(X), '$error_all'(X, code).
'$error_has_type'(string, X) :- string(X).
'$error_has_type'(text, X) :-
    (   atom(X)
    ->  true
    ;   string(X)
    ->  true
    ;   is_list(X),
        (   '$error_all'(X, char)
        ->  true
        ;   '$error_all'(X, code)
        )
    ).
'$error_has_type'(list, X) :- is_list(X).
'$error_has_type'(proper_list, X) :- is_list(X).
'$error_has_type'(list_or_partial_list, X) :-
    '$skip_list'(_, X, Tail),
    (   var(Tail)
    ->  true
    ;   Tail == []
    ).
'$error_has_type'(list(Type), X) :-
    is_list(X),
    '$error_all'(X, Type).

'$error_is_char'(X) :-
    atom(X),
    atom_length(X, 1).

'$error_is_code'(X) :-
    integer(X),
    X >= 0,
    X =< 0x10ffff.

%   Every element of a proper list has Type.
'$error_all'([], _).
'$error_all'([X|Xs], Type) :-
    '$error_has_type'(Type, X),
    !,
    '$error_all'(Xs, Type).

%   The error for X, known not to have Type.
'$error_is_not'(list, X) :-
    !,
    '$error_not_a_list'(list, X).
'$error_is_not'(list(Of), X) :-
    !,
    '$error_not_a_list'(list(Of), X).
'$error_is_not'(chars, X) :-
    !,
    '$error_not_a_list'(list(char), X).
'$error_is_not'(codes, X) :-
    !,
    '$error_not_a_list'(list(code), X).
'$error_is_not'(list_or_partial_list, X) :-
    !,
    throw(error(type_error(list, X), _)).
'$error_is_not'(var, X) :-
    !,
    throw(error(uninstantiation_error(X), _)).
'$error_is_not'(cyclic, X) :-
    !,
    throw(error(domain_error(cyclic_term, X), _)).
'$error_is_not'(acyclic, X) :-
    !,
    throw(error(domain_error(acyclic_term, X), _)).
'$error_is_not'(Type, X) :-
    '$error_known_type'(Type),
    !,
    (   var(X)
    ->  throw(error(instantiation_error, _))
    ;   '$error_wants_ground'(Type),
        \+ ground(X)
    ->  throw(error(instantiation_error, _))
    ;   throw(error(type_error(Type, X), _))
    ).
'$error_is_not'(Type, X) :-
    '$error_program_type'(Type),
    !,
    (   var(X)
    ->  throw(error(instantiation_error, _))
    ;   throw(error(type_error(Type, X), _))
    ).
'$error_is_not'(Type, _) :-
    throw(error(existence_error(type, Type), _)).

%   A type a program's clause for error:has_type/2 defines.
'$error_program_type'(Type) :-
    catch(clause(error:has_type(T, _), _), _, fail),
    nonvar(T),
    T = Type,
    !.

%   A list type: a partial list is not yet known to be wrong, an improper
%   one is of the wrong type, and in a proper list the first element of
%   the wrong type is reported.
'$error_not_a_list'(Type, X) :-
    '$skip_list'(_, X, Tail),
    (   var(Tail)
    ->  throw(error(instantiation_error, _))
    ;   Tail == [],
        Type = list(Of)
    ->  (   var(Of)
        ->  throw(error(instantiation_error, _))
        ;   '$error_first_not'(X, Of)
        )
    ;   throw(error(type_error(Type, X), _))
    ).

'$error_first_not'([X|Xs], Type) :-
    (   error:has_type(Type, X)
    ->  '$error_first_not'(Xs, Type)
    ;   '$error_is_not'(Type, X)
    ).

%   The types '$error_has_type'/2 knows, by name and arity.
'$error_known_type'(Type) :-
    functor(Type, Name, Arity),
    '$error_type_name'(Name, Arity),
    !.

'$error_type_name'(any, 0).
'$error_type_name'(atom, 0).
'$error_type_name'(symbol, 0).
'$error_type_name'(atomic, 0).
'$error_type_name'(constant, 0).
'$error_type_name'(callable, 0).
'$error_type_name'(compound, 0).
'$error_type_name'(var, 0).
'$error_type_name'(nonvar, 0).
'$error_type_name'(ground, 0).
'$error_type_name'(acyclic, 0).
'$error_type_name'(cyclic, 0).
'$error_type_name'(number, 0).
'$error_type_name'(integer, 0).
'$error_type_name'(rational, 0).
'$error_type_name'(float, 0).
'$error_type_name'(positive_integer, 0).
'$error_type_name'(negative_integer, 0).
'$error_type_name'(nonneg, 0).
'$error_type_name'(boolean, 0).
'$error_type_name'(between, 2).
'$error_type_name'(oneof, 1).
'$error_type_name'(pair, 0).
'$error_type_name'(char, 0).
'$error_type_name'(code, 0).
'$error_type_name'(chars, 0).
'$error_type_name'(codes, 0).
'$error_type_name'(string, 0).
'$error_type_name'(text, 0).
'$error_type_name'(list, 0).
'$error_type_name'(proper_list, 0).
'$error_type_name'(list_or_partial_list, 0).
'$error_type_name'(list, 1).

%   Types whose values must be ground: a partly bound value may still turn
%   out to be of the type.
'$error_wants_ground'(ground).
'$error_wants_ground'(oneof(_)).
'$error_wants_ground'(text).
'$error_wants_ground'(string).
'$error_wants_ground'(rational).

%   assertion(:Goal): Goal succeeds (once, its bindings undone).  Otherwise
%   the goal is printed on user_error and error(assertion_error(Reason,
%   user:Goal), _) is raised, Reason being fail or the ball Goal raised.
assertion(Goal) :-
    catch(( \+ \+ call(Goal) -> Outcome = true ; Outcome = false ),
          Ball,
          Outcome = raised(Ball)),
    (   Outcome == true
    ->  true
    ;   '$error_qualified'(Goal, QGoal),
        '$error_assertion_reason'(Outcome, Reason),
        '$error_assertion_failed'(Reason, QGoal)
    ).

'$error_assertion_reason'(false, fail).
'$error_assertion_reason'(raised(Ball), Ball).

%   Goals are named as SWI-Prolog names them, in module user unless
%   already qualified.
'$error_qualified'(Goal, QGoal) :-
    (   nonvar(Goal),
        Goal = _:_
    ->  QGoal = Goal
    ;   QGoal = user:Goal
    ).

%   An abort, a time limit or a halt passes through unchanged.
'$error_assertion_failed'(Reason, _) :-
    nonvar(Reason),
    '$error_passes_through'(Reason),
    !,
    throw(Reason).
'$error_assertion_failed'(Reason, QGoal) :-
    format(user_error, "ERROR: Assertion failed: ~q~n", [QGoal]),
    throw(error(assertion_error(Reason, QGoal), _)).

'$error_passes_through'('$aborted').
'$error_passes_through'('$halt').
'$error_passes_through'(time_limit_exceeded).
