//! The tables of a tournament: the Elo table over all players, laid out as cutechess-cli lays
//! out its ranking (`Rank Name Elo +/- Games Score Draw`), and the crosstable of the points every
//! player scored against every other.

use super::rating::{ratings, Results};
use std::fmt::Write as _;

/// The Elo table: players by rating, with their 95% error bars, games, score and draws.
pub fn elo_table(names: &[String], r: &Results) -> String {
    let rated = ratings(r);
    let mut order: Vec<usize> = (0..names.len()).collect();
    // Ratings equal but for rounding keep the order of the command line.
    let key = |i: usize| (rated.elo[i] * 1e6).round();
    order.sort_by(|&a, &b| key(b).total_cmp(&key(a)).then(a.cmp(&b)));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>4} {:<26}{:>7}{:>8}{:>8}{:>8}{:>8}",
        "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draw"
    );
    for (rank, &i) in order.iter().enumerate() {
        let games = r.total_games(i);
        let draws = draws_of(r, i);
        let _ = writeln!(
            out,
            "{:>4} {:<26}{:>7}{:>8}{:>8}{:>8}{:>8}",
            rank + 1,
            names[i],
            rounded(rated.elo[i]),
            rounded(rated.error[i]),
            games,
            percent(r.total_points(i), games),
            percent(draws, games),
        );
    }
    if rated.prior {
        out.push_str(
            "(a player won or lost every game, or the pool falls apart: one virtual draw was \
             added to every pairing, as BayesElo's prior does)\n",
        );
    }
    out
}

/// The games player `i` drew.
fn draws_of(r: &Results, i: usize) -> f64 {
    r.draws[i].iter().sum()
}

/// An Elo number rounded to a whole number, as cutechess-cli prints them.
fn rounded(x: f64) -> String {
    if x.is_finite() {
        format!("{}", x.round() as i64)
    } else {
        "nan".into()
    }
}

/// `part` of `whole` as a percentage with one decimal.
fn percent(part: f64, whole: f64) -> String {
    if whole == 0.0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * part / whole)
    }
}

/// The crosstable: row player's points against the column player, of the games they played.
pub fn crosstable(names: &[String], r: &Results) -> String {
    let n = names.len();
    let width = names
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out =
        String::from("Crosstable (points of the row's player against the column's, of games)\n");
    let _ = write!(out, "{:>4} {:<width$}", "#", "Name");
    for j in 0..n {
        let _ = write!(out, "{:>10}", j + 1);
    }
    let _ = writeln!(out, "{:>12}", "Score");
    for (i, name) in names.iter().enumerate() {
        let _ = write!(out, "{:>4} {:<width$}", i + 1, name);
        for j in 0..n {
            let cell = if i == j || r.games[i][j] == 0.0 {
                "-".to_string()
            } else {
                format!("{:.1}/{}", r.points[i][j], r.games[i][j])
            };
            let _ = write!(out, "{cell:>10}");
        }
        let total = format!("{:.1}/{}", r.total_points(i), r.total_games(i));
        let _ = writeln!(out, "{total:>12}");
    }
    out
}
