//! Emitting the terms of a clause: the order of head arguments, head unification of compound
//! arguments (a worklist, never Rust recursion on term depth), loading the arguments of a goal,
//! and laying out compound arguments as templates. `compile.rs` decides what to emit and
//! where; this file only turns one term at a time into instructions or a template, and must
//! never decide which registers a variable lives in beyond what `VarTable` already says.

use super::super::instr::{Instr, PredId, Reg};
use super::super::template::{slot, Template};
use super::vartable::VarTable;
use super::Compiler;
use super::KEEP_VARS;
use ply_term::scratch::Lent;
use ply_term::{Cell, Tag};

/// The size in cells from which a ground head argument is matched by one template: below it
/// the instructions, which fail at the first mismatch without a walk, cost no more.
const LARGE_GROUND: usize = 64;

thread_local! {
    /// The queue of compound head arguments in [`Compiler::emit_head_term`], kept between
    /// clauses.
    static HEAD_QUEUE: std::cell::Cell<Vec<(Cell, u32)>> =
        const { std::cell::Cell::new(Vec::new()) };
}

impl Compiler<'_> {
    /// The order in which head arguments are unified: variables and atomic arguments in
    /// position order, then compound arguments in position order. Unification gives the same
    /// result in any order, but a compound argument that shares a variable with a later
    /// argument fails sooner this way: `line([F,F,F|_], F)` called with `F` bound compares
    /// the first square with it at once instead of walking the whole list first.
    pub(super) fn head_order(&self, head: Cell, head_arity: usize) -> Vec<usize> {
        let simple = |i: &usize| {
            let a = self.heap.deref(self.head_arg(head, *i));
            matches!(a.tag(), Tag::Ref | Tag::Atom | Tag::Int)
        };
        let mut order: Vec<usize> = (0..head_arity).filter(simple).collect();
        order.extend((0..head_arity).filter(|i| !simple(i)));
        order
    }

    /// Load the arguments of goal `t` into the argument registers; returns the callee.
    pub(super) fn emit_args(&mut self, t: Cell, vars: &mut VarTable, scratch: &mut u32) -> PredId {
        let (gn, ga) = self.name_arity(t);
        for j in 0..ga {
            let arg = match t.tag() {
                Tag::List => self.heap.cells[t.addr() + j],
                _ => self.heap.arg(t, j),
            };
            let arg = self.heap.deref(arg);
            match arg.tag() {
                Tag::Ref => {
                    let info = vars.get_mut(&arg).unwrap();
                    match info.reg {
                        None => {
                            *scratch += 1;
                            self.need_regs(*scratch as usize + 1);
                            self.program
                                .code
                                .push(Instr::PutVar(Reg::X(*scratch), j as u32));
                        }
                        Some(r) => {
                            if info.seen {
                                if r != Reg::X(j as u32) {
                                    self.program.code.push(Instr::PutVal(r, j as u32));
                                }
                            } else {
                                info.seen = true;
                                self.program.code.push(Instr::PutVar(r, j as u32));
                            }
                        }
                    }
                }
                Tag::Atom | Tag::Int => self.program.code.push(Instr::PutConst(arg, j as u32)),
                _ => {
                    if !self.emit_flat(arg, j as u32, false, vars) {
                        let tt = self.make_template(arg, vars);
                        self.program.code.push(Instr::PutTerm(tt, j as u32));
                    }
                }
            }
        }
        self.pred_id(gn, ga)
    }

    pub(super) fn var_reg(&mut self, vars: &mut VarTable, v: Cell) -> Reg {
        let v = self.heap.deref(v);
        let info = vars.get_mut(&v).unwrap();
        info.seen = true;
        info.reg.unwrap()
    }

    /// Every occurrence of a variable in `t` (with repetitions), in order.
    pub(super) fn all_var_occurrences(&self, t: Cell, out: &mut Vec<Cell>) {
        let mut stack = ply_term::scratch::CellStack::lend();
        stack.push(t);
        while let Some(c) = stack.pop() {
            let c = self.heap.deref(c);
            if c.tag() == Tag::Ref {
                out.push(c);
            } else {
                ply_term::cycles::push_args(self.heap, c, &mut stack);
            }
        }
    }

    /// Emit head unification of compound `t` against register `X[xr]`, WAM style: the outer
    /// compound first, nested compounds through fresh temporary registers afterwards, so that a
    /// mismatch is found without building anything. Boxed constants use a one-cell template, but
    /// for floats with the fast paths on (`GetFloat`).
    pub(super) fn emit_head_term(
        &mut self,
        t: Cell,
        xr: u32,
        vars: &mut VarTable,
        scratch: &mut u32,
    ) {
        if self.fast_paths && self.large_ground(t) {
            // A big ground argument (a fact holding a long list of records, asserted again and
            // again as it grows) is one template, laid out by a copy and matched or built by
            // the template walk, rather than an instruction and a register per cell (a fast
            // path).
            let tt = self.make_template(t, vars);
            self.program.code.push(Instr::GetTerm(tt, xr));
            return;
        }
        // A queue read from the front by a cursor: entries are only appended while it is read.
        let mut queue = Lent::from(&HEAD_QUEUE, KEEP_VARS);
        queue.push((t, xr));
        let mut next = 0;
        while let Some(&(t, xr)) = queue.get(next) {
            next += 1;
            let t = self.heap.deref(t);
            let (base, n) = match t.tag() {
                Tag::List => {
                    self.program.code.push(Instr::GetList(xr));
                    (t.addr(), 2)
                }
                Tag::Str => {
                    let f = self.heap.functor_of(t);
                    if self.fast_paths && f.functor_arity() == 1 {
                        let a = self.heap.deref(self.heap.cells[t.addr() + 1]);
                        if matches!(a.tag(), Tag::Atom | Tag::Int) {
                            // A functor of one constant argument: one instruction (a fast path).
                            self.program.code.push(Instr::GetStructConst(xr, f, a));
                            continue;
                        }
                    }
                    self.program.code.push(Instr::GetStruct(f, xr));
                    (t.addr() + 1, f.functor_arity())
                }
                Tag::Boxed
                    if self.fast_paths && self.heap.box_kind(t) == ply_term::BoxKind::Float =>
                {
                    // A float is matched by its bits in the instruction: no template, which
                    // for a fact base of measures is most of its code's memory (a fast path).
                    let bits = self.heap.float_value(t).to_bits();
                    self.program.code.push(Instr::GetFloat(bits, xr));
                    continue;
                }
                _ => {
                    let tt = self.make_template(t, vars);
                    self.program.code.push(Instr::GetTerm(tt, xr));
                    continue;
                }
            };
            for k in 0..n {
                let a = self.heap.deref(self.heap.cells[base + k]);
                match a.tag() {
                    Tag::Atom | Tag::Int => self.program.code.push(Instr::UnifyConst(a)),
                    Tag::Ref => self.emit_unify_var(vars, a),
                    _ => {
                        *scratch += 1;
                        self.need_regs(*scratch as usize + 1);
                        self.program.code.push(Instr::UnifyVar(Reg::X(*scratch)));
                        queue.push((a, *scratch));
                    }
                }
            }
            self.fuse_list_vars();
        }
    }

    /// Whether `t` is a compound or list of at least [`LARGE_GROUND`] cells with no variable
    /// in it. The walk gives up (false) past the heap's size, so a cyclic term ends it.
    fn large_ground(&self, t: Cell) -> bool {
        let t = self.heap.deref(t);
        if !matches!(t.tag(), Tag::Str | Tag::List) {
            return false;
        }
        let bound = ply_term::cycles::walk_bound(&*self.heap);
        let mut cells = 0usize;
        let mut work = vec![t];
        while let Some(c) = work.pop() {
            let c = self.heap.deref(c);
            let (base, n) = match c.tag() {
                Tag::Ref => return false,
                Tag::Str => (c.addr() + 1, self.heap.functor_of(c).functor_arity()),
                Tag::List => (c.addr(), 2),
                _ => continue,
            };
            cells += n + 1;
            if cells > bound {
                return false;
            }
            work.extend_from_slice(&self.heap.cells[base..base + n]);
        }
        cells >= LARGE_GROUND
    }

    /// Make the head code just emitted, `GetList(ai), UnifyVar(h), UnifyVar(t)`, the one
    /// instruction `GetListVars(ai, h, t)`, and `GetList(ai), UnifyVal(h), UnifyVar(t)` the one
    /// instruction `GetListValVar(ai, h, t)`. Nothing refers to an address inside a head
    /// argument's code, so the two instructions can go.
    pub(super) fn fuse_list_vars(&mut self) {
        let len = self.program.code.len();
        // A fast path: with it off, the three instructions stay.
        if len < 3 || !self.fast_paths {
            return;
        }
        let fused = match self.program.code[len - 3..] {
            [Instr::GetList(ai), Instr::UnifyVar(h), Instr::UnifyVar(t)] => {
                Instr::GetListVars(ai, h, t)
            }
            [Instr::GetList(ai), Instr::UnifyVal(h), Instr::UnifyVar(t)] => {
                Instr::GetListValVar(ai, h, t)
            }
            _ => return,
        };
        self.program.code.truncate(len - 3);
        self.program.code.push(fused);
    }

    /// Emit `GetList`/`GetStruct` (or `PutList`/`PutStruct`) and one `Unify*` per argument
    /// when every argument of compound `t` is a variable or atomic; false otherwise.
    pub(super) fn emit_flat(&mut self, t: Cell, ai: u32, head: bool, vars: &mut VarTable) -> bool {
        let (f, base, n) = match t.tag() {
            Tag::List => (None, t.addr(), 2),
            Tag::Str => {
                let f = self.heap.functor_of(t);
                (Some(f), t.addr() + 1, f.functor_arity())
            }
            _ => return false,
        };
        let args: Vec<Cell> = (0..n)
            .map(|i| self.heap.deref(self.heap.cells[base + i]))
            .collect();
        if !args
            .iter()
            .all(|a| matches!(a.tag(), Tag::Ref | Tag::Atom | Tag::Int))
        {
            return false;
        }
        self.program.code.push(match (f, head) {
            (None, true) => Instr::GetList(ai),
            (None, false) => Instr::PutList(ai),
            (Some(f), true) => Instr::GetStruct(f, ai),
            (Some(f), false) => Instr::PutStruct(f, ai),
        });
        for a in args {
            if a.tag() != Tag::Ref {
                self.program.code.push(Instr::UnifyConst(a));
                continue;
            }
            self.emit_unify_var(vars, a);
        }
        if f.is_none() {
            if head {
                self.fuse_list_vars();
            } else {
                self.fuse_put_list();
            }
        }
        true
    }

    /// Make the body code just emitted, `PutList(ai), UnifyVal(h), UnifyVal(t)`, the one
    /// instruction `PutListValVal(ai, h, t)`, and `PutList(ai), UnifyVal(h), UnifyConst(c)`
    /// the one instruction `PutListValConst(ai, h, c)`. Nothing refers to an address inside a
    /// goal's argument code, so the two instructions can go.
    fn fuse_put_list(&mut self) {
        let len = self.program.code.len();
        // A fast path: with it off, the three instructions stay.
        if len < 3 || !self.fast_paths {
            return;
        }
        let fused = match self.program.code[len - 3..] {
            [Instr::PutList(ai), Instr::UnifyVal(h), Instr::UnifyVal(t)] => {
                Instr::PutListValVal(ai, h, t)
            }
            [Instr::PutList(ai), Instr::UnifyVal(h), Instr::UnifyConst(c)] => {
                Instr::PutListValConst(ai, h, c)
            }
            _ => return,
        };
        self.program.code.truncate(len - 3);
        self.program.code.push(fused);
    }

    /// Lay out compound (or boxed) term `t` as a template.
    pub(super) fn make_template(&mut self, t: Cell, vars: &mut VarTable) -> u32 {
        let mut cells = vec![Cell(0)];
        let mut firsts = Vec::new();
        let mut work: Vec<(Cell, usize)> = vec![(t, 0)];
        while let Some((c, dst)) = work.pop() {
            let c = self.heap.deref(c);
            match c.tag() {
                Tag::Ref => {
                    let info = vars.get_mut(&c).unwrap();
                    match info.reg {
                        None => cells[dst] = slot(None),
                        Some(r) => {
                            if !info.seen {
                                info.seen = true;
                                firsts.push(r);
                            }
                            cells[dst] = slot(Some(r));
                        }
                    }
                }
                Tag::Atom | Tag::Int => cells[dst] = c,
                Tag::Str => {
                    let f = self.heap.functor_of(c);
                    let n = f.functor_arity();
                    let b = cells.len();
                    cells.push(f);
                    cells.resize(b + 1 + n, Cell(0));
                    cells[dst] = Cell::structure(b);
                    for i in (0..n).rev() {
                        work.push((self.heap.arg(c, i), b + 1 + i));
                    }
                }
                Tag::List => {
                    let b = cells.len();
                    cells.resize(b + 2, Cell(0));
                    cells[dst] = Cell::list(b);
                    work.push((self.heap.cells[c.addr() + 1], b + 1));
                    work.push((self.heap.cells[c.addr()], b));
                }
                Tag::Boxed => {
                    let a = c.addr();
                    let w = self.heap.cells[a].header_words();
                    let b = cells.len();
                    cells.extend_from_slice(&self.heap.cells[a..a + 1 + w]);
                    cells[dst] = Cell::boxed(b);
                }
                _ => cells[dst] = c,
            }
        }
        self.program.templates.push(Template::new(cells, firsts));
        (self.program.templates.len() - 1) as u32
    }

    /// The `Unify*` instruction for variable `v` as an argument of a compound: `UnifyVoid` for
    /// a variable met only there, `UnifyVar` at its first occurrence, `UnifyVal` after.
    fn emit_unify_var(&mut self, vars: &mut VarTable, v: Cell) {
        let info = vars.get_mut(&v).unwrap();
        let instr = match info.reg {
            None => Instr::UnifyVoid,
            Some(r) if info.seen => Instr::UnifyVal(r),
            Some(r) => {
                info.seen = true;
                Instr::UnifyVar(r)
            }
        };
        self.program.code.push(instr);
    }
}
