//! ISO error terms in words, worded as SWI-Prolog 9 words them.
//!
//! When a goal raises `error(Formal, Context)`, ply shows the formal term as a sentence a student
//! can read: `type_error(integer, abc)` becomes "Type error: `integer' expected, found `abc' (an
//! atom)". The wording follows SWI-Prolog 9's `boot/messages.pl` so that ply and SWI print the
//! same line. The input is a tiny term type of its own, so this module does not depend on the
//! machine; the machine converts its error term into an [`ErrTerm`] (or pre-prints parts of it
//! with `writeq` into [`ErrTerm::Other`]). It never panics on any input.

use crate::term_text::{is_proper_list, write, writeq};

/// A term as far as an error message needs to see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrTerm {
    /// An atom (the empty list `[]` included).
    Atom(String),
    /// An integer.
    Int(i64),
    /// A compound term: functor name and arguments. Lists use the functor `'[|]'` (or `'.'`).
    Compound(String, Vec<ErrTerm>),
    /// Any other term, already printed with `writeq` (floats, strings, big integers, variables
    /// such as `_123`, or whole subterms the machine chose not to convert).
    Other(String),
}

/// The formal term of an ISO error in words, e.g. `instantiation_error` gives "Arguments are not
/// sufficiently instantiated". Terms that are not ISO error terms give "Unknown error term: ..."
/// as SWI-Prolog does.
pub fn describe(formal: &ErrTerm) -> String {
    use ErrTerm::{Atom, Compound};
    let unknown = || format!("Unknown error term: {}", writeq(formal));
    match formal {
        Atom(name) => match name.as_str() {
            "instantiation_error" => "Arguments are not sufficiently instantiated".to_string(),
            "system_error" => "error in system call".to_string(),
            _ => unknown(),
        },
        Compound(name, args) => match (name.as_str(), args.as_slice()) {
            ("type_error", [expected, actual]) => type_error(expected, actual),
            ("domain_error", [domain, actual]) => {
                format!(
                    "Domain error: {} expected, found `{}'",
                    domain_text(domain),
                    writeq(actual)
                )
            }
            ("uninstantiation_error", [culprit]) => {
                format!(
                    "Uninstantiated argument expected, found {}",
                    writeq(culprit)
                )
            }
            ("existence_error", [kind, what]) => existence_error(kind, what),
            ("duplicate_key", [key]) => format!("Duplicate key: {}", writeq(key)),
            ("existence_error", [kind, what, place]) => format!(
                "{} `{}' does not exist in {}",
                write(kind),
                writeq(what),
                writeq(place)
            ),
            ("permission_error", [action, kind, culprit]) => {
                permission_error(action, kind, culprit)
            }
            ("representation_error", [what]) => {
                format!("Cannot represent due to `{}'", write(what))
            }
            ("evaluation_error", [what]) => {
                format!("Arithmetic: evaluation error: `{}'", writeq(what))
            }
            ("occurs_check", [var, term]) => format!(
                "Cannot unify {} with {}: would create an infinite tree",
                writeq(var),
                writeq(term)
            ),
            ("resource_error", [what]) => format!("Not enough resources: {}", write(what)),
            ("syntax_error", [what]) => format!("Syntax error: {}", syntax_error(what)),
            ("system_error", [what]) => format!("error in system call: {}", write(what)),
            // format/2,3's own errors, which SWI-Prolog words too.
            ("format", [what]) => format!("Format error: {}", write(what)),
            ("format_argument_type", [directive, arg]) => format!(
                "Illegal argument to format sequence ~{}: {}",
                write(directive),
                writeq(arg)
            ),
            _ => unknown(),
        },
        _ => unknown(),
    }
}

/// "Type error: ..." with SWI's comment on what was found instead; evaluables are special.
fn type_error(expected: &ErrTerm, actual: &ErrTerm) -> String {
    if matches!(expected, ErrTerm::Atom(e) if e == "evaluable") && callable(actual) {
        return format!("Arithmetic: `{}' is not a function", writeq(actual));
    }
    let kind = type_of(actual);
    let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!(
        "Type error: `{}' expected, found `{}' ({article} {kind})",
        write(expected),
        writeq(actual)
    )
}

