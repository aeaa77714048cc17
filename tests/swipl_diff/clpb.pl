% library(clpb): sat/1, taut/2, labeling/1 and sat_count/2, and the residual goals of the
% constraints copy_term/3 gives, written with lettered variables.
:- use_module(library(clpb)).

show(Vars, Goal) :-
    (   call(Goal)
    ->  copy_term(Vars, Copy, Gs),
        numbervars(Copy-Gs, 0, _),
        print(Copy-Gs), nl
    ;   writeln(false)
    ).

queens(N, Qs) :-
    length(Rows, N),
    maplist(row(N), Rows),
    transpose_(Rows, Cols),
    maplist(one, Rows),
    maplist(one, Cols),
    diagonals(Rows, N),
    append(Rows, Qs).

row(N, R) :- length(R, N).
one(Vs) :- sat(card([1], Vs)).
transpose_([[]|_], []) :- !.
transpose_(Rs, [C|Cs]) :- maplist([[H|T], H, T]>>true, Rs, C, Rs1), transpose_(Rs1, Cs).

diagonals(Rows, _) :-
    findall(I-J, (nth1(I, Rows, R), nth1(J, R, _)), Cells),
    findall(K1-K2, ( nth0(K1, Cells, I1-J1), nth0(K2, Cells, I2-J2),
                     I1 < I2, abs(I1 - I2) =:= abs(J1 - J2) ), Pairs),
    append(Rows, Vs),
    maplist(not_both(Vs), Pairs).

not_both(Vs, K1-K2) :-
    nth0(K1, Vs, V1),
    nth0(K2, Vs, V2),
    sat(~(V1 * V2)).

main :-
    show([X,Y], sat(X+Y)),
    show([X1,Y1], (sat(X1#Y1), X1 = 1)),
    show([X2,Y2], sat(X2*Y2)),
    show([X3,Y3], sat(X3 =< Y3)),
    show([A,B,C], sat(card([1],[A,B,C]))),
    show([X4,Y4], (sat(X4+Y4), X4 = 0)),
    show([X5,T5], taut(X5 + ~X5, T5)),
    show([X6,Y6], sat(~(X6*Y6))),
    show([X7,Y7], sat(X7#Y7)),
    show([X8,Y8], sat(X8 =:= Y8)),
    show([X9,Y9], sat(X9+Y9)),
    show([P,Q,R], sat(+[P,Q,R])),
    show([X10,Y10], (sat(X10+Y10), sat(X10#Y10))),
    show([], sat(1)),
    show([], sat(0)),
    show([X11,Y11,Z11,N11], (sat(X11+Y11), sat_count(X11+Y11+Z11, N11))),
    show([N12], (length(L12, 8), sat(card([1], L12)), sat_count(+L12, N12))),
    show([T13], (taut(_X13*_Y13, T13) ; T13 = none)),
    show([T14], (sat(X14+Y14), taut(X14+Y14, T14))),
    show([T15], (sat(X15), taut(~X15, T15))),
    findall(L, (length(L, 3), sat(card([2], L)), labeling(L)), Ls),
    print(Ls), nl,
    show([N16], (length(L16, 10), sat_count(card([3,5-6], L16), N16))),
    show([N17], (queens(4, Qs4), sat_count(+[1|Qs4], N17))),
    show([N18], (queens(5, Qs5), sat_count(+[1|Qs5], N18))),
    findall(Qs6, (queens(4, Qs6), labeling(Qs6)), S6), print(S6), nl,
    show([N19], (length(L19, 4), sat_count(*(L19), N19))).
