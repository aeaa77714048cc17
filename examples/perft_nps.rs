//! Native perft speed, game by game: leaf positions per second of `DynGame::perft` from each
//! game's start (and from Kiwipete for chess).
//!
//! Run with `cargo run --release --example perft_nps`; it is a measurement, never a test, and
//! prints one line per game: name, depth, leaves, seconds, leaves per second.

use ply::games::{lookup, GTerm};
use std::borrow::Cow;
use std::time::Instant;

/// A game name term from its functor and integer arguments.
fn name(functor: &'static str, args: &[i64]) -> GTerm {
    if args.is_empty() {
        GTerm::atom(functor)
    } else {
        GTerm::compound(functor, args.iter().map(|&a| GTerm::Int(a)).collect())
    }
}

fn main() {
    let kiwipete = GTerm::compound(
        "chess",
        vec![GTerm::Atom(Cow::Borrowed(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ))],
    );
    let korf1 = GTerm::compound(
        "puzzle15",
        vec![GTerm::List(
            [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]
                .iter()
                .map(|&t| GTerm::Int(t))
                .collect(),
        )],
    );
    let cases: Vec<(String, GTerm, u32)> = vec![
        ("tictactoe".into(), name("tictactoe", &[]), 9),
        ("tictactoe(4)".into(), name("tictactoe", &[4]), 6),
        ("coins(30,3)".into(), name("coins", &[30, 3]), 14),
        ("puzzle8".into(), name("puzzle8", &[]), 16),
        ("puzzle15 (Korf 1)".into(), korf1, 13),
        ("connect4".into(), name("connect4", &[]), 8),
        ("othello".into(), name("othello", &[]), 9),
        ("kalah(6,4)".into(), name("kalah", &[6, 4]), 10),
        ("checkers".into(), name("checkers", &[]), 9),
        ("chess".into(), name("chess", &[]), 5),
        ("chess (Kiwipete)".into(), kiwipete, 4),
    ];
    println!(
        "{:<20} {:>5} {:>12} {:>9} {:>14}",
        "game", "depth", "leaves", "seconds", "leaves/second"
    );
    for (label, game_name, depth) in cases {
        let game = match lookup(&game_name) {
            Ok(game) => game,
            Err(e) => {
                println!("{label:<20} cannot start: {e:?}");
                continue;
            }
        };
        let start = game.initial(depth);
        let clock = Instant::now();
        let leaves = match game.perft(&start, depth) {
            Ok(n) => n,
            Err(e) => {
                println!("{label:<20} perft failed: {e:?}");
                continue;
            }
        };
        let seconds = clock.elapsed().as_secs_f64();
        let rate = leaves as f64 / seconds.max(1e-9);
        println!("{label:<20} {depth:>5} {leaves:>12} {seconds:>9.3} {rate:>14.0}");
    }
}
