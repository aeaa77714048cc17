:- module(circ2, [b/1]).
:- use_module(circ1).
b(N) :- N > 0, writeln(b(N)), N1 is N - 1, a(N1).
b(0).
