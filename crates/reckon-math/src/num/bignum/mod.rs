//! BigNumber mode (spec section 5.2): math.js 15.2's `BigNumber`, which is decimal.js 10.6
//! configured with 64 significant digits and `ROUND_HALF_UP` (ties away from zero).
//!
//! # The value
//! [`Big`] is decimal.js's value space: exact finite decimals, ±0 (decimal.js keeps the sign of
//! zero, `1/-0` is `-Infinity`; both print `0`), ±Infinity and NaN. A finite value is a dashu
//! `Repr<10>` (significand × 10^exponent, trailing zeros stripped). Values are **not** capped at 64
//! digits: decimal.js keeps every digit of a literal (`new Decimal("1.000…0001")`) and only the
//! operations that round (`+ − × ÷`, functions) round to 64 digits; negation, `abs`, `floor`,
//! `ceil`, `round(x, n)` and comparisons are exact, and so are they here. Formatting then rounds
//! as math.js does (see [`format()`]).
//!
//! # Exponent range
//! decimal.js's `maxE = 9e15` and `minE = -9e15` bound the *scientific* exponent (the power of ten of
//! the first digit): a rounded result above becomes ±Infinity, below ±0, and so do literals.
//!
//! # How functions are computed
//! dashu-float 0.6.2 computes `× ÷ sqrt cbrt exp ln log2 log10 sin cos tan asin acos atan sinh
//! cosh tanh asinh acosh atanh` and `x^y` correctly rounded (Ziv loops) in base 10 with
//! `HalfAway` rounding, which is decimal.js's `ROUND_HALF_UP`. Sums are the exception: its
//! `Context::add` sometimes returns 65 digits, so `+` and `−` are formed exactly here and rounded
//! once (`add_rounded`). decimal.js itself rounds correctly for the arithmetic, the roots, `exp`,
//! `ln` and `log`, and almost always for the others (it works with 4–10 guard digits and
//! truncation); the differential test lists the inputs where it does not (one so far:
//! `tan(1.5707963267948966)`). Where math.js *composes* decimal.js operations, this module
//! composes the same rounded operations in the same order, so that double roundings agree digit
//! for digit: `sec = 1/cos(x)` (both rounded), `asec(x) = acos(1/x)`, `log(x, b) =
//! ln(x)/ln(b)` (so `log(8, 2)` is 2.99…9 while `log2(8)` is 3), `expm1 = exp(x) − 1`, `log1p`,
//! `mod`, `hypot`, `nthRoot`, `combinations`, `atan2` (decimal.js's own recipe with a quotient
//! truncated to 68 digits), the factorial product and integer powers (decimal.js's `intPow`,
//! with its 14-word truncation and sticky digit, reproduced exactly). The rounding family
//! (`round floor ceil fix mod`) applies math.js's tolerances (`relTol` 1e-12, `absTol` 1e-15)
//! exactly as math.js does (`floor(2.99999999999999999999)` = 3).
//!
//! `exp`, `ln`, `log2`, `log10`, `sin`, `cos`, `tan`, `asin`, `acos`, `atan`, the hyperbolic
//! functions and their inverses first try `fast`: fixed point on dashu integers at 384 bits with cached π, ln 2 and ln 10 and a Ziv rounding test, which answers
//! only when its error interval rounds to one 64-digit decimal (so the value is the correctly
//! rounded one dashu gives) and otherwise leaves the argument to dashu. Chosen by measurement
//! (release, best of 7, µs per call; docs/performance.md has the full table and commands):
//!
//! | call | fast path | dashu-float 0.6.2 | decimal.js 10.6 |
//! | --- | ---: | ---: | ---: |
//! | `exp(1.5)` | 7.3 | 199 | 198 |
//! | `ln(2.5)` | 8.0 | 249 | 94 |
//! | `sin(1)` | 11.4 (since: 120,000 → 70,000 instructions) | 280 | 41 |
//! | `tan(1)` | 11.6 | 528 | 180 |
//! | `asin(0.5)` | 12.7 | 1,488 | 2,020 |
//! | `atan(1)` | 11.9 | 2,677 | 1.8 (its stored π/4) |
//! | `tanh(0.5)` | 8.7 | 209 | 134 |
//! | `asinh(1)` | 8.4 | 343 | 419 |
//!
//! The fast path needs one pass at a fixed precision almost always, with its constants computed
//! once per process. `x^y` with a fractional exponent tries `fast` too (`exp(y ln x)`); `sqrt`,
//! `cbrt`, `gamma` and the arithmetic stay on dashu (`sqrt(2)`: 2.8 µs, decimal.js 27 µs).

