//! Trigonometric and hyperbolic functions.

use super::*;

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
pub(super) fn precision_limit(f: Func, r: &Repr<10>) -> Result<(), BigError> {
    let extra = if f == Func::Tan { 10 } else { 0 };
    let need = sci_exponent(r).max(digit_count(r) as i64);
    if PRECISION as i64 + extra + need + 7 > PI_DIGITS {
        Err(BigError::PrecisionLimitExceeded)
    } else {
        Ok(())
    }
}

pub(super) fn circular(f: Func, x: &Big) -> BigResult {
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
    if let Some(v) = fast::circular(f, r) {
        return Ok(v);
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
pub(super) fn tiny_odd(r: &Repr<10>, grows: bool, digits: usize) -> Repr<10> {
    let sci = sci_exponent(r);
    let below = (r.exponent() as i64).min(sci - digits as i64) - 2;
    let lift = |v: &Repr<10>| {
        v.significand() * IBig::from(10u8).pow((v.exponent() as i64 - below) as usize)
    };
    let unit = if grows { IBig::ONE } else { -IBig::ONE } * r.significand().signum();
    Repr::new(lift(r) + unit, below as isize)
}

/// The inverse circular and the hyperbolic primitives, with their guards.
pub(super) fn primitive(f: Func, x: &Big) -> Big {
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
    let fast = match f {
        Func::Atan => fast::atan(r),
        Func::Asin | Func::Acos => fast::asin_acos(f, r),
        Func::Asinh | Func::Acosh | Func::Atanh => fast::inverse_hyperbolic(f, r),
        Func::Sinh | Func::Cosh | Func::Tanh => fast::hyperbolic(f, r),
        _ => None,
    };
    if let Some(v) = fast {
        return v;
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
pub(super) fn zero_value(f: Func, x: &Big) -> Big {
    match f {
        Func::Cosh => Big::one(),
        Func::Acos => half_pi(),
        Func::Acosh => Big::NaN,
        _ => x.clone(),
    }
}

/// f(±Infinity) as decimal.js answers it.
pub(super) fn infinite_value(f: Func, negative: bool) -> Big {
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
pub(super) fn half_pi() -> Big {
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

pub(super) fn literal_repr(text: &str) -> Repr<10> {
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
