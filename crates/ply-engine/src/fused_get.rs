//! The run loop's steps for the head instructions that do two or three instructions' work
//! (`Instr::GetConstProceed`, `Instr::GetStructConst`, `Instr::GetConst2`, the list pairs
//! `Instr::GetListVars` and `Instr::GetListValVar`) and `Instr::GetFloat`: fast paths that
//! make a clause's code shorter, one instruction less per fact, so that a million asserted
//! facts take less memory, and two dispatches less per list cell a head takes apart or builds.
//! Each must leave the machine as the instructions it stands for would (but for the
//! structure pointer and the read/write mode, which only the `Unify*` instructions it replaces
//! would read). `GetConst` itself is here too, as the step the others are built from.

use super::instr::{Instr, Reg, FLOAT_FIRST};
use super::Machine;
use ply_term::{BoxKind, Cell, Tag};

impl Machine {
    /// `GetList(ai)`, `UnifyVar(head)`, `UnifyVar(tail)`: a head argument `[H|T]` of two new
    /// variables.
    #[inline(always)]
    pub(crate) fn get_list_vars(&mut self, ai: u32, head: Reg, tail: Reg) -> bool {
        self.stacks.pc += 1;
        let d = self.stacks.heap.deref(self.arg_reg(ai));
        match d.tag() {
            Tag::List => {
                let a = d.addr();
                let (h, t) = (self.stacks.heap.cells[a], self.stacks.heap.cells[a + 1]);
                self.set_reg(head, h);
                self.set_reg(tail, t);
                true
            }
            Tag::Ref => {
                let a = self.stacks.heap.push_two_vars();
                self.bind(d, Cell::list(a));
                self.set_reg(head, Cell::reference(a));
                self.set_reg(tail, Cell::reference(a + 1));
                true
            }
            _ => false,
        }
    }

    /// `GetList(ai)`, `UnifyVal(head)`, `UnifyVar(tail)`: a head argument `[X|T]` whose `X`
    /// is met before, as the three do it. A list pair is unified with `X` at its head, and
    /// `tail` set only when that succeeds; an unbound argument is bound to a new pair holding
    /// `X` and a new variable, which is the register's (variables live on the heap only, so
    /// `X` may be written into the pair as it is).
    #[inline(always)]
    pub(crate) fn get_list_val_var(&mut self, ai: u32, head: Reg, tail: Reg) -> bool {
        self.stacks.pc += 1;
        let d = self.stacks.heap.deref(self.arg_reg(ai));
        match d.tag() {
            Tag::List => {
                let a = d.addr();
                let (v, h) = (self.reg(head), self.stacks.heap.cells[a]);
                if !self.unify(v, h) {
                    return false;
                }
                let t = self.stacks.heap.cells[a + 1];
                self.set_reg(tail, t);
                true
            }
            Tag::Ref => {
                let v = self.reg(head);
                let a = self.stacks.heap.push_two_vars();
                self.stacks.heap.cells[a] = v;
                self.bind(d, Cell::list(a));
                self.set_reg(tail, Cell::reference(a + 1));
                true
            }
            _ => false,
        }
    }

    /// `GetConst(c, ai)` then `Proceed`.
    #[inline(always)]
    pub(crate) fn get_const_proceed(&mut self, c: Cell, ai: u32) -> bool {
        let d = self.stacks.heap.deref(self.arg_reg(ai));
        if d == c {
            self.stacks.pc = self.stacks.cp;
            true
        } else if d.tag() == Tag::Ref {
            self.bind(d, c);
            self.stacks.pc = self.stacks.cp;
            true
        } else {
            false
        }
    }

