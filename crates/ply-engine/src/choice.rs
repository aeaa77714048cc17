//! Choicepoints, the trail, binding and backtracking.
//!
//! A choicepoint records everything needed to resume an alternative: heap top, trail length,
//! environment, continuation, saved argument registers and what the alternative is. Backtracking
//! restores that state and resumes. Cutting truncates the choicepoint stack. Nothing here may
//! recurse: every loop is over the stacks themselves.

use super::db::{Cands, ClauseList};
use super::instr::PredId;
use super::Machine;
use ply_term::Cell;
use std::rc::Rc;

/// Up to this many argument registers are saved by a copy of fixed size; the register file is
/// never shorter (it starts at 256 registers and only grows).
const SHORT_SAVE: usize = 8;

/// One undoable change.
#[derive(Clone, Copy, Debug)]
pub enum TrailEntry {
    /// A variable at this heap address was bound.
    Bind(usize),
    /// A catch choicepoint at this index was deactivated on exit from its goal.
    CatchExited(usize),
    /// A backtrackable global variable had this value before (see `b_setval`).
    Global(u32, Option<Cell>),
    /// The cell at this heap address held this value before `setarg/3` changed it.
    Assign(usize, Cell),
    /// The cell at this heap address was changed by `nb_setarg/3`: nothing to undo, but the
    /// garbage collector must treat its contents as reachable.
    Root(usize),
    /// An attributed variable was made at this heap address (`attvar.rs`): undoing forgets it.
    AttVar(usize),
    /// A slot of the depth count of `call_with_depth_limit/3` held this value before
    /// (`depth_limit.rs`).
    Depth(usize, u64),
}

/// What a choicepoint resumes.
#[derive(Clone, Debug)]
pub enum ChoiceKind {
    /// The next matching clause of a predicate.
    Clauses {
        /// The clause list snapshot taken at call time. Holding it keeps the list shared, so
        /// that assert and retract copy it rather than change what this call tries.
        list: Rc<ClauseList>,
        /// Which positions to try.
        cands: Cands,
        /// The next candidate position.
        next: usize,
    },
    /// The start of a query: backtracking here means no more answers.
    Barrier,
    /// A `catch/3` call; `active` is false once its goal has exited.
    Catch {
        /// Whether the catch may still receive balls.
        active: bool,
    },
    /// A findall/3 call collecting into bag `bag`.
    Findall {
        /// Index into `Machine::stacks.bags`.
        bag: usize,
    },
    /// Disabled by a soft cut: backtracking just passes through.
    Disabled,
    /// Resume at a code address of the clause that pushed it.
    Resume(usize),
    /// The cleanup of a `setup_call_cleanup/3` whose goal may still have answers; the goal
    /// to run is its one saved argument (`cleanup.rs`).
    Cleanup,
    /// Retry a nondeterministic native with this state.
    Redo {
        /// The native predicate.
        pred: PredId,
        /// The state to retry with.
        state: usize,
        /// Where each retry resumes: the address after the `CallRedo` that called the native
        /// in line (see `redo_in_line.rs`), or
        /// [`RESUME_CONTINUATION`](super::redo_in_line::RESUME_CONTINUATION) for the
        /// continuation of a real call.
        resume: u32,
    },
}

/// A choicepoint.
///
/// Pushing and popping one is the commonest thing backtracking search does, so it is kept to the
/// words that restoring needs: the counts fit in one word, and the predicate is not stored (the
/// clause list and the candidates are all a retry needs).
#[derive(Clone, Debug)]
pub struct Choice {
    /// What to resume.
    pub kind: ChoiceKind,
    /// Heap top to restore.
    pub h: usize,
    /// Trail length to restore.
    pub trail: usize,
    /// Environment to restore.
    pub e: usize,
    /// Continuation to restore.
    pub cp: usize,
    /// Cut barrier of the interrupted call.
    pub b0: usize,
    /// Where its saved arguments start in `saved_args`.
    pub args: usize,
    /// Environment-stack height it protects.
    pub e_top: usize,
    /// How many arguments it saved.
    pub nargs: u32,
    /// Capture depth of the output when created.
    pub captures: u32,
}

impl Machine {
    /// Push a choicepoint of `kind` saving argument registers `0..nargs`.
    ///
    /// Room is made before anything is read, so that the choicepoint is written straight into
    /// its place rather than built aside and copied across a call that might grow the stack.
    /// Kept out of line: in the dispatcher it would crowd the path of deterministic calls.
    #[inline(never)]
    pub fn push_choice(&mut self, kind: ChoiceKind, nargs: usize) {
        self.push_choice_here(kind, nargs);
    }

