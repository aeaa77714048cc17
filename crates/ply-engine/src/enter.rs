//! Entering a predicate of clauses: the run loop's `Call` and `Execute` (`call`), the one
//! clause of a predicate that has one (`enter_only_clause`), and otherwise the selection of the
//! candidate clauses by their keys, with a choicepoint for the candidates after the first
//! (`enter_clauses`), or none when a first clause of tests settles the call
//! (`try_test_clause` in `shallow.rs`, then `enter_after_test`, which tries the next candidates
//! that open with tests the same way). Only a predicate whose clause list notes a clause of tests
//! (`ClauseList::defers`, set when such a clause is added) is looked at for one, so the calls of
//! every other predicate read no clause's code here. A predicate with no clause yet
//! may be a library one whose clauses start-up left waiting: its first call compiles them
//! (`enter_empty`).
//!
//! Every call of a Prolog predicate passes through here, so the common paths stay in line and
//! the rare ones (an undefined predicate, memory running out, a hook that wants to see the
//! call) leave through calls out of line. Nothing here may run a clause's code or decide
//! which clauses match otherwise than `db/index.rs` does.

use super::choice::ChoiceKind;
use super::db::{Cands, ClauseList, Key, Narrowed, Pick, PickTail, Plan, PredKind};
use super::instr::{Instr, PredId};
use super::shallow::Tried;
use super::Machine;
use std::rc::Rc;

impl Machine {
    /// [`Machine::dispatch`] for the run loop's `Call` and `Execute`: a call of clauses that
    /// nothing needs to look at first (no hook, no collection due) goes straight to
    /// [`Machine::enter`].
    #[inline(always)]
    pub(super) fn call(&mut self, pid: PredId, is_call: bool) -> bool {
        let quiet = self
            .services
            .attention
            .load(std::sync::atomic::Ordering::Relaxed)
            == 0
            && self.stacks.heap.top() < self.services.gc.trigger;
        match &self.program.preds[pid as usize].kind {
            PredKind::Clauses(list) if quiet => {
                let only = list.clauses.only_start();
                self.stacks.inferences += 1;
                // A list with a plan has a faster way than picks.
                let plan = list.plan();
                let fixed = matches!(plan, Some(Plan::Fixed { .. }));
                let plan = plan.is_some();
                match only {
                    Some(_) => self.enter(pid, only, is_call),
                    None if fixed => self.enter_fixed(pid, is_call),
                    None if plan || !self.services.fast_paths => self.enter_clauses(pid, is_call),
                    None => {
                        // The commonest call of a predicate of several clauses: its first
                        // argument's key picks one candidate, entered here with no call.
                        let arity = self.program.preds[pid as usize].arity;
                        let k = self.first_key_code(arity);
                        let PredKind::Clauses(list) = &self.program.preds[pid as usize].kind else {
                            return false;
                        };
                        match list.picked(k) {
                            Some(pick) if pick.one() => {
                                self.enter_only_clause(pick.start, arity, is_call)
                            }
                            // Columns inside the first argument narrow whatever the other
                            // arguments are.
                            Some(pick) if pick.narrows_deep() => {
                                self.enter_picked_narrowing(pid, k, is_call)
                            }
                            Some(pick) => {
                                self.enter_picked(pid, pick.mask, pick.start, pick.tail(), is_call)
                            }
                            None => self.enter_clauses(pid, is_call),
                        }
                    }
                }
            }
            // A native is never a collection point, so only a hook sends it to `dispatch`.
            PredKind::Native(f) if self.services.fast_paths && self.attention_clear() => {
                let f = *f;
                self.stacks.inferences += 1;
                self.call_native(pid, f, is_call)
            }
            _ => self.dispatch(pid, is_call),
        }
    }

    /// Whether no hook wants to see the next call.
    #[inline(always)]
    pub(crate) fn attention_clear(&self) -> bool {
        self.services
            .attention
            .load(std::sync::atomic::Ordering::Relaxed)
            == 0
    }

    /// [`Machine::run_native`] for a `Call` or `Execute` of a native that nothing needs to
    /// look at first: out of line, so that the run loop's call sites stay small, and without
    /// the loop and the register saves of [`Machine::dispatch`], which a control construct
    /// needs and a native does not.
    #[inline(never)]
    fn call_native(&mut self, pid: PredId, f: super::db::NativeFn, is_call: bool) -> bool {
        self.run_native(pid, f, is_call)
    }

