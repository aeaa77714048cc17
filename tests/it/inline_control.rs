//! Control constructs inside a clause body compiled in the clause itself (`compile/inline.rs`):
//! if-then-else, soft-cut and disjunction. The answers must be those of the same program with
//! the fast paths off, where each construct is an auxiliary predicate: nested constructs, ones
//! in the middle of a body, cuts in branches (which cut the clause) and in conditions (local to
//! them), variables bound in one branch only, backtracking into the then branch and into a
//! disjunction after the goals that follow it, errors raised in conditions, negation, and
//! conditions of tests that run without a choicepoint.

use crate::support::capture;
use capture::run;
use ply::machine::instr::Instr;
use ply::machine::Machine;
use ply::system::machine_with_fast_paths;
use std::sync::atomic::{AtomicUsize, Ordering};

const PROGRAM: &str = r#"
sign3(X, Y) :- Z = X, (Z > 0 -> Y = pos ; Z < 0 -> Y = neg ; Y = zero), true.
pick(L, R) :- length(L, N), (N > 2 -> member(R, L) ; R = short).
kind(X, R) :- (atom(X) -> R = atom ; integer(X) -> R = int ; R = other), write(R), nl.
shape(X, Y) :- (X = f(Y) ; X = g(Y) ; X = h), true.
first_big(X, R) :- (member(X, [1,2,3]), X > 1 -> R = found(X) ; R = none), true.
size(X, R) :- (X > 0 -> (X > 10 -> R = big ; R = small) ; R = neg), true.
cut_then(X, R) :- (X > 0 -> !, R = pos ; R = nonpos), true.
cut_then(_, fallback).
cut_else(X, R) :- (X > 0 -> R = pos ; !, R = nonpos), true.
cut_else(_, fallback).
cut_or(X, R) :- (X = 1, ! ; X = 2), R = X.
cut_or(3, three).
soft(X, R) :- (member(X, [1,2,3]) *-> R = yes(X) ; R = no), true.
soft_none(R) :- (fail *-> R = yes ; R = no), true.
soft_plain(X) :- (member(X, [a,b]) *-> true), true.
one_side(X, R) :- (X > 0 -> true ; W = 5), (var(W) -> R = unbound ; R = W).
one_side2(X, R) :- (X > 0 -> W = a ; true), R = W.
else_only(X, R) :- (X > 0 -> true ; W = f(V), V = 1), R = W.
caught(X, R) :- (catch(X > 0, _, fail) -> R = ok ; R = err).
then_cut(X, R) :- (X > 0 -> R = ok ; R = no), !.
then_cut(_, second).
negated(X, R) :- (\+ X = a -> R = nota ; R = isa), true.
negated2(X, R) :- \+ (X = a ; X = b), R = other.
local_cut(X, R) :- ((X = 1 ; X = 2), !, true -> R = one(X) ; R = none), true.
local_cut2(X, R) :- ((!, fail) -> R = then ; R = else(X)), true.
sum(L, S) :- sum(L, 0, S).
sum([], S, S).
sum([X|Xs], A, S) :- (X > 0 -> A1 is A + X ; A1 = A), sum(Xs, A1, S).
names(X, R) :- W = w, (X == 1 -> V = one ; X == 2 -> V = two ; V = many), R = W-V.
two(X, R) :- (X > 0 -> R = a ; R = b), (X > 5 -> write(big) ; write(small)), nl.
alts(X, R) :- (X = 1, R = a ; X = 2, R = b ; R = c), integer(X).
throws(X) :- (X > 0 -> throw(pos) ; true).
in_catch(X, R) :- catch((X > 1 -> R = big ; R = small), E, (R = caught(E))).
after_call(X, R) :- id(X, Y), (Y = a -> R = 1 ; Y = b -> R = 2 ; R = 3), id(R, _).
id(X, X).
order(X, R) :- (X @< m -> R = lt ; R = ge), true.
digit(X, R) :- (X > 0, X < 10 -> R = digit ; R = other), true.
num(X, R) :- (X =:= 1 -> R = one ; X =:= 2.0 -> R = two ; R = other), true.
% Backtracking into the first branch of a disjunction after the goals that follow it ran.
redo(A, B, R) :- id(A, X), (member(Y, [1,2]) ; Y = 3), id(B, Z), R = X-Y-Z.
redo2(L, R) :- (member(X, L) ; X = end), X \== skip, id(X, R).
% Backtracking into the then branch.
then_redo(X, R) :- (X > 0 -> member(R, [p, q]) ; member(R, [n])), R \== q.
% Deep nesting and a disjunction whose branches call the clause's own predicate.
deep(N, R) :- (N =< 0 -> R = [] ; (N mod 2 =:= 0 -> (N mod 3 =:= 0 -> T = six ; T = two) ;
    (N mod 3 =:= 0 -> T = three ; T = one)), M is N - 1, deep(M, R1), R = [T|R1]).
