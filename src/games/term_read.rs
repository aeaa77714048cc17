//! Reading the parts of name and position terms, with errors that name the offending subterm.
//!
//! Every game's `from_term` is built from these few readers, so that a wrong shape is always a
//! `type_error` and a right shape with a wrong value always a `domain_error`, each naming the
//! smallest culprit. Nothing here may panic on any term, and nothing here creates an atom.

use super::{GTerm, GameError};

/// The arguments of `term` when it is the compound `name` with `arity` arguments.
///
/// Any other term is a `type_error(what, term)`.
pub fn compound_args<'a>(
    term: &'a GTerm,
    name: &str,
    arity: usize,
    what: &'static str,
) -> Result<&'a [GTerm], GameError> {
    match term {
        GTerm::Compound(f, args) if f == name && args.len() == arity => Ok(args),
        _ => Err(GameError::Type(what, term.clone())),
    }
}

/// The arguments of a name term: empty for an atom, the arguments for a compound.
///
/// Numbers, strings and lists are a `type_error(callable, term)`.
pub fn name_args(term: &GTerm) -> Result<&[GTerm], GameError> {
    match term {
        GTerm::Atom(_) => Ok(&[]),
        GTerm::Compound(_, args) => Ok(args),
        _ => Err(GameError::Type("callable", term.clone())),
    }
}

/// An integer in `lo..=hi`: a `type_error(integer, t)` when `t` is no integer and a
/// `domain_error(domain, t)` when it is out of range.
pub fn int_in(t: &GTerm, lo: i64, hi: i64, domain: &'static str) -> Result<i64, GameError> {
    match t {
        GTerm::Int(v) if (lo..=hi).contains(v) => Ok(*v),
        GTerm::Int(_) => Err(GameError::Domain(domain, t.clone())),
        _ => Err(GameError::Type("integer", t.clone())),
    }
}

/// A search depth: a non-negative integer that fits in `u32`.
pub fn depth(t: &GTerm) -> Result<u32, GameError> {
    match t {
        GTerm::Int(v) if *v < 0 => Err(GameError::Domain("not_less_than_zero", t.clone())),
        GTerm::Int(v) => u32::try_from(*v).map_err(|_| GameError::Domain("depth", t.clone())),
        _ => Err(GameError::Type("integer", t.clone())),
    }
}

/// The term `name(Depth, black|white, "Board")` that the board games with a side to move and a
/// board string (checkers, Othello) share.
pub fn side_board_term(
    name: &'static str,
    depth: u32,
    black_to_move: bool,
    board: String,
) -> GTerm {
    let side = if black_to_move { "black" } else { "white" };
    GTerm::compound(
        name,
        vec![
            GTerm::Int(i64::from(depth)),
            GTerm::atom(side),
            GTerm::Str(board),
        ],
    )
}

/// The depth, side to move and board text of a `name(Depth, black|white, "Board")` term, and
/// the board subterm for error messages. The board may be a string or an atom.
pub fn side_board<'a>(
    term: &'a GTerm,
    name: &str,
    what: &'static str,
    side_domain: &'static str,
) -> Result<(u32, bool, &'a str, &'a GTerm), GameError> {
    let args = compound_args(term, name, 3, what)?;
    let depth = depth(&args[0])?;
    let black_to_move = match &args[1] {
        GTerm::Atom(side) if side == "black" => true,
        GTerm::Atom(side) if side == "white" => false,
        GTerm::Atom(_) => return Err(GameError::Domain(side_domain, args[1].clone())),
        other => return Err(GameError::Type("atom", other.clone())),
    };
    let text = match &args[2] {
        GTerm::Str(text) => text.as_str(),
        GTerm::Atom(text) => text.as_ref(),
        other => return Err(GameError::Type("string", other.clone())),
    };
    Ok((depth, black_to_move, text, &args[2]))
}

/// The elements of a proper list; the atom `[]` counts as the empty list.
pub fn list(t: &GTerm) -> Result<&[GTerm], GameError> {
    match t {
        GTerm::List(items) => Ok(items),
        GTerm::Atom(name) if name == "[]" => Ok(&[]),
        _ => Err(GameError::Type("list", t.clone())),
    }
}

/// The name of an atom, or a `type_error(atom, t)`.
pub fn atom(t: &GTerm) -> Result<&str, GameError> {
    match t {
        GTerm::Atom(name) => Ok(name),
        _ => Err(GameError::Type("atom", t.clone())),
    }
}

/// Which of the fixed atoms `choices` the term is, by index; any other atom is a
/// `domain_error(domain, t)`.
pub fn one_of(t: &GTerm, choices: &[&str], domain: &'static str) -> Result<usize, GameError> {
    let name = atom(t)?;
    choices
        .iter()
        .position(|c| *c == name)
        .ok_or_else(|| GameError::Domain(domain, t.clone()))
}

/// A list of integers in `lo..=hi`.
pub fn int_list(t: &GTerm, lo: i64, hi: i64, domain: &'static str) -> Result<Vec<i64>, GameError> {
    list(t)?.iter().map(|x| int_in(x, lo, hi, domain)).collect()
}

/// The list term of integers `values`.
pub fn int_list_term<I: IntoIterator<Item = i64>>(values: I) -> GTerm {
    GTerm::List(values.into_iter().map(GTerm::Int).collect())
}

/// The text of a notation argument: an atom, a string, or a non-negative integer written in
/// decimal (so that `connect4(4455)` means the same as `connect4('4455')`).
pub fn notation_text(t: &GTerm) -> Result<String, GameError> {
    match t {
        GTerm::Atom(s) => Ok(s.to_string()),
        GTerm::Str(s) => Ok(s.clone()),
        GTerm::Int(v) if *v >= 0 => Ok(v.to_string()),
        _ => Err(GameError::Type("text", t.clone())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_culprit() {
        assert_eq!(
            depth(&GTerm::Int(-1)),
            Err(GameError::Domain("not_less_than_zero", GTerm::Int(-1)))
        );
        assert_eq!(
            depth(&GTerm::atom("a")),
            Err(GameError::Type("integer", GTerm::atom("a")))
        );
        assert_eq!(list(&GTerm::atom("[]")), Ok(&[][..]));
        assert_eq!(
            one_of(&GTerm::atom("z"), &["x", "o"], "side"),
            Err(GameError::Domain("side", GTerm::atom("z")))
        );
        assert_eq!(notation_text(&GTerm::Int(4455)).as_deref(), Ok("4455"));
    }
}
