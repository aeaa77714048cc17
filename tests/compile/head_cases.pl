% Clause heads whose arguments mix variables, atomic values and compound terms, to check that
% the order in which ply unifies head arguments (variables and atomic arguments first, compound
% ones after) and the registers it keeps variables in never change an answer. Every goal prints
% all its solutions; the golden output comes from SWI-Prolog (tests/golden/regen.sh).

:- set_prolog_flag(double_quotes, codes).

line([F,F,F,_,_,_,_,_,_], F).
line([_,_,_,F,F,F,_,_,_], F).
line([_,_,_,_,_,_,F,F,F], F).
line([F,_,_,F,_,_,F,_,_], F).
line([F,_,_,_,F,_,_,_,F], F).

% A variable met first inside a compound argument and again as a later argument.
first_in_compound(g(A, B), A, B, A).
% The same variable as two plain arguments and inside a compound between them.
around(X, f(X, Y), X, Y).
% Atomic arguments after a compound one.
tagged([H|T], a, 1, H, T).
tagged([H|_], b, 2, H, none).
% Nested compounds sharing variables with plain arguments on both sides.
nested(X, p(q(X, Y), [Y, Z|_]), Z, Y).
% A variable kept in its argument register while a compound argument is unified.
keep(K, [K|T], T, K).
% A compound argument whose variable is passed on by the first call.
pass(f(A, B), C) :- plus(A, B, C).
% A head that binds a variable through the compound and uses it in the body.
swap(pair(A, B), B, A) :- atom(A).
% Boxed values (a float, a big integer, a string) in heads beside variables.
boxed(1.5, X, X).
boxed(123456789012345678901234567890, X, f(X)).
boxed("text", X, [X]).

show(G) :-
    findall(G, G, L),
    \+ \+ ( numbervars(L, 0, _), print(L), nl ).

main :-
    show(line([x,x,x,o,o,e,e,e,e], x)),
    show(line([x,x,x,o,o,e,e,e,e], o)),
    show(line([x,o,e,x,o,e,x,e,e], F1)),
    show(line([o,x,x,e,o,x,e,e,o], F2)),
    show(line(B1, x)),
    show(first_in_compound(g(1, 2), _, _, _)),
    show(first_in_compound(G1, 1, 2, _)),
    show(first_in_compound(g(1, 2), 1, 2, 1)),
    show(first_in_compound(g(1, 2), 1, 2, 2)),
    show(around(a, f(a, b), a, _)),
    show(around(_, f(a, b), _, _)),
    show(around(a, f(b, _), _, _)),
    show(tagged([1,2,3], _, _, _, _)),
    show(tagged(_, b, _, x, _)),
    show(tagged([1,2], a, 2, _, _)),
    show(nested(1, _, 3, 2)),
    show(nested(_, p(q(1, 2), [2, 3, 4]), _, _)),
    show(nested(1, p(q(2, _), _), _, _)),
    show(keep(a, [a, b, c], _, _)),
    show(keep(_, [x|y], _, _)),
    show(keep(a, [b], _, _)),
    show(pass(f(1, 2), _)),
    show(pass(f(1, 2), 3)),
    show(pass(f(1, 2), 4)),
    show(swap(pair(a, 1), _, _)),
    show(swap(pair(1, a), _, _)),
    show(swap(_, 2, b)),
    show(boxed(1.5, a, _)),
    show(boxed(_, a, _)),
    show(boxed(123456789012345678901234567890, b, f(b))),
    show(boxed("text", c, _)),
    ( var(F1), var(F2), var(B1), var(G1) -> true ; true ).