walk(X, R) :- (X = leaf -> R = 0 ; X = node(L, Rt) -> walk(L, A), walk(Rt, B), R is A + B + 1 ;
    R = bad(X)).
tails(X, R) :- id(X, Y), (Y > 0 -> tails_pos(Y, R) ; tails_neg(Y, R)).
tails_pos(Y, pos(Y)).
tails_neg(Y, neg(Y)).
vars(X, R) :- (X > 0 -> A = 1, B = 2 ; A = 3), (nonvar(B) -> R = A-B ; R = A-none).
first(X, Y, R) :- (X == Y -> R = same ; X @< Y -> R = less ; R = more).
plain(X) :- (X = a ; X = b ; X = c).
% Conditions comparing an arithmetic expression, in a construct and opening a whole clause.
parity(N, R) :- (N mod 2 =:= 0 -> R = even ; R = odd), true.
near(X, Y, R) :- (X + 1 > Y -> R = above ; Y =:= X * 2 -> R = double ; R = below), true.
big(X, Y) :- X - Y >= 10, !.
big(X, Y) :- 2 * Y < X.
"#;

/// Goals whose printed answers are compared; each prints all its solutions, or its error.
const GOALS: &[&str] = &[
    "sign3(5, R), writeq(R)",
    "sign3(-1, R), writeq(R)",
    "sign3(0, R), writeq(R)",
    "catch(sign3(foo, _), error(E, _), true), writeq(E)",
    "findall(R, pick([1,2,3], R), L), writeq(L)",
    "findall(R, pick([1], R), L), writeq(L)",
    "findall(R, (member(X, [x, 1, 1.0, f(_), _]), kind(X, R)), L), writeq(L)",
    "findall(X-Y, shape(X, Y), L), writeq(L)",
    "findall(Y, shape(f(1), Y), L), writeq(L)",
    "findall(X-R, first_big(X, R), L), writeq(L)",
    "findall(R, (member(X, [20, 3, -3]), size(X, R)), L), writeq(L)",
    "findall(R, cut_then(1, R), L), writeq(L)",
    "findall(R, cut_then(-1, R), L), writeq(L)",
    "findall(R, cut_else(1, R), L), writeq(L)",
    "findall(R, cut_else(-1, R), L), writeq(L)",
    "findall(X-R, cut_or(X, R), L), writeq(L)",
    "findall(R, cut_or(2, R), L), writeq(L)",
    "findall(X-R, soft(X, R), L), writeq(L)",
    "findall(R, soft(5, R), L), writeq(L)",
    "soft_none(R), writeq(R)",
    "findall(X, soft_plain(X), L), writeq(L)",
    "findall(R, one_side(1, R), L), writeq(L)",
    "findall(R, one_side(-1, R), L), writeq(L)",
    "one_side2(1, R), writeq(R)",
    "one_side2(-1, R), (var(R) -> write(unbound) ; writeq(R))",
    "else_only(-1, R), writeq(R)",
    "else_only(1, R), (var(R) -> write(unbound) ; writeq(R))",
    "caught(a, R), writeq(R)",
    "caught(1, R), writeq(R)",
    "findall(R, then_cut(1, R), L), writeq(L)",
    "findall(R, then_cut(-1, R), L), writeq(L)",
    "findall(R, (member(X, [a, b]), negated(X, R)), L), writeq(L)",
    "findall(R, (member(X, [a, b, c]), negated2(X, R)), L), writeq(L)",
    "findall(X-R, local_cut(X, R), L), writeq(L)",
    "findall(R, local_cut(1, R), L), writeq(L)",
    "findall(R, local_cut2(x, R), L), writeq(L)",
    "sum([1,-2,3,4,-5], S), writeq(S)",
    "findall(R, (member(X, [1, 2, 3, f(x)]), names(X, R)), L), writeq(L)",
    "two(1, R), writeq(R)",
    "two(7, R), writeq(R)",
    "two(-7, R), writeq(R)",
    "findall(X-R, alts(X, R), L), writeq(L)",
    "findall(R, alts(2, R), L), writeq(L)",
    "catch(throws(1), E, true), writeq(E)",
    "throws(-1), write(ok)",
    "catch(throws(a), error(E, _), true), writeq(E)",
    "in_catch(2, R), writeq(R)",
    "in_catch(a, R), R = caught(error(E, _)), writeq(E)",
    "findall(R, (member(X, [a, b, c]), after_call(X, R)), L), writeq(L)",
    "findall(R, (member(X, [a, z, 1, f(a)]), order(X, R)), L), writeq(L)",
    "findall(R, (member(X, [5, 50, -1]), digit(X, R)), L), writeq(L)",
    "catch(digit(a, _), error(E, _), true), writeq(E)",
    "findall(R, (member(X, [1, 2, 2.0, 1.0, 3]), num(X, R)), L), writeq(L)",
    "catch(num(_, _), error(E, _), true), writeq(E)",
    "findall(R, redo(a, b, R), L), writeq(L)",
    "findall(R, redo2([a, skip, b], R), L), writeq(L)",
    "findall(R, then_redo(1, R), L), writeq(L)",
    "findall(R, then_redo(-1, R), L), writeq(L)",
    "deep(12, R), writeq(R)",
    "catch(walk(node(node(leaf, leaf), node(leaf, node(leaf, x))), _), error(E, _), true), writeq(E)",
    "walk(node(node(leaf, leaf), leaf), R), writeq(R)",
    "tails(3, R), writeq(R)",
    "tails(-3, R), writeq(R)",
    "findall(R, (member(X, [1, -1]), vars(X, R)), L), writeq(L)",
    "findall(R, (member(X-Y, [a-a, a-b, b-a, 1-1.0, f(Z)-f(Z)]), first(X, Y, R)), L), writeq(L)",
    "findall(X, plain(X), L), writeq(L)",
    "plain(b), write(yes)",
    "\\+ plain(d), write(none)",
    "findall(N-R, (member(N, [0, 1, 2, -3]), parity(N, R)), L), writeq(L)",
    "catch(parity(4.0, _), error(E, _), true), writeq(E)",
    "catch(parity(a, _), error(E, _), true), writeq(E)",
    "catch(parity(_, _), error(E, _), true), writeq(E)",
    "findall(R, (member(X-Y, [1-1, 2-4, 3-9, 1.5-2, 0.5-1.0, 4611686018427387903-0]), near(X, Y, R)), L), writeq(L)",
    "catch(near(1, f, _), error(E, _), true), writeq(E)",
    "findall(X-Y, (member(X-Y, [20-5, 5-1, 3-2, 30.0-1, 1-a]), catch(big(X, Y), _, fail)), L), writeq(L)",
];

