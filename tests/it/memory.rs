//! Memory stays bounded on long deterministic runs: the heap garbage collector reclaims what a
//! tail-recursive loop and the textbook minimax leave behind, the atom collector the atoms a
//! loop makes and drops, and neither collector ever changes an answer.
//!
//! These check growth, not time: each runs a program at two sizes and compares the peak resident
//! set size the program reads from `/proc/self/status` (tests/memory/peak_rss.pl). Without a
//! collector the larger runs need hundreds of megabytes more than the smaller ones. The full-size
//! runs (100,000 naive reverses, the whole tic-tac-toe tree) are measured beside
//! SWI-Prolog by `benches/memory.sh`.
use crate::support::run::numbers_printed as run;
use std::process::Command;

#[test]
fn naive_reverse_loop_runs_in_bounded_memory() {
    // Default settings, as a user runs it. 40,000 iterations cons about 320 MB of list cells.
    let small = run("tests/memory/nrev_loop.pl", "run(2000)", None);
    let large = run("tests/memory/nrev_loop.pl", "run(40000)", None);
    let (small_kb, large_kb, collections) = (small[0], large[0], large[1]);
    assert!(collections > 0, "the collector ran: {large:?}");
    assert!(large_kb < 32 * 1024, "peak {large_kb} kB is under 32 MB");
    assert!(
        large_kb - small_kb < 4 * 1024,
        "20 times the work grows the peak by {} kB",
        large_kb - small_kb
    );
}

#[test]
fn frozen_goals_of_bound_variables_are_collected() {
    // 20,000 iterations each freeze a goal holding 2,000 list cells (about 640 MB in all)
    // and bind the variable: the bound variable's goal is garbage.
    let small = run("tests/memory/frozen_loop.pl", "run(1000)", None);
    let large = run("tests/memory/frozen_loop.pl", "run(20000)", None);
    let (small_kb, large_kb, collections) = (small[0], large[0], large[1]);
    assert!(collections > 0, "the collector ran: {large:?}");
    assert!(
        large_kb - small_kb < 16 * 1024,
        "20 times the work grows the peak by {} kB",
        large_kb - small_kb
    );
}

#[test]
fn textbook_minimax_runs_in_bounded_memory() {
    // A small least growth makes the collector run on these short searches; the first searches
    // about 60,000 positions, the second about 100.
    let growth = Some("65536");
    let large = run(
        "tests/memory/minimax_pure.pl",
        "run([x,e,e,e,e,e,e,e,e], o)",
        growth,
    );
    let small = run(
        "tests/memory/minimax_pure.pl",
        "run([x,o,x,o,e,e,e,e,e], x)",
        growth,
    );
    assert_eq!(large[0], 0, "x in a corner draws: {large:?}");
    assert_eq!(
        small[0], 1,
        "x to move wins by a fork in the centre: {small:?}"
    );
    assert!(large[2] > 0, "the collector ran: {large:?}");
    assert!(
        large[1] - small[1] < 4 * 1024,
        "600 times the work grows the peak by {} kB",
        large[1] - small[1]
    );
}

#[test]
fn a_collection_at_every_call_changes_no_minimax_answer() {
    // The least growth of one cell collects at nearly every call: the answer and the value
    // stay those of a run without collections.
    let stressed = run(
        "tests/memory/minimax_pure.pl",
        "run([x,o,x,e,o,e,e,e,e], x)",
        Some("1"),
    );
    let plain = run(
        "tests/memory/minimax_pure.pl",
        "set_prolog_flag(gc, false), run([x,o,x,e,o,e,e,e,e], x)",
        None,
    );
    assert_eq!(stressed[0], plain[0]);
    assert!(stressed[2] > 1000, "collections: {stressed:?}");
    assert_eq!(plain[2], 0);
}

/// Run `goal` on `file` with a heap collection at every call boundary (`PLY_GC_GROWTH=1`) and
/// check that it succeeds with exactly the output of `tests/golden/CASE.out`, made by SWI-Prolog
/// (`tests/golden/regen.sh`).
fn matches_swipl_collecting_at_every_call(file: &str, goal: &str, case: &str) {
    matches_swipl_with(file, goal, case, ("PLY_GC_GROWTH", "1"));
}

