//! Rounding to integers and decimal places (exact, as decimal.js `finalise` at `e + 1` digits).

use super::*;

/// How [`quantize`] rounds the dropped digits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Floor,
    Ceil,
    HalfUp,
}

/// `x` rounded to a multiple of `10^-places`, exact; a zero result keeps the sign of `x`.
pub(super) fn quantize(x: &Big, places: i64, mode: Mode) -> Big {
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
pub(super) fn to_dp(x: &Big, places: i64) -> Big {
    quantize(x, places, Mode::HalfUp)
}

/// math.js's relTol 1e-12 as decimal places (`toExponent(relTol)`).
pub(super) const EPSILON_PLACES: i64 = 12;

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

pub(super) fn nearly_rounded(x: &Big, f: Big) -> Big {
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
