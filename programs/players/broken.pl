% A player that breaks the rules, to show how a match treats it: as MAX it answers with a
% position that is no successor (the position itself), as MIN it raises an error. Either way
% it loses that game, the reason is printed, and the match goes on.
%
%   ply match tictactoe programs/players/broken.pl random --games 2

choose_move( Pos, Pos)  :-
        max_to_move( Pos),  !.
choose_move( _, _)  :-
        throw(error(player_gave_up, choose_move/2)).