fn callable(term: &ErrTerm) -> bool {
    match term {
        ErrTerm::Atom(a) => a != "[]",
        ErrTerm::Compound(..) => true,
        _ => false,
    }
}

/// The type name SWI-Prolog's `type_of/2` in `messages.pl` gives a term. For pre-printed text
/// the type is read off the text, which is right for the forms `writeq` produces.
fn type_of(term: &ErrTerm) -> &'static str {
    match term {
        ErrTerm::Atom(a) if a == "[]" => "empty_list",
        ErrTerm::Atom(_) => "atom",
        ErrTerm::Int(_) => "integer",
        ErrTerm::Compound(..) if is_proper_list(term) => "list",
        ErrTerm::Compound(..) => "compound",
        ErrTerm::Other(text) => type_of_text(text),
    }
}

fn type_of_text(text: &str) -> &'static str {
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    let first = text.chars().next().unwrap_or(' ');
    if text == "[]" {
        "empty_list"
    } else if first == '"' {
        "string"
    } else if first == '_' || first.is_uppercase() {
        if text.chars().all(|c| c.is_alphanumeric() || c == '_') {
            "var"
        } else {
            "compound"
        }
    } else if unsigned.starts_with(|c: char| c.is_ascii_digit()) {
        if unsigned.chars().all(|c| c.is_ascii_digit() || c == '_') {
            "integer"
        } else if unsigned.contains('r') && !unsigned.contains(['.', 'e', 'E']) {
            "rational"
        } else {
            "float"
        }
    } else if text == "inf" || text == "nan" {
        // `inf` and `nan` as written are atoms; the floats print as 1.0Inf and 1.5NaN.
        "atom"
    } else if first == '[' {
        if top_level_bar(text) {
            "compound"
        } else {
            "list"
        }
    } else if looks_compound(text) {
        "compound"
    } else {
        "atom"
    }
}

/// True if a `|` appears in `text` outside nested brackets and quotes: `[a|b]`.
fn top_level_bar(text: &str) -> bool {
    let mut depth = 0i32;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for c in text.chars() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '\'' | '"' | '`' => quote = Some(c),
            '[' | '(' | '{' => depth += 1,
            ']' | ')' | '}' => depth -= 1,
            '|' if depth == 1 => return true,
            _ => {}
        }
    }
    false
}

/// True if `writeq` text is a compound: it has a bracket or an operator outside a quoted atom.
fn looks_compound(text: &str) -> bool {
    if let Some(rest) = text.strip_prefix('\'') {
        // A quoted atom is compound only if something follows its closing quote.
        let mut escaped = false;
        for (i, c) in rest.char_indices() {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '\'' {
                return i + 1 < rest.len();
            }
        }
        return false;
    }
    let bare_symbol = text.chars().all(|c| "#$&*+-./:<=>?@^~\\".contains(c));
    let bare_word = text.chars().all(|c| c.is_alphanumeric() || c == '_');
    !(bare_symbol || bare_word || matches!(text, "!" | ";" | "{}" | ","))
}

fn domain_text(domain: &ErrTerm) -> String {
    match domain {
        ErrTerm::Compound(name, args) if name == "range" && args.len() == 2 => {
            format!("[{}..{}]", writeq(&args[0]), writeq(&args[1]))
        }
        other => format!("`{}'", write(other)),
    }
}

fn existence_error(kind: &ErrTerm, what: &ErrTerm) -> String {
    match kind {
        // SWI-Prolog words it so only for a predicate indicator, `Name/Arity` or
        // `Module:Name/Arity`; anything else falls through to the general wording.
        ErrTerm::Atom(k) if k == "procedure" && is_indicator(what) => {
            format!("Unknown procedure: {}", writeq(what))
        }
        ErrTerm::Atom(k) if k == "matching_rule" => format!("No rule matches {}", writeq(what)),
        _ => format!("{} `{}' does not exist", write(kind), writeq(what)),
    }
}

fn is_indicator(term: &ErrTerm) -> bool {
    match term {
        ErrTerm::Compound(name, args) if name == "/" && args.len() == 2 => true,
        ErrTerm::Compound(name, args) if name == ":" && args.len() == 2 => {
            matches!(&args[1], ErrTerm::Compound(n, a) if n == "/" && a.len() == 2)
        }
        _ => false,
    }
}

