% Procedure MINIMAX (过程MINIMAX) of source document 002 on tic-tac-toe
% (一字棋), depth 2, replayed over its three stages (figures 3.6-3.8).
%
% What it shows: the minimax search procedure (极小极大搜索过程) of source
% document 002 (the Chinese lecture notes "3. 极小极大搜索过程" (minimax search), section 3,
% "过程MINIMAX" and the tic-tac-toe example, figures 3.6-3.8), written as
% the document describes it, in two phases:
%   phase 1 (steps 2-4): generate the game tree (博弈树) breadth-first
%     (宽度优先) down to depth k with the lists OPEN and CLOSED; a position
%     that is already won, lost or drawn (赢、输或平局) gets f = +inf, -inf
%     or 0 at once; a tip node (端节点) at depth k gets the static value f(p);
%   phase 2 (steps 5-8): walk CLOSED from its end and give every MAX node
%     (极大节点) the maximum and every MIN node (极小节点) the minimum of its
%     successors' values, up to the root (backed-up value, 倒推值).
% Static evaluation (静态估计函数): f(p) = (rows, columns and diagonals
% still open for MAX) - (those still open for MIN); +inf / -inf for a won
% position.  Like the document's figures, successors of a node that are
% images of an earlier sibling under a symmetry of the board (棋盘对称性)
% are left out.  Among equally good moves the first one in square order is
% taken.
%
% Stages: 1 (figure 3.6) from the empty board; 2 (figure 3.7) after MIN has
% replied on the square above the X (在×之上的格子, square 2), as the
% document says; 3 (figure 3.8) after MIN's next reply.  The text of the
% document does not keep the figures, so the second MIN reply is the one
% MIN's own depth-2 MINIMAX search chooses (MIN blocks MAX's open line);
% the program prints it.  The document ends: after MAX's best third move
% MIN cannot avoid losing whatever it does.  At depth 2 the moves on squares
% 3, 6, 7 and 8 tie at value 0 and the first one, 3, is chosen; the program
% therefore also checks, for every move, whether each MIN reply leaves MAX
% a line to complete, and prints that among the moves of value 0 only
% square 7 (two open lines, 1-4-7 and 3-5-7) wins by force: the move of
% the document's last sentence.
%
% Squares are numbered 1..9 row by row; MAX plays x and moves first, MIN
% plays o.  Run with ply (from the repository root):
%   ply -q -g run_stages -t halt programs/games/tictactoe_minimax_stages.pl

search_depth(2).

% --- The game ---------------------------------------------------------------

line(1, 2, 3). line(4, 5, 6). line(7, 8, 9).
line(1, 4, 7). line(2, 5, 8). line(3, 6, 9).
line(1, 5, 9). line(3, 5, 7).

square(N, Board, Mark) :-
    nth_square(N, Board, Mark).

nth_square(1, [M|_], M) :- !.
nth_square(N, [_|Rest], M) :-
    N1 is N - 1,
    nth_square(N1, Rest, M).

opponent(x, o).
opponent(o, x).

wins(Board, Mark) :-
    line(A, B, C),
    square(A, Board, Mark),
    square(B, Board, Mark),
    square(C, Board, Mark), !.

full(Board) :-
    \+ member_eq(e, Board).

member_eq(X, [Y|_]) :- X == Y, !.
member_eq(X, [_|T]) :- member_eq(X, T).

% place(Board, N, Mark, Board1): Mark put on the empty square N
place([e|Rest], 1, Mark, [Mark|Rest]) :- !.
place([S|Rest], N, Mark, [S|Rest1]) :-
    N > 1,
    N1 is N - 1,
    place(Rest, N1, Mark, Rest1).

% Infinity (∞) is represented by 1000; no open-line count comes near it.
infinity(1000).

% f(Board, F): the static evaluation function f(p) of the document
f(Board, F) :-
    wins(Board, x), !,
    infinity(F).
f(Board, F) :-
    wins(Board, o), !,
    infinity(I),
    F is -I.
f(Board, F) :-
    open_lines(Board, x, NMax),
    open_lines(Board, o, NMin),
    F is NMax - NMin.

% open_lines(Board, Mark, N): N lines hold no mark of Mark's opponent
open_lines(Board, Mark, N) :-
    opponent(Mark, Other),
    findall(l, (line(A, B, C),
                \+ square(A, Board, Other),
                \+ square(B, Board, Other),
                \+ square(C, Board, Other)),
            Lines),
    length(Lines, N).

% decided(Board, F): the game is over (赢、输或平局), with its value
decided(Board, F) :-
    wins(Board, x), !,
    infinity(F).
decided(Board, F) :-
    wins(Board, o), !,
    infinity(I),
    F is -I.
decided(Board, 0) :-
    full(Board).

% --- Symmetry of the board --------------------------------------------------

