//! System builtins: halting, loading files, flags, operators, global variables, statistics, the
//! wall clock (`get_time/1`) and the module declarations ply accepts.
//!
//! Loading from a running program goes through `load.rs`, which nests a query per directive.

use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::reader::ops::OpType;
use crate::reader::QuoteMode;
use crate::term::{atom, Cell, StoredTerm, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("halt", 0, |m, _| {
        m.services.halt = Some(0);
        Err(halt_ball(m))
    });
    m.def_native("halt", 1, |m, a| {
        let c = m.stacks.heap.deref(a[0]);
        if c.tag() == Tag::Ref {
            return Err(m.inst_err());
        }
        if c.tag() != Tag::Int {
            return Err(m.type_err("integer", c));
        }
        m.services.halt = Some(c.int_value() as i32);
        Err(halt_ball(m))
    });
    m.def_native("throw", 1, |m, a| {
        let b = m.stacks.heap.deref(a[0]);
        if b.tag() == Tag::Ref {
            return Err(m.inst_err());
        }
        let c = m.copy_term(b);
        Err(PlError(c))
    });
    // Whether the fast paths are on: the library's own shortcuts (bagof/3's one bag) ask, so
    // that `PLY_FAST_PATHS=0` runs their general clauses.
    m.def_native("$fast_paths", 0, |m, _| Ok(m.services.fast_paths));
    m.def_native("consult", 1, consult);
    m.def_native("ensure_loaded", 1, ensure_loaded);
    m.def_native("include", 1, include);
    m.def_native("$load_files", 1, consult);
    m.def_native("set_prolog_flag", 2, set_flag);
    m.def_native("$flag_value", 2, flag_value);
    m.def_native("op", 3, op);
    m.def_native("$ops", 1, ops_list);
    m.def_native("nb_setval", 2, |m, a| {
        let k = key(m, a[0])?;
        let st = StoredTerm::from_heap(&m.stacks.heap, a[1]);
        m.services.globals.insert(k, st);
        // The new value replaces a backtrackable one too, which the getters would read first.
        m.stacks.bglobals.remove(&k);
        Ok(true)
    });
    m.def_native("b_setval", 2, |m, a| {
        let k = key(m, a[0])?;
        m.set_bglobal(k, a[1]);
        Ok(true)
    });
    m.def_native("nb_getval", 2, getval);
    m.def_native("b_getval", 2, getval);
    m.def_native("$nb_value_is", 2, value_is);
    m.def_native("$global_names", 2, global_names);
    m.def_native("get_time", 1, |m, a| {
        // A clock set before 1970 reads as a negative time rather than failing.
        let now = std::time::SystemTime::now();
        let secs = match now.duration_since(std::time::UNIX_EPOCH) {
            Ok(d) => d.as_secs_f64(),
            Err(e) => -e.duration().as_secs_f64(),
        };
        let t = m.stacks.heap.float(secs);
        Ok(m.unify(a[0], t))
    });
    // `'$sleep'(+Seconds)`: Seconds a positive float (sleep/1 in boot.pl checks it).
    m.def_native("$sleep", 1, |m, a| {
        let t = m.stacks.heap.deref(a[0]);
        let secs = m.stacks.heap.float_value(t);
        if let Ok(d) = std::time::Duration::try_from_secs_f64(secs) {
            m.output().flush();
            std::thread::sleep(d);
        }
        Ok(true)
    });
    m.def_native("statistics", 2, statistics);
    // garbage_collect/0 (in boot.pl) asks for a collection at its next call boundary: a
    // native cannot collect itself, since the code around it may keep temporaries in registers.
    m.def_native("$request_gc", 0, |m, _| {
        m.services.gc.set_heap_trigger(0);
        Ok(true)
    });
    // garbage_collect_atoms/0 likewise: the atom collector runs where the heap collector may.
    m.def_native("$request_agc", 0, |m, _| {
        m.request_atom_gc();
        Ok(true)
    });
    m.def_native("initialization", 1, |m, a| {
        let st = StoredTerm::from_heap(&m.stacks.heap, a[0]);
        let line = m.services.loading.term_place.map(|(_, line)| line);
        m.services.loading.init_goals.push((st, line));
        Ok(true)
    });
    m.def_native("initialization", 2, |m, a| {
        let w = m.stacks.heap.deref(a[1]);
        let st = StoredTerm::from_heap(&m.stacks.heap, a[0]);
        if w.tag() == Tag::Atom && m.atoms.name(w.atom_index()) == "main" {
            // The goal `main` of a program that defines only main/1 calls it with the
            // command line's arguments (library/main.pl).
            let g = m.stacks.heap.deref(a[0]);
            let st = if g == Cell::atom(m.atoms.intern("main")) {
                let run = Cell::atom(m.atoms.intern("$main"));
                StoredTerm::from_heap(&m.stacks.heap, run)
            } else {
                st
            };
            m.services.loading.main_goal = Some(st);
            m.services.loading.main_header = Some(main_header(m, a[0]));
        } else {
            let line = m.services.loading.term_place.map(|(_, line)| line);
            m.services.loading.init_goals.push((st, line));
        }
        Ok(true)
    });
    m.def_native("getenv", 2, |m, a| {
        let k = m.stacks.heap.deref(a[0]);
        if k.tag() != Tag::Atom {
            return Err(m.type_err("atom", k));
        }
        match std::env::var(m.atoms.name(k.atom_index())) {
            Ok(v) => {
                let c = Cell::atom(m.volatile_atom(&v));
                Ok(m.unify(a[1], c))
            }
            Err(_) => Ok(false),
        }
    });
}

