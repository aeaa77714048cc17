% A match player built on the textbook minimax (Bratko, figure 15.3) in its English names.
%
%   ply match tictactoe programs/players/minimax_en.pl random
%   ply match connect4 programs/players/minimax_en.pl:3 minimax:3
%
% ply match calls choose_move(+Pos, -Next) with the horizon of Pos set to the depth given
% after the file name (inf without one); the game library supplies the game predicates.

:- ensure_loaded('../textbook/minimax_en.pl').

% choose_move( Pos, Next): Next is the successor minimax prefers.
choose_move( Pos, Next)  :-
        minimax( Pos, Next, _).