//! # Guards
//! Some dashu calls allocate without bound or never finish at extreme arguments: `exp(1e-9e15)`,
//! `asinh(1e9e15)`, `acosh(1e9e15)`, `atanh(1e-9e15)` and `x^(1e-9e15)` run out of memory, and a
//! directed-rounding `atan` of a tiny argument (inside `atan2`) does not finish. Every call
//! therefore first sorts its argument by scientific exponent and answers tiny and huge
//! arguments from an identity whose error is far below half an ulp at 64 digits (`exp(x) = 1`
//! for |x| < 10^-66, `sin x` = x nudged toward zero and rounded for |x| < 10^-40,
//! `asinh(x) = ln 2|x|` for |x| > 10^40, `exp(x) = ∞` beyond 2.1·10^16, `x^y = 1` for
//! |y| < 10^-90, `n! = ∞` for n ≥ 10^15, …), and calls dashu only in between, where it was
//! measured to take under 25 ms. A unit test runs every function over a grid of extreme
//! values. The trigonometric functions keep decimal.js's own bound: it reduces arguments with a
//! 1025-digit π and throws `[DecimalError] Precision limit exceeded` when `64 + max(exponent,
//! digits) + 7 > 1025` (`sin(1e955)`), and so does this module (as
//! [`BigError::PrecisionLimitExceeded`]); below that, dashu's reduction works at about 64 + e
//! digits. [`cost`] prices every operation so that the evaluator can charge it first.

//! # Layout
//! This file holds the value, its errors and its representation; beside it, by section:
//! `parse` (literals and conversions), `arith` (`+ − × ÷`, comparisons), `rounding`,
//! `powers`, `elementary` (roots, exponentials, logarithms), `trigonometry`, `fast` (their
//! fixed-point fast path), `factorials`
//! (factorial, gamma, constants), `costs` (the work meter's prices) and `formatting`.
//!
//! # Deliberate differences
//! - decimal.js leaves its global precision at ~1000 digits when the precision-limit error is
//!   thrown inside `sin`/`cos`, so a math.js process computes every later BigNumber with that
//!   precision until it is reconfigured: a bug of the shared instance, not reproduced (the peer
//!   script of the differential test restores the precision after each expression).
//! - Where decimal.js never finishes or crashes, this module answers: `tanh(1e300)` (decimal.js
//!   runs its sinh/cosh Taylor series at ~370 digits on an argument of 10^300 and did not finish
//!   in minutes) is 1 here; `asinh(1e9000000000000000)` (V8 aborts with an invalid array size)
//!   is `ln(2·10^9e15)`.
//! - `nthRoot(0, n)` is the plain number 0 in math.js; here it is a BigNumber zero (the evaluator
//!   may convert it to match the result type).

use std::cmp::Ordering;
use std::sync::OnceLock;

use dashu_float::round::mode::{HalfAway, Zero as TowardZero};
use dashu_float::{Context, DBig, FBig, FpError, FpResult, Repr};
use dashu_int::ops::{BitTest, UnsignedAbs};
use dashu_int::{DoubleWord, IBig, Sign};

use crate::num::format::{positional, round_half_up};

mod arith;
mod costs;
mod elementary;
mod factorials;
mod fast;
mod formatting;
mod parse;
mod powers;
mod rounding;
mod trigonometry;

pub use arith::*;
pub use costs::*;
pub use elementary::*;
pub use factorials::*;
pub use formatting::*;
pub use parse::*;
pub use powers::*;
pub use rounding::*;
pub use trigonometry::*;

/// decimal.js `precision`: significant digits of every rounded result.
pub const PRECISION: usize = 64;
/// decimal.js `maxE`: the largest scientific exponent of a finite value.
pub const MAX_E: i64 = 9_000_000_000_000_000;
/// decimal.js `minE`: the smallest scientific exponent of a nonzero value.
pub const MIN_E: i64 = -9_000_000_000_000_000;
/// Length of decimal.js's stored π (and LN10): trigonometric work beyond it throws.
const PI_DIGITS: i64 = 1025;

/// A math.js BigNumber: decimal.js's value space (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Big {
    /// ±0; the sign matters only to `1/x`, `atan2` and the like, and never prints.
    Zero {
        /// `-0`.
        negative: bool,
    },
    /// A nonzero finite value, exact, with scientific exponent in `MIN_E..=MAX_E`.
    Finite(Repr<10>),
    /// ±Infinity.
    Infinite {
        /// `-Infinity`.
        negative: bool,
    },
    /// Not a number (`0/0`, `asin(2)`).
    NaN,
}

