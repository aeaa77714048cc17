//! The module builtins: `module/2`, the natives `use_module/1,2` and `reexport/1,2` in
//! `library/modules.pl` are built on, `meta_predicate/1`, and what `current_module/1` and
//! `predicate_property/2` read of the module table (the table itself is the engine's,
//! `modules.rs`).

use crate::machine::error::{PlError, Res};
use crate::machine::modules::{ImportList, SYSTEM};
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

mod swi_libraries;

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("module", 2, module);
    m.def_native("$load_module", 4, load_module);
    m.def_native("$resolve_source", 2, resolve_source);
    m.def_native("$modules", 1, modules);
    m.def_native("$known_library", 1, swi_libraries::known_library);
    m.def_native("$set_source_module", 1, |m, a| {
        let name = m.stacks.heap.deref(a[0]);
        if name.tag() != Tag::Atom {
            return Err(m.type_err("atom", name));
        }
        let k = m.module_key(name.atom_index());
        if k != 0 && k != SYSTEM {
            m.program.modules.table.entry(k).or_default();
        }
        m.program.modules.current = k;
        Ok(true)
    });
    m.def_native("$context_module", 1, |m, a| {
        let name = m.module_name(m.program.modules.current);
        Ok(m.unify(a[0], Cell::atom(name)))
    });
    m.def_native("meta_predicate", 1, meta_predicate);
    m.def_native("export", 1, export);
    m.def_native("strip_module", 3, |m, a| {
        let (module, t) = m.strip_module(a[0])?;
        let name = Cell::atom(m.module_name(module));
        Ok(m.unify(a[1], name) && m.unify(a[2], t))
    });
    m.def_native("$pred_module_props", 2, pred_module_props);
    m.def_native("$import_modules", 2, import_modules);
    m.def_native("$set_import_modules", 2, set_import_modules);
    m.def_native("import", 1, import);
    m.def_native("$is_meta_goal", 1, |m, a| {
        let g = m.stacks.heap.deref(a[0]);
        let (name, arity) = m.name_arity(g);
        let control = [",", ";", "->", "*->", "\\+"].contains(&m.atoms.name(name)) && arity <= 2;
        let meta = m
            .program
            .lookup_pred(name, arity)
            .is_some_and(|pid| m.meta_spec(pid).is_some());
        Ok(control || meta)
    });
    m.def_native("$meta_args", 2, meta_args);
}

/// `'$meta_args'(+Goal, -Spec)`: the meta-argument specification of the predicate `Goal`
/// calls, as the module system reads it ([`Machine::meta_spec`]: the program's
/// `meta_predicate/1` declarations and the system's table), a list of one item an argument:
/// an integer for a goal with that many arguments added, else `?`, `:`, `^`, `+` or `-`.
/// Fails for a predicate with none.
fn meta_args(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, g) = m.strip_module(a[0])?;
    if !matches!(g.tag(), Tag::Atom | Tag::Str | Tag::List) {
        return Ok(false);
    }
    let (name, arity) = m.name_arity(g);
    let pid = m
        .program
        .lookup_in(module, name, arity)
        .or_else(|| m.program.lookup_pred(name, arity));
    let Some(spec) = pid.and_then(|pid| m.meta_spec(pid)) else {
        return Ok(false);
    };
    let items: Vec<Cell> = spec
        .iter()
        .map(|&b| match b {
            b'0'..=b'9' => Cell::int(i64::from(b - b'0')),
            _ => Cell::atom(m.atoms.intern(&char::from(b).to_string())),
        })
        .collect();
    let l = m.stacks.heap.list_from(&items, Cell::atom(atom::NIL));
    Ok(m.unify(a[1], l))
}

/// The chain key of module name `t` (`system` apart from `user`), or an error.
fn chain_key(m: &mut Machine, t: Cell) -> Result<u32, PlError> {
    let t = m.stacks.heap.deref(t);
    match t.tag() {
        Tag::Atom if m.atoms.name(t.atom_index()) == "system" => Ok(SYSTEM),
        Tag::Atom => Ok(m.module_key(t.atom_index())),
        Tag::Ref => Err(m.inst_err()),
        _ => Err(m.type_err("module", t)),
    }
}

/// The module name of chain key `k`.
fn chain_name(m: &mut Machine, k: u32) -> Cell {
    if k == SYSTEM {
        Cell::atom(m.atoms.intern("system"))
    } else {
        Cell::atom(m.module_name(k))
    }
}

