//! The shape of a tic-tac-toe board as the heap-level successor loop sees it: fixed when
//! compiling, so that the classic board's loops unroll and lose their bounds checks, or read
//! from the game for any other board. Nothing here reads or writes cells.

/// A board's shape, fixed when compiling or read from the game.
pub(super) trait Shape {
    /// How many rows.
    fn rows(&self) -> usize;
    /// How many squares in a row.
    fn cols(&self) -> usize;
}

/// A shape known when compiling.
pub(super) struct Fixed<const ROWS: usize, const COLS: usize>;

impl<const ROWS: usize, const COLS: usize> Shape for Fixed<ROWS, COLS> {
    #[inline(always)]
    fn rows(&self) -> usize {
        ROWS
    }
    #[inline(always)]
    fn cols(&self) -> usize {
        COLS
    }
}

/// Any shape.
pub(super) struct Any {
    /// How many rows.
    pub(super) rows: usize,
    /// How many squares in a row.
    pub(super) cols: usize,
}

impl Shape for Any {
    #[inline(always)]
    fn rows(&self) -> usize {
        self.rows
    }
    #[inline(always)]
    fn cols(&self) -> usize {
        self.cols
    }
}
