% A player that never answers: it loops forever looking for a move. A match interrupts it
% when its budget per move (--move-timeout) runs out, and it loses that game.
choose_move(_, _) :- repeat, fail.
