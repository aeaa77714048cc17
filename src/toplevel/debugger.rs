//! The tracer: `trace/0`, `notrace/0`, `spy/1`, `nospy/1`, `nodebug/0`, `debugging/0`, and the
//! ports Call, Exit, Redo, Fail and Exception shown with the goal's depth.
//!
//! While debugging, the machine's call hook (see `session.rs`) replaces a call to a user or
//! builtin predicate `G` by `'$trace_goal'(G)` (`debugger.pl`), which shows the ports and asks
//! at each one what to do (creep, skip, leap, retry, fail, abort). Calls made from inside a
//! library or builtin predicate are not shown, except calls to user predicates (as from
//! `maplist/2`). This module must never change how an untraced program runs.

use super::keys::{self, PortAction};
use super::session::session;
use crate::machine::db::PredKind;
use crate::machine::error::{PlError, Res};
use crate::machine::instr::PredId;
use crate::machine::output::Stream;
use crate::machine::write::WriteOpts;
use crate::machine::Machine;
use crate::term::{Cell, StoredTerm, Tag};
use std::collections::HashSet;

/// Commands of the debugger itself, never traced.
const DEBUG_COMMANDS: &[&str] = &[
    "trace",
    "notrace",
    "nodebug",
    "spy",
    "nospy",
    "nospyall",
    "debugging",
];

/// Debugger state.
#[derive(Default)]
pub struct Debugger {
    /// Trace mode: stop at every port.
    pub tracing: bool,
    /// Spy points, as (name, arity).
    pub spy: HashSet<(u32, usize)>,
    /// Skipping the goal at this depth: nothing inside it is shown.
    pub skipping: Option<i64>,
    /// Let the next traced call through (the box is calling its own goal).
    pass_next: bool,
    /// Goals are shown in full (`w` at a port) rather than abbreviated below depth 10 (`p`).
    pub write_full: bool,
}

/// How deep the tracer shows a goal before eliding it with `...`, as SWI-Prolog's default
/// `print` does.
const PORT_DEPTH: usize = 10;

impl Debugger {
    /// True when calls must be watched: tracing or spy points set.
    pub fn active(&self) -> bool {
        self.tracing || !self.spy.is_empty()
    }

    /// Decide about a call: the predicate to run instead (the box, or for a builtin a
    /// predicate that gives its outcome) or `pid` itself.
    pub fn on_call(&mut self, m: &mut Machine, pid: PredId) -> Result<PredId, PlError> {
        let p = m.pred(pid);
        let pname = m.atoms().name(p.name);
        // The wakeup of attributed variables: its own work is hidden, the goals it wakes shown.
        if pname == "$wakeup" && p.arity == 2 && (self.tracing || !self.spy.is_empty()) {
            let boxed = m.atoms_mut().intern("$trace_wakeup");
            return Ok(m.pred_id(boxed, 2));
        }
        // Nondeterministic natives keep the caller's registers like other natives but cannot
        // be run in place, so they are not shown.
        if matches!(p.kind, PredKind::Control(_) | PredKind::Redo(..))
            || pname.starts_with('$')
            || DEBUG_COMMANDS.contains(&pname)
        {
            return Ok(pid);
        }
        let (name, arity) = (p.name, p.arity);
        if self.pass_next || self.skipping.is_some() {
            self.pass_next = false;
            return Ok(pid);
        }
        let user = is_user(m, pid);
        if !user && hidden_inside(m) {
            return Ok(pid);
        }
        if !self.tracing && !self.spy.contains(&(name, arity)) {
            return Ok(pid);
        }
        let mut goal = if arity == 0 {
            Cell::atom(name)
        } else {
            let args = m.arg_regs(arity).to_vec();
            m.heap_mut().compound(name, &args)
        };
        // A predicate of a module is called, and shown, as `Module:Goal` (swipl shows
        // `lm:p(1)`): the box runs the goal by call/1, which must reach the module's predicate.
        let module = m.pred(pid).module;
        if module != 0 {
            let colon = m.atoms_mut().intern(":");
            goal = m.heap_mut().compound(colon, &[Cell::atom(module), goal]);
        }
        if let PredKind::Native(f) = m.pred(pid).kind {
            return self.run_native(m, f, goal, arity);
        }
        let boxed = m.atoms_mut().intern("$trace_goal");
        m.set_arg_reg(0, goal);
        Ok(m.pred_id(boxed, 1))
    }

