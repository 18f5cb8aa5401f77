//! A fast path for the transcendental functions at 64 digits: fixed point on dashu integers with
//! [`P`] fraction bits, argument reduction against cached constants, and a Ziv rounding test.
//!
//! Each function here returns `Some(value)` only when its approximation, widened by a proven
//! error bound, rounds (64 digits, half-up) to one and the same decimal at both ends: the exact
//! value lies between the ends and rounding is monotone, so it rounds to that decimal too, which
//! is what dashu-float's correctly rounded Ziv loop returns. Otherwise (the result lost its
//! relative precision to cancellation, an argument outside the fast range, a near-tie) it
//! returns `None` and the caller runs the dashu path: results are identical by construction,
//! and `tests` checks it on tens of thousands of arguments.
//!
//! Error bounds are counted in units of the last place (ulps, `2^-P`) and kept generous: [`P`]
//! is 384 bits, about 115 digits, and a 64-digit answer needs about 215 bits, so a bound of
//! even `2^40` ulps still decides almost every argument.
//!
//! - `exp x`: `x = k ln 2 + r`, `|r| ≤ ln 2 / 2`, `exp r = (exp(r / 2^8))^(2^8)` by Taylor and
//!   eight squarings, then `2^k`.
//! - `sin`: `|x| = kπ + r`, `|r| ≤ π/2`, the sine series alone at `r / 3^6` and six triplings
//!   `s ↦ 3s − 4s³` (half the products of the sine-and-cosine route below); `cos x` the same way
//!   as `sin(|x| + π/2)`.
//! - `tan`: `x = k π/2 + r`, `|r| ≤ π/4`, sine and cosine of `r / 2^8` by Taylor,
//!   eight angle doublings, the quadrant from `k mod 4`; `tan = sin / cos`.
//! - `atan`: `π/2 − atan(1/x)` above 1, eight argument halvings `y / (1 + √(1 + y²))`, Taylor.
//! - `asin x = atan(x / √(1 − x²))`, `acos x = π/2 − asin x`.
//! - `sinh` for `|x| ≤ 1`: as `sin`, with `s ↦ 3s + 4s³`.
//! - `sinh` (larger `x`), `cosh`, `tanh`: from `exp |x|` and its reciprocal; `asinh`, `acosh`, `atanh`: the
//!   logarithm of `|x| + √(x² ± 1)` and of `(1 + x)/(1 − x)`, scaled into `[1, 2)` by `2^b`.
//! - `ln`: `x = m · 2^b · 10^e` with `m ∈ [1, 2)`, `ln x = b ln 2 + e ln 10 + ln m`, and
//!   `ln m = 2^(s+1) atanh((t − 1)/(t + 1))` with `t = m^(1/2^s)` by `s` square roots.
//! - `x^y` (what decimal.js computes as `exp(y ln x)`, for `x > 0`): `exp` of `y · ln x`.

use dashu_int::ops::SquareRoot;

use super::*;

/// Fraction bits of the fixed-point numbers.
const P: usize = 384;
/// Halvings of the reduced argument before a Taylor series (and doublings after it).
const HALVINGS: usize = 8;
/// Square roots taken before the logarithm's series.
const ROOTS: usize = 8;
/// Longest significand (in digits) the fast path converts; longer ones go to dashu.
const MAX_DIGITS: usize = 120;

/// One in fixed point.
fn one() -> IBig {
    IBig::ONE << P
}

/// The fixed-point product, truncated (error under one ulp).
fn mul(a: &IBig, b: &IBig) -> IBig {
    (a * b) >> P
}

/// The fixed-point quotient, truncated (error under one ulp).
fn div(a: &IBig, b: &IBig) -> IBig {
    (a << P) / b
}

/// Powers of ten kept once computed: the rounding test needs `10^63…10^65` on every call.
const CACHED_POWERS: usize = 160;

/// `10^n` as an integer.
fn ten_pow(n: usize) -> IBig {
    static POWERS: OnceLock<Vec<IBig>> = OnceLock::new();
    let powers = POWERS.get_or_init(|| {
        std::iter::successors(Some(IBig::ONE), |p| Some(p * IBig::from(10u8)))
            .take(CACHED_POWERS)
            .collect()
    });
    match powers.get(n) {
        Some(p) => p.clone(),
        None => IBig::from(10u8).pow(n),
    }
}

