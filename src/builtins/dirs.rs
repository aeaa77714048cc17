//! The process's working directory and directories on disk: SWI-Prolog's
//! `working_directory/2` and `exists_directory/1`. Programs written for SWI-Prolog change
//! into the folder that holds their data before they open it by a relative name, and every
//! relative name opened afterwards (files read, consulted or written) is taken from there,
//! since ply opens files through the operating system's own relative-path rules.
//! `expand_file_name/2`'s patterns are in `dirs/expand.rs`; `access_file/2` asks the operating
//! system, as SWI-Prolog does, whether the process may use a file in a mode.

mod expand;

use crate::machine::cell_text::Accept;
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// Register `working_directory/2`, `exists_directory/1`, `expand_file_name/2` and
/// `access_file/2`.
pub fn install(m: &mut Machine) {
    m.def_native("expand_file_name", 2, expand::expand_file_name);
    m.def_native("access_file", 2, access_file);
    m.def_native("working_directory", 2, working_directory);
    m.def_native("exists_directory", 1, |m, a| {
        let path = m.text_arg(a[0], TEXT, "text")?;
        Ok(std::path::Path::new(&path).is_dir())
    });
}

/// What SWI-Prolog takes as a directory name: an atom, a string or a code or char list, but
/// not a number.
const TEXT: Accept = Accept {
    atom: true,
    string: true,
    number: false,
    list: true,
};

/// `working_directory(?Old, +New)`: `Old` is the current directory as an atom ending in `/`,
/// as SWI-Prolog gives it; the process then moves to `New` (relative names are taken from
/// the current directory). When `Old` does not match, nothing changes and the call fails.
fn working_directory(m: &mut Machine, a: &[Cell]) -> Res {
    let here = current_dir_text();
    let here_atom = Cell::atom(m.atoms.intern(&here));
    if !m.unify(a[0], here_atom) {
        return Ok(false);
    }
    if m.stacks.heap.deref(a[1]).tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let new = m.text_arg(a[1], TEXT, "text")?;
    if new == here {
        return Ok(true);
    }
    match std::env::set_current_dir(&new) {
        Ok(()) => Ok(true),
        Err(_) => {
            let culprit = m.stacks.heap.deref(a[1]);
            Err(if std::path::Path::new(&new).is_dir() {
                m.permission_err("change", "directory", culprit)
            } else {
                m.existence_err("directory", culprit)
            })
        }
    }
}

/// The current directory with a `/` at its end (SWI-Prolog's form); `.` followed by `/`
/// when the operating system cannot say (the directory was removed under the process).
fn current_dir_text() -> String {
    let mut s = std::env::current_dir()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_else(|_| ".".to_string());
    if !s.ends_with('/') {
        s.push('/');
    }
    s
}

/// `access_file(+File, +Mode)`: whether the process may use `File` in `Mode` (`read`, `write`,
/// `append`, `execute`, `search`, `exist`, `none`), by the operating system's `access(2)` as SWI-Prolog
/// asks it. `none` always holds; `write` and `append` of a file that does not exist ask for
/// writing its directory; the empty name is no file.
fn access_file(m: &mut Machine, a: &[Cell]) -> Res {
    let mode = m.stacks.heap.deref(a[1]);
    let file = m.stacks.heap.deref(a[0]);
    if mode.tag() == Tag::Ref || file.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if mode.tag() != Tag::Atom {
        return Err(m.type_err("atom", mode));
    }
    let name = m.atoms.name(mode.atom_index()).to_string();
    let flag = match name.as_str() {
        "none" => return Ok(true),
        "read" => libc::R_OK,
        "write" | "append" => libc::W_OK,
        "execute" | "search" => libc::X_OK,
        "exist" => libc::F_OK,
        _ => return Err(m.domain_err("io_mode", mode)),
    };
    let path = m.text_arg(a[0], TEXT, "text")?;
    if path.is_empty() {
        return Ok(false);
    }
    let path = std::path::Path::new(&path);
    if flag == libc::W_OK && std::fs::symlink_metadata(path).is_err() {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => std::path::Path::new("."),
        };
        return Ok(os_access(dir, flag));
    }
    Ok(os_access(path, flag))
}

/// `access(2)` of `path` for `flag`; false for a name the system cannot take (a NUL inside).
fn os_access(path: &std::path::Path, flag: libc::c_int) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `c` is a NUL-terminated string that lives across the call, which only reads it.
    unsafe { libc::access(c.as_ptr(), flag) == 0 }
}
