//! Which variables of a clause are singletons on some path through its control structure.
//!
//! A variable can occur twice in a clause and still be useless: in
//! `p :- (a(Y) ; b(Y)).` each branch gets a fresh `Y` used once. SWI-Prolog 9's compiler finds
//! these ("Singleton variable in branch: Y", "Singleton variable in \+: Y") and the
//! `_Name` variables that really are shared ("Singleton-marked variable appears more than
//! once"). This module repeats the same flow analysis over the reader's [`Ast`], so that ply
//! warns about exactly the clauses SWI-Prolog warns about: the body is walked in reading order;
//! at each `;` the counts of variables first met in the left branch are set aside while the right
//! branch is walked, and a variable met once in either branch and never again afterwards is a
//! branch singleton; a variable first met inside `\+` and met only once there is a negation
//! singleton. The walk uses an explicit stack, never Rust recursion, so deep clauses are safe.
//! It must not report anything itself: it only returns facts per variable.

use ply_reader::ast::{Ast, NodeId, NodeKind, Span};

/// What the analysis found out about one variable of the clause.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VarFlow {
    /// Occurrences on the path that uses the variable most (the larger branch count at each
    /// `;`), as SWI-Prolog counts them for its multiton check.
    pub times: usize,
    /// A branch singleton: fresh in a branch of `;` and used there only once.
    pub branch_singleton: bool,
    /// The occurrences that made it a branch singleton, in reading order.
    pub branch_spans: Vec<Span>,
    /// A negation singleton: first met inside `\+` and used there only once.
    pub negation_singleton: bool,
    /// The occurrences that made it a negation singleton.
    pub negation_spans: Vec<Span>,
}

/// How a clause is analysed: which parts are goals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClauseShape {
    /// A fact or `Head :- Body`: the body is goals.
    Rule,
    /// `Head --> Body`: the body is grammar rule bodies, where `{}/1` holds goals.
    Grammar,
}

/// Per-variable facts while walking, including what is set aside for a pending `;`.
#[derive(Clone, Debug, Default)]
struct Flags {
    branch: bool,
    branch_spans: Vec<Span>,
    negation: bool,
    negation_spans: Vec<Span>,
}

impl Flags {
    fn merge(&mut self, other: Flags) {
        self.branch |= other.branch;
        self.branch_spans.extend(other.branch_spans);
        self.negation |= other.negation;
        self.negation_spans.extend(other.negation_spans);
    }
}

#[derive(Clone, Debug, Default)]
struct VarState {
    times: usize,
    flags: Flags,
    /// Occurrences since the count was last set aside; they become the labels.
    recent: Vec<Span>,
}

/// A variable first met (or met again after its count was set aside) inside a `;` or `\+`.
#[derive(Clone, Debug)]
struct BranchEntry {
    var: usize,
    saved_times: usize,
    saved_flags: Flags,
    saved_recent: Vec<Span>,
}

enum Step {
    Visit {
        node: NodeId,
        control: bool,
    },
    AfterLeft {
        right: NodeId,
        start: usize,
        control: bool,
        outer: bool,
    },
    AfterRight {
        start: usize,
        outer: bool,
    },
    AfterNegation {
        start: usize,
        outer: bool,
    },
}

/// True for the functors whose arguments SWI-Prolog compiles as goals rather than as data.
fn is_control(name: &str, arity: usize, shape: ClauseShape) -> bool {
    matches!(
        (name, arity),
        (",", 2)
            | (";", 2)
            | ("|", 2)
            | ("->", 2)
            | ("*->", 2)
            | ("\\+", 1)
            | (":", 2)
            | ("$", 1)
            | ("@", 2)
    ) || (shape == ClauseShape::Grammar && name == "{}" && arity == 1)
}

