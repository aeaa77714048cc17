% Connect Three on a 4x4 board: a game written in Prolog by ply's game protocol (docs/games.md,
% "Games written in Prolog"), in English names. X (MAX) and O (MIN) drop stones into four
% columns of height four; three in a row, across, up or diagonally, wins; a full board is a draw.
%
% Position: c3(Depth, ToMove, Columns): Depth the horizon (first argument, an integer or inf),
% ToMove x or o, Columns four lists of stones from the bottom up. Successors: columns 1..4 that
% are not full. The move notation is the column number.
%
%   ?- initial_position(game('programs/games/connect3.pl'), 4, P), minimax(P, Best, Val).
%   ?- perft(P, 5, N).

game_start(c3(inf, x, [[], [], [], []])).

moves(c3(Depth, Side, Cols), Succs) :-
    Depth \== 0,
    \+ game_over(c3(Depth, Side, Cols), _),
    next_depth(Depth, Depth1),
    other(Side, Other),
    findall(c3(Depth1, Other, Cols1), drop(Cols, Side, Cols1), Succs),
    Succs \== [].

drop([Col|Cols], Side, [Col1|Cols]) :-
    length(Col, H),
    H < 4,
    append(Col, [Side], Col1).
drop([Col|Cols], Side, [Col|Cols1]) :-
    drop(Cols, Side, Cols1).

next_depth(inf, inf) :- !.
next_depth(D, D1) :-
    D1 is D - 1.

other(x, o).
other(o, x).

max_to_move(c3(_, x, _)).
min_to_move(c3(_, o, _)).

% game_over(Pos, Result): a line of three for the side that has just moved, or a full board.
game_over(c3(_, Side, Cols), Result) :-
    other(Side, Last),
    (   line(Cols, Last)
    ->  winner(Last, Result)
    ;   full(Cols),
        Result = draw
    ).

winner(x, max).
winner(o, min).

full(Cols) :-
    forall(member(Col, Cols), length(Col, 4)).

% cell(Cols, C, R, S): the stone in column C, row R (from 1) is S.
cell(Cols, C, R, S) :-
    nth1(C, Cols, Col),
    nth1(R, Col, S).

line(Cols, S) :-
    between(1, 4, C),
    between(1, 4, R),
    member(DC-DR, [1-0, 0-1, 1-1, 1-(-1)]),
    cell(Cols, C, R, S),
    C1 is C + DC, R1 is R + DR,
    cell(Cols, C1, R1, S),
    C2 is C1 + DC, R2 is R1 + DR,
    cell(Cols, C2, R2, S),
    !.

% staticval(Pos, Val): 100 for a line of X, -100 for one of O; else the stones of X in the two
% middle columns minus those of O.
staticval(Pos, Val) :-
    game_over(Pos, Result),
    !,
    result_value(Result, Val).
staticval(c3(_, _, [_, B, C, _]), Val) :-
    append(B, C, Mid),
    count(Mid, x, NX),
    count(Mid, o, NO),
    Val is NX - NO.

result_value(max, 100).
result_value(min, -100).
result_value(draw, 0).

count([], _, 0).
count([Y|Ys], X, N) :-
    count(Ys, X, N0),
    ( Y == X -> N is N0 + 1 ; N = N0 ).

% move(Pos, Succ, Column): the stone dropped into Column.
move(Pos, Succ, Col) :-
    moves(Pos, Succs),
    member(Succ, Succs),
    Pos = c3(_, _, Cols),
    Succ = c3(_, _, Cols1),
    nth1(Col, Cols, C0),
    nth1(Col, Cols1, C1),
    C0 \== C1.

show(c3(_, Side, Cols)) :-
    forall(member(R, [4, 3, 2, 1]),
           ( forall(member(C, [1, 2, 3, 4]),
                    ( cell(Cols, C, R, S) -> write(S) ; write('.') )),
             nl )),
    format("1234, ~w to move~n", [Side]).

% board_svg(Pos, Svg): the board for search trees.
board_svg(c3(_, _, Cols), Svg) :-
    findall(Disc,
            ( between(1, 4, C), between(1, 4, R),
              X is 20 * C - 5, Y is 95 - 20 * R,
              ( cell(Cols, C, R, S) -> colour(S, F) ; F = white ),
              format(atom(Disc), '<circle cx="~w" cy="~w" r="8" fill="~w" stroke="black"/>',
                     [X, Y, F]) ),
            Discs),
    atomic_list_concat(Discs, Body),
    format(atom(Svg),
           '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90">~w</svg>', [Body]).

colour(x, red).
colour(o, gold).
