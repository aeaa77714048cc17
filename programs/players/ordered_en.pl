% A match player built on programs/search/alphabeta_ordered_en.pl (docs/search_algorithms.md).
%
%   ply match tictactoe programs/players/ordered_en.pl random
%   ply match connect4 programs/players/ordered_en.pl:4 alphabeta:4
%
% ply match calls choose_move(+Pos, -Next) with the horizon of Pos set to the depth given
% after the file name (inf without one), as for programs/players/alphabeta_en.pl.

:- ensure_loaded('../search/alphabeta_ordered_en.pl').

% choose_move( Pos, Next): Next is the successor the search prefers.
choose_move( Pos, Next)  :-
        ordered_alphabeta( Pos, Next, _).
