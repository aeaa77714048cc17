//! Clauses that open with tests and a cut (`Instr::TestAlt` for a whole clause): a call tries such a first
//! candidate, and the ones after it, without pushing its choicepoint. The answers must be those
//! of the same program with the fast paths off, which pushes it: type tests, comparisons, `==`,
//! constants in heads, predicates of three clauses and more, guards that fail after their head
//! has bound a variable (which must be unbound again for the next clause), floats and errors
//! (which the general path decides), cuts, and backtracking into later clauses. A probe native
//! that declares itself a test shows that the choicepoint is not pushed while the tests run.

use crate::support::capture;
use capture::run;
use ply::machine::db::PredKind;
use ply::machine::instr::{Instr, WHOLE_CLAUSE};
use ply::machine::Machine;
use ply::system::machine_with_fast_paths;
use ply::term::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Multi-clause predicates whose clauses open with tests and a cut, and some that do not.
const PROGRAM: &str = r#"
max(X, Y, X) :- X >= Y, !.
max(_, Y, Y).

classify(X, atom) :- atom(X), !.
classify(X, integer) :- integer(X), !.
classify(X, float) :- float(X), !.
classify(X, var) :- var(X), !.
classify(X, list) :- is_list(X), !.
classify(X, compound) :- compound(X), !.
classify(_, other).

% The tested argument is the second: each test's argument is moved into the first register,
% which the next clause reads.
kind(atomic, X) :- atomic(X), X \== [], !.
kind(callable, X) :- callable(X), !.
kind(ground, X) :- ground(X), !.
kind(nonvar, X) :- nonvar(X), !.
kind(none, _).

order(X, Y, same) :- X == Y, !.
order(X, Y, before) :- X @< Y, !.
order(X, Y, after) :- X @> Y, !.

variant(X, Y, yes) :- X =@= Y, !.
variant(X, Y, apart) :- X \= Y, !.
variant(_, _, no).

tone(red, N, warm) :- N > 0, !.
tone(blue, N, cold) :- N > 0, !.
tone(_, 0, none) :- !.
tone(C, N, C-N).

sign(X, pos) :- X > 0, !.
sign(X, neg) :- X < 0, !.
sign(X, zero) :- X =:= 0, !.
sign(_, nan).

% After the cut, the clause goes on as compiled.
step(X, Y) :- X > 10, !, Y is X - 10.
step(X, Y) :- X > 0, !, Y = small(X).
step(_, none).

% A first clause whose tests fail, then clauses without tests that leave alternatives.
r(X, t) :- X > 5, !.
r(_, u).
r(_, v).
r(X, w) :- X < 5, !.
r(_, z).

