% library(clpfd)'s transpose/2, which programs load clpfd for: square, wide and tall matrices,
% empty rows, variables kept, rows of different lengths (failure) and the errors on a partial
% list or row.
:- use_module(library(clpfd)).

main :-
    forall(member(M, [[], [[]], [[], []], [[1, 2, 3]], [[1], [2], [3]], [[1, 2], [3, 4]],
                      [[a, b, c], [d, e, f]], [[X, Y], [Y, X]], [[1, 2], [3]],
                      [[1], [2, 3]], [[], [1]]]),
           (   transpose(M, T)
           ->  print(M-T), nl
           ;   print(M-fails), nl
           )),
    ( transpose([[1, 2], [3, 4]], [[1, 3], [2, 4]]) -> writeln(checks) ; writeln(no) ),
    ( transpose([[1, 2], [3, 4]], [[1, 2], [3, 4]]) -> writeln(yes) ; writeln(wrong_fails) ),
    forall(member(G, [transpose(_, _), transpose([[1|_]], _), transpose([a], _)]),
           catch(( G -> writeln(G) ; writeln(fails) ), error(E, _), (print(E), nl))).
