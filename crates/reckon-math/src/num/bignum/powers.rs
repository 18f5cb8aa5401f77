//! Powers.

use super::*;

/// decimal.js's `MAX_SAFE_INTEGER` bound on exponents that use `intPow`.
pub(super) const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

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
    let base = abs_repr(xr);
    let magnitude = match fast::pow(&base, yr) {
        Some(v) => v,
        None => finish(ctx(PRECISION).powf(&base, yr, None)),
    };
    if negative { neg(&magnitude) } else { magnitude }
}

/// JavaScript `Math.pow` on the binary64 images, which decimal.js uses when either side is
/// zero, infinite or NaN (`1^Infinity` is NaN there, unlike Rust's `powf`).
pub(super) fn js_pow(x: f64, y: f64) -> f64 {
    if y.is_nan() || (x.abs() == 1.0 && y.is_infinite()) {
        return if y == 0.0 { 1.0 } else { f64::NAN };
    }
    x.powf(y)
}

pub(super) fn abs_repr(r: &Repr<10>) -> Repr<10> {
    Repr::new(
        IBig::from(r.significand().clone().unsigned_abs()),
        r.exponent(),
    )
}

pub(super) fn odd_integer(y: &Big) -> bool {
    match y {
        Big::Finite(r) if r.exponent() == 0 => (r.significand() % IBig::from(2u8)) != IBig::ZERO,
        _ => false,
    }
}

/// log10 |x| in binary64, from the leading digits and the exponent (never overflows).
pub(super) fn log10_abs(r: &Repr<10>) -> f64 {
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
pub(super) fn int_pow(x: &Repr<10>, n: u64) -> Big {
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
pub(super) fn truncate_words(value: &mut (IBig, i64)) -> bool {
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
