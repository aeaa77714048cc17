//! The claims of the source documents, checked on what ply prints for the programs of `programs/`.
//!
//! The golden test compares these programs' output with SWI-Prolog byte for byte; this file reads
//! the same output and checks the facts it states against numbers computed here or published in
//! `tests/facts/tictactoe_and_coins.txt`, so that a golden file regenerated from a wrong
//! program would not pass unnoticed. It never writes files and never edits a golden.

use std::path::Path;
use std::process::{Command, Stdio};

/// Runs `ply -q -g GOAL -t halt FILE...` from the repository root and returns its stdout,
/// failing the test when ply exits with a nonzero status.
fn run(goal: &str, files: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .args(["-q", "-g", goal, "-t", "halt"])
        .args(files)
        .stdin(Stdio::null())
        .output()
        .expect("run ply");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{goal} exited with {:?}\n{stdout}\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The integers of a line, in order (a minus sign directly before digits is kept).
fn numbers(line: &str) -> Vec<i64> {
    let mut found = Vec::new();
    let mut current = String::new();
    for ch in line.chars().chain(std::iter::once(' ')) {
        if ch.is_ascii_digit() || (ch == '-' && current.is_empty()) {
            current.push(ch);
        } else {
            if let Ok(n) = current.parse() {
                found.push(n);
            }
            current.clear();
            if ch == '-' {
                current.push(ch);
            }
        }
    }
    found
}

#[test]
fn eight_puzzle_heuristic_search_expands_fewer_nodes_than_blind_search() {
    let out = run(
        "сравнение",
        &[
            "programs/search/eight_puzzle.pl",
            "programs/search/breadth_first.pl",
            "programs/search/depth_limited.pl",
            "programs/search/best_first.pl",
        ],
    );
    // Published optimal length of this instance: 5 moves (tictactoe_and_coins.txt, 8-puzzle).
    assert_eq!(out.matches("Решение из 5 ходов").count(), 3, "{out}");
    let counts = out
        .lines()
        .find(|l| l.starts_with("Раскрыто вершин: вширь"))
        .map(numbers)
        .expect("a line with the three node counts");
    let [breadth, depth, heuristic] = counts[..] else {
        panic!("three counts expected, got {counts:?}");
    };
    assert!(heuristic < breadth && heuristic < depth, "{counts:?}");
}

#[test]
fn coin_game_minus_wins_from_seven_with_the_documented_strategy() {
    let out = run("пуск_монеты", &["programs/games/coins_and_or.pl"]);
    assert!(out.contains("V(7+) решена"), "{out}");
    assert!(out.contains("если ПЛЮС берет 1, МИНУС берет 2"), "{out}");
    assert!(out.contains("если ПЛЮС берет 2, МИНУС берет 1"), "{out}");
    assert!(out.contains("W(7+) решения не имеет"), "{out}");
    // Full game tree from 7 coins: 54 nodes, 21 complete games (tictactoe_and_coins.txt).
    assert!(out.contains("вершин 54, партий 21"), "{out}");
    // The side to move loses exactly when N mod 3 = 1 (tictactoe_and_coins.txt).
    for n in 1..=10 {
        let (v, w) = if n % 3 == 1 {
            ("да", "нет")
        } else {
            ("нет", "да")
        };
        let line = format!("  N = {n}: V {v}, W {w}");
        assert!(out.lines().any(|l| l == line), "missing {line:?}\n{out}");
    }
}

#[test]
fn document_002_minimax_picks_the_centre_with_value_one() {
    let out = run(
        "run_stages",
        &["programs/games/tictactoe_minimax_stages.pl"],
    );
    let stage1: Vec<&str> = out.lines().take_while(|l| !l.is_empty()).collect();
    // Depth-2 values of X's first move: centre 1, corner -1, edge -2 (tictactoe_and_coins.txt,
    // source document 002, fig 3.6).
    assert!(stage1.contains(&"  square 1: -1"), "{out}");
    assert!(stage1.contains(&"  square 2: -2"), "{out}");
    assert!(stage1.contains(&"  square 5: 1"), "{out}");
    assert!(stage1.contains(&"  choice: square 5, value 1"), "{out}");
}

#[test]
fn alpha_beta_agrees_with_minimax_and_meets_the_best_case_formula() {
    let out = run("пуск_альфабета", &["programs/games/alphabeta_claims.pl"]);
    let ttt: Vec<&str> = out.lines().filter(|l| l.starts_with("  глубина")).collect();
    assert_eq!(ttt.len(), 12, "{out}");
    for line in ttt {
        assert!(line.ends_with("тот же ход, листьев меньше"), "{line}");
    }
    let trees: Vec<&str> = out.lines().filter(|l| l.starts_with("  b = ")).collect();
    assert!(trees.len() >= 10, "{out}");
    for line in trees {
        let n = numbers(line);
        let (b, d, alpha_beta, minimax) = (n[0], n[1], n[2], *n.last().unwrap());
        let d = u32::try_from(d).unwrap();
        let formula = b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1;
        assert_eq!(alpha_beta, formula, "{line}");
        assert_eq!(minimax, b.pow(d), "{line}");
    }
}
