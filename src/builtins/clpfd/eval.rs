//! `'$fd_ieval'(+E, -V)`: the value of a clpfd expression that holds no variable, so that a
//! constraint over integers already known (a loop counter, a labelled value) is plain
//! arithmetic, as SWI-Prolog's library compiles it, rather than a propagator posted and
//! entailed at once.
//!
//! The native answers only where the constraint and `is/2` agree: every leaf an integer, every
//! function one of clpfd's integer functions (`+ - * // div mod rem abs min max ^`, unary
//! minus and the bitwise `<< >> /\\ \\/ xor msb \\`). Anything else (a variable, a float, `/`, an unknown function) and any evaluation
//! error (a zero divisor, a negative power, a result too big) make it fail without binding,
//! and the constraint takes its general path, which fails or raises as it always did.

use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{Cell, Tag};
use ply_arith::Number;

/// Whether `name/arity` is one of clpfd's integer functions.
fn clpfd_function(name: &str, arity: usize) -> bool {
    match arity {
        1 => matches!(name, "-" | "abs" | "msb" | "\\"),
        2 => matches!(
            name,
            "+" | "-"
                | "*"
                | "//"
                | "div"
                | "mod"
                | "rem"
                | "min"
                | "max"
                | "^"
                | "<<"
                | ">>"
                | "/\\"
                | "\\/"
                | "xor"
        ),
        _ => false,
    }
}

/// Whether `e` is an integer expression of clpfd's functions with no variable. The walk keeps
/// its own stack (no recursion on the term's depth; a few cells inline, the common case) and
/// gives up after as many steps as the heap has cells, so a cyclic term is declined rather
/// than followed for ever.
fn integer_expression(m: &Machine, e: Cell) -> bool {
    let mut inline = [Cell(0); 8];
    let mut spill: Vec<Cell> = Vec::new();
    let mut len = 1;
    inline[0] = e;
    let mut steps = 0usize;
    loop {
        let c = if let Some(c) = spill.pop() {
            c
        } else if len > 0 {
            len -= 1;
            inline[len]
        } else {
            return true;
        };
        steps += 1;
        if steps > m.stacks.heap.cells.len() {
            return false;
        }
        let c = m.stacks.heap.deref(c);
        match c.tag() {
            Tag::Int => {}
            Tag::Boxed if m.is_integer(c) => {}
            Tag::Str => {
                let f = m.stacks.heap.functor_of(c);
                let arity = f.functor_arity();
                if !clpfd_function(m.atoms.name(f.functor_name()), arity) {
                    return false;
                }
                for i in 0..arity {
                    let arg = m.stacks.heap.arg(c, i);
                    if len < inline.len() {
                        inline[len] = arg;
                        len += 1;
                    } else {
                        spill.push(arg);
                    }
                }
            }
            _ => return false,
        }
    }
}

/// The value of `e` as a cell, or `None` where the constraint path must decide.
fn value(m: &mut Machine, e: Cell) -> Option<Cell> {
    let e = m.stacks.heap.deref(e);
    if e.tag() == Tag::Int {
        return Some(e);
    }
    if !integer_expression(m, e) {
        return None;
    }
    match m.eval(e) {
        Ok(n @ (Number::Int(_) | Number::Big(_))) => Some(m.number_cell(n)),
        _ => None,
    }
}

/// `'$fd_values'(+X, +Y, -VX, -VY)`: the values of two expressions without variables, for the
/// comparisons (`X #< Y :- '$fd_values'(X, Y, A, B), !, A < B.`).
pub(super) fn values(m: &mut Machine, a: &[Cell]) -> Res {
    let Some(x) = value(m, a[0]) else {
        return Ok(false);
    };
    let Some(y) = value(m, a[1]) else {
        return Ok(false);
    };
    Ok(m.unify(x, a[2]) && m.unify(y, a[3]))
}

/// `'$fd_eq_values'(+X, +Y, -VX, -VY)`: for `X #= Y`, the two sides to unify where at most one
/// is a variable and the other's value is known: a variable side is answered as itself, so
/// the library's `VX = VY` binds it (waking its constraints, if it has any) as the constraint
/// would.
pub(super) fn eq_values(m: &mut Machine, a: &[Cell]) -> Res {
    let x = m.stacks.heap.deref(a[0]);
    let y = m.stacks.heap.deref(a[1]);
    let (vx, vy) = if x.tag() == Tag::Ref {
        match value(m, y) {
            Some(vy) => (x, vy),
            None => return Ok(false),
        }
    } else if y.tag() == Tag::Ref {
        match value(m, x) {
            Some(vx) => (vx, y),
            None => return Ok(false),
        }
    } else {
        match (value(m, x), value(m, y)) {
            (Some(vx), Some(vy)) => (vx, vy),
            _ => return Ok(false),
        }
    };
    Ok(m.unify(vx, a[2]) && m.unify(vy, a[3]))
}
