//! Meta-calls of control constructs: a goal such as `(p(X), q)` built at run time is run by
//! a predicate compiled once per shape and cached.
//!
//! A call first reads the goal's shape (its control constructs, the names and arities of its
//! primitive goals, where variables stand as goals) and the arguments of its primitive goals,
//! without building anything: a rule engine that calls the bodies it stores, or a
//! meta-interpreter, calls the same few shapes again and again, and only the first call of a
//! shape builds and compiles the clause `'$callN'(Args...) :- Body`. The shape is a list of
//! words holding atom indices; every name in it is a predicate's name (or a control
//! construct's), and predicate names are never collected, so an index in a key cannot come to
//! mean another atom.

use super::super::error::PlError;
use super::super::instr::PredId;
use super::super::Machine;
use super::is_control_construct;
use ply_term::{atom, Cell, Tag};

/// The shape word of a variable standing as a goal.
const VAR: u64 = u64::MAX;
/// The shape word that closes a control construct's arguments.
const CLOSE: u64 = u64::MAX - 1;
/// Set in the shape word of a control construct.
const CONTROL: u64 = 1 << 31;

/// The buffers of a meta-call's walk over its goal, kept between calls so that a call whose
/// shape is cached allocates nothing.
#[derive(Default)]
pub struct MetaScratch {
    /// The goal's shape, the cache's key.
    key: Vec<u64>,
    /// The arguments of the goal's primitive goals, in the order the compiled clause's head
    /// takes them.
    pub args: Vec<Cell>,
    /// The walk's stack.
    work: Vec<Work>,
}

/// A step of the walk over a goal.
enum Work {
    /// A goal and the module it is called in (0 for `user`).
    Enter(Cell, u32),
    /// The end of a control construct's arguments.
    Close,
}

/// How a goal met in the walk is taken.
enum Part {
    /// A variable standing as a goal.
    Var,
    /// A control construct (`,`, `;`, `->`, `*->`) of two arguments.
    Control(u32),
    /// `Module:Goal`, to be entered in that module.
    Qualified(u32, Cell),
    /// A primitive goal: its name as called from its module, its arity, and the goal with its
    /// meta-arguments qualified (read once: qualifying looks the predicate up).
    Goal(u32, usize, Cell),
}

impl Machine {
    /// Compile (or find in the cache) a predicate whose single clause runs the control
    /// construct `goal`, abstracted over the arguments of its primitive goals. Returns the
    /// predicate; the arguments to call it with are left in [`MetaScratch::args`].
    pub(super) fn compile_meta(&mut self, goal: Cell) -> Result<PredId, PlError> {
        let mut s = std::mem::take(&mut self.program.meta_scratch);
        s.key.clear();
        s.args.clear();
        s.work.clear();
        let found = self.meta_shape(goal, &mut s);
        let pid = match found {
            Ok(()) => match self.program.meta_cache.get(&s.key) {
                Some(&pid) => Ok(pid),
                None => self.compile_meta_clause(&s.key).inspect(|&pid| {
                    self.program.meta_cache.insert(s.key.clone(), pid);
                }),
            },
            Err(e) => Err(e),
        };
        self.program.meta_scratch = s;
        pid
    }

    /// Read the shape of `goal` into `s.key` and the arguments of its primitive goals into
    /// `s.args`, building nothing.
    fn meta_shape(&mut self, goal: Cell, s: &mut MetaScratch) -> Result<(), PlError> {
        s.work.push(Work::Enter(goal, 0));
        let mut budget = ply_term::cycles::walk_bound(&self.stacks.heap);
        while let Some(w) = s.work.pop() {
            let (g, module) = match w {
                Work::Close => {
                    s.key.push(CLOSE);
                    continue;
                }
                Work::Enter(g, module) => (g, module),
            };
            match self.meta_part(goal, g, module, &mut budget)? {
                Part::Var => {
                    s.key.push(VAR);
                    s.args.push(g);
                }
                Part::Control(name) => {
                    s.key.push(u64::from(name) << 32 | CONTROL | 2);
                    s.work.push(Work::Close);
                    let g = self.stacks.heap.deref(g);
                    for i in (0..2).rev() {
                        s.work.push(Work::Enter(self.stacks.heap.arg(g, i), module));
                    }
                }
                Part::Qualified(module, inner) => s.work.push(Work::Enter(inner, module)),
                Part::Goal(name, n, g) => {
                    s.key.push(u64::from(name) << 32 | n as u64);
                    for i in 0..n {
                        s.args.push(self.goal_arg(g, i));
                    }
                }
            }
        }
        Ok(())
    }

