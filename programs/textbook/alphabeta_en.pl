% The alpha-beta procedure of Bratko, figure 15.5, with the English names of the original:
% alphabeta/5, boundedbest/5, goodenough/7, newbounds/6, betterof/6, over a game given by
% moves/2, staticval/2, min_to_move/1 and max_to_move/1.
%
%   alphabeta( Pos, Alpha, Beta, GoodPos, Val)
% Val is the minimax value of Pos when it lies between Alpha and Beta, and otherwise a bound on
% the side of the window it fell out of; GoodPos is a good enough successor of Pos. The cut-offs
% are strict, as in the book: Val > Beta after a MAX move, Val < Alpha after a MIN move.
%
% betterof/6 is also defined by minimax_en.pl: load one of the two files, not both.

alphabeta( Pos, Alpha, Beta, GoodPos, Val)  :-
        moves( Pos, PosList),  !,
        boundedbest( PosList, Alpha, Beta, GoodPos, Val);
        staticval( Pos, Val).
        % Pos has no successors: its static value

boundedbest( [Pos | PosList], Alpha, Beta, GoodPos, GoodVal)  :-
        alphabeta( Pos, Alpha, Beta, _, Val),
        goodenough( PosList, Alpha, Beta, Pos, Val, GoodPos, GoodVal).

goodenough( [], _, _, Pos, Val, Pos, Val)  :-  !.
        % No other candidate

goodenough( _, Alpha, Beta, Pos, Val, Pos, Val)  :-
        min_to_move( Pos), Val > Beta,  !;
        % Maximizer attained the upper bound
        max_to_move( Pos), Val < Alpha,  !.
        % Minimizer attained the lower bound

goodenough( PosList, Alpha, Beta, Pos, Val, GoodPos, GoodVal)  :-
        newbounds( Alpha, Beta, Pos, Val, NewAlpha, NewBeta),
        boundedbest( PosList, NewAlpha, NewBeta, Pos1, Val1),
        betterof( Pos, Val, Pos1, Val1, GoodPos, GoodVal).

newbounds( Alpha, Beta, Pos, Val, Val, Beta)  :-
        min_to_move( Pos), Val > Alpha,  !.
        % Maximizer increased the lower bound

newbounds( Alpha, Beta, Pos, Val, Alpha, Val)  :-
        max_to_move( Pos), Val < Beta,  !.
        % Minimizer decreased the upper bound

newbounds( Alpha, Beta, _, _, Alpha, Beta).
        % Otherwise the bounds do not change

betterof( Pos, Val, _, Val1, Pos, Val)  :-
        min_to_move( Pos), Val > Val1,  !;
        max_to_move( Pos), Val < Val1,  !.

betterof( _, _, Pos1, Val1, Pos1, Val1).
