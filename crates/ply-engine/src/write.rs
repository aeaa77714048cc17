//! Terms to text: `write`, `print`, `writeq`, `write_canonical` and `write_term` options.
//!
//! Operators are written with the fewest parentheses that read back the same term, spaces are
//! inserted only where two tokens would otherwise glue together, and `max_depth` elides deep
//! parts as SWI-Prolog does. The walk uses an explicit work stack, so a term nested a million
//! deep is written without growing the Rust stack. A cyclic term is written as SWI-Prolog
//! writes it, factorized: `X = f(X)` as `@(S_1,[S_1=f(S_1)])`; the writer only asks whether a
//! term is cyclic once it has written more compounds than `CHECK_AFTER`, so ordinary terms
//! pay a counter. This module never binds anything.

use super::Machine;
use ply_reader::ops::OpType;
use ply_reader::quote::{atom_needs_quotes, char_class, quote_atom, quote_string, CharClass};
use ply_term::cycles::{cycle_nodes, is_acyclic, is_node, node_key};
use ply_term::{atom, BoxKind, Cell, Tag};
use std::collections::HashMap;

/// Terms of up to this many compounds are written without asking whether they are cyclic.
const CHECK_AFTER: usize = 1 << 14;

/// Options of `write_term/2`.
#[derive(Clone, Copy, Debug)]
pub struct WriteOpts {
    /// Quote atoms and strings where needed to read back.
    pub quoted: bool,
    /// Write operators in functional notation.
    pub ignore_ops: bool,
    /// Write `'$VAR'(N)` as a variable name.
    pub numbervars: bool,
    /// Elide subterms deeper than this (0: no limit).
    pub max_depth: usize,
    /// write_canonical's text: variables named `A`, `B`, ... and `_` for those occurring
    /// once, and (with `quoted`) every atom outside ASCII quoted.
    pub name_vars: bool,
}

impl Default for WriteOpts {
    fn default() -> Self {
        WriteOpts {
            quoted: false,
            ignore_ops: false,
            numbervars: true,
            max_depth: 0,
            name_vars: false,
        }
    }
}

/// Set in a [`W::Term`]'s priority when the term is an operator's operand, not an argument:
/// both may allow 999, and an operator atom is bracketed only as an operand.
const OPERAND: u32 = 1 << 16;

enum W {
    Term(Cell, u32, usize),
    /// A compound written out even when it is one of the named compounds of a cyclic term
    /// (the right side of its own `S_k = ...` equation).
    Expand(Cell, u32, usize),
    Text(&'static str),
    Owned(String),
    /// A symbolic infix operator (see `Out::infix`).
    Infix(String),
    /// An alphanumeric infix operator (`is`, `mod`, `as`): set off by spaces as SWI-Prolog
    /// does, only where it would glue to its left operand (`X is 1`, `[a]as b`), and then on
    /// both sides; else only where it would glue to its right one (`"s"as x`, `{a}as{b}`).
    AlphaInfix(String),
    /// The tail of a list at element index `n`.
    Tail(Cell, usize, usize),
}

struct Out {
    s: String,
    /// The last token was a prefix operator: an opening bracket right after it would make it
    /// the name of a compound in functional notation (`-(1)`), and a digit right after `-` or
    /// `+` would make a negative number, so either gets a space first.
    after_prefix: Option<PrefixKind>,
}

/// Which prefix operator was written last (see `Out::after_prefix`).
#[derive(Clone, Copy, PartialEq)]
enum PrefixKind {
    /// `-` or `+`, which glue to a following number.
    Sign,
    /// Any other prefix operator.
    Other,
}

impl Out {
    /// Append a token, with a space first if it would glue to the previous one.
    fn token(&mut self, t: &str) {
        if let (Some(prev), Some(next)) = (self.s.chars().last(), t.chars().next()) {
            // Two quoted names side by side would read as one with a doubled quote inside, and
            // a digit before a quote would start a character code (`0'f`).
            let glue = matches!(
                (char_class(prev), char_class(next)),
                (CharClass::Alnum, CharClass::Alnum) | (CharClass::Symbol, CharClass::Symbol)
            ) || (next == '\'' && (prev == '\'' || prev.is_ascii_digit()));
            let after_prefix = match self.after_prefix {
                Some(kind) => next == '(' || (kind == PrefixKind::Sign && next.is_ascii_digit()),
                None => false,
            };
            if glue || after_prefix {
                self.s.push(' ');
            }
        }
        self.after_prefix = None;
        self.s.push_str(t);
    }
    /// Append an infix operator. When it would glue to its left operand (`'sub/'-yes`),
    /// SWI-Prolog sets it off with a space on both sides (`sub/ - yes`), not only before it, so
    /// the operator stands out as one; so does ply.
    fn infix(&mut self, t: &str) {
        let before = self.s.len();
        self.token(t);
        if self.s.len() > before + t.len() {
            self.s.push(' ');
        }
    }
    fn raw(&mut self, t: &str) {
        self.after_prefix = None;
        self.s.push_str(t);
    }
}

impl Machine {
    /// Write `t` as `writeq` (quoted) or `write` would, eliding beyond `max_depth` if nonzero.
    pub fn format_term(&self, t: Cell, quoted: bool, max_depth: usize) -> String {
        self.write_term_string(
            t,
            WriteOpts {
                quoted,
                max_depth,
                ..WriteOpts::default()
            },
        )
    }

