% Principal variation search (PVS, also NegaScout): alpha-beta fail-soft with move ordering
% (as programs/search/alphabeta_ordered_en.pl, whose ordering it shares), in which only the
% first successor tried is searched with the full window. Every later one is first searched
% with a null window Alpha..Alpha+1, which only asks "is it better than the best so far?"; a
% well-ordered tree answers "no" cheaply, and only a successor that answers "yes" with a value
% still below Beta is searched again, from that value up to Beta (a re-search, counted as
% search_researches). A null-window search that made no cut-off has computed the exact value,
% as minimax would, so it is not searched again. The native twin is native_pvs/4; both count as docs/search.md defines.
%
%   pvs( Pos, BestSucc, Val)
% Val is the minimax value of Pos from MAX's point of view, BestSucc its best successor (at the
% root a later successor in the game's order wins a tie, as in the textbook).
%
% Run with ply:
%   ply -q -g "initial_position(connect4, 5, P), pvs(P, B, V), search_counts(N, E),
%              print(V-N-E), nl" -t halt programs/search/pvs_en.pl

pvs( Pos, BestSucc, Val)  :-
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
        boundedbest( Ordered, first, Pos, Key, Depth, Alpha, Beta, Ply, Tables, none,
                     BestSucc, Val).

alphabeta( Pos, _, _, _, _, _, Val)  :-
        evaluation( Pos, Val0),
        side_value( Pos, Val0, Val).

% boundedbest( Ordered, Which, Pos, Key, Depth, Alpha, Beta, Ply, Tables, Best0, BestSucc, Val):
% the successors I-Succ (I its place in the game's order) searched in turn, Which telling the
% first (full window) from the later ones (null window first); Best0 is none or
% b( I, Succ, Val) of the best so far.
boundedbest( [], _, _, _, _, _, _, _, _, b( _, BestSucc, Val), BestSucc, Val).

boundedbest( [I-Succ | Ordered], Which, Pos, Key, Depth, Alpha, Beta, Ply, Tables, Best0,
             BestSucc, Val)  :-
        tie_alpha( Ply, I, Best0, Alpha, AlphaI),
        pvs_value( Which, Pos, Succ, AlphaI, Beta, Ply, Tables, V),
        better( Ply, I, Succ, V, Best0, Best1),
        (   V > Alpha
        ->  Alpha1 = V
        ;   Alpha1 = Alpha
        ),
        (   Alpha1 >= Beta
        ->  count( search_cutoffs),
            cutoff( Key, Succ, Ply, Depth, Tables),
            Best1 = b( _, BestSucc, Val)
        ;   boundedbest( Ordered, later, Pos, Key, Depth, Alpha1, Beta, Ply, Tables, Best1,
                         BestSucc, Val)
        ).

% pvs_value( Which, Parent, Succ, Alpha, Beta, Ply, Tables, Val): the first successor with the
% full window; a later one with a null window, and again with the full window when its value
% falls strictly between Alpha and Beta and the null window cut something off. The null window
% proved the value at least Val0, so the re-search starts there: were the value Val0 itself (a
% tie at the root), the re-search fails low at once and answers Val0.
pvs_value( first, Parent, Succ, Alpha, Beta, Ply, Tables, Val)  :-
        child_value( Parent, Succ, Alpha, Beta, Ply, Tables, Val).

pvs_value( later, Parent, Succ, Alpha, Beta, Ply, Tables, Val)  :-
        Alpha1 is Alpha + 1,
        nb_getval( search_cutoffs, C0),
        child_value( Parent, Succ, Alpha, Alpha1, Ply, Tables, Val0),
        nb_getval( search_cutoffs, C1),
        (   Val0 > Alpha, Val0 < Beta, C1 =\= C0
        ->  count( search_researches),
            child_value( Parent, Succ, Val0, Beta, Ply, Tables, Val)
        ;   Val = Val0
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
        nb_setval( search_cutoffs, 0),
        nb_setval( search_researches, 0),
        nb_setval( search_nodes, 0),
        nb_setval( search_evals, 0).

search_counts( Nodes, Evals)  :-
        nb_getval( search_nodes, Nodes),
        nb_getval( search_evals, Evals).
