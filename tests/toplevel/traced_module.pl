% A module whose predicates the tracer shows as swipl does, qualified: lm:p(1), lm:q(1).
:- module(traced_module, [p/1]).
p(X) :- q(X), X > 0.
q(1).
q(2).
