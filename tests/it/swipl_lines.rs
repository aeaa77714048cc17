//! SWI-Prolog's lines in ply's messages: every line swipl writes to standard error for a case
//! of `tests/swipl_diff/lines_cases.txt` is among ply's, in the same order, as swipl writes it.
//!
//! These are the cases where ply says more than swipl (its diagnostic box, the goal an error
//! was raised in, the calls that led to it) but must still say what swipl says: the caller
//! prefix of an error (`ERROR: //2: Arithmetic: evaluation error: `zero_divisor'`), the place
//! of a message printed while a file loads, a directive that failed after an error, and the
//! messages of `initialization/1`. Standard output and the exit status must be swipl's. The
//! goldens are swipl's, made by `sh tests/swipl_diff/regen.sh` (never by hand).

use super::swipl_diff::run_cases;

/// Whether the lines of `want` occur in `got` in order (other lines may come between).
fn in_order(want: &str, got: &str) -> Result<(), String> {
    let mut rest = got.lines();
    for line in want.lines() {
        if !rest.any(|g| g == line) {
            return Err(line.to_string());
        }
    }
    Ok(())
}

#[test]
fn in_order_finds_lines_between_others() {
    assert!(in_order("a\nc\n", "a\nb\nc\n").is_ok());
    assert_eq!(in_order("c\na\n", "a\nb\nc\n"), Err("a".to_string()));
}

#[test]
fn swipl_lines_are_among_plys() {
    let (n, wrong) = run_cases("lines_cases.txt", |ran, wrong| {
        let (want_out, want_err) = (ran.golden("out"), ran.golden("err"));
        let name = &ran.name;
        if ran.out != want_out {
            wrong.push(format!(
                "{name}: stdout\n--- swipl\n{want_out}--- ply\n{}---",
                ran.out
            ));
        }
        if let Err(missing) = in_order(&want_err, &ran.err) {
            wrong.push(format!(
                "{name}: swipl's line `{missing}` is missing (or out of order)\n--- swipl\n{want_err}--- ply\n{}---",
                ran.err
            ));
        }
    });
    assert!(n >= 1, "the cases were read");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
