//! Clause selection and meta-calls answer the same with the fast paths on and off: predicates of
//! many clauses with first-argument keys of every kind (atoms, integers, floats, compound terms,
//! lists, variables) in mixed order, short and long lists narrowed by later arguments, dynamic
//! predicates changed while a call walks them (the logical update view), and goals built and
//! called at run time (`call/N`, `findall/3`, `bagof/3`, `setof/3`, `forall/2`).
//!
//! With the fast paths on, long lists are looked up in hash tables, short ones narrowed by bit
//! masks and left alone where no later column can narrow them; with them off, every call scans
//! its list by the first argument only. Each goal prints all its solutions, in order.

use crate::support::capture;
use capture::run;
use ply::machine::Machine;

/// The predicates the goals call; `table/2` is made by `make_table/1` in the goals.
const PROGRAM: &str = r#"
k(a, 1). k(1, 2). k(1.5, 3). k(f(x), 4). k([a], 5). k([], 6). k(_, 7). k(g(a, b), 8).
k(b, 9). k(2, 10). k(f(y), 11). k([b, c], 12). k(2.5, 13). k(a, 14). k(_, 15). k(h, 16).
k("str", 17). k(f(x, y), 18). k(-3, 19). k(99999999999999999999, 20).

short(a, x, 1). short(a, y, 2). short(b, x, 3). short(_, x, 4). short(a, _, 5).

walk([], [], 1).
walk([X|Xs], [X|Ys], 2) :- walk(Xs, Ys, _).
walk(L, [y|Ys], 3) :- walk(L, Ys, _).
walk([X|Xs], [Y|Ys], 4) :- X \== Y, walk(Xs, Ys, _).

long(a, p, 1). long(b, q, 2). long(c, p, 3). long(d, r, 4). long(a, q, 5). long(e, p, 6).
long(f, s, 7). long(a, p, 8). long(g, t, 9). long(_, p, 10). long(h, q, 11). long(a, r, 12).

sq(1, 1). sq(2, 4). sq(3, 9). sq(4, 16). sq(5, 25). sq(6, 36). sq(7, 49). sq(8, 64).
sq(9, 81). sq(10, 100). sq(11, 121). sq(12, 144).

:- dynamic d/2.
d(1, one). d(2, two). d(3, three).

:- dynamic table/2.
make_table(N) :- retractall(table(_, _)), forall(between(1, N, I), (K is I * I, assertz(table(K, I)))).

interp(true) :- !.
interp((A, B)) :- !, interp(A), interp(B).
interp((A ; B)) :- !, (interp(A) ; interp(B)).
interp(G) :- call(G).

add(X, Y, Z) :- Z is X + Y.
twice(G, X, Z) :- call(G, X, Y), call(G, Y, Z).
"#;

