//! The errors arithmetic evaluation can raise, as plain values that the machine turns into
//! ISO error terms (`error(type_error(integer, 1.0), _)` and so on).
//!
//! This module describes errors only; it must never build terms or decide how an error is
//! reported to the user.

use super::number::Number;

/// An arithmetic error, named after the formal part of the ISO error term it stands for.
#[derive(Clone, Debug, PartialEq)]
pub enum ArithError {
    /// `type_error(Type, Culprit)`: `Type` is `"integer"`, `"float"`, `"evaluable"`, ...
    Type {
        /// The type the argument should have had.
        expected: &'static str,
        /// The offending value or, for `evaluable`, the offending `Name/Arity`.
        culprit: Culprit,
    },
    /// `domain_error(Domain, Culprit)`: the argument has the right type but an unusable
    /// value, e.g. `msb(0)` gives `domain_error(not_less_than_one, 0)` as in SWI-Prolog.
    Domain {
        /// The domain the argument should have been in.
        expected: &'static str,
        /// The offending value.
        culprit: Culprit,
    },
    /// `evaluation_error(What)`: `"zero_divisor"`, `"undefined"`, `"float_overflow"`,
    /// `"int_overflow"` or `"underflow"`.
    Evaluation(&'static str),
    /// `resource_error(What)`: `"memory"` when an integer would exceed ply's size limit
    /// (for instance `2**(2**40)`).
    Resource(&'static str),
}

/// The culprit of a type or domain error.
#[derive(Clone, Debug, PartialEq)]
pub enum Culprit {
    /// A number that was of the wrong type or outside the domain.
    Number(Number),
    /// `Name/Arity` of something that is not an evaluable function.
    Indicator(String, usize),
}

impl ArithError {
    /// `type_error(integer, N)`.
    pub(crate) fn not_integer(n: &Number) -> ArithError {
        ArithError::Type {
            expected: "integer",
            culprit: Culprit::Number(n.clone()),
        }
    }

    /// `type_error(float, N)`.
    pub(crate) fn not_float(n: &Number) -> ArithError {
        ArithError::Type {
            expected: "float",
            culprit: Culprit::Number(n.clone()),
        }
    }

    /// `type_error(evaluable, Name/Arity)`.
    pub fn not_evaluable(name: &str, arity: usize) -> ArithError {
        ArithError::Type {
            expected: "evaluable",
            culprit: Culprit::Indicator(name.to_string(), arity),
        }
    }

    /// `domain_error(Domain, N)`.
    pub(crate) fn domain(expected: &'static str, n: &Number) -> ArithError {
        ArithError::Domain {
            expected,
            culprit: Culprit::Number(n.clone()),
        }
    }

    /// `evaluation_error(zero_divisor)`.
    pub(crate) const ZERO_DIVISOR: ArithError = ArithError::Evaluation("zero_divisor");
    /// `evaluation_error(undefined)`.
    pub(crate) const UNDEFINED: ArithError = ArithError::Evaluation("undefined");
    /// `evaluation_error(float_overflow)`.
    pub(crate) const FLOAT_OVERFLOW: ArithError = ArithError::Evaluation("float_overflow");
    /// `resource_error(memory)`.
    pub(crate) const MEMORY: ArithError = ArithError::Resource("memory");
}
