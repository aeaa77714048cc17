% The minimax procedure of Bratko, figure 15.3, with the English names of the original:
% minimax/3, best/3, betterof/6, over a game given by moves/2, staticval/2, min_to_move/1 and
% max_to_move/1 (ply supplies them natively for its games; see docs/games.md).
%
%   minimax( Pos, BestSucc, Val)
% Val is the minimax value of Pos, and the best move from Pos leads to BestSucc. A position
% without successors is scored by staticval/2 and leaves BestSucc unbound.
%
% It is the program of bratko_15_3_minimax_corrected.pl clause for clause (betterof/6 compares
% Val0, as the original does). betterof/6 is also defined by alphabeta_en.pl: load one of the
% two files, not both.

minimax( Pos, BestSucc, Val)  :-
        moves( Pos, PosList),  !,
        best( PosList, BestSucc, Val);
        staticval( Pos, Val).
        % Pos has no successors

best( [Pos], Pos, Val)  :-
        minimax( Pos, _, Val),  !.

best( [Pos1 | PosList], BestPos, BestVal)  :-
        minimax( Pos1, _, Val1),
        best( PosList, Pos2, Val2),
        betterof( Pos1, Val1, Pos2, Val2, BestPos, BestVal).

betterof( Pos0, Val0, _, Val1, Pos0, Val0)  :-
        min_to_move( Pos0), Val0 > Val1,  !;
        max_to_move( Pos0), Val0 < Val1,  !.

betterof( _, _, Pos1, Val1, Pos1, Val1).
