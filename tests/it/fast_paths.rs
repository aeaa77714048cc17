//! The fast paths change no answer: the same programs run with them on and off (`PLY_FAST_PATHS=0`,
//! or `Machine::services.fast_paths` set before the library is compiled) must print the same, and
//! the switch must really change the code (no specialised or paired moves, no inline arithmetic, no
//! fused list heads, no native as a last step when it is off).
//!
//! Every other suite runs with the fast paths off too when `PLY_FAST_PATHS=0` is in the
//! environment: machines read it at boot and the `ply` binary the suites start inherits it
//! (`.ci/run` runs the golden programs, the conformance suite and the game agreement tests a
//! second time that way).

use crate::support::capture;
use capture::run;
use ply::machine::instr::Instr;
use ply::machine::Machine;
use std::path::Path;
use std::process::{Command, Stdio};

/// Multi-clause predicates of several shapes: first-argument keys, keys in later arguments and
/// inside a compound first argument (what index plans and narrowing serve), guards with tests
/// and cuts, arithmetic that inline code serves and arithmetic it leaves to `is/2` (floats,
/// big integers, errors), lists, and assert and retract changing a predicate between calls.
const PROGRAM: &str = r#"
max(X, Y, X) :- X >= Y, !.
max(_, Y, Y).

kind(X, atom) :- atom(X), !.
kind(X, int) :- integer(X), !.
kind(X, float) :- float(X), !.
kind(X, compound) :- compound(X), !.
kind(_, other).

colour(red, 1). colour(green, 2). colour(blue, 3). colour(red, 4).
pair(a, x, 1). pair(a, y, 2). pair(b, x, 3). pair(b, y, 4). pair(_, z, 5).

len([], 0).
len([_|T], N) :- len(T, M), N is M + 1.

last1([X], X).
last1([_|Xs], X) :- last1(Xs, X).

tree(leaf, 0).
tree(node(L, _, R), N) :- tree(L, A), tree(R, B), N is A + B + 1.

fib(0, 0).
fib(1, 1).
fib(N, F) :- N > 1, A is N - 1, B is N - 2, fib(A, FA), fib(B, FB), F is FA + FB.

nrev([], []).
nrev([H|T], R) :- nrev(T, RT), append(RT, [H], R).

big(X) :- X is 2 ** 70 + 1.
half(X, Y) :- Y is X / 2.
bad(X) :- X is foo + 1.

sel(X, [X|T], T).
sel(X, [H|T], [H|R]) :- sel(X, T, R).

perm([], []).
perm(L, [H|T]) :- sel(H, L, R), perm(R, T).

queens(N, Qs) :- numlist(1, N, Ns), perm(Ns, Qs), safe(Qs).
safe([]).
safe([Q|Qs]) :- no_attack(Q, Qs, 1), safe(Qs).
no_attack(_, [], _).
no_attack(Q, [Q1|Qs], D) :- Q =\= Q1 + D, Q =\= Q1 - D, D1 is D + 1, no_attack(Q, Qs, D1).

count(N, N) :- !.
count(I, N) :- I < N, I1 is I + 1, count(I1, N).

:- dynamic fact/2.
fact(1, one). fact(2, two). fact(3, three).

:- dynamic shape/2.
shape([], empty).
shape([_|_], pair).

app([], L, L).
app([X|Xs], Ys, [X|Zs]) :- app(Xs, Ys, Zs).
rev([], A, A).
rev([X|Xs], A, R) :- rev(Xs, [X|A], R).
wrap(X, L) :- pair_up(X, [X], L).
pair_up(X, Y, X-Y).
dup([], []).
dup([X|Xs], [X, X|Ys]) :- dup(Xs, Ys).
"#;

