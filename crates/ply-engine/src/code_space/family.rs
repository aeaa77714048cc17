//! A clause's *family*: its code region together with everything its compilation made for it
//! alone, and the move of a clause just compiled into the family of a freed clause of the same
//! layout.
//!
//! Compiling a clause makes more than its instructions. Each alternative of a body that is a
//! disjunction or an if-then-else gets an owner entry in `code_owners`; each compound argument
//! gets a template; a first clause of tests gets its decoding in `test_clauses`; and each
//! control construct nested inside the body gets an auxiliary predicate, whose clauses are
//! compiled right after the clause's own code. A clause whose code region names only such
//! things of its own is a family, and its whole family can be freed and handed to a later
//! clause with the same layout: the same code length, the same owner entries at the same
//! offsets, as many templates and decodings, and auxiliary predicates of the same arities.
//!
//! The move must leave the machine as if the new clause had been compiled into the old place:
//! the code's own addresses, template numbers, decodings and auxiliary predicate numbers are
//! translated into the old family's, the auxiliary predicates take over the new clauses (under
//! their old names) and the ones the compilation made are dropped. This file must never take
//! into a family anything another clause may use; a clause whose code names a template, a
//! decoding or a predicate it does not own is never a family and never freed.

use super::super::db::PredKind;
use super::super::instr::{Instr, PredId, NO_SHAPE};
use super::super::Machine;
use ply_term::{Cell, FastMap, Tag};
use std::rc::Rc;

/// How long the code area and the tables a compilation adds to were before it began.
#[derive(Clone, Copy, Debug)]
pub struct CompileMark {
    /// `code.len()`: where the clause's code starts.
    pub code: usize,
    /// `code_owners.len()`.
    pub owners: usize,
    /// `preds.len()`.
    pub preds: usize,
    /// `templates.len()`.
    pub templates: usize,
    /// `test_clauses.len()`.
    pub shapes: usize,
}

/// What two families must have in common for one to take the other's place.
///
/// The vectors stay empty, and so allocate nothing, for the commonest clause there is: one
/// region with no auxiliary predicate.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// The code length.
    len: u32,
    /// The owner entries after the first (which is at offset 0 and the clause's predicate's):
    /// each one's offset from the start, and whose it is, 0 for the clause's predicate and
    /// `j + 1` for auxiliary predicate `j`.
    owners: Vec<(u32, u32)>,
    /// The sizes of the templates, in order ([`Templates::size`]).
    ///
    /// [`Templates::size`]: crate::template::Templates::size
    templates: Vec<(u32, u32)>,
    /// How many decoded clauses of tests.
    shapes: u32,
    /// The arities of the auxiliary predicates, in the order the owner entries name them.
    aux_arities: Vec<u32>,
}

impl Layout {
    /// The layout of a plain family: code of length `len`, one owner entry, nothing else.
    pub fn plain(len: u32) -> Layout {
        Layout {
            len,
            owners: Vec::new(),
            templates: Vec::new(),
            shapes: 0,
            aux_arities: Vec::new(),
        }
    }

    /// Whether this is the layout of a plain family (see [`Layout::plain`]): the commonest,
    /// kept apart by the code space so that finding one costs a lookup by length.
    pub fn is_plain(&self) -> bool {
        self.owners.is_empty()
            && self.templates.is_empty()
            && self.shapes == 0
            && self.aux_arities.is_empty()
    }

    /// The code length.
    pub fn len(&self) -> usize {
        self.len as usize
    }
}

/// Where one family lies.
#[derive(Clone, Debug)]
pub struct Region {
    /// Its code's start.
    pub start: usize,
    /// Its first template (meaningless when it has none).
    templates: usize,
    /// Its first decoded clause of tests (meaningless when it has none).
    shapes: usize,
    /// Its auxiliary predicates, in the order of [`Layout::aux_arities`].
    pub aux: Vec<PredId>,
}

impl Region {
    /// A plain family's region (see [`Layout::plain`]).
    pub fn plain(start: usize) -> Region {
        Region {
            start,
            templates: 0,
            shapes: 0,
            aux: Vec::new(),
        }
    }
}

/// The smallest and largest numbers seen and how many there were: a run of its own when the
/// count fills the range.
#[derive(Clone, Copy)]
struct Run {
    lo: usize,
    hi: usize,
    n: usize,
}

impl Run {
    const EMPTY: Run = Run {
        lo: usize::MAX,
        hi: 0,
        n: 0,
    };

