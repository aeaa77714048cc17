% A match player built on programs/search/pvs_en.pl (docs/search_algorithms.md).
%
%   ply match tictactoe programs/players/pvs_en.pl random
%   ply match connect4 programs/players/pvs_en.pl:4 alphabeta:4
%
% ply match calls choose_move(+Pos, -Next) with the horizon of Pos set to the depth given
% after the file name (inf without one), as for programs/players/alphabeta_en.pl.

:- ensure_loaded('../search/pvs_en.pl').

% choose_move( Pos, Next): Next is the successor the search prefers.
choose_move( Pos, Next)  :-
        pvs( Pos, Next, _).
