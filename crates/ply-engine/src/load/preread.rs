//! Loading the system's own Prolog text from the clauses the build step read
//! (`reader/preread.rs`, `src/build.rs`): each clause is built on the heap from its words,
//! as `Machine::ast_term` would build it from the reader's output, and loaded as
//! `consult_text` loads a clause it read.
//!
//! Building is the same to the cell: the clause's variables first, then its nodes in the same
//! order, with each name interned where reading would intern it, so atom numbers, heap layout
//! and everything compiled from them are what reading the text gives. It must only ever be
//! given words made from the very `text` it is loaded with.
//!
//! The engine does not know which texts the system has: the system hands it their words as a
//! [`Preread`] value (`Machine::services.loading.preread`), made by its own build step.

use crate::instr::PredId;
use crate::Machine;
use ply_reader::ast::Span;
use ply_reader::preread::{ATOM, CONS, FLOAT, FUNCTOR, HEADER, INT, TAG_BITS, VAR};
use ply_reader::ReadFlags;
use ply_term::{Cell, FastMap};
use std::ops::Range;

/// The clauses a build step read from a system's Prolog texts and encoded with
/// `reader::preread::Encoder`: what the system hands the engine so that start-up builds them
/// without reading the texts again. The default has no file, and every text is read.
#[derive(Clone, Copy, Default)]
pub struct Preread {
    /// The names the encoded clauses use, indexed by the payload of their name words.
    pub names: &'static [&'static str],
    /// The encoded clauses of every file, one file after another.
    pub words: &'static [u32],
    /// Each file's name, as it is loaded, and the range of `words` that holds its clauses.
    pub files: &'static [(&'static str, Range<usize>)],
}

impl Preread {
    /// The words of the system file loaded as `name`, if the build step read it.
    pub fn words_of(&self, name: &str) -> Option<&'static [u32]> {
        let words = self.words;
        self.files
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, r)| &words[r.clone()])
    }
}

/// What decoding keeps from one clause to the next: it builds the clauses of one
/// [`Preread`], one after another.
pub struct Decoder {
    /// The names of the words decoded.
    names: &'static [&'static str],
    /// The atom of each name once it has been interned.
    atoms: Vec<u32>,
    /// The variables of the clause being built.
    vars: Vec<Cell>,
    /// The terms built and not yet taken as arguments.
    built: Vec<Cell>,
}

impl Decoder {
    /// A decoder of words whose names are `names`, with no name interned yet.
    pub fn new(names: &'static [&'static str]) -> Decoder {
        Decoder {
            names,
            atoms: vec![u32::MAX; names.len()],
            vars: Vec::new(),
            built: Vec::new(),
        }
    }

    /// Build the clause that starts at `words[*at]` on the heap and step past it; `None` at
    /// the end of `words`.
    pub fn clause(
        &mut self,
        m: &mut Machine,
        words: &[u32],
        at: &mut usize,
    ) -> Option<(Cell, Span)> {
        let mut i = *at;
        if i + HEADER > words.len() {
            return None;
        }
        let span = Span::new(words[i] as usize, words[i + 1] as usize);
        let nvars = words[i + 2] as usize;
        let end = i + HEADER + words[i + 3] as usize;
        i += HEADER;
        self.vars.clear();
        self.vars
            .extend((0..nvars).map(|_| m.stacks.heap.new_var()));
        self.built.clear();
        let nil = Cell::atom(ply_term::atom::NIL);
        while i < end {
            let w = words[i];
            i += 1;
            let payload = w >> TAG_BITS;
            let cell = match w & ((1 << TAG_BITS) - 1) {
                VAR => self.vars[payload as usize],
                ATOM => Cell::atom(self.intern(m, payload)),
                INT => {
                    let n = (words[i] as u64 | (words[i + 1] as u64) << 32) as i64;
                    i += 2;
                    m.stacks.heap.int(n)
                }
                FLOAT => {
                    let bits = words[i] as u64 | (words[i + 1] as u64) << 32;
                    i += 2;
                    m.stacks.heap.float(f64::from_bits(bits))
                }
                CONS => {
                    let tail = self.built.pop().unwrap_or(nil);
                    let head = self.built.pop().unwrap_or(nil);
                    m.stacks.heap.cons(head, tail)
                }
                FUNCTOR => {
                    let arity = words[i] as usize;
                    i += 1;
                    let a = self.intern(m, payload);
                    let first = self.built.len().saturating_sub(arity);
                    let c = m.stacks.heap.compound(a, &self.built[first..]);
                    self.built.truncate(first);
                    c
                }
                _ => unreachable!("the build step writes no other tag"),
            };
            self.built.push(cell);
        }
        *at = end;
        Some((self.built.pop().unwrap_or(nil), span))
    }

    /// The atom of name `n`, interned where reading would intern it: at its first use.
    fn intern(&mut self, m: &mut Machine, n: u32) -> u32 {
        let slot = &mut self.atoms[n as usize];
        if *slot == u32::MAX {
            *slot = m.atoms.intern(self.names[n as usize]);
        }
        *slot
    }
}

