p(0) :- q(x).
p(N) :- N > 0, N1 is N - 1, p(N1), true.
q(_).
e(0) :- X is foo + 1, write(X).
e(N) :- N > 0, N1 is N - 1, e(N1), true.
