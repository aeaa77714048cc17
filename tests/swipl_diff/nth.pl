% nth0/3 and nth1/3 with a bound index: proper, partial and improper lists, indexes past the
% end, a bound element, and a list longer than one native walk of the cells skips.
main :-
    numlist(1, 10, L),
    forall(member(G, [nth0(3, L, _), nth1(3, L, _), nth0(10, L, _), nth1(0, L, _),
                      nth0(2, _, _), nth1(3, [a|_], _), nth0(1, [a, b|c], _),
                      nth0(2, [a, b|c], _), nth0(-1, L, _), nth0(9, L, 10), nth0(9, L, 11),
                      nth0(2, [a, _, c], x), nth1(2, [a, _, c], x), nth1(_, [a, b, c], b),
                      nth0(a, L, _)]),
           (   catch(findall(G, G, Gs), error(E, _), (print(E), nl, fail))
           ->  print(Gs), nl
           ;   true
           )),
    numlist(1, 3000000, Big),
    nth0(2999999, Big, X0), nth1(2500001, Big, X1), print(X0-X1), nl,
    length(Open0, 1500000), append(Open0, _, Open), nth0(2000000, Open, e),
    nth1(2000001, Open, Y), Open = [_|T], nth0(1999999, T, Z), print(Y-Z), nl.
