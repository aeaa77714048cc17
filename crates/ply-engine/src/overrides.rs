//! A program's own definition of a system or library predicate, as SWI-Prolog allows it.
//!
//! SWI-Prolog refuses a clause only for a builtin the ISO standard defines (`atom_length/2`,
//! `once/1`, `length/2`: "No permission to modify static procedure"). Any other system
//! predicate (`between/3`, `succ/2`, `format/2`) or library one (`append/3`, `last/2`,
//! `sum_list/2`) a program may define in `user`, silently: the program's calls then reach its
//! own definition, while the system's and the library's code, which live in modules of their
//! own there, go on calling theirs.
//!
//! ply's library lives in the flat table with the program, so the two definitions are two
//! predicates under one name. When a program defines such a name in `user`, the name is given
//! a new predicate of the program's (`Machine::override_in_user`), and the system's stays
//! where it was under its id, remembered here by name. Code compiled from the library looks
//! a name up here first (only while [`Overrides::library_code`] is set, when the library's
//! clauses are compiled), so the library keeps its own; everything else finds the program's
//! predicate in the flat table. Calls are resolved when a clause is compiled, so the
//! overriding happens before a file's first clause is compiled: its clause heads are read
//! first (`Machine::prescan_user_text`), as a module file's are (`modules/prescan.rs`). A
//! call costs nothing more: both predicates are ordinary ones and calls name them by id.
//!
//! Two kinds of library predicate are replaced everywhere instead, as before: the game
//! library's hooks, which a game written in Prolog defines for the library's searches
//! ([`Overrides::replace_everywhere`]), and the library natives (`lib_natives.rs`). A clause
//! of the program compiled before its definition was loaded, in an earlier file, is compiled
//! again then, so that its calls reach the program's definition too, as SWI-Prolog's do.

use super::db::Pred;
use super::db::PredKind;
use super::instr::PredId;
use super::Machine;
use ply_term::{FastMap, FastSet};

/// The system predicates the program has redefined in `user`, and whether library code is
/// being compiled.
pub struct Overrides {
    /// The system's or library's own predicate of each name the program redefined.
    by_name: FastMap<(u32, usize), PredId>,
    /// Set while the library's clauses are compiled: their calls and heads name the library's
    /// own predicates.
    pub library_code: bool,
    /// Library predicates a program's definition replaces everywhere, the library's calls
    /// included: the game library's hooks, which a game written in Prolog defines.
    everywhere: ply_term::FastSet<PredId>,
    /// Whether a name and arity is an ISO builtin's, as the system that installs the builtins
    /// lists them (none on the bare engine).
    pub iso_names: fn(&str, usize) -> bool,
}

impl Default for Overrides {
    fn default() -> Self {
        Overrides {
            by_name: FastMap::default(),
            library_code: false,
            everywhere: FastSet::default(),
            iso_names: |_, _| false,
        }
    }
}

impl Overrides {
    /// The library's own predicate `name/arity`, when library code is being compiled and the
    /// program has a definition of its own under that name.
    #[inline]
    pub fn library_own(&self, name: u32, arity: usize) -> Option<PredId> {
        if !self.library_code || self.by_name.is_empty() {
            return None;
        }
        self.by_name.get(&(name, arity)).copied()
    }

    /// Let a program's definition of library predicate `pid` replace it everywhere.
    pub fn replace_everywhere(&mut self, pid: PredId) {
        self.everywhere.insert(pid);
    }

    /// The system's own predicate the program's definition of `name/arity` hides, if any.
    pub fn hidden(&self, name: u32, arity: usize) -> Option<PredId> {
        self.by_name.get(&(name, arity)).copied()
    }
}

impl Machine {
    /// Whether a clause for `pid` in `user` is refused: an ISO builtin, or a control construct
    /// the compiler writes in line.
    pub fn is_protected(&self, pid: PredId) -> bool {
        let p = &self.program.preds[pid as usize];
        matches!(p.kind, PredKind::Control(_)) || self.is_iso(pid)
    }

    /// Whether `pid` is a builtin the ISO standard defines, which no program may redefine
    /// (SWI-Prolog's rule; every other system or library predicate a program may define for
    /// itself in `user`): a system or library predicate of `user` whose name the system's
    /// list has ([`Overrides::iso_names`]). Asked by name when a clause or an error needs it,
    /// so that start-up marks nothing.
    pub fn is_iso(&self, pid: PredId) -> bool {
        let p = &self.program.preds[pid as usize];
        p.module == 0
            && (p.is_builtin() || p.library)
            && (self.program.overrides.iso_names)(self.atoms.name(p.name), p.arity)
    }

    /// Whether a program's clause for `pid` in `user` makes a predicate of its own beside the
    /// system's: a native or a library predicate that is neither ISO, nor a hook the program
    /// adds clauses to (multifile, dynamic), nor a library native the game library replaces
    /// everywhere (`lib_natives.rs`).
    fn is_overridable(&self, pid: PredId) -> bool {
        let p = &self.program.preds[pid as usize];
        if p.module != 0
            || self.is_protected(pid)
            || p.multifile
            || p.dynamic
            || self.program.overrides.everywhere.contains(&pid)
        {
            return false;
        }
        match p.kind {
            PredKind::Clauses(_) => p.library,
            _ => !p.library,
        }
    }

