% A module whose own predicate `day10b/1` is not exported: a call from `user` cannot reach it,
% so ply's did-you-mean must not offer it (tests/it/bad_input.rs).
:- module(hidden, [solve/1]).
solve(X) :- day10b(X).
day10b(1).
