% Stale pointers that land on the raw words of live boxed values, for the heap collector. Run
% with PLY_GC_GROWTH=1 so that it collects at every call (tests/it/memory.rs); the expected output
% comes from SWI-Prolog (tests/golden/regen.sh, case gc_stale).
%
% In stale/1 the environment slot of Y still holds the list that the first pass built when the
% second pass makes a long string over the same heap words and then calls pad/2. In dangle/1 an
% argument set by nb_setarg/3 to a term that backtracking then drops is followed by new strings,
% floats and big integers made in the same place. Either way the collector sees a pointer into
% the middle of a live box and must neither lose the box nor take its words for cells.
:- set_prolog_flag(double_quotes, string).

pad(0, []) :- !.
pad(K, [K|T]) :- K1 is K - 1, pad(K1, T).

str(1, abc).
str(2, "a string long enough to cover what the first pass built, and then some more words").

stale(K) :-
    member(A, [1, 2]),
    str(A, S),
    pad(K, P),
    Y = [x, P|_],
    A == 2, !,
    length(P, N),
    Y = [Y1, Y2|_],
    writeq(stale(K, S, N, Y1, Y2)), nl.

dangle(K) :-
    T = f(a),
    ( pad(K, P), nb_setarg(1, T, [P|_]), fail ; true ),
    atom_string(abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz, S),
    F is K * 1.5,
    G is 2 ** 100 + K,
    id(S, S1), id(F, F1), id(G, G1),
    functor(T, N, A),
    writeq(dangle(K, N/A, S1, F1, G1)), nl.

id(X, X).

% The two kinds take turns: the heap then lies so that both meet live boxes.
main :-
    forall(between(0, 12, K), (stale(K), dangle(K))).