    /// Whether `text` may define a predicate [`Machine::override_in_user`] would give the
    /// program: some token of it (a run of letters, digits, `_` and non-ASCII characters, or a
    /// run of symbol characters, read inside quotes and comments too, so a superset of the
    /// clause heads' names) names one of the system's overridable predicates. `.` counts only
    /// quoted, `'.'`, since every clause ends with one. Most data files name none, and are then
    /// spared reading the text twice (`Machine::prescan_user_text`). A name a quoted atom spells
    /// with escape sequences only is not seen: calls above its definition are then resolved as
    /// before.
    pub fn may_override_in(&self, text: &str) -> bool {
        let mut names: FastSet<&[u8]> = FastSet::default();
        for (&(name, _), &pid) in &self.program.pred_map {
            if self.is_overridable(pid) {
                let name = self.atoms.name(name);
                let token = [WORD, SYMBOL]
                    .iter()
                    .any(|&k| name.bytes().all(|b| CLASS[b as usize] == k));
                if name == "." {
                    if text.contains("'.'") {
                        return true;
                    }
                } else if token {
                    names.insert(name.as_bytes());
                } else if text.contains(name) {
                    return true;
                }
            }
        }
        let bytes = text.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            let k = CLASS[bytes[at] as usize];
            let end = at
                + bytes[at..]
                    .iter()
                    .take_while(|&&b| CLASS[b as usize] == k)
                    .count();
            if k != OTHER && names.contains(&bytes[at..end]) {
                return true;
            }
            at = end;
        }
        false
    }

    /// Give `name/arity` a predicate of the program's in `user` if the name is the system's
    /// and may be redefined: the system's stays, for the library's code. Returns whether it did.
    pub fn override_in_user(&mut self, name: u32, arity: usize) -> bool {
        if self.services.loading.loading_library || self.program.modules.current != 0 {
            return false;
        }
        let Some(&pid) = self.program.pred_map.get(&(name, arity)) else {
            return false;
        };
        if !self.is_overridable(pid) {
            return false;
        }
        let id = self.program.preds.len() as PredId;
        self.program.preds.push(Pred::undefined(name, arity, 0));
        self.program.pred_map.insert((name, arity), id);
        self.program.overrides.by_name.insert((name, arity), pid);
        self.redirect_earlier_callers(pid);
        true
    }

    /// The module key a goal `M:G` is resolved in, for module name `m`: `system:G` of a name
    /// the program has redefined means the system's own predicate, found under the qualified
    /// name as a library module's is (`Program::resolve`); otherwise [`Machine::module_key`].
    pub fn qualifier_key(&self, m: u32, goal: ply_term::Cell) -> u32 {
        let key = self.module_key(m);
        if key != 0 || self.program.overrides.by_name.is_empty() || self.atoms.name(m) != "system" {
            return key;
        }
        let g = self.stacks.heap.deref(goal);
        let (name, arity) = match g.tag() {
            ply_term::Tag::Atom | ply_term::Tag::Str => self.name_arity(g),
            _ => return key,
        };
        match self.program.overrides.hidden(name, arity) {
            Some(_) => m,
            None => key,
        }
    }

    /// The program's clauses compiled before it defined a name of the system's own, `system`
    /// being the system's predicate, are compiled again, so that their calls reach the
    /// program's definition as SWI-Prolog's do (it resolves a call when it runs). Their calls
    /// are found in the code area; the library's own code keeps calling the system's.
    fn redirect_earlier_callers(&mut self, system: PredId) {
        let mut callers: Vec<PredId> = Vec::new();
        for pc in 0..self.program.code.len() {
            if self.callee_at(pc) != Some(system) {
                continue;
            }
            let Some(owner) = self.code_owner_of(pc) else {
                continue;
            };
            let owner = self.source_pred(owner);
            let p = &self.program.preds[owner as usize];
            if p.module == 0 && !p.library && !p.is_builtin() && !callers.contains(&owner) {
                callers.push(owner);
            }
        }
        for caller in callers {
            self.recompile_pred(caller);
        }
    }

    /// A program's predicate `pid` that redefined a system one has lost its clauses (its file
    /// is loaded again): the system's is visible under the name again, and calls compiled to
    /// `pid` reach it while `pid` has no clause (`Machine::undefined_target`).
    pub fn restore_overridden(&mut self, pid: PredId) {
        let p = &self.program.preds[pid as usize];
        let key = (p.name, p.arity);
        if self.program.pred_map.get(&key) != Some(&pid) {
            return;
        }
        if let Some(system) = self.program.overrides.by_name.remove(&key) {
            self.program.pred_map.insert(key, system);
        }
    }

    /// Print SWI-Prolog's error for a clause of ISO builtin `name/arity`, at the place being
    /// loaded; the clause is skipped and loading goes on.
    pub fn report_protected(&mut self, name: u32, arity: usize) {
        // Written as a term, as SWI-Prolog writes it: `(=)/2`, `(',')/2`.
        let pi = self.indicator(name, arity);
        let pi = self.format_term(pi, true, 10);
        let at = match self.services.loading.term_place {
            Some((f, l)) => format!("{}:{}", self.atoms.name(f), l),
            None => String::from("user"),
        };
        self.services.loading.load_messages += 1;
        let text =
            format!("ERROR: {at}:\nERROR:    No permission to modify static procedure `{pi}'\n");
        self.services.out.message(&text);
    }
}

/// The classes of bytes [`Machine::may_override_in`] splits a text by: a word is a run of
/// ASCII letters, digits, `_` and `$` (the system's own names start with one) and the bytes of
/// non-ASCII characters; a symbol run is of the standard's graphic characters but `$`.
const OTHER: u8 = 0;
const WORD: u8 = 1;
const SYMBOL: u8 = 2;
static CLASS: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80 {
            WORD
        } else {
            match c {
                b'#' | b'&' | b'*' | b'+' | b'-' | b'.' | b'/' | b':' | b'<' | b'=' | b'>'
                | b'?' | b'@' | b'^' | b'~' | b'\\' => SYMBOL,
                _ => OTHER,
            }
        };
        b += 1;
    }
    table
};
