//! One Prolog text as the language server sees it: every clause read with ply's own reader,
//! the loader's lint run on each, and what navigation needs (where each predicate is defined,
//! which predicates each clause calls, the files it loads, the comment above each predicate).
//!
//! Reading follows the loader (`machine/load.rs`) without a machine: clauses are read one after
//! another from the same reader, a syntax error is reported and reading resumes after it, so
//! every syntax error of the file is found; `op/3` directives change the operator table for the
//! clauses after them, as they do when the file is consulted. Lint is the loader's
//! (`diag::lint::lint_clause` and `DiscontiguousTracker`), so the editor shows exactly the
//! warnings `ply file.pl` prints. Whether a called predicate exists depends on other files and
//! on the library, so that check is the workspace's (`workspace.rs`), not this module's.

pub mod comments;
pub mod fixes;
pub mod goals;

pub use comments::name_span;
pub use goals::{Goal, Key};

use crate::diag::lint::{lint_clause, DiscontiguousTracker};
use crate::diag::{Severity, SourceText};
use crate::reader::ast::{Ast, NodeId, NodeKind};
use crate::reader::{read_term, OpTable, OpType, ReadFlags, ReadOutcome, Span};
use std::collections::HashMap;

/// A change of the text that would fix a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// What the editor offers, e.g. "Rename `Оц` to `Оц0`".
    pub title: String,
    /// The replacements, by byte span of the text.
    pub edits: Vec<(Span, String)>,
}

/// One problem to show in the editor: a diagnostic at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Error or warning.
    pub severity: Severity,
    /// The kind, as ply's diagnostics name it (`singleton`, `syntax_error`, ...).
    pub code: String,
    /// The message, with ply's help on a line of its own when there is one.
    pub message: String,
    /// Where it is.
    pub span: Span,
    /// Other places that explain it.
    pub related: Vec<(Span, String)>,
    /// The quick fixes for it.
    pub fixes: Vec<Fix>,
}

/// A clause, or a declaration that defines a predicate (`:- dynamic`, an assert).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    /// The predicate.
    pub key: Key,
    /// The whole clause.
    pub span: Span,
    /// The predicate's name in the head.
    pub name_span: Span,
    /// True for a declaration or an assert rather than a clause.
    pub declared: bool,
    /// The module its head names (`m` of `m:h :- b`), or `None` for the text's own module.
    pub module: Option<String>,
}

/// A call of a predicate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    /// The predicate called and where its name is written.
    pub goal: Goal,
    /// The predicate of the clause the call is in (`None` in a directive).
    pub caller: Option<Key>,
}

/// Everything the server knows about one text.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// Syntax errors and lint warnings, in reading order.
    pub problems: Vec<Problem>,
    /// Clauses and declarations, in reading order.
    pub definitions: Vec<Definition>,
    /// Calls, in reading order.
    pub calls: Vec<Call>,
    /// The comment above the first clause of each predicate that has one.
    pub comments: HashMap<Key, String>,
    /// The files the text consults or includes, as written, with where.
    pub loads: Vec<(String, Span)>,
    /// The module the text declares with `:- module(Name, Exports)`, if it is a module file.
    pub module: Option<ModuleDecl>,
}

/// A module file's declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleDecl {
    /// The module's name.
    pub name: String,
    /// The predicates it exports (operators in the list are left out).
    pub exports: Vec<Key>,
}

impl Analysis {
    /// The predicates the text defines, each once, in order of their first definition.
    pub fn defined(&self) -> Vec<&Key> {
        let mut seen = std::collections::HashSet::new();
        self.definitions
            .iter()
            .map(|d| &d.key)
            .filter(|k| seen.insert(*k))
            .collect()
    }
}