    /// Enter predicate `pid`, which has clauses: its one clause at once when `only` is that
    /// clause's start ([`Clauses::only_start`](super::db::Clauses::only_start)), with no key
    /// looked at and no call (the head rules out all that a key would), or else through
    /// [`Machine::enter_clauses`].
    #[inline(always)]
    pub(super) fn enter(&mut self, pid: PredId, only: Option<usize>, is_call: bool) -> bool {
        match only {
            Some(start) => {
                let arity = self.program.preds[pid as usize].arity;
                self.enter_only_clause(start, arity, is_call)
            }
            None => self.enter_clauses(pid, is_call),
        }
    }

    /// The key code of the first argument of a call of `arity` arguments (0, no key, for a
    /// call without arguments), as [`Machine::key_code_of`] finds it, in line.
    #[inline(always)]
    fn first_key_code(&self, arity: usize) -> u64 {
        if arity == 0 {
            return 0;
        }
        self.key_code_of_value(self.stacks.heap.deref(self.stacks.x[0]))
    }

    /// The rest of a call whose first-argument key has a pick of none or several candidates
    /// in the clause list (`db/index/picks.rs`; [`Machine::call`] enters a pick of one in
    /// line), the slots `mask` starting at `start`, its last word as `tail`: narrowed when the
    /// call binds an argument a column of the pick tests (or the columns are inside the first
    /// argument), else entered as it is. Out of line, so that the calls entered in line save
    /// no register for these; the pick comes in registers, so that a call that leaves those
    /// arguments unbound reads no pick again. A fast path: picks are used only with the fast
    /// paths on.
    #[inline(never)]
    fn enter_picked(
        &mut self,
        pid: PredId,
        mask: u64,
        start: usize,
        tail: PickTail,
        is_call: bool,
    ) -> bool {
        if tail.may_narrow(&self.stacks.x, &self.stacks.heap) {
            // The first argument's key, worked out again: all the registers of a call were
            // taken by the pick's words, and most calls of such picks narrow nothing.
            let k = self.key_code_of(self.stacks.x[0]);
            return self.enter_picked_narrowing(pid, k, is_call);
        }
        match tail.next() {
            Some(next) => self.enter_picked_alternatives(pid, mask, start, next, is_call),
            // Not one candidate and no second one: no clause may match.
            None => false,
        }
    }

    /// [`Machine::enter_picked`] for a pick that columns inside the first argument could
    /// narrow, or a call that binds an argument a column tests: narrowed as the full selection
    /// would narrow it, from the pick of its first-argument key `k`, looked up again. Out of
    /// line, so that the commonest calls, which narrow nothing, save no register for the
    /// narrowing.
    #[inline(never)]
    fn enter_picked_narrowing(&mut self, pid: PredId, k: u64, is_call: bool) -> bool {
        let p = &self.program.preds[pid as usize];
        let PredKind::Clauses(list) = &p.kind else {
            return false;
        };
        let arity = p.arity;
        let Some(pick) = list.picked(k) else {
            return self.enter_clauses(pid, is_call);
        };
        // The narrowing the full selection would make of this pick, made here.
        let narrowed = match list.single_deep_column() {
            Some(column) => self.narrow_by_deep(list, k, column),
            None => self.narrow_call(list, Key::from_code(k), arity),
        };
        let (cands, start, next) = match narrowed {
            Narrowed::Same => return self.enter_pick(pid, pick, arity, is_call),
            Narrowed::Fail => return false,
            Narrowed::Only(s) => return self.enter_only_clause(s, arity, is_call),
            Narrowed::To(c, s, n) => (c, s, n),
        };
        let list = list.clone();
        self.enter_alternatives(start, list, move || cands, next, arity, is_call)
    }

    /// Enter the candidates of `pick`, a pick of predicate `pid`'s clause list that stands for
    /// this call: none fails the call, one is entered with no choicepoint, more leave one.
    #[inline(always)]
    fn enter_pick(&mut self, pid: PredId, pick: Pick, arity: usize, is_call: bool) -> bool {
        if pick.fails() {
            return false;
        }
        match pick.next() {
            None => self.enter_only_clause(pick.start, arity, is_call),
            Some(next) => self.enter_picked_alternatives(pid, pick.mask, pick.start, next, is_call),
        }
    }