/// `atan(1/n)` (or `atanh(1/n)` when `hyperbolic`) in fixed point with `bits` fraction bits,
/// within `2 · terms` ulps.
fn arc_inverse(n: u32, bits: usize, hyperbolic: bool) -> IBig {
    let n = IBig::from(n);
    let n2 = &n * &n;
    let mut power = (IBig::ONE << bits) / &n;
    let mut sum = power.clone();
    let mut k = 1u32;
    while !power.is_zero() {
        power /= &n2;
        let term = &power / IBig::from(2 * k + 1);
        if hyperbolic || k.is_multiple_of(2) {
            sum += term;
        } else {
            sum -= term;
        }
        k += 1;
    }
    sum
}

/// A constant from a Machin-like formula evaluated with 64 guard bits: within one ulp.
fn constant(cell: &'static OnceLock<IBig>, make: fn(usize) -> IBig) -> &'static IBig {
    cell.get_or_init(|| make(P + 64) >> 64)
}

/// π (Machin: `16 atan(1/5) − 4 atan(1/239)`), within one ulp.
fn pi() -> &'static IBig {
    static PI: OnceLock<IBig> = OnceLock::new();
    constant(&PI, |bits| {
        (arc_inverse(5, bits, false) << 4) - (arc_inverse(239, bits, false) << 2)
    })
}

/// ln 2 = `2 atanh(1/3)`, within one ulp.
fn ln2() -> &'static IBig {
    static LN2: OnceLock<IBig> = OnceLock::new();
    constant(&LN2, |bits| arc_inverse(3, bits, true) << 1)
}

/// ln 10 = `3 ln 2 + 2 atanh(1/9)`, within one ulp.
fn ln10() -> &'static IBig {
    static LN10: OnceLock<IBig> = OnceLock::new();
    constant(&LN10, |bits| {
        arc_inverse(3, bits, true) * IBig::from(6u8) + (arc_inverse(9, bits, true) << 1)
    })
}

/// `x` in fixed point (truncated, within one ulp) when `|x| < 2^max_bits` and its significand
/// is short enough; `None` sends the caller to dashu.
fn to_fixed(r: &Repr<10>, max_bits: i64) -> Option<IBig> {
    let e = sci_exponent(r);
    // 10^e < 2^(3.33 e): the bound is conservative.
    if e * 10 / 3 + 4 > max_bits || digit_count(r) > MAX_DIGITS || e < -(P as i64) / 4 {
        return None;
    }
    let exponent = r.exponent();
    Some(if exponent >= 0 {
        (r.significand() * ten_pow(exponent as usize)) << P
    } else {
        (r.significand() << P) / ten_pow(exponent.unsigned_abs())
    })
}

/// The 64-digit half-up rounding of `v · 2^scale` (`v > 0`) as (significand, exponent).
fn round64(v: &IBig, scale: i64) -> Repr<10> {
    let bits = v.bit_len() as i64 - 1 + scale;
    // The decimal exponent, estimated (log10 2 ≈ 0.30103), then corrected below.
    let mut k = 63 - (bits as f64 * std::f64::consts::LOG10_2).floor() as i64;
    let low = ten_pow(PRECISION - 1) << 1;
    let high = ten_pow(PRECISION) << 1;
    loop {
        // floor(2 · v · 2^scale · 10^k), by shifts and at most one division (nested floors
        // of positive quotients are the floor of the whole quotient)
        let mut num = v.clone() << 1;
        if k >= 0 {
            num *= ten_pow(k as usize);
        }
        if scale >= 0 {
            num <<= scale as usize;
        } else {
            num >>= scale.unsigned_abs() as usize;
        }
        let twice = if k < 0 {
            num / ten_pow(k.unsigned_abs() as usize)
        } else {
            num
        };
        if twice < low {
            k += 1;
        } else if twice >= high {
            k -= 1;
        } else {
            return Repr::new((twice + IBig::ONE) >> 1, -k as isize);
        }
    }
}

