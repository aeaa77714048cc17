% Big integers printed in decimal: number_codes/2, write/1 and format/2's ~d and ~D over
% numbers of 1 to 100,000 digits, at the digit counts where ply's conversion changes step (its
% base case of 30 words, about 578 digits, and each doubling above it), as pseudo-random
% digits, powers of ten and their neighbours, and long runs of zeros and of nines. Each line
% gives the case, the length, the first and last 12 digits and a checksum of all the digits,
% and whether the text reads back as the same number. tests/bigint/printing.out is
% SWI-Prolog's output; tests/it/bigint_printing.rs runs ply with and without the fast paths
% and compares. Regenerate the golden file from the repository root with
%
%     swipl -q -g main -t halt tests/bigint/printing.pl > tests/bigint/printing.out

main :-
    forall(digits(D), size(D)),
    other_layouts.

% Digit counts: word and block boundaries, the base case's size, and its doublings up to
% 100,000 digits.
digits(D) :-
    member(D, [1, 2, 18, 19, 20, 38, 39, 40, 57, 100, 300, 560, 577, 578, 579, 600, 1000,
               1155, 1156, 1160, 2000, 2311, 2320, 4000, 4622, 4640, 9000, 9244, 18000,
               18488, 37000, 50000, 74000, 100000]).

size(D) :-
    pseudo_random(D, R),
    P is 10^D,
    Half is D // 2,
    Head is R // 10^Half + 1,
    Zeros is Head * 10^Half,
    Nines is Zeros - 1,
    Inner is (Head * 10^Half + 1) * 10^(D - Half),
    forall(member(Name-E, [random-R, negative-(-R), power-P, power_minus_1-(P - 1),
                            power_plus_1-(P + 1), zeros-Zeros, nines-Nines,
                            inner_zeros-Inner, inner_nines-(Inner - 1)]),
           ( N is E, case(D-Name, N) )).

% A number of exactly D digits whose digits look random: a power of 3 reduced mod 10^D.
pseudo_random(D, R) :-
    E is D * 3 + 7,
    Low is 10^(D - 1),
    R is Low + (3^E * 7 + 12345) mod (9 * Low).

case(Name, N) :-
    number_codes(N, Cs),
    length(Cs, Len),
    ends(Cs, First, Last),
    checksum(Cs, Sum),
    number_codes(Back, Cs),
    (   Back =:= N -> Read = same ; Read = different ),
    format("~w: ~w digits ~s...~s sum ~w read back ~w~n", [Name, Len, First, Last, Sum, Read]).

% The first and last 12 codes (all of them when there are fewer).
ends(Cs, First, Last) :-
    length(Cs, Len),
    K is min(12, Len),
    length(First, K),
    append(First, _, Cs),
    length(Last, K),
    append(_, Last, Cs).

checksum(Cs, Sum) :-
    checksum(Cs, 0, Sum).

checksum([], S, S).
checksum([C|Cs], S0, S) :-
    S1 is (S0 * 31 + C) mod 1000000007,
    checksum(Cs, S1, S).

% The same numbers through write/1 and format/2 must give number_codes/2's text; ~D groups
% digits by three and ~Nd puts a decimal point N digits from the right.
other_layouts :-
    forall(( member(D, [40, 579, 2320, 18488, 100000]),
             pseudo_random(D, R),
             member(E, [R, -R]),
             N is E ),
           ( number_codes(N, Cs),
             with_output_to(codes(W), write(N)),
             format(codes(F), "~d", [N]),
             (   W == Cs, F == Cs -> Same = same ; Same = different ),
             format(codes(G), "~D", [N]), checksum(G, SG),
             format(codes(P), "~5d", [N]), checksum(P, SP),
             format("layouts ~w: write and ~~d ~w, ~~D sum ~w, ~~5d sum ~w~n",
                    [D, Same, SG, SP]) )).
