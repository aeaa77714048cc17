//! Data-driven tests of the reader against expectations produced by SWI-Prolog.
//!
//! The case files in `crates/ply-reader/src/tests/` pair an input text with what SWI-Prolog 9
//! reads from it, printed in a canonical form; `regen.pl` there regenerates them (the command
//! is at the top of each file). This module prints what ply reads in the same form and
//! compares. It must never rewrite a case file.

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
    let mut flags = ReadFlags::traditional();
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

fn read_one(src: &str) -> Ast {
    match read_term(src, 0, &OpTable::standard(), &ReadFlags::default()) {
        ReadOutcome::Term { ast, .. } => ast,
        other => panic!("expected a term from {src:?}, got {other:?}"),
    }
}

fn read_error(src: &str) -> SyntaxError {
    match read_term(src, 0, &OpTable::standard(), &ReadFlags::default()) {
        ReadOutcome::Error(e) => e,
        other => panic!("expected an error from {src:?}, got {other:?}"),
    }
}

/// The textbook's figure 15.3 as printed, no-break spaces included (see
/// programs/README.md): five clauses, no syntax errors.
#[test]
fn bratko_minimax_reads_verbatim() {
    let src = include_str!("../../../programs/textbook/bratko_15_3_minimax_verbatim.pl");
    let ops = OpTable::standard();
    let flags = ReadFlags::default();
    let mut clauses = Vec::new();
    let mut pos = 0;
    loop {
        match read_term(src, pos, &ops, &flags) {
            ReadOutcome::Term { ast, end } => {
                clauses.push(ast);
                pos = end;
            }
            ReadOutcome::Eof => break,
            ReadOutcome::Error(e) => panic!("syntax error {e:?}"),
        }
    }
    assert_eq!(clauses.len(), 5);
    let names = |a: &Ast| a.vars.iter().map(|v| v.name.clone()).collect::<Vec<_>>();
    assert_eq!(names(&clauses[0]), ["Поз", "ЛучшПоз", "Оц", "СписПоз"]);
    assert_eq!(names(&clauses[1]), ["Поз", "Оц", "_"]);
    assert_eq!(
        names(&clauses[2]),
        [
            "Поз1",
            "СписПоз",
            "ЛучшПоз",
            "ЛучшОц",
            "_",
            "Оц1",
            "Поз2",
            "Оц2"
        ]
    );
    assert_eq!(names(&clauses[3]), ["Поз0", "Оц0", "Поз1", "Оц1", "Оц"]);
    // The erratum of the translation: `Оц` occurs once in each branch of выбор/6, so it is
    // not a clause-level singleton; `Поз1` is.
    let singles: Vec<&str> = clauses[3]
        .singleton_names()
        .iter()
        .map(|v| v.name.as_str())
        .collect();
    assert_eq!(singles, ["Поз1"]);
    assert_eq!(clauses[3].vars[4].occurrences.len(), 2);
    assert_eq!(
        canonical(&clauses[1]),
        "':-'('лучш'([Поз],Поз,Оц),','('минимакс'(Поз,_,Оц),'!'))"
    );
    // The first clause starts after the comments and the no-break-space indentation.
    let first = &clauses[0];
    assert!(src[first.span.start..].starts_with("минимакс( Поз"));
    assert!(src[..first.span.end].ends_with("стат_оц( Поз, Оц)."));
}

