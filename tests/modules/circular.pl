% Two modules import each other.
:- use_module(circ1).
main :- a(3), catch(b(1), error(E, _), (print(E), nl)), circ2:b(2).