/// Where one clause of the system's text starts: its file's words and its position in them.
pub type Place = (&'static [u32], usize);

/// The clauses of the system's text that start-up leaves to be compiled at their predicate's
/// first call, so that a run pays only for the library it uses.
///
/// Only a call may compile them unseen: every other look at a predicate's clauses (clause/2,
/// retract/1, listing/1, predicate_property/2, assert and the loading of a file that defines
/// the predicate) compiles them first, or forgets them when it replaces them, through
/// [`Machine::load_deferred`] and [`Deferred::forget`]. A predicate whose clauses wait is
/// `defined` and, once start-up is over, `library`, as it would be with them compiled.
#[derive(Default)]
pub struct Deferred {
    /// The place of the clause being loaded, while a system file is.
    current: Option<Place>,
    /// By predicate, the places of its clauses not compiled yet, in order.
    by_pred: FastMap<PredId, Vec<Place>>,
}

impl Deferred {
    /// The place of the clause being loaded, if it comes from the build step's words, taken
    /// so that nothing loaded on its behalf (a grammar rule's translation, a directive) is
    /// taken for it.
    pub(crate) fn take_current(&mut self) -> Option<Place> {
        self.current.take()
    }

    /// Leave the clause at `place` to be compiled at the first call of `pid`.
    pub(crate) fn defer(&mut self, pid: PredId, place: Place) {
        self.by_pred.entry(pid).or_default().push(place);
    }

    /// Whether clauses of `pid` wait to be compiled.
    pub fn has(&self, pid: PredId) -> bool {
        !self.by_pred.is_empty() && self.by_pred.contains_key(&pid)
    }

    /// How many clauses wait, for the statistics.
    pub fn count(&self) -> usize {
        self.by_pred.values().map(Vec::len).sum()
    }

    /// Drop the waiting clauses of `pid`, which a file or `abolish/1` replaces.
    pub fn forget(&mut self, pid: PredId) {
        if !self.by_pred.is_empty() {
            self.by_pred.remove(&pid);
        }
    }
}

impl Machine {
    /// Compile the clauses of `pid` that start-up left waiting ([`Deferred`]); false when
    /// there were none.
    #[inline]
    pub fn load_deferred(&mut self, pid: PredId) -> bool {
        self.services.loading.deferred.has(pid) && self.load_deferred_now(pid)
    }

    /// [`Machine::load_deferred`] once there is something to do. The clauses are built on the
    /// heap as start-up would have built them and compiled in order, and the heap is cut back
    /// to where it was: a compiled clause keeps nothing on the heap, and every choicepoint and
    /// binding of a running query lies below, so the query sees the heap it had (and a
    /// variable it goes on to make gets the name it would have had).
    #[cold]
    #[inline(never)]
    fn load_deferred_now(&mut self, pid: PredId) -> bool {
        let Some(places) = self.services.loading.deferred.by_pred.remove(&pid) else {
            return false;
        };
        let mut decoder = Decoder::new(self.services.loading.preread.names);
        let mark = self.stacks.heap.top();
        // The library's clauses call the library's own predicates, whatever the program
        // defined under their names (`overrides.rs`).
        let outer = std::mem::replace(&mut self.program.overrides.library_code, true);
        for (words, at) in places {
            let mut at = at;
            if let Some((term, _)) = decoder.clause(self, words, &mut at) {
                // It compiled when the build step read it, with the same system; the
                // library is `user`'s whatever module is loading when it is first called.
                let compiled = self.in_module(0, |m| m.compile_clause(term, true));
                debug_assert!(compiled.is_ok());
            }
            self.stacks.heap.truncate(mark);
        }
        self.program.overrides.library_code = outer;
        true
    }

    /// Load `text`, a file of the system's own Prolog, as `consult_text` would, from the
    /// clauses the build step read from it when `Machine::services.loading.preread` has them (see the
    /// module comment);
    /// otherwise by reading it. The system's text always means what it says in standard
    /// syntax (the build step reads it with the standard operators and
    /// `ReadFlags::traditional()`), so a program that has changed operators or quote flags
    /// before the tracer's text is loaded does not change how that text reads.
    pub fn consult_system_text(&mut self, text: &str, file_name: &str) {
        let preread = self.services.loading.preread;
        let Some(words) = preread.words_of(file_name) else {
            // Read as the build step reads, so that a text means the same either way.
            let flags = std::mem::replace(&mut self.services.flags.read, ReadFlags::traditional());
            self.consult_text(text, file_name, None);
            self.services.flags.read = flags;
            return;
        };
        let mut decoder = Decoder::new(preread.names);
        let mut at = 0;
        self.consult_clauses(text, file_name, None, |m, _| {
            m.services.loading.deferred.current = Some((words, at));
            decoder.clause(m, words, &mut at)
        });
        self.services.loading.deferred.current = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_reader::preread::Encoder;
    use ply_reader::{read_term, ReadOutcome};

    /// A text with every kind of word: variables met once and again, atoms quoted and plain,
    /// small and large integers, floats, lists, operators and nested compounds.
    const TEXT: &str = "p(X, [a, 'B c'|T], 1.5, -3, 9000000000, f(X, T, \"ab\")).\n\
                        q(X) :- X = [], ( X == a -> true ; r(X, Y), Y > 2.0e10 ).\n\
                        r([H|T], H - T).\n";

    /// `TEXT` encoded as the build step encodes a system text, as a [`Preread`] of one file
    /// loaded as `name`.
    fn preread(m: &Machine, name: &'static str) -> Preread {
        let mut enc = Encoder::new();
        let mut pos = 0;
        while let ReadOutcome::Term { ast, end } =
            read_term(TEXT, pos, &m.services.ops, &ReadFlags::traditional())
        {
            enc.clause(&ast).unwrap();
            pos = end;
        }
        let names: Vec<&'static str> = enc
            .names
            .into_iter()
            .map(|n| &*Box::leak(n.into_boxed_str()))
            .collect();
        let files = vec![(name, 0..enc.words.len())];
        Preread {
            names: Box::leak(names.into_boxed_slice()),
            words: Box::leak(enc.words.into_boxed_slice()),
            files: Box::leak(files.into_boxed_slice()),
        }
    }

    /// A clause built from its words is the one `ast_term` builds from its reading, to the
    /// cell. The system checks the same of its own texts (`system/preread_tests.rs`).
    #[test]
    fn decoding_builds_what_reading_builds() {
        let mut m = Machine::bare();
        let preread = preread(&m, "text.pl");
        let words = preread.words_of("text.pl").unwrap();
        assert!(preread.words_of("other.pl").is_none());
        let mut decoder = Decoder::new(preread.names);
        let (mut at, mut pos, mut n) = (0, 0, 0);
        while let ReadOutcome::Term { ast, end } =
            read_term(TEXT, pos, &m.services.ops, &ReadFlags::traditional())
        {
            let mark = m.stacks.heap.top();
            let (read, _) = m.ast_term(&ast, false);
            let cells_read = m.stacks.heap.cells[mark..].to_vec();
            m.stacks.heap.truncate(mark);
            let (decoded, span) = decoder.clause(&mut m, words, &mut at).unwrap();
            let cells = m.stacks.heap.cells[mark..].to_vec();
            m.stacks.heap.truncate(mark);
            assert_eq!((read, ast.span), (decoded, span));
            assert_eq!(cells_read, cells);
            pos = end;
            n += 1;
        }
        assert_eq!((at, n), (words.len(), 3));
    }

    /// A text loaded from its words defines what reading it defines, and its clauses wait for
    /// their predicate's first call; a text the preread does not hold is read.
    #[test]
    fn a_system_text_loads_from_its_words() {
        let mut m = Machine::bare();
        m.services.loading.preread = preread(&m, "text.pl");
        m.consult_system_text(TEXT, "text.pl");
        let r = m.atoms.intern("r");
        let r = m.lookup_pred(r, 2).unwrap();
        assert!(m.services.loading.deferred.has(r) && m.program.preds[r as usize].defined);
        assert!(m.load_deferred(r));
        assert!(!m.services.loading.deferred.has(r));
        m.consult_system_text("s(1).\n", "unknown.pl");
        let s = m.atoms.intern("s");
        let s = m.lookup_pred(s, 1).unwrap();
        assert!(!m.services.loading.deferred.has(s) && m.program.preds[s as usize].defined);
    }
}
