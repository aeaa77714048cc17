//! Where the calls of a consulted clause were read: for each call the compiler emitted, its code
//! address, the span of the goal in the file's text and the source names of the goal's
//! variables. A run-time error report (`error_site.rs`) reads it to show the file, line and
//! column of the goal that raised the error and of each caller's call, with the source line,
//! and to write the goal with the clause's own variable names.
//!
//! The table is made while a file is loaded and kept with the clause (`Clause::source`); the
//! clauses of one load share one copy of the file's text. Nothing here runs while a program
//! runs: the compiler notes each call it emits only while the loader has asked for it
//! (`Loading::recorder`), and the table is read only when an error is reported.
//!
//! How a compiled call finds its goal's span: the loader notes the heap address of every
//! compound it built from the clause's text with that compound's span, and every atom or
//! variable standing as a goal with its span, in the order of the text. The compiler notes the
//! goal cell of each call it emits. A compound goal is found by its address; an atom or
//! variable goal takes the first unused place of the same cell, which is its own place except
//! when a control construct moved into an auxiliary predicate reorders them. The call of an
//! auxiliary predicate stands for its control construct. A goal the text does not hold (a
//! grammar rule's translation) gets the span of its whole clause and is marked inexact.

use super::compile::Compiler;
use super::Machine;
use ply_reader::ast::{Ast, NodeKind, Span};
use ply_term::{Cell, FastMap, Tag};
use std::rc::Rc;

/// The text of a file that was loaded, shared by the source tables of its clauses.
#[derive(Debug)]
pub struct SourceFile {
    /// The file's name as it was given to the loader.
    pub name: String,
    /// The whole text.
    pub text: String,
}

/// The named variables of a goal: the path of argument positions that leads to each, and its
/// name.
pub type VarPaths = Box<[(Box<[u32]>, Box<str>)]>;

/// The named permanent variables of a frame: slot number and name.
pub type FrameNames = Box<[(u32, Box<str>)]>;

/// One call of a clause.
#[derive(Clone, Debug)]
pub struct CallSite {
    /// The code address of the instruction that makes the call.
    pub addr: usize,
    /// The span of the goal in the file's text.
    pub span: Span,
    /// False when the goal is not in the text (a grammar rule's translation): `span` is then
    /// its whole clause.
    pub exact: bool,
    /// The goal's variables with a source name: the path of argument positions that leads to
    /// each in the goal, and the name.
    pub vars: VarPaths,
}

/// The source table of one clause: its calls in address order, over its file's text.
#[derive(Clone, Debug)]
pub struct ClauseSource {
    /// The file the clause was read from.
    pub file: Rc<SourceFile>,
    /// The calls, by increasing address.
    pub sites: Box<[CallSite]>,
    /// For each part of the clause's code that has an environment (the clause, an
    /// alternative, an auxiliary clause), by its start address: the permanent variables with
    /// a source name, as slot number and name.
    pub frames: Box<[(usize, FrameNames)]>,
}

impl ClauseSource {
    /// The call whose instruction is at `addr`.
    pub fn site(&self, addr: usize) -> Option<&CallSite> {
        let i = self.sites.binary_search_by_key(&addr, |s| s.addr).ok()?;
        self.sites.get(i)
    }
}

/// A place in a loaded file: what an error report shows of a goal.
#[derive(Clone, Debug)]
pub struct SourcePlace {
    /// The file.
    pub file: Rc<SourceFile>,
    /// The goal's span in the file's text.
    pub span: Span,
    /// False when the span is the whole clause rather than the goal (see [`CallSite::exact`]).
    pub exact: bool,
}

impl SourcePlace {
    /// `file:line:col` of the place's start, the column counted in characters.
    pub fn position(&self) -> String {
        let (line, col) = ply_diag::render::line_col(&self.file.text, self.span.start);
        format!("{}:{}:{}", self.file.name, line, col)
    }
}

/// What the loader knows of the clause being compiled, and the calls the compiler has emitted
/// for it so far.
pub struct SiteRecorder {
    file: Rc<SourceFile>,
    clause: Span,
    /// The span of every compound read from the clause's text, by heap address.
    compounds: FastMap<usize, Span>,
    /// Atoms and variables standing as goals, with their spans, in the order of the text; the
    /// flag is set once a call has taken the place.
    others: Vec<(Cell, Span, bool)>,
    /// The source name of each named variable of the clause.
    names: FastMap<Cell, Rc<str>>,
    /// The calls emitted: code address and goal.
    pub(super) calls: Vec<(usize, Cell)>,
    /// Goals the compiler made in place of a goal of the text: the call of an auxiliary
    /// predicate for its control construct, `call(X)` for a variable goal `X`.
    pub(super) aliases: Vec<(Cell, Cell)>,
    /// The permanent variables of each part of the code with an environment, by its start.
    pub(super) frames: Vec<(usize, Vec<(u32, Cell)>)>,
    /// When the clause is compiled again from its stored term (a library native it called
    /// in line was replaced): its table from the first compilation. The compiler emits the
    /// same calls in the same order, so the k-th call takes the k-th old site.
    replay: Option<Box<ClauseSource>>,
}

