//! Keeping temporary variables in argument registers.
//!
//! A temporary variable that arrives in argument register `X[i]` (a head argument) or that the
//! first call will pass in `X[j]` can often live in that register instead of a fresh one: then
//! the head needs no `GetVar` and the call no `PutVal`, and a clause such as
//! `app([H|T], L, [H|R]) :- app(T, L, R)` moves nothing at all. This pass decides which variables
//! may do so. It must never let a register be overwritten while its variable is still to be read:
//! every candidate is checked against the order in which the clause writes argument registers.

use super::Compiler;
use super::VarTable;
use super::{Goal, VarInfo};
use crate::instr::Reg;
use ply_term::{Cell, Heap, Tag};

impl Compiler<'_> {
    /// Move eligible temporaries of the first chunk (head and goals up to the first real call)
    /// into argument registers; `chunk0` are those goals.
    pub(super) fn keep_in_arg_regs(
        &self,
        head: Cell,
        head_arity: usize,
        chunk0: &[Goal],
        max_arity: usize,
        vars: &mut VarTable,
    ) {
        let head_args: Vec<Cell> = (0..head_arity)
            .map(|i| self.heap.deref(self.head_arg(head, i)))
            .collect();
        // Filled rather than allocated zeroed: the zeroing allocator is the slow path for a
        // few bytes.
        let mut taken = Vec::with_capacity(max_arity);
        taken.resize(max_arity, false);
        // The head unifies variable and atomic arguments before compound ones (`head_order`
        // in compile.rs), so a variable argument is met first unless an earlier argument is
        // the same variable, and a variable inside a compound argument is met there first
        // unless it is also a variable argument or occurs in an earlier compound argument.
        // Head arguments that are variables met for the first time: keep them where they are.
        for (i, &v) in head_args.iter().enumerate() {
            if v.tag() != Tag::Ref || !self.is_first_chunk_temp(v, vars) {
                continue;
            }
            if head_args[..i].contains(&v) {
                continue;
            }
            if self.survives(v, i, chunk0) {
                taken[i] = true;
                vars.get_mut(&v).unwrap().reg = Some(Reg::X(i as u32));
            }
        }
        // Variables first met inside a head compound: give them the register the first chunk
        // passes them in, when nothing reads that register after the variable is written. A
        // chunk without a goal passes nothing (a fact), so then there is nothing to look for.
        if !chunk0
            .iter()
            .any(|g| matches!(g, Goal::Call(_) | Goal::Not(..)))
        {
            return;
        }
        let mut inner = Vec::new();
        for (a, &arg) in head_args.iter().enumerate() {
            if arg.tag() == Tag::Ref {
                continue;
            }
            // Every occurrence, not each variable once: a second occurrence of a variable meets
            // the same tests as its first (and, when the first took register `j`, finds `j`
            // taken), so it changes nothing, and this walk needs no set of variables seen.
            inner.clear();
            self.all_var_occurrences(arg, &mut inner);
            for &v in &inner {
                if !self.is_first_chunk_temp(v, vars) {
                    continue;
                }
                let met_before = head_args
                    .iter()
                    .enumerate()
                    .any(|(b, &hb)| hb == v || (b < a && self.occurs_in(v, hb)));
                if met_before {
                    continue;
                }
                let Some(j) = self.passed_at(v, chunk0) else {
                    continue;
                };
                if j >= max_arity || taken[j] {
                    continue;
                }
                // Register `j` is free once the head has read argument `j`: atomic arguments
                // are read before any compound one, compound ones in position order.
                let free = j >= head_arity
                    || matches!(head_args[j].tag(), Tag::Atom | Tag::Int)
                    || (j <= a && head_args[j].tag() != Tag::Ref);
                if free && self.survives(v, j, chunk0) {
                    taken[j] = true;
                    vars.get_mut(&v).unwrap().reg = Some(Reg::X(j as u32));
                }
            }
        }
    }

    /// Argument `i` of a clause head (lists count as `'.'/2`).
    pub(super) fn head_arg(&self, head: Cell, i: usize) -> Cell {
        head_arg(self.heap, head, i)
    }

    fn is_first_chunk_temp(&self, v: Cell, vars: &VarTable) -> bool {
        matches!(
            vars.get(&v),
            Some(VarInfo {
                reg: Some(Reg::X(_)),
                last_chunk: 0,
                ..
            })
        )
    }

    /// The first argument position at which a goal of the chunk passes `v` itself.
    fn passed_at(&self, v: Cell, chunk0: &[Goal]) -> Option<usize> {
        for g in chunk0 {
            if let Goal::Call(t) | Goal::Not(_, t) = *g {
                let t = self.heap.deref(t);
                let n = self.name_arity(t).1;
                for p in 0..n {
                    if self.heap.deref(self.head_arg(t, p)) == v {
                        return Some(p);
                    }
                }
            }
        }
        None
    }

    /// Whether `v`, held in `X[i]` from the start of the body, is still there at every read of
    /// it. Goals load their arguments in position order, so `X[i]` is lost at the first goal
    /// that loads position `i` with anything but `v`.
    fn survives(&self, v: Cell, i: usize, chunk0: &[Goal]) -> bool {
        let mut alive = true;
        for g in chunk0 {
            match *g {
                Goal::Call(t) | Goal::Not(_, t) => {
                    let t = self.heap.deref(t);
                    let n = self.name_arity(t).1;
                    for p in 0..n {
                        let a = self.heap.deref(self.head_arg(t, p));
                        let reads = a != v && self.occurs_in(v, a);
                        // A compound built in place (`PutList`, `PutStruct`) takes its
                        // register before it reads its arguments: `v` inside the argument
                        // that overwrites `X[i]` is already lost.
                        if reads && (!alive || p == i) {
                            return false;
                        }
                        if a == v && !alive {
                            return false;
                        }
                        if p == i && a != v {
                            alive = false;
                        }
                    }
                }
                Goal::CutTo(x) | Goal::SoftCut(x) | Goal::GetLevel(x) | Goal::Mark(x) => {
                    if !alive && self.heap.deref(x) == v {
                        return false;
                    }
                }
                Goal::Cut
                | Goal::Fail
                | Goal::True
                | Goal::Open(_)
                | Goal::Commit(_)
                | Goal::Else(_)
                | Goal::Close(_) => {}
            }
        }
        true
    }
}

/// Argument `i` of a clause head on `heap` (lists count as `'.'/2`).
pub(super) fn head_arg(heap: &Heap, head: Cell, i: usize) -> Cell {
    match head.tag() {
        Tag::List => heap.cells[head.addr() + i],
        _ => heap.arg(head, i),
    }
}
