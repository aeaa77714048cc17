//! What a match prints, as cutechess-cli prints it: a line for each finished game and the
//! running score, then the Elo difference with its error bar, the pentanomial counts of the
//! game pairs (as fastchess prints them) and the state of the SPRT.
//!
//! Records are reported in the order of their game numbers, whatever order the workers finish
//! them in, so the text of a match depends only on its games: the same seed prints the same
//! match, and `match-merge` of the shards of a match prints what the whole match prints.

use super::record::GameRecord;
use super::stats::{Decision, Pentanomial, Score, Sprt};
use std::fmt::Write as _;

/// The running tally of a match.
pub struct Report {
    /// The first player's name.
    p1: String,
    /// The second player's name.
    p2: String,
    /// The first player's wins, losses and draws.
    pub score: Score,
    /// Finished pairs of games with sides swapped.
    pub pairs: Pentanomial,
    /// The first game of a pair whose second game has not been reported yet.
    open_pair: Option<(u64, u8)>,
    /// The test to run, if any.
    sprt: Option<Sprt>,
    /// What the test has decided so far.
    pub decision: Decision,
}

impl Report {
    /// A report for a match of `p1` against `p2`.
    pub fn new(p1: &str, p2: &str, sprt: Option<Sprt>) -> Report {
        Report {
            p1: p1.to_string(),
            p2: p2.to_string(),
            score: Score::default(),
            pairs: Pentanomial::default(),
            open_pair: None,
            sprt,
            decision: Decision::Continue,
        }
    }

    /// Count a finished game and return its lines. The test is consulted when a pair is
    /// complete: pairs are its samples.
    pub fn game(&mut self, r: &GameRecord) -> String {
        let (white, black) = if r.p1_max {
            (&r.p1, &r.p2)
        } else {
            (&r.p2, &r.p1)
        };
        let halves = r.p1_halves();
        self.score.add(halves);
        match self.open_pair {
            Some((first, a)) if first / 2 == r.index / 2 => {
                self.pairs.add_pair(a, halves);
                self.open_pair = None;
                if let Some(t) = &self.sprt {
                    self.decision = t.decide(t.llr_pentanomial(&self.pairs));
                }
            }
            _ => self.open_pair = Some((r.index, halves)),
        }
        format!(
            "Finished game {} ({white} vs {black}): {} {{{}}}\n{}\n",
            r.index + 1,
            r.result,
            r.reason,
            self.score_line()
        )
    }

    /// `Score of P1 vs P2: W - L - D  [ratio] N`.
    pub fn score_line(&self) -> String {
        let s = &self.score;
        format!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
            self.p1,
            self.p2,
            s.wins,
            s.losses,
            s.draws,
            s.ratio(),
            s.games()
        )
    }

    /// The closing lines: Elo, pentanomial counts, the test, and `Finished match`.
    /// `planned` is the number of games the match would have played without the test.
    pub fn summary(&self, planned: u64) -> String {
        let mut out = String::new();
        let (elo, margin) = self.score.elo();
        let _ = writeln!(
            out,
            "Elo difference: {} +/- {}, LOS: {:.1} %, DrawRatio: {:.1} %",
            number(elo),
            number(margin),
            self.score.los() * 100.0,
            self.score.draw_ratio() * 100.0
        );
        if self.pairs.pairs() > 0 {
            let p = self.pairs.0;
            let _ = writeln!(
                out,
                "Ptnml(0-2): [{}, {}, {}, {}, {}]",
                p[0], p[1], p[2], p[3], p[4]
            );
        }
        if let Some(t) = &self.sprt {
            let llr = t.llr_pentanomial(&self.pairs);
            let bound = if llr >= 0.0 { t.upper() } else { t.lower() };
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
                t.lower(),
                t.upper()
            );
            let _ = writeln!(
                out,
                "LLR: {:.2} ({:.2}, {:.2}) [{:.2}, {:.2}]",
                llr,
                t.lower(),
                t.upper(),
                t.elo0,
                t.elo1
            );
            let played = self.score.games();
            if self.decision != Decision::Continue && played < planned {
                let _ = writeln!(
                    out,
                    "SPRT stopped the match after {played} of {planned} games:{}",
                    verdict.trim_start_matches(" -")
                );
            }
        }
        out.push_str("Finished match\n");
        out
    }
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
