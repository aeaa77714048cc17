//! The state of a GDL rule sheet held by natives: the facts true in the state loaded last,
//! grouped by the function they are built with, in rows of argument values.
//!
//! The indexed translation (`ply-gdl`'s `store.rs`) calls `'$gdl_state'/2` at every entry point
//! to make this hold the state it was given, and looks a fact up with `'$gdl_t'/N` (the table's
//! number, then the fact's arguments; `'$gdl_tf'/2` takes the fact whole). Small states change
//! in a few facts a move; held as dynamic predicates, each change was an assert or a retract
//! (compiling a fact, its index upkeep), and each use a check of the state against a copy kept
//! in a global variable. Here a new state is read into the rows in one walk over its list, and
//! a look-up compares the rows' atomic values with the bound arguments before it binds
//! anything, so a row that cannot match costs a few comparisons.
//!
//! A value that is not an atom or a small integer (a compound, a big number, a variable of a
//! state made by hand) is kept as a stored term and copied onto the heap to be unified, under a
//! choicepoint whose restoring undoes a failed attempt, as `memberchk/2`'s scan does. Each
//! look-up sees the rows of the state loaded when it was called: a retry after another state
//! was loaded (which the entry points never do: they collect every answer first) finds no more.

use crate::machine::choice::ChoiceKind;
use crate::machine::db::LAST;
use crate::machine::error::{PlError, Res};
use crate::machine::native_state::NativeState;
use crate::machine::Machine;
use crate::term::{Cell, FastMap, StoredTerm, Tag};

/// The largest arity of `'$gdl_t'/N`: the table's number and up to seven arguments, so that
/// every call fits the eight argument words a native called in line is given.
pub const MAX_ARITY: usize = 8;

/// One argument value of a row.
#[derive(Clone, Debug)]
enum Val {
    /// An atom or a small integer, compared as a cell.
    Atomic(Cell),
    /// Anything else, copied onto the heap to be unified.
    Term(StoredTerm),
    /// A fact with variables, kept whole in its row's first value so that its arguments
    /// share them (`f(X, X)`); its other values are [`Val::Shared`].
    Whole(StoredTerm),
    /// A value of the fact in its row's first value.
    Shared,
}

/// The facts of one function: `width` values a row (the other facts' table keeps each fact
/// whole, one value a row).
#[derive(Default)]
struct Table {
    width: usize,
    vals: Vec<Val>,
    /// For each argument position, the index of the loaded rows on it, made at the first
    /// look-up that binds that argument in a table of [`INDEXED_ROWS`] rows or more, and
    /// dropped when another state is loaded.
    indexes: Vec<Option<Index>>,
}

/// Tables of this many rows or more are indexed on the first argument a look-up binds to an
/// atom or a small integer: a board of 64 squares is not scanned whole for one square.
const INDEXED_ROWS: usize = 16;

/// No row: the end of an index's chain.
const NONE: u32 = u32::MAX;

/// The rows of a table by their value at one argument position: the first row of each value,
/// and for each row the next row with its value. `None` in [`Table::indexes`] when not made;
/// an index of no heads when some row's value there is not atomic (it could match any value).
#[derive(Default)]
struct Index {
    heads: FastMap<Cell, u32>,
    next: Vec<u32>,
}

impl Index {
    /// The index of `tb`'s rows on argument position `k`.
    fn of(tb: &Table, k: usize) -> Option<Index> {
        let rows = tb.rows();
        let mut ix = Index {
            heads: FastMap::default(),
            next: vec![NONE; rows],
        };
        // From the last row back, so that each chain runs in the rows' order.
        for r in (0..rows).rev() {
            let Val::Atomic(c) = tb.vals[r * tb.width + k] else {
                return None;
            };
            ix.next[r] = ix.heads.insert(c, r as u32).unwrap_or(NONE);
        }
        Some(ix)
    }
}

