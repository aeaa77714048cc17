% Integer arithmetic on generated pairs of small and big integers, from one word to some
% 170,000 bits: + - * (with the operands bound at run time, as `X is A*B` in a program sees
% them), // mod rem div gcd msb ^ and the printing of the results. Every line is
% `Expression = Result` or `Expression ! Error`; a result longer than 60 digits is shown by
% its length, its first and last ten digits, its residue modulo a prime and whether its text
% reads back as the same integer, so printing is checked without a huge file.
% tests/bigint/int_ops.out is SWI-Prolog's output, and tests/it/bigint_golden.rs runs ply on
% this same file and compares. Regenerate the golden file from the repository root with
%
%     swipl -q -g main -t halt tests/bigint/int_ops.pl > tests/bigint/int_ops.out
%
% The integers come from a fixed 64-bit linear congruential generator, so both systems see
% the same pairs.

main :-
    sizes(Sizes),
    pairs(Sizes, 20261129, 1),
    powers,
    forall(member(N, [64, 1000000000000000000, 100000000000000000000]),
           result(0, root(N, 5), root_print(N, 5, R), R)),
    fibonacci(478495).

% The magnitudes' sizes in 64-bit words, around the thresholds of the algorithms a
% big-integer library switches between (schoolbook, Karatsuba, Toom, transforms).
sizes([0, 1, 2, 3, 5, 8, 17, 24, 25, 31, 40, 64, 97, 100, 130, 200, 301, 500, 1000, 1500,
       2600]).

pairs([], _, _).
pairs([W|Ws], S0, K) :-
    pairs_with(Ws, W, [W|Ws], S0, S1, K, K1),
    pairs(Ws, S1, K1).

% Each size with itself and the next two larger ones, each with special forms too.
pairs_with(_, W, Larger, S0, S, K0, K) :-
    (   Larger = [A, B, C|_] -> Near = [A, B, C] ; Near = Larger ),
    foldl(pair_with(W), Near, S0-K0, S-K).

pair_with(W, V, S0-K0, S-K) :-
    integer_of(W, S0, A, S1),
    integer_of(V, S1, B, S2),
    pair(K0, A, B),
    K1 is K0 + 1,
    special(K1, W, V, S2, S, K).

special(K0, W, V, S0, S, K) :-
    integer_of(W, S0, A, S),
    P is 64*V,
    B1 is (1 << P) - 1,
    B2 is -(1 << P),
    D is max(1, (P*3) // 10),
    B3 is 10^D,
    pair(K0, A, B1),
    pair(K0, A, B2),
    pair(K0, B3, A),
    K is K0 + 1.

% integer_of(+Words, +Seed0, -I, -Seed): a signed integer of about Words words.
integer_of(0, S0, I, S) :- !,
    next(S0, S),
    I is (S >> 40) - (1 << 23).
integer_of(W, S0, I, S) :-
    words(W, S0, 0, M, S1),
    next(S1, S),
    Shift is S mod 64,
    M1 is M >> Shift,
    (   S /\ (1 << 30) =:= 0 -> I = M1 ; I is -M1 ).

words(0, S, M, M, S) :- !.
words(W, S0, M0, M, S) :-
    next(S0, S1),
    M1 is (M0 << 64) + S1,
    W1 is W - 1,
    words(W1, S1, M1, M, S).

next(S0, S) :-
    S is (S0 * 6364136223846793005 + 1442695040888963407) mod (1 << 64).

% pair(+K, +A, +B): the results of every operation on A and B, each line tagged with K.
pair(K, A, B) :-
    Small is (B mod 1000003) - 500001,
    forall(op(A, B, Small, Name, Goal, R),
           result(K, Name, Goal, R)).

op(A, B, _, 'a+b', R is A+B, R).
op(A, B, _, 'a-b', R is A-B, R).
op(A, B, _, 'b-a', R is B-A, R).
op(A, B, _, 'a*b', R is A*B, R).
op(A, _, _, 'a*a', R is A*A, R).
op(A, _, S, 'a*s', R is A*S, R).
op(A, _, S, 's*a', R is S*A, R).
op(A, _, _, 'a*10', R is A*10, R).
op(A, B, _, 'a//b', R is A//B, R).
op(A, B, _, 'a mod b', R is A mod B, R).
op(A, B, _, 'a rem b', R is A rem B, R).
op(A, B, _, 'a div b', R is A div B, R).
op(A, B, _, 'b//a', R is B//A, R).
op(A, B, _, 'b mod a', R is B mod A, R).
op(A, _, S, 'a mod s', R is A mod S, R).
op(A, _, S, 'a // s', R is A // S, R).
op(A, B, _, 'gcd(a,b)', R is gcd(A,B), R).
op(A, _, _, 'msb(|a|)', R is msb(abs(A)), R).
op(A, _, _, 'a^3', R is A^3, R).
op(A, B, _, 'a>b', (A > B -> R = true ; R = false), R).
op(A, B, _, 'a=:=b', (A =:= B -> R = true ; R = false), R).
op(A, B, _, 'compare', compare(R, A, B), R).
op(A, _, _, 'root(2,a)', root_print(2, A, R), R).
op(A, _, _, 'root(3,a)', root_print(3, A, R), R).

% nth_integer_root_and_remainder/4, its root and remainder folded into one residue.
root_print(N, A, R) :-
    nth_integer_root_and_remainder(N, A, Root, Rem),
    R is (Root * 1000003 + Rem) mod 1000000007.

result(K, Name, Goal, R) :-
    catch(( call(Goal) -> Out = ok(R) ; Out = failed ), E, Out = error(E)),
    show_result(K, Name, Out).

show_result(K, Name, ok(R)) :- !,
    format("~d ~w = ", [K, Name]),
    show(R),
    nl.
show_result(K, Name, failed) :- !,
    format("~d ~w failed~n", [K, Name]).
show_result(K, Name, error(error(E, _))) :- !,
    format("~d ~w ! ~q~n", [K, Name, E]).
show_result(K, Name, error(E)) :-
    format("~d ~w ! ~q~n", [K, Name, E]).

% show(+X): X printed, or for a long integer its length, its first and last ten digits,
% its residue modulo a prime, and whether its text reads back as X.
show(X) :-
    integer(X), !,
    number_codes(X, Cs),
    length(Cs, L),
    (   L =< 60
    ->  format("~s", [Cs])
    ;   length(First, 10), append(First, _, Cs),
        length(Last, 10), append(_, Last, Cs),
        R is X mod 1000000007,
        number_codes(Y, Cs),
        ( Y =:= X -> Back = same ; Back = different ),
        format("~s...~s (~d digits, residue ~d, read back ~w)", [First, Last, L, R, Back])
    ).
show(X) :-
    writeq(X).

% Powers of small and big bases, to exponents up to 60,000.
powers :-
    forall(( member(B-Es, [2-[0, 1, 63, 64, 65, 60000], 3-[2, 40, 41, 1000, 60000],
                           9-[59049], 10-[18, 19, 20, 6007], -3-[3, 41, 6007],
                           12345678901234567890123-[0, 1, 2, 7, 1000]]),
             member(E, Es) ),
           result(0, B^E, R is B^E, R)).

% fibonacci(+N): F(N) by fast doubling (squares and products of up to 166,000 bits),
% printed, and its text by format/2 read back.
fibonacci(N) :-
    fib(N, F, _),
    result(0, fib(N), true, F),
    result(0, read_back(fib(N)),
           ( format(atom(T), "~d", [F]), atom_number(T, F2), F2 - F =:= 0 ),
           same).

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
