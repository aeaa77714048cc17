//! `include/1`: the clauses of another file read as if they stood in the file being loaded,
//! as SWI-Prolog reads them. They belong to the file consulted (`prolog_load_context(source,
//! F)`), so a predicate whose clauses are spread over the including file and several included
//! ones keeps them all, where consulting each file would have let the last replace the others;
//! `source_location/2` and `prolog_load_context(file, F)` name the included file itself.
//! Only the end of the file consulted is given to `term_expansion/2`, and the goals of
//! `initialization/1` wait for it, as in swipl.

use super::super::Machine;
use ply_term::FastSet;
use std::path::Path;

impl Machine {
    /// Read the file `path` into the load in progress; outside a load it is consulted.
    /// Returns false when the file cannot be read.
    pub fn include_file(&mut self, path: &Path) -> bool {
        let Some(unit) = self.services.loading.unit else {
            return self.consult_file(path);
        };
        let Ok(text) = std::fs::read_to_string(path) else {
            return false;
        };
        let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let name = abs.to_string_lossy().to_string();
        // The load cleared what its file defined before (`unload_file`), so the predicates that
        // name it as theirs are the ones this load has defined so far: the included text adds
        // to them. A scan over the predicates, once per include.
        let seen: FastSet<u32> = (self.program.preds.iter().enumerate())
            .filter(|(_, p)| p.file == Some(unit))
            .map(|(i, _)| i as u32)
            .collect();
        self.services.loading.include_seen = Some(seen);
        let dir = abs.parent().map(|p| p.to_path_buf()).unwrap_or_default();
        self.services.loading.load_dirs.push(dir);
        self.consult_text(text, &name, Some(unit));
        self.services.loading.load_dirs.pop();
        true
    }
}
