//! Where a file named to `consult/1`, `ensure_loaded/1`, `use_module/1` or on the command
//! line lives: a name is taken relative to the file being loaded, then to the working directory,
//! with `.pl` added when the plain name is not a file, as SWI-Prolog's `absolute_file_name/3`
//! finds source files while loading.

use super::super::Machine;
use std::path::{Path, PathBuf};

impl Machine {
    /// Resolve a file specification against the directory of the file being loaded, adding
    /// `.pl` when the plain name does not exist. A relative name that is not there is looked
    /// for again from the working directory, as SWI-Prolog's `absolute_file_name/3` does
    /// while loading: a program in `day1/` may load `common/util.pl` from the directory it
    /// was started in.
    pub fn resolve_file(&self, spec: &str) -> Option<PathBuf> {
        let p = Path::new(spec);
        if p.is_absolute() {
            return Self::existing_source(p.to_path_buf());
        }
        match self.services.loading.load_dirs.last() {
            Some(base) => Self::existing_source(base.join(p))
                .or_else(|| Self::existing_source(p.to_path_buf())),
            None => Self::existing_source(Path::new(".").join(p)),
        }
    }

    /// `p` when it names a file, else `p` with `.pl` added when that does.
    fn existing_source(p: PathBuf) -> Option<PathBuf> {
        if p.is_file() {
            return Some(p);
        }
        let with = p.with_extension(match p.extension() {
            Some(e) => format!("{}.pl", e.to_string_lossy()),
            None => "pl".to_string(),
        });
        if with.is_file() {
            return Some(with);
        }
        None
    }
}
