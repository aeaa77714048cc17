//! What a match prints, as cutechess-cli prints it: a line for each finished game and the
//! running score of its pairing, then for every pairing the score with its breakdown by side
//! (`... A playing White`, `... White vs Black`), and for a match of two players the Elo
//! difference with its error bar, the pentanomial counts of the game pairs (as fastchess prints
//! them) and the state of the SPRT; for a tournament of more players, the Elo table over all of
//! them and the crosstable ([`super::table`]).
//!
//! Records are reported in the order of their game numbers, whatever order the workers finish
//! them in, so the text of a match depends only on its games: the same seed prints the same
//! match, and `match-merge` of the shards of a match prints what the whole match prints. In
//! games other than chess, White is the side that moves first (MAX).

use super::rating::Results;
use super::record::GameRecord;
use super::stats::{Decision, Pentanomial, Score, Sprt};
use super::table;
use std::fmt::Write as _;

/// The running tally of one pairing, from its first player's side.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// The first player's wins, losses and draws.
    pub score: Score,
    /// The same, of the games the first player played as White (MAX).
    pub as_white: Score,
    /// The same, of the games the first player played as Black (MIN).
    pub as_black: Score,
    /// White's wins, losses and draws.
    pub white: Score,
    /// Finished pairs of games with sides swapped.
    pub pairs: Pentanomial,
    /// The first game of a pair whose second game has not been reported yet.
    open_pair: Option<(u64, u8)>,
}

/// One reported game, for the plot of the score over time: its two players (indices) and the
/// first one's score in halves of a point.
pub type Point = (usize, usize, u8);

/// The running tally of a match or tournament.
pub struct Report {
    /// The players' names, in the order of the command line.
    pub names: Vec<String>,
    /// The pairings met so far, in order, with their tallies.
    pub pairings: Vec<((usize, usize), Tally)>,
    /// The results between all players, for the ratings.
    pub results: Results,
    /// Every reported game, in order.
    pub timeline: Vec<Point>,
    /// The test to run, if any (matches of two players only).
    sprt: Option<Sprt>,
    /// What the test has decided so far.
    pub decision: Decision,
}

impl Report {
    /// A report for a tournament of the players `names`.
    pub fn new(names: &[String], sprt: Option<Sprt>) -> Report {
        Report {
            names: names.to_vec(),
            pairings: Vec::new(),
            results: Results::new(names.len()),
            timeline: Vec::new(),
            sprt,
            decision: Decision::Continue,
        }
    }

    /// The index of the player named `name`.
    fn player(&self, name: &str) -> usize {
        self.names.iter().position(|n| n == name).unwrap_or(0)
    }

    /// Count a finished game and return its lines. The test is consulted when a pair is
    /// complete: pairs are its samples.
    pub fn game(&mut self, r: &GameRecord) -> String {
        let (white, black) = if r.p1_max {
            (&r.p1, &r.p2)
        } else {
            (&r.p2, &r.p1)
        };
        let (a, b) = (self.player(&r.p1), self.player(&r.p2));
        let halves = r.p1_halves();
        self.results.add(a, b, halves);
        self.timeline.push((a, b, halves));
        let at = match self.pairings.iter().position(|(p, _)| *p == (a, b)) {
            Some(at) => at,
            None => {
                self.pairings.push(((a, b), Tally::default()));
                self.pairings.len() - 1
            }
        };
        let t = &mut self.pairings[at].1;
        t.score.add(halves);
        if r.p1_max {
            t.as_white.add(halves);
            t.white.add(halves);
        } else {
            t.as_black.add(halves);
            t.white.add(2 - halves);
        }
        match t.open_pair {
            Some((first, h)) if first / 2 == r.index / 2 => {
                t.pairs.add_pair(h, halves);
                t.open_pair = None;
                if let Some(test) = &self.sprt {
                    self.decision = test.decide(test.llr_pentanomial(&t.pairs));
                }
            }
            _ => t.open_pair = Some((r.index, halves)),
        }
        format!(
            "Finished game {} ({white} vs {black}): {} {{{}}}\n{}\n",
            r.index + 1,
            r.result,
            r.reason,
            score_line(&format!("Score of {} vs {}", r.p1, r.p2), &t.score)
        )
    }

