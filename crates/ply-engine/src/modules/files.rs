//! Module files: a file that starts with `module/2` declares a module, exports some of its
//! predicates, and is loaded by `use_module/1,2` (or consulted), which imports the exports into
//! the module that loads it. An import that clashes with another module's import of the same
//! name is reported as SWI-Prolog reports it, and the earlier import stays.

use super::super::instr::PredId;
use super::super::Machine;
use ply_term::{atom, Cell};
use std::path::Path;

/// Which of a module's exports an import takes.
pub enum ImportList {
    /// All of them.
    All,
    /// All but these (`except(List)`).
    Except(Vec<(u32, usize)>),
    /// These, each under the name given with `as` or its own.
    Only(Vec<(u32, usize, u32)>),
}

impl Machine {
    /// Declare module `module` (not `user`), defined by file `file`, with no exports yet; the
    /// clauses that follow are compiled in it.
    pub fn declare_module(&mut self, module: u32, file: Option<u32>) {
        let m = self.program.modules.table.entry(module).or_default();
        m.file = file;
        m.exports.clear();
        m.ops.clear();
        if let Some(f) = file {
            self.program.modules.files.insert(f, module);
        }
        self.program.modules.current = module;
    }

    /// Export `name/arity` from `module`, making the predicate if it has none yet.
    pub fn export_pred(&mut self, module: u32, name: u32, arity: usize) {
        if self.program.lookup_in(module, name, arity).is_none() {
            self.program.local_pred(module, name, arity);
        }
        let m = self.program.modules.table.entry(module).or_default();
        if !m.exports.contains(&(name, arity)) {
            m.exports.push((name, arity));
        }
    }

    /// Consult `path`, unless `once` and it is loaded already, around the current module; the
    /// module the file declares, if it declares one.
    pub fn load_module_file(&mut self, path: &Path, once: bool) -> Option<u32> {
        let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let text = abs.to_string_lossy().to_string();
        let file_atom = self.atoms.intern(&text);
        if !(once && self.services.loading.loaded_files.contains(&text)) {
            self.consult_file_keeping_module(path);
        }
        self.program.modules.files.get(&file_atom).copied()
    }

    /// Import `from`'s exports that `list` takes into `into` (0 for `user`), reporting each
    /// clash with an earlier import as SWI-Prolog does.
    pub fn import_module(&mut self, into: u32, from: u32, list: &ImportList) {
        if into == from {
            return;
        }
        if !matches!(list, ImportList::Only(_)) {
            self.import_ops(from);
        }
        let exports = self
            .program
            .modules
            .table
            .get(&from)
            .map(|m| m.exports.clone())
            .unwrap_or_default();
        let picks: Vec<(u32, usize, u32)> = match list {
            ImportList::All => exports.iter().map(|&(n, a)| (n, a, n)).collect(),
            ImportList::Except(out) => exports
                .iter()
                .filter(|e| !out.contains(e))
                .map(|&(n, a)| (n, a, n))
                .collect(),
            ImportList::Only(v) => v.clone(),
        };
        let only = matches!(list, ImportList::Only(_));
        for (name, arity, as_name) in picks {
            if only && !exports.contains(&(name, arity)) {
                self.warn_not_exported(into, from, name, arity);
            }
            let pid = match self.program.lookup_in(from, name, arity) {
                Some(pid) => pid,
                // SWI-Prolog imports a name the module does not export all the same.
                None if only => self.program.local_pred(from, name, arity),
                None => continue,
            };
            if let Some(earlier) = self.import_clash(into, from, as_name, arity, pid) {
                self.report_import_clash(into, from, name, arity, earlier);
                continue;
            }
            if self.defined_locally(into, as_name, arity) {
                self.warn_local_override(into, as_name, arity, from);
                continue;
            }
            self.import_pred(into, from, pid, as_name, arity);
        }
    }

    /// Declare the operators module `from` exports where it is imported: the operator table
    /// is the reading module's while a module file loads (`load.rs` puts the table back when
    /// one ends), so they hold where the importing text is read.
    fn import_ops(&mut self, from: u32) {
        let ops = self
            .program
            .modules
            .table
            .get(&from)
            .map(|m| m.ops.clone())
            .unwrap_or_default();
        for op in ops {
            let g = op.to_heap(&mut self.stacks.heap);
            // The operator was declared once already, when the module's file was read.
            let _ = self.solve_once(g);
        }
    }

