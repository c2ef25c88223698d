//! How the window's process hands freed memory back to the system.
//!
//! Every frame, egui's tessellator copies the visible parts of the board into
//! fresh vertex buffers and frees last frame's: on a 1M-face board in full view
//! that is about 100 MB made and freed per frame. glibc's allocator gives freed
//! memory at the top of its heap back to the system once more than its trim
//! threshold is free there (128 kB at first, at most 64 MB as it adapts), so
//! every frame then faults the same pages in again: half of the
//! frame's time on such a board (`cargo bench --bench edit_frame -- edit_1m`:
//! a frame 53 ms → 30 ms, an edit and its frame 65 ms → 40 ms with the
//! threshold below). [`keep_freed_memory`] lets up to [`KEEP`] stay with the
//! process instead; the peak memory is unchanged (the pages were in use a
//! moment before), and anything beyond goes back as before.

/// Freed memory the heap keeps for reuse before it returns any to the system.
pub const KEEP: usize = 256 << 20;

/// Blocks from this size up get their own mapping. glibc moves this threshold
/// up to 32 MB by itself as big blocks are freed, but stops once the trim
/// threshold is set, so it is set to where it would have gone.
pub const OWN_MAPPING: usize = 32 << 20;

/// Keep up to [`KEEP`] of freed heap memory for the next frame (glibc on Linux;
/// elsewhere nothing to do). Call once, before the window opens.
pub fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt sets an allocator parameter under the allocator's own
    // lock; it takes no pointers.
    unsafe {
        libc::mallopt(libc::M_TRIM_THRESHOLD, KEEP as libc::c_int);
        libc::mallopt(libc::M_MMAP_THRESHOLD, OWN_MAPPING as libc::c_int);
    }
}
