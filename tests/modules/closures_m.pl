:- module(closures_m, [go/2, apply2/3]).
:- meta_predicate apply2(2, ?, ?).
:- dynamic fact/2.
fact(1, uno).
fact(2, dos).
pair(X, Y) :- Y = X-X.
first(X, Y) :- member(Y, X), !.
hidden(1, secret).
apply2(G, X, Y) :- call(G, X, Y).
choose(a, 1).
choose(b, 2).
choose(c, 3).
% Each goal calls a closure that the module qualifies (closures_m:G) with extra arguments.
go(local, Y) :- call(pair, a, Y).
go(args, Y) :- call(pair(b), Y).
go(library, Y) :- call(succ, 3, Y).
go(imported, Y) :- call(append([1]), [2], Y).
go(dynamic, L) :- findall(X-Y, call(fact, X, Y), L).
go(cut, Y) :- call(first, [p, q], Y).
go(all, L) :- findall(K-V, call(choose, K, V), L).
go(meta, Y) :- call(apply2, pair, c, Y).
go(meta_decl, Y) :- apply2(pair, d, Y).
go(control, Y) :- call(',', true, Y = done).
go(user, Y) :- call(user:user_pair, e, Y).
go(other, Y) :- call(closures_n:n_pair, f, Y).
go(nested, Y) :- call(closures_n:closures_m:pair, g, Y).
go(undefined, Y) :- call(no_such, h, Y).
go(findall, L) :- call(findall, X, member(X, [k, l]), L).
go(maplist, L) :- maplist(pair, [m, n], L).
