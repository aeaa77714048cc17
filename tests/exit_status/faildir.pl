:- fail.
p.