/// `'$import_modules'(Module, List)`: the import modules of `Module`, in order.
fn import_modules(m: &mut Machine, a: &[Cell]) -> Res {
    let k = chain_key(m, a[0])?;
    let chain = m.import_modules(k);
    let cells: Vec<Cell> = chain.into_iter().map(|k| chain_name(m, k)).collect();
    let l = m.stacks.heap.list_from(&cells, Cell::atom(atom::NIL));
    Ok(m.unify(a[1], l))
}

/// `'$set_import_modules'(Module, List)`: make `List` the import modules of `Module`.
fn set_import_modules(m: &mut Machine, a: &[Cell]) -> Res {
    let k = chain_key(m, a[0])?;
    let l = m.stacks.heap.deref(a[1]);
    let Some(items) = m.list_to_vec(l) else {
        return Err(m.type_err("list", l));
    };
    let mut chain = Vec::new();
    for i in items {
        chain.push(chain_key(m, i)?);
    }
    if k != 0 && k != SYSTEM {
        m.program.modules.table.entry(k).or_default();
    }
    m.set_import_modules(k, chain);
    Ok(true)
}

/// `import(From:Name/Arity)`: make `From`'s predicate visible in the module that calls it
/// (the outer qualification of a module's goal, else the module being loaded), as SWI-Prolog
/// does; a list or conjunction imports each.
fn import(m: &mut Machine, a: &[Cell]) -> Res {
    let mut t = m.stacks.heap.deref(a[0]);
    let mut quals = Vec::new();
    while t.tag() == Tag::Str && m.stacks.heap.functor_of(t) == Cell::functor(atom::COLON, 2) {
        // A cyclic qualification (`X = m:X`) has more links than the heap has cells.
        if quals.len() > m.stacks.heap.top() {
            return Err(m.type_err("acyclic_term", t));
        }
        quals.push(m.stacks.heap.arg(t, 0));
        t = m.stacks.heap.deref(m.stacks.heap.arg(t, 1));
    }
    let Some(&from) = quals.last() else {
        return Err(m.inst_err());
    };
    let from = chain_key(m, from)?;
    let into = match quals.len() {
        1 => m.program.modules.current,
        _ => chain_key(m, quals[0])?,
    };
    let from = if from == SYSTEM { 0 } else { from };
    for_each_indicator(m, t, |m, n, ar| {
        let pid = match m.program.lookup_in(from, n, ar) {
            Some(pid) => pid,
            None if from == 0 => m.program.pred_id(n, ar),
            None => m.program.local_pred(from, n, ar),
        };
        if from != into {
            m.import_pred(into, from, pid, n, ar);
        }
    })?;
    Ok(true)
}

/// `module(Name, Exports)`: the file being loaded is module `Name`, which exports `Exports`
/// (`Name/Arity`, `Name//Arity` and `op(P, T, N)`, which is also declared). Only the first
/// term of a file declares a module; anywhere else `module/2` is unknown, as in SWI-Prolog.
fn module(m: &mut Machine, a: &[Cell]) -> Res {
    if !m.services.loading.first_term {
        let name = m.atoms.intern("module");
        let pi = m.indicator(name, 2);
        return Err(m.existence_err("procedure", pi));
    }
    let name = m.stacks.heap.deref(a[0]);
    match name.tag() {
        Tag::Atom => {}
        Tag::Ref => return Err(m.inst_err()),
        _ => return Err(m.type_err("atom", name)),
    }
    let exports = m.stacks.heap.deref(a[1]);
    let Some(items) = m.list_to_vec(exports) else {
        return Err(m.type_err("list", exports));
    };
    let module = m.module_key(name.atom_index());
    if module == 0 {
        return Err(m.permission_err("redefine", "module", name));
    }
    let file = m.services.loading.term_place.map(|(f, _)| f);
    m.declare_module(module, file);
    let mut ops = Vec::new();
    for item in items {
        let item = m.stacks.heap.deref(item);
        if item.tag() == Tag::Str
            && m.stacks.heap.functor_of(item).functor_name() == m.atoms.intern("op")
        {
            let op = m.atoms.intern("op");
            let args: Vec<Cell> = (0..3).map(|i| m.stacks.heap.arg(item, i)).collect();
            let g = m.stacks.heap.compound(op, &args);
            let user = Cell::atom(atom::USER);
            let g = m.stacks.heap.compound(atom::COLON, &[user, g]);
            ops.push(g);
            continue;
        }
        let (n, ar) = indicator(m, item)?;
        m.export_pred(module, n, ar);
    }
    for g in ops {
        let stored = crate::term::StoredTerm::from_heap(&m.stacks.heap, g);
        m.program
            .modules
            .table
            .entry(module)
            .or_default()
            .ops
            .push(stored);
        if let crate::machine::solve::Answer::Error(e) = m.solve_once(g) {
            let e = e.to_heap(&mut m.stacks.heap);
            return Err(PlError(e));
        }
    }
    if let Some(f) = file {
        m.prescan_module_file(module, f);
    }
    Ok(true)
}

