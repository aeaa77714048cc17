p(X) :- freeze(X, q), X = 1, r.
q.
r.