    /// [`Machine::enter_alternatives`] of the candidates of a pick of predicate `pid`, the
    /// slots `mask`, the first at code address `start` and the second at position `next`: out
    /// of line, so that the registers the choicepoint's push needs are saved only by calls
    /// that push one. Its arguments are the pick's words rather than the pick, and the clause
    /// list is found again from `pid`, so that all of them travel in registers and the call
    /// is the caller's last step, a jump rather than a call with its frame kept.
    ///
    /// The commonest push, with room for it and memory far from its limit, makes no call and
    /// so saves no register; a first candidate of tests goes on by a jump to
    /// [`Machine::enter_tests_of_mask`], and every other call by a jump to
    /// [`Machine::enter_picked_alternatives_in_full`].
    #[inline(never)]
    fn enter_picked_alternatives(
        &mut self,
        pid: PredId,
        mask: u64,
        start: usize,
        next: usize,
        is_call: bool,
    ) -> bool {
        let p = &self.program.preds[pid as usize];
        let PredKind::Clauses(list) = &p.kind else {
            return false;
        };
        let arity = p.arity;
        if !self.plain_entry(arity) {
            return self.enter_picked_alternatives_in_full(pid, mask, start, next, is_call);
        }
        let list = list.clone();
        if self.starts_with_tests(&list, start) {
            self.open_plain_call(is_call);
            return self.enter_tests_of_mask(start, list, mask, next, arity);
        }
        self.enter_with_plain_choice(start, list, Cands::Mask(mask), next, arity, is_call)
    }

    /// [`Machine::enter_tests`] of the candidates `mask`, the call opened: a function of its
    /// own, whose arguments all travel in registers, so that its caller reaches it by a jump.
    #[inline(never)]
    fn enter_tests_of_mask(
        &mut self,
        start: usize,
        list: Rc<ClauseList>,
        mask: u64,
        next: usize,
        arity: usize,
    ) -> bool {
        self.enter_tests(start, list, Cands::Mask(mask), next, arity)
    }

    /// [`Machine::enter_tests`] of every clause, for [`Machine::enter_fixed`], as
    /// [`Machine::enter_tests_of_mask`].
    #[inline(never)]
    fn enter_tests_of_all(
        &mut self,
        start: usize,
        list: Rc<ClauseList>,
        next: usize,
        arity: usize,
    ) -> bool {
        self.enter_tests(start, list, Cands::Scan(0), next, arity)
    }

    /// [`Machine::enter_picked_alternatives`] by [`Machine::enter_alternatives`], for the
    /// pushes that may make a call: the choicepoint stack or the saved registers to grow,
    /// memory near its limit, a first candidate of tests, more than a few arguments.
    #[inline(never)]
    fn enter_picked_alternatives_in_full(
        &mut self,
        pid: PredId,
        mask: u64,
        start: usize,
        next: usize,
        is_call: bool,
    ) -> bool {
        let p = &self.program.preds[pid as usize];
        let PredKind::Clauses(list) = &p.kind else {
            return false;
        };
        let arity = p.arity;
        let list = list.clone();
        self.enter_alternatives(start, list, move || Cands::Mask(mask), next, arity, is_call)
    }

    /// The call of a predicate whose clause list has the plan [`Plan::Fixed`]: every call
    /// tries every clause, so it pushes a choicepoint, here with no call made when
    /// [`Machine::plain_entry`] allows it (as [`Machine::enter_picked_alternatives`]; a first
    /// clause of tests by a jump to [`Machine::enter_tests_of_all`]), and otherwise by
    /// [`Machine::enter_clauses`].
    #[inline(never)]
    fn enter_fixed(&mut self, pid: PredId, is_call: bool) -> bool {
        let p = &self.program.preds[pid as usize];
        let PredKind::Clauses(list) = &p.kind else {
            return false;
        };
        let arity = p.arity;
        if let Some(&Plan::Fixed { start, next }) = list.plan() {
            if self.plain_entry(arity) {
                let list = list.clone();
                if self.starts_with_tests(&list, start) {
                    self.open_plain_call(is_call);
                    return self.enter_tests_of_all(start, list, next, arity);
                }
                let cands = Cands::Scan(0);
                return self.enter_with_plain_choice(start, list, cands, next, arity, is_call);
            }
        }
        self.enter_clauses(pid, is_call)
    }

    /// Whether a call of `arity` arguments can be entered by
    /// [`Machine::enter_with_plain_choice`] or [`Machine::open_plain_call`]: memory far from
    /// its limit (what [`Machine::open_call`] would otherwise look into) and room for the
    /// choicepoint ([`Machine::has_plain_room`]).
    #[inline(always)]
    fn plain_entry(&self, arity: usize) -> bool {
        let st = &self.stacks;
        st.heap.cells.len() + st.stack.len() + st.choices.len() * 8 <= self.services.memory_limit
            && self.has_plain_room(arity)
    }

