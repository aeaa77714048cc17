//! library(clpfd) against SWI-Prolog and against the puzzles' own rules. `tests/clpfd/puzzles.pl`
//! solves SEND+MORE, all solutions of 8 queens, a hard sudoku, all 3x3 magic squares and the
//! first 12 queens labelling found first-fail; its output must be swipl's (`puzzles.out`), with
//! the fast paths on and off and with the heap collector running every few hundred cells. Each
//! solution is also checked here by the puzzle's rules, so the test does not rest on the
//! golden alone. `queries.txt` are toplevel queries whose answers and residual goals must be
//! swipl's (`queries.swipl`). Both goldens come from `sh tests/clpfd/regen.sh`. `random.pl`
//! checks labeling against arithmetic on random problems and needs no golden.

use std::collections::HashSet;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/clpfd");

/// Run ply in the cases' directory with `args`, `stdin` and extra environment; its output.
fn ply(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> String {
    crate::support::run::stdout_with_env(std::path::Path::new(DIR), args, stdin, env)
}

fn puzzles(env: &[(&str, &str)]) -> String {
    ply(&["-q", "-g", "main", "-t", "halt", "puzzles.pl"], "", env)
}

/// The integers of `[1,2,3]`.
fn ints(list: &str) -> Vec<i64> {
    list.trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(',')
        .map(|n| n.trim().parse().expect("an integer"))
        .collect()
}

/// The lines of `out` that start with `tag: `, without it.
fn tagged<'a>(out: &'a str, tag: &str) -> Vec<&'a str> {
    let prefix = format!("{tag}: ");
    out.lines()
        .filter_map(|l| l.strip_prefix(prefix.as_str()))
        .collect()
}

fn check_golden(env: &[(&str, &str)]) {
    let expected = std::fs::read_to_string(format!("{DIR}/puzzles.out")).expect("golden");
    assert_eq!(
        puzzles(env),
        expected,
        "puzzle output differs from swipl's ({env:?})"
    );
}

#[test]
fn puzzles_print_what_swipl_prints() {
    check_golden(&[]);
}

#[test]
fn puzzles_print_the_same_without_fast_paths() {
    check_golden(&[("PLY_FAST_PATHS", "0")]);
}

#[test]
fn puzzles_survive_frequent_collections() {
    check_golden(&[("PLY_GC_GROWTH", "400")]);
}

/// Queens on distinct rows, columns and diagonals.
fn queens_ok(qs: &[i64]) -> bool {
    let n = qs.len() as i64;
    qs.iter().all(|&q| (1..=n).contains(&q))
        && (0..qs.len()).all(|i| {
            (i + 1..qs.len()).all(|j| {
                let d = (j - i) as i64;
                qs[i] != qs[j] && (qs[i] - qs[j]).abs() != d
            })
        })
}

#[test]
fn the_solutions_keep_the_rules() {
    let out = puzzles(&[]);
    // SEND+MORE: the letters' digits make the sum.
    let sm = tagged(&out, "send_more")[0];
    let parts: Vec<Vec<i64>> = sm.split(['+', '=']).map(ints).collect();
    let num = |ds: &[i64]| ds.iter().fold(0, |a, d| a * 10 + d);
    assert_eq!(num(&parts[0]) + num(&parts[1]), num(&parts[2]), "{sm}");
    // 8 queens: every solution valid, all different, as many as printed.
    let qs: Vec<Vec<i64>> = tagged(&out, "queens").into_iter().map(ints).collect();
    assert!(qs.iter().all(|q| q.len() == 8 && queens_ok(q)));
    assert_eq!(qs.iter().collect::<HashSet<_>>().len(), qs.len());
    assert_eq!(tagged(&out, "queens 8")[0], qs.len().to_string());
    assert_eq!(qs.len(), 92);
    let q12 = ints(tagged(&out, "queens 12 first")[0]);
    assert!(q12.len() == 12 && queens_ok(&q12));
    // The sudoku: rows, columns and blocks are permutations of 1..9.
    let rows: Vec<Vec<i64>> = tagged(&out, "sudoku").into_iter().map(ints).collect();
    assert_eq!(rows.len(), 9);
    let perm = |v: Vec<i64>| {
        let mut v = v;
        v.sort();
        v == (1..=9).collect::<Vec<_>>()
    };
    for i in 0..9 {
        assert!(perm(rows[i].clone()));
        assert!(perm((0..9).map(|r| rows[r][i]).collect()));
        let (br, bc) = (i / 3 * 3, i % 3 * 3);
        assert!(perm((0..9).map(|k| rows[br + k / 3][bc + k % 3]).collect()));
    }
    // Magic squares: every line sums to 15.
    let sq: Vec<Vec<i64>> = tagged(&out, "magic").into_iter().map(ints).collect();
    let lines = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    assert!(sq.iter().all(|s| perm(s.clone())
        && lines
            .iter()
            .all(|l| l.iter().map(|&i| s[i]).sum::<i64>() == 15)));
    assert_eq!(sq.iter().collect::<HashSet<_>>().len(), 8);
}

/// Each query's answer at the toplevel, as `regen.sh` collects swipl's.
fn answers(env: &[(&str, &str)]) -> String {
    let queries = std::fs::read_to_string(format!("{DIR}/queries.txt")).expect("queries");
    let mut out = String::new();
    for q in queries.lines() {
        out.push_str(&format!("== {q}\n"));
        let text = ply(&["-q"], &format!("use_module(library(clpfd)).\n{q}\n"), env);
        for line in text.lines().filter(|l| !l.is_empty()).skip(1) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[test]
fn toplevel_answers_and_residual_goals_are_swipls() {
    let expected = std::fs::read_to_string(format!("{DIR}/queries.swipl")).expect("golden");
    for env in [&[][..], &[("PLY_FAST_PATHS", "0")][..]] {
        let got = answers(env);
        for (g, e) in got.lines().zip(expected.lines()) {
            assert_eq!(g, e, "toplevel answers differ from swipl's ({env:?})");
        }
        assert_eq!(
            got, expected,
            "toplevel answers differ from swipl's ({env:?})"
        );
    }
}

/// 1,500 random problems of one to three constraints over three small variables (sums,
/// products, squares, `abs`, `min`, `max`, `mod`, `//`, `rem`, reification): each problem's
/// solutions by labeling must be those of trying every assignment with `is/2`
/// (`tests/clpfd/random.pl`, which swipl passes as well), with the fast paths on and off.
#[test]
fn random_constraints_have_the_solutions_arithmetic_gives() {
    for env in [&[][..], &[("PLY_FAST_PATHS", "0")][..]] {
        let out = ply(&["-q", "-g", "main", "-t", "halt", "random.pl"], "", env);
        assert_eq!(
            out, "1500 problems, 0 disagree: []\n",
            "labeling and arithmetic disagree ({env:?})"
        );
    }
}
