//! The fact decompiler against the stored term: seeded random facts of every kind of argument
//! are compiled as `assertz/1` compiles them, with the fast paths on and off, and each clause's
//! code read back must give the stored term of the head it was compiled from, cell for cell,
//! or `None` exactly when the fact has an argument the decompiler does not read (a compound, a
//! list, a big integer, a string, and with the fast paths off a float, which is then matched
//! through a template). A fact read back is kept in its code, with no stored term, and the
//! cells its readers see (`Clause::cells`) are still that head's.

use super::{read_args, Arg};
use crate::db::{HeadKeys, PredKind, TermCells};
use crate::instr::Instr;
use crate::test_rng::Rng;
use crate::Machine;
use ply_term::{atom, Cell, Heap, StoredTerm};

/// Floats a fact may hold that a decompiler could get wrong: signed zeros, infinities, a NaN,
/// the smallest subnormal and a value with every mantissa bit.
const FLOATS: [f64; 8] = [
    0.0,
    -0.0,
    1.0,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    f64::MIN_POSITIVE / 4.0,
    -12_120.718_281_828_459,
];

/// The head `name(A1, ..., An)` of the fact of `arity` arguments (at least one) whose code is
/// `code`, from its first instruction to its last, laid out as the stored term the fact was
/// compiled from (`StoredTerm::from_heap` of that term), or `None` when the code holds
/// something this does not read back. It is built on `heap` above its top and copied out;
/// the heap is left as it was. What [`super::fact_cells`] is checked against: what the heap
/// and the stored term's own copy make of the arguments.
fn fact_term(code: &[Instr], name: u32, arity: usize, heap: &mut Heap) -> Option<StoredTerm> {
    if arity == 0 {
        // `foo` and `foo()` compile alike: only the stored term tells them apart.
        return None;
    }
    let mut args = vec![Arg::Var; arity];
    if read_args(code, &mut args)? != code.len() {
        return None;
    }
    let top = heap.top();
    let mut cells = Vec::with_capacity(arity);
    for a in &args {
        let cell = match *a {
            Arg::Var => heap.new_var(),
            Arg::Const(c) => c,
            Arg::Float(x) => heap.float(f64::from_bits(x)),
            Arg::Same(j) => cells[j as usize],
        };
        cells.push(cell);
    }
    let root = heap.compound(name, &cells);
    let term = StoredTerm::from_heap(heap, root);
    heap.truncate(top);
    Some(term)
}

/// A random argument: mostly what the decompiler reads, sometimes what it must refuse. Its
/// variables are taken from `vars` or added there. Answers whether the argument is one the
/// decompiler reads when it is compiled with the fast paths `fast`: with them off, a float is
/// matched through a template, which the decompiler refuses.
fn arg(m: &mut Machine, r: &mut Rng, vars: &mut Vec<Cell>, fast: bool) -> (Cell, bool) {
    match r.below(12) {
        0 | 1 => {
            let names = [atom::NIL, atom::TRUE, atom::DOT, atom::MINUS];
            (Cell::atom(names[r.below(4) as usize]), true)
        }
        2 => {
            let ints = [0, -1, 1, i64::from(i32::MAX), -(1 << 40), 7919];
            (Cell::int(ints[r.below(6) as usize]), true)
        }
        3 => (Cell::int(r.below(2000) as i64 - 1000), true),
        4 | 5 => (m.stacks.heap.float(FLOATS[r.below(8) as usize]), fast),
        6..=8 => {
            if vars.is_empty() || r.below(2) == 0 {
                let v = m.stacks.heap.new_var();
                vars.push(v);
                (v, true)
            } else {
                (vars[r.below(vars.len() as u64) as usize], true)
            }
        }
        9 => (m.stacks.heap.string("s"), false),
        10 => {
            let big = dashu_int::IBig::from(1u64 << 62) * 5;
            (m.stacks.heap.bigint(&big), false)
        }
        _ => {
            let x = Cell::int(r.below(9) as i64);
            (m.stacks.heap.compound(atom::MINUS, &[x]), false)
        }
    }
}

/// What the last clause of `name/arity`, compiled from `head`, says: the cells every reader
/// of it sees (`Clause::cells`), what its code reads back as by [`fact_term`], whether it is
/// kept in its code with no stored term, and the stored term of `head` itself.
struct Read {
    cells: Vec<Cell>,
    decoded: Option<Vec<Cell>>,
    in_code: bool,
    head: Vec<Cell>,
}

