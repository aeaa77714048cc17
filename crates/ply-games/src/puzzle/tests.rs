//! The 8- and 15-puzzle against published figures: facts file `tictactoe_and_coins.txt`
//! (document 001's instance, OEIS A089473/A089474, Reinefeld 1993) and `korf15_first10.txt`
//! (R. Korf, "Depth-first iterative-deepening", AIJ 1985).

use super::*;
use crate::search::test_support::{assert_engines_agree, random_positions};
use std::collections::{HashMap, VecDeque};

fn board(tiles: &[u8]) -> Board {
    Board::new(tiles).unwrap()
}

/// Breadth-first search from `start`: the distance of every reachable board.
fn distances(start: Board) -> HashMap<Board, u32> {
    let mut dist = HashMap::from([(start, 0)]);
    let mut queue = VecDeque::from([start]);
    while let Some(b) = queue.pop_front() {
        let d = dist[&b];
        for (_, next) in successors(&b) {
            dist.entry(next).or_insert_with(|| {
                queue.push_back(next);
                d + 1
            });
        }
    }
    dist
}

/// Iterative-deepening A* with the Manhattan heuristic: the optimal solution length, or None
/// when `limit` nodes were expanded first.
fn ida_star(start: Board, goal: Board, limit: u64) -> Option<u32> {
    let mut bound = manhattan(&start, &goal);
    let mut expanded = 0u64;
    loop {
        // An explicit stack of (board, g, index of the next direction to try, previous blank).
        let mut stack = vec![(start, 0u32, 0usize, usize::MAX)];
        let mut next_bound = u32::MAX;
        while let Some(top) = stack.last_mut() {
            let (b, g, dir, prev_blank) = *top;
            if dir == 0 {
                let f = g + manhattan(&b, &goal);
                if f > bound {
                    next_bound = next_bound.min(f);
                    stack.pop();
                    continue;
                }
                if b == goal {
                    return Some(g);
                }
                expanded += 1;
                if expanded > limit {
                    return None;
                }
            }
            if dir == 4 {
                stack.pop();
                continue;
            }
            top.2 += 1;
            if let Some(next) = b.slide(Dir::ORDER[dir]) {
                // Never undo the previous move.
                if next.blank() != prev_blank {
                    stack.push((next, g + 1, 0, b.blank()));
                }
            }
        }
        bound = next_bound;
    }
}

#[test]
fn document_001_instance_takes_five_moves() {
    // Facts: start 2 8 3 / 1 6 4 / 7 _ 5, goal 1 2 3 / 8 _ 4 / 7 6 5, optimal solution 5.
    let start = board(&DOC001_START);
    let goal = board(&DOC001_GOAL);
    assert_eq!(distances(goal)[&start], 5);
    assert_eq!(ida_star(start, goal, 1_000), Some(5));
    assert_eq!(misplaced(&start, &goal), 4);
    assert_eq!(manhattan(&start, &goal), 5);
}

#[test]
fn goal_reaches_181440_boards() {
    // Facts: 181440 solvable 8-puzzle states; from the centre-blank goal the hardest need 30
    // moves, 148 of them (OEIS A089474, Reinefeld 1993).
    let goal = board(&DOC001_GOAL);
    let dist = distances(goal);
    assert_eq!(dist.len(), 181_440);
    let hardest = dist.values().copied().max().unwrap();
    assert_eq!(hardest, 30);
    assert_eq!(dist.values().filter(|&&d| d == 30).count(), 148);
    for (b, d) in dist.iter().step_by(97) {
        assert!(misplaced(b, &goal) <= manhattan(b, &goal));
        assert!(manhattan(b, &goal) <= *d);
        assert!(solvable(b, &goal));
    }
}

#[test]
fn corner_goal_hardest_positions() {
    // Facts: with the goal 1 2 3 / 4 5 6 / 7 8 _ the hardest positions need 31 moves, exactly
    // two of them: 647850321 and 867254301 (OEIS A089473).
    let goal = board(&[1, 2, 3, 4, 5, 6, 7, 8, 0]);
    let dist = distances(goal);
    let mut hardest: Vec<String> = dist
        .iter()
        .filter(|(_, &d)| d == 31)
        .map(|(b, _)| b.cells().iter().map(|t| t.to_string()).collect())
        .collect();
    hardest.sort();
    assert_eq!(hardest, ["647850321", "867254301"]);
}

/// Korf's instances: (id, optimal length, tiles).
fn korf() -> Vec<(u32, u32, Board)> {
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/facts/korf15_first10.txt"
    ))
    .lines()
    .filter(|l| !l.trim().is_empty())
    .map(|l| {
        let v: Vec<u32> = l.split_whitespace().map(|w| w.parse().unwrap()).collect();
        let tiles: Vec<u8> = v[2..].iter().map(|&t| t as u8).collect();
        (v[0], v[1], board(&tiles))
    })
    .collect()
}

