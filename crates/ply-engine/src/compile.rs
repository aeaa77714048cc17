//! The clause compiler: a clause term on the heap becomes instructions in the code area.
//!
//! Two steps. `normalize` flattens the body into a list of simple goals, moving every
//! disjunction, if-then-else, soft-cut and negation into an auxiliary predicate that receives
//! the variables it shares and, when it contains a cut that must cut the parent clause, the
//! parent's cut barrier as an integer. `emit` then classifies variables (temporary or
//! permanent, by the chunks between calls), lays out compound arguments as templates and emits
//! head unification, argument loading, calls and cuts. Both steps are worklists over heap terms:
//! nesting depth never becomes Rust recursion.
//!
//! The compiler is a `Compiler`: the program, the atom table and the heap the clause term is on,
//! with the fast-path switch and, while the loader asks, its recorder of call sites. It sees no
//! stack, register or service of the machine. `Machine::compile_clause` and its siblings wrap it
//! (`compile/entry.rs`): they check the clause and raise its errors, take free code for a fact,
//! place the code the compiler wrote, grow the register file to what that code names and add the
//! clause.

use super::db::{Clause, PredKind};
use super::instr::{Instr, PredId, Reg};
use super::source_map::SiteRecorder;
use super::Program;
use ply_term::scratch::Lent;
use ply_term::{atom, AtomTable, Cell, Heap, StoredTerm, Tag};

mod alternatives;
mod arith;
mod body_unify;
mod entry;
mod fact;
mod guard;
mod inline;
mod inline_goal;
mod normalize;
mod qualify;
mod regalloc;
mod specialize;
mod switch;
mod term_goals;
mod terms;
mod vartable;

use vartable::VarTable;

/// A goal after normalisation.
#[derive(Clone, Copy, Debug)]
enum Goal {
    /// Call a predicate (the goal term).
    Call(Cell),
    /// `!` of the clause itself.
    Cut,
    /// Cut to the barrier held in a variable.
    CutTo(Cell),
    /// Store the clause's barrier in a variable.
    GetLevel(Cell),
    /// Store the current choicepoint height in a variable.
    Mark(Cell),
    /// Soft-cut the choicepoint below the height in a variable.
    SoftCut(Cell),
    /// `fail`.
    Fail,
    /// `true`: no code, but a call before it is not a last call (as in SWI-Prolog, the
    /// caller's frame stays, so `p :- q, true` recursing through `p` runs out of stack rather
    /// than looping in constant space).
    True,
    /// `\+ Goal` for a plain goal, compiled inline: the variable holds the choicepoint
    /// height before the negation's own choicepoint.
    Not(Cell, Cell),
    /// The start of control construct `k` of the clause compiled in line (`inline.rs`).
    Open(u32),
    /// The condition of construct `k` has succeeded.
    Commit(u32),
    /// The end of the first branch of construct `k`, the start of its second.
    Else(u32),
    /// The end of construct `k`.
    Close(u32),
}

/// A clause ready for code generation.
struct Simple {
    head: Cell,
    goals: Vec<Goal>,
    /// The predicate the code belongs to, when that is not the one its head names: the
    /// alternative of a clause that receives its condition's mark as an extra argument.
    owner: Option<PredId>,
    /// The control constructs compiled in line, named by their markers in `goals`.
    constructs: Vec<inline::Construct>,
}

/// One alternative of a clause body (see `Compiler::body_alternatives`).
#[derive(Clone, Copy)]
enum Alternative {
    /// A goal run as the clause's body.
    Plain(Cell),
    /// `Condition -> Then`: committing to it cuts the alternatives after it.
    IfThen(Cell, Cell),
}

/// The work vectors of [`Compiler::emit`] grown past this many entries are freed rather than
/// kept for the next clause.
const KEEP_VARS: usize = 1 << 12;

/// The variable table of [`Compiler::emit`] grown past this many slots is freed rather than
/// kept for the next clause.
const KEEP_TABLE: usize = 1 << 16;

