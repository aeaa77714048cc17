% A first clause of tests in the shape of выбор/6 (a game test, an integer comparison and a cut
% in each alternative) is decoded when it is compiled, and the decoding names addresses in its
% code. Clauses of that shape are asserted and retracted 300 times, so that with
% PLY_CODE_SCAN_GAP=1 each one is compiled into the freed code of the one before, and then the
% last one decides twelve calls. The output must be that of a run in which no code is reused
% (PLY_CODE_SCAN_GAP=1000000000); tests/it/memory.rs compares the two. ply only: the game
% predicates are ply's.

:- dynamic pick/3.
:- dynamic spacer/2.

pick_clauses(K) :-
    assertz((pick(P, V, R) :- ход_мина(P), V > K, !, R = min ; ход_макса(P), V < K, !, R = max)),
    assertz(pick(_, _, none)).

main :-
    initial_position(tictactoe(3, winloss), inf, P0),
    ходы(P0, [P1|_]),
    forall(between(1, 300, K), (pick_clauses(K), retractall(pick(_, _, _)))),
    pick_clauses(0),
    % Code compiled now lands where the last clause of tests was compiled before it moved.
    forall(between(1, 3, _), assertz((spacer(X, Y) :- X = f(Y, Y), Y = [1, 2, 3], write(X)))),
    findall(V-R0-R1, (member(V, [-2, -1, 0, 1, 2, 3]), pick(P0, V, R0), pick(P1, V, R1)), Rs),
    write(Rs), nl.
