//! Unit tests of how the system's own Prolog text is loaded: the clauses its build step read
//! (`src/build.rs`) are the ones reading the texts now gives, decoding them builds what reading
//! builds, and the library's clauses wait for their predicate's first call without any program
//! being able to tell (`machine/load/preread.rs`).

use super::{machine, system_texts, LIBRARY, PREREAD, TOPLEVEL};
use crate::machine::load::Decoder;
use crate::machine::Machine;
use crate::reader::preread::{Encoder, ATOM, FLOAT, FUNCTOR, HEADER, INT, TAG_BITS};
use crate::reader::{read_term, ReadFlags, ReadOutcome};

/// The predicate `name/arity`, which the library defines.
fn pid(m: &mut Machine, name: &str, arity: usize) -> u32 {
    let a = m.atoms.intern(name);
    m.lookup_pred(a, arity).expect("a library predicate")
}

#[test]
fn library_clauses_wait_for_their_first_call() {
    let mut m = machine();
    let append = pid(&mut m, "append", 3);
    assert!(m.services.loading.deferred.has(append));
    assert!(m.program.preds[append as usize].defined && m.program.preds[append as usize].library);
    assert!(m.succeeds("append([1], [2, 3], L), L == [1, 2, 3]"));
    assert!(!m.services.loading.deferred.has(append));
    // Not every predicate of the file: only the one called, and what it calls.
    let sum_list = pid(&mut m, "sum_list", 2);
    assert!(m.services.loading.deferred.has(sum_list));
}

/// `clause/2` sees the clauses of `lists.pl` as written there (lines 11-12: the empty
/// list, then `[H|T]`), before anything has called the predicate.
#[test]
fn clause_sees_waiting_clauses() {
    let mut m = machine();
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
    let mut m = machine();
    assert!(m.succeeds(
        "assertz(last(none, none)), findall(A, clause(last(A, _), _), [none]), \
         \\+ last([1, 2], _), sum_list([1, 2], 3), findall(A, clause(last(A, _), _), [none])"
    ));
}

/// A program's own definition of a library predicate replaces the waiting clauses for
/// good: calling another predicate of the same library file does not bring them back.
#[test]
fn a_program_definition_replaces_waiting_clauses() {
    let mut m = machine();
    m.consult_text("last(_, mine).\n", "user_last.pl", None);
    assert!(m.succeeds("last([1, 2], X), X == mine"));
    assert!(m.succeeds("sum_list([1, 2], 3), max_member(M, [1, 3, 2]), M == 3"));
    assert!(m.succeeds("last([1, 2], X), X == mine"));
    assert!(m.succeeds("findall(x, clause(last(_, _), _), [x])"));
}

/// The clauses the build step read from the system text `text`, loaded as `name`, are the
/// ones reading it now gives, with the operators the machine `m` has when it loads it and the
/// traditional quote flags the build step reads with.
fn assert_build_step_read(m: &Machine, name: &str, text: &str) {
    {
        let mut enc = Encoder::new();
        let mut pos = 0;
        while let ReadOutcome::Term { ast, end } =
            read_term(text, pos, &m.services.ops, &ReadFlags::traditional())
        {
            enc.clause(&ast).unwrap();
            pos = end;
        }
        let words = PREREAD.words_of(name).unwrap();
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
        let built = spell(words, &|i| PREREAD.names[i as usize].to_string());
        assert_eq!(now, built, "{name}");
    }
}

/// A clause built from its words is the one `ast_term` builds from its reading, to the
/// cell.
#[test]
fn decoding_builds_what_reading_builds() {
    let mut m = machine();
    for (name, text) in LIBRARY.iter().copied() {
        let words = PREREAD.words_of(name).unwrap();
        let mut decoder = Decoder::new(PREREAD.names);
        let (mut at, mut pos) = (0, 0);
        while let ReadOutcome::Term { ast, end } =
            read_term(text, pos, &m.services.ops, &ReadFlags::traditional())
        {
            let mark = m.stacks.heap.top();
            let (read, _) = m.ast_to_heap(&ast);
            let cells_read = m.stacks.heap.cells[mark..].to_vec();
            m.stacks.heap.truncate(mark);
            let (decoded, span) = decoder.clause(&mut m, words, &mut at).unwrap();
            let cells = m.stacks.heap.cells[mark..].to_vec();
            m.stacks.heap.truncate(mark);
            assert_eq!((read, ast.span), (decoded, span), "{name}");
            assert_eq!(cells_read, cells, "{name}");
            pos = end;
        }
        assert_eq!(at, words.len(), "{name}");
    }
}

/// The clauses the build step read are the ones reading each system text now gives.
#[test]
fn the_build_step_read_what_the_machine_reads() {
    let m = machine();
    let mut n = 0;
    for (name, text) in system_texts() {
        assert_build_step_read(&m, name, text);
        n += 1;
    }
    assert_eq!(n, LIBRARY.len() + 2);
    assert_eq!(TOPLEVEL.len(), 2);
}
