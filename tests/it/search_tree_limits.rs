//! What `search_tree/4` keeps of a large search: `max_nodes(N)` keeps the top of the tree (the
//! first N calls in breadth-first order), `max_depth(D)` the calls down to depth D, the calls
//! not kept cost no memory, and a file over `max_bytes` (50 MB unless given) is refused with an
//! error naming the option.

use crate::support::run;
use std::path::PathBuf;

const ALPHABETA_RU: &str = "programs/textbook/alphabeta_ru.pl";

/// The goal that records the textbook alpha-beta from `start` into `file` with `options`,
/// then prints the calls recorded.
fn record(start: &str, file: &str, options: &str) -> String {
    format!(
        "{start}, search_tree(альфабета/5, альфабета(P, -inf, inf, _, _), '{file}', \
         [nodes(N) | {options}]), write(N), nl"
    )
}

/// The tic-tac-toe position after X1 O5 X8 O2, searched to the end: 226 calls.
const TTT: &str = "initial_position(tictactoe, inf, P0), ход(P0, P1, 1), ход(P1, P2, 5), \
                   ход(P2, P3, 8), ход(P3, P, 2)";

/// Standard output of `ply -q -g goal -t halt files...`, which must succeed.
fn ply(goal: &str, files: &[&str]) -> String {
    let (out, err, code) = run::ply(&[&["-q", "-g", goal, "-t", "halt"], files].concat(), "");
    assert!(code == 0 && !err.contains("ERROR"), "{goal}: {out}\n{err}");
    out
}

/// A fresh file name for one test.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ply_st_limits_{}_{name}", std::process::id()))
}

/// The depth of each node of a Graphviz file search_tree/4 wrote, in node order.
fn depths(dot: &str) -> Vec<usize> {
    let text = std::fs::read_to_string(dot).unwrap();
    let mut depth: Vec<usize> = Vec::new();
    for l in text.lines() {
        let l = l.trim();
        if l.starts_with('n') && l.contains(" [label=") {
            depth.push(0);
        }
        if let Some((a, b)) = l.split_once(" -> ") {
            let num = |s: &str| -> usize {
                s.trim_start_matches('n')
                    .split(|c: char| !c.is_ascii_digit())
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap()
            };
            let (p, c) = (num(a), num(b));
            depth[c] = depth[p] + 1;
        }
    }
    depth
}

#[test]
fn max_nodes_keeps_the_top_of_the_tree_and_max_depth_its_first_rows() {
    let dot = scratch("top.dot");
    let f = dot.display().to_string();
    assert_eq!(ply(&record(TTT, &f, "[]"), &[ALPHABETA_RU]), "226\n");
    let all = depths(&f);
    let per_depth = |d: &[usize], k: usize| d.iter().filter(|&&x| x == k).count();
    assert_eq!(per_depth(&all, 1), 5, "five squares are free");
    // Ten calls in breadth-first order: the root, its five children and the first four
    // calls one level further down (depth-first order would give a chain down one column).
    assert_eq!(
        ply(&record(TTT, &f, "[max_nodes(10)]"), &[ALPHABETA_RU]),
        "10\n"
    );
    let ten = depths(&f);
    assert_eq!(ten, vec![0, 1, 2, 2, 2, 2, 1, 1, 1, 1]);
    assert_eq!(
        ply(&record(TTT, &f, "[max_depth(1)]"), &[ALPHABETA_RU]),
        "6\n"
    );
    assert_eq!(depths(&f), vec![0, 1, 1, 1, 1, 1]);
    // Every call of the first two rows, nothing below them, whatever the order of the search.
    let n2 = 1 + 5 + per_depth(&all, 2);
    let out = ply(
        &record(TTT, &f, &format!("[max_nodes({n2})]")),
        &[ALPHABETA_RU],
    );
    assert_eq!(out, format!("{n2}\n"));
    assert!(depths(&f).iter().all(|&d| d <= 2));
    let _ = std::fs::remove_file(&dot);
}

#[test]
fn calls_not_kept_cost_no_memory() {
    let svg = scratch("mem.svg");
    let peak = |depth: u32| -> i64 {
        let goal = format!(
            "{}, peak_rss_kb(K), write(K), nl",
            record(
                &format!("initial_position(connect4, {depth}, P)"),
                &svg.display().to_string(),
                "[max_nodes(10)]"
            )
        );
        let out = ply(&goal, &[ALPHABETA_RU, "tests/memory/peak_rss.pl"]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "10", "{out}");
        lines[1].parse().unwrap()
    };
    // Depth 6 makes 118,763 calls, depth 2 makes 57; ten are kept of each.
    let (small, large) = (peak(2), peak(6));
    assert!(
        large - small < 8 * 1024,
        "118,763 calls with ten kept grow the peak by {} kB",
        large - small
    );
    let _ = std::fs::remove_file(&svg);
}

#[test]
fn a_file_over_max_bytes_is_refused_with_an_error_naming_the_option() {
    let svg = scratch("big.svg");
    let f = svg.display().to_string();
    let goal = format!(
        "catch(({}), error(E, context(_, M)), true), writeq(E), nl, write(M), nl, \
         ( exists_file('{f}') -> write(written) ; write(not_written) ), nl",
        record(TTT, &f, "[max_bytes(10000)]")
    );
    let out = ply(&goal, &[ALPHABETA_RU]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "resource_error(search_tree_file_size)", "{out}");
    assert!(lines[1].contains("max_bytes(inf)"), "{out}");
    assert!(lines[1].contains("would be more than 0.0 MB"), "{out}");
    assert_eq!(lines[2], "not_written");
    // The same tree is written with the limit lifted, and with the default (50 MB).
    let ok = ply(&record(TTT, &f, "[max_bytes(inf)]"), &[ALPHABETA_RU]);
    assert_eq!(ok, "226\n");
    assert_eq!(ply(&record(TTT, &f, "[]"), &[ALPHABETA_RU]), "226\n");
    let _ = std::fs::remove_file(&svg);
    // Connect Four to depth 6 would write 190 MB of HTML: refused unless asked for.
    let html = scratch("c4.html");
    let (out, err, _) = run::ply(
        &[
            "-q",
            "-g",
            &record(
                "initial_position(connect4, 6, P)",
                &html.display().to_string(),
                "[]",
            ),
            "-t",
            "halt",
            ALPHABETA_RU,
        ],
        "",
    );
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("Not enough resources: search_tree_file_size")
            && err.contains("give the option max_bytes(inf)"),
        "{err}"
    );
    assert!(!html.exists());
}
