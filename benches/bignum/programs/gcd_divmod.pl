% Integer square roots by Newton's method (big // and comparisons), gcd of consecutive
% Fibonacci numbers (the gcd's worst case), and mod, rem and div of big numbers.

top :-
    X is 10^4001,
    isqrt(X, R),
    R*R =< X, (R+1)*(R+1) > X,
    R mod 1000003 =:= 879799,
    fib_pair(20000, A, B),
    gcd(A, B) =:= 1,
    G is gcd(A*12345678901234567, B*12345678901234567),
    G =:= 12345678901234567,
    M is (A*B) mod (B+7), Q is (A*B) div (-(B+7)), Rm is (A*B) rem (B+7),
    (M + Q + Rm) mod 99991 =:= 68561.

isqrt(X, R) :-
    msb(X) >= 0,
    R0 is 1 << (msb(X) // 2 + 1),
    newton(X, R0, R).

newton(X, R0, R) :-
    R1 is (R0 + X // R0) // 2,
    (   R1 >= R0
    ->  R = R0
    ;   newton(X, R1, R)
    ).

fib_pair(N, A, B) :- fib_pair(N, 0, 1, A, B).
fib_pair(0, A, B, A, B) :- !.
fib_pair(N, A0, B0, A, B) :-
    C is A0 + B0, N1 is N - 1,
    fib_pair(N1, B0, C, A, B).
