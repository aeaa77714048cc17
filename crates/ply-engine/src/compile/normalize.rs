//! Normalising clause bodies: conjunctions flattened into a goal list, and every disjunction,
//! if-then-else, soft-cut and (non-inline) negation moved into an auxiliary predicate that
//! receives the variables it shares and, when it holds a cut of the parent clause, the parent's
//! cut barrier. A worklist, never recursion, so nesting depth is not Rust stack depth.

use super::inline::Item;
use super::Compiler;
use super::{Goal, Simple};
use ply_term::{atom, Cell, Tag};

impl Compiler<'_> {
    pub(super) fn is_functor(&self, t: Cell, name: u32, arity: usize) -> bool {
        t.tag() == Tag::Str && self.heap.functor_of(t) == Cell::functor(name, arity)
    }

    /// True when `g` contains a cut that cuts the clause around it (through `,` `;` and the
    /// then/else branches of `->` and `*->`, but not conditions, `\+` or `call/N`).
    fn has_transparent_cut(&self, g: Cell) -> bool {
        self.contains_cut(g, true)
    }

    /// True when `g` contains a cut anywhere in its control structure.
    fn has_any_cut(&self, g: Cell) -> bool {
        self.contains_cut(g, false)
    }

    /// The walk behind both: with `transparent`, conditions and negations are not entered.
    fn contains_cut(&self, g: Cell, transparent: bool) -> bool {
        let mut stack = vec![g];
        while let Some(g) = stack.pop() {
            let g = self.heap.deref(g);
            if g == Cell::atom(atom::CUT) {
                return true;
            }
            if g.tag() != Tag::Str {
                continue;
            }
            let f = self.heap.functor_of(g);
            let (n, a) = (f.functor_name(), f.functor_arity());
            if a == 2 && (n == atom::COMMA || n == atom::SEMI) {
                stack.push(self.heap.arg(g, 0));
                stack.push(self.heap.arg(g, 1));
            } else if a == 2 && (n == atom::ARROW || n == atom::SOFT) {
                if !transparent {
                    stack.push(self.heap.arg(g, 0));
                }
                stack.push(self.heap.arg(g, 1));
            } else if a == 1 && n == atom::NOT && !transparent {
                stack.push(self.heap.arg(g, 0));
            }
        }
        false
    }

    /// The disjuncts of `g`: `A`, `B`, ... of the right-nested `A ; B ; ...`, dereferenced
    /// (`g` alone when it is no disjunction).
    pub(super) fn disjuncts(&self, g: Cell) -> Vec<Cell> {
        let mut out = Vec::new();
        let mut t = self.heap.deref(g);
        while self.is_functor(t, atom::SEMI, 2) {
            out.push(self.heap.deref(self.heap.arg(t, 0)));
            t = self.heap.deref(self.heap.arg(t, 1));
        }
        out.push(t);
        out
    }

    /// Wrap `g` in `call/1` when it contains a cut, making that cut local.
    pub(super) fn opaque(&mut self, g: Cell) -> Cell {
        if self.has_any_cut(g) {
            self.heap.compound(atom::CALL, &[g])
        } else {
            g
        }
    }

    /// The distinct unbound variables of `t`, in depth-first left-to-right order. A cyclic `t`
    /// is walked once past `cycles::walk_bound` compounds, by remembering those entered.
    pub fn term_vars(&self, t: Cell, out: &mut Vec<Cell>) {
        use ply_term::cycles::{is_node, push_args, NodeGuard};
        let mut guard = NodeGuard::new(self.heap);
        // Past a few variables, membership is looked up in a set rather than in `out`.
        let mut var_set: ply_term::FastSet<Cell> = ply_term::FastSet::default();
        let mut stack = ply_term::scratch::CellStack::lend();
        stack.push(t);
        while let Some(c) = stack.pop() {
            let c = self.heap.deref(c);
            if c.tag() == Tag::Ref {
                if out.len() < 16 {
                    if !out.contains(&c) {
                        out.push(c);
                    }
                } else {
                    if var_set.is_empty() {
                        var_set.extend(out.iter().copied());
                    }
                    if var_set.insert(c) {
                        out.push(c);
                    }
                }
            } else if is_node(c) {
                if !guard.enter(c) {
                    continue;
                }
                push_args(self.heap, c, &mut stack);
            }
        }
    }

    /// Keep only those of `vars` (the variables of a control construct) that the rest of the
    /// clause also has: its head `head`, the goals before the construct (`before`) and those
    /// still to come (`after`). A variable found only inside the construct is local to each of
    /// its branches, so the auxiliary predicate gets it fresh in every clause instead of as an
    /// argument the caller must make on the heap and a choicepoint must save.
    fn keep_shared(&self, vars: &mut Vec<Cell>, head: Cell, before: &[Goal], after: &[Item]) {
        let mut outside = Vec::new();
        self.term_vars(head, &mut outside);
        for goal in before {
            match *goal {
                Goal::Call(c)
                | Goal::CutTo(c)
                | Goal::GetLevel(c)
                | Goal::Mark(c)
                | Goal::SoftCut(c) => self.term_vars(c, &mut outside),
                Goal::Not(m, inner) => {
                    self.term_vars(m, &mut outside);
                    self.term_vars(inner, &mut outside);
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
        for item in after {
            if let Item::Term(c) = *item {
                self.term_vars(c, &mut outside);
            }
        }
        if outside.len() > 16 {
            let set: ply_term::FastSet<Cell> = outside.into_iter().collect();
            vars.retain(|v| set.contains(v));
        } else {
            vars.retain(|v| outside.contains(v));
        }
    }

    pub(super) fn special(&mut self, name: &str, v: Cell) -> Cell {
        let a = self.atoms.intern(name);
        self.heap.compound(a, &[v])
    }

    pub(super) fn conj(&mut self, goals: &[Cell]) -> Cell {
        let mut body = *goals.last().unwrap_or(&Cell::atom(atom::TRUE));
        for g in goals.iter().rev().skip(1) {
            body = self.heap.compound(atom::COMMA, &[*g, body]);
        }
        body
    }

    /// Flatten control constructs into simple clauses (the first is the clause itself).
    pub(super) fn normalize(&mut self, head: Cell, body: Cell, out: &mut Vec<Simple>) {
        let (get_level, cut_to, mark, softcut) =
            (atom::GET_LEVEL, atom::CUT_TO, atom::MARK, atom::SOFTCUT);
        let mut work: Vec<(Cell, Cell, Option<Cell>)> = vec![(head, body, None)];
        while let Some((h, b, ct)) = work.pop() {
            let mut goals = Vec::with_capacity(8);
            let mut constructs = Vec::new();
            let mut conj = vec![Item::Term(b)];
            while let Some(item) = conj.pop() {
                let g = match item {
                    Item::Term(g) => self.heap.deref(g),
                    Item::Marker(m) => {
                        goals.push(m);
                        continue;
                    }
                };
                match g.tag() {
                    Tag::Ref => {
                        let c = self.heap.compound(atom::CALL, &[g]);
                        self.note_goal_alias(c, g);
                        goals.push(Goal::Call(c));
                        continue;
                    }
                    Tag::Atom => {
                        match g.atom_index() {
                            atom::TRUE => goals.push(Goal::True),
                            atom::CUT => goals.push(match ct {
                                Some(v) => Goal::CutTo(v),
                                None => Goal::Cut,
                            }),
                            atom::FAIL | atom::FALSE => goals.push(Goal::Fail),
                            _ => goals.push(Goal::Call(g)),
                        }
                        continue;
                    }
                    Tag::Str => {}
                    _ => {
                        goals.push(Goal::Call(g));
                        continue;
                    }
                }
                let f = self.heap.functor_of(g);
                let (n, a) = (f.functor_name(), f.functor_arity());
                if a == 2 && n == atom::COMMA {
                    conj.push(Item::Term(self.heap.arg(g, 1)));
                    conj.push(Item::Term(self.heap.arg(g, 0)));
                    continue;
                }
                if a == 2 && n == atom::COLON {
                    let q = self.qualified_goal(g);
                    self.note_goal_alias(q, g);
                    conj.push(Item::Term(q));
                    continue;
                }
                if a == 1 && [get_level, cut_to, mark, softcut].contains(&n) {
                    let v = self.heap.deref(self.heap.arg(g, 0));
                    goals.push(match n {
                        x if x == get_level => Goal::GetLevel(v),
                        x if x == cut_to => Goal::CutTo(v),
                        x if x == mark => Goal::Mark(v),
                        _ => Goal::SoftCut(v),
                    });
                    continue;
                }
                if a == 1 && n == atom::NOT {
                    // `\+ G` with G a plain goal runs inline, without an auxiliary predicate.
                    let inner = self.heap.deref(self.heap.arg(g, 0));
                    let plain = match inner.tag() {
                        Tag::Atom => ![atom::CUT, atom::TRUE, atom::FAIL, atom::FALSE]
                            .contains(&inner.atom_index()),
                        Tag::Str => {
                            let f = self.heap.functor_of(inner);
                            let (fname, fa) = (f.functor_name(), f.functor_arity());
                            let ctl2 = [
                                atom::COMMA,
                                atom::SEMI,
                                atom::ARROW,
                                atom::SOFT,
                                atom::COLON,
                            ];
                            let ctl1 = [atom::NOT, get_level, cut_to, mark, softcut];
                            !((fa == 2 && ctl2.contains(&fname))
                                || (fa == 1 && ctl1.contains(&fname)))
                        }
                        _ => false,
                    };
                    if plain {
                        let m = self.heap.new_var();
                        goals.push(Goal::Not(m, inner));
                        continue;
                    }
                }
                let is_ctl = (a == 2 && (n == atom::SEMI || n == atom::ARROW || n == atom::SOFT))
                    || (a == 1 && n == atom::NOT);
                if !is_ctl {
                    goals.push(Goal::Call(g));
                    continue;
                }
                if n != atom::NOT
                    && self.inline_construct(g, n, &mut constructs, &mut goals, &mut conj)
                {
                    continue;
                }
                // A control construct: move it into an auxiliary predicate.
                let needs_cb = n != atom::NOT && self.has_transparent_cut(g);
                let mut vars = Vec::new();
                self.term_vars(g, &mut vars);
                self.keep_shared(&mut vars, h, &goals, &conj);
                let cb = if needs_cb {
                    let v = match ct {
                        Some(v) => v,
                        None => {
                            let v = self.heap.new_var();
                            goals.push(Goal::GetLevel(v));
                            v
                        }
                    };
                    if !vars.contains(&v) {
                        vars.push(v);
                    }
                    Some(v)
                } else {
                    None
                };
                self.program.aux_counter += 1;
                let aux_name = format!("$aux{}", self.program.aux_counter);
                // Volatile: once the code space hands this clause's family to a later clause
                // of its layout, the later clause's auxiliary predicates are dropped and
                // nothing names them any more (the predicate table keeps a live one's name).
                let aux = self.atoms.intern_volatile(&aux_name);
                self.made_atoms = true;
                let parent = {
                    let hh = self.heap.deref(h);
                    let (pn, pa) = self.name_arity(hh);
                    self.pred_id(pn, pa)
                };
                let aux_arity = vars.len();
                // Auxiliary predicates live in the flat table whatever the clause's module.
                let aux_pid = self.program.pred_id(aux, aux_arity);
                self.program.aux_parent.insert(aux_pid, parent);
                let aux_head = if vars.is_empty() {
                    Cell::atom(aux)
                } else {
                    self.heap.compound(aux, &vars)
                };
                self.note_goal_alias(aux_head, g);
                goals.push(Goal::Call(aux_head));
                let alts = self.disjuncts(g);
                let mut clauses = Vec::new();
                let nalts = alts.len();
                for (ai, alt) in alts.into_iter().enumerate() {
                    let alt = self.heap.deref(alt);
                    if ai + 1 == nalts && nalts > 0 && self.is_functor(alt, atom::SOFT, 2) {
                        // A soft-cut with no else branch is a plain conjunction.
                        let c = self.heap.arg(alt, 0);
                        let c = self.opaque(c);
                        let t = self.heap.arg(alt, 1);
                        let body = self.conj(&[c, t]);
                        clauses.push((body, cb));
                        continue;
                    }
                    if self.is_functor(alt, atom::ARROW, 2) {
                        let l0 = self.heap.new_var();
                        let c = self.heap.arg(alt, 0);
                        let c = self.opaque(c);
                        let t = self.heap.arg(alt, 1);
                        let g1 = self.special("$get_level", l0);
                        let g2 = self.special("$cut_to", l0);
                        let body = self.conj(&[g1, c, g2, t]);
                        clauses.push((body, cb));
                    } else if self.is_functor(alt, atom::SOFT, 2) {
                        let m = self.heap.new_var();
                        let c = self.heap.arg(alt, 0);
                        let c = self.opaque(c);
                        let t = self.heap.arg(alt, 1);
                        let g1 = self.special("$mark", m);
                        let g2 = self.special("$softcut", m);
                        let body = self.conj(&[g1, c, g2, t]);
                        clauses.push((body, cb));
                    } else if self.is_functor(alt, atom::NOT, 1) && n == atom::NOT {
                        let inner = self.heap.arg(alt, 0);
                        let inner = self.opaque(inner);
                        let body =
                            self.conj(&[inner, Cell::atom(atom::CUT), Cell::atom(atom::FAIL)]);
                        clauses.push((body, None));
                        clauses.push((Cell::atom(atom::TRUE), None));
                    } else {
                        clauses.push((alt, cb));
                    }
                }
                // Work is a stack: push in reverse so clauses are compiled in order.
                for (body, cb) in clauses.into_iter().rev() {
                    work.push((aux_head, body, cb));
                }
            }
            out.push(Simple {
                head: h,
                goals,
                owner: None,
                constructs,
            });
        }
        // The clause itself was pushed first into `work`, so it was popped first: it is out[0].
        // Auxiliary clauses follow in order, but `work` popped them after their siblings'
        // descendants; clause order within one auxiliary predicate is what matters, and that is
        // preserved because each auxiliary's clauses were pushed together in reverse.
    }
}