/// The name and arity of `Name/Arity` or `Name//Arity` (two more arguments).
fn indicator(m: &mut Machine, t: Cell) -> Result<(u32, usize), PlError> {
    let t = m.stacks.heap.deref(t);
    if t.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let dslash = m.atoms.intern("//");
    if t.tag() == Tag::Str {
        let f = m.stacks.heap.functor_of(t);
        if f.functor_arity() == 2 && (f.functor_name() == atom::SLASH || f.functor_name() == dslash)
        {
            let n = m.stacks.heap.deref(m.stacks.heap.arg(t, 0));
            let ar = m.stacks.heap.deref(m.stacks.heap.arg(t, 1));
            if n.tag() == Tag::Ref || ar.tag() == Tag::Ref {
                return Err(m.inst_err());
            }
            if n.tag() != Tag::Atom {
                return Err(m.type_err("atom", n));
            }
            let ar = m.check_nonneg_int(ar)? as usize;
            let extra = if f.functor_name() == dslash { 2 } else { 0 };
            return Ok((n.atom_index(), ar + extra));
        }
    }
    Err(m.type_err("predicate_indicator", t))
}

/// `'$resolve_source'(Spec, Path)`: the file a plain specification names, relative to the
/// file being loaded, with `.pl` added when needed; fails when there is none.
fn resolve_source(m: &mut Machine, a: &[Cell]) -> Res {
    let s = m.stacks.heap.deref(a[0]);
    // Strings come as atoms (`library/modules.pl`).
    let text = match s.tag() {
        Tag::Atom => m.atoms.name(s.atom_index()).to_string(),
        _ => return Ok(false),
    };
    let Some(p) = m.resolve_file(&text) else {
        return Ok(false);
    };
    let abs = std::fs::canonicalize(&p).unwrap_or(p);
    let atom = m.atoms.intern(&abs.to_string_lossy());
    Ok(m.unify(a[1], Cell::atom(atom)))
}

/// `'$load_module'(Path, Imports, Reexport, Module)`: load the file at `Path` once, import
/// what `Imports` takes of the module it declares into the current module (`all`, a list of
/// `Name/Arity` and `Name/Arity as New`, or `except(List)`), and, for `reexport/1,2`, export
/// them again; `Module` is the declared module, or `user` for a file of no module.
fn load_module(m: &mut Machine, a: &[Cell]) -> Res {
    let p = m.stacks.heap.deref(a[0]);
    if p.tag() != Tag::Atom {
        return Err(m.type_err("atom", p));
    }
    let path = std::path::PathBuf::from(m.atoms.name(p.atom_index()));
    let into = m.program.modules.current;
    let Some(from) = m.load_module_file(&path, true) else {
        return Ok(m.unify(a[3], Cell::atom(atom::USER)));
    };
    let list = import_list(m, a[1])?;
    let before = m.program.modules.imported.len();
    m.import_module(into, from, &list);
    let re = m.stacks.heap.deref(a[2]);
    if re == Cell::atom(atom::TRUE) && into != 0 && m.program.modules.imported.len() >= before {
        let names: Vec<(u32, usize)> = m
            .program
            .modules
            .imported
            .iter()
            .filter(|((i, _, _), &f)| *i == into && f == from)
            .map(|((_, n, ar), _)| (*n, *ar))
            .collect();
        let module = m.program.modules.table.entry(into).or_default();
        for e in names {
            if !module.exports.contains(&e) {
                module.exports.push(e);
            }
        }
    }
    Ok(m.unify(a[3], Cell::atom(from)))
}

