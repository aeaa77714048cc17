//! Writing a recorded search to the file `search_tree/4` was given, in the format its extension
//! names: `.dot` (Graphviz), `.svg` (drawn by ply) or `.html` (a page around the SVG).

use super::model;
use super::record::Recording;
use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::Cell;

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
    m.native_states().put(r);
    let text = match format_of(&file) {
        Some(Format::Dot) => super::dot::write(&tree),
        Some(Format::Svg) => super::svg::write(&tree),
        Some(Format::Html) => super::html::write(&tree),
        None => return Ok(false),
    };
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
