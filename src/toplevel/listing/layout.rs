//! The layout of a clause as `portray_clause/1` and `listing/1` write it, following SWI-Prolog's
//! rules so that a listing reads the same in both systems: one body goal a line at four spaces,
//! nested conjunctions flattened, `(   ... ;   ... )` blocks for disjunctions and
//! if-then-else with `->  ` and `*-> ` under the bracket, `\+ ` followed by its goal laid out
//! three columns in, a meta-predicate call whose goal argument is a control construct
//! (`findall/3`, `catch/3`, `forall/2`, ...) written one argument a line aligned after its
//! bracket, a goal `{G}` as `{ G }` over lines, and `( ... )` around a goal whose operator
//! binds more loosely than its place allows.
//!
//! Every piece of text is final when it is appended (its variables named, a space after each
//! argument comma), so the column a nested layout aligns to is the real one. Nesting deeper
//! than `MAX_DEPTH` is written on one line, so the layout never recurses without bound.

use super::super::answers::finish;
use crate::machine::write::WriteOpts;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

const MAX_DEPTH: usize = 64;

/// Writes one clause; `names` are the variable names [`finish`] puts in place of the marks.
pub struct Layout<'a> {
    m: &'a mut Machine,
    names: &'a [String],
    out: String,
}

impl<'a> Layout<'a> {
    /// A layout writing with the variable names `names`.
    pub fn new(m: &'a mut Machine, names: &'a [String]) -> Self {
        Layout {
            m,
            names,
            out: String::new(),
        }
    }

    /// The clause `c` as source text ending in `.\n`.
    pub fn clause(mut self, c: Cell) -> String {
        let c = self.m.heap().deref(c);
        let neck = [atom::NECK, atom::DCG]
            .into_iter()
            .find(|&n| self.is(c, n, 2));
        if let Some(neck) = neck {
            let (head, body) = (self.arg(c, 0), self.arg(c, 1));
            if neck == atom::NECK && body == Cell::atom(atom::TRUE) {
                self.pprint(head, 1200, 0);
            } else {
                self.pprint(head, 1199, 0);
                let op = self.m.atoms().name(neck).to_string();
                self.push(&format!(" {op}"));
                self.clause_body(body);
            }
        } else if self.is(c, atom::NECK, 1) || self.is(c, atom::QUERY, 1) {
            let op = if self.is(c, atom::NECK, 1) {
                ":-"
            } else {
                "?-"
            };
            self.push(&format!("{op} "));
            let goal = self.arg(c, 0);
            self.body(goal, 3, false, 1199, 0);
        } else {
            self.body(c, 0, false, 1200, 0);
        }
        self.out.push_str(".\n");
        self.out
    }

    /// A rule's body, four columns in; a body `M:Body` whose goal is a control construct is
    /// written `M:` over a bracketed block, as SWI-Prolog does.
    fn clause_body(&mut self, body: Cell) {
        if self.is(body, atom::COLON, 2) {
            let (module, local) = (self.arg(body, 0), self.arg(body, 1));
            if !self.primitive(local) {
                self.nl_indent(4);
                let q = self.text(module, 1200);
                self.push(&q);
                self.push(":");
                self.nl_indent(4);
                self.push("(   ");
                self.body(local, 8, false, 1200, 0);
                self.nl_indent(4);
                self.push(")");
                return;
            }
        }
        self.body(body, 4, true, 1199, 0);
    }

    /// Goal `g` at column `indent` (after a new line there when `new_line`), at priority `pri`.
    fn body(&mut self, g: Cell, indent: usize, new_line: bool, pri: u32, depth: usize) {
        let g = self.m.heap().deref(g);
        if new_line {
            self.nl_indent(indent);
        }
        if depth > MAX_DEPTH || g.tag() == Tag::Ref {
            return self.pprint(g, pri, depth);
        }
        if self.control(g) {
            self.push("(   ");
            self.or_block(g, indent, depth + 1);
            self.nl_indent(indent);
            self.push(")");
        } else if self.needs_braces(g, pri) {
            self.push("( ");
            self.body(g, indent + 2, false, 1200, depth + 1);
            self.nl_indent(indent);
            self.push(")");
        } else if self.is(g, atom::COMMA, 2) {
            // `(A, B), C` is written as `A, B, C`: the conjunction's shape is not the reader's.
            let (a, rest) = (self.arg(g, 0), self.arg(g, 1));
            if self.is(a, atom::COMMA, 2) {
                let (a1, a2) = (self.arg(a, 0), self.arg(a, 1));
                self.body(a1, indent, false, 999, depth + 1);
                self.push(",");
                let tail = self.m.heap_mut().compound(atom::COMMA, &[a2, rest]);
                self.body(tail, indent, true, 1000, depth + 1);
            } else {
                self.body(a, indent, false, 999, depth + 1);
                self.push(",");
                self.body(rest, indent, true, 1000, depth + 1);
            }
        } else if self.is(g, atom::NOT, 1) {
            self.push("\\+ ");
            let inner = self.arg(g, 0);
            self.body(inner, indent + 3, false, 900, depth + 1);
        } else if let Some(spec) = self.meta_layout(g) {
            self.meta_call(g, &spec, depth);
        } else {
            self.pprint(g, pri, depth);
        }
    }

