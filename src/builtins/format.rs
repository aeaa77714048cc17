//! `format/1,2` and `'$format_stream'/3` (under `format/3`): SWI-Prolog's formatted output.
//!
//! The directives are SWI-Prolog 9's: `~w ~p ~q ~k ~a ~d ~D ~s ~e ~f ~g ~n ~c ~r ~R ~i ~* ~@ ~~`
//! and the column machinery `~t ~| ~+` with `` ~`c `` fill characters. Text since the last
//! column stop is held back until the next stop decides where the fill goes, exactly as SWI
//! distributes it (including where its remainder goes). Errors carry SWI's formal terms:
//! `format(Message)`, `format_argument_type(Directive, Arg)` and
//! `existence_error(format_character, C)`. Output reaches the stream only here; the number
//! layouts live in `format/numbers.rs`.

mod numbers;
mod sink;

pub use sink::install_over_library;

use crate::arith::number::Number;
use crate::machine::cell_text::{Accept, TextOf};
use crate::machine::error::{PlError, Res};
use crate::machine::output::Stream;
use crate::machine::solve::Answer;
use crate::machine::write::WriteOpts;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("format", 1, |m, a| {
        format_to(m, Stream::Out, a[0], Cell::atom(atom::NIL))
    });
    m.def_native("format", 2, |m, a| format_to(m, Stream::Out, a[0], a[1]));
    m.def_native("$format_stream", 3, |m, a| {
        let s = crate::builtins::io::stream(m, a[0])?;
        format_to(m, s, a[1], a[2])
    });
}

/// Format to a stream, writing what was produced before an error too, as SWI-Prolog does.
fn format_to(m: &mut Machine, s: Stream, f: Cell, args: Cell) -> Res {
    let column = m.services.out.column_of(s);
    let mut st = Layout::new(column);
    let r = run(m, &mut st, f, args);
    let ok = matches!(r, Ok(true));
    let text = st.finish(ok);
    m.services.out.write(s, &text);
    r
}

/// The text `format(Format, Args)` produces when it starts at column `column`:
/// `Ok(None)` when a `~@` goal fails.
pub fn format_to_string(
    m: &mut Machine,
    f: Cell,
    args: Cell,
    column: usize,
) -> Result<Option<String>, PlError> {
    let mut st = Layout::new(column);
    match run(m, &mut st, f, args)? {
        true => Ok(Some(st.finish(true))),
        false => Ok(None),
    }
}

/// A fill point of the pending column segment.
struct Fill {
    /// Byte offset in the segment.
    at: usize,
    /// The fill character.
    ch: char,
    /// How many fill characters it gets.
    size: usize,
}

/// The output being laid out: text already placed, and the segment since the last column
/// stop with its fill points.
struct Layout {
    done: String,
    seg: String,
    fills: Vec<Fill>,
    column: usize,
    last_stop: usize,
}

impl Layout {
    fn new(column: usize) -> Layout {
        Layout {
            done: String::new(),
            seg: String::new(),
            fills: Vec::new(),
            column,
            last_stop: 0,
        }
    }

    /// Append text, keeping track of the column as SWI-Prolog does.
    fn emit(&mut self, s: &str) {
        for c in s.chars() {
            self.column = match c {
                '\n' | '\r' => 0,
                '\t' => (self.column | 7) + 1,
                '\u{8}' => self.column.saturating_sub(1),
                _ => self.column + 1,
            };
        }
        self.seg.push_str(s);
    }

    fn fill_point(&mut self, ch: char) {
        self.fills.push(Fill {
            at: self.seg.len(),
            ch,
            size: 0,
        });
    }

    /// Close the segment at column `stop`, padding at its fill points (at its end if it has
    /// none). SWI gives every fill point an equal share and hands the remainder out from the
    /// middle one: the middle, the next, two before, three after, ...; a share that would fall
    /// outside the fill points is lost, as it is in SWI-Prolog.
    fn column_stop(&mut self, stop: usize) {
        if self.fills.is_empty() {
            self.fill_point(' ');
        }
        let space = stop as i64 - self.column as i64;
        if space > 0 {
            let n = self.fills.len() as i64;
            let each = space / n;
            for f in &mut self.fills {
                f.size = each as usize;
            }
            let mid = n / 2;
            for k in 0..(space - each * n) {
                let i = if k % 2 == 1 { mid + k } else { mid - k };
                if (0..n).contains(&i) {
                    self.fills[i as usize].size += 1;
                }
            }
        }
        self.flush_segment();
        self.column = stop;
        self.last_stop = stop;
    }

