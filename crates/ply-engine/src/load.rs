//! Loading programs: reading clauses from text, running directives, adding clauses, and the
//! conversion of reader output (an AST arena) into heap terms.
//!
//! A syntax error is reported and loading goes on after the clause's end token, so every bad
//! clause of a file is reported in one go. Load-time lint warnings are printed as they are found.
//! The conversion from AST is a loop over the arena, never recursion.

use super::instr::PredId;
use super::solve::Answer;
use super::Machine;
use ply_reader::ast::{Ast, NodeKind, Span};
use ply_reader::{read_term, ReadOutcome};
use ply_term::scratch::Lent;
use ply_term::{atom, Cell, FastSet, Tag};
use std::borrow::Cow;
use std::path::Path;

mod cond;
mod expand;
mod include;
pub(crate) mod preread;
mod resolve;
mod swi_messages;
mod yall;

pub use cond::{CondFrame, CondState};
pub use expand::Style;
pub use preread::{Decoder, Deferred, Place, Preread};

/// The AST walk's vectors are kept between walks up to this many entries.
const SCRATCH_KEEP: usize = 1 << 12;

thread_local! {
    /// The cell each node became, lent to [`Machine::ast_term_nodes`].
    static BUILT: std::cell::Cell<Vec<Option<Cell>>> = const { std::cell::Cell::new(Vec::new()) };
    /// The work stack of [`Machine::ast_term_nodes`].
    static WALK: std::cell::Cell<Vec<(u32, bool)>> = const { std::cell::Cell::new(Vec::new()) };
}

/// A term read from text, on the heap, with its named variables.
pub struct ReadResult {
    /// The term.
    pub term: Cell,
    /// `(name, variable)` for each named variable, in order of first occurrence.
    pub vars: Vec<(String, Cell)>,
    /// The reader's output, for lint and diagnostics.
    pub ast: Ast,
}

impl Drop for ReadResult {
    /// The reader's vectors and strings go back to it for the next term read, so that reading
    /// data term by term (`read_term/2`, `term_to_atom/2`) does not allocate them anew each time.
    fn drop(&mut self) {
        ply_reader::recycle(std::mem::take(&mut self.ast));
    }
}

impl Machine {
    /// Put a read term on the heap; its new atoms are permanent (program text).
    pub fn ast_to_heap(&mut self, ast: &Ast) -> (Cell, Vec<(String, Cell)>) {
        self.ast_to_heap_as(ast, false)
    }

    /// Put a read term on the heap; its new atoms are volatile when `volatile` (data read at
    /// run time, see `atom_gc.rs`), permanent otherwise.
    pub fn ast_to_heap_as(&mut self, ast: &Ast, volatile: bool) -> (Cell, Vec<(String, Cell)>) {
        let (root, vars) = self.ast_term(ast, volatile);
        let named = ast
            .vars
            .iter()
            .zip(vars.iter())
            .filter(|(v, _)| !v.is_anonymous())
            .map(|(v, c)| (v.name.clone(), *c))
            .collect();
        (root, named)
    }

    /// Put a read term on the heap; returns it and its variables, in the order of `ast.vars`.
    fn ast_term(&mut self, ast: &Ast, volatile: bool) -> (Cell, Vec<Cell>) {
        self.ast_term_nodes(ast, volatile, None)
    }

