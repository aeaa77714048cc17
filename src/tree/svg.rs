//! The SVG writer: the whole tree in the tidy layout of `layout.rs`, drawn by ply with no
//! Graphviz. Each node is a box with its board (a library game's position, drawn once as a
//! `<symbol>` and placed with `<use>`) or its term abbreviated, the value it returned and, for
//! alpha-beta, the window it was called with; the chosen line is drawn thick; successors never
//! visited are greyed, with the bound that cut them. The HTML page (`html.rs`) places the same
//! node drawings with its script.

use super::layout::{layout, Layout};
use super::model::{Node, Tree};
use crate::games::picture::Num;
use std::fmt::Write;

/// The height of the board in a node box, in pixels.
pub const BOARD: f64 = 48.0;
/// The vertical distance between rows, in pixels.
pub const ROW: f64 = 118.0;
/// The margin around the picture.
pub const MARGIN: f64 = 20.0;
/// Colour of the chosen line.
pub const CHOSEN: &str = "#e67e22";

/// Text escaped for XML.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Characters XML 1.0 does not allow are dropped.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

/// The horizontal distance between slots: wide enough for the longest label.
pub fn slot_width(t: &Tree) -> f64 {
    let chars = t
        .nodes
        .iter()
        .map(|n| n.label.chars().count())
        .chain(
            t.nodes
                .iter()
                .flat_map(|n| n.unvisited.iter().map(|u| u.label.chars().count())),
        )
        .max()
        .unwrap_or(0);
    (chars as f64 * 5.6 + 14.0).max(if t.boards.is_empty() { 40.0 } else { 74.0 })
}

/// The boards as symbols, for a `<defs>` element.
pub fn defs(t: &Tree) -> String {
    let mut out = String::new();
    for (k, b) in t.boards.iter().enumerate() {
        let _ = write!(
            out,
            r#"<symbol id="b{k}" viewBox="0 0 {} {}">{}</symbol>"#,
            Num(b.width),
            Num(b.height),
            b.body
        );
    }
    out
}

/// A board placed with its top centre at (0, `y`), fitted into [`BOARD`] by [`BOARD`].
fn board_use(t: &Tree, k: usize, y: f64, out: &mut String) {
    let b = &t.boards[k];
    let scale = (BOARD / b.width).min(BOARD / b.height);
    let (w, h) = (b.width * scale, b.height * scale);
    let (x, y, w, h) = (Num(-w / 2.0), Num(y), Num(w), Num(h));
    let _ = write!(
        out,
        r##"<use xlink:href="#b{k}" x="{x}" y="{y}" width="{w}" height="{h}"/>"##
    );
}

