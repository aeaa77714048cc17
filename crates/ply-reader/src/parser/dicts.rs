//! SWI-Prolog 7 dicts as the reader sees them: the literal `Tag{k: V, ...}` and the functional
//! dot `X.key`, `X.put(k, V)` that clause bodies use on them.
//!
//! A dict literal becomes the compound `C'dict'(Tag, V1, K1, V2, K2, ...)`, SWI-Prolog's own
//! layout, with its pairs sorted by key (integers before atoms, atoms by their text), so that two
//! dicts with the same tag and keys unify argument by argument. A dot after a variable, a dict or
//! another dot call, with no layout on either side, becomes `'$dot'(Dict, Function)`, which the
//! loader turns into calls of `./3` placed before the goal, as SWI-Prolog does. A `.` followed by
//! layout stays the end of the clause, so `X = Y.` and `[H|T].` read as they always have.

use super::errors::{err, PResult};
use super::{closed, Done, Frame, Limit, Parser, State, ARG};
use crate::ast::{NodeId, NodeKind};
use crate::lexer::TokKind;

/// The functor name of a dict.
pub const DICT_NAME: &str = "C'dict'";
/// The functor name of an unexpanded functional dot.
pub const DOT_NAME: &str = "$dot";

/// A key as the sort orders keys: integers first, by value, then atoms, by text.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Key<'k> {
    Int(i64),
    Atom(&'k str),
}

impl Parser<'_, '_> {
    /// True when the next token is a `{` touching the tag just read.
    pub(super) fn dict_opens(&mut self) -> PResult<bool> {
        let t = self.peek()?;
        Ok(t.kind == TokKind::OpenCurly && !t.layout_before)
    }

    /// Reads the `{` of a dict whose tag is `tag`: an empty dict is done at once, otherwise its
    /// pairs are read as arguments are.
    pub(super) fn open_dict(&mut self, tag: NodeId, start: usize, limit: Limit) -> PResult<State> {
        self.next()?;
        let p = self.peek()?;
        if p.kind == TokKind::CloseCurly {
            self.next()?;
            let node = self.dict_node(tag, Vec::new(), start, p.span.end)?;
            return Ok(closed(node, start, p.span.end, limit));
        }
        let items = self.arg_list(&[]);
        self.stack.push(Frame::Dict {
            tag,
            start,
            items,
            outer: limit,
        });
        Ok(State::Operand(Limit { max: 999, ctx: ARG }))
    }

    /// Takes one pair of a dict and reads on after its `,` or ends the dict at its `}`.
    pub(super) fn resume_dict(
        &mut self,
        tag: NodeId,
        start: usize,
        mut items: Vec<NodeId>,
        outer: Limit,
        done: Done,
    ) -> PResult<State> {
        items.push(done.node);
        let t = self.next()?;
        match t.kind {
            TokKind::Comma => {
                self.stack.push(Frame::Dict {
                    tag,
                    start,
                    items,
                    outer,
                });
                Ok(State::Operand(Limit { max: 999, ctx: ARG }))
            }
            TokKind::CloseCurly => {
                let node = self.dict_node(tag, items, start, t.span.end)?;
                Ok(closed(node, start, t.span.end, outer))
            }
            _ => Err(self.unexpected(t)),
        }
    }

