% Nested sums, differences and products of big and small integers, with the operands bound
% at run time as a program's `X is (A + N*2) * K` sees them: ply computes such inner
% expressions on the heap (a fast path), and every result here must be what SWI-Prolog
% gives. Each line is `Case: Sign Msb Residue` (or `! Error`), the case being the indices
% of the three operands and of the expression, so values of hundreds of digits take a short
% line. tests/bigint/nested.out is SWI-Prolog's output;
% tests/it/bigint_nested.rs runs ply with and without the fast paths and compares.
% Regenerate the golden file from the repository root with
%
%     swipl -q -g main -t halt tests/bigint/nested.pl > tests/bigint/nested.out

main :-
    numbers(Ns0),
    maplist([E, N]>>(N is E), Ns0, Ns),
    forall(( nth1(I, Ns, A), nth1(J, Ns, B), nth1(L, Ns, C) ),
           ( expressions(A, B, C, Es),
             forall(nth1(K, Es, E), case(I-J-L-K, E)) )),
    errors,
    chains.

% Errors raised inside an inner expression, as the general evaluation raises them.
errors :-
    X is 2^100, Y = foo, Z is 2^70,
    case(error-1, (X + Y) * 2),
    case(error-2, (X * 3 + Z) * (Y - 1)),
    case(error-3, ((X + 1) * 2 + Z) // 0).

% Around zero, the word boundaries (one and two words, both signs) and a few big values.
numbers([0, -1, 7, 9223372036854775807, -9223372036854775808, 2^64, -(2^64 - 1),
         3^100, -(2^200 - 1)]).

% The expressions: one to four levels deep, inner products by a word and by more than a
% word, an operand that is no integer expression, an evaluable the fast path leaves, and
% sums inside other evaluables (the general evaluation computes those sums on the heap),
% and products by an expression of small integers (a word, when it is small).
expressions(A, B, C,
    [ (A + B*2) * C,
      (A - B*C) * 10,
      (B*3 + A) * 7 - C,
      A*7 + B*11 - C,
      ((A + B) * 3 - C) * 5 + A,
      (((A + 1)*2 + B)*3 + C)*4 - A,
      ((((A - 2)*3 - B)*5 + C)*7 - A)*11 + B,
      A*B + C,
      (A + B) * max(C, 2),
      (A - A) * C + B,
      (A + B) * (C - 1),
      -(A*2) + B,
      (A*3 + B) // C,
      (A + B) mod (C*2 + 1),
      max(A - B*2, C + 1),
      abs(A*5 - B) + 1,
      A * (B*2 - 3),
      7 * A * B * (C + 1),
      A * ((B + 1) * (C - 2)) + C
    ]).

case(K, E) :-
    catch(( X is E, describe(X, D) ), Error, describe_error(Error, D)),
    format("~w: ~w~n", [K, D]).

describe(X, D) :-
    (   X =:= 0
    ->  D = zero
    ;   S is sign(X), M is msb(abs(X)), R is X mod 1000000007,
        format(atom(D), "~w ~w ~w", [S, M, R])
    ).

describe_error(error(E, _), D) :- format(atom(D), "! ~q", [E]).

% Recurrences whose values grow through the nested expressions, as a spigot's do, with
% the values kept across steps (so an intermediate value left in the wrong place would
% show in a later step).
chains :-
    chain(200, 1, 0, 1, Acc, Num),
    describe(Acc, DA), describe(Num, DN),
    format("chain: ~w / ~w~n", [DA, DN]).

chain(0, _, Acc, Num, Acc, Num) :- !.
chain(N, K, Acc0, Num0, Acc, Num) :-
    K2 is K*2 + 1,
    Acc1 is (Acc0 + Num0*2) * K2,
    Num1 is Num0 * K,
    Acc2 is (Acc1 - Num1*3) * 10 + K,
    Pair = Acc2-Num1,
    Pair = A3-N3,
    K1 is K + 1,
    N1 is N - 1,
    chain(N1, K1, A3, N3, Acc, Num).
