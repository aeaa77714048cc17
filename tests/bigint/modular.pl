% powm/3 and mod/rem by big moduli against SWI-Prolog (GMP): ply computes powm with an odd
% modulus of many words by Montgomery's method and remainders by a Mersenne number 2^P - 1
% by folding, and every result here must be what SWI-Prolog gives. The operands come from a
% fixed linear congruential generator (no random/1, so that both systems see the same
% numbers). Each line is `Case: Msb Residue` (the residue modulo 1000003, so that values of
% hundreds of digits take a short line), or `Case: ! Error`, or for powm also `=` when the
% result equals a square-and-multiply power written here in Prolog, `MISMATCH` otherwise.
% tests/it/bigint_modular.rs runs ply with and without the fast paths and compares with
% tests/bigint/modular.out, SWI-Prolog's output. Regenerate it from the repository root with
%
%     swipl -q -g main -t halt tests/bigint/modular.pl > tests/bigint/modular.out

main :-
    nb_setval(seed, 20261130),
    moduli(Ms),
    forall(nth1(I, Ms, M), powm_cases(I, M)),
    mersenne_cases,
    mersenne_expressions,
    errors.

% Odd moduli of one to forty words, even ones, Mersenne numbers, 2^P + 1, and 1.
moduli(Ms) :-
    findall(M, ( between(1, 40, W), odd_random(W, M) ), Odd),
    findall(M, ( member(W, [1, 3, 8, 9, 20, 36]), random_words(W, R), M is R * 2 ), Even),
    findall(M, ( member(P, [61, 64, 65, 127, 521, 607, 1279, 2203]), M is 2^P - 1 ), Mersenne),
    findall(M, ( member(P, [100, 640, 2048]), M is 2^P + 1 ), Fermat),
    append([Odd, Even, Mersenne, Fermat, [1, 2, 3]], Ms).

