//! Shallow backtracking on programs of plain Prolog: multi-clause predicates that open with
//! head unification, type tests and comparisons, and bodies of alternatives. Every goal runs on
//! a machine with the fast paths on and on one with them off (`Machine::fast_paths`), and
//! both must print the same, which the test also spells out; a probe native reports the
//! choicepoint stack's height from inside a clause's tests, to show that no choicepoint was
//! pushed there.

use crate::machine::solve::Answer;
use crate::machine::Machine;
use crate::term::Cell;

/// What `goal` prints, run to its first answer, or `false` / the error's text.
fn run(m: &mut Machine, goal: &str) -> String {
    let text = format!("{goal}. ");
    let read = m.read_from(&text, 0).expect("syntax").expect("a term").0;
    m.out.begin_capture();
    let answer = m.solve_once(read.term);
    let out = m.out.end_capture();
    match answer {
        Answer::True => out,
        Answer::False => String::from("false"),
        Answer::Error(e) => {
            let c = e.to_heap(&mut m.heap);
            format!("error {}", m.format_term(c, true, 12))
        }
    }
}

/// `'$height'(H)`: `H` is the height of the choicepoint stack. Declared shallow (it binds its
/// argument and nothing else), so it runs among a clause's tests.
fn install_probe(m: &mut Machine) {
    m.def_native("$height", 1, |m, a| {
        let h = Cell::int(m.choices.len() as i64);
        Ok(m.unify(a[0], h))
    });
    m.mark_shallow_native("$height", 1, 0b1);
}

/// A machine with the fast paths as `fast`, the probe, and `program` consulted.
fn machine(program: &str, fast: bool) -> Machine {
    let mut m = Machine::new();
    m.fast_paths = fast;
    install_probe(&mut m);
    m.consult_text(program, "test.pl", None);
    m
}

/// Run each goal with the fast paths on and off: both must print `want`.
fn agree(program: &str, cases: &[(&str, &str)]) {
    let mut fast = machine(program, true);
    let mut plain = machine(program, false);
    for &(goal, want) in cases {
        let a = run(&mut fast, goal);
        let b = run(&mut plain, goal);
        assert_eq!(a, b, "{goal}: fast paths on and off differ");
        assert_eq!(a, want, "{goal}");
    }
}

const MAX: &str = "max(X, Y, X) :- X >= Y, !.\nmax(_, Y, Y).\n";

#[test]
fn max_commits_or_falls_through_as_with_a_choicepoint() {
    agree(
        MAX,
        &[
            ("max(3, 1, M), write(M)", "3"),
            ("max(1, 3, M), write(M)", "3"),
            ("max(2, 2, M), write(M)", "2"),
            ("findall(M, max(5, 1, M), L), write(L)", "[5]"),
            ("findall(M, max(1, 5, M), L), write(L)", "[5]"),
            ("max(1.5, 1, M), write(M)", "1.5"),
            // The classic slip of this `max/3`: the second clause answers too.
            ("max(3, 1, 1)", ""),
            (
                "catch(max(a, 1, _), error(E, _), print(E))",
                "type_error(evaluable,a/0)",
            ),
        ],
    );
}

#[test]
fn sign_by_three_comparisons() {
    let program = "sign(X, S) :- X < 0, !, S = -1.\n\
                   sign(X, S) :- X =:= 0, !, S = 0.\n\
                   sign(X, S) :- X > 0, S = 1.\n";
    agree(
        program,
        &[
            ("sign(-4, S), write(S)", "-1"),
            ("sign(0, S), write(S)", "0"),
            ("sign(7, S), write(S)", "1"),
            ("findall(S, sign(7, S), L), write(L)", "[1]"),
            ("sign(7, -1)", "false"),
            ("sign(0.0, S), write(S)", "0"),
        ],
    );
}

#[test]
fn an_unbound_comparison_raises_as_before() {
    let program = "big(X) :- X > 1, !.\nbig(_) :- write(never).\n";
    agree(
        program,
        &[
            (
                "catch(big(_), error(E, C), (print(E), C = context(P, _), print(P)))",
                "instantiation_error(>)/2",
            ),
            ("catch(big(5), E, true), write(ok)", "ok"),
        ],
    );
}

