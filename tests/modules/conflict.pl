% Two modules export q/0: the second import is refused, the first stays.
:- use_module(c1).
:- use_module(c2).
main :- q.
