//! Prolog errors as the machine raises them: a thrown ball on the heap, and constructors for the
//! ISO `error(Formal, Context)` terms.
//!
//! Builtins return `Err(PlError)`; the run loop turns it into a throw. Nothing here unwinds or
//! prints; see `control.rs` and `diag/` for that.

use super::Machine;
use ply_term::{atom, Cell, Tag};

/// A thrown term, on the heap.
#[derive(Clone, Copy, Debug)]
pub struct PlError(pub Cell);

/// The result of a builtin: `Ok(true)` succeed, `Ok(false)` fail, `Err` throw.
pub type Res = Result<bool, PlError>;

impl Machine {
    /// `error(Formal, Context)` with an unbound context, to be filled in by the dispatcher.
    pub fn err(&mut self, formal: Cell) -> PlError {
        let ctx = self.stacks.heap.new_var();
        PlError(self.stacks.heap.compound(atom::ERROR, &[formal, ctx]))
    }
    /// `instantiation_error`.
    pub fn inst_err(&mut self) -> PlError {
        self.err(Cell::atom(atom::INSTANTIATION_ERROR))
    }
    /// `type_error(Type, Culprit)`.
    pub fn type_err(&mut self, ty: &str, culprit: Cell) -> PlError {
        let t = Cell::atom(self.atoms.intern(ty));
        let f = self.stacks.heap.compound(atom::TYPE_ERROR, &[t, culprit]);
        self.err(f)
    }
    /// `uninstantiation_error(Culprit)`: an argument that must be a variable was not.
    pub fn uninstantiation_err(&mut self, culprit: Cell) -> PlError {
        let f = self
            .stacks
            .heap
            .compound(atom::UNINSTANTIATION_ERROR, &[culprit]);
        self.err(f)
    }
    /// `domain_error(Domain, Culprit)`.
    pub fn domain_err(&mut self, dom: &str, culprit: Cell) -> PlError {
        let d = Cell::atom(self.atoms.intern(dom));
        let f = self.stacks.heap.compound(atom::DOMAIN_ERROR, &[d, culprit]);
        self.err(f)
    }
    /// `existence_error(Kind, Culprit)`.
    pub fn existence_err(&mut self, kind: &str, culprit: Cell) -> PlError {
        let k = Cell::atom(self.atoms.intern(kind));
        let f = self
            .stacks
            .heap
            .compound(atom::EXISTENCE_ERROR, &[k, culprit]);
        self.err(f)
    }
    /// `permission_error(Action, Type, Culprit)`.
    pub fn permission_err(&mut self, action: &str, ty: &str, culprit: Cell) -> PlError {
        let a = Cell::atom(self.atoms.intern(action));
        let t = Cell::atom(self.atoms.intern(ty));
        let f = self
            .stacks
            .heap
            .compound(atom::PERMISSION_ERROR, &[a, t, culprit]);
        self.err(f)
    }
    /// `representation_error(What)`.
    pub fn representation_err(&mut self, what: &str) -> PlError {
        let w = Cell::atom(self.atoms.intern(what));
        let f = self.stacks.heap.compound(atom::REPRESENTATION_ERROR, &[w]);
        self.err(f)
    }
    /// `evaluation_error(What)`.
    pub fn evaluation_err(&mut self, what: &str) -> PlError {
        let w = Cell::atom(self.atoms.intern(what));
        let f = self.stacks.heap.compound(atom::EVALUATION_ERROR, &[w]);
        self.err(f)
    }
    /// `resource_error(What)`.
    pub fn resource_err(&mut self, what: &str) -> PlError {
        let w = Cell::atom(self.atoms.intern(what));
        let f = self.stacks.heap.compound(atom::RESOURCE_ERROR, &[w]);
        self.err(f)
    }
    /// `syntax_error(What)`.
    pub fn syntax_err(&mut self, what: &str) -> PlError {
        let w = Cell::atom(self.atoms.intern(what));
        let f = self.stacks.heap.compound(atom::SYNTAX_ERROR, &[w]);
        self.err(f)
    }
    /// `Name/Arity` as a term.
    pub fn indicator(&mut self, name: u32, arity: usize) -> Cell {
        let n = Cell::int(arity as i64);
        self.stacks
            .heap
            .compound(atom::SLASH, &[Cell::atom(name), n])
    }
    /// `e` with its context, when still unbound, set to `context(system:Name/Arity, _)`: the
    /// predicate a program called, for a native of the library's own (`'$concat_det'/4`) whose
    /// name the dispatcher would otherwise write there.
    pub fn in_context(&mut self, e: PlError, name: &str, arity: usize) -> PlError {
        let ball = self.stacks.heap.deref(e.0);
        if ball.tag() != Tag::Str
            || self.stacks.heap.functor_of(ball) != Cell::functor(atom::ERROR, 2)
        {
            return e;
        }
        let ctx = self.stacks.heap.deref(self.stacks.heap.arg(ball, 1));
        if ctx.tag() == Tag::Ref {
            let name = self.atoms.intern(name);
            let pi = self.indicator(name, arity);
            let system = Cell::atom(self.atoms.intern("system"));
            let pi = self.stacks.heap.compound(atom::COLON, &[system, pi]);
            let msg = self.stacks.heap.new_var();
            let c = self.stacks.heap.compound(atom::CONTEXT, &[pi, msg]);
            self.bind(ctx, c);
        }
        e
    }
    /// A nonnegative small integer argument, or the ISO error for it.
    pub fn check_nonneg_int(&mut self, c: Cell) -> Result<i64, PlError> {
        match c.tag() {
            Tag::Int if c.int_value() >= 0 => Ok(c.int_value()),
            Tag::Int => Err(self.type_err("not_less_than_zero", c)),
            Tag::Ref => Err(self.inst_err()),
            _ => Err(self.type_err("integer", c)),
        }
    }
}
