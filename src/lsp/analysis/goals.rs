//! The goals a clause body calls, found by walking the read term as the compiler would run it.
//!
//! Control constructs (`,`, `;`, `->`, `*->`, `\+`) are walked through; the goal arguments of
//! the common meta-predicates (`findall/3`, `forall/2`, `maplist/N`, `call/N`, ...) are walked as
//! goals, a closure counting the arguments the meta-predicate adds; a grammar rule's body calls
//! its non-terminals with two more arguments. The clauses a body asserts are collected too, since
//! a predicate that a program asserts is defined even if no clause of it is written. Every walk
//! keeps its own stack: a body a million goals long is a loop, not a recursion.

use super::name_span;
use crate::reader::ast::{Ast, NodeId, NodeKind, Span};

/// A predicate: its name and arity.
pub type Key = (String, usize);

/// One goal of a body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The predicate called.
    pub key: Key,
    /// Where its name is written.
    pub span: Span,
    /// The module the goal names (`m` of `m:g(X)`, the innermost when qualifiers nest), or
    /// `None` for a goal that runs in the clause's own module.
    pub module: Option<String>,
}

/// What the walk found in one body.
#[derive(Clone, Debug, Default)]
pub struct BodyFacts {
    /// The goals called, in reading order.
    pub goals: Vec<Goal>,
    /// The predicates whose clauses the body asserts or retracts.
    pub dynamic: Vec<Goal>,
}

/// The goal arguments of a meta-predicate: each one's position and how many arguments the
/// meta-predicate adds when it calls it.
type GoalArgs = &'static [(usize, usize)];

/// Meta-predicates whose arguments are goals: name, arity and goal arguments.
const META: &[(&str, usize, GoalArgs)] = &[
    ("\\+", 1, &[(0, 0)]),
    ("not", 1, &[(0, 0)]),
    ("once", 1, &[(0, 0)]),
    ("ignore", 1, &[(0, 0)]),
    ("time", 1, &[(0, 0)]),
    ("forall", 2, &[(0, 0), (1, 0)]),
    ("findall", 3, &[(1, 0)]),
    ("findall", 4, &[(1, 0)]),
    ("bagof", 3, &[(1, 0)]),
    ("setof", 3, &[(1, 0)]),
    ("aggregate_all", 3, &[(1, 0)]),
    ("aggregate_all", 4, &[(2, 0)]),
    ("catch", 3, &[(0, 0), (2, 0)]),
    ("call_cleanup", 2, &[(0, 0), (1, 0)]),
    ("setup_call_cleanup", 3, &[(0, 0), (1, 0), (2, 0)]),
    ("include", 3, &[(0, 1)]),
    ("exclude", 3, &[(0, 1)]),
    ("partition", 4, &[(0, 1)]),
    ("foldl", 4, &[(0, 3)]),
    ("foldl", 5, &[(0, 4)]),
    ("foldl", 6, &[(0, 5)]),
    ("phrase", 2, &[(0, 2)]),
    ("phrase", 3, &[(0, 2)]),
];

/// Predicates whose argument is a clause the program adds or removes.
const CLAUSE_TAKERS: &[(&str, usize)] = &[
    ("assert", 1),
    ("asserta", 1),
    ("assertz", 1),
    ("retract", 1),
    ("retractall", 1),
];

/// How a term is walked: as a goal, or as the body of a grammar rule.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Goal,
    Grammar,
}

