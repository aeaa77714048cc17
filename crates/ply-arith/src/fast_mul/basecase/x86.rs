//! The base case's loops in assembly for BMI2 and ADX. A row `r += a * v` is `mulx` for each
//! word's product, which leaves the flags alone, `adcx` (carry flag) adding the previous
//! word's high half and `adox` (overflow flag) adding the accumulator's word: two carry
//! chains the processor runs side by side. Loop counters move by `lea`, which keeps both
//! flags, and end on `jrcxz`. The last pass of a square (doubling, and the squares on the
//! diagonal) is the same two chains.
//!
//! All the rows of one product or one square are a single loop nest in one `asm!` block
//! ([`mul_rows`], [`sqr_rows`]): a row per call cost a square about a third of its time
//! in entering and leaving rows (the length checks around each call, the choice of the entry
//! word and its mispredictions). A row of `L` words runs turns of four words; the first
//! turn starts at word `(4 - L % 4) % 4` of the turn so that whole turns follow, and each of
//! the four entry words has its own copy of the loop, rotated so that the entry is the
//! copy's top. A product's rows all have the same length, so it picks its copy once; a
//! square's rows below the diagonal shorten by one word each, so its copies follow each
//! other in a cycle, the end of one row falling through into the next row's copy with no
//! choice to make.

use std::arch::asm;

/// One word of a turn: `r[j] += a[j]·v` plus the carries, `$off` the word's byte offset
/// from `{ap}` and `{rp}`, the product's high half left in `$hi` for the next word and the
/// previous word's high half taken from `$cin`.
#[rustfmt::skip]
macro_rules! word {
    ($hi:literal, $cin:literal, $off:literal) => {
        concat!(
            "mulx ", $hi, ", {l}, [{ap} + ", $off, "]\n",
            "adcx {l}, ", $cin, "\n",
            "adox {l}, [{rp} + ", $off, "]\n",
            "mov [{rp} + ", $off, "], {l}\n",
        )
    };
}

/// The four words of a turn; even words leave their high half in `{h}`, odd ones in `{c}`.
macro_rules! word0 {
    () => {
        word!("{h}", "{c}", "0")
    };
}
macro_rules! word1 {
    () => {
        word!("{c}", "{h}", "8")
    };
}
macro_rules! word2 {
    () => {
        word!("{h}", "{c}", "16")
    };
}
macro_rules! word3 {
    () => {
        word!("{c}", "{h}", "24")
    };
}

/// The end of a turn: both pointers a turn on, one turn fewer to go (`lea` keeps the
/// flags), and out of the loop at `$exit` after the last.
macro_rules! advance {
    ($exit:literal) => {
        concat!(
            "lea {ap}, [{ap} + 32]\n",
            "lea {rp}, [{rp} + 32]\n",
            "lea rcx, [rcx - 1]\n",
            "jrcxz ",
            $exit,
            "f\n",
        )
    };
}

/// A row's loop entered at word `$k` of its first turn (`{ap}` and `{rp}` point `$k` words
/// before the row's first words, `rcx` holds the number of turns, the carry-in register
/// of word `$k` is zero and both flags are clear), labelled `$top`; after the last turn the
/// two chains' carries are added to the last high half (`{c}`), which is stored as the
/// row's top word at `[{rp}]`, where the loop leaves `{rp}`.
#[rustfmt::skip]
macro_rules! row_loop {
    ($k:tt, $top:literal, $exit:literal) => {
        row_loop!($k, $top, $exit, carry_out!())
    };
    (0, $top:literal, $exit:literal, $($out:tt)*) => {
        concat!(
            $top, ":\n",
            word0!(), word1!(), word2!(), word3!(),
            advance!($exit),
            "jmp ", $top, "b\n",
            $exit, ":\n",
            $($out)*,
        )
    };
    (1, $top:literal, $exit:literal, $($out:tt)*) => {
        concat!(
            $top, ":\n",
            word1!(), word2!(), word3!(),
            advance!($exit),
            word0!(),
            "jmp ", $top, "b\n",
            $exit, ":\n",
            $($out)*,
        )
    };
    (2, $top:literal, $exit:literal, $($out:tt)*) => {
        concat!(
            $top, ":\n",
            word2!(), word3!(),
            advance!($exit),
            word0!(), word1!(),
            "jmp ", $top, "b\n",
            $exit, ":\n",
            $($out)*,
        )
    };
    (3, $top:literal, $exit:literal, $($out:tt)*) => {
        concat!(
            $top, ":\n",
            word3!(),
            advance!($exit),
            word0!(), word1!(), word2!(),
            "jmp ", $top, "b\n",
            $exit, ":\n",
            $($out)*,
        )
    };
}

