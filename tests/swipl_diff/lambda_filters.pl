% Lambdas given to include/3, exclude/3 and partition/4 (compiled at load: the closure gets
% one more argument), convlist/3, and library(clpfd)'s indomain/1 and chain/2, as Project
% Euler solutions call them.
:- use_module(library(yall)).
:- use_module(library(apply)).
:- use_module(library(clpfd)).

evens(M, L) :- include({M}/[X]>>(0 is X mod M), [1,2,3,4,5,6], L).
odds(L) :- exclude([X]>>(0 is X mod 2), [1,2,3,4,5,6], L).
split(I, E) :- partition([X]>>(X > 3), [1,2,3,4,5,6], I, E).
fd_evens(M, L) :- include({M}/[X]>> #=(mod(X, M), 0), [1,2,3,4,5,6], L).
halves(L) :- convlist([X, Y]>>(0 is X mod 2, Y is X // 2), [1,2,3,4,5,6], L).
inverse(L) :- convlist([X, Y]>>(X =\= 0, Y is 12 / X), [0,1,2,3,0,4], L).

main :-
    evens(3, A), writeln(A),
    odds(B), writeln(B),
    split(I, E), writeln(I-E),
    fd_evens(2, F), writeln(F),
    halves(H), writeln(H),
    inverse(V), writeln(V),
    X in 1..4, findall(X, indomain(X), Xs), writeln(Xs),
    length(Zs, 3), Zs ins 1..4, chain(Zs, #<), findall(Zs, label(Zs), Ls), writeln(Ls),
    length(Ws, 3), Ws ins 0..2, chain(Ws, #>=), Ws = [2|_], findall(Ws, label(Ws), Ms),
    length(Ms, NM), writeln(NM),
    catch(chain([1,2], foo), Err, (print(Err), nl)),
    catch(indomain(_), Err2, (print(Err2), nl)),
    catch(convlist(nope, [1], _), error(Err3, _), (print(Err3), nl)).