impl Table {
    fn rows(&self) -> usize {
        self.vals
            .len()
            .checked_div(self.width)
            .unwrap_or(self.vals.len())
    }
}

/// The loaded state. Table `i < funcs.len()` holds the facts built with function `funcs[i]`
/// (name and arity); the last table holds every other fact whole.
#[derive(Default)]
pub struct GdlFacts {
    funcs: Vec<(u32, usize)>,
    tables: Vec<Table>,
    /// For each fact of the loaded state's list, in order: its table and row.
    order: Vec<(u32, u32)>,
    /// Whether `order` and the tables hold a state.
    loaded: bool,
    /// Bumped at every load: a retry of a look-up started on another state finds no more.
    generation: u32,
}

impl NativeState for GdlFacts {
    ply_engine::native_state_any!();

    fn atoms(&self, mark: &mut dyn FnMut(u32)) {
        for &(f, _) in &self.funcs {
            mark(f);
        }
        for t in &self.tables {
            for v in &t.vals {
                match v {
                    Val::Atomic(c) if c.tag() == Tag::Atom => mark(c.atom_index()),
                    Val::Atomic(_) => {}
                    Val::Shared => {}
                    Val::Term(s) | Val::Whole(s) => {
                        for c in &s.cells {
                            match c.tag() {
                                Tag::Atom => mark(c.atom_index()),
                                Tag::Functor => mark(c.functor_name()),
                                _ => {}
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Register the natives.
pub fn install(m: &mut Machine) {
    m.def_native("$gdl_tables", 1, gdl_tables);
    m.def_native("$gdl_state", 2, gdl_state);
    for n in 1..=MAX_ARITY {
        m.def_redo("$gdl_t", n, lookup_args, all_atomic);
    }
    m.def_redo("$gdl_tf", 2, lookup_whole, |m, a| {
        let f = m.stacks.heap.deref(a[1]);
        match f.tag() {
            Tag::Atom | Tag::Int => true,
            Tag::Str => {
                let addr = f.addr();
                let n = m.stacks.heap.cells[addr].functor_arity();
                (1..=n).all(|i| is_atomic(m.stacks.heap.deref(m.stacks.heap.cells[addr + i])))
            }
            _ => false,
        }
    });
}

fn is_atomic(c: Cell) -> bool {
    matches!(c.tag(), Tag::Atom | Tag::Int)
}

/// Whether every argument after the table's number is an atom or a small integer: then at most
/// one row matches (a state is a set of facts).
fn all_atomic(m: &Machine, a: &[Cell]) -> bool {
    a[1..].iter().all(|&c| is_atomic(m.stacks.heap.deref(c)))
}

/// `'$gdl_tables'(+Functions)`: the functions (`Name/Arity`) the sheet builds a state's facts
/// with, in the order of the tables' numbers; no state is loaded after it.
fn gdl_tables(m: &mut Machine, a: &[Cell]) -> Res {
    let mut funcs = Vec::new();
    let mut l = m.stacks.heap.deref(a[0]);
    while l.tag() == Tag::List {
        let e = m.stacks.heap.deref(m.stacks.heap.cells[l.addr()]);
        let (name, arity) = match e.tag() {
            Tag::Str => {
                let h = &m.stacks.heap;
                let (n, k) = (
                    h.deref(h.cells[e.addr() + 1]),
                    h.deref(h.cells[e.addr() + 2]),
                );
                (n, k)
            }
            _ => return Err(m.type_err("predicate_indicator", e)),
        };
        if name.tag() != Tag::Atom || arity.tag() != Tag::Int {
            return Err(m.type_err("predicate_indicator", e));
        }
        funcs.push((name.atom_index(), arity.int_value().max(0) as usize));
        l = m.stacks.heap.deref(m.stacks.heap.cells[l.addr() + 1]);
    }
    let st = m.services.natives.get::<GdlFacts>();
    st.tables = funcs
        .iter()
        .map(|&(_, n)| Table {
            width: n,
            vals: Vec::new(),
            indexes: Vec::new(),
        })
        .collect();
    st.tables.push(Table {
        width: 1,
        vals: Vec::new(),
        indexes: Vec::new(),
    });
    st.funcs = funcs;
    st.order.clear();
    st.loaded = false;
    st.generation = st.generation.wrapping_add(1);
    Ok(true)
}

/// The table of fact `f` and the cells of its values: the arguments of a fact of a known
/// function, the fact itself otherwise.
fn table_of(funcs: &[(u32, usize)], heap: &crate::term::Heap, f: Cell) -> (usize, usize, usize) {
    let (name, arity, args) = match f.tag() {
        Tag::Atom => (f.atom_index(), 0, 0),
        Tag::Str => {
            let fc = heap.cells[f.addr()];
            (fc.functor_name(), fc.functor_arity(), f.addr() + 1)
        }
        _ => return (funcs.len(), 1, 0),
    };
    match funcs.iter().position(|&(g, n)| g == name && n == arity) {
        Some(i) => (i, arity, args),
        None => (funcs.len(), 1, 0),
    }
}

/// Whether value `v` is the heap term `c` (dereferenced).
fn same_value(v: &Val, heap: &crate::term::Heap, c: Cell) -> bool {
    match v {
        Val::Atomic(x) => *x == c,
        Val::Term(s) => !is_atomic(c) && s.identical_to(heap, c) == Some(true),
        // A state with variables is read again at every use.
        Val::Whole(_) | Val::Shared => false,
    }
}

/// `'$gdl_state'(+State, -Changed)`: make the tables hold the facts of the list `State`;
/// `Changed` is `false` when they held that state already (the same facts in the same order),
/// `true` otherwise. A partial list is an instantiation error and anything else that is not a
/// list a type error, as for `sort/2`; nothing changes then.
fn gdl_state(m: &mut Machine, a: &[Cell]) -> Res {
    let s = m.stacks.heap.deref(a[0]);
    let heap = &m.stacks.heap;
    let st = m.services.natives.get::<GdlFacts>();
    if st.tables.is_empty() {
        // No sheet declared its functions: every fact goes to the one table of whole facts.
        st.tables.push(Table {
            width: 1,
            vals: Vec::new(),
            indexes: Vec::new(),
        });
    }
    // One walk compares the list with the loaded state and finds where the list ends; no cell
    // changes in it.
    let mut same = st.loaded;
    let mut count = 0;
    let mut l = s;
    while l.tag() == Tag::List {
        let f = heap.deref(heap.cells[l.addr()]);
        if same {
            same = match st.order.get(count) {
                Some(&(t, r)) => same_fact(st, heap, f, t as usize, r as usize),
                None => false,
            };
        }
        count += 1;
        l = heap.deref(heap.cells[l.addr() + 1]);
    }
    match l.tag() {
        Tag::Atom if l == Cell::atom(crate::term::atom::NIL) => {}
        Tag::Ref => return Err(m.inst_err()),
        _ => return Err(m.type_err("list", s)),
    }
    let changed = !(same && count == st.order.len());
    if changed {
        load(st, heap, s);
    }
    let c = Cell::atom(if changed {
        crate::term::atom::TRUE
    } else {
        crate::term::atom::FALSE
    });
    Ok(m.unify(a[1], c))
}

/// Whether fact `f` (dereferenced) is row `r` of table `t`.
fn same_fact(st: &GdlFacts, heap: &crate::term::Heap, f: Cell, t: usize, r: usize) -> bool {
    let (i, n, args) = table_of(&st.funcs, heap, f);
    if i != t {
        return false;
    }
    let tb = &st.tables[i];
    let row = &tb.vals[r * tb.width..(r + 1) * tb.width];
    if args == 0 {
        // A constant of a known function has no values; another fact is its one value.
        return n == 0 || same_value(&row[0], heap, f);
    }
    row.iter()
        .enumerate()
        .all(|(k, v)| same_value(v, heap, heap.deref(heap.cells[args + k])))
}

/// Make the tables hold the facts of the proper list `s`.
fn load(st: &mut GdlFacts, heap: &crate::term::Heap, s: Cell) {
    for t in st.tables.iter_mut() {
        t.vals.clear();
        t.indexes.clear();
    }
    st.order.clear();
    let mut l = s;
    while l.tag() == Tag::List {
        let f = heap.deref(heap.cells[l.addr()]);
        l = heap.deref(heap.cells[l.addr() + 1]);
        let (i, n, args) = table_of(&st.funcs, heap, f);
        let tb = &mut st.tables[i];
        let r = tb.rows();
        st.order.push((i as u32, r as u32));
        let value = |c: Cell| {
            if is_atomic(c) {
                Val::Atomic(c)
            } else {
                Val::Term(StoredTerm::from_heap(heap, c))
            }
        };
        if args == 0 {
            // A constant of a known function is a row of no values, counted by a marker; any
            // other fact is kept whole.
            tb.vals.push(if n == 0 { Val::Atomic(f) } else { value(f) });
            continue;
        }
        let start = tb.vals.len();
        for k in 0..n {
            tb.vals.push(value(heap.deref(heap.cells[args + k])));
        }
        let ground = tb.vals[start..]
            .iter()
            .all(|v| !matches!(v, Val::Term(t) if t.nvars > 0));
        if !ground {
            // Its arguments may share variables: the fact is kept whole.
            tb.vals.truncate(start);
            tb.vals.push(Val::Whole(StoredTerm::from_heap(heap, f)));
            tb.vals.extend((1..n).map(|_| Val::Shared));
        }
    }
    st.loaded = true;
    st.generation = st.generation.wrapping_add(1);
}

/// `'$gdl_t'(+Table, ?A1, ..., ?An)`: a fact of the table's function with these arguments.
fn lookup_args(m: &mut Machine, a: &[Cell], state: usize) -> Result<Option<usize>, PlError> {
    let id = table_id(m, a[0])?;
    let mut args = [Cell::atom(0); MAX_ARITY];
    let n = a.len() - 1;
    for (k, &c) in a[1..].iter().enumerate() {
        args[k] = m.stacks.heap.deref(c);
    }
    lookup(m, id, &args[..n], state)
}

/// `'$gdl_tf'(+Table, ?Fact)`: a fact of the table, given whole.
fn lookup_whole(m: &mut Machine, a: &[Cell], state: usize) -> Result<Option<usize>, PlError> {
    let id = table_id(m, a[0])?;
    let f = m.stacks.heap.deref(a[1]);
    let st = m.services.natives.get::<GdlFacts>();
    let Some(&(name, arity)) = st.funcs.get(id) else {
        return lookup(m, id, &[f], state);
    };
    let args: Vec<Cell> = match f.tag() {
        Tag::Ref => {
            // A fact of this function is built on the heap, its arguments fresh, to be bound
            // to the rows' values.
            if arity == 0 {
                let found = lookup(m, id, &[], state)?;
                if found.is_some() {
                    m.bind(f, Cell::atom(name));
                }
                return Ok(found);
            }
            let base = m.stacks.heap.top();
            m.stacks.heap.cells.push(Cell::functor(name, arity));
            for k in 0..arity {
                m.stacks.heap.cells.push(Cell::reference(base + 1 + k));
            }
            m.bind(f, Cell::structure(base));
            (0..arity).map(|k| Cell::reference(base + 1 + k)).collect()
        }
        Tag::Atom if arity == 0 && f.atom_index() == name => Vec::new(),
        Tag::Str => {
            let heap = &m.stacks.heap;
            let fc = heap.cells[f.addr()];
            if fc.functor_name() != name || fc.functor_arity() != arity {
                return Ok(None);
            }
            (0..arity)
                .map(|k| heap.deref(heap.cells[f.addr() + 1 + k]))
                .collect()
        }
        _ => return Ok(None),
    };
    lookup(m, id, &args, state)
}

/// The table number a look-up was given.
fn table_id(m: &mut Machine, c: Cell) -> Result<usize, PlError> {
    let c = m.stacks.heap.deref(c);
    match c.tag() {
        Tag::Int if c.int_value() >= 0 => Ok(c.int_value() as usize),
        Tag::Ref => Err(m.inst_err()),
        _ => Err(m.type_err("integer", c)),
    }
}

/// Whether row `r` of `tb` may match `args` (dereferenced): every atomic argument equals its
/// atomic value, and no atomic value meets a compound.
fn may_match(tb: &Table, r: usize, args: &[Cell]) -> bool {
    let row = &tb.vals[r * tb.width..(r + 1) * tb.width];
    args.iter().zip(row).all(|(&c, v)| match (c.tag(), v) {
        (Tag::Ref, _) | (_, Val::Whole(_) | Val::Shared) => true,
        (Tag::Atom | Tag::Int, Val::Atomic(x)) => *x == c,
        (Tag::Atom | Tag::Int, Val::Term(_)) => true,
        (_, Val::Atomic(_)) => false,
        (_, Val::Term(_)) => true,
    })
}

/// The first row at or after `from` that may match `args`.
fn next_candidate(tb: &Table, from: usize, args: &[Cell]) -> Option<usize> {
    (from..tb.rows()).find(|&r| may_match(tb, r, args))
}

/// The answers of a look-up of `args` in table `id`: `state` 0 on the first call, then the
/// generation and the row to go on from, as the previous answer left them.
fn lookup(
    m: &mut Machine,
    id: usize,
    args: &[Cell],
    state: usize,
) -> Result<Option<usize>, PlError> {
    if state == LAST {
        return Ok(None);
    }
    let st = m.services.natives.get::<GdlFacts>();
    let generation = st.generation;
    let Some(tb) = st.tables.get_mut(id) else {
        return Ok(None);
    };
    if tb.width == 0 {
        // A constant's rows have no values: it holds when the table has a row.
        return Ok((state == 0 && !tb.vals.is_empty()).then_some(LAST));
    }
    // The state of a retry: the generation, the argument position whose index the look-up
    // follows (plus one; 0 for a scan of every row) and the row to go on from.
    let (chain, mut from) = if state == 0 {
        match index_for(tb, args) {
            Some((k, head)) => (k + 1, head),
            None => (0, 0),
        }
    } else {
        if (state >> 32) as u32 != generation {
            return Ok(None);
        }
        ((state >> 27) & 31, state & ((1 << 27) - 1))
    };
    loop {
        let st = m.services.natives.get::<GdlFacts>();
        let tb = &st.tables[id];
        let Some(r) = candidate(tb, chain, from, args) else {
            return Ok(None);
        };
        let after = match chain {
            0 => r + 1,
            k => follow(tb, k - 1, r),
        };
        let more = candidate(tb, chain, after, args);
        let row = &tb.vals[r * tb.width..(r + 1) * tb.width];
        let w = row.len();
        let bound = match atomic_row(row) {
            Some(cells) => bind_atomic(m, args, &cells[..w]),
            None => {
                let row = row.to_vec();
                unify_row(m, args, &row)
            }
        };
        if bound {
            return Ok(Some(match more {
                Some(k) => (generation as usize) << 32 | chain << 27 | k,
                None => LAST,
            }));
        }
        match more {
            Some(k) => from = k,
            None => return Ok(None),
        }
    }
}

/// The argument position a look-up of `args` follows an index on, and the first row of its
/// chain (`usize::MAX` when no row has that value): the first argument bound to an atom or a
/// small integer, in a table of [`INDEXED_ROWS`] rows or more whose rows are all atomic there.
fn index_for(tb: &mut Table, args: &[Cell]) -> Option<(usize, usize)> {
    if tb.rows() < INDEXED_ROWS {
        return None;
    }
    let k = args
        .iter()
        .position(|&c| is_atomic(c))
        .filter(|&k| k < 31)?;
    if tb.indexes.len() <= k {
        tb.indexes.resize_with(k + 1, || None);
    }
    if tb.indexes[k].is_none() {
        // A position some row holds a compound at is left unindexed: an index of no heads
        // says so, and the look-up scans every row.
        tb.indexes[k] = Some(Index::of(tb, k).unwrap_or_default());
    }
    let ix = tb.indexes[k].as_ref()?;
    if ix.heads.is_empty() {
        return None;
    }
    Some((
        k,
        ix.heads.get(&args[k]).map_or(usize::MAX, |&r| r as usize),
    ))
}

/// The row after `r` in the chain of the index on position `k`.
fn follow(tb: &Table, k: usize, r: usize) -> usize {
    match tb.indexes[k].as_ref().map(|ix| ix.next[r]) {
        Some(NONE) | None => usize::MAX,
        Some(n) => n as usize,
    }
}

/// The first row that may match `args` at or after `from`: in the rows' order when `chain`
/// is 0, else along the chain of the index on position `chain - 1`.
fn candidate(tb: &Table, chain: usize, from: usize, args: &[Cell]) -> Option<usize> {
    if chain == 0 {
        return next_candidate(tb, from, args);
    }
    let mut r = from;
    while r != usize::MAX {
        if may_match(tb, r, args) {
            return Some(r);
        }
        r = follow(tb, chain - 1, r);
    }
    None
}

/// The row's values as cells, when every one is atomic and they fit the look-ups' arity.
fn atomic_row(row: &[Val]) -> Option<[Cell; MAX_ARITY]> {
    if row.len() > MAX_ARITY {
        return None;
    }
    let mut cells = [Cell::atom(0); MAX_ARITY];
    for (k, v) in row.iter().enumerate() {
        match v {
            Val::Atomic(x) => cells[k] = *x,
            _ => return None,
        }
    }
    Some(cells)
}

/// Bind `args` to the atomic values `row` that [`may_match`] found matching: only unbound
/// arguments need it, and binding cannot fail unless a variable occurs twice, which
/// [`unify_row`] handles.
fn bind_atomic(m: &mut Machine, args: &[Cell], row: &[Cell]) -> bool {
    let repeated = args
        .iter()
        .enumerate()
        .any(|(k, &c)| c.tag() == Tag::Ref && args[..k].contains(&c));
    if repeated {
        let row: Vec<Val> = row.iter().map(|&c| Val::Atomic(c)).collect();
        return unify_row(m, args, &row);
    }
    for (&c, &x) in args.iter().zip(row) {
        if c.tag() == Tag::Ref {
            m.bind(c, x);
        }
    }
    true
}

/// Unify `args` with the row's values one by one under a choicepoint whose restoring undoes a
/// failed attempt; the bindings of a successful one stay.
fn unify_row(m: &mut Machine, args: &[Cell], row: &[Val]) -> bool {
    let pending = m.stacks.attvars.pending.len();
    m.push_choice(ChoiceKind::Disabled, 0);
    let i = m.stacks.choices.len() - 1;
    let mut whole = 0;
    let ok = args.iter().zip(row).enumerate().all(|(k, (&c, v))| {
        let value = match v {
            Val::Atomic(x) => *x,
            Val::Term(s) => s.to_heap(&mut m.stacks.heap),
            Val::Whole(s) => {
                whole = s.to_heap(&mut m.stacks.heap).addr();
                m.stacks.heap.cells[whole + 1]
            }
            Val::Shared => m.stacks.heap.cells[whole + 1 + k],
        };
        m.unify(c, value)
    });
    if !ok {
        m.restore_from(i);
        // A failed attempt wakes nothing: what it noted goes with its bindings.
        m.stacks.attvars.pending.truncate(pending);
    }
    m.pop_choice();
    ok
}
