//! Hand-built clauses for the lint tests, since the reader's parser lives elsewhere.
//!
//! A clause is written as a small Rust term ([`T`]) and turned into the reader's [`Ast`] in one
//! of two ways: by writing it out as text (operators infix, every operator term in brackets) and
//! recording the spans as it goes, or by finding its tokens one after another in a given source
//! text, so that spans point into a real file such as the textbook figure. This is test code
//! only and must never be used as a parser.

use ply_reader::ast::{Ast, Node, NodeId, NodeKind, Span, VarInfo};

/// A term to build.
#[derive(Clone, Debug)]
pub enum T {
    /// A variable (`_` is a fresh one at each occurrence).
    V(String),
    /// An atom.
    A(String),
    /// An integer.
    I(i64),
    /// A compound.
    C(String, Vec<T>),
}

/// A variable.
pub fn v(name: &str) -> T {
    T::V(name.to_string())
}

/// An atom.
pub fn a(name: &str) -> T {
    T::A(name.to_string())
}

/// An integer.
pub fn i(value: i64) -> T {
    T::I(value)
}

/// A compound.
pub fn c(name: &str, args: Vec<T>) -> T {
    T::C(name.to_string(), args)
}

/// `(A , B)`.
pub fn and(x: T, y: T) -> T {
    c(",", vec![x, y])
}

/// Goals joined by `,`, right-nested as the reader nests them.
pub fn all(mut goals: Vec<T>) -> T {
    let mut acc = goals.pop().expect("at least one goal");
    while let Some(g) = goals.pop() {
        acc = and(g, acc);
    }
    acc
}

/// `(A ; B)`.
pub fn or(x: T, y: T) -> T {
    c(";", vec![x, y])
}

/// `(If -> Then ; Else)`.
pub fn ite(cond: T, then: T, otherwise: T) -> T {
    or(c("->", vec![cond, then]), otherwise)
}

/// `\+ G`.
pub fn not(g: T) -> T {
    c("\\+", vec![g])
}

/// A clause with its text.
pub struct Built {
    /// The clause as written (or the whole source it was located in).
    pub text: String,
    /// The clause as the reader would return it.
    pub ast: Ast,
}

const INFIX: &[&str] = &[
    ":-", "-->", ";", "|", "->", "*->", ",", "=", "==", "\\==", ">", "<", "=<", ">=", "is", ":",
    "+", "-", "=..",
];

/// `Head :- Body.`
pub fn rule(head: T, body: T) -> Built {
    write(&c(":-", vec![head, body]))
}

/// `Head.`
pub fn fact(head: T) -> Built {
    write(&head)
}

/// `Head --> Body.`
pub fn grammar(head: T, body: T) -> Built {
    write(&c("-->", vec![head, body]))
}

/// `:- Body.`
pub fn directive(body: T) -> Built {
    write(&c(":-", vec![body]))
}

/// The term written as text, with spans.
pub fn write(term: &T) -> Built {
    let mut b = Builder {
        text: String::new(),
        locate: false,
        cursor: 0,
        ast: Ast::default(),
    };
    let root = b.term(term, true);
    b.text.push('.');
    b.ast.root = root;
    b.ast.span = Span::new(0, b.text.len());
    Built {
        text: b.text,
        ast: b.ast,
    }
}

/// The term located token by token in `source`, starting at byte `from`.
pub fn locate(source: &str, from: usize, term: &T) -> Built {
    let mut b = Builder {
        text: source.to_string(),
        locate: true,
        cursor: from,
        ast: Ast::default(),
    };
    let root = b.term(term, true);
    b.ast.root = root;
    let root_span = b.ast.nodes[root as usize].span;
    b.ast.span = Span::new(root_span.start, root_span.end + 1);
    Built {
        text: b.text,
        ast: b.ast,
    }
}

