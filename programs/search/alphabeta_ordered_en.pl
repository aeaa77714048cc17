% Alpha-beta fail-soft, in negamax form, with move ordering. Fail-soft: a position whose value
% falls outside the window Alpha..Beta returns the best bound it found, not the window's edge,
% so a caller learns more than "too low" or "too high". Move ordering: the successors are tried
% killer move first (the last move that caused a cut-off at the same ply), then by the history
% heuristic (the sum of Depth*Depth over every cut-off a move has caused), then by their static
% values, best first for the side to move; successors that rank alike keep the game's order. A
% move is named without knowing the game, by the exclusive or of the keys of a position and its
% successor (position_key/2): with Zobrist-style keys that is the key of what the move changed.
%
% The game is given by moves/2, staticval/2 and max_to_move/1, as for the textbook's minimax;
% killers and history live in hash tables (library(hashtable), as SWI-Prolog's). At the root a
% later successor in the game's order wins a tie (it is searched with a window one lower), so
% the move chosen is the one the textbook's minimax and alpha-beta choose. The native twin is
% native_ordered_alphabeta/4; both count as docs/search.md defines.
%
%   ordered_alphabeta( Pos, BestSucc, Val)
% Val is the minimax value of Pos from MAX's point of view, BestSucc its best successor.
%
% Run with ply:
%   ply -q -g "initial_position(connect4, 5, P), ordered_alphabeta(P, B, V),
%              search_counts(N, E), print(V-N-E), nl" -t halt programs/search/alphabeta_ordered_en.pl

ordered_alphabeta( Pos, BestSucc, Val)  :-
        reset_counts,
        ht_new( Killers),
        ht_new( History),
        alphabeta( Pos, -1000000000000, 1000000000000, 0, tables( Killers, History),
                   BestSucc, Val0),
        side_value( Pos, Val0, Val).

% alphabeta( Pos, Alpha, Beta, Ply, Tables, BestSucc, Val): Val is the value of Pos for the side
% to move, exact inside Alpha..Beta and a bound outside it; Ply counts from the root.
alphabeta( Pos, Alpha, Beta, Ply, Tables, BestSucc, Val)  :-
        position_key( Pos, Key),
        successors( Pos, PosList),
        PosList = [_ | _],  !,
        depth( Pos, Depth),
        order( PosList, Pos, Key, Ply, Tables, Ordered),
        boundedbest( Ordered, Pos, Key, Depth, Alpha, Beta, Ply, Tables, none, BestSucc, Val).

alphabeta( Pos, _, _, _, _, _, Val)  :-
        evaluation( Pos, Val0),
        side_value( Pos, Val0, Val).

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

% order( PosList, Pos, Key, Ply, Tables, Ordered): the successors as I-Succ, in the order they
% are tried.
order( PosList, Pos, Key, Ply, Tables, Ordered)  :-
        ranked( PosList, 0, Pos, Key, Ply, Tables, Ranked),
        keysort( Ranked, Sorted),
        pairs_values( Sorted, Ordered).

ranked( [], _, _, _, _, _, []).

ranked( [Succ | PosList], I, Pos, Key, Ply, Tables, [r( Class, H, E)-(I-Succ) | Ranked])  :-
        position_key( Succ, SuccKey),
        Move is SuccKey xor Key,
        Tables = tables( Killers, History),
        (   ht_get( Killers, Ply, Move)
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
        ranked( PosList, I1, Pos, Key, Ply, Tables, Ranked).

% cutoff( Key, Succ, Ply, Depth, Tables): the move to Succ caused a cut-off.
cutoff( Key, Succ, Ply, Depth, tables( Killers, History))  :-
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
        nb_setval( search_nodes, 0),
        nb_setval( search_evals, 0).

search_counts( Nodes, Evals)  :-
        nb_getval( search_nodes, Nodes),
        nb_getval( search_evals, Evals).
