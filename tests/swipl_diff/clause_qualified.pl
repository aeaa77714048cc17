% clause/2 and retract/1 on a module-qualified head of a predicate long enough to have hash
% indexes: the qualification is not part of the head the indexes read.
:- discontiguous h/2.
h(e1, c11).
h(e1, c12).
s(c12).
h(e2, c21).
h(e2, c22).
h(e3, c31).
h(e3, c32).
h(e4, c41).
h(e4, c42).
h(e5, c51).
h(e5, c52) :- s(c12).

:- dynamic d/2.
d(1, a). d(2, b). d(3, c). d(4, d). d(5, e). d(6, f). d(7, g). d(8, h). d(9, i).

main :-
    findall(A-B-Body, clause(user:h(A, B), Body), L1), writeln(L1),
    findall(B-Body, clause(user:h(e3, B), Body), L2), writeln(L2),
    findall(A, clause(user:h(A, c52), _), L3), writeln(L3),
    findall(A-B, clause(user:user:h(A, B), true), L4), length(L4, N4), writeln(N4),
    ( clause(user:h(e9, _), _) -> writeln(yes) ; writeln(no) ),
    findall(X, clause(user:d(X, _), true), L5), writeln(L5),
    retract(user:d(4, Y)), writeln(Y),
    findall(X-Z, clause(user:d(X, Z), true), L6), writeln(L6),
    findall(Z, ( member(K, [1, 5, 9]), clause(user:d(K, Z), true) ), L7), writeln(L7).
