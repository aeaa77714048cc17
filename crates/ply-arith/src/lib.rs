//! ply's numeric tower and ISO arithmetic evaluation: integers of any size, floats, the
//! evaluable functions of `is/2`, the orders on numbers, and number printing.
//!
//! Everything here works on values ([`Number`]), never on terms: the machine evaluates
//! the argument terms, calls [`eval_function`] or [`eval_constant`], and turns an
//! [`ArithError`] into an error term. This crate depends on no other crate of ply.
//!
//! Behaviour follows SWI-Prolog 9 with its default flags (`prefer_rationals` false,
//! `iso` false), except where ISO is followed instead; `cases.txt` lists both, and
//! each departure is marked there with its reason.

pub mod conversion;
pub mod decimal;
pub mod error;
pub mod eval;
pub mod fast_mul;
pub mod float_ops;
pub mod format;
pub mod integer_ops;
pub mod mersenne;
mod modular_power;
mod montgomery;
pub mod number;
pub mod power;
pub mod random;
mod repeated_divisor;
pub mod rounding;
mod small_quotient;
#[cfg(test)]
mod test_words;
mod word_remainder;

#[cfg(test)]
mod cases_test;

pub use error::{ArithError, Culprit};
pub use eval::{eval_constant, eval_function, is_evaluable};
pub use format::{format_float, format_float_quoted, format_number};
pub use number::{arith_compare, arith_partial_compare, standard_order, Number};
pub use random::seed_random;
