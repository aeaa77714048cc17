//! Unifications, identity tests and type tests compiled to `Instr::Inline`: with operands read
//! from registers (variables the clause has given a value, small integers) or from the argument
//! registers a call would have used (compound and new arguments), in plain bodies, in the
//! guards of clauses tried without a choicepoint, in conditions of if-then-else compiled in
//! line, in disjunctions, after real calls (permanent variables) and in meta-calls. Every goal
//! must answer exactly as with the fast paths off, where these are calls of the natives, and
//! the compiler must emit the instruction only with the fast paths on. The integer operations
//! that inline arithmetic decides (`//`, `div`, `rem`, `min`, `max`, shifts, bitwise) are
//! checked the same way, at the edges of the small integers and past them.

use crate::support::capture;
use capture::run;
use ply::machine::instr::Instr;
use ply::machine::Machine;
use ply::system::machine_with_fast_paths;

/// The type tests a native declares as an inline operation.
const TESTS: [&str; 9] = [
    "var", "nonvar", "atom", "number", "integer", "float", "atomic", "compound", "callable",
];

/// For every type test `T`: the test in an if-then-else condition (`c_T`), as a clause's guard
/// before a cut (`g_T`), after a real call with its argument in a permanent register (`p_T`),
/// in a disjunction (`d_T`), and of compound and new arguments, which go through the argument
/// registers (`k_T`).
fn test_clauses() -> String {
    let mut s = String::new();
    for t in TESTS {
        s.push_str(&format!(
            "c_{t}(X, R) :- ( {t}(X) -> R = yes ; R = no ).\n\
             g_{t}(X, yes) :- {t}(X), !.\n\
             g_{t}(_, no).\n\
             p_{t}(X, R) :- nop, ( {t}(X), nop -> R = yes ; R = no ).\n\
             d_{t}(X, R) :- ( {t}(X), R = yes ; R = no ).\n\
             k_{t}(R) :- findall(A, ( {t}(f(_)), A = f ; {t}(_), A = v ; {t}([_]), A = l ), R).\n"
        ));
    }
    s
}

/// Clauses of `=`, `==` and `\==`.
const PROGRAM: &str = r#"
nop.
values([_, a, [], 1, -5, 123456789012345678901234567890, 1.5, f(x), [a], "ab", 'hello world']).
u_known(X, Y) :- X = Y.
u_build(X, Y, Z) :- X = f(Y, Z).
u_new(X, R) :- Y = X, atom(Y), R = Y.
u_cut(X, Y) :- X = Y, !, fail.
u_cut(_, _).
u_int(X) :- X = 7.
u_after(X, Y, R) :- nop, X = Y, R = X.
u_guard(X, Y, same) :- X = Y, !.
u_guard(_, _, differ).
same(X, Y, R) :- ( X == Y -> R = same ; R = differ ).
differ(X, Y) :- X \== Y.
same_guard(X, Y, yes) :- X == Y, !.
same_guard(_, _, no).
pairs(L) :-
    B1 is 2 ** 100, B2 is 2 ** 100,
    L = [A-A, A-_, a-a, a-b, 1-1, 1-1.0, 1.5-1.5, B1-B2, B1-1, f(A)-f(A), f(A)-f(_),
         [1, 2]-[1, 2], [1, 2]-[1, 3], "ab"-"ab", g(1, h(2))-g(1, h(2)), g(1)-h(1)].
"#;

/// Goals whose output (and how they end) must not depend on the fast paths.
fn goals() -> Vec<String> {
    let mut g = Vec::new();
    for t in TESTS {
        for kind in ["c", "g", "p", "d"] {
            g.push(format!(
                "values(Vs), findall(R, (member(V, Vs), {kind}_{t}(V, R)), L), writeq(L)"
            ));
        }
        g.push(format!("k_{t}(R), writeq(R)"));
        g.push(format!(
            "values(Vs), findall(V, (member(V, Vs), G =.. [{t}, V], call(G)), L), writeq(L)"
        ));
    }
    for goal in [
        "u_known(A, B), writeq(A-B), A == B",
        "u_known(f(A, 2), f(1, B)), writeq(A-B)",
        "u_known(a, b)",
        "u_known(f(A), A)",
        "u_build(X, 1, Y), writeq(X-Y)",
        "u_build(f(a, b), Y, Z), writeq(Y-Z)",
        "u_build(g(a, b), _, _)",
        "u_new(abc, R), writeq(R)",
        "u_new(f(x), R)",
        "u_cut(a, a)",
        "u_cut(a, b)",
        "u_int(X), writeq(X)",
        "u_int(7)",
        "u_int(8)",
        "u_after(X, f(Y), R), writeq(X-Y-R)",
        "findall(R, (member(P, [a-a, a-b, X-1, f(Z)-f(3)]), P = A-B, u_guard(A, B, R)), L), writeq(L)",
        "pairs(L), findall(R, (member(X-Y, L), same(X, Y, R)), Rs), writeq(Rs)",
        "pairs(L), findall(X-Y, (member(X-Y, L), differ(X, Y)), Rs), length(Rs, N), writeq(N)",
        "pairs(L), findall(R, (member(X-Y, L), same_guard(X, Y, R)), Rs), writeq(Rs)",
        "X = f(Y), Y = 1, X == f(1), writeq(X)",
    ] {
        g.push(goal.to_string());
    }
    g
}

