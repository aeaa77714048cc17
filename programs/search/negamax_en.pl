% Negamax: minimax written once for both sides. A position's value is taken from the side to
% move there, so the best successor is always the one of greatest value for the mover, and a
% successor's value changes sign when the other side moves in it (it keeps its sign when the
% same side moves again, as after Kalah's extra move).
%
% The game is given as for the textbook's minimax (programs/textbook/minimax_en.pl): moves/2,
% staticval/2 (from MAX's point of view) and max_to_move/1; ply supplies them natively for its
% games, and a game written in Prolog defines them. The native twin is native_negamax/4.
%
%   negamax( Pos, BestSucc, Val)
% Val is the minimax value of Pos from MAX's point of view, BestSucc its best successor (a
% later successor wins a tie, as in the textbook's betterof/6); a position without successors
% is scored by staticval/2 and leaves BestSucc unbound.
%
% The program counts what it visits as the native twin does (docs/search.md):
% search_counts(Nodes, Evals) after a search gives the positions whose successors it generated
% and the static evaluations it made.
%
% Run with ply:
%   ply -q -g "initial_position(tictactoe, 4, P), negamax(P, B, V), search_counts(N, E),
%              print(V-N-E), nl" -t halt programs/search/negamax_en.pl

negamax( Pos, BestSucc, Val)  :-
        reset_counts,
        negamax_( Pos, BestSucc, Val0),
        side_value( Pos, Val0, Val).

% negamax_( Pos, BestSucc, Val): Val is the value of Pos for the side to move in Pos.
negamax_( Pos, BestSucc, Val)  :-
        successors( Pos, PosList),
        PosList = [_ | _],  !,
        best( PosList, Pos, BestSucc, Val).

negamax_( Pos, _, Val)  :-
        evaluation( Pos, Val0),
        side_value( Pos, Val0, Val).
        % Pos has no successors

best( [Pos], Parent, Pos, Val)  :-  !,
        child_value( Parent, Pos, Val).

best( [Pos1 | PosList], Parent, BestPos, BestVal)  :-
        child_value( Parent, Pos1, Val1),
        best( PosList, Parent, Pos2, Val2),
        (   Val1 > Val2
        ->  BestPos = Pos1, BestVal = Val1
        ;   BestPos = Pos2, BestVal = Val2
        ).

% child_value( Parent, Pos, Val): the value of successor Pos for the side to move in Parent.
child_value( Parent, Pos, Val)  :-
        negamax_( Pos, _, Val0),
        to_parent( Parent, Pos, Val0, Val).

to_parent( Parent, Pos, Val, Val)  :-
        same_side( Parent, Pos),  !.

to_parent( _, _, Val0, Val)  :-
        Val is -Val0.

same_side( Pos1, Pos2)  :-
        (   max_to_move( Pos1)
        ->  max_to_move( Pos2)
        ;   \+ max_to_move( Pos2)
        ).

% side_value( Pos, MaxVal, Val): a value from MAX's point of view turned to the side to move in
% Pos (and back: the turn is its own inverse).
side_value( Pos, Val, Val)  :-
        max_to_move( Pos),  !.

side_value( _, Val0, Val)  :-
        Val is -Val0.

% Counting.
successors( Pos, PosList)  :-
        count( search_nodes),
        (   moves( Pos, PosList)
        ->  true
        ;   PosList = []
        ).

evaluation( Pos, Val)  :-
        count( search_evals),
        staticval( Pos, Val).

count( Name)  :-
        nb_getval( Name, N0),
        N is N0 + 1,
        nb_setval( Name, N).

reset_counts  :-
        nb_setval( search_nodes, 0),
        nb_setval( search_evals, 0).

search_counts( Nodes, Evals)  :-
        nb_getval( search_nodes, Nodes),
        nb_getval( search_evals, Evals).
