//! The fast paths of the text builtins (`sub_atom/5` and `sub_string/5` as natives,
//! `atomic_list_concat/3`'s join and one-character split, `format/3` into one buffer) give
//! swipl's answers in every mode, and the same with `PLY_FAST_PATHS=0`: ply runs
//! `tests/swipl_diff/text_modes.pl` both ways and each output must equal swipl's golden
//! (`golden/text_modes.out`, made by `sh tests/swipl_diff/regen.sh`), up to the numbers of
//! fresh variables.

use crate::swipl_diff::main_output;

/// The output of `text_modes.pl` under ply with the fast paths `on` or off.
fn run(on: bool) -> String {
    main_output("text_modes.pl", on)
}

/// `text` with each fresh variable's number (`_123`) written `_V`.
fn fresh_vars_named(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut word = false;
    while let Some(c) = chars.next() {
        if c == '_' && !word && chars.peek().is_some_and(|d| d.is_ascii_digit()) {
            while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                chars.next();
            }
            out.push_str("_V");
            word = true;
            continue;
        }
        word = c.is_alphanumeric() || c == '_';
        out.push(c);
    }
    out
}

fn golden() -> String {
    let p = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/swipl_diff/golden/text_modes.out"
    );
    std::fs::read_to_string(p).expect("the golden")
}

#[test]
fn text_builtins_answer_as_swipl_with_fast_paths_on() {
    let want = fresh_vars_named(&golden());
    assert!(want.lines().count() > 80, "the golden lists every goal");
    assert_eq!(fresh_vars_named(&run(true)), want);
}

#[test]
fn text_builtins_answer_as_swipl_with_fast_paths_off() {
    assert_eq!(fresh_vars_named(&run(false)), fresh_vars_named(&golden()));
}
