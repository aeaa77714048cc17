//! Meta-predicate arguments and the context module. A goal of a module other than `user` that
//! calls a meta-predicate (`findall/3`, `maplist/3`, `assert/1`, or one declared by
//! `meta_predicate/1`) hands its goal arguments over qualified with its module (`m:G`), as
//! SWI-Prolog's compiler does, so that they run where they were written. This is done to the
//! clause before it is compiled and to a meta-called goal of a module; `user`'s goals are left
//! as they are, so a program without modules compiles to the same code as before.

use super::super::instr::PredId;
use super::super::Machine;
use ply_term::{atom, Cell, Tag};

/// The meta-argument specifications of the system's predicates, as SWI-Prolog declares them:
/// a digit or `^` for a goal argument, `:` for a module-sensitive one, `?` for the rest.
const SYSTEM_META: &[(&str, &str)] = &[
    ("call", "0"),
    ("call", "1?"),
    ("call", "2??"),
    ("call", "3???"),
    ("call", "4????"),
    ("call", "5?????"),
    ("call", "6??????"),
    ("call", "7???????"),
    ("once", "0"),
    ("ignore", "0"),
    ("\\+", "0"),
    ("not", "0"),
    ("forall", "00"),
    ("findall", "?0?"),
    ("findall", "?0??"),
    ("bagof", "?^?"),
    ("setof", "?^?"),
    ("aggregate", "?^?"),
    ("aggregate", "??^?"),
    ("aggregate_all", "?0?"),
    ("aggregate_all", "??0?"),
    ("catch", "0?0"),
    ("catch_with_backtrace", "0?0"),
    ("call_cleanup", "00"),
    ("setup_call_cleanup", "000"),
    ("time", "0"),
    ("limit", "?0"),
    ("offset", "?0"),
    ("call_nth", "0?"),
    ("distinct", "0"),
    ("distinct", "?0"),
    ("order_by", "?0"),
    ("call_with_depth_limit", "0??"),
    ("call_with_inference_limit", "0??"),
    ("with_output_to", "?0"),
    ("freeze", "?0"),
    ("lazy_list", "3??"),
    ("when", "?0"),
    ("tabled_call", "0"),
    ("maplist", "1?"),
    ("maplist", "2??"),
    ("maplist", "3???"),
    ("maplist", "4????"),
    ("maplist", "5?????"),
    ("maplist", "6??????"),
    ("concurrent_maplist", "1?"),
    ("concurrent_maplist", "2??"),
    ("concurrent_maplist", "3???"),
    ("concurrent_forall", "00"),
    ("foldl", "6??????"),
    ("foldl", "3???"),
    ("foldl", "4????"),
    ("foldl", "5?????"),
    ("include", "1??"),
    ("exclude", "1??"),
    ("partition", "1???"),
    ("convlist", "2??"),
    ("predsort", "3??"),
    ("max_member", "2??"),
    ("min_member", "2??"),
    ("map_list_to_pairs", "2??"),
    ("phrase", "2?"),
    ("listen", "?0"),
    ("listen", "??0"),
    ("unlisten", "??0"),
    ("arithmetic_function", ":"),
    ("compile_predicates", ":"),
    ("arithmetic_expression_value", ":?"),
    ("phrase", "2??"),
    ("phrase_from_file", "2?"),
    ("phrase_from_file", "2??"),
    ("phrase_from_stream", "2?"),
    // A lambda's body runs where the lambda was written (`Params>>Body` called with extra
    // arguments, yall's `>>/N`).
    (">>", "?0"),
    (">>", "?1?"),
    (">>", "?2??"),
    (">>", "?3???"),
    (">>", "?4????"),
    (">>", "?5?????"),
    (">>", "?6??????"),
    ("assert", ":"),
    ("asserta", ":"),
    ("assertz", ":"),
    ("assert", ":?"),
    ("asserta", ":?"),
    ("assertz", ":?"),
    ("retract", ":"),
    ("retractall", ":"),
    ("clause", ":?"),
    ("abolish", ":"),
    ("dynamic", ":"),
    ("discontiguous", ":"),
    ("multifile", ":"),
    ("predicate_property", ":?"),
    ("current_predicate", ":"),
    ("listing", ":"),
    ("initialization", "0"),
    ("initialization", "0?"),
    ("meta_predicate", ":"),
    ("export", ":"),
    ("import", ":"),
];

impl Machine {
    /// The meta-argument specification of `pid`: its `meta_predicate/1` declaration, or the
    /// system's for a predicate of `user`.
    pub fn meta_spec(&self, pid: PredId) -> Option<Vec<u8>> {
        if let Some(spec) = self.program.modules.meta.get(&pid) {
            return Some(spec.clone());
        }
        let p = &self.program.preds[pid as usize];
        if p.module != 0 {
            return None;
        }
        if let Some(&spec) = self.program.modules.system_meta.borrow().get(&pid) {
            return spec.map(|s| s.as_bytes().to_vec());
        }
        let name = self.atoms.name(p.name);
        let spec = SYSTEM_META
            .iter()
            .find(|(n, s)| *n == name && s.len() == p.arity)
            .map(|&(_, s)| s);
        self.program
            .modules
            .system_meta
            .borrow_mut()
            .insert(pid, spec);
        spec.map(|s| s.as_bytes().to_vec())
    }

