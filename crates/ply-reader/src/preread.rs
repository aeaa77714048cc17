//! The clauses of the system's own Prolog text, read once when ply is built: a compact word
//! form of each read clause, so that start-up builds the library's terms on the heap without
//! lexing and parsing its text again at every run.
//!
//! The build script (`src/build.rs`) reads each library file with this very reader and the
//! standard operator table, encodes every clause with [`Encoder`], and writes the words and the
//! names they use into the build's output; `machine/load/preread.rs` decodes them. A test reads
//! the library again at run time, with the machine's own operator table and flags, and checks
//! that the encoding is the same, so the two can never drift apart. Like the rest of the
//! reader, this module must never depend on `machine/`; nothing but trusted system text,
//! without directives, may be encoded here.
//!
//! A clause is four header words (the byte offsets of its start and end in the text, its
//! variable count, the number of words that follow) and then its nodes in the order
//! `Machine::ast_term` builds them (postfix, arguments left to right), one op each: the low
//! [`TAG_BITS`] bits say what it is and the rest hold a variable index or a name index.

use crate::ast::{Ast, NodeKind};
use std::collections::HashMap;

/// How many low bits of an op word hold its tag.
pub const TAG_BITS: u32 = 3;
/// A variable; the payload is its index in the clause.
pub const VAR: u32 = 0;
/// An atom; the payload is its name's index. Interned when it is built.
pub const ATOM: u32 = 1;
/// An integer; the next two words are its low and high halves.
pub const INT: u32 = 2;
/// A float; the next two words are the low and high halves of its bits.
pub const FLOAT: u32 = 3;
/// A compound; the payload is its name's index and the next word its arity. Its arguments are
/// the last `arity` terms built.
pub const FUNCTOR: u32 = 4;
/// A list pair `'.'(H, T)`, built from the last two terms (its name is never interned).
pub const CONS: u32 = 5;
/// The number of header words before a clause's ops.
pub const HEADER: usize = 4;

/// Encodes read clauses into words, collecting the names they use.
#[derive(Default)]
pub struct Encoder {
    /// The words of every clause encoded so far, one after another.
    pub words: Vec<u32>,
    /// The names, indexed by the payload of `ATOM` and `FUNCTOR` ops.
    pub names: Vec<String>,
    index: HashMap<String, u32>,
}

impl Encoder {
    /// A new encoder with no clause and no name.
    pub fn new() -> Encoder {
        Encoder::default()
    }

    fn name(&mut self, s: &str) -> u32 {
        if let Some(&i) = self.index.get(s) {
            return i;
        }
        let i = self.names.len() as u32;
        self.names.push(s.to_owned());
        self.index.insert(s.to_owned(), i);
        i
    }

    /// Append `ast` as one clause; `Err` says what this form cannot hold (then nothing is
    /// appended).
    pub fn clause(&mut self, ast: &Ast) -> Result<(), &'static str> {
        let start = self.words.len();
        let r = self.clause_words(ast);
        if r.is_err() {
            self.words.truncate(start);
        }
        r
    }

    fn clause_words(&mut self, ast: &Ast) -> Result<(), &'static str> {
        let word = |v: usize| u32::try_from(v).map_err(|_| "too large");
        let at = self.words.len();
        self.words.push(word(ast.span.start)?);
        self.words.push(word(ast.span.end)?);
        self.words.push(word(ast.vars.len())?);
        self.words.push(0);
        // The walk of `Machine::ast_term`, emitting each node where that builds it.
        let mut done = vec![false; ast.nodes.len()];
        let mut stack: Vec<(u32, bool)> = vec![(ast.root, false)];
        while let Some((id, expanded)) = stack.pop() {
            if done[id as usize] {
                return Err("a node shared by two parents");
            }
            match &ast.nodes[id as usize].kind {
                NodeKind::Var(i) => self.words.push((i << TAG_BITS) | VAR),
                NodeKind::Atom(s) => {
                    let n = self.name(s);
                    self.words.push((n << TAG_BITS) | ATOM);
                }
                NodeKind::Int(i) => {
                    self.words.push(INT);
                    self.words.push(*i as u64 as u32);
                    self.words.push((*i as u64 >> 32) as u32);
                }
                NodeKind::Float(f) => {
                    self.words.push(FLOAT);
                    self.words.push(f.to_bits() as u32);
                    self.words.push((f.to_bits() >> 32) as u32);
                }
                NodeKind::BigInt(_) => return Err("a big integer"),
                NodeKind::Str(_) => return Err("a string object"),
                NodeKind::Compound { name, args } => {
                    if !expanded {
                        stack.push((id, true));
                        stack.extend(args.iter().rev().map(|&a| (a, false)));
                        continue;
                    }
                    if name == "." && args.len() == 2 {
                        self.words.push(CONS);
                    } else {
                        let n = self.name(name);
                        self.words.push((n << TAG_BITS) | FUNCTOR);
                        self.words.push(word(args.len())?);
                    }
                }
            }
            done[id as usize] = true;
        }
        if self.names.len() >= 1 << (32 - TAG_BITS) {
            return Err("too many names");
        }
        self.words[at + 3] = word(self.words.len() - at - HEADER)?;
        Ok(())
    }
}
