//! Running a goal in a machine built inside an integration test and capturing what it prints,
//! followed by how it ended, so that two machines (fast paths on and off) can be compared; and
//! loading the textbook's minimax into such a machine without a warning printed.

use std::path::Path;

use ply::machine::solve::Answer;
use ply::machine::Machine;
use ply::system::machine_with_fast_paths;

/// The textbook's minimax: Bratko's figure 15.3 with its erratum corrected.
const TEXTBOOK: &str = "programs/textbook/bratko_15_3_minimax_corrected.pl";

/// The two clauses of `выбор/6` as the book prints them, each with a variable it uses only
/// once, and the same clauses with those variables' names marked (`_Поз1`, `_Поз0`, `_Оц0`).
const BOOK_SINGLETONS: [(&str, &str); 2] = [
    (
        "выбор( Поз0, Оц0, Поз1, Оц1, Поз0, Оц0) :-",
        "выбор( Поз0, Оц0, _Поз1, Оц1, Поз0, Оц0) :-",
    ),
    (
        "выбор( Поз0, Оц0, Поз1, Оц1, Поз1, Оц1).",
        "выбор( _Поз0, _Оц0, Поз1, Оц1, Поз1, Оц1).",
    ),
];

/// Consult the textbook's minimax into `m` as file `figure.pl`, asserting that it loads without
/// a warning. As printed, the book's two clauses of `выбор/6` draw two singleton warnings (the
/// golden programs check them, `tests/golden/tictactoe_corrected.err.swipl`), which a machine
/// writes to the process's standard error, past the test harness's capture; with the single
/// variables' names marked the clauses compile to the same code and load in silence.
pub fn consult_textbook(m: &mut Machine) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(TEXTBOOK);
    let mut text = std::fs::read_to_string(path).expect("the textbook figure");
    for (printed, marked) in BOOK_SINGLETONS {
        assert_eq!(text.matches(printed).count(), 1, "{printed}");
        text = text.replace(printed, marked);
    }
    let before = m.services.loading.load_messages;
    m.consult_text(&text, "figure.pl", None);
    assert_eq!(
        m.services.loading.load_messages, before,
        "the textbook figure loads without a warning"
    );
}

/// A machine with the fast paths on or off and `program` consulted as file `name`.
pub fn loaded(program: &str, name: &str, on: bool) -> Machine {
    let mut m = machine_with_fast_paths(on);
    assert_eq!(m.services.fast_paths, on);
    m.consult_text(program, name, None);
    m
}

/// Whether `s` names a fresh variable (`_123`, as the writer names one the query did not name).
pub fn names_fresh_variable(s: &str) -> bool {
    s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|t| t.len() > 1 && t.starts_with('_') && t[1..].bytes().all(|b| b.is_ascii_digit()))
}

/// `s` with each fresh variable's name (`_G123`, `_123`) written `_`: the names are heap
/// addresses, which differ between machines that made different garbage.
pub fn plain(s: &str) -> String {
    let mut out = String::new();
    let mut prev = ' ';
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '_' && !prev.is_alphanumeric() && prev != '_' {
            if chars.peek() == Some(&'G') {
                chars.next();
            }
            while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                chars.next();
            }
        }
        prev = c;
    }
    out
}

/// What `goal` prints, followed by how it ended (nothing for success, ` !false` for failure,
/// ` !` and the answer otherwise).
pub fn run(m: &mut Machine, goal: &str) -> String {
    let text = format!("{goal}. ");
    let read = m.read_from(&text, 0).expect("syntax").expect("a term").0;
    m.services.out.begin_capture();
    let answer = m.solve_once(read.term);
    let out = m.services.out.end_capture();
    match answer {
        Answer::True => out,
        Answer::False => format!("{out} !false"),
        other => format!("{out} !{other:?}"),
    }
}

/// Assert that each goal prints the same in `on` and `off` (fresh variables' names aside).
pub fn assert_same<S: AsRef<str>>(
    on: &mut Machine,
    off: &mut Machine,
    goals: impl IntoIterator<Item = S>,
) {
    for goal in goals {
        let goal = goal.as_ref();
        let (a, b) = (plain(&run(on, goal)), plain(&run(off, goal)));
        assert_eq!(a, b, "{goal}");
    }
}

/// Assert that each goal of `cases` prints what its case says (fresh variables' names aside).
pub fn assert_answers(m: &mut Machine, cases: &[(&str, &str)]) {
    for (goal, want) in cases {
        let got = plain(&run(m, goal));
        assert_eq!(got, *want, "{goal}");
    }
}
