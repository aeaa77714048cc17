//! Monte Carlo tree search on small games: the counts add up, the seed alone decides them, and
//! a few thousand playouts find the move that wins or saves a game.

use super::*;
use crate::coins::Coins;
use crate::tictactoe::{Eval, TicTacToe};
use crate::{GTerm, TermGame, UNLIMITED};

#[test]
fn the_root_is_visited_once_per_iteration_and_its_children_one_less() {
    let game = TicTacToe::classic(Eval::Lines);
    let start = game.initial(UNLIMITED);
    let r = mcts(&game, &start, 200, 5);
    assert_eq!(r.root_visits, 200);
    assert_eq!(r.visits.len(), 9);
    assert_eq!(r.visits.iter().sum::<u64>(), 199);
    assert_eq!(r, mcts(&game, &start, 200, 5));
    assert_ne!(r.visits, mcts(&game, &start, 200, 6).visits);
}

#[test]
fn no_iterations_and_no_moves_give_no_move() {
    let game = TicTacToe::classic(Eval::Lines);
    let r = mcts(&game, &game.initial(UNLIMITED), 0, 1);
    assert_eq!((r.best, r.visits.len()), (None, 0));
    let r = mcts(&game, &game.initial(0), 10, 1);
    assert_eq!((r.best, r.visits.len(), r.root_visits), (None, 0, 10));
}

/// A tic-tac-toe position from rows of `x`, `o` and `e`, `x` to move.
fn ttt(game: &TicTacToe, rows: [&str; 3]) -> <TicTacToe as crate::Game>::Pos {
    let row = |r: &str| {
        GTerm::List(
            r.chars()
                .map(|c| GTerm::Atom(c.to_string().into()))
                .collect(),
        )
    };
    let t = GTerm::compound(
        "ttt",
        vec![
            GTerm::atom("inf"),
            GTerm::atom("x"),
            GTerm::Int(3),
            GTerm::atom("lines"),
            GTerm::List(rows.iter().map(|r| row(r)).collect()),
        ],
    );
    game.from_term(&t).unwrap()
}

#[test]
fn a_thousand_playouts_take_a_win_and_block_a_loss() {
    let game = TicTacToe::classic(Eval::Lines);
    // X wins on square 3.
    let r = mcts(&game, &ttt(&game, ["xxe", "ooe", "eee"]), 1000, 1);
    assert_eq!(r.best, Some(0), "{r:?}");
    // O threatens square 6 (the third empty square); X must block.
    let r = mcts(&game, &ttt(&game, ["xeo", "eoe", "xee"]), 2000, 1);
    let empties = [2, 4, 6, 8, 9];
    assert_eq!(r.best.map(|i| empties[i]), Some(4), "{r:?}");
}

#[test]
fn the_coin_game_is_played_to_a_win() {
    // From 8 coins MAX wins by taking 1 (leaving 7, a pile of 1 modulo 3).
    let game = Coins::new(8, 2);
    let r = mcts(&game, &game.initial(UNLIMITED), 2000, 3);
    assert_eq!(r.best, Some(0), "{r:?}");
}

#[test]
fn a_full_tree_stops_the_search_and_says_so() {
    let game = TicTacToe::classic(Eval::Lines);
    let start = game.initial(UNLIMITED);
    // The root and its nine children make ten nodes from the second iteration on; iterations 3
    // to 10 visit the children once each and add nothing, the eleventh expands a child (18
    // nodes), and under a cap of 11 nodes the twelfth does not start.
    let r = capped(&game, &start, 100, 1, 11, None);
    assert!(r.stopped);
    assert_eq!(r.root_visits, 11);
    assert!(!capped(&game, &start, 11, 1, 11, None).stopped);
    assert_eq!(capped(&game, &start, 100, 1, 10, None).root_visits, 2);
}
