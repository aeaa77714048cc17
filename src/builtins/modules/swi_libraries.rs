//! The names `library(Name)` may take: the files of SWI-Prolog's own library (listed in
//! `swi_libraries.txt`, made from an installed swipl by `swi_libraries.sh`) and the sections of
//! ply's library documentation (`src/docs/library.md`). ply's library is loaded at start, so
//! `use_module(library(lists))` has nothing to load; a name in neither list is what swipl
//! reports as a missing source (`source_sink `library(nosuchlib)' does not exist`), and so does
//! ply, rather than succeed and leave the program's calls undefined.

use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// SWI-Prolog's library files, one a line, sorted by bytes (the script sorts them).
const SWI: &str = include_str!("swi_libraries.txt");

/// Libraries ply documents under a name SWI-Prolog's library has no file for.
const PLY_OWN: &[&str] = &["dcg"];

/// Whether `library(name)` names a library (`name` as a path: `dcg/basics`).
pub fn known(name: &str) -> bool {
    PLY_OWN.contains(&name) || SWI.lines().any(|l| l == name)
}

/// `'$known_library'(+Name)`: Name (an atom, `dcg/basics` written out) is a known library.
pub fn known_library(m: &mut Machine, a: &[Cell]) -> Res {
    let c = m.heap().deref(a[0]);
    if c.tag() != Tag::Atom {
        return Ok(false);
    }
    Ok(known(m.atoms().name(c.atom_index())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list is sorted as the search needs and holds the common libraries.
    #[test]
    fn the_list_is_sorted_and_has_the_common_libraries() {
        let lines: Vec<&str> = SWI.lines().collect();
        assert!(lines.windows(2).all(|w| w[0] < w[1]));
        for name in ["lists", "apply", "clpfd", "dcg/basics", "plunit", "dcg"] {
            assert!(known(name), "{name}");
        }
        assert!(!known("nosuchlib"));
    }
}
