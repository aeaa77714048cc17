//! Kalah against Irving, Donkers and Uiterwijk, "Solving Kalah", ICGA J. 23(3) 2000 (facts file
//! `kalah.txt`: tables 9 and 10, and the margins for m = 1..3 computed by the facts' author
//! with the same rules and checked against table 10).

use super::solver::Solver;
use super::*;
use crate::search::test_support::{assert_engines_agree, random_positions};
use std::time::Instant;

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
