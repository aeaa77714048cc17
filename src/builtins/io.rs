//! Term output and input: `write/1,2`, `print/1`, `writeq/1,2`, `write_canonical/1`,
//! `write_term/2,3`, `nl/0,1`, `tab/1,2`, `put_char/1`, `read_term/2,3`, `read/1`, and the
//! capture natives under `with_output_to/2` and `format/3`.
//!
//! The predicates without a stream argument write to current output and read from current
//! input (`set_output/1`, `set_input/1`); standard input is read a line at a time until a whole
//! term has been read.

use crate::builtins::streams::fill_stdin;
use crate::builtins::Ext;
use crate::machine::error::{PlError, Res};
use crate::machine::output::Stream;
use crate::machine::write::WriteOpts;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("write", 1, |m, a| out(m, Stream::Out, a[0], plain()));
    m.def_native("print", 1, |m, a| out(m, Stream::Out, a[0], quoted()));
    m.def_native("writeq", 1, |m, a| out(m, Stream::Out, a[0], quoted()));
    m.def_native("write_canonical", 1, |m, a| {
        out(m, Stream::Out, a[0], canonical())
    });
    m.def_native("write", 2, |m, a| {
        let s = stream(m, a[0])?;
        out(m, s, a[1], plain())
    });
    m.def_native("writeq", 2, |m, a| {
        let s = stream(m, a[0])?;
        out(m, s, a[1], quoted())
    });
    m.def_native("print", 2, |m, a| {
        let s = stream(m, a[0])?;
        out(m, s, a[1], quoted())
    });
    m.def_native("write_canonical", 2, |m, a| {
        let s = stream(m, a[0])?;
        out(m, s, a[1], canonical())
    });
    m.def_native("write_term", 2, |m, a| {
        let o = write_options(m, a[1])?;
        out(m, Stream::Out, a[0], o)
    });
    m.def_native("write_term", 3, |m, a| {
        let s = stream(m, a[0])?;
        let o = write_options(m, a[2])?;
        out(m, s, a[1], o)
    });
    m.def_native("nl", 0, |m, _| {
        m.services.out.write(Stream::Out, "\n");
        Ok(true)
    });
    m.def_native("nl", 1, |m, a| {
        let s = stream(m, a[0])?;
        m.services.out.write(s, "\n");
        Ok(true)
    });
    m.def_native("tab", 1, |m, a| tab(m, Stream::Out, a[0]));
    m.def_native("tab", 2, |m, a| {
        let s = stream(m, a[0])?;
        tab(m, s, a[1])
    });
    m.def_native("put_char", 1, |m, a| {
        let c = m.stacks.heap.deref(a[0]);
        if c.tag() == Tag::Ref {
            return Err(m.inst_err());
        }
        let name = if c.tag() == Tag::Atom {
            m.atoms.name(c.atom_index()).to_string()
        } else {
            String::new()
        };
        if name.chars().count() != 1 {
            return Err(m.type_err("character", c));
        }
        m.services.out.write(Stream::Out, &name);
        Ok(true)
    });
    m.def_native("flush_output", 0, |m, _| {
        m.services.out.flush_stream(Stream::Out);
        Ok(true)
    });
    // ttyflush/0 flushes the terminal's stream, user_output, as SWI-Prolog's does.
    m.def_native("ttyflush", 0, |m, _| {
        m.services.out.flush_stream(Stream::User);
        Ok(true)
    });
    m.def_native("flush_output", 1, |m, a| {
        let s = stream(m, a[0])?;
        m.services.out.flush_stream(s);
        Ok(true)
    });
    m.def_native("$message_text", 2, |m, a| {
        let t = m.describe_error_cell(a[0]);
        let mut t = t
            .strip_prefix("Unhandled exception: ")
            .map(str::to_string)
            .unwrap_or(t);
        if let Some(lines) = m.unknown_procedure_lines(a[0], "ERROR: ") {
            t.push('\n');
            t.push_str(lines.trim_end_matches('\n'));
        }
        // An error a native raised comes with where it was raised, as an uncaught one does.
        if let Some(site) = m.error_site_of_cell(a[0]) {
            let lines = crate::machine::error_report::site_report(site);
            t.push('\n');
            t.push_str(lines.trim_end_matches('\n'));
        }
        let s = m.stacks.heap.string(&t);
        Ok(m.unify(a[1], s))
    });
    m.def_native("$capture_begin", 0, |m, _| {
        m.services.out.begin_capture();
        Ok(true)
    });
    m.def_native("$capture_end", 1, |m, a| {
        let s = m.services.out.end_capture();
        let c = m.stacks.heap.string(&s);
        Ok(m.unify(a[0], c))
    });
    m.def_native("read_term", 2, |m, a| {
        let n = m.services.natives.get::<Ext>().current_input;
        read_term(m, n, a[0], a[1])
    });
    m.def_native("read", 1, |m, a| {
        let n = m.services.natives.get::<Ext>().current_input;
        read_term(m, n, a[0], Cell::atom(atom::NIL))
    });
    m.def_native("read_term", 3, |m, a| {
        let n = super::streams::input_number(m, a[0])?;
        read_term(m, n, a[1], a[2])
    });
    m.def_native("read", 2, |m, a| {
        let n = super::streams::input_number(m, a[0])?;
        read_term(m, n, a[1], Cell::atom(atom::NIL))
    });
}

