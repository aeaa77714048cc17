//! The operator table: which atoms are prefix, infix or postfix operators, at what priority.
//!
//! The parser consults the table while it reads, so an `op/3` directive takes effect from the
//! next clause on. The table enforces the ISO restrictions on what may be defined (`,` is fixed,
//! `|` only as a high-priority infix operator, no infix and postfix operator of one name) but
//! leaves checking the argument types and the priority range to the caller; it must never know
//! about the machine.

use ply_term::FastMap;

/// The type of an operator: where its arguments go and whether they may have its own priority.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpType {
    /// Infix, both arguments of lower priority.
    Xfx,
    /// Infix, right-associative.
    Xfy,
    /// Infix, left-associative.
    Yfx,
    /// Prefix, the argument may have the same priority.
    Fy,
    /// Prefix, the argument has lower priority.
    Fx,
    /// Postfix, the argument has lower priority.
    Xf,
    /// Postfix, the argument may have the same priority.
    Yf,
}

/// Which of the three classes an operator type belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Prefix,
    Infix,
    Postfix,
}

impl OpType {
    /// The name as written in `op/3`: `"xfx"`, `"fy"`, ...
    pub fn name(self) -> &'static str {
        match self {
            OpType::Xfx => "xfx",
            OpType::Xfy => "xfy",
            OpType::Yfx => "yfx",
            OpType::Fy => "fy",
            OpType::Fx => "fx",
            OpType::Xf => "xf",
            OpType::Yf => "yf",
        }
    }

    /// The type named `s`, if any.
    pub fn from_name(s: &str) -> Option<OpType> {
        Some(match s {
            "xfx" => OpType::Xfx,
            "xfy" => OpType::Xfy,
            "yfx" => OpType::Yfx,
            "fy" => OpType::Fy,
            "fx" => OpType::Fx,
            "xf" => OpType::Xf,
            "yf" => OpType::Yf,
            _ => return None,
        })
    }

    fn class(self) -> Class {
        match self {
            OpType::Xfx | OpType::Xfy | OpType::Yfx => Class::Infix,
            OpType::Fy | OpType::Fx => Class::Prefix,
            OpType::Xf | OpType::Yf => Class::Postfix,
        }
    }
}

/// Why an operator definition was refused, as the ISO `permission_error(Action, operator, Name)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpError {
    /// `permission_error(action, operator, name)`; `action` is `"modify"` or `"create"`.
    Permission {
        /// `"modify"` or `"create"`.
        action: &'static str,
        /// The operator name.
        name: String,
    },
}

/// The definitions of one name, one slot per class.
#[derive(Clone, Copy, Debug, Default)]
struct Defs {
    prefix: Option<(u32, OpType)>,
    infix: Option<(u32, OpType)>,
    postfix: Option<(u32, OpType)>,
}

impl Defs {
    fn slot(&mut self, class: Class) -> &mut Option<(u32, OpType)> {
        match class {
            Class::Prefix => &mut self.prefix,
            Class::Infix => &mut self.infix,
            Class::Postfix => &mut self.postfix,
        }
    }
}

/// An operator table.
#[derive(Clone, Debug, Default)]
pub struct OpTable {
    defs: FastMap<String, Defs>,
}

/// The standard operators: ISO's table plus SWI-Prolog's, as listed by SWI-Prolog 9's
/// `current_op/3`, without `op(100, yfx, '.')`, which SWI-Prolog defines only for its dicts and
/// which would make `a.b` read as a list cell here.
const STANDARD: &[(u32, OpType, &str)] = &[
    (1200, OpType::Xfx, ":-"),
    (1200, OpType::Xfx, "-->"),
    (1200, OpType::Xfx, "=>"),
    (1200, OpType::Fx, ":-"),
    (1200, OpType::Fx, "?-"),
    (1150, OpType::Fx, "dynamic"),
    (1150, OpType::Fx, "discontiguous"),
    (1150, OpType::Fx, "initialization"),
    (1150, OpType::Fx, "meta_predicate"),
    (1150, OpType::Fx, "module_transparent"),
    (1150, OpType::Fx, "multifile"),
    (1150, OpType::Fx, "public"),
    (1150, OpType::Fx, "thread_local"),
    (1150, OpType::Fx, "thread_initialization"),
    (1150, OpType::Fx, "volatile"),
    (1150, OpType::Fx, "table"),
    (1105, OpType::Xfy, "|"),
    (1100, OpType::Xfy, ";"),
    (1050, OpType::Xfy, "->"),
    (1050, OpType::Xfy, "*->"),
    (1000, OpType::Xfy, ","),
    (800, OpType::Xfx, ":="),
    (900, OpType::Fy, "\\+"),
    (700, OpType::Xfx, "="),
    (700, OpType::Xfx, "\\="),
    (700, OpType::Xfx, "=="),
    (700, OpType::Xfx, "\\=="),
    (700, OpType::Xfx, "@<"),
    (700, OpType::Xfx, "@>"),
    (700, OpType::Xfx, "@=<"),
    (700, OpType::Xfx, "@>="),
    (700, OpType::Xfx, "=.."),
    (700, OpType::Xfx, "is"),
    (700, OpType::Xfx, "=:="),
    (700, OpType::Xfx, "=\\="),
    (700, OpType::Xfx, "<"),
    (700, OpType::Xfx, ">"),
    (700, OpType::Xfx, "=<"),
    (700, OpType::Xfx, ">="),
    (700, OpType::Xfx, ">:<"),
    (700, OpType::Xfx, ":<"),
    (700, OpType::Xfx, "as"),
    (700, OpType::Xfx, "=@="),
    (700, OpType::Xfx, "\\=@="),
    (600, OpType::Xfy, ":"),
    (500, OpType::Yfx, "+"),
    (500, OpType::Yfx, "-"),
    (500, OpType::Yfx, "/\\"),
    (500, OpType::Yfx, "\\/"),
    (400, OpType::Yfx, "*"),
    (400, OpType::Yfx, "/"),
    (400, OpType::Yfx, "//"),
    (400, OpType::Yfx, "rem"),
    (400, OpType::Yfx, "mod"),
    (400, OpType::Yfx, "div"),
    (400, OpType::Yfx, "<<"),
    (400, OpType::Yfx, ">>"),
    (400, OpType::Yfx, "rdiv"),
    (400, OpType::Yfx, "xor"),
    (200, OpType::Xfx, "**"),
    (200, OpType::Xfy, "^"),
    (200, OpType::Fy, "-"),
    (200, OpType::Fy, "+"),
    (200, OpType::Fy, "\\"),
    (1, OpType::Fx, "$"),
];

