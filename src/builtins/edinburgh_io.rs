//! Edinburgh-style I/O, the predecessors of ISO streams: `tell/1`, `told/0`, `telling/1`,
//! `see/1`, `seen/0`, `seeing/1`, built on current output and current input as `set_output/1`
//! and `set_input/1` leave them.
//!
//! As in SWI-Prolog, `tell(F)` and `see(F)` take an alias, a stream or `user`, and otherwise a
//! file name; a file they opened before and that is still open is switched to, not opened
//! again (which would empty it). `told/0` and `seen/0` close current output or input unless it
//! is a standard stream. Nothing here may close a stream it was not asked to close.

use super::streams::{alias_number, close_number, open_stream, output_number, OpenMode};
use crate::builtins::Ext;
use crate::machine::error::PlError;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("tell", 1, |m, a| {
        let n = switch_to(m, a[0], false)?;
        m.services.out.set_current(n);
        Ok(true)
    });
    m.def_native("see", 1, |m, a| {
        let n = switch_to(m, a[0], true)?;
        m.services.natives.get::<Ext>().current_input = n;
        Ok(true)
    });
    m.def_native("told", 0, |m, _| {
        let n = m.services.out.current_number();
        close_number(m, n);
        m.services.out.set_current(1);
        Ok(true)
    });
    m.def_native("seen", 0, |m, _| {
        let n = m.services.natives.get::<Ext>().current_input;
        close_number(m, n);
        m.services.natives.get::<Ext>().current_input = 0;
        Ok(true)
    });
    m.def_native("telling", 1, |m, a| {
        let n = m.services.out.current_number();
        let t = edinburgh_term(m, n, 1);
        Ok(m.unify(a[0], t))
    });
    m.def_native("seeing", 1, |m, a| {
        let n = m.services.natives.get::<Ext>().current_input;
        let t = edinburgh_term(m, n, 0);
        Ok(m.unify(a[0], t))
    });
}

/// The stream `tell/1` (`input` false) or `see/1` (`input` true) makes current, opening the
/// file `spec` names when no open stream answers to it.
fn switch_to(m: &mut Machine, spec: Cell, input: bool) -> Result<usize, PlError> {
    let s = m.stacks.heap.deref(spec);
    match s.tag() {
        Tag::Ref => return Err(m.inst_err()),
        Tag::Atom => {}
        // A stream term is taken as it is, with the errors of set_input/1 and set_output/1.
        Tag::Str if is_stream_term(m, s) => {
            return if input {
                super::char_io::input_arg(m, s)
            } else {
                output_number(m, s)
            }
        }
        _ => return Err(m.type_err("atom", s)),
    }
    let name = m.atoms.name(s.atom_index()).to_string();
    if name == "user" {
        return Ok(if input { 0 } else { 1 });
    }
    if alias_number(m, &name).is_some() {
        return if input {
            super::char_io::input_arg(m, s)
        } else {
            output_number(m, s)
        };
    }
    let reading = |mode: OpenMode| mode == OpenMode::Read;
    let earlier = m
        .services
        .natives
        .get::<Ext>()
        .streams
        .iter()
        .filter(|(_, i)| i.edinburgh && i.given_name == name && reading(i.mode) == input)
        .map(|(n, _)| *n)
        .min();
    if let Some(n) = earlier {
        return Ok(n);
    }
    let mode = Cell::atom(m.atoms.intern(if input { "read" } else { "write" }));
    let var = m.stacks.heap.new_var();
    open_stream(m, s, mode, var, None, true)
}

/// What `telling/1` and `seeing/1` give for stream `n`: `user` for the standard stream
/// `standard`, else the stream's term.
fn edinburgh_term(m: &mut Machine, n: usize, standard: usize) -> Cell {
    if n == standard {
        Cell::atom(m.atoms.intern("user"))
    } else {
        super::streams::stream_term(m, n)
    }
}

/// Whether `s` (a compound) has the shape of a stream term, `'$stream'(N)`.
fn is_stream_term(m: &Machine, s: Cell) -> bool {
    let f = m.stacks.heap.functor_of(s);
    f.functor_arity() == 1 && m.atoms.name(f.functor_name()) == "$stream"
}
