//! A fact's head read back from its code: the term a fact of constants, floats and variables
//! was compiled from, rebuilt from the head instructions alone.
//!
//! A clause is kept as its stored term (`ClauseTerm`, which `clause/2`, `retract/1`,
//! `listing/1` and the index builders read) and as its code (which calls run). SWI-Prolog
//! keeps only the code and decompiles it when a clause is asked for; this is that decompiler
//! for the facts that make up the large fact bases (WordNet, Mondial, asserted tables): every argument an atom, a small integer, a float or a variable. It reads the code
//! `compile/fact.rs` and the general compiler write for such a fact, paired or not
//! (`GetConst2`, `GetFloat2`, `GetConstFloat` and their `Proceed` forms, or one `GetConst` or
//! `GetFloat` an argument and a `Proceed` with the fast paths off), and a variable met again
//! (`GetVal` of the argument register where it was first met). Any other instruction means
//! the code holds something this does not read back (a compound, a big integer, a string), and
//! the answer is `None`: such a fact must keep its stored term. The unit tests hold the term
//! read back to the stored term, cell for cell, for facts of every shape both ways. A fact
//! whose code reads back as its stored term keeps no stored term (`ClauseTerm::in_code`):
//! every reader of its cells reads them back through [`fact_cells`] (`TermCells::of`), and
//! the indexes read its keys through [`arg_key`] and [`bound_args`] (`HeadKeys`), with no
//! cells made.

use super::clause_term::{MAX_FACT_ARGS, MAX_FACT_CELLS};
use crate::instr::{Instr, Reg, FLOAT_FIRST};
use ply_term::{boxed_key_code, BoxKind, Cell, Heap};

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

/// The arguments of the fact of `arity` arguments whose code starts at `code[0]`, into
/// `args` (`arity` long, every entry [`Arg::Var`]), and how many instructions its code is;
/// `None` when the code is not one this reads back exactly. The code ends at its first
/// `Proceed` or `...Proceed` form, which must come within `arity + 1` instructions.
fn read_args(code: &[Instr], args: &mut [Arg]) -> Option<usize> {
    let arity = args.len();
    let mut set = |i: u32, a: Arg| -> Option<()> {
        let slot = args.get_mut(i as usize)?;
        // An argument is named once; a second instruction for it is code this does not know.
        (*slot == Arg::Var).then(|| *slot = a)
    };
    let mut len = None;
    for (n, instr) in code.iter().take(arity + 1).enumerate() {
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
            Instr::Proceed => {}
            Instr::GetConstProceed(c, i) => set(i, Arg::Const(c))?,
            Instr::GetFloatProceed(x, i) => set(i, Arg::Float(x))?,
            Instr::GetConst2Proceed(i, c, d) => {
                set(i, Arg::Const(c))?;
                set(i.checked_add(1)?, Arg::Const(d))?;
            }
            Instr::GetFloat2Proceed(i, x, y) => {
                set(i, Arg::Float(x))?;
                set(i.checked_add(1)?, Arg::Float(y))?;
            }
            Instr::GetConstFloatProceed(w, c, x) => const_float(&mut set, w, c, x)?,
            _ => return None,
        }
        if matches!(
            instr,
            Instr::Proceed
                | Instr::GetConstProceed(..)
                | Instr::GetFloatProceed(..)
                | Instr::GetConst2Proceed(..)
                | Instr::GetFloat2Proceed(..)
                | Instr::GetConstFloatProceed(..)
        ) {
            len = Some(n + 1);
            break;
        }
    }
    let len = len?;
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
    Some(len)
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

/// The cells of the head `name(A1, ..., An)` of the fact of `arity` arguments (1 to
/// [`MAX_FACT_ARGS`]) whose code starts at `code[0]`, written into `out` as the stored term lays
/// them out (the root, the functor, the arguments, then each float's box in the order of the
/// arguments); returns how many, or `None` when the code is not one this reads back. With no
/// heap and no allocation: the indexes read a fact's keys through it.
pub fn fact_cells(
    code: &[Instr],
    name: u32,
    arity: usize,
    out: &mut [Cell; MAX_FACT_CELLS],
) -> Option<usize> {
    if arity == 0 || arity > MAX_FACT_ARGS {
        return None;
    }
    let mut args = [Arg::Var; MAX_FACT_ARGS];
    let args = &mut args[..arity];
    read_args(code, args)?;
    out[0] = Cell::structure(1);
    out[1] = Cell::functor(name, arity);
    let mut len = 2 + arity;
    for (i, a) in args.iter().enumerate() {
        out[2 + i] = match *a {
            Arg::Var => Cell::reference(2 + i),
            Arg::Const(c) => c,
            Arg::Float(x) => {
                out[len] = Cell::header(BoxKind::Float, 1);
                out[len + 1] = Cell(x);
                len += 2;
                Cell::boxed(len - 2)
            }
            Arg::Same(j) => Cell::reference(2 + j as usize),
        };
    }
    Some(len)
}

