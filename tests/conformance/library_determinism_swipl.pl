/*  Checks, under SWI-Prolog, that ply's Prolog library leaves no
    choicepoint where the answer is unique (the benchmarks depend on it).
    Load after swipl_ply_library.pl; check_with_swipl.sh runs it as its
    third pass:

        swipl -q tests/conformance/swipl_ply_library.pl \
                 tests/conformance/library_determinism_swipl.pl

    Each goal must succeed exactly once and leave no choicepoint, which
    call_cleanup/2 observes: its cleanup runs at once only when the goal
    exits deterministically.
*/

det_case(append([1, 2], [3], _)).
det_case(append([[1], [2]], _)).
det_case(member(c, [a, b, c])).
det_case(memberchk(b, [a, b, c])).
det_case(reverse([1, 2, 3], _)).
det_case(nth0(1, [a, b, c], _)).
det_case(nth1(3, [a, b, c], _)).
det_case(nth0(1, [a, b, c], _, _)).
det_case(nth1(1, [a, b, c], _, _)).
det_case(last([1, 2, 3], _)).
det_case(select(c, [a, b, c], _)).
det_case(selectchk(a, [a, b, a], _)).
det_case(subtract([1, 2, 3], [2], _)).
det_case(intersection([1, 2, 3], [2], _)).
det_case(union([1, 2], [2, 3], _)).
det_case(delete([a, b, a], a, _)).
det_case(exclude(==(a), [a, b], _)).
det_case(include(==(a), [a, b], _)).
det_case(partition(==(a), [a, b], _, _)).
det_case(maplist(atom, [a, b])).
det_case(maplist(succ, [1, 2], _)).
det_case(maplist(plus, [1, 2], [3, 4], _)).
det_case(foldl(plus, [1, 2, 3], 0, _)).
det_case(sum_list([1, 2, 3], _)).
det_case(max_list([1, 3, 2], _)).
det_case(min_list([1, 3, 2], _)).
det_case(max_member(_, [1, 3, 2])).
det_case(min_member(_, [1, 3, 2])).
det_case(numlist(1, 10, _)).
det_case(list_to_set([a, b, a], _)).
det_case(flatten([a, [b, [c]]], _)).
det_case(pairs_keys_values(_, [a, b], [1, 2])).
det_case(pairs_keys_values([a-1, b-2], _, _)).
det_case(pairs_keys([a-1], _)).
det_case(pairs_values([a-1], _)).
det_case(predsort(compare, [c, a, b], _)).
det_case(permutation([a], _)).
det_case(bagof(X, member(X, [c, a]), _)).
det_case(setof(X, member(X, [c, a]), _)).
det_case(bagof(X, member(X-_, [1-a, 2-a]), _)).
det_case(aggregate_all(count, member(_, [a, b]), _)).
det_case(aggregate_all(max(X), member(X, [1, 2]), _)).
det_case(phrase(([a], [b]), [a, b])).
det_case(list_to_ord_set([c, a, b], _)).
det_case(ord_union([a, c], [b, c, d], _)).
det_case(ord_union([[c], [a], [b]], _)).
det_case(ord_subtract([a, b, c], [b], _)).
det_case(ord_intersection([a, b, c], [b, c, d], _)).
det_case(ord_symdiff([a, b], [b, c], _)).
det_case(ord_memberchk(c, [a, b, c])).
det_case(ord_subset([a, c], [a, b, c])).
det_case(ord_selectchk(b, [a, b, c], _)).
det_case(ord_add_element([a, c], b, _)).
det_case(ord_del_element([a, b, c], b, _)).
det_case(list_to_assoc([c-3, a-1, b-2], _)).
det_case((list_to_assoc([c-3, a-1, b-2], A), get_assoc(b, A, _))).
det_case((list_to_assoc([c-3, a-1, b-2], A), put_assoc(d, A, 4, _))).
det_case((list_to_assoc([c-3, a-1, b-2], A), del_assoc(b, A, _, _))).
det_case((list_to_assoc([c-3, a-1, b-2], A), assoc_to_list(A, _))).
det_case((list_to_assoc([c-3, a-1, b-2], A), assoc_to_keys(A, _))).
det_case((list_to_assoc([c-3, a-1, b-2], A), max_assoc(A, _, _))).
det_case(must_be(list(integer), [1, 2])).
det_case(must_be(positive_integer, 3)).
det_case(must_be(boolean, true)).
det_case(is_of_type(text, abc)).
det_case(assertion(member(a, [a, b]))).
det_case(dcg_translate_rule((a --> [x], b, {c}, !), _)).

check_det(G) :-
    det_outcome(G, R),
    (   R == det
    ->  true
    ;   format("~w ~q~n", [R, G]),
        fail
    ).

%   Det is looked at before the cut that ends the call, since the cut
%   itself would run the cleanup.
det_outcome(G, R) :-
    (   catch(call_cleanup(G, Det = true), E, true),
        (   nonvar(E)
        ->  R = error(E)
        ;   Det == true
        ->  R = det
        ;   R = nondet
        ),
        !
    ;   R = failed
    ).

det_main :-
    findall(G, det_case(G), Gs),
    length(Gs, N),
    include(check_det, Gs, Ok),
    length(Ok, P),
    F is N - P,
    format("determinism: ~d deterministic, ~d not~n", [P, F]),
    (   F =:= 0
    ->  halt(0)
    ;   halt(1)
    ).

:- initialization(det_main).