% symmetry(Perm): Board1 = [S(P1), ..., S(P9)] is an image of Board
symmetry([1,2,3,4,5,6,7,8,9]).
symmetry([3,6,9,2,5,8,1,4,7]).
symmetry([9,8,7,6,5,4,3,2,1]).
symmetry([7,4,1,8,5,2,9,6,3]).
symmetry([3,2,1,6,5,4,9,8,7]).
symmetry([7,8,9,4,5,6,1,2,3]).
symmetry([1,4,7,2,5,8,3,6,9]).
symmetry([9,6,3,8,5,2,7,4,1]).

image(Board, Perm, Image) :-
    image_squares(Perm, Board, Image).

image_squares([], _, []).
image_squares([P|Ps], Board, [S|Ss]) :-
    square(P, Board, S),
    image_squares(Ps, Board, Ss).

symmetric(Board1, Board2) :-
    symmetry(Perm),
    image(Board1, Perm, Board2), !.

% successors(Board, Player, Moves): Moves is a list Square-Board1 in square
% order, without boards symmetric to an earlier one (EXPAND of step 4)
successors(Board, Player, Moves) :-
    findall(N-B1, (between(1, 9, N), place(Board, N, Player, B1)), All),
    drop_symmetric(All, [], Moves).

drop_symmetric([], _, []).
drop_symmetric([N-B|Rest], Seen, Moves) :-
    (   member_symmetric(B, Seen)
    ->  Moves = Moves1
    ;   Moves = [N-B|Moves1]
    ),
    drop_symmetric(Rest, [B|Seen], Moves1).

member_symmetric(B, [S|_]) :- symmetric(B, S), !.
member_symmetric(B, [_|Ss]) :- member_symmetric(B, Ss).

% --- Procedure MINIMAX --------------------------------------------------------

% minimax(Board, Player, K, Result):
% Result = result(Square, Value, Nodes, Tips, RootMoves), where Square is the
% chosen move, Value the backed-up value f(s) of the root, Nodes and Tips the
% size of the search tree (nodes, tip nodes at depth K) and RootMoves the list
% Square-Value of the root's successors.
minimax(Board, Player, K, result(Square, Value, Nodes, Tips, RootMoves)) :-
    Root = node(0, none, none, Board, Player, 0),
    phase1([Root], 1, K, [], Closed),          % Closed in reverse BFS order
    phase2(Closed, Closed, [], Values),
    length(Closed, Nodes),
    count_tips(Closed, K, 0, Tips),
    member(0-Value, Values), !,
    root_moves(Closed, Values, RootMoves),
    first_with_value(RootMoves, Value, Square).

% phase1(Open, NextId, K, Closed0, Closed): steps 2-4.  A node is
% node(Id, ParentId, Square, Board, Player, Depth); Closed holds
% closed(Node, Status) with Status = value(F) for a decided or tip node and
% open for a node whose value will be backed up.
phase1([], _, _, Closed, Closed).
phase1([Node|Open], Id0, K, Closed0, Closed) :-
    Node = node(Id, _, _, Board, Player, D),
    (   decided(Board, F)
    ->  phase1(Open, Id0, K, [closed(Node, value(F))|Closed0], Closed)
    ;   D =:= K
    ->  f(Board, F),
        phase1(Open, Id0, K, [closed(Node, value(F))|Closed0], Closed)
    ;   opponent(Player, Next),
        successors(Board, Player, Moves),
        D1 is D + 1,
        number_children(Moves, Id, Next, D1, Id0, Id1, Children),
        append(Open, Children, Open1),
        phase1(Open1, Id1, K, [closed(Node, open)|Closed0], Closed)
    ).

number_children([], _, _, _, Id, Id, []).
number_children([N-B|Moves], Parent, Player, D, Id0, Id, [node(Id0, Parent, N, B, Player, D)|Nodes]) :-
    Id1 is Id0 + 1,
    number_children(Moves, Parent, Player, D, Id1, Id, Nodes).

% phase2(Closed, Tree, Values0, Values): steps 5-8.  Closed is walked from
% the deepest node up, so the successors of a node always have their values
% when the node is reached; every node gets its value Id-V.  Tree is the
% whole of CLOSED, where the successors of a node are found by ParentId.
phase2([], _, Values, Values).
phase2([closed(node(Id, _, _, _, _, _), value(F))|Closed], Tree, Values0, Values) :- !,
    phase2(Closed, Tree, [Id-F|Values0], Values).
phase2([closed(node(Id, _, _, _, Player, _), open)|Closed], Tree, Values0, Values) :-
    findall(V, (member(closed(node(Child, Id, _, _, _, _), _), Tree),
                member(Child-V, Values0)),
            Vs),
    (   Player == x -> max_of(Vs, V) ; min_of(Vs, V) ),
    phase2(Closed, Tree, [Id-V|Values0], Values).

max_of([V|Vs], M) :- max_of(Vs, V, M).
max_of([], M, M).
max_of([V|Vs], M0, M) :- ( V > M0 -> max_of(Vs, V, M) ; max_of(Vs, M0, M) ).