/// The goals of `body` (a node of `ast` read from `text`), walked as a clause body, or as a
/// grammar rule body when `grammar` is set.
pub fn body_goals(text: &str, ast: &Ast, body: NodeId, grammar: bool) -> BodyFacts {
    let mut facts = BodyFacts::default();
    let mode = if grammar { Mode::Grammar } else { Mode::Goal };
    // (node, mode, arguments the caller adds to it, the module it is qualified with)
    let mut stack: Vec<(NodeId, Mode, usize, Option<String>)> = vec![(body, mode, 0, None)];
    while let Some((id, mode, extra, module)) = stack.pop() {
        let Some(node) = ast.nodes.get(id as usize) else {
            continue;
        };
        let (name, args): (&str, &[NodeId]) = match &node.kind {
            NodeKind::Atom(name) => (name, &[]),
            NodeKind::Compound { name, args } => (name, args),
            // A variable is a goal known only when it runs; numbers and strings are not goals
            // (in a grammar body a string is terminals).
            _ => continue,
        };
        let arity = args.len();
        // Control constructs are walked through in both modes; the right-hand argument is
        // pushed first so that goals come out in reading order.
        let control = matches!(
            (name, arity),
            (",", 2) | (";", 2) | ("->", 2) | ("*->", 2) | ("|", 2)
        );
        if control && extra == 0 {
            stack.push((args[1], mode, 0, module.clone()));
            stack.push((args[0], mode, 0, module));
            continue;
        }
        if (name, arity) == (":", 2) && extra == 0 {
            // `M:G` runs G in M; a variable module is known only when it runs, and G is then
            // taken as the clause's own.
            let qualifier = match &ast.node(args[0]).kind {
                NodeKind::Atom(m) => Some(m.clone()),
                _ => module,
            };
            stack.push((args[1], mode, 0, qualifier));
            continue;
        }
        if mode == Mode::Grammar {
            match (name, arity) {
                ("{}", 1) => stack.push((args[0], Mode::Goal, 0, module)),
                ("\\+", 1) => stack.push((args[0], Mode::Grammar, 0, module)),
                // Terminals, the empty list and the cut call nothing.
                ("[]", 0) | ("!", 0) | (".", 2) | ("[|]", 2) => {}
                ("call", n) if n >= 1 => stack.push((args[0], Mode::Goal, n - 1 + 2, module)),
                _ => facts.goals.push(Goal {
                    key: (name.to_string(), arity + 2),
                    span: name_span(text, name, node.span),
                    module,
                }),
            }
            continue;
        }
        facts.goals.push(Goal {
            key: (name.to_string(), arity + extra),
            span: name_span(text, name, node.span),
            module: module.clone(),
        });
        if extra > 0 {
            // A closure: its own arguments are data.
            continue;
        }
        if name == "call" && arity >= 1 {
            stack.push((args[0], Mode::Goal, arity - 1, module));
            continue;
        }
        if name == "maplist" && (2..=8).contains(&arity) {
            stack.push((args[0], Mode::Goal, arity - 1, module));
            continue;
        }
        if CLAUSE_TAKERS.contains(&(name, arity)) {
            if let Some(g) = clause_head(text, ast, args[0]) {
                facts.dynamic.push(g);
            }
            continue;
        }
        if let Some((_, _, goal_args)) = META.iter().find(|(n, a, _)| *n == name && *a == arity) {
            for &(i, added) in goal_args.iter().rev() {
                let mut arg = args[i];
                // `V^Goal` in bagof/3, setof/3 and aggregates: the goal is on the right.
                while let Some(NodeKind::Compound { name, args }) =
                    ast.nodes.get(arg as usize).map(|n| &n.kind)
                {
                    if name == "^" && args.len() == 2 {
                        arg = args[1];
                    } else {
                        break;
                    }
                }
                stack.push((arg, Mode::Goal, added, module.clone()));
            }
        }
    }
    facts
}

/// The predicate of clause term `id` (`Head :- Body` or a fact), as a goal naming it.
pub fn clause_head(text: &str, ast: &Ast, mut id: NodeId) -> Option<Goal> {
    let mut module = None;
    loop {
        let node = ast.nodes.get(id as usize)?;
        match &node.kind {
            NodeKind::Compound { name, args } if (name == ":-" && args.len() == 2) => {
                id = args[0];
            }
            NodeKind::Compound { name, args } if (name == ":" && args.len() == 2) => {
                if let NodeKind::Atom(m) = &ast.node(args[0]).kind {
                    module = Some(m.clone());
                }
                id = args[1];
            }
            NodeKind::Compound { name, args } => {
                return Some(Goal {
                    key: (name.clone(), args.len()),
                    span: name_span(text, name, node.span),
                    module,
                })
            }
            NodeKind::Atom(name) => {
                return Some(Goal {
                    key: (name.clone(), 0),
                    span: name_span(text, name, node.span),
                    module,
                })
            }
            _ => return None,
        }
    }
}