/// A machine with the fast paths on or off and the program loaded.
fn loaded(on: bool) -> Machine {
    let program = format!("{PROGRAM}{}", test_clauses());
    capture::loaded(&program, "inline_goals.pl", on)
}

#[test]
fn inline_goals_answer_as_with_the_fast_paths_off() {
    let mut on = loaded(true);
    let mut off = loaded(false);
    capture::assert_same(&mut on, &mut off, goals());
}

#[test]
fn the_answers_are_the_expected_ones() {
    let mut m = loaded(true);
    let cases: &[(&str, &str)] = &[
        (
            "values(Vs), findall(R, (member(V, Vs), g_atomic(V, R)), L), writeq(L)",
            "[no,yes,yes,yes,yes,yes,yes,no,no,yes,yes]",
        ),
        (
            "values(Vs), findall(R, (member(V, Vs), c_integer(V, R)), L), writeq(L)",
            "[no,no,no,yes,yes,yes,no,no,no,no,no]",
        ),
        (
            "values(Vs), findall(R, (member(V, Vs), d_var(V, R)), L), writeq(L)",
            "[yes,no,no,no,no,no,no,no,no,no,no,no]",
        ),
        ("k_compound(R), writeq(R)", "[f,l]"),
        ("k_var(R), writeq(R)", "[v]"),
        ("u_build(X, 1, Y), writeq(X-Y)", "f(1,_)-_"),
        ("u_cut(a, a)", " !false"),
        (
            "pairs(L), findall(R, (member(X-Y, L), same(X, Y, R)), Rs), writeq(Rs)",
            "[same,differ,same,differ,same,differ,same,same,differ,same,differ,same,differ,\
             same,same,differ]",
        ),
    ];
    capture::assert_answers(&mut m, cases);
}

/// How many `Inline` instructions the code area holds.
fn inline_instructions(m: &Machine) -> usize {
    m.program
        .code
        .iter()
        .filter(|i| matches!(i, Instr::Inline { .. }))
        .count()
}

#[test]
fn the_compiler_emits_the_instruction_only_with_the_fast_paths_on() {
    // `a/2`: a unification and a type test of known variables; `b/1`: a unification of a new
    // variable with a compound, through the argument registers; `c/1`: `\==` in a guard.
    let program = "a(X, Y) :- X = Y, atom(X).\n\
                   b(X) :- Y = f(X), nop(Y).\n\
                   c(X) :- X \\== a, !.\n\
                   nop(_).\n";
    let mut on = machine_with_fast_paths(true);
    let mut off = machine_with_fast_paths(false);
    let (before_on, before_off) = (inline_instructions(&on), inline_instructions(&off));
    on.consult_text(program, "calls.pl", None);
    off.consult_text(program, "calls.pl", None);
    assert_eq!(inline_instructions(&on) - before_on, 4);
    assert_eq!(inline_instructions(&off), before_off);
}

