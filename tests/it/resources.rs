//! Resource limits as SWI-Prolog has them: past the `stack_limit` flag a goal raises
//! `error(resource_error(stack), _)`, which catch/3 catches, after which the machine's memory
//! goes back; findall/3 counts its answers against the same limit; the flag is read and set
//! with current_prolog_flag/2, set_prolog_flag/2 and `--stack-limit`. The atom table holds at
//! most as many bytes of atoms as that limit, past which making an atom raises
//! `error(resource_error(atoms), _)`. Small limits keep these fast.

use crate::support::run;
use run::ply;

/// Run `goal` under `-g` with the given stack limit on the limits program.
fn goal(limit: &str, goal: &str) -> (String, String, i32) {
    let limit = format!("--stack-limit={limit}");
    ply(
        &[
            &limit,
            "-q",
            "-g",
            goal,
            "-t",
            "halt",
            "tests/resources/limits.pl",
        ],
        "",
    )
}

#[test]
fn runaway_recursion_is_caught_and_the_memory_goes_back() {
    let (out, err, code) = goal("64m", "overflow_then_rss");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "resource_error(stack)", "{out}\n{err}");
    let peak: u64 = lines[1].parse().unwrap();
    let now: u64 = lines[2].parse().unwrap();
    // The stacks reached the 64 MB limit; after the catch they keep a small part of it.
    assert!(peak > 48 * 1024, "the stacks grew to the limit: {peak} kB");
    assert!(peak < 160 * 1024, "and not far past it: {peak} kB");
    assert!(
        now < peak - 40 * 1024,
        "memory went back: {now} kB of {peak} kB"
    );
}

#[test]
fn the_overflow_is_caught_again_after_a_first_catch() {
    let (out, err, code) = goal("16m", "overflow_twice");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "resource_error(stack)-resource_error(stack)");
}

#[test]
fn an_uncaught_overflow_under_g_is_reported_in_swipl_words() {
    let (_, err, code) = goal("16m", "r(0)");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("Stack limit (16.0Mb) exceeded"), "{err}");
}

#[test]
fn the_toplevel_survives_an_overflow() {
    let (out, err, _) = ply(
        &["--stack-limit=16m", "-q", "tests/resources/limits.pl"],
        "r(0).\nX = survived.\n",
    );
    assert!(err.contains("Stack limit (16.0Mb) exceeded"), "{err}");
    assert!(out.contains("X = survived"), "{out}\n{err}");
}

#[test]
fn atoms_made_without_end_are_a_resource_error_and_can_be_made_again() {
    // At a 16 MB limit the atom table fills after some two hundred thousand atoms.
    let (out, err, code) = goal("16m", "atoms_without_end(E, B), writeq(E-B), nl");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "resource_error(atoms)-y1\n");
}

#[test]
fn findall_collecting_without_end_is_a_resource_error() {
    let (out, err, code) = goal(
        "16m",
        "catch(findall(X-Y, repeat, _), error(E, _), true), writeq(E), nl, \
         findall(Z, between(1, 3, Z), L), writeq(L), nl",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "resource_error(stack)\n[1,2,3]\n");
}

#[test]
fn the_stack_limit_flag_is_read_and_set() {
    let (out, err, code) = goal(
        "256m",
        "current_prolog_flag(stack_limit, A), writeq(A), nl, \
         set_prolog_flag(stack_limit, 8000000), current_prolog_flag(stack_limit, B), \
         writeq(B), nl, catch(r(0), error(E, _), true), writeq(E), nl, \
         catch(set_prolog_flag(stack_limit, foo), error(T, _), true), writeq(T), nl, \
         catch(set_prolog_flag(stack_limit, 1000), error(P, _), true), writeq(P), nl",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "268435456\n8000000\nresource_error(stack)\ntype_error(integer,foo)\n\
         permission_error(limit,stacks,1000)\n"
    );
}

#[test]
fn the_default_stack_limit_is_swipls() {
    let (out, err, code) = ply(
        &[
            "-q",
            "-g",
            "current_prolog_flag(stack_limit, L), write(L), nl",
            "-t",
            "halt",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "1073741824");
}

#[test]
fn a_bad_stack_limit_option_is_refused() {
    let (_, err, code) = ply(&["--stack-limit=lots", "-g", "halt"], "");
    assert_ne!(code, 0);
    assert!(err.contains("stack-limit"), "{err}");
}

#[test]
fn a_list_longer_than_the_limit_is_refused_before_it_is_built() {
    let (out, err, code) = goal(
        "64m",
        "catch(length(L, 300000000), error(E, _), true), writeq(E), nl, \
         length(K, 3), length(K, N), writeq(N), nl",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "resource_error(stack)\n3\n");
}

#[test]
fn a_huge_power_is_refused_at_once() {
    let (out, err, code) = goal(
        "64m",
        "catch(X is 2**(10**10), error(E, _), true), writeq(E), nl, \
         catch(Y is 7**(10**10), error(F, _), true), writeq(F), nl",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "resource_error(memory)\nresource_error(memory)\n");
}