/// Why a BigNumber operation has no BigNumber result; [`BigError::message`] is math.js's text.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum BigError {
    /// decimal.js needs more than its 1025 stored digits of π (`sin(1e955)`).
    PrecisionLimitExceeded,
    /// `gamma`/`factorial` of a non-integer finite value.
    IntegerExpected,
    /// `factorial` of a negative value.
    NegativeFactorial,
    /// math.js leaves BigNumbers here and continues in number mode with [`to_f64`] of the
    /// arguments: a negative number to a non-integer power, and `sqrt`, `log`, `log2`, `log10`,
    /// `log1p` of a negative value (decimal.js `isNeg`, so `-0` too). The number-mode function
    /// then gives a Complex with binary64 parts (`sqrt(-4)` = `2i`), or a real number when the
    /// converted value is not negative (`sqrt(-1e-400)` = the number `0`).
    NumberFallback,
    /// A binary64 number with more than 15 significant digits met a BigNumber (spec 5.4).
    TooManyDigits(f64),
    /// `nthRoot(x, 0)`.
    RootZero,
    /// `nthRoot` of a negative number with a root that is not an odd integer.
    RootNotOdd,
    /// `combinations(n, k)` with a negative or non-integer argument (a TypeError in math.js).
    PositiveIntegerExpected,
    /// `combinations(n, k)` with `k > n` (a TypeError in math.js).
    KGreaterThanN,
    /// `round(x, n)` with a non-integer `n`.
    DecimalsNotInteger,
    /// decimal.js refused an argument (`round(x, -1)`): the text is the argument.
    InvalidArgument(String),
}

impl BigError {
    /// math.js's message for the error (the evaluator picks the reason: type_mismatch for
    /// [`BigError::TooManyDigits`], evaluation_failed otherwise).
    pub fn message(&self) -> String {
        match self {
            Self::PrecisionLimitExceeded => "[DecimalError] Precision limit exceeded".into(),
            Self::IntegerExpected => "Integer BigNumber expected".into(),
            Self::NegativeFactorial => "Value must be non-negative".into(),
            Self::NumberFallback => "BigNumber mode falls back to numbers here".into(),
            Self::TooManyDigits(x) => format!(
                "Cannot implicitly convert a number with >15 significant digits to BigNumber (value: {}). Use function bignumber(x) to convert to BigNumber.",
                ryu_js::Buffer::new().format(*x)
            ),
            Self::RootZero => "Root must be non-zero".into(),
            Self::RootNotOdd => "Root must be odd when a is negative.".into(),
            Self::PositiveIntegerExpected => {
                "Positive integer value expected in function combinations".into()
            }
            Self::KGreaterThanN => "k must be less than n in function combinations".into(),
            Self::DecimalsNotInteger => {
                "Number of decimals in function round must be an integer".into()
            }
            Self::InvalidArgument(arg) => format!("[DecimalError] Invalid argument: {arg}"),
        }
    }
}

/// math.js's text, as [`BigError::message`] gives it.
impl std::fmt::Display for BigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for BigError {}

/// The result of a function that math.js may refuse.
pub type BigResult = Result<Big, BigError>;

fn ctx(precision: usize) -> Context<HalfAway> {
    Context::new(precision)
}

// ---------------------------------------------------------------------------------------------
// Construction and inspection
// ---------------------------------------------------------------------------------------------

impl Big {
    /// Positive zero.
    pub const ZERO: Big = Big::Zero { negative: false };
    /// NaN.
    pub const NAN: Big = Big::NaN;

    /// One.
    pub fn one() -> Big {
        Big::Finite(Repr::one())
    }

    /// An exact integer (decimal.js `new Decimal(n)`).
    pub fn from_i64(n: i64) -> Big {
        from_parts(IBig::from(n), 0)
    }

    /// An exact integer of any size (digits beyond 64 are kept, as decimal.js keeps them).
    pub fn from_ibig(n: IBig) -> Big {
        from_parts(n, 0)
    }

    /// ±Infinity.
    pub fn infinity(negative: bool) -> Big {
        Big::Infinite { negative }
    }

    /// decimal.js `isNeg`: true for `-0` and `-Infinity` too (math.js routes `sqrt(-0)` and
    /// `log(-0)` to its number code by it).
    pub fn is_negative(&self) -> bool {
        match self {
            Big::Zero { negative } | Big::Infinite { negative } => *negative,
            Big::Finite(r) => r.significand().signum() < IBig::ZERO,
            Big::NaN => false,
        }
    }

