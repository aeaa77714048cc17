//! Tests of the FEN grammar: what it reads (six fields, four EPD fields, X-FEN and Shredder-FEN
//! castling, white space around and between fields) and what it refuses, by syntax and by
//! position. Each accepted text must give the board that its canonical FEN gives.

use super::board::ChessBoard;
use super::fen::{read_fen, write_fen, FenError};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn accepted_spellings_read_as_the_same_board() {
    let start = read_fen(START).unwrap();
    assert_eq!(start, ChessBoard::default());
    for text in [
        // An EPD line: four fields, clocks taken as 0 1.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        // White space around and between fields.
        "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w  KQkq - 0 1 \n",
        // Shredder-FEN names the rooks by file.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    ] {
        assert_eq!(read_fen(text).unwrap(), start, "{text:?}");
    }
    // X-FEN's K names the outermost rook on the king's side, here on g1 in a Chess960 start.
    let x_fen = read_fen("rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1").unwrap();
    assert_eq!(write_fen(&x_fen), "rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1");
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_eq!(write_fen(&read_fen(after_e4).unwrap()), after_e4);
}

#[test]
fn malformed_text_is_a_syntax_error() {
    for text in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        // Seven and nine ranks, and ranks of seven and nine squares.
        "rnbqkbnr/pppppppp/8/8/8/8/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        // A bad side, castling letter, en-passant square and clocks.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 256 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999",
    ] {
        assert!(
            matches!(read_fen(text), Err(FenError::Syntax)),
            "{text:?}: {:?}",
            read_fen(text)
        );
    }
}

#[test]
fn well_formed_text_that_is_no_position_is_refused() {
    // A castling right with no rook to name.
    assert!(matches!(
        read_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        Err(FenError::Castling)
    ));
    // No black king; a halfmove clock above 100; the side that has just moved in check.
    for text in [
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 101 1",
        "4k3/8/8/8/8/8/8/r3K3 b - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
    ] {
        assert!(
            matches!(read_fen(text), Err(FenError::Position(_))),
            "{text:?}: {:?}",
            read_fen(text)
        );
    }
}