/// The row's top word: the last high half plus both chains' carries (`mov` keeps the
/// flags), stored at `[{rp}]`.
macro_rules! carry_out {
    () => {
        concat!(
            "mov {l:e}, 0\n",
            "adcx {c}, {l}\n",
            "adox {c}, {l}\n",
            "mov [{rp}], {c}\n",
        )
    };
}

/// The top word of a Montgomery reduction's row: as [`carry_out`], but stored at the row's
/// first word (`[{rb}]`), which the row has just made zero, and not added to the word above
/// the row, which a later row reads; the caller adds these words in at the end.
macro_rules! redc_out {
    () => {
        concat!(
            "mov {l:e}, 0\n",
            "adcx {c}, {l}\n",
            "adox {c}, {l}\n",
            "mov [{rb}], {c}\n",
        )
    };
}

/// Rows 1 to `m - 1` of a product: `r[j..j + n] += a[..n] * b[j]` with the carry word
/// written to `r[j + n]`, for each `j` in `1..m`, where `r[..n + 1]` already holds row 0
/// and the words above it are written by the rows before they are read (each row's top
/// word is stored, not added). `n >= 1`, `m >= 2`.
///
/// # Safety
/// The processor has BMI2 and ADX; `a` is valid for `n` words, `b` for `m`, `r` for
/// `n + m`.
#[inline(always)]
pub(super) unsafe fn mul_rows(r: *mut u64, a: *const u64, n: usize, b: *const u64, m: usize) {
    debug_assert!(n >= 1 && m >= 2);
    let skip = (4 - n % 4) % 4;
    asm!(
        "cmp {skip}, 1",
        "je 31f",
        "cmp {skip}, 2",
        "je 32f",
        "cmp {skip}, 3",
        "je 33f",
        // Each copy runs all the rows: `{rb}` is the row's first word of `r`, `{bp}` its
        // word of `b`, `{m}` the rows left; `xor` clears both flags and the carry in.
        "30:",
        "mov rdx, [{bp}]",
        "mov {ap}, {a}",
        "mov {rp}, {rb}",
        "mov rcx, {turns}",
        "xor {c:e}, {c:e}",
        row_loop!(0, "40", "20"),
        "lea {rb}, [{rb} + 8]",
        "lea {bp}, [{bp} + 8]",
        "dec {m}",
        "jnz 30b",
        "jmp 9f",
        "31:",
        "mov rdx, [{bp}]",
        "lea {ap}, [{a} - 8]",
        "lea {rp}, [{rb} - 8]",
        "mov rcx, {turns}",
        "xor {h:e}, {h:e}",
        row_loop!(1, "41", "21"),
        "lea {rb}, [{rb} + 8]",
        "lea {bp}, [{bp} + 8]",
        "dec {m}",
        "jnz 31b",
        "jmp 9f",
        "32:",
        "mov rdx, [{bp}]",
        "lea {ap}, [{a} - 16]",
        "lea {rp}, [{rb} - 16]",
        "mov rcx, {turns}",
        "xor {c:e}, {c:e}",
        row_loop!(2, "42", "22"),
        "lea {rb}, [{rb} + 8]",
        "lea {bp}, [{bp} + 8]",
        "dec {m}",
        "jnz 32b",
        "jmp 9f",
        "33:",
        "mov rdx, [{bp}]",
        "lea {ap}, [{a} - 24]",
        "lea {rp}, [{rb} - 24]",
        "mov rcx, {turns}",
        "xor {h:e}, {h:e}",
        row_loop!(3, "43", "23"),
        "lea {rb}, [{rb} + 8]",
        "lea {bp}, [{bp} + 8]",
        "dec {m}",
        "jnz 33b",
        "9:",
        skip = in(reg) skip,
        turns = in(reg) n.div_ceil(4),
        a = in(reg) a,
        rb = inout(reg) r.add(1) => _,
        bp = inout(reg) b.add(1) => _,
        m = inout(reg) m - 1 => _,
        ap = out(reg) _,
        rp = out(reg) _,
        c = out(reg) _,
        h = out(reg) _,
        l = out(reg) _,
        out("rcx") _,
        out("rdx") _,
        options(nostack),
    );
}

