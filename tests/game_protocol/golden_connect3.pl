% Connect Three (programs/games/connect3.pl) searched by the English figure 15.3 in a form both
% swipl and ply run: the golden case game_protocol_connect3 of tests/golden/commands.txt, whose
% output swipl produced.

% run: the minimax choice and value at horizons 1 to 4 from the start, and at horizon 3 after
% X plays columns 2 and 3 against O's 2.
run :-
    game_start(c3(_, Side, Cols)),
    forall(between(1, 4, D),
           ( minimax(c3(D, Side, Cols), Best, Val), writeq(D: Best-Val), nl )),
    P = c3(3, x, [[], [x, o], [x], []]),
    minimax(P, Best, Val),
    writeq(P: Best-Val), nl.