    /// The inside of a `(   ... )` block whose bracket is at `indent`: branches at
    /// `indent + 4`, each `->`, `*->`, `;` and `|` at `indent`.
    fn or_block(&mut self, g: Cell, indent: usize, depth: usize) {
        let inner = indent + 4;
        let g = self.m.heap().deref(g);
        for (op, text) in [(atom::SEMI, ";   "), (atom::BAR, "|   ")] {
            if self.is(g, op, 2) {
                let (a, b) = (self.arg(g, 0), self.arg(g, 1));
                let a = self.m.heap().deref(a);
                // `If -> Then ; Else` and `If *-> Then ; Else`: the condition's arrow is
                // written at the block's column too.
                let arrow = [(atom::ARROW, "->  "), (atom::SOFT, "*-> ")]
                    .into_iter()
                    .find(|&(o, _)| op == atom::SEMI && self.is(a, o, 2));
                match arrow {
                    Some((_, arrow_text)) => {
                        let (c, t) = (self.arg(a, 0), self.arg(a, 1));
                        self.body(c, inner, false, 1049, depth);
                        self.nl_indent(indent);
                        self.push(arrow_text);
                        self.body(t, inner, false, 1050, depth);
                    }
                    None => self.body(a, inner, false, 1099, depth),
                }
                self.nl_indent(indent);
                self.push(text);
                return self.or_branch(b, indent, 1100, depth);
            }
        }
        for (op, text) in [(atom::ARROW, "->  "), (atom::SOFT, "*-> ")] {
            if self.is(g, op, 2) {
                let (c, t) = (self.arg(g, 0), self.arg(g, 1));
                self.body(c, inner, false, 1049, depth);
                self.nl_indent(indent);
                self.push(text);
                return self.or_branch(t, indent, 1050, depth);
            }
        }
        self.body(g, inner, false, 1200, depth);
    }

    /// A branch after `;   ` (or a `Then` after an arrow): a further disjunction continues the
    /// same block; a construct that binds more loosely than `pri` opens a block of its own.
    fn or_branch(&mut self, g: Cell, indent: usize, pri: u32, depth: usize) {
        let g = self.m.heap().deref(g);
        if depth > MAX_DEPTH {
            return self.pprint(g, pri, depth);
        }
        if self.needs_braces(g, pri) {
            self.push("(   ");
            self.or_block(g, indent + 4, depth + 1);
            self.nl_indent(indent + 4);
            self.push(")");
        } else if self.control(g) {
            self.or_block(g, indent, depth + 1);
        } else {
            self.body(g, indent + 4, false, pri, depth + 1);
        }
    }

    /// The meta-argument specification of goal `g` when one of its goal arguments is a
    /// control construct or a conjunction (`findall(X, (p(X), q(X)), L)`): then the call is
    /// written one argument a line.
    fn meta_layout(&mut self, g: Cell) -> Option<Vec<u8>> {
        let (name, arity) = match g.tag() {
            Tag::Str => {
                let f = self.m.heap().functor_of(g);
                (f.functor_name(), f.functor_arity())
            }
            _ => return None,
        };
        let pid = self.m.lookup_pred(name, arity)?;
        let spec = self.m.meta_spec(pid)?;
        let laid_out = spec.iter().enumerate().any(|(i, s)| {
            let a = self.arg(g, i);
            s.is_ascii_digit() && !self.primitive(a)
        });
        laid_out.then_some(spec)
    }

