//! The sorting builtins (`sort/2`, `msort/2`, `sort/4`, `keysort/2`, `predsort/3`) and the
//! standard order (`compare/3`, `==`, `@<`) checked against a reference written in Prolog in
//! this file: a stable insertion sort over a standard order built from type tests, arithmetic
//! and character codes (only two variables are ordered by `compare/3`, which Prolog gives no
//! other way to order). The lists are random terms of every kind (atoms, small and big
//! integers, floats, strings, variables, compounds small and large, lists long enough to leave
//! the small comparison), drawn from a generator seeded in the program so that every run sorts
//! the same lists. Each check runs with the fast paths on and off, and what the builtins print
//! must be the same both ways.

use crate::support::capture;
use capture::{loaded, plain, run};

const PROGRAM: &str = r#"
next(S0, S) :- S is (S0 * 1103515245 + 12345) mod 2147483648.
pick(N, I, S0, S) :- next(S0, S), I is (S >> 8) mod N.

% term(Depth, Vars, T, S0, S): a random term T; Vars are the variables it may hold.
term(D, Vs, T, S0, S) :- pick(10, K, S0, S1), once(kind(K, D, Vs, T, S1, S)).

kind(0, _, _, A, S0, S) :- pick(7, I, S0, S), nth0(I, ['', a, ab, b, 'B', '[]', zz], A).
kind(1, _, _, N, S0, S) :- pick(21, I, S0, S), N is I - 10.
kind(2, _, _, F, S0, S) :- pick(6, I, S0, S), nth0(I, [0.5, -2.5, 1.0, 3.0, 0.0, 1.0e30], F).
kind(3, _, _, B, S0, S) :-
    pick(4, I, S0, S), nth0(I, [70, 64, -70, 100], E), B is sign(E) * 2 ** abs(E) + I.
kind(4, _, _, Str, S0, S) :- pick(4, I, S0, S), nth0(I, [a, ab, '', b], A), atom_string(A, Str).
kind(5, _, Vs, V, S0, S) :- length(Vs, N), pick(N, I, S0, S), nth0(I, Vs, V).
kind(6, D, Vs, T, S0, S) :-
    D > 0, D1 is D - 1,
    pick(3, I, S0, S1), nth0(I, [f, g, 'B'], F),
    pick(3, A0, S1, S2), A is A0 + 1, length(Args, A),
    terms(Args, D1, Vs, S2, S), T =.. [F|Args].
kind(7, D, Vs, [H|T], S0, S) :- D > 0, D1 is D - 1, term(D1, Vs, H, S0, S1), term(D1, Vs, T, S1, S).
kind(8, _, _, L, S0, S) :- pick(24, N, S0, S1), length(L, N), small_ints(L, S1, S).
kind(9, _, _, T, S0, S) :- length(Args, 18), ab(Args, S0, S), T =.. [w|Args].
kind(_, _, _, a, S, S).

terms([], _, _, S, S).
terms([T|Ts], D, Vs, S0, S) :- term(D, Vs, T, S0, S1), terms(Ts, D, Vs, S1, S).
small_ints([], S, S).
small_ints([X|Xs], S0, S) :- pick(3, X, S0, S1), small_ints(Xs, S1, S).
ab([], S, S).
ab([X|Xs], S0, S) :- pick(2, I, S0, S1), nth0(I, [a, b], X), ab(Xs, S1, S).

rlist(L, S0, S) :-
    Vs = [_, _, _],
    pick(4, Shape, S0, S1),
    ( Shape =:= 0 -> pick(120, N, S1, S2) ; pick(14, N, S1, S2) ),
    length(L, N), terms(L, 2, Vs, S2, S).

% The reference standard order.
ref_compare(O, A, B) :-
    rank(A, RA), rank(B, RB),
    (   RA < RB -> O = (<)
    ;   RA > RB -> O = (>)
    ;   same_rank(RA, O, A, B)
    ).
rank(X, 0) :- var(X), !.
rank(X, 1) :- number(X), !.
rank(X, 2) :- string(X), !.
rank(X, 3) :- atom(X), !.
rank(_, 4).
same_rank(0, O, A, B) :- compare(O, A, B).
same_rank(1, O, A, B) :-
    (   A < B -> O = (<)
    ;   A > B -> O = (>)
    ;   float(A), integer(B) -> O = (<)
    ;   integer(A), float(B) -> O = (>)
    ;   O = (=)
    ).
same_rank(2, O, A, B) :- string_codes(A, CA), string_codes(B, CB), codes_order(CA, CB, O).
same_rank(3, O, A, B) :- atom_order(O, A, B).
same_rank(4, O, A, B) :-
    functor(A, FA, NA), functor(B, FB, NB),
    (   NA < NB -> O = (<)
    ;   NA > NB -> O = (>)
    ;   atom_order(O0, FA, FB), O0 \= (=) -> O = O0
    ;   args_order(1, NA, A, B, O)
    ).
