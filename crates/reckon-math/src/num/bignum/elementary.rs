//! Roots, exponentials and logarithms.

use super::*;

/// Below this scientific exponent an odd function equals its argument at 64 digits
/// (`sin x = x − x³/6`: the correction is 10^-80 relative), and `cos`, `cosh` equal 1.
pub(super) const TINY: i64 = -40;
/// Above this scientific exponent `asinh x = ln 2|x|` and `acosh x = ln 2x` at 64 digits.
pub(super) const HUGE: i64 = 40;
/// `exp` beyond this magnitude is outside decimal.js's range (ln 10 · 9e15 ≈ 2.0723e16).
pub(super) const EXP_LIMIT: f64 = 2.1e16;

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
            } else if let Some(v) = fast::exp(r) {
                v
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
pub(super) enum Log {
    Ln,
    Log2,
    Log10,
}

pub(super) fn log_of(x: &Big, which: Log) -> BigResult {
    if x.is_negative() {
        return Err(BigError::NumberFallback);
    }
    Ok(match x {
        Big::Finite(r) => {
            if let Some(v) = fast::log(which, r) {
                return Ok(v);
            }
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
