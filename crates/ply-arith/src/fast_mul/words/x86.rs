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
