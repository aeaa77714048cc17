% Run-time errors and where they are reported: see README.md in this directory.
t(X) :- p(Y), X is Y + foo.
p(1).
u :- t(_), true.

% A goal of a deeper chain: each caller waits at its own call.
total([], 0).
total([X|Xs], S) :- total(Xs, S0), S is S0 + X.

% The error caught, then printed as print_message/2 prints it.
caught :-
    catch(u, E, true),
    print_message(error, E).

% An unknown procedure, from inside an if-then-else.
decide(X) :- ( X > 0 -> positive(X) ; negative ), true.