/// A machine with the fast paths on or off and [`PROGRAM`] loaded.
fn loaded(on: bool) -> Machine {
    capture::loaded(PROGRAM, "inline_control.pl", on)
}

#[test]
fn constructs_in_line_answer_as_auxiliary_predicates_do() {
    let mut on = loaded(true);
    let mut off = loaded(false);
    for goal in GOALS {
        let (a, b) = (run(&mut on, goal), run(&mut off, goal));
        assert!(!a.is_empty(), "{goal}: {a}");
        assert_eq!(a, b, "{goal}");
    }
}

#[test]
fn the_answers_are_the_expected_ones() {
    let mut m = loaded(true);
    let cases: &[(&str, &str)] = &[
        (
            "findall(R, cut_then(-1, R), L), writeq(L)",
            "[nonpos,fallback]",
        ),
        ("findall(R, cut_then(1, R), L), writeq(L)", "[pos]"),
        ("findall(R, cut_else(-1, R), L), writeq(L)", "[nonpos]"),
        ("findall(X-R, cut_or(X, R), L), writeq(L)", "[1-1]"),
        ("findall(R, cut_or(2, R), L), writeq(L)", "[2]"),
        ("findall(X-R, local_cut(X, R), L), writeq(L)", "[1-one(1)]"),
        ("findall(R, local_cut2(x, R), L), writeq(L)", "[else(x)]"),
        (
            "findall(X-R, soft(X, R), L), writeq(L)",
            "[1-yes(1),2-yes(2),3-yes(3)]",
        ),
        (
            "findall(R, redo(a, b, R), L), writeq(L)",
            "[a-1-b,a-2-b,a-3-b]",
        ),
        (
            "findall(R, redo2([a, skip, b], R), L), writeq(L)",
            "[a,b,end]",
        ),
        ("findall(R, then_redo(1, R), L), writeq(L)", "[p]"),
        ("findall(R, one_side(-1, R), L), writeq(L)", "[5]"),
        ("sum([1,-2,3,4,-5], S), writeq(S)", "8"),
        (
            "findall(N-R, (member(N, [0, 1, 2, -3]), parity(N, R)), L), writeq(L)",
            "[0-even,1-odd,2-even,-3-odd]",
        ),
        (
            "findall(R, (member(X-Y, [1-1, 2-4, 3-9, 1.5-2]), near(X, Y, R)), L), writeq(L)",
            "[above,double,below,above]",
        ),
        (
            "findall(X-Y, (member(X-Y, [20-5, 5-1, 3-2, 30.0-1]), big(X, Y)), L), writeq(L)",
            "[20-5,5-1,30.0-1]",
        ),
        ("deep(6, R), writeq(R)", "[six,one,two,three,two,one]"),
        (
            "findall(R, (member(X, [1, -1]), vars(X, R)), L), writeq(L)",
            "[1-2,3-none]",
        ),
        (
            "catch(num(_, _), error(E, _), true), writeq(E)",
            "instantiation_error",
        ),
    ];
    for (goal, want) in cases {
        assert_eq!(run(&mut m, goal), *want, "{goal}");
    }
}

