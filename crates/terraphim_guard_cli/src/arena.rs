//! The hook's memory: one arena for the whole process, with free lists by size.
//!
//! `guard hook` is a process of a few milliseconds that allocates a few megabytes (a 500-line
//! script's review, about 100,000 blocks) and frees most of it again before it exits. The
//! general allocator's bookkeeping for that (malloc and free over several threads) was a sixth of
//! the hook's instructions. In the hook process, Rust's allocations and tree-sitter's (through
//! its allocator hook) are cut from one region reserved at start: a block has one of a few fixed
//! sizes (its class), an allocation takes the last block of its class that the thread freed or
//! else moves a pointer, and a free puts the block on its thread's list of its class. The region
//! is given back when the process ends.
//!
//! Freed blocks are reused because a page the region hands out for the first time is a fresh
//! page the kernel must map: a region that only moved its pointer (256 MiB was tried) made a
//! first review of a 500-line script touch twice the pages of the system allocator and run 1-3 ms
//! slower. Classes are 16-byte steps up to 1 KiB and four steps per power of two above (at most a
//! quarter of a block unused); a block larger than the largest class, and every allocation once
//! the region is used up, goes to the system allocator. Every other command uses the system
//! allocator alone.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The size of the region reserved. Only the pages written cost memory (and a fault once);
/// with freed blocks reused, a first review of a 500-line script writes a few megabytes.
const ARENA_BYTES: usize = 64 << 20;

/// The alignment of every block of a class (what `malloc` gives); a block asking for more is cut
/// at its own alignment, to its exact size, and never reused.
const ALIGN: usize = 16;

/// Classes of 16-byte steps up to this size.
const SMALL_MAX: usize = 1024;
/// Classes of 16-byte steps.
const SMALL_CLASSES: usize = SMALL_MAX / ALIGN;
/// The largest class (4 MiB); larger blocks are the system allocator's.
const LARGE_MAX_LOG2: u32 = 22;
/// Four classes per power of two above [`SMALL_MAX`].
const CLASSES: usize = SMALL_CLASSES + 4 * (LARGE_MAX_LOG2 as usize - 10);

/// The bytes before each block tree-sitter gets, which hold its capacity (the C interface's
/// `free` and `realloc` are not told it); 16 keeps the alignment `malloc` gives.
const HEADER: usize = 16;

/// The region's first byte (0: no arena, everything goes to the system allocator), its end,
/// and the first byte not handed out yet. Bytes from `TOP` on were never handed out, so they are
/// still the zeroes the kernel maps.
static BASE: AtomicUsize = AtomicUsize::new(0);
static END: AtomicUsize = AtomicUsize::new(0);
static TOP: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// This thread's freed blocks of the region, by class: the first block of each list (0: none),
    /// each block holding the address of the next in its first word. A block freed on another
    /// thread than the one that allocated it goes on the freeing thread's list; the lists of a
    /// thread that ended are not used again (their blocks stay in the region until the process
    /// ends). No destructor and a constant start, so no allocation and no registration.
    static FREE: [Cell<usize>; CLASSES] = const { [const { Cell::new(0) }; CLASSES] };
}

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

