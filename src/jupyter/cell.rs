//! What a notebook cell is: clauses to consult, or queries to answer. A cell whose first term
//! starts with `?-` is a cell of queries, each `?- Goal.` followed by the lines up to the next
//! `?-`, which are that query's standard input (a move typed to `play/1`, say), as if the
//! cell were piped into the toplevel. A cell that is one term naming something to run rather
//! than a clause to add (a conjunction, a builtin, a library predicate, or a predicate some
//! other text defines) is a query too. Anything else is a cell of clauses.
//!
//! Only the text is looked at here, with the machine's operators and predicate table; nothing
//! runs.

use crate::machine::Machine;
use crate::term::Tag;

/// One query of a cell: where its text starts (at `?-`, or at the goal), and the text that
/// is its standard input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryText {
    /// The byte offset of the query in the cell.
    pub start: usize,
    /// The byte offset just past the query's full stop.
    pub end: usize,
    /// The lines after the query up to the next `?-`.
    pub input: String,
}

/// What a cell holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Clauses and directives, consulted as one unit.
    Clauses,
    /// Queries, in order.
    Queries(Vec<QueryText>),
}

/// The byte offset of the first character of `text` at or after `pos` that is not white space
/// or inside a comment.
pub fn skip_layout(text: &str, mut pos: usize) -> usize {
    let b = text.as_bytes();
    loop {
        while pos < b.len() && (b[pos] as char).is_ascii_whitespace() {
            pos += 1;
        }
        if b[pos..].starts_with(b"%") {
            pos = text[pos..].find('\n').map_or(b.len(), |i| pos + i + 1);
        } else if b[pos..].starts_with(b"/*") {
            pos = text[pos + 2..].find("*/").map_or(b.len(), |i| pos + i + 4);
        } else {
            return pos;
        }
    }
}

/// Split `text` into the queries of a cell of queries (the cell starts with `?-`).
fn queries(m: &mut Machine, text: &str) -> Vec<QueryText> {
    let mut out = Vec::new();
    let mut pos = skip_layout(text, 0);
    while pos < text.len() {
        let end = match m.read_from(text, pos) {
            Ok(Some((_, end))) => end,
            // A query that does not read ends the cell: running it reports the error.
            Ok(None) | Err(_) => text.len(),
        };
        let (input, next) = input_after(text, end);
        out.push(QueryText {
            start: pos,
            end,
            input,
        });
        pos = skip_layout(text, next);
    }
    out
}

/// The lines after a query ending at `end`, up to the next line that starts with `?-`: the
/// query's input, and where the next query starts.
fn input_after(text: &str, end: usize) -> (String, usize) {
    // The rest of the query's own line is not input.
    let mut line = text[end..].find('\n').map_or(text.len(), |i| end + i + 1);
    let from = line;
    while line < text.len() && !text[line..].trim_start().starts_with("?-") {
        line = text[line..].find('\n').map_or(text.len(), |i| line + i + 1);
    }
    (text[from..line].to_string(), line.max(end))
}

/// What `text` holds, for the cell consulted as the unit `unit`.
pub fn classify(m: &mut Machine, text: &str, unit: &str) -> Cell {
    let first = skip_layout(text, 0);
    if text[first..].starts_with("?-") {
        return Cell::Queries(queries(m, text));
    }
    if is_goal(m, text, first, unit) {
        let end = text.len();
        return Cell::Queries(vec![QueryText {
            start: first,
            end,
            input: String::new(),
        }]);
    }
    Cell::Clauses
}

/// Whether `text` is one term that names something to run.
fn is_goal(m: &mut Machine, text: &str, first: usize, unit: &str) -> bool {
    let Ok(Some((r, end))) = m.read_from(text, first) else {
        return false;
    };
    if skip_layout(text, end) < text.len() {
        return false;
    }
    let t = m.heap().deref(r.term);
    let (name, arity) = match t.tag() {
        Tag::Atom => (t.atom_index(), 0),
        Tag::Str => {
            let f = m.heap().functor_of(t);
            (f.functor_name(), f.functor_arity())
        }
        _ => return false,
    };
    let text_name = m.atoms().name(name).to_string();
    match (text_name.as_str(), arity) {
        (":-" | "-->", _) => return false,
        ("," | ";" | "->" | "*->" | "\\+", _) => return true,
        _ => {}
    }
    let Some(pid) = m.lookup_pred(name, arity) else {
        return false;
    };
    let p = m.pred(pid);
    let this_unit = m.atoms().lookup(unit);
    p.is_builtin() || p.library || (p.defined && p.file.is_some() && p.file != this_unit)
}
