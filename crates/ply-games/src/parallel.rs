//! Native searches split at the root across cores: `perft` and the textbook engines, each root
//! successor searched by whichever thread is free. The Prolog glue's `native_parallel(+Goal)`
//! (`параллельно/1`) runs `perft/3`, `native_minimax/4` or `native_alphabeta/6` this way.
//!
//! Games are not shared between threads: every worker looks its game up again from the
//! position term, which the registry guarantees gives the same game. Perft splits exactly (the
//! leaves below the root are the leaves below its successors), so its count is the serial one.
//! The engines search every root successor with the full window, so the answer is the one the
//! textbook minimax gives (the same value as the serial alpha-beta whenever the root value lies
//! in the window; alpha-beta's pruning between root successors is lost, which is why the
//! speed-up of a split alpha-beta is smaller than that of perft; `benches/README.md` measures
//! both).

use super::search::{SearchResult, SearchStats};
use super::{game_of_position, DynGame, GTerm, GameError, TermSearchResult};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The number of threads a split search uses: the cores of the machine.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Apply `work` to every item on `threads` threads, each with the game of `pos` of its own;
/// the answers come back in the items' order.
fn split<R: Send>(
    pos: &GTerm,
    items: &[GTerm],
    threads: usize,
    work: impl Fn(&dyn DynGame, &GTerm) -> Result<R, GameError> + Sync,
) -> Result<Vec<R>, GameError> {
    let next = AtomicUsize::new(0);
    let answers: Mutex<Vec<Option<Result<R, GameError>>>> =
        Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                // The caller has built this game from `pos` already, so this cannot fail; if it
                // did, the items this worker would have taken stay unanswered.
                let Ok(game) = game_of_position(pos) else {
                    return;
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else {
                        break;
                    };
                    let r = work(game.as_ref(), item);
                    answers.lock().unwrap()[i] = Some(r);
                }
            });
        }
    });
    let answers = answers.into_inner().unwrap_or_default();
    let mut out = Vec::with_capacity(items.len());
    for a in answers {
        // A slot left empty means its worker could not build the game.
        out.push(a.unwrap_or_else(|| Err(GameError::Type("game_position", pos.clone())))?);
    }
    Ok(out)
}

/// Leaf positions `depth` plies below `pos`, the subtrees of its successors counted on
/// `threads` threads; the same count as [`DynGame::perft`].
pub fn perft(pos: &GTerm, depth: u32, threads: usize) -> Result<u64, GameError> {
    let game = game_of_position(pos)?;
    if depth <= 1 || threads <= 1 {
        return game.perft(pos, depth);
    }
    let root = game.with_depth(pos, depth)?;
    let children = game.successors(&root)?;
    if children.is_empty() {
        return game.perft(pos, depth);
    }
    let counts = split(pos, &children, threads, |g, c| g.perft(c, depth - 1))?;
    Ok(counts.iter().sum())
}

/// The textbook search of `pos` (to the depth it carries) with its root successors searched on
/// `threads` threads, each with the window (`alpha`, `beta`), and folded as the textbook's
/// `best/3` folds them (`betterof/6`: the earlier successor is kept only when strictly
/// better for the side that chose it). `alphabeta` picks the engine.
pub fn search(
    pos: &GTerm,
    alphabeta: Option<(i64, i64)>,
    threads: usize,
) -> Result<TermSearchResult, GameError> {
    let game = game_of_position(pos)?;
    let children = game.successors(pos)?;
    if children.is_empty() || threads <= 1 {
        return match alphabeta {
            Some((a, b)) => game.native_alphabeta(pos, a, b),
            None => game.native_minimax(pos),
        };
    }
    let results = split(pos, &children, threads, |g, c| {
        let r = match alphabeta {
            Some((a, b)) => g.native_alphabeta(c, a, b)?,
            None => g.native_minimax(c)?,
        };
        Ok((r.result, g.max_to_move(c)?))
    })?;
    let mut stats = SearchStats {
        nodes: 1,
        moves_calls: 1,
        static_calls: 0,
    };
    for (r, _) in &results {
        stats.nodes += r.stats.nodes;
        stats.moves_calls += r.stats.moves_calls;
        stats.static_calls += r.stats.static_calls;
    }
    // best/3 folds from the right: the last successor first, then each earlier one replaces
    // the choice only when it is strictly better for the side to move at the root.
    let last = results.len() - 1;
    let mut best = (last, results[last].0.value);
    for i in (0..last).rev() {
        let (r, max_moves_next) = &results[i];
        let better = if *max_moves_next {
            r.value < best.1
        } else {
            r.value > best.1
        };
        if better {
            best = (i, r.value);
        }
    }
    Ok(TermSearchResult {
        result: SearchResult {
            best: Some(best.0),
            value: best.1,
            stats,
        },
        best: Some(children[best.0].clone()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{lookup, UNLIMITED};

    fn start(name: &'static str, depth: u32) -> GTerm {
        lookup(&GTerm::atom(name)).unwrap().initial(depth)
    }

    #[test]
    fn split_perft_counts_what_serial_perft_counts() {
        for (name, depth) in [
            ("connect4", 5),
            ("tictactoe", 5),
            ("chess", 3),
            ("othello", 4),
        ] {
            let pos = start(name, UNLIMITED);
            let game = game_of_position(&pos).unwrap();
            assert_eq!(
                perft(&pos, depth, 2),
                game.perft(&pos, depth),
                "{name} at depth {depth}"
            );
        }
        // Depth 0 and 1 need no split.
        let pos = start("connect4", 3);
        assert_eq!(perft(&pos, 0, 2), Ok(1));
        assert_eq!(perft(&pos, 1, 2), Ok(7));
    }

    #[test]
    fn split_engines_answer_as_the_textbook_minimax() {
        for (name, depth) in [("connect4", 4), ("tictactoe", 4), ("kalah", 3)] {
            let pos = start(name, depth);
            let game = game_of_position(&pos).unwrap();
            let serial = game.native_minimax(&pos).unwrap();
            let ab = game.native_alphabeta(&pos, i64::MIN, i64::MAX).unwrap();
            for engine in [None, Some((i64::MIN, i64::MAX))] {
                let par = search(&pos, engine, 2).unwrap();
                assert_eq!(par.best, serial.best, "{name} {engine:?}");
                assert_eq!(par.result.value, serial.result.value, "{name} {engine:?}");
                assert_eq!(par.result.value, ab.result.value, "{name} {engine:?}");
            }
            // The split minimax visits exactly the serial minimax's tree.
            let par = search(&pos, None, 2).unwrap();
            assert_eq!(par.result.stats, serial.result.stats, "{name}");
        }
    }
}
