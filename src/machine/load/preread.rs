//! Loading the system's own Prolog text from the clauses the build step read
//! (`reader/preread.rs`, `src/build.rs`): each clause is built on the heap from its words,
//! as `Machine::ast_term` would build it from the reader's output, and loaded as
//! `consult_text` loads a clause it read.
//!
//! Building is the same to the cell: the clause's variables first, then its nodes in the same
//! order, with each name interned where reading would intern it, so atom numbers, heap layout
//! and everything compiled from them are what reading the text gives. It must only ever be
//! given words made from the very `text` it is loaded with.

use crate::machine::instr::PredId;
use crate::machine::Machine;
use crate::reader::ast::Span;
use crate::reader::preread::{ATOM, CONS, FLOAT, FUNCTOR, HEADER, INT, TAG_BITS, VAR};
use crate::term::{Cell, FastMap};

/// The clauses the build step read from the system's Prolog text.
mod data {
    include!(concat!(env!("OUT_DIR"), "/preread.rs"));
}

/// The words of the system file loaded as `name`, if the build step read it.
pub fn words_of(name: &str) -> Option<&'static [u32]> {
    data::FILES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, r)| &data::WORDS[r.clone()])
}

/// What decoding keeps from one clause to the next.
struct Decoder {
    /// The atom of each name once it has been interned.
    atoms: Vec<u32>,
    /// The variables of the clause being built.
    vars: Vec<Cell>,
    /// The terms built and not yet taken as arguments.
    built: Vec<Cell>,
}

impl Decoder {
    fn new() -> Decoder {
        Decoder {
            atoms: vec![u32::MAX; data::NAMES.len()],
            vars: Vec::new(),
            built: Vec::new(),
        }
    }

    /// Build the clause that starts at `words[*at]` on the heap and step past it; `None` at
    /// the end of `words`.
    fn clause(&mut self, m: &mut Machine, words: &[u32], at: &mut usize) -> Option<(Cell, Span)> {
        let mut i = *at;
        if i + HEADER > words.len() {
            return None;
        }
        let span = Span::new(words[i] as usize, words[i + 1] as usize);
        let nvars = words[i + 2] as usize;
        let end = i + HEADER + words[i + 3] as usize;
        i += HEADER;
        self.vars.clear();
        self.vars.extend((0..nvars).map(|_| m.heap.new_var()));
        self.built.clear();
        let nil = Cell::atom(crate::term::atom::NIL);
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
                    m.heap.int(n)
                }
                FLOAT => {
                    let bits = words[i] as u64 | (words[i + 1] as u64) << 32;
                    i += 2;
                    m.heap.float(f64::from_bits(bits))
                }
                CONS => {
                    let tail = self.built.pop().unwrap_or(nil);
                    let head = self.built.pop().unwrap_or(nil);
                    m.heap.cons(head, tail)
                }
                FUNCTOR => {
                    let arity = words[i] as usize;
                    i += 1;
                    let a = self.intern(m, payload);
                    let first = self.built.len().saturating_sub(arity);
                    let c = m.heap.compound(a, &self.built[first..]);
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
            *slot = m.atoms.intern(data::NAMES[n as usize]);
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
        self.loading.deferred.has(pid) && self.load_deferred_now(pid)
    }

    /// [`Machine::load_deferred`] once there is something to do. The clauses are built on the
    /// heap as start-up would have built them and compiled in order, and the heap is cut back
    /// to where it was: a compiled clause keeps nothing on the heap, and every choicepoint and
    /// binding of a running query lies below, so the query sees the heap it had (and a
    /// variable it goes on to make gets the name it would have had).
    #[cold]
    #[inline(never)]
    fn load_deferred_now(&mut self, pid: PredId) -> bool {
        let Some(places) = self.loading.deferred.by_pred.remove(&pid) else {
            return false;
        };
        let mut decoder = Decoder::new();
        let mark = self.heap.top();
        for (words, at) in places {
            let mut at = at;
            if let Some((term, _)) = decoder.clause(self, words, &mut at) {
                // It compiled when the build step read it, with the same system.
                let compiled = self.compile_clause(term, true);
                debug_assert!(compiled.is_ok());
            }
            self.heap.truncate(mark);
        }
        true
    }

    /// Load `text`, a file of the system's own Prolog, as `consult_text` would, from the
    /// clauses the build step read from it when there are any (see the module comment);
    /// otherwise by reading it. The system's text always means what it says in standard
    /// syntax (the build step reads it with the standard operators and `ReadFlags::default()`),
    /// so a program that has changed operators or quote flags before the tracer's text is
    /// loaded does not change how that text reads.
    pub fn consult_system_text(&mut self, text: &str, file_name: &str) {
        let Some(words) = words_of(file_name) else {
            self.consult_text(text, file_name, None);
            return;
        };
        let mut decoder = Decoder::new();
        let mut at = 0;
        self.consult_clauses(text, file_name, None, |m, _| {
            m.loading.deferred.current = Some((words, at));
            decoder.clause(m, words, &mut at)
        });
        self.loading.deferred.current = None;
    }
}

#[cfg(test)]
mod deferred_tests {
    use crate::machine::Machine;

    fn pid(m: &mut Machine, name: &str, arity: usize) -> u32 {
        let a = m.atoms.intern(name);
        m.lookup_pred(a, arity).expect("a library predicate")
    }

