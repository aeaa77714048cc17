//! Writing the small terms of error messages as SWI-Prolog's `write/1` and `writeq/1` do.
//!
//! The words for an ISO error quote the culprit (`found `'Abc'' (an atom)`), so diagnostics need
//! to print an [`ErrTerm`]: atoms quoted where `writeq` would quote them, operators written as
//! operators with the default operator table, lists in brackets. This is deliberately a small
//! writer over a small term type, not the machine's writer; it must not depend on the machine,
//! and it never recurses deeper than [`MAX_DEPTH`] (lists are walked in a loop), so a huge term
//! cannot overflow the stack.

use crate::iso_words::ErrTerm;

/// Nesting depth beyond which subterms are written as `...`.
pub const MAX_DEPTH: usize = 200;

/// The characters that make up symbol-char atoms such as `=..` or `\+`.
fn is_symbol_char(c: char) -> bool {
    "#$&*+-./:<=>?@^~\\".contains(c)
}

/// True if `name` can be written without quotes by `writeq`.
fn needs_no_quotes(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    if matches!(name, "[]" | "{}" | "!" | ";") {
        return true;
    }
    if first.is_lowercase() {
        return chars.all(|c| c.is_alphanumeric() || c == '_');
    }
    // A lone `.` ends a clause and a leading `/*` opens a comment, so both need quotes.
    name.chars().all(is_symbol_char) && name != "." && !name.starts_with("/*")
}

/// `name` as `writeq/1` writes an atom: bare when it reads back as the same atom, otherwise in
/// single quotes with `\`-escapes.
pub fn quoted_atom(name: &str) -> String {
    if needs_no_quotes(name) {
        return name.to_string();
    }
    let mut out = String::with_capacity(name.len() + 2);
    out.push('\'');
    for c in name.chars() {
        match c {
            '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\x{:X}\\", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// How an operator takes its arguments.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum OpType {
    Xfx,
    Xfy,
    Yfx,
    Fy,
    Fx,
}

/// SWI-Prolog's default infix operators: (name, priority, type).
const INFIX: &[(&str, u32, OpType)] = &[
    (":-", 1200, OpType::Xfx),
    ("-->", 1200, OpType::Xfx),
    ("=>", 1200, OpType::Xfx),
    ("|", 1105, OpType::Xfy),
    (";", 1100, OpType::Xfy),
    ("->", 1050, OpType::Xfy),
    ("*->", 1050, OpType::Xfy),
    (",", 1000, OpType::Xfy),
    ("=", 700, OpType::Xfx),
    ("\\=", 700, OpType::Xfx),
    ("==", 700, OpType::Xfx),
    ("\\==", 700, OpType::Xfx),
    ("@<", 700, OpType::Xfx),
    ("@>", 700, OpType::Xfx),
    ("@=<", 700, OpType::Xfx),
    ("@>=", 700, OpType::Xfx),
    ("=..", 700, OpType::Xfx),
    ("is", 700, OpType::Xfx),
    ("=:=", 700, OpType::Xfx),
    ("=\\=", 700, OpType::Xfx),
    ("<", 700, OpType::Xfx),
    (">", 700, OpType::Xfx),
    ("=<", 700, OpType::Xfx),
    (">=", 700, OpType::Xfx),
    ("as", 700, OpType::Xfx),
    (":", 600, OpType::Xfy),
    ("+", 500, OpType::Yfx),
    ("-", 500, OpType::Yfx),
    ("/\\", 500, OpType::Yfx),
    ("\\/", 500, OpType::Yfx),
    ("xor", 500, OpType::Yfx),
    ("*", 400, OpType::Yfx),
    ("/", 400, OpType::Yfx),
    ("//", 400, OpType::Yfx),
    ("rem", 400, OpType::Yfx),
    ("mod", 400, OpType::Yfx),
    ("div", 400, OpType::Yfx),
    ("<<", 400, OpType::Yfx),
    (">>", 400, OpType::Yfx),
    ("**", 200, OpType::Xfx),
    ("^", 200, OpType::Xfy),
];

/// SWI-Prolog's default prefix operators: (name, priority, type).
const PREFIX: &[(&str, u32, OpType)] = &[
    (":-", 1200, OpType::Fx),
    ("?-", 1200, OpType::Fx),
    ("dynamic", 1150, OpType::Fx),
    ("discontiguous", 1150, OpType::Fx),
    ("initialization", 1150, OpType::Fx),
    ("multifile", 1150, OpType::Fx),
    ("\\+", 900, OpType::Fy),
    ("-", 200, OpType::Fy),
    ("+", 200, OpType::Fy),
    ("\\", 200, OpType::Fy),
];

fn infix_op(name: &str) -> Option<(u32, OpType)> {
    INFIX
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, p, t)| (p, t))
}

