% A tail-recursive loop that makes N long atoms (a 400-byte prefix and a number) and the md5
% digest of each, and drops both at once. The atom collector frees them; the text of their
% names must be given back too, or the table's text grows by about 430 bytes a turn.

:- consult(peak_rss).

prefix(P) :-
    length(Cs, 400), maplist(=(0'p), Cs), atom_codes(P, Cs).

loop(0, _) :- !.
loop(N, P) :-
    atom_concat(P, N, A),
    md5_hash(A, H, []),
    atom_length(H, 32),
    N1 is N - 1,
    loop(N1, P).

% run(N): the loop, then how many more atoms there are than before it, and the peak RSS in
% kilobytes.
run(N) :-
    prefix(P),
    statistics(atoms, A0),
    loop(N, P),
    statistics(atoms, A1),
    Growth is A1 - A0,
    peak_rss_kb(K),
    format("~w ~w~n", [Growth, K]).
