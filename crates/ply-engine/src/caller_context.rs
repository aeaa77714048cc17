//! The context of an unknown-procedure error: the predicate that made the call, as
//! SWI-Prolog names it in `error(existence_error(procedure, PI), context(Caller, _))` and in the
//! first line of the message (`ERROR: q/0: Unknown procedure: foo/0`).
//!
//! SWI-Prolog names the frame that is the caller when the error is raised, so last-call
//! optimisation shows: `p :- foo.` called from `catch/3` names `catch/3`, while `s :- foo, true.`
//! names `s/0`. The machine here keeps the same frames (a last call leaves the caller's
//! environment in place), so the caller is read the same way: the clause holding the call for
//! an ordinary call, the environment's owner for a last call. A goal reached through a
//! meta-call names the meta-calling predicate (`catch/3`, `once/1`), except `call/N` itself,
//! which SWI-Prolog compiles into its caller's clause; a goal compiled for a meta-call
//! (`-g (p, true)`) is SWI-Prolog's `'<meta-call>'/1`.

use super::db::{Control, PredKind};
use super::instr::{Instr, PredId};
use super::{Machine, NO_ENV};
use ply_term::Cell;

impl Machine {
    /// Fill the unbound context of the existence error `ball`, raised by a call to the undefined
    /// predicate `pid` at the current `pc`, with `context(Caller, _)`. With no clause as the
    /// caller, the caller is what the top goal runs under (`Services::top_caller`), and the
    /// context stays unbound at the interactive toplevel, whose report names no caller in
    /// SWI-Prolog either.
    pub(super) fn fill_caller_context(&mut self, ball: Cell, pid: PredId) {
        // The caller as a predicate of the program, or as a system predicate's name and arity.
        let caller: Result<PredId, (&str, usize)> = match self.caller_of_unknown(pid) {
            Some(c) => {
                let name = self.atoms.name(self.program.preds[c as usize].name);
                if name.starts_with("$call") {
                    Err(("<meta-call>", 1))
                } else if name.starts_with('$') {
                    // The library's own helpers (`'$maplist'/2`) are no name a program knows;
                    // SWI-Prolog names its own there (`apply:maplist_/2`), which are not ply's.
                    return;
                } else {
                    Ok(c)
                }
            }
            None => match self.services.top_caller {
                Some(top) => Err(top),
                None => return,
            },
        };
        let ball = self.stacks.heap.deref(ball);
        let ctx = self.stacks.heap.deref(self.stacks.heap.arg(ball, 1));
        if ctx.tag() != ply_term::Tag::Ref {
            return;
        }
        let pi = match caller {
            Ok(c) => self.context_indicator(c),
            Err((name, arity)) => {
                let module = Cell::atom(self.atoms.intern("system"));
                let name = self.atoms.intern(name);
                let pi = self.indicator(name, arity);
                self.stacks
                    .heap
                    .compound(ply_term::atom::COLON, &[module, pi])
            }
        };
        self.bind_context(ctx, pi);
    }

    /// The predicate SWI-Prolog would name as the caller of the undefined `pid`.
    fn caller_of_unknown(&self, pid: PredId) -> Option<PredId> {
        let pc = self.stacks.pc;
        let env_owner =
            || (self.stacks.e != NO_ENV).then(|| self.stacks.stack[self.stacks.e + 4].0 as PredId);
        let caller = match self.callee_at(pc) {
            // A direct call: the clause that holds it, unless it was the clause's last call,
            // which left the frame below it as the caller.
            Some(callee) if callee == pid => {
                let last = matches!(
                    self.program.code[pc],
                    Instr::Execute(_) | Instr::DeallocExecute(_) | Instr::CallLibLast(_)
                );
                if last {
                    env_owner()?
                } else {
                    self.code_owner_of(pc).or_else(env_owner)?
                }
            }
            // A meta-call: `call/N` belongs to the clause that holds it (or to no clause, at
            // the top, where it names itself); any other meta-calling predicate names itself.
            Some(callee) if self.is_call_n(callee) => self.code_owner_of(pc).unwrap_or(callee),
            Some(callee) => callee,
            None => self.code_owner_of(pc).or_else(env_owner)?,
        };
        // An auxiliary predicate made for a library predicate's body names that predicate.
        Some(self.source_pred(caller))
    }

    /// Whether `pid` is `call/N`.
    fn is_call_n(&self, pid: PredId) -> bool {
        matches!(
            self.program.preds[pid as usize].kind,
            PredKind::Control(Control::Call)
        )
    }
}
