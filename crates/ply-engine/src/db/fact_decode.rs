//! A fact's head read back from its code: the term a fact of constants, floats and variables
//! was compiled from, rebuilt from the head instructions alone.
//!
//! A fact is kept twice today, as its stored term (`ClauseTerm`, which `clause/2`,
//! `retract/1`, `listing/1` and the index builders read) and as its head code (which calls
//! run). SWI-Prolog keeps only the code and decompiles it when a clause is asked for; this is
//! that decompiler for the facts that make up the large fact bases (WordNet, Mondial, asserted
//! tables): every argument an atom, a small integer, a float or a variable. It reads the code
//! `compile/fact.rs` and the general compiler write for such a fact, paired or not
//! (`GetConst2`, `GetFloat2`, `GetConstFloat` and their `Proceed` forms, or one `GetConst` or
//! `GetFloat` an argument and a `Proceed` with the fast paths off), and a variable met again
//! (`GetVal` of the argument register where it was first met). Any other instruction means
//! the code holds something this does not read back (a compound, a big integer, a string), and
//! the answer is `None`: such a fact must keep its stored term. The unit tests hold the term
//! read back to the stored term, cell for cell, for facts of every shape both ways. Nothing
//! reads facts through it yet: the stored term goes only once every reader of it (the index
//! builders among them) can decode from the code instead.

use crate::instr::{Instr, Reg, FLOAT_FIRST};
use ply_term::{Cell, Heap, StoredTerm};

/// What the code says of one argument of the head.
#[derive(Clone, Copy, PartialEq)]
enum Arg {
    /// No instruction names it: a variable met here first (or only here).
    Var,
    /// An atom or small integer, the cell itself.
    Const(Cell),
    /// A float, its bits.
    Float(u64),
    /// The variable first met in the argument given.
    Same(u32),
}

/// The arguments of the fact of `arity` arguments whose code is `code` (its head instructions
/// to its end), or `None` when the code is not one this reads back exactly.
fn read_args(code: &[Instr], arity: usize) -> Option<Vec<Arg>> {
    let mut args = vec![Arg::Var; arity];
    let mut set = |i: u32, a: Arg| -> Option<()> {
        let slot = args.get_mut(i as usize)?;
        // An argument is named once; a second instruction for it is code this does not know.
        (*slot == Arg::Var).then(|| *slot = a)
    };
    let mut ended = false;
    for (n, instr) in code.iter().enumerate() {
        let last = n + 1 == code.len();
        match *instr {
            Instr::GetConst(c, i) => set(i, Arg::Const(c))?,
            Instr::GetFloat(x, i) => set(i, Arg::Float(x))?,
            Instr::GetConst2(i, c, d) => {
                set(i, Arg::Const(c))?;
                set(i.checked_add(1)?, Arg::Const(d))?;
            }
            Instr::GetFloat2(i, x, y) => {
                set(i, Arg::Float(x))?;
                set(i.checked_add(1)?, Arg::Float(y))?;
            }
            Instr::GetConstFloat(w, c, x) => const_float(&mut set, w, c, x)?,
            Instr::GetVal(Reg::X(j), i) if (j as usize) < arity && j != i => {
                set(i, Arg::Same(j))?;
            }
            Instr::Proceed if last => ended = true,
            Instr::GetConstProceed(c, i) if last => {
                set(i, Arg::Const(c))?;
                ended = true;
            }
            Instr::GetFloatProceed(x, i) if last => {
                set(i, Arg::Float(x))?;
                ended = true;
            }
            Instr::GetConst2Proceed(i, c, d) if last => {
                set(i, Arg::Const(c))?;
                set(i.checked_add(1)?, Arg::Const(d))?;
                ended = true;
            }
            Instr::GetFloat2Proceed(i, x, y) if last => {
                set(i, Arg::Float(x))?;
                set(i.checked_add(1)?, Arg::Float(y))?;
                ended = true;
            }
            Instr::GetConstFloatProceed(w, c, x) if last => {
                const_float(&mut set, w, c, x)?;
                ended = true;
            }
            _ => return None,
        }
    }
    if !ended {
        return None;
    }
    // A variable met again is the one first met in an argument no instruction names: an
    // argument register that held a constant or another variable's copy is code this does
    // not know.
    for (i, a) in args.iter().enumerate() {
        if let Arg::Same(j) = *a {
            if args[j as usize] != Arg::Var || j as usize >= i {
                return None;
            }
        }
    }
    Some(args)
}

/// The two arguments of a `GetConstFloat(w, c, x)`, set through `set`.
fn const_float(
    set: &mut impl FnMut(u32, Arg) -> Option<()>,
    w: u32,
    c: Cell,
    x: u64,
) -> Option<()> {
    let i = w & !FLOAT_FIRST;
    let next = i.checked_add(1)?;
    if w & FLOAT_FIRST != 0 {
        set(i, Arg::Float(x))?;
        set(next, Arg::Const(c))
    } else {
        set(i, Arg::Const(c))?;
        set(next, Arg::Float(x))
    }
}

/// The head `name(A1, ..., An)` of the fact of `arity` arguments (at least one) whose code is
/// `code`, from its first instruction to its last, laid out as the stored term the fact was
/// compiled from (`StoredTerm::from_heap` of that term), or `None` when the code holds
/// something this does not read back. It is built on `heap` above its top and copied out;
/// the heap is left as it was.
pub fn fact_term(code: &[Instr], name: u32, arity: usize, heap: &mut Heap) -> Option<StoredTerm> {
    if arity == 0 {
        // `foo` and `foo()` compile alike: only the stored term tells them apart.
        return None;
    }
    let args = read_args(code, arity)?;
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

#[cfg(test)]
mod tests;
