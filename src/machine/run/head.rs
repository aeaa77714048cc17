//! The steps of head unification, of building a compound argument and of opening an
//! environment, shared by the run loop and by the shallow run of a clause's first instructions
//! (`shallow.rs`), so that both execute them exactly alike.
//!
//! Each step does its work and says whether unification holds; moving the program counter is
//! the caller's business. They are always in line: in the run loop they are its arms.

use crate::machine::instr::Reg;
use crate::machine::{Machine, FRAME_HEADER};
use crate::term::{Cell, Tag};

impl Machine {
    /// `GetConst(c, ai)`: unify argument `ai` with the atomic cell `c`.
    #[inline(always)]
    pub(in crate::machine) fn get_const(&mut self, c: Cell, ai: u32) -> bool {
        let d = self.heap.deref(self.arg_reg(ai));
        if d == c {
            true
        } else if d.tag() == Tag::Ref {
            self.bind(d, c);
            true
        } else {
            false
        }
    }

    /// `GetList(ai)`: argument `ai` is a list pair, read by the `Unify*` steps after it, or an
    /// unbound variable, bound to a new pair that they write.
    #[inline(always)]
    pub(in crate::machine) fn get_list(&mut self, ai: u32) -> bool {
        let d = self.heap.deref(self.arg_reg(ai));
        match d.tag() {
            Tag::List => {
                self.write_mode = false;
                self.s = d.addr();
                true
            }
            Tag::Ref => {
                let h = self.heap.top();
                self.heap.cells.push(Cell(0));
                self.heap.cells.push(Cell(0));
                self.bind(d, Cell::list(h));
                self.write_mode = true;
                self.s = h;
                true
            }
            _ => false,
        }
    }

    /// `GetListVars(ai, head, tail)`: argument `ai` is a list pair whose head and tail go to
    /// the two registers, or a variable bound to a new pair of fresh variables.
    #[inline(always)]
    pub(in crate::machine) fn get_list_vars(&mut self, ai: u32, head: Reg, tail: Reg) -> bool {
        let d = self.heap.deref(self.arg_reg(ai));
        match d.tag() {
            Tag::List => {
                let a = d.addr();
                let (h, t) = (self.heap.cells[a], self.heap.cells[a + 1]);
                self.set_reg(head, h);
                self.set_reg(tail, t);
                true
            }
            Tag::Ref => {
                let a = self.heap.top();
                self.heap.cells.push(Cell::reference(a));
                self.heap.cells.push(Cell::reference(a + 1));
                self.bind(d, Cell::list(a));
                self.set_reg(head, Cell::reference(a));
                self.set_reg(tail, Cell::reference(a + 1));
                true
            }
            _ => false,
        }
    }

    /// `GetStruct(f, ai)`: argument `ai` is a compound of functor `f`, read by the `Unify*`
    /// steps after it, or a variable bound to a new one that they write.
    #[inline(always)]
    pub(in crate::machine) fn get_struct(&mut self, f: Cell, ai: u32) -> bool {
        let d = self.heap.deref(self.arg_reg(ai));
        match d.tag() {
            Tag::Str if self.heap.cells[d.addr()] == f => {
                self.write_mode = false;
                self.s = d.addr() + 1;
                true
            }
            Tag::Ref => {
                let h = self.heap.top();
                self.heap.cells.push(f);
                let n = f.functor_arity();
                self.heap.cells.resize(h + 1 + n, Cell(0));
                self.bind(d, Cell::structure(h));
                self.write_mode = true;
                self.s = h + 1;
                true
            }
            _ => false,
        }
    }

    /// `PutList(ai)`: argument `ai` is a new list pair, which the `Unify*` steps after it write.
    #[inline(always)]
    pub(in crate::machine) fn put_list(&mut self, ai: u32) {
        let h = self.heap.top();
        self.heap.cells.push(Cell(0));
        self.heap.cells.push(Cell(0));
        self.set_arg_reg(ai, Cell::list(h));
        self.write_mode = true;
        self.s = h;
    }

    /// `PutStruct(f, ai)`: argument `ai` is a new compound of functor `f`, whose arguments the
    /// `Unify*` steps after it write.
    #[inline(always)]
    pub(in crate::machine) fn put_struct(&mut self, f: Cell, ai: u32) {
        let h = self.heap.top();
        self.heap.cells.push(f);
        let n = f.functor_arity();
        self.heap.cells.resize(h + 1 + n, Cell(0));
        self.set_arg_reg(ai, Cell::structure(h));
        self.write_mode = true;
        self.s = h + 1;
    }

    /// `UnifyVar(r)`: the next argument cell goes to `r` (a new variable in write mode).
    #[inline(always)]
    pub(in crate::machine) fn unify_var(&mut self, r: Reg) {
        let s = self.s;
        if self.write_mode {
            self.heap.cells[s] = Cell::reference(s);
            self.set_reg(r, Cell::reference(s));
        } else {
            let v = self.heap.cells[s];
            self.set_reg(r, v);
        }
        self.s = s + 1;
    }

    /// `UnifyVal(r)`: the next argument cell is unified with `r` (written in write mode).
    #[inline(always)]
    pub(in crate::machine) fn unify_val(&mut self, r: Reg) -> bool {
        let s = self.s;
        self.s = s + 1;
        let v = self.reg(r);
        if self.write_mode {
            self.heap.cells[s] = v;
            true
        } else {
            let c = self.heap.cells[s];
            self.unify(v, c)
        }
    }

    /// `UnifyConst(c)`: the next argument cell is unified with the atomic cell `c`.
    #[inline(always)]
    pub(in crate::machine) fn unify_const(&mut self, c: Cell) -> bool {
        let s = self.s;
        self.s = s + 1;
        if self.write_mode {
            self.heap.cells[s] = c;
            true
        } else {
            let d = self.heap.deref(self.heap.cells[s]);
            if d == c {
                true
            } else if d.tag() == Tag::Ref {
                self.bind(d, c);
                true
            } else {
                false
            }
        }
    }

    /// `UnifyVoid`: the next argument cell, a variable nothing else names.
    #[inline(always)]
    pub(in crate::machine) fn unify_void(&mut self) {
        let s = self.s;
        if self.write_mode {
            self.heap.cells[s] = Cell::reference(s);
        }
        self.s = s + 1;
    }

    /// The frame of `Allocate(n, pid)` at `at`, where the stack has room for it: its header,
    /// its slots cleared, and `e` made to point at it.
    #[inline(always)]
    pub(in crate::machine) fn write_frame(&mut self, at: usize, n: u32, pid: u32) {
        let need = at + FRAME_HEADER + n as usize;
        let header = [
            Cell(self.e as u64),
            Cell(self.cp as u64),
            Cell(self.b0 as u64),
            Cell(n as u64),
            Cell(pid as u64),
        ];
        // One bounds check for the whole frame.
        let (head, slots) = self.stack[at..need].split_at_mut(FRAME_HEADER);
        head.copy_from_slice(&header);
        // Slots are read only after they are set, but the garbage collector reads them all;
        // clearing them keeps it from keeping what dead frames referred to.
        slots.fill(Cell::int(0));
        self.e = at;
    }
}
