//! Sums and differences of word slices in assembly: one `adc` (or `sbb`) chain, four words
//! a turn, the loop's pointers and counter moved by `lea` and its end tested by `jrcxz`,
//! neither of which touches the carry flag. The compiler's loops over `_addcarry_u64` save
//! and restore the carry around their own counter (`setb`, then an add to put it back), 1.1
//! to 1.5 cycles a word where this chain takes one; the Karatsuba and Toom levels' glue is
//! made of such passes. Every instruction here is in the x86-64 base set.

use std::arch::asm;

/// One word of a turn: `[{r} + off] = [{x} + off] op [{y} + off]` with the carry.
#[rustfmt::skip]
macro_rules! word {
    ($op:literal, $off:literal) => {
        concat!(
            "mov {t}, [{x} + ", $off, "]\n",
            $op, " {t}, [{y} + ", $off, "]\n",
            "mov [{r} + ", $off, "], {t}\n",
        )
    };
}

/// The loop of [`add_n`] and [`sub_n`] with `$op` (`adc` or `sbb`): entered at the word
/// `{s}` of the first turn (the pointers moved down by the words skipped, which are never
/// touched) with the carry flag clear; after the last turn the carry out is left in `{t}`.
macro_rules! chain {
    ($op:literal) => {
        concat!(
            "cmp {s}, 1\n",
            "je 51f\n",
            "cmp {s}, 2\n",
            "je 52f\n",
            "cmp {s}, 3\n",
            "je 53f\n",
            "clc\n",
            "jmp 20f\n",
            "51:\n",
            "clc\n",
            "jmp 21f\n",
            "52:\n",
            "clc\n",
            "jmp 22f\n",
            "53:\n",
            "clc\n",
            "jmp 23f\n",
            "20:\n",
            word!($op, "0"),
            "21:\n",
            word!($op, "8"),
            "22:\n",
            word!($op, "16"),
            "23:\n",
            word!($op, "24"),
            "lea {x}, [{x} + 32]\n",
            "lea {y}, [{y} + 32]\n",
            "lea {r}, [{r} + 32]\n",
            "lea rcx, [rcx - 1]\n",
            "jrcxz 3f\n",
            "jmp 20b\n",
            "3:\n",
            "mov {t:e}, 0\n",
            "adc {t:e}, 0\n",
        )
    };
}

/// `r[..n] = x[..n] + y[..n]`; returns the carry out (0 or 1). `r` may be `x` or `y`: each
/// word is read before it is written, and never read again.
///
/// # Safety
/// `n >= 1`; `x` and `y` are valid for reading `n` words and `r` for writing them.
#[inline(always)]
pub(super) unsafe fn add_n(r: *mut u64, x: *const u64, y: *const u64, n: usize) -> u64 {
    let skip = (4 - n % 4) % 4;
    let carry: u64;
    asm!(
        chain!("adc"),
        s = in(reg) skip,
        x = inout(reg) x.wrapping_sub(skip) => _,
        y = inout(reg) y.wrapping_sub(skip) => _,
        r = inout(reg) r.wrapping_sub(skip) => _,
        inout("rcx") n.div_ceil(4) => _,
        t = out(reg) carry,
        options(nostack),
    );
    carry
}

/// `r[..n] = x[..n] - y[..n]`; returns the borrow out (0 or 1). `r` may be `x` or `y`, as
/// for [`add_n`].
///
/// # Safety
/// As for [`add_n`].
#[inline(always)]
pub(super) unsafe fn sub_n(r: *mut u64, x: *const u64, y: *const u64, n: usize) -> u64 {
    let skip = (4 - n % 4) % 4;
    let borrow: u64;
    asm!(
        chain!("sbb"),
        s = in(reg) skip,
        x = inout(reg) x.wrapping_sub(skip) => _,
        y = inout(reg) y.wrapping_sub(skip) => _,
        r = inout(reg) r.wrapping_sub(skip) => _,
        inout("rcx") n.div_ceil(4) => _,
        t = out(reg) borrow,
        options(nostack),
    );
    borrow
}

/// One word of a turn of [`add_lsh_n`] and [`sub_lsh_n`]: `[{r} + off] = [{x} + off] op
/// (y_j << s | y_(j-1) >> (64 - s))`, `y_j` loaded into `$cur`, `y_(j-1)` found in `$prev`.
/// `shlx`, `shrx` and `lea` (the two shifted parts have no bit in common, so their sum is
/// their union) leave the flags alone, so the carry chain runs through.
#[rustfmt::skip]
macro_rules! shifted_word {
    ("adc", $cur:literal, $prev:literal, $off:literal) => {
        concat!(
            "mov ", $cur, ", [{y} + ", $off, "]\n",
            "shlx {t}, ", $cur, ", {sh}\n",
            "shrx ", $prev, ", ", $prev, ", {rs}\n",
            "lea {t}, [{t} + ", $prev, "]\n",
            "adc {t}, [{x} + ", $off, "]\n",
            "mov [{r} + ", $off, "], {t}\n",
        )
    };
    ("sbb", $cur:literal, $prev:literal, $off:literal) => {
        concat!(
            "mov ", $cur, ", [{y} + ", $off, "]\n",
            "shlx {t}, ", $cur, ", {sh}\n",
            "shrx ", $prev, ", ", $prev, ", {rs}\n",
            "lea {t}, [{t} + ", $prev, "]\n",
            "mov {u}, [{x} + ", $off, "]\n",
            "sbb {u}, {t}\n",
            "mov [{r} + ", $off, "], {u}\n",
        )
    };
}