/// The drawing of node `i`, its top centre at (0, 0): a box, its board or term, its value and
/// its window. Full terms go in a `<title>`, which viewers show on hover.
pub fn node_body(t: &Tree, i: usize, slot: f64) -> String {
    let n: &Node = &t.nodes[i];
    let mut out = String::new();
    let w = slot - 8.0;
    let h = node_height(t, n);
    let (fill, stroke) = match n.max_to_move {
        Some(true) => ("#eef4ff", "#2c5aa0"),
        Some(false) => ("#fff0ee", "#a0382c"),
        None => ("#f7f7f7", "#555555"),
    };
    let stroke = if n.chosen { CHOSEN } else { stroke };
    let width = if n.chosen { 2.5 } else { 1.0 };
    let dash = if n.outcome == Some(super::record::Outcome::Fail) {
        r#" stroke-dasharray="4 2""#
    } else {
        ""
    };
    let _ = write!(
        out,
        r#"<title>{}</title><rect x="{}" y="0" width="{w}" height="{h}" rx="4" fill="{fill}" stroke="{stroke}" stroke-width="{width}"{dash}/>"#,
        escape(n.exit.as_ref().unwrap_or(&n.call)),
        Num(-w / 2.0),
        w = Num(w),
        h = Num(h)
    );
    let mut y = 4.0;
    if let Some(k) = n.board {
        board_use(t, k, y, &mut out);
        y += BOARD + 2.0;
    }
    let mut line = |text: &str, weight: &str, out: &mut String| {
        let _ = write!(
            out,
            r#"<text x="0" y="{}" font-size="9" text-anchor="middle" font-family="sans-serif"{weight}>{}</text>"#,
            Num(y + 8.0),
            escape(text)
        );
        y += 11.0;
    };
    if !n.label.is_empty() {
        line(&n.label, "", &mut out);
    }
    if let Some(v) = &n.value {
        line(&format!("= {v}"), r#" font-weight="bold""#, &mut out);
    } else if n.outcome == Some(super::record::Outcome::Fail) {
        line("fails", "", &mut out);
    }
    if let Some((a, b)) = &n.window {
        line(&format!("α={a} β={b}"), r##" fill="#555555""##, &mut out);
    }
    if n.hidden > 0 {
        line(
            &format!("+{} calls not kept", n.hidden),
            r##" fill="#a05a00" font-style="italic""##,
            &mut out,
        );
    }
    out
}

/// The height of node `n`'s box.
pub fn node_height(t: &Tree, n: &Node) -> f64 {
    let _ = t;
    let lines = usize::from(!n.label.is_empty())
        + usize::from(n.value.is_some() || n.outcome == Some(super::record::Outcome::Fail))
        + usize::from(n.window.is_some())
        + usize::from(n.hidden > 0);
    let board = if n.board.is_some() { BOARD + 2.0 } else { 0.0 };
    (4.0 + board + lines as f64 * 11.0 + 4.0).max(16.0)
}

/// The drawing of never-visited successor `k` of node `i`, greyed, its top centre at (0, 0).
pub fn unvisited_body(t: &Tree, i: usize, k: usize, slot: f64) -> String {
    let u = &t.nodes[i].unvisited[k];
    let mut out = String::new();
    let w = slot - 8.0;
    let lines = 1 + usize::from(u.bound.is_some());
    let h = 4.0 + if u.board.is_some() { BOARD + 2.0 } else { 0.0 } + lines as f64 * 11.0 + 4.0;
    let _ = write!(
        out,
        r##"<g opacity="0.45"><title>not visited{}</title><rect x="{}" y="0" width="{w}" height="{h}" rx="4" fill="#e6e6e6" stroke="#999999" stroke-dasharray="3 2"/>"##,
        u.bound
            .as_ref()
            .map_or(String::new(), |b| format!(": cut off, {}", escape(b))),
        Num(-w / 2.0),
        w = Num(w),
        h = Num(h)
    );
    let mut y = 4.0;
    if let Some(b) = u.board {
        board_use(t, b, y, &mut out);
        y += BOARD + 2.0;
    }
    let _ = write!(
        out,
        r##"<text x="0" y="{}" font-size="9" text-anchor="middle" font-family="sans-serif" fill="#555555">{}</text>"##,
        Num(y + 8.0),
        escape(&u.label)
    );
    if let Some(b) = &u.bound {
        let _ = write!(
            out,
            r##"<text x="0" y="{}" font-size="8" text-anchor="middle" font-family="sans-serif" fill="#555555">{}</text>"##,
            Num(y + 19.0),
            escape(b)
        );
    }
    out.push_str("</g>");
    out
}

/// The pixel position of a slot and a row: the top centre of what stands there.
fn at(slot: f64, x: f64, row: usize) -> (Num, Num) {
    (
        Num(MARGIN + x * slot + slot / 2.0),
        Num(MARGIN + row as f64 * ROW),
    )
}

/// The whole tree as an SVG document, every subtree open.
pub fn write(t: &Tree) -> String {
    let l: Layout = layout(t, &|_| false);
    let slot = slot_width(t);
    let width = Num(2.0 * MARGIN + l.width * slot);
    let height = Num(2.0 * MARGIN + l.rows as f64 * ROW);
    let mut out = String::with_capacity(400 * t.nodes.len() + 1000);
    let _ = write!(
        out,
        r##"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{width}" height="{height}" viewBox="0 0 {width} {height}">
<title>{} calls of {}</title>
<defs>{}</defs>
<rect width="100%" height="100%" fill="#ffffff"/>
"##,
        t.nodes.len(),
        escape(&t.pred),
        defs(t)
    );
    // Edges first, so the boxes are drawn over them.
    out.push_str("<g class=\"edges\">\n");
    for (i, n) in t.nodes.iter().enumerate() {
        if t.over_budget(&out) {
            return out;
        }
        let Some((x, row)) = l.nodes[i] else { continue };
        let (px, py) = at(slot, x, row);
        let bottom = Num(py.0 + node_height(t, n));
        for &c in &n.children {
            let Some((cx, crow)) = l.nodes[c] else {
                continue;
            };
            let (qx, qy) = at(slot, cx, crow);
            let chosen = n.chosen && t.nodes[c].chosen;
            let (stroke, w) = if chosen {
                (CHOSEN, 3.0)
            } else {
                ("#888888", 1.0)
            };
            let _ = writeln!(
                out,
                r#"<line x1="{px}" y1="{bottom}" x2="{qx}" y2="{qy}" stroke="{stroke}" stroke-width="{w}"/>"#
            );
        }
        for &ux in &l.unvisited[i] {
            let (qx, qy) = at(slot, ux, row + 1);
            let _ = writeln!(
                out,
                r##"<line x1="{px}" y1="{bottom}" x2="{qx}" y2="{qy}" stroke="#bbbbbb" stroke-dasharray="3 2"/>"##
            );
        }
    }
    out.push_str("</g>\n<g class=\"nodes\">\n");
    for i in 0..t.nodes.len() {
        if t.over_budget(&out) {
            return out;
        }
        let Some((x, row)) = l.nodes[i] else { continue };
        let (px, py) = at(slot, x, row);
        let _ = writeln!(
            out,
            r#"<g id="n{i}" transform="translate({px},{py})">{}</g>"#,
            node_body(t, i, slot)
        );
        for (k, &ux) in l.unvisited[i].iter().enumerate() {
            let (qx, qy) = at(slot, ux, row + 1);
            let _ = writeln!(
                out,
                r#"<g transform="translate({qx},{qy})">{}</g>"#,
                unvisited_body(t, i, k, slot)
            );
        }
    }
    out.push_str("</g>\n");
    if t.dropped > 0 {
        let _ = writeln!(
            out,
            r#"<text x="{MARGIN}" y="{}" font-size="10" font-family="sans-serif">{} more calls were not kept (max_nodes, max_depth)</text>"#,
            Num(height.0 - 6.0),
            t.dropped
        );
    }
    out.push_str("</svg>\n");
    out
}