atom_order(O, A, B) :- atom_codes(A, CA), atom_codes(B, CB), codes_order(CA, CB, O).
codes_order([], [], =).
codes_order([], [_|_], <).
codes_order([_|_], [], >).
codes_order([X|Xs], [Y|Ys], O) :-
    (   X < Y -> O = (<)
    ;   X > Y -> O = (>)
    ;   codes_order(Xs, Ys, O)
    ).
args_order(I, N, _, _, =) :- I > N, !.
args_order(I, N, A, B, O) :-
    arg(I, A, X), arg(I, B, Y), ref_compare(O0, X, Y),
    (   O0 = (=) -> I1 is I + 1, args_order(I1, N, A, B, O)
    ;   O = O0
    ).

% The reference sort: stable insertion on the key (0: the whole element), ascending or
% descending, and keeping the first of each run of equal keys when asked.
ref_sort(L, K, Dir, Dedupe, S) :-
    isort(L, K, Dir, [], S0),
    ( Dedupe == true -> dedup(S0, K, S) ; S = S0 ).
isort([], _, _, S, S).
isort([X|Xs], K, D, Acc, S) :- ins(Acc, X, K, D, Acc1), isort(Xs, K, D, Acc1, S).
ins([], X, _, _, [X]).
ins([Y|Ys], X, K, D, R) :-
    key(K, X, KX), key(K, Y, KY), ref_compare(O0, KY, KX), dir(D, O0, O),
    (   O = (>) -> R = [X, Y|Ys]
    ;   R = [Y|R1], ins(Ys, X, K, D, R1)
    ).
dir(asc, O, O).
dir(desc, O0, O) :- reverse_order(O0, O).
reverse_order(<, >).
reverse_order(=, =).
reverse_order(>, <).
key(0, X, X) :- !.
key(K, X, Y) :- arg(K, X, Y).
dedup([], _, []).
dedup([X|Xs], K, [X|R]) :- skip(Xs, X, K, Rest), dedup(Rest, K, R).
skip([Y|Ys], X, K, R) :- key(K, X, KX), key(K, Y, KY), ref_compare(=, KX, KY), !, skip(Ys, X, K, R).
skip(L, _, _, L).

same(A, B) :- ref_compare(=, A, B).

numbered([], _, []).
numbered([X|Xs], I, [f(X, I)|Ys]) :- I1 is I + 1, numbered(Xs, I1, Ys).
paired([], []).
paired([f(K, I)|Xs], [K-I|Ys]) :- paired(Xs, Ys).

order_option(@<, asc, true).
order_option(@=<, asc, false).
order_option(@>, desc, true).
order_option(@>=, desc, false).

% check_list(L): every builtin sorts L (and numbered pairs of its elements) as the reference.
check_list(L) :-
    ref_sort(L, 0, asc, true, Set), sort(L, S1), must(same(S1, Set), sort(L)),
    ref_sort(L, 0, asc, false, Bag), msort(L, M1), must(same(M1, Bag), msort(L)),
    predsort(ref_compare, L, P1), must(same(P1, Set), predsort(L)),
    numbered(L, 0, NL),
    forall(order_option(Ord, Dir, Dd),
           (   ref_sort(L, 0, Dir, Dd, R0), sort(0, Ord, L, X0), must(same(X0, R0), sort(0, Ord, L)),
               ref_sort(NL, 1, Dir, Dd, R1), sort(1, Ord, NL, X1), must(same(X1, R1), sort(1, Ord, NL)),
               ref_sort(NL, 2, Dir, Dd, R2), sort(2, Ord, NL, X2), must(same(X2, R2), sort(2, Ord, NL))
           )),
    paired(NL, KL), ref_sort(NL, 1, asc, false, RK), paired(RK, WantK),
    keysort(KL, GotK), must(same(GotK, WantK), keysort(KL)),
    check_pairs(L).

% compare/3, ==, \==, @< and @>= on neighbours of L agree with the reference.
check_pairs([A, B|T]) :- !,
    ref_compare(O, A, B), compare(O1, A, B), must(O == O1, compare(A, B)),
    ( O == (=) -> must(A == B, A == B), must(\+ A \== B, A \== B)
    ; must(\+ A == B, \+ A == B), must(A \== B, A \== B) ),
    ( O == (<) -> must(A @< B, A @< B) ; must(A @>= B, A @>= B) ),
    check_pairs([B|T]).
check_pairs(_).

must(G, _) :- call(G), !.
must(_, What) :- print(failed(What)), nl, fail.

check(N) :- check(N, 1, 0).
check(0, _, Done) :- !, print(checked(Done)), nl.
check(N, S0, Done) :-
    rlist(L, S0, S), check_list(L), N1 is N - 1, Done1 is Done + 1, check(N1, S, Done1).

% show(N): the sorted forms of N random lists, to be compared between machines.
show(0, _) :- !.
show(N, S0) :-
    rlist(L, S0, S), sort(L, A), msort(L, B), sort(0, @>=, L, C), numbered(L, 0, NL),
    sort(1, @>, NL, D), print(r(A, B, C, D)), nl, N1 is N - 1, show(N1, S).
"#;