    /// The score and its breakdown by side of one pairing, as cutechess-cli prints them.
    fn pairing_lines(&self, (a, b): (usize, usize), t: &Tally) -> String {
        let (pa, pb) = (&self.names[a], &self.names[b]);
        let dots = "...     ";
        [
            score_line(&format!("Score of {pa} vs {pb}"), &t.score),
            score_line(&format!("{dots} {pa} playing White"), &t.as_white),
            score_line(&format!("{dots} {pa} playing Black"), &t.as_black),
            score_line(&format!("{dots} White vs Black"), &t.white),
        ]
        .join("\n")
            + "\n"
    }

    /// The closing lines: every pairing's score by side, then for two players the Elo
    /// difference, the pentanomial counts and the test, for more the Elo table and the
    /// crosstable; and `Finished match`. `planned` is the number of games the match would
    /// have played without the test.
    pub fn summary(&self, planned: u64) -> String {
        let mut out = String::new();
        for (p, t) in &self.pairings {
            out.push_str(&self.pairing_lines(*p, t));
        }
        if self.names.len() == 2 {
            if let Some((_, t)) = self.pairings.first() {
                out.push_str(&self.two_player_lines(t, planned));
            }
        } else {
            out.push_str(&table::elo_table(&self.names, &self.results));
            out.push_str(&table::crosstable(&self.names, &self.results));
        }
        out.push_str("Finished match\n");
        out
    }

    /// Elo difference, pentanomial counts and the SPRT of a match of two players.
    fn two_player_lines(&self, t: &Tally, planned: u64) -> String {
        let mut out = String::new();
        let (elo, margin) = t.score.elo();
        let _ = writeln!(
            out,
            "Elo difference: {} +/- {}, LOS: {:.1} %, DrawRatio: {:.1} %",
            number(elo),
            number(margin),
            t.score.los() * 100.0,
            t.score.draw_ratio() * 100.0
        );
        if t.pairs.pairs() > 0 {
            let p = t.pairs.0;
            let _ = writeln!(
                out,
                "Ptnml(0-2): [{}, {}, {}, {}, {}]",
                p[0], p[1], p[2], p[3], p[4]
            );
        }
        if let Some(test) = &self.sprt {
            let llr = test.llr_pentanomial(&t.pairs);
            let bound = if llr >= 0.0 {
                test.upper()
            } else {
                test.lower()
            };
            let verdict = match self.decision {
                Decision::H0 => " - H0 was accepted",
                Decision::H1 => " - H1 was accepted",
                Decision::Continue => "",
            };
            let _ = writeln!(
                out,
                "SPRT: llr {:.2} ({:.1}%), lbound {:.2}, ubound {:.2}{verdict}",
                llr,
                llr / bound * 100.0,
                test.lower(),
                test.upper()
            );
            let _ = writeln!(
                out,
                "LLR: {:.2} ({:.2}, {:.2}) [{:.2}, {:.2}]",
                llr,
                test.lower(),
                test.upper(),
                test.elo0,
                test.elo1
            );
            let played = t.score.games();
            if self.decision != Decision::Continue && played < planned {
                let _ = writeln!(
                    out,
                    "SPRT stopped the match after {played} of {planned} games:{}",
                    verdict.trim_start_matches(" -")
                );
            }
        }
        out
    }
}

/// `LABEL: W - L - D  [ratio] N`, as cutechess-cli prints a score.
fn score_line(label: &str, s: &Score) -> String {
    format!(
        "{label}: {} - {} - {}  [{:.3}] {}",
        s.wins,
        s.losses,
        s.draws,
        s.ratio(),
        s.games()
    )
}

/// A number with one decimal, or `inf`, `-inf` and `nan` as cutechess-cli prints them.
fn number(x: f64) -> String {
    if x.is_nan() {
        "nan".into()
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.into()
    } else {
        format!("{x:.1}")
    }
}