    /// The dict node for the `Key:Value` terms `items`, sorted by key.
    fn dict_node(
        &mut self,
        tag: NodeId,
        items: Vec<NodeId>,
        start: usize,
        end: usize,
    ) -> PResult<NodeId> {
        let mut pairs: Vec<(NodeId, NodeId)> = Vec::with_capacity(items.len());
        for &item in &items {
            let node = &self.nodes[item as usize];
            let pair = match &node.kind {
                NodeKind::Compound { name, args } if name == ":" && args.len() == 2 => {
                    Some((args[0], args[1]))
                }
                _ => None,
            };
            let key_ok = pair.is_some_and(|(k, _)| {
                matches!(
                    self.nodes[k as usize].kind,
                    NodeKind::Atom(_) | NodeKind::Int(_)
                )
            });
            match pair {
                Some(p) if key_ok => pairs.push(p),
                _ => {
                    return Err(err(
                        node.span,
                        "dict_pair",
                        "a dict holds `Key:Value` pairs whose keys are atoms or small integers",
                    ))
                }
            }
        }
        let nodes = &self.nodes;
        let key = |id: NodeId| match &nodes[id as usize].kind {
            NodeKind::Int(i) => Key::Int(*i),
            NodeKind::Atom(a) => Key::Atom(a.as_str()),
            _ => Key::Int(i64::MIN),
        };
        pairs.sort_by(|a, b| key(a.0).cmp(&key(b.0)));
        if let Some(w) = pairs.windows(2).find(|w| key(w[0].0) == key(w[1].0)) {
            let span = self.nodes[w[1].0 as usize].span;
            return Err(err(
                span,
                "duplicate_key",
                "this key occurs twice in the dict",
            ));
        }
        let mut args = self.arg_list(&[tag]);
        for (k, v) in pairs {
            args.push(v);
            args.push(k);
        }
        self.spare_arg_lists.push(items);
        let name = self.owned(DICT_NAME);
        Ok(self.compound(name, args, start, end))
    }

    /// A functional dot after the term `done`, if one follows: `.` touching both the term and
    /// a key (a name, a variable or an integer) or a method `name(...)`.
    pub(super) fn dict_call(&mut self, done: Done, limit: Limit) -> PResult<Option<State>> {
        let t = self.peek()?;
        if t.kind != TokKind::Name || t.layout_before || done.prio != 0 {
            return Ok(None);
        }
        if self.lx.text(t.span) != "." || !self.dot_target(done.node) {
            return Ok(None);
        }
        let after = self.lx.src()[t.span.end..].chars().next();
        if !after.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            return Ok(None);
        }
        self.next()?;
        let k = self.next()?;
        let key = match k.kind {
            TokKind::Var => {
                let kind = self.var(k.span);
                self.push(kind, k.span.start, k.span.end)
            }
            TokKind::Number => match self.number(k)? {
                kind @ NodeKind::Int(_) => self.push(kind, k.span.start, k.span.end),
                _ => {
                    return Err(err(
                        k.span,
                        "dict_key",
                        "a dict key is an atom or an integer",
                    ))
                }
            },
            TokKind::Name => {
                let name = self.name_text(k)?;
                if self.peek()?.kind == TokKind::OpenCT {
                    self.stack.push(Frame::DotCall {
                        left: done.node,
                        start: done.start,
                        outer: limit,
                    });
                    let inner = Limit { max: 0, ctx: ARG };
                    return self.name_operand(name, true, k.span, inner).map(Some);
                }
                self.push(NodeKind::Atom(name), k.span.start, k.span.end)
            }
            _ => return Err(self.unexpected(k)),
        };
        let node = self.dot_node(done.node, key, done.start, k.span.end);
        Ok(Some(closed(node, done.start, k.span.end, limit)))
    }

    /// The node `'$dot'(left, function)`.
    pub(super) fn dot_node(
        &mut self,
        left: NodeId,
        function: NodeId,
        start: usize,
        end: usize,
    ) -> NodeId {
        let (name, args) = (self.owned(DOT_NAME), self.arg_list(&[left, function]));
        self.compound(name, args, start, end)
    }

    /// Whether a dot after `node` can be a dict call: after a variable, a dict or a dot call.
    fn dot_target(&self, node: NodeId) -> bool {
        match &self.nodes[node as usize].kind {
            NodeKind::Var(_) => true,
            NodeKind::Compound { name, .. } => name == DICT_NAME || name == DOT_NAME,
            _ => false,
        }
    }
}
