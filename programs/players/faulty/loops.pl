% A player that never answers: its search recurses without end (and without growing a stack,
% since the call is the last one). It loses on its budget per move.
choose_move(P, N) :- choose_move(P, N).
