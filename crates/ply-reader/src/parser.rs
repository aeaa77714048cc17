//! The operator-precedence parser: tokens of one clause to an [`Ast`].
//!
//! It is the usual "parse a term of at most priority N" reader, with the recursion turned into an
//! explicit stack of pending constructs (an operator waiting for its right argument, an argument
//! list, a list, a bracket), so that a term nested a million levels deep needs heap, not Rust
//! stack. The operator table is consulted at every name, so `op/3` changes made between clauses
//! take effect. It must never call itself recursively on the depth of the term.

use ply_term::FastMap;
mod dicts;
mod errors;
mod leaves;
mod prefix;
mod spares;
pub(crate) use spares::recycle;

use super::ast::{Ast, Node, NodeId, NodeKind, Span, VarInfo};
use super::lexer::{Lexer, TokKind, Token};
use super::number::negate;
use super::ops::{OpTable, OpType};
use super::quote::atom_needs_quotes;
use super::ReadFlags;
use errors::{clash, err, lex_error, PResult};

/// What ends a term besides priority: inside argument lists a `,` does, inside lists also `|`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ctx {
    comma_ends: bool,
    bar_ends: bool,
}

const TOP: Ctx = Ctx {
    comma_ends: false,
    bar_ends: false,
};
const ARG: Ctx = Ctx {
    comma_ends: true,
    bar_ends: false,
};
const LIST: Ctx = Ctx {
    comma_ends: true,
    bar_ends: true,
};

/// The highest priority an argument or list element may have.
///
/// ISO says 999; like SWI-Prolog we accept up to 1200 (`assert(a :- b)`), which changes nothing
/// for text that ISO accepts because `,` (and `|` in lists) still end the argument.
const ARG_MAX: u32 = 1200;

/// The limits of one "term of priority at most `max`" parse.
#[derive(Clone, Copy, Debug)]
struct Limit {
    max: u32,
    ctx: Ctx,
}

/// A complete term and the text it spans, brackets included.
#[derive(Clone, Copy, Debug)]
struct Done {
    node: NodeId,
    prio: u32,
    start: usize,
    end: usize,
}

/// A construct waiting for the term being parsed, with the limits of the parse it belongs to.
enum Frame {
    Prefix {
        name: String,
        start: usize,
        prio: u32,
        outer: Limit,
    },
    Infix {
        name: String,
        left: NodeId,
        start: usize,
        prio: u32,
        outer: Limit,
    },
    Args {
        name: String,
        start: usize,
        args: Vec<NodeId>,
        outer: Limit,
    },
    List {
        start: usize,
        items: Vec<NodeId>,
        outer: Limit,
    },
    ListTail {
        start: usize,
        items: Vec<NodeId>,
        outer: Limit,
    },
    Paren {
        start: usize,
        outer: Limit,
    },
    Curly {
        start: usize,
        outer: Limit,
    },
    /// A dict `Tag{...}` whose key-value pairs are being read.
    Dict {
        tag: NodeId,
        start: usize,
        items: Vec<NodeId>,
        outer: Limit,
    },
    /// A dict call `X.name(...)` waiting for its method term.
    DotCall {
        left: NodeId,
        start: usize,
        outer: Limit,
    },
}

/// Where the parser is: about to read an operand, or holding one and looking for an operator.
enum State {
    Operand(Limit),
    Operator(Done, Limit),
}

/// Reads one clause from a lexer positioned at its start.
pub(crate) struct Parser<'a, 'o> {
    lx: Lexer<'a>,
    ops: &'o OpTable,
    flags: ReadFlags,
    nodes: Vec<Node>,
    vars: Vec<VarInfo>,
    var_ids: FastMap<&'a str, u32>,
    /// Strings to fill with names rather than allocate (see `spares.rs`).
    spare_names: Vec<String>,
    /// Vectors to fill with arguments rather than allocate.
    spare_arg_lists: Vec<Vec<NodeId>>,
    stack: Vec<Frame>,
    clause_start: Option<usize>,
}

impl<'a, 'o> Parser<'a, 'o> {
    /// A parser reading from `lx`.
    pub fn new(lx: Lexer<'a>, ops: &'o OpTable, flags: ReadFlags) -> Self {
        let spare = spares::take();
        Parser {
            lx,
            ops,
            flags,
            nodes: spare.nodes,
            vars: spare.vars,
            spare_names: spare.names,
            spare_arg_lists: spare.arg_lists,
            var_ids: FastMap::default(),
            stack: spare.stack,
            clause_start: None,
        }
    }

