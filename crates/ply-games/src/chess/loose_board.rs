//! [`LooseBoard`]: a chess board for the positions cozy-chess refuses because no game can reach
//! them (more than sixteen pieces a side, a check that no last move could have given, an
//! en-passant square next to a check the double step did not cause), with its own legal-move
//! generator.
//!
//! The generator is deliberately plain: every move a piece could make is played on a copy of
//! the board and kept when the mover's king is then not attacked. That is slower than cozy-chess
//! and needs no reasoning about pins or checks, so it is right wherever the rules are. Moves are
//! cozy-chess [`Move`]s with cozy's conventions (castling is the king taking its own rook), so the
//! rest of chess treats both boards alike.
//!
//! A loose board still insists on what makes a position a chess position at all: exactly one
//! king a side, no pawn on the first or last rank, the side that has just moved not in check,
//! castling rights only for a king and rook on their back rank with the rook on the side it
//! castles to, an en-passant square only behind a pawn that may just have made its double step,
//! and the clocks a FEN allows. Those invariants hold for every board this file makes, so nothing
//! here may panic on a board it accepted.

use cozy_chess::{
    get_between_rays, get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks,
    get_pawn_quiets, get_rook_moves, BitBoard, Board, BoardBuilder, CastleRights, Color, File,
    Move, Piece, Rank, Square,
};

/// The promotion pieces, in the order ply lists promotions.
const PROMOTIONS: [Piece; 4] = [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight];

/// A chess position that may be unreachable, with side to move, castling rights, en-passant file
/// and move clocks, as a FEN holds them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LooseBoard {
    /// The squares of each kind of piece, both colours together, indexed by [`Piece`].
    pieces: [BitBoard; Piece::NUM],
    /// The squares of each side's pieces, indexed by [`Color`].
    colors: [BitBoard; Color::NUM],
    /// Whose move it is.
    side: Color,
    /// The rook files each side may still castle with, indexed by [`Color`].
    castling: [CastleRights; Color::NUM],
    /// The file of a pawn that has just made a double step.
    en_passant: Option<File>,
    /// Plies since the last capture or pawn move, at most 100.
    halfmove_clock: u8,
    /// The number of the full move, from 1.
    fullmove_number: u16,
}

impl LooseBoard {
    /// The board `builder` describes, or `None` when it breaks one of the invariants in this
    /// file's header.
    pub fn from_builder(builder: &BoardBuilder) -> Option<LooseBoard> {
        let mut board = LooseBoard {
            pieces: [BitBoard::EMPTY; Piece::NUM],
            colors: [BitBoard::EMPTY; Color::NUM],
            side: builder.side_to_move,
            castling: builder.castle_rights,
            en_passant: None,
            halfmove_clock: builder.halfmove_clock,
            fullmove_number: builder.fullmove_number,
        };
        for sq in Square::ALL {
            if let Some((piece, color)) = builder.square(sq) {
                board.toggle(piece, color, sq);
            }
        }
        let first_and_last = Rank::First.bitboard() | Rank::Eighth.bitboard();
        let sane = Color::ALL
            .into_iter()
            .all(|color| board.colored_pieces(color, Piece::King).len() == 1)
            && (board.pieces(Piece::Pawn) & first_and_last).is_empty()
            && !board.attacked(board.king(!board.side), board.side, board.occupied())
            && board.halfmove_clock <= 100
            && board.fullmove_number >= 1
            && Color::ALL
                .into_iter()
                .all(|color| board.castling_is_sane(color));
        if !sane {
            return None;
        }
        if let Some(sq) = builder.en_passant {
            // The square a capturing pawn lands on: behind the enemy pawn, on the mover's sixth
            // rank, with the square the pawn came from and the one it crossed both empty.
            let us = board.side;
            let pawn = Square::new(sq.file(), Rank::Fifth.relative_to(us));
            let source = Square::new(sq.file(), Rank::Seventh.relative_to(us));
            let crossed_empty = !board.occupied().has(sq) && !board.occupied().has(source);
            if sq.rank() != Rank::Sixth.relative_to(us)
                || !board.colored_pieces(!us, Piece::Pawn).has(pawn)
                || !crossed_empty
            {
                return None;
            }
            board.en_passant = Some(sq.file());
        }
        Some(board)
    }

