//! SWI-Prolog's `open_string/2`: a text (string, atom, number, code or character list) opened
//! as an input stream, so that the predicates that read streams read it (tests and parsers
//! written against a file read a string this way).

use crate::builtins::streams::{stream_term, InputFile, OpenMode, StreamInfo};
use crate::builtins::Ext;
use crate::machine::cell_text::Accept;
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// Register `open_string/2`.
pub fn install(m: &mut Machine) {
    m.def_native("open_string", 2, open_string);
}

/// `open_string(+Text, -Stream)`: a new input stream that reads `Text`. It has no file name
/// (an empty one, which `stream_property/2` leaves out).
fn open_string(m: &mut Machine, a: &[Cell]) -> Res {
    let text = m.text_arg(a[0], Accept::ANY, "text")?;
    if m.stacks.heap.deref(a[1]).tag() != Tag::Ref {
        let s = m.stacks.heap.deref(a[1]);
        let f = m.stacks.heap.compound(atom::UNINSTANTIATION_ERROR, &[s]);
        return Err(m.err(f));
    }
    let ext = m.services.natives.get::<Ext>();
    let n = ext.next_stream;
    ext.next_stream += 1;
    ext.inputs.insert(
        n,
        InputFile {
            text,
            pos: 0,
            past_eof: false,
        },
    );
    ext.streams.insert(
        n,
        StreamInfo {
            file_name: String::new(),
            given_name: String::new(),
            mode: OpenMode::Read,
            alias: None,
            edinburgh: false,
        },
    );
    let t = stream_term(m, n);
    Ok(m.unify(a[1], t))
}