    /// `name(` and then each argument on a line of its own at the column after the bracket;
    /// goal arguments laid out as bodies.
    fn meta_call(&mut self, g: Cell, spec: &[u8], depth: usize) {
        let name = self.m.heap().functor_of(g).functor_name();
        let head = self.text(Cell::atom(name), 0);
        self.push(&head);
        self.push("(");
        let col = self.column();
        for (i, s) in spec.iter().enumerate() {
            if i > 0 {
                self.push(",");
                self.nl_indent(col);
            }
            let a = self.arg(g, i);
            if s.is_ascii_digit() {
                self.body(a, col, false, 999, depth + 1);
            } else {
                self.pprint(a, 999, depth + 1);
            }
        }
        self.push(")");
    }

    /// A term written at priority `pri`; `{G}` laid out as a body between `{ ` and `}`.
    fn pprint(&mut self, t: Cell, pri: u32, depth: usize) {
        let t = self.m.heap().deref(t);
        if depth <= MAX_DEPTH && self.is(t, atom::CURLY, 1) {
            let col = self.column();
            self.push("{ ");
            let inner = self.arg(t, 0);
            self.body(inner, col + 2, false, 1000, depth + 1);
            self.nl_indent(col);
            self.push("}");
            return;
        }
        let text = self.text(t, pri);
        self.push(&text);
    }

    /// `t` as `writeq` with the names and argument spacing of a listing, in brackets when its
    /// operator binds more loosely than `pri`.
    fn text(&mut self, t: Cell, pri: u32) -> String {
        let opts = WriteOpts {
            quoted: true,
            ignore_ops: false,
            numbervars: true,
            max_depth: 0,
            name_vars: false,
        };
        let t = self.m.heap().deref(t);
        let text = finish(&self.m.write_term_string(t, opts), self.names);
        if t.tag() == Tag::Str && self.op_priority(t).is_some_and(|p| p > pri) {
            format!("({text})")
        } else {
            text
        }
    }

    /// The priority of the operator `t` is written with, if it is an operator term.
    fn op_priority(&self, t: Cell) -> Option<u32> {
        let f = self.m.heap().functor_of(t);
        let name = self.m.atoms().name(f.functor_name());
        let ops = self.m.ops();
        match f.functor_arity() {
            1 => ops.prefix(name).or_else(|| ops.postfix(name)).map(|o| o.0),
            2 => ops.infix(name).map(|o| o.0),
            _ => None,
        }
    }

    /// Whether goal `g` is written in a bracket of its own at priority `pri`: its name is an
    /// operator (of any kind, as SWI-Prolog asks) above `pri`.
    fn needs_braces(&self, g: Cell, pri: u32) -> bool {
        let name = match g.tag() {
            Tag::Str => self.m.heap().functor_of(g).functor_name(),
            Tag::Atom => g.atom_index(),
            _ => return false,
        };
        let name = self.m.atoms().name(name);
        let ops = self.m.ops();
        [ops.prefix(name), ops.infix(name), ops.postfix(name)]
            .into_iter()
            .flatten()
            .any(|o| o.0 > pri)
    }

    /// A disjunction, if-then-else or soft-cut: the constructs written as `(   ... )` blocks.
    fn control(&self, g: Cell) -> bool {
        [atom::SEMI, atom::ARROW, atom::SOFT, atom::BAR]
            .into_iter()
            .any(|op| self.is(g, op, 2))
    }

    /// A goal that is neither a control construct nor a conjunction.
    fn primitive(&self, g: Cell) -> bool {
        let g = self.m.heap().deref(g);
        !(self.control(g) || self.is(g, atom::COMMA, 2))
    }

    fn is(&self, g: Cell, name: u32, arity: usize) -> bool {
        let g = self.m.heap().deref(g);
        g.tag() == Tag::Str && self.m.heap().functor_of(g) == Cell::functor(name, arity)
    }

    fn arg(&self, g: Cell, i: usize) -> Cell {
        let g = self.m.heap().deref(g);
        self.m.heap().deref(self.m.heap().arg(g, i))
    }

    fn push(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn nl_indent(&mut self, n: usize) {
        self.out.push('\n');
        self.out.extend(std::iter::repeat_n(' ', n));
    }

    /// The column the next character goes to, counted in characters.
    fn column(&self) -> usize {
        let line = self.out.rsplit('\n').next().unwrap_or("");
        line.chars().count()
    }
}
