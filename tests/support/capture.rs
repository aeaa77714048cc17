//! Running a goal in a machine built inside an integration test and capturing what it prints,
//! followed by how it ended, so that two machines (fast paths on and off) can be compared.

use ply::machine::solve::Answer;
use ply::machine::Machine;

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