    /// [`Machine::push_choice`] in line, for the run loop's own `PushAlt`, where no call
    /// surrounds it.
    #[inline(always)]
    pub fn push_choice_here(&mut self, kind: ChoiceKind, nargs: usize) {
        self.push_choice_made(nargs, || kind);
    }

    /// [`Machine::push_choice_here`] of the choicepoint `kind` makes, which is made after the
    /// calls that make room for it.
    ///
    /// A choicepoint made before a call that may unwind must be kept where the unwinding can
    /// drop it: on the stack, written a word at a time and copied into its place as wider
    /// loads, which wait for those stores to reach the cache. Made after the calls, it goes
    /// from registers straight into its place.
    #[inline(always)]
    pub fn push_choice_made(&mut self, nargs: usize, kind: impl FnOnce() -> ChoiceKind) {
        if self.stacks.choices.len() == self.stacks.choices.capacity() {
            self.grow_choices();
        }
        let args = self.save_args(nargs);
        self.write_choice(args, nargs, kind);
    }

    /// Whether [`Machine::push_choice_plain`] can push a choicepoint saving `nargs` argument
    /// registers: the choicepoint stack has room for one more, and `saved_args` for a copy of
    /// fixed size of at most [`SHORT_SAVE`] registers.
    #[inline(always)]
    pub(super) fn has_plain_room(&self, nargs: usize) -> bool {
        let st = &self.stacks;
        st.choices.len() < st.choices.capacity()
            && nargs <= SHORT_SAVE
            && st.saved_args.capacity() - st.saved_args.len() >= SHORT_SAVE
    }

    /// [`Machine::push_choice_made`] when [`Machine::has_plain_room`] has said yes: the push
    /// with no call on its way, neither to make room nor to save many registers, so that a
    /// caller whose other ways on are jumps to other functions keeps every value of its own in
    /// registers that need no saving (`enter.rs`, `Machine::enter_with_plain_choice`).
    ///
    /// The choicepoint is written a field at a time, `kind` first: built whole, its words were
    /// all read before the first was written, more values than the registers that need no
    /// saving could hold.
    #[inline(always)]
    pub(super) fn push_choice_plain(&mut self, nargs: usize, kind: ChoiceKind) {
        debug_assert!(self.has_plain_room(nargs));
        let e_top = self.env_top_in_line();
        let at = self.stacks.choices.len();
        // SAFETY: `has_plain_room` has made sure of room for one more choicepoint, at `at`,
        // and for SHORT_SAVE more words past the length of `saved_args`; `nargs` is at most
        // SHORT_SAVE, and the register file is never shorter than SHORT_SAVE. Every field of
        // the choicepoint and every saved word is written before a length covers it.
        unsafe {
            let c = self.stacks.choices.as_mut_ptr().add(at);
            std::ptr::addr_of_mut!((*c).kind).write(kind);
            // One copy of SHORT_SAVE words whatever `nargs` is: a few moves of vector
            // registers, which leave the general ones to the choicepoint's words.
            let args = self.stacks.saved_args.len();
            let from = self.stacks.x.as_ptr();
            let to = self.stacks.saved_args.as_mut_ptr().add(args);
            std::ptr::copy_nonoverlapping(from, to, SHORT_SAVE);
            self.stacks.saved_args.set_len(args + nargs);
            std::ptr::addr_of_mut!((*c).args).write(args);
            std::ptr::addr_of_mut!((*c).nargs).write(nargs as u32);
            std::ptr::addr_of_mut!((*c).e_top).write(e_top);
            std::ptr::addr_of_mut!((*c).h).write(self.stacks.heap.top());
            std::ptr::addr_of_mut!((*c).trail).write(self.stacks.trail.len());
            std::ptr::addr_of_mut!((*c).e).write(self.stacks.e);
            std::ptr::addr_of_mut!((*c).cp).write(self.stacks.cp);
            std::ptr::addr_of_mut!((*c).b0).write(self.stacks.b0);
            let captures = self.services.out.capture_depth() as u32;
            std::ptr::addr_of_mut!((*c).captures).write(captures);
            self.stacks.choices.set_len(at + 1);
        }
    }

