% Games written in Prolog: the library side of the protocol (docs/games.md, "Games written in
% Prolog"; the natives that choose this way are in src/game_predicates/protocol.rs).
%
% A game file defines the textbook's own predicates, so they replace the library's natives:
% ходы/2 (moves/2), ход_макса/1, ход_мина/1, конец_игры/2 (game_over/2) and начало_игры/1
% (game_start/1); стат_оц/2, ход/3 and показать/1 may be left out (the defaults below stand
% in), картинка/2 (board_svg/2) draws the board as SVG for search trees.
%
% The native engines and perft/3 run, over such a program, the textbook's own algorithms below:
% figure 15.3 (corrected) and figure 15.5 of Bratko, counting the calls of ходы/2 (Nodes) and
% of стат_оц/2 (Leaves) as the natives count them. They are the textbook's procedures clause
% for clause, so a textbook search over the same predicates agrees with them by construction.

% '$game_file_position'(+File, +Depth, -Pos): load the game written in File (once) and give
% its start position with the horizon Depth.
'$game_file_position'(File, Depth, Pos) :-
    '$game_load'(File),
    начало_игры(Pos0),
    с_глубиной(Pos0, Depth, Pos).

'$game_load'(File) :-
    (   '$gdl_sheet'(File)
    ->  '$gdl_load'(File)
    ;   ensure_loaded(File),
        '$game_link_module'
    ),
    '$game_defaults'.

% A rule sheet in GDL (docs/gdl.md) is a file whose name ends in .kif or .gdl, or a Prolog
% file whose first clause is the marker `:- gdl.`; its text tells KIF from Prolog syntax.
'$gdl_sheet'(File) :-
    (   atom(File)
    ;   string(File)
    ),
    (   sub_atom(File, _, 4, 0, '.kif')
    ->  true
    ;   sub_atom(File, _, 4, 0, '.gdl')
    ->  true
    ;   '$gdl_marked'(File)
    ).

'$gdl_marked'(File) :-
    catch(setup_call_cleanup(open(File, read, S),
                             read_term(S, T, []),
                             close(S)),
          _, fail),
    T == (:- gdl).

% The static value of a game that defines none: the result at the end of the game (+1 when
% MAX has won, -1 when MIN has, 0 for a draw), 0 while it goes on.
'$game_default_value'(Pos, Val) :-
    (   конец_игры(Pos, Result)
    ->  '$game_result_value'(Result, Val)
    ;   Val = 0
    ).

'$game_result_value'(max, 1).
'$game_result_value'(min, -1).
'$game_result_value'(draw, 0).

% The move notation of a game that defines none: the place of the successor in the list
% ходы/2 gives, from 1.
'$game_default_move'(Pos, Succ, N) :-
    ходы(Pos, Succs),
    (   integer(N)
    ->  '$game_nth'(Succs, 1, N, Succ), !
    ;   '$game_nth'(Succs, 1, N, Succ)
    ).

'$game_nth'([S|_], I, I, S).
'$game_nth'([_|T], I, N, S) :-
    I1 is I + 1,
    '$game_nth'(T, I1, N, S).

% The board of a game that defines no picture: the position term.
'$game_default_show'(Pos) :-
    writeq(Pos),
    nl.

% --- The textbook minimax (figure 15.3, corrected), counting -------------------------------

'$game_minimax'(Pos, Best, Val, Nodes) :-
    '$game_minimax'(Pos, Best, Val, Nodes, _).

'$game_minimax'(Pos, Best, Val, Nodes, Leaves) :-
    C = '$game_count'(0, 0),
    '$gm_minimax'(Pos, Best, Val, C),
    arg(1, C, Nodes),
    arg(2, C, Leaves).

'$gm_bump'(I, C) :-
    arg(I, C, N0),
    N is N0 + 1,
    nb_setarg(I, C, N).

'$gm_minimax'(Pos, Best, Val, C) :-
    '$gm_bump'(1, C),
    '$gm_minimax_'(Pos, Best, Val, C).

'$gm_minimax_'(Pos, Best, Val, C) :-
    ходы(Pos, PosList), !,
    '$gm_best'(PosList, Best, Val, C)
    ;
    '$gm_bump'(2, C),
    стат_оц(Pos, Val).

'$gm_best'([Pos], Pos, Val, C) :-
    '$gm_minimax'(Pos, _, Val, C), !.
'$gm_best'([Pos1|PosList], BestPos, BestVal, C) :-
    '$gm_minimax'(Pos1, _, Val1, C),
    '$gm_best'(PosList, Pos2, Val2, C),
    '$gm_betterof'(Pos1, Val1, Pos2, Val2, BestPos, BestVal).

'$gm_betterof'(Pos0, Val0, _, Val1, Pos0, Val0) :-
    ход_мина(Pos0), Val0 > Val1, !
    ;
    ход_макса(Pos0), Val0 < Val1, !.
'$gm_betterof'(_, _, Pos1, Val1, Pos1, Val1).

% --- The textbook alpha-beta (figure 15.5), counting ----------------------------------------

'$game_alphabeta'(Pos, Alpha, Beta, Good, Val, Nodes) :-
    '$game_alphabeta'(Pos, Alpha, Beta, Good, Val, Nodes, _).

'$game_alphabeta'(Pos, Alpha0, Beta0, Good, Val, Nodes, Leaves) :-
    '$ga_bound'(Alpha0, Alpha),
    '$ga_bound'(Beta0, Beta),
    C = '$game_count'(0, 0),
    '$ga_alphabeta'(Pos, Alpha, Beta, Good, Val, C),
    arg(1, C, Nodes),
    arg(2, C, Leaves).

% A bound as arithmetic compares it: the atom '-inf', which the natives take, is -(inf).
'$ga_bound'(B0, B) :-
    (   B0 == '-inf' -> B = -inf ; B = B0 ).

'$ga_alphabeta'(Pos, Alpha, Beta, Good, Val, C) :-
    '$gm_bump'(1, C),
    '$ga_alphabeta_'(Pos, Alpha, Beta, Good, Val, C).

'$ga_alphabeta_'(Pos, Alpha, Beta, Good, Val, C) :-
    ходы(Pos, PosList), !,
    '$ga_boundedbest'(PosList, Alpha, Beta, Good, Val, C)
    ;
    '$gm_bump'(2, C),
    стат_оц(Pos, Val).

'$ga_boundedbest'([Pos|PosList], Alpha, Beta, Good, GoodVal, C) :-
    '$ga_alphabeta'(Pos, Alpha, Beta, _, Val, C),
    '$ga_goodenough'(PosList, Alpha, Beta, Pos, Val, Good, GoodVal, C).

'$ga_goodenough'([], _, _, Pos, Val, Pos, Val, _) :- !.
'$ga_goodenough'(_, Alpha, Beta, Pos, Val, Pos, Val, _) :-
    ход_мина(Pos), Val > Beta, !
    ;
    ход_макса(Pos), Val < Alpha, !.
'$ga_goodenough'(PosList, Alpha, Beta, Pos, Val, Good, GoodVal, C) :-
    '$ga_newbounds'(Alpha, Beta, Pos, Val, NewAlpha, NewBeta),
    '$ga_boundedbest'(PosList, NewAlpha, NewBeta, Pos1, Val1, C),
    '$gm_betterof'(Pos, Val, Pos1, Val1, Good, GoodVal).

'$ga_newbounds'(Alpha, Beta, Pos, Val, Val, Beta) :-
    ход_мина(Pos), Val > Alpha, !.
'$ga_newbounds'(Alpha, Beta, Pos, Val, Alpha, Val) :-
    ход_макса(Pos), Val < Beta, !.
'$ga_newbounds'(Alpha, Beta, _, _, Alpha, Beta).

% --- perft: leaf positions Depth plies below, whatever the horizon -------------------------

% Depth has been checked by perft/3.
'$game_perft'(Pos, Depth, Count) :-
    с_глубиной(Pos, inf, Pos1),
    '$gp_perft'(Pos1, Depth, Count).

'$gp_perft'(_, 0, 1) :- !.
'$gp_perft'(Pos, Depth, Count) :-
    (   ходы(Pos, Succs)
    ->  Depth1 is Depth - 1,
        '$gp_sum'(Succs, Depth1, 0, Count)
    ;   Count = 0
    ).

'$gp_sum'([], _, Count, Count).
'$gp_sum'([S|Ss], Depth, Count0, Count) :-
    '$gp_perft'(S, Depth, N),
    Count1 is Count0 + N,
    '$gp_sum'(Ss, Depth, Count1, Count).

% --- What a search tree shows of a position (src/tree/prolog_game.rs) ----------------------

% '$game_tree_node'(+Pos, -Side, -Pairs, -Svg): Side max, min or none; Pairs the moves as
% Successor-Notation; Svg the board's picture as an atom, [] when the game draws none. A
% question the game cannot answer about a term gives nothing rather than an error.
'$game_tree_node'(Pos, Side, Pairs, Svg) :-
    (   catch(ход_макса(Pos), _, fail) -> Side = max
    ;   catch(ход_мина(Pos), _, fail) -> Side = min
    ;   Side = none
    ),
    catch(findall(S-N, ход(Pos, S, N), Pairs), _, Pairs = []),
    (   catch(картинка(Pos, Svg0), _, fail), ( atom(Svg0) ; string(Svg0) )
    ->  atom_string(Svg, Svg0)
    ;   Svg = []
    ).

% --- What a game played through Rust asks (src/game_predicates/prolog_game.rs) --------------

'$game_successors'(Pos, Succs) :-
    (   ходы(Pos, Succs0) -> Succs = Succs0 ; Succs = [] ).

% The moves as Successor-Text, the notation written as write/1 writes it.
'$game_move_pairs'(Pos, Pairs) :-
    findall(S-T, ( ход(Pos, S, N), format(atom(T), '~w', [N]) ), Pairs).

'$game_show_text'(Pos, Text) :-
    with_output_to(string(Text), показать(Pos)).
