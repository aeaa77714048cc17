//! The heap collector and the big terms a builtin builds in one step (findall/3's list of
//! answers): the next call does not collect such a term at once, which would copy all of it to
//! free little, but a loop that keeps building and dropping such terms still collects, in
//! bounded memory (`GcState::fresh_result` in `crates/ply-engine/src/gc.rs`).

/// Run ply on `tests/memory/fresh_results.pl` with goal `goal` and the collector's settings as
/// by default; returns the numbers printed on standard output.
fn run(goal: &str) -> Vec<i64> {
    crate::support::run::numbers_printed("tests/memory/fresh_results.pl", goal, None)
}

#[test]
fn a_big_list_of_answers_is_not_collected_at_the_next_call() {
    // A million heap cells, eight times the least step between collections: counted as
    // allocation, they would make the first call after findall/3 collect.
    assert_eq!(run("kept"), vec![200_000, 0]);
}

#[test]
fn a_loop_that_builds_and_drops_big_lists_of_answers_collects_in_bounded_memory() {
    // Each list is 200,000 heap cells (1.6 MB); the large run builds 96 MB of them. Only one
    // list between two collections puts the next one off.
    let small = run("run(3)");
    let large = run("run(60)");
    let (large_kb, collections) = (large[0], large[1]);
    assert!(collections >= 10, "the collector ran: {large:?}");
    assert!(
        large_kb - small[0] < 24 * 1024,
        "20 times the lists grow the peak by {} kB",
        large_kb - small[0]
    );
}

#[test]
fn big_lists_of_answers_kept_without_end_meet_the_stack_limit_as_a_catchable_error() {
    // The put-off collection does not put off the limit: the error is caught, and the run goes
    // on.
    assert_eq!(run("limited"), vec![10]);
}