/// The ball that halt/0,1 throws to unwind to the toplevel (`'$halt'`); catch/3 in user code
/// does not see it because the toplevel checks `ext.halt` first.
fn halt_ball(m: &mut Machine) -> PlError {
    PlError(Cell::atom(m.atoms.intern("$halt")))
}

fn key(m: &mut Machine, k: Cell) -> Result<u32, PlError> {
    let k = m.stacks.heap.deref(k);
    match k.tag() {
        Tag::Atom => Ok(k.atom_index()),
        Tag::Ref => Err(m.inst_err()),
        _ => Err(m.type_err("atom", k)),
    }
}

fn getval(m: &mut Machine, a: &[Cell]) -> Res {
    let k = key(m, a[0])?;
    if let Some(v) = m.stacks.bglobals.get(&k).copied() {
        return Ok(m.unify(a[1], v));
    }
    match m.services.globals.get(&k).cloned() {
        Some(st) => {
            let t = st.to_heap(&mut m.stacks.heap);
            Ok(m.unify(a[1], t))
        }
        None => {
            let kc = Cell::atom(k);
            Err(m.existence_err("variable", kc))
        }
    }
}

/// `'$nb_value_is'(+Key, @Term)`: as `nb_getval(Key, V), V == Term`, but reading the stored
/// value in place where it can, rather than copying it onto the heap to compare it once.
fn value_is(m: &mut Machine, a: &[Cell]) -> Res {
    let k = key(m, a[0])?;
    if let Some(v) = m.stacks.bglobals.get(&k).copied() {
        return Ok(m.terms_identical(v, a[1]));
    }
    let quick = match m.services.globals.get(&k) {
        Some(st) if m.services.fast_paths => st.identical_to(&m.stacks.heap, a[1]),
        _ => None,
    };
    match quick {
        Some(answer) => Ok(answer),
        None => {
            let v = m.stacks.heap.new_var();
            Ok(getval(m, &[a[0], v])? && m.terms_identical(v, a[1]))
        }
    }
}

/// `'$global_names'(?Key, -Names)`: the names of the global variables that nb_setval/2 or
/// b_setval/2 has set, sorted, for nb_current/2 to enumerate; checks `Key` as SWI-Prolog does
/// (an atom or unbound). Names starting with `$` belong to ply itself (the tracer keeps its depth
/// in one) and are left out of an enumeration, as SWI-Prolog leaves out its own; a bound `Key`
/// is kept whatever its name.
fn global_names(m: &mut Machine, a: &[Cell]) -> Res {
    let k = m.stacks.heap.deref(a[0]);
    if !matches!(k.tag(), Tag::Atom | Tag::Ref) {
        return Err(m.type_err("atom", k));
    }
    let mut names: Vec<u32> = m
        .services
        .globals
        .keys()
        .chain(m.stacks.bglobals.keys())
        .copied()
        .collect();
    // A key asked for by name is found whatever its name, as in SWI-Prolog.
    let asked = (k.tag() == Tag::Atom).then(|| k.atom_index());
    names.retain(|&n| Some(n) == asked || !m.atoms.name(n).starts_with('$'));
    names.sort_by(|&x, &y| m.atoms.name(x).cmp(m.atoms.name(y)));
    names.dedup();
    let cells: Vec<Cell> = names.into_iter().map(Cell::atom).collect();
    let l = m.stacks.heap.list_from(&cells, Cell::atom(atom::NIL));
    Ok(m.unify(a[1], l))
}

