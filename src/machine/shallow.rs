//! The run loop's side of `GuardAlt`: a clause's first alternative tried without a choicepoint.
//!
//! The compiler (`compile/guard.rs`) has checked the shape: register moves, one call of a
//! shallow native, a cut, and a next alternative that reads none of the registers the moves
//! write. What only the running machine knows is checked here: that the native is still the
//! library's (a program may have replaced it) and that no debugger or interrupt wants to see
//! the call. When either fails, `GuardAlt` is exactly the `PushAlt` it replaced. Nothing here
//! may leave a binding behind when it resumes the next alternative.

use super::choice::ChoiceKind;
use super::db::PredKind;
use super::instr::Instr;
use super::Machine;

#[cfg(test)]
mod tests;

impl Machine {
    /// Run `GuardAlt { alt, n, call }` at `pc`.
    #[inline(always)]
    pub(super) fn step_guard(&mut self, alt: u32, n: u32, call: u32) -> bool {
        let call = call as usize;
        let native = match self.code[call] {
            Instr::CallLib(pid) => match self.preds[pid as usize].kind {
                PredKind::Native(f)
                    if self.attention.load(std::sync::atomic::Ordering::Relaxed) == 0 =>
                {
                    Some((pid, f))
                }
                _ => None,
            },
            _ => None,
        };
        let Some((pid, f)) = native else {
            self.push_choice(ChoiceKind::Resume(alt as usize), n as usize);
            self.pc += 1;
            return true;
        };
        self.pc = self.moves_from(self.pc + 1);
        debug_assert_eq!(self.pc, call);
        self.inferences += 1;
        // A shallow native that fails has bound nothing (its bindable arguments are the fresh
        // variables the moves made): the next alternative starts from the registers as they
        // were, which the moves did not touch.
        if !self.run_native(pid, f, true) {
            self.pc = alt as usize;
        }
        true
    }

    /// Run the register moves from `pc` on (`GetVar`, `PutVal`, `PutVar`, `PutConst`, `Move`:
    /// instructions that neither fail nor jump) and return the address of the first other
    /// instruction.
    #[inline(always)]
    fn moves_from(&mut self, mut pc: usize) -> usize {
        loop {
            match self.code[pc] {
                Instr::PutVal(r, ai) => self.set_arg_reg(ai, self.reg(r)),
                Instr::PutVar(r, ai) => {
                    let v = self.heap.new_var();
                    self.set_reg(r, v);
                    self.set_arg_reg(ai, v);
                }
                Instr::GetVar(r, ai) => {
                    let v = self.arg_reg(ai);
                    self.set_reg(r, v);
                }
                Instr::PutConst(c, ai) => self.set_arg_reg(ai, c),
                Instr::Move(to, from) => {
                    let v = self.reg(from);
                    self.set_reg(to, v);
                }
                _ => return pc,
            }
            pc += 1;
        }
    }
}