    fn add(&mut self, i: usize) {
        self.lo = self.lo.min(i);
        self.hi = self.hi.max(i);
        self.n += 1;
    }

    /// Each number of `lo..=hi` seen once (as the compiler makes them, one per use), or none.
    fn whole(self) -> bool {
        self.n == 0 || self.hi - self.lo + 1 == self.n
    }

    /// The first number, 0 for none.
    fn first(self) -> usize {
        if self.n == 0 {
            0
        } else {
            self.lo
        }
    }
}

/// The translation of a family's code from `from..end` to `to`.
struct Move<'a> {
    from: usize,
    end: usize,
    to: usize,
    /// New first template, old first template, count.
    templates: (usize, usize, usize),
    /// The same for decoded clauses of tests.
    shapes: (usize, usize, usize),
    /// New auxiliary predicate, old one.
    aux: &'a [(PredId, PredId)],
}

impl Move<'_> {
    fn address(&self, a: u32) -> u32 {
        let a = a as usize;
        if (self.from..self.end).contains(&a) {
            (a - self.from + self.to) as u32
        } else {
            a as u32
        }
    }

    fn template(&self, t: u32) -> u32 {
        let (new, old, n) = self.templates;
        let t = t as usize;
        if (new..new + n).contains(&t) {
            (t - new + old) as u32
        } else {
            t as u32
        }
    }

    fn shape(&self, s: u32) -> u32 {
        let (new, old, n) = self.shapes;
        if s == NO_SHAPE || !(new..new + n).contains(&(s as usize)) {
            return s;
        }
        (s as usize - new + old) as u32
    }

    fn pred(&self, p: PredId) -> PredId {
        self.aux
            .iter()
            .find(|&&(new, _)| new == p)
            .map_or(p, |&(_, old)| old)
    }

    /// `instr` as it reads in the old family's place.
    fn instr(&self, instr: Instr) -> Instr {
        match instr {
            Instr::PushAlt(alt, n) => Instr::PushAlt(self.address(alt), n),
            Instr::Jump(at) => Instr::Jump(self.address(at)),
            Instr::IfUnattended(at) => Instr::IfUnattended(self.address(at)),
            Instr::ArithStep {
                op,
                fresh,
                dst,
                a,
                b,
                slow,
            } => Instr::ArithStep {
                op,
                fresh,
                dst,
                a,
                b,
                slow: self.address(slow),
            },
            Instr::CmpStep { cmp, a, b, slow } => Instr::CmpStep {
                cmp,
                a,
                b,
                slow: self.address(slow),
            },
            Instr::GuardAlt { alt, n, pid } => Instr::GuardAlt {
                alt: self.address(alt),
                n,
                pid: self.pred(pid),
            },
            Instr::KeyAlt {
                key,
                alt,
                n,
                reg,
                alone,
            } => Instr::KeyAlt {
                key,
                alt: self.address(alt),
                n,
                reg,
                alone,
            },
            Instr::TestAlt { alt, n, cut, shape } => Instr::TestAlt {
                alt: self.address(alt),
                n,
                cut: self.address(cut),
                shape: self.shape(shape),
            },
            Instr::GetTerm(t, ai) => Instr::GetTerm(self.template(t), ai),
            Instr::PutTerm(t, ai) => Instr::PutTerm(self.template(t), ai),
            Instr::Allocate(n, p) => Instr::Allocate(n, self.pred(p)),
            Instr::Call(p) => Instr::Call(self.pred(p)),
            Instr::CallLib(p) => Instr::CallLib(self.pred(p)),
            Instr::CallLibLast(p) => Instr::CallLibLast(self.pred(p)),
            Instr::CallRedo(p, n) => Instr::CallRedo(self.pred(p), n),
            Instr::Execute(p) => Instr::Execute(self.pred(p)),
            Instr::DeallocExecute(p) => Instr::DeallocExecute(self.pred(p)),
            Instr::Inline { op, a, b, pred } => Instr::Inline {
                op,
                a,
                b,
                pred: self.pred(pred),
            },
            other => other,
        }
    }
}

impl Machine {
    /// Where the tables stand before a clause is compiled.
    pub fn compile_mark(&self) -> CompileMark {
        CompileMark {
            code: self.program.code.len(),
            owners: self.program.code_owners.len(),
            preds: self.program.preds.len(),
            templates: self.program.templates.len(),
            shapes: self.program.test_clauses.len(),
        }
    }

