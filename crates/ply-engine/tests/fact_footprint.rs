//! What an asserted fact costs, measured, so that it does not grow back unnoticed: the blocks
//! of memory one fact of three small integers allocates for itself, counted by an allocator
//! that counts per thread, and the bytes the clause database's limit counts it for
//! (`db_limit.rs`).
//!
//! A fact's own block is its clause behind an `Rc` (the clause's 24 bytes and the `Rc`'s two
//! counts, one 48-byte block of glibc's): 40 bytes. A fact of atoms, small integers, floats
//! and variables keeps no stored term (`f(I, J, K)` had 40 bytes of cells, a `city/6` of three
//! floats 112): its head is read back from its code wherever it is asked for.
//! Its code, its code owner entry, its slot and key word in the clause list are parts of
//! vectors that grow by doubling (reallocations, which are not counted here: a vector's room
//! depends on when it last doubled, not on the fact); the accounting counts them by size
//! instead. A million such facts, the `facts` benchmark of `benches/index/`, take within
//! SWI-Prolog's memory only while these stay this small (see benches/README.md).

use ply_engine::run::Outcome;
use ply_engine::Machine;
use ply_term::Cell;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell as Counter;

/// The system allocator, with the bytes of blocks allocated and freed (not resized) on each
/// thread counted, so that tests running on other threads do not disturb a count.
struct Counting;

thread_local! {
    static LIVE: Counter<isize> = const { Counter::new(0) };
}

fn count(bytes: isize) {
    // A thread being torn down has no counter left; its blocks are nobody's concern here.
    let _ = LIVE.try_with(|c| c.set(c.get() + bytes));
}

// SAFETY: every call is passed on to the system allocator unchanged; only a thread-local
// counter is kept beside it, which allocates nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// How many facts are asserted.
const N: usize = 10_000;

/// The most bytes of blocks of its own one fact `f(I, J, K)` may allocate: its clause (24
/// bytes, asserted in `db.rs`) and the `Rc`'s two counts (16); no stored term.
const OWN_BLOCKS: usize = 24 + 16;

/// The bytes of a fact's code: a `GetConst2` for the first two arguments and a
/// `GetConstProceed` for the third, 24 bytes each (with the fast paths off, a `GetConst` for
/// each argument and a `Proceed`, 48 bytes more).
const CODE: usize = 2 * 24;

/// The most bytes the clause database may be counted for per fact: its own blocks, its code
/// and what `db_limit.rs` adds for its slot, key word, code owner entry and index entries (72).
const ACCOUNTED: usize = OWN_BLOCKS + CODE + 72;

/// Assert `f(I, (I * 7919) mod N, I mod 1000)` for every `I` below `N`, as the benchmark's
/// `fill/2` does.
fn assert_facts(m: &mut Machine) {
    let f = m.atoms.intern("f");
    for i in 0..N as i64 {
        let args = [
            Cell::int(i),
            Cell::int((i * 7919) % N as i64),
            Cell::int(i % 1000),
        ];
        let fact = m.stacks.heap.compound(f, &args);
        m.compile_clause(fact, true).expect("a fact compiles");
    }
}

#[test]
fn a_fact_of_three_small_integers_allocates_no_more_than_its_clause() {
    let mut m = Machine::bare();
    // The first fact makes the predicate and its clause list, which all facts share.
    let f = m.atoms.intern("f");
    let g = m
        .stacks
        .heap
        .compound(f, &[Cell::int(-1), Cell::int(-1), Cell::int(-1)]);
    m.compile_clause(g, true).expect("a fact compiles");
    let before = LIVE.with(Counter::get);
    assert_facts(&mut m);
    let own = (LIVE.with(Counter::get) - before) as usize;
    assert!(
        own <= N * OWN_BLOCKS,
        "{N} facts allocated {own} bytes of blocks of their own, {} each; at most {OWN_BLOCKS}",
        own / N
    );
    // Each fact allocated its clause, at least: the count is of real blocks.
    assert!(own >= N * (24 + 16), "{own} bytes for {N} facts");
}

