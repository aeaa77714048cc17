//! Zobrist-style position keys: 64 bits for a position, the same in every run and on every
//! platform, with the search horizon left out, so that a transposition table finds a position
//! again at another depth.
//!
//! A Zobrist key is the exclusive or of one random number per (place, content) pair of the
//! position. Here the places are the paths from the root of the position term to its atomic
//! parts (argument 2 of the root, then element 5 of that list, ...), the contents are those
//! parts (an integer, an atom's name), and the random numbers come from a fixed seeded
//! generator (SplitMix64 over the place and the content) instead of a table held in memory:
//! the key of a board is the exclusive or over its squares, as the classical key is, and no
//! game needs a table of its own. The horizon is taken out by keying the position with its
//! depth set to 0 ([`crate::Game::with_depth`]), so the key depends on the board, the side to
//! move and whatever else the position term holds, and never on the depth.
//!
//! Because the key is an exclusive or of parts, a move changes it by the parts it changed: the
//! library's games update a key after a move ([`crate::TermGame::key_after`]) from the squares
//! it filled, emptied or flipped and the side to move, with the helpers here ([`place`],
//! [`swap_atom`], [`squares_delta`]...), and the searches carry the key with each position
//! (`negamax/typed.rs`). The updated key is the same number as the key of the whole position,
//! which `position_key/2` computes; a test follows random games of every library game to check.

use crate::{GTerm, TermGame};

/// The seed of every key; changing it changes every key ply has ever printed.
const SEED: u64 = 0x005e_ed0f_9a3e_7ab1;