    fn atom_text(&self, a: u32, opts: &WriteOpts) -> String {
        let name = self.atoms.name(a);
        // The name of a dict's functor is written as SWI-Prolog writes its reserved symbol.
        if a == atom::DICT {
            return name.to_string();
        }
        // write_canonical's text is for any reader, whatever its character set: as in
        // SWI-Prolog, an atom with a character outside ASCII is quoted there (`'ĉu'`), though
        // writeq leaves it bare.
        let portable = opts.name_vars && !name.is_ascii();
        if opts.quoted && (portable || atom_needs_quotes(name)) {
            quote_atom(name)
        } else {
            name.to_string()
        }
    }

    fn number_text(&self, c: Cell) -> Option<String> {
        match c.tag() {
            Tag::Int => Some(c.int_value().to_string()),
            Tag::Boxed => match self.stacks.heap.box_kind(c) {
                BoxKind::Float => Some(ply_arith::format::format_float(
                    self.stacks.heap.float_value(c),
                )),
                BoxKind::BigInt => Some(ply_arith::decimal::ibig_to_string(
                    &self.stacks.heap.bigint_value(c),
                )),
                BoxKind::Str => None,
            },
            _ => None,
        }
    }

    fn is_op_atom(&self, a: u32) -> Option<u32> {
        let name = self.atoms.name(a);
        let p = [
            self.services.ops.prefix(name).map(|x| x.0),
            self.services.ops.infix(name).map(|x| x.0),
            self.services.ops.postfix(name).map(|x| x.0),
        ];
        p.iter().flatten().copied().max()
    }

    fn var_name_of(&self, c: Cell, opts: &WriteOpts) -> Option<String> {
        if !opts.numbervars || c.tag() != Tag::Str {
            return None;
        }
        let f = self.stacks.heap.functor_of(c);
        if f != Cell::functor(atom::VAR, 1) {
            return None;
        }
        let n = self.stacks.heap.deref(self.stacks.heap.arg(c, 0));
        if n.tag() == Tag::Atom {
            // Only a name that reads as a variable is written as one (SWI-Prolog).
            let name = self.atoms.name(n.atom_index());
            return match name.chars().next() {
                Some(ch) if ch == '_' || ch.is_uppercase() => Some(name.to_string()),
                _ => None,
            };
        }
        if n.tag() != Tag::Int || n.int_value() < 0 {
            return None;
        }
        let i = n.int_value();
        let letter = (b'A' + (i % 26) as u8) as char;
        Some(if i >= 26 {
            format!("{}{}", letter, i / 26)
        } else {
            letter.to_string()
        })
    }

    /// [`Machine::format_term`] with the variables in `names` written under those names (an
    /// error report's goal, named from its clause); a cyclic term is written without them.
    pub fn format_term_named(
        &self,
        t: Cell,
        quoted: bool,
        max_depth: usize,
        names: &HashMap<Cell, String>,
    ) -> String {
        let opts = WriteOpts {
            quoted,
            max_depth,
            ..WriteOpts::default()
        };
        match self.write_walk_named(t, opts, None, Some(names)) {
            Some(s) => s,
            None => self.write_factorized(t, opts),
        }
    }

