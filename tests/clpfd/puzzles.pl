% Classic puzzles over library(clpfd): each prints what it finds, and swipl prints the same.
:- use_module(library(clpfd)).

puzzle([S,E,N,D] + [M,O,R,E] = [M,O,N,E,Y]) :-
    Vars = [S,E,N,D,M,O,R,Y],
    Vars ins 0..9,
    all_different(Vars),
    S*1000 + E*100 + N*10 + D + M*1000 + O*100 + R*10 + E #=
    M*10000 + O*1000 + N*100 + E*10 + Y,
    M #\= 0, S #\= 0.

queens(N, Qs) :-
    length(Qs, N),
    Qs ins 1..N,
    safe(Qs).

safe([]).
safe([Q|Qs]) :- no_attack(Q, Qs, 1), safe(Qs).

no_attack(_, [], _).
no_attack(Q, [Q1|Qs], D) :-
    Q #\= Q1,
    abs(Q - Q1) #\= D,
    D1 is D + 1,
    no_attack(Q, Qs, D1).

sudoku(Rows) :-
    length(Rows, 9), maplist(same_length(Rows), Rows),
    append(Rows, Vs), Vs ins 1..9,
    maplist(all_distinct, Rows),
    transpose(Rows, Columns),
    maplist(all_distinct, Columns),
    Rows = [As,Bs,Cs,Ds,Es,Fs,Gs,Hs,Is],
    blocks(As, Bs, Cs), blocks(Ds, Es, Fs), blocks(Gs, Hs, Is).

blocks([], [], []).
blocks([N1,N2,N3|Ns1], [N4,N5,N6|Ns2], [N7,N8,N9|Ns3]) :-
    all_distinct([N1,N2,N3,N4,N5,N6,N7,N8,N9]),
    blocks(Ns1, Ns2, Ns3).

problem(1, [[_,_,_,_,_,_,_,_,_],
            [_,_,_,_,_,3,_,8,5],
            [_,_,1,_,2,_,_,_,_],
            [_,_,_,5,_,7,_,_,_],
            [_,_,4,_,_,_,1,_,_],
            [_,9,_,_,_,_,_,_,_],
            [5,_,_,_,_,_,_,7,3],
            [_,_,2,_,1,_,_,_,_],
            [_,_,_,_,4,_,_,_,9]]).

magic(Sq) :-
    Sq = [A,B,C,D,E,F,G,H,I],
    Sq ins 1..9,
    all_different(Sq),
    A+B+C #= 15, D+E+F #= 15, G+H+I #= 15,
    A+D+G #= 15, B+E+H #= 15, C+F+I #= 15,
    A+E+I #= 15, C+E+G #= 15.

main :-
    puzzle(P), P = ([S,E,N,D]+[M,O,R,E]=_), label([S,E,N,D,M,O,R]),
    format("send_more: ~w~n", [P]),
    findall(Qs, (queens(8, Qs), label(Qs)), All), length(All, NQ),
    format("queens 8: ~w~n", [NQ]),
    forall(member(Qs, All), format("queens: ~w~n", [Qs])),
    problem(1, Rows), sudoku(Rows), maplist(labeling([ff]), Rows),
    forall(member(Row, Rows), format("sudoku: ~w~n", [Row])),
    findall(Sq, (magic(Sq), label(Sq)), Sqs), length(Sqs, NM),
    format("magic 3: ~w~n", [NM]),
    forall(member(Sq, Sqs), format("magic: ~w~n", [Sq])),
    once((queens(12, Q12), labeling([ff], Q12))),
    format("queens 12 first: ~w~n", [Q12]).
