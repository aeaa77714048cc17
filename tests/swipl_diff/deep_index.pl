% Clauses told apart two levels inside a list first argument (exercism's binary puzzle): the
% tail of the tail of `[_, _]` against `[X, Y, Z|Rest]`, and compounds that share their
% functor down to the place where they differ: the same answers (tests/it/jiti.rs checks that
% no choicepoint is left).
m([_, _]).
m([X, Y, Z|Rest]) :- \+ (X == Y, Y == Z), m([Y, Z|Rest]).
k(f(g(a, _))).
k(f(g(_, h(1)))).
k(f(g(b, h(2)))).
w(t(u(v(1, x)))).
w(t(u(v(2, y)))).
w(t(u(v(_, z)))).
det(G) :- ( G -> writeln(yes) ; writeln(no) ).
main :-
    det(m([1, 1, 0, 1, 0, 0])),
    det(m([1, 0])),
    ( m([1, 1, 1]) -> writeln(yes) ; writeln(no) ),
    det(k(f(g(a, h(3))))),
    findall(X, k(f(g(X, h(2)))), Xs), writeq(Xs), nl,
    findall(X-Y, w(t(u(v(X, Y)))), Ws), \+ \+ ( numbervars(Ws, 0, _), writeq(Ws), nl ),
    det(w(t(u(v(1, x))))),
    det(w(t(u(v(3, z))))),
    findall(L, (between(0, 5, N), length(L, N), m(L)), Ls), length(Ls, NL), writeq(NL), nl.
