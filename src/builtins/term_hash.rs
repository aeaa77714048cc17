//! `term_hash/2`: a hash key for a ground term, as SWI-Prolog gives one, for programs that
//! index their own tables by term.
//!
//! The hash is read from what the term says, never from where it lies: atoms by their text (an
//! atom's index may change when the atom collector frees and reuses it), numbers by value and
//! strings by their bytes, so two terms equal under `==/2` hash alike for the whole run, and
//! across runs too. The walk is a loop over an explicit stack and must never recurse on term
//! depth; a cyclic term is walked once per node past the bound that no acyclic term reaches.

use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::cycles::{is_node, push_args, NodeGuard};
use crate::term::scratch::CellStack;
use crate::term::{BoxKind, Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("term_hash", 2, term_hash);
}

/// `term_hash(+Term, -Hash)`: `Hash` is a non-negative integer when `Term` is ground; otherwise
/// it is left unbound and the call succeeds, as in SWI-Prolog.
fn term_hash(m: &mut Machine, a: &[Cell]) -> Res {
    if !crate::term::variables::is_ground(&m.stacks.heap, a[0]) {
        return Ok(true);
    }
    let h = hash_ground(m, a[0]);
    // Kept to 31 bits so that the key is the same small integer on every platform and stays
    // within the range SWI-Prolog's keys fall in.
    let key = Cell::int((h ^ (h >> 31) ^ (h >> 62)) as i64 & 0x7fff_ffff);
    Ok(m.unify(a[1], key))
}

/// The 64-bit FNV-1a state: simple, fast, and fixed by its published constants, so a key does
/// not change between runs or builds.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(&mut self, bs: &[u8]) {
        for &b in bs {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn word(&mut self, w: u64) {
        self.bytes(&w.to_le_bytes());
    }
}

/// Hash ground term `t` node by node, depth first and left to right. Each node's kind goes in
/// before its contents, and texts end with their length, so that no two different terms feed
/// the same byte sequence.
fn hash_ground(m: &Machine, t: Cell) -> u64 {
    let mut h = Fnv::new();
    let mut guard = NodeGuard::new(&m.stacks.heap);
    let mut stack = CellStack::lend();
    stack.push(t);
    while let Some(c) = stack.pop() {
        let c = m.stacks.heap.deref(c);
        match c.tag() {
            Tag::Atom => {
                let name = m.atoms.name(c.atom_index());
                h.bytes(b"a");
                h.bytes(name.as_bytes());
                h.word(name.len() as u64);
            }
            Tag::Int => {
                h.bytes(b"i");
                h.word(c.int_value() as u64);
            }
            Tag::Boxed => match m.stacks.heap.box_kind(c) {
                BoxKind::Float => {
                    h.bytes(b"f");
                    h.word(m.stacks.heap.float_value(c).to_bits());
                }
                BoxKind::BigInt => {
                    let (negative, digits) = m.stacks.heap.bigint_words(c);
                    h.bytes(if negative { b"-" } else { b"+" });
                    for d in digits {
                        h.word(*d);
                    }
                    h.word(digits.len() as u64);
                }
                BoxKind::Str => {
                    let s = m.stacks.heap.string_value(c);
                    h.bytes(b"s");
                    h.bytes(s.as_bytes());
                    h.word(s.len() as u64);
                }
            },
            Tag::Str | Tag::List => {
                // Past the bound only a cyclic term (or one of heavy sharing) is still being
                // walked: a node met again then adds a mark instead of its contents once more.
                if !guard.enter(c) {
                    h.bytes(b"@");
                    continue;
                }
                if c.tag() == Tag::Str {
                    let f = m.stacks.heap.cells[c.addr()];
                    let name = m.atoms.name(f.functor_name());
                    h.bytes(b"c");
                    h.bytes(name.as_bytes());
                    h.word(name.len() as u64);
                    h.word(f.functor_arity() as u64);
                } else {
                    h.bytes(b"l");
                }
                debug_assert!(is_node(c));
                push_args(&m.stacks.heap, c, &mut stack);
            }
            // A ground term has no unbound variable, and the heap's other cells are never the
            // value of a term.
            _ => h.bytes(b"?"),
        }
    }
    h.0
}
