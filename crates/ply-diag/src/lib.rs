//! Diagnostics: what ply tells a person about their program, and how it is drawn.
//!
//! Load-time lint of clauses (singletons as SWI-Prolog reports them, look-alike names),
//! suggestions for unknown procedures, ISO error terms in words, and rendering in miette's
//! graphical style with `file:line:col`. This crate reads the reader's [`ply_reader::ast`]
//! output and plain values; it depends on the reader and the terms' crate only, never on the
//! engine.

pub mod confusables;
pub mod dwim;
pub mod edit_distance;
pub mod iso_words;
pub mod lint;
pub mod render;
pub mod source;
pub mod suggest;
pub mod term_text;

pub use iso_words::{describe, ErrTerm};
pub use lint::{lint_clause, DiscontiguousTracker};
pub use render::{line_col, render, render_in, Diag, Severity};
pub use source::SourceText;
pub use suggest::{did_you_mean, near_names};
