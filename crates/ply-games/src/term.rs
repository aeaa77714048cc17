//! [`GTerm`]: the owned, ground term form in which positions and moves cross between the game
//! library and the Prolog machine.
//!
//! It is deliberately small (integers, atoms, compounds, lists, strings) and never deep: game
//! positions are a few levels of nesting, so plain recursion over it is fine here, unlike on
//! heap terms. It must never hold a variable.

use std::borrow::Cow;

/// An owned ground term.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GTerm {
    /// An integer.
    Int(i64),
    /// An atom; fixed names are borrowed, names read from the user are owned.
    Atom(Cow<'static, str>),
    /// A string object.
    Str(String),
    /// A compound term `name(args...)`, never with zero arguments.
    Compound(Cow<'static, str>, Vec<GTerm>),
    /// A proper list.
    List(Vec<GTerm>),
}

impl GTerm {
    /// The atom `name` with a fixed name.
    pub fn atom(name: &'static str) -> GTerm {
        GTerm::Atom(Cow::Borrowed(name))
    }

    /// The compound `name(args...)` with a fixed name.
    pub fn compound(name: &'static str, args: Vec<GTerm>) -> GTerm {
        GTerm::Compound(Cow::Borrowed(name), args)
    }
}
