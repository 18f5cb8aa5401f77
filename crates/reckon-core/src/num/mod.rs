//! Exact numbers: a rational type with explicit reduction, decimal digit counts, the ten rounding
//! modes and decimal text in both directions.
//!
//! # Why our own rational type
//! The decimal tool charges work *before* each reduction and checks digit caps after it, which a
//! type that reduces inside every operation (such as `dashu_ratio::RBig`) cannot express. So
//! [`Rational`] keeps a numerator and denominator over dashu's big integers and exposes each step.
//!
//! # Why dashu
//! Measured by `benches/bignum-choice` (a standalone package kept in the repository; rerun with its
//! `run.sh`) on this tool's workload with values over 64 bits: 30-digit literals reduced over
//! 10^f, a 20-operation `+ × − ÷` chain reduced after every step, a 60-digit value cubed,
//! comparisons, rounding half-even to 10 places, and printing. Median ns per operation /
//! callgrind instructions per operation, on the project's 2-core machine, 2026-11-30:
//!
//! | crate | parse30 | chain op | pow60³ | cmp30 | round10 | to_str | licence | clean build (CPU) |
//! | --- | --- | --- | --- | --- | --- | --- | --- | --- |
//! | num-bigint 0.4.8 + num-rational 0.4.2 | 1,980 / 19,268 | 4,175 / 42,336 | 299 / 3,400 | 807 / 6,073 | 492 / 5,717 | 335 / 3,719 | MIT/Apache | 15 s |
//! | malachite 0.14.0 | 180 / 2,040 | 121 / 1,252 | 239 / 2,790 | 115 / 1,268 | 449 / 4,855 | 423 / 4,050 | LGPL-3.0 | 161 s |
//! | dashu-ratio 0.6.1 (`RBig`) | 204 / 1,902 | 217 / 1,838 | 200 / 2,351 | 70 / 827 | 391 / 3,781 | 416 / 3,952 | MIT/Apache | 24 s |
//! | **dashu-int 0.6.2 + this module's fraction** | 173 / 1,731 | 178 / 1,697 | 197 / 2,389 | 56 / 736 | 393 / 3,779 | 419 / 3,976 | MIT/Apache | 18 s |
//!
//! dashu is within a few percent of malachite (faster on most rows, slower on the reduction-heavy
//! chain), 10–25× faster than num on reduction-heavy work, pure Rust, permissively licensed and
//! quick to build, and it stores small values inline. Our own fraction over dashu-int (explicit
//! gcd reduction, cross-cancellation) is as fast as `RBig` or faster, and it exposes each step,
//! which the work meter needs. Values whose parts fit 64 bits do not reach dashu at all (the
//! machine-integer path of [`Rational`]).

mod decimal;
mod digits;
mod rational;
mod rounding;

pub use decimal::{DecimalLiteral, DecimalSyntaxError};
pub use digits::{decimal_digits, integer_digits, pow10};
pub use rational::{Rational, RoundingNecessary, Scaled};
pub use rounding::RoundingMode;

pub use dashu_int::{IBig, UBig};
