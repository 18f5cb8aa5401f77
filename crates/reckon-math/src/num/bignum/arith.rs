//! Arithmetic (each rounded to 64 digits half-up, as decimal.js with `external = true`).

use super::*;

/// The IEEE class representative of a value (±0, ±1, ±∞, NaN): decimal.js treats zeros,
/// infinities and NaN in `+ − × ÷` exactly as binary64 does, so the special cases are
/// computed on these representatives.
pub(super) fn class(x: &Big) -> f64 {
    match x {
        Big::Finite(_) if x.is_negative() => -1.0,
        Big::Finite(_) => 1.0,
        other => to_f64(other),
    }
}

/// A special result (zero, infinite or NaN) from its binary64 representative.
pub(super) fn special(v: f64) -> Big {
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
pub(super) fn add_rounded(x: &Repr<10>, y: &Repr<10>, digits: usize) -> Big {
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

pub(super) fn div_at(a: &Big, b: &Big, digits: usize) -> Big {
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
pub(super) fn small_cmp(x: &Repr<10>, y: &Repr<10>) -> Option<Ordering> {
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

pub(super) fn max_of(a: &Big, b: &Big) -> Big {
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
