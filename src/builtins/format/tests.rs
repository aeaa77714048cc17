//! Unit tests for `format/2`: each case runs a goal on a fresh machine, captures what it
//! prints with `with_output_to/2`, and compares with the text SWI-Prolog 9.0.4 prints for the
//! same call (checked by running swipl on each format string and arguments).

use crate::machine::solve::Answer;

/// The text `format(F, Args)` produces, or the error term it raises, written with writeq.
fn run(fmt_and_args: &str) -> String {
    let mut m = crate::system::machine();
    let text = format!(
        "catch((with_output_to(string(S), format({fmt_and_args})), R = ok(S)), error(E, _), R = err(E))."
    );
    let (r, _) = m.read_from(&text, 0).expect("syntax").expect("term");
    let goal = r.term;
    let result = r
        .vars
        .iter()
        .find(|(n, _)| n == "R")
        .map(|(_, v)| *v)
        .expect("R");
    match m.solve_once(goal) {
        Answer::True => m.format_term(result, true, 0),
        Answer::False => "false".to_string(),
        Answer::Error(_) => "uncaught".to_string(),
    }
}

#[test]
fn plain_directives() {
    assert_eq!(run(r#"'~w and ~q', [a, 'B']"#), r#"ok("a and 'B'")"#);
    assert_eq!(run(r#"'~a', [abc]"#), r#"ok("abc")"#);
    assert_eq!(run(r#"'~p', ['X']"#), r#"ok("'X'")"#);
    assert_eq!(run(r#"'~s', [[104, 105]]"#), r#"ok("hi")"#);
    assert_eq!(run(r#"'~c~3c', [65, 0'x]"#), r#"ok("Axxx")"#);
    assert_eq!(run(r#"'~i~w', [a, b]"#), r#"ok("b")"#);
    assert_eq!(run(r#"'~*c', [3, 0'x]"#), r#"ok("xxx")"#);
    assert_eq!(run(r#"'~~ ~a~n', [x]"#), "ok(\"~ x\\n\")");
    assert_eq!(run(r#"'~w', x"#), r#"ok("x")"#);
    assert_eq!(run(r#"'~@', [write(hi)]"#), r#"ok("hi")"#);
}

#[test]
fn integers() {
    assert_eq!(run(r#"'~d', [42]"#), r#"ok("42")"#);
    assert_eq!(run(r#"'~2d', [1234]"#), r#"ok("12.34")"#);
    assert_eq!(run(r#"'~2d', [5]"#), r#"ok("0.05")"#);
    assert_eq!(run(r#"'~D', [1234567]"#), r#"ok("1,234,567")"#);
    assert_eq!(run(r#"'~2D', [1234567]"#), r#"ok("12,345.67")"#);
    assert_eq!(run(r#"'~d', [1+2]"#), r#"ok("3")"#);
    assert_eq!(
        run(r#"'~8r ~16r ~16R', [255, 255, 255]"#),
        r#"ok("377 ff FF")"#
    );
    assert_eq!(
        run(r#"'~D', [123456789012345678901234567890]"#),
        r#"ok("123,456,789,012,345,678,901,234,567,890")"#
    );
}

#[test]
fn floats() {
    assert_eq!(run(r#"'~2f', [3.14159]"#), r#"ok("3.14")"#);
    assert_eq!(run(r#"'~4f', [2]"#), r#"ok("2.0000")"#);
    assert_eq!(run(r#"'~e', [1.5]"#), r#"ok("1.500000e+00")"#);
    assert_eq!(run(r#"'~3e', [123456.0]"#), r#"ok("1.235e+05")"#);
    assert_eq!(run(r#"'~g', [1.5]"#), r#"ok("1.5")"#);
    assert_eq!(
        run(r#"'~2f', [12345678901234567890]"#),
        r#"ok("12345678901234567890.00")"#
    );
}

#[test]
fn columns() {
    assert_eq!(
        run(r#"'~w~30|~w', [a, b]"#),
        format!("ok(\"a{}b\")", " ".repeat(29))
    );
    assert_eq!(run(r#"'~a~t~10|~a', [ab, cd]"#), r#"ok("ab        cd")"#);
    assert_eq!(run(r#"'~t~a~10|', [ab]"#), r#"ok("        ab")"#);
    assert_eq!(run(r#"'~t~d~6|', [42]"#), r#"ok("    42")"#);
    assert_eq!(run(r#"'~t~w~t~11|', [abc]"#), r#"ok("    abc    ")"#);
    assert_eq!(run(r#"'~t~w~t~10|', [abc]"#), r#"ok("   abc    ")"#);
    assert_eq!(run(r#"'~`-t~10|', []"#), r#"ok("----------")"#);
    assert_eq!(
        run(r#"'~w~t~10+~w~t~10+~w', [a, b, c]"#),
        r#"ok("a         b         c")"#
    );
    assert_eq!(run(r#"'~t~w~10+', [abc]"#), r#"ok("       abc")"#);
    assert_eq!(run(r#"'~ta~t~6+b~tc~6+', []"#), r#"ok("  a   b    c")"#);
    assert_eq!(run(r#"'~a~n~t~a~5|', [x, y]"#), "ok(\"x\\n    y\")");
    assert_eq!(run(r#"'abcdefghij~5|x', []"#), r#"ok("abcdefghijx")"#);
    assert_eq!(
        run(r#"'~t~w~t~w~t~w~t~w~t~16|', [a, b, c, d]"#),
        r#"ok("  a  b   c   d  ")"#
    );
    assert_eq!(
        run(r#"'~t~w~t~w~t~w~t~w~t~17|', [a, b, c, d]"#),
        r#"ok("   a  b   c   d  ")"#
    );
}

#[test]
fn errors() {
    assert_eq!(
        run(r#"'~w ~w', [a]"#),
        "err(format('not enough arguments'))"
    );
    assert_eq!(run(r#"'~w', [a, b]"#), "err(format('too many arguments'))");
    assert_eq!(run(r#"'~d', [a]"#), "err(type_error(evaluable,a/0))");
    assert_eq!(run(r#"'~d', [1.0]"#), "err(format_argument_type(d,1.0))");
    assert_eq!(run(r#"'~a', [f(x)]"#), "err(format_argument_type(a,f(x)))");
    assert_eq!(run(r#"'~c', [a]"#), "err(format_argument_type(c,a))");
    assert_eq!(
        run(r#"'~z', [a]"#),
        "err(existence_error(format_character,z))"
    );
    assert_eq!(run(r#"'~1r', [5]"#), "err(domain_error(radix,1))");
    assert_eq!(
        run(r#"'~*c', [a, 0'x]"#),
        "err(format('no or negative integer for `*\\' argument'))"
    );
}
