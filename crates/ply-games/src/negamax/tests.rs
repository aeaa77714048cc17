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