% A first clause of guards in a disjunction whose last alternative moves an argument into
% another argument register before a unification that fails or needs the general path: the
% next clause must find the arguments as the call gave them (Bratko's insert_sorted/3).
ins(X, L, _) :- var(X), !, fail ; var(L), !, fail ; L = [Y|_], var(Y), !, fail.
ins(X, [], [X]) :- !.
ins(X, [Y|L], [X,Y|L]) :- X @< Y, !.
ins(X, [Y|L], [Y|L1]) :- ins(X, L, L1).

% A head that unifies two arguments: compound values need the general path.
same(X, X) :- !.
same(_, _).

% The textbook's choice of the better position (figure 15.3), as a student may write it: plain
% clauses instead of a disjunction, other names, another argument order.
better(V0, P0, V1, _, P0, V0) :- min_to_move(P0), V0 > V1, !.
better(V0, P0, V1, _, P0, V0) :- max_to_move(P0), V0 < V1, !.
better(_, _, V1, P1, P1, V1).

search(Pos, Best, Val) :- moves(Pos, List), !, best(List, Best, Val).
search(Pos, _, Val) :- staticval(Pos, Val).

best([Pos], Pos, Val) :- search(Pos, _, Val), !.
best([Pos1 | Rest], Best, BestVal) :-
    search(Pos1, _, Val1),
    best(Rest, Pos2, Val2),
    better(Val1, Pos1, Val2, Pos2, Best, BestVal).
"#;

/// Goals whose printed answers are compared; each prints all its solutions.
const GOALS: &[&str] = &[
    "findall(M, (member(X-Y, [1-2, 3-1, 2-2, 7-(-3)]), max(X, Y, M)), L), writeq(L)",
    // Floats and mixed numbers are compared by the comparison predicate.
    "findall(M, (member(X-Y, [1.5-1, 1-1.5, 2-2.0, 2.0-2]), max(X, Y, M)), L), writeq(L)",
    // The head binds the third argument before the test fails: the second clause must find
    // it unbound again, and a bound one that differs fails both.
    "max(1, 3, M), writeq(M)",
    "M = 1, (max(1, 3, M) -> write(yes) ; write(no))",
    "M = 3, max(3, 1, M), writeq(M)",
    "findall(M, max(1, 3, M), L), writeq(L)",
    // Errors are raised as the comparison raises them.
    "catch(max(a, 1, _), error(E, _), true), writeq(E)",
    "catch(max(1, a, _), error(E, _), true), writeq(E)",
    "catch(max(_, 1, _), error(E, _), true), writeq(E)",
    "catch(max(X, X, _), error(E, _), true), writeq(E)",
    "catch(max(1, foo + 1, _), error(E, _), true), writeq(E)",
    "findall(X-K, (member(X, [a, 1, 2.5, _, [], [1, 2], f(x), \"s\", 9999999999999999999999]), \
     classify(X, K)), L), writeq(L)",
    "findall(K, classify(f(_), K), L), writeq(L)",
    "classify(X, K), writeq(X-K)",
    "findall(K-X, (member(X, [a, [], f(_), f(a), _, 3, \"s\"]), kind(K, X)), L), writeq(L)",
    "findall(K, kind(K, g(1)), L), writeq(L)",
    "kind(callable, X), writeq(X)",
    "findall(K, (kind(K, foo), K == atomic), L), writeq(L)",
    "findall(O, (member(X-Y, [a-a, a-b, b-a, f(X1)-f(X1), f(_)-f(_), 1-1.0]), order(X, Y, O)), \
     L), writeq(L)",
    "findall(V, (member(X-Y, [f(A)-f(B), f(a)-f(b), f(a)-f(_), g-g]), variant(X, Y, V)), L), \
     writeq(L)",
    "findall(T, (member(C-N, [red-1, blue-2, red-0, green-0, green-3, blue-(-1)]), \
     tone(C, N, T)), L), writeq(L)",
    "findall(C-T, tone(C, 1, T), L), writeq(L)",
    "catch(tone(red, _, _), error(E, _), true), writeq(E)",
    "catch(tone(red, x, T), error(E, _), true), writeq(E-T)",
    "findall(S, (member(X, [3, -2, 0, 0.0, -0.5, 1.0e10]), sign(X, S)), L), writeq(L)",
    "findall(Y, (member(X, [15, 4, -1, 10.5]), step(X, Y)), L), writeq(L)",
    "findall(Y, r(1, Y), L), writeq(L)",
    "findall(Y, r(7, Y), L), writeq(L)",
    "findall(Y, r(5, Y), L), writeq(L)",
    "catch(findall(Y, r(_, Y), L), error(E, _), true), writeq(E/L)",
    "findall(Z, (member(X-L, [a-[], b-[a,c], c-[a,b], d-[_], _-[]]), ins(X, L, Z)), R), \
     writeq(R)",
    "same(f(A), f(b)), writeq(A)",
    "findall(x, same(f(a), f(b)), L), writeq(L)",
    "findall(A-B, same(A, B), L), writeq(L)",
    "findall(x, same(1, 1.0), L), writeq(L)",
    // The student's minimax against the textbook's, over the same tree.
    "initial_position(tictactoe, 3, P), search(P, B, V), минимакс(P, B2, V2), \
     (B == B2 -> writeq(V/V2) ; write(differ))",
    "initial_position(tictactoe, 9, P), moves(P, [Q | _]), search(Q, B, V), writeq(B/V)",
];

/// A machine with the fast paths on or off and [`PROGRAM`] loaded, with the textbook minimax.
fn loaded(on: bool) -> Machine {
    let mut m = machine_with_fast_paths(on);
    assert_eq!(m.services.fast_paths, on);
    m.consult_text(PROGRAM, "shallow_clauses.pl", None);
    capture::consult_textbook(&mut m);
    m
}

#[test]
fn clauses_of_tests_answer_as_with_the_fast_paths_off() {
    let mut on = loaded(true);
    let mut off = loaded(false);
    for goal in GOALS {
        let (a, b) = (run(&mut on, goal), run(&mut off, goal));
        assert!(!a.is_empty(), "{goal}: {a}");
        // Fresh variables are named by heap addresses, which depend on what the fast paths
        // compile.
        assert_eq!(capture::plain(&a), capture::plain(&b), "{goal}");
    }
}

#[test]
fn the_answers_are_the_expected_ones() {
    let mut m = loaded(true);
    let cases: &[(&str, &str)] = &[
        (GOALS[0], "[2,3,2,7]"),
        (GOALS[1], "[1.5,1.5,2,2.0]"),
        (GOALS[2], "3"),
        (GOALS[3], "no"),
        (GOALS[6], "type_error(evaluable,a/0)"),
        (GOALS[8], "instantiation_error"),
        ("findall(Y, r(1, Y), L), writeq(L)", "[u,v,w]"),
        ("findall(Y, r(7, Y), L), writeq(L)", "[t]"),
        (
            "findall(Y, (member(X, [15, 4, -1]), step(X, Y)), L), writeq(L)",
            "[5,small(4),none]",
        ),
        ("ins(a, [], Z), writeq(Z)", "[a]"),
        ("ins(b, [a, c], Z), writeq(Z)", "[a,b,c]"),
        ("same(f(A), f(b)), writeq(A)", "b"),
        ("findall(x, same(f(a), f(b)), L), writeq(L)", "[x]"),
    ];
    for (goal, want) in cases {
        assert_eq!(run(&mut m, goal), *want, "{goal}");
    }
}

/// How many clauses of tests the code area holds.
fn tests(m: &Machine) -> usize {
    m.program
        .code
        .iter()
        .filter(|i| {
            matches!(
                i,
                Instr::TestAlt {
                    alt: WHOLE_CLAUSE,
                    ..
                }
            )
        })
        .count()
}

#[test]
fn the_compiler_marks_clauses_of_tests_only_with_the_fast_paths_on() {
    let program = "m(X, Y, X) :- X >= Y, !.\nm(_, Y, Y).\n\
                   c(X, a) :- atom(X), !.\nc(X, n) :- number(X), !.\nc(_, o).\n\
                   k(T, X) :- integer(X), !, T = i.\nk(o, _).\n\
                   n(X, Y) :- X > 0, Y is X - 1.\nn(_, 0).\n\
                   g(f(X), X) :- !.\ng(_, none).\n";
    let mut on = machine_with_fast_paths(true);
    let mut off = machine_with_fast_paths(false);
    let (before_on, before_off) = (tests(&on), tests(&off));
    on.consult_text(program, "marks.pl", None);
    off.consult_text(program, "marks.pl", None);
    // m/3's first clause, c/2's first two, k/2's first; not n/2 (no cut), g/2 (a compound in
    // the head) or any last clause without a cut.
    assert_eq!(tests(&on) - before_on, 4);
    assert_eq!(tests(&off) - before_off, 0);
}

/// Whether calls of `name/arity` look for a first clause of tests (`ClauseList::defers`).
fn defers(m: &mut Machine, name: &str, arity: usize) -> bool {
    let a = m.atoms.intern(name);
    let pid = m.lookup_pred(a, arity).expect("a defined predicate");
    match &m.pred(pid).kind {
        PredKind::Clauses(list) => list.defers(),
        _ => false,
    }
}

#[test]
fn only_a_predicate_with_a_clause_of_tests_looks_for_one() {
    let program = "m(X, Y, X) :- X >= Y, !.\nm(_, Y, Y).\n\
                   n(X, Y) :- X > 0, Y is X - 1.\nn(_, 0).\n";
    let mut on = machine_with_fast_paths(true);
    let mut off = machine_with_fast_paths(false);
    on.consult_text(program, "flags.pl", None);
    off.consult_text(program, "flags.pl", None);
    assert!(defers(&mut on, "m", 3));
    assert!(!defers(&mut on, "n", 2));
    assert!(!defers(&mut off, "m", 3));
    // A clause of tests asserted later is looked for from then on, and the answers follow.
    assert_eq!(
        run(&mut on, "assertz((q(X) :- X > 1, !)), assertz(q(_))"),
        ""
    );
    assert!(defers(&mut on, "q", 1));
    assert_eq!(run(&mut on, "findall(x, q(2), L), writeq(L)"), "[x]");
    assert_eq!(run(&mut on, "findall(x, q(0), L), writeq(L)"), "[x]");
}

/// The choicepoint stack's height that `probe/1` saw at its last call.
static SEEN: AtomicUsize = AtomicUsize::new(usize::MAX);

#[test]
fn a_first_clause_of_tests_runs_with_no_choicepoint_pushed() {
    for on in [true, false] {
        let mut m = machine_with_fast_paths(on);
        // A native that declares itself a test: it succeeds when its argument is `yes`, and
        // notes how many choicepoints there are when it runs.
        m.def_native("probe", 1, |m, a| {
            SEEN.store(m.stacks.choices.len(), Ordering::Relaxed);
            let yes = Cell::atom(m.atoms.intern("yes"));
            Ok(m.stacks.heap.deref(a[0]) == yes)
        });
        m.mark_shallow_native("probe", 1, 0);
        m.consult_text(
            "p(X, first) :- probe(X), !.\np(_, second).\n",
            "probe.pl",
            None,
        );
        assert_eq!(run(&mut m, "probe(no)"), " !false");
        let outside = SEEN.load(Ordering::Relaxed);
        assert_eq!(run(&mut m, "p(yes, R), write(R)"), "first");
        let inside = SEEN.load(Ordering::Relaxed);
        if on {
            assert_eq!(inside, outside, "no choicepoint while the tests run");
        } else {
            assert_eq!(inside, outside + 1, "the call's choicepoint");
        }
        // Failing tests go on to the next clause as backtracking would.
        assert_eq!(run(&mut m, "p(no, R), write(R)"), "second");
        let inside = SEEN.load(Ordering::Relaxed);
        assert_eq!(inside, outside + usize::from(!on));
    }
}
