//! The invariants the fuzz targets check, kept in a library so that the libFuzzer entry points
//! (`fuzz_targets/`) stay one line each and `cargo test` in this crate (stable, no libFuzzer)
//! replays the seed corpus through exactly the same checks.
//!
//! Why hand-written checks: a fuzzer only finds what a target can notice. Beyond "no panic, no
//! hang", each target asserts that the tool gave exactly one answer of its specification's shape
//! and, where an independent computation is cheap, that the answer is right: decimal results are
//! re-derived with an exact rational evaluator over the same tree (`dashu_ratio`, sharing no code
//! with the tool), and calc results are re-parsed as `f64` and re-printed with ECMAScript's
//! `Number::toString` rules written here from the specification.
//!
//! A failed check panics, which libFuzzer reports as a crash with the input that caused it.

#![forbid(unsafe_code)]

/// `reckon`'s allocator, whose per-thread count is the memory gauge [`answer::registry`] lends.
#[global_allocator]
static ALLOCATOR: reckon_alloc::Allocator = reckon_alloc::Allocator;

pub mod answer;
pub mod calc;
pub mod calculate;
pub mod decimal;
pub mod http;
