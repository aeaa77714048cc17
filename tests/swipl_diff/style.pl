% style_check/1 silences singleton and discontiguous warnings for the rest of this file.
:- style_check(-singleton).
a(X) :- true.
b(X) :- (true ; X = 1).
c(_A) :- _A = 1.
d :- \+ foo(X).
foo(_).
:- style_check(-discontiguous).
e(1).
f(1).
e(2).
