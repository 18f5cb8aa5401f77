//! The allocator as the whole program's allocator: the standard collections, threads and
//! over-aligned types allocate, grow and free through it.

use reckon_alloc::Allocator;

#[global_allocator]
static ALLOCATOR: Allocator = Allocator;

/// A type whose alignment is above a word: its allocations take the aligned functions.
#[repr(align(64))]
#[derive(Clone, Copy, Debug, PartialEq)]
struct Wide(u64);

#[test]
fn collections_grow_shrink_and_free_through_it() {
    let mut words: Vec<String> = (0..20_000)
        .map(|i| format!("w{}", i * 7919 % 20_000))
        .collect();
    words.sort();
    assert_eq!(words.first().map(String::as_str), Some("w0"));
    words.truncate(10);
    words.shrink_to_fit();
    assert_eq!(words.len(), 10);

    let mut wide: Vec<Wide> = Vec::new();
    for i in 0..1_000 {
        wide.push(Wide(i));
        assert!((wide.as_ptr() as usize).is_multiple_of(64));
    }
    assert_eq!(wide.iter().map(|w| w.0).sum::<u64>(), 499_500);
    let boxed: Vec<Box<Wide>> = (0..100).map(|i| Box::new(Wide(i))).collect();
    assert!(
        boxed
            .iter()
            .all(|b| (&**b as *const Wide as usize).is_multiple_of(64))
    );
}

#[test]
fn threads_allocate_and_free_each_others_blocks() {
    // Blocks made on one thread and freed on another (mimalloc's cross-thread free path).
    let made: Vec<Vec<u32>> = std::thread::spawn(|| (0..1_000).map(|i| vec![i; 17]).collect())
        .join()
        .unwrap_or_default();
    assert_eq!(made.len(), 1_000);
    let total: u64 = std::thread::spawn(move || made.iter().map(|v| u64::from(v[16])).sum())
        .join()
        .unwrap_or_default();
    assert_eq!(total, 499_500);
}