/// The loop of [`add_lsh_n`] and [`sub_lsh_n`], entered as [`chain`]'s; even words load
/// `y` into `{v0}`, odd ones into `{v1}`, and the register of the word before the entry word
/// is zeroed (`xor` also clears the carry flag). After the last turn `{t}` is the bits
/// shifted out of the top word plus the carry out.
#[rustfmt::skip]
macro_rules! shifted_chain {
    ($op:tt) => {
        concat!(
            "cmp {s}, 1\n",
            "je 51f\n",
            "cmp {s}, 2\n",
            "je 52f\n",
            "cmp {s}, 3\n",
            "je 53f\n",
            "xor {v1:e}, {v1:e}\n",
            "jmp 20f\n",
            "51:\n",
            "xor {v0:e}, {v0:e}\n",
            "jmp 21f\n",
            "52:\n",
            "xor {v1:e}, {v1:e}\n",
            "jmp 22f\n",
            "53:\n",
            "xor {v0:e}, {v0:e}\n",
            "jmp 23f\n",
            "20:\n",
            shifted_word!($op, "{v0}", "{v1}", "0"),
            "21:\n",
            shifted_word!($op, "{v1}", "{v0}", "8"),
            "22:\n",
            shifted_word!($op, "{v0}", "{v1}", "16"),
            "23:\n",
            shifted_word!($op, "{v1}", "{v0}", "24"),
            "lea {x}, [{x} + 32]\n",
            "lea {y}, [{y} + 32]\n",
            "lea {r}, [{r} + 32]\n",
            "lea rcx, [rcx - 1]\n",
            "jrcxz 3f\n",
            "jmp 20b\n",
            "3:\n",
            "shrx {t}, {v1}, {rs}\n",
            "adc {t}, 0\n",
        )
    };
}

/// `r[..n] = x[..n] + (y[..n] << s)` for `0 < s < 64`; returns the bits shifted out of the
/// top word plus the carry out (below `2^s + 1`). `r` may be `x`, as for [`add_n`].
///
/// # Safety
/// The processor has BMI2; `n >= 1`; `x` and `y` are valid for reading `n` words and `r`
/// for writing them; `0 < s < 64`.
#[inline(always)]
pub(super) unsafe fn add_lsh_n(r: *mut u64, x: *const u64, y: *const u64, n: usize, s: u32) -> u64 {
    let skip = (4 - n % 4) % 4;
    let high: u64;
    asm!(
        shifted_chain!("adc"),
        s = in(reg) skip,
        sh = in(reg) u64::from(s),
        rs = in(reg) u64::from(64 - s),
        x = inout(reg) x.wrapping_sub(skip) => _,
        y = inout(reg) y.wrapping_sub(skip) => _,
        r = inout(reg) r.wrapping_sub(skip) => _,
        inout("rcx") n.div_ceil(4) => _,
        v0 = out(reg) _,
        v1 = out(reg) _,
        t = out(reg) high,
        options(nostack),
    );
    high
}

/// `r[..n] = x[..n] - (y[..n] << s)` for `0 < s < 64`; returns the bits shifted out of the
/// top word plus the borrow out, to be subtracted from the words above. `r` may be `x`.
///
/// # Safety
/// As for [`add_lsh_n`].
#[inline(always)]
pub(super) unsafe fn sub_lsh_n(r: *mut u64, x: *const u64, y: *const u64, n: usize, s: u32) -> u64 {
    let skip = (4 - n % 4) % 4;
    let high: u64;
    asm!(
        shifted_chain!("sbb"),
        s = in(reg) skip,
        sh = in(reg) u64::from(s),
        rs = in(reg) u64::from(64 - s),
        x = inout(reg) x.wrapping_sub(skip) => _,
        y = inout(reg) y.wrapping_sub(skip) => _,
        r = inout(reg) r.wrapping_sub(skip) => _,
        inout("rcx") n.div_ceil(4) => _,
        v0 = out(reg) _,
        v1 = out(reg) _,
        u = out(reg) _,
        t = out(reg) high,
        options(nostack),
    );
    high
}