/// ensure_loaded/1: consult a file unless it has been loaded already.
fn ensure_loaded(m: &mut Machine, a: &[Cell]) -> Res {
    let spec = m.stacks.heap.deref(a[0]);
    if spec.tag() == Tag::Atom {
        let name = m.atoms.name(spec.atom_index()).to_string();
        if let Some(p) = m.resolve_file(&name) {
            let abs = std::fs::canonicalize(&p).unwrap_or(p);
            if m.services
                .loading
                .loaded_files
                .contains(&abs.to_string_lossy().to_string())
            {
                return Ok(true);
            }
        }
    }
    consult(m, a)
}

fn consult(m: &mut Machine, a: &[Cell]) -> Res {
    load_each(m, a[0], Machine::consult_file)
}

/// `include/1`: the file's clauses read into the load in progress (`load/include.rs`).
fn include(m: &mut Machine, a: &[Cell]) -> Res {
    load_each(m, a[0], Machine::include_file)
}

/// Load each file `spec` names (one, or a list) with `load`.
fn load_each(m: &mut Machine, spec: Cell, load: fn(&mut Machine, &std::path::Path) -> bool) -> Res {
    let spec = m.stacks.heap.deref(spec);
    let mut files = Vec::new();
    if spec.tag() == Tag::List {
        match m.list_to_vec(spec) {
            Some(v) => files.extend(v),
            None => return Err(m.type_err("list", spec)),
        }
    } else {
        files.push(spec);
    }
    for f in files {
        let f = m.stacks.heap.deref(f);
        let name = match f.tag() {
            Tag::Atom => m.atoms.name(f.atom_index()).to_string(),
            Tag::Ref => return Err(m.inst_err()),
            Tag::Str if m.stacks.heap.functor_of(f) == Cell::functor(atom::SLASH, 2) => {
                match super::load_context::path_term_text(m, f) {
                    Some(path) => path,
                    None => return Err(m.type_err("atom", f)),
                }
            }
            Tag::Str if m.stacks.heap.functor_of(f).functor_arity() == 1 => {
                // library(Name): ply's libraries are always loaded.
                continue;
            }
            Tag::Boxed if m.stacks.heap.box_kind(f) == crate::term::BoxKind::Str => {
                m.stacks.heap.string_value(f).to_string()
            }
            _ => return Err(m.type_err("atom", f)),
        };
        match m.resolve_file(&name) {
            Some(p) => {
                load(m, &p);
            }
            None => return Err(m.existence_err("source_sink", f)),
        }
    }
    Ok(true)
}