fn read_last(m: &mut Machine, name: u32, arity: usize, head: Cell) -> Read {
    let pid = m.lookup_pred(name, arity).expect("the predicate exists");
    let PredKind::Clauses(list) = &m.program.preds[pid as usize].kind else {
        panic!("a predicate of clauses");
    };
    let c = list.clauses.iter().last().expect("a clause").clone();
    let code = &m.program.code[c.start()..c.start() + c.code_len() as usize];
    let decoded = fact_term(code, name, arity, &mut m.stacks.heap);
    let cells = c.cells(&m.program.code).to_vec();
    // What the indexes read of it, and what they read of its cells (the same answers, whether
    // read from the code's key codes or from cells).
    let keys = key_answers(&c.keys(&m.program.code));
    assert_eq!(keys, key_answers(&HeadKeys::Stored(&cells)));
    // `clause/2`'s copy onto the heap, made straight from the code or from the cells.
    let top = m.stacks.heap.top();
    c.to_heap(&m.program.code, &mut m.stacks.heap);
    let direct = m.stacks.heap.cells[top..].to_vec();
    m.stacks.heap.truncate(top);
    TermCells::Stored(&cells).to_heap(&mut m.stacks.heap);
    assert_eq!(direct, m.stacks.heap.cells[top..]);
    m.stacks.heap.truncate(top);
    Read {
        cells,
        decoded: decoded.map(|t| t.cells),
        in_code: c.in_code(),
        head: StoredTerm::from_heap(&m.stacks.heap, head).cells,
    }
}

/// Every answer the indexes ask a clause's keys for: the first key, the columns, the keyed
/// arguments and places, and the key codes at places one to three steps deep.
fn key_answers(k: &HeadKeys) -> Vec<u64> {
    let mut out = vec![
        k.key_code(),
        k.arg_columns() as u64,
        k.deep_columns() as u64,
    ];
    out.extend((0..64).map(|col| k.column_code(col)));
    out.push(k.keyed_args(64));
    out.push(k.keyed_args(3));
    k.keyed_places(4, 8, |steps| {
        out.extend(steps.iter().map(|&s| u64::from(s) + 1000))
    });
    for a in 0..9u8 {
        out.extend([k.code_at(&[a]), k.code_at(&[a, 0]), k.code_at(&[a, 1, 2])]);
    }
    out
}

#[test]
fn random_facts_read_back_from_their_code_as_their_stored_terms() {
    for fast in [true, false] {
        let mut m = Machine::bare();
        m.services.fast_paths = fast;
        let mut r = Rng(0x2545_f491_4f6c_dd1d);
        let (mut read, mut refused) = (0, 0);
        for n in 0..4000 {
            let mut vars = Vec::new();
            let arity = 1 + r.below(7) as usize;
            // One predicate per arity and a handful of names, so clauses pile up in lists.
            let name = atom::MINUS + (n % 3) as u32;
            let mut readable = true;
            let args: Vec<Cell> = (0..arity)
                .map(|_| {
                    let (a, ok) = arg(&mut m, &mut r, &mut vars, fast);
                    readable &= ok;
                    a
                })
                .collect();
            let head = m.stacks.heap.compound(name, &args);
            let text = m.format_term(head, true, 0);
            m.compile_clause(head, true).expect("a fact compiles");
            let top = m.stacks.heap.top();
            let got = read_last(&mut m, name, arity, head);
            assert_eq!(m.stacks.heap.top(), top, "the heap is left as it was");
            // Whether kept in its code or not, every reader sees the term it was made from.
            assert_eq!(got.cells, got.head, "{text} (fast paths {fast})");
            // A fact the code says exactly keeps no stored term.
            assert_eq!(got.in_code, readable, "{text} (fast paths {fast})");
            match got.decoded {
                Some(cells) => {
                    assert!(
                        readable,
                        "{text} read back though it holds a compound or box"
                    );
                    assert_eq!(cells, got.head, "{text} (fast paths {fast})");
                    read += 1;
                }
                None => {
                    assert!(!readable, "{text} not read back (fast paths {fast})");
                    refused += 1;
                }
            }
        }
        // Both kinds were met often enough for the test to mean something.
        assert!(
            read > 500 && refused > 500,
            "{read} read back, {refused} refused"
        );
    }
}

#[test]
fn a_fact_without_arguments_keeps_its_term() {
    let mut m = Machine::bare();
    let name = m.atoms.intern("done");
    m.compile_clause(Cell::atom(name), true)
        .expect("a fact compiles");
    let got = read_last(&mut m, name, 0, Cell::atom(name));
    assert_eq!((got.decoded, got.in_code), (None, false));
    assert_eq!(got.cells, vec![Cell::atom(name)]);
}

#[test]
fn a_float_reads_back_with_its_bits() {
    // -0.0 is not 0.0 and a NaN keeps its payload: the box holds the code's bits unchanged.
    let mut m = Machine::bare();
    let name = m.atoms.intern("p");
    let nan = f64::from_bits(0x7ff8_0000_0000_1234);
    let args = [
        m.stacks.heap.float(-0.0),
        m.stacks.heap.float(nan),
        Cell::int(3),
    ];
    let head = m.stacks.heap.compound(name, &args);
    m.compile_clause(head, true).expect("a fact compiles");
    let got = read_last(&mut m, name, 3, head);
    let decoded = got.decoded.expect("read back");
    assert_eq!(decoded, got.head);
    assert_eq!(got.cells, got.head);
    assert!(got.in_code);
    assert!(decoded.contains(&Cell(nan.to_bits())));
    assert!(decoded.contains(&Cell((-0.0f64).to_bits())));
}
