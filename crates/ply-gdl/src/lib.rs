//! The Game Description Language (GDL) of General Game Playing, as rule sheets in KIF or in
//! Prolog syntax.
//!
//! A rule sheet is logic programming already: `(<= (legal ?p (mark ?x ?y)) (true (cell ?x ?y
//! b)))` is a clause. This crate reads a sheet ([`kif`]), turns its s-expressions into rules
//! ([`rules`]), refuses what GDL forbids before anything runs ([`check`]: unsafe variables,
//! undefined relations, arity clashes, `true` or `does` in a head, a missing keyword relation)
//! with diagnostics that point at the place, and writes the rules as Prolog clauses ([`emit`])
//! in which the state and the joint move travel as arguments, so that a Prolog system runs the
//! game without asserting anything. It knows no engine: its output is Prolog text, and the
//! system that loads it supplies the game protocol around it.

pub mod check;
pub mod emit;
pub mod entry;
pub mod kif;
pub mod materialize;
pub mod plan;
pub mod prolog;
pub mod recursion;
pub mod rules;
pub mod store;

pub use ply_diag::Diag;

/// A rule sheet translated: the Prolog text to load and what a front-end needs to know.
#[derive(Clone, Debug)]
pub struct Translation {
    /// Prolog clauses: the sheet's relations under `'gdl:NAME'` names, and the uniform entry
    /// points `'$gdl_roles'/1`, `'$gdl_init'/1`, `'$gdl_legal'/3`, `'$gdl_next'/3`,
    /// `'$gdl_goal'/3`, `'$gdl_terminal'/1`.
    pub prolog: String,
    /// The same sheet translated with the state held as indexed facts ([`store`]), the
    /// translation ply loads; the entry points are the same.
    pub indexed: String,
    /// The roles in the order the sheet names them (ground `role` facts only).
    pub roles: Vec<String>,
}

/// Read, check and translate a rule sheet in KIF. Every problem found is returned, each with
/// the span of the text it is about.
pub fn translate_kif(source: &str) -> Result<Translation, Vec<Diag>> {
    let forms = kif::parse(source).map_err(|d| vec![d])?;
    let sheet = rules::from_forms(&forms)?;
    check::check(&sheet)?;
    Ok(emit::translation(&sheet))
}

/// Read, check and translate a rule sheet in either syntax: KIF when its first character that
/// is not layout or a `;` comment is `(`, Prolog syntax otherwise ([`prolog::looks_like_kif`]).
pub fn translate(source: &str) -> Result<Translation, Vec<Diag>> {
    if prolog::looks_like_kif(source) {
        return translate_kif(source);
    }
    let forms = prolog::parse(source)?;
    let sheet = rules::from_forms(&forms)?;
    check::check(&sheet)?;
    Ok(emit::translation(&sheet))
}