/// Facts of atoms, floats and variables, with the fast paths on and off, keep no stored term
/// either, except where the code cannot say the fact (a float with the fast paths off is
/// matched through a template, and keeps its term), and still read back as they were made.
#[test]
fn a_fact_of_atoms_floats_and_variables_keeps_no_term() {
    for fast in [true, false] {
        let mut m = Machine::bare();
        m.services.fast_paths = fast;
        let city = m.atoms.intern("city");
        let names = ["eskasem", "af"].map(|n| Cell::atom(m.atoms.intern(n)));
        let fact = |m: &mut Machine, i: i64, float: bool| {
            let v = m.stacks.heap.new_var();
            let x = if float {
                m.stacks.heap.float(i as f64 / 7.0)
            } else {
                Cell::int(i)
            };
            let args = [names[0], Cell::int(i), v, x, names[1], v];
            m.stacks.heap.compound(city, &args)
        };
        let first = fact(&mut m, -1, true);
        m.compile_clause(first, true).expect("a fact compiles");
        for float in [false, true] {
            let before = LIVE.with(Counter::get);
            for i in 0..N as i64 {
                let f = fact(&mut m, i, float);
                m.compile_clause(f, true).expect("a fact compiles");
            }
            let own = (LIVE.with(Counter::get) - before) as usize;
            let most = if float && !fast { 200 } else { OWN_BLOCKS };
            assert!(
                own <= N * most,
                "{} bytes a fact (fast paths {fast}, float {float})",
                own / N
            );
        }
        // The last fact asserted reads back as it was made, through `clause/2`'s reader.
        let pid = m.lookup_pred(city, 6).expect("city/6");
        let ply_engine::db::PredKind::Clauses(list) = &m.program.preds[pid as usize].kind else {
            panic!("a predicate of clauses");
        };
        let c = list.clauses.iter().last().unwrap().clone();
        assert_eq!(c.in_code(), fast, "fast paths {fast}");
        let want = fact(&mut m, N as i64 - 1, true);
        let want = ply_term::StoredTerm::from_heap(&m.stacks.heap, want).cells;
        assert_eq!(c.cells(&m.program.code).to_vec(), want, "fast paths {fast}");
    }
}

#[test]
fn the_clause_database_counts_a_fact_for_its_parts_and_no_more() {
    let mut m = Machine::bare();
    m.services.fast_paths = true;
    let before = m.db_bytes();
    assert_facts(&mut m);
    let per_fact = (m.db_bytes() - before) / N;
    assert!(
        per_fact <= ACCOUNTED,
        "a fact is counted for {per_fact} bytes; at most {ACCOUNTED}"
    );
    // Its blocks and its code, at least, are in the count (so that the limit binds).
    assert!(per_fact >= OWN_BLOCKS + CODE, "{per_fact} bytes a fact");
}

/// A fact of three constants and three floats, as Mondial's `city/6`, is three instructions:
/// neighbouring arguments share one whatever their kinds (`GetConst2`, `GetConstFloat`,
/// `GetFloat2`); with the fast paths off, one for each argument and a `Proceed`. Either way it
/// answers alike, matched or binding, a constant and a float in either order.
#[test]
fn a_fact_of_constants_and_floats_takes_an_instruction_for_two_arguments() {
    for (fast, want) in [(true, 3), (false, 7)] {
        let mut m = Machine::bare();
        m.services.fast_paths = fast;
        let city = m.atoms.intern("city");
        let [a, b, c] = ["eskasem", "af", "badakhshan"].map(|n| Cell::atom(m.atoms.intern(n)));
        let [x, y, z] = [12120.0, 71.56, 36.72].map(|f| m.stacks.heap.float(f));
        let fact = m.stacks.heap.compound(city, &[a, b, c, x, y, z]);
        // The first fact makes the predicate; the second is the one measured.
        m.compile_clause(fact, true).expect("a fact compiles");
        let fact = m.stacks.heap.compound(city, &[b, a, c, y, x, z]);
        let before = m.program.code.len();
        m.compile_clause(fact, true).expect("a fact compiles");
        assert_eq!(m.program.code.len() - before, want, "fast paths {fast}");
        // Float then constant, and constant then float, as the last two arguments.
        let g = m.atoms.intern("g");
        let fc = m.stacks.heap.compound(g, &[b, x, a]);
        let cf = m.stacks.heap.compound(g, &[c, a, y]);
        m.compile_clause(fc, true).expect("a fact compiles");
        m.compile_clause(cf, true).expect("a fact compiles");
        let v = m.stacks.heap.new_var();
        let w = m.stacks.heap.new_var();
        let q = m.stacks.heap.compound(city, &[b, v, c, y, w, z]);
        assert!(matches!(m.query(q).next_answer(), Outcome::Success));
        assert_eq!(m.stacks.heap.deref(v), a);
        let bound = m.stacks.heap.deref(w);
        assert_eq!(m.stacks.heap.float_value(bound), 12120.0);
        let other = m.stacks.heap.float(71.5);
        let q = m.stacks.heap.compound(city, &[b, a, c, other, x, z]);
        assert!(matches!(m.query(q).next_answer(), Outcome::Failure));
        for (first, second, last, found) in [(b, x, a, true), (b, y, a, false), (c, a, y, true)] {
            let q = m.stacks.heap.compound(g, &[first, second, last]);
            let answer = m.query(q).next_answer();
            assert_eq!(
                matches!(answer, Outcome::Success),
                found,
                "fast paths {fast}"
            );
        }
        let v = m.stacks.heap.new_var();
        let q = m.stacks.heap.compound(g, &[c, v, y]);
        assert!(matches!(m.query(q).next_answer(), Outcome::Success));
        assert_eq!(m.stacks.heap.deref(v), a);
    }
}