    /// Write the choicepoint `kind` makes, whose `nargs` saved arguments start at `args` in
    /// `saved_args`, into the room the choicepoint stack has for it. The kind is made here,
    /// straight into its place (see [`Machine::push_choice_made`]).
    #[inline(always)]
    fn write_choice(&mut self, args: usize, nargs: usize, kind: impl FnOnce() -> ChoiceKind) {
        debug_assert!(self.stacks.choices.len() < self.stacks.choices.capacity());
        let e_top = self.env_top_in_line();
        let at = self.stacks.choices.len();
        let choice = Choice {
            kind: kind(),
            h: self.stacks.heap.top(),
            trail: self.stacks.trail.len(),
            e: self.stacks.e,
            cp: self.stacks.cp,
            b0: self.stacks.b0,
            args,
            e_top,
            nargs: nargs as u32,
            captures: self.services.out.capture_depth() as u32,
        };
        // SAFETY: the callers have made room for one more choicepoint, so `at` lies within the
        // capacity; the slot is written before the length covers it.
        unsafe {
            self.stacks.choices.as_mut_ptr().add(at).write(choice);
            self.stacks.choices.set_len(at + 1);
        }
    }

    /// Make room for more choicepoints; out of line, since it is seldom needed.
    #[cold]
    #[inline(never)]
    fn grow_choices(&mut self) {
        self.stacks.choices.reserve(1);
    }

    /// Append argument registers `0..n` to `saved_args`; returns where they start.
    #[inline(always)]
    fn save_args(&mut self, n: usize) -> usize {
        let at = self.stacks.saved_args.len();
        if self.stacks.saved_args.capacity() - at < SHORT_SAVE || n > SHORT_SAVE {
            self.save_args_slowly(n);
        } else if n <= SHORT_SAVE / 2 {
            // Most calls that leave a choicepoint have few arguments: half the copy.
            self.save_short::<{ SHORT_SAVE / 2 }>(at, n);
        } else {
            self.save_short::<SHORT_SAVE>(at, n);
        }
        at
    }

    /// Append argument registers `0..n` to `saved_args`, which has room for `N` more, by a
    /// copy of `N` words, whatever `n` (at most `N`) is: the compiler does that with a few
    /// moves, where a copy of `n` words would be a call to `memcpy`. The words past `n` land
    /// in spare capacity and are not kept.
    #[inline(always)]
    fn save_short<const N: usize>(&mut self, at: usize, n: usize) {
        debug_assert!(n <= N && at == self.stacks.saved_args.len());
        debug_assert!(self.stacks.saved_args.capacity() - at >= N);
        let regs: [Cell; N] = self.first_args();
        // SAFETY: the callers have made sure of room for N more words past `at`, the length;
        // `n` is at most N, and the first N of them are written before the length covers them.
        unsafe {
            let spare = self.stacks.saved_args.as_mut_ptr().add(at);
            for (i, r) in regs.into_iter().enumerate() {
                spare.add(i).write(r);
            }
            self.stacks.saved_args.set_len(at + n);
        }
    }

    /// [`Machine::save_args`] for many arguments or a full `saved_args`.
    #[cold]
    #[inline(never)]
    fn save_args_slowly(&mut self, n: usize) {
        self.stacks.saved_args.reserve(n.max(SHORT_SAVE));
        self.stacks
            .saved_args
            .extend_from_slice(&self.stacks.x[..n]);
    }

    /// Pop the top choicepoint and its saved arguments.
    #[inline]
    pub fn pop_choice(&mut self) {
        if let Some(c) = self.stacks.choices.last() {
            let args = c.args;
            // Truncating drops the choicepoint where it lies; popping would move it out first.
            self.stacks.choices.truncate(self.stacks.choices.len() - 1);
            self.stacks.saved_args.truncate(args);
        }
    }

    /// Cut back to choicepoint height `height`.
    #[inline]
    pub fn cut_to(&mut self, height: usize) {
        if height < self.stacks.choices.len() {
            // A cleanup cut away runs now (`cleanup.rs`); without one this is a single compare.
            if self.stacks.cleanups.last().is_some_and(|&i| i >= height) {
                self.cut_cleanups(height);
                return;
            }
            let args = self.stacks.choices[height].args;
            self.stacks.choices.truncate(height);
            self.stacks.saved_args.truncate(args);
        }
    }

    /// Heap address below which bindings must be trailed.
    #[inline]
    pub fn hb(&self) -> usize {
        match self.stacks.choices.last() {
            Some(c) => c.h,
            None => 0,
        }
    }