/// Rows 1 to `n - 2` of a square's products below the diagonal: `r[2i + 1..i + n] +=
/// a[i + 1..n] * a[i]` with the carry word written to `r[i + n]`, for each `i` in
/// `1..n - 1`, where row 0 (`r[1..n + 1]`) is already written. Row `i` has `n - 1 - i`
/// words, so the entry word moves on by one from row to row and the copies of the loop
/// follow each other in turn. `n >= 3`.
///
/// # Safety
/// The processor has BMI2 and ADX; `a` is valid for `n` words and `r` for `2n`.
#[inline(always)]
pub(super) unsafe fn sqr_rows(r: *mut u64, a: *const u64, n: usize) {
    debug_assert!(n >= 3);
    asm!(
        // The first row's entry word, `-len mod 4`.
        "mov {l}, {len}",
        "neg {l}",
        "and {l}, 3",
        "cmp {l}, 1",
        "je 31f",
        "cmp {l}, 2",
        "je 32f",
        "cmp {l}, 3",
        "je 33f",
        // `{ab}` points at `a[i + 1]`, `{rb}` at `r[2i + 1]`, `{len}` is the row's length;
        // the turns are `(len + entry word) / 4`; `xor` clears both flags after `shr`.
        "30:",
        "mov rdx, [{ab} - 8]",
        "mov {ap}, {ab}",
        "mov {rp}, {rb}",
        "mov rcx, {len}",
        "shr rcx, 2",
        "xor {c:e}, {c:e}",
        row_loop!(0, "40", "20"),
        "lea {ab}, [{ab} + 8]",
        "lea {rb}, [{rb} + 16]",
        "dec {len}",
        "jz 9f",
        "31:",
        "mov rdx, [{ab} - 8]",
        "lea {ap}, [{ab} - 8]",
        "lea {rp}, [{rb} - 8]",
        "lea rcx, [{len} + 1]",
        "shr rcx, 2",
        "xor {h:e}, {h:e}",
        row_loop!(1, "41", "21"),
        "lea {ab}, [{ab} + 8]",
        "lea {rb}, [{rb} + 16]",
        "dec {len}",
        "jz 9f",
        "32:",
        "mov rdx, [{ab} - 8]",
        "lea {ap}, [{ab} - 16]",
        "lea {rp}, [{rb} - 16]",
        "lea rcx, [{len} + 2]",
        "shr rcx, 2",
        "xor {c:e}, {c:e}",
        row_loop!(2, "42", "22"),
        "lea {ab}, [{ab} + 8]",
        "lea {rb}, [{rb} + 16]",
        "dec {len}",
        "jz 9f",
        "33:",
        "mov rdx, [{ab} - 8]",
        "lea {ap}, [{ab} - 24]",
        "lea {rp}, [{rb} - 24]",
        "lea rcx, [{len} + 3]",
        "shr rcx, 2",
        "xor {h:e}, {h:e}",
        row_loop!(3, "43", "23"),
        "lea {ab}, [{ab} + 8]",
        "lea {rb}, [{rb} + 16]",
        "dec {len}",
        "jnz 30b",
        "9:",
        ab = inout(reg) a.add(2) => _,
        rb = inout(reg) r.add(3) => _,
        len = inout(reg) n - 2 => _,
        ap = out(reg) _,
        rp = out(reg) _,
        c = out(reg) _,
        h = out(reg) _,
        l = out(reg) _,
        out("rcx") _,
        out("rdx") _,
        options(nostack),
    );
}

