//! Games in the Game Description Language: `'$gdl_load'/1` reads a rule sheet, refuses it with
//! diagnostics when GDL forbids what it says, and otherwise loads its translation (the
//! `ply-gdl` crate) and the game protocol over it (`gdl_game.pl`), so that the sheet's game is
//! one more game written in Prolog.

use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

mod facts;

/// The protocol's predicates in terms of the translation's entry points.
const PROTOCOL: &str = include_str!("gdl_game.pl");

/// The prefix of the loaded sheet's entry among the loaded files.
const SHEET_MARK: &str = "gdl sheet: ";

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_library_native("$gdl_load", 1, gdl_load);
    facts::install(m);
}

/// `'$gdl_load'(+File)`: load the rule sheet in `File` as the game the game predicates play.
/// Every problem the checks find is printed as a diagnostic at its place in the sheet, then
/// the call raises `syntax_error(gdl_rule_sheet)`; a file that cannot be read is an
/// existence error.
fn gdl_load(m: &mut Machine, a: &[Cell]) -> Res {
    let spec = m.stacks.heap.deref(a[0]);
    let name = match spec.tag() {
        Tag::Atom => m.atoms.name(spec.atom_index()).to_string(),
        Tag::Boxed if m.stacks.heap.box_kind(spec) == crate::term::BoxKind::Str => {
            m.stacks.heap.string_value(spec).to_string()
        }
        Tag::Ref => return Err(m.inst_err()),
        _ => return Err(m.type_err("atom", spec)),
    };
    let path = m
        .resolve_file(&name)
        .unwrap_or_else(|| std::path::PathBuf::from(&name));
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Err(m.existence_err("source_sink", spec));
    };
    let shown = path.to_string_lossy().to_string();
    // Once per sheet, as ensure_loaded/1 loads a Prolog game file once; but one sheet is
    // loaded at a time, since every sheet's translation defines the same entry points, so the
    // record of the loaded sheet (marked by a prefix no path has) goes when another is loaded.
    let abs = std::fs::canonicalize(&path)
        .unwrap_or_else(|_| path.clone())
        .to_string_lossy()
        .to_string();
    let mark = format!("{SHEET_MARK}{abs}");
    if m.services.loading.loaded_files.contains(&mark) {
        return Ok(true);
    }
    match ply_gdl::translate(&text) {
        Ok(t) => {
            let files = &mut m.services.loading.loaded_files;
            files.retain(|f| !f.starts_with(SHEET_MARK));
            files.push(mark);
            let file = m.atoms.intern(&format!("{shown}.pl"));
            m.consult_text(&t.indexed, &format!("{shown} (translated)"), Some(file));
            // Loaded as a program's text, so that it replaces the library's game predicates
            // as a game written in Prolog does.
            m.consult_text(PROTOCOL, "gdl_game.pl", None);
            Ok(true)
        }
        Err(diags) => {
            let source = ply_diag::SourceText::new(&shown, &text);
            for d in &diags {
                m.print_diag(d, &source);
            }
            Err(m.syntax_err("gdl_rule_sheet"))
        }
    }
}