    /// [`Machine::ast_term`], handing out in `nodes` the cell each node became.
    pub(super) fn ast_term_nodes(
        &mut self,
        ast: &Ast,
        volatile: bool,
        nodes: Option<&mut Vec<Option<Cell>>>,
    ) -> (Cell, Vec<Cell>) {
        let intern = |m: &mut Machine, s: &str| {
            if volatile {
                m.volatile_atom(s)
            } else {
                m.atoms.intern(s)
            }
        };
        let vars: Vec<Cell> = ast
            .vars
            .iter()
            .map(|_| self.stacks.heap.new_var())
            .collect();
        let n = ast.nodes.len();
        // Both vectors are lent for the walk, so that a short term read at run time
        // (`read_term/2`, `term_to_atom/2`) allocates neither.
        let mut built = Lent::from(&BUILT, SCRATCH_KEEP);
        built.resize(n, None);
        let mut stack = Lent::from(&WALK, SCRATCH_KEEP);
        stack.push((ast.root, false));
        // The arguments of the compound being built; one buffer for all of them.
        let mut cells = ply_term::scratch::CellStack::lend();
        while let Some((id, expanded)) = stack.pop() {
            if built[id as usize].is_some() {
                continue;
            }
            let node = &ast.nodes[id as usize];
            let cell = match &node.kind {
                NodeKind::Var(i) => vars[*i as usize],
                NodeKind::Atom(s) => Cell::atom(intern(self, s)),
                NodeKind::Int(i) => self.stacks.heap.int(*i),
                NodeKind::BigInt(b) => self.stacks.heap.bigint(b),
                NodeKind::Float(f) => self.stacks.heap.float(*f),
                NodeKind::Str(s) => self.stacks.heap.string(s),
                NodeKind::Compound { name, args } => {
                    if !expanded {
                        stack.push((id, true));
                        for &a in args.iter().rev() {
                            if built[a as usize].is_none() {
                                stack.push((a, false));
                            }
                        }
                        continue;
                    }
                    cells.clear();
                    cells.extend(
                        args.iter()
                            .map(|&a| built[a as usize].unwrap_or(Cell::atom(atom::NIL))),
                    );
                    if name == "." && cells.len() == 2 {
                        self.stacks.heap.cons(cells[0], cells[1])
                    } else {
                        self.services.loading.read_dot |= name == "$dot" && cells.len() == 2;
                        let a = intern(self, name);
                        self.stacks.heap.compound(a, &cells)
                    }
                }
            };
            built[id as usize] = Some(cell);
        }
        let root = built[ast.root as usize].unwrap_or(Cell::atom(atom::NIL));
        if let Some(nodes) = nodes {
            nodes.clear();
            nodes.extend_from_slice(&built);
        }
        (root, vars)
    }

    /// Consult `path`: read every clause, run directives, report errors and warnings.
    /// Returns false when the file cannot be read. A module file's exports are imported into
    /// the module that consults it, as `use_module/1` would (`modules/files.rs`).
    pub fn consult_file(&mut self, path: &Path) -> bool {
        let outer = self.program.modules.current;
        let (read, module) = self.consult_file_keeping_module(path);
        if let Some(module) = module {
            self.import_module(outer, module, &super::modules::ImportList::All);
        }
        read
    }

    /// [`Machine::consult_file`] without the imports: whether the file was read, and the module
    /// it declared. The current module is the same after it as before.
    pub fn consult_file_keeping_module(&mut self, path: &Path) -> (bool, Option<u32>) {
        let outer = self.program.modules.current;
        let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let file_atom = self.atoms.intern(&abs.to_string_lossy());
        self.program.modules.files.remove(&file_atom);
        // A module's operators and its reading flags (`double_quotes`, `back_quotes`) are its
        // own, as in SWI-Prolog: once its file is read they are the loading text's again, and
        // the operators it exports are declared where it is imported.
        let ops = self.services.ops.clone();
        let read_flags = self.services.flags.read;
        let read = self.consult_file_plain(path);
        self.program.modules.current = outer;
        let module = self.program.modules.files.get(&file_atom).copied();
        if module.is_some() {
            self.services.ops = ops;
            self.services.flags.read = read_flags;
        }
        (read, module)
    }

