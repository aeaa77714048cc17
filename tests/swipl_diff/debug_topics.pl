% library(debug): debug/3 writes to user_error after "% " only while a topic that unifies
% with its first argument is on (debug/1), and stops after nodebug/1; debugging/1 tells
% whether a topic is on.
% The library is loaded first, so that swipl knows the topics of the debug/3 calls below and
% does not warn that debug/1 turns on a topic it has not seen.
:- use_module(library(debug)).

main :-
    debug(alpha, 'off: ~w', [1]),
    debug(alpha),
    debug(alpha, 'on: ~w and ~a', [1, two]),
    debug(alpha, 'two lines~nsecond', []),
    debug(alpha(x), 'a compound topic: ~w', [x]),
    debug(beta(_)),
    debug(beta(1), 'beta ~w', [1]),
    debug(beta(2), 'beta ~w', [2]),
    ( debugging(alpha) -> writeln(alpha_on) ; writeln(alpha_not_on) ),
    nodebug(alpha),
    debug(alpha, 'off again', []),
    ( debugging(alpha) -> writeln(still_on) ; writeln(alpha_off) ),
    nodebug(beta(_)),
    debug(beta(3), 'beta ~w', [3]),
    writeln(done).