/// How deep into a goal variable names are looked for, and how many are kept per goal: a
/// report names the variables a person reads in the goal, not those of a large data term.
const NAME_DEPTH: usize = 8;
const NAME_COUNT: usize = 32;

impl SiteRecorder {
    /// A recorder for the clause read as `ast`, whose nodes the loader put on the heap as
    /// `built` and whose variables are `vars` (in the order of `ast.vars`).
    pub fn new(file: Rc<SourceFile>, ast: &Ast, built: &[Option<Cell>], vars: &[Cell]) -> Self {
        let mut compounds = FastMap::default();
        for (node, cell) in ast.nodes.iter().zip(built) {
            if let (NodeKind::Compound { .. }, Some(c)) = (&node.kind, cell) {
                if c.tag() == Tag::Str {
                    compounds.insert(c.addr(), node.span);
                }
            }
        }
        let mut others = Vec::new();
        // The goals of the body, through the control constructs the compiler opens, in the
        // order of the text.
        let root = ast.node(ast.root);
        let mut stack = Vec::new();
        if let NodeKind::Compound { name, args } = &root.kind {
            if name == ":-" && args.len() == 2 {
                stack.push(args[1]);
            }
        }
        while let Some(id) = stack.pop() {
            let node = ast.node(id);
            match &node.kind {
                NodeKind::Compound { name, args } => {
                    let control = matches!(
                        (name.as_str(), args.len()),
                        (",", 2) | (";", 2) | ("->", 2) | ("*->", 2) | ("\\+", 1)
                    );
                    if control {
                        stack.extend(args.iter().rev());
                    } else if name == ":" && args.len() == 2 {
                        stack.push(args[1]);
                    }
                }
                NodeKind::Atom(_) | NodeKind::Var(_) => {
                    if let Some(c) = built.get(id as usize).copied().flatten() {
                        others.push((c, node.span, false));
                    }
                }
                _ => {}
            }
        }
        let names = ast
            .vars
            .iter()
            .zip(vars)
            .filter(|(v, _)| !v.is_anonymous())
            .map(|(v, &c)| (c, Rc::from(v.name.as_str())))
            .collect();
        SiteRecorder {
            file,
            clause: ast.span,
            compounds,
            others,
            names,
            calls: Vec::new(),
            aliases: Vec::new(),
            frames: Vec::new(),
            replay: None,
        }
    }

    /// A recorder for compiling again the clause whose table is `old`.
    pub fn replay(old: &ClauseSource) -> Self {
        SiteRecorder {
            file: old.file.clone(),
            clause: Span::default(),
            compounds: FastMap::default(),
            others: Vec::new(),
            names: FastMap::default(),
            calls: Vec::new(),
            aliases: Vec::new(),
            frames: Vec::new(),
            replay: Some(Box::new(old.clone())),
        }
    }
}

impl Compiler<'_> {
    /// Note that the instruction at `addr` calls `goal`, when the loader records calls.
    pub(super) fn note_call_site(&mut self, addr: usize, goal: Cell) {
        if let Some(r) = self.recorder.as_deref_mut() {
            r.calls.push((addr, goal));
        }
    }

    /// Note the permanent variables (slot and variable) of the code starting at `start`, when
    /// the loader records calls.
    pub(super) fn note_frame_vars(&mut self, start: usize, perms: Vec<(u32, Cell)>) {
        if let Some(r) = self.recorder.as_deref_mut() {
            r.frames.push((start, perms));
        }
    }

    /// Note that the compiler calls `made` in place of `goal` of the text, when the loader
    /// records calls.
    pub(super) fn note_goal_alias(&mut self, made: Cell, goal: Cell) {
        if let Some(r) = self.recorder.as_deref_mut() {
            r.aliases.push((made, goal));
        }
    }
}

