//! Compound-term templates: the compiled form of a compound argument in a clause.
//!
//! A template is the term laid out as heap cells with addresses relative to the template, where
//! variables are slots naming a register. `PutTerm` copies a whole template onto the heap in one
//! linear pass; `GetTerm` unifies a heap term against a template, matching in read mode and
//! building the missing parts in write mode. Both are loops with explicit stacks.
//!
//! A variable slot is a `Ref` cell whose payload is `(register << 2) | (is_y << 1) | void`.
//! Before a template runs, the registers of the variables that occur in it for the first time
//! are set to [`UNSET`], so "first occurrence" is decided at run time and the traversal order
//! does not matter.

use super::instr::Reg;
use super::Machine;
use ply_term::{Cell, Tag};

/// The value of a register whose variable has not been seen yet.
pub const UNSET: Cell = Cell(u64::MAX);

/// A compiled compound argument, as the compiler lays it out; the machine keeps it in
/// [`Templates`].
#[derive(Clone, Debug, Default)]
pub struct Template {
    /// Root cell first, then the blocks it points into (relative addresses, counted from 1).
    pub cells: Vec<Cell>,
    /// Registers of variables that first occur in this template.
    pub firsts: Vec<Reg>,
    /// True when the root is a compound or list whose arguments are all atomic or variables,
    /// which `GetTerm` matches without a work stack.
    pub flat: bool,
}

impl Template {
    /// A template over `cells`, working out whether it is flat.
    pub fn new(cells: Vec<Cell>, firsts: Vec<Reg>) -> Template {
        let root = cells[0];
        let flat = match root.tag() {
            Tag::Str => {
                let a = root.addr();
                let n = cells[a].functor_arity();
                cells[a + 1..a + 1 + n]
                    .iter()
                    .all(|c| matches!(c.tag(), Tag::Ref | Tag::Atom | Tag::Int))
            }
            Tag::List => {
                let a = root.addr();
                cells[a..a + 2]
                    .iter()
                    .all(|c| matches!(c.tag(), Tag::Ref | Tag::Atom | Tag::Int))
            }
            _ => false,
        };
        Template {
            cells,
            firsts,
            flat,
        }
    }
}

/// Every template of the machine, in one arena of cells: a program of many clauses with compound
/// arguments has as many templates, and a vector (or two) of its own for each would cost an
/// allocation, its bookkeeping and its spare capacity per template. Templates are added, and
/// taken back only by the code space (`code_space/family.rs`): when a clause just compiled
/// moves into the freed code of another, its templates are written over that clause's, which
/// have the same sizes, and its own, the last ones added, are dropped.
#[derive(Clone, Debug, Default)]
pub struct Templates {
    /// Per template: its first-occurrence registers as slot cells (see [`slot`]), then its cells
    /// (root first, addresses relative to the root, counted from 1 as in [`Template::cells`]).
    pub arena: Vec<Cell>,
    /// Where each template's registers start in `arena`, and its counts.
    spans: Vec<Span>,
}

/// Where one template lies in [`Templates::arena`].
#[derive(Clone, Copy, Debug)]
struct Span {
    /// Its first register's slot cell; its cells follow the registers.
    start: usize,
    /// How many cells it has.
    ncells: u32,
    /// How many first-occurrence registers it has, and [`Span::FLAT`] when it is flat.
    firsts: u32,
}

impl Span {
    /// The bit of [`Span::firsts`] that says the template is flat.
    const FLAT: u32 = 1 << 31;
}

impl Templates {
    /// Add `t`, as the template numbered `len()` before.
    pub fn push(&mut self, t: Template) {
        let start = self.arena.len();
        self.arena.extend(t.firsts.iter().map(|&r| slot(Some(r))));
        self.arena.extend_from_slice(&t.cells);
        // A clause of two thousand million variables or cells is beyond any heap.
        let firsts = (t.firsts.len() as u32).min(Span::FLAT - 1);
        self.spans.push(Span {
            start,
            ncells: t.cells.len() as u32,
            firsts: firsts | if t.flat { Span::FLAT } else { 0 },
        });
    }

    /// How many templates there are.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// True when there is none.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Where template `t`'s cells start in `arena`, and how many there are.
    #[inline]
    pub fn cells(&self, t: usize) -> (usize, usize) {
        let s = self.spans[t];
        let firsts = (s.firsts & !Span::FLAT) as usize;
        (s.start + firsts, s.ncells as usize)
    }

