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
//! as math.js does (see [`format`]).
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

/// decimal.js's reading of a string (`new Decimal(text)`), which math.js's `bignumber(text)`
/// and its conversion of a string to a BigNumber operand use: one optional sign, then
/// `Infinity`, `NaN` or a decimal literal (digits with an optional point and an optional
/// exponent, any size: `"1e500"` is 1e+500), with nothing around it (no spaces). `None` for
/// any other text; prefixed literals (`"0x1F"`) are [`parse_prefixed`]'s.
pub fn parse_decimal_text(text: &str) -> Option<Big> {
    let text = without_digit_separators(text);
    let text = text.as_ref();
    let (negative, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let magnitude = match unsigned {
        "Infinity" => Big::infinity(false),
        "NaN" => return Some(Big::NaN),
        _ if is_decimal_literal(unsigned) => parse_literal(unsigned),
        _ => return None,
    };
    Some(if negative { neg(&magnitude) } else { magnitude })
}

/// The text without the underscores that stand between two decimal digits (`"1_000"` is
/// `"1000"`), which decimal.js drops before it reads a string (its numeric separators); any
/// other underscore stays, and the text is then no number (`"1__000"`, `"_1"`).
pub fn without_digit_separators(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('_') {
        return std::borrow::Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let separator = |at: usize| {
        bytes[at] == b'_'
            && at > 0
            && bytes[at - 1].is_ascii_digit()
            && bytes.get(at + 1).is_some_and(u8::is_ascii_digit)
    };
    // Underscores are ASCII, so cutting at them keeps every other character whole.
    let kept: String = text
        .char_indices()
        .filter(|&(at, _)| !separator(at))
        .map(|(_, c)| c)
        .collect();
    std::borrow::Cow::Owned(kept)
}

/// decimal.js's `isDecimal`, `^(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$` without regard to case.
fn is_decimal_literal(text: &str) -> bool {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let (int, frac) = match mantissa.split_once('.') {
        Some((int, frac)) => (int, frac),
        None => (mantissa, ""),
    };
    let mantissa_ok = digits(int) && digits(frac) && !(int.is_empty() && frac.is_empty());
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    mantissa_ok && exponent_ok
}

/// Reads a decimal literal exactly (`0.1`, `1e400`, `123.456e-7`, `.5`), as decimal.js does:
/// all digits are kept; a scientific exponent beyond ±9·10^15 gives Infinity or 0. Text that is
/// not a decimal literal gives NaN (the lexer has already checked it; prefixed literals are
/// converted elsewhere).
pub fn parse_literal(text: &str) -> Big {
    let (mantissa, exp_text) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let exp: i128 = match exp_text {
        None => 0,
        Some(t) => match parse_exponent(t) {
            Some(e) => e,
            None => return Big::NaN,
        },
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if (int.is_empty() && frac.is_empty())
        || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
    {
        return Big::NaN;
    }
    let all = format!("{int}{frac}");
    let digits = all.trim_start_matches('0');
    let trimmed = digits.trim_end_matches('0');
    if trimmed.is_empty() {
        return Big::ZERO;
    }
    let exp10 = exp - frac.len() as i128 + (digits.len() - trimmed.len()) as i128;
    let sci = exp10 + trimmed.len() as i128 - 1;
    if sci > MAX_E as i128 {
        return Big::infinity(false);
    }
    if sci < MIN_E as i128 {
        return Big::ZERO;
    }
    match trimmed.parse::<IBig>() {
        Ok(sig) => from_parts(sig, exp10 as isize),
        Err(_) => Big::NaN,
    }
}

/// Binary exponents (`p…`) of a prefixed literal up to this size are applied exactly; beyond,
/// the power of two is a rounded 64-digit value (decimal.js applies them through a binary64
/// `Math.pow` there, whose digits no exact reading reproduces: a documented difference).
const EXACT_BINARY_EXPONENT: i64 = 4_096;

/// math.js's `bignumber(string)` for a non-decimal text (spec section 4.1: `0x1.8` = 1.5,
/// `0xFFi8` = −1): first its word-size pattern, found anywhere in the text as math.js's
/// unanchored `/(0[box][0-9a-fA-F]*)i([0-9]*)/` finds it (two's complement, `String "…" is out
/// of range` past the size); else decimal.js's reading of `[±]0b/0o/0x` digits with an optional
/// radix point and binary exponent (`0x1.8p1` = 3), exactly, as decimal.js keeps every digit of
/// a literal. The error is the message math.js gives.
pub fn parse_prefixed(text: &str) -> Result<Big, String> {
    let invalid = |x: &str| format!("[DecimalError] Invalid argument: {x}");
    if let Some((start, radix, digits, after)) = crate::num::literal::find_prefixed(text, b'i') {
        let literal = &text[start..start + 2 + digits.len()];
        let size_digits = &text[after..];
        let size_digits =
            &size_digits[..size_digits.bytes().take_while(u8::is_ascii_digit).count()];
        // decimal.js reads the prefix and digits; hexadecimal digits in a binary literal fail.
        let n = match IBig::from_str_radix(digits, radix) {
            Ok(n) if !digits.is_empty() => n,
            _ => return Err(invalid(literal)),
        };
        return word_size(n, size_digits)
            .ok_or_else(|| format!("String \"{text}\" is out of range"));
    }
    let (negative, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let value = prefixed_value(unsigned).ok_or_else(|| invalid(unsigned))?;
    Ok(if negative { neg(&value) } else { value })
}

/// Two's complement of `n` in `size_digits` bits (an empty size is 0 bits): `None` when `n`
/// does not fit. A size beyond `n`'s bits leaves it as it is.
fn word_size(n: IBig, size_digits: &str) -> Option<Big> {
    let size = size_digits.trim_start_matches('0');
    let bits = (&n).unsigned_abs().bit_len();
    if size.len() > 6 || size.parse::<usize>().unwrap_or(0) > bits {
        return Some(Big::from_ibig(n));
    }
    let size = size.parse::<usize>().unwrap_or(0);
    let whole = IBig::ONE << size;
    if n > &whole - IBig::ONE {
        return None;
    }
    if size > 0 && n >= IBig::ONE << (size - 1) {
        return Some(Big::from_ibig(n - whole));
    }
    Some(Big::from_ibig(n))
}

/// decimal.js's non-decimal literal without a sign: `0b`, `0o` or `0x` (either case), digits
/// with an optional radix point (`1.8`, `1.`, `.8`) and an optional binary exponent `p[±]N`.
fn prefixed_value(text: &str) -> Option<Big> {
    let (radix, bits_per_digit) = match text.get(..2)?.to_ascii_lowercase().as_str() {
        "0b" => (2, 1),
        "0o" => (8, 3),
        "0x" => (16, 4),
        _ => return None,
    };
    let body = &text[2..];
    let (mantissa, exponent) = match body.find(['p', 'P']) {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    };
    let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let is_digits = |s: &str| s.chars().all(|c| c.is_digit(radix));
    if (integer.is_empty() && fraction.is_empty()) || !is_digits(integer) || !is_digits(fraction) {
        return None;
    }
    let binary_exponent: i64 = match exponent {
        None => 0,
        Some(e) => {
            let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let magnitude = digits
                .trim_start_matches('0')
                .parse::<i64>()
                .unwrap_or(i64::MAX / 2)
                .min(i64::MAX / 2);
            if e.starts_with('-') {
                -magnitude
            } else {
                magnitude
            }
        }
    };
    let all = format!("{integer}{fraction}");
    let n = IBig::from_str_radix(&all, radix).ok()?;
    let shift = binary_exponent
        .saturating_sub(bits_per_digit * fraction.len() as i64)
        .clamp(-EXACT_BINARY_EXPONENT - 1, EXACT_BINARY_EXPONENT + 1);
    let exact_shift = shift.clamp(-EXACT_BINARY_EXPONENT, EXACT_BINARY_EXPONENT);
    // n × 2^e exactly: a left shift, or n·5^−e × 10^e.
    let exact = if exact_shift >= 0 {
        Big::from_ibig(n << exact_shift as usize)
    } else {
        let k = exact_shift.unsigned_abs() as usize;
        from_parts(n * IBig::from(5u8).pow(k), -(k as isize))
    };
    if shift == exact_shift {
        return Some(exact);
    }
    // Far exponents: the rest of the power of two, rounded, then the product, rounded.
    let rest = binary_exponent.saturating_sub(bits_per_digit * fraction.len() as i64) - exact_shift;
    let power = pow(&Big::from_i64(2), &Big::from_i64(rest)).ok()?;
    Some(mul(&exact, &power))
}

/// An exponent's digits with an optional sign, saturating far beyond the exponent range.
fn parse_exponent(text: &str) -> Option<i128> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = digits.trim_start_matches('0');
    let value: i128 = if digits.len() > 30 {
        i128::MAX / 2
    } else {
        digits.parse().unwrap_or(0)
    };
    Some(if negative { -value } else { value })
}

/// A binary64 number as a BigNumber, through its shortest JavaScript string (`new
/// Decimal(0.1)` is exactly 0.1); `-0` stays `-0`, non-finite values map to their kind.
pub fn from_f64(value: f64) -> Big {
    if value.is_nan() {
        return Big::NaN;
    }
    if value.is_infinite() {
        return Big::infinity(value < 0.0);
    }
    if value == 0.0 {
        return Big::Zero {
            negative: value.is_sign_negative(),
        };
    }
    if let Some(n) = small_integer(value) {
        return Big::from_i64(n);
    }
    let text = ryu_js::Buffer::new().format(value.abs()).to_owned();
    let big = parse_literal(&text);
    if value < 0.0 { neg(&big) } else { big }
}

/// A nonzero whole number of magnitude at most 2^53 as that integer. Every integer up to 2^53 is
/// a binary64 number, so its shortest JavaScript string is all its digits: such a number is
/// converted without making that string (the elements of a range, counters, indices).
fn small_integer(value: f64) -> Option<i64> {
    (value != 0.0 && value.fract() == 0.0 && value.abs() <= MAX_SAFE_INTEGER + 1.0)
        .then_some(value as i64)
}

/// The implicit conversion math.js applies when a number meets a BigNumber (spec 5.4): refused
/// when the shortest representation has more than 15 significant digits (for a negative
/// number, more than 14: math.js counts its minus sign).
///
/// # Errors
/// [`BigError::TooManyDigits`].
pub fn from_f64_checked(value: f64) -> BigResult {
    if let Some(n) = small_integer(value) {
        // Its significant digits: the integer's, trailing zeros dropped.
        let mut magnitude = n.unsigned_abs();
        while magnitude.is_multiple_of(10) {
            magnitude /= 10;
        }
        let digits = magnitude.ilog10() as usize + 1;
        if digits + usize::from(value < 0.0) > 15 {
            return Err(BigError::TooManyDigits(value));
        }
        return Ok(Big::from_i64(n));
    }
    if value.is_finite() && value != 0.0 {
        let text = ryu_js::Buffer::new().format(value.abs()).to_owned();
        let mantissa = text.split(['e', 'E']).next().unwrap_or("");
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        let significant = digits.trim_start_matches('0').trim_end_matches('0');
        // math.js counts the characters of `toExponential()`'s mantissa without its point, so
        // a minus sign counts as a digit: -123456789012345 (15 digits) is refused too.
        if significant.len() + usize::from(value < 0.0) > 15 {
            return Err(BigError::TooManyDigits(value));
        }
    }
    Ok(from_f64(value))
}

/// The exact integer a whole BigNumber stands for, when it has at most `max_digits` digits
/// (`None` for fractions, non-finite values and longer integers).
pub fn to_ibig(x: &Big, max_digits: usize) -> Option<IBig> {
    match x {
        Big::Zero { .. } => Some(IBig::ZERO),
        Big::Finite(r) if r.exponent() >= 0 => {
            let zeros = usize::try_from(r.exponent()).ok()?;
            let digits = r.significand().clone().unsigned_abs().to_string().len();
            if digits.saturating_add(zeros) > max_digits {
                return None;
            }
            Some(r.significand() * IBig::from(10u8).pow(zeros))
        }
        _ => None,
    }
}

/// A finite value's decimal digits: its sign, its significant digits (no leading or trailing
/// zeros; `"0"` for zero) and the decimal exponent of the first one (`0.0123` is `("123", -2)`).
/// `None` for ±Infinity and NaN.
pub fn decimal_digits(x: &Big) -> Option<(bool, String, i64)> {
    match x {
        Big::Zero { .. } => Some((false, "0".to_owned(), 0)),
        Big::Finite(r) => {
            let significand = r.significand();
            let negative = significand.signum() < IBig::ZERO;
            let text = significand.unsigned_abs().to_string();
            let digits = text.trim_end_matches('0');
            let digits = if digits.is_empty() { "0" } else { digits };
            let exponent = r.exponent() as i64 + text.len() as i64 - 1;
            Some((negative, digits.to_owned(), exponent))
        }
        _ => None,
    }
}

/// decimal.js `toNumber`: the nearest binary64 value (correctly rounded from all digits).
pub fn to_f64(x: &Big) -> f64 {
    match x {
        Big::Zero { negative } => {
            if *negative {
                -0.0
            } else {
                0.0
            }
        }
        Big::Infinite { negative } => {
            if *negative {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        }
        Big::NaN => f64::NAN,
        Big::Finite(r) => format!("{}e{}", r.significand(), r.exponent())
            .parse()
            .unwrap_or(f64::NAN),
    }
}

// ---------------------------------------------------------------------------------------------
// Arithmetic (each rounded to 64 digits half-up, as decimal.js with `external = true`)
// ---------------------------------------------------------------------------------------------

/// The IEEE class representative of a value (±0, ±1, ±∞, NaN): decimal.js treats zeros,
/// infinities and NaN in `+ − × ÷` exactly as binary64 does, so the special cases are
/// computed on these representatives.
fn class(x: &Big) -> f64 {
    match x {
        Big::Finite(_) if x.is_negative() => -1.0,
        Big::Finite(_) => 1.0,
        other => to_f64(other),
    }
}

/// A special result (zero, infinite or NaN) from its binary64 representative.
fn special(v: f64) -> Big {
    from_f64(if v.is_finite() && v != 0.0 {
        f64::NAN
    } else {
        v
    })
}

/// `a + b` (decimal.js `plus`).
pub fn add(a: &Big, b: &Big) -> Big {
    match (a, b) {
        (Big::Finite(x), Big::Finite(y)) => {
            let sum = add_rounded(x, y, PRECISION);
            // An exact cancellation is +0 under ROUND_HALF_UP.
            if sum.is_zero() { Big::ZERO } else { sum }
        }
        (Big::Finite(_), Big::Zero { .. }) => round_to(a, PRECISION),
        (Big::Zero { .. }, Big::Finite(_)) => round_to(b, PRECISION),
        _ => special(class(a) + class(b)),
    }
}

/// `x + y` rounded once to `digits`. dashu-float 0.6.2's `Context::add` sometimes returns one
/// digit too many (`3.14…923078 − 0.0499…829983` at 64 digits gives 65 digits, so a second
/// rounding goes wrong), so the sum is formed exactly on the aligned significands and rounded
/// by `with_precision`, which is correct. An operand wholly below the other's last digit and
/// its rounding position only decides the direction of the rounding: it is replaced by a
/// one-digit stand-in of the same sign just below both, so huge exponent gaps (`1e9e15 +
/// 1e-9e15`) cost nothing.
fn add_rounded(x: &Repr<10>, y: &Repr<10>, digits: usize) -> Big {
    let (sx, sy) = (sci_exponent(x), sci_exponent(y));
    let ((big, big_sci), (small, small_sci)) = if sx >= sy {
        ((x, sx), (y, sy))
    } else {
        ((y, sy), (x, sx))
    };
    let floor = (big.exponent() as i64).min(big_sci - digits as i64) - 2;
    let stand_in;
    let exact = small_sci >= floor;
    let small = if exact {
        small
    } else {
        stand_in = Repr::new(small.significand().signum(), floor as isize);
        &stand_in
    };
    let low = big.exponent().min(small.exponent());
    let align = |r: &Repr<10>| {
        if r.exponent() == low {
            r.significand().clone()
        } else {
            r.significand() * IBig::from(10u8).pow((r.exponent() - low) as usize)
        }
    };
    let sum = align(big) + align(small);
    // An exact sum of at most `digits` digits (as every sum of small integers is) needs no
    // rounding: counting its digits in an `i128` spares dashu's rounding, whose own count of
    // the digits cost most of a small sum.
    if exact
        && let Ok(v) = i128::try_from(&sum)
        && (v == 0 || (v.unsigned_abs().ilog10() as usize) < digits)
    {
        return from_parts(sum, low);
    }
    from_repr(
        DBig::from_parts(sum, low)
            .with_precision(digits)
            .value()
            .into_repr(),
    )
}

/// `a - b` (decimal.js `minus`).
pub fn sub(a: &Big, b: &Big) -> Big {
    add(a, &neg(b))
}

/// `a × b` (decimal.js `times`).
pub fn mul(a: &Big, b: &Big) -> Big {
    match (a, b) {
        (Big::Finite(x), Big::Finite(y)) => finish(ctx(PRECISION).mul(x, y)),
        _ => special(class(a) * class(b)),
    }
}

/// `a ÷ b` (decimal.js `div`): `x/0` is ±Infinity, `0/0` NaN.
pub fn div(a: &Big, b: &Big) -> Big {
    div_at(a, b, PRECISION)
}

fn div_at(a: &Big, b: &Big, digits: usize) -> Big {
    match (a, b) {
        (Big::Finite(x), Big::Finite(y)) => finish(ctx(digits).div(x, y)),
        _ => special(class(a) / class(b)),
    }
}

/// `-x`, exact.
pub fn neg(x: &Big) -> Big {
    match x {
        Big::Zero { negative } => Big::Zero {
            negative: !negative,
        },
        Big::Infinite { negative } => Big::Infinite {
            negative: !negative,
        },
        Big::Finite(r) => Big::Finite(Repr::new(-r.significand().clone(), r.exponent())),
        Big::NaN => Big::NaN,
    }
}

/// decimal.js's `isNeg` of a value that is neither zero nor NaN: below zero (math.js's
/// `isNegative`).
pub fn is_negative_nonzero(x: &Big) -> bool {
    !x.is_zero() && !x.is_nan() && x.is_negative()
}

/// `x` rounded half-up to 64 significant digits, as every decimal.js operation leaves its
/// result.
pub fn rounded(x: &Big) -> Big {
    round_to(x, PRECISION)
}

/// `|x|`, exact.
pub fn abs(x: &Big) -> Big {
    if x.is_negative() { neg(x) } else { x.clone() }
}

/// decimal.js `cmp`: exact order, `-0 = 0`, `None` when either side is NaN.
pub fn cmp(a: &Big, b: &Big) -> Option<Ordering> {
    match (a, b) {
        (Big::NaN, _) | (_, Big::NaN) => None,
        // Equal exponents (the elements of a range and its end, most often): the significands
        // decide, without dashu's general comparison, which first estimates both magnitudes.
        (Big::Finite(x), Big::Finite(y)) => Some(small_cmp(x, y).unwrap_or_else(|| x.cmp(y))),
        _ => class(a).partial_cmp(&class(b)),
    }
}

/// The order of two values whose significands fit an `i64` and whose exponents differ by at most
/// 18 (the elements of a range and its end, most often), compared as `i128`s brought to the
/// lower exponent; `None` for any other pair. dashu's general comparison first estimates both
/// magnitudes by logarithms.
fn small_cmp(x: &Repr<10>, y: &Repr<10>) -> Option<Ordering> {
    let a = i128::from(i64::try_from(x.significand()).ok()?);
    let b = i128::from(i64::try_from(y.significand()).ok()?);
    let gap = x.exponent().checked_sub(y.exponent())?;
    // |a|, |b| < 2^63 and the scale is at most 10^18: the products fit an i128.
    let scale = |gap: isize| {
        let gap = u32::try_from(gap).ok().filter(|g| *g <= 18)?;
        Some(10i128.pow(gap))
    };
    Some(if gap >= 0 {
        a.checked_mul(scale(gap)?)?.cmp(&b)
    } else {
        a.cmp(&b.checked_mul(scale(-gap)?)?)
    })
}

/// Exact equality (decimal.js `eq`); NaN equals nothing.
pub fn eq(a: &Big, b: &Big) -> bool {
    cmp(a, b) == Some(Ordering::Equal)
}

/// math.js `nearlyEqual` for BigNumbers with its defaults `relTol = 1e-12`, `absTol = 1e-15`:
/// `|a − b| ≤ max(relTol · max(|a|, |b|), absTol)`, every step rounded to 64 digits. math.js's
/// `equal`, `compare`, `smaller`, … and the rounding functions use it.
pub fn nearly_equal(a: &Big, b: &Big) -> bool {
    if a.is_nan() || b.is_nan() {
        return false;
    }
    if !a.is_finite() || !b.is_finite() || eq(a, b) {
        return eq(a, b);
    }
    // Two different finite values are multiples of 10^low, so they differ by at least that
    // (and so does their difference rounded to 64 digits); the bound below is at most
    // max(10^(s−11), 10^−15) for the larger scientific exponent s. When 10^low exceeds both,
    // they are not nearly equal, as the arithmetic would find (a range of BigNumbers compares
    // every element so).
    if let (Big::Finite(x), Big::Finite(y)) = (a, b) {
        let low = (x.exponent() as i64).min(y.exponent() as i64);
        let s = sci_exponent(x).max(sci_exponent(y));
        if low > s - 11 && low > -15 {
            return false;
        }
    }
    let diff = abs(&sub(a, b));
    let largest = max_of(&abs(a), &abs(b));
    // 1e-12 and 1e-15 made from their parts: read from text, they cost a sixth of a range's
    // comparison of BigNumbers.
    let power_of_ten = |e: isize| from_repr(Repr::new(IBig::ONE, e));
    let bound = max_of(&mul(&largest, &power_of_ten(-12)), &power_of_ten(-15));
    cmp(&diff, &bound) != Some(Ordering::Greater)
}

fn max_of(a: &Big, b: &Big) -> Big {
    if cmp(a, b) == Some(Ordering::Less) {
        b.clone()
    } else {
        a.clone()
    }
}

/// decimal.js `sign`-like: -1, 0 or 1 (NaN for NaN); math.js `sign` of a BigNumber.
pub fn sign(x: &Big) -> Big {
    match x {
        Big::NaN => Big::NaN,
        Big::Zero { .. } => x.clone(),
        _ if x.is_negative() => Big::from_i64(-1),
        _ => Big::one(),
    }
}

// ---------------------------------------------------------------------------------------------
// Rounding to integers and decimal places (exact, as decimal.js `finalise` at `e + 1` digits)
// ---------------------------------------------------------------------------------------------

/// How [`quantize`] rounds the dropped digits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Floor,
    Ceil,
    HalfUp,
}

/// `x` rounded to a multiple of `10^-places`, exact; a zero result keeps the sign of `x`.
fn quantize(x: &Big, places: i64, mode: Mode) -> Big {
    let Big::Finite(r) = x else {
        return x.clone();
    };
    let target = -places;
    if r.exponent() as i64 >= target {
        return x.clone();
    }
    let drop = target - r.exponent() as i64;
    let negative = x.is_negative();
    let magnitude = r.significand().clone().unsigned_abs();
    let digits = digit_count(r) as i64;
    let (q, rest_nonzero, half_or_more) = if drop > digits {
        (IBig::ZERO, true, false)
    } else {
        let scale = dashu_int::UBig::from(10u8).pow(drop as usize);
        let q = &magnitude / &scale;
        let rem = &magnitude % &scale;
        let half = &scale / dashu_int::UBig::from(2u8);
        (IBig::from(q), !rem.is_zero(), rem >= half && !rem.is_zero())
    };
    let up = match mode {
        Mode::Floor => negative && rest_nonzero,
        Mode::Ceil => !negative && rest_nonzero,
        Mode::HalfUp => half_or_more,
    };
    let q = if up { q + IBig::ONE } else { q };
    if q.is_zero() {
        return Big::Zero { negative };
    }
    from_parts(if negative { -q } else { q }, target as isize)
}

/// decimal.js `floor`, exact.
pub fn floor_exact(x: &Big) -> Big {
    quantize(x, 0, Mode::Floor)
}

/// decimal.js `ceil`, exact.
pub fn ceil_exact(x: &Big) -> Big {
    quantize(x, 0, Mode::Ceil)
}

/// decimal.js `toDecimalPlaces(n)` with ROUND_HALF_UP, exact.
fn to_dp(x: &Big, places: i64) -> Big {
    quantize(x, places, Mode::HalfUp)
}

/// math.js's relTol 1e-12 as decimal places (`toExponent(relTol)`).
const EPSILON_PLACES: i64 = 12;

/// math.js `round(x)`: first to 12 decimals when that is nearly equal, then half-up to an
/// integer (so `round(2.4999999999999999)` = 3, as math.js).
pub fn round(x: &Big) -> Big {
    let eps = to_dp(x, EPSILON_PLACES);
    let selected = if nearly_equal(x, &eps) {
        eps
    } else {
        x.clone()
    };
    to_dp(&selected, 0)
}

/// decimal.js `round()`: to an integer, halves away from zero (no tolerance step).
pub fn round_plain(x: &Big) -> Big {
    to_dp(x, 0)
}

/// An integral BigNumber below 1e21 in magnitude as an integer: what `BigInt(x.toString())`
/// accepts (from 1e21 on decimal.js writes an exponent). `None` otherwise.
pub fn to_ibig_below_1e21(x: &Big) -> Option<IBig> {
    match x {
        Big::Zero { .. } => Some(IBig::ZERO),
        Big::Finite(r) if r.exponent() >= 0 && sci_exponent(r) < 21 => {
            Some(r.significand() * IBig::from(10u8).pow(r.exponent() as usize))
        }
        _ => None,
    }
}

/// A BigNumber as an exact fraction, as fraction.js reads decimal.js's text of it: `None` for
/// NaN, the infinities, and values decimal.js writes with an exponent (from 1e21 on, below
/// 1e-6), which fraction.js refuses.
pub fn to_fraction(x: &Big) -> Option<dashu_ratio::RBig> {
    match x {
        Big::Zero { .. } => Some(dashu_ratio::RBig::ZERO),
        Big::Finite(r) if (-6..21).contains(&sci_exponent(r)) => {
            let scale = dashu_int::UBig::from(10u8).pow(r.exponent().unsigned_abs());
            let significand = dashu_ratio::RBig::from(r.significand().clone());
            Some(if r.exponent() >= 0 {
                significand * dashu_ratio::RBig::from(scale)
            } else {
                significand / dashu_ratio::RBig::from(scale)
            })
        }
        _ => None,
    }
}

/// math.js `round(x, n)`.
///
/// # Errors
/// [`BigError::DecimalsNotInteger`] for a non-integer `n`; [`BigError::InvalidArgument`] for `n`
/// outside decimal.js's `0..=1e9`.
pub fn round_places(x: &Big, n: &Big) -> BigResult {
    if !n.is_integer() {
        return Err(BigError::DecimalsNotInteger);
    }
    let places = to_f64(n);
    if !(0.0..=1e9).contains(&places) {
        return Err(BigError::InvalidArgument(format(n, None)));
    }
    let places = places as i64;
    if places >= EPSILON_PLACES {
        return Ok(to_dp(x, places));
    }
    let eps = to_dp(x, EPSILON_PLACES);
    let selected = if nearly_equal(x, &eps) {
        eps
    } else {
        x.clone()
    };
    Ok(to_dp(&selected, places))
}

/// math.js `floor(x)`: decimal.js floor, unless x is nearly equal to its rounding and not to
/// its floor (`floor(2.9999999999999999)` = 3).
pub fn floor(x: &Big) -> Big {
    nearly_rounded(x, floor_exact(x))
}

/// math.js `ceil(x)`, as [`floor`].
pub fn ceil(x: &Big) -> Big {
    nearly_rounded(x, ceil_exact(x))
}

fn nearly_rounded(x: &Big, f: Big) -> Big {
    let r = round(x);
    if eq(&f, &r) {
        return f;
    }
    if nearly_equal(x, &r) && !nearly_equal(x, &f) {
        r
    } else {
        f
    }
}

/// math.js `fix(x)`: `ceil` for negative values (decimal.js `isNeg`), else `floor`.
pub fn fix(x: &Big) -> Big {
    if x.is_negative() { ceil(x) } else { floor(x) }
}

/// math.js `floor(x, n)`, `ceil(x, n)` and `fix(x, n)`: `f(x · 10^n) / 10^n`, rounded at each
/// step. `which` is `floor`, `ceil` or `fix`.
pub fn round_with_places(x: &Big, n: &Big, which: fn(&Big) -> Big) -> Big {
    let shift = pow_real(&Big::from_i64(10), n);
    div(&which(&mul(x, &shift)), &shift)
}

/// math.js `mod(x, y)` for BigNumbers: `x` when `y = 0`, else `x − y · floor(x / y)` with
/// math.js's `floor` (so the result has the sign of `y`).
pub fn modulo(x: &Big, y: &Big) -> Big {
    if y.is_zero() {
        return x.clone();
    }
    sub(x, &mul(y, &floor(&div(x, y))))
}

// ---------------------------------------------------------------------------------------------
// Powers
// ---------------------------------------------------------------------------------------------

/// decimal.js's `MAX_SAFE_INTEGER` bound on exponents that use `intPow`.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// math.js `pow(x, y)` for BigNumbers.
///
/// # Errors
/// [`BigError::NumberFallback`] when `y` is not an integer and `x < 0` (math.js then computes
/// `Complex(x) ^ y` in binary64).
pub fn pow(x: &Big, y: &Big) -> BigResult {
    // math.js: `y.isInteger() || x >= 0`, where `x >= 0` compares JavaScript numbers.
    if y.is_integer() || to_f64(x) >= 0.0 {
        Ok(pow_real(x, y))
    } else {
        Err(BigError::NumberFallback)
    }
}

/// decimal.js `pow`: integer exponents up to 2^53 by `intPow`, others as `exp(y · ln x)`
/// correctly rounded (a negative base with a non-integer exponent is NaN).
pub fn pow_real(x: &Big, y: &Big) -> Big {
    let (Big::Finite(xr), Big::Finite(_)) = (x, y) else {
        return from_f64(js_pow(to_f64(x), to_f64(y)));
    };
    if eq(x, &Big::one()) {
        return x.clone();
    }
    if eq(y, &Big::one()) {
        return round_to(x, PRECISION);
    }
    let yn = to_f64(y);
    if y.is_integer() && yn.abs() <= MAX_SAFE_INTEGER {
        let r = int_pow(xr, yn.abs() as u64);
        return if yn < 0.0 {
            div(&Big::one(), &r)
        } else {
            round_to(&r, PRECISION)
        };
    }
    let mut negative = false;
    if x.is_negative() {
        if !y.is_integer() {
            return Big::NaN;
        }
        // A huge integer exponent: the sign follows its last digit.
        negative = odd_integer(y);
        if eq(&abs(x), &Big::one()) {
            return if negative { x.clone() } else { Big::one() };
        }
    }
    // decimal.js's exponent estimate decides overflow and underflow before any work.
    let e = yn * log10_abs(xr);
    if e > (MAX_E + 1) as f64 {
        return Big::infinity(negative);
    }
    if e < (MIN_E - 1) as f64 {
        return Big::ZERO;
    }
    let Big::Finite(yr) = y else { return Big::NaN };
    if sci_exponent(yr) < -90 {
        // |y ln x| < 2.1e16 · 1e-90: x^y = 1 + that, which rounds to 1 (dashu's powf would
        // align operands across the exponent gap and run out of memory at y = 1e-9e15).
        return Big::one();
    }
    let magnitude = finish(ctx(PRECISION).powf(&abs_repr(xr), yr, None));
    if negative { neg(&magnitude) } else { magnitude }
}

/// JavaScript `Math.pow` on the binary64 images, which decimal.js uses when either side is
/// zero, infinite or NaN (`1^Infinity` is NaN there, unlike Rust's `powf`).
fn js_pow(x: f64, y: f64) -> f64 {
    if y.is_nan() || (x.abs() == 1.0 && y.is_infinite()) {
        return if y == 0.0 { 1.0 } else { f64::NAN };
    }
    x.powf(y)
}

fn abs_repr(r: &Repr<10>) -> Repr<10> {
    Repr::new(
        IBig::from(r.significand().clone().unsigned_abs()),
        r.exponent(),
    )
}

fn odd_integer(y: &Big) -> bool {
    match y {
        Big::Finite(r) if r.exponent() == 0 => (r.significand() % IBig::from(2u8)) != IBig::ZERO,
        _ => false,
    }
}

/// log10 |x| in binary64, from the leading digits and the exponent (never overflows).
fn log10_abs(r: &Repr<10>) -> f64 {
    let text = r.significand().clone().unsigned_abs().to_string();
    let lead: f64 = format!("0.{}", &text[..text.len().min(17)])
        .parse()
        .unwrap_or(1.0);
    lead.log10() + (sci_exponent(r) + 1) as f64
}

/// decimal.js `intPow(x, n)` followed by nothing: the product by squaring on base-10^7 words,
/// each product exact, then cut to 14 words (`ceil(64/7 + 4)`); when the result was cut and
/// its last word is 0, that word becomes 1 (a sticky digit for the final rounding). Returns the
/// unrounded result, which the caller rounds (or divides 1 by).
fn int_pow(x: &Repr<10>, n: u64) -> Big {
    let negative = x.significand().signum() < IBig::ZERO && n % 2 == 1;
    if n == 0 {
        return Big::one();
    }
    // Far beyond the exponent range: the final rounding gives ±Infinity or ±0 anyway, and the
    // exact exponents below could overflow.
    let estimate = n as f64 * log10_abs(x);
    if estimate > 2.0 * MAX_E as f64 {
        return Big::infinity(negative);
    }
    if estimate < 2.0 * MIN_E as f64 {
        return Big::Zero { negative };
    }
    let mut base = (
        IBig::from(x.significand().clone().unsigned_abs()),
        x.exponent() as i64,
    );
    let mut result = (IBig::ONE, 0i64);
    let mut truncated = false;
    let mut n = n;
    loop {
        let mut last_cut = false;
        if n % 2 == 1 {
            result = (&result.0 * &base.0, result.1 + base.1);
            last_cut = truncate_words(&mut result);
            truncated |= last_cut;
        }
        n /= 2;
        if n == 0 {
            if truncated && last_cut && (&result.0 % IBig::from(10_000_000u32)).is_zero() {
                result.0 += IBig::ONE;
            }
            break;
        }
        base = (&base.0 * &base.0, base.1 * 2);
        truncate_words(&mut base);
    }
    let (sig, exp) = result;
    let exp = exp.clamp(isize::MIN as i64 / 2, isize::MAX as i64 / 2) as isize;
    from_parts(if negative { -sig } else { sig }, exp)
}

/// decimal.js `truncate(r.d, 14)`: keeps the first 14 words of the base-10^7 digit array, whose
/// first word holds `(e mod 7) + 1` digits for scientific exponent `e`. Works on an unnormalised
/// (significand, exponent) pair; returns whether digits were dropped.
fn truncate_words(value: &mut (IBig, i64)) -> bool {
    const WORDS: i64 = 14;
    let digits = value.0.clone().unsigned_abs().to_string().len() as i64;
    let sci = value.1 + digits - 1;
    let keep = sci.rem_euclid(7) + 1 + 7 * (WORDS - 1);
    if digits > keep {
        let drop = (digits - keep) as usize;
        let scale = IBig::from(10u8).pow(drop);
        let rest = &value.0 % &scale;
        value.0 = &value.0 / &scale;
        value.1 += drop as i64;
        // Zero words at the end are stripped by decimal.js's `times`: cutting them is no cut.
        return !rest.is_zero();
    }
    false
}

// ---------------------------------------------------------------------------------------------
// Roots, exponentials and logarithms
// ---------------------------------------------------------------------------------------------

/// Below this scientific exponent an odd function equals its argument at 64 digits
/// (`sin x = x − x³/6`: the correction is 10^-80 relative), and `cos`, `cosh` equal 1.
const TINY: i64 = -40;
/// Above this scientific exponent `asinh x = ln 2|x|` and `acosh x = ln 2x` at 64 digits.
const HUGE: i64 = 40;
/// `exp` beyond this magnitude is outside decimal.js's range (ln 10 · 9e15 ≈ 2.0723e16).
const EXP_LIMIT: f64 = 2.1e16;

/// math.js `sqrt`: decimal.js `sqrt`, correctly rounded.
///
/// # Errors
/// [`BigError::NumberFallback`] for negative values (including `-0`, as math.js's `isNegative`).
pub fn sqrt(x: &Big) -> BigResult {
    if x.is_negative() {
        return Err(BigError::NumberFallback);
    }
    Ok(match x {
        Big::Finite(r) => finish(ctx(PRECISION).sqrt(r)),
        other => other.clone(),
    })
}

/// decimal.js `cbrt`, correctly rounded; odd, so negative values have negative roots.
pub fn cbrt(x: &Big) -> Big {
    match x {
        Big::Finite(r) => {
            let root = finish(ctx(PRECISION).cbrt(&abs_repr(r)));
            if x.is_negative() { neg(&root) } else { root }
        }
        other => other.clone(),
    }
}

/// math.js `nthRoot(a, root)` for BigNumbers: `|a|^(1/root)` with `1/root` rounded to 66
/// digits, the power to 64, then (for a negative root) `1/x` to 66 and the whole to 64.
///
/// # Errors
/// [`BigError::RootZero`], [`BigError::RootNotOdd`].
pub fn nth_root(a: &Big, root: &Big) -> BigResult {
    let inverse = root.is_negative();
    let root = abs(root);
    if root.is_zero() {
        return Err(BigError::RootZero);
    }
    if a.is_negative() && !(root.is_integer() && odd_integer(&root)) {
        return Err(BigError::RootNotOdd);
    }
    if a.is_zero() {
        // math.js returns the plain number 0 here (a number, not a BigNumber).
        return Ok(if inverse {
            Big::infinity(false)
        } else {
            Big::ZERO
        });
    }
    if !a.is_finite() {
        return Ok(if inverse { Big::ZERO } else { a.clone() });
    }
    let x = pow_real(&abs(a), &div_at(&Big::one(), &root, PRECISION + 2));
    let x = if a.is_negative() { neg(&x) } else { x };
    let x = if inverse {
        div_at(&Big::one(), &x, PRECISION + 2)
    } else {
        x
    };
    Ok(round_to(&x, PRECISION))
}

/// decimal.js `exp`, correctly rounded; 1 for |x| < 10^-66, ±Infinity/0 beyond the range.
pub fn exp(x: &Big) -> Big {
    match x {
        Big::NaN => Big::NaN,
        Big::Zero { .. } => Big::one(),
        Big::Infinite { negative } => {
            if *negative {
                Big::ZERO
            } else {
                x.clone()
            }
        }
        Big::Finite(r) => {
            let v = to_f64(x);
            if v > EXP_LIMIT {
                Big::infinity(false)
            } else if v < -EXP_LIMIT {
                Big::ZERO
            } else if sci_exponent(r) < -66 {
                Big::one()
            } else {
                finish(ctx(PRECISION).exp(r, None))
            }
        }
    }
}

/// math.js `expm1` for BigNumbers: `exp(x) − 1`, both rounded (so `expm1(1e-70)` is 0).
pub fn expm1(x: &Big) -> Big {
    sub(&exp(x), &Big::one())
}

/// Which logarithm [`log_of`] takes.
#[derive(Clone, Copy)]
enum Log {
    Ln,
    Log2,
    Log10,
}

fn log_of(x: &Big, which: Log) -> BigResult {
    if x.is_negative() {
        return Err(BigError::NumberFallback);
    }
    Ok(match x {
        Big::Finite(r) => {
            let c = ctx(PRECISION);
            finish(match which {
                Log::Ln => c.ln(r, None),
                Log::Log2 => c.log2(r, None),
                Log::Log10 => c.log10(r, None),
            })
        }
        Big::Zero { .. } => Big::infinity(true),
        other => other.clone(),
    })
}

/// math.js `log(x)`: decimal.js `ln`, correctly rounded.
///
/// # Errors
/// [`BigError::NumberFallback`] for negative values.
pub fn ln(x: &Big) -> BigResult {
    log_of(x, Log::Ln)
}

/// math.js `log2(x)`: decimal.js `log(2)`.
///
/// # Errors
/// [`BigError::NumberFallback`] for negative values.
pub fn log2(x: &Big) -> BigResult {
    log_of(x, Log::Log2)
}

/// math.js `log10(x)`: decimal.js `log()`.
///
/// # Errors
/// [`BigError::NumberFallback`] for negative values.
pub fn log10(x: &Big) -> BigResult {
    log_of(x, Log::Log10)
}

/// math.js `log(x, b)`: `ln(x) / ln(b)`, each rounded.
///
/// # Errors
/// [`BigError::NumberFallback`] when either is negative.
pub fn log_base(x: &Big, base: &Big) -> BigResult {
    Ok(div(&ln(x)?, &ln(base)?))
}

/// math.js `log1p(x)`: `ln(x + 1)`, the sum rounded first.
///
/// # Errors
/// [`BigError::NumberFallback`] when `x + 1 < 0`.
pub fn log1p(x: &Big) -> BigResult {
    ln(&add(x, &Big::one()))
}

// ---------------------------------------------------------------------------------------------
// Trigonometric and hyperbolic functions
// ---------------------------------------------------------------------------------------------

/// The trigonometric and hyperbolic functions of one argument, and their reciprocals and
/// inverses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // the variants are the math.js function names
pub enum Func {
    Sin,
    Cos,
    Tan,
    Sec,
    Csc,
    Cot,
    Asin,
    Acos,
    Atan,
    Asec,
    Acsc,
    Acot,
    Sinh,
    Cosh,
    Tanh,
    Sech,
    Csch,
    Coth,
    Asinh,
    Acosh,
    Atanh,
    Asech,
    Acsch,
    Acoth,
}

/// Applies a trigonometric or hyperbolic function as math.js does for BigNumbers: the six
/// primitives `sin cos tan sinh cosh tanh` and `asin acos atan asinh acosh atanh` correctly
/// rounded; `sec csc cot sech csch coth` as `1 / f(x)` and `asec acsc acot asech acsch acoth`
/// as `f(1 / x)`, each step rounded (math.js's formulas). Out-of-domain arguments give NaN
/// (`asin(2)`), as decimal.js does.
///
/// # Errors
/// [`BigError::PrecisionLimitExceeded`] where decimal.js runs out of stored π digits:
/// `sin`/`cos`/`sec`/`csc` when `max(exponent, digits) > 954`, `tan`/`cot` when it is > 944.
pub fn trig(f: Func, x: &Big) -> BigResult {
    let one = Big::one();
    let reciprocal = |y: BigResult| y.map(|y| div(&one, &y));
    match f {
        Func::Sec => reciprocal(trig(Func::Cos, x)),
        Func::Csc => reciprocal(trig(Func::Sin, x)),
        Func::Cot => reciprocal(trig(Func::Tan, x)),
        Func::Sech => reciprocal(trig(Func::Cosh, x)),
        Func::Csch => reciprocal(trig(Func::Sinh, x)),
        Func::Coth => reciprocal(trig(Func::Tanh, x)),
        Func::Asec => trig(Func::Acos, &div(&one, x)),
        Func::Acsc => trig(Func::Asin, &div(&one, x)),
        Func::Acot => trig(Func::Atan, &div(&one, x)),
        Func::Asech => trig(Func::Acosh, &div(&one, x)),
        Func::Acsch => trig(Func::Asinh, &div(&one, x)),
        Func::Acoth => trig(Func::Atanh, &div(&one, x)),
        Func::Sin | Func::Cos | Func::Tan => circular(f, x),
        _ => Ok(primitive(f, x)),
    }
}

/// decimal.js's work precision for `sin`/`cos` is `64 + max(e, sd) + 7` (and 10 more inside
/// `tan`); above its 1025 stored digits of π it throws.
fn precision_limit(f: Func, r: &Repr<10>) -> Result<(), BigError> {
    let extra = if f == Func::Tan { 10 } else { 0 };
    let need = sci_exponent(r).max(digit_count(r) as i64);
    if PRECISION as i64 + extra + need + 7 > PI_DIGITS {
        Err(BigError::PrecisionLimitExceeded)
    } else {
        Ok(())
    }
}

fn circular(f: Func, x: &Big) -> BigResult {
    let r = match x {
        Big::NaN | Big::Infinite { .. } => return Ok(Big::NaN),
        Big::Zero { .. } => {
            return Ok(if f == Func::Cos {
                Big::one()
            } else {
                x.clone()
            });
        }
        Big::Finite(r) => r,
    };
    precision_limit(f, r)?;
    if sci_exponent(r) < TINY {
        return Ok(if f == Func::Cos {
            Big::one()
        } else {
            round_to(
                &from_repr(tiny_odd(r, f == Func::Tan, PRECISION)),
                PRECISION,
            )
        });
    }
    let c = ctx(PRECISION);
    Ok(finish(match f {
        Func::Sin => c.sin(r, None),
        Func::Cos => c.cos(r, None),
        _ => c.tan(r, None),
    }))
}

/// `f(x)` for an odd function at a tiny argument (scientific exponent below [`TINY`]), where
/// `f(x) = x·(1 + O(x²))` and the correction is below 10^-80 relative: `x` nudged by a far
/// smaller amount in the direction of the correction (`grows`: |f(x)| > |x|), then rounded once,
/// which decides ties as the true value does. Calling dashu instead can hang: a directed or
/// tie decision at `1e-9e15` needs about 2·10^16 digits. Exact for arguments of up to about 80
/// digits (longer literals could hide a tie beyond the nudge).
fn tiny_odd(r: &Repr<10>, grows: bool, digits: usize) -> Repr<10> {
    let sci = sci_exponent(r);
    let below = (r.exponent() as i64).min(sci - digits as i64) - 2;
    let lift = |v: &Repr<10>| {
        v.significand() * IBig::from(10u8).pow((v.exponent() as i64 - below) as usize)
    };
    let unit = if grows { IBig::ONE } else { -IBig::ONE } * r.significand().signum();
    Repr::new(lift(r) + unit, below as isize)
}

/// The inverse circular and the hyperbolic primitives, with their guards.
fn primitive(f: Func, x: &Big) -> Big {
    let r = match x {
        Big::NaN => return Big::NaN,
        Big::Zero { .. } => return zero_value(f, x),
        Big::Infinite { negative } => return infinite_value(f, *negative),
        Big::Finite(r) => r,
    };
    let e = sci_exponent(r);
    let c = ctx(PRECISION);
    let odd_tiny = matches!(
        f,
        Func::Asin | Func::Atan | Func::Sinh | Func::Tanh | Func::Asinh | Func::Atanh
    );
    if e < TINY && odd_tiny {
        let grows = matches!(f, Func::Asin | Func::Sinh | Func::Atanh);
        return round_to(&from_repr(tiny_odd(r, grows, PRECISION)), PRECISION);
    }
    if e < TINY && f == Func::Cosh {
        return Big::one();
    }
    let magnitude = to_f64(&abs(x));
    match f {
        Func::Sinh | Func::Cosh if magnitude > EXP_LIMIT => {
            return Big::infinity(f == Func::Sinh && x.is_negative());
        }
        Func::Tanh if magnitude > 100.0 => {
            return if x.is_negative() {
                neg(&Big::one())
            } else {
                Big::one()
            };
        }
        Func::Asinh | Func::Acosh if e > HUGE => {
            if f == Func::Acosh && x.is_negative() {
                return Big::NaN;
            }
            let twice = Repr::new(
                IBig::from(r.significand().clone().unsigned_abs()) * 2u8,
                r.exponent(),
            );
            let value = finish(c.ln(&twice, None));
            return if x.is_negative() { neg(&value) } else { value };
        }
        _ => {}
    }
    finish(match f {
        Func::Asin => c.asin(r, None),
        Func::Acos => c.acos(r, None),
        Func::Atan => c.atan(r, None),
        Func::Sinh => c.sinh(r, None),
        Func::Cosh => c.cosh(r, None),
        Func::Tanh => c.tanh(r, None),
        Func::Asinh => c.asinh(r, None),
        Func::Acosh => c.acosh(r, None),
        _ => c.atanh(r, None),
    })
}

/// f(±0) as decimal.js answers it.
fn zero_value(f: Func, x: &Big) -> Big {
    match f {
        Func::Cosh => Big::one(),
        Func::Acos => half_pi(),
        Func::Acosh => Big::NaN,
        _ => x.clone(),
    }
}

/// f(±Infinity) as decimal.js answers it.
fn infinite_value(f: Func, negative: bool) -> Big {
    let signed = |v: Big| if negative { neg(&v) } else { v };
    match f {
        Func::Atan => signed(half_pi()),
        Func::Sinh | Func::Asinh => Big::infinity(negative),
        Func::Cosh => Big::infinity(false),
        Func::Tanh => signed(Big::one()),
        Func::Acosh if !negative => Big::infinity(false),
        _ => Big::NaN,
    }
}

/// π/2 rounded to 64 digits (decimal.js: its 68-digit π times 0.5; the same digits, since π/2's
/// digits 65–70 are far from a tie).
fn half_pi() -> Big {
    let pi = ctx(PRECISION + 6).pi::<10>(None).value();
    finish(ctx(PRECISION).div(pi.repr(), &Repr::new(IBig::from(2u8), 0)))
}

/// math.js `atan2(y, x)` = decimal.js `Decimal.atan2`: the quotient truncated to 68 digits,
/// then `atan` rounded to 64 (x > 0), or `atan` truncated to 68 plus or minus π truncated to 68,
/// rounded to 64 (x < 0); the special cases are decimal.js's.
pub fn atan2(y: &Big, x: &Big) -> Big {
    if y.is_nan() || x.is_nan() {
        return Big::NaN;
    }
    let signed = |v: Big| {
        if y.is_negative() {
            neg(&abs(&v))
        } else {
            abs(&v)
        }
    };
    let down = Context::<TowardZero>::new(PRECISION + 4);
    let pi_down = || down.pi::<10>(None).value().into_repr();
    let pi_times = |k: &str| finish(ctx(PRECISION).mul(&pi_down(), &literal_repr(k)));
    match (y, x) {
        (Big::Infinite { .. }, Big::Infinite { negative }) => {
            signed(pi_times(if *negative { "0.75" } else { "0.25" }))
        }
        (_, Big::Infinite { .. }) | (Big::Zero { .. }, _) => {
            signed(if x.is_negative() { pi() } else { Big::ZERO })
        }
        (Big::Infinite { .. }, _) | (_, Big::Zero { .. }) => signed(pi_times("0.5")),
        (Big::Finite(yr), Big::Finite(xr)) => {
            let q = match down.div(yr, xr) {
                Ok(q) => q.value().into_repr(),
                Err(_) => return Big::NaN,
            };
            if x.is_negative() {
                let a = if sci_exponent(&q) < TINY {
                    // Truncating atan(q) < q toward zero: see `tiny_odd`.
                    let nudged = tiny_odd(&q, false, PRECISION + 4);
                    let (sig, exp) = nudged.into_parts();
                    FBig::<TowardZero, 10>::from_parts(sig, exp)
                        .with_precision(PRECISION + 4)
                        .value()
                        .into_repr()
                } else {
                    match down.atan(&q, None) {
                        Ok(a) => a.value().into_repr(),
                        Err(_) => return Big::NaN,
                    }
                };
                let pi = pi_down();
                let pi = if y.is_negative() {
                    Repr::new(-pi.significand().clone(), pi.exponent())
                } else {
                    pi
                };
                add_rounded(&a, &pi, PRECISION)
            } else {
                primitive(Func::Atan, &from_repr(q))
            }
        }
        _ => Big::NaN,
    }
}

fn literal_repr(text: &str) -> Repr<10> {
    match parse_literal(text) {
        Big::Finite(r) => r,
        _ => Repr::zero(),
    }
}

/// math.js `hypot(a, b, …)` for BigNumbers, by its own scaled sum (es6-shim's): each step
/// rounded, `smaller` and `isPositive` with math.js's tolerances (so an argument below 1e-15 is
/// added as it is, unsquared).
pub fn hypot(args: &[Big]) -> Big {
    let mut result = Big::ZERO;
    let mut largest = Big::ZERO;
    for arg in args {
        let value = abs(arg);
        let smaller =
            cmp(&largest, &value) == Some(Ordering::Less) && !nearly_equal(&largest, &value);
        if smaller {
            let ratio = div(&largest, &value);
            result = add(&mul(&result, &mul(&ratio, &ratio)), &Big::one());
            largest = value;
        } else {
            // math.js `isPositive`: not within absTol 1e-15 of zero.
            let positive = !nearly_equal(&value, &Big::ZERO)
                && matches!(value, Big::Finite(_) | Big::Infinite { negative: false });
            let term = if positive {
                let ratio = div(&value, &largest);
                mul(&ratio, &ratio)
            } else {
                value
            };
            result = add(&result, &term);
        }
    }
    mul(&largest, &sqrt(&result).unwrap_or(Big::NaN))
}

// ---------------------------------------------------------------------------------------------
// Factorial, gamma and constants
// ---------------------------------------------------------------------------------------------

/// math.js `factorial(n)` for BigNumbers: `gamma(n + 1)`.
///
/// # Errors
/// [`BigError::NegativeFactorial`] for negative `n` (and `-0`), [`BigError::IntegerExpected`]
/// for a non-integer.
pub fn factorial(n: &Big) -> BigResult {
    if n.is_negative() {
        return Err(BigError::NegativeFactorial);
    }
    gamma(&add(n, &Big::one()))
}

/// math.js `gamma(n)` for BigNumbers: only integers (`(n − 1)!` by math.js's product, Infinity
/// for `n ≤ 0`); +Infinity and NaN give Infinity, -Infinity NaN.
///
/// # Errors
/// [`BigError::IntegerExpected`] for a finite non-integer.
pub fn gamma(n: &Big) -> BigResult {
    if n.is_integer() {
        if n.is_negative() || n.is_zero() {
            return Ok(Big::infinity(false));
        }
        return Ok(big_factorial(to_f64(&sub(n, &Big::one()))));
    }
    if !n.is_finite() {
        return Ok(if n.is_negative() {
            Big::NaN
        } else {
            Big::infinity(false)
        });
    }
    Err(BigError::IntegerExpected)
}

/// math.js `bigFactorial(n)`: a table below 8; an odd `n` as `n · (n − 1)!` rounded to 64; an
/// even `n` as the product `n · (n + (n−2)) · (n + (n−2) + (n−4)) · …` of JavaScript-number
/// partial sums, each product rounded to `64 + ⌊ln n⌋` digits, the whole then to 64.
fn big_factorial(n: f64) -> Big {
    const TABLE: [i64; 8] = [1, 1, 2, 6, 24, 120, 720, 5040];
    if n < 8.0 {
        return Big::from_i64(TABLE[n.max(0.0) as usize]);
    }
    if n >= 1e15 {
        // n! > 10^(1.4e16) is beyond maxE: decimal.js would reach Infinity after 5e14 products
        // (the work meter refuses such n long before; this keeps the function total).
        return Big::infinity(false);
    }
    let digits = PRECISION + n.ln() as usize;
    if n % 2.0 == 1.0 {
        return mul(&from_f64(n), &big_factorial(n - 1.0));
    }
    let mut p = n;
    let mut sum = n;
    let mut product = from_f64(n);
    while p > 2.0 {
        p -= 2.0;
        sum += p;
        product = match (&product, from_f64(sum)) {
            (Big::Finite(a), Big::Finite(b)) => finish(ctx(digits).mul(a, &b)),
            (a, b) => mul(a, &b),
        };
    }
    round_to(&product, PRECISION)
}

/// math.js `combinations(n, k)` for BigNumbers: `∏ (k + i) / i` over `i = 1..n−k` (or `∏ (n − k
/// + i) / i` over `i = 1..k` when `k ≥ n − k`), multiplying then dividing, each step rounded to
/// 64 digits (so `combinations(100, 50)` is the exact 1.00891344545564193334812497256e+29).
/// The loop runs `max(k, n − k)` times, as math.js's; [`cost`] charges it by that count.
///
/// # Errors
/// [`BigError::PositiveIntegerExpected`], [`BigError::KGreaterThanN`].
pub fn combinations(n: &Big, k: &Big) -> BigResult {
    let n_minus_k = sub(n, k);
    let non_negative_integer =
        |x: &Big| x.is_integer() && cmp(x, &Big::ZERO) != Some(Ordering::Less);
    if !non_negative_integer(n) || !non_negative_integer(k) {
        return Err(BigError::PositiveIntegerExpected);
    }
    if cmp(k, n) == Some(Ordering::Greater) {
        return Err(BigError::KGreaterThanN);
    }
    let (base, count) = if cmp(k, &n_minus_k) == Some(Ordering::Less) {
        (k.clone(), n_minus_k)
    } else {
        (n_minus_k, k.clone())
    };
    let one = Big::one();
    let mut result = one.clone();
    let mut i = one.clone();
    while cmp(&i, &count) != Some(Ordering::Greater) {
        result = div(&mul(&result, &add(&base, &i)), &i);
        i = add(&i, &one);
    }
    Ok(result)
}

/// π rounded to 64 digits (math.js: `acos(-1)`, decimal.js's π).
pub fn pi() -> Big {
    finish(Ok(ctx(PRECISION).pi::<10>(None)))
}

/// A math.js constant in BigNumber mode, computed as math.js does (`tau = 2π`, `phi = (1 +
/// √5)/2`, `LOG2E = 1/ln 2`, each step rounded to 64 digits); `None` for other names.
pub fn constant(name: &str) -> Option<Big> {
    static CACHE: OnceLock<Vec<(&'static str, Big)>> = OnceLock::new();
    let table = CACHE.get_or_init(|| {
        let two = Big::from_i64(2);
        let ten = Big::from_i64(10);
        let ln2 = ln(&two).unwrap_or(Big::NaN);
        let ln10 = ln(&ten).unwrap_or(Big::NaN);
        let one = Big::one();
        let sqrt5 = sqrt(&Big::from_i64(5)).unwrap_or(Big::NaN);
        vec![
            ("pi", pi()),
            ("e", exp(&one)),
            ("tau", mul(&pi(), &two)),
            ("phi", div(&add(&one, &sqrt5), &two)),
            ("LN2", ln2.clone()),
            ("LN10", ln10.clone()),
            ("LOG2E", div(&one, &ln2)),
            ("LOG10E", div(&one, &ln10)),
            ("SQRT2", sqrt(&two).unwrap_or(Big::NaN)),
            ("SQRT1_2", sqrt(&parse_literal("0.5")).unwrap_or(Big::NaN)),
        ]
    });
    table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.clone())
}

// ---------------------------------------------------------------------------------------------
// Work meter charges (spec 11a)
// ---------------------------------------------------------------------------------------------

/// The kinds of BigNumber work [`cost`] prices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Negation, `abs`, `sign`, comparisons, the exact roundings, conversions.
    Exact,
    /// `+` and `−`.
    Add,
    /// `×`.
    Mul,
    /// `÷`.
    Div,
    /// A step that compares with tolerance or rounds with it: `round floor ceil fix mod`,
    /// `nearly_equal`, one argument of `hypot`.
    Composite,
    /// `sqrt`, `cbrt`.
    Root,
    /// One correctly rounded transcendental at 64 digits whose work does not grow with the
    /// argument: `exp expm1 ln log2 log10 log log1p`, the inverse circular and all hyperbolic
    /// functions (and their reciprocals), `nthRoot`, a constant.
    Elementary,
    /// `atan2` (a division and an arctangent at 68 digits).
    Atan2,
    /// `sin cos tan sec csc cot`: decimal.js-style argument reduction works at about
    /// `71 + max(exponent, digits)` digits.
    Circular,
    /// `x ^ y`.
    Pow,
    /// `factorial(n)` or `gamma(n)` (pass `n`).
    Factorial,
    /// `combinations(n, k)` (pass `n` and `k`).
    Combinations,
}

/// Work units of one 64-digit transcendental call (150–250 µs of CPU in a release build: `exp`
/// about 150, `sin` and `atan` 175–200, `ln` 240), at the evaluator's rate of about 25 units a
/// microsecond (`scripts/bench-hostile.sh` prints each case's units per CPU millisecond).
pub const ELEMENTARY_UNITS: u64 = 5_000;

/// Work units of a 64-digit `sqrt` or `cbrt` (about 10 µs), before the operand-size term.
const ROOT_UNITS: u64 = 100;

/// The fixed part of a BigNumber addition, multiplication or division, on top of its size: the
/// decimal arithmetic, rounding to 64 digits and the evaluator's dispatch around it ran at 4,000
/// to 9,000 units per CPU millisecond with 1 unit (`sum(map(1:n, f(k) = (k/7)*(k/3)))`), against
/// the evaluator's 25,000; 17 brings them to its rate.
const BIG_OP_UNITS: u64 = 17;

/// Work units per pair of factors of `factorial` (a ~5-limb product and the loop around it).
const FACTORIAL_PAIR_UNITS: u64 = 36;

/// 64-bit limbs of a value's significand (at least 1): the spec's measure for products.
fn limbs(x: &Big) -> u64 {
    match x {
        Big::Finite(r) => (digit_count(r) as u64).div_ceil(19).max(1),
        _ => 1,
    }
}

/// The work units to charge **before** an operation on `x` (and `y`), for the evaluator's
/// meter (budget 60,000,000 units).
///
/// Calibration: the evaluator's, about 25 units per microsecond of CPU (one per tree node,
/// about 40 ns), so that the 60,000,000-unit budget is about the same time whatever the
/// expression spends it on, and the wall-clock backstop stays a backstop (measured with
/// `scripts/bench-hostile.sh`, which prints units per CPU millisecond for every hostile case).
/// Additions cost the sum of the operands' limb counts, multiplications and divisions their
/// product (spec 11a), plus [`BIG_OP_UNITS`] each, so a product of 64-digit operands (4 limbs)
/// costs 33. A 64-digit transcendental costs
/// [`ELEMENTARY_UNITS`] = 5,000; the circular functions scale that by their working digits over
/// 71 (`sin(1e900)` works at ~970 digits: ~68,000 units, about 3 ms); a non-integer power is
/// a logarithm and an exponential; an integer power costs one 98-digit product (36 units) per
/// bit of the exponent, twice; `factorial(n)` costs [`FACTORIAL_PAIR_UNITS`] per two factors,
/// so the budget admits n up to about 3.3 million (`factorial(10^6)` takes ~1 s in math.js and
/// 18,005,000 units here). Prices are upper bounds; nothing here depends on the clock.
pub fn cost(op: Op, x: &Big, y: Option<&Big>) -> u64 {
    let lx = limbs(x);
    let ly = y.map_or(1, limbs);
    match op {
        Op::Exact => lx + ly,
        Op::Add => lx + ly + BIG_OP_UNITS,
        Op::Mul | Op::Div => lx.saturating_mul(ly) + BIG_OP_UNITS,
        Op::Composite => 8 * (lx + 16) + ly,
        Op::Root => ROOT_UNITS + lx.saturating_mul(ly),
        Op::Elementary => ELEMENTARY_UNITS + 4 * lx,
        Op::Atan2 => 2 * ELEMENTARY_UNITS + lx.saturating_mul(ly),
        Op::Circular => {
            let need = match x {
                Big::Finite(r) => sci_exponent(r).max(digit_count(r) as i64).max(0) as u64,
                _ => 0,
            };
            let work = 71 + need;
            if work > PI_DIGITS as u64 {
                // Refused at once with PrecisionLimitExceeded.
                return ELEMENTARY_UNITS;
            }
            ELEMENTARY_UNITS * work / 71
        }
        Op::Pow => match y {
            Some(y) if y.is_integer() => {
                let n = to_f64(y).abs().min(MAX_SAFE_INTEGER);
                let bits = if n >= 1.0 { n.log2() as u64 + 1 } else { 1 };
                2 * bits * 36 + lx * 6 + 16
            }
            _ => 2 * ELEMENTARY_UNITS + lx,
        },
        Op::Combinations => {
            let (n, k) = (loop_steps(x), y.map_or(0.0, loop_steps));
            k.max(n - k) as u64 * 40 + 1
        }
        Op::Factorial => (loop_steps(x) / 2.0) as u64 * FACTORIAL_PAIR_UNITS + ELEMENTARY_UNITS,
    }
}

/// How many steps a loop up to `x` takes, for pricing it: at most 10^15, far over any budget,
/// which a finite value too large for a binary64 (`10^309`) counts as too. A non-finite value
/// counts 0: it is answered or refused before any loop.
fn loop_steps(x: &Big) -> f64 {
    match x {
        Big::Finite(_) => {
            let steps = to_f64(x);
            if steps.is_nan() {
                0.0
            } else {
                steps.clamp(0.0, 1e15)
            }
        }
        _ => 0.0,
    }
}

// ---------------------------------------------------------------------------------------------
// Formatting (spec 7.2)
// ---------------------------------------------------------------------------------------------

/// The digits of |x| without trailing zeros and the scientific exponent.
fn digits_of(r: &Repr<10>) -> (String, i64) {
    let text = r.significand().clone().unsigned_abs().to_string();
    let digits = text.trim_end_matches('0');
    (digits.to_owned(), sci_exponent(r))
}

/// math.js `format(value, {lowerExp: -6, upperExp: 21, precision})` for a BigNumber.
///
/// The value is rounded half-up to `precision` (default 64) significant digits; its exponent
/// decides the notation: positional when −6 ≤ e < 21 (the rounded digits), else exponential —
/// with the rounded digits when `precision` is given, but with *all* the value's digits
/// otherwise (math.js calls `toExponential()` on the unrounded value, so a 70-digit literal
/// prints 70 digits). Trailing zeros are dropped, zero prints `0`, and non-finite values print
/// `NaN`, `Infinity`, `-Infinity`.
pub fn format(value: &Big, precision: Option<u32>) -> String {
    format_bounded(value, precision, -6, 21)
}

/// [`format`] with other exponent bounds: positional when `lower <= e < upper` (math.js's own
/// `format` defaults are -3 and 5).
pub fn format_bounded(value: &Big, precision: Option<u32>, lower: i64, upper: i64) -> String {
    let r = match value {
        Big::NaN => return "NaN".into(),
        Big::Infinite { negative } => {
            return if *negative { "-Infinity" } else { "Infinity" }.into();
        }
        Big::Zero { .. } => return "0".into(),
        Big::Finite(r) => r,
    };
    let (digits, exponent) = digits_of(r);
    let p = precision.map_or(PRECISION, |p| p.max(1) as usize);
    let (rounded, rounded_exp) = if digits.len() > p {
        let (d, carry) = round_half_up(&digits, 0, p);
        (d, exponent + i64::from(carry))
    } else {
        (digits.clone(), exponent)
    };
    let mut out = String::with_capacity(rounded.len() + 24);
    if value.is_negative() {
        out.push('-');
    }
    if (lower..upper).contains(&rounded_exp) {
        positional(&rounded, rounded_exp as i32, &mut out);
        return out;
    }
    let (d, e) = if precision.is_some() {
        (rounded, rounded_exp)
    } else {
        (digits, exponent)
    };
    out.push_str(&d[..1]);
    if d.len() > 1 {
        out.push('.');
        out.push_str(&d[1..]);
    }
    out.push('e');
    out.push(if e < 0 { '-' } else { '+' });
    out.push_str(&e.unsigned_abs().to_string());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(text: &str) -> Big {
        parse_literal(text)
    }

    #[track_caller]
    fn prints(value: &Big, text: &str) {
        assert_eq!(format(value, None), text);
    }

    #[track_caller]
    fn ok(result: BigResult) -> Big {
        match result {
            Ok(v) => v,
            Err(e) => panic!("unexpected error {e:?}"),
        }
    }

    #[test]
    fn spec_examples_print_as_mathjs() {
        prints(&div(&lit("1"), &lit("3")), &format!("0.{}", "3".repeat(64)));
        let two_2000 = ok(pow(&lit("2"), &lit("2000")));
        prints(
            &two_2000,
            "1.148130695274254524232833201177681984022317702088695200477642737e+602",
        );
        assert_eq!(format(&two_2000, Some(5)), "1.1481e+602");
        prints(&lit("1e21"), "1e+21");
        prints(&lit("1.23e-5"), "0.0000123");
        prints(&ok(pow(&lit("2"), &lit("64"))), "18446744073709551616");
        let ratio = div(&ok(factorial(&lit("10000"))), &ok(factorial(&lit("9999"))));
        prints(
            &ratio,
            "9999.999999999999999999999999999999999999999999999999999999999996",
        );
        prints(
            &ok(trig(Func::Sin, &pi())),
            "3.078164062862089986280348253421170679821480865132823066470938446e-64",
        );
        prints(&add(&lit("0.1"), &lit("0.2")), "0.3");
        let tiny = div(&ok(pow(&lit("2"), &neg(&lit("1074")))), &lit("2"));
        prints(
            &tiny,
            "2.470328229206232720882843964341106861825299013071623822127928413e-324",
        );
        // std([2, 4, 6], "uncorrected") = sqrt(8 / 3).
        prints(
            &ok(sqrt(&div(&lit("8"), &lit("3")))),
            "1.632993161855452065464856049803927594643964987104446752288461712",
        );
        prints(
            &ok(sqrt(&lit("2"))),
            "1.414213562373095048801688724209698078569671875376948073176679738",
        );
        prints(
            &exp(&Big::one()),
            "2.718281828459045235360287471352662497757247093699959574966967628",
        );
    }

    #[test]
    fn results_round_half_up_to_64_digits() {
        // Ties go away from zero.
        prints(
            &add(&lit("1"), &lit("5e-64")),
            "1.000000000000000000000000000000000000000000000000000000000000001",
        );
        prints(
            &sub(&neg(&lit("1")), &lit("5e-64")),
            "-1.000000000000000000000000000000000000000000000000000000000000001",
        );
        prints(&add(&lit("1"), &lit("4.9e-64")), "1");
        // One rounding of the exact sum (dashu's own add can leave 65 digits).
        prints(
            &sub(&lit("4534450054413526047336817888.3"), &lit("0.76e68")),
            "-7.599999999999999999999999999999999999999546554994558647395266318e+67",
        );
        prints(
            &add(&lit("1e9000000000000000"), &lit("1e-9000000000000000")),
            "1e+9000000000000000",
        );
    }

    /// dashu's `Context::add` could return 65 digits; products, quotients and function results
    /// must have at most 64, and products must equal the exact product rounded once.
    #[test]
    fn rounded_results_have_at_most_64_digits() {
        let mut next = crate::test_support::xorshift(0x2545_f491_4f6c_dd1d_u64);
        for _ in 0..300 {
            let a = format!("{}{}e{}", next() % 1000 + 1, next(), next() % 40);
            let b = format!("{}.{}{}", next() % 97 + 1, next(), next());
            let (a, b) = (
                lit(&a),
                if next().is_multiple_of(2) {
                    neg(&lit(&b))
                } else {
                    lit(&b)
                },
            );
            for result in [
                add(&a, &b),
                mul(&a, &b),
                div(&a, &b),
                div(&b, &a),
                exp(&b),
                ok(trig(Func::Sin, &b)),
                ok(trig(Func::Atan, &a)),
            ] {
                if let Big::Finite(r) = &result {
                    assert!(r.digits() <= PRECISION, "{a:?} {b:?} -> {result:?}");
                }
            }
            let (Big::Finite(x), Big::Finite(y)) = (&a, &b) else {
                continue;
            };
            let exact = DBig::from_parts(
                x.significand() * y.significand(),
                x.exponent() + y.exponent(),
            );
            assert_eq!(
                mul(&a, &b),
                from_repr(exact.with_precision(PRECISION).value().into_repr())
            );
        }
    }

    /// Every function and operation on a grid of extreme values answers (no panic, no runaway
    /// allocation): the guards in front of dashu.
    #[test]
    fn extreme_arguments_never_panic() {
        let long = format!("1.{}", "7".repeat(990));
        let texts = [
            "0",
            "1",
            "0.5",
            "2",
            "1e9000000000000000",
            "1e-9000000000000000",
            "1e954",
            "1e955",
            "1.5707963267948966",
            "2.1e16",
            "2e16",
            "1e16",
            "1e40",
            "1e-40",
            "1e-67",
            &long,
        ];
        let mut values: Vec<Big> = vec![Big::NaN, Big::infinity(false), Big::infinity(true)];
        for t in texts {
            values.push(lit(t));
            values.push(neg(&lit(t)));
        }
        let funcs = [
            Func::Sin,
            Func::Cos,
            Func::Tan,
            Func::Sec,
            Func::Csc,
            Func::Cot,
            Func::Asin,
            Func::Acos,
            Func::Atan,
            Func::Asec,
            Func::Acsc,
            Func::Acot,
            Func::Sinh,
            Func::Cosh,
            Func::Tanh,
            Func::Sech,
            Func::Csch,
            Func::Coth,
            Func::Asinh,
            Func::Acosh,
            Func::Atanh,
            Func::Asech,
            Func::Acsch,
            Func::Acoth,
        ];
        for x in &values {
            for f in funcs {
                let _ = trig(f, x);
            }
            let _ = (
                sqrt(x),
                cbrt(x),
                exp(x),
                expm1(x),
                ln(x),
                log2(x),
                log10(x),
                log1p(x),
            );
            let _ = (
                floor(x),
                ceil(x),
                fix(x),
                round(x),
                sign(x),
                factorial(x),
                to_f64(x),
            );
            let _ = (
                format(x, None),
                format(x, Some(3)),
                cost(Op::Circular, x, None),
            );
            for y in &values {
                let _ = (
                    add(x, y),
                    sub(x, y),
                    mul(x, y),
                    div(x, y),
                    modulo(x, y),
                    cmp(x, y),
                );
                let _ = (
                    pow(x, y),
                    log_base(x, y),
                    atan2(x, y),
                    hypot(&[x.clone(), y.clone()]),
                );
                let _ = (nth_root(x, y), round_places(x, y), nearly_equal(x, y));
                let _ = cost(Op::Pow, x, Some(y));
            }
        }
    }

    #[test]
    fn literals_are_exact_and_print_like_mathjs() {
        let long = "123456789012345678901234567890123456789012345678901234567890123456789";
        // Exponential notation shows every digit of the (unrounded) value ...
        prints(
            &lit(long),
            "1.23456789012345678901234567890123456789012345678901234567890123456789e+68",
        );
        // ... positional notation the 64-digit rounding; with precision, that rounding.
        prints(
            &lit(&format!("0.{long}")),
            "0.1234567890123456789012345678901234567890123456789012345678901235",
        );
        assert_eq!(format(&lit(long), Some(3)), "1.23e+68");
        assert_eq!(format(&lit("9.995"), Some(3)), "10");
        assert_eq!(format(&lit("0.00000099999"), Some(2)), "0.000001");
        assert_eq!(lit("0.1"), from_f64(0.1));
        assert_eq!(lit("12.50e-1"), lit("1.25"));
        assert_eq!(lit(".5"), lit("0.5"));
        assert!(lit("1e").is_nan() && lit("abc").is_nan() && lit("").is_nan());
        prints(&lit("0.000e5"), "0");
        prints(&neg(&lit("0")), "0");
    }

    #[test]
    fn the_exponent_range_is_decimal_js_s() {
        prints(&lit("1e9000000000000000"), "1e+9000000000000000");
        assert_eq!(lit("1e9000000000000001"), Big::infinity(false));
        assert!(lit("1e-9000000000000001").is_zero());
        assert_eq!(lit("1e99999999999999999999999999"), Big::infinity(false));
        assert_eq!(
            mul(&lit("1e9000000000000000"), &lit("10")),
            Big::infinity(false)
        );
        assert!(div(&lit("1e-9000000000000000"), &lit("10")).is_zero());
        prints(&mul(&lit("1e400"), &lit("1e400")), "1e+800");
    }

    #[test]
    fn special_values_follow_decimal_js() {
        let zero = Big::ZERO;
        let minus_zero = neg(&zero);
        let one = Big::one();
        let inf = Big::infinity(false);
        assert!(div(&zero, &zero).is_nan());
        assert_eq!(div(&one, &zero), inf);
        assert_eq!(div(&one, &minus_zero), Big::infinity(true));
        assert!(sub(&inf, &inf).is_nan());
        assert!(mul(&inf, &zero).is_nan());
        assert!(div(&one, &inf).is_zero());
        assert_eq!(format(&minus_zero, None), "0");
        assert_eq!(format(&Big::NaN, None), "NaN");
        assert_eq!(format(&Big::infinity(true), None), "-Infinity");
        assert_eq!(cmp(&zero, &minus_zero), Some(Ordering::Equal));
        assert_eq!(cmp(&Big::NaN, &one), None);
        assert!(ok(trig(Func::Asin, &lit("2"))).is_nan());
        assert!(ok(trig(Func::Acosh, &lit("0.5"))).is_nan());
        assert_eq!(ok(pow(&zero, &neg(&one))), inf);
        assert!(
            pow_real(&one, &inf).is_nan(),
            "1^Infinity is NaN in JavaScript"
        );
    }

    #[test]
    fn binary64_conversions() {
        assert_eq!(from_f64(-0.0), Big::Zero { negative: true });
        assert_eq!(to_f64(&lit("0.1")), 0.1);
        assert_eq!(to_f64(&lit("1e400")), f64::INFINITY);
        assert_eq!(to_f64(&neg(&lit("1e-400"))), 0.0);
        assert!(to_f64(&neg(&lit("1e-400"))).is_sign_negative());
        assert_eq!(
            from_f64_checked(123456789012345.0),
            Ok(lit("123456789012345"))
        );
        assert_eq!(from_f64_checked(0.1), Ok(lit("0.1")));
        let err = from_f64_checked(0.1 + 0.2).expect_err("17 digits");
        assert_eq!(
            err.message(),
            "Cannot implicitly convert a number with >15 significant digits to BigNumber (value: 0.30000000000000004). Use function bignumber(x) to convert to BigNumber."
        );
        assert!(from_f64_checked(1234567890123456.0).is_err());
        // math.js's digit count includes the minus sign.
        assert!(from_f64_checked(-123456789012345.0).is_err());
        assert!(from_f64_checked(-12345678901234.0).is_ok());
        assert_eq!(Big::from_i64(-42), neg(&lit("42")));
        assert_eq!(Big::from_ibig(IBig::from(10u8).pow(70)), lit("1e70"));
    }

    #[test]
    fn mod_and_the_rounding_family_follow_mathjs() {
        let m = |a: &str, b: &Big| format(&modulo(&lit(a), b), None);
        assert_eq!(m("7", &lit("3")), "1");
        assert_eq!(m("7", &neg(&lit("3"))), "-2");
        assert_eq!(format(&modulo(&neg(&lit("7")), &lit("3")), None), "2");
        assert_eq!(m("7", &Big::ZERO), "7");
        prints(&round(&lit("2.5")), "3");
        prints(&round(&neg(&lit("2.5"))), "-3");
        prints(&floor(&lit("2.99999999999999999999")), "3");
        prints(&floor_exact(&lit("2.99999999999999999999")), "2");
        prints(&floor(&neg(&lit("0.5"))), "-1");
        prints(&ceil(&lit("0.2")), "1");
        prints(&fix(&neg(&lit("2.7"))), "-2");
        prints(&ok(round_places(&lit("1.23456"), &lit("2"))), "1.23");
        prints(&ok(round_places(&lit("1.235"), &lit("2"))), "1.24");
        assert_eq!(
            round_places(&lit("1"), &lit("1.5")),
            Err(BigError::DecimalsNotInteger)
        );
        let err = round_places(&lit("1"), &neg(&lit("2"))).expect_err("negative");
        assert_eq!(err.message(), "[DecimalError] Invalid argument: -2");
        prints(
            &round_with_places(&lit("5751195.39"), &neg(&lit("5")), floor),
            "5700000",
        );
        assert!(nearly_equal(&lit("1"), &lit("1.0000000000001")));
        assert!(nearly_equal(&lit("1"), &lit("1.000000000001")));
        assert!(!nearly_equal(&lit("1"), &lit("1.00000000001")));
        assert!(nearly_equal(&lit("1e-16"), &Big::ZERO), "absTol 1e-15");
    }

    #[test]
    fn powers() {
        prints(&ok(pow(&neg(&lit("2")), &lit("3"))), "-8");
        assert_eq!(
            pow(&neg(&lit("8")), &lit("0.5")),
            Err(BigError::NumberFallback)
        );
        prints(&ok(pow(&lit("4"), &lit("0.5"))), "2");
        prints(
            &ok(pow(&lit("2"), &lit("0.5"))),
            &format(&ok(sqrt(&lit("2"))), None),
        );
        // Beyond 2^53 the exponent goes through exp(y ln x), with the range checked first.
        prints(
            &ok(pow(&lit("2"), &lit("9007199254740993"))),
            "5.96727781852472594490629078942602412059567244480499373518777585e+2711437152599295",
        );
        assert_eq!(ok(pow(&lit("2"), &lit("1e17"))), Big::infinity(false));
        assert!(ok(pow(&lit("0.5"), &lit("1e17"))).is_zero());
        prints(&ok(pow(&neg(&lit("1")), &lit("1e20"))), "1");
    }

    #[test]
    fn int_pow_truncates_like_decimal_js() {
        // 14 words: a 7-digit leading word for this exponent plus 13 more.
        let mut value = (IBig::from(10u8).pow(120) + IBig::ONE, -120i64);
        assert!(truncate_words(&mut value));
        assert_eq!(value.0.to_string().len(), 1 + 7 * 13);
        let mut exact = (IBig::from(10u8).pow(120), 0i64);
        assert!(!truncate_words(&mut exact), "cutting zero words is no cut");
    }

    #[test]
    fn guards_answer_extreme_arguments_without_dashu() {
        let huge = lit("1e9000000000000000");
        let tiny = lit("1e-9000000000000000");
        assert_eq!(exp(&tiny), Big::one());
        assert_eq!(exp(&lit("3e16")), Big::infinity(false));
        assert!(exp(&neg(&lit("3e16"))).is_zero());
        prints(
            &exp(&lit("2e16")),
            "3.572914127627844318820438838508313304732078290605196264707913866e+8685889638065036",
        );
        prints(&ok(trig(Func::Atanh, &tiny)), "1e-9000000000000000");
        prints(&ok(trig(Func::Sinh, &tiny)), "1e-9000000000000000");
        prints(&ok(trig(Func::Cosh, &tiny)), "1");
        prints(&ok(trig(Func::Tanh, &lit("1e300"))), "1");
        assert_eq!(ok(trig(Func::Sinh, &lit("1e17"))), Big::infinity(false));
        prints(
            &ok(trig(Func::Asinh, &neg(&lit("1e100")))),
            "-230.9516564799645137112163775898945973281856489972375528574534701",
        );
        prints(
            &ok(trig(Func::Acosh, &lit("1e400"))),
            "921.7271843781782189166138139952038596085160955858694456674518404",
        );
        let asinh_huge = ok(trig(Func::Asinh, &huge));
        assert!(asinh_huge.is_finite());
    }

    #[test]
    fn circular_functions_keep_decimal_js_s_precision_limit() {
        prints(
            &ok(trig(Func::Sin, &lit("1e954"))),
            "-0.283247800096948927199871071468412130213358415993998383494532951",
        );
        assert_eq!(
            trig(Func::Sin, &lit("1e955")),
            Err(BigError::PrecisionLimitExceeded)
        );
        prints(
            &ok(trig(Func::Tan, &lit("1e944"))),
            "1.790934540918420494983032856867595631310106895033456041553137327",
        );
        assert_eq!(
            trig(Func::Tan, &lit("1e945")),
            Err(BigError::PrecisionLimitExceeded)
        );
        let many_digits = lit(&format!("1.{}", "1".repeat(954)));
        assert_eq!(
            trig(Func::Cos, &many_digits),
            Err(BigError::PrecisionLimitExceeded)
        );
        // The one known decimal.js error (tests/bignum_vs_mathjs.rs): reckon is correct.
        prints(
            &ok(trig(Func::Tan, &lit("1.5707963267948966"))),
            "51998506188720270.66019474166122686847581154498651544960157915775",
        );
    }

    #[test]
    fn factorial_and_gamma() {
        prints(
            &ok(factorial(&lit("171"))),
            "1.241018070217667823424840524103103992616605577501693185388951804e+309",
        );
        prints(&ok(factorial(&lit("5"))), "120");
        prints(&ok(factorial(&lit("20"))), "2432902008176640000");
        assert_eq!(gamma(&lit("0.5")), Err(BigError::IntegerExpected));
        assert_eq!(
            gamma(&lit("0.5")).map_err(|e| e.message()),
            Err("Integer BigNumber expected".into())
        );
        assert_eq!(factorial(&neg(&lit("1"))), Err(BigError::NegativeFactorial));
        assert_eq!(ok(gamma(&Big::ZERO)), Big::infinity(false));
        assert_eq!(ok(gamma(&Big::NaN)), Big::infinity(false));
    }

    #[test]
    fn combinations_follow_mathjs() {
        prints(
            &ok(combinations(&lit("100"), &lit("50"))),
            "1.00891344545564193334812497256e+29",
        );
        prints(&ok(combinations(&lit("5"), &lit("0"))), "1");
        assert_eq!(
            combinations(&lit("2"), &lit("3")),
            Err(BigError::KGreaterThanN)
        );
        assert_eq!(
            combinations(&lit("2.5"), &lit("1")),
            Err(BigError::PositiveIntegerExpected)
        );
        assert_eq!(
            cost(Op::Combinations, &lit("100"), Some(&lit("1"))),
            99 * 40 + 1
        );
    }

    #[test]
    fn composites_round_each_step() {
        prints(&ok(nth_root(&neg(&lit("27")), &lit("3"))), "-3");
        assert_eq!(nth_root(&lit("2"), &Big::ZERO), Err(BigError::RootZero));
        assert_eq!(
            nth_root(&neg(&lit("2")), &lit("2")),
            Err(BigError::RootNotOdd)
        );
        prints(&hypot(&[lit("3"), lit("4")]), "5");
        prints(&hypot(&[neg(&lit("4.8e-322")), lit("4")]), "4");
        prints(
            &atan2(&neg(&Big::ZERO), &neg(&Big::one())),
            "-3.141592653589793238462643383279502884197169399375105820974944592",
        );
        prints(
            &atan2(&lit("3"), &neg(&lit("60"))),
            "3.091634257867850477052637096244658002705892318951598646564091137",
        );
        prints(&expm1(&lit("1e-70")), "0");
        // ln 8 / ln 2 with both rounded (math.js), unlike log2(8) = 3.
        prints(
            &ok(log_base(&lit("8"), &lit("2"))),
            "2.999999999999999999999999999999999999999999999999999999999999999",
        );
        prints(&ok(log2(&lit("8"))), "3");
        assert_eq!(ln(&neg(&Big::one())), Err(BigError::NumberFallback));
        assert_eq!(sqrt(&neg(&Big::ZERO)), Err(BigError::NumberFallback));
        assert_eq!(ok(ln(&Big::ZERO)), Big::infinity(true));
    }

    #[test]
    fn constants() {
        let c = |name: &str| format(&constant(name).expect("known"), None);
        assert_eq!(
            c("pi"),
            "3.141592653589793238462643383279502884197169399375105820974944592"
        );
        assert_eq!(
            c("phi"),
            "1.618033988749894848204586834365638117720309179805762862135448623"
        );
        assert_eq!(
            c("e"),
            "2.718281828459045235360287471352662497757247093699959574966967628"
        );
        assert!(constant("i").is_none());
    }

    #[test]
    fn costs_follow_the_calibration() {
        let x = div(&Big::one(), &lit("3"));
        assert_eq!(cost(Op::Mul, &x, Some(&x)), 33);
        assert_eq!(cost(Op::Add, &x, Some(&x)), 25);
        assert_eq!(cost(Op::Elementary, &x, None), 5_016);
        // decimal.js works at 64 + max(e, sd) + 7 = 72 digits for sin(0.5).
        assert_eq!(cost(Op::Circular, &lit("0.5"), None), 5_070);
        assert!(cost(Op::Circular, &lit("1e900"), None) > 60_000);
        assert_eq!(cost(Op::Factorial, &lit("1e6"), None), 18_005_000);
        assert!(cost(Op::Factorial, &lit("1e9"), None) > 60_000_000);
        assert!(cost(Op::Pow, &x, Some(&lit("9007199254740991"))) < 5_000);
    }

    /// Significands around every boundary the fast paths test: zero, one word, `i64`, `i128`,
    /// 10^18, 10^38 and beyond, with trailing zeros and both signs.
    fn boundary_significands() -> Vec<IBig> {
        let mut magnitudes: Vec<IBig> = vec![IBig::ZERO, IBig::ONE, IBig::from(7), IBig::from(10)];
        for e in [9u32, 17, 18, 19, 20, 36, 37, 38, 39, 40, 64, 70] {
            let p = IBig::from(10u8).pow(e as usize);
            magnitudes.extend([
                &p - IBig::ONE,
                p.clone(),
                &p + IBig::ONE,
                &p * IBig::from(3),
            ]);
        }
        for bits in [62usize, 63, 64, 126, 127, 128] {
            let p = IBig::ONE << bits;
            magnitudes.extend([&p - IBig::ONE, p.clone(), &p + IBig::ONE]);
        }
        magnitudes.extend(magnitudes.clone().into_iter().map(|m| -m));
        magnitudes
    }

    #[test]
    fn digit_counts_agree_with_dashu() {
        for significand in boundary_significands() {
            let r = Repr::<10>::new(significand.clone(), 3);
            assert_eq!(digit_count(&r), r.digits(), "{significand}");
        }
    }

    #[test]
    fn the_word_sized_constructor_agrees_with_repr_new() {
        for significand in boundary_significands() {
            for exponent in [-20isize, -1, 0, 5] {
                assert_eq!(
                    repr(significand.clone(), exponent),
                    Repr::new(significand.clone(), exponent),
                    "{significand}e{exponent}"
                );
            }
        }
    }

    #[test]
    fn small_comparisons_agree_with_dashu() {
        let significands = boundary_significands();
        for a in significands.iter().filter(|s| !s.is_zero()) {
            for b in significands.iter().filter(|s| !s.is_zero()) {
                for (ea, eb) in [(0, 0), (0, 1), (3, 0), (0, 18), (18, 0), (0, 19), (-7, 12)] {
                    let (x, y) = (Repr::<10>::new(a.clone(), ea), Repr::new(b.clone(), eb));
                    if let Some(order) = small_cmp(&x, &y) {
                        assert_eq!(order, x.cmp(&y), "{a}e{ea} vs {b}e{eb}");
                    }
                }
            }
        }
        // The fast path is taken where it should be.
        let (one, ten_18) = (Repr::<10>::new(IBig::ONE, 0), Repr::new(IBig::ONE, 18));
        assert_eq!(small_cmp(&one, &ten_18), Some(Ordering::Less));
        assert_eq!(small_cmp(&one, &Repr::new(IBig::ONE, 19)), None);
    }

    #[test]
    fn small_integers_convert_as_their_text_does() {
        let by_text = |v: f64| {
            let big = parse_literal(ryu_js::Buffer::new().format(v.abs()));
            if v < 0.0 { neg(&big) } else { big }
        };
        let limit = 9_007_199_254_740_992.0; // 2^53
        let mut values = vec![1.0, 7.0, 10.0, 1e15, 123456789012345.0, limit - 1.0, limit];
        values.extend(values.clone().into_iter().map(|v| -v));
        for v in values {
            assert_eq!(small_integer(v), Some(v as i64));
            assert_eq!(from_f64(v), by_text(v), "{v}");
        }
        // Beyond 2^53, fractions, zeros and non-finite values take the text.
        for v in [limit + 2.0, 1e16, 0.5, 0.0, -0.0, f64::INFINITY, f64::NAN] {
            assert_eq!(small_integer(v), None, "{v}");
        }
        // The implicit conversion's limit of 15 significant digits (14 for a negative number).
        assert!(from_f64_checked(123_456_789_012_345.0).is_ok());
        assert!(from_f64_checked(-12_345_678_901_234.0).is_ok());
        assert!(from_f64_checked(1e15).is_ok());
        assert!(from_f64_checked(-1e15).is_ok());
        for refused in [1_234_567_890_123_456.0, -123_456_789_012_345.0, limit - 1.0] {
            assert_eq!(
                from_f64_checked(refused),
                Err(BigError::TooManyDigits(refused)),
                "{refused}"
            );
        }
    }

    #[test]
    fn exact_small_sums_agree_with_the_rounded_sum() {
        let rounded = |x: &Repr<10>, y: &Repr<10>| {
            let low = x.exponent().min(y.exponent());
            let align = |r: &Repr<10>| {
                r.significand() * IBig::from(10u8).pow((r.exponent() - low) as usize)
            };
            from_repr(
                DBig::from_parts(align(x) + align(y), low)
                    .with_precision(PRECISION)
                    .value()
                    .into_repr(),
            )
        };
        let significands = boundary_significands();
        for a in significands.iter().filter(|s| !s.is_zero()) {
            for b in significands.iter().filter(|s| !s.is_zero()) {
                for (ea, eb) in [(0, 0), (2, 0), (0, -30), (-5, 40)] {
                    let (x, y) = (Repr::<10>::new(a.clone(), ea), Repr::new(b.clone(), eb));
                    assert_eq!(
                        add_rounded(&x, &y, PRECISION),
                        rounded(&x, &y),
                        "{a}e{ea} + {b}e{eb}"
                    );
                }
            }
        }
    }

    #[test]
    fn nearly_equal_shortcut_agrees_with_the_arithmetic() {
        let by_arithmetic = |a: &Big, b: &Big| {
            let diff = abs(&sub(a, b));
            let largest = max_of(&abs(a), &abs(b));
            let bound = max_of(&mul(&largest, &lit("1e-12")), &lit("1e-15"));
            eq(a, b) || cmp(&diff, &bound) != Some(Ordering::Greater)
        };
        let values = [
            "1",
            "2",
            "1000000000000",
            "1000000000001",
            "999999999999",
            "1e13",
            "10000000000001",
            "0.001",
            "0.0010000000000001",
            "1e-15",
            "2e-15",
            "1e-16",
            "3.5",
            "-3.5",
            "1e20",
            "100000000000000000001",
            "-1e-14",
            "5e-30",
            "6e-30",
        ];
        for a in values {
            for b in values {
                let signed = |t: &str| t.strip_prefix('-').map_or_else(|| lit(t), |t| neg(&lit(t)));
                let (x, y) = (signed(a), signed(b));
                assert!(x.is_finite() && y.is_finite());
                assert_eq!(nearly_equal(&x, &y), by_arithmetic(&x, &y), "{a} ~ {b}");
            }
        }
        assert!(nearly_equal(&lit("1e13"), &lit("10000000000001")));
        assert!(!nearly_equal(&lit("1e11"), &lit("100000000001")));
    }
}
