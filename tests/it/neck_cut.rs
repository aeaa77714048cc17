//! Clauses whose head has structures or lists and whose body starts with a cut, such as
//! `d(U+V, X, DU+DV) :- !, d(U, X, DU), d(V, X, DV).`, the call entry's commonest work in the
//! derivative programs of the classic suite: candidates picked by the first argument, narrowed
//! (or, when the call leaves every narrowing argument unbound, entered as picked: see
//! `Pick::may_narrow`), a choicepoint, the head, the cut. The answers must be those of the same
//! program with the fast paths off, which neither picks nor narrows: heads in read mode (a
//! structure in the call) and write mode (a variable bound to a new structure), output
//! arguments bound and unbound, heads that fail halfway after binding a variable or overwriting
//! an argument register, attributed variables bound by a head (freeze and dif wake), the cut's
//! commitment, errors after the cut, bindings older than a choicepoint (trailed, undone on
//! backtracking), and heap collections among such calls.

use crate::support::capture::{assert_answers, assert_same, loaded, run};

/// Predicates of neck-cut clauses with structure and list heads, with and without a frame.
const PROGRAM: &str = r#"
d(U+V, X, DU+DV) :- !, d(U, X, DU), d(V, X, DV).
d(U-V, X, DU-DV) :- !, d(U, X, DU), d(V, X, DV).
d(U*V, X, DU*V+U*DV) :- !, d(U, X, DU), d(V, X, DV).
d(U/V, X, (DU*V-U*DV)/(^(V, 2))) :- !, d(U, X, DU), d(V, X, DV).
d(^(U, N), X, DU*N*(^(U, N1))) :- !, integer(N), N1 is N-1, d(U, X, DU).
d(-U, X, -DU) :- !, d(U, X, DU).
d(exp(U), X, exp(U)*DU) :- !, d(U, X, DU).
d(log(U), X, DU/U) :- !, d(U, X, DU).
d(X, X, 1) :- !.
d(_, _, 0).

% The first clause's head overwrites the first argument register (its structure's argument
% is moved there) before the second argument fails to match: the next clause reads both
% arguments as the call gave them.
sw(f(X), g(Y), Z) :- !, Z = X-Y.
sw(A, B, other(A, B)).

% The first argument is bound to a new structure, then the second fails: the next clause
% must find the first unbound again.
% A binding in read mode, of an attributed variable too.
sw2(f(1), R) :- !, R = one.
sw2(g(2, X), R) :- !, R = X.
sw2(_, other).

h(f(_), a) :- !, write(first).
h(Y, b) :- var(Y), !, write(unbound).
h(Y, _) :- write(bound(Y)).

% Lists in heads, read and write mode, with constants inside.
lst([a, X | T], X, T) :- !.
lst([b | T], b, T) :- !.
lst(_, none, []).

% After the cut, the clause is committed: a failure later does not reach the next clause.
c(f(X)) :- !, X > 5.
c(_).

% An error after the cut of a clause with a frame.
e(g(X), Y) :- !, Y is X + 1, _ is Y + foo.
e(_, none).

% A structure head with the same variable twice: compound values go to the general path.
twice(p(X, X), same) :- !.
twice(_, differ).

% Deterministic walks over long terms (for collections and for trailed bindings).
walk(node(_, L), s(S)) :- !, walk(L, S).
walk(nil, z).
count(s(X), N0, N) :- !, N1 is N0 + 1, count(X, N1, N).
count(z, N, N).
tree(0, nil) :- !.
tree(N, node(N, L)) :- M is N - 1, tree(M, L).
gwalk(node(N, L), s(S)) :- !, ( N mod 5000 =:= 0 -> garbage_collect ; true ), gwalk(L, S).
gwalk(nil, z).
"#;