fn prefix_op(name: &str) -> Option<(u32, OpType)> {
    PREFIX
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, p, t)| (p, t))
}

fn is_op(name: &str) -> bool {
    infix_op(name).is_some() || prefix_op(name).is_some()
}

/// `term` as `writeq/1` writes it (with `numbervars(true)`, as `print/1` does).
pub fn writeq(term: &ErrTerm) -> String {
    Writer { quoted: true }.term(term, 1200, 0)
}

/// `term` as `write/1` writes it: atoms never quoted.
pub fn write(term: &ErrTerm) -> String {
    Writer { quoted: false }.term(term, 1200, 0)
}

/// True if `term` is a proper list (`[]`-terminated chain of `'[|]'` or `'.'` cells).
pub fn is_proper_list(term: &ErrTerm) -> bool {
    let mut t = term;
    loop {
        match t {
            ErrTerm::Atom(a) if a == "[]" => return true,
            ErrTerm::Compound(name, args) if is_cons(name, args) => t = &args[1],
            _ => return false,
        }
    }
}

fn is_cons(name: &str, args: &[ErrTerm]) -> bool {
    (name == "[|]" || name == ".") && args.len() == 2
}

struct Writer {
    quoted: bool,
}

impl Writer {
    fn atom(&self, name: &str) -> String {
        if self.quoted {
            quoted_atom(name)
        } else {
            name.to_string()
        }
    }

    /// An atom standing as an operand of an operator: operators are bracketed, as in `(-)/2`.
    fn operand_atom(&self, name: &str, max: u32) -> String {
        if is_op(name) && max < 1200 {
            format!("({})", self.atom(name))
        } else {
            self.atom(name)
        }
    }

    fn term(&self, term: &ErrTerm, max: u32, depth: usize) -> String {
        if depth > MAX_DEPTH {
            return "...".to_string();
        }
        match term {
            ErrTerm::Atom(a) => self.operand_atom(a, max),
            ErrTerm::Int(i) => i.to_string(),
            ErrTerm::Other(text) => text.clone(),
            ErrTerm::Compound(name, args) => self.compound(name, args, max, depth),
        }
    }