    /// The layout and region of the family whose code is `start..end`, and the predicate it
    /// belongs to; `None` when that code is no family (an owner that is neither its predicate
    /// nor an auxiliary predicate, templates or decodings that are not a run of its own).
    pub(super) fn family(&self, start: usize, end: usize) -> Option<(Layout, Region, PredId)> {
        let first = self
            .program
            .code_owners
            .partition_point(|&(s, _)| (s as usize) < start);
        let &(s, main) = self.program.code_owners.get(first)?;
        let s = s as usize;
        if s != start || end <= start {
            return None;
        }
        let mut owners = Vec::new();
        let mut aux: Vec<PredId> = Vec::new();
        for &(s, p) in self.program.code_owners[first + 1..]
            .iter()
            .take_while(|&&(s, _)| (s as usize) < end)
        {
            let role = if p == main {
                0
            } else if let Some(j) = aux.iter().position(|&a| a == p) {
                j + 1
            } else if self.program.aux_parent.contains_key(&p) {
                aux.push(p);
                aux.len()
            } else {
                return None;
            };
            owners.push((s - start as u32, role as u32));
        }
        let (mut templates, mut shapes) = (Run::EMPTY, Run::EMPTY);
        for instr in &self.program.code[start..end] {
            match *instr {
                Instr::GetTerm(t, _) | Instr::PutTerm(t, _) => templates.add(t as usize),
                Instr::TestAlt { shape, .. } if shape != NO_SHAPE => shapes.add(shape as usize),
                _ => {}
            }
        }
        if !templates.whole() || !shapes.whole() {
            return None;
        }
        let layout = Layout {
            len: u32::try_from(end - start).ok()?,
            owners,
            templates: (templates.first()..templates.first() + templates.n)
                .map(|t| self.program.templates.size(t))
                .collect(),
            shapes: shapes.n as u32,
            aux_arities: aux
                .iter()
                .map(|&p| self.program.preds[p as usize].arity as u32)
                .collect(),
        };
        let region = Region {
            start,
            templates: templates.first(),
            shapes: shapes.first(),
            aux,
        };
        Some((layout, region, main))
    }

    /// Whether the family just compiled (`region`, of `layout`) is all the compilation that
    /// began at `mark` made: then it owns everything it names and may be freed some day.
    pub(super) fn family_is_own(
        &self,
        layout: &Layout,
        region: &Region,
        mark: CompileMark,
    ) -> bool {
        let run_is_new = |n: usize, first: usize, from: usize, len: usize| {
            n == 0 || (first == from && first + n == len)
        };
        self.program
            .code_owners
            .get(mark.owners)
            .map(|e| e.0 as usize)
            == Some(region.start)
            && self.program.code_owners.len() == mark.owners + 1 + layout.owners.len()
            && run_is_new(
                layout.templates.len(),
                region.templates,
                mark.templates,
                self.program.templates.len(),
            )
            && run_is_new(
                layout.shapes as usize,
                region.shapes,
                mark.shapes,
                self.program.test_clauses.len(),
            )
            && region.aux.iter().all(|&a| a as usize >= mark.preds)
    }

    /// Whether the auxiliary predicates the compilation that began at `mark` made are exactly
    /// the last predicates, so that dropping them leaves every other predicate where it is.
    pub(super) fn aux_are_last(&self, region: &Region, mark: CompileMark) -> bool {
        let from = self.program.preds.len() - region.aux.len();
        from >= mark.preds && region.aux.iter().all(|&a| a as usize >= from)
    }

    /// Whether nothing but their predicates holds the clause lists of the auxiliary predicates
    /// of `region`: no choicepoint is going through them and no scan is reading them.
    pub(super) fn aux_are_idle(&self, region: &Region) -> bool {
        region.aux.iter().all(|&a| {
            matches!(&self.program.preds[a as usize].kind, PredKind::Clauses(list) if Rc::strong_count(list) == 1)
        })
    }

