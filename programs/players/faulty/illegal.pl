% A player that makes an illegal move: it answers with the position it was given, which is no
% successor of it.
choose_move(Pos, Pos).
