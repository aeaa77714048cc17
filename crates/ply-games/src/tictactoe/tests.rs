//! Tic-tac-toe against published figures (facts file `tictactoe_and_coins.txt`, which cites
//! Wikipedia "Tic-tac-toe", OEIS A008907 and A061526, OpenSpiel constants, and the source
//! documents 002 and 003).

use super::*;
use crate::search::test_support::{assert_engines_agree, random_positions};
use crate::search::{alphabeta, minimax, tree_stats};
use std::collections::HashSet;

fn winloss() -> TicTacToe {
    TicTacToe::classic(Eval::WinLoss)
}

/// Square numbers 1..9 as bits.
fn sq(n: u8) -> u64 {
    1 << (n - 1)
}

#[test]
fn full_game_tree_matches_published_counts() {
    // Facts: 549946 nodes incl. root; per ply 1 9 72 504 3024 15120 54720 148176 200448 127872;
    // 255168 complete games, by ply 5..9 1440 5328 47952 72576 127872; X/O/draw 131184/77904/46080.
    let g = winloss();
    let s = tree_stats(&g, &g.initial(9));
    assert_eq!(s.nodes(), 549_946);
    assert_eq!(
        s.nodes_per_ply,
        [1, 9, 72, 504, 3024, 15120, 54720, 148_176, 200_448, 127_872]
    );
    assert_eq!(s.leaves(), 255_168);
    assert_eq!(s.leaves_per_ply[5..], [1440, 5328, 47952, 72576, 127_872]);
    assert_eq!((s.max_wins, s.min_wins, s.draws), (131_184, 77_904, 46_080));
    assert_eq!(s.unfinished, 0);
}

#[test]
fn distinct_positions_match_published_counts() {
    // Facts: 5478 legal positions, per ply 1 9 72 252 756 1260 1520 1140 390 78; 958 terminal
    // (626 X wins, 316 O wins, 16 draws).
    let g = winloss();
    let mut layer: HashSet<TttPos> = HashSet::from([g.initial(9)]);
    let mut per_ply = vec![];
    let mut terminal = [0; 3];
    let mut moves = vec![];
    while !layer.is_empty() {
        per_ply.push(layer.len());
        let mut next = HashSet::new();
        for p in &layer {
            match g.outcome(p) {
                Some(Outcome::MaxWins) => terminal[0] += 1,
                Some(Outcome::MinWins) => terminal[1] += 1,
                Some(Outcome::Draw) => terminal[2] += 1,
                None => {}
            }
            moves.clear();
            g.moves(p, &mut moves);
            next.extend(moves.iter().map(|m| g.play(p, m)));
        }
        layer = next;
    }
    assert_eq!(per_ply, [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]);
    assert_eq!(per_ply.iter().sum::<usize>(), 5478);
    assert_eq!(terminal, [626, 316, 16]);
}

#[test]
fn textbook_minimax_over_the_full_tree() {
    // Facts: with +1/-1/0 and moves in square order, value 0 and the chosen successor is X on
    // square 9 (ties keep the later successor), as SWI-Prolog 9.0.4 prints.
    let g = winloss();
    let root = g.initial(9);
    let r = minimax(&g, &root);
    assert_eq!(r.value, 0);
    assert_eq!(r.best, Some(8));
    assert_eq!(r.stats.nodes, 549_946);
    assert_eq!(r.stats.static_calls, 255_168);
    // Facts: every first move also draws.
    for square in 0..9 {
        assert_eq!(
            minimax(&g, &g.play(&root, &square)).value,
            0,
            "square {}",
            square + 1
        );
    }
    let a = alphabeta(&g, &root, -2, 2);
    assert_eq!((a.best, a.value), (Some(8), 0));
    assert!(a.stats.static_calls < r.stats.static_calls);
}

#[test]
fn open_lines_after_the_first_move() {
    // Facts (document 002): static f after X's first move: centre 4, corner 3, edge 2.
    let g = TicTacToe::classic(Eval::Lines);
    let f = |x| g.static_value(&g.position(x, 0, 0));
    assert_eq!((f(sq(5)), f(sq(1)), f(sq(2))), (4, 3, 2));
    assert_eq!(f(0), 0);
    assert_eq!(
        g.static_value(&g.position(sq(1) | sq(2) | sq(3), sq(4) | sq(5), 0)),
        WIN
    );
    assert_eq!(
        g.static_value(&g.position(sq(1) | sq(2) | sq(9), sq(4) | sq(5) | sq(6), 0)),
        -WIN
    );
}

