//! The plot of a match or tournament (`--plot FILE.svg`): one SVG file with two panels, the Elo
//! table (each player's rating as a dot with its 95% error bar) and the score over time (each
//! player's running score, as a share of its points, after every game in game order).
//!
//! SVG is text that every browser shows, so the plot needs no plotting library; it is written
//! when the match ends and by `match-merge`.

use super::rating::ratings;
use super::report::Report;
use std::fmt::Write as _;

/// The width of the plot and the height of its panels, in pixels.
const WIDTH: f64 = 720.0;
/// The left margin, where the names go.
const LEFT: f64 = 190.0;
/// The right margin.
const RIGHT: f64 = 30.0;
/// The height of one row of the Elo panel.
const ROW: f64 = 28.0;
/// The height of the score panel's drawing area.
const SCORE_HEIGHT: f64 = 240.0;
/// The colours of the players' lines, in turn.
const COLOURS: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];

/// The plot of `report` as an SVG document.
pub fn svg(report: &Report) -> String {
    let n = report.names.len();
    let rated = ratings(&report.results);
    let elo_top = 40.0;
    let elo_height = ROW * n as f64;
    let score_top = elo_top + elo_height + 90.0;
    let height = score_top + SCORE_HEIGHT + 50.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(
        out,
        "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{LEFT}\" y=\"24\" font-size=\"14\">Elo (mean 0) with 95% error bars</text>"
    );
    // The Elo axis spans every error bar.
    let (mut lo, mut hi) = (-50.0f64, 50.0f64);
    for (e, err) in rated.elo.iter().zip(&rated.error) {
        let err = if err.is_finite() { *err } else { 0.0 };
        lo = lo.min(e - err);
        hi = hi.max(e + err);
    }
    let x_of = |v: f64| LEFT + (v - lo) / (hi - lo) * (WIDTH - LEFT - RIGHT);
    let _ = writeln!(
        out,
        "<line x1=\"{0:.1}\" y1=\"{1}\" x2=\"{0:.1}\" y2=\"{2}\" stroke=\"#999\" stroke-dasharray=\"4\"/>",
        x_of(0.0),
        elo_top,
        elo_top + elo_height
    );
    for i in 0..n {
        let y = elo_top + ROW * (i as f64 + 0.5);
        let (e, err) = (rated.elo[i], rated.error[i]);
        let err = if err.is_finite() { err } else { 0.0 };
        let colour = COLOURS[i % COLOURS.len()];
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n\
             <line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\n\
             <circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"{colour}\"><title>{:.0} +/- {:.0}</title></circle>",
            LEFT - 10.0,
            y + 4.0,
            escape(&report.names[i]),
            x_of(e - err),
            x_of(e + err),
            x_of(e),
            e,
            err
        );
    }
    for v in ticks(lo, hi) {
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">{v}</text>",
            x_of(v as f64),
            elo_top + elo_height + 16.0
        );
    }
    score_panel(report, score_top, &mut out);
    out.push_str("</svg>\n");
    out
}

/// The panel of every player's running score after each game.
fn score_panel(report: &Report, top: f64, out: &mut String) {
    let n = report.names.len();
    let games = report.timeline.len().max(1) as f64;
    let _ = writeln!(
        out,
        "<text x=\"{LEFT}\" y=\"{:.1}\" font-size=\"14\">Score over time (share of points, by game)</text>\n\
         <rect x=\"{LEFT}\" y=\"{top}\" width=\"{:.1}\" height=\"{SCORE_HEIGHT}\" fill=\"none\" stroke=\"#999\"/>",
        top - 16.0,
        WIDTH - LEFT - RIGHT
    );
    let x_of = |g: f64| LEFT + g / games * (WIDTH - LEFT - RIGHT);
    let y_of = |s: f64| top + (1.0 - s) * SCORE_HEIGHT;
    for (s, label) in [(0.0, "0%"), (0.5, "50%"), (1.0, "100%")] {
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#555\">{label}</text>",
            LEFT - 6.0,
            y_of(s) + 4.0
        );
    }
    let mut points: Vec<Vec<(f64, f64)>> = vec![Vec::new(); n];
    let mut tally = vec![(0u64, 0u64); n];
    for (k, &(a, b, halves)) in report.timeline.iter().enumerate() {
        for (p, h) in [(a, halves), (b, 2 - halves)] {
            tally[p].0 += u64::from(h);
            tally[p].1 += 2;
            let share = tally[p].0 as f64 / tally[p].1 as f64;
            points[p].push((x_of(k as f64 + 1.0), y_of(share)));
        }
    }
    for (i, line) in points.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let path: Vec<String> = line.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let _ = writeln!(
            out,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.5\" points=\"{}\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" fill=\"{colour}\">{}</text>",
            path.join(" "),
            LEFT + 10.0 + 150.0 * (i % 3) as f64,
            top + SCORE_HEIGHT + 22.0 + 14.0 * (i / 3) as f64,
            escape(&report.names[i])
        );
    }
}

/// Round numbers between `lo` and `hi` for the axis.
fn ticks(lo: f64, hi: f64) -> Vec<i64> {
    let span = (hi - lo).max(1.0);
    let step = [10, 20, 50, 100, 200, 500, 1000]
        .into_iter()
        .find(|s| span / f64::from(*s) <= 8.0)
        .unwrap_or(2000);
    let first = (lo / f64::from(step)).ceil() as i64 * i64::from(step);
    (0..)
        .map(|k| first + k * i64::from(step))
        .take_while(|v| (*v as f64) <= hi)
        .collect()
}

/// Text with the characters XML reserves escaped.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
