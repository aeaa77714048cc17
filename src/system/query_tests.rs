//! Unit tests of the engine's query handle (`machine/query.rs`) on the assembled system, whose
//! library gives the nondeterministic goals a front-end asks: answers one by one, whether more
//! may come, and the machine restored when the handle is closed or dropped.

use super::machine;
use crate::machine::run::Outcome;
use ply_term::{Cell, Heap};

/// Answers come one by one, `has_more` is false at the last, and closing the handle leaves
/// the machine as it was before the query.
#[test]
fn a_query_gives_its_answers_and_closing_restores_the_machine() {
    let mut m = machine();
    let (choices, states) = (m.stacks.choices.len(), m.stacks.saved_states.len());
    let Ok(Some((read, _))) = m.read_from("member(X, [a, b]) .", 0) else {
        panic!("cannot read the goal");
    };
    let x = read.vars[0].1;
    let mut q = m.query(read.term);
    assert!(matches!(q.next_answer(), Outcome::Success));
    assert!(q.has_more());
    let b = Cell::atom(q.machine().atoms.intern("b"));
    assert!(matches!(q.next_answer(), Outcome::Success));
    assert_eq!(q.machine().stacks.heap.deref(x), b);
    assert!(!q.has_more());
    assert!(matches!(q.next_answer(), Outcome::Failure));
    assert!(matches!(q.next_answer(), Outcome::Failure));
    q.close();
    assert_eq!(
        (m.stacks.choices.len(), m.stacks.saved_states.len()),
        (choices, states)
    );
}

/// A handle dropped after its first answer cuts the rest away and keeps the binding.
#[test]
fn dropping_a_query_keeps_its_last_answer() {
    let mut m = machine();
    let choices = m.stacks.choices.len();
    let Ok(Some((read, _))) = m.read_from("member(X, [a, b]) .", 0) else {
        panic!("cannot read the goal");
    };
    let x = read.vars[0].1;
    {
        let mut q = m.query(read.term);
        assert!(matches!(q.next_answer(), Outcome::Success));
    }
    let a = m.atoms.intern("a");
    assert_eq!(m.stacks.heap.deref(x), Cell::atom(a));
    assert_eq!(m.stacks.choices.len(), choices);
}

/// The goal in an error report names the query's variables as the query does.
#[test]
fn the_report_names_the_query_variables() {
    let mut heap = Heap::with_capacity(16);
    let v = heap.new_var();
    let goal = format!("_{0} is _{0}0+a_{0}", v.addr());
    let text = crate::machine::query::name_variables(&heap, &goal, &[("X".into(), v)]);
    assert_eq!(text, format!("X is _{0}0+a_{0}", v.addr()));
}