thread_local! {
    /// The variable table of [`Compiler::emit`], kept between clauses so that a clause with many
    /// variables does not grow a new table from nothing each time.
    static EMIT_VARS: std::cell::Cell<Option<Box<VarTable>>> =
        const { std::cell::Cell::new(None) };
    /// The variable occurrences of one goal in [`Compiler::emit`], kept between clauses.
    static EMIT_OCCURRENCES: std::cell::Cell<Vec<Cell>> =
        const { std::cell::Cell::new(Vec::new()) };
}

/// The variable table of one [`Compiler::emit`], empty, on loan from [`EMIT_VARS`] (or new
/// when that is in use); dropping it puts it back. It never carries anything from one clause to
/// the next: it is cleared when lent.
struct EmitVars(Option<Box<VarTable>>);

impl EmitVars {
    fn lend() -> EmitVars {
        let mut vars = EMIT_VARS
            .try_with(|s| s.take())
            .ok()
            .flatten()
            .unwrap_or_default();
        vars.clear();
        EmitVars(Some(vars))
    }
}

impl Drop for EmitVars {
    fn drop(&mut self) {
        if let Some(vars) = self.0.take() {
            if vars.capacity() <= KEEP_TABLE {
                let _ = EMIT_VARS.try_with(|s| s.set(Some(vars)));
            }
        }
    }
}

impl std::ops::Deref for EmitVars {
    type Target = VarTable;
    fn deref(&self) -> &Self::Target {
        // The table is taken out only when the loan ends.
        self.0.as_deref().expect("variable table on loan")
    }
}

impl std::ops::DerefMut for EmitVars {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.0.as_deref_mut().expect("variable table on loan")
    }
}

/// Variable bookkeeping during emission.
#[derive(Default)]
struct VarInfo {
    reg: Option<Reg>,
    count: usize,
    seen: bool,
    first_chunk: usize,
    last_chunk: usize,
    /// One more than the index of the goal of its last occurrence (0 for the head).
    last_goal: usize,
    /// The innermost construct compiled in line around its first occurrence, or
    /// `inline::NONE`.
    first_construct: u32,
}

/// The compiler: what compiling a clause reads and writes, and nothing else of the machine. It
/// writes the program (code, templates, predicates, the code's owners) and interns atoms; it
/// reads the clause term on the heap and builds there the terms it makes of it (auxiliary
/// predicates' heads and bodies, the stored copies of their clauses).
pub struct Compiler<'a> {
    /// The program the clause is compiled into.
    pub program: &'a mut Program,
    /// The atom table: names of the auxiliary predicates, atoms of the clause.
    pub atoms: &'a mut AtomTable,
    /// The heap the clause term lives on.
    pub heap: &'a mut Heap,
    /// Whether the fast paths are on (`Services::fast_paths`).
    pub fast_paths: bool,
    /// Where the loader records the calls of a clause read from text, while it asks.
    pub(crate) recorder: Option<&'a mut SiteRecorder>,
    /// How many registers the code compiled so far names: the machine grows its register file
    /// to that before the code can run.
    regs: usize,
    /// Whether a volatile atom was made, after which the machine looks whether the atom
    /// collector is due.
    made_atoms: bool,
}

/// Split a clause term on `heap` into head and body (`true` for facts).
pub fn split_clause(heap: &Heap, term: Cell) -> (Cell, Cell) {
    if term.tag() == Tag::Str {
        let f = heap.functor_of(term);
        if f == Cell::functor(atom::NECK, 2) {
            return (heap.arg(term, 0), heap.arg(term, 1));
        }
    }
    (term, Cell::atom(atom::TRUE))
}

/// Name and arity of a callable term on `heap` (lists count as `'.'/2`).
pub fn name_arity(heap: &Heap, t: Cell) -> (u32, usize) {
    match t.tag() {
        Tag::Atom => (t.atom_index(), 0),
        Tag::List => (atom::DOT, 2),
        _ => {
            let f = heap.functor_of(t);
            (f.functor_name(), f.functor_arity())
        }
    }
}