/// Which arguments of the fact whose code starts at `code[0]` are not variables, as bits:
/// those its instructions name with a constant or a float (a `GetVal` names a variable met
/// again). Read as [`arg_key`] reads, on a code [`fact_cells`] reads back; what the indexes
/// ask of every clause of a list to know where some clause has a key.
pub fn bound_args(code: &[Instr]) -> u64 {
    let mut bits = 0u64;
    for instr in code {
        let (named, last) = match *instr {
            Instr::GetConst(_, i) | Instr::GetFloat(_, i) => (1u64 << (i & 63), false),
            Instr::GetConstProceed(_, i) | Instr::GetFloatProceed(_, i) => (1 << (i & 63), true),
            Instr::GetConst2(i, ..) | Instr::GetFloat2(i, ..) => (3u64 << (i & 63), false),
            Instr::GetConst2Proceed(i, ..) | Instr::GetFloat2Proceed(i, ..) => {
                (3 << (i & 63), true)
            }
            Instr::GetConstFloat(w, ..) => (3u64 << (w & !FLOAT_FIRST & 63), false),
            Instr::GetConstFloatProceed(w, ..) => (3 << (w & !FLOAT_FIRST & 63), true),
            Instr::Proceed => (0, true),
            _ => (0, false),
        };
        bits |= named;
        if last {
            break;
        }
    }
    bits
}

/// The head of the fact whose code starts at `code[0]` (`name` and `arity` as for
/// [`fact_cells`]) copied onto `heap` with fresh variables, as `StoredTerm::to_heap` copies
/// the cells [`fact_cells`] gives, written straight onto the heap with no buffer between:
/// `clause/2` and `retract/1` read every fact they meet this way. Returns its root, or `None`
/// (the heap as it was) when the code is not one [`fact_cells`] reads back.
pub fn fact_to_heap(code: &[Instr], name: u32, arity: usize, heap: &mut Heap) -> Option<Cell> {
    if arity == 0 || arity > MAX_FACT_ARGS {
        return None;
    }
    let mut args = [Arg::Var; MAX_FACT_ARGS];
    let args = &mut args[..arity];
    read_args(code, args)?;
    let base = heap.top();
    let cells = &mut heap.cells;
    cells.push(Cell::structure(base + 1));
    cells.push(Cell::functor(name, arity));
    let mut boxes = base + 2 + arity;
    for (i, a) in args.iter().enumerate() {
        let cell = match *a {
            Arg::Var => Cell::reference(base + 2 + i),
            Arg::Const(c) => c,
            Arg::Float(_) => {
                boxes += 2;
                Cell::boxed(boxes - 2)
            }
            Arg::Same(j) => Cell::reference(base + 2 + j as usize),
        };
        cells.push(cell);
    }
    for a in args.iter() {
        if let Arg::Float(x) = *a {
            cells.push(Cell::header(BoxKind::Float, 1));
            cells.push(Cell(x));
        }
    }
    Some(cells[base])
}

/// The [`Key::code`](crate::db::Key::code) of argument `i` of the fact whose code starts at
/// `code[0]`, as its cells would give it (a float's is the hash of its box), 0 for a variable,
/// found by reading only as far as the instruction that names it: what a first-argument key
/// or an index's column asks of a fact kept in its code, once per clause. The code is one
/// [`fact_cells`] reads back (the clause was kept in its code for it), so an argument no
/// instruction names is a variable met there first.
pub fn arg_key(code: &[Instr], i: u32) -> u64 {
    let float = |x: u64| boxed_key_code(&[Cell::header(BoxKind::Float, 1), Cell(x)], 0);
    for instr in code {
        let (key, last) = match *instr {
            Instr::GetConst(c, j) | Instr::GetConstProceed(c, j) if j == i => (c.0, true),
            Instr::GetFloat(x, j) | Instr::GetFloatProceed(x, j) if j == i => (float(x), true),
            Instr::GetConst2(j, c, d) | Instr::GetConst2Proceed(j, c, d)
                if i.wrapping_sub(j) < 2 =>
            {
                (if i == j { c.0 } else { d.0 }, true)
            }
            Instr::GetFloat2(j, x, y) | Instr::GetFloat2Proceed(j, x, y)
                if i.wrapping_sub(j) < 2 =>
            {
                (float(if i == j { x } else { y }), true)
            }
            Instr::GetConstFloat(w, c, x) | Instr::GetConstFloatProceed(w, c, x)
                if i.wrapping_sub(w & !FLOAT_FIRST) < 2 =>
            {
                let first = i == w & !FLOAT_FIRST;
                if first == (w & FLOAT_FIRST != 0) {
                    (float(x), true)
                } else {
                    (c.0, true)
                }
            }
            Instr::GetVal(_, j) if j == i => (0, true),
            Instr::Proceed
            | Instr::GetConstProceed(..)
            | Instr::GetFloatProceed(..)
            | Instr::GetConst2Proceed(..)
            | Instr::GetFloat2Proceed(..)
            | Instr::GetConstFloatProceed(..) => (0, true),
            _ => (0, false),
        };
        if last {
            return key;
        }
    }
    0
}

#[cfg(test)]
mod tests;
