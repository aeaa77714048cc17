% A player that crashes: it stops the machine it runs in with halt/1 in the middle of the
% game. The match goes on; this player loses the game.
choose_move(_, _) :- halt(3).
