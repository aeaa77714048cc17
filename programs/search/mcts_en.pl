% Monte Carlo tree search with UCT (Kocsis and Szepesvari, 2006) over a game given by moves/2
% and max_to_move/1, with random playouts by the library's playout/3 (docs/mcts.md). It
% makes the choices of ply's native_mcts/5 and ends with the same visit counts, visit for
% visit, for the same seed: the only randomness is the playout's, and every tie is broken in
% move order. mcts_ru.pl is the same program in Russian.
%
%   mcts( Pos, Iterations, Seed, BestSucc, Visits)
% BestSucc is the successor of Pos visited most often (the first of them on a tie), Visits the
% visits of the successors of Pos in move order. With fewer than two iterations, or at a
% position without successors, the root is never expanded: Visits is [] and BestSucc stays
% unbound.
%
%   ?- initial_position( tictactoe, inf, P), mcts( P, 1000, 1, Best, Visits).
%
% The tree is a term: node( Pos, N, W, Kids), N the visits of Pos, W the half-points (2 a
% win, 1 a draw, 0 a loss) won in them by the side to move in the parent, Kids the list of
% child nodes in move order, or unexpanded.

mcts( Pos, Iterations, Seed, BestSucc, Visits)  :-
        iterate( 1, Iterations, Seed, node( Pos, 0, 0, unexpanded), Tree),
        Tree = node( _, _, _, Kids),
        root_answer( Kids, BestSucc, Visits).

% iterate( I, Iterations, Seed, Tree0, Tree): iterations I, I+1, ... Iterations grow Tree0
% into Tree; the playout of iteration I has the seed Seed + I.
iterate( I, Iterations, _, Tree, Tree)  :-
        I > Iterations,  !.

iterate( I, Iterations, Seed, Tree0, Tree)  :-
        Tree0 = node( Pos, _, _, _),
        side( Pos, Side),
        PlayoutSeed is Seed + I,
        descend( Tree0, Side, PlayoutSeed, Tree1, _),
        I1 is I + 1,
        iterate( I1, Iterations, Seed, Tree1, Tree).

% descend( Node0, Mover, Seed, Node, Result): one iteration below Node0, whose parent has
% Mover to move: a node never visited is scored by a playout; a visited one is expanded if it
% is not yet and the descent goes on to a child; Node counts the visit and its reward.
descend( node( Pos, 0, 0, Kids), Mover, Seed, node( Pos, 1, W, Kids), Result)  :-  !,
        playout( Pos, Seed, Result),
        reward( Result, Mover, W).

descend( node( Pos, N, W0, Kids0), Mover, Seed, node( Pos, N1, W, Kids), Result)  :-
        expanded( Pos, Kids0, Kids1),
        (   Kids1 = []
        ->  playout( Pos, Seed, Result),
            Kids = []
        ;   side( Pos, Side),
            choose( Kids1, N, K),
            replace( K, Kids1, Child, Child1, Kids),
            descend( Child, Side, Seed, Child1, Result)
        ),
        N1 is N + 1,
        reward( Result, Mover, R),
        W is W0 + R.

% expanded( Pos, Kids0, Kids): the children of Pos, never visited, made at its second visit.
expanded( Pos, unexpanded, Kids)  :-  !,
        (   moves( Pos, PosList)
        ->  new_nodes( PosList, Kids)
        ;   Kids = []
        ).

expanded( _, Kids, Kids).

new_nodes( [], []).
new_nodes( [Pos | PosList], [node( Pos, 0, 0, unexpanded) | Kids])  :-
        new_nodes( PosList, Kids).

% choose( Kids, N, K): the K-th child is the next to descend to from a parent visited N
% times: the first never visited, else the first with the highest UCT score.
choose( Kids, _, K)  :-
        nth1( K, Kids, node( _, 0, _, _)),  !.

choose( Kids, N, K)  :-
        uct_scores( Kids, N, Scores),
        max_list( Scores, Max),
        nth1( K, Scores, Max),  !.

% The UCT score of a child visited N times with W half-points under a parent visited NP
% times, with the exploration constant sqrt(2).
uct_scores( [], _, []).
uct_scores( [node( _, N, W, _) | Kids], NP, [Score | Scores])  :-
        Score is W / (2.0 * N) + sqrt(2) * sqrt( log( NP) / N),
        uct_scores( Kids, NP, Scores).

% replace( K, List0, Old, New, List): List is List0 with its K-th element Old replaced by New.
replace( 1, [Old | Rest], Old, New, [New | Rest])  :-  !.
replace( K, [X | Rest0], Old, New, [X | Rest])  :-
        K1 is K - 1,
        replace( K1, Rest0, Old, New, Rest).

% reward( Result, Side, R): the half-points of Result (max, min or draw) for Side.
reward( draw, _, 1).
reward( max, max, 2).
reward( max, min, 0).
reward( min, max, 0).
reward( min, min, 2).

side( Pos, max)  :-
        max_to_move( Pos),  !.
side( _, min).

% root_answer( Kids, BestSucc, Visits): the visits of the root's children and the most visited.
root_answer( unexpanded, _, [])  :-  !.
root_answer( [], _, [])  :-  !.
root_answer( Kids, BestSucc, Visits)  :-
        visits( Kids, Visits),
        max_list( Visits, Max),
        nth1( K, Visits, Max),  !,
        nth1( K, Kids, node( BestSucc, _, _, _)).

visits( [], []).
visits( [node( _, N, _, _) | Kids], [N | Ns])  :-
        visits( Kids, Ns).
