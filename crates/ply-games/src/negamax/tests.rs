//! The research engines against the textbook's: the same value and the same chosen move as
//! minimax and alpha-beta on every library game, at small depths, from random positions; the
//! terms' space and the typed one agree count for count.

use super::{search_terms, Algorithm, Report};
use crate::search::test_support::Rng;
use crate::{lookup, DynGame, GTerm};

/// Every library game with a depth small enough for minimax in a debug build.
fn games() -> Vec<(GTerm, u32)> {
    let int = GTerm::Int;
    vec![
        (GTerm::atom("tictactoe"), 4),
        (GTerm::compound("tictactoe", vec![int(4)]), 3),
        (GTerm::atom("coins"), 6),
        (GTerm::atom("connect4"), 4),
        (GTerm::compound("kalah", vec![int(3), int(3)]), 5),
        (GTerm::atom("chess"), 2),
        (GTerm::atom("checkers"), 4),
        (GTerm::atom("othello"), 3),
    ]
}

/// A few positions of `game` after random plies, with the horizon `depth`.
fn positions(game: &dyn DynGame, depth: u32, seed: u64) -> Vec<GTerm> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for plies in [0, 1, 2, 4, 6] {
        let mut p = game.initial(crate::UNLIMITED);
        for _ in 0..plies {
            let s = game.successors(&p).unwrap();
            if s.is_empty() {
                break;
            }
            p = s[rng.below(s.len())].clone();
        }
        out.push(game.with_depth(&p, depth).unwrap());
    }
    out
}

fn run(game: &dyn DynGame, p: &GTerm, a: Algorithm) -> Report {
    game.research(p, a, None).unwrap().report
}

#[test]
fn every_algorithm_chooses_what_the_textbook_chooses() {
    for (name, depth) in games() {
        let game = lookup(&name).unwrap();
        // Kalah's extra move makes the textbook minimax score some lines by the wrong side
        // (search.rs), so there negamax is the reference, and the textbook only for alpha-beta
        // where the two agree.
        let kalah = matches!(&name, GTerm::Compound(n, _) if n == "kalah");
        for p in positions(game.as_ref(), depth, 7) {
            let mm = game.native_minimax(&p).unwrap().result;
            let ab = game
                .native_alphabeta(&p, -1_000_000_000, 1_000_000_000)
                .unwrap();
            let nm = run(game.as_ref(), &p, Algorithm::Negamax);
            if !kalah {
                assert_eq!((nm.best, nm.value), (mm.best, mm.value), "{p:?}");
                assert_eq!(nm.counts.nodes, mm.stats.nodes, "{p:?}");
                assert_eq!((ab.result.best, ab.result.value), (mm.best, mm.value));
            }
            for a in [Algorithm::Ordered, Algorithm::Pvs, Algorithm::Id] {
                let r = run(game.as_ref(), &p, a);
                assert_eq!((r.best, r.value), (nm.best, nm.value), "{a:?} {p:?}");
                assert!(
                    r.counts.nodes <= nm.counts.nodes || a != Algorithm::Ordered,
                    "{a:?} {} > {} {p:?}",
                    r.counts.nodes,
                    nm.counts.nodes
                );
            }
        }
    }
}

#[test]
fn terms_and_typed_spaces_count_alike() {
    for (name, depth) in games() {
        let game = lookup(&name).unwrap();
        for p in positions(game.as_ref(), depth.min(3), 11) {
            for a in [
                Algorithm::Negamax,
                Algorithm::Ordered,
                Algorithm::Pvs,
                Algorithm::Id,
            ] {
                let typed = game.research(&p, a, None).unwrap();
                let terms = search_terms(game.as_ref(), &p, a, None);
                // The typed space keys a position by its game's term; the terms' space by the
                // term with its first argument as the depth, which is the same key only for
                // games that keep the depth there. Values and moves agree either way.
                let terms = terms.unwrap();
                assert_eq!(typed.best, terms.best, "{a:?} {p:?}");
                assert_eq!(typed.report.value, terms.report.value);
                if a != Algorithm::Id {
                    assert_eq!(typed.report.counts.nodes, terms.report.counts.nodes);
                }
            }
        }
    }
}

#[test]
fn a_horizon_beyond_the_stack_is_refused() {
    let game = lookup(&GTerm::atom("puzzle8")).unwrap();
    let p = game.initial(1_000_000);
    let r = game.research(&p, Algorithm::Negamax, None);
    assert_eq!(r, Err(super::Failure::Stop(super::Stop::TooDeep)));
}

/// A uniform tree of branching `b` and depth `d` with leaf values that make every order as
/// good as any: the minimal tree is Knuth and Moore's b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves, and its
/// positions are those leaves and the inner positions above them.
#[test]
fn the_minimal_tree_of_a_uniform_tree_has_knuth_and_moores_leaves() {
    use crate::zobrist::mix;
    // A position is (path code, depth left, max to move); leaves have pseudo-random values.
    struct Uniform(u64);
    impl super::Space for Uniform {
        type Pos = (u64, u32, bool);
        fn successors(&mut self, p: &Self::Pos) -> Result<Vec<Self::Pos>, super::Stop> {
            Ok(if p.1 == 0 {
                vec![]
            } else {
                (0..self.0).map(|i| (mix(p.0 ^ i), p.1 - 1, !p.2)).collect()
            })
        }
        fn value(&mut self, p: &Self::Pos) -> Result<i64, super::Stop> {
            Ok((p.0 % 1000) as i64)
        }
        fn max_to_move(&mut self, p: &Self::Pos) -> Result<bool, super::Stop> {
            Ok(p.2)
        }
        fn depth(&mut self, p: &Self::Pos) -> Result<u32, super::Stop> {
            Ok(p.1)
        }
        fn with_depth(&mut self, p: &Self::Pos, d: u32) -> Result<Self::Pos, super::Stop> {
            Ok((p.0, d, p.2))
        }
        fn key(&mut self, p: &Self::Pos) -> Result<u64, super::Stop> {
            Ok(p.0)
        }
    }
    for (b, d) in [(2u64, 3u32), (3, 4), (4, 3), (3, 5)] {
        // The leaves of the minimal tree, counted by the same recurrence with inner positions
        // left out: Knuth and Moore's formula.
        let leaves = b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1;
        // Inner positions: at ply k, the minimal tree's positions are b^⌈k/2⌉ + b^⌊k/2⌋ − 1.
        let all: u64 = (0..=d)
            .map(|k| b.pow(k.div_ceil(2)) + b.pow(k / 2) - 1)
            .sum();
        let mut s = Uniform(b);
        let n = super::minimal::minimal_tree(&mut s, &(1, d, true)).unwrap();
        assert_eq!(n, all, "b = {b}, d = {d}, leaves {leaves}");
        let ab = super::search(&mut s, &(1, d, true), Algorithm::Ordered, None).unwrap();
        assert!(ab.counts.nodes >= n);
    }
}
