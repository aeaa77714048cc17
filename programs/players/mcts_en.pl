% A match player built on programs/search/mcts_en.pl, the Monte Carlo tree search in Prolog
% (docs/mcts.md): 1,000 iterations a move with seed 1, so a match is the same every time.
%
%   ply match tictactoe programs/players/mcts_en.pl random
%
% ply match calls choose_move(+Pos, -Next); a depth after the file name sets the horizon at
% which playouts stop (counted as draws), inf without one.

:- ensure_loaded('../search/mcts_en.pl').

% choose_move( Pos, Next): Next is the successor visited most.
choose_move( Pos, Next)  :-
        mcts( Pos, 1000, 1, Next, _).