min_of([V|Vs], M) :- min_of(Vs, V, M).
min_of([], M, M).
min_of([V|Vs], M0, M) :- ( V < M0 -> min_of(Vs, V, M) ; min_of(Vs, M0, M) ).

count_tips([], _, T, T).
count_tips([closed(node(_, _, _, _, _, D), _)|Closed], K, T0, T) :-
    (   D =:= K -> T1 is T0 + 1 ; T1 = T0 ),
    count_tips(Closed, K, T1, T).

% root_moves(Closed, Values, Moves): Square-Value of the root's successors,
% in square order
root_moves(Closed, Values, Moves) :-
    findall(Id-(N-V), (member(closed(node(Id, 0, N, _, _, _), _), Closed),
                       member(Id-V, Values)), Pairs),
    keysort(Pairs, Sorted),
    pairs_second(Sorted, Moves).

pairs_second([], []).
pairs_second([_-X|Ps], [X|Xs]) :- pairs_second(Ps, Xs).

first_with_value([N-V|_], V, N) :- !.
first_with_value([_|Moves], V, N) :- first_with_value(Moves, V, N).

% --- The three stages ---------------------------------------------------------

show_board(Board) :-
    show_row(Board, 1), show_row(Board, 4), show_row(Board, 7).

show_row(Board, N) :-
    N2 is N + 1, N3 is N + 2,
    square(N, Board, A), square(N2, Board, B), square(N3, Board, C),
    write('    '), show_mark(A), write(' '), show_mark(B), write(' '), show_mark(C), nl.

show_mark(e) :- !, write('.').
show_mark(M) :- write(M).

show_value(V) :- infinity(I), V =:= I, !, write('+inf').
show_value(V) :- infinity(I), V =:= -I, !, write('-inf').
show_value(V) :- write(V).

show_moves([]).
show_moves([N-V|Moves]) :-
    write('  square '), write(N), write(': '), show_value(V), nl,
    show_moves(Moves).

player_name(x, 'MAX (x)').
player_name(o, 'MIN (o)').

% search(Title, Board, Player, Square): one call of MINIMAX, printed
search(Title, Board, Player, Square) :-
    write(Title), nl,
    show_board(Board),
    search_depth(K),
    minimax(Board, Player, K, result(Square, Value, Nodes, Tips, Moves)),
    player_name(Player, Name),
    write('  '), write(Name), write(' to move, depth '), write(K),
    write(': search tree of '), write(Nodes), write(' nodes, '),
    write(Tips), write(' tip nodes'), nl,
    write('  backed-up values of the moves (symmetric moves left out):'), nl,
    show_moves(Moves),
    write('  choice: square '), write(Square), write(', value '),
    show_value(Value), nl.

run_stages :-
    Empty = [e,e,e,e,e,e,e,e,e],
    search('Stage 1 (figure 3.6): empty board', Empty, x, M1),
    place(Empty, M1, x, B1),
    place(B1, 2, o, B2),
    nl,
    search('Stage 2 (figure 3.7): MIN has replied on the square above the x (square 2)', B2, x, M2),
    place(B2, M2, x, B3),
    nl,
    search('MIN''s reply, by its own depth-2 MINIMAX', B3, o, R2),
    place(B3, R2, o, B4),
    nl,
    search('Stage 3 (figure 3.8)', B4, x, M3),
    search_depth(K),
    minimax(B4, x, K, result(_, Best, _, _, Moves)),
    findall(N, member(N-Best, Moves), BestMoves),
    findall(N-V, (member(N-V, Moves), place(B4, N, x, B5), min_lost(B5)), Won),
    write('  moves with the best value '), show_value(Best), write(':'),
    show_squares(BestMoves), nl,
    write('  moves after which every MIN reply leaves MAX a winning move:'),
    show_won(Won), nl,
    (   member(M3-_, Won)
    ->  write('  the choice, square '), write(M3), write(', wins by force'), nl
    ;   write('  the choice, square '), write(M3),
        write(', does not win by force; among the moves of the same value these do:'),
        forall((member(N-V, Won), V =:= Best), (write(' '), write(N))), nl
    ).

show_squares([]).
show_squares([N|Ns]) :- write(' '), write(N), show_squares(Ns).

show_won([]).
show_won([N-V|Won]) :-
    write(' '), write(N), write(' (value '), show_value(V), write(')'),
    show_won(Won).

% min_lost(Board): MIN to move cannot avoid that MAX completes a line on its
% next move (MAX has two open threats, 两条线)
min_lost(Board) :-
    forall((between(1, 9, N), place(Board, N, o, B1)), max_wins_next(B1)).

% max_wins_next(Board): MIN has not won and MAX can complete a line
max_wins_next(Board) :-
    \+ wins(Board, o),
    between(1, 9, N),
    place(Board, N, x, Board1),
    wins(Board1, x), !.