#[test]
fn korf_instances_are_solvable_and_manhattan_is_admissible() {
    // Facts: Korf's first ten 15-puzzle instances with their optimal lengths (goal 0 1 .. 15).
    let goal = Puzzle::standard_goal(4);
    let instances = korf();
    assert_eq!(instances.len(), 10);
    for (id, optimal, b) in instances {
        assert!(solvable(&b, &goal), "instance {id}");
        let h = manhattan(&b, &goal);
        assert!(
            h <= optimal && (optimal - h).is_multiple_of(2),
            "instance {id}"
        );
        assert!(misplaced(&b, &goal) <= h);
        // Swapping two tiles flips the parity: no longer solvable.
        let mut swapped = b;
        let (i, j) = if b.tiles[0] == 0 || b.tiles[1] == 0 {
            (2, 3)
        } else {
            (0, 1)
        };
        swapped.tiles.swap(i, j);
        assert!(!solvable(&swapped, &goal));
    }
}

#[test]
fn korf_easiest_instance_solved_optimally() {
    // Facts: Korf instance 9 is the easiest of the ten, optimal length 46.
    let goal = Puzzle::standard_goal(4);
    let (_, optimal, b) = korf().into_iter().find(|k| k.0 == 9).unwrap();
    assert_eq!(ida_star(b, goal, u64::MAX), Some(optimal));
}

#[test]
#[ignore = "about five minutes at the test profile's opt-level (instances 2, 5, 9 take seconds)"]
fn korf_all_instances_timed() {
    // Facts: the optimal lengths of Korf's first ten instances. Run with
    // `cargo test --lib korf_all -- --ignored --nocapture` to see the time of each.
    let goal = Puzzle::standard_goal(4);
    for (id, optimal, b) in korf() {
        let t = std::time::Instant::now();
        let found = ida_star(b, goal, 2_000_000_000);
        println!(
            "Korf {id}: {found:?} (optimal {optimal}) in {:?}",
            t.elapsed()
        );
        assert!(found.is_none() || found == Some(optimal));
    }
}

#[test]
fn successors_follow_document_001_order() {
    // Blank in the centre: down, up, left, right.
    let b = board(&DOC001_GOAL);
    let dirs: Vec<Dir> = successors(&b).into_iter().map(|(d, _)| d).collect();
    assert_eq!(dirs, Dir::ORDER);
    // Blank bottom middle of document 001's start: no down.
    let s = board(&DOC001_START);
    let next: Vec<(Dir, Vec<u8>)> = successors(&s)
        .into_iter()
        .map(|(d, b)| (d, b.cells().to_vec()))
        .collect();
    assert_eq!(
        next,
        [
            (Dir::Up, vec![2, 8, 3, 1, 0, 4, 7, 6, 5]),
            (Dir::Left, vec![2, 8, 3, 1, 6, 4, 0, 7, 5]),
            (Dir::Right, vec![2, 8, 3, 1, 6, 4, 7, 5, 0]),
        ]
    );
}

#[test]
fn game_interface() {
    let g = Puzzle::from_name(&GTerm::atom("puzzle8"), 3).unwrap();
    let root = g.initial(5);
    let t = g.to_term(&root);
    assert_eq!(g.from_term(&t), Ok(root));
    assert_eq!(Puzzle::from_position(&t), Ok(g));
    assert_eq!(g.name(), GTerm::atom("puzzle8"));
    // Depth-5 minimax reaches the goal (distance 0) through "up", the first move of the
    // optimal solution; "left" and "right" cannot reach it in four more moves.
    let r = crate::search::minimax(&g, &root);
    assert_eq!((r.best, r.value), (Some(0), 0));
    let ps = random_positions(&g, &root, 20, 12, 4, 3);
    assert_engines_agree(&g, &ps);
    let g15 = Puzzle::from_name(&GTerm::atom("puzzle15"), 4).unwrap();
    assert_eq!(g15.outcome(&g15.initial(3)), Some(Outcome::MaxWins));
    let ps = random_positions(&g15, &g15.initial(0), 20, 15, 3, 4);
    assert_engines_agree(&g15, &ps);
}

#[test]
fn bad_tile_lists_are_domain_errors() {
    let name = |v: Vec<i64>| GTerm::compound("puzzle8", vec![int_list_term(v)]);
    let dup = name(vec![1, 1, 2, 3, 4, 5, 6, 7, 0]);
    assert!(matches!(
        Puzzle::from_name(&dup, 3),
        Err(GameError::Domain("puzzle_tiles", _))
    ));
    let short = name(vec![1, 2, 0]);
    assert!(matches!(
        Puzzle::from_name(&short, 3),
        Err(GameError::Domain("puzzle_tiles", _))
    ));
    // Document 001's goal with two tiles swapped cannot be reached.
    let unsolvable = name(vec![2, 1, 3, 8, 0, 4, 7, 6, 5]);
    assert!(matches!(
        Puzzle::from_name(&unsolvable, 3),
        Err(GameError::Domain("solvable_puzzle", _))
    ));
    let wrong = GTerm::compound("puzzle8", vec![GTerm::atom("x")]);
    assert!(matches!(
        Puzzle::from_name(&wrong, 3),
        Err(GameError::Type("list", _))
    ));
    let g15 = GTerm::compound("puzzle15", vec![int_list_term(DOC001_START.map(i64::from))]);
    assert!(Puzzle::from_name(&g15, 4).is_err());
}
