//! JavaScript's bigints as numbers: their size and cost, conversion to and from binary64 (to a
//! number only while at most 2^53 − 1, math.js's check), their text as `BigInt(text)` reads it,
//! and math.js's `mod`. A result past [`crate::num::fraction::MAX_BITS`] bits is refused.

use crate::error::FnError;
use dashu_int::IBig;
use dashu_int::ops::{BitTest, UnsignedAbs};

/// The largest integer a number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE: i64 = 9_007_199_254_740_991;

/// The number of bits of |n|.
pub(crate) fn bits(n: &IBig) -> usize {
    n.unsigned_abs().bit_len()
}

/// The size of `n` in 64-bit limbs (at least 1).
pub(crate) fn limbs(n: &IBig) -> u64 {
    (bits(n) / 64 + 1) as u64
}

/// Work units of an operation on `x` and `y`: the product of their limb counts.
pub(crate) fn cost(x: &IBig, y: &IBig) -> u64 {
    limbs(x).saturating_mul(limbs(y))
}

/// A result within the size cap, else refused as the meter refuses.
pub(crate) fn checked(n: IBig) -> Result<IBig, FnError> {
    if bits(&n) > crate::num::fraction::MAX_BITS {
        Err(FnError::TooLarge)
    } else {
        Ok(n)
    }
}

/// JavaScript's `Number(n)`: the nearest double, ties to even.
pub(crate) fn to_f64(n: &IBig) -> f64 {
    n.to_f64().value()
}

/// math.js's implicit conversion of a bigint to a number: refused above 2^53 − 1.
pub(crate) fn to_number(n: &IBig) -> Result<f64, FnError> {
    if *n > IBig::from(MAX_SAFE) {
        return Err(FnError::Type(format!(
            "Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: {})",
            described(n)
        )));
    }
    Ok(to_f64(n))
}

/// A bigint for a message: its digits, or for one past a thousand digits its size (writing a
/// million digits out would cost more than the operation that failed).
fn described(n: &IBig) -> String {
    if bits(n) <= 3000 {
        format(n)
    } else {
        format!(
            "an integer of about {} digits",
            (bits(n) as f64 * std::f64::consts::LOG10_2) as u64
        )
    }
}

/// The decimal digits (section 7.7).
pub(crate) fn format(n: &IBig) -> String {
    n.to_string()
}

/// JavaScript's `BigInt(string)`: surrounding whitespace ignored, the empty string is 0, decimal
/// digits with an optional sign, or `0x`/`0o`/`0b` digits without one.
pub(crate) fn parse(text: &str) -> Option<IBig> {
    let t = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if t.is_empty() {
        return Some(IBig::ZERO);
    }
    for (prefix, radix) in [
        ("0x", 16),
        ("0X", 16),
        ("0o", 8),
        ("0O", 8),
        ("0b", 2),
        ("0B", 2),
    ] {
        if let Some(digits) = t.strip_prefix(prefix) {
            if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
                return None;
            }
            return IBig::from_str_radix(digits, radix).ok();
        }
    }
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    IBig::from_str_radix(t.strip_prefix('+').unwrap_or(t), 10).ok()
}

/// `BigInt(x.toFixed())`: the nearest integer, halves away from zero; refused for NaN, the
/// infinities and from 1e21 on (where `toFixed` writes an exponent).
pub(crate) fn from_f64(x: f64) -> Result<IBig, FnError> {
    if !x.is_finite() || x.abs() >= 1e21 {
        // "Cannot convert …": spec 9.3 rule 10 (the original server's prefix rule).
        return Err(FnError::Type(format!(
            "Cannot convert {} to a BigInt",
            crate::num::format::js_string(x)
        )));
    }
    let magnitude = x.abs();
    let floor = magnitude.floor();
    let rounded = if magnitude - floor >= 0.5 {
        floor + 1.0
    } else {
        floor
    };
    // |rounded| < 1e21 < 2^70: exact in an i128.
    let n = IBig::from(rounded as i128);
    Ok(if x < 0.0 { -n } else { n })
}

/// math.js's `mod` of bigints: `x` itself for `y = 0`; otherwise JavaScript's remainder, moved
/// by `y` when `x` is negative and the remainder is not zero.
pub(crate) fn modulo(x: &IBig, y: &IBig) -> IBig {
    if *y == IBig::ZERO {
        return x.clone();
    }
    let r = x % y;
    if *x < IBig::ZERO && r != IBig::ZERO {
        r + y
    } else {
        r
    }
}
