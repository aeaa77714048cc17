% Bad input: each goal below raises an ISO error; the line printed is `NAME FORMAL`, where
% FORMAL is the first argument of the error(Formal, Context) term, or `no_error` /
% `failed` when the goal does not raise. The expected lines are in tests/it/games_prolog.rs.

case(unknown_game, initial_position(nosuch, 1, _)).
case(unknown_game_compound, initial_position(nosuch(3), 1, _)).
case(game_not_callable, initial_position(42, 1, _)).
case(game_unbound, initial_position(_, 1, _)).
case(game_partial, initial_position(tictactoe(_), 1, _)).
case(malformed_fen, initial_position(chess('rnbqkbnr/pppppppp/8/8 w'), 1, _)).
case(malformed_chess_board, ходы(chess(1, white, [[e]], [], none, 0, 1), _)).
case(chess_without_kings, (length(R, 8), maplist(=([e,e,e,e,e,e,e,e]), R),
                           ходы(chess(1, white, R, [], none, 0, 1), _))).
case(tiles_too_few, initial_position(puzzle8([1,2,3]), 1, _)).
case(tiles_repeated, initial_position(puzzle8([1,1,2,3,4,5,6,7,0]), 1, _)).
case(tiles_unsolvable, initial_position(puzzle8([2,1,3,8,0,4,7,6,5]), 1, _)).
case(tiles_not_integers, initial_position(puzzle15([a,b]), 1, _)).
case(negative_depth, initial_position(tictactoe, -1, _)).
case(depth_not_integer, initial_position(tictactoe, deep, _)).
case(depth_unbound, initial_position(tictactoe, _, _)).
case(negative_with_depth, (initial_position(chess, 2, P), с_глубиной(P, -3, _))).
case(negative_perft, (initial_position(chess, 2, P), perft(P, -1, _))).
case(non_position_atom, ходы(foo, _)).
case(non_position_compound, ходы(ttt(1, x), _)).
case(non_position_list, moves([1,2,3], _)).
case(non_position_unbound, ходы(_, _)).
case(non_position_partial, ходы(ttt(_, x, 3, lines, [[e,e,e],[e,e,e],[e,e,e]]), _)).
case(non_position_float, ходы(ttt(1.5, x, 3, lines, [[e,e,e],[e,e,e],[e,e,e]]), _)).
case(bad_side, ход_мина(ttt(1, z, 3, lines, [[e,e,e],[e,e,e],[e,e,e]]))).
case(bad_bound, (initial_position(chess, 1, P), native_alphabeta(P, low, 10, _, _, _))).
case(bad_notation, (initial_position(chess, 1, P), ход(P, _, f(x)))).
case(deep_term, (deep(100000, T), ходы(T, _))).
case(cyclic_list, (L = [e|L], ходы(ttt(1, x, 3, lines, [L, L, L]), _))).
case(cyclic_game, (G = f(G), initial_position(G, 1, _))).
case(own_staticval_replaces_native, (initial_position(tictactoe, 1, P), staticval(P, V), V == own)).
case(own_staticval_is_стат_оц, (initial_position(tictactoe, 1, P), стат_оц(P, V), V == own)).

deep(0, ttt) :- !.
deep(N, f(T)) :- N1 is N - 1, deep(N1, T).

run :-
    forall(case(Name, Goal),
           ( catch(( call(Goal) -> R = no_error ; R = failed ), error(Formal, _), R = Formal),
             summary(R, S),
             format("~w ~q~n", [Name, S]) )).

% A culprit nested deeper than 12 is shown as its functor, Name/Arity, so that a 100,000-deep
% term prints as one short line.
summary(R, R) :- atom(R), !.
summary(R, S) :-
    R =.. [F, A, Culprit],
    !,
    shallow(Culprit, 12, C),
    S =.. [F, A, C].
summary(R, R).

shallow(T, _, '_') :- var(T), !.
shallow(T, _, T) :- atomic(T), !.
shallow(T, 0, N/A) :- !, functor(T, N, A).
shallow(T, D, S) :-
    T =.. [F | Args],
    D1 is D - 1,
    shallow_list(Args, D1, Args1),
    S =.. [F | Args1].

shallow_list([], _, []).
shallow_list([A | As], D, [S | Ss]) :- shallow(A, D, S), shallow_list(As, D, Ss).

% A program's own staticval/2 replaces the native one, with no permission error, under both
% its names: стат_оц/2 is the same predicate.
staticval(_, own).
