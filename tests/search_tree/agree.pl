% The recorded tree against the native engines: for positions of every library game, the
% textbook minimax and alpha-beta run under search_tree/4, and the native engine runs on the
% same position. Each search writes a Graphviz file; the Rust test reads it back and counts its
% node statements and edges against the native node count printed here.
%
%   run(+Dir, +Search, +Count): Search is one of минимакс, minimax, альфабета, alphabeta (the
%       matching textbook file is loaded); Count positions of every game. Prints one line per
%       position: `File NativeNodes RecordedNodes ValueAgrees BestAgrees`.

:- consult('../games_prolog/sample').

game(tictactoe, 1, 6, 1-3).
game(tictactoe(4), 2, 8, 1-2).
game(coins(7), 0, 4, 1-6).
game(puzzle8, 0, 12, 1-4).
game(connect4, 0, 12, 2).
game(othello, 0, 12, 2).
game(kalah(6, 4), 0, 12, 2).
game(checkers, 0, 12, 3).
game(chess, 0, 8, 2).

run(Dir, Search, Count) :-
    forall(( game(Game, MinPly, MaxPly, Depth),
             sample_positions(Game, Count, MinPly, MaxPly, Depth, Ps),
             nth1(I, Ps, P) ),
           check(Dir, Search, Game, I, P)).

file(Dir, Search, Game, I, File) :-
    functor(Game, Name, Arity),
    format(atom(File), '~w/~w_~w~w_~w.dot', [Dir, Search, Name, Arity, I]).

check(Dir, Search, Game, I, P) :-
    file(Dir, Search, Game, I, File),
    (   arity(Search, 3)
    ->  Goal =.. [Search, P, Best, Value],
        native_minimax(P, NBest, NValue, NNodes)
    ;   Goal =.. [Search, P, -inf, inf, Best, Value],
        native_alphabeta(P, -inf, inf, NBest, NValue, NNodes)
    ),
    arity(Search, A),
    search_tree(Search/A, Goal, File, [nodes(Nodes)]),
    agree(Value, NValue, V),
    (   var(Best), var(NBest) -> B = yes ; agree(Best, NBest, B) ),
    format("~w ~w ~w ~w ~w~n", [File, NNodes, Nodes, V, B]).

arity(минимакс, 3).
arity(minimax, 3).
arity(альфабета, 5).
arity(alphabeta, 5).

agree(X, Y, yes) :- X == Y, !.
agree(_, _, no).