/// `is/2` and a comparison over each integer operation inline arithmetic takes.
const ARITH: &str = r#"
op(//, X, Y, R) :- R is X // Y.
op(div, X, Y, R) :- R is X div Y.
op(rem, X, Y, R) :- R is X rem Y.
op(mod, X, Y, R) :- R is X mod Y.
op(min, X, Y, R) :- R is min(X, Y).
op(max, X, Y, R) :- R is max(X, Y).
op(>>, X, Y, R) :- R is X >> Y.
op(<<, X, Y, R) :- R is X << Y.
op(/\, X, Y, R) :- R is X /\ Y.
op(\/, X, Y, R) :- R is X \/ Y.
op(xor, X, Y, R) :- R is xor(X, Y).
cmp(X, Y) :- X // 2 < Y div 3, X >> 1 =< Y /\ 255.
nest(X, Y, R) :- R is (X + Y) * 3 - X // (Y \/ 1) + min(X, Y * 2).
nest_cmp(X, Y) :- X * Y + 1 > 7 - (Y << 2) * X.
nest_cond(X, Y, R) :- ( (X + Y) * 2 > X - 10 -> R = big ; R = small ).
values([0, 1, -1, 7, -7, 62, 63, 64, -64, 1152921504606846975, -1152921504606846976,
        4611686018427387904, 12345678901234567890, 2.5]).
op_table(Op) :-
    values(Vs),
    forall(( member(X, Vs), member(Y, Vs) ),
           ( catch(( op(Op, X, Y, R) -> true ; R = failed ), error(E, _), R = err(E)),
             writeq(R), write(' ') )).
"#;

#[test]
fn integer_operations_answer_as_with_the_fast_paths_off() {
    let mut on = capture::loaded(ARITH, "arith.pl", true);
    let mut off = capture::loaded(ARITH, "arith.pl", false);
    let mut goals: Vec<String> = [
        "//", "div", "rem", "mod", "min", "max", ">>", "<<", "/\\", "\\/", "xor",
    ]
    .iter()
    .map(|op| format!("op_table(({op}))"))
    .collect();
    for g in [
        "nest(X, Y, R)",
        "(nest_cmp(X, Y) -> R = y ; R = n)",
        "nest_cond(X, Y, R)",
    ] {
        goals.push(format!(
            "values(Vs), forall((member(X, Vs), member(Y, Vs)), \
             (catch(({g}), error(E, _), R = E), writeq(R), write(' ')))"
        ));
    }
    goals.push(
        "values(Vs), forall((member(X, Vs), member(Y, Vs)), \
         (catch((cmp(X, Y) -> R = y ; R = n), error(E, _), R = E), writeq(R), write(' ')))"
            .to_string(),
    );
    for goal in &goals {
        let (a, b) = (run(&mut on, goal), run(&mut off, goal));
        assert_eq!(a, b, "{goal}");
        // Each of the 196 pairs printed its answer, and the program ran (no unknown predicate).
        assert_eq!(
            a.split(' ').filter(|w| !w.is_empty()).count(),
            196,
            "{goal}: {a}"
        );
        assert!(!a.contains("existence_error"), "{goal}: {a}");
    }
    let cases: &[(&str, &str)] = &[
        ("op(//, -7, 2, R), writeq(R)", "-3"),
        ("op(div, -7, 2, R), writeq(R)", "-4"),
        ("op(rem, -7, 2, R), writeq(R)", "-1"),
        ("op(>>, -5, 1, R), writeq(R)", "-3"),
        ("op(<<, 1, 62, R), writeq(R)", "4611686018427387904"),
        ("op(xor, 5, 3, R), writeq(R)", "6"),
        (
            "catch(op(//, 1, 0, R), error(E, _), true), writeq(E)",
            "evaluation_error(zero_divisor)",
        ),
    ];
    for (goal, want) in cases {
        assert_eq!(run(&mut on, goal), *want, "{goal}");
    }
}

#[test]
fn nested_expressions_compile_to_steps_only_with_the_fast_paths_on() {
    // Three operations, the inner two into temporaries; a comparison of two expressions, each
    // into a temporary.
    let program = "e(X, Y, R) :- R is (X + Y) * (X - 1).\n\
                   f(X, Y) :- X * 2 > Y + 1.\n";
    let steps = |m: &Machine| {
        m.program
            .code
            .iter()
            .filter(|i| matches!(i, Instr::ArithStep { .. } | Instr::CmpStep { .. }))
            .count()
    };
    let mut on = machine_with_fast_paths(true);
    let mut off = machine_with_fast_paths(false);
    let (before_on, before_off) = (steps(&on), steps(&off));
    on.consult_text(program, "nested.pl", None);
    off.consult_text(program, "nested.pl", None);
    assert_eq!(steps(&on) - before_on, 6);
    assert_eq!(steps(&off), before_off);
    let got = run(
        &mut on,
        "e(4, 5, R), writeq(R), (f(3, 4) -> write(y) ; write(n))",
    );
    assert_eq!(got, "27y");
}
