% Proof-number search (Allis, van der Meulen and van den Herik, 1994) over a game given by
% moves/2, max_to_move/1 and game_over/2 (docs/mcts.md). It expands the nodes ply's
% native_pns/4 expands, in the same order. pns_ru.pl is the same program in Russian.
%
%   pns( Pos, Side, Result, Expanded)
% Side (max or min) is the attacker: Result is proven when Side wins from Pos against every
% defence, disproven when it cannot force a win (a draw is not a win); Expanded is the number
% of positions whose successors were generated. A drawn game is disproven for both sides:
%
%   ?- initial_position( tictactoe, inf, P), pns( P, max, R1, _), pns( P, min, R2, _).
%   R1 = R2, R2 = disproven.
%
% The tree is a term: node( Pos, Type, PN, DN, Kids), Type or where the attacker is to move and
% and where the defender is, PN and DN the proof and disproof numbers, Kids the list of child
% nodes in move order, or unexpanded. Infinity is 10^9, and sums stop there.

pns( Pos, Side, Result, Expanded)  :-
        new_node( Side, Pos, Root),
        prove( Root, Side, 0, Tree, Expanded),
        Tree = node( _, _, PN, _, _),
        (   PN =:= 0
        ->  Result = proven
        ;   Result = disproven
        ).

infinity( 1000000000).

% prove( Tree0, Side, E0, Tree, E): Tree0 grown, one expansion at a time, until its root is
% proven or disproven.
prove( Tree, _, E, Tree, E)  :-
        Tree = node( _, _, PN, DN, _),
        ( PN =:= 0 ; DN =:= 0 ),  !.

prove( Tree0, Side, E0, Tree, E)  :-
        expand_most_proving( Tree0, Side, Tree1),
        E1 is E0 + 1,
        prove( Tree1, Side, E1, Tree, E).

% new_node( Side, Pos, Node): a leaf; at the end of the game it is proven when Side has won
% and disproven otherwise.
new_node( Side, Pos, node( Pos, Type, PN, DN, unexpanded))  :-
        (   max_to_move( Pos)
        ->  ToMove = max
        ;   ToMove = min
        ),
        (   ToMove = Side
        ->  Type = or
        ;   Type = and
        ),
        infinity( Inf),
        (   game_over( Pos, Result)
        ->  (   Result = Side
            ->  PN = 0, DN = Inf
            ;   PN = Inf, DN = 0
            )
        ;   PN = 1, DN = 1
        ).

% expand_most_proving( Node0, Side, Node): the most-proving node below Node0 expanded, and
% the numbers on the way back up recomputed.
expand_most_proving( node( Pos, Type, _, _, unexpanded), Side,
                     node( Pos, Type, PN, DN, Kids))  :-  !,
        (   moves( Pos, PosList)
        ->  new_nodes( PosList, Side, Kids)
        ;   Kids = []
        ),
        numbers( Type, Kids, PN, DN).

expand_most_proving( node( Pos, Type, _, _, Kids0), Side, node( Pos, Type, PN, DN, Kids))  :-
        most_proving( Type, Kids0, K),
        replace_child( K, Kids0, Child, Child1, Kids),
        expand_most_proving( Child, Side, Child1),
        numbers( Type, Kids, PN, DN).

new_nodes( [], _, []).
new_nodes( [Pos | PosList], Side, [Node | Nodes])  :-
        new_node( Side, Pos, Node),
        new_nodes( PosList, Side, Nodes).

% most_proving( Type, Kids, K): the K-th child is the first with the smallest proof number
% (at an or node) or disproof number (at an and node).
most_proving( Type, Kids, K)  :-
        keys( Type, Kids, Keys),
        min_list( Keys, Min),
        nth1( K, Keys, Min),  !.

keys( _, [], []).
keys( or, [node( _, _, PN, _, _) | Kids], [PN | Keys])  :-
        keys( or, Kids, Keys).
keys( and, [node( _, _, _, DN, _) | Kids], [DN | Keys])  :-
        keys( and, Kids, Keys).

% numbers( Type, Kids, PN, DN): an or node takes the smallest proof number and the sum of the
% disproof numbers of its children, an and node the sum of the proof numbers and the smallest
% disproof number; a node without successors is disproven.
numbers( _, [], Inf, 0)  :-  !,
        infinity( Inf).

numbers( or, Kids, PN, DN)  :-
        keys( or, Kids, PNs),
        keys( and, Kids, DNs),
        min_list( PNs, PN),
        capped_sum( DNs, DN).

numbers( and, Kids, PN, DN)  :-
        keys( or, Kids, PNs),
        keys( and, Kids, DNs),
        capped_sum( PNs, PN),
        min_list( DNs, DN).

capped_sum( Numbers, Sum)  :-
        sum_list( Numbers, Sum0),
        infinity( Inf),
        Sum is min( Sum0, Inf).

% replace_child( K, List0, Old, New, List): List is List0 with its K-th element Old replaced by New.
replace_child( 1, [Old | Rest], Old, New, [New | Rest])  :-  !.
replace_child( K, [X | Rest0], Old, New, [X | Rest])  :-
        K1 is K - 1,
        replace_child( K1, Rest0, Old, New, Rest).
