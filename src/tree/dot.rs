//! The Graphviz writer: one node statement per recorded call and one edge per parent and child,
//! so a tree of N calls has N - 1 edges (more roots, fewer edges). Successors never visited are
//! left out: they are no calls. The chosen line is drawn bold.

use super::model::Tree;
use std::fmt::Write;

/// A string as a Graphviz quoted string.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            _ => out.push(ch),
        }
    }
    out.push('"');
    out
}

/// The tree in Graphviz's language.
pub fn write(t: &Tree) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "digraph search_tree {{");
    let _ = writeln!(
        out,
        "  // the calls of {} in the order they were made",
        t.pred
    );
    let _ = writeln!(out, "  node [shape=box, fontname=\"sans-serif\"];");
    for (i, n) in t.nodes.iter().enumerate() {
        let mut label = n.label.clone();
        if let Some((a, b)) = &n.window {
            let _ = write!(label, "\n({a}, {b})");
        }
        if let Some(v) = &n.value {
            let _ = write!(label, "\n= {v}");
        }
        let style = if n.chosen { ", style=bold" } else { "" };
        let _ = writeln!(
            out,
            "  n{i} [label={}, tooltip={}{style}];",
            quoted(&label),
            quoted(n.exit.as_ref().unwrap_or(&n.call))
        );
    }
    for (i, n) in t.nodes.iter().enumerate() {
        if let Some(p) = n.parent {
            let style = if n.chosen { " [style=bold]" } else { "" };
            let _ = writeln!(out, "  n{p} -> n{i}{style};");
        }
    }
    out.push_str("}\n");
    out
}