/// How many jumps over an else branch, and how many auxiliary predicates, a program compiles
/// to.
fn jumps_and_aux(m: &Machine) -> (usize, usize) {
    let jumps = m
        .program
        .code
        .iter()
        .filter(|i| matches!(i, Instr::Jump(_)))
        .count();
    let aux = (0..m.program.preds.len())
        .filter(|&p| m.atoms.name(m.program.preds[p].name).starts_with("$aux"))
        .count();
    (jumps, aux)
}

#[test]
fn constructs_run_in_the_clause_only_with_the_fast_paths_on() {
    let program = "p(X, Y) :- Z = X, (Z > 0 -> Y = a ; Y = b), true.\n\
                   q(X) :- id(X), (X = 1 ; X = 2), true.\nid(_).\n";
    let mut on = machine_with_fast_paths(true);
    let mut off = machine_with_fast_paths(false);
    let (j_on, a_on) = jumps_and_aux(&on);
    let (j_off, a_off) = jumps_and_aux(&off);
    on.consult_text(program, "jumps.pl", None);
    off.consult_text(program, "jumps.pl", None);
    let (j_on2, a_on2) = jumps_and_aux(&on);
    let (j_off2, a_off2) = jumps_and_aux(&off);
    assert_eq!((j_on2 - j_on, a_on2 - a_on), (2, 0));
    assert_eq!((j_off2 - j_off, a_off2 - a_off), (0, 2));
}

/// The choicepoint stack's height that `probe/1` saw at its last call.
static SEEN: AtomicUsize = AtomicUsize::new(usize::MAX);

#[test]
fn a_condition_of_tests_runs_with_no_choicepoint_pushed() {
    for on in [true, false] {
        let mut m = machine_with_fast_paths(on);
        // A native that declares itself a test: it succeeds when its argument is `yes`, and
        // notes how many choicepoints there are when it runs.
        m.def_native("probe", 1, |m, a| {
            SEEN.store(m.stacks.choices.len(), Ordering::Relaxed);
            let yes = m.atoms.intern("yes");
            Ok(m.stacks.heap.deref(a[0]) == ply::term::Cell::atom(yes))
        });
        m.mark_shallow_native("probe", 1, 0);
        m.consult_text(
            "p(X, R) :- id(X, Y), (probe(Y) -> R = then ; R = else), true.\nid(X, X).\n\
             e(N, X, R) :- id(X, Y), (N mod 2 =:= 0, N + 1 > 0, probe(Y) -> R = then ; R = else), \
             true.\n",
            "probe.pl",
            None,
        );
        assert_eq!(run(&mut m, "probe(no)"), " !false");
        let outside = SEEN.load(Ordering::Relaxed);
        assert_eq!(run(&mut m, "p(yes, R), write(R)"), "then");
        let inside = SEEN.load(Ordering::Relaxed);
        // With the fast paths off the construct is an auxiliary predicate of two clauses: its
        // call pushes a choicepoint for the second.
        assert_eq!(inside, outside + usize::from(!on));
        assert_eq!(run(&mut m, "p(no, R), write(R)"), "else");
        let inside = SEEN.load(Ordering::Relaxed);
        assert_eq!(inside, outside + usize::from(!on));
        // Comparisons of arithmetic expressions are tests too.
        for (goal, want) in [("e(2, yes, R)", "then"), ("e(4, no, R)", "else")] {
            assert_eq!(run(&mut m, &format!("{goal}, write(R)")), want);
            let inside = SEEN.load(Ordering::Relaxed);
            assert_eq!(inside, outside + usize::from(!on), "{goal}");
        }
        assert_eq!(run(&mut m, "e(3, yes, R), write(R)"), "else");
    }
}
