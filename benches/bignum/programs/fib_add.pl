% Fibonacci numbers by repeated addition up to some 20,000 digits: big additions of growing
% size, and a comparison against a power of ten at every step.

top :-
    fib_until(20000, 1, 0, 1, N),
    N =:= 95697.

% fib_until(+Digits, +I, +F(I-1), +F(I), -N): N is the first index whose number has Digits digits.
fib_until(D, I, A, B, N) :-
    Limit is 10^(D-1),
    fib_loop(Limit, I, A, B, N).

fib_loop(Limit, I, _, B, I) :-
    B >= Limit, !.
fib_loop(Limit, I, A, B, N) :-
    C is A + B,
    I1 is I + 1,
    fib_loop(Limit, I1, B, C, N).