/// The Ziv test: `m · 2^scale` within `err · 2^scale` of the exact value; `Some` when both ends
/// of the interval round to the same 64-digit decimal.
fn settle(m: &IBig, err: &IBig, scale: i64) -> Option<Big> {
    let negative = m.signum() < IBig::ZERO;
    let magnitude = IBig::from(m.clone().unsigned_abs());
    if magnitude <= (err.clone() << 1) {
        return None;
    }
    let low = round64(&(&magnitude - err), scale);
    let high = round64(&(&magnitude + err), scale);
    if low != high {
        return None;
    }
    let value = from_repr(low);
    Some(if negative { neg(&value) } else { value })
}

// ---------------------------------------------------------------------------------------------
// exp
// ---------------------------------------------------------------------------------------------

/// `exp x ≈ m · 2^(k − P)` within `err` ulps of that scale.
fn exp_fixed(x: &IBig) -> (IBig, IBig, i64) {
    let ln2 = ln2();
    // k = round(x / ln 2)
    // k ≈ x / ln 2 (truncated: |r| < 1.5 ln 2 is all the series needs)
    let k = ((x << 1) + ln2) / (ln2 << 1);
    let r = x - &k * ln2;
    let reduced = r >> HALVINGS;
    let mut sum = one();
    let mut term = one();
    let mut n = 1u32;
    while !term.is_zero() {
        term = mul(&term, &reduced) / IBig::from(n);
        sum += &term;
        n += 1;
    }
    for _ in 0..HALVINGS {
        sum = mul(&sum, &sum);
    }
    let k = i64::try_from(&k).unwrap_or(0);
    // r: |k| + 2 ulps (ln 2 and x); series: n ulps; each squaring doubles the relative error.
    let err = IBig::from((k.unsigned_abs() + 2) * 4) + (IBig::from(n + 8) << (HALVINGS + 2));
    (sum, err, k)
}

/// `exp x` for `|x| < 2^10`, or `None`.
pub(super) fn exp(r: &Repr<10>) -> Option<Big> {
    let x = to_fixed(r, 10)?;
    let (m, err, k) = exp_fixed(&x);
    settle(&m, &err, k - P as i64)
}

// ---------------------------------------------------------------------------------------------
// sin, cos, tan
// ---------------------------------------------------------------------------------------------

/// `(sin x, cos x)` in fixed point, each within the returned number of ulps.
fn sin_cos_fixed(x: &IBig) -> (IBig, IBig, IBig) {
    let half_pi = pi() >> 1;
    // k ≈ x / (π/2) (truncated: any k works, |r| < 3π/4 only lengthens the series)
    let k = ((x << 1) + &half_pi) / (&half_pi << 1);
    let r = x - &k * &half_pi;
    let reduced = r >> HALVINGS;
    let square = mul(&reduced, &reduced);
    let (mut s, mut c) = (reduced.clone(), one());
    let (mut ts, mut tc) = (reduced, one());
    let mut n = 1u32;
    while !(ts.is_zero() && tc.is_zero()) {
        tc = -mul(&tc, &square) / IBig::from(n * (n + 1));
        ts = -mul(&ts, &square) / IBig::from((n + 1) * (n + 2));
        c += &tc;
        s += &ts;
        n += 2;
    }
    for _ in 0..HALVINGS {
        let sin2 = mul(&s, &c) << 1;
        c = mul(&c, &c) - mul(&s, &s);
        s = sin2;
    }
    let quadrant = (&k % IBig::from(4u8) + IBig::from(4u8)) % IBig::from(4u8);
    let quadrant = u8::try_from(&quadrant).unwrap_or(0);
    let (s, c) = match quadrant {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    };
    // r: 2|k| + 4 ulps, so 2^-8 of that + 1 after the halvings; series: n ulps; each doubling
    // multiplies the error by at most 3 (3^8 < 2^13) and adds 2.
    let kk = IBig::from(k.unsigned_abs()) * IBig::from(2u8) + IBig::from(4u8);
    let err = (kk << 6) + (IBig::from(n + 8) << (2 * HALVINGS));
    (s, c, err)
}

