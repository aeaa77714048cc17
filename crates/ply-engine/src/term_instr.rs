//! The run-time half of `arg/3` and `functor/3` compiled in line: the `ArgOf` and `FunctorOf`
//! instructions.
//!
//! Each decides its commonest cases on the spot: an argument of a compound picked by a small
//! integer, the name and arity of a compound, a new compound of an atom and a small arity.
//! A new output variable receives its value in its register, so nothing is made on the heap for
//! it and nothing is bound or trailed. Every other case (an unbound `N`, an atomic `T`, a
//! number out of range, an error, a tracer that wants to see the call) becomes exactly the call
//! the compiler would otherwise have emitted: the three arguments in `X0..X2`, a new output made
//! on the heap as the native call's `PutVar` would have made it, and the same predicate called
//! the same way. This file must never decide anything the natives would decide otherwise.

use super::instr::{Operand, OperandKind, PredId, VOID};
use super::Machine;
use ply_term::{atom, Cell, Tag};

/// The largest arity `FunctorOf` builds a compound of itself; larger ones go to the native,
/// which checks them against the limits.
const INLINE_ARITY: i64 = 255;

impl Machine {
    /// Write `c` to output operand `o`: into its register when `fresh`, nowhere when it is
    /// [`VOID`], else by unifying it with the register's value.
    #[inline(always)]
    fn term_out(&mut self, o: Operand, fresh: bool, c: Cell) -> bool {
        if o == VOID {
            return true;
        }
        let OperandKind::Reg(r) = o.kind() else {
            return self.unify(self.operand(o), c);
        };
        if fresh {
            self.set_reg(r, c);
            true
        } else {
            let v = self.reg(r);
            self.unify(v, c)
        }
    }

    /// The cell argument `o` passes to the native: its value, or for a new or anonymous
    /// variable a new unbound variable (kept in its register when it has one).
    fn term_in(&mut self, o: Operand, fresh: bool) -> Cell {
        if o == VOID {
            return self.stacks.heap.new_var();
        }
        if fresh {
            let v = self.stacks.heap.new_var();
            if let OperandKind::Reg(r) = o.kind() {
                self.set_reg(r, v);
            }
            return v;
        }
        self.operand(o)
    }

    /// Execute `ArgOf`; returns false to backtrack, like a run-loop step.
    #[inline]
    pub(super) fn step_arg_of(
        &mut self,
        (n, t, a): (Operand, Operand, Operand),
        fresh: bool,
        pid: PredId,
        nregs: u32,
    ) -> bool {
        let nv = self.stacks.heap.deref(self.operand(n));
        let tv = self.stacks.heap.deref(self.operand(t));
        if nv.tag() == Tag::Int
            && self
                .services
                .attention
                .load(std::sync::atomic::Ordering::Relaxed)
                == 0
        {
            let i = nv.int_value();
            let arity = match tv.tag() {
                Tag::Str => self.stacks.heap.cells[tv.addr()].functor_arity() as i64,
                Tag::List => 2,
                _ => 0,
            };
            if i > 0 && i <= arity {
                let at = match tv.tag() {
                    Tag::Str => tv.addr() + i as usize,
                    _ => tv.addr() + i as usize - 1,
                };
                let x = self.stacks.heap.cells[at];
                self.stacks.inferences += 1;
                self.stacks.pc += 1;
                return self.term_out(a, fresh, x);
            }
        }
        let (nc, tc) = (self.operand(n), self.operand(t));
        let ac = self.term_in(a, fresh);
        self.stacks.x[0] = nc;
        self.stacks.x[1] = tc;
        self.stacks.x[2] = ac;
        self.call_redo(pid, nregs)
    }

    /// Execute `FunctorOf`; returns false to backtrack, like a run-loop step.
    #[inline]
    pub(super) fn step_functor_of(
        &mut self,
        (t, f, n): (Operand, Operand, Operand),
        fresh: u8,
        pid: PredId,
    ) -> bool {
        if self
            .services
            .attention
            .load(std::sync::atomic::Ordering::Relaxed)
            == 0
        {
            if let Some(ok) = self.functor_in_line((t, f, n), fresh) {
                self.stacks.inferences += 1;
                self.stacks.pc += 1;
                return ok;
            }
        }
        let tc = self.term_in(t, fresh & 1 != 0);
        let fc = self.term_in(f, fresh & 2 != 0);
        let nc = self.term_in(n, fresh & 4 != 0);
        self.stacks.x[0] = tc;
        self.stacks.x[1] = fc;
        self.stacks.x[2] = nc;
        self.call(pid, true)
    }

    /// The cases of `functor/3` decided here; `None` for the native's.
    #[inline(always)]
    fn functor_in_line(
        &mut self,
        (t, f, n): (Operand, Operand, Operand),
        fresh: u8,
    ) -> Option<bool> {
        let tv = if fresh & 1 == 0 && t != VOID {
            self.stacks.heap.deref(self.operand(t))
        } else {
            Cell::reference(0)
        };
        match tv.tag() {
            // A compound: its name and arity. One with no arguments (`foo()`) is an error,
            // which is the native's to raise.
            Tag::Str if self.stacks.heap.cells[tv.addr()].functor_arity() > 0 => {
                let g = self.stacks.heap.cells[tv.addr()];
                let name = Cell::atom(g.functor_name());
                let arity = Cell::int(g.functor_arity() as i64);
                Some(
                    self.term_out(f, fresh & 2 != 0, name)
                        && self.term_out(n, fresh & 4 != 0, arity),
                )
            }
            // An unbound term, a known atom and a known small arity: a new compound.
            Tag::Ref if fresh & 6 == 0 && f != VOID && n != VOID => {
                let fv = self.stacks.heap.deref(self.operand(f));
                let nv = self.stacks.heap.deref(self.operand(n));
                if fv.tag() != Tag::Atom || nv.tag() != Tag::Int {
                    return None;
                }
                let k = nv.int_value();
                if !(1..=INLINE_ARITY).contains(&k) || fv.atom_index() == atom::DOT && k == 2 {
                    return None;
                }
                let h = self
                    .stacks
                    .heap
                    .push_with_vars(Cell::functor(fv.atom_index(), k as usize), k as usize);
                let s = Cell::structure(h);
                Some(self.term_out(t, fresh & 1 != 0, s))
            }
            _ => None,
        }
    }
}