#[test]
fn depth_two_minimax_prefers_the_centre() {
    // Facts (document 002, fig. 3.6): depth-2 values centre 1, corner -1, edge -2; best centre.
    let g = TicTacToe::classic(Eval::Lines);
    let v = |x| minimax(&g, &g.position(x, 0, 1)).value;
    assert_eq!((v(sq(5)), v(sq(1)), v(sq(2))), (1, -1, -2));
    let r = minimax(&g, &g.initial(2));
    assert_eq!((r.best, r.value), (Some(4), 1));
}

#[test]
fn four_by_four_open_lines() {
    // Document 003's E(P) on the 4x4 board: 10 lines (4 rows, 4 columns, 2 diagonals).
    let g = TicTacToe::new(4, 4, 4, Eval::Lines).unwrap();
    assert_eq!(g.open_lines(&g.initial(0)), (10, 10));
    // X in a corner blocks that corner's row, column and diagonal for O.
    assert_eq!(g.static_value(&g.position(1, 0, 0)), 3);
    // X in an inner square blocks a row, a column and a diagonal.
    assert_eq!(g.static_value(&g.position(1 << 5, 0, 0)), 3);
    assert_eq!(g.static_value(&g.position(1 << 1, 0, 0)), 2);
}

#[test]
fn engines_agree_on_random_positions() {
    for g in [TicTacToe::classic(Eval::Lines), winloss()] {
        let ps = random_positions(&g, &g.initial(0), 30, 7, 4, 11);
        assert_engines_agree(&g, &ps);
    }
    let g = TicTacToe::new(4, 4, 4, Eval::Lines).unwrap();
    let ps = random_positions(&g, &g.initial(0), 24, 10, 3, 5);
    assert_engines_agree(&g, &ps);
}

#[test]
fn names_and_terms_round_trip() {
    for name in [
        GTerm::atom("tictactoe"),
        GTerm::compound("tictactoe", vec![GTerm::Int(4)]),
        GTerm::compound("tictactoe", vec![GTerm::Int(3), GTerm::atom("winloss")]),
        GTerm::compound(
            "tictactoe",
            vec![
                GTerm::Int(3),
                GTerm::Int(4),
                GTerm::Int(3),
                GTerm::atom("lines"),
            ],
        ),
    ] {
        let g = TicTacToe::from_name(&name).unwrap();
        assert_eq!(g.name(), name);
        let p = g.play(&g.initial(5), &1);
        let t = g.to_term(&p);
        assert_eq!(g.from_term(&t).unwrap(), p);
        let back = TicTacToe::from_position(&t).unwrap();
        assert_eq!(back.name(), name);
    }
    let g = TicTacToe::classic(Eval::Lines);
    assert_eq!(
        g.to_term(&g.play(&g.initial(9), &4)),
        GTerm::compound(
            "ttt",
            vec![
                GTerm::Int(8),
                GTerm::atom("o"),
                GTerm::Int(3),
                GTerm::atom("lines"),
                GTerm::List(vec![
                    GTerm::List(vec![GTerm::atom("e"); 3]),
                    GTerm::List(vec![GTerm::atom("e"), GTerm::atom("x"), GTerm::atom("e")]),
                    GTerm::List(vec![GTerm::atom("e"); 3]),
                ]),
            ]
        )
    );
}

#[test]
fn bad_terms_are_errors() {
    let g = TicTacToe::classic(Eval::Lines);
    let row = |a: &'static str| GTerm::List(vec![GTerm::atom(a); 3]);
    let pos = |d: i64, side: &'static str, rows: Vec<GTerm>| {
        GTerm::compound(
            "ttt",
            vec![
                GTerm::Int(d),
                GTerm::atom(side),
                GTerm::Int(3),
                GTerm::atom("lines"),
                GTerm::List(rows),
            ],
        )
    };
    assert_eq!(
        g.from_term(&pos(-1, "x", vec![row("e"), row("e"), row("e")])),
        Err(GameError::Domain("not_less_than_zero", GTerm::Int(-1)))
    );
    assert!(matches!(
        g.from_term(&pos(1, "o", vec![row("e"), row("e"), row("e")])),
        Err(GameError::Domain("ttt_position", _))
    ));
    assert_eq!(
        g.from_term(&pos(1, "x", vec![row("e"), row("q"), row("e")])),
        Err(GameError::Domain("ttt_square", GTerm::atom("q")))
    );
    assert!(matches!(
        g.from_term(&GTerm::Int(3)),
        Err(GameError::Type("ttt_position", _))
    ));
    assert!(TicTacToe::from_name(&GTerm::compound("tictactoe", vec![GTerm::Int(9)])).is_err());
    assert!(TicTacToe::from_name(&GTerm::compound("tictactoe", vec![GTerm::atom("a")])).is_err());
    assert!(g.parse_move(&g.initial(3), "10").is_err());
    assert_eq!(g.parse_move(&g.initial(3), "5"), Ok(4));
}