#[test]
fn spans_and_variable_occurrences() {
    let src = "  foo(X, [a|Y], X) :- bar(- 1, -1, \"ab\").  ";
    let ast = read_one(src);
    assert_eq!(&src[ast.span.start..ast.span.end], &src[2..src.len() - 2]);
    let text = |id: NodeId| &src[ast.node(id).span.start..ast.node(id).span.end];
    assert_eq!(text(ast.root), &src[2..src.len() - 3]);
    let NodeKind::Compound { args, .. } = &ast.root_node().kind else {
        panic!("not a compound")
    };
    assert_eq!(text(args[0]), "foo(X, [a|Y], X)");
    let NodeKind::Compound { args: head, .. } = &ast.node(args[0]).kind else {
        panic!("not a compound")
    };
    assert_eq!(text(head[1]), "[a|Y]");
    let NodeKind::Compound { args: body, .. } = &ast.node(args[1]).kind else {
        panic!("not a compound")
    };
    assert_eq!(text(body[0]), "- 1");
    assert_eq!(text(body[1]), "-1");
    assert_eq!(ast.node(body[1]).kind, NodeKind::Int(-1));
    assert_eq!(text(body[2]), "\"ab\"");
    assert_eq!(ast.vars.len(), 2);
    assert_eq!(ast.vars[0].name, "X");
    let occ: Vec<&str> = ast.vars[0]
        .occurrences
        .iter()
        .map(|s| &src[s.start..s.end])
        .collect();
    assert_eq!(occ, ["X", "X"]);
    assert_eq!(ast.vars[0].occurrences[0].start, 6);
    assert_eq!(ast.singleton_names()[0].name, "Y");
}

#[test]
fn anonymous_variables_are_distinct() {
    let ast = read_one("f(_, _, A, _A, A).");
    let names: Vec<&str> = ast.vars.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["_", "_", "A", "_A"]);
    assert!(ast.vars[0].is_anonymous());
}