/// Goals whose printed answers are compared; each prints all its solutions.
const GOALS: &[&str] = &[
    // Read mode: the expressions of the classic benchmark.
    "d((x+1)*((x^2+2)*(x^3+3)), x, D), writeq(D)",
    "d(log(log(log(x))), x, D), writeq(D)",
    "d(((x/x)/x)/x, x, D), writeq(D)",
    "findall(D, d(x*x - exp(x) + -x, x, D), L), writeq(L)",
    // Write mode in the third argument, read mode in a bound one.
    "findall(x, d(a+b, x, 0+0), L), writeq(L)",
    "findall(x, d(a+b, x, 1+0), L), writeq(L)",
    "D = _*_, d(x*x, x, D), writeq(D)",
    "D = _+_, d(x*x, x, D), writeq(D)",
    "findall(x, d(x*x, x, 0), L), writeq(L)",
    "findall(D, d(x*x, x, D), L), writeq(L)",
    // Halfway failures.
    "sw(f(1), g(2), R), writeq(R)",
    "sw(f(1), h(2), R), writeq(R)",
    "sw(X, h(2), R), writeq(X/R)",
    "sw(X, Y, R), writeq(X/Y/R)",
    "h(Z, b), write(' '), writeq(Z)",
    "h(Z, a), writeq(Z)",
    "h(f(1), c)",
    "findall(X-T, lst([a, 1, 2], X, T), L), writeq(L)",
    "findall(X-T, lst([b, 1, 2], X, T), L), writeq(L)",
    "findall(X-T, lst([c], X, T), L), writeq(L)",
    "findall(Z-X-T, lst(Z, X, T), L), writeq(L)",
    "findall(Z, lst(Z, b, [q]), L), writeq(L)",
    // The cut commits.
    "findall(x, c(f(7)), L), writeq(L)",
    "findall(x, c(f(1)), L), writeq(L)",
    "findall(x, c(g(1)), L), writeq(L)",
    "catch(findall(X, c(X), L), error(E, _), true), writeq(E/L)",
    // Errors after the cut.
    "catch(e(g(a), Y), error(E, _), true), writeq(E-Y)",
    "catch(e(g(1), Y), error(E, _), true), writeq(E-Y)",
    "catch(e(h, Y), error(E, _), true), writeq(E-Y)",
    // Compound values unified by the head.
    "twice(p(f(A), f(b)), R), writeq(A/R)",
    "twice(p(f(a), f(b)), R), writeq(R)",
    "twice(p(1, 1.0), R), writeq(R)",
    // Attributed variables bound by a head wake as on the general path.
    "freeze(E, (write(woke(E)), nl)), lst(E, X, T), writeq(E/X/T)",
    "freeze(V, (write(woke(V)), nl)), lst([V, 2], X, T), writeq(V/X/T)",
    "freeze(V, fail), findall(V-X, lst(V, X, _), L), writeq(L)",
    "dif(E, [a|_]), findall(E-X-T, lst(E, X, T), L), writeq(L)",
    "dif(Z, a), findall(Z-X-T, lst([Z|T0], X, T), L), writeq(L-T0)",
    "dif(A, b), findall(R, twice(p(f(A), f(b)), R), L), writeq(L)",
    "freeze(A, fail), findall(R, sw2(f(A), R), L), writeq(L)",
    "freeze(A, true), findall(R, sw2(f(A), R), L), writeq(L)",
    "freeze(A, (write(woke(A)), nl)), sw2(g(A, 2), R), writeq(A/R)",
    // Bindings older than a choicepoint: trailed when the head commits.
    "tree(3, T1), tree(5, T2), findall(N, (member(T, [T1, T2, T1]), walk(T, S), \
     count(S, 0, N)), L), writeq(L)",
    "tree(4, T1), tree(2, T2), (member(T, [T1, T2]), walk(T, S), count(S, 0, N), \
     write(N), nl, fail ; true)",
    // Collections among such calls.
    "tree(30000, T), gwalk(T, S), count(S, 0, N), writeq(N)",
    "tree(20000, T), (member(K, [1, 2]), gwalk(T, S), count(S, 0, N), \
     write(K-N), nl, fail ; true)",
];

#[test]
fn neck_cut_heads_answer_as_with_the_fast_paths_off() {
    let mut on = loaded(PROGRAM, "neck_cut.pl", true);
    let mut off = loaded(PROGRAM, "neck_cut.pl", false);
    for goal in GOALS {
        assert!(!run(&mut on, goal).is_empty(), "{goal}");
    }
    assert_same(&mut on, &mut off, GOALS);
}

#[test]
fn neck_cut_heads_give_the_expected_answers() {
    let mut m = loaded(PROGRAM, "neck_cut.pl", true);
    assert_answers(
        &mut m,
        &[
            (
                "d(log(log(log(x))), x, D), writeq(D)",
                "1/x/log(x)/log(log(x))",
            ),
            ("D = _+_, d(x*x, x, D), writeq(D)", "1*x+x*1"),
            ("sw(f(1), h(2), R), writeq(R)", "other(f(1),h(2))"),
            ("h(Z, b), write(' '), writeq(Z)", "unbound _"),
            ("findall(x, c(f(1)), L), writeq(L)", "[]"),
            (
                "catch(e(g(1), Y), error(E, _), true), writeq(E-Y)",
                "type_error(evaluable,foo/0)-_",
            ),
            ("twice(p(f(A), f(b)), R), writeq(A/R)", "b/same"),
            (
                "freeze(E, (write(woke(E)), nl)), lst(E, X, T), writeq(E/X/T)",
                "woke([a,_|_])\n[a,_|_]/_/_",
            ),
            (
                "dif(Z, a), findall(Z-X-T, lst([Z|T0], X, T), L), writeq(L-T0)",
                "[b-b-_]-_",
            ),
            (
                "freeze(A, fail), findall(R, sw2(f(A), R), L), writeq(L)",
                "[other]",
            ),
            (
                "tree(3, T1), tree(5, T2), findall(N, (member(T, [T1, T2, T1]), walk(T, S), \
                 count(S, 0, N)), L), writeq(L)",
                "[3,5,3]",
            ),
            (
                "tree(30000, T), gwalk(T, S), count(S, 0, N), writeq(N)",
                "30000",
            ),
        ],
    );
}
