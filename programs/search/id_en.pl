% Iterative deepening with a transposition table. The position is searched to the horizon 1,
% then 2, ... up to the horizon it carries, each time by alpha-beta fail-soft with move ordering
% (as programs/search/alphabeta_ordered_en.pl). What one iteration learns serves the next: the
% killer moves and the history scores, and the transposition table, a hash table
% (library(hashtable), as SWI-Prolog's) from a position's key (position_key/2, Zobrist-style,
% the horizon left out) to e( Depth, Bound, Val, BestKey): the value found for the side to
% move when the position was searched Depth plies deep, whether it is exact or a lower or an
% upper bound, and the key of the best successor found, which is tried first the next time.
% A position met again, in the same iteration by another order of moves (a transposition) or
% in a later one, is answered by the table without a search when its entry is deep enough and
% its bound settles the window (a hit, counted as search_hits); the root never is. A search
% that never met the horizon (search_frontier counts the leaves at depth 0 and the hits of
% entries that hold only to a horizon) reached the end of the game everywhere: its entry holds
% for every horizon (depth inf), and when that is the root's, deepening stops. The native
% twin is native_id/4; both count as docs/search.md defines, over all iterations.
%
%   iterative_deepening( Pos, BestSucc, Val)
% Val is the minimax value of Pos from MAX's point of view at Pos's horizon, BestSucc its best
% successor (at the root a later successor in the game's order wins a tie, as in the textbook).
% A position without a horizon (inf) is searched to the horizons 1 to 64.
%
% Run with ply:
%   ply -q -g "initial_position(connect4, 5, P), iterative_deepening(P, B, V),
%              search_counts(N, E), print(V-N-E), nl" -t halt programs/search/id_en.pl

iterative_deepening( Pos, BestSucc, Val)  :-
        reset_counts,
        ht_new( Killers),
        ht_new( History),
        ht_new( Table),
        depth( Pos, Horizon),
        (   Horizon == inf
        ->  Last = 64
        ;   Last is max( 1, Horizon)
        ),
        deepen( 1, Last, Horizon, Pos, tables( Killers, History, Table), BestSucc, Val).

% deepen( D, Last, Horizon, Pos, Tables, BestSucc, Val): the iterations from D to Last.
deepen( D, Last, Horizon, Pos, Tables, BestSucc, Val)  :-
        (   Horizon == inf
        ->  H = D
        ;   H is min( D, Horizon)
        ),
        with_depth( Pos, H, PosH),
        nb_getval( search_frontier, F0),
        alphabeta( PosH, -1000000000000, 1000000000000, 0, Tables, Best, Val0),
        nb_getval( search_frontier, F1),
        (   ( D >= Last ; var( Best) ; F1 =:= F0 )
        ->  BestSucc = Best,
            side_value( PosH, Val0, Val)
        ;   D1 is D + 1,
            deepen( D1, Last, Horizon, Pos, Tables, BestSucc, Val)
        ).

% alphabeta( Pos, Alpha, Beta, Ply, Tables, BestSucc, Val): Val is the value of Pos for the side
% to move, exact inside Alpha..Beta and a bound outside it; Ply counts from the root.
alphabeta( Pos, Alpha, Beta, Ply, Tables, BestSucc, Val)  :-
        position_key( Pos, Key),
        depth( Pos, Depth),
        Tables = tables( _, _, Table),
        (   ht_get( Table, Key, e( D0, Bound, Val0, TableMove))
        ->  true
        ;   TableMove = none
        ),
        (   Ply > 0, nonvar( D0), deep_enough( D0, Depth),
            answers( Bound, Val0, Alpha, Beta)
        ->  count( search_hits),
            (   D0 == inf
            ->  true
            ;   count( search_frontier)
            ),
            Val = Val0
        ;   expand( Pos, Key, Depth, Alpha, Beta, Ply, Tables, TableMove, BestSucc, Val)
        ).

deep_enough( inf, _)  :-  !.
deep_enough( D0, Depth)  :-
        D0 >= Depth.

% answers( Bound, Val, Alpha, Beta): an entry that settles the window Alpha..Beta by itself.
answers( exact, _, _, _).
answers( lower, Val, _, Beta)  :-
        Val >= Beta.
answers( upper, Val, Alpha, _)  :-
        Val =< Alpha.

expand( Pos, Key, Depth, Alpha, Beta, Ply, Tables, TableMove, BestSucc, Val)  :-
        nb_getval( search_frontier, F0),
        successors( Pos, PosList),
        PosList = [_ | _],  !,
        order( PosList, Pos, Key, Ply, TableMove, Tables, Ordered),
        boundedbest( Ordered, Pos, Key, Depth, Alpha, Beta, Ply, Tables, none, BestSucc, Val),
        position_key( BestSucc, BestKey),
        (   Val =< Alpha
        ->  Bound = upper
        ;   Val >= Beta
        ->  Bound = lower
        ;   Bound = exact
        ),
        Tables = tables( _, _, Table),
        reach( F0, Depth, Reach),
        ht_put( Table, Key, e( Reach, Bound, Val, BestKey)).

expand( Pos, Key, Depth, _, _, _, tables( _, _, Table), _, _, Val)  :-
        evaluation( Pos, Val0),
        side_value( Pos, Val0, Val),
        (   Depth == 0
        ->  count( search_frontier),
            Reach = 0
        ;   Reach = inf
        ),
        ht_put( Table, Key, e( Reach, exact, Val, none)).
        % A leaf's value is exact whatever the window

% reach( F0, Depth, Reach): the horizon to which a search of Depth plies holds, inf when it met
% no horizon (the frontier count is still F0).
reach( F0, Depth, Reach)  :-
        nb_getval( search_frontier, F),
        (   F =:= F0
        ->  Reach = inf
        ;   Reach = Depth
        ).

% boundedbest( Ordered, Pos, Key, Depth, Alpha, Beta, Ply, Tables, Best0, BestSucc, Val): the
% successors I-Succ (I its place in the game's order) searched in turn; Best0 is none or
% b( I, Succ, Val) of the best so far.
boundedbest( [], _, _, _, _, _, _, _, b( _, BestSucc, Val), BestSucc, Val).

boundedbest( [I-Succ | Ordered], Pos, Key, Depth, Alpha, Beta, Ply, Tables, Best0,
             BestSucc, Val)  :-
        tie_alpha( Ply, I, Best0, Alpha, AlphaI),
        child_value( Pos, Succ, AlphaI, Beta, Ply, Tables, V),
        better( Ply, I, Succ, V, Best0, Best1),
        (   V > Alpha
        ->  Alpha1 = V
        ;   Alpha1 = Alpha
        ),
        (   Alpha1 >= Beta
        ->  cutoff( Key, Succ, Ply, Depth, Tables),
            Best1 = b( _, BestSucc, Val)
        ;   boundedbest( Ordered, Pos, Key, Depth, Alpha1, Beta, Ply, Tables, Best1,
                         BestSucc, Val)
        ).

% At the root a successor later in the game's order than the best so far is searched with a
% window one lower, so that a tie is told from a worse value.
tie_alpha( 0, I, b( J, _, _), Alpha, AlphaI)  :-
        I > J,  !,
        AlphaI is Alpha - 1.

tie_alpha( _, _, _, Alpha, Alpha).

better( _, I, Succ, V, none, b( I, Succ, V))  :-  !.

better( _, I, Succ, V, b( _, _, V0), b( I, Succ, V))  :-
        V > V0,  !.

better( 0, I, Succ, V, b( J, _, V0), b( I, Succ, V))  :-
        V =:= V0, I > J,  !.

better( _, _, _, _, Best, Best).

% child_value( Parent, Succ, Alpha, Beta, Ply, Tables, Val): the value of Succ for the side to
% move in Parent, searched with Parent's window (negated when the other side moves in Succ).
child_value( Parent, Succ, Alpha, Beta, Ply, Tables, Val)  :-
        Ply1 is Ply + 1,
        (   same_side( Parent, Succ)
        ->  alphabeta( Succ, Alpha, Beta, Ply1, Tables, _, Val)
        ;   A is -Beta, B is -Alpha,
            alphabeta( Succ, A, B, Ply1, Tables, _, Val0),
            Val is -Val0
        ).

% order( PosList, Pos, Key, Ply, TableMove, Tables, Ordered): the successors as I-Succ, in the
% order they are tried: the table's move first.
order( PosList, Pos, Key, Ply, TableMove, Tables, Ordered)  :-
        ranked( PosList, 0, Pos, Key, Ply, TableMove, Tables, Ranked),
        keysort( Ranked, Sorted),
        pairs_values( Sorted, Ordered).

ranked( [], _, _, _, _, _, _, []).

ranked( [Succ | PosList], I, Pos, Key, Ply, TableMove, Tables,
        [r( Class, H, E)-(I-Succ) | Ranked])  :-
        position_key( Succ, SuccKey),
        Move is SuccKey xor Key,
        Tables = tables( Killers, History, _),
        (   SuccKey == TableMove
        ->  Class = 0
        ;   ht_get( Killers, Ply, Move)
        ->  Class = 1
        ;   Class = 2
        ),
        (   ht_get( History, Move, H0)
        ->  H is -H0
        ;   H = 0
        ),
        evaluation( Succ, Val0),
        side_value( Pos, Val0, Val),
        E is -Val,
        I1 is I + 1,
        ranked( PosList, I1, Pos, Key, Ply, TableMove, Tables, Ranked).

% cutoff( Key, Succ, Ply, Depth, Tables): the move to Succ caused a cut-off.
cutoff( Key, Succ, Ply, Depth, tables( Killers, History, _))  :-
        position_key( Succ, SuccKey),
        Move is SuccKey xor Key,
        ht_put( Killers, Ply, Move),
        (   ht_get( History, Move, H0)
        ->  true
        ;   H0 = 0
        ),
        weight( Depth, W),
        H is H0 + W,
        ht_put( History, Move, H).

% The weight of a cut-off Depth plies above the horizon (a horizon of inf counts as 2^20).
weight( Depth, W)  :-
        (   integer( Depth)
        ->  D is min( Depth, 1048576)
        ;   D = 1048576
        ),
        W is D * D.

same_side( Pos1, Pos2)  :-
        (   max_to_move( Pos1)
        ->  max_to_move( Pos2)
        ;   \+ max_to_move( Pos2)
        ).

side_value( Pos, Val, Val)  :-
        max_to_move( Pos),  !.

side_value( _, Val0, Val)  :-
        Val is -Val0.

% Counting, as docs/search.md defines it.
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
        nb_setval( search_frontier, 0),
        nb_setval( search_hits, 0),
        nb_setval( search_nodes, 0),
        nb_setval( search_evals, 0).

search_counts( Nodes, Evals)  :-
        nb_getval( search_nodes, Nodes),
        nb_getval( search_evals, Evals).