    /// [`Machine::consult_file`] of no module.
    fn consult_file_plain(&mut self, path: &Path) -> bool {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(_) => return false,
        };
        let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let file_name = path.to_string_lossy().to_string();
        let file_atom = self.atoms.intern(&abs.to_string_lossy());
        if !self
            .services
            .loading
            .loaded_files
            .contains(&abs.to_string_lossy().to_string())
        {
            self.services
                .loading
                .loaded_files
                .push(abs.to_string_lossy().to_string());
        }
        self.services
            .loading
            .load_dirs
            .push(abs.parent().map(|p| p.to_path_buf()).unwrap_or_default());
        self.unload_file(file_atom);
        // A file starts with every style check on; the including file's come back after it.
        let style = std::mem::take(&mut self.services.loading.style);
        let place = self.services.loading.term_place;
        self.consult_text(text, &file_name, Some(file_atom));
        self.services.loading.style = style;
        self.services.loading.term_place = place;
        self.services.loading.load_dirs.pop();
        true
    }

    /// Consult `text` as the unit `unit` (a name that is no file, such as a notebook cell's):
    /// what an earlier load of the same unit defined is forgotten first, as consulting a file
    /// again does, and messages name the text `file_name`.
    pub fn reconsult_text(&mut self, text: &str, file_name: &str, unit: &str) {
        let unit = self.atoms.intern(unit);
        self.unload_file(unit);
        let style = std::mem::take(&mut self.services.loading.style);
        self.consult_text(text, file_name, Some(unit));
        self.services.loading.style = style;
    }

    /// Forget what an earlier consult of `file` defined, as swipl does before loading a file
    /// again: its predicates lose their clauses and declarations, so that one the file no longer
    /// defines is unknown afterwards and one it still defines starts from its new clauses.
    fn unload_file(&mut self, file: u32) {
        for pid in 0..self.program.preds.len() {
            let p = &self.program.preds[pid];
            if p.file != Some(file) || p.library || p.is_builtin() {
                continue;
            }
            let pid = pid as PredId;
            self.wipe_clauses(pid);
            self.restore_overridden(pid);
            let p = &mut self.program.preds[pid as usize];
            p.defined = false;
            p.dynamic = false;
            p.discontiguous = false;
            p.multifile = false;
            p.file = None;
        }
    }

    /// Whether predicate `pid` has a clause (compiled or waiting to be).
    fn has_clauses(&mut self, pid: PredId) -> bool {
        self.load_deferred(pid);
        match &self.program.preds[pid as usize].kind {
            crate::db::PredKind::Clauses(list) => !list.clauses.is_empty(),
            _ => false,
        }
    }

    /// Warns, as swipl does, that the clause at `span` redefines predicate `pid`, which another
    /// file defined, naming where it was defined before.
    fn warn_redefined(&mut self, pid: PredId, span: Span, source: &ply_diag::SourceText) {
        let name = self.pred_names(pid);
        let p = &self.program.preds[pid as usize];
        let before = p
            .file
            .map(|f| self.atoms.name(f).to_string())
            .unwrap_or_default();
        let mut d = ply_diag::Diag::warning(format!("Redefined static procedure {name}"));
        d.labels = vec![(span, String::from("this clause replaces its clauses"))];
        d.help = Some(format!("previously defined at {before}:{}", p.line));
        self.print_diag(&d, source);
    }

    /// Load clauses from `text`, reporting with `file_name`.
    pub fn consult_text<'t>(
        &mut self,
        text: impl Into<Cow<'t, str>>,
        name: &str,
        file: Option<u32>,
    ) {
        // The clauses read from this text keep where their calls are, over one shared copy of
        // the text (a file's own, moved: a big fact file is not held twice while it loads);
        // the system's own text does not.
        let text = text.into();
        if self.services.loading.loading_library {
            let outer = self.services.loading.source_file.take();
            self.consult_text_clauses(&text, name, file);
            self.services.loading.source_file = outer;
            return;
        }
        let (n, text) = (name.to_string(), text.into_owned());
        let shared = std::rc::Rc::new(super::source_map::SourceFile { name: n, text });
        let outer = self.services.loading.source_file.replace(shared.clone());
        self.consult_text_clauses(&shared.text, name, file);
        self.services.loading.source_file = outer;
    }

    /// [`Machine::consult_text`] once the text to share is set.
    fn consult_text_clauses(&mut self, text: &str, file_name: &str, file: Option<u32>) {
        if file.is_some() && !self.services.loading.loading_library {
            self.prescan_user_text(text);
        }
        let mut pos = 0;
        self.consult_clauses(text, file_name, file, |m, source| loop {
            match read_term(text, pos, &m.services.ops, &m.services.flags.read) {
                ReadOutcome::Eof => return None,
                ReadOutcome::Error(e) => {
                    m.report_syntax_error(&e, source);
                    if e.resume <= pos {
                        return None;
                    }
                    pos = e.resume;
                }
                ReadOutcome::Term { ast, end } => {
                    pos = end;
                    if !m.services.loading.loading_library {
                        for d in ply_diag::lint::lint_clause(&ast) {
                            if m.services.loading.style.allows(d.code.as_deref()) {
                                m.print_diag(&d, source);
                            }
                        }
                    }
                    let term = m.clause_term_with_sites(&ast);
                    let span = ast.span;
                    ply_reader::recycle(ast);
                    return Some((term, span));
                }
            }
        });
    }

    /// Load the clauses `next` puts on the heap one by one (with the span of each in `text`)
    /// until it returns `None`, as the file `file_name`: directives run, clauses are added,
    /// and the goals of `initialization/1` run at the end. A syntax error is `next`'s to
    /// report: it goes on to the clause after it.
    fn consult_clauses(
        &mut self,
        text: &str,
        file_name: &str,
        file: Option<u32>,
        mut next: impl FnMut(&mut Machine, &ply_diag::SourceText) -> Option<(Cell, Span)>,
    ) {
        // The diagnostics about this file share one reading of where its lines are.
        let source = ply_diag::SourceText::new(file_name, text);
        // The predicates this load has defined so far: a set, since a file may define hundreds
        // of thousands and each clause asks. Predicate ids are small numbers the machine made,
        // so the fast hash serves.
        // An included text goes on with the predicates of the load that includes it.
        let include = self.services.loading.include_seen.take();
        let is_include = include.is_some();
        let mut seen: FastSet<u32> = include.unwrap_or_default();
        let outer_unit = std::mem::replace(&mut self.services.loading.unit, file);
        let mut tracker = ply_diag::lint::DiscontiguousTracker::new(file_name);
        let init_base = self.services.loading.init_goals.len();
        // What natives keep may rest on clauses this load replaces (answer tables do).
        if !self.services.loading.loading_library {
            self.services.natives.before_consult();
        }
        let outer_first = std::mem::replace(&mut self.services.loading.first_term, true);
        // Once the text is loaded, source_location/2 names the term that loaded it, if any,
        // and no longer the text's last term (messages printed later name no place).
        let outer_place = self.services.loading.term_place;
        let outer_cond = std::mem::take(&mut self.services.loading.cond);
        loop {
            let mark = self.stacks.heap.top();
            self.services.loading.read_dot = false;
            let Some((term, span)) = next(self, &source) else {
                break;
            };
            let line = source.line(span.start);
            let file_atom = match file {
                Some(f) if !is_include => f,
                _ => self.atoms.intern(file_name),
            };
            self.services.loading.term_place = Some((file_atom, line));
            if self.cond_consumes(term, file_name, line) {
                self.services.loading.first_term = false;
                self.reclaim_term(mark);
                if self.services.halt.is_some() {
                    break;
                }
                continue;
            }
            let terms = self.expand_read_term(term, file_name);
            for term in terms.unwrap_or_else(|| vec![term]) {
                let Some(clauses) = self.expand_lambdas(term) else {
                    self.handle_clause(term, span, &source, file, &mut seen, &mut tracker);
                    continue;
                };
                // The auxiliary clauses of lambdas come between a predicate's clauses: they
                // are kept out of the discontiguity check.
                let mut aux_tracker = ply_diag::lint::DiscontiguousTracker::new(file_name);
                for (i, c) in clauses.into_iter().enumerate() {
                    if i == 1 {
                        self.services.loading.pending_sites = None;
                    }
                    let t = if i == 0 {
                        &mut tracker
                    } else {
                        &mut aux_tracker
                    };
                    self.handle_clause(c, span, &source, file, &mut seen, t);
                }
            }
            seen.extend(self.services.loading.included.drain());
            self.services.loading.first_term = false;
            self.services.loading.pending_sites = None;
            self.services.loading.pending_names.clear();
            self.services.loading.directive_names.clear();
            self.reclaim_term(mark);
            if self.services.halt.is_some() {
                break;
            }
        }
        // As in swipl, only the end of the file consulted is expanded, and its
        // initialization goals wait for it.
        if is_include {
            self.services.loading.included.extend(seen.drain());
        } else if self.services.halt.is_none() {
            let mark = self.stacks.heap.top();
            let end = Span {
                start: text.len(),
                end: text.len(),
            };
            for term in self.expand_end_of_file(file_name) {
                self.handle_clause(term, end, &source, file, &mut seen, &mut tracker);
            }
            self.reclaim_term(mark);
        }
        self.services.loading.first_term = outer_first;
        self.cond_end_file(outer_cond, file_name, source.line(text.len()));
        // Goals of initialization/1 run once the file is loaded. The ones still waiting stay
        // in `ext.init_goals`, where the atom collector sees them, while the first runs.
        while !is_include && self.services.loading.init_goals.len() > init_base {
            let (g, line) = self.services.loading.init_goals.remove(init_base);
            let t = g.to_heap(&mut self.stacks.heap);
            self.run_init_goal(t, file_name, line);
        }
        self.services.loading.term_place = outer_place;
        self.services.loading.unit = outer_unit;
    }

    /// Give back the heap, trail and attributed variables a term read at `mark` used, once it
    /// is loaded, when nothing can backtrack into it (no choicepoint, no saved state).
    fn reclaim_term(&mut self, mark: usize) {
        if self.stacks.choices.is_empty() && self.stacks.saved_states.is_empty() {
            self.stacks.heap.truncate(mark);
            self.stacks.trail.clear();
            self.forget_attvars_from(mark);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn handle_clause(
        &mut self,
        term: Cell,
        span: Span,
        source: &ply_diag::SourceText,
        file: Option<u32>,
        seen: &mut FastSet<u32>,
        tracker: &mut ply_diag::lint::DiscontiguousTracker,
    ) {
        // Only a clause as the build step read it may wait for its first call: a directive
        // runs now, and a grammar rule's translation has no words of its own.
        let mut place = self.services.loading.deferred.take_current();
        let mut t = self.stacks.heap.deref(term);
        if let Some(expanded) = self.expand_dict_calls(t) {
            (place, t) = (None, expanded);
        }
        let is_dcg =
            t.tag() == Tag::Str && self.stacks.heap.functor_of(t) == Cell::functor(atom::DCG, 2);
        if !is_dcg {
            if let Some(expanded) = self.expand_clause_goals(t, source.name()) {
                // The clause compiled is no longer the one the build step read.
                place = None;
                t = expanded;
            }
        }
        if t.tag() == Tag::Str {
            let f = self.stacks.heap.functor_of(t);
            if f == Cell::functor(atom::NECK, 1) || f == Cell::functor(atom::QUERY, 1) {
                self.services.loading.pending_sites = None;
                let goal = self.stacks.heap.arg(t, 0);
                let line = source.line(span.start);
                self.run_directive_at(goal, source.name(), Some(line));
                return;
            }
            if f == Cell::functor(atom::DCG, 2) {
                let translate = self.atoms.intern("dcg_translate_rule");
                let out = self.stacks.heap.new_var();
                let g = self.stacks.heap.compound(translate, &[t, out]);
                match self.solve_once(g) {
                    Answer::True => {
                        // A translated grammar rule is listed with made-up names, as in
                        // SWI-Prolog: its clause is not the text's.
                        self.services.loading.pending_names.clear();
                        let clause = self.stacks.heap.deref(out);
                        let clause = self
                            .expand_clause_goals(clause, source.name())
                            .unwrap_or(clause);
                        self.add_program_clause(clause, span, source, file, seen, tracker, None);
                    }
                    _ => {
                        let d = diag_with(
                            "cannot translate this grammar rule",
                            vec![(span, String::from("here"))],
                        );
                        self.print_diag(&d, source);
                    }
                }
                return;
            }
        }
        self.add_program_clause(t, span, source, file, seen, tracker, place);
    }

    #[allow(clippy::too_many_arguments)]
    fn add_program_clause(
        &mut self,
        clause: Cell,
        span: Span,
        source: &ply_diag::SourceText,
        file: Option<u32>,
        seen: &mut FastSet<u32>,
        tracker: &mut ply_diag::lint::DiscontiguousTracker,
        place: Option<Place>,
    ) {
        // A clause for another module's predicate is added there (`modules.rs`).
        if let Some((module, clause)) = self.clause_for_module(clause) {
            return self.in_module(module, |m| {
                m.add_program_clause(clause, span, source, file, seen, tracker, None)
            });
        }
        let (head, _) = self.split_clause(clause);
        let head = self.stacks.heap.deref(head);
        if !matches!(head.tag(), Tag::Atom | Tag::Str | Tag::List) {
            let msg = if head.tag() == Tag::Ref {
                "a clause head must not be a variable"
            } else {
                "a clause head must be an atom or a compound term"
            };
            let d = diag_with(msg, vec![(span, String::from("this clause"))]);
            self.print_diag(&d, source);
            return;
        }
        let (name, arity) = self.name_arity(head);
        // A native state may file the clauses under another name (a tabled predicate's go to
        // its worker).
        let (clause, name, place) = match self.services.natives.load_as(name, arity) {
            Some(worker) if head.tag() != Tag::List => {
                (self.rename_head(clause, head, worker), worker, None)
            }
            _ => (clause, name, place),
        };
        let module = self.program.modules.current;
        if let Some(from) = self.program.imported_from(module, name, arity) {
            self.warn_local_override(module, name, arity, from);
        }
        // A program may define a system or library predicate for itself, except an ISO
        // builtin (`overrides.rs`); the file's clause heads were read first, so this is
        // usually done already.
        self.override_in_user(name, arity);
        let pid = self.program.head_pred(name, arity);
        let p = &self.program.preds[pid as usize];
        if self.is_protected(pid) || (p.is_builtin() && !p.library) {
            // SWI-Prolog takes a clause for `*->/2` silently and goes on compiling the
            // construct in line, so no call reaches it; the clause is left out here alike.
            if (name, arity) != (atom::SOFT, 2) {
                self.report_protected(name, arity);
            }
            return;
        }
        if seen.insert(pid) {
            // The first clause of a predicate in this load replaces what an earlier load (or
            // the library) defined, as reconsulting does; one that another file defined is
            // replaced too, with swipl's warning, unless it is multifile.
            let user_hook = self.is_user_hook(pid);
            let p = &self.program.preds[pid as usize];
            let elsewhere = file.is_some()
                && p.file.is_some()
                && p.file != file
                && !p.multifile
                && !user_hook
                && !p.library
                && !p.is_builtin()
                && self.has_clauses(pid);
            if elsewhere {
                self.warn_redefined(pid, span, source);
            }
            let p = &self.program.preds[pid as usize];
            // A library hook the program declared multifile (`error:has_type/2`) keeps the
            // library's clauses and takes the program's after them, as in SWI-Prolog.
            let hook = p.library && p.multifile;
            if !hook
                && (elsewhere
                    || p.library
                    || (p.file.is_some() && p.file == file)
                    || p.is_builtin())
            {
                self.wipe_clauses(pid);
                self.program.preds[pid as usize].library = false;
                self.name_by_alias(pid, name);
            }
            if !hook {
                let line = source.line(span.start) as u32;
                let p = &mut self.program.preds[pid as usize];
                p.file = file;
                p.line = line;
            }
        }
        // The system's own texts are linted by their tests (`system.rs`), not at every start.
        if !self.services.loading.loading_library {
            self.track_clause(tracker, pid, (name, arity), span, source);
        }
        if let Some(place) = place {
            self.services.loading.deferred.defer(pid, place);
            self.program.preds[pid as usize].defined = true;
            return;
        }
        self.services.loading.recorder = self.services.loading.pending_sites.take();
        self.services.loading.naming = true;
        let compiled = self.compile_clause(clause, true);
        self.services.loading.naming = false;
        self.services.loading.recorder = None;
        if let Err(e) = compiled {
            let msg = self.describe_error_cell(e.0);
            let d = diag_with(&msg, vec![(span, String::from("this clause"))]);
            self.print_diag(&d, source);
        }
    }

    /// Tell `tracker` of a clause of `name/arity` (predicate `pid`) at `span`, and print the
    /// warning it has, if any: clauses of a predicate apart in the file.
    fn track_clause(
        &mut self,
        tracker: &mut ply_diag::lint::DiscontiguousTracker,
        pid: PredId,
        (name, arity): (u32, usize),
        span: Span,
        source: &ply_diag::SourceText,
    ) {
        let p = &self.program.preds[pid as usize];
        // SWI-Prolog 9 says nothing of a multifile predicate's clauses apart, whether the
        // declaration came before them or between them.
        let discontiguous = p.discontiguous || p.multifile;
        let (dynamic, module) = (p.dynamic, p.module);
        // Predicates of two modules are two predicates: a module's is tracked, and named,
        // with its module (`plunit_u:helper/2`).
        let qualified;
        let pname = if module == 0 {
            self.atoms.name(name)
        } else {
            qualified = format!("{}:{}", self.atoms.name(module), self.atoms.name(name));
            qualified.as_str()
        };
        if discontiguous {
            tracker.declare_discontiguous(pname, arity);
        }
        if dynamic {
            tracker.declare_dynamic(pname, arity);
        }
        if let Some(d) = tracker.clause(pname, arity, span, source) {
            if self.services.loading.style.allows(d.code.as_deref()) {
                self.print_diag(&d, source);
            }
        }
    }

    /// `clause` with its head `head` (an atom or compound) renamed to `name`.
    fn rename_head(&mut self, clause: Cell, head: Cell, name: u32) -> Cell {
        let head2 = if head.tag() == Tag::Atom {
            Cell::atom(name)
        } else {
            let n = self.stacks.heap.functor_of(head).functor_arity();
            let args: Vec<Cell> = (0..n).map(|i| self.stacks.heap.arg(head, i)).collect();
            self.stacks.heap.compound(name, &args)
        };
        let c = self.stacks.heap.deref(clause);
        if c.tag() == Tag::Str && self.stacks.heap.functor_of(c) == Cell::functor(atom::NECK, 2) {
            let body = self.stacks.heap.arg(c, 1);
            self.stacks.heap.compound(atom::NECK, &[head2, body])
        } else {
            head2
        }
    }

    /// `goal` as run in the module being loaded: qualified by it unless that is `user`, so a
    /// module's directive or initialization goal runs in the module (`modules.rs`).
    pub(crate) fn in_loading_module(&mut self, goal: Cell) -> Cell {
        let module = self.program.modules.current;
        if module == 0 {
            goal
        } else {
            self.stacks
                .heap
                .compound(atom::COLON, &[Cell::atom(module), goal])
        }
    }

    /// Run a directive, reporting failure or an error as a warning.
    pub fn run_directive(&mut self, goal: Cell, file_name: &str) {
        self.run_directive_at(goal, file_name, None);
    }

    /// Run a directive read at `line` of `file_name` (when known), reporting failure as a
    /// warning and an error with its report (`error_report.rs`), as SWI-Prolog words them.
    pub fn run_directive_at(&mut self, goal: Cell, file_name: &str, line: Option<usize>) {
        let module = self.program.modules.current;
        let goal = self.in_loading_module(goal);
        let answer = self.solve_once_under(goal, ("catch", 3));
        if self.services.halt.is_some() {
            return;
        }
        match answer {
            Answer::True => {}
            Answer::False => self.directive_failed(goal, module, file_name, line),
            Answer::Error(e) => {
                // SWI-Prolog 9 reports the error and then the directive as failed.
                self.report_load_error(&e, file_name, line);
                self.directive_failed(goal, module, file_name, line);
            }
        }
    }

    /// Print a diagnostic to standard error.
    pub fn print_diag(&mut self, d: &ply_diag::render::Diag, source: &ply_diag::SourceText) {
        let color = std::io::IsTerminal::is_terminal(&std::io::stderr());
        let s = ply_diag::render::render_in(d, source, color);
        self.services.loading.load_messages += 1;
        self.services.out.message(&s);
    }

    /// Report syntax error `e` in `source` as a diagnostic box with the place it was found.
    pub fn report_syntax_error(
        &mut self,
        e: &ply_reader::SyntaxError,
        source: &ply_diag::SourceText,
    ) {
        let mut d = diag_with(
            &format!("Syntax error: {}", e.message),
            vec![(e.span, e.label_text())],
        );
        d.help = e.help.clone();
        self.print_diag(&d, source);
    }

    /// Read one term of program text from `text` at `pos` (for the toplevel); its new atoms
    /// are permanent.
    pub fn read_from(
        &mut self,
        text: &str,
        pos: usize,
    ) -> Result<Option<(ReadResult, usize)>, ply_reader::SyntaxError> {
        self.read_as(text, pos, false)
    }

    /// Read one term of data from `text` at `pos` (for read_term/2 and term_to_atom/2); its
    /// new atoms are volatile.
    pub fn read_data(
        &mut self,
        text: &str,
        pos: usize,
    ) -> Result<Option<(ReadResult, usize)>, ply_reader::SyntaxError> {
        self.read_as(text, pos, true)
    }

    fn read_as(
        &mut self,
        text: &str,
        pos: usize,
        volatile: bool,
    ) -> Result<Option<(ReadResult, usize)>, ply_reader::SyntaxError> {
        match read_term(text, pos, &self.services.ops, &self.services.flags.read) {
            ReadOutcome::Eof => Ok(None),
            ReadOutcome::Error(e) => Err(e),
            ReadOutcome::Term { ast, end } => {
                let (term, vars) = self.ast_to_heap_as(&ast, volatile);
                Ok(Some((ReadResult { term, vars, ast }, end)))
            }
        }
    }
}

/// A diagnostic with a message and labels.
fn diag_with(message: &str, labels: Vec<(ply_reader::ast::Span, String)>) -> ply_diag::Diag {
    let mut d = ply_diag::Diag::error(message);
    d.labels = labels;
    d
}
