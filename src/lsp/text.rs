//! Positions in a document as the editor counts them, and as the reader counts them.
//!
//! The reader's spans are byte offsets into UTF-8 text. The Language Server Protocol names a
//! place by line and character, where a character is a UTF-16 code unit unless client and
//! server agreed on UTF-8 bytes at initialisation (`positionEncoding`). A Cyrillic letter is two
//! bytes and one UTF-16 unit; a letter outside the Basic Multilingual Plane is four bytes and two
//! units. [`LineIndex`] finds the line starts of a text once and converts both ways; a position
//! past the end of a line or inside a character is moved to the nearest boundary rather than
//! trusted, since an editor's view of a document may briefly be ahead of the server's.

use crate::reader::Span;
use lsp_types::{Position, Range};

/// How the client counts the characters of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 code units (bytes), when the client offers `utf-8`.
    Utf8,
    /// UTF-16 code units, the protocol's default.
    Utf16,
}

/// The line starts of one text, for converting between byte offsets and protocol positions.
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// The byte offset at which each line starts; the first is 0.
    starts: Vec<usize>,
    /// The length of the text in bytes.
    len: usize,
}

impl LineIndex {
    /// The index of `text`. Lines end at `\n` (a `\r` before it belongs to the line break).
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex {
            starts,
            len: text.len(),
        }
    }

    /// The protocol position of byte offset `offset` of `text` (the text this index was made
    /// from). An offset past the end is the end; one inside a character is that character.
    pub fn position(&self, text: &str, offset: usize, enc: Encoding) -> Position {
        let offset = floor_boundary(text, offset.min(self.len));
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character = match enc {
            Encoding::Utf8 => offset - start,
            Encoding::Utf16 => text[start..offset].chars().map(char::len_utf16).sum(),
        };
        Position::new(line as u32, character as u32)
    }

    /// The protocol range of span `span` of `text`.
    pub fn range(&self, text: &str, span: Span, enc: Encoding) -> Range {
        Range::new(
            self.position(text, span.start, enc),
            self.position(text, span.end.max(span.start), enc),
        )
    }

    /// The byte offset of protocol position `pos` in `text`. A line past the last is the end of
    /// the text; a character past the end of its line is the end of the line (before its break);
    /// a character inside a letter's code units is the start of that letter.
    pub fn offset(&self, text: &str, pos: Position, enc: Encoding) -> usize {
        let line = pos.line as usize;
        let Some(&start) = self.starts.get(line) else {
            return self.len;
        };
        let end = self.starts.get(line + 1).map_or(self.len, |&next| next - 1);
        let line_text = text[start..end].trim_end_matches('\r');
        let want = pos.character as usize;
        let mut units = 0;
        for (i, c) in line_text.char_indices() {
            let width = match enc {
                Encoding::Utf8 => c.len_utf8(),
                Encoding::Utf16 => c.len_utf16(),
            };
            if units + width > want {
                return start + i;
            }
            units += width;
        }
        start + line_text.len()
    }
}

/// The largest character boundary of `text` at or before `offset`.
fn floor_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_counts_one_utf16_unit_and_two_bytes() {
        let text = "а(Оц).\n  б :- в.\n";
        let ix = LineIndex::new(text);
        let oc = text.find("Оц").unwrap();
        assert_eq!(ix.position(text, oc, Encoding::Utf16), Position::new(0, 2));
        assert_eq!(ix.position(text, oc, Encoding::Utf8), Position::new(0, 3));
        let v = text.find('в').unwrap();
        assert_eq!(ix.position(text, v, Encoding::Utf16), Position::new(1, 7));
        assert_eq!(ix.offset(text, Position::new(1, 7), Encoding::Utf16), v);
        assert_eq!(ix.offset(text, Position::new(0, 3), Encoding::Utf8), oc);
    }

    #[test]
    fn astral_letters_take_two_units_and_bad_positions_are_clamped() {
        let text = "a𝔸b\r\nc";
        let ix = LineIndex::new(text);
        let b = text.find('b').unwrap();
        assert_eq!(ix.position(text, b, Encoding::Utf16), Position::new(0, 3));
        // Inside the surrogate pair: the start of the letter.
        assert_eq!(ix.offset(text, Position::new(0, 2), Encoding::Utf16), 1);
        // Past the end of the line: before its `\r\n`.
        assert_eq!(
            ix.offset(text, Position::new(0, 99), Encoding::Utf16),
            b + 1
        );
        assert_eq!(
            ix.offset(text, Position::new(7, 0), Encoding::Utf16),
            text.len()
        );
        // Inside a letter's bytes: that letter.
        assert_eq!(ix.position(text, 2, Encoding::Utf8), Position::new(0, 1));
    }
}
