//! The goals a call passes to a meta-predicate (`catch(zap, _, true)`, `findall(X, p(X), L)`),
//! which the compiler builds as terms rather than calls: swipl's list of undefined procedures
//! names them too, so the text of such a call is read again to find them.

use ply_reader::ast::{Ast, NodeKind};
use ply_reader::{read_term, ReadOutcome};

/// A goal found in a meta-argument: its name, arity and byte offset in the call's text.
pub type MetaGoal = (String, usize, usize);

/// The arguments (from 0) of the meta-predicate `name/arity` that are goals.
fn goal_args(name: &str, arity: usize) -> &'static [usize] {
    match (name, arity) {
        ("catch", 3) => &[0, 2],
        ("findall", 3) | ("findall", 4) | ("bagof", 3) | ("setof", 3) => &[1],
        ("aggregate_all", 3) => &[1],
        ("forall", 2) | ("call_cleanup", 2) => &[0, 1],
        ("setup_call_cleanup", 3) => &[0, 1, 2],
        ("once", 1) | ("ignore", 1) | ("call", 1) | ("\\+", 1) | ("time", 1) => &[0],
        _ => &[],
    }
}

/// The goals that the call written as `text` (one goal) passes to the meta-predicate
/// `name/arity`, control constructs looked through, in the order of the text.
pub fn meta_goals(
    text: &str,
    name: &str,
    arity: usize,
    ops: &ply_reader::ops::OpTable,
) -> Vec<MetaGoal> {
    let args = goal_args(name, arity);
    if args.is_empty() {
        return Vec::new();
    }
    let source = format!("{text} .");
    let flags = ply_reader::ReadFlags::default();
    let ReadOutcome::Term { ast, .. } = read_term(&source, 0, ops, &flags) else {
        return Vec::new();
    };
    let NodeKind::Compound {
        args: call_args, ..
    } = &ast.root_node().kind
    else {
        return Vec::new();
    };
    let mut stack: Vec<u32> = args
        .iter()
        .rev()
        .filter_map(|&i| call_args.get(i).copied())
        .collect();
    let mut out = Vec::new();
    while let Some(id) = stack.pop() {
        goals_of(&ast, id, &mut stack, &mut out);
    }
    out
}

/// What node `id` of `ast` calls: a control construct's parts go on `stack` (first part on
/// top), a goal to `out`.
fn goals_of(ast: &Ast, id: u32, stack: &mut Vec<u32>, out: &mut Vec<MetaGoal>) {
    let node = &ast.nodes[id as usize];
    let offset = node.span.start;
    match &node.kind {
        NodeKind::Atom(a) if !matches!(a.as_str(), "!" | "true" | "fail" | "false") => {
            out.push((a.clone(), 0, offset))
        }
        NodeKind::Compound { name, args } => {
            let control = matches!(
                (name.as_str(), args.len()),
                (",", 2) | (";", 2) | ("->", 2) | ("*->", 2) | ("\\+", 1) | ("^", 2)
            );
            if !control {
                out.push((name.clone(), args.len(), offset));
            } else if name == "^" {
                stack.push(args[1]);
            } else {
                stack.extend(args.iter().rev().copied());
            }
        }
        _ => {}
    }
}