    /// The lexer, for skipping past a bad clause after an error.
    pub fn into_lexer(self) -> Lexer<'a> {
        self.lx
    }

    /// True if the next token is the end of the input (only layout and comments remain).
    pub fn at_eof(&mut self) -> bool {
        matches!(
            self.lx.peek(),
            Ok(Token {
                kind: TokKind::Eof,
                ..
            })
        )
    }

    /// Reads one clause up to and including its end token. A clause that goes wrong after a
    /// quoted text ran past its line is named at that quote (the likely cause, a missing
    /// closing quote, swallowed the lines after it), and reading goes on after its line; the
    /// error's kind stays the one the reader met.
    pub fn read_clause(&mut self) -> PResult<(Ast, usize)> {
        self.read_clause_as_written().map_err(|mut e| {
            if let Some(q) = self.lx.first_multiline() {
                if e.kind != "end_of_file_in_quoted" && e.span.start > q {
                    e.help = Some(format!(
                        "if the quote is not closed on this line, close it; {} comes after it",
                        e.message
                    ));
                    e.message = "the quoted text that starts here runs on past its line, \
                                 and the clause goes wrong after it"
                        .to_owned();
                    e.span = Span::new(q, q + 1);
                    e.resume = Some(self.lx.line_end(q));
                    e.label = Some("quoted text opened here");
                }
            }
            e
        })
    }

    fn read_clause_as_written(&mut self) -> PResult<(Ast, usize)> {
        let mut state = State::Operand(Limit {
            max: 1200,
            ctx: TOP,
        });
        loop {
            state = match state {
                State::Operand(limit) => self.operand(limit)?,
                State::Operator(done, limit) => match self.operator(done, limit)? {
                    Some(next) => next,
                    None => match self.stack.pop() {
                        Some(frame) => self.resume(frame, done)?,
                        None => return self.finish(done),
                    },
                },
            };
        }
    }

    fn finish(&mut self, done: Done) -> PResult<(Ast, usize)> {
        let t = self.next()?;
        if t.kind != TokKind::End {
            return Err(self.unexpected(t));
        }
        let start = self.clause_start.unwrap_or(done.start);
        self.give_back_spares();
        let ast = Ast {
            nodes: std::mem::take(&mut self.nodes),
            root: done.node,
            vars: std::mem::take(&mut self.vars),
            span: Span::new(start, t.span.end),
        };
        Ok((ast, t.span.end))
    }

    fn next(&mut self) -> PResult<Token> {
        let t = self.lx.next_token().map_err(lex_error)?;
        self.clause_start.get_or_insert(t.span.start);
        Ok(t)
    }

    fn peek(&mut self) -> PResult<Token> {
        self.lx.peek().map_err(lex_error)
    }

    fn push(&mut self, kind: NodeKind, start: usize, end: usize) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node {
            kind,
            span: Span::new(start, end),
        });
        id
    }

    fn compound(&mut self, name: String, args: Vec<NodeId>, start: usize, end: usize) -> NodeId {
        self.push(NodeKind::Compound { name, args }, start, end)
    }

    /// Reads an operand: a primary term, or a prefix operator whose argument follows.
    fn operand(&mut self, limit: Limit) -> PResult<State> {
        let t = self.next()?;
        let (s, e) = (t.span.start, t.span.end);
        let atomic = |p: &mut Self, kind: NodeKind| {
            let node = p.push(kind, s, e);
            Ok(State::Operator(
                Done {
                    node,
                    prio: 0,
                    start: s,
                    end: e,
                },
                limit,
            ))
        };
        match t.kind {
            TokKind::Var => {
                let kind = self.var(t.span);
                if self.dict_opens()? {
                    let tag = self.push(kind, s, e);
                    return self.open_dict(tag, s, limit);
                }
                atomic(self, kind)
            }
            TokKind::Number => {
                let kind = self.number(t)?;
                atomic(self, kind)
            }
            TokKind::DoubleQuoted | TokKind::BackQuoted => {
                let (quote, mode) = if t.kind == TokKind::DoubleQuoted {
                    ('"', self.flags.double_quotes)
                } else {
                    ('`', self.flags.back_quotes)
                };
                let text = self.unquoted(t, quote)?;
                let node = self.quoted_text(text, mode, t.span);
                Ok(State::Operator(
                    Done {
                        node,
                        prio: 0,
                        start: s,
                        end: e,
                    },
                    limit,
                ))
            }
            TokKind::Open | TokKind::OpenCT => {
                self.stack.push(Frame::Paren {
                    start: s,
                    outer: limit,
                });
                Ok(State::Operand(Limit {
                    max: 1200,
                    ctx: TOP,
                }))
            }
            TokKind::OpenList | TokKind::OpenCurly => {
                let (close, name) = if t.kind == TokKind::OpenList {
                    (TokKind::CloseList, "[]")
                } else {
                    (TokKind::CloseCurly, "{}")
                };
                let p = self.peek()?;
                if p.kind == close {
                    self.next()?;
                    let name = self.owned(name);
                    return self.name_operand(name, false, Span::new(s, p.span.end), limit);
                }
                if t.kind == TokKind::OpenList {
                    let items = self.arg_list(&[]);
                    self.stack.push(Frame::List {
                        start: s,
                        items,
                        outer: limit,
                    });
                    Ok(State::Operand(Limit {
                        max: ARG_MAX,
                        ctx: LIST,
                    }))
                } else {
                    self.stack.push(Frame::Curly {
                        start: s,
                        outer: limit,
                    });
                    Ok(State::Operand(Limit {
                        max: 1200,
                        ctx: TOP,
                    }))
                }
            }
            TokKind::Name | TokKind::QuotedName => {
                let name = self.name_text(t)?;
                if t.kind == TokKind::Name
                    && name.starts_with(|c: char| c.is_lowercase())
                    && self.dict_opens()?
                {
                    let tag = self.push(NodeKind::Atom(name), s, e);
                    return self.open_dict(tag, s, limit);
                }
                self.name_operand(name, t.kind == TokKind::Name, t.span, limit)
            }
            TokKind::Comma | TokKind::Bar => Err(err(
                t.span,
                "quoted_punctuation",
                format!(
                    "`{}` cannot start a term; write it quoted to use it as an atom",
                    self.lx.text(t.span)
                ),
            )),
            TokKind::End => {
                let kind = match self.stack.last() {
                    Some(Frame::Prefix { .. } | Frame::Infix { .. }) => "operator_balance",
                    None => "end_of_clause",
                    Some(_) => "cannot_start_term",
                };
                let mut e = err(t.span, kind, "the clause ends where a term was expected");
                e.resume = Some(t.span.end);
                Err(e)
            }
            TokKind::Eof => Err(self.unexpected(t)),
            TokKind::Close | TokKind::CloseList | TokKind::CloseCurly => Err(err(
                t.span,
                "cannot_start_term",
                format!("expected a term, found `{}`", self.lx.text(t.span)),
            )),
        }
    }

    /// An operand that is a name: a compound in functional notation, a negative number, a prefix
    /// operator applied to what follows, or an atom.
    fn name_operand(
        &mut self,
        name: String,
        unquoted: bool,
        span: Span,
        limit: Limit,
    ) -> PResult<State> {
        let next = self.peek()?;
        if next.kind == TokKind::OpenCT {
            self.next()?;
            let args = self.arg_list(&[]);
            // SWI-Prolog 7 reads `name()` as a compound with no arguments, distinct from the
            // atom `name`; a program written for it uses such terms, so they read the same here.
            let close = self.peek()?;
            if close.kind == TokKind::Close {
                self.next()?;
                let node = self.compound(name, args, span.start, close.span.end);
                return Ok(closed(node, span.start, close.span.end, limit));
            }
            self.stack.push(Frame::Args {
                name,
                start: span.start,
                args,
                outer: limit,
            });
            return Ok(State::Operand(Limit {
                max: ARG_MAX,
                ctx: ARG,
            }));
        }
        if unquoted && name == "-" && next.kind == TokKind::Number && !next.layout_before {
            self.next()?;
            let kind = negate(self.number(next)?);
            let node = self.push(kind, span.start, next.span.end);
            return Ok(State::Operator(
                Done {
                    node,
                    prio: 0,
                    start: span.start,
                    end: next.span.end,
                },
                limit,
            ));
        }
        // Like SWI-Prolog, a quoted name that would read the same unquoted is not a prefix
        // operator: `'-'(1)` and `'-' 1` differ. One that needs its quotes is (`' op' a`).
        let prefix = if unquoted || quoted_operator(&name) {
            self.ops.prefix(&name)
        } else {
            None
        };
        if let Some((prio, typ)) = prefix {
            if !self.prefix_stands_alone(next)? || self.prefix_applies_to_name(next, prio, typ)? {
                if prio > limit.max {
                    return Err(err(
                        span,
                        "operator_clash",
                        format!(
                            "prefix operator `{name}` has priority {prio}, more than the {} allowed here",
                            limit.max
                        ),
                    )
                    .with_help("put the operator term in parentheses"));
                }
                let arg_max = if typ == OpType::Fy { prio } else { prio - 1 };
                self.stack.push(Frame::Prefix {
                    name,
                    start: span.start,
                    prio,
                    outer: limit,
                });
                return Ok(State::Operand(Limit {
                    max: arg_max,
                    ctx: limit.ctx,
                }));
            }
        }
        // An operator standing as an atom gets priority 0, as SWI-Prolog reads `X = (:-)`
        // and also `X == -`.
        let node = self.push(NodeKind::Atom(name), span.start, span.end);
        Ok(State::Operator(
            Done {
                node,
                prio: 0,
                start: span.start,
                end: span.end,
            },
            limit,
        ))
    }

    /// With a complete term in hand, takes an infix or postfix operator that fits, or returns
    /// `None` when the term is finished at this level.
    fn operator(&mut self, done: Done, limit: Limit) -> PResult<Option<State>> {
        if let Some(state) = self.dict_call(done, limit)? {
            return Ok(Some(state));
        }
        let t = self.peek()?;
        let name = match t.kind {
            TokKind::Name => self.owned(self.lx.text(t.span)),
            TokKind::QuotedName => {
                let n = self.name_text(t)?;
                if !quoted_operator(&n) {
                    return Ok(None);
                }
                n
            }
            TokKind::Comma if !limit.ctx.comma_ends => self.owned(","),
            TokKind::Bar if !limit.ctx.bar_ends => self.owned("|"),
            _ => return Ok(None),
        };
        // A name that is both an infix and a postfix operator (`op(10, xf, /)` beside `a/b`)
        // is postfix where no operand can follow it, as in SWI-Prolog.
        let infix = match self.ops.infix(&name) {
            Some(def) if self.ops.postfix(&name).is_some() => {
                let after = self.lx.peek_second().map_err(lex_error)?;
                (!self.prefix_stands_alone(after)?).then_some(def)
            }
            def => def,
        };
        if let Some((prio, typ)) = infix {
            let (left_max, right_max) = match typ {
                OpType::Xfy => (prio - 1, prio),
                OpType::Yfx => (prio, prio - 1),
                _ => (prio - 1, prio - 1),
            };
            if prio > limit.max {
                return Ok(None);
            }
            if done.prio > left_max {
                return Err(clash(t.span, &name, prio, typ));
            }
            self.next()?;
            self.stack.push(Frame::Infix {
                name,
                left: done.node,
                start: done.start,
                prio,
                outer: limit,
            });
            return Ok(Some(State::Operand(Limit {
                max: right_max,
                ctx: limit.ctx,
            })));
        }
        if let Some((prio, typ)) = self.ops.postfix(&name) {
            let left_max = if typ == OpType::Yf { prio } else { prio - 1 };
            if prio > limit.max {
                return Ok(None);
            }
            if done.prio > left_max {
                return Err(clash(t.span, &name, prio, typ));
            }
            self.next()?;
            let args = self.arg_list(&[done.node]);
            let node = self.compound(name, args, done.start, t.span.end);
            return Ok(Some(State::Operator(
                Done {
                    node,
                    prio,
                    start: done.start,
                    end: t.span.end,
                },
                limit,
            )));
        }
        Ok(None)
    }

    /// Hands a finished term to the construct that was waiting for it.
    fn resume(&mut self, frame: Frame, done: Done) -> PResult<State> {
        match frame {
            Frame::Prefix {
                name,
                start,
                prio,
                outer,
            } => {
                let args = self.arg_list(&[done.node]);
                let node = self.compound(name, args, start, done.end);
                Ok(State::Operator(
                    Done {
                        node,
                        prio,
                        start,
                        end: done.end,
                    },
                    outer,
                ))
            }
            Frame::Infix {
                name,
                left,
                start,
                prio,
                outer,
            } => {
                let args = self.arg_list(&[left, done.node]);
                let node = self.compound(name, args, start, done.end);
                Ok(State::Operator(
                    Done {
                        node,
                        prio,
                        start,
                        end: done.end,
                    },
                    outer,
                ))
            }
            Frame::Args {
                name,
                start,
                mut args,
                outer,
            } => {
                args.push(done.node);
                let t = self.next()?;
                match t.kind {
                    TokKind::Comma => {
                        self.stack.push(Frame::Args {
                            name,
                            start,
                            args,
                            outer,
                        });
                        Ok(State::Operand(Limit {
                            max: ARG_MAX,
                            ctx: ARG,
                        }))
                    }
                    TokKind::Close => {
                        let node = self.compound(name, args, start, t.span.end);
                        Ok(closed(node, start, t.span.end, outer))
                    }
                    _ => Err(self.unexpected(t)),
                }
            }
            Frame::List {
                start,
                mut items,
                outer,
            } => {
                items.push(done.node);
                let t = self.next()?;
                match t.kind {
                    TokKind::Comma => {
                        self.stack.push(Frame::List {
                            start,
                            items,
                            outer,
                        });
                        Ok(State::Operand(Limit {
                            max: ARG_MAX,
                            ctx: LIST,
                        }))
                    }
                    TokKind::Bar => {
                        self.stack.push(Frame::ListTail {
                            start,
                            items,
                            outer,
                        });
                        Ok(State::Operand(Limit {
                            max: ARG_MAX,
                            ctx: LIST,
                        }))
                    }
                    TokKind::CloseList => {
                        let nil = self.owned("[]");
                        let nil = self.push(NodeKind::Atom(nil), t.span.start, t.span.end);
                        let node = self.list(items, nil, start, t.span.end);
                        Ok(closed(node, start, t.span.end, outer))
                    }
                    _ => Err(self.unexpected(t)),
                }
            }
            Frame::ListTail {
                start,
                items,
                outer,
            } => {
                let t = self.next()?;
                match t.kind {
                    TokKind::CloseList => {
                        let node = self.list(items, done.node, start, t.span.end);
                        Ok(closed(node, start, t.span.end, outer))
                    }
                    TokKind::Comma | TokKind::Bar => Err(err(
                        t.span,
                        "list_rest",
                        format!(
                            "unexpected `{}` after the tail of a list",
                            self.lx.text(t.span)
                        ),
                    )
                    .with_help("a list has one tail after `|`; close it with `]`")),
                    _ => Err(self.unexpected(t)),
                }
            }
            Frame::Paren { start, outer } => {
                let t = self.next()?;
                if t.kind != TokKind::Close {
                    return Err(self.unexpected(t));
                }
                Ok(closed(done.node, start, t.span.end, outer))
            }
            Frame::Curly { start, outer } => {
                let t = self.next()?;
                if t.kind != TokKind::CloseCurly {
                    return Err(self.unexpected(t));
                }
                let (name, args) = (self.owned("{}"), self.arg_list(&[done.node]));
                let node = self.compound(name, args, start, t.span.end);
                Ok(closed(node, start, t.span.end, outer))
            }
            Frame::Dict {
                tag,
                start,
                items,
                outer,
            } => self.resume_dict(tag, start, items, outer, done),
            Frame::DotCall { left, start, outer } => {
                let node = self.dot_node(left, done.node, start, done.end);
                Ok(closed(node, start, done.end, outer))
            }
        }
    }

    /// Builds `'.'(x1, '.'(x2, ... tail))` from the last element backwards.
    fn list(&mut self, items: Vec<NodeId>, tail: NodeId, start: usize, end: usize) -> NodeId {
        let mut acc = tail;
        for (i, &item) in items.iter().enumerate().rev() {
            let s = if i == 0 {
                start
            } else {
                self.nodes[item as usize].span.start
            };
            let (name, args) = (self.owned("."), self.arg_list(&[item, acc]));
            acc = self.compound(name, args, s, end);
        }
        self.spare_arg_lists.push(items);
        acc
    }
}

/// Whether a quoted name can act as an operator. ISO lets every quoted name do so; SWI-Prolog,
/// followed here, reads a quoted name that would read the same without its quotes as a plain
/// atom (`'-' 1` is not `-(1)`), and lets the others act as operators (`','`, `'|'`, and names
/// such as `'x y'` declared with op/3).
fn quoted_operator(name: &str) -> bool {
    atom_needs_quotes(name)
}

/// The state after a bracketed term: priority 0, spanning its brackets.
fn closed(node: NodeId, start: usize, end: usize, outer: Limit) -> State {
    State::Operator(
        Done {
            node,
            prio: 0,
            start,
            end,
        },
        outer,
    )
}
