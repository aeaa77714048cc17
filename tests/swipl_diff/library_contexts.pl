% The error terms that library predicates throw, context included: SWI-Prolog names a system
% predicate as system:Name/Arity, a library predicate checked by must_be/2 not at all, and
% some by the internal predicate that found the error.
:- use_module(library(aggregate)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(lists)).
:- use_module(library(ordsets)).

show(G) :-
    (   catch(G, E, true) -> true ; E = failed ),
    copy_term(G-E, G1-E1),
    numbervars(G1-E1, 0, _),
    (   E1 == failed -> print(failed(G1))
    ;   var(E) -> print(ok(G1))
    ;   print(E1)
    ),
    nl.

main :-
    forall(goal(G), show(G)).

goal(aggregate_all(_, true, _)).
goal(aggregate_all(count, _, _)).
goal(aggregate(_, true, _)).
goal(aggregate(count, _, _)).
goal(flag(_, _, 1)).
goal(flag(f(x), _, 1)).
goal(flag(1.5, _, 1)).
goal(flag("s", _, 1)).
goal(apply(_, [])).
goal(bagof(_, _, _)).
goal(setof(_, _, _)).
goal(forall(_, true)).
goal(current_op(1201, _, _)).
goal(current_op(a, _, _)).
goal(current_op(_, a, _)).
goal(current_op(_, _, f(x))).
goal(current_prolog_flag(1, _)).
goal(current_predicate(1)).
goal(current_predicate(a:1)).
goal(current_predicate(a:foo/b)).
goal(current_predicate(1:foo/1)).
goal(current_module(f(x))).
goal(current_arithmetic_function(1)).
goal(normalize_space(foo(_), "a")).
goal(normalize_space(atom(_), f(x))).
goal(normalize_space(_, "a")).
goal(random_member(_, [a|_])).
goal(random_member(_, a)).
goal(random_permutation(_, _)).
goal(random_permutation(a, _)).
goal(random_between(a, 1, _)).
goal(random_between(_, 1, _)).
goal(numlist(a, 1, _)).
goal(numlist(_, 1, _)).
goal(nth_integer_root_and_remainder(2, -1, _, _)).
goal(nth_integer_root_and_remainder(0, 1, _, _)).
goal(nth_integer_root_and_remainder(a, 1, _, _)).
goal(divmod(_, 1, _, _)).
goal(divmod(1, a, _, _)).
goal(format(_, "a", [])).
goal(numbervars(_, a, _)).
goal(numbervars(_, _, _)).
goal(nth0(a, [1], _)).
goal(nth1(a, [1], _)).
goal(nth0(a, [1], _, _)).
goal(nth1(a, [1], _, _)).
goal(nth1(0, [1], _, _)).
goal(nth0(-1, [1], _, _)).
goal(nth0(-1, [1], _)).
goal(with_output_to(_, true)).
goal(with_output_to(foo(_), true)).
goal(dcg_translate_rule(_, _)).
goal(dcg_translate_rule(a, _)).
goal(dcg_translate_rule((a --> 1), _)).
goal(phrase(_, [])).
goal(phrase(1, [])).
goal(phrase(foo, a)).
goal(phrase(foo, _, a)).
goal(retractall(1)).
goal(retractall(_)).
goal(length(a, _)).
goal(sum_list(a, _)).
goal(sumlist(a, _)).
goal(subtract(a, [], _)).
goal(union(a, [], _)).
goal(max_list(a, _)).
goal(max_member(_, a)).
goal(ord_union(a, [], _)).
goal(ord_subtract(a, [], _)).
goal(ord_subtract(a, [b], _)).
goal(ord_subtract(_, [], _)).
goal(ord_subtract([c], a, _)).