/// The import list term of `use_module/2`.
fn import_list(m: &mut Machine, t: Cell) -> Result<ImportList, PlError> {
    let t = m.stacks.heap.deref(t);
    let all = m.atoms.intern("all");
    if t == Cell::atom(all) {
        return Ok(ImportList::All);
    }
    let except = m.atoms.intern("except");
    if t.tag() == Tag::Str && m.stacks.heap.functor_of(t) == Cell::functor(except, 1) {
        let l = m.stacks.heap.arg(t, 0);
        let Some(items) = m.list_to_vec(m.stacks.heap.deref(l)) else {
            return Err(m.type_err("list", l));
        };
        let mut out = Vec::new();
        for i in items {
            out.push(indicator(m, i)?);
        }
        return Ok(ImportList::Except(out));
    }
    let Some(items) = m.list_to_vec(t) else {
        return Err(m.type_err("list", t));
    };
    let as_atom = m.atoms.intern("as");
    let mut out = Vec::new();
    for i in items {
        let i = m.stacks.heap.deref(i);
        if i.tag() == Tag::Str && m.stacks.heap.functor_of(i) == Cell::functor(as_atom, 2) {
            let (n, ar) = indicator(m, m.stacks.heap.arg(i, 0))?;
            let new = m.stacks.heap.deref(m.stacks.heap.arg(i, 1));
            if new.tag() != Tag::Atom {
                return Err(m.type_err("atom", new));
            }
            out.push((n, ar, new.atom_index()));
        } else {
            let (n, ar) = indicator(m, i)?;
            out.push((n, ar, n));
        }
    }
    Ok(ImportList::Only(out))
}

/// `'$modules'(List)`: `user`, `system` and every module declared or named so far.
fn modules(m: &mut Machine, a: &[Cell]) -> Res {
    let system = m.atoms.intern("system");
    let mut names: Vec<u32> = m.program.modules.table.keys().copied().collect();
    names.sort_by(|x, y| m.atoms.name(*x).cmp(m.atoms.name(*y)));
    let mut cells = vec![Cell::atom(atom::USER), Cell::atom(system)];
    cells.extend(names.into_iter().map(Cell::atom));
    let l = m.stacks.heap.list_from(&cells, Cell::atom(atom::NIL));
    Ok(m.unify(a[0], l))
}

/// `meta_predicate(Specs)`: record which arguments of each predicate are goals (a digit,
/// `^`) or module-sensitive (`:`), so that callers in other modules qualify them.
fn meta_predicate(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, specs) = m.strip_module(a[0])?;
    let mut work = vec![specs];
    while let Some(t) = work.pop() {
        let t = m.stacks.heap.deref(t);
        if t.tag() == Tag::Str && m.stacks.heap.functor_of(t) == Cell::functor(atom::COMMA, 2) {
            work.push(m.stacks.heap.arg(t, 1));
            work.push(m.stacks.heap.arg(t, 0));
            continue;
        }
        let (module, t) = m.strip_module_from(module, t)?;
        match t.tag() {
            Tag::Ref => return Err(m.inst_err()),
            // A predicate of no arguments has nothing to declare.
            Tag::Atom => continue,
            Tag::Str => {}
            _ => return Err(m.type_err("callable", t)),
        }
        let f = m.stacks.heap.functor_of(t);
        let mut spec = Vec::new();
        for i in 0..f.functor_arity() {
            let s = m.stacks.heap.deref(m.stacks.heap.arg(t, i));
            let c = match s.tag() {
                Tag::Int if (0..=9).contains(&s.int_value()) => b'0' + s.int_value() as u8,
                Tag::Atom => match m.atoms.name(s.atom_index()) {
                    ":" => b':',
                    "^" => b'^',
                    "//" => b'2',
                    "?" | "+" | "-" | "*" | "@" | "!" => b'?',
                    _ => return Err(m.domain_err("meta_argument_specifier", s)),
                },
                _ => return Err(m.domain_err("meta_argument_specifier", s)),
            };
            spec.push(c);
        }
        let pid = m.in_module(module, |m| {
            m.program.head_pred(f.functor_name(), f.functor_arity())
        });
        m.program.modules.meta.insert(pid, spec);
    }
    Ok(true)
}

