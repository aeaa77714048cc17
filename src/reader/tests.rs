//! Data-driven tests of the reader against expectations produced by SWI-Prolog.
//!
//! The case files in `src/reader/tests/` pair an input text with what SWI-Prolog 9 reads from it,
//! printed in a canonical form; `regen.pl` there regenerates them (the command is at the top of
//! each file). This module prints what ply reads in the same form and compares. It must never
//! rewrite a case file.

use super::ast::{Ast, NodeId, NodeKind};
use super::*;

/// Prints a term in the canonical form of `tests/regen.pl`, with an explicit work list so that
/// deep terms print without recursion.
fn canonical(ast: &Ast) -> String {
    enum Work {
        Node(NodeId),
        /// The rest of a list after its first element.
        Tail(NodeId),
        Text(&'static str),
    }
    let mut out = String::new();
    let mut work = vec![Work::Node(ast.root)];
    while let Some(w) = work.pop() {
        match w {
            Work::Text(t) => out.push_str(t),
            Work::Tail(id) => match &ast.node(id).kind {
                NodeKind::Atom(a) if a == "[]" => out.push(']'),
                NodeKind::Compound { name, args } if name == "." && args.len() == 2 => {
                    out.push(',');
                    work.push(Work::Tail(args[1]));
                    work.push(Work::Node(args[0]));
                }
                _ => {
                    out.push('|');
                    work.push(Work::Text("]"));
                    work.push(Work::Node(id));
                }
            },
            Work::Node(id) => match &ast.node(id).kind {
                NodeKind::Var(v) => out.push_str(&ast.vars[*v as usize].name),
                NodeKind::Atom(a) if a == "[]" => out.push_str("[]"),
                NodeKind::Atom(a) => out.push_str(&quoted(a, '\'')),
                NodeKind::Int(i) => out.push_str(&i.to_string()),
                NodeKind::BigInt(b) => out.push_str(&b.to_string()),
                NodeKind::Float(f) => out.push_str(&c_float(*f)),
                NodeKind::Str(s) => out.push_str(&quoted(s, '"')),
                NodeKind::Compound { name, args } if name == "." && args.len() == 2 => {
                    out.push('[');
                    work.push(Work::Tail(args[1]));
                    work.push(Work::Node(args[0]));
                }
                NodeKind::Compound { name, args } => {
                    out.push_str(&quoted(name, '\''));
                    out.push('(');
                    work.push(Work::Text(")"));
                    for (i, &a) in args.iter().enumerate().rev() {
                        work.push(Work::Node(a));
                        if i > 0 {
                            work.push(Work::Text(","));
                        }
                    }
                }
            },
        }
    }
    out
}

fn quoted(s: &str, q: char) -> String {
    let mut out = String::new();
    out.push(q);
    for c in s.chars() {
        match c {
            c if c == q => {
                out.push('\\');
                out.push(c);
            }
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 32 || c as u32 == 127 => {
                out.push_str(&format!("\\x{:x}\\", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push(q);
    out
}

/// A float as C's `%.15e` prints it.
fn c_float(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let s = format!("{f:.15e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    format!(
        "{mantissa}e{}{:02}",
        if exp < 0 { '-' } else { '+' },
        exp.abs()
    )
}

/// Reads every clause of `src` the way the case files describe.
fn read_all(src: &str, ops: &OpTable, flags: &ReadFlags) -> String {
    let mut items = Vec::new();
    let mut pos = 0;
    loop {
        match read_term(src, pos, ops, flags) {
            ReadOutcome::Term { ast, end } => {
                items.push(canonical(&ast));
                pos = end;
            }
            ReadOutcome::Eof => break,
            ReadOutcome::Error(e) => {
                items.push(format!("error({})", e.kind));
                assert!(e.resume > pos, "no progress after {e:?}");
                pos = e.resume;
            }
        }
    }
    items.join(" ;; ")
}

fn mode(s: &str) -> QuoteMode {
    match s {
        "codes" => QuoteMode::Codes,
        "chars" => QuoteMode::Chars,
        "atom" => QuoteMode::Atom,
        "string" => QuoteMode::String,
        other => panic!("unknown quote mode {other}"),
    }
}

/// Runs one case file and returns the lines that disagree.
fn run_case_file(text: &str) -> (usize, Vec<String>) {
    let mut ops = OpTable::standard();
    let mut flags = ReadFlags::default();
    let mut failures = Vec::new();
    let mut count = 0;
    for (lineno, line) in text.lines().enumerate() {
        if let Some(d) = line.strip_prefix('#') {
            let parts: Vec<&str> = d.split(' ').collect();
            match parts.as_slice() {
                ["op", p, t, n] => {
                    let typ = OpType::from_name(t).expect("op type");
                    ops.add(p.parse().expect("priority"), typ, n).expect("op");
                }
                ["flags", dq, bq] => {
                    flags.double_quotes = mode(dq);
                    flags.back_quotes = mode(bq);
                }
                _ => {}
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        let (input, expected) = line.rsplit_once(" => ").expect("case line has ` => `");
        let src = input.replace('⏎', "\n");
        let got = read_all(&src, &ops, &flags);
        count += 1;
        if got != expected {
            failures.push(format!(
                "line {}: {input}\n   expected {expected}\n   got      {got}",
                lineno + 1
            ));
        }
    }
    (count, failures)
}

#[test]
fn syntax_cases_agree_with_swi() {
    let (count, failures) = run_case_file(include_str!("tests/syntax.txt"));
    assert!(count >= 150, "only {count} cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
