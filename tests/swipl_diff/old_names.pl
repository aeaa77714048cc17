% Old names SWI-Prolog still answers to: string_to_list/2 (string_codes/2, both ways) and
% library(ordsets)' ord_intersect/3 (ord_intersection/3).
main :-
    string_to_list("abc", L1), print(L1), nl,
    string_to_list(S2, [0'h, 0'i]), print(S2), nl,
    ord_intersect([a, c, e, g], [b, c, d, g], I), print(I), nl,
    ( ord_intersect([a], [b], []) -> writeln(empty) ; writeln(not_empty) ).
