//! Tests of [`ClauseTerm`]'s two layouts: the length in the pointer, and the length word that
//! starts the block of a term too long for the pointer's spare bits.

use super::*;

/// The cells of `f(1, ..., n)` laid out as a stored term: the root, the functor, the arguments.
fn fact_cells(n: usize) -> Vec<Cell> {
    let mut cells = vec![Cell::structure(1), Cell::functor(atom::DOT, n)];
    cells.extend((0..n).map(|i| Cell::int(i as i64)));
    cells
}

#[test]
fn short_and_long_terms_keep_their_cells() {
    // 65,535 cells is the longest length the pointer holds; one more takes the length word.
    for n in [0, 1, 3, 4, 100, (1 << 16) - 3, (1 << 16) - 2, 1 << 17] {
        let cells = fact_cells(n);
        let term = ClauseTerm::from_cells(cells.clone());
        assert_eq!(term.stored(), &cells[..], "{n} arguments");
        let copy = term.clone();
        assert_eq!(copy, term);
        assert_eq!(copy.stored().len(), n + 2);
        if n > 0 {
            assert_eq!(term.head().key_code(), Cell::int(0).0);
        }
    }
}

#[test]
fn cells_change_in_place_and_the_empty_term_has_none() {
    let mut term = ClauseTerm::from_cells(fact_cells(3));
    term.cells_mut()[2] = Cell::atom(atom::NIL);
    assert_eq!(term.stored()[2], Cell::atom(atom::NIL));
    assert!(ClauseTerm::default().stored().is_empty());
    let mut long = ClauseTerm::from_cells(fact_cells(1 << 16));
    long.cells_mut()[2] = Cell::atom(atom::NIL);
    assert_eq!(long.stored()[2], Cell::atom(atom::NIL));
    assert_eq!(long.stored().len(), (1 << 16) + 2);
}

#[test]
fn a_term_is_one_word() {
    assert_eq!(std::mem::size_of::<ClauseTerm>(), 8);
}

#[test]
fn a_fact_kept_in_its_code_has_no_block_and_keeps_its_name_and_arity() {
    let term = ClauseTerm::in_code(atom::DOT, MAX_FACT_ARGS);
    assert_eq!(term.fact_in_code(), Some((atom::DOT, MAX_FACT_ARGS)));
    assert!(term.stored().is_empty());
    let copy = term.clone();
    assert_eq!(copy, term);
    assert_eq!(copy.fact_in_code(), Some((atom::DOT, MAX_FACT_ARGS)));
    // A term with its block is not one, even with the same cells as none.
    assert_eq!(ClauseTerm::from_cells(fact_cells(2)).fact_in_code(), None);
    assert_ne!(ClauseTerm::default(), term);
}