    /// Whether the first candidate, at `start`, is a clause of tests, which
    /// [`Machine::enter_tests`] tries without a choicepoint (as in
    /// [`Machine::enter_alternatives`]).
    #[inline(always)]
    fn starts_with_tests(&self, list: &ClauseList, start: usize) -> bool {
        list.defers() && matches!(self.program.code[start], Instr::TestAlt { .. })
    }

    /// [`Machine::open_call`] when [`Machine::plain_entry`] has said yes: the continuation of
    /// a `Call` and the cut barrier.
    #[inline(always)]
    fn open_plain_call(&mut self, is_call: bool) {
        if is_call {
            self.stacks.cp = self.stacks.pc + 1;
        }
        self.stacks.b0 = self.stacks.choices.len();
    }

    /// [`Machine::enter_alternatives`] when [`Machine::plain_entry`] has said yes: the same
    /// entry (the continuation, the cut barrier, the choicepoint for the candidates after the
    /// first) with no call on its way.
    #[inline(always)]
    fn enter_with_plain_choice(
        &mut self,
        start: usize,
        list: Rc<ClauseList>,
        cands: Cands,
        next: usize,
        arity: usize,
        is_call: bool,
    ) -> bool {
        self.open_plain_call(is_call);
        self.stacks.pc = start;
        self.push_choice_plain(arity, ChoiceKind::Clauses { list, cands, next });
        true
    }

    /// Call predicate `pid`, which has clauses, with arguments in the registers: select the
    /// candidates by the argument keys, push a choicepoint when more than one may match, and
    /// jump to the first. `is_call` as for [`Machine::dispatch`].
    ///
    /// The commonest call there is, so it has a function of its own, whose rare ways out (an
    /// undefined predicate, memory running out) are calls out of line: the registers it saves
    /// and restores are only those its common path uses.
    #[inline(never)]
    pub(super) fn enter_clauses(&mut self, pid: PredId, is_call: bool) -> bool {
        let p = &self.program.preds[pid as usize];
        let PredKind::Clauses(list) = &p.kind else {
            return false;
        };
        let arity = p.arity;
        // The plan's shapes first, each finishing the entry on its own path, so that their
        // answers stay in registers instead of passing through the stack to a shared tail. A
        // list with a plan has at least two clauses.
        match list.plan() {
            Some(&Plan::Fixed { start, next }) => {
                let list = list.clone();
                let cands = || Cands::Scan(0);
                return self.enter_alternatives(start, list, cands, next, arity, is_call);
            }
            Some(Plan::Deep(plan)) => {
                return match self.select_by_plan(plan) {
                    None => false,
                    Some(&found) => match found.next() {
                        None => self.enter_only_clause(found.start, arity, is_call),
                        Some(next) => {
                            let list = list.clone();
                            let cands = move || found.cands();
                            self.enter_alternatives(found.start, list, cands, next, arity, is_call)
                        }
                    },
                };
            }
            None => {}
        }
        if list.clauses.is_empty() {
            return self.enter_empty(pid, is_call);
        }
        let k = if arity > 0 {
            self.key_code_of(self.stacks.x[0])
        } else {
            0
        };
        // With the fast paths on, a list short enough has picks (`db/index/picks.rs`): the
        // key's pick is made now, for this call and the next with the same key.
        let pick = if self.services.fast_paths {
            list.pick(k, &self.program.code)
        } else {
            None
        };
        let (mut cands, mut start, mut next) = if let Some(pick) = pick {
            if pick.fails() {
                return false;
            }
            (pick.cands(), pick.start, pick.next())
        } else if list.scans(k) {
            // The common case: a short list, scanned once for the first two matches (with the
            // fast paths on, remembered for the next calls with the same key).
            let found = if self.services.fast_paths {
                list.scan_two(k)
            } else {
                list.scan_two_plain(k)
            };
            match found {
                Some((start, next)) => (Cands::Scan(k), start, next),
                None => return false,
            }
        } else {
            let found = if self.services.fast_paths {
                list.first_two_hashed(k)
            } else {
                list.first_two(Key::from_code(k))
            };
            match found {
                Some(found) => found,
                None => return false,
            }
        };
        // Two candidates by the first argument: the list may have a plan for the next call,
        // and the other arguments, and those of a compound first argument, may still rule all
        // but one out.
        // Plans and narrowing are fast paths: with them off, calls are indexed on the first
        // argument only, as in the WAM, and no list ever gets a plan.
        if next.is_some() && self.services.fast_paths && !list.plan_worked_out() {
            list.work_out_plan(&self.program.code);
        }
        let may_narrow = match pick {
            Some(pick) => pick.narrow != 0,
            None => list.may_narrow() && list.narrows_first(k, &self.program.code),
        };
        if next.is_some() && arity > 0 && self.services.fast_paths && may_narrow {
            let narrowed = match list.single_deep_column() {
                Some(column) => self.narrow_by_deep(list, k, column),
                None => self.narrow_call(list, Key::from_code(k), arity),
            };
            match narrowed {
                Narrowed::Same => {}
                Narrowed::Fail => return false,
                Narrowed::Only(s) => (start, next) = (s, None),
                Narrowed::To(c, s, n) => (cands, start, next) = (c, s, Some(n)),
            }
        }
        match next {
            None => self.enter_only_clause(start, arity, is_call),
            // Only a call that leaves alternatives keeps the clause list alive.
            Some(next) => {
                let list = list.clone();
                self.enter_alternatives(start, list, move || cands, next, arity, is_call)
            }
        }
    }

