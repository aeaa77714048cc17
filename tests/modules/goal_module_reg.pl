% A registry module whose hook other modules extend, and a runner that calls a goal it is
% given through a body variable (both run the goal in the module of the clause).
:- module(goal_module_reg, [go/2, run_var/1, run_conj/1]).
:- multifile hook/2.
go(K, X) :- hook(K, X).
run_var(G) :- G.
run_conj(G) :- \+ \+ G, (G, true).