    fn flush_segment(&mut self) {
        let mut from = 0;
        for f in &self.fills {
            self.done.push_str(&self.seg[from..f.at]);
            self.done.extend(std::iter::repeat_n(f.ch, f.size));
            from = f.at;
        }
        self.done.push_str(&self.seg[from..]);
        self.seg.clear();
        self.fills.clear();
    }

    /// All text laid out; after an error, only what had been placed before the pending
    /// column segment.
    fn finish(mut self, ok: bool) -> String {
        if ok || self.fills.is_empty() {
            self.flush_segment();
        }
        self.done
    }
}

/// The formal term `format(Message)`.
fn format_err(m: &mut Machine, msg: &str) -> PlError {
    let f = m.atoms.intern("format");
    let a = Cell::atom(m.volatile_atom(msg));
    let t = m.stacks.heap.compound(f, &[a]);
    m.err(t)
}

/// The formal term `format_argument_type(Directive, Arg)`.
fn arg_type_err(m: &mut Machine, d: char, arg: Cell) -> PlError {
    let f = m.atoms.intern("format_argument_type");
    let dc = m.char_cell(d);
    let arg = m.stacks.heap.deref(arg);
    let t = m.stacks.heap.compound(f, &[dc, arg]);
    m.err(t)
}

/// The arguments: a proper list, or any other term as the single argument.
fn arguments(m: &Machine, args: Cell) -> Vec<Cell> {
    m.list_to_vec(args)
        .unwrap_or_else(|| vec![m.stacks.heap.deref(args)])
}

