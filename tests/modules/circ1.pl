:- module(circ1, [a/1]).
:- use_module(circ2).
a(N) :- N > 0, writeln(a(N)), N1 is N - 1, b(N1).
a(0).
