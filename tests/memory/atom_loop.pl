% A tail-recursive loop that makes N distinct atoms (a1, a2, ...) and drops each at once. Without
% an atom collector the atom table grows by N; with one, it stays within the collector's
% threshold of where it started.

:- consult(peak_rss).

loop(0) :- !.
loop(N) :-
    atom_concat(a, N, A),
    atom_length(A, _),
    N1 is N - 1,
    loop(N1).

% run(N): the loop, then how many more atoms there are than before it, the peak RSS in
% kilobytes and the number of atom collections.
run(N) :-
    statistics(atoms, A0),
    loop(N),
    statistics(atoms, A1),
    Growth is A1 - A0,
    peak_rss_kb(K),
    statistics(agc, C),
    format("~w ~w ~w~n", [Growth, K, C]).