impl Machine {
    /// The source table of the clause just compiled from the recorder's calls, its code moved
    /// from `from..end` to `to`; `None` when nothing was recorded.
    pub(super) fn finish_sites(
        &mut self,
        rec: SiteRecorder,
        (from, end, to): (usize, usize, usize),
    ) -> Option<Box<ClauseSource>> {
        let SiteRecorder {
            file,
            clause,
            compounds,
            mut others,
            names,
            mut calls,
            aliases,
            frames,
            replay,
        } = rec;
        // In address order: a goal compiled with a way out of line notes that call after its
        // own start.
        calls.sort_by_key(|&(addr, _)| addr);
        if calls.is_empty() {
            return None;
        }
        let mut names = names;
        if let Some(old) = &replay {
            if old.sites.len() != calls.len() {
                return None;
            }
            // The variables of the new goals are named by following the old paths in them.
            for (&(_, goal), site) in calls.iter().zip(old.sites.iter()) {
                for (path, name) in site.vars.iter() {
                    if let Some(v) = self.follow_path(goal, path) {
                        names.entry(v).or_insert_with(|| Rc::from(&**name));
                    }
                }
            }
        }
        let moved = |addr: usize| {
            if (from..end).contains(&addr) {
                addr - from + to
            } else {
                addr
            }
        };
        let frames: Box<[_]> = frames
            .into_iter()
            .map(|(start, perms)| {
                let named: FrameNames = perms
                    .into_iter()
                    .filter_map(|(slot, v)| names.get(&v).map(|n| (slot, Box::from(&**n))))
                    .collect();
                (moved(start), named)
            })
            .filter(|(_, named)| !named.is_empty())
            .collect();
        let mut sites = Vec::with_capacity(calls.len());
        for (k, (addr, goal)) in calls.into_iter().enumerate() {
            let addr = moved(addr);
            if let Some(old) = &replay {
                let site = &old.sites[k];
                sites.push(CallSite {
                    addr,
                    ..site.clone()
                });
                continue;
            }
            let mut g = self.stacks.heap.deref(goal);
            // An alias chain is short (an auxiliary call, a wrapped variable); the bound only
            // guards against a loop.
            for _ in 0..4 {
                match aliases.iter().find(|(made, _)| *made == g) {
                    Some(&(_, orig)) => g = self.stacks.heap.deref(orig),
                    None => break,
                }
            }
            let found = if g.tag() == Tag::Str {
                compounds.get(&g.addr()).copied()
            } else {
                others
                    .iter_mut()
                    .find(|(c, _, used)| !*used && *c == g)
                    .map(|(_, span, used)| {
                        *used = true;
                        *span
                    })
            };
            let (span, exact) = match found {
                Some(s) => (s, true),
                None => (clause, false),
            };
            let vars = self.goal_var_paths(self.stacks.heap.deref(goal), &names);
            sites.push(CallSite {
                addr,
                span,
                exact,
                vars,
            });
        }
        sites.sort_by_key(|s| s.addr);
        Some(Box::new(ClauseSource {
            file,
            sites: sites.into_boxed_slice(),
            frames,
        }))
    }

    /// The subterm of `t` that argument path `path` leads to, if it is an unbound variable.
    pub(super) fn follow_path(&self, t: Cell, path: &[u32]) -> Option<Cell> {
        let mut t = self.stacks.heap.deref(t);
        for &i in path {
            let i = i as usize;
            t = match t.tag() {
                Tag::Str if i < self.stacks.heap.functor_of(t).functor_arity() => {
                    self.stacks.heap.deref(self.stacks.heap.arg(t, i))
                }
                Tag::List if i < 2 => self.stacks.heap.deref(self.stacks.heap.cells[t.addr() + i]),
                _ => return None,
            };
        }
        (t.tag() == Tag::Ref).then_some(t)
    }

    /// The named variables of `goal` and the argument paths that lead to them, breadth first,
    /// bounded by [`NAME_DEPTH`] and [`NAME_COUNT`]; a loop over a work list.
    fn goal_var_paths(&self, goal: Cell, names: &FastMap<Cell, Rc<str>>) -> VarPaths {
        let mut out: Vec<(Box<[u32]>, Box<str>)> = Vec::new();
        if names.is_empty() {
            return out.into_boxed_slice();
        }
        let mut work: std::collections::VecDeque<(Cell, Vec<u32>)> =
            std::collections::VecDeque::new();
        work.push_back((goal, Vec::new()));
        let mut visited = 0usize;
        while let Some((t, path)) = work.pop_front() {
            visited += 1;
            if out.len() >= NAME_COUNT || visited > 16 * NAME_COUNT {
                break;
            }
            let t = self.stacks.heap.deref(t);
            match t.tag() {
                Tag::Ref => {
                    if let Some(n) = names.get(&t) {
                        if !path.is_empty() {
                            out.push((path.into_boxed_slice(), Box::from(&**n)));
                        }
                    }
                }
                Tag::Str | Tag::List if path.len() < NAME_DEPTH => {
                    let n = match t.tag() {
                        Tag::List => 2,
                        _ => self.stacks.heap.functor_of(t).functor_arity(),
                    };
                    for i in 0..n {
                        let a = match t.tag() {
                            Tag::List => self.stacks.heap.cells[t.addr() + i],
                            _ => self.stacks.heap.arg(t, i),
                        };
                        let mut p = path.clone();
                        p.push(i as u32);
                        work.push_back((a, p));
                    }
                }
                _ => {}
            }
        }
        out.into_boxed_slice()
    }

