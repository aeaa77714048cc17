% Ten clauses with ten different syntax errors, between good clauses.
good(1).
bad1(X) :- X = = 1.
good(2).
bad2 :- foo(a b).
good(3).
bad3 :- [1,2|3|4].
good(4).
bad4 :- X = [a, b.
good(5).
bad5 :- f(a,).
good(6).
bad6 :- ).
good(7).
bad7 :- X = 'abc\qdef'.
good(8).
bad8 :- X = 1.2.3.
good(9).
bad9 :- { a, b .
good(10).
bad10 :- X == .
good(11).