    /// Trace a builtin in place: show its Call port, run it, show Exit, Fail or Exception,
    /// and answer with `true/0` or `fail/0`. Builtins keep the caller's registers, which a
    /// box in Prolog would not, so they are never boxed.
    fn run_native(
        &mut self,
        m: &mut Machine,
        f: crate::machine::db::NativeFn,
        goal: Cell,
        arity: usize,
    ) -> Result<PredId, PlError> {
        let args = m.arg_regs(arity).to_vec();
        let depth = current_depth(m) + 1;
        let t = m.atoms_mut().intern("true");
        let fl = m.atoms_mut().intern("fail");
        let (yes, no) = (m.pred_id(t, 0), m.pred_id(fl, 0));
        if self.show_port(m, "call", goal, depth, None)? == "fail" {
            self.show_port(m, "fail", goal, depth, None)?;
            return Ok(no);
        }
        match f(m, &args) {
            Ok(true) => Ok(if self.show_port(m, "exit", goal, depth, None)? == "fail" {
                no
            } else {
                yes
            }),
            Ok(false) => {
                self.show_port(m, "fail", goal, depth, None)?;
                Ok(no)
            }
            Err(e) => {
                let b = m.heap().deref(e.0);
                let quiet = b.tag() == Tag::Atom
                    && matches!(m.atoms().name(b.atom_index()), "$aborted" | "$halt");
                if !quiet {
                    self.show_port(m, "exception", goal, depth, Some(b))?;
                }
                Err(e)
            }
        }
    }

    /// Show a port if it should be seen and ask what to do: `continue`, `fail` or `retry`;
    /// abort raises `'$aborted'`.
    pub fn show_port(
        &mut self,
        m: &mut Machine,
        port: &str,
        goal: Cell,
        depth: i64,
        err: Option<Cell>,
    ) -> Result<&'static str, PlError> {
        let plain = m.strip_module_quiet(goal).map_or(goal, |(_, g)| g);
        let (name, arity) = m.name_arity(plain);
        if self.skipping.is_some_and(|k| depth <= k) {
            self.skipping = None;
        }
        if self.spy.contains(&(name, arity)) {
            self.tracing = true;
        }
        if self.skipping.is_some() || !self.tracing {
            return Ok("continue");
        }
        let mut label = port.to_string();
        label[..1].make_ascii_uppercase();
        let interactive = keys::interactive();
        loop {
            let opts = WriteOpts {
                quoted: true,
                ignore_ops: false,
                numbervars: true,
                max_depth: if self.write_full { 0 } else { PORT_DEPTH },
                name_vars: false,
            };
            let goal_text = super::answers::spaced(&m.write_term_string(goal, opts));
            let mut line = String::new();
            if let Some(e) = err {
                let st = StoredTerm::from_heap(m.heap(), e);
                let t = st.to_heap(m.heap_mut());
                line.push_str(&format!("   {}\n", m.describe_error_cell(t)));
            }
            let ask = if interactive { " ? " } else { "" };
            line.push_str(&format!("   {}: ({}) {}{}", label, depth, goal_text, ask));
            m.output().write(Stream::User, &line);
            m.output().flush();
            let action = if interactive {
                keys::port_action(keys::read_key())
            } else {
                PortAction::Creep
            };
            let word = match action {
                PortAction::Creep => "creep",
                PortAction::Skip => "skip",
                PortAction::Leap => "leap",
                PortAction::Retry => "retry",
                PortAction::Fail => "fail",
                PortAction::Abort => "abort",
                PortAction::NoDebug => "nodebug",
                PortAction::Write => "write",
                PortAction::Print => "print",
                PortAction::Help => "help",
            };
            let shown = if interactive { word } else { "" };
            m.output().write(Stream::User, &format!("{}\n", shown));
            return Ok(match action {
                PortAction::Help => {
                    m.output().write(Stream::User, keys::PORT_HELP);
                    continue;
                }
                PortAction::Write | PortAction::Print => {
                    // The same port again, shown the new way.
                    self.write_full = action == PortAction::Write;
                    continue;
                }
                PortAction::Creep => "continue",
                PortAction::Skip => {
                    if port == "call" || port == "redo" {
                        self.skipping = Some(depth);
                    }
                    "continue"
                }
                PortAction::Leap => {
                    self.tracing = false;
                    "continue"
                }
                PortAction::NoDebug => {
                    self.tracing = false;
                    self.spy.clear();
                    sync_attention(m, false);
                    "continue"
                }
                PortAction::Retry => "retry",
                PortAction::Fail => "fail",
                PortAction::Abort => {
                    let b = Cell::atom(m.atoms_mut().intern("$aborted"));
                    return Err(PlError(b));
                }
            });
        }
    }
}

/// The depth of the innermost traced goal.
fn current_depth(m: &mut Machine) -> i64 {
    let dk = m.atoms_mut().intern("$trace_depth");
    match m.bglobal(dk) {
        Some(c) => m.heap().deref(c).int_value(),
        None => 0,
    }
}

