//! Writing a recorded search to the file `search_tree/4` was given, in the format its extension
//! names: `.dot` (Graphviz), `.svg` (drawn by ply) or `.html` (a page around the SVG).

use super::model;
use super::record::Recording;
use crate::builtins::atoms::{make_text, TextKind};
use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{atom, Cell};

/// The formats a search tree is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Graphviz's language.
    Dot,
    /// A picture.
    Svg,
    /// A page with the picture, zoom, pan and collapsible subtrees.
    Html,
}

/// The format a file name's extension names.
pub fn format_of(file: &str) -> Option<Format> {
    let ext = std::path::Path::new(file).extension()?.to_str()?;
    match ext.to_ascii_lowercase().as_str() {
        "dot" | "gv" => Some(Format::Dot),
        "svg" => Some(Format::Svg),
        "html" | "htm" => Some(Format::Html),
        _ => None,
    }
}

/// A file name whose extension names no format is a `domain_error(search_tree_file, File)`.
pub fn check_extension(m: &mut Machine, file: &str, culprit: Cell) -> Result<(), PlError> {
    match format_of(file) {
        Some(_) => Ok(()),
        None => {
            let c = m.heap().deref(culprit);
            Err(m.domain_err("search_tree_file", c))
        }
    }
}

/// Register the writer.
pub fn install(m: &mut Machine) {
    m.def_native("$st_write", 1, write);
}

/// `'$st_write'(-Count)`: write the last recording to its file; Count is the number of calls
/// recorded.
fn write(m: &mut Machine, a: &[Cell]) -> Res {
    let r = m.native_states().take::<Recording>();
    let tree = model::build(m, &r);
    let file = r.file.clone();
    let count = r.calls.len();
    let max_bytes = r.limits.max_bytes;
    m.native_states().put(r);
    let text = match format_of(&file) {
        Some(Format::Dot) => super::dot::write(&tree),
        Some(Format::Svg) => super::svg::write(&tree),
        Some(Format::Html) => super::html::write(&tree),
        None => return Ok(false),
    };
    if let Some(limit) = max_bytes.filter(|&l| text.len() > l) {
        return Err(too_big(m, &file, count, limit));
    }
    if let Err(e) = std::fs::write(&file, text) {
        let f =
            crate::builtins::atoms::make_text(m, &file, crate::builtins::atoms::TextKind::Atom)?;
        return Err(if e.kind() == std::io::ErrorKind::PermissionDenied {
            m.permission_err("open", "source_sink", f)
        } else {
            m.existence_err("source_sink", f)
        });
    }
    Ok(m.unify(a[0], Cell::int(count as i64)))
}

/// The error for a file over `max_bytes`: a `resource_error(search_tree_file_size)` whose
/// message names the limit and the options that write the file or keep less.
fn too_big(m: &mut Machine, file: &str, calls: usize, limit: usize) -> PlError {
    let mb = |b: usize| format!("{:.1} MB", b as f64 / 1e6);
    // The writers stop once past the limit, so the size is known only to be over it.
    let text = format!(
        "{file} would be more than {} for {calls} calls: give the option max_bytes(inf) \
         (or max_bytes(Bytes)) to write it, or keep less of the tree with max_depth(D) or \
         max_nodes(N)",
        mb(limit)
    );
    let what = Cell::atom(m.atoms_mut().intern("search_tree_file_size"));
    let st = m.atoms_mut().intern("search_tree");
    let context = m.atoms_mut().intern("context");
    let formal = m.heap_mut().compound(atom::RESOURCE_ERROR, &[what]);
    let message = match make_text(m, &text, TextKind::Atom) {
        Ok(c) => c,
        Err(e) => return e,
    };
    let pi = m
        .heap_mut()
        .compound(atom::SLASH, &[Cell::atom(st), Cell::int(4)]);
    let context = m.heap_mut().compound(context, &[pi, message]);
    PlError(m.heap_mut().compound(atom::ERROR, &[formal, context]))
}