    fn compound(&self, name: &str, args: &[ErrTerm], max: u32, depth: usize) -> String {
        if is_cons(name, args) {
            return self.list(args, depth);
        }
        if name == "{}" && args.len() == 1 {
            return format!("{{{}}}", self.term(&args[0], 1200, depth + 1));
        }
        if name == "$VAR" && args.len() == 1 {
            if let ErrTerm::Int(n) = args[0] {
                if n >= 0 {
                    let letter = (b'A' + (n % 26) as u8) as char;
                    return match n / 26 {
                        0 => letter.to_string(),
                        k => format!("{letter}{k}"),
                    };
                }
            }
        }
        if args.len() == 2 {
            if let Some((p, t)) = infix_op(name) {
                let (lmax, rmax) = match t {
                    OpType::Xfy => (p - 1, p),
                    OpType::Yfx => (p, p - 1),
                    _ => (p - 1, p - 1),
                };
                let left = self.term(&args[0], lmax, depth + 1);
                let right = self.term(&args[1], rmax, depth + 1);
                let op = self.atom(name);
                let text = if name == "," {
                    format!("{left},{right}")
                } else if name.chars().all(|c| c.is_alphanumeric()) {
                    format!("{left} {op} {right}")
                } else if right.starts_with(is_symbol_char) || negative(&args[1]) {
                    format!("{left}{op} {right}")
                } else {
                    format!("{left}{op}{right}")
                };
                return bracket(text, p, max);
            }
        }
        if args.len() == 1 {
            if let Some((p, t)) = prefix_op(name) {
                let amax = if t == OpType::Fy { p } else { p - 1 };
                let arg = self.term(&args[0], amax, depth + 1);
                let op = self.atom(name);
                let spaced = name.chars().all(|c| c.is_alphanumeric())
                    || arg.starts_with(is_symbol_char)
                    || arg.starts_with('(')
                    || matches!(args[0], ErrTerm::Int(_))
                    || number_text(&args[0]);
                let text = if spaced {
                    format!("{op} {arg}")
                } else {
                    format!("{op}{arg}")
                };
                return bracket(text, p, max);
            }
        }
        let args: Vec<String> = args.iter().map(|a| self.element(a, depth)).collect();
        format!("{}({})", self.atom(name), args.join(","))
    }

    /// An argument or list element: priority 999, and an operator atom needs no brackets,
    /// as in `f(:-)` or `[-]`.
    fn element(&self, term: &ErrTerm, depth: usize) -> String {
        match term {
            ErrTerm::Atom(a) => self.atom(a),
            t => self.term(t, 999, depth + 1),
        }
    }

    /// A list, walked along its tail in a loop so long lists cost no stack.
    fn list(&self, first: &[ErrTerm], depth: usize) -> String {
        let mut out = String::from("[");
        out.push_str(&self.element(&first[0], depth));
        let mut tail = &first[1];
        loop {
            match tail {
                ErrTerm::Atom(a) if a == "[]" => break,
                ErrTerm::Compound(name, args) if is_cons(name, args) => {
                    out.push(',');
                    out.push_str(&self.element(&args[0], depth));
                    tail = &args[1];
                }
                other => {
                    out.push('|');
                    out.push_str(&self.term(other, 999, depth + 1));
                    break;
                }
            }
        }
        out.push(']');
        out
    }
}

fn negative(term: &ErrTerm) -> bool {
    match term {
        ErrTerm::Int(i) => *i < 0,
        ErrTerm::Other(text) => text.starts_with('-') && number_text(term),
        _ => false,
    }
}

/// True if `term` is pre-printed text that reads as a number.
fn number_text(term: &ErrTerm) -> bool {
    match term {
        ErrTerm::Other(text) => {
            let t = text.strip_prefix('-').unwrap_or(text);
            t.starts_with(|c: char| c.is_ascii_digit())
        }
        _ => false,
    }
}