/// Run `goal` on `file` with the environment variable `setting` set, and check that it
/// succeeds with exactly the output of `tests/golden/CASE.out`, made by SWI-Prolog.
fn matches_swipl_with(file: &str, goal: &str, case: &str, setting: (&str, &str)) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let golden = std::fs::read_to_string(root.join(format!("tests/golden/{case}.out"))).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .current_dir(root)
        .args(["-q", "-g", goal, "-t", "halt", file])
        .env_remove("PLY_GC_GROWTH")
        .env_remove("PLY_AGC_THRESHOLD")
        .env(setting.0, setting.1)
        .output()
        .expect("run ply");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), golden);
}

#[test]
fn collections_at_every_call_keep_every_kind_of_live_data() {
    // tests/memory/gc_cases.pl keeps live data in environments, choicepoints, the trail, a
    // caught ball, findall and setof answers, asserted clauses, globals, setarg/3 and boxed
    // values while making garbage.
    matches_swipl_collecting_at_every_call(
        "tests/memory/gc_cases.pl",
        "main, statistics(garbage_collection, [C|_]), C > 1000",
        "gc_cases",
    );
}

#[test]
fn collections_at_every_call_survive_stale_pointers_into_boxed_values() {
    // tests/memory/gc_stale.pl leaves stale pointers that land on the raw words of live strings,
    // floats and big integers, which makes the collector mark again with a map of the region.
    matches_swipl_collecting_at_every_call("tests/memory/gc_stale.pl", "main", "gc_stale");
}

#[test]
fn a_loop_that_makes_a_million_atoms_keeps_the_atom_table_bounded() {
    // Default settings. Without the atom collector the table would grow by 1,000,000.
    let small = run("tests/memory/atom_loop.pl", "run(10000)", None);
    let large = run("tests/memory/atom_loop.pl", "run(1000000)", None);
    let (growth, large_kb, collections) = (large[0], large[1], large[2]);
    assert!(collections > 10, "the atom collector ran: {large:?}");
    assert!(growth < 100_000, "the table grew by {growth} atoms");
    assert!(
        large_kb - small[1] < 16 * 1024,
        "100 times the atoms grow the peak by {} kB",
        large_kb - small[1]
    );
}

#[test]
fn a_loop_that_makes_long_atoms_and_digests_gives_their_text_back() {
    // 200,000 turns of a 400-byte atom and its md5 digest: 86 MB of names if the text of freed
    // atoms were kept.
    let small = run("tests/memory/atom_text_loop.pl", "run(2000)", None);
    let large = run("tests/memory/atom_text_loop.pl", "run(200000)", None);
    assert!(large[0] < 100_000, "the table grew by {} atoms", large[0]);
    assert!(
        large[1] - small[1] < 16 * 1024,
        "100 times the turns grow the peak by {} kB",
        large[1] - small[1]
    );
}

#[test]
fn a_loop_that_retracts_and_asserts_a_million_clauses_runs_in_bounded_memory() {
    // Default settings. Without reuse of the code of retracted clauses, each turn would keep
    // its clause's code (two instructions and an owner entry, about 64 bytes): 64 MB for
    // 1,000,000 turns.
    let small = run("tests/memory/assert_loop.pl", "run(10000)", None);
    let large = run("tests/memory/assert_loop.pl", "run(1000000)", None);
    assert_eq!((small[0], large[0]), (10_000, 1_000_000));
    assert!(
        large[1] - small[1] < 8 * 1024,
        "100 times the turns grow the peak by {} kB",
        large[1] - small[1]
    );
}

#[test]
fn a_loop_that_retracts_and_asserts_rules_with_control_and_compounds_runs_in_bounded_memory() {
    // Default settings. Without reuse of a removed rule's whole family (its alternatives'
    // owner entries, templates and auxiliary predicates), 200,000 turns keep between 34 MB
    // (a disjunction) and 200 MB (an auxiliary predicate) of it.
    for (kind, answers) in [("ite", 1), ("disj", 1), ("aux", 3), ("tmpl", 1)] {
        let small = run(
            "tests/memory/assert_rules_loop.pl",
            &format!("run({kind}, 10000)"),
            None,
        );
        let large = run(
            "tests/memory/assert_rules_loop.pl",
            &format!("run({kind}, 200000)"),
            None,
        );
        assert_eq!((small[0], large[0]), (answers, answers), "{kind}");
        assert!(
            large[1] - small[1] < 8 * 1024,
            "{kind}: 20 times the turns grow the peak by {} kB",
            large[1] - small[1]
        );
    }
}

