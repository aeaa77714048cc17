//! The HTML writer: one self-contained page (no network) holding the tree's SVG, with zoom
//! (the wheel), pan (dragging), subtrees that open and close (the knob under a node), and the
//! full terms and the board of a node shown beside the tree when it is clicked. The node
//! drawings are `svg.rs`'s; the page's script (`page.js`) lays out the open part of the tree
//! as `layout.rs` does and draws only that, so a tree of 10^5 calls opens at once, closed
//! below a depth.

use super::layout::layout;
use super::model::Tree;
use super::svg::{self, escape};
use crate::games::picture::Num;
use std::fmt::Write;

/// The page's script.
const SCRIPT: &str = include_str!("page.js");

/// How many nodes the page shows open at first when no `open_depth(N)` option is given: the
/// deepest rows that keep the open part under this many nodes and [`FIRST_WIDTH`] slots wide
/// (but at least the root's row and at most six rows), so that it fits a window readably.
const FIRST_VIEW: usize = 120;

/// How many slots wide the open part may be at first.
const FIRST_WIDTH: f64 = 24.0;

/// `s` as a JSON string, with `<` escaped so that no `</script>` can end the data early.
fn json_str(s: &str, out: &mut String) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' => out.push_str("\\u003c"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The depth below which the page opens closed.
fn open_depth(t: &Tree, given: Option<usize>) -> usize {
    if let Some(d) = given {
        return d;
    }
    let mut per_depth: Vec<usize> = Vec::new();
    for n in &t.nodes {
        if per_depth.len() <= n.depth {
            per_depth.resize(n.depth + 1, 0);
        }
        per_depth[n.depth] += 1;
    }
    let mut shown = 0;
    let mut d = 0;
    for (depth, &k) in per_depth.iter().enumerate().take(7) {
        shown += k;
        if depth > 0 {
            let wide = layout(t, &|i| t.nodes[i].depth >= depth).width > FIRST_WIDTH;
            if shown > FIRST_VIEW || wide {
                break;
            }
        }
        d = depth;
    }
    d
}

/// The page for tree `t`; `given_open_depth` is the `open_depth(N)` option.
pub fn write_with(t: &Tree, given_open_depth: Option<usize>) -> String {
    let slot = svg::slot_width(t);
    let mut data = String::with_capacity(600 * t.nodes.len() + 100);
    let _ = write!(
        data,
        r#"{{"slot":{},"row":{},"margin":{},"open":{},"chosen":"{}","nodes":["#,
        Num(slot),
        svg::ROW,
        svg::MARGIN,
        open_depth(t, given_open_depth),
        svg::CHOSEN
    );
    for (i, n) in t.nodes.iter().enumerate() {
        if t.over_budget(&data) {
            return data;
        }
        if i > 0 {
            data.push(',');
        }
        let _ = write!(
            data,
            "[{},{},{},{},{},",
            n.parent.map_or(-1, |p| p as i64),
            n.depth,
            u8::from(n.chosen),
            Num(svg::node_height(t, n)),
            n.board.map_or(-1, |b| b as i64)
        );
        json_str(&svg::node_body(t, i, slot), &mut data);
        data.push(',');
        json_str(&n.call, &mut data);
        data.push(',');
        match &n.exit {
            Some(e) => json_str(e, &mut data),
            None => data.push_str("null"),
        }
        data.push(',');
        let unvisited: Vec<String> = (0..n.unvisited.len())
            .map(|k| svg::unvisited_body(t, i, k, slot))
            .collect();
        data.push('[');
        for (k, u) in unvisited.iter().enumerate() {
            if k > 0 {
                data.push(',');
            }
            json_str(u, &mut data);
        }
        data.push_str("]]");
    }
    let _ = write!(data, r#"],"dropped":{}}}"#, t.dropped);
    let mut out = String::with_capacity(data.len() + 4000);
    let _ = write!(
        out,
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ margin: 0; font-family: sans-serif; display: flex; height: 100vh; }}
#pane {{ flex: 1; overflow: hidden; position: relative; background: #fff; }}
#tree {{ width: 100%; height: 100%; cursor: grab; }}
#side {{ width: 22em; overflow: auto; border-left: 1px solid #ccc; padding: 0.6em; font-size: 13px; }}
#side pre {{ white-space: pre-wrap; word-break: break-all; background: #f5f5f5; padding: 0.4em; }}
#bar {{ position: absolute; top: 6px; left: 6px; background: rgba(255,255,255,0.85); padding: 2px 6px; }}
.knob {{ cursor: pointer; }}
</style></head>
<body>
<div id="pane"><div id="bar"><b>{title}</b> · <button id="fit">fit</button> <button id="openall">open all</button> <button id="closeall">close</button></div>
<svg id="tree" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs>{defs}</defs><g id="view"></g></svg></div>
<div id="side"><p>Click a node to see its terms; click the knob under a node to open or close its subtree; drag to pan; use the wheel to zoom.</p></div>
<script type="application/json" id="data">{data}</script>
<script>{SCRIPT}</script>
</body></html>
"#,
        title = escape(&format!("{} calls of {}", t.nodes.len(), t.pred)),
        defs = svg::defs(t),
    );
    out
}

/// The page for tree `t`, opened to the depth its recording asked for.
pub fn write(t: &Tree) -> String {
    write_with(t, t.open_depth)
}