/// Goals whose printed answers are compared; each prints all its solutions.
const GOALS: &[&str] = &[
    "findall(M, (member(X-Y, [1-2, 3-1, 2-2, a-b]), catch(max(X, Y, M), E, M = err(E))), L), \
     writeq(L)",
    "findall(K, (member(X, [a, 1, 1.5, f(x), \"s\", _]), kind(X, K)), L), writeq(L)",
    "findall(C-N, colour(C, N), L), writeq(L)",
    "findall(N, colour(red, N), L), writeq(L)",
    "findall(X-Y-N, pair(X, Y, N), L), writeq(L)",
    "findall(N, pair(b, x, N), L), writeq(L)",
    "findall(X-N, pair(X, z, N), L), writeq(L)",
    "findall(N, pair(_, y, N), L), writeq(L)",
    "len([a, b, c, d], N), writeq(N)",
    "findall(X, last1([1, 2, 3], X), L), writeq(L)",
    "tree(node(node(leaf, 1, leaf), 2, node(leaf, 3, node(leaf, 4, leaf))), N), writeq(N)",
    "fib(15, F), writeq(F)",
    "numlist(1, 30, L), nrev(L, R), writeq(R)",
    "big(X), writeq(X)",
    "half(3, X), half(4, Y), writeq(X/Y)",
    "catch(bad(_), error(E, _), true), writeq(E)",
    "findall(Q, queens(6, Q), L), writeq(L)",
    "count(0, 1000), write(done)",
    "findall(P, perm([1, 2, 3], P), L), writeq(L)",
    "retract(fact(2, _)), assertz(fact(4, four)), asserta(fact(0, zero)), \
     findall(N-W, fact(N, W), L), writeq(L)",
    "findall(W, (fact(N, W), N >= 2), L), writeq(L)",
    "findall(S, (member(L, [[], [a], [], [b, c], []]), shape(L, S)), R), writeq(R)",
    "assertz(shape([], nil)), \
     findall(S, (member(L, [[], [a], [], [b]]), shape(L, S)), R), writeq(R)",
    "retract(shape([], empty)), findall(S, (member(L, [[a], [], _]), shape(L, S)), R), \
     writeq(R)",
    "X = f(Y), Y = 1, (X == f(1) -> write(yes) ; write(no))",
    "msort([c, 1, b, 2.0, a], L), writeq(L)",
    // Records of one functor compared argument by argument, and the pairs the loop leaves to
    // the walk (a compound, a float, a string, a big integer, a variable) at every place.
    "msort([cell(2, 1, b), cell(1, 3, x), cell(1, 3, b), cell(1, 2, o), cell(1, 2, o), \
     cell(1, g(1), b), cell(1, 2.5, b), cell(1, \"s\", b), cell(1, 99999999999999999999, b), \
     cell(_, 1, b), cell(1, 3, _), f(a), cell(1, 3), [a|b], [a|a]], L), length(L, N), \
     L = [_|T], numbervars(T, 0, _), print(N-T)",
    "sort(0, @>=, [p(1, a), p(1, b), p(2, a), p(1, a), q(1, a)], L), writeq(L)",
    "atom_codes(A, \"xyz\"), atom_length(A, N), writeq(A/N)",
    // Lists built by heads and goals in one step: output lists unbound, bound, partly bound,
    // failing at their head, attributed; `[X|A]` and `[X]` as goals' arguments.
    "app([1, 2], [3], L), writeq(L)",
    "findall(X-Y, app(X, Y, [a, b, c]), L), writeq(L)",
    "(app([1, 2], [3], [1, 2, 3]) -> write(yes) ; write(no)), \
     (app([1, 2], [3], [1, 3, 3]) -> write(yes) ; write(no))",
    "app([X], [b], [a|T]), writeq(X-T)",
    "(app([1], [2], [1|x]) -> write(yes) ; write(no))",
    "freeze(L, (L = [H|_], write(bound(H)))), app([1], [2], L), writeq(L)",
    "freeze(X, (write(x(X)), X == 1)), app([X], [], [Y]), (X == Y -> write(same) ; write(no)), \
     Y = 1, writeq(X)",
    "rev([1, 2, 3], [], R), writeq(R)",
    "wrap(f(Y), L), L = A-[B], (A == B -> write(same) ; write(no)), Y = 1, writeq(L)",
    "dup([a, b], L), writeq(L), (dup([a, b], [a, a, b, c]) -> write(yes) ; write(no))",
];

/// A machine with the fast paths on or off and [`PROGRAM`] loaded.
fn loaded(on: bool) -> Machine {
    capture::loaded(PROGRAM, "fast_paths.pl", on)
}

#[test]
fn programs_answer_the_same_with_the_fast_paths_on_and_off() {
    let mut on = loaded(true);
    let mut off = loaded(false);
    for goal in GOALS {
        let (a, b) = (run(&mut on, goal), run(&mut off, goal));
        assert!(!a.is_empty() && !a.contains(" !"), "{goal}: {a}");
        assert_eq!(a, b, "{goal}");
    }
}

/// A call whose one candidate the clause list remembers from the calls before enters it
/// directly; a clause added or removed since must be seen by the next call all the same.
#[test]
fn remembered_candidates_follow_changes_to_the_clauses() {
    let mut m = loaded(true);
    let goal = "findall(S, (member(L, [[], [a], [], [b]]), shape(L, S)), R), writeq(R)";
    assert_eq!(run(&mut m, goal).trim(), "[empty,pair,empty,pair]");
    assert_eq!(run(&mut m, goal).trim(), "[empty,pair,empty,pair]");
    run(&mut m, "assertz(shape([], nil))");
    assert_eq!(run(&mut m, goal).trim(), "[empty,nil,pair,empty,nil,pair]");
    run(&mut m, "retract(shape([_|_], pair))");
    assert_eq!(run(&mut m, goal).trim(), "[empty,nil,empty,nil]");
}