    /// ±0.
    pub fn is_zero(&self) -> bool {
        matches!(self, Big::Zero { .. })
    }

    /// Zero or finite.
    pub fn is_finite(&self) -> bool {
        matches!(self, Big::Zero { .. } | Big::Finite(_))
    }

    /// NaN.
    pub fn is_nan(&self) -> bool {
        matches!(self, Big::NaN)
    }

    /// decimal.js `isInteger`: a finite whole number.
    pub fn is_integer(&self) -> bool {
        match self {
            Big::Zero { .. } => true,
            Big::Finite(r) => r.exponent() >= 0,
            _ => false,
        }
    }
}

/// An exact value from parts, clamped to the exponent range.
fn from_parts(significand: IBig, exponent: isize) -> Big {
    from_repr(repr(significand, exponent))
}

/// dashu's `Repr::new` (trailing zeros moved into the exponent). A significand that fits a
/// double word (every literal of up to 38 digits, every element of a range) goes through
/// `Repr::new_const`, which strips them with word divisions; `Repr::new` strips them from a
/// general big integer and cost two thirds of a small sum.
fn repr(significand: IBig, exponent: isize) -> Repr<10> {
    let small = i128::try_from(&significand)
        .ok()
        .and_then(|v| Some((v < 0, DoubleWord::try_from(v.unsigned_abs()).ok()?)));
    match small {
        Some((negative, magnitude)) => {
            let sign = if negative {
                Sign::Negative
            } else {
                Sign::Positive
            };
            Repr::new_const(sign, magnitude, exponent)
        }
        None => Repr::new(significand, exponent),
    }
}

/// A dashu value as a [`Big`]: zero keeps its sign, the exponent range is applied.
fn from_repr(r: Repr<10>) -> Big {
    if r.is_infinite() {
        return Big::Infinite {
            negative: r.is_neg_zero() || r.sign() == Sign::Negative,
        };
    }
    if r.significand().is_zero() {
        return Big::Zero {
            negative: r.is_neg_zero(),
        };
    }
    let negative = r.significand().signum() < IBig::ZERO;
    let e = sci_exponent(&r);
    if e > MAX_E {
        Big::Infinite { negative }
    } else if e < MIN_E {
        Big::Zero { negative }
    } else {
        Big::Finite(r)
    }
}

/// The power of ten of the first digit.
fn sci_exponent(r: &Repr<10>) -> i64 {
    r.exponent() as i64 + digit_count(r) as i64 - 1
}

/// The digits of `r`'s significand (dashu's `Repr::digits`, which is 0 for zero). A significand
/// of up to 38 digits (every literal, every element of a range, every sum of small integers) is
/// counted with one integer logarithm: dashu's general count estimates a binary logarithm and
/// corrects it with a power of ten, and cost a third of the instructions of a BigNumber range.
fn digit_count(r: &Repr<10>) -> usize {
    let significand = r.significand();
    if let Ok(v) = i64::try_from(significand) {
        return v
            .unsigned_abs()
            .checked_ilog10()
            .map_or(0, |d| d as usize + 1);
    }
    match i128::try_from(significand) {
        Ok(v) => v
            .unsigned_abs()
            .checked_ilog10()
            .map_or(0, |d| d as usize + 1),
        Err(_) => r.digits(),
    }
}

/// A dashu result at 64 digits as a [`Big`]: overflow → ±Infinity, underflow → ±0, a domain
/// error or an indeterminate form → NaN.
fn finish<R: dashu_float::round::Round>(result: FpResult<FBig<R, 10>>) -> Big {
    match result {
        Ok(v) => from_repr(v.value().into_repr()),
        Err(FpError::Overflow(sign)) => Big::Infinite {
            negative: sign == Sign::Negative,
        },
        Err(FpError::Underflow(sign)) => Big::Zero {
            negative: sign == Sign::Negative,
        },
        Err(_) => Big::NaN,
    }
}

/// Rounds an exact value half-up to `digits` significant digits (decimal.js `finalise`).
fn round_to(x: &Big, digits: usize) -> Big {
    match x {
        Big::Finite(r) if digit_count(r) > digits => {
            let v = DBig::from_parts(r.significand().clone(), r.exponent());
            from_repr(v.with_precision(digits).value().into_repr())
        }
        _ => x.clone(),
    }
}

#[cfg(test)]
mod tests;