/// Triplings of the reduced argument before the odd series of `sin` or `sinh` alone.
const TRIPLINGS: usize = 6;
/// `3^TRIPLINGS`.
const THREE_POW: u32 = 729;

/// `sin y` (or `sinh y` when `hyperbolic`) for `|y| ≤ π/2` (`|y| ≤ 1` when hyperbolic) in fixed
/// point, `y` within `y_err` ulps, within the returned number of ulps.
///
/// The odd Taylor series at `y / 3^6`, then six triplings `s ↦ 3s ∓ 4s³`. Error: `y / 3^6` within
/// `y_err / 3^6 + 1` ulps; each series term within 2 ulps (`4n` counted); a tripling rounds
/// within 10 ulps and multiplies the error by its derivative `|3 ∓ 12 s²|`, at most 3 for the sine
/// (`|s| ≤ sin(π/6)`) and at most 5 for `sinh` (`|s| ≤ sinh(1/3)`); so in all at most
/// `F^6 (y_err / 3^6 + 4n + 27)` with `F^6 ≤ 2^10` (sine) or `2^14` (sinh).
fn sin_tripled(y: &IBig, y_err: &IBig, hyperbolic: bool) -> (IBig, IBig) {
    let reduced = y / IBig::from(THREE_POW);
    let square = mul(&reduced, &reduced);
    let mut sum = reduced.clone();
    let mut term = reduced;
    let mut n = 1u32;
    while !term.is_zero() {
        term = mul(&term, &square) / IBig::from((n + 1) * (n + 2));
        if !hyperbolic {
            term = -term;
        }
        sum += &term;
        n += 2;
    }
    for _ in 0..TRIPLINGS {
        let cube = mul(&mul(&sum, &sum), &sum) << 2;
        sum = if hyperbolic {
            &sum * IBig::from(3u8) + cube
        } else {
            &sum * IBig::from(3u8) - cube
        };
    }
    let growth = if hyperbolic { 14 } else { 10 };
    let err = ((y_err / IBig::from(THREE_POW) + IBig::from(4 * n + 28)) << growth) + y_err;
    (sum, err)
}

/// `sin x` (or `cos x = sin(|x| + π/2)` when `cosine`) for `|x| < 2^20`: the argument
/// `kπ + r` with `|r| ≤ π/2`, and `± sin r`; or `None`.
fn sin_only(r: &Repr<10>, cosine: bool) -> Option<Big> {
    let x = to_fixed(r, 20)?;
    let negative = !cosine && x.signum() < IBig::ZERO;
    let pi = pi();
    let x_abs = if cosine {
        // π/2 within one ulp more, counted in the two ulps below
        IBig::from(x.unsigned_abs()) + (pi >> 1)
    } else {
        IBig::from(x.unsigned_abs())
    };
    // k = floor((2|x| + π) / 2π), so |r| ≤ π/2 (plus π's error)
    let k = ((&x_abs << 1) + pi) / (pi << 1);
    let reduced = &x_abs - &k * pi;
    // x within one ulp (and π/2 within one), kπ within k ulps
    let reduced_err = IBig::from(k.clone().unsigned_abs()) + IBig::from(3u8);
    let (s, err) = sin_tripled(&reduced, &reduced_err, false);
    let flip = (k % IBig::from(2u8)).is_one() != negative;
    settle(&if flip { -s } else { s }, &err, -(P as i64))
}

