% crypt: cryptarithmetic puzzles solved column by column with carries,
% picking distinct digits by select/3 and pruning on each column.
% Measures backtracking search with arithmetic tests.

sel(X, [X|T], T).
sel(X, [H|T], [H|R]) :-
    sel(X, T, R).

% digit(D, Free0, Free): D is a digit; if D is still unbound, it takes a
% digit from Free0 that no other letter uses.
digit(D, Free0, Free) :-
    var(D), !,
    sel(D, Free0, Free).
digit(_, Free, Free).

% column(A, B, C, Carry0, Carry, Free0, Free): A + B + Carry0 = C + 10 * Carry.
column(A, B, C, Carry0, Carry, Free0, Free) :-
    digit(A, Free0, Free1),
    digit(B, Free1, Free2),
    S is A + B + Carry0,
    C0 is S mod 10,
    Carry is S // 10,
    digit_is(C, C0, Free2, Free).

% digit_is(C, V, Free0, Free): letter C must stand for V.
digit_is(C, V, Free0, Free) :-
    var(C), !,
    sel(V, Free0, Free),
    C = V.
digit_is(C, C, Free, Free).

% add(Xs, Ys, Zs): the word lists (least significant letter first, the sum
% one letter longer than the summands, shorter summands padded with 0) add up.
add(Xs, Ys, Zs) :-
    add(Xs, Ys, Zs, 0, [0,1,2,3,4,5,6,7,8,9], _).
add([], [], [C], Carry, Free0, Free) :-
    digit_is(C, Carry, Free0, Free).
add([X|Xs], [Y|Ys], [Z|Zs], Carry0, Free0, Free) :-
    column(X, Y, Z, Carry0, Carry, Free0, Free1),
    add(Xs, Ys, Zs, Carry, Free1, Free).

% SEND + MORE = MONEY, written least significant letter first.
send_more([S,E,N,D,M,O,R,Y]) :-
    add([D,N,E,S], [E,R,O,M], [Y,E,N,O,M]),
    S =\= 0,
    M =\= 0.

% A self-made puzzle with several solutions: TWO + TWO = FOUR.
two_two([T,W,O,F,U,R]) :-
    add([O,W,T], [O,W,T], [R,U,O,F]),
    T =\= 0,
    F =\= 0.

len_([], N, N).
len_([_|T], N0, N) :-
    N1 is N0 + 1,
    len_(T, N1, N).

work(A-B) :-
    findall(S, send_more(S), A),
    findall(S, two_two(S), B).

bench :-
    rounds(150, Send-Two),
    len_(Two, 0, NTwo),
    Two = [First|_],
    format('crypt: SEND+MORE=MONEY ~w, TWO+TWO=FOUR ~d solutions, first ~w~n', [Send, NTwo, First]).

% The rounds/2 harness is shared: see harness.pl.
:- ensure_loaded(harness).
