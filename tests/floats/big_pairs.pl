% Integer-float conversions on generated pairs of small and big integers: `/` on two
% integers, float/1, comparisons of integers with floats (arithmetic and standard order),
% mixed sums and products, ** and ^ with integer and float operands, and the ratios of
% consecutive Fibonacci numbers. Every line is `Expression = Result` or `Expression !
% Error`, printed by the Prolog that runs this file: tests/floats/big_pairs.out is
% SWI-Prolog's output, and tests/it/float_golden.rs runs ply on this same file and
% compares. Regenerate the golden file from the repository root with
%
%     swipl -q -g main -t halt tests/floats/big_pairs.pl > tests/floats/big_pairs.out
%
% The integers come from a fixed 64-bit linear congruential generator, so both systems see
% the same pairs.

main :-
    pairs(200, 20261129),
    fibonacci_ratios.

pairs(N, Seed) :-
    pairs_(N, Seed).

pairs_(0, _) :- !.
pairs_(N, S0) :-
    integer_of(S0, A, S1),
    integer_of(S1, B, S2),
    pair(A, B),
    N1 is N - 1,
    pairs_(N1, S2).

next(S0, S) :-
    S is (S0 * 6364136223846793005 + 1442695040888963407) mod (1 << 64).

% integer_of(+Seed0, -Integer, -Seed): an integer of one of seven sizes, either sign.
integer_of(S0, X, S) :-
    next(S0, S1), next(S1, S2), next(S2, S3), next(S3, S),
    Kind is S1 mod 7,
    magnitude(Kind, S2, S3, S, M),
    (   S1 >> 32 /\ 1 =:= 0 -> X = M ; X is -M ).

magnitude(0, R, _, _, M) :- M is R mod 2001.
magnitude(1, R, _, _, M) :- M is (1 << 53) + R mod 64 - 32.
magnitude(2, R, _, _, M) :- M is R >> 1.
magnitude(3, R1, R2, R3, M) :- M is ((R1 << 64) + R2) >> (R3 mod 64).
magnitude(4, R1, R2, R3, M) :- M is (R1 << (R2 mod 900)) + R3.
magnitude(5, R1, R2, R3, M) :- M is (1 << 1024) - (R1 mod 4) * (1 << 970) + R2 mod 3 - 1 - (R3 mod 2) * (1 << 1023).
magnitude(6, R1, R2, _, M) :- M is R1 << (1100 + R2 mod 2000).

pair(A, B) :-
    size(A, SA), size(B, SB),
    format("~npair ~w ~w~n", [SA, SB]),
    show(a/b, A / B),
    show(b/a, B / A),
    show('(a+1)/a', (A + 1) / A),
    show('float(a)', float(A)),
    show('a+0.5', A + 0.5),
    show('a*1.0', A * 1.0),
    show('a-1.0e300', A - 1.0e300),
    show('a** -1', A ** -1),
    show('a**0.5', A ** 0.5),
    show('a**2.0', A ** 2.0),
    show('2.0**(a mod 2000-1000)', 2.0 ** (A mod 2000 - 1000)),
    show('a^2', A ^ 2),
    show('1.5^(a mod 100+1)', 1.5 ^ (A mod 100 + 1)),
    show('truncate(float(a))-a', truncate(float(A)) - A),
    forall(( member(Name-E, [b-float(B), a-float(A), 'a+'-(float(A) * (1.0 + epsilon))]),
             catch(F is E, error(_, _), fail) ),
           compare_with(Name, A, F)).

% size(+Integer, -Description): the sign and bit length of an integer, for the log.
size(X, S) :-
    (   X =:= 0 -> S = zero
    ;   X < 0 -> B is msb(-X) + 1, S = neg(B)
    ;   B is msb(X) + 1, S = pos(B)
    ).

compare_with(Name, A, F) :-
    format("float ~w = ~w~n", [Name, F]),
    test(=:=, A =:= F),
    test(<, A < F),
    test(>, A > F),
    compare(O, A, F),
    format("compare = ~w~n", [O]),
    msort([A, F], [First, _]),
    (   float(First) -> format("msort: float first~n") ; format("msort: integer first~n") ),
    show(max, max(A, F)),
    show(min, min(A, F)).

% show(+Label, +Expression): the value (an integer by its size and residue) or the error.
show(Label, E) :-
    catch(( X is E, value_text(X, T), format("~w = ~w~n", [Label, T]) ),
          error(Err, _),
          format("~w ! ~w~n", [Label, Err])).

value_text(X, T) :-
    (   integer(X), abs(X) > 1 << 64
    ->  size(X, S), R is X mod 1000000007, T = int(S, R)
    ;   T = X
    ).

test(Label, G) :-
    (   catch(G, error(Err, _), (format("~w ! ~w~n", [Label, Err]), fail))
    ->  format("~w true~n", [Label])
    ;   format("~w false~n", [Label])
    ).

fibonacci_ratios :-
    fib_ratios(1, 0, 1).

fib_ratios(N, _, _) :- N > 1600, !.
fib_ratios(N, A, B) :-
    (   N mod 40 =:= 0
    ->  format("~nfibonacci ~w~n", [N]),
        show('f(n)/f(n-1)', B / A),
        show('f(n-1)/f(n)', A / B)
    ;   true
    ),
    C is A + B,
    N1 is N + 1,
    fib_ratios(N1, B, C).