fn class_order(c: Class) -> u8 {
    match c {
        Class::Prefix => 0,
        Class::Infix => 1,
        Class::Postfix => 2,
    }
}

impl OpTable {
    /// An empty table.
    pub fn new() -> OpTable {
        OpTable::default()
    }

    /// The standard table.
    pub fn standard() -> OpTable {
        let mut t = OpTable::new();
        for &(p, typ, name) in STANDARD {
            *t.defs.entry(name.to_owned()).or_default().slot(typ.class()) = Some((p, typ));
        }
        t
    }

    /// Defines (or, with priority 0, removes) an operator, as `op/3` does for one name.
    ///
    /// The caller has already checked that `priority` is at most 1200.
    pub fn add(&mut self, priority: u32, typ: OpType, name: &str) -> Result<(), OpError> {
        let refuse = |action: &'static str| {
            Err(OpError::Permission {
                action,
                name: name.to_owned(),
            })
        };
        let class = typ.class();
        if name == "," {
            return refuse("modify");
        }
        if name == "[]" || name == "{}" {
            return refuse("create");
        }
        if name == "|" && (class != Class::Infix || (priority > 0 && priority < 1001)) {
            return refuse("create");
        }
        // ISO forbids an infix and a postfix operator of one name; SWI-Prolog allows it, and
        // the parser tells them apart by what follows (`parser.rs`).
        let defs = self.defs.entry(name.to_owned()).or_default();
        *defs.slot(class) = (priority > 0).then_some((priority, typ));
        if defs.prefix.is_none() && defs.infix.is_none() && defs.postfix.is_none() {
            self.defs.remove(name);
        }
        Ok(())
    }

    /// The prefix definition of `name`.
    pub fn prefix(&self, name: &str) -> Option<(u32, OpType)> {
        self.defs.get(name).and_then(|d| d.prefix)
    }

    /// The infix definition of `name`.
    pub fn infix(&self, name: &str) -> Option<(u32, OpType)> {
        self.defs.get(name).and_then(|d| d.infix)
    }

    /// The postfix definition of `name`.
    pub fn postfix(&self, name: &str) -> Option<(u32, OpType)> {
        self.defs.get(name).and_then(|d| d.postfix)
    }

    /// True if `name` is an operator of any class.
    pub fn is_op(&self, name: &str) -> bool {
        self.defs.contains_key(name)
    }

    /// Every definition, ordered by name and then prefix, infix, postfix.
    pub fn all(&self) -> Vec<(u32, OpType, String)> {
        let mut out: Vec<(u32, OpType, String)> = self
            .defs
            .iter()
            .flat_map(|(name, d)| {
                [d.prefix, d.infix, d.postfix]
                    .into_iter()
                    .flatten()
                    .map(move |(p, t)| (p, t, name.clone()))
            })
            .collect();
        out.sort_by(|a, b| {
            a.2.cmp(&b.2)
                .then(class_order(a.1.class()).cmp(&class_order(b.1.class())))
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_restrictions() {
        let mut t = OpTable::standard();
        let perm = |action: &'static str, name: &str| {
            Err(OpError::Permission {
                action,
                name: name.to_owned(),
            })
        };
        assert_eq!(t.add(1000, OpType::Xfy, ","), perm("modify", ","));
        assert_eq!(t.add(700, OpType::Xfx, "|"), perm("create", "|"));
        assert_eq!(t.add(1100, OpType::Fy, "|"), perm("create", "|"));
        assert_eq!(t.add(1100, OpType::Xfy, "|"), Ok(()));
        assert_eq!(t.add(0, OpType::Xfy, "|"), Ok(()));
        assert_eq!(t.infix("|"), None);
        // SWI-Prolog, unlike ISO, lets one name be infix and postfix at once.
        assert_eq!(t.add(200, OpType::Xf, "+"), Ok(()));
        assert_eq!(t.postfix("+"), Some((200, OpType::Xf)));
        assert_eq!(t.infix("+"), Some((500, OpType::Yfx)));
        assert_eq!(t.add(700, OpType::Xfx, "[]"), perm("create", "[]"));
        assert_eq!(t.add(200, OpType::Xf, "!!"), Ok(()));
        assert_eq!(t.postfix("!!"), Some((200, OpType::Xf)));
        assert_eq!(t.add(0, OpType::Yfx, "-"), Ok(()));
        assert_eq!(t.infix("-"), None);
        assert_eq!(t.prefix("-"), Some((200, OpType::Fy)));
    }
}
