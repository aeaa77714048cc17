% The library(clpfd) puzzles of tests/clpfd/puzzles.pl as timed goals for benches/clpfd.sh:
% bench(Name, N) runs puzzle Name N times and prints the CPU seconds they took.
:- use_module(library(clpfd)).

send :- puzzle(P), P = ([S,E,N,D]+[M,O,R,E]=_), label([S,E,N,D,M,O,R]).
queens8_all :- findall(Qs, (queens(8, Qs), label(Qs)), _).
queens24_ff :- once((queens(24, Qs), labeling([ff], Qs))).
sudoku :- problem(1, Rows), sudoku(Rows), maplist(labeling([ff]), Rows).
magic_all :- findall(Sq, (magic(Sq), label(Sq)), _).

bench(Name, N) :-
    statistics(cputime, T0),
    forall(between(1, N, _), \+ \+ call(Name)),
    statistics(cputime, T1),
    T is T1 - T0,
    format("~4f~n", [T]).
