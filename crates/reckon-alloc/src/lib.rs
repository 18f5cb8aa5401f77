//! The global allocator of reckon's binaries: mimalloc, entered through its plain functions.
//!
//! Why this crate exists: a calculate request makes a few dozen small allocations, and the
//! `mimalloc` crate's allocator passes every one of them to `mi_malloc_aligned`. In mimalloc 3
//! that entry point has a fast path only while the size class's free list holds a block; when it
//! is empty (every few requests), it does not refill the list as `mi_malloc` does but
//! over-allocates from a larger size class, so the emptied list stays empty and the small
//! allocations of that size keep taking the slow path (callgrind: about 245 instructions each
//! instead of about 20, a tenth of a small request). No published crate calls the plain entry
//! points for mimalloc 3, so this one does, in the few lines below.
//!
//! It also counts, per thread, the bytes that thread has allocated and not yet freed
//! ([`thread_heap_bytes`]): the gauge behind each request's memory budget. A request is evaluated
//! on one thread, so the growth of that thread's count between the request's start and any later
//! moment is what the request holds on the heap (memory it frees that another thread allocated
//! only lowers the reading, and the front ends free nothing of other requests' on an evaluating
//! thread). A block under [`ROUNDED_BLOCK`] counts the size the program asked for; one under
//! [`LARGE_BLOCK`] that size rounded up to the next quarter of its power of two, the spacing of
//! mimalloc's size classes (a 60,019-byte string takes a 65,536-byte block), and a sixteenth for
//! the tails of the pages they share (a page holds a whole number of blocks). Measured with
//! 100,000 strings of 5,002 to 60,019 bytes held by one request, resident memory per block was
//! 1.03–1.07 times the rounded size (1.06–1.10 times the requested size). A larger one counts from the size mimalloc gave it (`mi_usable_size`, its size class): up to
//! [`SLICED_BLOCK`] that size and an eighth, for the pages such blocks share; over it, the
//! slices of the page mimalloc gives such a block alone, whole 64 KiB slices behind the page's
//! header. Measured with 10,000 strings of each size held by one request (format's reproducers
//! of issue 37, release build), resident memory per block was 1.07–1.09 times the size class
//! from 70 KB to 128 KiB and 1.11–1.17 times it above (a 250,000-byte string: 299 KB resident for
//! a 262,144-byte size class, which with the header spans five slices, 328 KB). So the count
//! follows resident memory from above, and the same binary and input give the same readings on
//! every machine. Keeping it costs a thread-local
//! add per allocation and per free (a few instructions, and a call for large blocks; the
//! `thread_local!` has a constant initialiser and no destructor, so it never allocates and is
//! readable while a thread exits).
//!
//! The rule: every mimalloc block is aligned to at least a machine word (block sizes are
//! multiples of 8 bytes and every page starts 16-byte aligned), so an allocation asking for no
//! more than [`WORD`] alignment goes to `mi_malloc`, `mi_zalloc` and `mi_realloc`; any larger
//! alignment still goes to the aligned functions. Freeing is `mi_free` for both.

use libmimalloc_sys::{
    mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned, mi_zalloc,
    mi_zalloc_aligned,
};
use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::ffi::{c_int, c_long, c_void};

// mimalloc's option setter, linked from the library libmimalloc-sys builds (its Rust
// declaration sits behind that crate's `extended` feature, which would pull in another crate
// for one function).
unsafe extern "C" {
    fn mi_option_set(option: c_int, value: c_long);
    fn mi_usable_size(block: *const c_void) -> usize;
}

/// Blocks of at least this many bytes are counted at the size of the class mimalloc rounds
/// them up to (see [`size_class_bound`]).
pub const ROUNDED_BLOCK: usize = 1 << 10;

/// Blocks of at least this many bytes are counted at the size mimalloc gave them.
pub const LARGE_BLOCK: usize = 64 << 10;

/// Blocks whose size class is over this many bytes are counted as the whole [`SLICE`]s of
/// their page.
pub const SLICED_BLOCK: usize = 128 << 10;

/// The unit of mimalloc's page layout for large blocks: 64 KiB.
pub const SLICE: usize = 64 << 10;

/// What a block of `size` requested bytes counts: the size asked for, or for a large block the
/// size mimalloc gave it and an eighth (or its page's slices, over [`SLICED_BLOCK`]).
///
/// # Safety
/// `block` is a live block this allocator returned for `size` bytes.
#[inline(always)]
unsafe fn counted(block: *const u8, size: usize) -> i64 {
    if size < ROUNDED_BLOCK {
        size as i64
    } else if size < LARGE_BLOCK {
        let class = size_class_bound(size);
        (class + class / 16) as i64
    } else {
        // SAFETY: a live mimalloc block, as the caller guarantees.
        large_block_count(unsafe { mi_usable_size(block.cast()) }) as i64
    }
}

/// `size` rounded up to the next multiple of a quarter of its highest power of two: no smaller
/// than the size class mimalloc gives it (four classes per doubling, in whole words).
#[inline]
const fn size_class_bound(size: usize) -> usize {
    let quarter = (1usize << size.ilog2()) / 4;
    size.div_ceil(quarter) * quarter
}