/// SplitMix64's finaliser: the fixed pseudo-random number of one input.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// FNV-1a over the bytes of `s` from `start`.
fn bytes(start: u64, s: &str) -> u64 {
    s.bytes().fold(start, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The content of an atom as a number.
fn atom_content(name: &str) -> u64 {
    bytes(0xcbf2_9ce4_8422_2325, name)
}

/// The content of an atomic part as a number: an integer's bits, or a hash of an atom's or a
/// string's bytes (FNV-1a, with a different start for strings).
fn content(t: &GTerm) -> Option<u64> {
    match t {
        GTerm::Int(i) => Some(mix(*i as u64)),
        GTerm::Atom(a) => Some(atom_content(a)),
        GTerm::Str(s) => Some(bytes(0x8422_2325_cbf2_9ce4, s)),
        GTerm::Compound(..) | GTerm::List(..) => None,
    }
}

/// The place of the part at `path` below a position's root: the argument and element
/// indices, from 0, as [`term_key`] walks them.
pub fn place(path: &[usize]) -> u64 {
    path.iter().fold(SEED, |p, &i| step(p, i))
}

/// The place of argument or element `i` (from 0) of the term at `place`.
pub fn step(place: u64, i: usize) -> u64 {
    mix(place.wrapping_add(i as u64 + 1))
}

/// What the atom `name` at `place` adds to a key.
pub fn atom_at(place: u64, name: &str) -> u64 {
    mix(place ^ mix(atom_content(name)))
}

/// What the integer `i` at `place` adds to a key.
pub fn int_at(place: u64, i: i64) -> u64 {
    mix(place ^ mix(mix(i as u64)))
}

/// What a list of `len` elements at `place` adds to a key for its length (its elements add
/// their own parts).
pub fn list_len_at(place: u64, len: usize) -> u64 {
    mix(place ^ mix(0x11_5700 ^ len as u64))
}

/// The change of a key when the atom at `place` goes from `old` to `new`.
pub fn swap_atom(place: u64, old: &str, new: &str) -> u64 {
    if old == new {
        0
    } else {
        atom_at(place, old) ^ atom_at(place, new)
    }
}

/// The change of a key when the integer at `place` goes from `old` to `new`.
pub fn swap_int(place: u64, old: i64, new: i64) -> u64 {
    if old == new {
        0
    } else {
        int_at(place, old) ^ int_at(place, new)
    }
}

/// The change of a key over the squares in `changed` (bit `i` for square `i`), each an atom
/// at `place(i)` that goes from `old(i)` to `new(i)`: a board's update after a move.
pub fn squares_delta(
    mut changed: u64,
    place: impl Fn(usize) -> u64,
    old: impl Fn(usize) -> &'static str,
    new: impl Fn(usize) -> &'static str,
) -> u64 {
    let mut delta = 0;
    while changed != 0 {
        let i = changed.trailing_zeros() as usize;
        changed &= changed - 1;
        delta ^= swap_atom(place(i), old(i), new(i));
    }
    delta
}

/// The key of a ground term: the exclusive or, over its atomic parts, of the random number of
/// (path, content). A compound's name and arity are a part of their own at its path, and a
/// list's length is one, so `f(a)` and `[a]` differ. The walk keeps its own stack.
pub fn term_key(term: &GTerm) -> u64 {
    subterm_key(SEED, term)
}

/// What the term `term` at `place` adds to a key ([`term_key`] is the root's).
pub fn subterm_key(place: u64, term: &GTerm) -> u64 {
    let mut key = 0u64;
    let mut stack = vec![(term, place)];
    while let Some((t, place)) = stack.pop() {
        let here = |c: u64| mix(place ^ mix(c));
        match t {
            GTerm::Compound(name, args) => {
                let head = content(&GTerm::Atom(name.clone())).unwrap_or(0);
                key ^= here(head ^ args.len() as u64);
                for (i, a) in args.iter().enumerate() {
                    stack.push((a, step(place, i)));
                }
            }
            GTerm::List(items) => {
                key ^= here(0x11_5700 ^ items.len() as u64);
                for (i, a) in items.iter().enumerate() {
                    stack.push((a, step(place, i)));
                }
            }
            atomic => key ^= here(content(atomic).unwrap_or(0)),
        }
    }
    key
}

/// The key of a position of a game, its horizon left out.
pub fn position_key<G: TermGame>(game: &G, pos: &G::Pos) -> u64 {
    term_key(&game.to_term(&game.with_depth(pos, 0)))
}

/// The key of a position of a game written in Prolog (or of any ground term): the horizon
/// lives in such a position's first argument (a non-negative integer or `inf`, see
/// `protocol.rs`), which is keyed as 0; a term without one is keyed whole.
pub fn loose_key(term: &GTerm) -> u64 {
    if let GTerm::Compound(name, args) = term {
        let is_depth = match &args[0] {
            GTerm::Int(d) => *d >= 0,
            GTerm::Atom(a) => a == "inf",
            _ => false,
        };
        if is_depth {
            let mut args = args.clone();
            args[0] = GTerm::Int(0);
            return term_key(&GTerm::Compound(name.clone(), args));
        }
    }
    term_key(term)
}

/// The key as Prolog sees it: the same 64 bits as a signed integer.
pub fn signed(key: u64) -> i64 {
    key as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tictactoe::{Eval, TicTacToe};
    use crate::Game;

    #[test]
    fn keys_are_fixed_and_ignore_the_depth() {
        let g = TicTacToe::new(3, 3, 3, Eval::Lines).unwrap();
        let a = position_key(&g, &g.initial(3));
        let b = position_key(&g, &g.initial(7));
        assert_eq!(a, b);
        // The key of the empty board is fixed for good: a stored table stays valid.
        assert_eq!(a, position_key(&g, &g.initial(0)));
        let mut moves = Vec::new();
        g.moves(&g.initial(3), &mut moves);
        let keys: std::collections::HashSet<u64> = moves
            .iter()
            .map(|m| position_key(&g, &g.play(&g.initial(3), m)))
            .collect();
        assert_eq!(keys.len(), moves.len());
    }

    #[test]
    fn keys_updated_by_moves_equal_keys_of_whole_positions() {
        use crate::search::test_support::Rng;
        use crate::{lookup, GTerm};
        let int = GTerm::Int;
        let games = [
            GTerm::atom("tictactoe"),
            GTerm::compound("tictactoe", vec![int(4)]),
            GTerm::atom("coins"),
            // The 15-puzzle starts solved, with no move; the 8-puzzle's code is the same.
            GTerm::atom("puzzle8"),
            GTerm::atom("connect4"),
            GTerm::compound("kalah", vec![int(6), int(4)]),
            GTerm::atom("chess"),
            GTerm::atom("checkers"),
            GTerm::atom("othello"),
        ];
        for name in games {
            let game = lookup(&name).unwrap();
            let mut plies_checked = 0;
            for seed in 1..=20 {
                let mut rng = Rng::new(seed);
                let mut choose = |n: usize| rng.below(n);
                let start = game.initial(crate::UNLIMITED);
                let line = game.key_line(&start, 300, &mut choose).unwrap();
                for (ply, (updated, whole)) in line.iter().enumerate() {
                    assert_eq!(updated, whole, "{name:?}, seed {seed}, ply {ply}");
                }
                plies_checked += line.len() - 1;
            }
            assert!(plies_checked >= 20, "{name:?}: {plies_checked} plies");
        }
    }

    #[test]
    fn transpositions_meet() {
        let g = TicTacToe::new(3, 3, 3, Eval::Lines).unwrap();
        let p = g.initial(9);
        let line = |order: &[usize]| {
            let mut q = p;
            for &i in order {
                let mut ms = Vec::new();
                g.moves(&q, &mut ms);
                q = g.play(&q, &ms[i]);
            }
            q
        };
        // X on square 1, O on 2, X on 3; and X on 3, O on 2, X on 1: one position, two ways.
        let a = line(&[0, 0, 0]);
        let b = line(&[2, 1, 0]);
        assert_eq!(g.to_term(&a), g.to_term(&b));
        assert_eq!(position_key(&g, &a), position_key(&g, &b));
        assert_ne!(position_key(&g, &a), position_key(&g, &line(&[0, 0, 1])));
    }
}