    /// The module an earlier import of `name/arity` into `into` came from, when it is another
    /// module's predicate than `pid`.
    fn import_clash(
        &self,
        into: u32,
        from: u32,
        name: u32,
        arity: usize,
        pid: PredId,
    ) -> Option<u32> {
        let earlier = *self.program.modules.imported.get(&(into, name, arity))?;
        let visible = self.program.lookup_in(into, name, arity)?;
        (earlier != from && visible != pid).then_some(earlier)
    }

    /// Whether `into` has its own definition of `name/arity` (clauses or a declaration).
    fn defined_locally(&self, into: u32, name: u32, arity: usize) -> bool {
        let Some(pid) = self.program.lookup_in(into, name, arity) else {
            return false;
        };
        let p = &self.program.preds[pid as usize];
        let has =
            matches!(&p.kind, super::super::db::PredKind::Clauses(l) if !l.clauses.is_empty());
        p.module == into && !p.library && !p.is_builtin() && (has || p.dynamic)
    }

    /// SWI-Prolog's warning for an import list that names what the module does not export.
    fn warn_not_exported(&mut self, into: u32, from: u32, name: u32, arity: usize) {
        let text_of = |m: &Machine, a: u32| m.format_term(Cell::atom(a), true, 10);
        let into = text_of(self, if into == 0 { atom::USER } else { into });
        let (from, name) = (text_of(self, from), text_of(self, name));
        let body =
            format!("import/1: {from}:{name}/{arity} is not exported (still imported into {into})");
        self.load_message("Warning", &body);
    }

    /// A message of the load, as SWI-Prolog prints one: under the place of the term being
    /// loaded when there is one, else on one line.
    pub fn load_message(&mut self, kind: &str, body: &str) {
        // A file is being loaded while its directory is on the stack of load directories.
        let loading = !self.services.loading.load_dirs.is_empty();
        let text = match self.services.loading.term_place.filter(|_| loading) {
            Some((f, l)) => format!("{kind}: {}:{l}:\n{kind}:    {body}\n", self.atoms.name(f)),
            None => format!("{kind}: {body}\n"),
        };
        self.services.loading.load_messages += 1;
        self.services.out.message(&text);
    }

    /// SWI-Prolog's warning for a local definition that keeps out (or replaces) an import.
    pub fn warn_local_override(&mut self, into: u32, name: u32, arity: usize, from: u32) {
        let into = if into == 0 { atom::USER } else { into };
        let text_of = |m: &Machine, a: u32| m.format_term(Cell::atom(a), true, 10);
        let (into, from, name) = (
            text_of(self, into),
            text_of(self, from),
            text_of(self, name),
        );
        let at = match self.services.loading.term_place {
            Some((f, l)) => format!("{}:{}", self.atoms.name(f), l),
            None => String::from("user"),
        };
        self.services.loading.load_messages += 1;
        let text = format!(
            "Warning: {at}:\nWarning:    Local definition of {into}:{name}/{arity} overrides \
             weak import from {from}\n"
        );
        self.services.out.message(&text);
    }

    /// Print SWI-Prolog's error for an import clash at the place being loaded; as in
    /// SWI-Prolog it is a message, not an exception, and loading goes on.
    fn report_import_clash(&mut self, into: u32, from: u32, name: u32, arity: usize, earlier: u32) {
        let name_of = |m: &Machine, module: u32| {
            let a = if module == 0 { atom::USER } else { module };
            m.format_term(Cell::atom(a), true, 10)
        };
        let pi = format!("{}/{}", self.format_term(Cell::atom(name), true, 10), arity);
        let (from, into, earlier) = (
            name_of(self, from),
            name_of(self, into),
            name_of(self, earlier),
        );
        let at = match self.services.loading.term_place {
            Some((f, l)) => format!("{}:{}", self.atoms.name(f), l),
            None => String::from("user"),
        };
        self.services.loading.load_messages += 1;
        let text = format!(
            "ERROR: {at}:\nERROR:    import/1: No permission to import {from}:{pi} into {into} \
             (already imported from {earlier})\n"
        );
        self.services.out.message(&text);
    }
}
