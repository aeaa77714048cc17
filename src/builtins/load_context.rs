//! What a directive may ask of, or change about, the load it runs in: `style_check/1`,
//! `source_location/2` and `prolog_load_context/2`, as SWI-Prolog has them, and the file a
//! path term (`programs/textbook/f`) names.
//!
//! The style checks belong to the file being loaded (`load/expand.rs` keeps them): a file that
//! says `:- style_check(-singleton).` loses its singleton warnings up to its end, and the file
//! that loaded it keeps its own.

use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("style_check", 1, style_check);
    m.def_native("source_location", 2, |m, a| {
        let Some((file, line)) = m.source_location() else {
            return Ok(false);
        };
        let l = Cell::int(line as i64);
        Ok(m.unify(a[0], Cell::atom(file)) && m.unify(a[1], l))
    });
    m.def_native("$load_context", 2, load_context);
}

/// `style_check(+Spec)`: `-Name` turns a check off, `+Name` on, `?(Name)` asks whether it is
/// on. ply has two of SWI-Prolog's checks; the others SWI knows are accepted and change nothing.
fn style_check(m: &mut Machine, a: &[Cell]) -> Res {
    let spec = m.stacks.heap.deref(a[0]);
    if spec.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let (sign, name) =
        if spec.tag() == Tag::Str && m.stacks.heap.functor_of(spec).functor_arity() == 1 {
            let f = m.stacks.heap.functor_of(spec).functor_name();
            (m.atoms.name(f).to_string(), m.stacks.heap.arg(spec, 0))
        } else {
            return Err(m.domain_err("style_name", spec));
        };
    let name = m.stacks.heap.deref(name);
    let which = if name.tag() == Tag::Atom {
        m.atoms.name(name.atom_index()).to_string()
    } else if name.tag() == Tag::Ref && sign == "?" {
        return Ok(false);
    } else {
        return Err(m.domain_err("style_name", spec));
    };
    let known = [
        "singleton",
        "discontiguous",
        "no_effect",
        "var_branches",
        "charset",
    ];
    if !known.contains(&which.as_str()) {
        return Err(m.domain_err("style_name", spec));
    }
    let style = m.style();
    let slot = match which.as_str() {
        "singleton" => Some(&mut style.no_singleton),
        "discontiguous" => Some(&mut style.no_discontiguous),
        _ => None,
    };
    match (sign.as_str(), slot) {
        ("-", Some(off)) => *off = true,
        ("+", Some(off)) => *off = false,
        ("?", Some(off)) => return Ok(!*off),
        ("-" | "+", None) => {}
        ("?", None) => return Ok(which != "charset" && which != "var_branches"),
        _ => return Err(m.domain_err("style_name", spec)),
    }
    Ok(true)
}

/// `'$load_context'(+Key, -Value)`: one key of `prolog_load_context/2` (`library/boot.pl`
/// enumerates the keys), false outside a load.
fn load_context(m: &mut Machine, a: &[Cell]) -> Res {
    let key = m.stacks.heap.deref(a[0]);
    let Some((file, line)) = m.source_location() else {
        return Ok(false);
    };
    if key.tag() != Tag::Atom {
        return Ok(false);
    }
    let v = match m.atoms.name(key.atom_index()) {
        // The file consulted; an included file is `file`, and the one that included it
        // `source`, as in swipl.
        "source" => Cell::atom(m.services.loading.unit.unwrap_or(file)),
        "file" => Cell::atom(file),
        // Whether the term is read from the first script of the command line (`-s`), which
        // some programs check before they act on their own file's end.
        "script" => {
            let script = m.services.natives.get::<super::Ext>().script.clone();
            let is_script = script.is_some_and(|s| s == m.atoms.name(file));
            Cell::atom(if is_script { atom::TRUE } else { atom::FALSE })
        }
        "module" => Cell::atom(m.module_name(m.program.modules.current)),
        "directory" => {
            let f = m.atoms.name(file).to_string();
            let dir = std::path::Path::new(&f)
                .parent()
                .map(|p| p.to_string_lossy().to_string())
                .unwrap_or_default();
            Cell::atom(m.atoms.intern(&dir))
        }
        "term_position" => {
            let pos = m.atoms.intern("$stream_position");
            let zero = Cell::int(0);
            let l = Cell::int(line as i64);
            m.stacks.heap.compound(pos, &[zero, l, zero, zero])
        }
        "dialect" => Cell::atom(m.atoms.intern("swi")),
        _ => return Ok(false),
    };
    Ok(m.unify(a[1], v))
}

/// The path a term `a/b/c` names (`"a/b/c"`), as swipl reads a file specification written
/// without quotes; `None` when a part is not an atom.
pub fn path_term_text(m: &Machine, spec: Cell) -> Option<String> {
    let mut parts = Vec::new();
    let mut t = m.stacks.heap.deref(spec);
    let slash = Cell::functor(crate::term::atom::SLASH, 2);
    while t.tag() == Tag::Str && m.stacks.heap.functor_of(t) == slash {
        let right = m.stacks.heap.deref(m.stacks.heap.arg(t, 1));
        if right.tag() != Tag::Atom {
            return None;
        }
        parts.push(m.atoms.name(right.atom_index()).to_string());
        t = m.stacks.heap.deref(m.stacks.heap.arg(t, 0));
    }
    if t.tag() != Tag::Atom {
        return None;
    }
    parts.push(m.atoms.name(t.atom_index()).to_string());
    parts.reverse();
    Some(parts.join("/"))
}