/// Analyse the clause with head `head` and optional body `body`; returns one [`VarFlow`] per
/// entry of `ast.vars`, in the same order.
pub fn analyse(ast: &Ast, head: NodeId, body: Option<NodeId>, shape: ClauseShape) -> Vec<VarFlow> {
    let mut vars = vec![VarState::default(); ast.vars.len()];
    let mut entries: Vec<BranchEntry> = Vec::new();
    let mut in_branch = false;
    let mut occurrence_seen = vec![0usize; ast.vars.len()];

    let mut stack: Vec<Step> = Vec::new();
    if let Some(body) = body {
        stack.push(Step::Visit {
            node: body,
            control: true,
        });
    }
    stack.push(Step::Visit {
        node: head,
        control: false,
    });

    while let Some(step) = stack.pop() {
        match step {
            Step::Visit { node, control } => {
                let Some(n) = ast.nodes.get(node as usize) else {
                    continue;
                };
                match &n.kind {
                    NodeKind::Var(index) => {
                        let i = *index as usize;
                        let Some(v) = vars.get_mut(i) else {
                            continue;
                        };
                        // The node's own span is the occurrence; fall back to counting if a
                        // reader ever gives a variable node a different span.
                        let span = if ast.vars[i].occurrences.contains(&n.span) {
                            n.span
                        } else {
                            let k = occurrence_seen[i]
                                .min(ast.vars[i].occurrences.len().saturating_sub(1));
                            ast.vars[i].occurrences.get(k).copied().unwrap_or(n.span)
                        };
                        occurrence_seen[i] += 1;
                        v.recent.push(span);
                        if v.times == 0 {
                            v.times = 1;
                            if in_branch {
                                entries.push(BranchEntry {
                                    var: i,
                                    saved_times: 0,
                                    saved_flags: Flags::default(),
                                    saved_recent: Vec::new(),
                                });
                            }
                        } else {
                            v.times += 1;
                            // Used again after the branch: not a branch singleton after all.
                            v.flags.branch = false;
                            v.flags.branch_spans.clear();
                        }
                    }
                    NodeKind::Compound { name, args } => {
                        if control && name == ";" && args.len() == 2 {
                            let outer = in_branch;
                            in_branch = true;
                            stack.push(Step::AfterLeft {
                                right: args[1],
                                start: entries.len(),
                                control,
                                outer,
                            });
                            stack.push(Step::Visit {
                                node: args[0],
                                control,
                            });
                        } else if control && name == "\\+" && args.len() == 1 {
                            let outer = in_branch;
                            in_branch = true;
                            stack.push(Step::AfterNegation {
                                start: entries.len(),
                                outer,
                            });
                            stack.push(Step::Visit {
                                node: args[0],
                                control,
                            });
                        } else {
                            let control = control && is_control(name, args.len(), shape);
                            for &arg in args.iter().rev() {
                                stack.push(Step::Visit { node: arg, control });
                            }
                        }
                    }
                    _ => {}
                }
            }
            Step::AfterLeft {
                right,
                start,
                control,
                outer,
            } => {
                for e in entries.iter_mut().skip(start) {
                    let v = &mut vars[e.var];
                    e.saved_times = v.times;
                    e.saved_flags = std::mem::take(&mut v.flags);
                    e.saved_recent = std::mem::take(&mut v.recent);
                    v.times = 0;
                }
                stack.push(Step::AfterRight { start, outer });
                stack.push(Step::Visit {
                    node: right,
                    control,
                });
            }
            Step::AfterRight { start, outer } => {
                for e in entries.iter_mut().skip(start) {
                    let v = &mut vars[e.var];
                    if e.saved_times == 1 || v.times == 1 {
                        v.flags.branch = true;
                        if e.saved_times == 1 {
                            v.flags.branch_spans.extend(e.saved_recent.iter().copied());
                        }
                        if v.times == 1 {
                            v.flags.branch_spans.extend(v.recent.iter().copied());
                        }
                    }
                    v.times = v.times.max(e.saved_times);
                    v.flags.merge(std::mem::take(&mut e.saved_flags));
                    let mut recent = std::mem::take(&mut e.saved_recent);
                    recent.append(&mut v.recent);
                    v.recent = recent;
                    e.saved_times = 0;
                }
                if !outer {
                    entries.clear();
                    in_branch = false;
                }
            }
            Step::AfterNegation { start, outer } => {
                for e in entries.iter().skip(start) {
                    let v = &mut vars[e.var];
                    if v.times == 1 {
                        v.flags.negation = true;
                        v.flags.negation_spans.extend(v.recent.iter().copied());
                    }
                }
                if outer {
                    entries.truncate(start);
                } else {
                    entries.clear();
                    in_branch = false;
                }
            }
        }
    }

    vars.into_iter()
        .map(|v| {
            let mut branch_spans = v.flags.branch_spans;
            branch_spans.sort_by_key(|s| (s.start, s.end));
            branch_spans.dedup();
            let mut negation_spans = v.flags.negation_spans;
            negation_spans.sort_by_key(|s| (s.start, s.end));
            negation_spans.dedup();
            VarFlow {
                times: v.times,
                branch_singleton: v.flags.branch,
                branch_spans,
                negation_singleton: v.flags.negation,
                negation_spans,
            }
        })
        .collect()
}
