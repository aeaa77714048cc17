% The pictures of docs/pictures/, each one a search that a Prolog program of this repository
% makes, recorded by search_tree/4 and drawn by ply. Run from the repository root:
%
%   ply -q -g make_pictures -t halt docs/pictures/make.pl
%
% It writes the files and prints each one's name and the number of calls it shows.

:- consult('../../programs/textbook/bratko_15_3_minimax_corrected').
:- consult('../../programs/textbook/alphabeta_ru').
:- consult('../../programs/games/coins_and_or').
:- consult('../../programs/search/best_first_tree').

make_pictures :-
    minimax_15_2,
    stages,
    alphabeta_cutoffs,
    coins_and_or,
    best_first.

% A position of tic-tac-toe reached by the squares played, searched to Depth.
position(Squares, Depth, P) :-
    initial_position(tictactoe, inf, P0),
    play(Squares, P0, P1),
    с_глубиной(P1, Depth, P).

play([], P, P).
play([S | Ss], P0, P) :-
    ход(P0, P1, S),
    play(Ss, P1, P).

picture(File, PI, Goal, Options) :-
    atom_concat('docs/pictures/', File, Path),
    search_tree(PI, Goal, Path, [nodes(N) | Options]),
    format("~w ~w~n", [Path, N]).

% Bratko's figure 15.2: static values at the tips, backed-up values above, over a small
% tic-tac-toe position with X (MAX) to move, two plies deep.
minimax_15_2 :-
    position([5, 1, 3, 7], 2, P),
    picture('minimax_15_2.svg', минимакс/3, минимакс(P, _, _), []).

% Document 002's three stages (figures 3.6-3.8), each a depth-2 search with the lines
% evaluation: from the empty board; after X in the centre and O above it; and after X's
% chosen move and O's chosen reply.
stages :-
    position([], 2, P1),
    picture('stage1.svg', минимакс/3, минимакс(P1, _, _), []),
    position([5, 2], 2, P2),
    picture('stage2.svg', минимакс/3, минимакс(P2, B2, _), []),
    минимакс(B2, B3, _),
    с_глубиной(B3, 2, P3),
    picture('stage3.svg', минимакс/3, минимакс(P3, _, _), []).

% Figure 15.5's alpha-beta over the position of minimax_15_2: the successors it never
% visits are greyed, each with the bound that cut it off.
alphabeta_cutoffs :-
    position([5, 1, 3, 7], 2, P),
    picture('alphabeta.svg', альфабета/5, альфабета(P, -inf, inf, _, _), []).

% Document 003's coin game as an AND/OR problem: the calls of решить/3 proving V(7+), the
% solution graph drawn thick, the attempts that failed dashed.
coins_and_or :-
    picture('coins_and_or.svg', решить/3, решить(v, поз(7, плюс), _), [position(2)]).

search_tree_label(решить(З, поз(N, Кто), _), Label) :-
    задача(З, Имя),
    (   Кто == плюс -> Sign = '+' ; Sign = '-' ),
    format(atom(Label), '~w(~w~w)', [Имя, N, Sign]).

% Document 001's best-first search of the 8-puzzle, Est = depth + misplaced tiles: each node
% is a vertex taken from Open, its value Est; successors generated but never taken are greyed.
best_first :-
    picture('best_first.svg', выбрать/4, эвристический(_, _),
            [position(1), parent(2), value(3)]).