% Bases 0, 1, M - 1, M, M + 1 and random ones below and above M; exponents 0, 1, 2, of
% one to three words, and one of 2,000 bits.
powm_cases(I, M) :-
    W is max(1, (msb(M) + 64) // 64),
    random_words(W, R1), B1 is R1 mod M,
    W2 is W + 2, random_words(W2, B2),
    random_words(1, E1), random_words(3, E3),
    E4 is 2^2000 + 12345,
    Bases = [0, 1, M - 1, M, M + 1, B1, B2],
    forall(( nth1(J, Bases, B0), nth1(K, [0, 1, 2, E1, E3], E) ),
           ( B is B0, powm_case(p(I, J, K), B, E, M) )),
    powm_case(p(I, huge), B1, E4, M).

powm_case(Case, B, E, M) :-
    (   catch(X is powm(B, E, M), Err, true)
    ->  (   nonvar(Err)
        ->  print_message_line(Case, Err)
        ;   plain_powm(B, E, M, Y),
            ( X =:= Y -> Same = (=) ; Same = 'MISMATCH' ),
            show(Case, X, Same)
        )
    ;   format("~w: failed~n", [Case])
    ).

% B^E mod M by squares and products, one bit at a time.
plain_powm(B, E, M, R) :-
    B1 is B mod M,
    One is 1 mod M,
    plain_powm(E, B1, M, One, R).

plain_powm(0, _, _, A, A) :- !.
plain_powm(E, B, M, A0, A) :-
    (   E /\ 1 =:= 1 -> A1 is (A0 * B) mod M ; A1 = A0 ),
    E1 is E >> 1,
    B1 is (B * B) mod M,
    plain_powm(E1, B1, M, A1, A).

% mod and rem by Mersenne numbers and their negatives, with dividends of both signs from
% one word to three times the divisor's words (above twice, ply divides as before).
mersenne_cases :-
    forall(( member(P, [65, 127, 128, 191, 521, 2203, 2281]),
             M0 is 2^P - 1,
             member(SM, [1, -1]),
             M is SM * M0 ),
           ( W is (P + 63) // 64,
             Lens = [1, W, 2 * W, 3 * W],
             forall(( member(L0, Lens), L is L0 ),
                    ( random_words(L, X0),
                      S is M0 * M0 - 1, T is M0 * (M0 - 1),
                      forall(( member(X1, [X0, M0, S, T, M0 + 1, 2 * M0]), member(SX, [1, -1]) ),
                             ( X is SX * X1,
                               Xr is X mod 1000003,
                               mod_case(mod(P, SM, L, Xr), X mod M),
                               mod_case(rem(P, SM, L, Xr), X rem M) )) )) )).

% Expressions modulo a Mersenne number as is/2 meets them: a Lucas-Lehmer step S*S - 2
% (the square's buffer reused for the difference), sums and differences by a word of both
% signs, a small dividend, and the errors of a dividend that is no integer; then whole
% Lucas-Lehmer tests, for Mersenne primes and for exponents that give none.
mersenne_expressions :-
    forall(( member(P, [65, 127, 128, 521, 2203]), M is 2^P - 1 ),
           ( W is (P + 63) // 64,
             random_words(W, R), S is R mod M,
             forall(member(K-E, [sq_minus-((S*S - 2) mod M), sq_plus-((S*S + 2) rem M),
                                 sq-(S*S mod M), neg-((S - S*S) mod M),
                                 neg_rem-((2 - S*S) rem M), word-(7 mod M), m-(M mod M),
                                 m_minus-((M + 1 - 1) mod M), float-(2.0 mod M),
                                 atom-(foo mod M), var-(_ mod M)]),
                    mod_case(expr(P, K), E)) )),
    forall(member(P, [61, 89, 107, 127, 521, 523, 607, 1279]),
           ( lucas_lehmer(P, R), format("ll(~w): ~w~n", [P, R]) )).

lucas_lehmer(P, R) :-
    M is (1 << P) - 1,
    N is P - 2,
    ll_steps(N, 4, M, R0),
    R is R0 mod 1000003.

ll_steps(0, S, _, S) :- !.
ll_steps(N, S, M, R) :-
    S1 is ((S*S) - 2) mod M,
    N1 is N - 1,
    ll_steps(N1, S1, M, R).

mod_case(Case, Expr) :-
    (   catch(X is Expr, Err, true)
    ->  ( nonvar(Err) -> print_message_line(Case, Err) ; show(Case, X, '') )
    ;   format("~w: failed~n", [Case])
    ).

errors :-
    M is 2^600 + 1,
    forall(member(E, [powm(-3, 5, M), powm(3, -5, M), powm(3, 5, 0), powm(3, 5, -M),
                      powm(3, 0, 1), powm(2^100, 2^100, 1),
                      powm(-(2^100), 3, M)]),
           ( X = E, powm_error(X) )).

powm_error(E) :-
    catch(( X is E, show(E, X, '') ), Err, print_message_line(e, Err)).

show(Case, X, Same) :-
    ( X =:= 0 -> Msb = none ; Msb is msb(abs(X)) ),
    R is X mod 1000003,
    format("~w: ~w ~w ~w~n", [Case, Msb, R, Same]).

print_message_line(Case, error(E, _)) :- !,
    format("~w: ! ~q~n", [Case, E]).
print_message_line(Case, E) :-
    format("~w: ! ~q~n", [Case, E]).

% W words from the generator, as one number; an odd one of exactly W words.
random_words(W, N) :-
    random_words(W, 0, N).
random_words(0, N, N) :- !.
random_words(W, N0, N) :-
    next_word(X),
    N1 is N0 << 64 + X,
    W1 is W - 1,
    random_words(W1, N1, N).

odd_random(W, M) :-
    random_words(W, R),
    Top is 1 << (64 * W - 1),
    M is R \/ Top \/ 1.

% Knuth's MMIX linear congruential generator, modulo 2^64.
next_word(X) :-
    nb_getval(seed, S),
    X is (S * 6364136223846793005 + 1442695040888963407) mod 2^64,
    nb_setval(seed, X).
