% query: a database join in the style of the classic "query" benchmark.
% Finds pairs of countries whose population densities differ by less than
% 5 per cent. The countries and their figures are invented for this program.
% Measures clause retrieval from a fact table and integer arithmetic.

% pop(Country, Population in thousands)
pop(aldoria, 48210).
pop(belmark, 9350).
pop(corvenia, 120560).
pop(dastan, 6720).
pop(elvaria, 33190).
pop(farrowind, 2810).
pop(galdovia, 87400).
pop(harlan, 15040).
pop(istria_nova, 4530).
pop(jorvik, 58120).
pop(kestrel, 11280).
pop(lunmoor, 71930).
pop(marovia, 25470).
pop(norhaven, 5190).
pop(ostmark, 39880).
pop(pellandor, 212650).
pop(quorin, 1340).
pop(rhovan, 143720).
pop(sarnia, 19250).
pop(tavelle, 67410).
pop(umbria_alta, 3470).
pop(valmont, 8610).
pop(westerly, 50830).
pop(xandria, 92140).
pop(yarrow, 10420).
pop(zelmark, 126300).
pop(ambrosia, 17530).
pop(brenvik, 5430).
pop(calvane, 45610).
pop(dravonia, 21480).

% area(Country, Area in km2)
area(aldoria, 301400).
area(belmark, 83900).
area(corvenia, 1021300).
area(dastan, 448900).
area(elvaria, 212700).
area(farrowind, 65300).
area(galdovia, 357100).
area(harlan, 91200).
area(istria_nova, 27800).
area(jorvik, 551700).
area(kestrel, 130400).
area(lunmoor, 780600).
area(marovia, 238500).
area(norhaven, 323800).
area(ostmark, 312700).
area(pellandor, 8515800).
area(quorin, 45200).
area(rhovan, 17098200).
area(sarnia, 238400).
area(tavelle, 643800).
area(umbria_alta, 176200).
area(valmont, 41300).
area(westerly, 100200).
area(xandria, 331200).
area(yarrow, 92200).
area(zelmark, 377900).
area(ambrosia, 41500).
area(brenvik, 42900).
area(calvane, 505900).
area(dravonia, 65600).

% density(C, D): people per 100 km2, in integers.
density(C, D) :-
    pop(C, P),
    area(C, A),
    D is (P * 100000) // A.

query([C1, D1, C2, D2]) :-
    density(C1, D1),
    density(C2, D2),
    D1 > D2,
    T1 is 20 * D1,
    T2 is 21 * D2,
    T1 < T2.

len_([], N, N).
len_([_|T], N0, N) :-
    N1 is N0 + 1,
    len_(T, N1, N).

work(R) :-
    findall(Q, query(Q), R).

bench :-
    rounds(1200, R),
    len_(R, 0, Count),
    R = [First|_],
    format('query: 1200 joins, ~d pairs, first ~w~n', [Count, First]).

% The rounds/2 harness is shared: see harness.pl.
:- ensure_loaded(harness).
