//! Lambdas compiled at load time, as SWI-Prolog's yall goal expansion compiles them.
//!
//! A clause body that passes a lambda `Params>>Body` straight to `maplist/2..7`, `foldl/4..7`,
//! `include/3`, `exclude/3` or `partition/4`, whose variables occur nowhere else in the clause,
//! calls a new auxiliary predicate `'__aux_yall_N'` instead: calling the lambda copies it, and
//! the copy of a term whose variables no one else sees is a renaming, which is what calling a
//! clause makes. The library's `'$yall_expand'/2` (boot.pl) decides and builds the clauses;
//! this file only asks it, and only for a clause that has such a lambda, so that loading a
//! file without lambdas costs one walk over each clause body's control constructs. With
//! `PLY_FAST_PATHS=0` nothing is expanded and every lambda is copied at each call.

use super::super::solve::Answer;
use super::super::Machine;
use ply_term::{atom, Cell, Tag};

/// The meta-predicates whose first argument is a closure a lambda may be compiled for.
const METAS: [(&str, usize, usize); 5] = [
    ("maplist", 2, 7),
    ("foldl", 4, 7),
    ("include", 3, 3),
    ("exclude", 3, 3),
    ("partition", 4, 4),
];

impl Machine {
    /// The clauses that stand for the clause `term` with its lambdas compiled: the clause
    /// first, then one auxiliary clause for each lambda. `None` when nothing is compiled.
    pub(crate) fn expand_lambdas(&mut self, term: Cell) -> Option<Vec<Cell>> {
        if !self.services.fast_paths || self.services.loading.loading_library {
            return None;
        }
        if !self.has_lambda_goal(term) {
            return None;
        }
        let name = self.atoms.intern("$yall_expand");
        let out = self.stacks.heap.new_var();
        let goal = self.stacks.heap.compound(name, &[term, out]);
        match self.solve_once(goal) {
            Answer::True => self.list_to_vec(self.stacks.heap.deref(out)),
            _ => None,
        }
    }

    /// Whether `term` is a clause `H :- B` whose body, through `,`, `;`, `->` and `*->`, has a
    /// goal of one of `METAS` with a `>>/2` term as its first argument.
    fn has_lambda_goal(&mut self, term: Cell) -> bool {
        let t = self.stacks.heap.deref(term);
        if t.tag() != Tag::Str || self.stacks.heap.functor_of(t) != Cell::functor(atom::NECK, 2) {
            return false;
        }
        let lambda = Cell::functor(self.atoms.intern(">>"), 2);
        let metas: Vec<(u32, usize, usize)> = METAS
            .iter()
            .map(|&(n, lo, hi)| (self.atoms.intern(n), lo, hi))
            .collect();
        let control =
            [atom::COMMA, atom::SEMI, atom::ARROW, atom::SOFT].map(|a| Cell::functor(a, 2));
        // An explicit stack: a body may be a conjunction of any length.
        let mut todo = vec![self.stacks.heap.arg(t, 1)];
        while let Some(g) = todo.pop() {
            let g = self.stacks.heap.deref(g);
            if g.tag() != Tag::Str {
                continue;
            }
            let f = self.stacks.heap.functor_of(g);
            if control.contains(&f) {
                todo.push(self.stacks.heap.arg(g, 0));
                todo.push(self.stacks.heap.arg(g, 1));
                continue;
            }
            let (name, arity) = self.name_arity(g);
            if !metas
                .iter()
                .any(|&(n, lo, hi)| n == name && (lo..=hi).contains(&arity))
            {
                continue;
            }
            let first = self.stacks.heap.deref(self.stacks.heap.arg(g, 0));
            if first.tag() == Tag::Str && self.stacks.heap.functor_of(first) == lambda {
                return true;
            }
        }
        false
    }
}
