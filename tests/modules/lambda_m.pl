:- module(lambda_m, [go/2]).
secret(1, one).
secret(2, two).
twice(X, Y) :- Y is 2 * X.
user:other_go(L) :- maplist([N, W]>>secret(N, W), [2], L).
go(maplist, L) :- maplist([N, W]>>secret(N, W), [1, 2], L).
go(foldl, S) :- foldl([X, A0, A]>>(twice(X, Y), A is A0 + Y), [1, 2, 3], 0, S).
go(call, W) :- F = [N, V]>>secret(N, V), call(F, 2, W).
go(nested, L) :- maplist([X, Y]>>maplist([A, B]>>secret(A, B), X, Y), [[1], [2, 1]], L).
go(qualified, W) :- call([N, V]>>(lambda_m:secret(N, V)), 1, W).
go(zero, ok) :- call([]>>secret(1, one)).
go(other, L) :- user:other_go(L).
