//! Exact numbers: a rational type with explicit reduction, decimal digit counts, the ten rounding
//! modes and decimal text in both directions.
//!
//! # Why our own rational type
//! The decimal tool charges work *before* each reduction and checks digit caps after it, which a
//! type that reduces inside every operation (such as `dashu_ratio::RBig`) cannot express. So
//! [`Rational`] keeps a numerator and denominator over dashu's big integers and exposes each step.
//!
//! # Why dashu
//! Measured on this tool's workload (30–60 digit literals, add/mul/div chains with a reduction after
//! each operation, a 60-digit value cubed, comparisons, rounding to a scale), median ns per
//! operation on the project's 2-core machine, release build (see `benches/bignum-choice` to rerun):
//!
//! | crate | parse30 | chain op | pow60³ | cmp30 | round10 | licence | clean build |
//! | --- | --- | --- | --- | --- | --- | --- | --- |
//! | num-rational 0.4 + num-bigint 0.4 | 2 438 | 6 849 | 431 | 135 | 780 | MIT/Apache | 16 s |
//! | malachite-q 0.14 | 247 | 290 | 248 | 13 | 658 | LGPL-3.0 | 124 s |
//! | **dashu-ratio/int 0.6** | 249 | 287 | 246 | 21 | 925 | MIT/Apache | 17 s |
//!
//! dashu is as fast as malachite, 10–25× faster than num on reduction-heavy work, pure Rust and
//! permissively licensed, and stores small values inline, so it is the integer layer here.

mod decimal;
mod digits;
mod rational;
mod rounding;

pub use decimal::{DecimalLiteral, DecimalSyntaxError};
pub use digits::{decimal_digits, pow10};
pub use rational::{Rational, RoundingNecessary, Scaled};
pub use rounding::RoundingMode;

pub use dashu_int::{IBig, UBig};