fn plain() -> WriteOpts {
    WriteOpts::default()
}

fn quoted() -> WriteOpts {
    WriteOpts {
        quoted: true,
        ..WriteOpts::default()
    }
}

fn canonical() -> WriteOpts {
    WriteOpts {
        quoted: true,
        ignore_ops: true,
        numbervars: false,
        max_depth: 0,
        name_vars: true,
    }
}

/// The output stream an argument names.
pub fn stream(m: &mut Machine, s: Cell) -> Result<Stream, PlError> {
    super::streams::output_stream(m, s)
}

fn out(m: &mut Machine, s: Stream, t: Cell, o: WriteOpts) -> Res {
    let text = m.write_term_string(t, o);
    m.services.out.write(s, &text);
    Ok(true)
}

fn tab(m: &mut Machine, s: Stream, n: Cell) -> Res {
    let n = m.eval(n)?;
    let k = match n {
        crate::arith::number::Number::Int(i) => i.max(0) as usize,
        _ => return Err(m.type_err("integer", Cell::atom(atom::NIL))),
    };
    m.services.out.write(s, &" ".repeat(k));
    Ok(true)
}

/// write_term/2's option list, as `format/2`'s `~W` takes it too.
pub fn write_options(m: &mut Machine, l: Cell) -> Result<WriteOpts, PlError> {
    let items = match m.list_to_vec_checked(l)? {
        Some(v) => v,
        None => return Err(m.inst_err()),
    };
    let mut o = WriteOpts {
        numbervars: false,
        ..WriteOpts::default()
    };
    for it in items {
        let it = m.stacks.heap.deref(it);
        if it.tag() == Tag::Ref {
            return Err(m.inst_err());
        }
        if it.tag() != Tag::Str || m.stacks.heap.functor_of(it).functor_arity() != 1 {
            return Err(m.domain_err("write_option", it));
        }
        let name = m
            .atoms
            .name(m.stacks.heap.functor_of(it).functor_name())
            .to_string();
        let v = m.stacks.heap.deref(m.stacks.heap.arg(it, 0));
        let flag = |m: &mut Machine| -> Result<bool, PlError> {
            if v == Cell::atom(atom::TRUE) {
                Ok(true)
            } else if v == Cell::atom(atom::FALSE) {
                Ok(false)
            } else if v.tag() == Tag::Ref {
                Err(m.inst_err())
            } else {
                Err(m.domain_err("write_option", it))
            }
        };
        match name.as_str() {
            "quoted" => o.quoted = flag(m)?,
            "ignore_ops" => o.ignore_ops = flag(m)?,
            "numbervars" => o.numbervars = flag(m)?,
            "portray" | "portrayed" | "spacing" | "attributes" | "cycles" | "character_escapes"
            | "fullstop" | "nl" | "variable_names" | "priority" | "dotlists" | "brace_terms"
            | "no_lists" | "partial" => {}
            "max_depth" => {
                if v.tag() != Tag::Int {
                    return Err(m.domain_err("write_option", it));
                }
                o.max_depth = v.int_value().max(0) as usize;
            }
            _ => return Err(m.domain_err("write_option", it)),
        }
    }
    Ok(o)
}