    /// A call of `pid`, which has no clause: its clauses are compiled now when start-up left
    /// them waiting ([`Deferred`](super::load::Deferred)), and the call enters them; otherwise
    /// it fails or raises the existence error.
    #[cold]
    #[inline(never)]
    fn enter_empty(&mut self, pid: PredId, is_call: bool) -> bool {
        if self.load_deferred(pid) {
            return self.enter_clauses(pid, is_call);
        }
        // A definition that became visible under the name later (an import), or `user`'s for
        // a module's undefined predicate (`modules.rs`).
        if let Some(target) = self.undefined_target(pid) {
            return self.dispatch(target, is_call);
        }
        if is_call {
            self.stacks.cp = self.stacks.pc + 1;
        }
        self.undefined(pid)
    }

    /// Enter the first candidate clause, at `start`, of a call of `arity` arguments that has
    /// others (`list`, the candidates `cands` makes and the position of the second, `next`):
    /// with a choicepoint for them, or none when a first clause of tests settles the call.
    ///
    /// The candidates are made on each path apart, where they are used. Made once before the
    /// paths part, they are handed by address to the call of the tests' path, and so are
    /// written to the stack a word at a time, and read back by the choicepoint's path as one
    /// wider load, which waits for those stores to reach the cache: a fifth of this
    /// function's time in the minimax's `лучш/3`.
    #[inline(always)]
    fn enter_alternatives(
        &mut self,
        start: usize,
        list: Rc<ClauseList>,
        cands: impl FnOnce() -> Cands,
        next: usize,
        arity: usize,
        is_call: bool,
    ) -> bool {
        if !self.open_call(arity, is_call) {
            return true;
        }
        // Decided when the clauses were compiled: a call of a predicate with no clause of
        // tests reads no code here.
        if list.defers() {
            if let Instr::TestAlt { .. } = self.program.code[start] {
                return self.enter_tests(start, list, cands(), next, arity);
            }
        }
        self.push_choice_made(arity, move || ChoiceKind::Clauses {
            list,
            cands: cands(),
            next,
        });
        self.stacks.pc = start;
        true
    }

    /// [`Machine::enter_alternatives`] when the first candidate, at `start`, is a clause of
    /// tests (`TestAlt`): settled by [`Machine::try_test_clause`] without a
    /// choicepoint where it can be, else entered with one.
    #[inline(never)]
    fn enter_tests(
        &mut self,
        start: usize,
        list: Rc<ClauseList>,
        cands: Cands,
        next: usize,
        arity: usize,
    ) -> bool {
        match self.try_test_clause(start, arity) {
            Tried::Committed => true,
            Tried::Failed => self.enter_after_test(list, cands, next, arity),
            Tried::Undecided => {
                self.push_choice_here(ChoiceKind::Clauses { list, cands, next }, arity);
                self.stacks.pc = start;
                true
            }
        }
    }

    /// What every entry to a predicate's clauses does first: set the continuation of a `Call`,
    /// make sure memory holds the call (collecting, else throwing a resource error), and mark
    /// the cut barrier. False when it has thrown, which has set `pc`.
    #[inline(always)]
    fn open_call(&mut self, arity: usize, is_call: bool) -> bool {
        if is_call {
            self.stacks.cp = self.stacks.pc + 1;
        }
        if self.stacks.heap.cells.len() + self.stacks.stack.len() + self.stacks.choices.len() * 8
            > self.services.memory_limit
            && self.over_stack_limit(arity, true)
        {
            self.out_of_memory();
            return false;
        }
        self.stacks.b0 = self.stacks.choices.len();
        true
    }