    /// Goal `g` of `module` with its meta-arguments qualified with the module; `g` itself when
    /// it calls no meta-predicate or `module` is `user`.
    pub fn qualify_meta_args(&mut self, module: u32, g: Cell) -> Cell {
        // `user`'s goals qualify only the arguments of declared meta-predicates, which are
        // other modules' (the system's meta-predicates run their goals in `user` anyway).
        if g.tag() != Tag::Str || (module == 0 && self.program.modules.meta.is_empty()) {
            return g;
        }
        let f = self.stacks.heap.functor_of(g);
        let (name, arity) = (f.functor_name(), f.functor_arity());
        let (name, arity, in_module) = match self.program.modules.unqualify(name) {
            Some((m, n)) => (n, arity, m),
            None => (name, arity, module),
        };
        let pid = self
            .program
            .lookup_in(in_module, name, arity)
            .or_else(|| self.program.lookup_pred(name, arity));
        let spec = match pid {
            Some(pid) if module == 0 => self.program.modules.meta.get(&pid).cloned(),
            Some(pid) => self.meta_spec(pid),
            None => None,
        };
        let Some(spec) = spec else {
            return g;
        };
        let m = Cell::atom(self.module_name(module));
        let mut args = Vec::with_capacity(arity);
        let mut changed = false;
        for (i, &s) in spec.iter().enumerate() {
            let a = self.stacks.heap.arg(g, i);
            let meta = s.is_ascii_digit() || s == b':' || s == b'^';
            if !meta || self.is_qualified(a) {
                args.push(a);
                continue;
            }
            changed = true;
            args.push(if s == b'^' {
                self.qualify_under_carets(m, a)
            } else {
                self.stacks.heap.compound(atom::COLON, &[m, a])
            });
        }
        if !changed {
            return g;
        }
        self.stacks.heap.compound(f.functor_name(), &args)
    }

    /// Whether `t` is a term `M:T`.
    pub(crate) fn is_qualified(&self, t: Cell) -> bool {
        let t = self.stacks.heap.deref(t);
        t.tag() == Tag::Str && self.stacks.heap.functor_of(t) == Cell::functor(atom::COLON, 2)
    }

    /// `V1^...^Vn^G` with `G` qualified by `m`, so that `bagof/3` still sees its carets.
    fn qualify_under_carets(&mut self, m: Cell, t: Cell) -> Cell {
        let mut vars = Vec::new();
        let mut t = self.stacks.heap.deref(t);
        while t.tag() == Tag::Str && self.stacks.heap.functor_of(t) == Cell::functor(atom::CARET, 2)
        {
            vars.push(self.stacks.heap.arg(t, 0));
            t = self.stacks.heap.deref(self.stacks.heap.arg(t, 1));
        }
        let mut out = if self.is_qualified(t) {
            t
        } else {
            self.stacks.heap.compound(atom::COLON, &[m, t])
        };
        while let Some(v) = vars.pop() {
            out = self.stacks.heap.compound(atom::CARET, &[v, out]);
        }
        out
    }

    /// Body `body` of a clause of `module` with the meta-arguments of its goals qualified,
    /// through conjunctions, disjunctions, if-then-else and negation (an explicit stack).
    pub fn qualify_body(&mut self, module: u32, body: Cell) -> Cell {
        enum Work {
            Enter(Cell, u32),
            Build(u32, usize),
        }
        let mut work = vec![Work::Enter(body, module)];
        let mut out: Vec<Cell> = Vec::new();
        while let Some(w) = work.pop() {
            match w {
                Work::Build(name, n) => {
                    let start = out.len() - n;
                    let t = self.stacks.heap.compound(name, &out[start..]);
                    out.truncate(start);
                    out.push(t);
                }
                Work::Enter(g, module) => {
                    let g = self.stacks.heap.deref(g);
                    if g.tag() == Tag::Ref && module != 0 {
                        // A variable goal runs in the module of the clause that calls it, as
                        // SWI-Prolog's body variables do: `run(G) :- G.` in module `m` calls
                        // `m:G`, not `user`'s predicate of that name.
                        let m = Cell::atom(self.module_name(module));
                        out.push(self.stacks.heap.compound(atom::COLON, &[m, g]));
                        continue;
                    }
                    if g.tag() != Tag::Str {
                        out.push(g);
                        continue;
                    }
                    let f = self.stacks.heap.functor_of(g);
                    let (name, n) = (f.functor_name(), f.functor_arity());
                    let ctl = (n == 2
                        && [atom::COMMA, atom::SEMI, atom::ARROW, atom::SOFT].contains(&name))
                        || (n == 1 && name == atom::NOT);
                    if ctl {
                        work.push(Work::Build(name, n));
                        for i in (0..n).rev() {
                            work.push(Work::Enter(self.stacks.heap.arg(g, i), module));
                        }
                    } else if n == 2 && name == atom::COLON {
                        // `M:G` runs `G` in `M`, meta-arguments included: the body of a clause
                        // for another module (`reg:hook(X) :- once(helper(X))`, read as
                        // `day:once(helper(X))`) calls `day:helper/1`.
                        match self.strip_module_quiet(g) {
                            Some((m, inner)) if self.stacks.heap.deref(inner).tag() == Tag::Str => {
                                out.push(Cell::atom(self.module_name(m)));
                                work.push(Work::Build(atom::COLON, 2));
                                work.push(Work::Enter(inner, m));
                            }
                            _ => out.push(g),
                        }
                    } else {
                        let q = self.qualify_meta_args(module, g);
                        out.push(q);
                    }
                }
            }
        }
        out.pop().unwrap_or(body)
    }
}
