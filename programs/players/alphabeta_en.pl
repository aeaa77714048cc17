% A match player built on the textbook alpha-beta (Bratko, figure 15.5) in its English names.
%
%   ply match tictactoe programs/players/alphabeta_en.pl random
%   ply match connect4 programs/players/alphabeta_en.pl:4 alphabeta:2
%
% ply match calls choose_move(+Pos, -Next) with the horizon of Pos set to the depth given
% after the file name (inf without one); the game library supplies moves/2, staticval/2,
% min_to_move/1 and max_to_move/1 for every game, so this one player plays them all.

:- ensure_loaded('../textbook/alphabeta_en.pl').

% choose_move( Pos, Next): Next is the successor alpha-beta prefers. The window is wider than
% any static value of the library's games (a won position is worth +-1000 in most of them).
choose_move( Pos, Next)  :-
        alphabeta( Pos, -1000000000, 1000000000, Next, _).