impl Compiler<'_> {
    /// The predicate `name/arity`, created undefined if new.
    /// A call resolves in the clause's module (`modules.rs`); in `user`, with no qualified
    /// name, that is the flat table as it always was.
    fn pred_id(&mut self, name: u32, arity: usize) -> PredId {
        let module = self.program.modules.current;
        if module == 0 && self.program.modules.unqualify(name).is_none() {
            return self.program.pred_id(name, arity);
        }
        self.program.resolve(module, name, arity)
    }

    /// The predicate `name/arity` if it exists, resolved as [`Compiler::pred_id`] would.
    fn lookup_pred(&self, name: u32, arity: usize) -> Option<PredId> {
        let module = self.program.modules.current;
        match self.program.modules.unqualify(name) {
            Some((m, n)) => self.program.lookup_in(m, n, arity),
            None if module == 0 => self.program.lookup_pred(name, arity),
            None => self
                .program
                .lookup_in(module, name, arity)
                .or_else(|| self.program.lookup_pred(name, arity)),
        }
    }

    /// Name and arity of a callable term (lists count as `'.'/2`).
    fn name_arity(&self, t: Cell) -> (u32, usize) {
        name_arity(self.heap, t)
    }

    /// True when variable `v` occurs in term `t`.
    fn occurs_in(&self, v: Cell, t: Cell) -> bool {
        super::unify::occurs_in(&self.heap.cells, v, t)
    }

    /// Grow the register count to `n`: the code compiled names registers below it.
    fn need_regs(&mut self, n: usize) {
        self.regs = self.regs.max(n);
    }

    /// Emit the simple clauses of one normalised body: the first is the clause's own code, and
    /// each of the others is added as a clause of its auxiliary predicate. `whole` is the
    /// arity of the clause when the first is the whole clause (its body is no disjunction),
    /// which may then open with a `TestAlt` of tests if it has a cut (see `guard.rs`).
    fn emit_simple_clauses(&mut self, simple: &[Simple], whole: Option<usize>) {
        for (i, s) in simple.iter().enumerate() {
            let start = self.emit(s);
            if i == 0 {
                if let Some(arity) = whole {
                    if s.goals.iter().any(|g| matches!(g, Goal::Cut)) {
                        self.mark_tests(start, arity);
                    }
                }
                continue;
            }
            let h = self.heap.deref(s.head);
            let (an, aa) = self.name_arity(h);
            let apid = self.pred_id(an, aa);
            let id = self.program.next_clause_id;
            self.program.next_clause_id += 1;
            let st = StoredTerm::from_heap_marking(self.heap, h);
            self.program.preds[apid as usize].library = true;
            let clause = Clause::new(start, 0, false, st.into(), id);
            self.program.add_aux_clause(apid, clause);
        }
    }

    /// The alternatives of a clause body that is a disjunction `A1 ; A2 ; ... ; An` or an
    /// if-then-else, or the body alone.
    ///
    /// `H :- (A ; B)` behaves exactly as `H :- A` followed by `H :- B` in the clause's place:
    /// a cut in either cuts the clause and its disjunction alike, and the second is tried on
    /// backtracking with the arguments of the call. So the clause runs its alternatives one
    /// after another, each with its own head unification, and needs neither an auxiliary
    /// predicate nor a call to it. An alternative `C -> T` marks the choicepoint height before
    /// its own choicepoint and cuts back to it when `C` succeeds, which commits to it and
    /// drops the alternatives after it, as `(C -> T ; E)` does. A body with a soft-cut
    /// (`C *-> T`) among its alternatives is left whole, for an auxiliary predicate.
    fn body_alternatives(&self, body: Cell) -> Vec<Alternative> {
        let body = self.heap.deref(body);
        if !self.is_functor(body, atom::SEMI, 2) && !self.is_functor(body, atom::ARROW, 2) {
            return vec![Alternative::Plain(body)];
        }
        let disjuncts = self.disjuncts(body);
        if disjuncts.iter().any(|&d| self.is_functor(d, atom::SOFT, 2)) {
            return vec![Alternative::Plain(body)];
        }
        disjuncts
            .into_iter()
            .map(|d| {
                if self.is_functor(d, atom::ARROW, 2) {
                    Alternative::IfThen(self.heap.arg(d, 0), self.heap.arg(d, 1))
                } else {
                    Alternative::Plain(d)
                }
            })
            .collect()
    }

    /// `head` with `extra` as one more argument, under the same name.
    fn with_extra_arg(&mut self, head: Cell, extra: Cell) -> Cell {
        let head = self.heap.deref(head);
        let (name, arity) = self.name_arity(head);
        let mut args: Vec<Cell> = (0..arity).map(|i| self.head_arg(head, i)).collect();
        args.push(extra);
        self.heap.compound(name, &args)
    }

    /// True when calling `g` may change the continuation (it is not a native). A library
    /// native counts as a native for as long as it stays one (see `lib_natives.rs`), and so
    /// does a nondeterministic native while fast paths are on (see `redo_in_line.rs`).
    fn is_real_call(&mut self, g: Cell) -> bool {
        let (n, a) = self.name_arity(g);
        let pid = self.pred_id(n, a);
        if self.redo_in_line(pid, 0).is_some() {
            return false;
        }
        let p = &self.program.preds[pid as usize];
        if !matches!(p.kind, PredKind::Native(_)) {
            return true;
        }
        if p.library {
            self.program.lib_natives.note_inline(pid);
        }
        false
    }

    /// The call of `callee` that is not a real call: `CallLib` for a library native, whose
    /// replacement old code must survive (see `lib_natives.rs`), and `CallRedo` for a
    /// nondeterministic one, whose choicepoint saves the clause's `nregs` temporary registers.
    fn native_call(&self, callee: PredId, nregs: u32) -> Instr {
        if let Some(call) = self.redo_in_line(callee, nregs) {
            call
        } else if self.program.preds[callee as usize].library {
            Instr::CallLib(callee)
        } else {
            Instr::Call(callee)
        }
    }

    /// Generate code for one simple clause; returns its start address.
    fn emit(&mut self, s: &Simple) -> usize {
        let head = self.heap.deref(s.head);
        let head_arity = self.name_arity(head).1;
        // Classify variables by chunk.
        let mut vars = EmitVars::lend();
        let note = |vars: &mut VarTable, v: Cell, chunk: usize, goal: usize, construct: u32| {
            let e = vars.entry(v, || VarInfo {
                first_chunk: chunk,
                first_construct: construct,
                ..Default::default()
            });
            e.count += 1;
            e.last_chunk = chunk;
            e.last_goal = goal;
        };
        let mut tmp = Lent::from(&EMIT_OCCURRENCES, KEEP_VARS);
        let mut max_arity = head_arity;
        self.all_var_occurrences(head, &mut tmp);
        for &v in tmp.iter() {
            note(&mut vars, v, 0, 0, inline::NONE);
        }
        let mut chunk = 0;
        let mut real_calls = Vec::with_capacity(s.goals.len());
        let mut has_not = false;
        let mut has_or = false;
        // The constructs compiled in line, and those open at the goal being noted.
        let mut layouts: Vec<inline::Layout> = Vec::with_capacity(s.constructs.len());
        let mut open: Vec<u32> = Vec::new();
        for (gi, g) in s.goals.iter().enumerate() {
            let at = gi + 1;
            let inner = open.last().copied().unwrap_or(inline::NONE);
            match *g {
                Goal::Call(t) => {
                    let t = self.heap.deref(t);
                    tmp.clear();
                    self.all_var_occurrences(t, &mut tmp);
                    for &v in tmp.iter() {
                        note(&mut vars, v, chunk, at, inner);
                    }
                    max_arity = max_arity.max(self.name_arity(t).1);
                    let real = self.is_real_call(t);
                    real_calls.push(real);
                    if real {
                        chunk += 1;
                    }
                }
                Goal::Not(m, t) => {
                    let t = self.heap.deref(t);
                    let m = self.heap.deref(m);
                    note(&mut vars, m, chunk, at, inner);
                    tmp.clear();
                    self.all_var_occurrences(t, &mut tmp);
                    for &v in tmp.iter() {
                        note(&mut vars, v, chunk, at, inner);
                    }
                    max_arity = max_arity.max(self.name_arity(t).1);
                    real_calls.push(true);
                    has_not = true;
                    chunk += 1;
                    // The height is read again after the call: that makes it permanent.
                    note(&mut vars, m, chunk, at, inner);
                }
                Goal::CutTo(v) | Goal::GetLevel(v) | Goal::Mark(v) | Goal::SoftCut(v) => {
                    let v = self.heap.deref(v);
                    note(&mut vars, v, chunk, at, inner);
                    // These read or write the variable outside any call: count it twice so it
                    // is never treated as void.
                    note(&mut vars, v, chunk, at, inner);
                    real_calls.push(false);
                }
                Goal::Open(k) => {
                    layouts.push(inline::Layout::new(gi, inner, chunk));
                    open.push(k);
                    let c = s.constructs[k as usize];
                    if c.kind != inline::Kind::Or {
                        note(&mut vars, c.mark, chunk, at, k);
                    }
                    // A disjunction's choicepoint outlives its first branch: what is live
                    // across it must survive the calls after it, which may run before the
                    // second branch does.
                    if c.kind == inline::Kind::Or {
                        has_or = true;
                        chunk += 1;
                    }
                    real_calls.push(false);
                }
                Goal::Commit(k) => {
                    let c = s.constructs[k as usize];
                    note(&mut vars, c.mark, chunk, at, k);
                    real_calls.push(false);
                }
                Goal::Close(k) => {
                    layouts[k as usize].close = gi;
                    open.pop();
                    real_calls.push(false);
                }
                _ => real_calls.push(false),
            }
        }
        if !layouts.is_empty() {
            self.place_inits(&mut vars, &mut layouts);
        }
        let rest = Self::rest_empty(&s.goals, &layouts);
        // An environment is needed when a real call is followed by anything.
        let needs_env = real_calls
            .iter()
            .enumerate()
            .any(|(i, &r)| r && !rest[i + 1])
            || has_not
            || has_or;
        let mut nperm = 0u32;
        let mut next_x = max_arity as u32;
        for (_, info) in vars.iter_mut() {
            if info.count == 1 {
                continue;
            }
            if needs_env && info.first_chunk != info.last_chunk {
                info.reg = Some(Reg::Y(nperm));
                nperm += 1;
            } else {
                info.reg = Some(Reg::X(next_x));
                next_x += 1;
            }
        }
        // The second copy of a variable given its value at a construct's `Open`: never read.
        let init_reg = next_x;
        if !layouts.is_empty() {
            next_x += 1;
        }
        let first_real = real_calls.iter().position(|&r| r);
        let chunk0 = match first_real {
            Some(k) => &s.goals[..=k],
            None => &s.goals[..],
        };
        self.keep_in_arg_regs(head, head_arity, chunk0, max_arity, &mut vars);
        self.need_regs(next_x as usize + 1);
        let start = self.program.code.len();
        let pid = match s.owner {
            Some(pid) => pid,
            None => {
                let (n, a) = self.name_arity(head);
                self.pred_id(n, a)
            }
        };
        self.program.code_owners.push((start as u32, pid));
        if needs_env && self.recorder.is_some() {
            let perms: Vec<(u32, Cell)> = vars
                .iter_mut()
                .filter_map(|(v, info)| match info.reg {
                    Some(Reg::Y(i)) => Some((i, v)),
                    _ => None,
                })
                .collect();
            self.note_frame_vars(start, perms);
        }
        if needs_env {
            self.program.code.push(Instr::Allocate(nperm, pid));
        }
        let mut scratch = next_x;
        // Head: the variable and atomic arguments first, then the compound ones (see
        // `head_order`).
        for i in self.head_order(head, head_arity) {
            let arg = self.heap.deref(self.head_arg(head, i));
            match arg.tag() {
                Tag::Ref => {
                    let info = vars.get_mut(&arg).unwrap();
                    match info.reg {
                        None => {}
                        Some(r) => {
                            if info.seen {
                                self.program.code.push(Instr::GetVal(r, i as u32));
                            } else {
                                info.seen = true;
                                // A variable kept in its argument register needs no move.
                                if r != Reg::X(i as u32) {
                                    self.program.code.push(Instr::GetVar(r, i as u32));
                                }
                            }
                        }
                    }
                }
                Tag::Atom | Tag::Int => self.program.code.push(Instr::GetConst(arg, i as u32)),
                _ => self.emit_head_term(arg, i as u32, &mut vars, &mut scratch),
            }
        }
        // Body. `ended`: the code emitted last was a last call, after which nothing runs;
        // `label_at` the address the last construct's branches meet at or its else starts.
        let mut ended = false;
        let mut label_at = usize::MAX;
        for (gi, g) in s.goals.iter().enumerate() {
            let is_last = rest[gi + 1];
            match *g {
                Goal::Cut => self.program.code.push(Instr::Cut(needs_env)),
                Goal::True => {}
                Goal::Fail => self.program.code.push(Instr::Fail),
                Goal::CutTo(v) => {
                    let r = self.var_reg(&mut vars, v);
                    self.program.code.push(Instr::CutTo(r));
                }
                Goal::SoftCut(v) => {
                    let r = self.var_reg(&mut vars, v);
                    self.program.code.push(Instr::SoftCut(r));
                }
                Goal::GetLevel(v) => {
                    let r = self.var_reg(&mut vars, v);
                    self.program.code.push(Instr::GetLevel(r, needs_env));
                }
                Goal::Mark(v) => {
                    let r = self.var_reg(&mut vars, v);
                    self.program.code.push(Instr::Mark(r));
                }
                Goal::Not(m, t) => {
                    let r = self.var_reg(&mut vars, m);
                    self.program.code.push(Instr::Mark(r));
                    let alt = self.program.code.len();
                    self.program.code.push(Instr::PushAlt(0, 0));
                    let t = self.heap.deref(t);
                    let callee = self.emit_args(t, &mut vars, &mut scratch);
                    self.note_call_site(self.program.code.len(), t);
                    self.program.code.push(Instr::Call(callee));
                    self.program.code.push(Instr::CutTo(r));
                    self.program.code.push(Instr::Fail);
                    let here = self.program.code.len();
                    self.program.code[alt] = Instr::PushAlt(here as u32, 0);
                }
                Goal::Open(k) => {
                    let c = s.constructs[k as usize];
                    self.emit_open(c, &mut layouts[k as usize], &mut vars, init_reg);
                }
                Goal::Commit(k) => {
                    let c = s.constructs[k as usize];
                    self.emit_commit(c, &mut layouts[k as usize], &mut vars);
                }
                Goal::Else(k) => {
                    self.emit_else(&mut layouts[k as usize], &mut vars, ended);
                    label_at = self.program.code.len();
                    ended = false;
                    continue;
                }
                Goal::Close(k) => {
                    ended = self.emit_close(&mut layouts[k as usize], &mut vars, ended);
                    label_at = self.program.code.len();
                    continue;
                }
                Goal::Call(t) => {
                    let t = self.heap.deref(t);
                    let at = self.program.code.len();
                    // A goal calling a builtin may compile to instructions of its own.
                    let fixed = (!real_calls[gi]).then(|| self.fixed_native(t)).flatten();
                    if fixed.is_some_and(|callee| {
                        self.emit_inline_arith(t, callee, &mut vars, &mut scratch)
                            || self.emit_term_goal(t, callee, &mut vars, next_x)
                            || self.emit_body_unify(t, callee, &mut vars, &mut scratch)
                            || self.emit_inline_goal(t, callee, &mut vars, &mut scratch)
                    }) {
                        self.note_call_site(at, t);
                        ended = false;
                        continue;
                    }
                    let callee = self.emit_args(t, &mut vars, &mut scratch);
                    if is_last && real_calls[gi] {
                        // `DeallocExecute` is the two instructions of the plain WAM fused into
                        // one step, a fast path: with it off they stay two.
                        let fused = needs_env && self.fast_paths;
                        if needs_env && !fused {
                            self.program.code.push(Instr::Deallocate);
                        }
                        self.note_call_site(self.program.code.len(), t);
                        self.program.code.push(if fused {
                            Instr::DeallocExecute(callee)
                        } else {
                            Instr::Execute(callee)
                        });
                        ended = true;
                        continue;
                    }
                    self.note_call_site(self.program.code.len(), t);
                    let call = if real_calls[gi] {
                        Instr::Call(callee)
                    } else {
                        self.native_call(callee, next_x)
                    };
                    self.program.code.push(call);
                }
            }
            ended = false;
        }
        let len = self.program.code.len();
        // Code that a construct's branch jumps to (`label_at`) must end the clause itself.
        let labelled = label_at == len;
        if ended && !labelled {
            return start;
        }
        let fused = self.fast_paths;
        if fused && len > start && matches!(self.program.code[len - 1], Instr::Cut(_)) && !labelled
        {
            // A cut as the last goal ends the clause itself (a fast path: with it off, the cut,
            // the `Deallocate` and the `Proceed` of the plain WAM stay three steps).
            self.program.code[len - 1] = Instr::CutExit(needs_env);
        } else if needs_env && fused {
            self.program.code.push(Instr::DeallocProceed);
        } else if needs_env {
            self.program.code.push(Instr::Deallocate);
            self.program.code.push(Instr::Proceed);
        } else {
            // A native as the last goal returns to the continuation itself (a fast path: with it
            // off, the `CallLib` is followed by the `Proceed`); so does a constant unified last.
            if len > start && self.fast_paths && !labelled {
                if let Instr::CallLib(pid) = self.program.code[len - 1] {
                    self.program.code[len - 1] = Instr::CallLibLast(pid);
                }
            }
            self.push_proceed(start, labelled);
        }
        start
    }

    /// End the clause whose code starts at `start` and has no environment with its `Proceed`,
    /// taken into a `GetConst` just before it (`GetConstProceed`) when the fast paths are on
    /// and no branch jumps to the end (`labelled`). Facts end here whichever way they are
    /// compiled (`compile/fact.rs`), so that they get the same code.
    pub(super) fn push_proceed(&mut self, start: usize, labelled: bool) {
        if self.fast_paths && !labelled {
            self.pair_head_consts(start);
        }
        let len = self.program.code.len();
        if len > start && self.fast_paths && !labelled {
            match self.program.code[len - 1] {
                Instr::GetConst2(ai, c, d) => {
                    self.program.code[len - 1] = Instr::GetConst2Proceed(ai, c, d);
                    return;
                }
                Instr::GetFloat2(ai, x, y) => {
                    self.program.code[len - 1] = Instr::GetFloat2Proceed(ai, x, y);
                    return;
                }
                Instr::GetConstFloat(w, c, x) => {
                    self.program.code[len - 1] = Instr::GetConstFloatProceed(w, c, x);
                    return;
                }
                Instr::GetConst(c, ai) => {
                    self.program.code[len - 1] = Instr::GetConstProceed(c, ai);
                    return;
                }
                Instr::GetFloat(bits, ai) => {
                    self.program.code[len - 1] = Instr::GetFloatProceed(bits, ai);
                    return;
                }
                _ => {}
            }
        }
        self.program.code.push(Instr::Proceed);
    }

    /// How long the code of a fact of `arity` constant arguments is: a `GetConst` for each
    /// argument and a `Proceed`; with the fast paths on, a `GetConst2` for each two arguments
    /// and the last instruction taking in the `Proceed`.
    pub(crate) fn constant_fact_len(fast_paths: bool, arity: usize) -> usize {
        if fast_paths && arity > 0 {
            arity.div_ceil(2)
        } else {
            arity + 1
        }
    }
}