    /// Bind the unbound variable `var` to `value`, trailing if needed.
    #[inline]
    pub fn bind(&mut self, var: Cell, value: Cell) {
        if self.stacks.attvars.on {
            let hb = self.hb();
            let st = &mut self.stacks;
            st.attvars
                .bind(&mut st.heap.cells, &mut st.trail, hb, var, value);
            return;
        }
        let a = var.addr();
        self.stacks.heap.cells[a] = value;
        if a < self.hb() {
            self.stacks.trail.push(TrailEntry::Bind(a));
        }
    }

    /// Undo trail entries down to length `len`.
    #[inline]
    pub fn untrail(&mut self, len: usize) {
        // Most retries of a clause find nothing to undo: leave without a call.
        if self.stacks.trail.len() > len {
            self.untrail_entries(len);
        }
    }

    /// The loop of [`Machine::untrail`], kept out of line.
    ///
    /// Nearly every entry is a binding: those are undone by a loop over the entries and the
    /// heap's cells held as slices, whose starts and lengths stay in registers; the first entry
    /// of another kind leaves the rest to [`Machine::untrail_others`].
    #[inline(never)]
    fn untrail_entries(&mut self, len: usize) {
        let cells = &mut self.stacks.heap.cells[..];
        let mut undone = 0;
        for e in self.stacks.trail[len..].iter().rev() {
            let TrailEntry::Bind(a) = *e else {
                break;
            };
            cells[a] = Cell::reference(a);
            undone += 1;
        }
        let top = self.stacks.trail.len() - undone;
        self.stacks.trail.truncate(top);
        if top > len {
            self.untrail_others(len);
        }
    }

    /// [`Machine::untrail`] from an entry that is not a binding.
    #[cold]
    #[inline(never)]
    fn untrail_others(&mut self, len: usize) {
        while self.stacks.trail.len() > len {
            match self.stacks.trail.pop() {
                Some(TrailEntry::Bind(a)) => self.stacks.heap.cells[a] = Cell::reference(a),
                Some(TrailEntry::CatchExited(i)) => {
                    if let Some(c) = self.stacks.choices.get_mut(i) {
                        if let ChoiceKind::Catch { active } = &mut c.kind {
                            *active = true;
                        }
                    }
                }
                Some(TrailEntry::Global(name, old)) => self.restore_global(name, old),
                Some(TrailEntry::Assign(a, old)) => {
                    self.stacks.heap.cells[a] = old;
                    self.stacks.heap.note_rewrite();
                }
                Some(TrailEntry::Root(_)) => {}
                Some(TrailEntry::AttVar(a)) => self.forget_attvar(a),
                Some(TrailEntry::Depth(slot, old)) => self.depth_put(slot, old),
                None => break,
            }
        }
    }

    /// Restore heap, trail, environment and continuation from choicepoint `i`.
    #[inline]
    pub fn restore_from(&mut self, i: usize) {
        let (h, trail, e, cp, b0, captures) = {
            let c = &self.stacks.choices[i];
            (c.h, c.trail, c.e, c.cp, c.b0, c.captures as usize)
        };
        self.untrail(trail);
        self.stacks.heap.truncate(h);
        self.stacks.e = e;
        self.stacks.cp = cp;
        self.stacks.b0 = b0;
        while self.services.out.capture_depth() > captures {
            self.services.out.end_capture();
        }
    }

    /// Reload the argument registers saved by choicepoint `i`.
    #[inline(always)]
    pub fn restore_args(&mut self, i: usize) {
        let (a, n) = (
            self.stacks.choices[i].args,
            self.stacks.choices[i].nargs as usize,
        );
        // The registers were saved from `x`, which never shrinks: they fit.
        let saved = &self.stacks.saved_args[a..a + n];
        // As in `save_args`: fixed-size copies for the common counts.
        match n {
            0 => {}
            1 => self.stacks.x[0] = saved[0],
            2 => self.stacks.x[..2].copy_from_slice(&saved[..2]),
            3 => self.stacks.x[..3].copy_from_slice(&saved[..3]),
            4 => self.stacks.x[..4].copy_from_slice(&saved[..4]),
            5 => self.stacks.x[..5].copy_from_slice(&saved[..5]),
            6 => self.stacks.x[..6].copy_from_slice(&saved[..6]),
            _ => self.stacks.x[..n].copy_from_slice(saved),
        }
    }
}
