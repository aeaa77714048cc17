//! Kalah against Irving, Donkers and Uiterwijk, "Solving Kalah", ICGA J. 23(3) 2000 (facts file
//! `kalah.txt`: table 9's margins for m = 4..6 and table 10's wins, draws and losses for every
//! shape). The paper gives no margins for m = 1..3; those in [`MARGINS`] are checked against
//! table 10's outcome and against a second solver written apart from the library's
//! (`plain_solver.rs`), which must also reproduce table 9 on the small shapes it can reach.

use super::solver::Solver;
use super::*;
use crate::search::test_support::{assert_engines_agree, random_positions};
use std::time::Instant;

mod plain_solver;

/// First-player margins K(m, n) for n = 1..6; `None` where the table has no figure.
const MARGINS: [[Option<i64>; 6]; 6] = [
    [Some(0), Some(-2), Some(6), Some(-2), Some(2), Some(0)],
    [Some(2), Some(-2), Some(-2), Some(-12), Some(6), Some(8)],
    [Some(0), Some(4), Some(2), Some(2), Some(6), Some(-10)],
    [Some(2), Some(6), Some(8), Some(2), Some(2), Some(0)],
    [Some(0), Some(0), Some(8), Some(12), Some(2), Some(2)],
    [Some(2), Some(10), Some(2), Some(10), Some(12), None],
];

/// The shapes the test profile solves in about a second or less each.
const QUICK: [(usize, u8); 24] = [
    (1, 1),
    (1, 2),
    (1, 3),
    (1, 4),
    (1, 5),
    (1, 6),
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (2, 5),
    (2, 6),
    (3, 1),
    (3, 2),
    (3, 3),
    (3, 4),
    (3, 5),
    (3, 6),
    (4, 1),
    (4, 2),
    (4, 3),
    (4, 4),
    (5, 1),
    (5, 2),
];

fn expected(m: usize, n: u8) -> Option<i64> {
    MARGINS[m - 1][n as usize - 1]
}

#[test]
fn solver_matches_the_published_margins() {
    let mut shapes = QUICK.to_vec();
    shapes.extend([(5, 3), (6, 1), (6, 2)]);
    for (m, n) in shapes {
        let g = Kalah::new(m, n).unwrap();
        let v = Solver::new(g).solve(&g.initial(0));
        assert_eq!(Some(v), expected(m, n), "Kalah({m},{n})");
    }
}

/// Table 10 of the paper as the facts file transcribes it: for m = 1..6, the first player's
/// result for n = 1..6, `W`, `D`, `L` or `?` where the paper has none.
fn table_10() -> Vec<Vec<char>> {
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/facts/kalah.txt"
    ))
    .lines()
    .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
    .map(|l| {
        l.split_whitespace()
            .skip(1)
            .take(6)
            .map(|w| w.chars().next().unwrap())
            .collect()
    })
    .collect()
}

#[test]
fn margins_have_the_published_outcomes() {
    let table = table_10();
    assert_eq!(table.len(), 6);
    for (m, row) in table.iter().enumerate() {
        assert_eq!(row.len(), 6);
        for (n, &result) in row.iter().enumerate() {
            let want = match expected(m + 1, n as u8 + 1) {
                Some(v) if v > 0 => 'W',
                Some(0) => 'D',
                Some(_) => 'L',
                None => '?',
            };
            assert_eq!(want, result, "Kalah({},{})", m + 1, n + 1);
        }
    }
}

#[test]
fn a_second_solver_gives_the_same_margins() {
    // m = 1..3 are the margins the paper does not publish; (4,1), (4,2) and (5,1) are table 9's,
    // and show that the second solver plays by the paper's rules.
    let mut shapes: Vec<(usize, u8)> = (1..=3).flat_map(|m| (1..=6).map(move |n| (m, n))).collect();
    shapes.extend([(4, 1), (4, 2), (5, 1)]);
    for (m, n) in shapes {
        let plain = plain_solver::PlainSolver::new(m).margin(n);
        assert_eq!(Some(i64::from(plain)), expected(m, n), "Kalah({m},{n})");
    }
}

#[test]
#[ignore = "10 s to minutes each at the test profile's opt-level"]
fn solver_matches_the_larger_published_margins() {
    for (m, n) in [
        (4, 5),
        (4, 6),
        (5, 4),
        (5, 5),
        (5, 6),
        (6, 3),
        (6, 4),
        (6, 5),
    ] {
        let g = Kalah::new(m, n).unwrap();
        let t = Instant::now();
        let v = Solver::new(g).solve(&g.initial(0));
        println!("Kalah({m},{n}) = {v} in {:?}", t.elapsed());
        assert_eq!(Some(v), expected(m, n), "Kalah({m},{n})");
    }
}