    /// One step of the fact instructions that pair constants or match floats by their bits:
    /// `GetConst2`, `GetFloat2`, `GetConstFloat`, `GetFloat` and their `...Proceed` forms, which then return
    /// to the continuation. Any other instruction is not one of them and fails.
    #[inline(always)]
    pub(crate) fn step_fact_get(&mut self, instr: Instr) -> bool {
        let (ok, proceed) = match instr {
            Instr::GetConst2(ai, c, d) => (self.get_const2(ai, c, d), false),
            Instr::GetConst2Proceed(ai, c, d) => (self.get_const2(ai, c, d), true),
            Instr::GetFloat2(ai, x, y) => {
                (self.get_float(x, ai) && self.get_float(y, ai + 1), false)
            }
            Instr::GetFloat2Proceed(ai, x, y) => {
                (self.get_float(x, ai) && self.get_float(y, ai + 1), true)
            }
            Instr::GetConstFloat(w, c, x) => (self.get_const_float(w, c, x), false),
            Instr::GetConstFloatProceed(w, c, x) => (self.get_const_float(w, c, x), true),
            Instr::GetFloat(bits, ai) => (self.get_float(bits, ai), false),
            Instr::GetFloatProceed(bits, ai) => (self.get_float(bits, ai), true),
            _ => (false, false),
        };
        if proceed {
            self.stacks.pc = self.stacks.cp;
        } else {
            self.stacks.pc += 1;
        }
        ok
    }

    /// `GetConstFloat(w, c, bits)`: `GetConst(c, ai)` then `GetFloat(bits, ai + 1)`, or with
    /// [`FLOAT_FIRST`] in `w` the float at `ai` and the constant after it.
    #[inline(always)]
    fn get_const_float(&mut self, w: u32, c: Cell, bits: u64) -> bool {
        let ai = w & !FLOAT_FIRST;
        if w & FLOAT_FIRST == 0 {
            self.get_const(c, ai) && self.get_float(bits, ai + 1)
        } else {
            self.get_float(bits, ai) && self.get_const(c, ai + 1)
        }
    }

    /// `GetConst(c, ai)`: `A[ai]` is the constant `c`, or a variable bound to it.
    #[inline(always)]
    pub(crate) fn get_const(&mut self, c: Cell, ai: u32) -> bool {
        let d = self.stacks.heap.deref(self.arg_reg(ai));
        if d == c {
            true
        } else if d.tag() == Tag::Ref {
            self.bind(d, c);
            true
        } else {
            false
        }
    }

    /// `GetConst(c, ai)` then `GetConst(d, ai + 1)`.
    #[inline(always)]
    pub(crate) fn get_const2(&mut self, ai: u32, c: Cell, d: Cell) -> bool {
        for (k, want) in [(ai, c), (ai + 1, d)] {
            let a = self.stacks.heap.deref(self.arg_reg(k));
            if a == want {
                continue;
            }
            if a.tag() != Tag::Ref {
                return false;
            }
            self.bind(a, want);
        }
        true
    }

    /// `GetFloat(bits, ai)`: `A[ai]` is the float of these bits (a boxed float's header and
    /// word, as the one-cell template it stands for would compare them), or a variable bound
    /// to a new one.
    #[inline]
    pub(crate) fn get_float(&mut self, bits: u64, ai: u32) -> bool {
        let d = self.stacks.heap.deref(self.arg_reg(ai));
        match d.tag() {
            Tag::Boxed => {
                let a = d.addr();
                let cells = &self.stacks.heap.cells;
                cells[a] == Cell::header(BoxKind::Float, 1) && cells[a + 1].0 == bits
            }
            Tag::Ref => {
                let f = self.stacks.heap.float(f64::from_bits(bits));
                self.bind(d, f);
                true
            }
            _ => false,
        }
    }

    /// `GetStruct(f, ai)` of a functor `f` of one argument, then `UnifyConst(c)`. Nothing
    /// after it reads the structure register or the mode these would have left: the next
    /// instruction starts a head argument of its own, or ends the clause.
    #[inline(always)]
    pub(crate) fn get_struct_const(&mut self, ai: u32, f: Cell, c: Cell) -> bool {
        self.stacks.pc += 1;
        let d = self.stacks.heap.deref(self.arg_reg(ai));
        match d.tag() {
            Tag::Str if self.stacks.heap.cells[d.addr()] == f => {
                let a = self.stacks.heap.deref(self.stacks.heap.cells[d.addr() + 1]);
                if a == c {
                    true
                } else if a.tag() == Tag::Ref {
                    self.bind(a, c);
                    true
                } else {
                    false
                }
            }
            Tag::Ref => {
                let h = self.stacks.heap.push_with_vars(f, 1);
                self.stacks.heap.cells[h + 1] = c;
                self.bind(d, Cell::structure(h));
                true
            }
            _ => false,
        }
    }
}
