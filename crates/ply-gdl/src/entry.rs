//! The uniform entry points a translation ends with (`'$gdl_roles'/1`, `'$gdl_init'/1`,
//! `'$gdl_legal'/3`, `'$gdl_legal_moves'/3`, `'$gdl_next'/3`, `'$gdl_goal'/3`, `'$gdl_terminal'/1`), through which the
//! game protocol and the GDL predicates reach a sheet's relations whichever translation it is:
//! the plain one passes the state and the joint move on as arguments, the indexed one loads
//! the state into its holders first and collects every answer before it hands out the first.
//! Also the depth guard of recursive relations' tabled workers.

use crate::emit::{relation_call, Extra};
use std::collections::BTreeMap;
use std::fmt::Write;

/// How deep tabled calls may nest before the evaluation is given up. Tabling ends every
/// recursion over finitely many calls; only rules that call themselves with ever larger terms,
/// `(<= (p ?x) (p (f ?x)))`, which GDL's recursion restriction forbids, nest without end.
/// Recursion in real sheets nests as deep as a board is long.
pub const MAX_TABLED_DEPTH: usize = 5_000;

/// The guard each clause of a recursive relation's worker starts with: a count of the tabled
/// calls under way, kept in a backtrackable global variable so that it falls back as they
/// return, and a resource error past [`MAX_TABLED_DEPTH`].
fn depth_guard() -> String {
    format!(
        "'$gdl_deeper' :-
    catch(b_getval('$gdl_depth', D), _, D = 0),
    D1 is D + 1,
    (   D1 > {MAX_TABLED_DEPTH}
    ->  throw(error(resource_error(gdl_recursion_depth),
                    context(_, 'rules call themselves with ever larger terms')))
    ;   b_setval('$gdl_depth', D1)
    ).
"
    )
}

/// The uniform entry points the game protocol calls, each passing the state and the joint
/// move to the sheet's relation as far as that relation takes them.
pub(crate) fn entry_points(extra: &BTreeMap<String, Extra>, out: &mut String) {
    let call = |name: &str, args: &[&str], s: &str, d: &str| {
        relation_call(
            name,
            args.iter().map(|a| a.to_string()).collect(),
            extra,
            (Some(s), d),
            false,
        )
    };
    // The entry point's own state and joint-move parameters, `_` where the relation takes none.
    let state = |name: &str| {
        if extra.get(name).is_some_and(|e| e.state) {
            "S"
        } else {
            "_"
        }
    };
    let moves = |name: &str| {
        if extra.get(name).is_some_and(|e| e.moves) {
            "D"
        } else {
            "_"
        }
    };
    // Tables of relations over the state are of one state each: dropped once the next state is
    // known, they keep memory flat over a long playout. (Tables over the static relations go
    // too, and are computed again when next asked for.)
    let drop_tables = if extra.values().any(|e| e.tabled && (e.state || e.moves)) {
        ", abolish_all_tables"
    } else {
        ""
    };
    let clauses = [
        format!(
            "'$gdl_roles'(Rs) :- findall(R, {}, Rs).",
            call("role", &["R"], "[]", "[]")
        ),
        if extra.contains_key("init") {
            format!(
                "'$gdl_init'(S) :- findall(F, {}, Fs), sort(Fs, S).",
                call("init", &["F"], "[]", "[]")
            )
        } else {
            "'$gdl_init'([]).".to_string()
        },
        format!(
            "'$gdl_legal'({}, R, M) :- {}.",
            state("legal"),
            call("legal", &["R", "M"], "S", "[]")
        ),
        // The moves of one role as a sorted list: what a player asks for before it chooses.
        "'$gdl_legal_moves'(S, R, Ms) :- findall(M, '$gdl_legal'(S, R, M), L), sort(L, Ms)."
            .to_string(),
        format!(
            "'$gdl_next'({}, {}, S1) :- findall(F, {}, Fs), sort(Fs, S1){drop_tables}.",
            state("next"),
            moves("next"),
            call("next", &["F"], "S", "D")
        ),
        format!(
            "'$gdl_goal'({}, R, V) :- {}.",
            state("goal"),
            call("goal", &["R", "V"], "S", "[]")
        ),
        format!(
            "'$gdl_terminal'({}) :- {}, !.",
            state("terminal"),
            call("terminal", &[], "S", "[]")
        ),
    ];
    for c in clauses {
        out.push_str(&c);
        out.push('\n');
    }
    if extra.values().any(|e| e.tabled) {
        out.push_str(&depth_guard());
    }
}

