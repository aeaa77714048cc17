//! Commands people use at the prompt: `make/0` (reload changed files), `time/1`,
//! `statistics/0` and `edit/1`.
//!
//! They print to standard error as SWI-Prolog does (`%`-prefixed lines) and must never change
//! what a program computes.

use super::session::{mtime, note_loaded_files, session};
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// Calls that `time/1` makes itself, not counted in its report.
const TIME_OVERHEAD: u64 = 10;

/// Register the commands.
pub fn install(m: &mut Machine) {
    m.def_library_native("make", 0, make);
    m.def_library_native("statistics", 0, statistics);
    m.def_library_native("edit", 1, edit);
    m.def_library_native("$time_start", 1, |m, a| {
        let inf = m.inferences() as i64;
        let inf = m.heap_mut().int(inf);
        let cpu = m.heap_mut().float(crate::machine::cputime::cpu_seconds());
        let wall = m.wall_seconds();
        let wall = m.heap_mut().float(wall);
        let t = m.atoms_mut().intern("t");
        let s = m.heap_mut().compound(t, &[inf, cpu, wall]);
        Ok(m.unify(a[0], s))
    });
    m.def_library_native("$time_report", 1, time_report);
    crate::system::load_system_text(m, "commands.pl");
}

/// Digits grouped by thousands, as `format("~D")`.
pub fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn time_report(m: &mut Machine, a: &[Cell]) -> Res {
    let s = m.heap().deref(a[0]);
    if s.tag() != Tag::Str {
        return Err(m.type_err("compound", s));
    }
    let num = |m: &Machine, i: usize| -> f64 {
        let c = m.heap().deref(m.heap().arg(s, i));
        match c.tag() {
            Tag::Int => c.int_value() as f64,
            Tag::Boxed => m.heap().float_value(c),
            _ => 0.0,
        }
    };
    let inf0 = num(m, 0) as u64;
    let inferences = m
        .inferences()
        .saturating_sub(inf0)
        .saturating_sub(TIME_OVERHEAD);
    let cpu = (crate::machine::cputime::cpu_seconds() - num(m, 1)).max(0.0);
    let wall = (m.wall_seconds() - num(m, 2)).max(0.0);
    let pct = if wall > 0.0 {
        format!("{:.0}", 100.0 * cpu / wall)
    } else {
        "-".to_string()
    };
    let lips = if cpu > 0.0 {
        format!("{:.0}", inferences as f64 / cpu)
    } else {
        "Infinite".to_string()
    };
    let text = format!(
        "% {} inferences, {:.3} CPU in {:.3} seconds ({}% CPU, {} Lips)\n",
        grouped(inferences),
        cpu,
        wall,
        pct,
        lips
    );
    m.output().message(&text);
    Ok(true)
}

/// A size in bytes as SWI-Prolog's statistics show it.
fn size(bytes: usize) -> String {
    if bytes < 10_000 {
        format!("{} b", grouped(bytes as u64))
    } else if bytes < 10_000_000 {
        format!("{} Kb", grouped((bytes / 1024) as u64))
    } else {
        format!("{} Mb", grouped((bytes / (1024 * 1024)) as u64))
    }
}

fn statistics(m: &mut Machine, _: &[Cell]) -> Res {
    let cpu = crate::machine::cputime::cpu_seconds();
    let cell = std::mem::size_of::<Cell>();
    let held = m.memory_use();
    let (heap_used, heap_alloc) = (held.heap.0 * cell, held.heap.1 * cell);
    let (stack_used, stack_alloc) = (held.stack.0 * cell, held.stack.1 * cell);
    let (trail_used, trail_alloc) = (held.trail.0 * 16, held.trail.1 * 16);
    let limit = held.limit * cell;
    let mut t = String::new();
    t.push_str(&format!(
        "% {:.3} seconds cpu time for {} inferences\n",
        cpu,
        grouped(m.inferences())
    ));
    t.push_str(&format!(
        "% {} atoms, {} predicates, {} clauses, {} VM-codes\n",
        grouped(m.atoms().len() as u64),
        grouped(held.predicates as u64),
        grouped(held.clauses as u64),
        grouped(held.code as u64)
    ));
    t.push_str("%\n");
    t.push_str(&format!(
        "% {:>14} {:>12} {:>12}\n",
        "Limit", "Allocated", "In use"
    ));
    let rows = [
        ("Local  stack:", limit / 2, stack_alloc, stack_used),
        ("Global stack:", limit, heap_alloc, heap_used),
        ("Trail  stack:", 0, trail_alloc, trail_used),
    ];
    for (name, lim, alloc, used) in rows {
        let l = if lim == 0 { "-".to_string() } else { size(lim) };
        t.push_str(&format!(
            "% {} {:>14} {:>12} {:>12}\n",
            name,
            l,
            size(alloc),
            size(used)
        ));
    }
    t.push_str(&format!(
        "% {:>13} {:>14} {:>12} {:>12}\n",
        "Total:",
        size(limit),
        size(heap_alloc + stack_alloc + trail_alloc),
        size(heap_used + stack_used + trail_used)
    ));
    m.output().message(&t);
    Ok(true)
}