    /// Write `t` with options `opts` into a string.
    pub fn write_term_string(&self, t: Cell, opts: WriteOpts) -> String {
        // Variable names for write_canonical come from a walk of the term, so a cyclic term
        // must be known before it.
        if opts.name_vars && !is_acyclic(&self.stacks.heap, t) {
            return self.write_factorized(t, opts);
        }
        match self.write_walk(t, opts, None) {
            Some(s) => s,
            None => self.write_factorized(t, opts),
        }
    }

    /// Write cyclic `t` as `@(Template, [S_1 = Value, ...])`, naming its cycles as SWI-Prolog
    /// does; the names are `S_k` under `numbervars(true)` and the variables `_Sk` otherwise.
    fn write_factorized(&self, t: Cell, opts: WriteOpts) -> String {
        let nodes = cycle_nodes(&self.stacks.heap, t);
        let named: HashMap<u64, String> = nodes
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let name = if opts.numbervars {
                    format!("S_{}", i + 1)
                } else {
                    format!("_S{}", i + 1)
                };
                (node_key(c), name)
            })
            .collect();
        let opts = WriteOpts {
            name_vars: false,
            ..opts
        };
        self.write_walk(t, opts, Some(&(nodes, named)))
            .unwrap_or_default()
    }

    /// The writer's loop. Without `cycles`, it answers `None` for a cyclic term; with them, it
    /// writes the factorized form around those compounds.
    fn write_walk(
        &self,
        t: Cell,
        opts: WriteOpts,
        cycles: Option<&(Vec<Cell>, HashMap<u64, String>)>,
    ) -> Option<String> {
        self.write_walk_named(t, opts, cycles, None)
    }

    /// [`Machine::write_walk`], with the variables in `given` written under those names.
    fn write_walk_named(
        &self,
        t: Cell,
        opts: WriteOpts,
        cycles: Option<&(Vec<Cell>, HashMap<u64, String>)>,
        given: Option<&HashMap<Cell, String>>,
    ) -> Option<String> {
        let own;
        let names = match given {
            Some(n) => n,
            None => {
                own = if opts.name_vars {
                    self.canonical_var_names(t)
                } else {
                    Default::default()
                };
                &own
            }
        };
        let mut out = Out {
            s: String::new(),
            after_prefix: None,
        };
        let mut work = Vec::new();
        let named = match cycles {
            Some((nodes, named)) => {
                out.token("@");
                out.raw("(");
                work.push(W::Text("])"));
                for (i, &c) in nodes.iter().enumerate().rev() {
                    let name = named[&node_key(c)].clone();
                    if opts.ignore_ops {
                        work.push(W::Text(")"));
                        work.push(W::Expand(c, 999, 1));
                        work.push(W::Text(","));
                        work.push(W::Owned(name));
                        work.push(W::Text("=("));
                    } else {
                        work.push(W::Expand(c, 699, 1));
                        work.push(W::Text("="));
                        work.push(W::Owned(name));
                    }
                    if i > 0 {
                        work.push(W::Text(","));
                    }
                }
                work.push(W::Text(",["));
                work.push(W::Term(t, 999, 0));
                Some(named)
            }
            None => {
                work.push(W::Term(t, 1200, 0));
                None
            }
        };
        let mut budget = CHECK_AFTER;
        let is_named = |c: Cell| named.is_some_and(|n| is_node(c) && n.contains_key(&node_key(c)));
        while let Some(w) = work.pop() {
            match w {
                W::Text(s) => out.token(s),
                W::Owned(s) => out.token(&s),
                W::Infix(s) => out.infix(&s),
                W::AlphaInfix(s) => {
                    out.infix(&s);
                    // `as(` would read as a compound in functional notation (swipl writes
                    // `(as)as(as)`, which does not read back; ply keeps the space).
                    if !out.s.ends_with(' ') {
                        out.after_prefix = Some(PrefixKind::Other);
                    }
                }
                W::Tail(c, depth, n) => {
                    let c = self.stacks.heap.deref(c);
                    if c == Cell::atom(atom::NIL) {
                        out.raw("]");
                    } else if c.tag() == Tag::List && !is_named(c) {
                        // As in SWI-Prolog, each element of a list is one level deeper than the
                        // one before it, so a long list is cut off as a deep term is.
                        if opts.max_depth > 0 && depth + n + 1 >= opts.max_depth {
                            out.raw("|...]");
                            continue;
                        }
                        if named.is_none() && budget > 0 {
                            budget -= 1;
                            if budget == 0 && !is_acyclic(&self.stacks.heap, t) {
                                return None;
                            }
                        }
                        out.raw(",");
                        let a = c.addr();
                        work.push(W::Tail(self.stacks.heap.cells[a + 1], depth, n + 1));
                        work.push(W::Term(self.stacks.heap.cells[a], 999, depth + 1 + n));
                    } else {
                        out.raw("|");
                        work.push(W::Text("]"));
                        work.push(W::Term(c, 999, depth + 1));
                    }
                }
                W::Term(c, prec, depth) | W::Expand(c, prec, depth) => {
                    let expand = matches!(w, W::Expand(..));
                    let operand = prec & OPERAND != 0;
                    let prec = prec & !OPERAND;
                    let c = self.stacks.heap.deref(c);
                    if opts.max_depth > 0 && depth >= opts.max_depth {
                        out.token("...");
                        continue;
                    }
                    if is_node(c) {
                        if let Some(n) = named.and_then(|n| n.get(&node_key(c))) {
                            if !expand {
                                out.token(n);
                                continue;
                            }
                        } else if named.is_none() && budget > 0 {
                            budget -= 1;
                            if budget == 0 && !is_acyclic(&self.stacks.heap, t) {
                                return None;
                            }
                        }
                    }
                    match c.tag() {
                        Tag::Ref => match names.get(&c) {
                            Some(n) => out.token(n),
                            None => out.token(&fresh_name(c.addr())),
                        },
                        Tag::Int => {
                            let s = c.int_value().to_string();
                            self.write_number(&mut out, &s);
                        }
                        Tag::Atom => {
                            let a = c.atom_index();
                            let s = self.atom_text(a, &opts);
                            match self.is_op_atom(a) {
                                // An operator atom as an argument (priority 999) or alone stands
                                // bare, as SWI-Prolog writes `f(;,+)`; as the operand of an
                                // operator it is bracketed whatever its priority, as ISO and
                                // SWI-Prolog write `(-)-(-)`, the left one of a comma too
                                // (`(!),a`).
                                Some(_) if prec < 1200 && (prec != 999 || operand) => {
                                    out.token("(");
                                    out.raw(&s);
                                    out.raw(")");
                                }
                                _ => out.token(&s),
                            }
                        }
                        Tag::Boxed => {
                            if let Some(s) = self.number_text(c) {
                                let s = if opts.quoted
                                    && self.stacks.heap.box_kind(c) == BoxKind::Float
                                {
                                    ply_arith::format::format_float_quoted(
                                        self.stacks.heap.float_value(c),
                                    )
                                } else {
                                    s
                                };
                                self.write_number(&mut out, &s);
                            } else {
                                let s = self.stacks.heap.string_value(c);
                                if opts.quoted {
                                    out.token(&quote_string(s));
                                } else {
                                    out.raw(s);
                                }
                            }
                        }
                        Tag::List => {
                            out.token("[");
                            let a = c.addr();
                            work.push(W::Tail(self.stacks.heap.cells[a + 1], depth, 1));
                            work.push(W::Term(self.stacks.heap.cells[a], 999, depth + 1));
                        }
                        Tag::Str => self.write_compound(c, prec, depth, &opts, &mut out, &mut work),
                        _ => out.token("?"),
                    }
                }
            }
        }
        Some(out.s)
    }

    fn write_number(&self, out: &mut Out, s: &str) {
        // A negative number right after a symbolic token needs a space (`1- -1`), and any
        // number after an alphanumeric token does.
        out.token(s);
    }

    fn write_compound(
        &self,
        c: Cell,
        prec: u32,
        depth: usize,
        opts: &WriteOpts,
        out: &mut Out,
        work: &mut Vec<W>,
    ) {
        if let Some(v) = self.var_name_of(c, opts) {
            out.token(&v);
            return;
        }
        let f = self.stacks.heap.functor_of(c);
        let (name, arity) = (f.functor_name(), f.functor_arity());
        let nm = self.atoms.name(name);
        if name == atom::DICT && arity % 2 == 1 {
            self.write_dict(c, arity, depth, work);
            return;
        }
        if name == atom::CURLY && arity == 1 && !opts.ignore_ops {
            out.token("{");
            work.push(W::Text("}"));
            work.push(W::Term(self.stacks.heap.arg(c, 0), 1200, depth + 1));
            return;
        }
        if !opts.ignore_ops {
            if arity == 2 {
                if let Some((p, ty)) = self.services.ops.infix(nm) {
                    let (lp, rp) = match ty {
                        OpType::Xfx => (p - 1, p - 1),
                        OpType::Xfy => (p - 1, p),
                        _ => (p, p - 1),
                    };
                    let open = p > prec;
                    if open {
                        out.token("(");
                    }
                    let op_text = self.atom_text(name, opts);
                    let alpha = nm
                        .chars()
                        .next()
                        .map(|ch| char_class(ch) == CharClass::Alnum)
                        .unwrap_or(false);
                    if open {
                        work.push(W::Text(")"));
                    }
                    work.push(W::Term(self.stacks.heap.arg(c, 1), rp | OPERAND, depth + 1));
                    if name == atom::COMMA {
                        work.push(W::Text(","));
                    } else if nm == "|" {
                        // The bar as an infix operator is written bare, as it is read.
                        work.push(W::Text("|"));
                    } else if alpha {
                        work.push(W::AlphaInfix(op_text));
                    } else {
                        work.push(W::Infix(op_text));
                    }
                    work.push(W::Term(self.stacks.heap.arg(c, 0), lp | OPERAND, depth + 1));
                    return;
                }
            }
            if arity == 1 {
                if let Some((p, ty)) = self.services.ops.prefix(nm) {
                    if nm != "-" && nm != "+" || !self.is_number_cell(self.stacks.heap.arg(c, 0)) {
                        let ap = if ty == OpType::Fy { p } else { p - 1 };
                        let open = p > prec;
                        if open {
                            out.token("(");
                        }
                        out.token(&self.atom_text(name, opts));
                        out.after_prefix = Some(if nm == "-" || nm == "+" {
                            PrefixKind::Sign
                        } else {
                            PrefixKind::Other
                        });
                        let arg = self.stacks.heap.deref(self.stacks.heap.arg(c, 0));
                        // An operand that is itself an operator atom, or that starts with `(`,
                        // must not touch the prefix operator.
                        let needs_space = nm
                            .chars()
                            .next()
                            .map(|ch| char_class(ch) == CharClass::Alnum)
                            .unwrap_or(false)
                            || (arg.tag() == Tag::Atom
                                && self.is_op_atom(arg.atom_index()).is_some())
                            || (arg.tag() == Tag::Str
                                && self.stacks.heap.functor_of(arg)
                                    == Cell::functor(atom::COMMA, 2));
                        if open {
                            work.push(W::Text(")"));
                        }
                        work.push(W::Term(arg, ap | OPERAND, depth + 1));
                        if needs_space {
                            out.raw(" ");
                        }
                        return;
                    } else {
                        // `- 1` is the compound -(1), not the number -1.
                        let open = p > prec;
                        if open {
                            out.token("(");
                        }
                        out.token(nm);
                        out.raw(" ");
                        if open {
                            work.push(W::Text(")"));
                        }
                        work.push(W::Term(self.stacks.heap.arg(c, 0), 200, depth + 1));
                        return;
                    }
                }
                if let Some((p, ty)) = self.services.ops.postfix(nm) {
                    let ap = if ty == OpType::Yf { p } else { p - 1 };
                    let open = p > prec;
                    if open {
                        out.token("(");
                    }
                    if open {
                        work.push(W::Text(")"));
                    }
                    work.push(W::Owned(self.atom_text(name, opts)));
                    work.push(W::Term(self.stacks.heap.arg(c, 0), ap | OPERAND, depth + 1));
                    return;
                }
            }
        }
        // Canonical form name(args).
        out.token(&self.atom_text(name, opts));
        out.raw("(");
        work.push(W::Text(")"));
        for i in (0..arity).rev() {
            if opts.max_depth > 0 && i >= opts.max_depth {
                continue;
            }
            work.push(W::Term(self.stacks.heap.arg(c, i), 999, depth + 1));
            if i > 0 {
                work.push(W::Text(","));
            }
        }
    }

    /// A dict `Tag{k:v,...}`: its tag, then its pairs in the order it keeps them (by key), each
    /// written as the operator term `k:v` would be, with a space before a bracketed value as
    /// SWI-Prolog writes `_{a: (x:-y)}`.
    fn write_dict(&self, c: Cell, arity: usize, depth: usize, work: &mut Vec<W>) {
        // The pair is written at the priority of `:` (xfy), as that operator's term would be.
        let p = self.services.ops.infix(":").map_or(200, |(p, _)| p);
        work.push(W::Text("}"));
        for i in (0..arity / 2).rev() {
            let v = self.stacks.heap.deref(self.stacks.heap.arg(c, 1 + 2 * i));
            work.push(W::Term(v, p | OPERAND, depth + 1));
            if self.operator_priority(v) > p {
                work.push(W::Text(" "));
            }
            work.push(W::Infix(":".to_string()));
            work.push(W::Term(
                self.stacks.heap.arg(c, 2 + 2 * i),
                (p - 1) | OPERAND,
                depth + 1,
            ));
            if i > 0 {
                work.push(W::Text(","));
            }
        }
        work.push(W::Text("{"));
        work.push(W::Term(self.stacks.heap.arg(c, 0), 0, depth + 1));
    }

    /// The priority of `c` as an operator term, 0 if it is none.
    fn operator_priority(&self, c: Cell) -> u32 {
        if c.tag() != Tag::Str {
            return 0;
        }
        let f = self.stacks.heap.functor_of(c);
        let nm = self.atoms.name(f.functor_name());
        let ops = &self.services.ops;
        match f.functor_arity() {
            2 => ops.infix(nm).map_or(0, |(p, _)| p),
            1 => ops.prefix(nm).or(ops.postfix(nm)).map_or(0, |(p, _)| p),
            _ => 0,
        }
    }

    /// Names for the variables of `t` as write_canonical gives them: `_` for a variable that
    /// occurs once, `A`, `B`, ... for the others in order of first occurrence.
    fn canonical_var_names(&self, t: Cell) -> std::collections::HashMap<Cell, String> {
        let mut counts: Vec<(Cell, usize)> = Vec::new();
        let mut stack = vec![t];
        while let Some(c) = stack.pop() {
            let c = self.stacks.heap.deref(c);
            match c.tag() {
                Tag::Ref => match counts.iter_mut().find(|(v, _)| *v == c) {
                    Some(e) => e.1 += 1,
                    None => counts.push((c, 1)),
                },
                _ => ply_term::cycles::push_args(&self.stacks.heap, c, &mut stack),
            }
        }
        let mut names = std::collections::HashMap::new();
        let mut k = 0;
        for (v, n) in counts {
            if n == 1 {
                names.insert(v, "_".to_string());
            } else {
                let letter = (b'A' + (k % 26) as u8) as char;
                names.insert(
                    v,
                    if k >= 26 {
                        format!("{}{}", letter, k / 26)
                    } else {
                        letter.to_string()
                    },
                );
                k += 1;
            }
        }
        names
    }

    fn is_number_cell(&self, c: Cell) -> bool {
        let c = self.stacks.heap.deref(c);
        match c.tag() {
            Tag::Int => true,
            Tag::Boxed => self.stacks.heap.box_kind(c) != BoxKind::Str,
            _ => false,
        }
    }
}

/// The name a fresh variable is written with: `_` and its address, as SWI-Prolog writes one.
/// Made with room for any address, so that writing it never grows the string.
fn fresh_name(addr: usize) -> String {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(24);
    s.push('_');
    let _ = write!(s, "{addr}");
    s
}