/// The entry points of the indexed translation: each loads the state it is given into the
/// holders first (`'$gdl_use'/1`, [`crate::store::loader`]) where the relation reads the state,
/// and collects every answer before it hands out the first.
pub(crate) fn indexed_entry_points(
    extra: &BTreeMap<String, Extra>,
    known: &[(String, usize)],
    out: &mut String,
) {
    let reads = |name: &str| extra.get(name).is_some_and(|e| e.state);
    let call = |name: &str, args: &[&str], d: &str| {
        let args = args.iter().map(|a| a.to_string()).collect();
        relation_call(name, args, extra, (None, d), false)
    };
    // The state parameter and the goal that loads it, for a relation that reads the state;
    // `fixed` is the state to load for the relations asked before any state exists.
    let state_tables = extra.values().any(|e| e.tabled && e.state);
    let use_state = |name: &str, fixed: Option<&str>| match (reads(name), fixed) {
        (false, _) => ("_", String::new()),
        (true, Some(s)) => (
            "_",
            format!("{}, ", crate::store::use_goal(s, state_tables)),
        ),
        (true, None) => (
            "S",
            format!("{}, ", crate::store::use_goal("S", state_tables)),
        ),
    };
    let moves = |name: &str| {
        if extra.get(name).is_some_and(|e| e.moves) {
            "D"
        } else {
            "_"
        }
    };
    let move_tables = if extra.values().any(|e| e.tabled && e.moves) {
        ", abolish_all_tables"
    } else {
        ""
    };
    crate::store::loader(known, state_tables, out);
    let (_, u) = use_state("role", Some("[]"));
    let _ = writeln!(
        out,
        "'$gdl_roles'(Rs) :- {u}findall(R, {}, Rs).",
        call("role", &["R"], "[]")
    );
    if extra.contains_key("init") {
        let (_, u) = use_state("init", Some("[]"));
        let i = call("init", &["F"], "[]");
        let _ = writeln!(
            out,
            "'$gdl_init'(S) :- {u}findall(F, {i}, Fs), sort(Fs, S)."
        );
    } else {
        out.push_str("'$gdl_init'([]).\n");
    }
    let (s, u) = use_state("legal", None);
    let l = call("legal", &["R", "M"], "[]");
    // With the role given (an atom, as the protocol asks), only the moves are collected and
    // sorted: no `R-M` pair to build, copy and compare for each.
    let _ = writeln!(
        out,
        "'$gdl_legal'({s}, R, M) :- {u}(   atomic(R)\n    ->  findall(M, {l}, L0), sort(L0, L), member(M, L)\n    ;   findall(R-M, {l}, L0), sort(L0, L), member(R-M, L)\n    )."
    );
    // One role's moves as a sorted list, collected once: '$gdl_legal'/3 hands the same list
    // out one move at a time, and a player that wants the list would otherwise collect it twice.
    let _ = writeln!(
        out,
        "'$gdl_legal_moves'({s}, R, Ms) :- {u}findall(M, {l}, L0), sort(L0, Ms)."
    );
    let (s, u) = use_state("next", None);
    let (d, n) = (moves("next"), call("next", &["F"], "D"));
    let _ = writeln!(
        out,
        "'$gdl_next'({s}, {d}, S1) :- {u}findall(F, {n}, Fs), sort(Fs, S1){move_tables}."
    );
    let (s, u) = use_state("goal", None);
    let g = call("goal", &["R", "V"], "[]");
    let _ = writeln!(
        out,
        "'$gdl_goal'({s}, R, V) :- {u}(   atomic(R)\n    ->  findall(V, {g}, L0), sort(L0, L), member(V, L)\n    ;   findall(R-V, {g}, L0), sort(L0, L), member(R-V, L)\n    )."
    );
    let (s, u) = use_state("terminal", None);
    let _ = writeln!(
        out,
        "'$gdl_terminal'({s}) :- {u}{}, !.",
        call("terminal", &[], "[]")
    );
    if extra.values().any(|e| e.tabled) {
        out.push_str(&depth_guard());
    }
}
