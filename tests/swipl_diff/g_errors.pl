% Errors of goals given with -g, as swipl reports them: `ERROR: -g Goal: ...`, the context's
% predicate after it, and a ball that is no error term without "Unhandled exception".
% Run with -g arith, -g text and -g ball (tests/swipl_diff/lines_cases.txt).
arith :- X = 1, Y = 0, Z is X / Y, write(Z), nl.
text :- atom_length(_, _).
ball :- throw(my_ball(3)).
