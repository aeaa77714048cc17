% The textbook searches over games written in Prolog against the native engines, position by
% position (tests/it/game_protocol.rs runs it with the textbook's figures loaded).
%
% run(Dir): for each example game and horizon, positions along a line of play; at each one
% the textbook minimax and native_minimax give the same successor and value, native_minimax
% counts every position of the tree (counted here independently, by walking ходы/2) and every
% leaf; the textbook alpha-beta and native_alphabeta give the same successor and value, and
% native_alphabeta counts the calls of альфабета/5 that search_tree/4 records (a .dot file in
% Dir). One line per game: the game, the positions checked, ok.

game('programs/games/nim.pl', inf).
game('programs/games/connect3.pl', 3).

run(Dir) :-
    forall(game(File, Depth), check_game(Dir, File, Depth)).

check_game(Dir, File, Depth) :-
    initial_position(game(File), Depth, Start),
    line(Start, 8, Positions),
    length(Positions, N),
    (   forall(member(P, Positions), agree(Dir, P))
    ->  R = ok
    ;   R = disagree
    ),
    format("~w ~w ~w~n", [File, N, R]).

% line(P, K, Ps): P and the positions after it along a line that takes the last successor,
% then the first, and so on, at most K plies, each with the horizon of P.
line(P, 0, [P]) :- !.
line(P, K, [P|Ps]) :-
    глубина(P, D),
    с_глубиной(P, inf, P1),
    (   ходы(P1, Succs)
    ->  ( K mod 2 =:= 0 -> last(Succs, S) ; Succs = [S|_] ),
        с_глубиной(S, D, S1),
        K1 is K - 1,
        line(S1, K1, Ps)
    ;   Ps = []
    ).

agree(Dir, P) :-
    минимакс(P, B1, V1),
    native_minimax(P, B2, V2, N2, L2),
    same(B1-V1, B2-V2, minimax, P),
    tree_size(P, N, L),
    same(N-L, N2-L2, minimax_counts, P),
    atom_concat(Dir, '/alphabeta.dot', Dot),
    search_tree(альфабета/5, альфабета(P, -1000, 1000, B3, V3), Dot, [nodes(N3)]),
    native_alphabeta(P, -1000, 1000, B4, V4, N4),
    same(B3-V3-N3, B4-V4-N4, alphabeta, P).

same(X, Y, _, _) :- X =@= Y, !.
same(X, Y, What, P) :-
    format("~w differs at ~q: textbook ~q, native ~q~n", [What, P, X, Y]),
    fail.

% tree_size(P, N, L): the positions of the tree below P (P included) and its leaves, counted
% by walking ходы/2.
tree_size(P, N, L) :-
    (   ходы(P, Succs)
    ->  sizes(Succs, 1, N, 0, L)
    ;   N = 1, L = 1
    ).

sizes([], N, N, L, L).
sizes([S|Ss], N0, N, L0, L) :-
    tree_size(S, N1, L1),
    N2 is N0 + N1,
    L2 is L0 + L1,
    sizes(Ss, N2, N, L2, L).