/// `r[..n] = a[..n] * v` for `n >= 1`; returns the carry word. A row without the
/// accumulator: one carry chain (`adcx`) adds each word's low half to the previous word's
/// high half, four words a turn, the first turn entered part-way (at the word that leaves
/// whole turns after it, the pointers moved down by the words skipped, which are never
/// touched).
///
/// # Safety
/// The processor has BMI2 and ADX; `a` and `r` are valid for `n` words.
#[inline(always)]
pub(super) unsafe fn mul_1(r: *mut u64, a: *const u64, n: usize, v: u64) -> u64 {
    let skip = (4 - n % 4) % 4;
    let c: u64;
    asm!(
        "cmp {s}, 1",
        "je 51f",
        "cmp {s}, 2",
        "je 52f",
        "cmp {s}, 3",
        "je 53f",
        "xor {c:e}, {c:e}",
        "jmp 20f",
        "51:",
        "xor {h:e}, {h:e}",
        "jmp 21f",
        "52:",
        "xor {c:e}, {c:e}",
        "jmp 22f",
        "53:",
        "xor {h:e}, {h:e}",
        "jmp 23f",
        "20:",
        "mulx {h}, {l}, [{ap}]",
        "adcx {l}, {c}",
        "mov [{rp}], {l}",
        "21:",
        "mulx {c}, {l}, [{ap} + 8]",
        "adcx {l}, {h}",
        "mov [{rp} + 8], {l}",
        "22:",
        "mulx {h}, {l}, [{ap} + 16]",
        "adcx {l}, {c}",
        "mov [{rp} + 16], {l}",
        "23:",
        "mulx {c}, {l}, [{ap} + 24]",
        "adcx {l}, {h}",
        "mov [{rp} + 24], {l}",
        "lea {ap}, [{ap} + 32]",
        "lea {rp}, [{rp} + 32]",
        "lea rcx, [rcx - 1]",
        "jrcxz 3f",
        "jmp 20b",
        "3:",
        "mov {l:e}, 0",
        "adcx {c}, {l}",
        s = in(reg) skip,
        in("rdx") v,
        ap = inout(reg) a.wrapping_sub(skip) => _,
        rp = inout(reg) r.wrapping_sub(skip) => _,
        inout("rcx") n.div_ceil(4) => _,
        c = out(reg) c,
        h = out(reg) _,
        l = out(reg) _,
        options(nostack),
    );
    c
}

/// `r[..2n] = 2·r[..2n] + Σ a_i²·B^(2i)` for `n >= 1`: the doubling is one carry chain
/// (`adcx` of each word to itself), the squares the other (`adox`).
///
/// # Safety
/// The processor has BMI2 and ADX; `a` is valid for `n` words and `r` for `2n`.
#[inline(always)]
pub(super) unsafe fn double_and_add_squares(r: *mut u64, a: *const u64, n: usize) {
    asm!(
        "xor {lo:e}, {lo:e}",
        "2:",
        "mov rdx, [{ap}]",
        "mulx {hi}, {lo}, rdx",
        "mov {x0}, [{rp}]",
        "mov {x1}, [{rp} + 8]",
        "adcx {x0}, {x0}",
        "adcx {x1}, {x1}",
        "adox {x0}, {lo}",
        "adox {x1}, {hi}",
        "mov [{rp}], {x0}",
        "mov [{rp} + 8], {x1}",
        "lea {ap}, [{ap} + 8]",
        "lea {rp}, [{rp} + 16]",
        "lea rcx, [rcx - 1]",
        "jrcxz 3f",
        "jmp 2b",
        "3:",
        out("rdx") _,
        ap = inout(reg) a => _,
        rp = inout(reg) r => _,
        inout("rcx") n => _,
        lo = out(reg) _,
        hi = out(reg) _,
        x0 = out(reg) _,
        x1 = out(reg) _,
        options(nostack),
    );
}

