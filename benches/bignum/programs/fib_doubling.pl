% The Fibonacci number F(478,495), of 100,000 digits, by fast doubling (big squares and
% products), then printed to text and the digits counted.

top :-
    fib(478495, F, _),
    number_codes(F, Cs),
    length(Cs, 100000).

% fib(+N, -F(N), -F(N+1)).
fib(0, 0, 1) :- !.
fib(N, F, G) :-
    M is N >> 1,
    fib(M, A, B),
    C is A * (2*B - A),
    D is A*A + B*B,
    (   N /\ 1 =:= 0
    ->  F = C, G = D
    ;   F = D, G is C + D
    ).
