p(X) :- q(X), r(X).
q(1).
s :- p(_), zap(1, 2).
t :- q(_), zap(3, 4).
t :- r(2).
u :- catch(zap(5, 6), _, true).
w :- findall(X, (q(X), \+ nope(X)), _), forall(q(Y), write(Y)).