/// `'$pred_module_props'(Head, Props)`: the module and source properties of the predicate
/// `Head` names (qualified or in the current module): `imported_from(M)`, `exported`, those of
/// [`source_props`], and `implementation_module(M)`.
fn pred_module_props(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, head) = m.strip_module(a[0])?;
    if !matches!(head.tag(), Tag::Atom | Tag::Str | Tag::List) {
        return Ok(false);
    }
    let (name, arity) = m.name_arity(head);
    let Some(pid) = m
        .program
        .lookup_in(module, name, arity)
        .or_else(|| m.program.lookup_pred(name, arity))
    else {
        return Ok(false);
    };
    // An undefined predicate has no properties, as in SWI-Prolog.
    m.load_deferred(pid);
    if !m.is_current_pred(pid) {
        return Ok(m.unify(a[1], Cell::atom(atom::NIL)));
    }
    let home = m.program.preds[pid as usize].module;
    let mut props = Vec::new();
    if let Some(&from) = m.program.modules.imported.get(&(module, name, arity)) {
        let t = m.atoms.intern("imported_from");
        props.push(
            m.stacks
                .heap
                .compound(t, &[Cell::atom(m.module_name(from))]),
        );
    }
    let pname = m.program.preds[pid as usize].name;
    let exported = home != 0
        && m.program
            .modules
            .table
            .get(&home)
            .is_some_and(|t| t.exports.contains(&(pname, arity)));
    if exported {
        props.push(Cell::atom(m.atoms.intern("exported")));
    }
    props.extend(source_props(m, pid));
    let t = m.atoms.intern("implementation_module");
    let system = m.atoms.intern("system");
    let p = &m.program.preds[pid as usize];
    let home_name = if home != 0 {
        home
    } else if p.is_builtin() || p.library {
        system
    } else {
        atom::USER
    };
    props.push(m.stacks.heap.compound(t, &[Cell::atom(home_name)]));
    let l = m.stacks.heap.list_from(&props, Cell::atom(atom::NIL));
    Ok(m.unify(a[1], l))
}

/// The properties of predicate `pid` that come from its source, in SWI-Prolog's order:
/// `multifile`, `discontiguous`, `file(F)` and `line_count(L)` of its first clause, and
/// `number_of_clauses(N)` for a predicate made of clauses (not a library one's).
fn source_props(m: &mut Machine, pid: crate::machine::instr::PredId) -> Vec<Cell> {
    let mut props = Vec::new();
    let p = &m.program.preds[pid as usize];
    if p.library {
        return props;
    }
    let (multifile, discontiguous, file, line) = (p.multifile, p.discontiguous, p.file, p.line);
    let clauses = match &p.kind {
        crate::machine::db::PredKind::Clauses(list) => Some(list.clauses.len()),
        _ => None,
    };
    if multifile {
        props.push(Cell::atom(m.atoms.intern("multifile")));
    }
    if discontiguous {
        props.push(Cell::atom(m.atoms.intern("discontiguous")));
    }
    if let Some(f) = file {
        let t = m.atoms.intern("file");
        props.push(m.stacks.heap.compound(t, &[Cell::atom(f)]));
        if line > 0 {
            let t = m.atoms.intern("line_count");
            props.push(m.stacks.heap.compound(t, &[Cell::int(line as i64)]));
        }
    }
    if let Some(n) = clauses {
        let t = m.atoms.intern("number_of_clauses");
        props.push(m.stacks.heap.compound(t, &[Cell::int(n as i64)]));
    }
    props
}

/// `export(PIs)`: export more predicates of the current module (a list, a conjunction or
/// one indicator).
fn export(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, spec) = m.strip_module(a[0])?;
    if module == 0 {
        return Ok(true);
    }
    for_each_indicator(m, spec, |m, n, ar| m.export_pred(module, n, ar))?;
    Ok(true)
}

/// Run `each` on the name and arity of every predicate indicator in `spec`: a list, a
/// conjunction or one indicator (`Name/Arity` or `Name//Arity`).
fn for_each_indicator(
    m: &mut Machine,
    spec: Cell,
    mut each: impl FnMut(&mut Machine, u32, usize),
) -> Result<(), PlError> {
    let mut work = vec![spec];
    while let Some(t) = work.pop() {
        let t = m.stacks.heap.deref(t);
        if t == Cell::atom(atom::NIL) {
            continue;
        }
        if t.tag() == Tag::List {
            work.push(m.stacks.heap.cells[t.addr() + 1]);
            work.push(m.stacks.heap.cells[t.addr()]);
            continue;
        }
        if t.tag() == Tag::Str && m.stacks.heap.functor_of(t) == Cell::functor(atom::COMMA, 2) {
            work.push(m.stacks.heap.arg(t, 1));
            work.push(m.stacks.heap.arg(t, 0));
            continue;
        }
        let (n, ar) = indicator(m, t)?;
        each(m, n, ar);
    }
    Ok(())
}
