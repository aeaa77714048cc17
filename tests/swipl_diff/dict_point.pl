% Functions on dicts tagged `dict_point`, defined with `:=` (used by dict_functions.pl).
:- module(dict_point, []).

M.multiply(F) := dict_point{x:X, y:Y} :- X is M.x*F, Y is M.y*F.
M.len() := Len :- Len is sqrt(M.x**2 + M.y**2).
M.kind() := small :- M.x < 10, !.
_.kind() := big.
M.each() := V :- member(V, [M.x, M.y]).
M.twice() := M.multiply(2).
M.sum() := M.x + M.y.
M.swap() := dict_point{x:M.y, y:M.x}.