/// A program's own predicate (not builtin, not library).
fn is_user(m: &Machine, pid: PredId) -> bool {
    let p = m.pred(pid);
    matches!(p.kind, PredKind::Clauses(_)) && !p.library
}

/// True while running inside a traced library or builtin predicate.
fn hidden_inside(m: &mut Machine) -> bool {
    let k = m.atoms_mut().intern("$trace_opaque");
    let yes = Cell::atom(m.atoms_mut().intern("true"));
    m.bglobal(k).is_some_and(|c| m.heap().deref(c) == yes)
}

/// Register the debugger's natives and load its Prolog half.
pub fn install(m: &mut Machine) {
    m.def_library_native("trace", 0, |m, _| set_tracing(m, true));
    m.def_library_native("notrace", 0, |m, _| set_tracing(m, false));
    m.def_library_native("nodebug", 0, |m, _| {
        if let Some(s) = session(m) {
            s.debugger.spy.clear();
        }
        set_tracing(m, false)
    });
    m.def_library_native("spy", 1, |m, a| spy(m, a[0], true));
    m.def_library_native("nospy", 1, |m, a| spy(m, a[0], false));
    m.def_library_native("nospyall", 0, |m, _| {
        let active = match session(m) {
            Some(s) => {
                s.debugger.spy.clear();
                s.debugger.active()
            }
            None => return Ok(true),
        };
        sync_attention(m, active);
        m.output().message("% All spy points removed\n");
        Ok(true)
    });
    m.def_library_native("debugging", 0, debugging);
    m.def_library_native("$trace_state", 3, trace_state);
    m.def_library_native("$trace_det", 2, |m, a| {
        let n0 = m.heap().deref(a[0]).int_value() as usize;
        let det = if m.choice_height() == n0 {
            "true"
        } else {
            "false"
        };
        let c = Cell::atom(m.atoms_mut().intern(det));
        Ok(m.unify(a[1], c))
    });
    m.def_library_native("$trace_throw", 1, |m, a| {
        let c = m.copy_term(a[0]);
        Err(PlError(c))
    });
    m.def_library_native("$trace_set", 2, trace_set);
    m.def_library_native("$trace_opaque_for", 2, opaque_for);
    m.def_library_native("$trace_pass_next", 0, |m, _| {
        if let Some(s) = session(m) {
            s.debugger.pass_next = true;
        }
        Ok(true)
    });
    m.def_library_native("$choice_count", 1, |m, a| {
        let n = Cell::int(m.choice_height() as i64);
        Ok(m.unify(a[0], n))
    });
    m.def_library_native("$trace_port", 4, port);
    crate::system::load_system_text(m, "debugger.pl");
}

/// Turn trace mode on or off, keeping the attention bit in step.
fn set_tracing(m: &mut Machine, on: bool) -> Res {
    let active = match session(m) {
        Some(s) => {
            s.debugger.tracing = on;
            s.debugger.skipping = None;
            s.debugger.active()
        }
        None => return Ok(true),
    };
    sync_attention(m, active);
    Ok(true)
}

/// Set or clear the debug attention bit.
pub fn sync_attention(m: &mut Machine, active: bool) {
    m.set_debug_attention(active);
}

/// Whether trace mode is on (for the prompt).
pub fn tracing(m: &mut Machine) -> Option<&'static str> {
    let s = session(m)?;
    if s.debugger.tracing {
        Some("[trace] ")
    } else if !s.debugger.spy.is_empty() {
        Some("[debug] ")
    } else {
        None
    }
}

/// `spy(Spec)` / `nospy(Spec)`: Spec is `Name` (every arity) or `Name/Arity`, maybe
/// qualified by a module (`lm:q/1`), which then names the module's predicates in messages.
/// Spy points are kept by name and arity.
fn spy(m: &mut Machine, spec: Cell, on: bool) -> Res {
    let (module, spec) = m.strip_module(spec)?;
    let (name, arity) = match spec.tag() {
        Tag::Atom => (spec.atom_index(), None),
        Tag::Str if m.heap().functor_of(spec) == Cell::functor(m.atoms_mut().intern("/"), 2) => {
            let n = m.heap().deref(m.heap().arg(spec, 0));
            let a = m.heap().deref(m.heap().arg(spec, 1));
            if n.tag() != Tag::Atom || a.tag() != Tag::Int {
                return Err(m.type_err("predicate_indicator", spec));
            }
            (n.atom_index(), Some(a.int_value() as usize))
        }
        Tag::Ref => return Err(m.inst_err()),
        _ => return Err(m.type_err("predicate_indicator", spec)),
    };
    let mut keys: Vec<(u32, usize)> = if module == 0 {
        m.preds_named(name, arity)
    } else {
        m.module_preds_named(module, name, arity)
    }
    .into_iter()
    .map(|(a, _)| (name, a))
    .collect();
    if keys.is_empty() {
        if let Some(a) = arity {
            keys.push((name, a));
        }
    }
    let mut msg = String::new();
    let active = match session(m) {
        Some(s) => {
            for k in &keys {
                if on {
                    s.debugger.spy.insert(*k);
                } else {
                    s.debugger.spy.remove(k);
                }
            }
            s.debugger.active()
        }
        None => return Ok(true),
    };
    for (n, a) in keys {
        let what = if on {
            "Spy point on"
        } else {
            "Spy point removed from"
        };
        let qualifier = if module == 0 {
            String::new()
        } else {
            format!("{}:", m.atoms().name(module))
        };
        msg.push_str(&format!("% {what} {qualifier}{}/{a}\n", m.atoms().name(n)));
    }
    m.output().message(&msg);
    sync_attention(m, active);
    Ok(true)
}

