//! The fact writer against the general compiler: seeded random facts of every kind of argument
//! (atoms, small and big integers, floats, strings, nested compounds and lists, variables met
//! once, twice and in several arguments) must give the same instructions, templates, owner
//! entries and register count both ways, with the fast paths on and off.

use crate::test_rng::Rng;
use crate::Machine;
use ply_term::{atom, Cell};

/// A random argument of depth at most `depth`, its variables taken from `vars` or added there.
fn arg(m: &mut Machine, r: &mut Rng, vars: &mut Vec<Cell>, depth: u32) -> Cell {
    let kinds = if depth == 0 { 7 } else { 9 };
    match r.below(kinds) {
        0 => Cell::atom([atom::NIL, atom::TRUE, atom::DOT, atom::MINUS][r.below(4) as usize]),
        1 => Cell::int(r.below(2000) as i64 - 1000),
        2 => m.stacks.heap.float(r.below(100) as f64 / 8.0),
        3 => m
            .stacks
            .heap
            .string(["", "s", "a longer string"][r.below(3) as usize]),
        4 => m
            .stacks
            .heap
            .bigint(&(dashu_int::IBig::from(1u64 << 62) * 3 + dashu_int::IBig::from(r.below(9)))),
        5 | 6 => {
            if vars.is_empty() || r.below(3) == 0 {
                let v = m.stacks.heap.new_var();
                vars.push(v);
                v
            } else {
                vars[r.below(vars.len() as u64) as usize]
            }
        }
        7 => {
            let h = arg(m, r, vars, depth - 1);
            let t = arg(m, r, vars, depth - 1);
            m.stacks.heap.cons(h, t)
        }
        _ => {
            let n = 1 + r.below(3) as usize;
            let args: Vec<Cell> = (0..n).map(|_| arg(m, r, vars, depth - 1)).collect();
            m.stacks
                .heap
                .compound(atom::MINUS + r.below(2) as u32, &args)
        }
    }
}

/// What compiling one clause left behind: its code (as text: instructions have no equality), the owner entries, the templates (arena
/// words and sizes) and the register count.
type Trace = (
    String,
    Vec<(u32, u32)>,
    Vec<Cell>,
    Vec<((u32, u32), bool)>,
    usize,
);

/// Compile `head` as a fact both ways and compare.
fn same_both_ways(m: &mut Machine, head: Cell) {
    let head = m.stacks.heap.deref(head);
    let (name, arity) = m.name_arity(head);
    let pid = m.pred_id(name, arity);
    let mark = m.compile_mark();
    let arena = m.program.templates.arena.len();
    let x = m.stacks.x.len();
    let trace = |m: &mut Machine, start: usize| -> Trace {
        let t = (
            format!("{:?}", &m.program.code[start..]),
            m.program.code_owners[mark.owners..].to_vec(),
            m.program.templates.arena[arena..].to_vec(),
            (mark.templates..m.program.templates.len())
                .map(|t| (m.program.templates.size(t), m.program.templates.flat(t)))
                .collect(),
            m.stacks.x.len(),
        );
        m.program.code.truncate(mark.code);
        m.program.code_owners.truncate(mark.owners);
        m.program.templates.truncate(mark.templates);
        m.stacks.x.truncate(x);
        t
    };
    let general = m.with_compiler(None, |c| {
        c.clause_alternatives(pid, head, Cell::atom(atom::TRUE))
    });
    let general = trace(m, general);
    assert_eq!(m.program.test_clauses.len(), mark.shapes);
    let (fact, in_free) = m.with_compiler(None, |c| c.emit_fact(head, pid, None));
    assert_eq!(in_free, None, "a bare machine has no free code");
    let fact = trace(m, fact);
    assert_eq!(general, fact, "{}", m.format_term(head, true, 0));
}

#[test]
fn random_facts_compile_as_the_general_compiler_compiles_them() {
    for fast in [true, false] {
        let mut m = Machine::bare();
        m.services.fast_paths = fast;
        m.stacks.x.truncate(4);
        let mut r = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..3000 {
            let mut vars = Vec::new();
            let arity = r.below(7) as usize;
            let args: Vec<Cell> = (0..arity)
                .map(|_| arg(&mut m, &mut r, &mut vars, 3))
                .collect();
            let head = if arity == 0 {
                Cell::atom(atom::TRUE + 1)
            } else {
                m.stacks.heap.compound(atom::MINUS, &args)
            };
            same_both_ways(&mut m, head);
        }
    }
}

#[test]
fn facts_of_chosen_shapes_compile_as_the_general_compiler_compiles_them() {
    let mut m = Machine::bare();
    let (x, y) = (m.stacks.heap.new_var(), m.stacks.heap.new_var());
    let f = atom::MINUS;
    let inner = m.stacks.heap.compound(f, &[x, x]);
    let list = m.stacks.heap.list_from(&[x, y, Cell::int(1)], y);
    let float = m.stacks.heap.float(1.5);
    let heads = [
        m.stacks.heap.compound(f, &[x, x]),
        m.stacks.heap.compound(f, &[inner, x]),
        m.stacks.heap.compound(f, &[x, inner]),
        m.stacks.heap.compound(f, &[list, y, x]),
        m.stacks.heap.compound(f, &[float, x, float]),
        m.stacks.heap.cons(x, y),
        m.stacks.heap.cons(x, x),
        Cell::atom(atom::NIL),
    ];
    for head in heads {
        same_both_ways(&mut m, head);
    }
}
