//! One malloc arena for the command line's Prolog thread, on glibc.
//!
//! The machine runs on a thread of its own (for a larger stack, see `main.rs`), and glibc gives
//! every thread but the first an arena of its own. Such an arena grows by `mprotect` calls of a
//! few pages each, one system call each time the clause store, a findall bag or the atom table
//! needs more room, where the main arena grows by `sbrk` with padding. A program that asserts a
//! million facts spent a tenth of its time in those calls. The command line runs one Prolog
//! thread, so sharing the main arena costs no lock contention; `ply match`, whose workers run in
//! parallel, does not call this.

/// Make the threads started after this call allocate from glibc's main arena. Call it before
/// starting any thread; elsewhere than Linux with glibc it does nothing.
pub fn use_main_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a tuning parameter of the allocator and is called before any
    // other thread exists; M_ARENA_MAX is a parameter glibc documents for this use.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}