/// What a large block of `usable` bytes (its size class) counts: that size and an eighth, or
/// over [`SLICED_BLOCK`] the whole [`SLICE`]s of a page holding it behind a header smaller than
/// a slice.
#[inline]
const fn large_block_count(usable: usize) -> usize {
    if usable > SLICED_BLOCK {
        (usable / SLICE + 1) * SLICE
    } else {
        usable + usable / 8
    }
}

/// mimalloc 3's `mi_option_purge_delay` (the 16th entry of `mi_option_e` in `mimalloc.h`).
const MI_OPTION_PURGE_DELAY: c_int = 15;

thread_local! {
    /// Bytes this thread allocated minus bytes it freed (negative when it frees more of other
    /// threads' blocks than it allocated).
    static HELD: Cell<i64> = const { Cell::new(0) };
}

/// Adds `delta` bytes to the current thread's count (nothing once the thread's locals are gone).
#[inline(always)]
fn count(delta: i64) {
    let _ = HELD.try_with(|held| held.set(held.get().wrapping_add(delta)));
}

/// Makes mimalloc give freed memory back to the system at once rather than after its default
/// delay (a second, times ten for whole arenas, and only when the allocator is next entered):
/// after a request that held hundreds of megabytes, an idle server otherwise kept them resident.
/// Pages in use are not affected, so small requests cost the same. Call it once, first thing in
/// `main`.
pub fn return_freed_memory_promptly() {
    // SAFETY: setting a documented option to a documented value (0: purge immediately) before
    // any other thread exists; mimalloc reads options atomically.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, 0) }
}

/// The bytes the current thread has allocated through [`Allocator`] and not freed, less what it
/// freed of other threads' allocations: read at a request's start and again as it runs, the
/// growth is what the request holds. Zero on a thread that never allocated through it (a
/// program whose global allocator is another one always reads zero).
pub fn thread_heap_bytes() -> i64 {
    HELD.try_with(Cell::get).unwrap_or(0)
}

/// The alignment every mimalloc block has, whatever its size: one machine word.
pub const WORD: usize = std::mem::size_of::<usize>();

/// mimalloc as the global allocator (`#[global_allocator] static A: Allocator = Allocator;`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Allocator;

