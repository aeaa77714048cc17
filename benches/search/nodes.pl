% The node table of docs/search.md (benches/search_report.sh): positions visited by each search
% against minimax, per game and depth, from each game's start position, with Knuth and Moore's
% minimal tree as the floor. Every count is of positions whose successors were generated
% (docs/search.md, "What is counted"). It also draws one SVG plot per game: each algorithm's
% count as a share of minimax's, on a logarithmic scale, against the depth.
%
%   ply -q -g "nodes('docs/search')" -t halt benches/search/nodes.pl

% game( Name, Depths): the games and the depths of the table.
game( tictactoe, [2, 4, 6, 8]).
game( connect4, [2, 4, 6]).
game( 'kalah(6,4)', [2, 4, 6]).
game( checkers, [2, 4, 6]).
game( othello, [2, 4, 5]).
game( chess, [2, 3, 4]).

% algorithm( Name, Goal): how each column is counted; Pos is the position, N the count.
algorithm( minimax, [Pos, N]>>native_minimax( Pos, _, _, N)).
algorithm( alphabeta, [Pos, N]>>native_alphabeta( Pos, -inf, inf, _, _, N)).
algorithm( negamax, [Pos, N]>>native_negamax( Pos, _, _, N)).
algorithm( ordered, [Pos, N]>>native_ordered_alphabeta( Pos, _, _, N)).
algorithm( pvs, [Pos, N]>>native_pvs( Pos, _, _, N)).
algorithm( id, [Pos, N]>>native_id( Pos, _, _, N)).
algorithm( minimal, [Pos, N]>>native_minimal_tree( Pos, N)).

nodes( Dir)  :-
        findall( A, algorithm( A, _), Algorithms),
        format( "| game | depth |", []),
        forall( member( A, Algorithms), format( " ~w |", [A])),
        nl,
        format( "|---|---:|", []),
        forall( member( _, Algorithms), format( "---:|", [])),
        nl,
        forall( game( G, Depths), game_rows( Dir, G, Depths, Algorithms)).

game_rows( Dir, G, Depths, Algorithms)  :-
        term_to_atom( Game, G),
        findall( D-Counts,
                 ( member( D, Depths),
                   initial_position( Game, D, Pos),
                   findall( A-N, ( member( A, Algorithms), algorithm( A, Goal),
                                   call( Goal, Pos, N) ), Counts) ),
                 Rows),
        forall( member( D-Counts, Rows),
                ( memberchk( minimax-M, Counts),
                  format( "| ~w | ~w |", [G, D]),
                  forall( member( A-N, Counts), cell( A, N, M)),
                  nl )),
        plot( Dir, G, Rows).

cell( minimax, N, _)  :-  !,
        format( " ~D |", [N]).
cell( _, N, M)  :-
        P is 100 * N / M,
        format( " ~D (~1f%) |", [N, P]).

% plot( Dir, Game, Rows): Dir/nodes_Game.svg, one line per algorithm but minimax.
plot( Dir, G, Rows)  :-
        atom_chars( G, Cs),
        exclude( [C]>>memberchk( C, ['(', ')', ',']), Cs, Cs1),
        atom_chars( Name, Cs1),
        format( atom( File), "~w/nodes_~w.svg", [Dir, Name]),
        setup_call_cleanup( open( File, write, S),
                            svg( S, G, Rows),
                            close( S)).

svg( S, G, Rows)  :-
        Rows = [_-Counts0 | _],
        findall( A, ( member( A-_, Counts0), A \== minimax), As),
        length( Rows, NR),
        format( S, "<svg xmlns='http://www.w3.org/2000/svg' width='520' height='300' font-family='sans-serif' font-size='12'>~n", []),
        format( S, "<text x='10' y='16'>~w: positions visited / minimax's (log scale) by depth</text>~n", [G]),
        format( S, "<rect x='60' y='30' width='320' height='220' fill='none' stroke='#888'/>~n", []),
        forall( member( E, [0, -1, -2, -3, -4]),
                ( Y is 30 - E * 55,
                  P is 10.0 ** E * 100,
                  format( S, "<line x1='60' x2='380' y1='~w' y2='~w' stroke='#ddd'/><text x='8' y='~w'>~4g%</text>~n", [Y, Y, Y, P]) )),
        forall( nth0( I, Rows, D-_),
                ( X is 60 + 320 * I / max( 1, NR - 1),
                  format( S, "<text x='~1f' y='268'>~w</text>~n", [X, D]) )),
        forall( nth0( K, As, A), line( S, K, A, Rows, NR)),
        format( S, "</svg>~n", []).

colour( 0, '#1f77b4'). colour( 1, '#ff7f0e'). colour( 2, '#2ca02c').
colour( 3, '#d62728'). colour( 4, '#9467bd'). colour( 5, '#8c564b').

line( S, K, A, Rows, NR)  :-
        colour( K, C),
        findall( X-Y, ( nth0( I, Rows, _-Counts),
                        memberchk( minimax-M, Counts), memberchk( A-N, Counts),
                        X is 60 + 320 * I / max( 1, NR - 1),
                        Y is 30 - 55 * log( N / M) / log( 10) ), Pts),
        format( S, "<polyline fill='none' stroke='~w' stroke-width='2' points='", [C]),
        forall( member( X-Y, Pts), format( S, "~1f,~1f ", [X, Y])),
        format( S, "'/>~n", []),
        LY is 40 + 18 * K,
        format( S, "<text x='395' y='~w' fill='~w'>~w</text>~n", [LY, C, A]).
