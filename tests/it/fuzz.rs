//! Generated input for the reader, the engine and the game bridge: nothing may panic.
//!
//! Three generators, each driven by a seeded pseudo-random stream so that a failure names the
//! seed and the input that caused it:
//! - the reader gets arbitrary text (bytes biased towards Prolog's tokens, quotes, operators,
//!   layout and non-ASCII letters), read clause after clause as a file is;
//! - the engine gets generated clauses, asserted and then called, and calls of every builtin and
//!   library predicate with generated arguments;
//! - the game bridge gets real positions of every game with one part replaced by a generated
//!   term, handed to every game predicate.
//!
//! Every goal runs as `catch(with_output_to(string(_), (G -> true ; true)), _, true)`, so errors
//! are answers, not failures of the test; a panic fails it. Builtin and game calls run in batches
//! in a child `ply` with a small stack limit and a time limit: a goal that does not end in time
//! (a library predicate called with an unbound list can enumerate without end, as many of
//! swipl's do too) is reported on standard error and the batch goes on after it.
//! `PLY_FUZZ_ROUNDS` multiplies the number of inputs (default 1: about a minute in the test
//! profile); a longer run is `PLY_FUZZ_ROUNDS=50 PLY_FUZZ_SEED=7 cargo test --release --test it
//! -- fuzz::`. An input that once made ply panic goes into `tests/fuzz/regressions.txt`, which
//! every run reads first.

use ply::machine::solve::Answer;
use ply::Machine;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A small, fast, seedable generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

fn rounds() -> usize {
    std::env::var("PLY_FUZZ_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

fn seed() -> u64 {
    std::env::var("PLY_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20261127)
}

const ATOMS: &[&str] = &[
    "a",
    "b",
    "[]",
    "''",
    "foo",
    "'hello world'",
    "ход",
    "x",
    "o",
    "e",
    "inf",
    "max",
    "white",
    "'\\n'",
    "-",
    "+",
    "end_of_file",
    "[]",
    "{}",
    "'ж'",
];
const FUNCTORS: &[&str] = &[
    "f", "g", "-", "+", "*", "/", "','", ";", "->", ":-", "=", "ttt", "'.'",
];
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "-1",
    "7",
    "30",
    "1.5",
    "-0.0",
    "1.0e10",
    "0'a",
    "0x1F",
    "123456789012345678901234567890",
    "-9223372036854775808",
    "2.0",
];

/// A term of at most `depth` levels, as text that reads as a term (the generated programs and
/// goals are meant to run; the reader's own test mangles text separately).
fn term(r: &mut Rng, depth: usize) -> String {
    let leaf = depth == 0 || r.below(3) == 0;
    if leaf {
        return match r.below(5) {
            0 => format!("V{}", r.below(4)),
            1 => "_".to_string(),
            2 => r.pick(NUMBERS).to_string(),
            3 => format!("\"{}\"", r.pick(&["", "abc", "ходы", "a b"])),
            _ => r.pick(ATOMS).to_string(),
        };
    }
    match r.below(3) {
        0 => {
            let n = r.below(4);
            let items: Vec<String> = (0..n).map(|_| term(r, depth - 1)).collect();
            // A tail needs an element before it: `[|T]` is no term.
            let tail = if n > 0 && r.below(5) == 0 {
                format!("|{}", term(r, depth - 1))
            } else {
                String::new()
            };
            format!("[{}{}]", items.join(","), tail)
        }
        _ => {
            let n = 1 + r.below(3);
            let args: Vec<String> = (0..n).map(|_| term(r, depth - 1)).collect();
            format!("{}({})", r.pick(FUNCTORS), args.join(","))
        }
    }
}

/// Runs `goal` (text) guarded, reporting a panic with its text. A goal that cannot be read is
/// an error too: it would otherwise never run, and the test would pass having tried nothing.
fn run_guarded(m: &mut Machine, goal: &str) -> Result<(), String> {
    let text = format!("catch(with_output_to(string(_), (({goal}) -> true ; true)), _, true)");
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        match m.read_from(&format!("{text} ."), 0) {
            Ok(Some((r, _))) => {
                let _: Answer = m.solve_once(r.term);
                true
            }
            _ => false,
        }
    }));
    match outcome {
        Ok(true) => Ok(()),
        Ok(false) => Err(format!("{goal} (not readable, so never run)")),
        Err(_) => Err(goal.to_string()),
    }
}

