% A goal of a module that runs right after a binding wakes attributed variables (a clpfd
% propagation that binds a variable, a frozen goal) is still the module's own predicate.
:- module(wakeup_module, [main/0]).
:- use_module(library(clpfd)).

set(A, B) :- B = f(A).

main :-
    Y in 1..9,
    X #= Y * 0,
    set(X, S),
    print(S), nl,
    freeze(Z, true),
    Z = 1,
    set(Z, T),
    print(T), nl,
    Y2 in 1..9,
    X2 #= Y2 - Y2,
    wakeup_module:set(X2, U),
    print(U), nl.