#[test]
fn clauses_of_tests_decoded_in_reused_code_decide_as_in_fresh_code() {
    // tests/memory/code_reuse_shapes.pl compiles 300 clauses of the shape of выбор/6 one into
    // the freed code of another (PLY_CODE_SCAN_GAP=1), then runs the last; the answers must be
    // those of a run that reuses no code.
    let answers = |gap: &str| {
        ply_stdout(
            "tests/memory/code_reuse_shapes.pl",
            "main",
            &[("PLY_CODE_SCAN_GAP", gap)],
        )
    };
    let reused = answers("1");
    assert_eq!(reused, answers("1000000000"));
    assert!(
        reused.contains("-2-max-none") && reused.contains("3-none-min"),
        "{reused}"
    );
}

#[test]
fn code_reuse_at_every_assert_changes_no_answer() {
    // tests/memory/code_reuse_cases.pl retracts clauses that a call's snapshot, a running
    // clause, a choicepoint in an auxiliary predicate and a thrown ball still need, while
    // clauses of the same layout are asserted.
    // PLY_CODE_SCAN_GAP=1 looks for free code at every assert; the output must be SWI-Prolog's
    // (tests/golden/regen.sh, case code_reuse_cases).
    matches_swipl_with(
        "tests/memory/code_reuse_cases.pl",
        "main",
        "code_reuse_cases",
        ("PLY_CODE_SCAN_GAP", "1"),
    );
}

/// Run ply on `file` with goal `goal` and environment `env` (the collectors' settings as by
/// default unless `env` gives them); returns its standard output.
fn ply_stdout(file: &str, goal: &str, env: &[(&str, &str)]) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ply"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["-q", "-g", goal, "-t", "halt", file])
        .env_remove("PLY_GC_GROWTH")
        .env_remove("PLY_AGC_THRESHOLD")
        .env_remove("PLY_CODE_SCAN_GAP")
        .envs(env.iter().copied());
    let out = cmd.output().expect("run ply");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// [`ply_stdout`] of `tests/memory/agc_cases.pl`.
fn agc_cases(goal: &str, env: &[(&str, &str)]) -> String {
    ply_stdout("tests/memory/agc_cases.pl", goal, env)
}

#[test]
fn atom_collections_at_every_call_keep_every_atom_in_use() {
    // tests/memory/agc_cases.pl keeps atoms made at run time in environments, choicepoints,
    // the trail, a caught ball, findall answers, asserted and retracted clauses, predicate
    // names, globals, setarg/3, operators, terms read from text and a nested query while it
    // makes and drops others. Its golden output comes from SWI-Prolog (tests/golden/regen.sh,
    // case agc_cases). A threshold of one atom collects at the first call after every new atom,
    // alone and together with heap collections at every call.
    let golden = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/agc_cases.out"),
    )
    .unwrap();
    let goal = "main, statistics(agc, C), C > 1000";
    assert_eq!(agc_cases(goal, &[("PLY_AGC_THRESHOLD", "1")]), golden);
    assert_eq!(
        agc_cases(goal, &[("PLY_AGC_THRESHOLD", "1"), ("PLY_GC_GROWTH", "1")]),
        golden
    );
    assert_eq!(agc_cases("main", &[]), golden);
}

#[test]
fn a_list_grown_to_the_stack_limit_keeps_the_peak_near_the_limit() {
    // A 64 MB limit: the heap reaches it, is collected (everything is live) and the goal
    // raises resource_error(stack). The collector's work list held one address for every
    // element of the list, which took the peak to 121 MB; it now stays short.
    let peak = run("tests/memory/long_list.pl", "run(64)", None);
    assert!(
        peak[0] < 96 * 1024,
        "peak {} kB under a 64 MB stack limit is under 96 MB",
        peak[0]
    );
}
