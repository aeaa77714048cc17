//! The files the server knows: the documents open in the editor (their text as typed, not as
//! saved), the files they consult or include (read from disk, read again when they change), the
//! Prolog files under the workspace folders, and ply's own library.
//!
//! A file's *scope* is what a program sees when it is loaded: the file, everything it consults
//! or includes (transitively), and the other documents open in the editor with what they load.
//! Programs of several files are often loaded together from the command line
//! (`ply game.pl search.pl run.pl`) with no directive naming the others; the documents open
//! together stand for such a command line, so a part of a program can call the predicates of
//! its other parts. Calls of
//! predicates that neither the scope nor ply defines are reported here, with the nearest names
//! as the loader's existence errors suggest them (`diag::suggest`).

use super::analysis::{analyse, Analysis, Fix, Key, Problem};
use super::library::Library;
use super::text::LineIndex;
use crate::diag::suggest::{did_you_mean, near_names};
use crate::diag::term_text::quoted_atom;
use crate::diag::Severity;
use crate::reader::Span;
use lsp_types::Url;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::SystemTime;

/// At most this many files are read for one scope or for the workspace folders.
const MAX_FILES: usize = 2000;

/// One text the server has read.
#[derive(Debug)]
pub struct FileData {
    /// Its address.
    pub uri: Url,
    /// Its text.
    pub text: String,
    /// Its line starts.
    pub index: LineIndex,
    /// What it defines, calls and does wrong.
    pub analysis: Analysis,
}

impl FileData {
    /// Read and analyse `text` as the file at `uri`.
    pub fn new(uri: Url, text: String) -> FileData {
        let name = uri
            .to_file_path()
            .ok()
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().to_string()))
            .unwrap_or_else(|| uri.to_string());
        let analysis = analyse(&name, &text);
        FileData {
            index: LineIndex::new(&text),
            uri,
            text,
            analysis,
        }
    }
}

/// A file read from disk and the time it was changed when it was read.
type DiskFile = (Option<SystemTime>, Rc<FileData>);

/// The documents, the files on disk and the library.
pub struct Workspace {
    /// The documents open in the editor.
    pub open: HashMap<Url, Rc<FileData>>,
    /// Files read from disk, with the time they were changed when read.
    disk: RefCell<HashMap<PathBuf, DiskFile>>,
    /// The workspace folders.
    pub roots: Vec<PathBuf>,
    /// What ply supplies.
    pub library: Library,
}

impl Workspace {
    /// An empty workspace over the folders `roots`.
    pub fn new(roots: Vec<PathBuf>, library: Library) -> Workspace {
        Workspace {
            open: HashMap::new(),
            disk: RefCell::new(HashMap::new()),
            roots,
            library,
        }
    }

    /// The file at `uri`: the open document, else the file on disk.
    pub fn file(&self, uri: &Url) -> Option<Rc<FileData>> {
        if let Some(f) = self.open.get(uri) {
            return Some(f.clone());
        }
        let path = uri.to_file_path().ok()?;
        self.disk_file(&path)
    }

    /// The file at `path`, read from disk unless it is open or unchanged since it was read.
    fn disk_file(&self, path: &Path) -> Option<Rc<FileData>> {
        let uri = Url::from_file_path(path).ok()?;
        if let Some(f) = self.open.get(&uri) {
            return Some(f.clone());
        }
        let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        if let Some((when, f)) = self.disk.borrow().get(path) {
            if *when == modified && modified.is_some() {
                return Some(f.clone());
            }
        }
        let text = std::fs::read_to_string(path).ok()?;
        let f = Rc::new(FileData::new(uri, text));
        self.disk
            .borrow_mut()
            .insert(path.to_path_buf(), (modified, f.clone()));
        Some(f)
    }

    /// The files `file` loads directly, resolved as the loader resolves them: against the
    /// file's directory, adding `.pl` when the name as written does not exist.
    pub fn loaded_by(&self, file: &FileData) -> Vec<(Span, PathBuf)> {
        let Some(dir) = file
            .uri
            .to_file_path()
            .ok()
            .and_then(|p| p.parent().map(Path::to_path_buf))
        else {
            return Vec::new();
        };
        file.analysis
            .loads
            .iter()
            .filter_map(|(spec, span)| {
                let p = dir.join(spec);
                if p.is_file() {
                    return Some((*span, p));
                }
                let with = PathBuf::from(format!("{}.pl", p.display()));
                with.is_file().then_some((*span, with))
            })
            .collect()
    }

    /// `uri`'s file followed by every file it loads, transitively, each once.
    pub fn closure(&self, uri: &Url) -> Vec<Rc<FileData>> {
        let mut out = Vec::new();
        let Some(first) = self.file(uri) else {
            return out;
        };
        let mut seen: HashSet<Url> = HashSet::from([uri.clone()]);
        let mut queue = vec![first];
        while let Some(f) = queue.pop() {
            for (_, path) in self.loaded_by(&f) {
                if out.len() + queue.len() >= MAX_FILES {
                    break;
                }
                if let Some(g) = self.disk_file(&path) {
                    if seen.insert(g.uri.clone()) {
                        queue.push(g);
                    }
                }
            }
            out.push(f);
        }
        out
    }

    /// The files whose predicates `uri`'s file sees: its closure, then the closure of every
    /// other open document.
    pub fn scope(&self, uri: &Url) -> Vec<Rc<FileData>> {
        let mut out = self.closure(uri);
        let mut seen: HashSet<Url> = out.iter().map(|f| f.uri.clone()).collect();
        let mut others: Vec<&Url> = self.open.keys().filter(|u| *u != uri).collect();
        others.sort();
        for other in others {
            for f in self.closure(other) {
                if seen.insert(f.uri.clone()) {
                    out.push(f);
                }
            }
        }
        out
    }

