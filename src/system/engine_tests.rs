//! Unit tests of the engine that need the assembled system, because their programs call
//! builtins: the atom collector frees the atoms a program dropped and keeps the ones it holds
//! (`machine/atom_gc.rs`), and clause selection leaves no choicepoint where other arguments
//! decide the call (`machine/db/index.rs`).

use super::machine;
use crate::machine::run::Outcome;
use crate::machine::Machine;

#[test]
fn dropped_atoms_are_freed_and_kept_ones_keep_their_names() {
    let mut m = machine();
    assert!(m.succeeds(
        "atom_concat(kept_, 1, K), nb_setval(k, K), \
         atom_concat(kept_, 2, A), assertz(kept_fact(A)), \
         atom_concat(pred_, 3, P), assertz(P), \
         forall(between(1, 500, I), atom_concat(dropped_, I, _)), \
         garbage_collect_atoms"
    ));
    assert!(m.services.gc.atoms.collections >= 1);
    assert_eq!(m.atoms.lookup("dropped_7"), None);
    assert!(
        m.services.gc.atoms.freed >= 500,
        "freed {}",
        m.services.gc.atoms.freed
    );
    for name in ["kept_1", "kept_2", "pred_3"] {
        assert!(m.atoms.lookup(name).is_some(), "{name} survives");
    }
    // Reused indices: the new atoms get new names, the kept ones read back as before.
    assert!(m.succeeds(
        "forall(between(1, 500, I), atom_concat(new_, I, _)), \
         nb_getval(k, K), K == kept_1, kept_fact(A), A == kept_2, pred_3, \
         atom_length(kept_1, 6)"
    ));
}

#[test]
fn atoms_in_code_and_the_permanent_ones_survive() {
    let mut m = machine();
    let before = m.atoms.len();
    m.collect_atoms();
    // Nothing the library or the builtins interned is volatile.
    assert_eq!(m.atoms.len(), before);
    assert!(m.succeeds(
        "atom_codes(A, \"in_code\"), assertz((uses_it(X) :- X = A)), \
         garbage_collect_atoms, uses_it(Y), atom_length(Y, 7)"
    ));
}

/// How many choicepoints the first answer of `goal` leaves above its query's barrier.
fn choicepoints_left(m: &mut Machine, goal: &str) -> usize {
    let text = format!("{goal}. ");
    let read = m.read_from(&text, 0).expect("syntax").expect("a term").0;
    m.start_query(read.term);
    let barrier = m
        .stacks
        .saved_states
        .last()
        .expect("a query")
        .barrier_index();
    assert!(
        matches!(m.next_answer(true), Outcome::Success),
        "{goal} failed"
    );
    let left = m.stacks.choices.len() - barrier - 1;
    m.close_query();
    left
}

const PROGRAM: &str = "
    edge(a, b). edge(b, c). edge(c, d). edge(a, d).
    best([P], P, 0).
    best([P1 | Ps], B, V) :- best(Ps, B, V0), V is V0 + P1.
    count([_], 1).
    count([_, Y | T], N) :- count([Y | T], N0), N is N0 + 1.
";

#[test]
fn calls_selected_by_other_arguments_leave_no_choicepoint() {
    let mut m = machine();
    m.consult_text(PROGRAM, "index_test.pl", None);
    // The control: an undecided call leaves one.
    assert_eq!(choicepoints_left(&mut m, "edge(X, d)"), 1);
    assert_eq!(choicepoints_left(&mut m, "edge(a, Y)"), 1);
    // Decided by the second argument, the first unbound.
    assert_eq!(choicepoints_left(&mut m, "edge(X, c)"), 0);
    assert_eq!(choicepoints_left(&mut m, "edge(X, b)"), 0);
    // The textbook walk down a list: only the last call, on [P], has two candidates, and the
    // second of them fails at once on best([], ...); the [] against [_|_] tails never leave one.
    assert_eq!(choicepoints_left(&mut m, "best([1, 2, 3], B, V)"), 1);
    assert_eq!(choicepoints_left(&mut m, "count([a, b, c, d], N)"), 0);
}
