% Playouts per second (benches/README.md, "Playouts and Monte Carlo tree search"): the native
% playout/3 called from Prolog, the native MCTS, the Prolog MCTS of programs/search/mcts_en.pl
% over the native playouts, and the documented generator written out in Prolog
% (tests/mcts/agree.pl's my_playout/4) over the native game predicates. Load after those two.
%
%   target/release/ply -q -g bench -t halt programs/search/mcts_en.pl tests/mcts/agree.pl \
%       benches/playouts.pl

bench :-
        forall( member( G-N, [tictactoe-20000, connect4-5000, othello-500]),
                bench_game( G, N)).

bench_game( G, N) :-
        initial_position( G, inf, P),
        % The natives run twenty times as many, so that the CPU clock's grain does not count.
        N20 is 20 * N,
        rate( ( between( 1, N20, S), playout( P, S, _), fail ; true ), N20, Native),
        rate( native_mcts( P, N20, 1, _, _), N20, NativeMcts),
        rate( mcts( P, N, 1, _, _), N, PrologMcts),
        N10 is max( 1, N // 10),
        rate( ( between( 1, N10, S), my_playout( P, S, _, _), fail ; true ), N10, PrologPlayout),
        format( "~w: playout/3 ~0f/s, native_mcts ~0f it/s, mcts/5 ~0f it/s, Prolog playout ~0f/s~n",
                [G, Native, NativeMcts, PrologMcts, PrologPlayout]).

% rate( Goal, N, Rate): N divided by the CPU seconds Goal takes, best of three.
rate( Goal, N, Rate) :-
        findall( T, ( between( 1, 3, _), statistics( cputime, T0), once( Goal),
                      statistics( cputime, T1), T is max( T1 - T0, 1.0e-6) ),
                 Ts),
        min_list( Ts, Best),
        Rate is N / Best.
