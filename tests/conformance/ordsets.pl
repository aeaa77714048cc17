% Ordered sets (library(ordsets)): lists sorted in the standard order of
% terms without duplicates; elements are told apart by ==, never unified.

t(list_to_ord_set([c, a, b, a], S), sols(S, [[a, b, c]])).
t(list_to_ord_set([], S), sols(S, [[]])).
t(list_to_ord_set([f(x), 1, b, 2.0, 1, 1.0], S), sols(S, [[1.0, 1, 2.0, b, f(x)]])).
t(list_to_ord_set([X, Y, X], S), sols(S, [[X, Y]])).
t(list_to_ord_set(a, S), error(type_error(list, a))).
t(list_to_ord_set([a|_], S), error(instantiation_error)).

t(ord_empty([]), true).
t(ord_empty(S), sols(S, [[]])).
t(ord_empty([a]), fail).

t(ord_memberchk(b, [a, b, c]), true).
t(ord_memberchk(d, [a, b, c]), fail).
t(ord_memberchk(a, []), fail).
t(ord_memberchk(0, [a, b, c]), fail).
t(ord_memberchk(X, [a, b]), fail).
t(ord_memberchk(f(X), [f(a), f(b)]), fail).
t(ord_memberchk(1, [1.0]), fail).
t(ord_memberchk(e, [a, b, c, d, e, f, g, h, i]), true).
t(ord_memberchk(i, [a, b, c, d, e, f, g, h, i]), true).
t(ord_memberchk(ee, [a, b, c, d, e, f, g, h, i]), fail).

t(ord_union([a, c], [b, c, d], U), sols(U, [[a, b, c, d]])).
t(ord_union([], [a], U), sols(U, [[a]])).
t(ord_union([a], [], U), sols(U, [[a]])).
t(ord_union([1], [1.0], U), sols(U, [[1.0, 1]])).
t(ord_union([a, b], [a, b], U), sols(U, [[a, b]])).
t(ord_union([a, c], [b, c, d], U, New), sols(U-New, [[a, b, c, d]-[b, d]])).
t(ord_union([[c], [a, b], [b, d]], U), sols(U, [[a, b, c, d]])).
t(ord_union([], U), sols(U, [[]])).
t(ord_union([[x]], U), sols(U, [[x]])).
t(ord_union([[e], [d], [c], [b], [a]], U), sols(U, [[a, b, c, d, e]])).

t(ord_add_element([a, c], b, S), sols(S, [[a, b, c]])).
t(ord_add_element([a, c], c, S), sols(S, [[a, c]])).
t(ord_add_element([], x, S), sols(S, [[x]])).
t(ord_del_element([a, b, c], b, S), sols(S, [[a, c]])).
t(ord_del_element([a, b, c], x, S), sols(S, [[a, b, c]])).
t(ord_del_element([], x, S), sols(S, [[]])).

t(ord_selectchk(b, [a, b, c], R), sols(R, [[a, c]])).
t(ord_selectchk(x, [a, b, c], R), fail).
t(ord_selectchk(a, [a], R), sols(R, [[]])).
t(ord_selectchk(X, [a, b, c], R), sols(X-R, [a-[b, c]])).

t(ord_subtract([a, b, c], [b], D), sols(D, [[a, c]])).
t(ord_subtract([a, b, c], [], D), sols(D, [[a, b, c]])).
t(ord_subtract([], [a], D), sols(D, [[]])).
t(ord_subtract([a, b, c, d], [0, b, d, e], D), sols(D, [[a, c]])).
t(ord_subtract([X, Y], [Y], D), sols(X-D, [X-[X]])).

t(ord_intersection([a, b, c], [b, c, d], I), sols(I, [[b, c]])).
t(ord_intersection([a], [b], I), sols(I, [[]])).
t(ord_intersection([], [b], I), sols(I, [[]])).
t(ord_intersection([a, b, c], [b, c, d], I, D), sols(I-D, [[b, c]-[d]])).
t(ord_intersection([[a, b, c], [b, c], [c, d]], I), sols(I, [[c]])).
t(ord_intersection([[a, b]], I), sols(I, [[a, b]])).
t(ord_intersection([], I), fail).
t(ord_intersection(a, I), error(type_error(list, a))).

t(ord_intersect([a, b], [b, c]), true).
t(ord_intersect([a, b], [c]), fail).
t(ord_intersect([], [a]), fail).
t(ord_disjoint([a, b], [c]), true).
t(ord_disjoint([a, b], [b]), fail).
t(ord_disjoint([], []), true).

t(ord_subset([], [a]), true).
t(ord_subset([a, c], [a, b, c]), true).
t(ord_subset([a, d], [a, b, c]), fail).
t(ord_subset([a], []), fail).
t(ord_seteq([a, b], [a, b]), true).
t(ord_seteq([a], [a, b]), fail).

t(ord_symdiff([a, b, c], [b, d], D), sols(D, [[a, c, d]])).
t(ord_symdiff([], [a], D), sols(D, [[a]])).
t(ord_symdiff([a], [a], D), sols(D, [[]])).

% An unbound set, or one that is no list, is an error naming the goal that met it, as in
% SWI-Prolog's library.
t(ord_union(_, [a], _), error(existence_error(matching_rule, ordsets:ord_union(_, [a], _)))).
t(ord_union([a], _, _), error(existence_error(matching_rule, ordsets:union2(_, a, [], _)))).
t(ord_union([], _, X), sols(X, [_])).
t(ord_subtract(_, [a], _), error(existence_error(matching_rule, ordsets:ord_subtract(_, [a], _)))).
t(ord_subtract([], _, X), sols(X, [[]])).