fn flag_value(m: &mut Machine, a: &[Cell]) -> Res {
    // '$flag_value'(Name, Value) for one flag name (bound).
    let n = m.stacks.heap.deref(a[0]);
    let name = m.atoms.name(n.atom_index()).to_string();
    let qm = |q: QuoteMode| match q {
        QuoteMode::Codes => "codes",
        QuoteMode::Chars => "chars",
        QuoteMode::Atom => "atom",
        QuoteMode::String => "string",
    };
    let v = match name.as_str() {
        "bounded" => Cell::atom(atom::FALSE),
        "max_tagged_integer" => Cell::int(crate::term::cell::SMALL_MAX),
        "min_tagged_integer" => Cell::int(crate::term::cell::SMALL_MIN),
        "double_quotes" => Cell::atom(m.atoms.intern(qm(m.services.flags.read.double_quotes))),
        "back_quotes" => Cell::atom(m.atoms.intern(qm(m.services.flags.read.back_quotes))),
        "unknown" => Cell::atom(m.atoms.intern(if m.services.flags.unknown_error {
            "error"
        } else if m.services.flags.unknown_warning {
            "warning"
        } else {
            "fail"
        })),
        "occurs_check" => Cell::atom(m.atoms.intern(m.occurs_check().name())),
        "gc" => Cell::atom(if m.services.gc.enabled {
            atom::TRUE
        } else {
            atom::FALSE
        }),
        "integer_rounding_function" => Cell::atom(m.atoms.intern("toward_zero")),
        "debug" => Cell::atom(atom::FALSE),
        "max_arity" => Cell::atom(m.atoms.intern("unbounded")),
        "char_conversion" => Cell::atom(atom::FALSE),
        "prefer_rationals" => Cell::atom(atom::FALSE),
        "iso" => Cell::atom(atom::FALSE),
        "version" => Cell::int(10000),
        "dialect" => Cell::atom(m.atoms.intern("ply")),
        "stack_limit" => int_cell(m, m.stack_limit_bytes()),
        "verbose" => {
            let silent = m
                .services
                .natives
                .get::<crate::builtins::Ext>()
                .verbose_silent;
            Cell::atom(m.atoms.intern(if silent { "silent" } else { "normal" }))
        }
        // What a new module reads double quotes as (library(plunit)'s units): hidden, since
        // '$flag_name'/1 does not list it.
        "$default_double_quotes" => {
            let traditional = m.services.natives.get::<crate::builtins::Ext>().traditional;
            Cell::atom(m.atoms.intern(if traditional { "codes" } else { "string" }))
        }
        "argv" => {
            let args = m
                .services
                .natives
                .get::<crate::builtins::Ext>()
                .argv
                .clone();
            let mut list = Cell::atom(atom::NIL);
            for a in args.iter().rev() {
                let x = Cell::atom(m.atoms.intern(a));
                list = m.stacks.heap.cons(x, list);
            }
            list
        }
        "clause_database_limit" => int_cell(m, m.db_limit_bytes()),
        _ => match super::user_flags::get(m, n.atom_index()) {
            Some(v) => v,
            None => return Ok(false),
        },
    };
    Ok(m.unify(a[1], v))
}

fn set_flag(m: &mut Machine, a: &[Cell]) -> Res {
    let n = m.stacks.heap.deref(a[0]);
    let v = m.stacks.heap.deref(a[1]);
    if n.tag() == Tag::Ref || v.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if n.tag() != Tag::Atom {
        return Err(m.type_err("atom", n));
    }
    let name = m.atoms.name(n.atom_index()).to_string();
    let val = if v.tag() == Tag::Atom {
        m.atoms.name(v.atom_index()).to_string()
    } else {
        String::new()
    };
    let q = match val.as_str() {
        "codes" => Some(QuoteMode::Codes),
        "chars" => Some(QuoteMode::Chars),
        "atom" => Some(QuoteMode::Atom),
        "string" => Some(QuoteMode::String),
        _ => None,
    };
    let bad = |m: &mut Machine| {
        let f = m.stacks.heap.compound(atom::PLUS, &[n, v]);
        m.domain_err("flag_value", f)
    };
    match name.as_str() {
        "double_quotes" => match q {
            Some(q) => m.services.flags.read.double_quotes = q,
            None => return Err(bad(m)),
        },
        "back_quotes" => match q {
            Some(q) => m.services.flags.read.back_quotes = q,
            None => return Err(bad(m)),
        },
        "unknown" => match val.as_str() {
            "error" | "fail" | "warning" => {
                m.services.flags.unknown_error = val == "error";
                m.services.flags.unknown_warning = val == "warning";
            }
            _ => return Err(bad(m)),
        },
        "occurs_check" => match crate::machine::occurs::OccursCheck::from_name(&val) {
            Some(mode) => m.set_occurs_check(mode),
            // SWI-Prolog names the flag as the domain of its values.
            None => return Err(m.domain_err("occurs_check", v)),
        },
        "gc" => match val.as_str() {
            "true" => {
                m.services.gc.enabled = true;
                m.services
                    .gc
                    .set_heap_trigger(m.stacks.heap.top() + m.services.gc.growth);
            }
            "false" => {
                m.services.gc.enabled = false;
                m.services.gc.set_heap_trigger(usize::MAX);
            }
            _ => return Err(bad(m)),
        },
        "verbose" => match val.as_str() {
            "silent" | "normal" => {
                m.services
                    .natives
                    .get::<crate::builtins::Ext>()
                    .verbose_silent = val == "silent"
            }
            _ => return Err(bad(m)),
        },
        "stack_limit" => {
            let bytes = limit_bytes(m, v)?;
            if !m.set_stack_limit_bytes(bytes) {
                return Err(m.permission_err("limit", "stacks", v));
            }
        }
        "clause_database_limit" => {
            let bytes = limit_bytes(m, v)?;
            m.set_db_limit_bytes(bytes);
        }
        "bounded"
        | "max_integer"
        | "min_integer"
        | "max_arity"
        | "integer_rounding_function"
        | "max_tagged_integer"
        | "min_tagged_integer" => {
            return Err(m.permission_err("modify", "flag", n));
        }
        // Flags ply accepts but does not act on: the value must still be one of the flag's
        // (ISO 8.17.1.3: `domain_error(flag_value, Flag+Value)` otherwise).
        "debug"
        | "char_conversion"
        | "prefer_rationals"
        | "iso"
        | "report_error"
        | "toplevel_print_anon"
        | "generate_debug_info"
        | "optimise"
        | "last_call_optimisation" => {
            if !matches!(val.as_str(), "true" | "false" | "on" | "off") {
                return Err(bad(m));
            }
        }
        // A flag of ply's that a program may read but not set.
        _ => {
            // A flag of ply's that a program may read but not set; any other name is the
            // program's own.
            let probe = m.stacks.heap.new_var();
            if super::user_flags::get(m, n.atom_index()).is_none() && flag_value(m, &[n, probe])? {
                return Err(m.permission_err("modify", "flag", n));
            }
            return super::user_flags::set(m, n, v);
        }
    }
    Ok(true)
}