    #[test]
    fn library_clauses_wait_for_their_first_call() {
        let mut m = crate::system::machine();
        let append = pid(&mut m, "append", 3);
        assert!(m.loading.deferred.has(append));
        assert!(m.preds[append as usize].defined && m.preds[append as usize].library);
        assert!(m.succeeds("append([1], [2, 3], L), L == [1, 2, 3]"));
        assert!(!m.loading.deferred.has(append));
        // Not every predicate of the file: only the one called, and what it calls.
        let sum_list = pid(&mut m, "sum_list", 2);
        assert!(m.loading.deferred.has(sum_list));
    }

    /// `clause/2` sees the clauses of `lists.pl` as written there (lines 11-12: the empty
    /// list, then `[H|T]`), before anything has called the predicate.
    #[test]
    fn clause_sees_waiting_clauses() {
        let mut m = crate::system::machine();
        assert!(m.succeeds(
            "findall(A-B, clause(append(A, _, _), B), L), \
             L = [[]-true, [_|_]-(append(_, _, _))]"
        ));
    }

    /// A clause asserted to a library predicate replaces the library's definition, as it did
    /// when start-up compiled every clause (and as in SWI-Prolog, where it defines the
    /// predicate in `user`), and the waiting clauses do not come back later.
    #[test]
    fn assert_replaces_waiting_clauses() {
        let mut m = crate::system::machine();
        assert!(m.succeeds(
            "assertz(last(none, none)), findall(A, clause(last(A, _), _), [none]), \
             \\+ last([1, 2], _), sum_list([1, 2], 3), findall(A, clause(last(A, _), _), [none])"
        ));
    }

    /// A program's own definition of a library predicate replaces the waiting clauses for
    /// good: calling another predicate of the same library file does not bring them back.
    #[test]
    fn a_program_definition_replaces_waiting_clauses() {
        let mut m = crate::system::machine();
        m.consult_text("last(_, mine).\n", "user_last.pl", None);
        assert!(m.succeeds("last([1, 2], X), X == mine"));
        assert!(m.succeeds("sum_list([1, 2], 3), max_member(M, [1, 3, 2]), M == 3"));
        assert!(m.succeeds("last([1, 2], X), X == mine"));
        assert!(m.succeeds("findall(x, clause(last(_, _), _), [x])"));
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::reader::preread::Encoder;
    use crate::reader::{read_term, ReadOutcome};

    /// The clauses the build step read from the system text `text`, loaded as `name`, are the
    /// ones reading it now gives, with the operators and flags the machine `m` has when it
    /// loads it. The system's assembly (`system.rs`) knows every such text and checks each.
    pub(crate) fn assert_build_step_read(m: &Machine, name: &str, text: &str) {
        {
            let mut enc = Encoder::new();
            let mut pos = 0;
            while let ReadOutcome::Term { ast, end } = read_term(text, pos, &m.ops, &m.flags.read) {
                enc.clause(&ast).unwrap();
                pos = end;
            }
            let words = words_of(name).unwrap();
            assert_eq!(enc.words.len(), words.len(), "{name}");
            // The names are numbered across all files, so compare them spelled out.
            let spell = |ws: &[u32], names: &dyn Fn(u32) -> String| -> Vec<String> {
                let mut out = Vec::new();
                let mut at = 0;
                while at < ws.len() {
                    out.extend(ws[at..at + HEADER].iter().map(|w| w.to_string()));
                    let end = at + HEADER + ws[at + 3] as usize;
                    at += HEADER;
                    while at < end {
                        let w = ws[at];
                        at += 1;
                        let skip = match w & ((1 << TAG_BITS) - 1) {
                            ATOM => {
                                out.push(format!("atom {}", names(w >> TAG_BITS)));
                                0
                            }
                            FUNCTOR => {
                                out.push(format!("functor {}", names(w >> TAG_BITS)));
                                1
                            }
                            INT | FLOAT => {
                                out.push(w.to_string());
                                2
                            }
                            _ => {
                                out.push(w.to_string());
                                0
                            }
                        };
                        out.extend(ws[at..at + skip].iter().map(|w| w.to_string()));
                        at += skip;
                    }
                }
                out
            };
            let now = spell(&enc.words, &|i| enc.names[i as usize].clone());
            let built = spell(words, &|i| data::NAMES[i as usize].to_string());
            assert_eq!(now, built, "{name}");
        }
    }

    /// A clause built from its words is the one `ast_term` builds from its reading, to the
    /// cell.
    #[test]
    fn decoding_builds_what_reading_builds() {
        let mut m = crate::system::machine();
        for (name, text) in crate::system::LIBRARY.iter().copied() {
            let words = words_of(name).unwrap();
            let mut decoder = Decoder::new();
            let (mut at, mut pos) = (0, 0);
            while let ReadOutcome::Term { ast, end } = read_term(text, pos, &m.ops, &m.flags.read) {
                let mark = m.heap.top();
                let (read, _) = m.ast_term(&ast, false);
                let cells_read = m.heap.cells[mark..].to_vec();
                m.heap.truncate(mark);
                let (decoded, span) = decoder.clause(&mut m, words, &mut at).unwrap();
                let cells = m.heap.cells[mark..].to_vec();
                m.heap.truncate(mark);
                assert_eq!((read, ast.span), (decoded, span), "{name}");
                assert_eq!(cells_read, cells, "{name}");
                pos = end;
            }
            assert_eq!(at, words.len(), "{name}");
        }
    }
}