/// The class of a block of `size` bytes and the capacity of its blocks; `None` past the largest
/// class. The capacity's own class is the same class, and a larger size never has a smaller class.
fn class_of(size: usize) -> Option<(usize, usize)> {
    let size = size.max(1);
    if size <= SMALL_MAX {
        let steps = size.div_ceil(ALIGN);
        return Some((steps - 1, steps * ALIGN));
    }
    // 2^p < size <= 2^(p+1), in four steps of 2^(p-2).
    let p = usize::BITS - 1 - (size - 1).leading_zeros();
    if p >= LARGE_MAX_LOG2 {
        return None;
    }
    let step = 1usize << (p - 2);
    let steps = (size - (1 << p)).div_ceil(step);
    Some((
        SMALL_CLASSES + 4 * (p as usize - 10) + steps - 1,
        (1 << p) + steps * step,
    ))
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

/// A block of `class` (of `capacity` bytes, aligned to [`ALIGN`]): the last this thread freed,
/// or one never handed out; and whether it may hold old bytes. `None` when there is no region or
/// not enough of it is left.
fn take(class: usize, capacity: usize) -> Option<(usize, bool)> {
    if BASE.load(Ordering::Relaxed) == 0 {
        return None;
    }
    let reused = FREE
        .try_with(|free| {
            let head = free[class].get();
            if head != 0 {
                // SAFETY: a freed block of the region holds the next block's address in its
                // first word (`give_back`), and nothing else uses it while it is on the list.
                free[class].set(unsafe { (head as *const usize).read() });
            }
            head
        })
        .unwrap_or(0);
    if reused != 0 {
        return Some((reused, true));
    }
    bump(capacity, ALIGN).map(|at| (at, false))
}

/// Put the region's block at `at`, of at least the capacity of `class`, on this thread's list.
fn give_back(at: usize, class: usize) {
    // A thread whose lists are gone (never, as they have no destructor) leaves the block unused.
    let _ = FREE.try_with(|free| {
        // SAFETY: the block is the caller's no more, is aligned for a usize and holds at least 16
        // bytes.
        unsafe { (at as *mut usize).write(free[class].get()) };
        free[class].set(at);
    });
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

/// The class of a Rust block of `layout`, when it has one (alignment at most [`ALIGN`], size at
/// most the largest class).
fn rust_class(layout: Layout) -> Option<(usize, usize)> {
    if layout.align() > ALIGN {
        return None;
    }
    class_of(layout.size())
}

/// The process's allocator: the region when there is one and it has room, the system's
/// otherwise.
pub(crate) struct Arena;

// SAFETY: a block of the region is handed out by one thread at a time: `TOP` only moves forward,
// atomically, and a freed block is on one list of one thread until that thread takes it again.
// A block of a class holds at least the capacity of the class of the size it was asked for, and
// is aligned to `ALIGN` (classes' capacities are multiples of it); other blocks of the region are
// aligned as asked and never reused; every other block is the system allocator's, and goes back
// to it.
unsafe impl GlobalAlloc for Arena {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let got = match rust_class(layout) {
            Some((class, capacity)) => take(class, capacity).map(|(at, _)| at),
            None if layout.size() <= 1 << LARGE_MAX_LOG2 => bump(layout.size(), layout.align()),
            None => None,
        };
        match got {
            Some(p) => p as *mut u8,
            // SAFETY: the caller's layout, as given.
            None => unsafe { System.alloc(layout) },
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match rust_class(layout) {
            Some((class, capacity)) => match take(class, capacity) {
                Some((at, reused)) => {
                    if reused {
                        // SAFETY: the block holds at least `layout.size()` bytes.
                        unsafe { (at as *mut u8).write_bytes(0, layout.size()) };
                    }
                    at as *mut u8
                }
                // SAFETY: the caller's layout, as given.
                None => unsafe { System.alloc_zeroed(layout) },
            },
            // Never handed out before: still zero. Past the region, the system's.
            None => match (layout.size() <= 1 << LARGE_MAX_LOG2)
                .then(|| bump(layout.size(), layout.align()))
                .flatten()
            {
                Some(p) => p as *mut u8,
                // SAFETY: the caller's layout, as given.
                None => unsafe { System.alloc_zeroed(layout) },
            },
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let at = ptr as usize;
        if !in_arena(at) {
            // SAFETY: a block of the system allocator, with its layout.
            unsafe { System.dealloc(ptr, layout) }
        } else if let Some((class, _)) = rust_class(layout) {
            give_back(at, class);
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let at = ptr as usize;
        if !in_arena(at) {
            // SAFETY: a block of the system allocator, with its layout.
            return unsafe { System.realloc(ptr, layout, new_size) };
        }
        let old = rust_class(layout);
        // SAFETY: the caller guarantees `new_size` with the old alignment is a valid layout.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        match (old, rust_class(new_layout)) {
            // The block's capacity holds the new size (a block of a class holds its class's).
            (Some((_, capacity)), _) if new_size <= capacity => return ptr,
            (None, _) if new_size <= layout.size() => return ptr,
            // The last block handed out grows to the new size's class where it is.
            (Some((_, capacity)), Some((_, new_capacity)))
                if grow_in_place(at, capacity, new_capacity) =>
            {
                return ptr;
            }
            _ => {}
        }
        // SAFETY: as `alloc`.
        let new = unsafe { self.alloc(new_layout) };
        if !new.is_null() {
            // SAFETY: both blocks hold at least `layout.size()` bytes and are distinct.
            unsafe { std::ptr::copy_nonoverlapping(ptr, new, layout.size()) };
            if let Some((class, _)) = old {
                give_back(at, class);
            }
        }
        new
    }
}

/// Tree-sitter's blocks: a header with the capacity, then the bytes; `None` past the region or
/// the largest class.
fn ts_block(size: usize, zeroed: bool) -> Option<*mut c_void> {
    let (class, capacity) = class_of(size.checked_add(HEADER)?)?;
    let (at, reused) = take(class, capacity)?;
    let p = at + HEADER;
    // SAFETY: `at` starts `HEADER` bytes of a block of `capacity` bytes just taken, aligned for
    // a usize.
    unsafe {
        (at as *mut usize).write(capacity - HEADER);
        if zeroed && reused {
            (p as *mut u8).write_bytes(0, size);
        }
    }
    Some(p as *mut c_void)
}

/// The capacity of a tree-sitter block of the region (the bytes after its header).
///
/// # Safety
/// `p` is a block [`ts_block`] returned.
unsafe fn ts_capacity(p: *mut c_void) -> usize {
    // SAFETY: the header before the block.
    unsafe { ((p as usize - HEADER) as *const usize).read() }
}

/// Put a tree-sitter block of the region on this thread's list of its class.
///
/// # Safety
/// `p` is a block [`ts_block`] returned, not used again.
unsafe fn ts_give_back(p: *mut c_void) {
    // SAFETY: the caller's block.
    let capacity = unsafe { ts_capacity(p) } + HEADER;
    if let Some((class, _)) = class_of(capacity) {
        give_back(p as usize - HEADER, class);
    }
}

fn not_null(p: *mut c_void) -> *mut c_void {
    if p.is_null() {
        std::process::abort();
    }
    p
}

unsafe extern "C" fn ts_malloc(size: usize) -> *mut c_void {
    match ts_block(size, false) {
        Some(p) => p,
        // SAFETY: plain malloc.
        None => not_null(unsafe { libc::malloc(size.max(1)) }),
    }
}

unsafe extern "C" fn ts_calloc(count: usize, size: usize) -> *mut c_void {
    match count.checked_mul(size).and_then(|n| ts_block(n, true)) {
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
    let old = unsafe { ts_capacity(p) };
    if size <= old {
        return p;
    }
    if let Some((_, capacity)) = size.checked_add(HEADER).and_then(class_of)
        && grow_in_place(at - HEADER, old + HEADER, capacity)
    {
        // SAFETY: the header of this block.
        unsafe { ((at - HEADER) as *mut usize).write(capacity - HEADER) };
        return p;
    }
    // SAFETY: as malloc.
    let new = unsafe { ts_malloc(size) };
    // SAFETY: both blocks hold at least `old` bytes and are distinct; the old one is not used
    // again.
    unsafe {
        std::ptr::copy_nonoverlapping(p as *const u8, new as *mut u8, old);
        ts_give_back(p);
    }
    new
}

unsafe extern "C" fn ts_free(p: *mut c_void) {
    if p.is_null() {
        return;
    }
    if in_arena(p as usize) {
        // SAFETY: a block of the region is one `ts_block` returned, freed now.
        unsafe { ts_give_back(p) }
    } else {
        // SAFETY: a block of the system allocator.
        unsafe { libc::free(p) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The region, made once for the test process: a second region would make the first one's
    /// blocks look like the system allocator's.
    fn enable_once() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(enable);
    }

    #[test]
    fn a_class_holds_its_sizes_and_its_capacity_is_of_the_same_class() {
        let mut last = 0;
        let sizes = (0..=4096).chain((12..=22).flat_map(|p| {
            let b = 1usize << p;
            [b - 1, b, b + 1, b + b / 4, b + b / 4 + 1, b + b / 2 + 3]
        }));
        for size in sizes {
            let Some((class, capacity)) = class_of(size) else {
                assert!(size > 1 << LARGE_MAX_LOG2, "{size} has no class");
                continue;
            };
            assert!(class < CLASSES, "{size}: class {class}");
            assert!(
                capacity >= size.max(1) && capacity % ALIGN == 0,
                "{size}: {capacity}"
            );
            assert!(
                capacity - size.max(1) <= (size / 4).max(ALIGN - 1),
                "{size}: {capacity}"
            );
            assert_eq!(class_of(capacity), Some((class, capacity)), "{size}");
            assert!(
                class >= last || size == 0,
                "{size}: class {class} after {last}"
            );
            last = class;
        }
        assert_eq!(
            class_of(1 << LARGE_MAX_LOG2).map(|c| c.0),
            Some(CLASSES - 1)
        );
        assert_eq!(class_of((1 << LARGE_MAX_LOG2) + 1), None);
    }

    #[test]
    fn a_freed_block_is_reused_by_its_thread_and_zeroed_when_asked() {
        enable_once();
        for size in [1usize, 24, 48, 1000, 1500, 70_000] {
            let layout = Layout::from_size_align(size, 8).unwrap_or(Layout::new::<u8>());
            // SAFETY: a non-zero layout; the block is written within its size, then freed once.
            unsafe {
                let a = Arena.alloc(layout);
                assert!(in_arena(a as usize));
                a.write_bytes(0xab, size);
                Arena.dealloc(a, layout);
                let b = Arena.alloc_zeroed(layout);
                assert_eq!(a, b, "{size}");
                assert!(std::slice::from_raw_parts(b, size).iter().all(|&x| x == 0));
                Arena.dealloc(b, layout);
            }
        }
        // Tree-sitter's blocks too: freed, reused, zeroed by calloc.
        // SAFETY: the C interface's own blocks, each freed once.
        unsafe {
            let a = ts_malloc(100) as *mut u8;
            a.write_bytes(0xcd, 100);
            ts_free(a as *mut c_void);
            let b = ts_calloc(10, 10) as *mut u8;
            assert_eq!(a, b);
            assert!(std::slice::from_raw_parts(b, 100).iter().all(|&x| x == 0));
            // Grown past its class, not the last block handed out: a new block with the bytes,
            // the old one reused.
            assert!(bump(ALIGN, ALIGN).is_some());
            b.write_bytes(7, 100);
            let c = ts_realloc(b as *mut c_void, 5000) as *mut u8;
            assert!(std::slice::from_raw_parts(c, 100).iter().all(|&x| x == 7));
            let d = ts_malloc(100);
            assert_eq!(d as *mut u8, b);
            ts_free(c as *mut c_void);
            ts_free(d);
        }
    }

    #[test]
    fn blocks_are_aligned_distinct_zeroed_and_keep_their_bytes() {
        enable_once();
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
