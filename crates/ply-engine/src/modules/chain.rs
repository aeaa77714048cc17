//! Import modules: where a module looks for a predicate it neither defines nor imports
//! (SWI-Prolog's `import_module/2`, changed by `add_import_module/3` and
//! `delete_import_module/2`). A module's chain is `user` unless changed; `user`'s is `system`.
//! Calls are resolved when clauses are compiled, to the module's own predicate, an import or a
//! system one; anything else is a predicate of the module with no clause, whose calls walk
//! the chain when they run (`Machine::undefined_target`), so a changed chain counts at once.

use super::super::db::PredKind;
use super::super::instr::PredId;
use super::super::Machine;

/// The key standing for `system` in a chain (the flat table's builtins and library, which
/// share key 0 with `user` elsewhere).
pub const SYSTEM: u32 = u32::MAX;

impl Machine {
    /// The import modules of module key `module` (0 for `user`), in order.
    pub fn import_modules(&self, module: u32) -> Vec<u32> {
        let chains = &self.program.modules.chains;
        match chains.get(&module) {
            Some(c) => c.clone(),
            None if module == 0 => vec![SYSTEM],
            None if module == SYSTEM => Vec::new(),
            None => vec![0],
        }
    }

    /// Set the import modules of `module`.
    pub fn set_import_modules(&mut self, module: u32, chain: Vec<u32>) {
        self.program.modules.chains.insert(module, chain);
    }

    /// Whether a call may run `pid`: it is a builtin, or has clauses or a declaration.
    fn is_live(&self, pid: PredId) -> bool {
        let q = &self.program.preds[pid as usize];
        q.is_builtin()
            || q.defined
            || q.dynamic
            || matches!(&q.kind, PredKind::Clauses(l) if !l.clauses.is_empty())
    }

    /// The live predicate `key` names in the import modules of `module` and theirs, nearest
    /// first; never `not` (the undefined predicate being called).
    pub fn chain_target(&self, module: u32, key: (u32, usize), not: PredId) -> Option<PredId> {
        let mut seen = vec![module];
        let mut work = self.import_modules(module);
        work.reverse();
        while let Some(m) = work.pop() {
            if seen.contains(&m) {
                continue;
            }
            seen.push(m);
            let here =
                match m {
                    SYSTEM => self.program.pred_map.get(&key).copied().filter(|&p| {
                        self.program.preds[p as usize].library || self.is_builtin_pid(p)
                    }),
                    0 => self.program.pred_map.get(&key).copied(),
                    _ => self.program.lookup_in(m, key.0, key.1),
                };
            if let Some(t) = here.filter(|&t| t != not && self.is_live(t)) {
                return Some(t);
            }
            let mut next = self.import_modules(m);
            next.reverse();
            work.extend(next);
        }
        None
    }

    /// Whether `pid` is a builtin.
    fn is_builtin_pid(&self, pid: PredId) -> bool {
        self.program.preds[pid as usize].is_builtin()
    }
}
