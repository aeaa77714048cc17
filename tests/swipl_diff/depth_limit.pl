% call_with_depth_limit/3 on the program's own predicates: the deepest level of each answer,
% depth_limit_exceeded once the answers run out if the limit cut a branch off, and a cut at
% the top of a clause body.

nat(0).
nat(s(X)) :- nat(X).

loop :- loop.

app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).

first(X) :- nat(X), !.
first(none).

main :-
    findall(X-R, call_with_depth_limit(nat(X), 3, R), L1), print(L1), nl,
    findall(R, call_with_depth_limit(loop, 5, R), L2), print(L2), nl,
    findall(R, call_with_depth_limit(app([1, 2, 3], [4], _), 10, R), L3), print(L3), nl,
    findall(R, call_with_depth_limit(app([1, 2, 3], [4], _), 2, R), L4), print(L4), nl,
    findall(R, call_with_depth_limit(fail, 2, R), L5), print(L5), nl,
    findall(R, call_with_depth_limit(true, 2, R), L6), print(L6), nl,
    findall(X-R, call_with_depth_limit(first(X), 5, R), L7), print(L7), nl.