#[test]
fn quoted_text_may_span_lines_as_in_swipl() {
    let src = "x('a\nb', \"c\nd\").\n";
    match read_term(src, 0, &OpTable::standard(), &ReadFlags::default()) {
        ReadOutcome::Term { ast, end } => {
            assert_eq!(end, src.len() - 1);
            let text = format!("{:?}", ast.nodes);
            assert!(text.contains("a\\nb"), "{text}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn error_positions_and_resume_points() {
    let src = "a :- b.\nfoo :- 'abc.\n";
    let e = match read_term(src, 8, &OpTable::standard(), &ReadFlags::default()) {
        ReadOutcome::Error(e) => e,
        other => panic!("{other:?}"),
    };
    assert_eq!(e.kind, "end_of_file_in_quoted");
    assert_eq!(
        e.label_text(),
        "end of file in quoted",
        "other errors read their kind"
    );
    assert_eq!(e.span.start, 15, "reported at the opening quote");
    assert_eq!(e.resume, src.len() - 1, "read on at the end of its line");

    // A quote that runs past its line into a clause that goes wrong is named at its opening,
    // and the next line is read afresh; a backslash before a line break continues the text.
    let src = "foo :- 'abc.\nbar.\nbaz('a\\\nb').\n";
    let e = match read_term(src, 0, &OpTable::standard(), &ReadFlags::default()) {
        ReadOutcome::Error(e) => e,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        (e.kind, e.span.start, e.resume),
        ("operator_expected", 7, 12)
    );
    assert!(e.message.contains("runs on past its line"), "{}", e.message);
    assert_eq!(
        e.label_text(),
        "quoted text opened here",
        "the label names the quote"
    );
    match read_term(src, 12, &OpTable::standard(), &ReadFlags::default()) {
        ReadOutcome::Term { end, .. } => assert_eq!(end, 17),
        other => panic!("{other:?}"),
    }
    match read_term(src, 17, &OpTable::standard(), &ReadFlags::default()) {
        ReadOutcome::Term { end, .. } => assert_eq!(end, src.len() - 1),
        other => panic!("{other:?}"),
    }

    // A clause without its full stop is reported where it starts; the next line is read.
    let src = "p :- q\nr.\n";
    let e = match read_term(src, 0, &OpTable::standard(), &ReadFlags::default()) {
        ReadOutcome::Error(e) => e,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        (e.kind, e.span.start, e.span.end, e.resume),
        ("end_of_clause_expected", 0, 6, 7)
    );

    let src = "x :- y. /* never closed";
    let e = match read_term(src, 7, &OpTable::standard(), &ReadFlags::default()) {
        ReadOutcome::Error(e) => e,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        (e.kind, e.span.start, e.resume),
        ("end_of_file_in_block_comment", 8, src.len())
    );

    let src = "foo :- bar(X) , baz";
    let e = read_error(src);
    assert_eq!(e.kind, "end_of_file");
    assert_eq!(e.span.start, 0, "reported at the clause start");
    assert_eq!(
        e.help.as_deref(),
        Some("add a full stop `.` at the end of the clause")
    );
    assert_eq!(e.resume, src.len());

    let src = "a b c. next.";
    let e = read_error(src);
    assert_eq!(
        (e.kind, e.span.start, e.resume),
        ("operator_expected", 2, 6)
    );
    assert!(matches!(
        read_term(src, e.resume, &OpTable::standard(), &ReadFlags::default()),
        ReadOutcome::Term { end: 12, .. }
    ));

    let src = "x :- 'a\\qb', c. d.";
    let e = read_error(src);
    assert_eq!(
        (e.kind, e.span.start, e.span.end, e.resume),
        ("undefined_char_escape", 7, 9, 15)
    );

    let e = read_error("X = a = b. ok.");
    assert_eq!((e.kind, e.span.start, e.resume), ("operator_clash", 6, 10));

    assert!(matches!(
        read_term(
            "  % nothing\n /* here */ ",
            0,
            &OpTable::standard(),
            &ReadFlags::default()
        ),
        ReadOutcome::Eof
    ));
}

/// Where ply knowingly reads differently from SWI-Prolog 9.
#[test]
fn deliberate_differences_from_swi() {
    // SWI-Prolog 9 stops at the `.` after a closing backslash; the escape is complete there.
    assert_eq!(read_one("X = 0'\\x41\\.").vars.len(), 1);
    assert_eq!(canonical(&read_one("0'\\x41\\.")), "65");
    // `'.'` is not an operator here (SWI-Prolog has op(100, yfx, '.') for dicts).
    assert_eq!(read_error("a.b.").kind, "operator_expected");
    // SWI-Prolog reports these with a message instead of an identifier.
    assert_eq!(
        read_error("X = '\\x110000\\'.").kind,
        "illegal_character_code"
    );
    assert_eq!(
        read_error("X = '\\xD800\\'.").kind,
        "illegal_character_code"
    );
    // SWI-Prolog says operator_balance; the second `=` is the first thing that cannot fit.
    assert_eq!(read_error("X = - = .").kind, "operator_clash");
    // `{...}` after a name is dict syntax in SWI-Prolog.
    assert_eq!(canonical(&read_one("X = -{a}.")), "'='(X,'-'('{}'('a')))");
    // `'[]'` and `[]` are the same atom, as in ISO.
    assert_eq!(
        read_one("'[]'.").root_node().kind,
        NodeKind::Atom("[]".into())
    );
}

fn deep_cases(depth: usize) -> Vec<(String, &'static str)> {
    let mut cases = Vec::new();
    cases.push((
        format!("{}x{}.", "[".repeat(depth), "]".repeat(depth)),
        "list",
    ));
    cases.push((format!("{}1.", "- ".repeat(depth)), "prefix"));
    cases.push((
        format!("{}x{}.", "f(".repeat(depth), ")".repeat(depth)),
        "functional",
    ));
    cases.push((
        format!("{}x{}.", "(".repeat(depth), ")".repeat(depth)),
        "parens",
    ));
    cases.push((format!("{}x.", "a, ".repeat(depth)), "xfy chain"));
    cases.push((format!("x{}.", " - a".repeat(depth)), "yfx chain"));
    cases.push((
        format!("{}x{}.", "{".repeat(depth), "}".repeat(depth)),
        "curly",
    ));
    cases
}

/// A million levels of nesting read in a thread with a 256 KiB stack: the parser does not
/// recurse on depth, and neither does dropping the result.
#[test]
fn million_deep_terms_need_no_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let ops = OpTable::standard();
            let flags = ReadFlags::default();
            for (src, what) in deep_cases(1_000_000) {
                match read_term(&src, 0, &ops, &flags) {
                    ReadOutcome::Term { ast, end } => {
                        assert_eq!(end, src.len(), "{what}");
                        // Brackets make no nodes; every other level makes at least one.
                        let min = if what == "parens" { 1 } else { 1_000_000 };
                        assert!(ast.nodes.len() >= min, "{what}");
                    }
                    other => panic!("{what}: {other:?}"),
                }
            }
        })
        .expect("spawn");
    handle.join().expect("deep terms read without overflow");
}