/// Read and lint `text`, named `name` in messages.
pub fn analyse(name: &str, text: &str) -> Analysis {
    let mut out = Analysis::default();
    let source = SourceText::new(name, text);
    let mut ops = OpTable::standard();
    let flags = ReadFlags::default();
    let mut tracker = DiscontiguousTracker::new(name);
    let mut pos = 0;
    let mut previous_end = 0;
    loop {
        match read_term(text, pos, &ops, &flags) {
            ReadOutcome::Eof => break,
            ReadOutcome::Error(e) => {
                let mut message = format!("Syntax error: {}", e.message);
                if let Some(help) = &e.help {
                    message.push('\n');
                    message.push_str(help);
                }
                out.problems.push(Problem {
                    severity: Severity::Error,
                    code: "syntax_error".to_string(),
                    message,
                    span: e.span,
                    related: Vec::new(),
                    fixes: Vec::new(),
                });
                if e.resume <= pos {
                    break;
                }
                pos = e.resume;
                previous_end = pos;
            }
            ReadOutcome::Term { ast, end } => {
                for d in lint_clause(&ast) {
                    out.problems.extend(fixes::problems_of(text, &ast, &d));
                }
                clause(
                    text,
                    &ast,
                    previous_end,
                    &source,
                    &mut ops,
                    &mut tracker,
                    &mut out,
                );
                crate::reader::recycle(ast);
                pos = end;
                previous_end = end;
            }
        }
    }
    out
}

/// Record what clause `ast` defines, calls and declares; `previous_end` is where the text
/// before it starts (for its leading comment).
fn clause(
    text: &str,
    ast: &Ast,
    previous_end: usize,
    source: &SourceText,
    ops: &mut OpTable,
    tracker: &mut DiscontiguousTracker,
    out: &mut Analysis,
) {
    let root = ast.root_node();
    let (head, body, grammar) = match &root.kind {
        NodeKind::Compound { name, args } if args.len() == 1 && (name == ":-" || name == "?-") => {
            directive(text, ast, args[0], ops, tracker, out);
            return;
        }
        NodeKind::Compound { name, args } if args.len() == 2 && name == ":-" => {
            (args[0], Some(args[1]), false)
        }
        NodeKind::Compound { name, args } if args.len() == 2 && name == "-->" => {
            // A pushback `Head, Pushback --> Body` defines Head.
            let head = match &ast.node(args[0]).kind {
                NodeKind::Compound { name, args: h } if name == "," && h.len() == 2 => h[0],
                _ => args[0],
            };
            (head, Some(args[1]), true)
        }
        _ => (ast.root, None, false),
    };
    let Some(mut goal) = goals::clause_head(text, ast, head) else {
        return;
    };
    if grammar {
        goal.key.1 += 2;
    }
    if let Some(d) = tracker.clause(&goal.key.0, goal.key.1, ast.span, source) {
        out.problems.extend(fixes::problems_of(text, ast, &d));
    }
    if !out.definitions.iter().any(|d| d.key == goal.key) {
        if let Some(c) =
            comments::leading_comment(&text[previous_end..ast.span.start], previous_end > 0)
        {
            out.comments.insert(goal.key.clone(), c);
        }
    }
    out.definitions.push(Definition {
        key: goal.key.clone(),
        span: ast.span,
        name_span: goal.span,
        declared: false,
        module: goal.module.clone(),
    });
    if let Some(body) = body {
        let facts = goals::body_goals(text, ast, body, grammar);
        record(out, facts, Some(&goal.key), ast.span);
    }
}

/// Record the calls and asserted predicates of one body.
fn record(out: &mut Analysis, facts: goals::BodyFacts, caller: Option<&Key>, span: Span) {
    out.calls.extend(facts.goals.into_iter().map(|goal| Call {
        goal,
        caller: caller.cloned(),
    }));
    out.definitions
        .extend(facts.dynamic.into_iter().map(|g| Definition {
            key: g.key,
            span,
            name_span: g.span,
            declared: true,
            module: g.module,
        }));
}