    /// The range of `arena` that holds template `t`'s first-occurrence registers.
    #[inline]
    pub fn firsts(&self, t: usize) -> (usize, usize) {
        let s = self.spans[t];
        (s.start, s.start + (s.firsts & !Span::FLAT) as usize)
    }

    /// Whether template `t` is flat (see [`Template::flat`]).
    #[inline]
    pub fn flat(&self, t: usize) -> bool {
        self.spans[t].firsts & Span::FLAT != 0
    }

    /// The size of template `t`: how many first-occurrence registers and how many cells. Two
    /// templates of one size take the same room in the arena.
    pub fn size(&self, t: usize) -> (u32, u32) {
        let s = self.spans[t];
        (s.firsts & !Span::FLAT, s.ncells)
    }

    /// Write template `from` over template `to`, which has the same [`Templates::size`].
    pub fn overwrite(&mut self, to: usize, from: usize) {
        let (f, t) = (self.spans[from], self.spans[to]);
        debug_assert_eq!(self.size(from), self.size(to));
        let words = (f.firsts & !Span::FLAT) as usize + f.ncells as usize;
        self.arena.copy_within(f.start..f.start + words, t.start);
        self.spans[to].firsts = f.firsts;
    }

    /// Drop the templates numbered `n` and up, and their cells.
    pub fn truncate(&mut self, n: usize) {
        if let Some(first) = self.spans.get(n) {
            self.arena.truncate(first.start);
            self.spans.truncate(n);
        }
    }
}

/// The slot cell for a register.
pub fn slot(r: Option<Reg>) -> Cell {
    match r {
        None => Cell::reference(1),
        Some(Reg::X(i)) => Cell::reference((i as usize) << 2),
        Some(Reg::Y(i)) => Cell::reference(((i as usize) << 2) | 2),
    }
}

#[inline]
fn slot_reg(c: Cell) -> Option<Reg> {
    let p = c.addr();
    if p & 1 == 1 {
        None
    } else if p & 2 == 2 {
        Some(Reg::Y((p >> 2) as u32))
    } else {
        Some(Reg::X((p >> 2) as u32))
    }
}

impl Machine {
    #[inline]
    fn resolve_slot(&mut self, s: Cell, dst: usize) {
        self.stacks.heap.cells[dst] = self.slot_value(s, dst);
    }

    /// The cell that slot `s` puts at heap address `dst`: the value of its register, or a new
    /// variable there that the register (unset until now) takes as well. Reads no heap cell.
    #[inline(always)]
    fn slot_value(&mut self, s: Cell, dst: usize) -> Cell {
        match slot_reg(s) {
            None => Cell::reference(dst),
            Some(r) => {
                let v = self.reg(r);
                if v == UNSET {
                    self.set_reg(r, Cell::reference(dst));
                    Cell::reference(dst)
                } else {
                    v
                }
            }
        }
    }

    fn clear_firsts(&mut self, t: usize) {
        let (from, to) = self.program.templates.firsts(t);
        for i in from..to {
            if let Some(r) = slot_reg(self.program.templates.arena[i]) {
                self.set_reg(r, UNSET);
            }
        }
    }

    /// Copy template `t` onto the heap and return its root.
    pub fn put_template(&mut self, t: usize) -> Cell {
        self.clear_firsts(t);
        self.put_template_no_clear(t)
    }

