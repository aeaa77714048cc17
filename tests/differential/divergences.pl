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
