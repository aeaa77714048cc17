//! The calls a loaded program makes of predicates that nothing defines, with where each call
//! is written: what `check/0` and `make/0` list, as swipl's `list_undefined/0` does.
//!
//! It reads the source tables the loader kept with each clause (`source_map.rs`): every call
//! the compiler emitted, its code address and the span of its goal. A callee counts as
//! undefined when it has no clause, is neither dynamic nor declared, and is no native. Goals
//! passed as arguments of meta-predicates (`catch/3`, `findall/3`) are not calls the compiler
//! emitted: the text of such a call is read again to find them (`undefined_calls/meta_goals.rs`).

mod meta_goals;

use super::db::PredKind;
use super::instr::PredId;
use super::Machine;

/// One call of an undefined predicate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UndefinedCall {
    /// The predicate called, as `name/arity`.
    pub callee: String,
    /// The file the call is written in, as it was given to the loader.
    pub file: String,
    /// Its line (from 1) and column (from 0, as swipl counts).
    pub line: usize,
    /// Its column, in characters from 0.
    pub column: usize,
    /// The predicate whose clause makes the call, as `name/arity`.
    pub caller: String,
    /// Which clause of it, from 1.
    pub clause: usize,
}

impl Machine {
    /// Every call of an undefined predicate in the program's clauses, by callee in the
    /// standard order of their indicators and, for each, by place in the text.
    pub fn undefined_calls(&mut self) -> Vec<UndefinedCall> {
        let mut out: Vec<UndefinedCall> = Vec::new();
        let mut found: Vec<(Option<PredId>, UndefinedCall)> = Vec::new();
        for pid in 0..self.program.preds.len() as PredId {
            let p = &self.program.preds[pid as usize];
            if p.library {
                continue;
            }
            let PredKind::Clauses(list) = &p.kind else {
                continue;
            };
            let spid = self.source_pred(pid);
            let own = spid == pid;
            let caller = {
                let sp = &self.program.preds[spid as usize];
                let name = self.atoms.name(sp.name);
                if sp.module == 0 {
                    format!("{name}/{}", sp.arity)
                } else {
                    format!("{}:{name}/{}", self.atoms.name(sp.module), sp.arity)
                }
            };
            for (i, clause) in list.clauses.iter().enumerate() {
                let Some(src) = self.program.clause_sources.get(&clause.id) else {
                    continue;
                };
                for site in src.sites.iter() {
                    let Some(callee) = self.callee_at(site.addr) else {
                        continue;
                    };
                    let c = &self.program.preds[callee as usize];
                    let text = &src.file.text;
                    let cname = self.atoms.name(c.name).to_string();
                    // A predicate of a module other than `user` is named `m:name/arity`,
                    // at the place of its goal inside `m:Goal`, as swipl lists it.
                    let (shown, at) = if c.module == 0 {
                        (cname.clone(), site.span.start)
                    } else {
                        let m = self.atoms.name(c.module).to_string();
                        let call = text.get(site.span.start..site.span.end).unwrap_or("");
                        let skip = qualifier_len(call, &m);
                        (format!("{m}:{cname}"), site.span.start + skip)
                    };
                    let mut goals = vec![(Some(callee), shown, c.arity, at)];
                    if site.exact {
                        let call = text.get(site.span.start..site.span.end).unwrap_or("");
                        let inner =
                            meta_goals::meta_goals(call, &cname, c.arity, &self.services.ops);
                        for (n, a, off) in inner {
                            let pid = self
                                .atoms
                                .lookup(&n)
                                .and_then(|x| self.program.lookup_pred(x, a));
                            goals.push((pid, n, a, site.span.start + off));
                        }
                    }
                    for (pid, n, a, at) in goals {
                        let (line, column) = line_column(text, at);
                        found.push((
                            pid,
                            UndefinedCall {
                                callee: format!("{n}/{a}"),
                                file: src.file.name.clone(),
                                line,
                                column,
                                caller: caller.clone(),
                                clause: if own { i + 1 } else { 0 },
                            },
                        ));
                    }
                }
            }
        }
        for (callee, call) in found {
            if callee.is_none_or(|p| self.is_undefined(p)) {
                out.push(call);
            }
        }
        // Group by callee, in the standard order of their qualified indicators (module, with
        // `user` for the unqualified, then name, then arity), as swipl lists them.
        let mut order: Vec<String> = Vec::new();
        for u in &out {
            if !order.contains(&u.callee) {
                order.push(u.callee.clone());
            }
        }
        let key = |pi: &String| {
            let (n, a) = pi.rsplit_once('/').unwrap_or((pi.as_str(), "0"));
            let (m, n) = n.split_once(':').unwrap_or(("user", n));
            (
                m.to_string(),
                n.to_string(),
                a.parse::<usize>().unwrap_or(0),
            )
        };
        order.sort_by_key(key);
        let mut grouped = Vec::with_capacity(out.len());
        for name in order {
            let mut calls: Vec<UndefinedCall> =
                out.iter().filter(|u| u.callee == name).cloned().collect();
            calls.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
            calls.dedup();
            grouped.extend(calls);
        }
        grouped
    }

    /// Whether a call of `pid` would find nothing to run.
    fn is_undefined(&mut self, pid: PredId) -> bool {
        self.load_deferred(pid);
        let p = &self.program.preds[pid as usize];
        if p.dynamic || p.defined || p.is_builtin() {
            return false;
        }
        match &p.kind {
            PredKind::Clauses(list) => list.clauses.is_empty(),
            _ => false,
        }
    }
}

/// The length of the qualifier `m:` (with any layout around the colon) that `call` starts
/// with, or 0 when it does not start with one.
fn qualifier_len(call: &str, module: &str) -> usize {
    let Some(rest) = call.strip_prefix(module) else {
        return 0;
    };
    let after = rest.trim_start();
    let Some(goal) = after.strip_prefix(':') else {
        return 0;
    };
    call.len() - goal.trim_start().len()
}

/// The line (from 1) and column (in characters, from 0) of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    (line, before[start..].chars().count())
}
