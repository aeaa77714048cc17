//! `X = f(...)` in a clause body compiled as head unification of `X`'s register.
//!
//! A goal that unifies a variable the clause has already given a value with a compound term
//! would otherwise build the whole term on the heap and then unify: a program that tests a
//! term against one pattern after another (a grammar written as `(T = if(A, B, C), ... ! ;
//! T = succ(A), ... ! ; ...)`) built and dropped a compound for every pattern that did not
//! match. As head code (`GetStruct`, `GetList` and their `Unify*` steps) a mismatch is found at
//! the functor, with nothing built, and a match reads the arguments in place; an unbound `X`
//! gets the term written as the call would have. The WAM compiles such a goal this way, as
//! SWI-Prolog does (`B_UNIFY_VAR` and the head instructions).
//!
//! A hook that watches calls, or a wakeup waiting for the next call, must still see the goal
//! as the call of `=/2` it was: the code opens with `IfUnattended`, which jumps to the goal
//! compiled as before (an `Inline` step) when attention is raised. A fast path: with the fast
//! paths off every `=/2` is a call.

use super::Compiler;
use super::VarTable;
use crate::instr::{InlineOp, Instr, PredId, Reg};
use ply_term::{Cell, Tag};

impl Compiler<'_> {
    /// Emit goal `t`, a call of `pid` of functor `f`, as head unification when it is `=/2`
    /// between a variable with a value in its register and a compound or list; false otherwise,
    /// and then nothing was emitted.
    pub(super) fn emit_body_unify(
        &mut self,
        t: Cell,
        (f, pid): (Cell, PredId),
        vars: &mut VarTable,
        scratch: &mut u32,
    ) -> bool {
        let p = &self.program.preds[pid as usize];
        if f.functor_arity() != 2 || p.inline != Some(InlineOp::Unify) {
            return false;
        }
        let (a, b) = (
            self.heap.deref(self.heap.arg(t, 0)),
            self.heap.deref(self.heap.arg(t, 1)),
        );
        let known = |c: Cell| -> Option<Reg> {
            if c.tag() != Tag::Ref {
                return None;
            }
            let info = vars.get(&c)?;
            if info.seen {
                info.reg
            } else {
                None
            }
        };
        let compound = |c: Cell| matches!(c.tag(), Tag::Str | Tag::List);
        let (reg, term) = match (known(a), known(b)) {
            (Some(r), _) if compound(b) => (r, b),
            (_, Some(r)) if compound(a) => (r, a),
            _ => return false,
        };
        let guard = self.program.code.len();
        self.program.code.push(Instr::IfUnattended(0));
        // The variables of the term as the goal found them: the code for a raised attention
        // below must meet their first occurrences again.
        let mut occurrences = Vec::new();
        self.all_var_occurrences(term, &mut occurrences);
        let seen: Vec<(Cell, bool)> = occurrences
            .iter()
            .filter_map(|v| vars.get(v).map(|info| (*v, info.seen)))
            .collect();
        let xr = match reg {
            Reg::X(i) => i,
            Reg::Y(_) => {
                *scratch += 1;
                self.need_regs(*scratch as usize + 1);
                self.program.code.push(Instr::PutVal(reg, *scratch));
                *scratch
            }
        };
        self.emit_head_term(term, xr, vars, scratch);
        let jump = self.program.code.len();
        self.program.code.push(Instr::Jump(0));
        self.program.code[guard] = Instr::IfUnattended(self.program.code.len() as u32);
        for &(v, s) in &seen {
            if let Some(info) = vars.get_mut(&v) {
                info.seen = s;
            }
        }
        let emitted = self.emit_inline_goal(t, (f, pid), vars, scratch);
        debug_assert!(emitted, "=/2 declares an inline operation");
        self.note_call_site(self.program.code.len() - 1, t);
        self.program.code[jump] = Instr::Jump(self.program.code.len() as u32);
        true
    }
}