#[test]
fn sorting_and_comparison_agree_with_the_reference_in_prolog() {
    for on in [true, false] {
        let mut m = loaded(PROGRAM, "sorting.pl", on);
        let out = run(&mut m, "check(200)");
        assert_eq!(out.trim(), "checked(200)", "fast paths on: {on}");
    }
}

#[test]
fn sorted_lists_print_the_same_with_the_fast_paths_on_and_off() {
    let mut on = loaded(PROGRAM, "sorting.pl", true);
    let mut off = loaded(PROGRAM, "sorting.pl", false);
    let a = run(&mut on, "show(60, 7)");
    let b = run(&mut off, "show(60, 7)");
    assert_eq!(a.lines().count(), 60, "{a}");
    assert_eq!(plain(&a), plain(&b));
}

/// Goals about errors, bound outputs and cyclic terms, whose printed answers are compared
/// between machines and checked for the error each must raise.
const EDGE_GOALS: &[(&str, &str)] = &[
    (
        "catch(sort([b,a|_], _), E, true), print(E)",
        "instantiation_error",
    ),
    (
        "catch(msort(_, _), E, true), print(E)",
        "instantiation_error",
    ),
    (
        "catch(sort([b,a|c], _), E, true), print(E)",
        "type_error(list,[b,a|c])",
    ),
    (
        "catch(msort(foo, _), E, true), print(E)",
        "type_error(list,foo)",
    ),
    (
        "catch(sort([b,a], [a|foo]), E, true), print(E)",
        "type_error(list,[a|foo])",
    ),
    (
        "catch(keysort([b-1,x], _), E, true), print(E)",
        "type_error(pair,x)",
    ),
    (
        "catch(keysort([b-1,_], _), E, true), print(E)",
        "instantiation_error",
    ),
    (
        "catch(keysort([b-1|_], _), E, true), print(E)",
        "instantiation_error",
    ),
    (
        "catch(sort(2, @<, [f(b,1), f(a)], _), E, true), print(E)",
        "type_error(compound,f(a))",
    ),
    (
        "catch(sort(1, @<, [f(b,1), a], _), E, true), print(E)",
        "type_error(compound,a)",
    ),
    (
        "catch(sort(1, @<, [f(b,1), _], _), E, true), print(E)",
        "instantiation_error",
    ),
    (
        "catch(sort(1, foo, [f(b,1)], _), E, true), print(E)",
        "domain_error(order,foo)",
    ),
    (
        "catch(sort(-1, @<, [f(b,1)], _), E, true), print(E)",
        "domain_error(not_less_than_zero,-1)",
    ),
    (
        "catch(sort(1, 1, [f(b,1)], _), E, true), print(E)",
        "type_error(atom,1)",
    ),
    (
        "catch(compare(foo, 1, 2), E, true), print(E)",
        "domain_error(order,foo)",
    ),
    (
        "catch(compare(1, 1, 2), E, true), print(E)",
        "type_error(atom,1)",
    ),
    ("X = [b,a|X], sort(X, S), print(S)", "[a,b]"),
    ("X = [b,a|X], sort(0, @>, X, S), print(S)", "[b,a]"),
    (
        "X = [b,a|X], catch(msort(X, _), error(E, _), true), functor(E, N, _), print(N)",
        "type_error",
    ),
    ("A = f(A), B = f(B), compare(O, A, B), print(O)", "="),
    ("A = f(a, A), B = f(b, B), compare(O, A, B), print(O)", "<"),
    ("A = [x|A], B = [x,x,y|B], compare(O, A, B), print(O)", "<"),
    (
        "A = f(A), B = f(B), (A == B -> print(same) ; print(differ))",
        "same",
    ),
    ("compare(<, 1, 2), print(yes)", "yes"),
    ("(compare(=, 1, 2) -> print(yes) ; print(no))", "no"),
    ("sort([b,a], [a,b]), print(yes)", "yes"),
    ("(sort([b,a], [b,a]) -> print(yes) ; print(no))", "no"),
    (
        "atom_string(s, S), sort(0, @>=, [1, 1.0, S, 2, b, f(x)], L), print(L)",
        "[f(x),b,\"s\",2,1,1.0]",
    ),
    (
        "keysort([b-1,a-2,b-0,a-1], L), print(L)",
        "[a-2,a-1,b-1,b-0]",
    ),
    (
        "sort(1, @>=, [f(1,a),f(2,b),f(1,c)], L), print(L)",
        "[f(2,b),f(1,a),f(1,c)]",
    ),
    (
        "sort(1, @>, [f(1,a),f(2,b),f(1,c)], L), print(L)",
        "[f(2,b),f(1,a)]",
    ),
];

#[test]
fn errors_and_cyclic_terms_answer_as_expected_with_the_fast_paths_on_and_off() {
    let mut on = loaded("", "empty.pl", true);
    let mut off = loaded("", "empty.pl", false);
    for (goal, want) in EDGE_GOALS {
        let (a, b) = (run(&mut on, goal), run(&mut off, goal));
        assert!(a.contains(want), "{goal}: {a}");
        assert_eq!(plain(&a), plain(&b), "{goal}");
    }
}