    /// Enter the one clause of a predicate, or the one candidate of a call, at `start`, with
    /// no choicepoint: for a predicate of one clause, with no key looked at.
    #[inline(always)]
    fn enter_only_clause(&mut self, start: usize, arity: usize, is_call: bool) -> bool {
        if is_call {
            self.stacks.cp = self.stacks.pc + 1;
        }
        // The memory check's rare way finishes the entry on its own, so that nothing here is
        // kept across a call and the callers' common paths save no register for it.
        if self.stacks.heap.cells.len() + self.stacks.stack.len() + self.stacks.choices.len() * 8
            > self.services.memory_limit
        {
            return self.enter_only_clause_near_limit(start, arity);
        }
        self.stacks.b0 = self.stacks.choices.len();
        self.stacks.pc = start;
        true
    }

    /// The rest of [`Machine::enter_only_clause`] when memory may not hold the call: as
    /// [`Machine::open_call`]'s rare way, collecting, else throwing a resource error.
    #[cold]
    #[inline(never)]
    fn enter_only_clause_near_limit(&mut self, start: usize, arity: usize) -> bool {
        if self.over_stack_limit(arity, true) {
            self.out_of_memory();
            return true;
        }
        self.stacks.b0 = self.stacks.choices.len();
        self.stacks.pc = start;
        true
    }

    /// Go on with candidate `next` of a call whose first candidate failed as tests without a
    /// choicepoint ([`Machine::try_test_clause`]), as backtracking into the call would have:
    /// the choicepoint is pushed only if more candidates follow `next`.
    #[inline(never)]
    fn enter_after_test(
        &mut self,
        list: Rc<ClauseList>,
        cands: Cands,
        next: usize,
        arity: usize,
    ) -> bool {
        self.stacks.pc = list.start_at(&cands, next);
        // The commonest case, the second of two clauses, leaves here with no call made.
        if super::backtrack::is_last(&list, &cands, next) {
            return true;
        }
        self.push_after_test(list, cands, next, arity)
    }

    /// [`Machine::enter_after_test`] when a search may find more candidates after `next`
    /// (whose start `pc` holds): a choicepoint for them if it does. A candidate that opens
    /// with tests too is tried as the first was, without it, and so on down the candidates.
    #[inline(never)]
    fn push_after_test(
        &mut self,
        list: Rc<ClauseList>,
        cands: Cands,
        mut next: usize,
        arity: usize,
    ) -> bool {
        loop {
            let Some(after) = list.next_candidate(&cands, next + 1) else {
                return true;
            };
            if let Instr::TestAlt { .. } = self.program.code[self.stacks.pc] {
                match self.try_test_clause(self.stacks.pc, arity) {
                    Tried::Committed => return true,
                    Tried::Failed => {
                        next = after;
                        self.stacks.pc = list.start_at(&cands, next);
                        if super::backtrack::is_last(&list, &cands, next) {
                            return true;
                        }
                        continue;
                    }
                    Tried::Undecided => {}
                }
            }
            let kind = ChoiceKind::Clauses {
                list,
                cands,
                next: after,
            };
            self.push_choice(kind, arity);
            return true;
        }
    }

    /// A call to a predicate with no clauses: fail if it is dynamic or the flag says so,
    /// otherwise raise an existence error.
    #[cold]
    #[inline(never)]
    pub(super) fn undefined(&mut self, pid: PredId) -> bool {
        let p = &self.program.preds[pid as usize];
        if p.dynamic || p.defined {
            return false;
        }
        let (name, arity, module) = (p.name, p.arity, p.module);
        if !self.services.flags.unknown_error {
            if self.services.flags.unknown_warning {
                let prefix = if module == 0 {
                    String::new()
                } else {
                    format!("{}:", self.atoms.name(module))
                };
                eprintln!(
                    "Warning: Unknown procedure: {}{}/{}",
                    prefix,
                    self.atoms.name(name),
                    arity
                );
            }
            return false;
        }
        let pi = self.pred_indicator(pid);
        let e = self.existence_err("procedure", pi);
        self.fill_caller_context(e.0, pid);
        let args = self.stacks.x[..arity].to_vec();
        self.note_error_site(pid, &args);
        self.throw_error(e);
        true
    }
}