    /// Move the family just compiled, `new` of `layout`, into the free family `old`, and drop
    /// what the compilation made that the old family already has (its code, owner entries,
    /// templates, decodings and auxiliary predicates). `mark` is where the compilation began
    /// and `pid` the clause's predicate.
    pub(super) fn move_family(
        &mut self,
        layout: &Layout,
        new: &Region,
        old: &Region,
        mark: CompileMark,
        pid: PredId,
    ) {
        let aux: Vec<(PredId, PredId)> = new
            .aux
            .iter()
            .copied()
            .zip(old.aux.iter().copied())
            .collect();
        let (from, len) = (new.start, layout.len());
        let mv = Move {
            from,
            end: from + len,
            to: old.start,
            templates: (new.templates, old.templates, layout.templates.len()),
            shapes: (new.shapes, old.shapes, layout.shapes as usize),
            aux: &aux,
        };
        for i in 0..len {
            self.program.code[old.start + i] = mv.instr(self.program.code[from + i]);
        }
        let first = self
            .program
            .code_owners
            .partition_point(|&(s, _)| (s as usize) < old.start);
        if layout.is_plain() {
            self.program.code_owners[first].1 = pid;
            self.program.code_owners.truncate(mark.owners);
            self.program.code.truncate(from);
            return;
        }
        for i in 0..layout.templates.len() {
            self.program
                .templates
                .overwrite(old.templates + i, new.templates + i);
        }
        for i in 0..layout.shapes as usize {
            let moved =
                self.program.test_clauses[new.shapes + i].moved(from, from + len, old.start);
            self.program.test_clauses[old.shapes + i] = moved;
        }
        self.move_aux_clauses(&mv);
        // The old owner entries take the new clause's predicate; the auxiliary ones stay.
        self.program.code_owners[first].1 = pid;
        for (k, &(_, role)) in layout.owners.iter().enumerate() {
            self.program.code_owners[first + 1 + k].1 = match role {
                0 => pid,
                j => old.aux[j as usize - 1],
            };
        }
        self.program.code_owners.truncate(mark.owners);
        self.program.templates.truncate(mark.templates);
        self.program.test_clauses.truncate(mark.shapes);
        self.program.code.truncate(from);
    }

    /// The auxiliary predicates' part of [`Machine::move_family`]: each old one takes over the
    /// clauses of its new counterpart, moved and renamed, and the new ones are dropped.
    fn move_aux_clauses(&mut self, mv: &Move) {
        let names: FastMap<u32, u32> = mv
            .aux
            .iter()
            .map(|&(new, old)| {
                (
                    self.program.preds[new as usize].name,
                    self.program.preds[old as usize].name,
                )
            })
            .collect();
        for &(new, old) in mv.aux {
            // The old predicate takes the new one's clause list, which nothing else holds yet,
            // and changes it in place; the new predicate, about to be dropped, takes the old.
            let (a, b) = (new.min(old) as usize, new.max(old) as usize);
            let (low, high) = self.program.preds.split_at_mut(b);
            std::mem::swap(&mut low[a].kind, &mut high[0].kind);
            let (defined, library) = {
                let p = &self.program.preds[new as usize];
                (p.defined, p.library)
            };
            let p = &mut self.program.preds[old as usize];
            p.defined = defined;
            p.library = library;
            if let PredKind::Clauses(list) = &mut p.kind {
                Rc::make_mut(list).change_clauses(|c| {
                    c.set_start(mv.address(c.start() as u32) as usize);
                    rename(c.term_mut().cells_mut(), &names);
                });
            }
            if let Some(&parent) = self.program.aux_parent.get(&new) {
                self.program.aux_parent.insert(old, mv.pred(parent));
            }
        }
        for &(new, _) in mv.aux {
            let p = &self.program.preds[new as usize];
            self.program.pred_map.remove(&(p.name, p.arity));
            self.program.aux_parent.remove(&new);
        }
        self.program
            .preds
            .truncate(self.program.preds.len() - mv.aux.len());
    }
}

/// The atoms and functor names of `names` in `cells`, a clause term, replaced: an auxiliary
/// clause's head and the auxiliary calls in its body under their old names.
fn rename(cells: &mut [Cell], names: &FastMap<u32, u32>) {
    let mut i = 0;
    while i < cells.len() {
        let c = cells[i];
        match c.tag() {
            Tag::Atom => {
                if let Some(&old) = names.get(&c.atom_index()) {
                    cells[i] = Cell::atom(old);
                }
            }
            Tag::Functor => {
                if let Some(&old) = names.get(&c.functor_name()) {
                    cells[i] = Cell::functor(old, c.functor_arity());
                }
            }
            // The raw words of a boxed value are no cells.
            Tag::Header => i += c.header_words(),
            _ => {}
        }
        i += 1;
    }
}