fn bracket(text: String, priority: u32, max: u32) -> String {
    if priority > max {
        format!("({text})")
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::iso_words::ErrTerm::{self, Atom, Compound, Int, Other};

    fn a(s: &str) -> ErrTerm {
        Atom(s.to_string())
    }

    fn c(name: &str, args: Vec<ErrTerm>) -> ErrTerm {
        Compound(name.to_string(), args)
    }

    fn list(items: Vec<ErrTerm>, tail: ErrTerm) -> ErrTerm {
        items
            .into_iter()
            .rev()
            .fold(tail, |t, h| c("[|]", vec![h, t]))
    }

    /// Expected texts are what `swipl` 9.0.4 printed for `writeq/1` of the same terms.
    #[test]
    fn atoms_are_quoted_as_writeq_quotes_them() {
        let cases = [
            (",", "','"),
            ("|", "'|'"),
            ("[]", "[]"),
            ("{}", "{}"),
            ("a b", "'a b'"),
            ("don't", "'don\\'t'"),
            ("x\\y", "'x\\\\y'"),
            ("a\nb", "'a\\nb'"),
            ("-", "-"),
            ("ÿ", "ÿ"),
            ("Ж", "'Ж'"),
            ("ж", "ж"),
            ("Привет", "'Привет'"),
            ("привет_мир", "привет_мир"),
            ("a.b", "'a.b'"),
            ("X", "'X'"),
            ("_x", "'_x'"),
            ("aB9_", "aB9_"),
            ("!", "!"),
            (";", ";"),
        ];
        for (atom, want) in cases {
            assert_eq!(writeq(&a(atom)), want, "atom {atom:?}");
        }
    }

    #[test]
    fn operators_are_written_as_swi_writes_them() {
        let cases = [
            (
                c(":", vec![a("m"), c("/", vec![a("foo"), Int(0)])]),
                "m:foo/0",
            ),
            (c("-", vec![Int(1)]), "- 1"),
            (c("-", vec![a("a")]), "-a"),
            (c("-", vec![Int(1), Int(-3)]), "1- -3"),
            (c("/", vec![a("-"), Int(2)]), "(-)/2"),
            (c("=", vec![a("a"), a("b")]), "a=b"),
            (
                c("is", vec![Other("_A".into()), c("+", vec![Int(1), Int(2)])]),
                "_A is 1+2",
            ),
            (c("\\+", vec![a("a")]), "\\+a"),
            (
                c("*", vec![c("+", vec![Int(1), Int(2)]), Int(3)]),
                "(1+2)*3",
            ),
            (
                c("-", vec![Int(1), c("-", vec![Int(2), Int(3)])]),
                "1-(2-3)",
            ),
            (c("f", vec![c(",", vec![a("a"), a("b")])]), "f((a,b))"),
            (c("f", vec![a(":-")]), "f(:-)"),
            (c("=", vec![Int(1), a(":-")]), "1=(:-)"),
            (c("\\+", vec![c("\\+", vec![a("a")])]), "\\+ \\+a"),
            (c("-", vec![a("a"), c("-", vec![a("a")])]), "a- -a"),
            (c("f", vec![Int(-1)]), "f(-1)"),
            (c("{}", vec![c(",", vec![a("a"), a("b")])]), "{a,b}"),
            (c("$VAR", vec![Int(1)]), "B"),
            (c("f", vec![a("!"), a(";")]), "f(!,;)"),
            (c("hello", vec![a("world")]), "hello(world)"),
            (
                c("^", vec![c("^", vec![Int(2), Int(3)]), Int(4)]),
                "(2^3)^4",
            ),
        ];
        for (term, want) in cases {
            assert_eq!(writeq(&term), want);
        }
    }

    #[test]
    fn lists_are_written_in_brackets() {
        assert_eq!(writeq(&list(vec![a("a"), a("b")], a("[]"))), "[a,b]");
        assert_eq!(writeq(&list(vec![a("a")], a("b"))), "[a|b]");
        assert_eq!(writeq(&list(vec![a("-")], a("[]"))), "[-]");
        assert!(is_proper_list(&list(vec![Int(1)], a("[]"))));
        assert!(!is_proper_list(&list(vec![Int(1)], a("b"))));
    }

    #[test]
    fn long_lists_cost_no_stack() {
        let long = list((0..200_000).map(Int).collect(), a("[]"));
        let text = writeq(&long);
        assert!(text.starts_with("[0,1,2,"));
        assert!(text.ends_with(",199999]"));
        // Dropping a deep `Vec`-nested term recurses in Rust's drop glue; keep it out of the test.
        std::mem::forget(long);
    }

    #[test]
    fn write_does_not_quote() {
        assert_eq!(write(&a("Abc")), "Abc");
        assert_eq!(write(&c("/", vec![a("Foo"), Int(2)])), "Foo/2");
    }
}
