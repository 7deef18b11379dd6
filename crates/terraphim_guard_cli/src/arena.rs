//! The hook's memory: one bump arena for the whole process.
//!
//! `guard hook` is a process of a few milliseconds that allocates a few megabytes (a 500-line
//! script's review, about 100,000 blocks) and frees nearly all of it again before it exits. The
//! general allocator's bookkeeping for that (malloc and free over two threads) was a sixth of the
//! hook's instructions. In the hook process, Rust's allocations and tree-sitter's (through its
//! allocator hook) are cut from one region reserved at start: an allocation moves a pointer, a
//! free does nothing, and the region is given back when the process ends. Past [`ARENA_BYTES`]
//! every allocation goes to the system allocator as before, so the hook's memory stays bounded
//! by the arena plus what it used before. The region is small on purpose: a page the arena hands
//! out is a fresh page the kernel must map, where the system allocator reuses what was freed, so
//! a large region (256 MiB was tried) made a first review of a 500-line script touch twice the
//! pages and run 1-3 ms slower, while a plain hook needs far less than 2 MiB. Every other
//! command uses the system allocator alone.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The size of the region reserved (a page costs memory and a fault once it is written): what
/// a plain hook allocates, with room; a review goes on with the system allocator.
const ARENA_BYTES: usize = 2 << 20;

/// The bytes before each block tree-sitter gets, which hold its size (the C interface's `free`
/// and `realloc` are not told it); 16 keeps the alignment `malloc` gives.
const HEADER: usize = 16;

/// The region's first byte (0: no arena, everything goes to the system allocator), its end,
/// and the first byte not handed out yet. Bytes from `TOP` on were never handed out, so they are
/// still the zeroes the kernel maps.
static BASE: AtomicUsize = AtomicUsize::new(0);
static END: AtomicUsize = AtomicUsize::new(0);
static TOP: AtomicUsize = AtomicUsize::new(0);

/// Reserve the region and send tree-sitter's allocations to it. Called once, at the start of
/// `guard hook`, before any thread is started or any tree-sitter object made. Without the region
/// (the reservation refused) the process keeps the system allocator.
pub(crate) fn enable() {
    // SAFETY: an anonymous private mapping, no file, no fixed address.
    let base = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            ARENA_BYTES,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    if base == libc::MAP_FAILED || base.is_null() {
        return;
    }
    let base = base as usize;
    END.store(base + ARENA_BYTES, Ordering::Relaxed);
    TOP.store(base, Ordering::Relaxed);
    BASE.store(base, Ordering::Release);
    // SAFETY: no tree-sitter object exists yet (this runs first in `main`), and the four
    // functions are one family: each frees and resizes what the others return, and none returns
    // null (they abort instead, as tree-sitter's own do).
    unsafe {
        tree_sitter::set_allocator(Some(tree_sitter::Allocator {
            malloc: ts_malloc,
            calloc: ts_calloc,
            realloc: ts_realloc,
            free: ts_free,
        }));
    }
}

/// `size` bytes aligned to `align` (a power of two) from the region, never handed out before
/// (so zeroed); `None` when there is no region or not enough of it is left.
fn bump(size: usize, align: usize) -> Option<usize> {
    if BASE.load(Ordering::Relaxed) == 0 {
        return None;
    }
    let end = END.load(Ordering::Relaxed);
    let mut top = TOP.load(Ordering::Relaxed);
    loop {
        let start = top.checked_add(align - 1)? & !(align - 1);
        let next = start.checked_add(size)?;
        if next > end {
            return None;
        }
        match TOP.compare_exchange_weak(top, next, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return Some(start),
            Err(now) => top = now,
        }
    }
}

