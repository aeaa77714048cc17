//! Loading the system's own Prolog text from the clauses the build step read
//! (`reader/preread.rs`, `src/build.rs`): each clause is built on the heap from its words,
//! as `Machine::ast_term` would build it from the reader's output, and loaded as
//! `consult_text` loads a clause it read.
//!
//! Building is the same to the cell: the clause's variables first, then its nodes in the same
//! order, with each name interned where reading would intern it, so atom numbers, heap layout
//! and everything compiled from them are what reading the text gives. It must only ever be
//! given words made from the very `text` it is loaded with.

use crate::machine::Machine;
use crate::reader::ast::Span;
use crate::reader::preread::{ATOM, CONS, FLOAT, FUNCTOR, HEADER, INT, TAG_BITS, VAR};
use crate::term::Cell;

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

impl Machine {
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
            decoder.clause(m, words, &mut at)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::preread::Encoder;
    use crate::reader::{read_term, ReadOutcome};

    /// The clauses the build step read are the ones reading the text now gives, with the
    /// operators and flags the machine has when it loads it.
    #[test]
    fn the_build_step_read_what_the_machine_reads() {
        let m = Machine::new();
        let texts = super::super::super::boot::LIBRARY.iter().copied().chain([
            ("commands.pl", crate::toplevel::commands::COMMANDS_SOURCE),
            ("debugger.pl", crate::toplevel::debugger::TRACER_SOURCE),
        ]);
        for (name, text) in texts {
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
        let mut m = Machine::new();
        for (name, text) in crate::machine::boot::LIBRARY.iter().copied() {
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