/// The rows of a Montgomery reduction by an odd `m` of `n >= 1` words: for each `i` in
/// `0..n`, `v = r[i]·minv mod B` and `r[i..i + n] += m·v`, which makes `r[i]` zero (`minv`
/// is `-1/m[0] mod B`); the row's carry word is then stored in `r[i]` instead of being
/// propagated, so that each row is one pass of two carry chains, and the caller adds
/// `r[..n]` into `r[n..2n]` afterwards. All the rows have `n` words: one copy of the loop,
/// chosen once, as in [`mul_rows`].
///
/// # Safety
/// The processor has BMI2 and ADX; `m` is valid for `n` words and `r` for `2n`.
#[inline(always)]
pub(super) unsafe fn redc_rows(r: *mut u64, m: *const u64, n: usize, minv: u64) {
    debug_assert!(n >= 1);
    let skip = (4 - n % 4) % 4;
    asm!(
        "cmp {skip}, 1",
        "je 31f",
        "cmp {skip}, 2",
        "je 32f",
        "cmp {skip}, 3",
        "je 33f",
        // `{rb}` is the row's first word, `{k}` the rows left; `imul` sets the flags and
        // `xor` clears both afterwards.
        "30:",
        "mov rdx, [{rb}]",
        "imul rdx, {minv}",
        "mov {ap}, {a}",
        "mov {rp}, {rb}",
        "mov rcx, {turns}",
        "xor {c:e}, {c:e}",
        row_loop!(0, "40", "20", redc_out!()),
        "lea {rb}, [{rb} + 8]",
        "dec {k}",
        "jnz 30b",
        "jmp 9f",
        "31:",
        "mov rdx, [{rb}]",
        "imul rdx, {minv}",
        "lea {ap}, [{a} - 8]",
        "lea {rp}, [{rb} - 8]",
        "mov rcx, {turns}",
        "xor {h:e}, {h:e}",
        row_loop!(1, "41", "21", redc_out!()),
        "lea {rb}, [{rb} + 8]",
        "dec {k}",
        "jnz 31b",
        "jmp 9f",
        "32:",
        "mov rdx, [{rb}]",
        "imul rdx, {minv}",
        "lea {ap}, [{a} - 16]",
        "lea {rp}, [{rb} - 16]",
        "mov rcx, {turns}",
        "xor {c:e}, {c:e}",
        row_loop!(2, "42", "22", redc_out!()),
        "lea {rb}, [{rb} + 8]",
        "dec {k}",
        "jnz 32b",
        "jmp 9f",
        "33:",
        "mov rdx, [{rb}]",
        "imul rdx, {minv}",
        "lea {ap}, [{a} - 24]",
        "lea {rp}, [{rb} - 24]",
        "mov rcx, {turns}",
        "xor {h:e}, {h:e}",
        row_loop!(3, "43", "23", redc_out!()),
        "lea {rb}, [{rb} + 8]",
        "dec {k}",
        "jnz 33b",
        "9:",
        skip = in(reg) skip,
        turns = in(reg) n.div_ceil(4),
        a = in(reg) m,
        minv = in(reg) minv,
        rb = inout(reg) r => _,
        k = inout(reg) n => _,
        ap = out(reg) _,
        rp = out(reg) _,
        c = out(reg) _,
        h = out(reg) _,
        l = out(reg) _,
        out("rcx") _,
        out("rdx") _,
        options(nostack),
    );
}
