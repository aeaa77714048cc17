//! A copy of a few argument registers that does not allocate.
//!
//! A native is handed its arguments beside `&mut self`, so they are copied out of the register
//! file first. Calls of nondeterministic builtins (`between/3` on every retry), `call/N` with
//! extra arguments and the construction of a goal from the registers all did this with a
//! `Vec`, one allocation and one free per call; [`RegCopy`] keeps up to eight words on the
//! stack and spills to a vector only beyond.

use super::Machine;
use ply_term::Cell;

/// How many registers a copy holds without allocating.
const FEW: usize = 8;

/// The registers `from..to` as they were when copied; derefs to a slice.
pub(crate) struct RegCopy {
    few: [Cell; FEW],
    many: Vec<Cell>,
    len: usize,
}

impl std::ops::Deref for RegCopy {
    type Target = [Cell];

    #[inline(always)]
    fn deref(&self) -> &[Cell] {
        if self.len <= FEW {
            &self.few[..self.len]
        } else {
            &self.many
        }
    }
}

impl Machine {
    /// Copy argument registers `from..to`. Each word is read on its own, as
    /// [`Machine::first_args`] explains: eight words whatever the count, where the register
    /// file holds them (it starts at 256 registers and only grows), so that the copy is a few
    /// moves rather than a call to `memcpy`.
    #[inline(always)]
    pub(crate) fn copy_regs(&self, from: usize, to: usize) -> RegCopy {
        let len = to - from;
        if len <= FEW && from + FEW <= self.stacks.x.len() {
            let regs = &self.stacks.x[from..from + FEW];
            // SAFETY: each read is of an initialised element of `regs`, a live slice.
            let few =
                std::array::from_fn(|i| unsafe { std::ptr::read_volatile(regs.as_ptr().add(i)) });
            RegCopy {
                few,
                many: Vec::new(),
                len,
            }
        } else if len <= FEW {
            let mut few = [Cell(0); FEW];
            few[..len].copy_from_slice(&self.stacks.x[from..to]);
            RegCopy {
                few,
                many: Vec::new(),
                len,
            }
        } else {
            RegCopy {
                few: [Cell(0); FEW],
                many: self.stacks.x[from..to].to_vec(),
                len,
            }
        }
    }
}
