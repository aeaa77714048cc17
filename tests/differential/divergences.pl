% Differences between ply and SWI-Prolog 9.0.4 that are known and kept, each with its reason,
% as divergence(Reason, Goal, SwiAnswer, PlyAnswer) facts or rules: a difference is documented
% when the goal and both answers are instances of the head and the body (if any) succeeds.
% Answers are sols(Solutions), err(Formal), ball(Ball) or hang. tests/conformance/README.md
% lists these divergences with the conformance suite's.

% A goal that builds without end exhausts the 16 MB stack in both systems, at different depths
% (ply may take longer than the watchdog's 15 s to get there in a debug build).
divergence(stack_exhausted_in_both, _, err(resource_error(_)), err(resource_error(_))).
divergence(stack_exhausted_in_both, _, err(resource_error(_)), hang).

% An arithmetic expression with more than one error: ISO leaves open which is raised. SWI checks
% every function exists before it evaluates; ply evaluates left to right and raises the first
% error it meets. Documented when ply's error is one SWI raises for a part of the expression.
divergence(arith_error_order, G, err(_), err(PE)) :-
    arith_goal(G, Es),
    member(E, Es),
    sub_expr(E, Sub),
    error_of_part(Sub, PE), !.

% PE is an error the part Sub of an expression justifies: SWI raises it for Sub alone, or Sub
% is no function SWI knows, or PE names the value of Sub as of the wrong type.
error_of_part(Sub, PE) :- catch((_ is Sub, fail), error(SE, _), true), nonvar(SE), SE =@= PE.
error_of_part(Sub, type_error(evaluable, F/A)) :-
    callable(Sub), functor(Sub, F, A), \+ current_arithmetic_function(Sub).
error_of_part(Sub, type_error(_, V)) :- catch(V0 is Sub, _, fail), V0 == V.

% ISO: an integer raised to a negative integer power (other than 1 or -1) is
% type_error(float, Base); SWI-Prolog computes a float. And `**` on numbers is always a float in
% ISO; SWI gives 2.0**0 as the integer 1.
divergence(iso_int_power, G, _, err(type_error(float, _))) :-
    arith_goal(G, Es), member(E, Es), sub_expr(E, B^N), integer(B), integer(N), N < 0, !.
divergence(iso_float_power, G, sols(_), sols(_)) :-
    arith_goal(G, Es), member(E, Es), sub_expr(E, _**_), !.

% Evaluable functions ply has and SWI-Prolog 9.0.4 lacks (cot/1, acot/1, log2/1, ...): SWI
% raises type_error(evaluable, F/A) where ply computes a value or meets another error.
divergence(ply_has_more_functions, G, err(type_error(evaluable, F/A)), _) :-
    arith_goal(G, Es),
    member(E, Es), sub_expr(E, Sub), compound(Sub), functor(Sub, F, A), !.

arith_goal(_ is E, [E]).
arith_goal(G, [A, B]) :- G =.. [Op, A, B], memberchk(Op, [=:=, =\=, <, >, =<, >=]).

sub_expr(E, E).
sub_expr(E, S) :- compound(E), E \= [_|_], arg(_, E, A), sub_expr(A, S).

% SWI-Prolog 7 names the list cell '[|]' where ply, as ISO, names it '.': error terms naming
% the functor differ, and so does the standard order of a list against a compound whose name
% sorts between the two.
divergence(list_functor, _, err(existence_error(procedure, '[|]'/N)), err(existence_error(procedure, '.'/N))).
divergence(list_functor, G, _, _) :-
    order_goal(G, A, B), ( A = [_|_] ; B = [_|_] ), !.

% In SWI-Prolog 7 `[]` is a reserved constant, not the atom '[]': atom builtins reject it and it
% sorts before atoms; in ply, as in ISO, [] is an atom.
divergence(empty_list_is_atom, _, err(type_error(_, [])), _).
divergence(empty_list_is_atom, G, _, _) :-
    order_goal(G, A, B), ( A == [] ; B == [] ), !.

% ISO 8.4.3.3: sort/2 and its kin raise type_error(list, Sorted) when the output argument is
% neither a list nor a partial list; SWI-Prolog fails.
divergence(iso_sort_output_checked, G, sols([]), err(type_error(list, _))) :-
    functor(G, F, _), memberchk(F, [sort, msort, keysort, predsort, list_to_ord_set]).

% ISO 8.16: a code outside Unicode is representation_error(character_code); SWI raises
% type_error(character_code, Code).
divergence(iso_representation_error, _, err(type_error(character_code, _)), err(representation_error(character_code))).

% ISO 8.16.1: atom_length/2 and its kin raise type_error(atom, X) for a compound; SWI names
% the type `text` (or `character_code` for a list).
divergence(iso_type_atom, G, err(type_error(T, _)), err(type_error(atom, X))) :-
    memberchk(T, [text, character_code]), arg(1, G, X).

% ply defines ^/2 as a goal that calls its second argument (as DEC-10 libraries did); SWI-Prolog
% raises an existence error outside bagof/3 and setof/3.
divergence(caret_calls_goal, _, err(existence_error(procedure, (^)/2)), _).

% SWI-Prolog raises representation_error(int64_t) and the like for an index past 64 bits;
% ply has unbounded integers there and fails (no such element) or answers.
divergence(unbounded_integers, _, err(representation_error(_)), _).

order_goal(compare(_, A, B), A, B).
order_goal(G, A, B) :- G =.. [Op, A, B], memberchk(Op, [@<, @>, @=<, @>=, ==, \==]).
