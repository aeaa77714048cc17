//! The CPU time the process has used, for `cputime` in arithmetic and for `statistics/2`.
//!
//! The standard library offers no process CPU time, so it is asked of the C library.

use crate::Machine;

impl Machine {
    /// Seconds of CPU time used by the process.
    pub fn cputime(&self) -> f64 {
        cpu_seconds()
    }
}

/// Process CPU time in seconds.
pub fn cpu_seconds() -> f64 {
    let mut ts = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime (clock 2, CLOCK_PROCESS_CPUTIME_ID) writes into the timespec we own,
    // whose layout `Timespec` declares as the C library's, and has no other effect. Kept
    // because the standard library offers no process CPU time; this is a foreign call, not a
    // matter of speed.
    let r = unsafe { clock_gettime(2, &mut ts) };
    if r == 0 {
        ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
    } else {
        0.0
    }
}

#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

extern "C" {
    fn clock_gettime(clk: i32, ts: *mut Timespec) -> i32;
}
