//! Facts written as code straight from their head: the code `emit` gives a clause whose body is
//! `true`, without normalising a body, classifying variables by chunk or looking for calls.
//!
//! A program that asserts facts at run time (a table, a queue, a counter, a sieve's candidates)
//! compiles one clause per assert, and for a fact most of the general compiler's work is spent
//! finding out that there is no body. A fact has one chunk and no call, so every variable that
//! occurs twice lives in an X register, one that occurs once is void, and a variable that is a
//! head argument at its first occurrence stays in that argument's register (what
//! `regalloc.rs` decides for a chunk without goals). The head is unified in the order
//! `head_order` gives, and compound arguments are emitted by the compiler's own
//! `emit_head_term`, so the instructions, templates and registers are the ones `emit` writes;
//! the unit tests compare the two on seeded random facts. Nothing here may differ from the
//! general path: a difference would be a clause that runs differently when asserted than when
//! consulted.

use super::Compiler;
use super::{EmitVars, Instr, Reg, VarInfo, VarTable};
use crate::instr::{PredId, FLOAT_FIRST};
use ply_term::scratch::Lent;
use ply_term::{Cell, Tag};

impl Compiler<'_> {
    /// Emit the code of the fact `head` (dereferenced, callable) of predicate `pid`, as
    /// [`Compiler::clause_alternatives`] emits the clause `head :- true`; returns its start,
    /// and its length when it was written into a free family of the code space rather than at
    /// the end of the code area.
    /// `free` is the start of a free family of the fact's length, taken for it when its
    /// arguments are all atomic.
    pub(super) fn emit_fact(
        &mut self,
        head: Cell,
        pid: PredId,
        free: Option<usize>,
    ) -> (usize, Option<u32>) {
        let arity = self.name_arity(head).1;
        let start = self.program.code.len();
        // A head of atomic arguments only, the commonest fact, needs no variable table.
        let atomic = (0..arity).all(|i| {
            let a = self.heap.deref(self.head_arg(head, i));
            matches!(a.tag(), Tag::Atom | Tag::Int)
        });
        if atomic {
            self.need_regs(arity + 1);
            // Its code names nothing outside itself, so it is moved straight into a free family
            // of its length when there is one, without the search `place_code` makes (the same
            // code in the same place either way).
            self.program.code_owners.push((start as u32, pid));
            for i in 0..arity {
                let a = self.heap.deref(self.head_arg(head, i));
                self.program.code.push(Instr::GetConst(a, i as u32));
            }
            self.push_proceed(start, false);
            if let Some(at) = free {
                // The same code, moved into the free family: it names no address of its own.
                let len = self.program.code.len() - start;
                self.program.code.copy_within(start..start + len, at);
                self.program.code.truncate(start);
                self.program.code_owners.pop();
                return (at, Some(len as u32));
            }
            return (start, None);
        }
        let mut vars = EmitVars::lend();
        let mut occurrences = Lent::from(&super::EMIT_OCCURRENCES, super::KEEP_VARS);
        self.all_var_occurrences(head, &mut occurrences);
        for &v in occurrences.iter() {
            vars.entry(v, VarInfo::default).count += 1;
        }
        drop(occurrences);
        // Variables met twice or more get X registers after the arguments, in the order they
        // were first met; one that is a head argument at its first occurrence keeps that
        // argument's register instead (the number it was given stays used, as in `emit`).
        let mut next_x = arity as u32;
        for (_, info) in vars.iter_mut() {
            if info.count > 1 {
                info.reg = Some(Reg::X(next_x));
                next_x += 1;
            }
        }
        for i in 0..arity {
            let v = self.heap.deref(self.head_arg(head, i));
            if v.tag() != Tag::Ref || !matches!(vars.get(&v), Some(info) if info.count > 1) {
                continue;
            }
            let earlier = (0..i).any(|j| self.heap.deref(self.head_arg(head, j)) == v);
            if !earlier {
                if let Some(info) = vars.get_mut(&v) {
                    info.reg = Some(Reg::X(i as u32));
                }
            }
        }
        self.need_regs(next_x as usize + 1);
        self.program.code_owners.push((start as u32, pid));
        let mut scratch = next_x;
        // Variable and atomic arguments first, then compound ones (see `head_order`).
        for simple_pass in [true, false] {
            for i in 0..arity {
                let arg = self.heap.deref(self.head_arg(head, i));
                let simple = matches!(arg.tag(), Tag::Ref | Tag::Atom | Tag::Int);
                if simple != simple_pass {
                    continue;
                }
                match arg.tag() {
                    Tag::Ref => self.fact_var_arg(&mut vars, arg, i as u32),
                    Tag::Atom | Tag::Int => self.program.code.push(Instr::GetConst(arg, i as u32)),
                    _ => self.emit_head_term(arg, i as u32, &mut vars, &mut scratch),
                }
            }
        }
        self.push_proceed(start, false);
        (start, None)
    }

    /// Pair the constants of the head code from `start`, when that code is a fact's (head
    /// instructions only): `GetConst(c, i)` followed by `GetConst(d, i + 1)` becomes
    /// `GetConst2(i, c, d)`, half the code for a fact of constants, and two `GetFloat`s of
    /// neighbouring arguments likewise become a `GetFloat2`, and a constant and a float next
    /// to each other, in either order, a `GetConstFloat`. Nothing jumps into a
    /// fact's head code, so its instructions may move. Facts end in `push_proceed` whichever
    /// way they are compiled, so both ways pair them alike.
    pub(super) fn pair_head_consts(&mut self, start: usize) {
        let code = &mut self.program.code;
        let head_only = code[start..].iter().all(|i| {
            matches!(
                i,
                Instr::GetConst(..)
                    | Instr::GetVar(..)
                    | Instr::GetVal(..)
                    | Instr::GetStruct(..)
                    | Instr::GetStructConst(..)
                    | Instr::GetList(..)
                    | Instr::GetListVars(..)
                    | Instr::GetListValVar(..)
                    | Instr::GetTerm(..)
                    | Instr::GetFloat(..)
                    | Instr::UnifyVar(..)
                    | Instr::UnifyVal(..)
                    | Instr::UnifyConst(..)
                    | Instr::UnifyVoid
            )
        });
        if !head_only {
            return;
        }
        let (mut from, mut to) = (start, start);
        while from < code.len() {
            match (code[from], code.get(from + 1)) {
                (Instr::GetConst(c, i), Some(&Instr::GetConst(d, j))) if j == i + 1 => {
                    code[to] = Instr::GetConst2(i, c, d);
                    from += 2;
                }
                (Instr::GetFloat(x, i), Some(&Instr::GetFloat(y, j))) if j == i + 1 => {
                    code[to] = Instr::GetFloat2(i, x, y);
                    from += 2;
                }
                (Instr::GetConst(c, i), Some(&Instr::GetFloat(x, j)))
                    if j == i + 1 && i < FLOAT_FIRST =>
                {
                    code[to] = Instr::GetConstFloat(i, c, x);
                    from += 2;
                }
                (Instr::GetFloat(x, i), Some(&Instr::GetConst(c, j)))
                    if j == i + 1 && i < FLOAT_FIRST =>
                {
                    code[to] = Instr::GetConstFloat(i | FLOAT_FIRST, c, x);
                    from += 2;
                }
                (instr, _) => {
                    code[to] = instr;
                    from += 1;
                }
            }
            to += 1;
        }
        code.truncate(to);
    }

    /// The head instruction for variable `v` as argument `i` of a fact: nothing for a void
    /// variable or one first met in its own argument register, `GetVar` at the first
    /// occurrence elsewhere, `GetVal` after.
    fn fact_var_arg(&mut self, vars: &mut VarTable, v: Cell, i: u32) {
        let Some(info) = vars.get_mut(&v) else {
            return;
        };
        let Some(r) = info.reg else {
            return;
        };
        if info.seen {
            self.program.code.push(Instr::GetVal(r, i));
        } else {
            info.seen = true;
            if r != Reg::X(i) {
                self.program.code.push(Instr::GetVar(r, i));
            }
        }
    }
}

#[cfg(test)]
mod tests;
