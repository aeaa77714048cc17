//! The reader's output: one term as a flat arena of nodes with source spans.
//!
//! A read term is kept in a `Vec` of nodes addressed by index rather than as a tree of boxes, so
//! that a clause nested a million levels deep neither overflows the stack when it is walked (every
//! walk is a loop over indices) nor when it is dropped. The arena knows nothing about the machine:
//! it holds names as strings and numbers as values, and the machine interns them when it loads the
//! term. This module must never depend on `machine/`.

use dashu_int::IBig;

/// A byte range `start..end` in the source text that was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
}

/// Index of a node in [`Ast::nodes`].
pub type NodeId = u32;

/// What a node is.
#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    /// A variable; the index points into [`Ast::vars`]. Every occurrence of the anonymous
    /// variable `_` has its own entry there.
    Var(u32),
    /// An atom, including `[]` and `{}`.
    Atom(String),
    /// An integer that fits in 64 bits.
    Int(i64),
    /// An integer that does not fit in 64 bits.
    BigInt(Box<IBig>),
    /// A floating-point number.
    Float(f64),
    /// A string object (double quotes with the flag `double_quotes=string`, or back quotes with
    /// `back_quotes=string`). With `codes`, `chars` or `atom` the parser builds lists or atoms
    /// instead and this kind does not occur.
    Str(String),
    /// A compound term `name(args...)`. Lists are compounds named `'.'` with two arguments ending
    /// in the atom `[]`; `{T}` is `'{}'(T)`.
    Compound {
        /// The functor name.
        name: String,
        /// The arguments, in order.
        args: Vec<NodeId>,
    },
}

/// One node: its kind and where it was read.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// What the node is.
    pub kind: NodeKind,
    /// The source text it was read from. For a compound, the whole term, operators included.
    pub span: Span,
}

/// A variable of the term, with every place it occurs.
#[derive(Clone, Debug, PartialEq)]
pub struct VarInfo {
    /// The name as written (`_` for the anonymous variable).
    pub name: String,
    /// The span of each occurrence, in reading order.
    pub occurrences: Vec<Span>,
}

impl VarInfo {
    /// True for `_`, which is a fresh variable at each occurrence.
    pub fn is_anonymous(&self) -> bool {
        self.name == "_"
    }
}

/// One term read from text.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Ast {
    /// All nodes; children come before or after parents in no promised order.
    pub nodes: Vec<Node>,
    /// The node of the whole term.
    pub root: NodeId,
    /// The variables, in order of first occurrence.
    pub vars: Vec<VarInfo>,
    /// The span of the whole clause, including the end token.
    pub span: Span,
}

impl Ast {
    /// The node with index `id`.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// The root node.
    pub fn root_node(&self) -> &Node {
        self.node(self.root)
    }

    /// Variables that occur once and whose name does not start with `_`, in order of
    /// occurrence: what ISO `read_term/2` reports as `singletons` (minus the `_`-prefixed ones, as
    /// SWI-Prolog does for its warning).
    pub fn singleton_names(&self) -> Vec<&VarInfo> {
        self.vars
            .iter()
            .filter(|v| v.occurrences.len() == 1 && !v.name.starts_with('_'))
            .collect()
    }
}
