% Golden agreement: a search written in Prolog over the native game predicates and the native
% engine give the same successor, the same value and the same counts, position by position.
%
%   run_minimax(+Minimax, +Count): Minimax is the name of a textbook minimax/3 (минимакс or
%       minimax), checked against native_minimax/5 on Count positions of every game.
%   run_alphabeta(+Alphabeta, +Count): the same for a textbook alphabeta/5 (альфабета or
%       alphabeta) against native_alphabeta/7, each position searched with three windows.
%
% Counted: Nodes = calls of ходы/2 (one per position the search visits, since the textbook
% procedure calls ходы/2 once per call of itself), Leaves = calls of стат_оц/2. At a leaf root
% both searches leave the best successor unbound. Each game prints one line
% `minimax GAME N ok` (or `alphabeta ...`), or a `FAIL` line per disagreeing position.

:- consult(sample).

% game(Game, MinPly, MaxPly, Depth): where the test positions come from (walks of MinPly..MaxPly
% plies from the start) and how deep they are searched (see sample_positions/6).
game(tictactoe, 1, 6, inf).
game(tictactoe(3, winloss), 1, 6, inf).
game(tictactoe(4), 0, 8, 1-2).
game(coins(7), 0, 4, 1-9).
game(coins(13, 3), 0, 6, inf).
game(puzzle8, 0, 12, 1-5).
game(connect4, 0, 12, 3).
game(othello, 0, 12, 3).
game(kalah(6, 4), 0, 12, 3).
game(checkers, 0, 12, 4).
game(chess, 0, 8, 2).
game(chess('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'), 0, 2, 1).

run_minimax(Minimax, Count) :-
    forall(game(Game, MinPly, MaxPly, Depth),
           ( sample_positions(Game, Count, MinPly, MaxPly, Depth, Ps),
             check_all(Ps, minimax_agrees(Minimax), Game, 0, Bad),
             report(minimax, Game, Count, Bad) )).

run_alphabeta(Alphabeta, Count) :-
    forall(game(Game, MinPly, MaxPly, Depth),
           ( sample_positions(Game, Count, MinPly, MaxPly, Depth, Ps),
             check_all(Ps, alphabeta_agrees(Alphabeta), Game, 0, Bad),
             report(alphabeta, Game, Count, Bad) )).

check_all([], _, _, Bad, Bad).
check_all([P | Ps], Check, Game, Bad0, Bad) :-
    (   call(Check, P)
    ->  Bad1 = Bad0
    ;   Bad1 is Bad0 + 1
    ),
    check_all(Ps, Check, Game, Bad1, Bad).

report(What, Game, Count, 0) :- !,
    format("~w ~q ~w ok~n", [What, Game, Count]).
report(What, Game, Count, Bad) :-
    format("~w ~q ~w FAIL ~w~n", [What, Game, Count, Bad]).

minimax_agrees(Minimax, P) :-
    reset_game_counters,
    call(Minimax, P, Best, Value),
    game_counters(Nodes, Leaves),
    native_minimax(P, NBest, NValue, NNodes, NLeaves),
    agree(P, [Best, Value, Nodes, Leaves], [NBest, NValue, NNodes, NLeaves]).

alphabeta_agrees(Alphabeta, P) :-
    forall(window(P, Alpha, Beta),
           ( reset_game_counters,
             call(Alphabeta, P, Alpha, Beta, Best, Value),
             game_counters(Nodes, Leaves),
             native_alphabeta(P, Alpha, Beta, NBest, NValue, NNodes, NLeaves),
             agree(P-Alpha-Beta, [Best, Value, Nodes, Leaves], [NBest, NValue, NNodes, NLeaves]) )).

% A wide window, a null window at 0, and a narrow one just above 0.
window(_, -1000000000, 1000000000).
window(_, 0, 0).
window(_, 1, 3).

agree(What, Prolog, Native) :-
    Prolog = [Best | Counts],
    Native = [NBest | NCounts],
    (   ( var(Best), var(NBest) ; Best == NBest ),
        Counts == NCounts
    ->  true
    ;   format("FAIL ~q: Prolog ~q, native ~q~n", [What, Prolog, Native]),
        fail
    ).