    /// Build and compile the clause of `key`, a shape not yet cached: its head's arguments are
    /// fresh variables, one for each argument [`Machine::compile_meta`] listed, in that order.
    /// The shape says all the clause needs, so the goal is not walked again.
    fn compile_meta_clause(&mut self, key: &[u64]) -> Result<PredId, PlError> {
        let mut fresh = Vec::new();
        let mut out: Vec<Cell> = Vec::new();
        let mut open: Vec<u32> = Vec::new();
        for &w in key {
            match w {
                VAR => {
                    let v = self.stacks.heap.new_var();
                    fresh.push(v);
                    out.push(v);
                }
                CLOSE => {
                    let name = open.pop().expect("a close follows its control construct");
                    let start = out.len() - 2;
                    let t = self.stacks.heap.compound(name, &out[start..]);
                    out.truncate(start);
                    out.push(t);
                }
                _ if w & CONTROL != 0 => open.push((w >> 32) as u32),
                _ => {
                    let (name, n) = ((w >> 32) as u32, (w & 0xffff_ffff) as usize);
                    if n == 0 {
                        out.push(Cell::atom(name));
                    } else {
                        let vs: Vec<Cell> = (0..n).map(|_| self.stacks.heap.new_var()).collect();
                        fresh.extend_from_slice(&vs);
                        out.push(self.stacks.heap.compound(name, &vs));
                    }
                }
            }
        }
        let body = out.pop().unwrap_or(Cell::atom(atom::TRUE));
        let name = format!("$call{}", self.program.meta_cache.len());
        let a = self.atoms.intern(&name);
        let head = if fresh.is_empty() {
            Cell::atom(a)
        } else {
            self.stacks.heap.compound(a, &fresh)
        };
        let clause = self.stacks.heap.compound(atom::NECK, &[head, body]);
        // The goal's own qualifications say where each part runs; the cached clause must not
        // depend on the module a file being loaded has made current.
        let pid = self.in_module(0, |m| m.compile_clause(clause, true))?;
        self.program.preds[pid as usize].library = true;
        Ok(pid)
    }

    /// The goal `g` met in a walk over `goal`, called in `module`, as its goal arguments are
    /// qualified there.
    fn meta_goal(&mut self, g: Cell, module: u32) -> Cell {
        let g = self.stacks.heap.deref(g);
        if module == 0 {
            g
        } else {
            self.qualify_meta_args(module, g)
        }
    }

    /// Argument `i` of the primitive goal `g` (a compound or a list pair).
    fn goal_arg(&self, g: Cell, i: usize) -> Cell {
        match g.tag() {
            Tag::List => self.stacks.heap.cells[g.addr() + i],
            _ => self.stacks.heap.arg(g, i),
        }
    }

    /// How the goal `g` met in a walk over `goal`, called in `module`, is taken; the errors of
    /// a goal that cannot be called, or of a cyclic one (`budget` counts the walk's control
    /// constructs down from the heap's length).
    fn meta_part(
        &mut self,
        goal: Cell,
        g: Cell,
        module: u32,
        budget: &mut usize,
    ) -> Result<Part, PlError> {
        let g = self.meta_goal(g, module);
        match g.tag() {
            Tag::Ref => Ok(Part::Var),
            Tag::Atom => {
                let name = g.atom_index();
                let name = if is_control_construct(name, 0) {
                    name
                } else {
                    self.program.modules.qualify(&mut self.atoms, module, name)
                };
                Ok(Part::Goal(name, 0, g))
            }
            Tag::Str | Tag::List => {
                let (name, n) = self.name_arity(g);
                // `\+` is a library predicate: its argument is called, and a non-callable
                // argument is reported as itself.
                let ctl = name != atom::COLON && is_control_construct(name, n);
                if ctl || (n == 2 && name == atom::COLON) {
                    // Only a cyclic goal (`G = (p, G)`, `X = m:X`) makes this walk longer than
                    // the heap: the whole goal is checked once, when the walk gets that long.
                    *budget = budget.saturating_sub(1);
                    if *budget == 1 && !ply_term::cycles::is_acyclic(&self.stacks.heap, goal) {
                        return Err(self.representation_err("cyclic_term"));
                    }
                }
                if ctl {
                    Ok(Part::Control(name))
                } else if n == 2 && name == atom::COLON {
                    let m = self.stacks.heap.deref(self.stacks.heap.arg(g, 0));
                    let module = match m.tag() {
                        Tag::Atom => self.qualifier_key(m.atom_index(), self.stacks.heap.arg(g, 1)),
                        Tag::Ref => return Err(self.inst_err()),
                        _ => return Err(self.type_err("module", m)),
                    };
                    Ok(Part::Qualified(module, self.stacks.heap.arg(g, 1)))
                } else {
                    let name = self.program.modules.qualify(&mut self.atoms, module, name);
                    Ok(Part::Goal(name, n, g))
                }
            }
            _ => Err(self.type_err("callable", goal)),
        }
    }
}
