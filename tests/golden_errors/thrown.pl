% A ball of the program's own (not an error term), thrown by throw/1: see README.md here.
v :- w(3), true.
w(X) :- throw(my(X)).

% Not caught: reported where throw/1 raised it, with the callers.
% Caught by a catch that surely takes it (the catcher a compound of variables), then printed:
% no site is noted for such a ball, so only its words are printed, as swipl prints them.
v_caught :- catch(v, my(N), true), print_message(error, my(N)).

