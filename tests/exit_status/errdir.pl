:- X is 1/0.
p.
