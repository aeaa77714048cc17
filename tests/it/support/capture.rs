//! Running a goal in a machine built inside an integration test and capturing what it prints,
//! followed by how it ended, so that two machines (fast paths on and off) can be compared.

use ply::machine::solve::Answer;
use ply::machine::Machine;
use ply::system::machine_with_fast_paths;

/// A machine with the fast paths on or off and `program` consulted as file `name`.
pub fn loaded(program: &str, name: &str, on: bool) -> Machine {
    let mut m = machine_with_fast_paths(on);
    assert_eq!(m.fast_paths, on);
    m.consult_text(program, name, None);
    m
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
    m.out.begin_capture();
    let answer = m.solve_once(read.term);
    let out = m.out.end_capture();
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
