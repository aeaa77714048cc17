//! A module file's own definitions, seen before its clauses are compiled.
//!
//! Calls are resolved when a clause is compiled (`modules.rs`), so a call of `last/2` in a
//! module that defines its own `last/2` further down would reach the library's, which
//! SWI-Prolog, resolving calls when they run, never does. So when `module/2` declares a module,
//! the rest of its file is read once for its clause heads (grammar rules count two arguments
//! more), and each one whose name the library has becomes the module's own predicate at once;
//! the clauses read later fill it. A term the pre-reading cannot read (an operator a later
//! directive declares) is skipped: its predicate is then resolved as before.

use super::super::Machine;
use ply_reader::ast::{Ast, NodeKind};
use ply_reader::{read_term, ReadOutcome};

impl Machine {
    /// Make the library names file `file` defines clauses for predicates of `module` (the
    /// file's directives, `module/2` first, define nothing).
    pub fn prescan_module_file(&mut self, module: u32, file: u32) {
        let Ok(text) = std::fs::read_to_string(self.atoms.name(file)) else {
            return;
        };
        for (name, arity) in self.clause_heads(&text, false).unwrap_or_default() {
            self.claim_library_name(module, &name, arity);
        }
    }

    /// Give each system or library name a text of `user` defines clauses for a predicate of
    /// the program's before any of its clauses is compiled (`overrides.rs`), so that its calls
    /// before the definition reach the definition too. A module file's text is left alone.
    pub fn prescan_user_text(&mut self, text: &str) {
        if self.program.modules.current != 0 || !self.may_override_in(text) {
            return;
        }
        for (name, arity) in self.clause_heads(text, true).unwrap_or_default() {
            if let Some(name) = self.atoms.lookup(&name) {
                self.override_in_user(name, arity);
            }
        }
    }

    /// The name and arity of each clause head `text` holds, in order, skipping the terms it
    /// cannot read; `None` when `stop_at_module` and the first term declares a module.
    fn clause_heads(&self, text: &str, stop_at_module: bool) -> Option<Vec<(String, usize)>> {
        let mut heads = Vec::new();
        let mut pos = 0;
        let mut first = true;
        loop {
            let (ast, end) =
                match read_term(text, pos, &self.services.ops, &self.services.flags.read) {
                    ReadOutcome::Eof => break,
                    ReadOutcome::Error(e) if e.resume > pos => {
                        pos = e.resume;
                        continue;
                    }
                    ReadOutcome::Error(_) => break,
                    ReadOutcome::Term { ast, end } => (ast, end),
                };
            pos = end;
            if std::mem::take(&mut first) && stop_at_module && declares_module(&ast) {
                ply_reader::recycle(ast);
                return None;
            }
            heads.extend(head_of(&ast));
            ply_reader::recycle(ast);
        }
        Some(heads)
    }

    /// Make `name/arity` a predicate of `module` if the library has one of that name and the
    /// module has none yet.
    fn claim_library_name(&mut self, module: u32, name: &str, arity: usize) {
        let Some(name) = self.atoms.lookup(name) else {
            return;
        };
        if self.program.lookup_in(module, name, arity).is_some() {
            return;
        }
        let library = self
            .program
            .lookup_pred(name, arity)
            .map(|pid| &self.program.preds[pid as usize])
            .is_some_and(|p| p.library && !p.is_builtin());
        if library {
            self.program.local_pred(module, name, arity);
        }
    }
}

/// The name and arity of the predicate a clause read as `ast` defines, if it is a clause of
/// the module (not a directive, nor a clause for another module).
fn head_of(ast: &Ast) -> Option<(String, usize)> {
    let root = ast.node(ast.root);
    let (head, extra) = match &root.kind {
        NodeKind::Compound { name, args } if args.len() == 2 && name == ":-" => (args[0], 0),
        NodeKind::Compound { name, args } if args.len() == 2 && name == "-->" => (args[0], 2),
        NodeKind::Compound { name, args } if args.len() == 1 && (name == ":-" || name == "?-") => {
            return None
        }
        _ => (ast.root, 0),
    };
    match &ast.node(head).kind {
        NodeKind::Atom(name) => Some((name.clone(), extra)),
        // A grammar rule's head may carry a pushback list: `H, List --> B`.
        NodeKind::Compound { name, args } if extra == 2 && name == "," && args.len() == 2 => {
            match &ast.node(args[0]).kind {
                NodeKind::Atom(n) => Some((n.clone(), 2)),
                NodeKind::Compound { name, args } => Some((name.clone(), args.len() + 2)),
                _ => None,
            }
        }
        NodeKind::Compound { name, .. } if name == ":" => None,
        NodeKind::Compound { name, args } => Some((name.clone(), args.len() + extra)),
        _ => None,
    }
}

/// Whether `ast` is the directive `:- module(_, _)`.
fn declares_module(ast: &Ast) -> bool {
    let root = ast.node(ast.root);
    let NodeKind::Compound { name, args } = &root.kind else {
        return false;
    };
    if name != ":-" || args.len() != 1 {
        return false;
    }
    matches!(&ast.node(args[0]).kind,
        NodeKind::Compound { name, args } if name == "module" && args.len() == 2)
}