    /// Copy template `t` onto the heap, its first-occurrence registers already cleared.
    ///
    /// The block is written straight into the heap's spare room, each cell once: no `memset`
    /// to clear it first and no bounds check per cell. Every cell of the block is written (a
    /// template's cells are its block, boxed values included), and nothing in the loop reads
    /// the heap, so the length covers the block only once all of it is written.
    fn put_template_no_clear(&mut self, t: usize) -> Cell {
        let (tb, n) = self.program.templates.cells(t);
        // Block cell i of the template lands at heap address base + i - 1.
        let base = self.stacks.heap.top();
        let len = n - 1;
        self.stacks.heap.cells.reserve(len);
        let mut i = 1;
        while i < n {
            let c = self.program.templates.arena[tb + i];
            let dst = base + i - 1;
            let v = match c.tag() {
                Tag::Ref => self.slot_value(c, dst),
                Tag::Str => Cell::structure(base + c.addr() - 1),
                Tag::List => Cell::list(base + c.addr() - 1),
                Tag::Boxed => Cell::boxed(base + c.addr() - 1),
                Tag::Header => {
                    let w = c.header_words();
                    for k in 0..=w {
                        let v = self.program.templates.arena[tb + i + k];
                        assert!(i + k < n, "a boxed value past its template's block");
                        // SAFETY: `reserve` made room for `len` cells past `base`, and
                        // `i + k < n` puts `dst + k` below `base + len`.
                        unsafe { self.stacks.heap.cells.as_mut_ptr().add(dst + k).write(v) };
                    }
                    i += w + 1;
                    continue;
                }
                _ => c,
            };
            // SAFETY: `reserve` made room for `len` cells past `base`, and `i < n` puts `dst`
            // below `base + len`; the registers `slot_value` writes are not the heap.
            unsafe { self.stacks.heap.cells.as_mut_ptr().add(dst).write(v) };
            i += 1;
        }
        // SAFETY: the loop has written every cell from `base` to `base + len`.
        unsafe { self.stacks.heap.cells.set_len(base + len) };
        let root = self.program.templates.arena[tb];
        match root.tag() {
            Tag::Str => Cell::structure(base + root.addr() - 1),
            Tag::List => Cell::list(base + root.addr() - 1),
            _ => Cell::boxed(base + root.addr() - 1),
        }
    }

    /// Build on the heap the part of template `t` that template cell `tc` stands for.
    fn build_sub(&mut self, t: usize, tc: Cell) -> Cell {
        let tb = self.program.templates.cells(t).0;
        // Work items: (template address of a block, heap address it is copied to).
        let mut work: Vec<(usize, usize)> = Vec::new();
        let root = self.alloc_block(t, tc, &mut work);
        while let Some((ta, ha)) = work.pop() {
            let first = self.program.templates.arena[tb + ta];
            let len = if first.tag() == Tag::Functor {
                self.stacks.heap.cells[ha] = first;
                1 + first.functor_arity()
            } else {
                2
            };
            let start = if first.tag() == Tag::Functor { 1 } else { 0 };
            for k in start..len {
                let c = self.program.templates.arena[tb + ta + k];
                match c.tag() {
                    Tag::Ref => self.resolve_slot(c, ha + k),
                    Tag::Str | Tag::List | Tag::Boxed => {
                        let v = self.alloc_block(t, c, &mut work);
                        self.stacks.heap.cells[ha + k] = v;
                    }
                    _ => self.stacks.heap.cells[ha + k] = c,
                }
            }
        }
        root
    }

    /// Reserve heap room for the block template cell `tc` points to; boxed values are copied
    /// at once, compounds and lists are queued.
    fn alloc_block(&mut self, t: usize, tc: Cell, work: &mut Vec<(usize, usize)>) -> Cell {
        let tb = self.program.templates.cells(t).0;
        let ta = tc.addr();
        let h = self.stacks.heap.top();
        match tc.tag() {
            Tag::Boxed => {
                let w = self.program.templates.arena[tb + ta].header_words();
                for k in 0..=w {
                    let c = self.program.templates.arena[tb + ta + k];
                    self.stacks.heap.cells.push(c);
                }
                Cell::boxed(h)
            }
            Tag::List => {
                self.stacks.heap.cells.resize(h + 2, Cell(0));
                work.push((ta, h));
                Cell::list(h)
            }
            _ => {
                let n = self.program.templates.arena[tb + ta].functor_arity();
                self.stacks.heap.cells.resize(h + 1 + n, Cell(0));
                work.push((ta, h));
                Cell::structure(h)
            }
        }
    }

    /// Unify heap term `a` with template `t`.
    pub fn get_template(&mut self, t: usize, a: Cell) -> bool {
        self.clear_firsts(t);
        if self.program.templates.flat(t) {
            return self.get_flat_template(t, a);
        }
        let mut stack: Vec<(Cell, Cell)> = std::mem::take(&mut self.stacks.pair_stack);
        stack.clear();
        let ok = self.get_template_with(t, a, &mut stack);
        self.stacks.pair_stack = stack;
        ok
    }