    /// The call site at code address `addr` and the file it was read from, when the clause
    /// that holds the call was loaded from text.
    pub fn call_site_at(&self, addr: usize) -> Option<(&Rc<SourceFile>, &CallSite)> {
        let source = self.clause_source_at(addr)?;
        Some((&source.file, source.site(addr)?))
    }

    /// The source table of the clause whose code holds address `addr`, found through the
    /// predicate that owns the code.
    pub fn clause_source_at(&self, addr: usize) -> Option<&ClauseSource> {
        let owner = self.code_owner_of(addr)?;
        let pid = self.source_pred(owner);
        let super::db::PredKind::Clauses(list) = &self.program.preds[pid as usize].kind else {
            return None;
        };
        list.clauses
            .iter()
            .filter_map(|c| self.program.clause_sources.get(&c.id))
            .map(|s| &**s)
            .find(|s| s.site(addr).is_some())
    }
}

impl Machine {
    /// Put the clause read as `ast` on the heap; when the text being loaded is kept
    /// (`Loading::source_file`) and the clause is a rule, what its calls need for their source
    /// table is left in `Loading::pending_sites` for the compiler.
    pub(super) fn clause_term_with_sites(&mut self, ast: &Ast) -> Cell {
        let rule = matches!(
            &ast.root_node().kind,
            NodeKind::Compound { name, args } if (name == ":-" || name == "-->") && args.len() == 2
        );
        let directive = matches!(
            &ast.root_node().kind,
            NodeKind::Compound { name, args } if name == ":-" && args.len() == 1
        );
        if directive {
            // A directive's variables are named in an error it raises, as a query's are.
            let (term, vars) = self.ast_term_nodes(ast, false, None);
            self.services.loading.directive_names = ast
                .vars
                .iter()
                .zip(vars)
                .filter(|(v, _)| !v.is_anonymous())
                .map(|(v, c)| (v.name.clone(), c))
                .collect();
            return term;
        }
        let file = match &self.services.loading.source_file {
            Some(f) if rule => f.clone(),
            _ => {
                let (term, vars) = self.ast_term_nodes(ast, false, None);
                self.note_names(ast, &vars);
                return term;
            }
        };
        let mut built = Vec::new();
        let (term, vars) = self.ast_term_nodes(ast, false, Some(&mut built));
        self.note_names(ast, &vars);
        self.services.loading.pending_sites = Some(SiteRecorder::new(file, ast, &built, &vars));
        term
    }

    /// Keep the names the text gave the variables `vars` of the clause read as `ast`, for
    /// `listing/1` (`Program::clause_names`).
    fn note_names(&mut self, ast: &Ast, vars: &[Cell]) {
        let names = &mut self.services.loading.pending_names;
        names.clear();
        for (v, &c) in ast.vars.iter().zip(vars) {
            if !v.is_anonymous() {
                names.push((c, Box::from(v.name.as_str())));
            }
        }
    }

    /// The names of `term`'s variables as [`Program::clause_names`] keeps them, from the
    /// clause read last; `None` when the text named none of them.
    pub(super) fn source_names_of(&self, term: Cell) -> Option<Box<[Box<str>]>> {
        let given = &self.services.loading.pending_names;
        if !self.services.loading.naming || given.is_empty() {
            return None;
        }
        let heap = &self.stacks.heap;
        let mut seen = ply_term::FastSet::default();
        let mut names = Vec::new();
        let mut stack = vec![term];
        while let Some(c) = stack.pop() {
            let c = heap.deref(c);
            match c.tag() {
                Tag::Ref if seen.insert(c.addr()) => {
                    let name = given.iter().find(|(v, _)| heap.deref(*v) == c);
                    names.push(name.map_or(Box::from(""), |(_, n)| n.clone()));
                }
                Tag::Str => {
                    let n = heap.functor_of(c).functor_arity();
                    stack.extend((0..n).rev().map(|i| heap.arg(c, i)));
                }
                Tag::List => {
                    stack.push(heap.cells[c.addr() + 1]);
                    stack.push(heap.cells[c.addr()]);
                }
                _ => {}
            }
        }
        names.iter().any(|n| !n.is_empty()).then(|| names.into())
    }
}