fn op(m: &mut Machine, a: &[Cell]) -> Res {
    let p = m.stacks.heap.deref(a[0]);
    let t = m.stacks.heap.deref(a[1]);
    let names = m.stacks.heap.deref(a[2]);
    if p.tag() == Tag::Ref || t.tag() == Tag::Ref || names.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if p.tag() != Tag::Int {
        return Err(m.type_err("integer", p));
    }
    if !(0..=1200).contains(&p.int_value()) {
        return Err(m.domain_err("operator_priority", p));
    }
    if t.tag() != Tag::Atom {
        return Err(m.type_err("atom", t));
    }
    let ty = match OpType::from_name(m.atoms.name(t.atom_index())) {
        Some(ty) => ty,
        None => return Err(m.domain_err("operator_specifier", t)),
    };
    let list = if names.tag() == Tag::List || names == Cell::atom(atom::NIL) {
        match m.list_to_vec_checked(names)? {
            Some(v) => v,
            None => return Err(m.inst_err()),
        }
    } else if names.tag() == Tag::Atom {
        vec![names]
    } else {
        return Err(m.type_err("list", names));
    };
    for n in list {
        let n = m.stacks.heap.deref(n);
        if n.tag() == Tag::Ref {
            return Err(m.inst_err());
        }
        if n.tag() != Tag::Atom {
            return Err(m.type_err("atom", n));
        }
        let name = m.atoms.name(n.atom_index()).to_string();
        if let Err(crate::reader::ops::OpError::Permission { action, .. }) =
            m.services.ops.add(p.int_value() as u32, ty, &name)
        {
            return Err(m.permission_err(action, "operator", n));
        }
    }
    Ok(true)
}

fn ops_list(m: &mut Machine, a: &[Cell]) -> Res {
    let all = m.services.ops.all();
    let mut items = Vec::new();
    for (p, t, n) in all {
        let na = Cell::atom(m.atoms.intern(&n));
        let ta = Cell::atom(m.atoms.intern(t.name()));
        items.push(
            m.stacks
                .heap
                .compound(m.atoms.intern("op"), &[Cell::int(p as i64), ta, na]),
        );
    }
    let l = m.stacks.heap.list_from(&items, Cell::atom(atom::NIL));
    Ok(m.unify(a[0], l))
}

