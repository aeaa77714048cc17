% Clauses for goal_module_reg's hook written in another module: their bodies, and the goals
% their meta-predicates are given, run here, where helper/1 and digits//1 are.
:- module(goal_module_day, [local/1]).
:- use_module(goal_module_reg).
goal_module_reg:hook(plain, X) :- helper(X).
goal_module_reg:hook(once, X) :- once(helper(X)).
goal_module_reg:hook(findall, X) :- findall(Y, helper(Y), X).
goal_module_reg:hook(phrase, X) :- phrase(digits(X), [0'1, 0'2]).
goal_module_reg:hook(forall, yes) :- forall(helper(Y), integer(Y)).
goal_module_reg:hook(var, X) :- G = helper(X), G.
local(X) :- G = helper(X), call_it(G).
call_it(G) :- G.
helper(42).
digits([D|T]) --> [D], !, digits(T).
digits([]) --> [].