    /// Every file the server can search: the open documents and the Prolog files under the
    /// workspace folders.
    pub fn all_files(&self) -> Vec<Rc<FileData>> {
        let mut out: Vec<Rc<FileData>> = self.open.values().cloned().collect();
        let mut seen: HashSet<Url> = out.iter().map(|f| f.uri.clone()).collect();
        for path in prolog_files(&self.roots) {
            if let Some(f) = self.disk_file(&path) {
                if seen.insert(f.uri.clone()) {
                    out.push(f);
                }
            }
        }
        out
    }

    /// The problems of `uri`'s file: its own, and the calls of predicates nothing defines.
    pub fn problems(&self, uri: &Url) -> Vec<Problem> {
        let Some(file) = self.file(uri) else {
            return Vec::new();
        };
        let mut out = file.analysis.problems.clone();
        let scope = self.scope(uri);
        let visible = Visible::new(&scope, &self.library);
        let own = file.analysis.module.as_ref().map(|m| m.name.as_str());
        let mut candidates: HashMap<Option<&str>, Vec<(String, usize)>> = HashMap::new();
        for call in &file.analysis.calls {
            let key = &call.goal.key;
            let module = call.goal.module.as_deref().or(own);
            let Some(defined) = visible.seen_from(module) else {
                // A module the scope does not define (a library's, or one loaded at run
                // time): what it holds is not known here.
                continue;
            };
            if defined.contains(key) {
                continue;
            }
            let candidates = candidates
                .entry(module)
                .or_insert_with(|| defined.iter().map(|k| (*k).clone()).collect());
            out.push(unknown_procedure(call, module, candidates));
        }
        out
    }
}

/// What each module of a scope can call without qualifying it: the predicates of `user` (files
/// without a module declaration, clauses for `user:...`, and everything modules export, as
/// they export it to the files that load them), each module's own on top of that, and all
/// of ply's.
struct Visible<'a> {
    /// What `user` sees.
    user: HashSet<&'a Key>,
    /// What each module file of the scope defines, by module name.
    modules: HashMap<&'a str, HashSet<&'a Key>>,
}

impl<'a> Visible<'a> {
    fn new(scope: &'a [Rc<FileData>], library: &'a Library) -> Visible<'a> {
        let mut user: HashSet<&Key> = library.known.keys().collect();
        let mut modules: HashMap<&str, HashSet<&Key>> = HashMap::new();
        for f in scope {
            let home = f.analysis.module.as_ref();
            if let Some(m) = home {
                user.extend(m.exports.iter());
                modules.entry(m.name.as_str()).or_default();
            }
            for d in &f.analysis.definitions {
                match d.module.as_deref().or(home.map(|m| m.name.as_str())) {
                    None | Some("user") => {
                        user.insert(&d.key);
                    }
                    Some(m) => {
                        modules.entry(m).or_default().insert(&d.key);
                    }
                }
            }
        }
        Visible { user, modules }
    }

    /// What a goal running in `module` (`None`: `user`) finds, or `None` when the scope does
    /// not define that module.
    fn seen_from(&self, module: Option<&str>) -> Option<HashSet<&'a Key>> {
        match module {
            None | Some("user") => Some(self.user.clone()),
            Some(m) => {
                let own = self.modules.get(m)?;
                Some(self.user.union(own).copied().collect())
            }
        }
    }
}

/// The warning for `call`, running in `module`, whose predicate is not among `candidates`,
/// with the nearest of them offered as fixes. The predicate is named as swipl names it, with
/// its module unless that is `user`.
fn unknown_procedure(
    call: &super::analysis::Call,
    module: Option<&str>,
    candidates: &[(String, usize)],
) -> Problem {
    let key = &call.goal.key;
    let near = near_names(&key.0, key.1, candidates);
    let qualifier = match module {
        Some(m) if m != "user" => format!("{}:", quoted_atom(m)),
        _ => String::new(),
    };
    let indicator = format!("{qualifier}{}/{}", quoted_atom(&key.0), key.1);
    let mut message = format!("Unknown procedure: {indicator}");
    if let Some(help) = did_you_mean(&near) {
        message.push('\n');
        message.push_str(&help);
    }
    let fixes = near
        .iter()
        .filter(|(_, a)| *a == key.1)
        .map(|(n, _)| Fix {
            title: format!("Call `{}` instead", quoted_atom(n)),
            edits: vec![(call.goal.span, quoted_atom(n))],
        })
        .collect();
    Problem {
        severity: Severity::Warning,
        code: "unknown_procedure".to_string(),
        message,
        span: call.goal.span,
        related: Vec::new(),
        fixes,
    }
}

/// The `.pl` files under `roots`, skipping hidden folders and build output, at most
/// [`MAX_FILES`].
fn prolog_files(roots: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs: Vec<PathBuf> = roots.to_vec();
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            let name = p.file_name().map(|n| n.to_string_lossy().to_string());
            let name = name.unwrap_or_default();
            if name.starts_with('.') || name == "target" || name == "node_modules" {
                continue;
            }
            if p.is_dir() {
                dirs.push(p);
            } else if name.ends_with(".pl") {
                out.push(p);
                if out.len() >= MAX_FILES {
                    return out;
                }
            }
        }
    }
    out
}