#[test]
fn deep_term_shapes() {
    for (src, what) in deep_cases(3) {
        let got = canonical(&read_one(&src));
        let want = match what {
            "list" => "[[['x']]]",
            "prefix" => "'-'('-'('-'(1)))",
            "functional" => "'f'('f'('f'('x')))",
            "parens" => "'x'",
            "xfy chain" => "','('a',','('a',','('a','x')))",
            "yfx chain" => "'-'('-'('-'('x','a'),'a'),'a')",
            "curly" => "'{}'('{}'('{}'('x')))",
            _ => unreachable!(),
        };
        assert_eq!(got, want, "{what}");
    }
}

/// About a megabyte of ordinary clauses; in release mode this reads in a few tens of
/// milliseconds, and the bound here leaves room for unoptimised builds on a busy machine.
#[test]
fn a_megabyte_reads_quickly() {
    let clause = "move(state(X, [Y|Ys], 'quoted atom', \"str\"), Z) :- \
                  X > 0, Z is X * 2 + 1.5e3, \\+ member(Y, Ys), ходы(Y, Z). % c\n";
    let src = clause.repeat(1_000_000 / clause.len() + 1);
    let ops = OpTable::standard();
    let flags = ReadFlags::default();
    let t = std::time::Instant::now();
    let mut pos = 0;
    let mut n = 0;
    while let ReadOutcome::Term { end, .. } = read_term(&src, pos, &ops, &flags) {
        pos = end;
        n += 1;
    }
    let took = t.elapsed();
    eprintln!("read {} bytes, {n} clauses, in {took:?}", src.len());
    assert_eq!(n, src.lines().count());
    assert!(took.as_secs_f64() < 5.0, "took {took:?}");
}

#[test]
fn parse_number_forms() {
    assert_eq!(parse_number("42"), Some(NodeKind::Int(42)));
    assert_eq!(parse_number("  -0x10"), Some(NodeKind::Int(-16)));
    assert_eq!(parse_number("0'a"), Some(NodeKind::Int(97)));
    assert_eq!(parse_number("1.5e3"), Some(NodeKind::Float(1500.0)));
    assert!(matches!(
        parse_number("123456789012345678901234567890"),
        Some(NodeKind::BigInt(_))
    ));
    assert_eq!(parse_number("1.0e400"), None);
    assert_eq!(parse_number("0x"), None);
    assert_eq!(parse_number("1 "), None);
    assert_eq!(parse_number(""), None);
    assert_eq!(parse_number("-"), None);
}

/// The standard table is SWI-Prolog's, less `op(100, yfx, '.')` (see `ops.rs`).
#[test]
fn standard_ops_match_swi() {
    let mut swi: Vec<String> = include_str!("tests/swi_ops.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && *l != "100 yfx .")
        .map(str::to_owned)
        .collect();
    let mut ours: Vec<String> = OpTable::standard()
        .all()
        .into_iter()
        .map(|(p, t, n)| format!("{p} {} {n}", t.name()))
        .collect();
    swi.sort();
    ours.sort();
    assert_eq!(ours, swi);
}
mod dicts;