    /// True when every castling right of `color` names a rook of `color` on its back rank, on
    /// the side of the king the right is for, with the king on that rank too.
    fn castling_is_sane(&self, color: Color) -> bool {
        let rights = self.castling[color as usize];
        if rights.short.is_none() && rights.long.is_none() {
            return true;
        }
        let back_rank = Rank::First.relative_to(color);
        let king = self.king(color);
        let rooks = self.colored_pieces(color, Piece::Rook);
        king.rank() == back_rank
            && rights
                .short
                .is_none_or(|f| f > king.file() && rooks.has(Square::new(f, back_rank)))
            && rights
                .long
                .is_none_or(|f| f < king.file() && rooks.has(Square::new(f, back_rank)))
    }

    /// The same position in cozy-chess's terms, with no check of any kind.
    pub fn to_builder(&self) -> BoardBuilder {
        let mut builder = BoardBuilder::empty();
        for sq in self.occupied() {
            if let (Some(piece), Some(color)) = (self.piece_on(sq), self.color_on(sq)) {
                *builder.square_mut(sq) = Some((piece, color));
            }
        }
        builder.side_to_move = self.side;
        builder.castle_rights = self.castling;
        builder.en_passant = self
            .en_passant
            .map(|file| Square::new(file, Rank::Sixth.relative_to(self.side)));
        builder.halfmove_clock = self.halfmove_clock;
        builder.fullmove_number = self.fullmove_number;
        builder
    }

    /// The same position as a cozy-chess [`Board`], when cozy-chess accepts it as
    /// `Board::from_fen` would: its builder checks everything the FEN reader checks except the
    /// number of checkers, which is checked here.
    pub fn to_standard(&self) -> Option<Board> {
        let board = self.to_builder().build().ok()?;
        (board.checkers().len() < 3).then_some(board)
    }

    /// The squares of `piece`, both sides.
    pub fn pieces(&self, piece: Piece) -> BitBoard {
        self.pieces[piece as usize]
    }

    /// The squares of `color`'s pieces.
    pub fn colors(&self, color: Color) -> BitBoard {
        self.colors[color as usize]
    }

    /// The squares of `color`'s `piece`s.
    pub fn colored_pieces(&self, color: Color, piece: Piece) -> BitBoard {
        self.pieces(piece) & self.colors(color)
    }

    /// Every occupied square.
    pub fn occupied(&self) -> BitBoard {
        self.colors[0] | self.colors[1]
    }

    /// Whose move it is.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The rook files `color` may still castle with.
    pub fn castle_rights(&self, color: Color) -> &CastleRights {
        &self.castling[color as usize]
    }

    /// The file of a pawn that has just made a double step.
    pub fn en_passant(&self) -> Option<File> {
        self.en_passant
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u8 {
        self.halfmove_clock
    }

    /// The number of the full move.
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    /// The piece on `sq`, if any.
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        Piece::ALL
            .into_iter()
            .find(|&piece| self.pieces(piece).has(sq))
    }