struct Builder {
    text: String,
    locate: bool,
    cursor: usize,
    ast: Ast,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

impl Builder {
    /// Write or find `token`; returns its span.
    fn token(&mut self, token: &str) -> Span {
        if !self.locate {
            let start = self.text.len();
            self.text.push_str(token);
            return Span::new(start, self.text.len());
        }
        let mut from = self.cursor;
        loop {
            let at = from
                + self.text[from..]
                    .find(token)
                    .unwrap_or_else(|| panic!("token {token:?} not found"));
            let end = at + token.len();
            let before = self.text[..at].chars().next_back();
            let after = self.text[end..].chars().next();
            let word = token.chars().all(is_word_char);
            if !word || (!before.is_some_and(is_word_char) && !after.is_some_and(is_word_char)) {
                self.cursor = end;
                return Span::new(at, end);
            }
            from = end;
        }
    }

    /// Punctuation and layout: written, or skipped when locating.
    fn punct(&mut self, text: &str) {
        if !self.locate {
            self.text.push_str(text);
        }
    }

    fn push(&mut self, kind: NodeKind, span: Span) -> NodeId {
        self.ast.nodes.push(Node { kind, span });
        (self.ast.nodes.len() - 1) as NodeId
    }

    fn term(&mut self, term: &T, top: bool) -> NodeId {
        match term {
            T::V(name) => {
                let span = self.token(name);
                let index = match self
                    .ast
                    .vars
                    .iter()
                    .position(|v| v.name == *name && name != "_")
                {
                    Some(i) => i,
                    None => {
                        self.ast.vars.push(VarInfo {
                            name: name.clone(),
                            occurrences: Vec::new(),
                        });
                        self.ast.vars.len() - 1
                    }
                };
                self.ast.vars[index].occurrences.push(span);
                self.push(NodeKind::Var(index as u32), span)
            }
            T::A(name) => {
                let span = self.token(name);
                self.push(NodeKind::Atom(name.clone()), span)
            }
            T::I(value) => {
                let span = self.token(&value.to_string());
                self.push(NodeKind::Int(*value), span)
            }
            T::C(name, args) if args.len() == 2 && INFIX.contains(&name.as_str()) => {
                let start = if self.locate {
                    usize::MAX
                } else {
                    self.text.len()
                };
                if !top {
                    self.punct("(");
                }
                let left = self.term(&args[0], false);
                if name == "," {
                    self.punct("");
                    self.token(",");
                    self.punct(" ");
                } else {
                    self.punct(" ");
                    self.token(name);
                    self.punct(" ");
                }
                let right = self.term(&args[1], false);
                if !top {
                    self.punct(")");
                }
                let (s, e) = if self.locate {
                    (
                        self.ast.nodes[left as usize].span.start,
                        self.ast.nodes[right as usize].span.end,
                    )
                } else {
                    (start, self.text.len())
                };
                self.push(
                    NodeKind::Compound {
                        name: name.clone(),
                        args: vec![left, right],
                    },
                    Span::new(s, e),
                )
            }
            T::C(name, args) if args.len() == 1 && (name == "\\+" || (name == ":-" && top)) => {
                let op = self.token(name);
                self.punct(" ");
                let arg = self.term(&args[0], false);
                let end = self.ast.nodes[arg as usize].span.end;
                self.push(
                    NodeKind::Compound {
                        name: name.clone(),
                        args: vec![arg],
                    },
                    Span::new(op.start, end),
                )
            }
            T::C(name, args) if name == "{}" && args.len() == 1 => {
                let open = self.token("{");
                let arg = self.term(&args[0], true);
                let close = self.token("}");
                self.push(
                    NodeKind::Compound {
                        name: name.clone(),
                        args: vec![arg],
                    },
                    Span::new(open.start, close.end),
                )
            }
            T::C(name, args) => {
                let functor = self.token(name);
                self.punct("(");
                let mut ids = Vec::new();
                for (k, arg) in args.iter().enumerate() {
                    if k > 0 {
                        self.punct(", ");
                    }
                    ids.push(self.term(arg, false));
                }
                let close = self.token(")");
                self.push(
                    NodeKind::Compound {
                        name: name.clone(),
                        args: ids,
                    },
                    Span::new(functor.start, close.end),
                )
            }
        }
    }
}