/// How one batch ended.
enum BatchEnd {
    /// Every goal ran.
    Done,
    /// The goal at this index made ply panic.
    Panicked(usize),
    /// The goal at this index did not end in time.
    TimedOut(usize),
}

/// Runs `goals` in one child `ply`, each guarded and numbered, with `limit` for the whole batch.
fn run_batch(goals: &[String], limit: Duration) -> BatchEnd {
    let dir = std::env::temp_dir().join(format!("ply_fuzz_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    static BATCHES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = BATCHES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = dir.join(format!("batch_{n}.pl"));
    let mut text = String::new();
    for (i, g) in goals.iter().enumerate() {
        text.push_str(&format!("fuzz_goal({i}) :- {g}.\n"));
    }
    std::fs::write(&file, text).unwrap();
    let driver = format!(
        "forall(between(0, {}, I), (format(user_error, \"~w~n\", [I]), \
         catch(with_output_to(string(_), (fuzz_goal(I) -> true ; true)), _, true)))",
        goals.len().saturating_sub(1)
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        // A small stack limit ends a runaway call that keeps what it builds in a resource
        // error in a second, not in minutes.
        .args(["-q", "--stack-limit=64m", "-g", &driver, "-t", "halt"])
        .arg(&file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply runs");
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut s).ok();
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break Some(st);
        }
        if start.elapsed() > limit {
            child.kill().ok();
            child.wait().ok();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    std::fs::remove_file(&file).ok();
    let err = reader.join().unwrap_or_default();
    let last: usize = err
        .lines()
        .rev()
        .find_map(|l| l.trim().parse().ok())
        .unwrap_or(0);
    match status {
        None => BatchEnd::TimedOut(last),
        Some(st) if err.contains("panicked") || st.code() == Some(101) => BatchEnd::Panicked(last),
        Some(_) => BatchEnd::Done,
    }
}

/// Runs every goal in batches; returns the goals that made ply panic. A goal that does not end
/// is reported on standard error, visibly, and the rest of its batch runs after it.
fn run_all(goals: &[String]) -> Vec<String> {
    let mut panics = Vec::new();
    let mut from = 0;
    while from < goals.len() {
        let batch = &goals[from..(from + 500).min(goals.len())];
        match run_batch(batch, Duration::from_secs(20)) {
            BatchEnd::Done => from += batch.len(),
            BatchEnd::Panicked(i) => {
                panics.push(batch[i].clone());
                from += i + 1;
            }
            BatchEnd::TimedOut(i) => {
                // Written past libtest's capture, so that a goal left unchecked is seen even when
                // the test passes.
                let line = format!("fuzz: did not end within the batch's time: {}\n", batch[i]);
                let _ = std::io::Write::write_all(&mut std::io::stderr().lock(), line.as_bytes());
                from += i + 1;
            }
        }
    }
    panics
}

/// Predicates the generated calls leave alone: they read standard input, stop the process,
/// sleep, load files or change how later input is read.
fn excluded(name: &str) -> bool {
    const PARTS: &[&str] = &[
        "read",
        "get_",
        "peek_",
        "see",
        "consult",
        "load",
        "halt",
        "abort",
        "sleep",
        "shell",
        "make",
        "prompt",
        "trace",
        "spy",
        "debug",
        "set_prolog_flag",
        "set_input",
        "open",
        "tab",
        "play",
        "играть",
        "garbage_collect",
        "set_stream",
        "told",
        "tell",
        "append/1",
        "include",
        "initialization",
        "$",
        // These search forever, failing, when a list argument is unbound (SWI-Prolog's do too),
        // and each such goal costs a batch its whole time limit. The ordered-set predicates are
        // library Prolog, and the conformance and differential suites check them.
        "ord_",
        "delete/3",
        "nth0/4",
        "nth1/4",
        "transpose_pairs",
    ];
    PARTS.iter().any(|p| name.contains(p))
}

#[test]
fn the_reader_survives_arbitrary_text() {
    const PIECES: &[&str] = &[
        "f(",
        ")",
        "[",
        "]",
        "{",
        "}",
        ",",
        "|",
        ".",
        " ",
        "\n",
        "'",
        "\"",
        "`",
        "0'",
        "\\",
        "/*",
        "*/",
        "%",
        ":-",
        "-->",
        "a",
        "X",
        "_",
        "1",
        "2.5e",
        "0x",
        "ж",
        "\u{a0}",
        "op",
        "- ",
        "+",
        "*",
        ";",
        "->",
        "\\+",
        "=..",
        "end_of_file",
        "\t",
        "ё",
        "[]",
        "(",
        "'\\x41\\",
    ];
    let mut r = Rng(seed());
    let mut m = ply::system::machine();
    let mut panics = Vec::new();
    for _ in 0..3000 * rounds() {
        let n = 1 + r.below(30);
        let text: String = (0..n).map(|_| r.pick(PIECES)).collect();
        let ok = catch_unwind(AssertUnwindSafe(|| {
            let mut pos = 0;
            for _ in 0..64 {
                match m.read_from(&text, pos) {
                    Ok(Some((_, end))) if end > pos => pos = end,
                    Err(e) if e.resume > pos => pos = e.resume,
                    _ => break,
                }
            }
        }));
        if ok.is_err() {
            panics.push(format!("{text:?}"));
        }
    }
    assert!(
        panics.is_empty(),
        "the reader panicked on:\n{}",
        panics.join("\n")
    );
}

#[test]
fn builtins_survive_generated_arguments() {
    let m = ply::system::machine();
    let mut preds: Vec<(String, usize)> = m
        .program
        .preds
        .iter()
        .filter(|p| p.defined || p.is_builtin())
        .map(|p| (m.atoms.name(p.name).to_string(), p.arity))
        .filter(|(n, a)| !excluded(&format!("{n}/{a}")) && *a <= 5)
        .collect();
    preds.sort();
    preds.dedup();
    let mut r = Rng(seed() ^ 1);
    let mut goals = Vec::new();
    for _ in 0..4 * rounds() {
        for (name, arity) in &preds {
            let args: Vec<String> = (0..*arity).map(|_| term(&mut r, 2)).collect();
            let quoted = format!("'{}'", name.replace('\\', "\\\\").replace('\'', "\\'"));
            goals.push(if *arity == 0 {
                quoted
            } else {
                format!("{quoted}({})", args.join(", "))
            });
        }
    }
    let panics = run_all(&goals);
    assert!(panics.is_empty(), "ply panicked on:\n{}", panics.join("\n"));
}

#[test]
fn generated_programs_run_without_panics() {
    const GOALS: &[&str] = &[
        "true",
        "fail",
        "!",
        "X = Y",
        "X == Y",
        "X @< Y",
        "atom(X)",
        "var(X)",
        "X is Y + 1",
        "X > Y",
        "functor(X, F, N)",
        "arg(1, X, Y)",
        "copy_term(X, Y)",
        "X =.. L",
        "findall(Z, member(Z, [X, Y]), L)",
        "\\+ X = Y",
        "(X = a ; X = b)",
        "(X == Y -> true ; fail)",
        "catch(Y is X / 0, _, true)",
        "assertz(seen(X))",
        "retract(seen(_))",
        "atom_length(X, N)",
        "msort([X, Y], L)",
        "length(L, 2)",
        "nb_setval(k, X)",
        "b_getval(k, X)",
    ];
    let mut r = Rng(seed() ^ 2);
    let mut m = ply::system::machine();
    let mut panics = Vec::new();
    for prog in 0..150 * rounds() {
        // Predicates p0..p4, each calling only lower-numbered ones, so every call ends.
        let mut clauses = Vec::new();
        for k in 0..5 {
            for _ in 0..1 + r.below(3) {
                let head = format!("p{k}({}, {})", term(&mut r, 2), term(&mut r, 1));
                let n = r.below(4);
                let mut body: Vec<String> = (0..n).map(|_| r.pick(GOALS).to_string()).collect();
                if k > 0 && r.below(2) == 0 {
                    body.push(format!("p{}({}, Y)", r.below(k), term(&mut r, 1)));
                }
                let body = if body.is_empty() {
                    "true".to_string()
                } else {
                    body.join(", ")
                };
                clauses.push(format!("({head} :- {body})"));
            }
        }
        let setup = format!(
            "retractall(seen(_)), forall(member(P, [p0/2, p1/2, p2/2, p3/2, p4/2]), (abolish(P) -> true ; true)), \
             forall(member(C, [{}]), assertz(C))",
            clauses.join(", ")
        );
        let goal = format!(
            "{setup}, forall(between(0, 4, I), (atom_concat(p, I, N), G =.. [N, {}, _], (catch(G, _, true) -> true ; true)))",
            term(&mut r, 2)
        );
        if let Err(g) = run_guarded(&mut m, &goal) {
            panics.push(format!("program {prog}: {g}"));
            m = ply::system::machine();
        }
    }
    assert!(panics.is_empty(), "panics:\n{}", panics.join("\n"));
}

#[test]
fn the_game_bridge_survives_damaged_positions() {
    const GAMES: &[&str] = &[
        "tictactoe",
        "tictactoe(4)",
        "coins",
        "puzzle8",
        "connect4",
        "othello",
        "kalah",
        "checkers",
        "chess",
    ];
    const PREDS: &[&str] = &[
        "ходы(P, _)",
        "стат_оц(P, _)",
        "ход_мина(P)",
        "ход_макса(P)",
        "конец_игры(P, _)",
        "глубина(P, _)",
        "с_глубиной(P, 1, _)",
        "ход(P, _, _)",
        "perft(P, 1, _)",
        "native_minimax(P, _, _, _)",
        "native_alphabeta(P, -inf, inf, _, _, _)",
        "show(P)",
    ];
    let mut r = Rng(seed() ^ 3);
    let mut goals = Vec::new();
    for _ in 0..40 * rounds() {
        for game in GAMES {
            // A real position with one argument, or one element of a list argument, replaced;
            // the searches then get it with a horizon of 1, where it still is a position.
            let damage = term(&mut r, 2).replace('\\', "\\\\").replace('\'', "\\'");
            let which = 1 + r.below(7);
            for pred in PREDS {
                goals.push(format!(
                    "initial_position({game}, 1, P0), P0 =.. [F|As], length(As, N), \
                     ( {which} =< N -> term_to_atom(D, '{damage}'), nth1({which}, As, A0), \
                       ( is_list(A0), A0 = [_|T] -> A = [D|T] ; A = D ), \
                       nth1({which}, As, _, Rest), nth1({which}, As1, A, Rest), P1 =.. [F|As1] \
                     ; P1 = P0 ), \
                     ( catch(с_глубиной(P1, 1, P), _, fail) -> true ; P = P1 ), {pred}"
                ));
            }
        }
    }
    let panics = run_all(&goals);
    assert!(panics.is_empty(), "ply panicked on:\n{}", panics.join("\n"));
}

#[test]
fn regressions_stay_fixed() {
    let text = include_str!("../fuzz/regressions.txt");
    let mut m = ply::system::machine();
    for goal in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        run_guarded(&mut m, goal)
            .unwrap_or_else(|g| panic!("a regression goal panicked again: {g}"));
    }
}