/// `make/0`: reconsult every consulted file changed since it was loaded.
fn make(m: &mut Machine, _: &[Cell]) -> Res {
    note_loaded_files(m);
    let stamps: Vec<(String, Option<std::time::SystemTime>)> = match session(m) {
        Some(s) => s
            .stamps
            .iter()
            .map(|(f, t)| (f.clone(), Some(*t)))
            .collect(),
        None => m.loaded_files().iter().map(|f| (f.clone(), None)).collect(),
    };
    let mut files = m.loaded_files().to_vec();
    files.retain(|f| {
        let then = stamps.iter().find(|(g, _)| g == f).and_then(|p| p.1);
        let now = mtime(f);
        now.is_some() && then != now
    });
    for f in files {
        let start = std::time::Instant::now();
        m.consult_file(std::path::Path::new(&f));
        if let (Some(s), Some(t)) = (session(m), mtime(&f)) {
            s.stamps.insert(f.clone(), t);
        }
        let msg = format!(
            "% {} reloaded in {:.2} sec\n",
            f,
            start.elapsed().as_secs_f64()
        );
        m.output().message(&msg);
    }
    super::undefined::list_undefined(m);
    Ok(true)
}

/// `edit(Spec)`: open `$EDITOR` (or `vi`) on a file, or on the file that defines a predicate
/// `Name` or `Name/Arity`; then reload what changed.
fn edit(m: &mut Machine, a: &[Cell]) -> Res {
    let spec = m.heap().deref(a[0]);
    let (name, arity) = match spec.tag() {
        Tag::Atom => (m.atoms().name(spec.atom_index()).to_string(), None),
        Tag::Str => {
            let f = m.heap().functor_of(spec);
            let n = m.heap().deref(m.heap().arg(spec, 0));
            let ar = m.heap().deref(m.heap().arg(spec, 1));
            if m.atoms().name(f.functor_name()) != "/"
                || n.tag() != Tag::Atom
                || ar.tag() != Tag::Int
            {
                return Err(m.type_err("predicate_indicator", spec));
            }
            (
                m.atoms().name(n.atom_index()).to_string(),
                Some(ar.int_value() as usize),
            )
        }
        Tag::Ref => return Err(m.inst_err()),
        _ => return Err(m.type_err("atom", spec)),
    };
    let file = match m.resolve_file(&name) {
        Some(p) => Some(p.to_string_lossy().to_string()),
        None => {
            let a = m.atoms().lookup(&name);
            m.preds()
                .iter()
                .filter(|p| Some(p.name) == a && arity.is_none_or(|x| x == p.arity))
                .find_map(|p| p.file)
                .map(|f| m.atoms().name(f).to_string())
        }
    };
    let file = match file {
        Some(f) => f,
        None => {
            let c = Cell::atom(m.atoms_mut().intern(&name));
            return Err(m.existence_err("procedure", c));
        }
    };
    let line = find_definition_line(&file, &name);
    let editor = std::env::var("VISUAL")
        .or_else(|_| std::env::var("EDITOR"))
        .unwrap_or_else(|_| "vi".to_string());
    m.output().flush();
    let mut cmd = std::process::Command::new(&editor);
    if let Some(l) = line {
        cmd.arg(format!("+{}", l));
    }
    let status = cmd.arg(&file).status();
    if status.is_err() {
        let msg = format!("% could not start the editor `{}`\n", editor);
        m.output().message(&msg);
        return Ok(false);
    }
    make(m, &[])
}

/// The line (1-based) where a clause for `name` starts in `file`, looked up in the text.
fn find_definition_line(file: &str, name: &str) -> Option<usize> {
    let text = std::fs::read_to_string(file).ok()?;
    text.lines()
        .position(|l| {
            l.starts_with(name)
                && l[name.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
        })
        .map(|i| i + 1)
}