/// Goals whose printed answers are compared.
const GOALS: &[&str] = &[
    "findall(X-N, k(X, N), L), numbervars(L, 0, _), writeq(L)",
    "findall(N, (member(X, [a, 1, 1.5, f(x), [a], [], g(a, b), b, 2, f(y), [b, c], 2.5, h, \
     \"str\", f(x, y), -3, 99999999999999999999, zz, 7, 3.5, f(z), q(1), [c]]), k(X, N)), L), \
     writeq(L)",
    "findall(X-N, (k(X, N), N > 10), L), numbervars(L, 0, _), writeq(L)",
    "findall(N, k(f(_), N), L), writeq(L)",
    "findall(N, k([_|_], N), L), writeq(L)",
    "findall(X-Y-N, short(X, Y, N), L), numbervars(L, 0, _), writeq(L)",
    "findall(N, short(a, x, N), L), writeq(L)",
    "findall(N, short(a, z, N), L), writeq(L)",
    "findall(X-N, short(X, y, N), L), numbervars(L, 0, _), writeq(L)",
    "findall(N, short(c, x, N), L), writeq(L)",
    "findall(N, short(c, q, N), L), writeq(L)",
    "findall(Y-N, (between(0, 3, I), length(Y, I), walk([a, b], Y, N)), L), writeq(L)",
    "findall(N, walk([a], [b], N), L), writeq(L)",
    "findall(N, walk([], [y, y], N), L), writeq(L)",
    "findall(X-N, walk(X, [], N), L), writeq(L)",
    "findall(X-N, long(X, p, N), L), numbervars(L, 0, _), writeq(L)",
    "findall(Y-N, long(a, Y, N), L), writeq(L)",
    "findall(N, long(a, p, N), L), writeq(L)",
    "findall(N, long(z, p, N), L), writeq(L)",
    "findall(N, long(z, q, N), L), writeq(L)",
    "findall(X-Y, long(X, Y, 7), L), numbervars(L, 0, _), writeq(L)",
    "findall(X-Y, sq(X, Y), L), writeq(L)",
    "findall(Y, (between(0, 14, X), sq(X, Y)), L), writeq(L)",
    "make_table(300), findall(I, (member(K, [1, 4, 5, 289, 90000, 0, 1.0]), table(K, I)), L), \
     writeq(L)",
    "make_table(50), retract(table(49, _)), asserta(table(49, first)), assertz(table(49, last)), \
     findall(I, table(49, I), L), writeq(L)",
    "make_table(40), findall(K, (table(K, I), I > 35, assertz(table(K, again))), L), \
     findall(I, table(1521, I), M), writeq(L-M)",
    "make_table(40), findall(K, (table(K, I), I < 5, retract(table(_, 3))), L), writeq(L)",
    "findall(X-W, (d(X, W), X < 3, assertz(d(X, copy))), L), findall(X-W, d(X, W), M), \
     writeq(L/M)",
    "findall(X, (d(X, _), retract(d(3, _))), L), findall(X-W, d(X, W), M), writeq(L/M)",
    "findall(X, (retract(d(X, copy)), X > 0), L), writeq(L)",
    "findall(Z, (member(G, [add(1), add(10)]), call(G, 5, Z)), L), writeq(L)",
    "twice(add(3), 1, Z), writeq(Z)",
    "G = k(X, N), findall(X-N, (call(G), integer(X)), L), numbervars(L, 0, _), writeq(L)",
    "findall(N, (member(G, [k(a), short(a, x), long(a, p)]), call(G, N)), L), writeq(L)",
    "findall(X-Y-N, interp((k(X, N), N > 15 ; short(a, Y, N))), L), numbervars(L, 0, _), \
     writeq(L)",
    "(bagof(X-N, short(X, x, N), L), numbervars(L, 0, _), writeq(L), nl, fail ; true)",
    "(bagof(N, short(X, Y, N), L), numbervars(X-Y-L, 0, _), writeq(X-Y-L), nl, fail ; true)",
    "(setof(N, X^long(X, Y, N), L), writeq(Y-L), nl, fail ; true)",
    "setof(X-S, setof(Y, N^long(X, Y, N), S), L), numbervars(L, 0, _), writeq(L)",
    "forall(k(X, N), (integer(N) ; writeq(X))), write(ok)",
    "findall(A, (member(A, [a, b, zz]), \\+ k(A, _)), L), writeq(L)",
    "aggregate_all(count, k(_, _), C), aggregate_all(sum(N), long(_, p, N), S), writeq(C/S)",
];

/// A machine with the fast paths on or off and [`PROGRAM`] loaded.
fn loaded(on: bool) -> Machine {
    capture::loaded(PROGRAM, "index_select.pl", on)
}

#[test]
fn selection_and_meta_calls_answer_the_same_with_the_fast_paths_on_and_off() {
    let mut on = loaded(true);
    let mut off = loaded(false);
    for goal in GOALS {
        let (a, b) = (run(&mut on, goal), run(&mut off, goal));
        assert!(!a.is_empty() && !a.contains(" !"), "{goal}: {a}");
        assert_eq!(a, b, "{goal}");
    }
}

#[test]
fn long_tables_find_every_key_and_only_its_clauses() {
    // A table long enough to be hashed, asked for keys it has, keys it lacks and a variable.
    let mut m = loaded(true);
    assert_eq!(
        run(
            &mut m,
            "make_table(200), findall(I, (member(K, [1, 400, 401, 40000]), table(K, I)), L), \
             writeq(L)"
        ),
        "[1,20,200]"
    );
    assert_eq!(
        run(&mut m, "aggregate_all(count, table(_, _), C), writeq(C)"),
        "200"
    );
    assert_eq!(
        run(&mut m, "findall(N, k(a, N), L), writeq(L)"),
        "[1,7,14,15]"
    );
    assert_eq!(run(&mut m, "findall(N, k(zz, N), L), writeq(L)"), "[7,15]");
    assert_eq!(
        run(&mut m, "findall(N, short(a, z, N), L), writeq(L)"),
        "[5]"
    );
}