fn run(m: &mut Machine, st: &mut Layout, f: Cell, args: Cell) -> Res {
    let fmt: Vec<char> = match m.text_of(f, Accept::ANY) {
        TextOf::Text(s) => s.chars().collect(),
        TextOf::Var | TextOf::Partial => return Err(m.inst_err()),
        _ => {
            let f = m.stacks.heap.deref(f);
            return Err(m.type_err("text", f));
        }
    };
    let args = arguments(m, args);
    let mut next = 0usize;
    let mut i = 0usize;
    macro_rules! need_arg {
        () => {{
            if next >= args.len() {
                return Err(format_err(m, "not enough arguments"));
            }
            next += 1;
            args[next - 1]
        }};
    }
    while i < fmt.len() {
        let c = fmt[i];
        i += 1;
        if c != '~' {
            let mut buf = [0u8; 4];
            st.emit(c.encode_utf8(&mut buf));
            continue;
        }
        // The numeric argument: digits, `*` (taken from the arguments) or a backquoted char.
        let mut num: Option<i64> = None;
        if i < fmt.len() && fmt[i].is_ascii_digit() {
            let mut v: i64 = 0;
            while i < fmt.len() && fmt[i].is_ascii_digit() {
                v = v
                    .saturating_mul(10)
                    .saturating_add(fmt[i] as i64 - '0' as i64);
                i += 1;
            }
            num = Some(v);
        } else if i < fmt.len() && fmt[i] == '*' {
            let a = need_arg!();
            let a = m.stacks.heap.deref(a);
            if a.tag() != Tag::Int || a.int_value() < 0 {
                return Err(format_err(m, "no or negative integer for `*' argument"));
            }
            num = Some(a.int_value());
            i += 1;
        } else if i < fmt.len() && fmt[i] == '`' {
            num = fmt.get(i + 1).map(|&ch| ch as i64);
            i += 2;
        }
        if i < fmt.len() && fmt[i] == ':' {
            // The locale modifier: ply has one locale, so it changes nothing.
            i += 1;
        }
        let Some(&d) = fmt.get(i) else {
            let nul = m.char_cell('\0');
            return Err(m.existence_err("format_character", nul));
        };
        i += 1;
        match d {
            'w' | 'p' | 'q' | 'k' => {
                let a = need_arg!();
                let opts = match d {
                    'w' => WriteOpts::default(),
                    'k' => WriteOpts {
                        quoted: true,
                        ignore_ops: true,
                        numbervars: false,
                        max_depth: 0,
                        name_vars: false,
                    },
                    _ => WriteOpts {
                        quoted: true,
                        ..WriteOpts::default()
                    },
                };
                let s = m.write_term_string(a, opts);
                st.emit(&s);
            }
            // `~W`: two arguments, a term and write_term/2's options for it.
            'W' => {
                let a = need_arg!();
                let o = need_arg!();
                let opts = super::io::write_options(m, o)?;
                let s = m.write_term_string(a, opts);
                st.emit(&s);
            }
            'a' => {
                let a = need_arg!();
                match m.text_of(a, Accept::ATOMIC) {
                    TextOf::Text(s) => st.emit(&s),
                    _ => return Err(arg_type_err(m, 'a', a)),
                }
            }
            's' => {
                let a = need_arg!();
                match m.text_of(a, Accept::ANY) {
                    TextOf::Text(s) if !m.is_number(a) => st.emit(&s),
                    _ => return Err(arg_type_err(m, 's', a)),
                }
            }
            'c' => {
                let a = need_arg!();
                let code = m.stacks.heap.deref(a);
                if code.tag() != Tag::Int || code.int_value() < 0 {
                    return Err(arg_type_err(m, 'c', a));
                }
                let Some(ch) = u32::try_from(code.int_value())
                    .ok()
                    .and_then(char::from_u32)
                else {
                    return Err(m.representation_err("code_point"));
                };
                let times = num.unwrap_or(1).max(0) as usize;
                st.emit(&ch.to_string().repeat(times));
            }
            'd' | 'D' => {
                let a = need_arg!();
                let v = m.eval(a)?;
                let Some(n) = v.to_bigint() else {
                    return Err(arg_type_err(m, d, a));
                };
                let s = numbers::decimal(&n, num.unwrap_or(0).max(0) as usize, d == 'D');
                st.emit(&s);
            }
            'r' | 'R' => {
                let a = need_arg!();
                let radix = num.unwrap_or(8);
                if !(2..=36).contains(&radix) {
                    return Err(m.domain_err("radix", Cell::int(radix)));
                }
                let v = m.eval(a)?;
                let Some(n) = v.to_bigint() else {
                    return Err(arg_type_err(m, d, a));
                };
                let s = n.in_radix(radix as u8).to_string().to_lowercase();
                st.emit(&if d == 'R' { s.to_uppercase() } else { s });
            }
            'e' | 'E' | 'f' | 'g' | 'G' => {
                let a = need_arg!();
                let v = m.eval(a)?;
                let prec = num.unwrap_or(6).max(0) as usize;
                let s = match (&v, v.to_bigint()) {
                    (Number::Float(x), _) => numbers::c_float(*x, d, prec),
                    // Integers print exactly under ~f, as in SWI-Prolog.
                    (_, Some(n)) if d == 'f' => numbers::fixed_integer(&n, prec),
                    _ => numbers::c_float(v.to_f64().unwrap_or(f64::INFINITY), d, prec),
                };
                st.emit(&s);
            }
            'n' => {
                let times = num.unwrap_or(1).max(0) as usize;
                st.emit(&"\n".repeat(times));
            }
            'N' => {
                if st.column != 0 {
                    st.emit("\n");
                }
            }
            'i' => {
                need_arg!();
            }
            '~' => st.emit("~"),
            '@' => {
                let goal = need_arg!();
                m.services.out.begin_capture();
                let answer = m.solve_once(goal);
                let out = m.services.out.end_capture();
                st.emit(&out);
                match answer {
                    Answer::True => {}
                    Answer::False => return Ok(false),
                    Answer::Error(ball) => {
                        let b = ball.to_heap(&mut m.stacks.heap);
                        return Err(PlError(b));
                    }
                }
            }
            't' => {
                let ch = num
                    .and_then(|v| u32::try_from(v).ok())
                    .and_then(char::from_u32)
                    .unwrap_or(' ');
                st.fill_point(ch);
            }
            '|' | '+' => {
                let stop = if d == '+' {
                    st.last_stop + num.unwrap_or(8).max(0) as usize
                } else {
                    num.map_or(st.column, |v| v.max(0) as usize)
                };
                st.column_stop(stop);
            }
            _ => {
                let ch = m.char_cell(d);
                return Err(m.existence_err("format_character", ch));
            }
        }
    }
    if next < args.len() {
        return Err(format_err(m, "too many arguments"));
    }
    Ok(true)
}

#[cfg(test)]
mod tests;