fn read_term(m: &mut Machine, input: usize, t: Cell, opts: Cell) -> Res {
    let opts_v = match m.list_to_vec_checked(opts)? {
        Some(v) => v,
        None => return Err(m.inst_err()),
    };
    if input != 0 {
        return read_term_file(m, input, t, &opts_v);
    }
    loop {
        let buf = m.services.natives.get::<Ext>().stdin_buf.clone();
        match m.read_data(&buf, 0) {
            Ok(Some((r, end))) => {
                crate::builtins::consume_stdin(m, end);
                return bind_read(m, t, r, &opts_v);
            }
            Ok(None) => {
                if !fill_stdin(m) {
                    let len = m.services.natives.get::<Ext>().stdin_buf.len();
                    crate::builtins::consume_stdin(m, len);
                    return Ok(m.unify(t, Cell::atom(atom::END_OF_FILE)));
                }
            }
            Err(e) => {
                // An incomplete term at the end of what was read so far: read more.
                if e.resume >= buf.len() && fill_stdin(m) {
                    continue;
                }
                crate::builtins::consume_stdin(m, e.resume);
                return Err(m.syntax_err(e.kind));
            }
        }
    }
}

/// read_term/3 from a file opened with open/3.
fn read_term_file(m: &mut Machine, input: usize, t: Cell, opts: &[Cell]) -> Res {
    let mut f = m
        .services
        .natives
        .get::<Ext>()
        .inputs
        .remove(&input)
        .unwrap_or_default();
    let r = m.read_data(&f.text, f.pos);
    let res = match r {
        Ok(Some((r, end))) => {
            f.pos = end;
            Ok(Some(r))
        }
        Ok(None) => {
            f.pos = f.text.len();
            Ok(None)
        }
        Err(e) => {
            f.pos = e.resume;
            Err(e.kind)
        }
    };
    m.services.natives.get::<Ext>().inputs.insert(input, f);
    match res {
        Ok(Some(r)) => bind_read(m, t, r, opts),
        Ok(None) => Ok(m.unify(t, Cell::atom(atom::END_OF_FILE))),
        Err(kind) => Err(m.syntax_err(kind)),
    }
}

/// Unify the term read and the options that report on it.
fn bind_read(
    m: &mut Machine,
    t: Cell,
    r: crate::machine::load::ReadResult,
    opts_v: &[Cell],
) -> Res {
    {
        {
            {
                let mut ok = m.unify(t, r.term);
                for o in opts_v {
                    let o = m.stacks.heap.deref(*o);
                    if o.tag() != Tag::Str {
                        continue;
                    }
                    let name = m
                        .atoms
                        .name(m.stacks.heap.functor_of(o).functor_name())
                        .to_string();
                    let arg = m.stacks.heap.arg(o, 0);
                    let pairs: Vec<Cell> = match name.as_str() {
                        "variable_names" => r
                            .vars
                            .iter()
                            .map(|(n, v)| {
                                let a = m.volatile_atom(n);
                                m.stacks.heap.compound(atom::EQUALS, &[Cell::atom(a), *v])
                            })
                            .collect(),
                        "variables" => r.vars.iter().map(|(_, v)| *v).collect(),
                        "singletons" => {
                            let names: Vec<String> = r
                                .ast
                                .singleton_names()
                                .iter()
                                .map(|v| v.name.clone())
                                .collect();
                            r.vars
                                .iter()
                                .filter(|(n, _)| names.contains(n))
                                .map(|(n, v)| {
                                    let a = m.volatile_atom(n);
                                    m.stacks.heap.compound(atom::EQUALS, &[Cell::atom(a), *v])
                                })
                                .collect()
                        }
                        _ => continue,
                    };
                    let l = m.stacks.heap.list_from(&pairs, Cell::atom(atom::NIL));
                    ok = ok && m.unify(arg, l);
                }
                Ok(ok)
            }
        }
    }
}
