//! The atom table: interning of atom names to small indices.
//!
//! Atoms that the machine itself needs (`[]`, `.`, `,`, `error`, ...) are interned first, in the
//! order of [`PREDEFINED`], so that the engine can name them by constant. The table only grows;
//! it must never hand out two indices for one name.

use std::collections::HashMap;

/// Interned atom names.
#[derive(Default)]
pub struct AtomTable {
    names: Vec<Box<str>>,
    index: HashMap<Box<str>, u32>,
}

macro_rules! predefined {
    ($($id:ident = $name:expr),* $(,)?) => {
        /// Atoms interned at start-up, by constant.
        #[allow(missing_docs)]
        pub mod atom {
            predefined!(@consts 0u32; $($id,)*);
        }
        /// The names of the predefined atoms, in index order.
        pub const PREDEFINED: &[&str] = &[$($name),*];
    };
    (@consts $n:expr; $id:ident, $($rest:ident,)*) => {
        pub const $id: u32 = $n;
        predefined!(@consts $n + 1; $($rest,)*);
    };
    (@consts $n:expr;) => {};
}

predefined! {
    NIL = "[]", DOT = ".", COMMA = ",", SEMI = ";", ARROW = "->", SOFT = "*->", NOT = "\\+",
    CUT = "!", TRUE = "true", FAIL = "fail", FALSE = "false", CALL = "call", NECK = ":-",
    CURLY = "{}", MINUS = "-", PLUS = "+", SLASH = "/", ERROR = "error", EMPTY = "",
    BAR = "|", EQUALS = "=", CARET = "^", COLON = ":", VAR = "$VAR", END_OF_FILE = "end_of_file",
    INSTANTIATION_ERROR = "instantiation_error", TYPE_ERROR = "type_error",
    DOMAIN_ERROR = "domain_error", EXISTENCE_ERROR = "existence_error",
    PERMISSION_ERROR = "permission_error", REPRESENTATION_ERROR = "representation_error",
    EVALUATION_ERROR = "evaluation_error", RESOURCE_ERROR = "resource_error",
    SYNTAX_ERROR = "syntax_error", SYSTEM_ERROR = "system_error",
    UNINSTANTIATION_ERROR = "uninstantiation_error",
    PROCEDURE = "procedure", CALLABLE = "callable", ATOM = "atom", INTEGER = "integer",
    FLOAT = "float", NUMBER = "number", ATOMIC = "atomic", LIST = "list", COMPOUND = "compound",
    EVALUABLE = "evaluable", CHARACTER = "character", MEMORY = "memory", ON = "on", OFF = "off",
    CODES = "codes", CHARS = "chars", STRING = "string", USER = "user", DIRECTIVE = "directive",
    LESS = "<", GREATER = ">", CATCH = "catch", FINDALL = "findall", FORALL = "forall",
    NOT_LESS_THAN_ZERO = "not_less_than_zero", MODIFY = "modify",
    STATIC_PROCEDURE = "static_procedure", ACCESS = "access", PRIVATE_PROCEDURE = "private_procedure",
    MAX_ARITY = "max_arity", CHARACTER_CODE = "character_code", OPERATOR = "operator",
    FLAG = "flag", FLAG_VALUE = "flag_value", PROLOG_FLAG = "prolog_flag", STACK = "stack",
    CREATE = "create", CONTEXT = "context", BOOLEAN = "boolean", DOLLAR = "$",
    END = "end", SOURCE_SINK = "source_sink", STREAM = "stream",
    DCG = "-->", QUERY = "?-", LESS_EQ = "=<", GREATER_EQ = ">=",
    STAR = "*", UNKNOWN = "unknown",
}

impl AtomTable {
    /// A table holding the predefined atoms.
    pub fn new() -> AtomTable {
        let mut t = AtomTable::default();
        for name in PREDEFINED {
            t.intern(name);
        }
        t
    }

    /// The index of `name`, interning it if new.
    pub fn intern(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let i = self.names.len() as u32;
        let boxed: Box<str> = name.into();
        self.names.push(boxed.clone());
        self.index.insert(boxed, i);
        i
    }

    /// The index of `name` if it is interned.
    pub fn lookup(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }

    /// The name of atom `i`.
    pub fn name(&self, i: u32) -> &str {
        &self.names[i as usize]
    }

    /// How many atoms there are.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True when the table is empty (never, once created by [`AtomTable::new`]).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predefined_indices_match_names() {
        let t = AtomTable::new();
        assert_eq!(t.name(atom::NIL), "[]");
        assert_eq!(t.name(atom::COMMA), ",");
        assert_eq!(t.lookup("error"), Some(atom::ERROR));
    }
}