/// Grow the block at `at` of `old` bytes to `new` bytes where it is, when it is the last one
/// handed out and the region has room.
fn grow_in_place(at: usize, old: usize, new: usize) -> bool {
    let Some(next) = at.checked_add(new) else {
        return false;
    };
    next <= END.load(Ordering::Relaxed)
        && TOP
            .compare_exchange(at + old, next, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
}

/// Whether `p` is a block of the region.
fn in_arena(p: usize) -> bool {
    let base = BASE.load(Ordering::Relaxed);
    base != 0 && p >= base && p < END.load(Ordering::Relaxed)
}

/// The process's allocator: the region when there is one and it has room, the system's
/// otherwise.
pub(crate) struct Arena;

// SAFETY: a block of the region is handed out once (`TOP` only moves forward, atomically), is
// aligned as asked, and is never reused; every other block is the system allocator's, and goes
// back to it.
unsafe impl GlobalAlloc for Arena {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match bump(layout.size(), layout.align()) {
            Some(p) => p as *mut u8,
            // SAFETY: the caller's layout, as given.
            None => unsafe { System.alloc(layout) },
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match bump(layout.size(), layout.align()) {
            // Never handed out before: still zero.
            Some(p) => p as *mut u8,
            // SAFETY: the caller's layout, as given.
            None => unsafe { System.alloc_zeroed(layout) },
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if !in_arena(ptr as usize) {
            // SAFETY: a block of the system allocator, with its layout.
            unsafe { System.dealloc(ptr, layout) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let at = ptr as usize;
        if !in_arena(at) {
            // SAFETY: a block of the system allocator, with its layout.
            return unsafe { System.realloc(ptr, layout, new_size) };
        }
        if new_size <= layout.size() || grow_in_place(at, layout.size(), new_size) {
            return ptr;
        }
        // SAFETY: the caller guarantees `new_size` with the old alignment is a valid layout.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        // SAFETY: as `alloc`.
        let new = unsafe { self.alloc(new_layout) };
        if !new.is_null() {
            // SAFETY: both blocks hold at least `layout.size()` bytes and are distinct.
            unsafe { std::ptr::copy_nonoverlapping(ptr, new, layout.size()) };
        }
        new
    }
}

/// Tree-sitter's blocks: a header with the size, then the bytes.
fn ts_block(size: usize) -> Option<*mut c_void> {
    let at = bump(size.checked_add(HEADER)?, HEADER)?;
    // SAFETY: `at` starts `HEADER` bytes of the block just handed out, aligned for a usize.
    unsafe { (at as *mut usize).write(size) };
    Some((at + HEADER) as *mut c_void)
}

/// The size of a tree-sitter block of the region.
///
/// # Safety
/// `p` is a block [`ts_block`] returned.
unsafe fn ts_size(p: *mut c_void) -> usize {
    // SAFETY: the header before the block.
    unsafe { ((p as usize - HEADER) as *const usize).read() }
}

fn not_null(p: *mut c_void) -> *mut c_void {
    if p.is_null() {
        std::process::abort();
    }
    p
}

unsafe extern "C" fn ts_malloc(size: usize) -> *mut c_void {
    match ts_block(size) {
        Some(p) => p,
        // SAFETY: plain malloc.
        None => not_null(unsafe { libc::malloc(size.max(1)) }),
    }
}

unsafe extern "C" fn ts_calloc(count: usize, size: usize) -> *mut c_void {
    match count.checked_mul(size).and_then(ts_block) {
        // Never handed out before: still zero.
        Some(p) => p,
        // SAFETY: plain calloc.
        None => not_null(unsafe { libc::calloc(count.max(1), size.max(1)) }),
    }
}

unsafe extern "C" fn ts_realloc(p: *mut c_void, size: usize) -> *mut c_void {
    if p.is_null() {
        // SAFETY: as malloc.
        return unsafe { ts_malloc(size) };
    }
    let at = p as usize;
    if !in_arena(at) {
        // SAFETY: a block of the system allocator.
        return not_null(unsafe { libc::realloc(p, size.max(1)) });
    }
    // SAFETY: a block of the region is one `ts_block` returned.
    let old = unsafe { ts_size(p) };
    if size <= old {
        return p;
    }
    if grow_in_place(at, old, size) {
        // SAFETY: the header of this block.
        unsafe { ((at - HEADER) as *mut usize).write(size) };
        return p;
    }
    // SAFETY: as malloc.
    let new = unsafe { ts_malloc(size) };
    // SAFETY: both blocks hold at least `old` bytes and are distinct.
    unsafe { std::ptr::copy_nonoverlapping(p as *const u8, new as *mut u8, old) };
    new
}

unsafe extern "C" fn ts_free(p: *mut c_void) {
    if !p.is_null() && !in_arena(p as usize) {
        // SAFETY: a block of the system allocator.
        unsafe { libc::free(p) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_distinct_zeroed_and_keep_their_bytes() {
        enable();
        let mut blocks = Vec::new();
        for (i, align) in [1usize, 8, 16, 64, 4096]
            .into_iter()
            .cycle()
            .take(50)
            .enumerate()
        {
            let layout = Layout::from_size_align(i * 7 + 1, align).unwrap_or(Layout::new::<u8>());
            // SAFETY: a non-zero layout.
            let p = unsafe { Arena.alloc_zeroed(layout) };
            assert!(!p.is_null());
            assert_eq!(p as usize % layout.align(), 0);
            // SAFETY: the block just allocated.
            let bytes = unsafe { std::slice::from_raw_parts_mut(p, layout.size()) };
            assert!(bytes.iter().all(|&b| b == 0));
            bytes.fill(i as u8);
            blocks.push((p, layout, i as u8));
        }
        for (p, layout, fill) in &mut blocks {
            // SAFETY: a block of this allocator with its layout.
            *p = unsafe { Arena.realloc(*p, *layout, layout.size() * 3) };
            // SAFETY: the first `layout.size()` bytes were kept.
            let bytes = unsafe { std::slice::from_raw_parts(*p, layout.size()) };
            assert!(bytes.iter().all(|b| b == fill));
        }
        // SAFETY: the C interface's own blocks.
        unsafe {
            let a = ts_calloc(4, 8) as *mut u8;
            assert!(std::slice::from_raw_parts(a, 32).iter().all(|&b| b == 0));
            a.write_bytes(7, 32);
            let b = ts_realloc(a as *mut c_void, 100) as *mut u8;
            assert!(std::slice::from_raw_parts(b, 32).iter().all(|&b| b == 7));
            let c = ts_malloc(10);
            assert_ne!(c as *mut u8, b);
            ts_free(b as *mut c_void);
            ts_free(c);
            ts_free(std::ptr::null_mut());
        }
    }
}