/// How many instructions of the code area `which` picks.
fn count(m: &Machine, which: impl Fn(&Instr) -> bool) -> usize {
    m.program.code.iter().filter(|i| which(i)).count()
}

#[test]
fn the_switch_changes_the_code() {
    let specialised = |i: &Instr| {
        matches!(
            i,
            Instr::PutValX(..)
                | Instr::PutValY(..)
                | Instr::PutVarX(..)
                | Instr::PutVarY(..)
                | Instr::GetVarY(..)
                | Instr::PutValX2(..)
                | Instr::PutValY2(..)
                | Instr::PutVarY2(..)
                | Instr::GetVarY2(..)
                | Instr::PutValXVarX(..)
                | Instr::PutValXVarY(..)
                | Instr::PutValYVarX(..)
                | Instr::PutValYVarY(..)
        )
    };
    let inline = |i: &Instr| {
        matches!(
            i,
            Instr::ArithIs { .. } | Instr::ArithCmp(..) | Instr::ArithCmpExpr { .. }
        )
    };
    // The plain WAM's steps fused into one: with the fast paths off they stay apart.
    let fused = |i: &Instr| {
        matches!(
            i,
            Instr::GetListVars(..)
                | Instr::CallLibLast(_)
                | Instr::DeallocExecute(_)
                | Instr::DeallocProceed
                | Instr::CutExit(_)
        )
    };
    let guards = |i: &Instr| matches!(i, Instr::GuardAlt { .. } | Instr::TestAlt { .. });
    let mut on = loaded(true);
    let mut off = loaded(false);
    // The textbook's minimax, whose alternatives open with a game native's guard and a cut.
    for m in [&mut on, &mut off] {
        capture::consult_textbook(m);
        assert_eq!(
            run(
                m,
                "initial_position(tictactoe, 2, P), минимакс(P, _, V), writeq(V)"
            ),
            "1"
        );
    }
    // Calling the library compiles its waiting clauses under the machine's switch.
    for m in [&mut on, &mut off] {
        assert_eq!(
            run(
                m,
                "numlist(1, 5, L), last(L, X), sum_list(L, S), writeq(X/S)"
            ),
            "5/15"
        );
    }
    // Each list pair a head or a goal takes apart or builds in one step, apart.
    for (what, which) in [
        (
            "GetListValVar",
            &(|i: &Instr| matches!(i, Instr::GetListValVar(..))) as &dyn Fn(&Instr) -> bool,
        ),
        ("PutListValVal", &|i: &Instr| {
            matches!(i, Instr::PutListValVal(..))
        }),
        ("PutListValConst", &|i: &Instr| {
            matches!(i, Instr::PutListValConst(..))
        }),
    ] {
        assert!(count(&on, which) > 0, "{what} with the fast paths on");
        assert_eq!(count(&off, which), 0, "{what} with the fast paths off");
    }
    for (what, which) in [
        ("specialised moves", &specialised as &dyn Fn(&Instr) -> bool),
        ("inline arithmetic", &inline),
        ("fused instructions", &fused),
        ("guards without choicepoints", &guards),
    ] {
        assert!(count(&on, which) > 0, "{what} with the fast paths on");
        assert_eq!(count(&off, which), 0, "{what} with the fast paths off");
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The golden programs (`tests/golden/commands.txt`) print what SWI-Prolog printed with the
/// fast paths off as well, each run once each way and compared.
#[test]
fn golden_programs_answer_the_same_with_the_fast_paths_off() {
    let commands = std::fs::read_to_string(root().join("tests/golden/commands.txt")).unwrap();
    let mut cases = 0;
    for line in commands.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let (name, goal, files) = (words[0], words[1], &words[2..]);
        cases += 1;
        let run = |fast: &str| {
            let out = Command::new(env!("CARGO_BIN_EXE_ply"))
                .current_dir(root())
                .env("PLY_FAST_PATHS", fast)
                .args(["-q", "-g", goal, "-t", "halt"])
                .args(files)
                .stdin(Stdio::null())
                .output()
                .expect("run ply");
            (
                String::from_utf8_lossy(&out.stdout).into_owned(),
                out.status.code(),
            )
        };
        let want =
            std::fs::read_to_string(root().join(format!("tests/golden/{name}.out"))).unwrap();
        let (on, off) = (run("1"), run("0"));
        assert_eq!(on.0, want, "{name} with the fast paths on");
        assert_eq!(off, on, "{name}: the fast paths off against on");
    }
    assert!(cases >= 6, "commands.txt lists the golden cases");
}
