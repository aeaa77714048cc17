% Factorials by plain recursion: a big integer times a small one, thousands of times, then
% the result's size by msb/1 and its last digits by mod.

top :-
    fact(6000, F),
    msb(F) =:= 66655,
    F mod 1000000007 =:= 969117405.

fact(0, 1) :- !.
fact(N, F) :-
    N1 is N - 1,
    fact(N1, F1),
    F is N * F1.
