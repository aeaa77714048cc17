% Prints the value of every position given as a fact `поз(P)`, one line each, by the стат_оц/2
% of the evaluation program loaded with this file. Used by tests/it/games_eval.rs.

печать_оценок :-
    forall(поз(P), ( стат_оц(P, V), writeq(V), nl )).