#[test]
fn equality_and_type_dispatch() {
    let program = "same(X, Y, yes) :- X == Y, !.\nsame(_, _, no).\n\
                   kind(X, var) :- var(X), !.\n\
                   kind(X, int) :- integer(X), !.\n\
                   kind(X, atom) :- atom(X), !.\n\
                   kind(X, list) :- is_list(X), !.\n\
                   kind(X, compound) :- compound(X), !.\n\
                   kind(_, other).\n\
                   order(X, Y, lt) :- X @< Y.\norder(X, Y, ge) :- X @>= Y.\n";
    agree(
        program,
        &[
            ("same(f(A), f(A), R), write(R)", "yes"),
            ("same(f(_), f(_), R), write(R)", "no"),
            ("same(a, a, no)", ""),
            ("same(a, b, yes)", "false"),
            // "s" reads as a list of codes.
            (
                "findall(K, (member(X, [_, 1, a, [x], f(y), 2.5, \"s\"]), kind(X, K)), L), write(L)",
                "[var,int,atom,list,compound,other,list]",
            ),
            ("findall(O, order(b, a, O), L), write(L)", "[ge]"),
            ("findall(O, order(a, b, O), L), write(L)", "[lt]"),
        ],
    );
}

#[test]
fn a_test_that_binds_then_fails_leaves_nothing_bound() {
    // The first clause binds the caller's variable in its head and in `=`, then a test fails:
    // the next clause must find the variable as it was.
    let program = "bt(X, Y) :- X = f(Y), Y == 1, !.\n\
                   bt(X, _) :- var(X), write(still_var).\n\
                   hd(f(A, b), A) :- A == c.\n\
                   hd(X, _) :- var(X), write(unbound).\n\
                   hd(f(a, _), _) :- write(third).\n";
    agree(
        program,
        &[
            ("bt(V, W), var(V), var(W), write(' done')", "still_var done"),
            ("bt(V, 1), write(V)", "f(1)"),
            ("hd(V, c), write(V)", "f(c,b)"),
            ("hd(V, d), var(V), write(' done')", "unbound done"),
        ],
    );
    agree(
        program,
        &[(
            "findall(V-W, hd(V, W), L), length(L, N), write(N)",
            "unboundthird2",
        )],
    );
}

#[test]
fn bindings_under_an_outer_choicepoint_are_undone_by_backtracking() {
    // `bind/1` binds an older variable among its tests and commits; failing back into the
    // disjunction must find the variable unbound again, so the binding was trailed.
    let program = "bind(X) :- X = a, atom(X), !.\nbind(b).\n\
                   pick(X, big) :- X > 2, !.\npick(_, small).\n\
                   outer(L, R) :- member(X, L), pick(X, R).\n";
    agree(
        program,
        &[
            (
                "( bind(V), write(V), fail ; var(V), write(' unbound') )",
                "a unbound",
            ),
            (
                "findall(X-R, (member(X, [1, 5, 2, 7]), pick(X, R)), L), write(L)",
                "[1-small,5-big,2-small,7-big]",
            ),
            ("findall(R, outer([3, 1], R), L), write(L)", "[big,small]"),
            (
                "( member(Z, [1, 2]), bind(Z) -> write(Z) ; write(none) )",
                "none",
            ),
        ],
    );
}

#[test]
fn alternatives_of_a_body_and_conditions() {
    let program = "cls(X, Y) :- ( X > 10, Y = big ; X > 5, Y = mid ; Y = small ).\n\
                   ite(X, Y) :- ( X > 0 -> Y = pos ; Y = nonpos ).\n\
                   ite(_, extra).\n\
                   nt(X) :- \\+ X = a, write(not_a).\n\
                   nt(_) :- write(second).\n";
    agree(
        program,
        &[
            ("findall(Y, cls(12, Y), L), write(L)", "[big,mid,small]"),
            ("findall(Y, cls(7, Y), L), write(L)", "[mid,small]"),
            ("findall(Y, cls(1, Y), L), write(L)", "[small]"),
            ("findall(Y, ite(3, Y), L), write(L)", "[pos,extra]"),
            ("findall(Y, ite(-3, Y), L), write(L)", "[nonpos,extra]"),
            ("forall(nt(b), true)", "not_asecond"),
            ("forall(nt(a), true)", "second"),
        ],
    );
}

#[test]
fn a_first_clause_that_commits_in_its_tests_pushes_no_choicepoint() {
    // The probe runs after the tests, before the cut: with the fast paths it sees the height
    // of the caller's stack, without them one more, the call's choicepoint.
    let program = "p(X, H) :- integer(X), X > 0, '$height'(H), !.\n\
                   p(_, none).\n\
                   q(X, Y, H) :- ( X > Y, '$height'(H), ! ; H = second ).\n";
    let mut fast = machine(program, true);
    let mut plain = machine(program, false);
    let goal = "'$height'(H0), p(3, H), D is H - H0, write(D)";
    assert_eq!(run(&mut fast, goal), "0");
    assert_eq!(run(&mut plain, goal), "1");
    let goal = "'$height'(H0), q(3, 1, H), D is H - H0, write(D)";
    assert_eq!(run(&mut fast, goal), "0");
    assert_eq!(run(&mut plain, goal), "1");
    for m in [&mut fast, &mut plain] {
        assert_eq!(run(m, "p(-1, H), write(H)"), "none");
        assert_eq!(run(m, "q(1, 3, H), write(H)"), "second");
    }
}