#[test]
fn sowing_rules() {
    let g = Kalah::new(3, 3).unwrap();
    let p = g.initial(10);
    // Hole 1 of [3,3,3] sows into holes 2, 3 and the store: another move for MAX.
    let q = g.play(&p, &0);
    assert_eq!(&q.pits[..8], &[0, 4, 4, 1, 3, 3, 3, 0]);
    assert!(q.max_to_move);
    // Hole 3 sows into the store and MIN's first two holes: MIN to move.
    let r = g.play(&p, &2);
    assert_eq!(&r.pits[..8], &[3, 3, 0, 1, 4, 4, 3, 0]);
    assert!(!r.max_to_move);
    // A capture with the opposite hole empty still takes the capturing seed.
    let mut s = p;
    s.pits[..8].copy_from_slice(&[1, 0, 2, 0, 0, 0, 3, 0]);
    let after = g.play(&s, &0);
    // Hole 1's seed lands in empty hole 2, whose opposite (pit 5) is empty too.
    assert_eq!(&after.pits[..8], &[0, 0, 2, 1, 0, 0, 3, 0]);
    assert!(!after.max_to_move);
    // A sowing that skips the opponent's store: 8 seeds from MAX's hole 3 of Kalah(3,n).
    let mut w = p;
    w.pits[..8].copy_from_slice(&[0, 0, 8, 0, 1, 1, 1, 0]);
    let after = g.play(&w, &2);
    assert_eq!(&after.pits[..8], &[1, 1, 1, 2, 2, 2, 2, 0]);
    // The game ends when a side is empty, and each keeps its own seeds.
    let mut e = p;
    e.pits[..8].copy_from_slice(&[0, 0, 1, 5, 2, 0, 1, 4]);
    let end = g.play(&e, &2);
    assert_eq!(&end.pits[..8], &[0, 0, 0, 6, 0, 0, 0, 7]);
    assert_eq!(g.outcome(&end), Some(Outcome::MinWins));
    assert!(end.max_to_move);
}

#[test]
fn engines_agree_on_random_positions() {
    // The textbook engines' numbers on Kalah are the textbook program's (extra moves make the
    // successor's side the parent's), but minimax and alpha-beta must still agree with each other.
    for (m, n) in [(3, 3), (4, 4), (6, 4)] {
        let g = Kalah::new(m, n).unwrap();
        let ps = random_positions(&g, &g.initial(0), 24, 20, 4, m as u64);
        assert_engines_agree(&g, &ps);
    }
}

#[test]
fn names_terms_and_errors() {
    let g = Kalah::from_name(&GTerm::atom("kalah")).unwrap();
    assert_eq!((g.m, g.n), (6, 4));
    assert_eq!(g.name(), GTerm::atom("kalah"));
    let g = Kalah::new(3, 3).unwrap();
    let p = g.play(&g.initial(6), &2);
    let t = g.to_term(&p);
    assert_eq!(
        t,
        GTerm::compound(
            "kalah",
            vec![
                GTerm::Int(5),
                GTerm::atom("min"),
                GTerm::List(vec![GTerm::Int(3), GTerm::Int(3), GTerm::Int(0)]),
                GTerm::Int(1),
                GTerm::List(vec![GTerm::Int(4), GTerm::Int(4), GTerm::Int(3)]),
                GTerm::Int(0),
            ]
        )
    );
    assert_eq!(g.from_term(&t), Ok(p));
    let h = Kalah::from_position(&t).unwrap();
    assert_eq!(h.initial(5), p);
    assert!(Kalah::from_name(&GTerm::compound(
        "kalah",
        vec![GTerm::Int(0), GTerm::Int(4)]
    ))
    .is_err());
    assert!(Kalah::from_name(&GTerm::compound(
        "kalah",
        vec![GTerm::Int(10), GTerm::Int(20)]
    ))
    .is_err());
    let short = GTerm::compound(
        "kalah",
        vec![
            GTerm::Int(1),
            GTerm::atom("max"),
            GTerm::List(vec![GTerm::Int(3)]),
            GTerm::Int(0),
            GTerm::List(vec![GTerm::Int(3), GTerm::Int(3), GTerm::Int(3)]),
            GTerm::Int(0),
        ],
    );
    assert!(matches!(
        g.from_term(&short),
        Err(GameError::Domain("kalah_holes", _))
    ));
    assert!(g.parse_move(&p, "1").is_ok());
    assert!(g.parse_move(&p, "4").is_err());
}
