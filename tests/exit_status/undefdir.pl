:- foo(1).
p.