/// The textbook's choice of the better of two positions (figure 15.3's `выбор/6`), as a
/// student might write it again: other names, the arguments in another order, and the side
/// to move read from the position term.
const CHOOSE: &str = "choose(V0, P0, V1, _, P0, V0) :- \
                          P0 = pos(min, _), V0 > V1, ! ; P0 = pos(max, _), V0 < V1, !.\n\
                      choose(_, _, V1, P1, P1, V1).\n\
                      probe_choose(V0, P0, V1, H) :- \
                          P0 = pos(min, _), V0 > V1, '$height'(H), ! ; \
                          P0 = pos(max, _), V0 < V1, '$height'(H), !.\n\
                      probe_choose(_, _, _, second).\n";

#[test]
fn a_rewritten_textbook_choice_gets_the_same_treatment() {
    agree(
        CHOOSE,
        &[
            (
                "choose(5, pos(min, a), 3, pos(max, b), P, V), write(P/V)",
                "pos(min,a)/5",
            ),
            (
                "choose(2, pos(min, a), 3, pos(max, b), P, V), write(P/V)",
                "pos(max,b)/3",
            ),
            (
                "choose(2, pos(max, a), 3, pos(min, b), P, V), write(P/V)",
                "pos(max,a)/2",
            ),
            (
                "findall(P, choose(9, pos(max, a), 3, pos(min, b), P, _), L), write(L)",
                "[pos(min,b)]",
            ),
        ],
    );
    let mut fast = machine(CHOOSE, true);
    let mut plain = machine(CHOOSE, false);
    // Committing in the second alternative: neither the call's choicepoint nor the
    // alternative's is pushed.
    let goal = "'$height'(H0), probe_choose(2, pos(max, a), 3, H), D is H - H0, write(D)";
    assert_eq!(run(&mut fast, goal), "0");
    assert_eq!(run(&mut plain, goal), "1");
    let goal = "'$height'(H0), probe_choose(5, pos(min, a), 3, H), D is H - H0, write(D)";
    assert_eq!(run(&mut fast, goal), "0");
    assert_eq!(run(&mut plain, goal), "2");
}

#[test]
fn collections_in_the_middle_keep_the_answers() {
    // A loop that makes garbage at every turn and calls predicates of tests, with the
    // collector made to run at nearly every call.
    let program = format!(
        "{MAX}sign(X, S) :- X < 0, !, S = -1.\nsign(X, S) :- X =:= 0, !, S = 0.\nsign(_, 1).\n\
         loop(0, A, A) :- !.\n\
         loop(N, A0, A) :- L = [N, N, f(N)], length(L, _), max(N, A0, M), \
                           sign(M, S), A1 is A0 + S, N1 is N - 1, loop(N1, A1, A).\n"
    );
    let goal = "loop(3000, 0, A), write(A)";
    let mut outs = Vec::new();
    for fast in [true, false] {
        let mut m = machine(&program, fast);
        m.gc.growth = 64;
        m.gc.proportional = false;
        let top = m.heap.top();
        m.gc.set_heap_trigger(top + 64);
        outs.push(run(&mut m, goal));
        assert!(m.gc.collections > 10, "{} collections", m.gc.collections);
    }
    assert_eq!(outs[0], outs[1]);
    assert_eq!(outs[0], "3000");
}

#[test]
fn only_the_fast_paths_compile_deferred_choicepoints() {
    use crate::machine::instr::Instr;
    let program = format!("{MAX}{CHOOSE}");
    let count = |m: &Machine| {
        m.code
            .iter()
            .filter(|i| {
                matches!(
                    i,
                    Instr::Shallow(_) | Instr::ShallowAlt { .. } | Instr::Neck
                )
            })
            .count()
    };
    let fast = machine(&program, true);
    let plain = machine(&program, false);
    assert!(count(&fast) >= 3, "{} shallow instructions", count(&fast));
    assert_eq!(count(&plain), 0);
}

#[test]
fn a_clause_without_a_cut_keeps_its_choicepoint_at_the_call() {
    // Tests then a real call, no cut: the choicepoint is pushed at the call, as before.
    let program = "pos(X) :- X > 0, write(pos).\npos(_) :- write(any).\n";
    agree(
        program,
        &[
            ("forall(pos(3), true)", "posany"),
            ("forall(pos(-3), true)", "any"),
        ],
    );
    let mut m = machine(program, true);
    let goal = "'$height'(H0), pos(3), '$height'(H), D is H - H0, write(D)";
    assert_eq!(run(&mut m, goal), "pos1");
}