    /// `GetTerm` for a flat template: match the arguments in place.
    fn get_flat_template(&mut self, t: usize, a: Cell) -> bool {
        let tb = self.program.templates.cells(t).0;
        let d = self.stacks.heap.deref(a);
        let root = self.program.templates.arena[tb];
        let (ta, n, ha) = match (root.tag(), d.tag()) {
            (_, Tag::Ref) => {
                let built = self.put_template_no_clear(t);
                self.bind(d, built);
                return true;
            }
            (Tag::Str, Tag::Str) => {
                let ta = root.addr();
                let f = self.program.templates.arena[tb + ta];
                if f != self.stacks.heap.functor_of(d) {
                    return false;
                }
                (ta + 1, f.functor_arity(), d.addr() + 1)
            }
            (Tag::List, Tag::List) => (root.addr(), 2, d.addr()),
            _ => return false,
        };
        for k in 0..n {
            let tc = self.program.templates.arena[tb + ta + k];
            let hc = self.stacks.heap.cells[ha + k];
            let ok = match tc.tag() {
                Tag::Ref => match slot_reg(tc) {
                    None => true,
                    Some(r) => {
                        let v = self.reg(r);
                        if v == UNSET {
                            self.set_reg(r, hc);
                            true
                        } else {
                            self.unify(v, hc)
                        }
                    }
                },
                _ => {
                    let x = self.stacks.heap.deref(hc);
                    if x == tc {
                        true
                    } else if x.tag() == Tag::Ref {
                        self.bind(x, tc);
                        true
                    } else {
                        false
                    }
                }
            };
            if !ok {
                return false;
            }
        }
        true
    }

    fn get_template_with(&mut self, t: usize, a: Cell, stack: &mut Vec<(Cell, Cell)>) -> bool {
        let tb = self.program.templates.cells(t).0;
        let mut tc = self.program.templates.arena[tb];
        let mut hc = a;
        loop {
            let ok = match tc.tag() {
                Tag::Ref => match slot_reg(tc) {
                    None => true,
                    Some(r) => {
                        let v = self.reg(r);
                        if v == UNSET {
                            self.set_reg(r, hc);
                            true
                        } else {
                            self.unify(v, hc)
                        }
                    }
                },
                Tag::Atom | Tag::Int => {
                    let d = self.stacks.heap.deref(hc);
                    if d == tc {
                        true
                    } else if d.tag() == Tag::Ref {
                        self.bind(d, tc);
                        true
                    } else {
                        false
                    }
                }
                _ => {
                    let d = self.stacks.heap.deref(hc);
                    match (tc.tag(), d.tag()) {
                        (_, Tag::Ref) => {
                            // The whole template against an unbound argument is built by the
                            // one pass over its block that `put_template` makes, rather than
                            // block by block (only the root cell points at the first block).
                            let built = if tc == self.program.templates.arena[tb] {
                                self.put_template_no_clear(t)
                            } else {
                                self.build_sub(t, tc)
                            };
                            self.bind(d, built);
                            true
                        }
                        (Tag::Str, Tag::Str) => {
                            let ta = tc.addr();
                            let f = self.program.templates.arena[tb + ta];
                            if f != self.stacks.heap.functor_of(d) {
                                false
                            } else {
                                let ha = d.addr();
                                for k in (1..=f.functor_arity()).rev() {
                                    stack.push((
                                        self.program.templates.arena[tb + ta + k],
                                        self.stacks.heap.cells[ha + k],
                                    ));
                                }
                                true
                            }
                        }
                        (Tag::List, Tag::List) => {
                            let (ta, ha) = (tc.addr(), d.addr());
                            stack.push((
                                self.program.templates.arena[tb + ta + 1],
                                self.stacks.heap.cells[ha + 1],
                            ));
                            stack.push((
                                self.program.templates.arena[tb + ta],
                                self.stacks.heap.cells[ha],
                            ));
                            true
                        }
                        (Tag::Boxed, Tag::Boxed) => {
                            let ta = tc.addr();
                            let w = self.program.templates.arena[tb + ta].header_words();
                            let ha = d.addr();
                            (0..=w).all(|k| {
                                self.program.templates.arena[tb + ta + k]
                                    == self.stacks.heap.cells[ha + k]
                            })
                        }
                        _ => false,
                    }
                }
            };
            if !ok {
                return false;
            }
            match stack.pop() {
                Some((p, q)) => {
                    tc = p;
                    hc = q;
                }
                None => return true,
            }
        }
    }
}