// SAFETY: every method returns memory from mimalloc with at least the layout's size and
// alignment (plain functions only when the layout asks for no more than the word alignment all
// mimalloc blocks have), or null when mimalloc has no memory; `dealloc` and `realloc` receive
// only pointers this allocator returned, which mimalloc frees and resizes whichever function
// allocated them.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let block: *mut u8 = if layout.align() <= WORD {
            // SAFETY: plain allocation of any size; mimalloc returns null when out of memory.
            unsafe { mi_malloc(layout.size()).cast() }
        } else {
            // SAFETY: the layout's alignment is a power of two, as mimalloc requires.
            unsafe { mi_malloc_aligned(layout.size(), layout.align()).cast() }
        };
        if !block.is_null() {
            // SAFETY: the block was just allocated for this size.
            count(unsafe { counted(block, layout.size()) });
        }
        block
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let block: *mut u8 = if layout.align() <= WORD {
            // SAFETY: as in `alloc`, with the block zeroed.
            unsafe { mi_zalloc(layout.size()).cast() }
        } else {
            // SAFETY: as in `alloc`, with the block zeroed.
            unsafe { mi_zalloc_aligned(layout.size(), layout.align()).cast() }
        };
        if !block.is_null() {
            // SAFETY: the block was just allocated for this size.
            count(unsafe { counted(block, layout.size()) });
        }
        block
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller passes a live block of this layout, freed just below.
        count(-unsafe { counted(ptr, layout.size()) });
        // SAFETY: the caller passes a pointer this allocator returned and does not use it again.
        unsafe { mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller passes a live block of this layout (still live until resized).
        let before = unsafe { counted(ptr, layout.size()) };
        let block: *mut u8 = if layout.align() <= WORD {
            // SAFETY: `ptr` came from this allocator; the new block keeps word alignment.
            unsafe { mi_realloc(ptr.cast::<c_void>(), new_size).cast() }
        } else {
            // SAFETY: `ptr` came from this allocator with this alignment, which the new block
            // keeps.
            unsafe { mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast() }
        };
        // On failure the old block stays allocated, and the count with it.
        if !block.is_null() {
            // SAFETY: the block was just resized to this size.
            count(unsafe { counted(block, new_size) } - before);
        }
        block
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The thread's count follows each block: its requested size when small, its page's
    /// slices when large, and back where it started once everything is freed (also across
    /// `realloc` from small to large and back).
    #[test]
    fn the_thread_count_follows_every_block() {
        let allocator = Allocator;
        let start = thread_heap_bytes();
        let (Ok(small), Ok(large)) = (
            Layout::from_size_align(1000, 8),
            Layout::from_size_align(200_003, 8),
        ) else {
            panic!("layouts");
        };
        // SAFETY: blocks of non-zero sizes, each freed once with the layout it has.
        unsafe {
            let a = allocator.alloc(small);
            assert_eq!(thread_heap_bytes() - start, 1000);
            let b = allocator.alloc_zeroed(large);
            assert!(mi_usable_size(b.cast()) >= 200_003);
            // 200,003 bytes (a 229,376-byte size class) and the header take four slices.
            assert_eq!(thread_heap_bytes() - start, 1000 + 4 * SLICE as i64);
            allocator.dealloc(b, large);
            assert_eq!(thread_heap_bytes() - start, 1000);
            let grown = allocator.realloc(a, small, 300_000);
            assert!(mi_usable_size(grown.cast()) >= 300_000);
            assert_eq!(thread_heap_bytes() - start, 6 * SLICE as i64);
            let Ok(grown_layout) = Layout::from_size_align(300_000, 8) else {
                panic!("layout");
            };
            let shrunk = allocator.realloc(grown, grown_layout, 500);
            assert_eq!(thread_heap_bytes() - start, 500);
            let Ok(shrunk_layout) = Layout::from_size_align(500, 8) else {
                panic!("layout");
            };
            allocator.dealloc(shrunk, shrunk_layout);
        }
        assert_eq!(thread_heap_bytes(), start);
    }

    /// A block from [`ROUNDED_BLOCK`] is rounded up to a quarter of its power of two: N−1, N
    /// and N+1 at a class boundary.
    #[test]
    fn medium_blocks_count_a_bound_on_their_size_class() {
        assert_eq!(size_class_bound(1024), 1024);
        assert_eq!(size_class_bound(1025), 1280);
        assert_eq!(size_class_bound(1279), 1280);
        assert_eq!(size_class_bound(1280), 1280);
        assert_eq!(size_class_bound(1281), 1536);
        assert_eq!(size_class_bound(60_019), 65_536);
        assert_eq!(size_class_bound(LARGE_BLOCK - 1), LARGE_BLOCK);
    }

    /// A large block counts its size class and an eighth up to [`SLICED_BLOCK`] (a block of
    /// 100 KB shares its page with others), its page's slices above it: N−1, N and N+1 at the
    /// threshold.
    #[test]
    fn large_blocks_count_their_size_class_then_whole_slices() {
        assert_eq!(
            large_block_count(LARGE_BLOCK),
            LARGE_BLOCK + LARGE_BLOCK / 8
        );
        assert_eq!(large_block_count(114_712), 114_712 + 14_339);
        assert_eq!(
            large_block_count(SLICED_BLOCK - 8),
            SLICED_BLOCK - 8 + 16_383
        );
        assert_eq!(
            large_block_count(SLICED_BLOCK),
            SLICED_BLOCK + SLICED_BLOCK / 8
        );
        assert_eq!(large_block_count(SLICED_BLOCK + 1), SLICED_BLOCK + SLICE);
        assert_eq!(large_block_count(229_376), 4 * SLICE);
        assert_eq!(large_block_count(4 * SLICE - 1), 4 * SLICE);
        assert_eq!(large_block_count(4 * SLICE), 5 * SLICE);
    }

    /// Allocates, writes, grows, shrinks and frees blocks of many sizes and alignments through
    /// the allocator, checking each block's alignment and that its contents survive `realloc`.
    #[test]
    fn blocks_keep_their_alignment_and_contents() {
        let allocator = Allocator;
        for align in [1usize, 2, 4, 8, 16, 32, 64, 4096] {
            for size in [1usize, 7, 8, 15, 16, 24, 40, 48, 56, 72, 100, 1000, 70_000] {
                let Ok(layout) = Layout::from_size_align(size, align) else {
                    panic!("layout {size}/{align}");
                };
                // SAFETY: a non-zero size; the block is written within its size and freed once.
                unsafe {
                    let zeroed = allocator.alloc_zeroed(layout);
                    assert!(!zeroed.is_null());
                    assert!(
                        (zeroed as usize).is_multiple_of(align),
                        "zeroed {size}/{align}"
                    );
                    assert!((0..size).all(|i| *zeroed.add(i) == 0));
                    allocator.dealloc(zeroed, layout);

                    let block = allocator.alloc(layout);
                    assert!(!block.is_null());
                    assert!((block as usize).is_multiple_of(align), "{size}/{align}");
                    for i in 0..size {
                        *block.add(i) = (i % 251) as u8;
                    }
                    let grown = allocator.realloc(block, layout, size * 3);
                    assert!(
                        (grown as usize).is_multiple_of(align),
                        "grown {size}/{align}"
                    );
                    assert!((0..size).all(|i| *grown.add(i) == (i % 251) as u8));
                    let grown_layout = Layout::from_size_align(size * 3, align).unwrap_or(layout);
                    let shrunk = allocator.realloc(grown, grown_layout, size.div_ceil(2));
                    assert!(
                        (shrunk as usize).is_multiple_of(align),
                        "shrunk {size}/{align}"
                    );
                    assert!((0..size.div_ceil(2)).all(|i| *shrunk.add(i) == (i % 251) as u8));
                    let shrunk_layout =
                        Layout::from_size_align(size.div_ceil(2), align).unwrap_or(layout);
                    allocator.dealloc(shrunk, shrunk_layout);
                }
            }
        }
    }
}