/// Handle directive `goal`: operators, declarations and loaded files, then its calls.
fn directive(
    text: &str,
    ast: &Ast,
    goal: NodeId,
    ops: &mut OpTable,
    tracker: &mut DiscontiguousTracker,
    out: &mut Analysis,
) {
    for item in conjuncts(ast, goal) {
        let node = ast.node(item);
        let NodeKind::Compound { name, args } = &node.kind else {
            continue;
        };
        match (name.as_str(), args.len()) {
            ("op", 3) => add_ops(ast, args, ops),
            ("module", 2) if out.module.is_none() && out.definitions.is_empty() => {
                if let NodeKind::Atom(m) = &ast.node(args[0]).kind {
                    out.module = Some(ModuleDecl {
                        name: m.clone(),
                        exports: indicators(text, ast, args[1])
                            .into_iter()
                            .map(|(k, _)| k)
                            .collect(),
                    });
                }
                // Exported operators hold for the rest of the file, as for the loader.
                for item in list_items(ast, args[1]) {
                    if let NodeKind::Compound { name, args } = &ast.node(item).kind {
                        if name == "op" && args.len() == 3 {
                            add_ops(ast, args, ops);
                        }
                    }
                }
            }
            ("dynamic" | "discontiguous" | "table" | "multifile", 1) => {
                for (key, span) in indicators(text, ast, args[0]) {
                    if name == "discontiguous" {
                        tracker.declare_discontiguous(&key.0, key.1);
                    } else if name == "dynamic" {
                        tracker.declare_dynamic(&key.0, key.1);
                    }
                    if name != "discontiguous" {
                        out.definitions.push(Definition {
                            key,
                            span: node.span,
                            name_span: span,
                            declared: true,
                            module: None,
                        });
                    }
                }
            }
            ("consult" | "ensure_loaded" | "include" | "use_module" | "load_files", _) => {
                file_names(ast, args[0], &mut out.loads);
            }
            (".", 2) | ("[|]", 2) => file_names(ast, item, &mut out.loads),
            _ => {}
        }
    }
    if let NodeKind::Compound { name, .. } = &ast.node(goal).kind {
        if name == "." || name == "[|]" {
            return;
        }
    }
    let facts = goals::body_goals(text, ast, goal, false);
    record(out, facts, None, ast.span);
}

/// The goals of a conjunction, in order.
fn conjuncts(ast: &Ast, goal: NodeId) -> Vec<NodeId> {
    let mut items = Vec::new();
    let mut stack = vec![goal];
    while let Some(id) = stack.pop() {
        match &ast.node(id).kind {
            NodeKind::Compound { name, args } if name == "," && args.len() == 2 => {
                stack.push(args[1]);
                stack.push(args[0]);
            }
            _ => items.push(id),
        }
    }
    items
}

/// Apply `op(Priority, Type, Names)` to the table the following clauses are read with.
fn add_ops(ast: &Ast, args: &[NodeId], ops: &mut OpTable) {
    let (NodeKind::Int(p), NodeKind::Atom(t)) = (&ast.node(args[0]).kind, &ast.node(args[1]).kind)
    else {
        return;
    };
    let (Ok(priority), Some(typ)) = (u32::try_from(*p), OpType::from_name(t)) else {
        return;
    };
    for id in list_items(ast, args[2]) {
        if let NodeKind::Atom(name) = &ast.node(id).kind {
            // A bad operator is the consult's error to report; reading goes on without it.
            let _ = ops.add(priority, typ, name);
        }
    }
}

/// The elements of a list term, or the term itself when it is not a list.
fn list_items(ast: &Ast, mut id: NodeId) -> Vec<NodeId> {
    let mut items = Vec::new();
    loop {
        match &ast.node(id).kind {
            NodeKind::Compound { name, args }
                if (name == "." || name == "[|]") && args.len() == 2 =>
            {
                items.push(args[0]);
                id = args[1];
            }
            NodeKind::Atom(name) if name == "[]" => return items,
            _ => {
                items.push(id);
                return items;
            }
        }
    }
}

/// The predicate indicators of a declaration: `p/1`, `p//2`, and lists or conjunctions of them.
fn indicators(text: &str, ast: &Ast, id: NodeId) -> Vec<(Key, Span)> {
    let mut out = Vec::new();
    let mut stack = vec![id];
    while let Some(id) = stack.pop() {
        let node = ast.node(id);
        let NodeKind::Compound { name, args } = &node.kind else {
            continue;
        };
        match (name.as_str(), args.len()) {
            ("," | "." | "[|]", 2) => {
                stack.push(args[1]);
                stack.push(args[0]);
            }
            ("/" | "//", 2) => {
                if let (NodeKind::Atom(n), NodeKind::Int(a)) =
                    (&ast.node(args[0]).kind, &ast.node(args[1]).kind)
                {
                    let add = if name == "//" { 2 } else { 0 };
                    if let Ok(a) = usize::try_from(*a) {
                        let span = name_span(text, n, ast.node(args[0]).span);
                        out.push(((n.clone(), a + add), span));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The file names a load directive names (atoms; `library(...)` is the system's).
fn file_names(ast: &Ast, id: NodeId, out: &mut Vec<(String, Span)>) {
    for item in list_items(ast, id) {
        let node = ast.node(item);
        if let NodeKind::Atom(name) = &node.kind {
            if name != "[]" {
                out.push((name.clone(), node.span));
            }
        }
    }
}

#[cfg(test)]
mod tests;