fn permission_error(action: &ErrTerm, kind: &ErrTerm, culprit: &ErrTerm) -> String {
    let action_name = match action {
        ErrTerm::Atom(a) => a.as_str(),
        _ => "",
    };
    let kind_name = match kind {
        ErrTerm::Atom(k) => k.as_str(),
        _ => "",
    };
    let c = writeq(culprit);
    match (action_name, kind_name) {
        (_, "built_in_procedure") => {
            let pi = match culprit {
                // SWI shows the predicate indicator without its module here.
                ErrTerm::Compound(colon, args) if colon == ":" && args.len() == 2 => {
                    writeq(&args[1])
                }
                _ => c,
            };
            let mut text = format!(
                "No permission to {} built-in predicate `{pi}'",
                write(action)
            );
            if action_name != "export" {
                text.push_str(
                    "\nUse :- redefine_system_predicate(+Head) if redefinition is intended",
                );
            }
            text
        }
        (_, "static_procedure") => {
            format!("No permission to {} static procedure `{c}'", write(action))
        }
        ("input", "stream") => format!("No permission to read from output stream `{c}'"),
        ("output", "stream") => format!("No permission to write to input stream `{c}'"),
        ("input", "text_stream") => format!("No permission to read bytes from TEXT stream `{c}'"),
        ("output", "text_stream") => format!("No permission to write bytes to TEXT stream `{c}'"),
        ("input", "binary_stream") => {
            format!("No permission to read characters from binary stream `{c}'")
        }
        ("output", "binary_stream") => {
            format!("No permission to write characters to binary stream `{c}'")
        }
        ("open", "source_sink") if alias_of(culprit).is_some() => format!(
            "No permission to reuse alias \"{}\": already taken",
            alias_of(culprit).map(writeq).unwrap_or_default()
        ),
        _ => format!("No permission to {} {} `{c}'", write(action), write(kind)),
    }
}

fn alias_of(term: &ErrTerm) -> Option<&ErrTerm> {
    match term {
        ErrTerm::Compound(name, args) if name == "alias" && args.len() == 1 => Some(&args[0]),
        _ => None,
    }
}

fn syntax_error(what: &ErrTerm) -> String {
    let fixed = match what {
        ErrTerm::Atom(id) => match id.as_str() {
            "end_of_clause" => Some("Unexpected end of clause"),
            "end_of_clause_expected" => Some("End of clause expected"),
            "end_of_file" => Some("Unexpected end of file"),
            "end_of_file_in_block_comment" => Some("End of file in /* ... */ comment"),
            "illegal_number" => Some("Illegal number"),
            "long_atom" => Some("Atom too long (see style_check/1)"),
            "long_string" => Some("String too long (see style_check/1)"),
            "operator_clash" => Some("Operator priority clash"),
            "operator_expected" => Some("Operator expected"),
            "operator_balance" => Some("Unbalanced operator"),
            "quoted_punctuation" => Some("Operand expected, unquoted comma or bar found"),
            "list_rest" => Some("Unexpected comma or bar in rest of list"),
            "cannot_start_term" => Some("Illegal start of term"),
            "void_not_allowed" => Some("Empty argument list \"()\""),
            _ => None,
        },
        _ => None,
    };
    if let Some(text) = fixed {
        return text.to_string();
    }
    match what {
        ErrTerm::Compound(name, args) if name == "punct" && args.len() == 2 => format!(
            "Unexpected `{}' before `{}'",
            write(&args[0]),
            write(&args[1])
        ),
        ErrTerm::Compound(name, args) if name == "undefined_char_escape" && args.len() == 1 => {
            format!(
                "Unknown character escape in quoted atom or string: `\\{}'",
                write(&args[0])
            )
        }
        other => write(other),
    }
}

#[cfg(test)]
mod tests {
    use super::ErrTerm::{self, Atom, Compound, Int, Other};
    use super::*;

    fn a(s: &str) -> ErrTerm {
        Atom(s.to_string())
    }

    fn c(name: &str, args: Vec<ErrTerm>) -> ErrTerm {
        Compound(name.to_string(), args)
    }