fn statistics(m: &mut Machine, a: &[Cell]) -> Res {
    let k = m.stacks.heap.deref(a[0]);
    if k.tag() != Tag::Atom {
        return Err(m.domain_err("statistics_key", k));
    }
    let cpu_ms = (crate::machine::cputime::cpu_seconds() * 1000.0) as i64;
    let wall_ms = m.services.started.elapsed().as_millis() as i64;
    let name = m.atoms.name(k.atom_index()).to_string();
    let v = match name.as_str() {
        "runtime" | "process_cputime" => {
            let last = last_runtime(m, cpu_ms);
            let l = [Cell::int(cpu_ms), Cell::int(cpu_ms - last)];
            m.stacks.heap.list_from(&l, Cell::atom(atom::NIL))
        }
        "cputime" => m.stacks.heap.float(cpu_ms as f64 / 1000.0),
        "walltime" | "real_time" => {
            let l = [Cell::int(wall_ms), Cell::int(0)];
            m.stacks.heap.list_from(&l, Cell::atom(atom::NIL))
        }
        "inferences" => m.stacks.heap.int(m.stacks.inferences as i64),
        "garbage_collection" => {
            // As SWI-Prolog: collections, bytes freed, milliseconds spent, bytes in use.
            let l = [
                Cell::int(m.services.gc.collections as i64),
                Cell::int((m.services.gc.freed * 8) as i64),
                Cell::int(m.services.gc.time.as_millis() as i64),
                Cell::int((m.stacks.heap.top() * 8) as i64),
            ];
            m.stacks.heap.list_from(&l, Cell::atom(atom::NIL))
        }
        "heapused" | "globalused" => Cell::int((m.stacks.heap.top() * 8) as i64),
        "localused" => Cell::int((m.stacks.stack.len() * 8) as i64),
        "trailused" => Cell::int((m.stacks.trail.len() * 16) as i64),
        // Live atoms, and the atom collector's count, atoms freed and seconds, as SWI-Prolog.
        "atoms" => Cell::int(m.atoms.len() as i64),
        "agc" => Cell::int(m.services.gc.atoms.collections as i64),
        "agc_gained" => Cell::int(m.services.gc.atoms.freed as i64),
        "agc_time" => m.stacks.heap.float(m.services.gc.atoms.time.as_secs_f64()),
        _ => return Err(m.domain_err("statistics_key", k)),
    };
    Ok(m.unify(a[1], v))
}

/// The CPU time, in milliseconds, at which `statistics(runtime, _)` was last asked (0 the first
/// time), and `now` remembered for the next time.
fn last_runtime(m: &mut Machine, now: i64) -> i64 {
    let k = m.atoms.intern("$last_runtime");
    let last = m
        .services
        .globals
        .get(&k)
        .and_then(|s| s.cells.first().copied())
        .map(|c| c.int_value())
        .unwrap_or(0);
    m.services.globals.insert(
        k,
        StoredTerm {
            cells: vec![Cell::int(now)],
            nvars: 0,
        },
    );
    last
}

/// `/abs/file.pl:Line: Module:Goal`, as SWI-Prolog names the goal of `initialization(Goal,
/// main)` in the messages of its failure or error.
fn main_header(m: &mut Machine, goal: Cell) -> String {
    let goal = m.stacks.heap.deref(goal);
    let qualified = if goal.tag() == Tag::Str
        && m.stacks.heap.functor_of(goal) == Cell::functor(atom::COLON, 2)
    {
        goal
    } else {
        // Module 0 is `user`, whose atom is not atom 0.
        let module = match m.program.modules.current {
            0 => Cell::atom(atom::USER),
            other => Cell::atom(other),
        };
        m.stacks.heap.compound(atom::COLON, &[module, goal])
    };
    let shown = m.format_term(qualified, true, 999);
    match m.services.loading.term_place {
        Some((file, line)) => format!("{}:{line}: {shown}", m.atoms.name(file)),
        None => shown,
    }
}

/// The byte count a memory-limit flag is set to: any integer a 64-bit word holds, as swipl
/// takes (`2 000 000 000 000 000 000` is above ply's unboxed integers but a valid limit); a
/// larger one is swipl's `representation_error(int64_t)`, a negative one no room at all.
fn limit_bytes(m: &mut Machine, v: Cell) -> Result<usize, PlError> {
    let n = match v.tag() {
        Tag::Int => v.int_value(),
        _ => match m.number_of(v) {
            Some(crate::arith::number::Number::Int(n)) => n,
            Some(crate::arith::number::Number::Big(b)) => match i64::try_from(&*b) {
                Ok(n) => n,
                Err(_) => return Err(m.representation_err("int64_t")),
            },
            _ => return Err(m.type_err("integer", v)),
        },
    };
    Ok(usize::try_from(n).unwrap_or(0))
}

/// A byte count as an integer cell, boxed when it is above the unboxed range.
fn int_cell(m: &mut Machine, bytes: usize) -> Cell {
    let n = i64::try_from(bytes).unwrap_or(i64::MAX);
    m.number_cell(crate::arith::number::Number::Int(n))
}
