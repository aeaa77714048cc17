% Playouts per second (docs/search.md): for every two-player library game, from its start
% position, the native random playouts a second (playout/4 called from Prolog, so each call's
% cost is in: for the fastest games it is most of the time), the native MCTS iterations a
% second (native_mcts/5) and the Prolog MCTS iterations a second (programs/search/mcts_en.pl,
% the same search visit for visit, 1,000 iterations each), as a Markdown table, and a bar plot
% of the three rates per game (log scale) in Dir/playouts.svg. Each rate is the best of three
% runs of wall-clock time, so a busy machine shows less.
%
%   ply -q -g "playouts('docs/search')" -t halt programs/search/mcts_en.pl benches/search/playouts.pl

games( [tictactoe, coins, connect4, 'kalah(6,4)', checkers, othello, chess]).

playouts( Dir)  :-
        games( Gs),
        format( "| game | native playouts/s | plies a playout | native MCTS iterations/s | Prolog MCTS iterations/s | native / Prolog |~n", []),
        format( "|---|---:|---:|---:|---:|---:|~n", []),
        findall( G-rates( P, M, Q), ( member( GA, Gs), term_to_atom( G, GA), row( G, P, M, Q) ), Rows),
        plot( Dir, Rows).

row( G, P, M, Q)  :-
        initial_position( G, inf, Pos),
        playouts( Pos, 5000, Plies),
        L is Plies / 5000,
        rate( playouts( Pos, 5000, _), 5000, P),
        rate( native_mcts( Pos, 1000, 1, _, _), 1000, M),
        rate( mcts( Pos, 1000, 1, _, _), 1000, Q),
        R is M / Q,
        format( "| ~w | ~D | ~1f | ~D | ~D | ~1f |~n", [G, P, L, M, Q, R]).

% playouts( Pos, N, Plies): N playouts from Pos with seeds 1..N, Plies plies in all.
playouts( Pos, N, Plies)  :-
        nb_setval( plies, 0),
        forall( between( 1, N, Seed),
                ( playout( Pos, Seed, _, Len),
                  nb_getval( plies, P0), P1 is P0 + Len, nb_setval( plies, P1) )),
        nb_getval( plies, Plies).

% rate( Goal, N, Rate): N divided by the best of three wall-clock times of Goal, rounded.
rate( Goal, N, Rate)  :-
        findall( T, ( between( 1, 3, _),
                      get_time( T0), once( Goal), get_time( T1),
                      T is max( 1.0e-6, T1 - T0) ), Ts),
        min_list( Ts, Best),
        Rate is round( N / Best).

% plot( Dir, Rows): Dir/playouts.svg, three bars a game on a log scale from 10 to 10^7 a second.
plot( Dir, Rows)  :-
        format( atom( File), "~w/playouts.svg", [Dir]),
        setup_call_cleanup( open( File, write, S), svg( S, Rows), close( S)).

svg( S, Rows)  :-
        length( Rows, NG),
        W is 80 + 70 * NG,
        format( S, "<svg xmlns='http://www.w3.org/2000/svg' width='~w' height='300' font-family='sans-serif' font-size='12'>~n", [W]),
        format( S, "<text x='10' y='16'>per second, log scale: native playouts, native MCTS iterations, Prolog MCTS iterations</text>~n", []),
        forall( between( 1, 7, E),
                ( Y is 250 - (E - 1) * 35,
                  format( S, "<line x1='60' x2='~w' y1='~w' y2='~w' stroke='#ddd'/><text x='8' y='~w'>1e~w</text>~n", [W, Y, Y, Y, E]) )),
        forall( nth0( I, Rows, G-rates( P, M, Q)),
                ( X0 is 70 + 70 * I,
                  bar( S, X0, P, '#1f77b4'),
                  X1 is X0 + 18, bar( S, X1, M, '#ff7f0e'),
                  X2 is X0 + 36, bar( S, X2, Q, '#2ca02c'),
                  format( S, "<text x='~w' y='268' font-size='10'>~w</text>~n", [X0, G]) )),
        format( S, "</svg>~n", []).

% A bar from 10 a second (the baseline, y = 250) up to Rate.
bar( S, X, Rate, C)  :-
        H is max( 0, 35 * (log( max( 10, Rate)) / log( 10) - 1)),
        Y is 250 - H,
        format( S, "<rect x='~w' y='~1f' width='16' height='~1f' fill='~w'/>~n", [X, Y, H, C]).