/// `sin`, `cos` or `tan` of `x` for `|x| < 2^20`, or `None`.
pub(super) fn circular(f: Func, r: &Repr<10>) -> Option<Big> {
    if matches!(f, Func::Sin | Func::Cos) {
        return sin_only(r, f == Func::Cos);
    }
    let x = to_fixed(r, 20)?;
    let (s, c, err) = sin_cos_fixed(&x);
    let scale = -(P as i64);
    match f {
        Func::Sin => settle(&s, &err, scale),
        Func::Cos => settle(&c, &err, scale),
        _ => {
            let c_min = IBig::from(c.clone().unsigned_abs()) - &err;
            // a cosine within its error of zero (or nearly) leaves the quotient to dashu
            if c_min.signum() <= IBig::ZERO || c_min.bit_len() + 64 < P {
                return None;
            }
            let t = div(&s, &c);
            let t_mag = IBig::from(t.clone().unsigned_abs());
            let t_err = &err * ((one() / &c_min) + IBig::ONE) * ((t_mag >> P) + IBig::from(2u8))
                + IBig::from(2u8);
            settle(&t, &t_err, scale)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// asin, acos, atan, sinh, cosh, tanh
// ---------------------------------------------------------------------------------------------

/// `atan y` for `0 ≤ y ≤ 1` in fixed point, within the returned number of ulps (given `y`
/// within `y_err` ulps).
fn atan_unit(y: &IBig, y_err: &IBig) -> (IBig, IBig) {
    // atan y = 2 atan(y / (1 + √(1 + y²))): each halving within 4 ulps more (its derivative ≤ 1/2)
    let mut y = y.clone();
    for _ in 0..HALVINGS {
        let root = IBig::from(((one() + mul(&y, &y)) << P).sqrt());
        y = div(&y, &(one() + root));
    }
    let y2 = mul(&y, &y);
    let mut power = y.clone();
    let mut sum = y;
    let mut k = 1u32;
    while !power.is_zero() {
        power = mul(&power, &y2);
        let term = &power / IBig::from(2 * k + 1);
        if k.is_multiple_of(2) {
            sum += term;
        } else {
            sum -= term;
        }
        k += 1;
    }
    let err = (IBig::from(2 * k + 16) + y_err) << HALVINGS;
    (sum << HALVINGS, err)
}

/// `atan y` for `y ≥ 0` in fixed point (`y` within `y_err` ulps), within the returned ulps.
fn atan_fixed(y: &IBig, y_err: &IBig) -> (IBig, IBig) {
    if *y <= one() {
        atan_unit(y, y_err)
    } else {
        // atan y = π/2 − atan(1/y); 1/y moves by at most y_err, plus one ulp of rounding
        let (a, err) = atan_unit(&div(&one(), y), &(y_err + IBig::ONE));
        ((pi() >> 1) - a, err + IBig::from(2u8))
    }
}

/// `atan x` for `|x| < 2^20`, or `None`.
pub(super) fn atan(r: &Repr<10>) -> Option<Big> {
    let x = to_fixed(r, 20)?;
    let (value, err) = atan_fixed(&IBig::from(x.clone().unsigned_abs()), &IBig::ONE);
    let value = if x.signum() < IBig::ZERO {
        -value
    } else {
        value
    };
    settle(&value, &err, -(P as i64))
}

/// `√v` for `v > 0` within `v_err` ulps, and its error: `v_err / (2√v) + 1` ulps; `None` when
/// `v` is too small for that bound to be of use.
fn sqrt_fixed(v: &IBig, v_err: &IBig) -> Option<(IBig, IBig)> {
    let root = IBig::from((v << P).sqrt());
    if root.bit_len() + 100 < P {
        return None;
    }
    let err = div(v_err, &(&root << 1)) + IBig::from(2u8);
    Some((root, err))
}

/// `asin x` for `|x| < 1` as `atan(x / √(1 − x²))`, or `acos x = π/2 − asin x`; or `None`.
pub(super) fn asin_acos(f: Func, r: &Repr<10>) -> Option<Big> {
    let x = to_fixed(r, 1)?;
    let x_abs = IBig::from(x.clone().unsigned_abs());
    if x_abs >= one() {
        return None;
    }
    let (root, root_err) = sqrt_fixed(&(one() - mul(&x_abs, &x_abs)), &IBig::from(4u8))?;
    let q = div(&x_abs, &root);
    // (x ± 1)/(s ± e): (1 + q e)/s + 1 ulps
    let q_err = (one() + &q * &root_err) / &root + IBig::from(2u8);
    let (value, err) = atan_fixed(&q, &q_err);
    let value = if x.signum() < IBig::ZERO {
        -value
    } else {
        value
    };
    if f == Func::Acos {
        settle(
            &((pi() >> 1) - value),
            &(err + IBig::from(2u8)),
            -(P as i64),
        )
    } else {
        settle(&value, &err, -(P as i64))
    }
}

/// `sinh`, `cosh` or `tanh` of `x` for `|x| < 10`, or `None`.
pub(super) fn hyperbolic(f: Func, r: &Repr<10>) -> Option<Big> {
    let x = to_fixed(r, 7)?;
    let negative = x.signum() < IBig::ZERO;
    if f == Func::Sinh && IBig::from(x.clone().unsigned_abs()) <= one() {
        // the odd series alone, without exp and a division
        let (value, err) = sin_tripled(&x, &IBig::ONE, true);
        return settle(&value, &err, -(P as i64));
    }
    let (m, err, k) = exp_fixed(&IBig::from(x.unsigned_abs()));
    // e^|x| = F / 2^P and e^-|x| = G / 2^P, with k ≥ 0 since |x| ≥ 0
    let k = usize::try_from(k).ok()?;
    let (big, big_err) = (m << k, err << k);
    let small = div(&one(), &big);
    let part_err = (&big_err << 1) + IBig::from(2u8);
    let (value, err) = match f {
        Func::Sinh => ((&big - &small) >> 1, part_err),
        Func::Cosh => ((&big + &small) >> 1, part_err),
        _ => (
            div(&(&big - &small), &(&big + &small)),
            (part_err << 1) + IBig::ONE,
        ),
    };
    let value = if negative && f != Func::Cosh {
        -value
    } else {
        value
    };
    settle(&value, &err, -(P as i64))
}

// ---------------------------------------------------------------------------------------------
// ln, log2, log10, asinh, acosh, atanh
// ---------------------------------------------------------------------------------------------

/// `ln m` for `m ∈ [1, 2)` in fixed point, within the returned number of ulps.
fn ln_unit(m: &IBig) -> (IBig, IBig) {
    // t = m^(1/2^ROOTS) by integer square roots (each within one ulp)
    let mut t = m.clone();
    for _ in 0..ROOTS {
        t = IBig::from((t << P).sqrt());
    }
    // ln t = 2 atanh(z), z = (t − 1)/(t + 1)
    let z = div(&(&t - one()), &(&t + one()));
    let z2 = mul(&z, &z);
    let mut power = z.clone();
    let mut sum = z;
    let mut k = 1u32;
    while !power.is_zero() {
        power = mul(&power, &z2);
        sum += &power / IBig::from(2 * k + 1);
        k += 1;
    }
    let value = sum << (ROOTS + 1);
    // roots: ≤ 2 ulps of t each, so ≤ 2^(ROOTS+1)·4 ulps in ln t after scaling; series k ulps.
    let err = IBig::from(2 * k + 16) << (ROOTS + 2);
    (value, err)
}

/// `ln v` for `v > 0` in fixed point (`v` within `v_err` ulps), within the returned ulps.
fn ln_fixed(v: &IBig, v_err: &IBig) -> (IBig, IBig) {
    let b = v.bit_len() as i64 - 1 - P as i64;
    let m = if b >= 0 {
        v >> b as usize
    } else {
        v << b.unsigned_abs() as usize
    };
    let (lm, lm_err) = ln_unit(&m);
    // a relative error v_err / v moves ln v by as much; m's truncation adds one ulp
    let err = lm_err + div(v_err, v) + IBig::from(b.unsigned_abs() + 3);
    (lm + ln2() * IBig::from(b), err)
}

/// `asinh x = ln(|x| + √(x² + 1))` (odd), `acosh x = ln(x + √(x² − 1))` for `x ≥ 1`, or
/// `atanh x = ln((1 + x)/(1 − x)) / 2` for `|x| < 1`, each for `|x| < 2^20`; or `None`.
pub(super) fn inverse_hyperbolic(f: Func, r: &Repr<10>) -> Option<Big> {
    let x = to_fixed(r, 20)?;
    let negative = x.signum() < IBig::ZERO;
    let x_abs = IBig::from(x.clone().unsigned_abs());
    let square = mul(&x_abs, &x_abs);
    let square_err = (&x_abs >> (P - 2)) + IBig::from(2u8);
    let (value, err) = match f {
        Func::Asinh => {
            let (root, root_err) = sqrt_fixed(&(square + one()), &square_err)?;
            ln_fixed(&(&x_abs + root), &(root_err + IBig::ONE))
        }
        Func::Acosh => {
            if negative || x_abs <= one() {
                return None;
            }
            let (root, root_err) = sqrt_fixed(&(square - one()), &square_err)?;
            ln_fixed(&(&x_abs + root), &(root_err + IBig::ONE))
        }
        _ => {
            if x_abs >= one() {
                return None;
            }
            let below = one() - &x_abs;
            if below.bit_len() + 100 < P {
                return None;
            }
            let q = div(&(one() + &x_abs), &below);
            // (1 + x ± 1)/(1 − x ± 1): (1 + q)/(1 − x) + 1 ulps
            let q_err = (one() + &q) / &below + IBig::from(2u8);
            let (l, l_err) = ln_fixed(&q, &q_err);
            (l >> 1, l_err + IBig::ONE)
        }
    };
    let value = if negative { -value } else { value };
    settle(&value, &err, -(P as i64))
}

/// `ln x` for `x > 0` in fixed point, within the returned number of ulps; `None` for a
/// significand over [`MAX_DIGITS`] digits.
fn ln_repr(r: &Repr<10>) -> Option<(IBig, IBig)> {
    if digit_count(r) > MAX_DIGITS {
        return None;
    }
    let significand = r.significand();
    let b = significand.bit_len() - 1;
    // m = significand / 2^b in [1, 2), truncated
    let m = if b <= P {
        significand << (P - b)
    } else {
        significand >> (b - P)
    };
    let (lm, lm_err) = ln_unit(&m);
    let e = r.exponent() as i64;
    let value = lm + ln2() * IBig::from(b) + ln10() * IBig::from(e);
    let err = lm_err + IBig::from(b as u64 + e.unsigned_abs() + 4);
    Some((value, err))
}

/// The logarithm of `x > 0` (natural, base 2 or base 10), or `None`.
pub(super) fn log(which: Log, r: &Repr<10>) -> Option<Big> {
    let (value, err) = ln_repr(r)?;
    let scale = -(P as i64);
    match which {
        Log::Ln => settle(&value, &err, scale),
        Log::Log2 | Log::Log10 => {
            let base = if matches!(which, Log::Log2) {
                ln2()
            } else {
                ln10()
            };
            let q = div(&value, base);
            let q_mag = IBig::from(q.clone().unsigned_abs());
            // (v ± ε)/(c ± 1): ε/c + |q|/c + 1, with c > 0.69 · 2^P
            let q_err = (err << 1) + (((q_mag >> P) + IBig::ONE) << 1) + IBig::from(2u8);
            settle(&q, &q_err, scale)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// pow
// ---------------------------------------------------------------------------------------------

/// `x^y = exp(y ln x)` for `x > 0` and `|y ln x| < 2^10`, or `None`.
///
/// `t = y ln x` is within `(|y| + 1) ε_ln + |ln x| + 1` ulps (`y` within one ulp, `ε_ln` the
/// logarithm's bound, one for the product's truncation); an error of `δ` ulps in `t` moves
/// `exp t = m · 2^(k − P)`, `m < 2^(P+1)`, by at most `2δ` ulps of `m` (plus a second-order
/// part far below one ulp, covered by the added 2), on top of `exp`'s own bound.
pub(super) fn pow(x: &Repr<10>, y: &Repr<10>) -> Option<Big> {
    let (l, l_err) = ln_repr(x)?;
    let y = to_fixed(y, 20)?;
    let t = mul(&l, &y);
    if t.bit_len() > P + 10 {
        return None;
    }
    let y_int = IBig::from(y.unsigned_abs()) >> P;
    let l_int = IBig::from(l.unsigned_abs()) >> P;
    let t_err = (y_int + IBig::from(2u8)) * l_err + l_int + IBig::from(2u8);
    let (m, err, k) = exp_fixed(&t);
    settle(&m, &(err + (t_err << 1) + IBig::from(2u8)), k - P as i64)
}

#[cfg(test)]
mod tests;