    fn pi(name: &str, arity: i64) -> ErrTerm {
        c("/", vec![a(name), Int(arity)])
    }

    fn list(items: Vec<ErrTerm>, tail: ErrTerm) -> ErrTerm {
        items
            .into_iter()
            .rev()
            .fold(tail, |t, h| c("[|]", vec![h, t]))
    }

    /// Each expected line is what `swipl` 9.0.4 printed (after `ERROR: `) for
    /// `print_message(error, error(Formal, _))`; the script is `iso_words_swipl.sh` beside this
    /// file, and its output is `iso_words_swipl.txt`.
    fn cases() -> Vec<(ErrTerm, &'static str)> {
        vec![
            (a("instantiation_error"), "Arguments are not sufficiently instantiated"),
            (c("uninstantiation_error", vec![a("foo")]), "Uninstantiated argument expected, found foo"),
            (c("uninstantiation_error", vec![c("f", vec![a("x")])]), "Uninstantiated argument expected, found f(x)"),
            (c("type_error", vec![a("integer"), a("abc")]), "Type error: `integer' expected, found `abc' (an atom)"),
            (c("type_error", vec![a("integer"), a("Abc")]), "Type error: `integer' expected, found `'Abc'' (an atom)"),
            (c("type_error", vec![a("integer"), Other("\"abc\"".into())]), "Type error: `integer' expected, found `\"abc\"' (a string)"),
            (c("type_error", vec![a("integer"), Other("1.5".into())]), "Type error: `integer' expected, found `1.5' (a float)"),
            (c("type_error", vec![a("atom"), Int(3)]), "Type error: `atom' expected, found `3' (an integer)"),
            (c("type_error", vec![a("atom"), c("f", vec![a("x")])]), "Type error: `atom' expected, found `f(x)' (a compound)"),
            (c("type_error", vec![a("callable"), Int(3)]), "Type error: `callable' expected, found `3' (an integer)"),
            (c("type_error", vec![a("list"), list(vec![a("a")], a("b"))]), "Type error: `list' expected, found `[a|b]' (a compound)"),
            (c("type_error", vec![a("evaluable"), pi("foo", 0)]), "Arithmetic: `foo/0' is not a function"),
            (c("type_error", vec![a("character"), Int(12)]), "Type error: `character' expected, found `12' (an integer)"),
            (c("type_error", vec![a("integer"), a("[]")]), "Type error: `integer' expected, found `[]' (an empty_list)"),
            (c("type_error", vec![a("atom"), Other("_G".into())]), "Type error: `atom' expected, found `_G' (a var)"),
            (c("type_error", vec![a("integer"), a("hello world")]), "Type error: `integer' expected, found `'hello world'' (an atom)"),
            (c("type_error", vec![a("integer"), a("выбор")]), "Type error: `integer' expected, found `выбор' (an atom)"),
            (c("type_error", vec![a("integer"), Int(-3)]), "Type error: `integer' expected, found `-3' (an integer)"),
            (c("type_error", vec![a("integer"), c("f", vec![Other("_G".into())])]), "Type error: `integer' expected, found `f(_G)' (a compound)"),
            (c("type_error", vec![a("integer"), list(vec![Int(1), Int(2)], a("[]"))]), "Type error: `integer' expected, found `[1,2]' (a list)"),
            (c("type_error", vec![a("integer"), Other("123456789012345678901234567890".into())]), "Type error: `integer' expected, found `123456789012345678901234567890' (an integer)"),
            (c("type_error", vec![a("foo"), a("bar")]), "Type error: `foo' expected, found `bar' (an atom)"),
            (c("domain_error", vec![a("not_less_than_zero"), Int(-1)]), "Domain error: `not_less_than_zero' expected, found `-1'"),
            (c("domain_error", vec![a("foo"), a("bar")]), "Domain error: `foo' expected, found `bar'"),
            (c("domain_error", vec![a("foo"), a("A")]), "Domain error: `foo' expected, found `'A''"),
            (c("domain_error", vec![a("foo"), Other("\"str\"".into())]), "Domain error: `foo' expected, found `\"str\"'"),
            (c("existence_error", vec![a("procedure"), pi("foo", 0)]), "Unknown procedure: foo/0"),
            (c("existence_error", vec![a("procedure"), c(":", vec![a("m"), pi("foo", 0)])]), "Unknown procedure: m:foo/0"),
            (c("existence_error", vec![a("procedure"), pi("Foo", 2)]), "Unknown procedure: 'Foo'/2"),
            (c("existence_error", vec![a("procedure"), pi("-", 2)]), "Unknown procedure: (-)/2"),
            (c("existence_error", vec![a("procedure"), pi("ходы", 2)]), "Unknown procedure: ходы/2"),
            (c("existence_error", vec![a("procedure"), a("foo")]), "procedure `foo' does not exist"),
            (c("existence_error", vec![a("source_sink"), a("nofile")]), "source_sink `nofile' does not exist"),
            (c("existence_error", vec![a("stream"), a("s")]), "stream `s' does not exist"),
            (c("existence_error", vec![a("foo"), a("bar")]), "foo `bar' does not exist"),
            (c("existence_error", vec![a("key"), a("k")]), "key `k' does not exist"),
            (c("permission_error", vec![a("modify"), a("static_procedure"), pi("foo", 1)]), "No permission to modify static procedure `foo/1'"),
            (c("permission_error", vec![a("access"), a("private_procedure"), pi("foo", 1)]), "No permission to access private_procedure `foo/1'"),
            (c("permission_error", vec![a("open"), a("source_sink"), a("f")]), "No permission to open source_sink `f'"),
            (c("permission_error", vec![a("input"), a("stream"), a("user_output")]), "No permission to read from output stream `user_output'"),
            (c("permission_error", vec![a("create"), a("operator"), a(",")]), "No permission to create operator `',''"),
            (c("permission_error", vec![a("foo"), a("bar"), a("baz")]), "No permission to foo bar `baz'"),
            (c("representation_error", vec![a("max_arity")]), "Cannot represent due to `max_arity'"),
            (c("representation_error", vec![a("character_code")]), "Cannot represent due to `character_code'"),
            (c("representation_error", vec![a("max_integer")]), "Cannot represent due to `max_integer'"),
            (c("evaluation_error", vec![a("zero_divisor")]), "Arithmetic: evaluation error: `zero_divisor'"),
            (c("evaluation_error", vec![a("undefined")]), "Arithmetic: evaluation error: `undefined'"),
            (c("evaluation_error", vec![a("float_overflow")]), "Arithmetic: evaluation error: `float_overflow'"),
            (c("evaluation_error", vec![a("int_overflow")]), "Arithmetic: evaluation error: `int_overflow'"),
            (c("evaluation_error", vec![a("underflow")]), "Arithmetic: evaluation error: `underflow'"),
            (c("resource_error", vec![a("memory")]), "Not enough resources: memory"),
            (c("resource_error", vec![a("table_space")]), "Not enough resources: table_space"),
            (c("syntax_error", vec![a("operator_expected")]), "Syntax error: Operator expected"),
            (c("syntax_error", vec![a("illegal_number")]), "Syntax error: Illegal number"),
            (c("syntax_error", vec![a("foo")]), "Syntax error: foo"),
            (c("system_error", vec![a("foo")]), "error in system call: foo"),
            (a("system_error"), "error in system call"),
            (c("foo_error", vec![a("bar")]), "Unknown error term: foo_error(bar)"),
            (c("format", vec![a("x y")]), "Format error: x y"),
            (c("format_argument_type", vec![a("a"), Other("\"s\"".into())]), "Illegal argument to format sequence ~a: \"s\""),
            (c("format_argument_type", vec![a("d"), a("A b")]), "Illegal argument to format sequence ~d: 'A b'"),
        ]
    }

    #[test]
    fn formals_are_worded_as_swi_prolog_words_them() {
        for (formal, want) in cases() {
            assert_eq!(describe(&formal), want, "for {formal:?}");
        }
    }

    #[test]
    fn the_golden_file_agrees_with_the_table() {
        let golden = include_str!("iso_words_swipl.txt");
        let printed: Vec<&str> = golden
            .lines()
            .filter_map(|l| l.strip_prefix("ERROR: "))
            .collect();
        let wanted: Vec<&str> = cases().into_iter().map(|(_, w)| w).collect();
        assert_eq!(printed, wanted);
    }
}