    /// The colour of the piece on `sq`, if any.
    pub fn color_on(&self, sq: Square) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&color| self.colors(color).has(sq))
    }

    /// The square of `color`'s king.
    pub fn king(&self, color: Color) -> Square {
        // Every board made here has exactly one king a side; a1 only stands in for the
        // impossible case, so that no code path can panic.
        self.colored_pieces(color, Piece::King)
            .next_square()
            .unwrap_or(Square::A1)
    }

    /// True when the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.attacked(self.king(self.side), !self.side, self.occupied())
    }

    /// True when a piece of `by` attacks `sq`, with sliding pieces blocked by `occupied`.
    fn attacked(&self, sq: Square, by: Color, occupied: BitBoard) -> bool {
        let theirs = self.colors(by);
        let diagonal = self.pieces(Piece::Bishop) | self.pieces(Piece::Queen);
        let straight = self.pieces(Piece::Rook) | self.pieces(Piece::Queen);
        // A pawn of `by` attacks `sq` from the squares a pawn of the other side on `sq` attacks.
        let attackers = (get_knight_moves(sq) & self.pieces(Piece::Knight))
            | (get_king_moves(sq) & self.pieces(Piece::King))
            | (get_pawn_attacks(sq, !by) & self.pieces(Piece::Pawn))
            | (get_bishop_moves(sq, occupied) & diagonal)
            | (get_rook_moves(sq, occupied) & straight);
        !(attackers & theirs).is_empty()
    }

    /// Put `piece` of `color` on `sq`, or take it off when it is there.
    fn toggle(&mut self, piece: Piece, color: Color, sq: Square) {
        self.pieces[piece as usize] ^= sq.bitboard();
        self.colors[color as usize] ^= sq.bitboard();
    }

    /// Drop the castling right of `color` with the rook on `sq`, if it has one.
    fn lose_castling_with(&mut self, color: Color, sq: Square) {
        if sq.rank() != Rank::First.relative_to(color) {
            return;
        }
        let rights = &mut self.castling[color as usize];
        if rights.short == Some(sq.file()) {
            rights.short = None;
        } else if rights.long == Some(sq.file()) {
            rights.long = None;
        }
    }

    /// Play `mv`, which must be a move the generator made for this board: the clocks, castling
    /// rights and en-passant file change as the rules say, and the other side is to move.
    fn make(&mut self, mv: Move) {
        let us = self.side;
        let Some(moved) = self.piece_on(mv.from) else {
            return;
        };
        let victim = self.piece_on(mv.to);
        let castles = self.colors(us).has(mv.to);
        let back_rank = Rank::First.relative_to(us);
        if moved == Piece::Pawn || (victim.is_some() && !castles) {
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = (self.halfmove_clock + 1).min(100);
        }
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        let en_passant_square = self
            .en_passant
            .map(|file| Square::new(file, Rank::Sixth.relative_to(us)));
        self.en_passant = None;
        if castles {
            let (king_file, rook_file) = if mv.to.file() > mv.from.file() {
                (File::G, File::F)
            } else {
                (File::C, File::D)
            };
            // Both come off before either goes down, since a king may land where its rook stood.
            self.toggle(Piece::King, us, mv.from);
            self.toggle(Piece::Rook, us, mv.to);
            self.toggle(Piece::King, us, Square::new(king_file, back_rank));
            self.toggle(Piece::Rook, us, Square::new(rook_file, back_rank));
            self.castling[us as usize] = CastleRights::EMPTY;
        } else {
            self.toggle(moved, us, mv.from);
            if let Some(victim) = victim {
                self.toggle(victim, !us, mv.to);
                self.lose_castling_with(!us, mv.to);
            }
            self.toggle(mv.promotion.unwrap_or(moved), us, mv.to);
            match moved {
                Piece::Pawn => {
                    let double_step = mv.from.rank() == Rank::Second.relative_to(us)
                        && mv.to.rank() == Rank::Fourth.relative_to(us);
                    if double_step {
                        self.en_passant = Some(mv.to.file());
                    } else if Some(mv.to) == en_passant_square {
                        let taken = Square::new(mv.to.file(), Rank::Fifth.relative_to(us));
                        self.toggle(Piece::Pawn, !us, taken);
                    }
                }
                Piece::King => self.castling[us as usize] = CastleRights::EMPTY,
                Piece::Rook => self.lose_castling_with(us, mv.from),
                _ => {}
            }
        }
        self.side = !us;
    }

    /// True when `mv` does not leave the mover's own king attacked.
    fn leaves_king_safe(&self, mv: Move) -> bool {
        let mut next = *self;
        next.make(mv);
        !next.attacked(next.king(self.side), next.side, next.occupied())
    }

    /// The legal moves, appended to `out` in no particular order.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        let us = self.side;
        let own = self.colors(us);
        let occupied = self.occupied();
        let mut keep = |from: Square, to: Square, promotion: Option<Piece>| {
            let mv = Move {
                from,
                to,
                promotion,
            };
            if self.leaves_king_safe(mv) {
                out.push(mv);
            }
        };
        for from in own {
            let targets = match self.piece_on(from) {
                Some(Piece::Pawn) => self.pawn_targets(from),
                Some(Piece::Knight) => get_knight_moves(from) & !own,
                Some(Piece::Bishop) => get_bishop_moves(from, occupied) & !own,
                Some(Piece::Rook) => get_rook_moves(from, occupied) & !own,
                Some(Piece::Queen) => {
                    (get_bishop_moves(from, occupied) | get_rook_moves(from, occupied)) & !own
                }
                Some(Piece::King) => get_king_moves(from) & !own,
                None => BitBoard::EMPTY,
            };
            let promotes = self.pieces(Piece::Pawn).has(from);
            for to in targets {
                if promotes && to.rank() == Rank::Eighth.relative_to(us) {
                    for piece in PROMOTIONS {
                        keep(from, to, Some(piece));
                    }
                } else {
                    keep(from, to, None);
                }
            }
        }
        for rook in self.castling_rooks() {
            keep(self.king(us), rook, None);
        }
    }

    /// The squares a pawn of the side to move on `from` may step or capture to, en passant
    /// included, before the test for its own king.
    fn pawn_targets(&self, from: Square) -> BitBoard {
        let us = self.side;
        let attacks = get_pawn_attacks(from, us);
        let mut targets = get_pawn_quiets(from, us, self.occupied()) | (attacks & self.colors(!us));
        if let Some(file) = self.en_passant {
            targets |= attacks & Square::new(file, Rank::Sixth.relative_to(us)).bitboard();
        }
        targets
    }

    /// The squares of the rooks the side to move may castle with now: the king is not in check,
    /// every square the king and the rook cross or land on is empty but for the two of them, and
    /// no square the king crosses or lands on is attacked once the two have left their squares.
    fn castling_rooks(&self) -> BitBoard {
        let us = self.side;
        let king = self.king(us);
        let occupied = self.occupied();
        let mut rooks = BitBoard::EMPTY;
        if self.attacked(king, !us, occupied) {
            return rooks;
        }
        let back_rank = Rank::First.relative_to(us);
        let rights = self.castling[us as usize];
        let sides = [
            (rights.short, File::G, File::F),
            (rights.long, File::C, File::D),
        ];
        for (rook_file, king_file, rook_file_after) in sides {
            let Some(rook_file) = rook_file else {
                continue;
            };
            let rook = Square::new(rook_file, back_rank);
            let king_to = Square::new(king_file, back_rank);
            let rook_to = Square::new(rook_file_after, back_rank);
            let others = occupied & !(king.bitboard() | rook.bitboard());
            let king_path = get_between_rays(king, king_to) | king_to.bitboard();
            let rook_path = get_between_rays(rook, rook_to) | rook_to.bitboard();
            let clear = (others & (king_path | rook_path)).is_empty();
            if clear
                && !king_path
                    .into_iter()
                    .any(|sq| self.attacked(sq, !us, others))
            {
                rooks |= rook.bitboard();
            }
        }
        rooks
    }

    /// True when the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        !moves.is_empty()
    }

    /// The board after `mv`, or `None` when `mv` is not one of its legal moves.
    pub fn play(&self, mv: Move) -> Option<LooseBoard> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if !moves.contains(&mv) {
            return None;
        }
        let mut next = *self;
        next.make(mv);
        Some(next)
    }

    /// The number of leaf nodes of the legal-move tree at exactly `depth` plies, generated by
    /// this board alone all the way down (children stay loose boards even when cozy-chess would
    /// accept them), so that the generator can be checked against published tables by itself.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| {
                let mut next = *self;
                next.make(mv);
                next.perft(depth - 1)
            })
            .sum()
    }
}
