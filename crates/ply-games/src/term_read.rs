//! Reading the parts of name and position terms, with errors that name the offending subterm.
//!
//! Every game's `from_term` is built from these few readers, so that a wrong shape is always a
//! `type_error` and a right shape with a wrong value always a `domain_error`, each naming the
//! smallest culprit. Nothing here may panic on any term, and nothing here creates an atom.

use super::{GTerm, GameError, UNLIMITED};

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

/// The depth argument of a position term: a non-negative integer below 2^32 - 1, or the atom
/// `inf` for [`UNLIMITED`].
pub fn depth(t: &GTerm) -> Result<u32, GameError> {
    match t {
        GTerm::Int(v) if *v < 0 => Err(GameError::Domain("not_less_than_zero", t.clone())),
        // The unlimited depth is spelt `inf` only, so that a position term reads back as the
        // term it was written as.
        GTerm::Int(v) => u32::try_from(*v)
            .ok()
            .filter(|&d| d != UNLIMITED)
            .ok_or_else(|| GameError::Domain("depth", t.clone())),
        GTerm::Atom(name) if name == "inf" => Ok(UNLIMITED),
        _ => Err(GameError::Type("integer", t.clone())),
    }
}

/// The depth argument of a position term: the integer, or the atom `inf` for [`UNLIMITED`].
pub fn depth_term(depth: u32) -> GTerm {
    if depth == UNLIMITED {
        GTerm::atom("inf")
    } else {
        GTerm::Int(i64::from(depth))
    }
}

/// The term `name(Depth, black|white, Rows)` that the board games with a side to move (checkers,
/// Othello) share: `Rows` is a list of rows, each a list of `cols` square atoms taken from
/// `squares` in order.
pub fn side_rows_term<I>(
    name: &'static str,
    depth: u32,
    black_to_move: bool,
    cols: usize,
    squares: I,
) -> GTerm
where
    I: IntoIterator<Item = &'static str>,
{
    let side = if black_to_move { "black" } else { "white" };
    let mut rows = Vec::new();
    let mut row = Vec::with_capacity(cols);
    for square in squares {
        row.push(GTerm::atom(square));
        if row.len() == cols {
            rows.push(GTerm::List(std::mem::replace(
                &mut row,
                Vec::with_capacity(cols),
            )));
        }
    }
    GTerm::compound(
        name,
        vec![depth_term(depth), GTerm::atom(side), GTerm::List(rows)],
    )
}

/// The shape of a board of rows of square atoms: how many rows, how many squares in each, the
/// atoms a square may be, and the domain named when the board breaks these rules.
pub struct RowsShape {
    /// How many rows.
    pub rows: usize,
    /// How many squares in a row.
    pub cols: usize,
    /// The atoms a square may be; a square reads as its index here.
    pub squares: &'static [&'static str],
    /// The domain of the error for a board of the wrong size or with an unknown square.
    pub domain: &'static str,
}

/// The squares, row by row, of a board of rows of atoms: each an index into `shape.squares`.
/// A board that is no list is a `type_error(list, Board)`; rows of the wrong number or length,
/// or a square that is not one of the atoms, are a `domain_error(shape.domain, Board)`.
pub fn rows_of_atoms(board: &GTerm, shape: &RowsShape) -> Result<Vec<usize>, GameError> {
    let bad = || GameError::Domain(shape.domain, board.clone());
    let rows = list(board)?;
    if rows.len() != shape.rows {
        return Err(bad());
    }
    let mut out = Vec::with_capacity(shape.rows * shape.cols);
    for row in rows {
        let squares = list(row).map_err(|_| bad())?;
        if squares.len() != shape.cols {
            return Err(bad());
        }
        for square in squares {
            let index = match square {
                GTerm::Atom(name) => shape.squares.iter().position(|s| *s == name),
                _ => None,
            };
            out.push(index.ok_or_else(bad)?);
        }
    }
    Ok(out)
}

/// The depth, side to move and squares of a `name(Depth, black|white, Rows)` term, and the
/// board subterm for error messages.
pub fn side_rows<'a>(
    term: &'a GTerm,
    name: &str,
    what: &'static str,
    side_domain: &'static str,
    shape: &RowsShape,
) -> Result<(u32, bool, Vec<usize>, &'a GTerm), GameError> {
    let args = compound_args(term, name, 3, what)?;
    let depth = depth(&args[0])?;
    let black_to_move = match &args[1] {
        GTerm::Atom(side) if side == "black" => true,
        GTerm::Atom(side) if side == "white" => false,
        GTerm::Atom(_) => return Err(GameError::Domain(side_domain, args[1].clone())),
        other => return Err(GameError::Type("atom", other.clone())),
    };
    let squares = rows_of_atoms(&args[2], shape)?;
    Ok((depth, black_to_move, squares, &args[2]))
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
    fn inf_is_the_unlimited_depth_both_ways() {
        assert_eq!(depth(&GTerm::atom("inf")), Ok(UNLIMITED));
        assert_eq!(depth_term(UNLIMITED), GTerm::atom("inf"));
        assert_eq!(depth(&depth_term(7)), Ok(7));
        assert_eq!(depth_term(0), GTerm::Int(0));
        let max = GTerm::Int(i64::from(UNLIMITED));
        assert_eq!(depth(&max), Err(GameError::Domain("depth", max.clone())));
    }

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
            depth(&GTerm::atom("infinite")),
            Err(GameError::Type("integer", GTerm::atom("infinite")))
        );
        assert_eq!(
            one_of(&GTerm::atom("z"), &["x", "o"], "side"),
            Err(GameError::Domain("side", GTerm::atom("z")))
        );
        assert_eq!(notation_text(&GTerm::Int(4455)).as_deref(), Ok("4455"));
    }
}
