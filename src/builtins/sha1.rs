//! The SHA-1 digest (FIPS 180-1) of a text, for `variant_sha1/2` (`library/boot.pl`), which
//! hashes a canonical writing of the term: `'$sha1_hex'(+Text, -Hex)` gives the digest of the
//! text's UTF-8 bytes as an atom of 40 lowercase hexadecimal digits.

use crate::machine::cell_text::Accept;
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::Cell;

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("$sha1_hex", 2, sha1_hex);
}

/// The texts hashed: atoms and strings (the library passes an atom).
const TEXT: Accept = Accept {
    atom: true,
    string: true,
    number: false,
    list: false,
};

/// `'$sha1_hex'(+Text, -Hex)`.
fn sha1_hex(m: &mut Machine, a: &[Cell]) -> Res {
    let text = super::md5::text_to_hash(m, a[0], TEXT)?;
    let mut hex = String::with_capacity(40);
    for word in digest(text.as_bytes()) {
        hex.push_str(&format!("{word:08x}"));
    }
    let h = m.atom_cell(&hex)?;
    Ok(m.unify(a[1], h))
}

/// The five words of the SHA-1 digest of `data`.
pub fn digest(data: &[u8]) -> [u32; 5] {
    let mut h: [u32; 5] = [
        0x6745_2301,
        0xEFCD_AB89,
        0x98BA_DCFE,
        0x1032_5476,
        0xC3D2_E1F0,
    ];
    // The message is padded with a one bit, zeros and its length in bits, big-endian, to a
    // whole number of 64-byte blocks.
    let mut msg = data.to_vec();
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&((data.len() as u64).wrapping_mul(8)).to_be_bytes());
    for block in msg.chunks_exact(64) {
        let mut w = [0u32; 80];
        for (i, word) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..80 {
            w[i] = (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotate_left(1);
        }
        let [mut a, mut b, mut c, mut d, mut e] = h;
        for (i, wi) in w.iter().enumerate() {
            let (f, k) = match i / 20 {
                0 => ((b & c) | (!b & d), 0x5A82_7999),
                1 => (b ^ c ^ d, 0x6ED9_EBA1),
                2 => ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC),
                _ => (b ^ c ^ d, 0xCA62_C1D6),
            };
            let t = a
                .rotate_left(5)
                .wrapping_add(f)
                .wrapping_add(e)
                .wrapping_add(k)
                .wrapping_add(*wi);
            (e, d, c, b, a) = (d, c, b.rotate_left(30), a, t);
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e]) {
            *x = x.wrapping_add(y);
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::digest;

    /// The test vectors of FIPS 180-1, "abc" and the 448-bit message, and the empty text (the
    /// values `sha1sum` prints for them).
    #[test]
    fn known_digests() {
        let hex = |d: [u32; 5]| d.iter().map(|w| format!("{w:08x}")).collect::<String>();
        assert_eq!(
            hex(digest(b"abc")),
            "a9993e364706816aba3e25717850c26c9cd0d89d"
        );
        assert_eq!(
            hex(digest(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
        );
        assert_eq!(hex(digest(b"")), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
    }
}
