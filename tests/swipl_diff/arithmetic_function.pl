% library(arithmetic)'s arithmetic_function/1: functions defined by predicates, expanded when
% clauses load (a built-in function of the same name keeps its meaning; an unknown function is
% an error at load that leaves the clause out), arithmetic_expression_value/2 at run time, and
% current_arithmetic_function/1.

:- use_module(library(arithmetic)).
:- arithmetic_function(twice/1).
:- arithmetic_function(ten/0).
:- arithmetic_function(inf/0).

twice(X, Y) :- Y is 2*X.
ten(10).
inf(1.0e10).

t1(X) :- X is twice(3) + ten.
t2 :- 7 < twice(ten).
t3(X) :- X is inf.
t4(X) :- X is twice(twice(1+1)).
t5(X) :- X is foo(1).
t6(X) :- ( X > ten -> true ; \+ X =:= twice(1) ).
t7(L) :- findall(Y, (member(X, [1, 2]), Y is twice(X)), L).

main :-
    t1(A), writeln(A),
    ( t2 -> writeln(yes) ; writeln(no) ),
    t3(B), writeln(B),
    t4(C), writeln(C),
    catch(t5(_), error(E, _), (print(E), nl)),
    ( t6(11) -> writeln(t6_11) ; writeln(not_t6_11) ),
    ( t6(2) -> writeln(t6_2) ; writeln(not_t6_2) ),
    t7(L), writeln(L),
    arithmetic_expression_value(twice(3) * 2, V), writeln(V),
    arithmetic_expression_value(max(ten, 3) + pi, W), writeln(W),
    catch(arithmetic_expression_value(twice(ten), _), error(E2, _), (print(E2), nl)),
    ( current_arithmetic_function(sin(_)) -> writeln(sin) ; writeln(no_sin) ),
    ( current_arithmetic_function(twice(_)) -> writeln(twice) ; writeln(not_built_in) ),
    catch(arithmetic_function(foo), error(E3, _), (print(E3), nl)).
