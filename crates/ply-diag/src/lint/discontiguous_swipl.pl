foo(1).
bar.
foo(2).
baz.
foo(3).
bar2.
:- dynamic d/1.
d(1).
bar3.
d(2).
:- discontiguous e/0.
e.
bar4.
e.
bar.
f :- true.
:- initialization(true).
f :- true.
