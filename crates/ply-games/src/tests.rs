//! The registry: every game reachable by name and by position term, through [`DynGame`] only.

use super::*;

fn int(v: i64) -> GTerm {
    GTerm::Int(v)
}

/// Name terms of every registered game, as a user would write them.
fn names() -> Vec<GTerm> {
    vec![
        GTerm::atom("tictactoe"),
        GTerm::compound("tictactoe", vec![int(4)]),
        GTerm::compound("tictactoe", vec![int(3), GTerm::atom("winloss")]),
        GTerm::atom("coins"),
        GTerm::compound("coins", vec![int(10)]),
        GTerm::compound("coins", vec![int(10), int(3)]),
        GTerm::atom("puzzle8"),
        GTerm::compound(
            "puzzle8",
            vec![term_read::int_list_term([1, 2, 3, 8, 6, 4, 7, 0, 5])],
        ),
        GTerm::compound(
            "puzzle15",
            vec![term_read::int_list_term([
                14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3,
            ])],
        ),
        GTerm::atom("connect4"),
        GTerm::compound("connect4", vec![GTerm::atom("4455")]),
        GTerm::atom("kalah"),
        GTerm::compound("kalah", vec![int(3), int(3)]),
    ]
}

#[test]
fn every_name_starts_a_game_whose_positions_come_back() {
    for name in names() {
        let game = lookup(&name).unwrap();
        assert_eq!(game.name(), name);
        let root = game.initial(3);
        game.check(&root).unwrap();
        assert_eq!(game.depth(&root), Ok(3));
        let back = game_of_position(&root).unwrap();
        assert_eq!(back.successors(&root), game.successors(&root));
        let moves = game.moves(&root).unwrap();
        assert!(!moves.is_empty(), "{name:?}");
        for (notation, succ) in &moves {
            assert_eq!(game.move_between(&root, succ).as_ref(), Ok(notation));
            assert_eq!(game.parse_move(&root, notation).as_ref(), Ok(succ));
            assert_eq!(game.depth(succ), Ok(2));
        }
        let mm = game.native_minimax(&root).unwrap();
        let ab = game.native_alphabeta(&root, -1_000_000, 1_000_000).unwrap();
        assert_eq!(mm.best, ab.best);
        let best = mm.best.unwrap();
        assert_eq!(
            Some(&best),
            moves.get(mm.result.best.unwrap()).map(|m| &m.1)
        );
        assert_eq!(game.perft(&root, 1), Ok(moves.len() as u64));
        assert_eq!(
            game.with_depth(&root, 0).and_then(|r| game.successors(&r)),
            Ok(vec![])
        );
        assert!(!game.show(&root).unwrap().is_empty());
    }
}

#[test]
fn a_solved_puzzle_has_no_moves() {
    let game = lookup(&GTerm::atom("puzzle15")).unwrap();
    let root = game.initial(5);
    assert_eq!(game.successors(&root), Ok(vec![]));
    assert_eq!(game.outcome(&root), Ok(Some(Outcome::MaxWins)));
    assert_eq!(game.native_minimax(&root).map(|r| r.best), Ok(None));
}

#[test]
fn textbook_run_through_the_registry() {
    // Facts (tictactoe_and_coins.txt): minimax over the full tic-tac-toe tree with the win/loss
    // evaluation picks X on square 9 with value 0.
    let game = lookup(&GTerm::compound(
        "tictactoe",
        vec![int(3), GTerm::atom("winloss")],
    ))
    .unwrap();
    let root = game.initial(9);
    let r = game.native_minimax(&root).unwrap();
    assert_eq!(r.result.value, 0);
    assert_eq!(
        game.move_between(&root, &r.best.unwrap()),
        Ok("9".to_string())
    );
    assert_eq!(game.max_to_move(&root), Ok(true));
    assert_eq!(game.outcome(&root), Ok(None));
    assert_eq!(game.static_value(&root), Ok(0));
}

#[test]
fn bad_input_is_an_error_naming_the_culprit() {
    let unknown = GTerm::atom("go");
    assert_eq!(
        lookup(&unknown).err(),
        Some(GameError::Domain("game", unknown))
    );
    assert_eq!(
        lookup(&int(3)).err(),
        Some(GameError::Type("callable", int(3)))
    );
    let bad_tiles = term_read::int_list_term([1, 1, 2, 3, 4, 5, 6, 7, 0]);
    assert!(matches!(
        lookup(&GTerm::compound("puzzle8", vec![bad_tiles])).err(),
        Some(GameError::Domain("puzzle_tiles", _))
    ));
    assert_eq!(
        game_of_position(&GTerm::atom("ttt")).err(),
        Some(GameError::Type("game_position", GTerm::atom("ttt")))
    );
    let foreign = GTerm::compound("foo", vec![int(1)]);
    assert_eq!(
        game_of_position(&foreign).err(),
        Some(GameError::Type("game_position", foreign.clone()))
    );
    let game = lookup(&GTerm::atom("tictactoe")).unwrap();
    assert!(game.successors(&foreign).is_err());
    let coins = lookup(&GTerm::atom("coins")).unwrap();
    let negative = GTerm::compound("coins", vec![int(-1), GTerm::atom("max"), int(7), int(2)]);
    assert_eq!(
        coins.successors(&negative),
        Err(GameError::Domain("not_less_than_zero", int(-1)))
    );
    assert!(game_of_position(&negative).is_err());
    // A position of another game is not a position of this one.
    let c4 = lookup(&GTerm::atom("connect4")).unwrap().initial(2);
    assert!(coins.check(&c4).is_err());
    assert!(coins.move_between(&coins.initial(2), &c4).is_err());
    assert!(coins.parse_move(&coins.initial(2), "3").is_err());
}
