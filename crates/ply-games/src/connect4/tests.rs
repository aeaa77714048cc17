//! Connect Four: the solver against Pascal Pons' "End-Easy" test set (facts file
//! `connect4_endgame_sample.txt`), the move generator against a plain array implementation.

use super::solver::Solver;
use super::*;
use crate::search::test_support::{assert_engines_agree, random_positions};
use crate::search::{minimax, perft};

#[test]
fn solves_the_end_easy_sample_exactly() {
    // Facts: 50 positions of Pons' test set Test_L3_R1 with their exact scores, from the side
    // to move: 22 minus the winner's stones at the win, negative for a loss, 0 for a draw.
    let data = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/facts/connect4_endgame_sample.txt"
    ));
    let mut solver = Solver::new();
    let mut solved = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let (moves, score) = line.split_once(' ').unwrap();
        let pos = C4Pos::from_moves(moves).unwrap();
        assert_eq!(
            solver.solve(&pos),
            Some(score.trim().parse().unwrap()),
            "{moves}"
        );
        solved += 1;
    }
    assert_eq!(solved, 50);
}

/// Connect Four on a plain array, written independently of the bitboards: the perft count.
fn array_perft(
    board: &mut [[u8; HEIGHT]; WIDTH],
    heights: &mut [usize; WIDTH],
    player: u8,
    depth: u32,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for c in 0..WIDTH {
        if heights[c] == HEIGHT {
            continue;
        }
        let r = heights[c];
        board[c][r] = player;
        heights[c] += 1;
        let won = [(1i32, 0i32), (0, 1), (1, 1), (1, -1)]
            .iter()
            .any(|&(dc, dr)| {
                let run = |sign: i32| {
                    (1..4)
                        .take_while(|&k| {
                            let (cc, rr) = (c as i32 + sign * k * dc, r as i32 + sign * k * dr);
                            (0..WIDTH as i32).contains(&cc)
                                && (0..HEIGHT as i32).contains(&rr)
                                && board[cc as usize][rr as usize] == player
                        })
                        .count()
                };
                run(1) + run(-1) >= 3
            });
        total += if won || depth == 1 {
            u64::from(depth == 1)
        } else {
            array_perft(board, heights, 3 - player, depth - 1)
        };
        heights[c] -= 1;
        board[c][r] = 0;
    }
    total
}

#[test]
fn perft_from_the_empty_board() {
    // No column fills before ply 6 and no four before ply 7, so depths 1..6 are 7^d; at depth 7
    // the seven games that fill one column have only six moves: 7^7 - 7.
    let g = Connect4::new();
    let root = g.initial(0);
    for d in 1..=6 {
        assert_eq!(perft(&g, &root, d), 7u64.pow(d));
    }
    assert_eq!(perft(&g, &root, 7), 7u64.pow(7) - 7);
    // Depth 6 against the array version, and depth 8 from a position after 4455.
    let mut board = [[0; HEIGHT]; WIDTH];
    let mut heights = [0; WIDTH];
    assert_eq!(
        array_perft(&mut board, &mut heights, 1, 6),
        perft(&g, &root, 6)
    );
    let g = Connect4::from_name(&GTerm::compound("connect4", vec![GTerm::atom("4455")])).unwrap();
    for (c, h) in [(3, 2), (4, 2)] {
        board[c][0] = 1;
        board[c][1] = 2;
        heights[c] = h;
    }
    assert_eq!(
        array_perft(&mut board, &mut heights, 1, 6),
        perft(&g, &g.initial(0), 6)
    );
}

#[test]
fn threat_count() {
    // X on 1, 2, 3 of the bottom row: one threat (column 4 bottom); O's stones above make none.
    let p = C4Pos::from_moves("11223").unwrap();
    let g = Connect4::new();
    assert_eq!(g.static_value(&p), 1);
    let won = C4Pos::from_moves("1122334").unwrap();
    assert_eq!(won.outcome(), Some(Outcome::MaxWins));
    assert_eq!(g.static_value(&won), WIN);
    // With O's three above X's, both threaten the same column; at depth 1 the textbook minimax
    // finds X's win in column 4.
    let p = C4Pos::from_moves("112233").unwrap();
    assert_eq!(g.static_value(&p), 0);
    let r = minimax(&g, &C4Pos { depth: 1, ..p });
    assert_eq!((r.best, r.value), (Some(3), WIN));
}

#[test]
fn engines_agree() {
    let g = Connect4::new();
    let ps = random_positions(&g, &g.initial(0), 24, 30, 3, 17);
    assert_engines_agree(&g, &ps);
}

#[test]
fn names_terms_and_errors() {
    let name = GTerm::compound("connect4", vec![GTerm::atom("4455")]);
    let g = Connect4::from_name(&name).unwrap();
    assert_eq!(g.name(), name);
    let p = g.initial(4);
    let t = g.to_term(&p);
    let xo = |v: &[&'static str]| GTerm::List(v.iter().map(|a| GTerm::atom(a)).collect());
    assert_eq!(
        t,
        GTerm::compound(
            "c4",
            vec![
                GTerm::Int(4),
                GTerm::atom("x"),
                GTerm::List(vec![
                    xo(&[]),
                    xo(&[]),
                    xo(&[]),
                    xo(&["x", "o"]),
                    xo(&["x", "o"]),
                    xo(&[]),
                    xo(&[])
                ])
            ]
        )
    );
    assert_eq!(g.from_term(&t), Ok(p));
    let from_pos = Connect4::from_position(&t).unwrap();
    assert_eq!(Connect4::from_name(&from_pos.name()).unwrap().start, p);
    for bad in ["48", "1111111", "1122334x", "11223344"] {
        let n = GTerm::compound("connect4", vec![GTerm::atom(bad)]);
        assert_eq!(
            Connect4::from_name(&n).map(|_| ()),
            Err(GameError::Domain("connect4_moves", GTerm::atom(bad)))
        );
    }
    assert!(g.parse_move(&p, "8").is_err());
    assert_eq!(g.parse_move(&p, "4"), Ok(3));
}