/// `debugging/0`: list the spy points and the mode.
fn debugging(m: &mut Machine, _: &[Cell]) -> Res {
    let (tracing, mut spies) = match session(m) {
        Some(s) => (
            s.debugger.tracing,
            s.debugger.spy.iter().copied().collect::<Vec<_>>(),
        ),
        None => (false, Vec::new()),
    };
    spies.sort();
    let mut text = String::new();
    if tracing {
        text.push_str("% Trace mode is on\n");
    } else if spies.is_empty() {
        text.push_str("% No spy points; debug mode is off\n");
    }
    for (n, a) in spies {
        text.push_str(&format!("% Spy point on {}/{}\n", m.atoms().name(n), a));
    }
    m.output().message(&text);
    Ok(true)
}

/// `'$trace_state'(Depth, Opaque, Next)`: the current depth, whether we are inside a hidden
/// goal, and the depth of a goal called now.
fn trace_state(m: &mut Machine, a: &[Cell]) -> Res {
    let dk = m.atoms_mut().intern("$trace_depth");
    let ok = m.atoms_mut().intern("$trace_opaque");
    // Outside any traced goal (a spy point met deep in a recursion), the depth starts from the
    // machine's call stack, so that it says how deep the spied call is.
    let d = match m.bglobal(dk) {
        Some(d) => d,
        None => Cell::int(m.frame_depth() as i64),
    };
    let no = Cell::atom(m.atoms_mut().intern("false"));
    let o = m.bglobal(ok).unwrap_or(no);
    let next = Cell::int(m.heap().deref(d).int_value() + 1);
    Ok(m.unify(a[0], d) && m.unify(a[1], o) && m.unify(a[2], next))
}

/// `'$trace_set'(Depth, Opaque)`: set both, undone on backtracking.
fn trace_set(m: &mut Machine, a: &[Cell]) -> Res {
    for (name, v) in [("$trace_depth", a[0]), ("$trace_opaque", a[1])] {
        let k = m.atoms_mut().intern(name);
        m.set_bglobal(k, v);
    }
    Ok(true)
}

/// `'$trace_opaque_for'(Goal, Opaque)`: `true` when the goal's inside is not shown.
fn opaque_for(m: &mut Machine, a: &[Cell]) -> Res {
    let Some((module, g)) = m.strip_module_quiet(a[0]) else {
        return Ok(false);
    };
    let (name, arity) = m.name_arity(g);
    let user = m
        .visible_pred(module, name, arity)
        .is_some_and(|p| is_user(m, p));
    let v = Cell::atom(m.atoms_mut().intern(if user { "false" } else { "true" }));
    Ok(m.unify(a[1], v))
}

/// `'$trace_port'(Port, Goal, Depth, Action)`: show a port if it should be seen and ask what
/// to do. Action is `continue`, `fail` or `retry`; abort throws `'$aborted'`.
fn port(m: &mut Machine, a: &[Cell]) -> Res {
    let port = m.heap().deref(a[0]);
    let goal = m.heap().deref(a[1]);
    let depth = m.heap().deref(a[2]).int_value();
    let (name, err) = if port.tag() == Tag::Atom {
        (m.atoms().name(port.atom_index()).to_string(), None)
    } else {
        (
            "exception".to_string(),
            Some(m.heap().deref(m.heap().arg(port, 0))),
        )
    };
    // The debugger state lives in the call hook; take it out while the port is shown.
    let mut hook = m.take_call_hook();
    let result = match hook
        .as_mut()
        .and_then(|h| h.as_any().downcast_mut::<super::session::Session>())
    {
        Some(s) => s.debugger.show_port(m, &name, goal, depth, err),
        None => Ok("continue"),
    };
    m.restore_call_hook(hook);
    let r = Cell::atom(m.atoms_mut().intern(result?));
    Ok(m.unify(a[3], r))
}
