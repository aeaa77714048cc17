//! `md5_hash/3` of SWI-Prolog's library(md5): the MD5 digest (RFC 1321) of a text as an atom
//! of 32 lowercase hexadecimal digits. Puzzle programs (Advent of Code's door codes and
//! one-time pads) hash millions of short texts with it, so the digest is computed here rather
//! than in Prolog.
//!
//! The text is an atom, a string or a code or char list, encoded in UTF-8 unless the options
//! say `encoding(octet)`, where every character must fit a byte. The errors are swipl's: an
//! unbound text an instantiation error, a number or compound `type_error(text, T)`, an option
//! that is not `encoding(_)` `type_error(option, O)`.

use crate::machine::cell_text::{Accept, TextOf};
use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("md5_hash", 3, md5_hash);
}

/// The texts md5_hash/3 takes: not numbers, as swipl (`type_error(text, 12)`).
const TEXT: Accept = Accept {
    atom: true,
    string: true,
    number: false,
    list: true,
};

/// `md5_hash(+Data, -Hash, +Options)`.
fn md5_hash(m: &mut Machine, a: &[Cell]) -> Res {
    let octet = octet_option(m, a[2])?;
    let text = text_to_hash(m, a[0], TEXT)?;
    let bytes: Vec<u8> = if octet {
        let mut out = Vec::with_capacity(text.len());
        for ch in text.chars() {
            match u8::try_from(u32::from(ch)) {
                Ok(b) => out.push(b),
                Err(_) => return Err(m.representation_err("encoding")),
            }
        }
        out
    } else {
        text.into_bytes()
    };
    let hex = to_hex(&digest(&bytes));
    // A volatile atom: a program that hashes millions of texts keeps few of the digests.
    let h = m.atom_cell(&hex)?;
    Ok(m.unify(a[1], h))
}

/// The text of `c` that a digest is made of, or swipl's error: an unbound or partial text an
/// instantiation error, anything `accept` refuses `type_error(text, C)`.
pub(super) fn text_to_hash(m: &mut Machine, c: Cell, accept: Accept) -> Result<String, PlError> {
    match m.text_of(c, accept) {
        TextOf::Text(s) => Ok(s),
        TextOf::Var | TextOf::Partial => Err(m.inst_err()),
        _ => {
            let c = m.stacks.heap.deref(c);
            Err(m.type_err("text", c))
        }
    }
}

/// Whether the options ask for `encoding(octet)`; any other option is a type error.
fn octet_option(m: &mut Machine, opts: Cell) -> Result<bool, PlError> {
    let Some(items) = m.list_to_vec_checked(opts)? else {
        return Err(m.inst_err());
    };
    let enc = m.atoms.intern("encoding");
    let mut octet = false;
    for o in items {
        let o = m.stacks.heap.deref(o);
        if o.tag() != Tag::Str || m.stacks.heap.functor_of(o) != Cell::functor(enc, 1) {
            return Err(m.type_err("option", o));
        }
        let v = m.stacks.heap.deref(m.stacks.heap.arg(o, 0));
        octet = v.tag() == Tag::Atom && m.atoms.name(v.atom_index()) == "octet";
    }
    Ok(octet)
}

/// The digest as lowercase hexadecimal.
fn to_hex(d: &[u8; 16]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(32);
    for b in d {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

/// The per-step left rotations of RFC 1321, four for each of the four rounds.
const SHIFTS: [[u32; 4]; 4] = [
    [7, 12, 17, 22],
    [5, 9, 14, 20],
    [4, 11, 16, 23],
    [6, 10, 15, 21],
];

/// The additive constants: the integer parts of 2^32 * |sin(i + 1)|, as the RFC defines
/// them, computed once per run rather than written out.
fn sines() -> &'static [u32; 64] {
    static K: std::sync::OnceLock<[u32; 64]> = std::sync::OnceLock::new();
    K.get_or_init(|| {
        std::array::from_fn(|i| ((i as f64 + 1.0).sin().abs() * 4_294_967_296.0) as u32)
    })
}

/// The MD5 digest of `data` (RFC 1321, section 3).
pub fn digest(data: &[u8]) -> [u8; 16] {
    let k = sines();
    let mut state: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];
    let mut blocks = data.chunks_exact(64);
    for block in &mut blocks {
        compress(&mut state, block, k);
    }
    // The tail, the bit 1, the zeros and the length in bits: one block or two.
    let rest = blocks.remainder();
    let mut tail = [0u8; 128];
    tail[..rest.len()].copy_from_slice(rest);
    tail[rest.len()] = 0x80;
    let len = if rest.len() < 56 { 64 } else { 128 };
    tail[len - 8..len].copy_from_slice(&((data.len() as u64).wrapping_mul(8)).to_le_bytes());
    for block in tail[..len].chunks_exact(64) {
        compress(&mut state, block, k);
    }
    let mut out = [0u8; 16];
    for (i, s) in state.iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&s.to_le_bytes());
    }
    out
}

/// One 64-byte block into the state: the four rounds of sixteen steps, each round's mixing
/// function and word order chosen in its own loop so that the steps carry no match.
fn compress(state: &mut [u32; 4], block: &[u8], k: &[u32; 64]) {
    let w: [u32; 16] = std::array::from_fn(|i| {
        u32::from_le_bytes([
            block[4 * i],
            block[4 * i + 1],
            block[4 * i + 2],
            block[4 * i + 3],
        ])
    });
    let [mut a, mut b, mut c, mut d] = *state;
    let step = |i: usize, f: u32, g: usize, a: &mut u32, b: &mut u32, c: &mut u32, d: &mut u32| {
        let sum = a.wrapping_add(f).wrapping_add(k[i]).wrapping_add(w[g]);
        let rotated = b.wrapping_add(sum.rotate_left(SHIFTS[i / 16][i % 4]));
        (*a, *b, *c, *d) = (*d, rotated, *b, *c);
    };
    for i in 0..16 {
        let f = (b & c) | (!b & d);
        step(i, f, i, &mut a, &mut b, &mut c, &mut d);
    }
    for i in 16..32 {
        let f = (d & b) | (!d & c);
        step(i, f, (5 * i + 1) % 16, &mut a, &mut b, &mut c, &mut d);
    }
    for i in 32..48 {
        let f = b ^ c ^ d;
        step(i, f, (3 * i + 5) % 16, &mut a, &mut b, &mut c, &mut d);
    }
    for i in 48..64 {
        let f = c ^ (b | !d);
        step(i, f, (7 * i) % 16, &mut a, &mut b, &mut c, &mut d);
    }
    for (s, v) in state.iter_mut().zip([a, b, c, d]) {
        *s = s.wrapping_add(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The test suite of RFC 1321, appendix A.5.
    #[test]
    fn the_rfc_test_suite() {
        let cases = [
            ("", "d41d8cd98f00b204e9800998ecf8427e"),
            ("a", "0cc175b9c0f1b6a831c399e269772661"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            (
                "abcdefghijklmnopqrstuvwxyz",
                "c3fcd3d76192e4007dfb496cca67e13b",
            ),
            (
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                "d174ab98d277d9f5a5611c2c9f419d9f",
            ),
            (
                "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
                "57edf4a22be3c955ac49da2e2107b67a",
            ),
        ];
        for (text, hex) in cases {
            assert_eq!(to_hex(&digest(text.as_bytes())), hex, "{text:?}");
        }
    }
}
