//! Semi-naive passes of tabling (`builtins/db/tables/delta.rs`) change no answer: the tabled
//! programs of `tests/tabling/pass_cases.pl` print the same with the fast paths on and off,
//! and only with them on do the groups' later passes call the delta predicates, made for
//! exactly the predicates that have a clause reading tables with nothing but pure builtins
//! and facts around them.

use crate::support::capture;
use capture::run;
use ply::machine::Machine;
use ply::system::machine_with_fast_paths;
use std::path::Path;

/// A machine with the fast paths on or off and the pass cases loaded.
fn loaded(on: bool) -> Machine {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tabling/pass_cases.pl");
    let text = std::fs::read_to_string(path).expect("the pass cases");
    let mut m = machine_with_fast_paths(on);
    m.consult_text(&text, "pass_cases.pl", None);
    m
}

#[test]
fn tabled_groups_answer_the_same_with_and_without_delta_passes() {
    let mut on = loaded(true);
    let mut off = loaded(false);
    let a = run(&mut on, "main");
    let b = run(&mut off, "main");
    assert!(a.contains("ping: 601 answers, sum 180300"), "{a}");
    assert!(a.contains("path: 152"), "{a}");
    assert!(a.contains("reach: 1681 40-40"), "{a}");
    assert!(!a.contains(" !"), "{a}");
    assert_eq!(a, b);
}

#[test]
fn delta_predicates_are_made_only_for_qualifying_clauses_and_with_fast_paths_on() {
    let mut on = loaded(true);
    let mut off = loaded(false);
    run(&mut on, "main");
    run(&mut off, "main");
    let has = |m: &mut Machine, name: &str| {
        let goal = format!("(current_predicate('{name} tabled delta'/_) -> write(y) ; write(n))");
        run(m, &goal)
    };
    // ping, pong, hop and dist read one table among pure goals or facts; via's clause calls
    // seq/3, a rule; reach, reach3 and far read several tables among pure goals; both/2 does
    // too, but reads only complete tables, so its first pass completes it and no later pass
    // needs a delta predicate; firsts/1 cuts; path/2 calls link/2, a rule.
    for (name, made) in [
        ("ping", "y"),
        ("pong", "y"),
        ("hop", "y"),
        ("dist", "y"),
        ("via", "n"),
        ("both", "n"),
        ("reach", "y"),
        ("reach3", "y"),
        ("far", "y"),
        ("firsts", "n"),
        ("path", "n"),
    ] {
        assert_eq!(has(&mut on, name), made, "{name} with the fast paths on");
        assert_eq!(has(&mut off, name), "n", "{name} with the fast paths off");
    }
}
