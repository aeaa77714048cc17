% primes: the sieve of Eratosthenes on lists, repeated.
% Measures list construction, arithmetic and deterministic filtering.

integers(Low, High, []) :-
    Low > High, !.
integers(Low, High, [Low|Rest]) :-
    Low1 is Low + 1,
    integers(Low1, High, Rest).

sift([], []).
sift([P|Is], [P|Ps]) :-
    remove(Is, P, New),
    sift(New, Ps).

remove([], _, []).
remove([I|Is], P, Nis) :-
    I mod P =:= 0, !,
    remove(Is, P, Nis).
remove([I|Is], P, [I|Nis]) :-
    remove(Is, P, Nis).

primes(Limit, Ps) :-
    integers(2, Limit, Is),
    sift(Is, Ps).

count_last([P], N0, N, P) :- !,
    N is N0 + 1.
count_last([_|Ps], N0, N, L) :-
    N1 is N0 + 1,
    count_last(Ps, N1, N, L).

work(Ps) :-
    primes(3000, Ps).

bench :-
    rounds(40, Ps),
    count_last(Ps, 0, Count, Last),
    format('primes: 40 sieves up to 3000, ~d primes, largest ~d~n', [Count, Last]).

% The rounds/2 harness is shared: see harness.pl.
:- ensure_loaded(harness).
