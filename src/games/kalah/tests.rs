//! Kalah against Irving, Donkers and Uiterwijk, "Solving Kalah", ICGA J. 23(3) 2000 (facts file
//! `kalah.txt`: tables 9 and 10, and the margins for m = 1..3 computed by the facts' author
//! with the same rules and checked against table 10).

use super::solver::Solver;
use super::*;
use crate::games::search::test_support::{assert_engines_agree, random_positions};
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

#[test]
fn solve_times() {
    for m in 1..=6 {
        for n in 1..=6u8 {
            let g = Kalah::new(m, n).unwrap();
            let t = Instant::now();
            let mut s = Solver::new(g);
            let v = s.solve(&g.initial(0));
            println!("K({m},{n}) = {v} expected {:?} nodes {} {:?}", MARGINS[m - 1][n as usize - 1], s.nodes, t.elapsed());
            if t.elapsed().as_secs() > 20 { return; }
        }
    }
}
