//! Formatting (spec 7.2).

use super::*;

/// The digits of |x| without trailing zeros and the scientific exponent.
pub(super) fn digits_of(r: &Repr<10>) -> (String, i64) {
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

/// [`format()`] with other exponent bounds: positional when `lower <= e < upper` (math.js's own
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
