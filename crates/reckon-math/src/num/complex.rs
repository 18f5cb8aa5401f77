//! Complex numbers as math.js 15.2 computes them (spec section 5.1) and formats them (7.4).
//!
//! math.js delegates complex arithmetic to the complex.js library (2.4.3), and adds a few
//! formulas of its own (`expm1`, `log2`, `log1p`, `log10`, `cbrt`, `sign` of a real, and the
//! promotion of out-of-domain real arguments). The specification asks for math.js's digits, and
//! those depend on which formula is used: `(1 + i)^2` is `1.2246467991473532e-16 + 2i` because
//! complex.js raises to a power through `exp(b·log a)`, and a crate computing `z·z` (num-complex)
//! or using other branch-cut formulas (for `asin`, `atanh`, …) prints other last digits or even
//! other special values. So this module is written by hand: every function states the
//! mathematical formula complex.js (or math.js) evaluates, and evaluates that same formula in the
//! same order of operations, including complex.js's treatment of zero and non-finite operands.
//!
//! The real functions underneath must be V8's `Math` functions to give math.js's last digits.
//! They come from the `libm` crate (deterministic across platforms, fdlibm-derived like V8's)
//! where it agrees with V8 to the bit on random arguments (`atan2`, `asin`, `acos`, `expm1`,
//! `log1p`, `log2`), and from the private `v8` module below where it does not: `libm` has musl's
//! rewrites of `log`, `cosh` and `sinh` and a correctly rounded `cbrt`, so those, `log10`,
//! `acosh`, `atanh` and `exp(1)` are written after the fdlibm and FreeBSD sources V8 ports.
//! Two remain `libm`'s and differ from V8 in the last bit on about 1% (`sin`, `cos`: V8 uses a
//! glibc-derived version) and 3% (`pow`) of arguments. So arithmetic, `sqrt`, `abs`, rounding and
//! formatting agree with math.js exactly, and transcendental results to the spec's relative
//! 1e-12, to the digit in over 99% of the differential test's calls
//! (`tests/complex_vs_mathjs.rs`).
//!
//! Two parts of the API: [`Complex`] with one method per math.js function on a Complex argument,
//! and the `*_real` functions, which are math.js's number implementations for the functions that
//! answer a [`RealOrComplex::Complex`] outside their real domain (`sqrt(-4)` = `2i`).
//!
//! Non-finite parts follow complex.js: a number with a NaN or infinite part counts as "infinite"
//! (complex.js's `isInfinite` is "not both parts finite"), so `add`, `sub`, `mul` and `div` of
//! such a number answer [`Complex::INFINITY`] or [`Complex::NAN`] as complex.js does.

use crate::num::format::format_number;
use std::f64::consts::{FRAC_PI_2, LN_2, LN_10, PI};

/// A complex number with binary64 parts, as complex.js stores it (`{re, im}`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Complex {
    /// The real part.
    pub re: f64,
    /// The imaginary part.
    pub im: f64,
}

/// The answer of a math.js number function that leaves the reals outside its domain: a number
/// inside it, a Complex outside (math.js with `predictable: false`, the server's setting).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RealOrComplex {
    /// The argument was inside the real domain: math.js returns a number.
    Real(f64),
    /// The argument was outside it: math.js returns a Complex (even when its imaginary part is 0).
    Complex(Complex),
}

/// complex.js's absolute value: Pythagoras below 1e8, else scaled by the larger part to avoid
/// overflow. Not `Math.hypot`, whose V8 implementation sums differently.
fn hypot(x: f64, y: f64) -> f64 {
    let (mut x, mut y) = (x.abs(), y.abs());
    if x < y {
        std::mem::swap(&mut x, &mut y);
    }
    if x < 1e8 {
        return (x * x + y * y).sqrt();
    }
    y /= x;
    x * (1.0 + y * y).sqrt()
}

/// complex.js's `logHypot`: ln √(a² + b²) without overflow. Exact logarithm of one part when the
/// other is zero, ½·ln(a² + b²) for parts below 3000, and for larger parts ½·ln((a/2)² + (b/2)²)
/// + ln 2.
fn log_hypot(a: f64, b: f64) -> f64 {
    if a == 0.0 {
        return crate::num::jsmath::log(b.abs());
    }
    if b == 0.0 {
        return crate::num::jsmath::log(a.abs());
    }
    if a.abs() < 3000.0 && b.abs() < 3000.0 {
        return crate::num::jsmath::log(a * a + b * b) * 0.5;
    }
    let (a, b) = (a * 0.5, b * 0.5);
    0.5 * crate::num::jsmath::log(a * a + b * b) + LN_2
}

/// JavaScript's `Math.round`: halves go toward +∞, and the sign of zero is kept.
fn js_round(x: f64) -> f64 {
    if !x.is_finite() {
        return x;
    }
    let floor = x.floor();
    let r = if x - floor >= 0.5 { floor + 1.0 } else { floor };
    if r == 0.0 && x < 0.0 { -0.0 } else { r }
}

/// JavaScript's `Math.sign`: ±1, or the argument itself for ±0 and NaN.
fn js_sign(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        x
    }
}

/// math.js's `nearlyEqual(a, b, relTol, absTol)`: equal, or |a − b| ≤ max(relTol·max(|a|, |b|),
/// absTol); NaN equals nothing and an infinity only itself.
fn nearly_equal(a: f64, b: f64, rel_tol: f64, abs_tol: f64) -> bool {
    if a.is_nan() || b.is_nan() {
        return false;
    }
    if !a.is_finite() || !b.is_finite() || a == b {
        return a == b;
    }
    (a - b).abs() <= (rel_tol * a.abs().max(b.abs())).max(abs_tol)
}

impl Complex {
    /// 0 + 0i.
    pub const ZERO: Self = Self::new(0.0, 0.0);
    /// 1 + 0i, complex.js's answer for `z^0`.
    pub const ONE: Self = Self::new(1.0, 0.0);
    /// The imaginary unit, math.js's constant `i`.
    pub const I: Self = Self::new(0.0, 1.0);
    /// complex.js's single infinity (Infinity + Infinity·i), the answer of `z / 0` and `∞ + z`.
    pub const INFINITY: Self = Self::new(f64::INFINITY, f64::INFINITY);
    /// complex.js's NaN (NaN + NaN·i), the answer of `0 / 0`, `∞ − ∞` and `∞ · 0`.
    pub const NAN: Self = Self::new(f64::NAN, f64::NAN);

    /// The number `re + im·i` (math.js `complex(re, im)`).
    pub const fn new(re: f64, im: f64) -> Self {
        Self { re, im }
    }

    /// A real number as a Complex with imaginary part 0 (math.js's number → Complex conversion).
    pub const fn from_real(re: f64) -> Self {
        Self { re, im: 0.0 }
    }

    /// Whether both parts are zero (complex.js `isZero`).
    pub fn is_zero(self) -> bool {
        self.re == 0.0 && self.im == 0.0
    }

    /// Whether either part is NaN (complex.js `isNaN`).
    pub fn is_nan(self) -> bool {
        self.re.is_nan() || self.im.is_nan()
    }

    /// Whether both parts are finite (complex.js `isFinite`; math.js `isFinite` on a Complex).
    pub fn is_finite(self) -> bool {
        self.re.is_finite() && self.im.is_finite()
    }

    /// complex.js `isInfinite`: not [`is_finite`](Self::is_finite), so NaN parts count too.
    pub fn is_infinite(self) -> bool {
        !self.is_finite()
    }

    /// math.js `equal` on Complex: each part `nearlyEqual` with the default relTol 1e-12 and
    /// absTol 1e-15.
    pub fn equals(self, other: Self) -> bool {
        nearly_equal(self.re, other.re, 1e-12, 1e-15)
            && nearly_equal(self.im, other.im, 1e-12, 1e-15)
    }

    /// `self + z`, partwise; a non-finite operand gives ∞, two give NaN (complex.js `add`).
    pub fn add(self, z: Self) -> Self {
        match (self.is_infinite(), z.is_infinite()) {
            (true, true) => Self::NAN,
            (true, false) | (false, true) => Self::INFINITY,
            _ => Self::new(self.re + z.re, self.im + z.im),
        }
    }

    /// `self − z`, partwise, with the infinities of [`add`](Self::add) (complex.js `sub`).
    pub fn sub(self, z: Self) -> Self {
        match (self.is_infinite(), z.is_infinite()) {
            (true, true) => Self::NAN,
            (true, false) | (false, true) => Self::INFINITY,
            _ => Self::new(self.re - z.re, self.im - z.im),
        }
    }

    /// `self · z` = (ac − bd) + (ad + bc)i, or just ac when both are real; ∞·0 is NaN and ∞·z
    /// is ∞ (complex.js `mul`).
    pub fn mul(self, z: Self) -> Self {
        let (t_inf, z_inf) = (self.is_infinite(), z.is_infinite());
        if (t_inf && z.is_zero()) || (z_inf && self.is_zero()) {
            return Self::NAN;
        }
        if t_inf || z_inf {
            return Self::INFINITY;
        }
        if z.im == 0.0 && self.im == 0.0 {
            return Self::new(self.re * z.re, 0.0);
        }
        Self::new(
            self.re * z.re - self.im * z.im,
            self.re * z.im + self.im * z.re,
        )
    }

    /// `self / z` by Smith's algorithm (divide through by the larger part of `z`), with
    /// complex.js's special cases: 0/0 and ∞/∞ are NaN, z/0 and ∞/z are ∞, 0/z and z/∞ are 0,
    /// and a real divisor divides each part.
    pub fn div(self, z: Self) -> Self {
        let (t_inf, z_inf) = (self.is_infinite(), z.is_infinite());
        let (t_zero, z_zero) = (self.is_zero(), z.is_zero());
        if (t_zero && z_zero) || (t_inf && z_inf) {
            return Self::NAN;
        }
        if z_zero || t_inf {
            return Self::INFINITY;
        }
        if t_zero || z_inf {
            return Self::ZERO;
        }
        let (a, b) = (self.re, self.im);
        if z.im == 0.0 {
            return Self::new(a / z.re, b / z.re);
        }
        if z.re.abs() < z.im.abs() {
            let x = z.re / z.im;
            let t = z.re * x + z.im;
            Self::new((a * x + b) / t, (b * x - a) / t)
        } else {
            let x = z.im / z.re;
            let t = z.im * x + z.re;
            Self::new((a + b * x) / t, (b - a * x) / t)
        }
    }

    /// `−self` (math.js `unaryMinus`).
    pub fn neg(self) -> Self {
        Self::new(-self.re, -self.im)
    }

    /// The conjugate `re − im·i` (math.js `conj`).
    pub fn conj(self) -> Self {
        Self::new(self.re, -self.im)
    }

    /// |self| by complex.js's overflow-avoiding Pythagoras (math.js `abs`, a number).
    pub fn abs(self) -> f64 {
        hypot(self.re, self.im)
    }

    /// The argument atan2(im, re) in (−π, π] (math.js `arg`, a number).
    pub fn arg(self) -> f64 {
        libm::atan2(self.im, self.re)
    }

    /// math.js `sign`: the real sign (±1, ±0, NaN) for a real number, else `self / |self|`.
    pub fn sign(self) -> Self {
        if self.im == 0.0 {
            return Self::from_real(js_sign(self.re));
        }
        let abs = hypot(self.re, self.im);
        Self::new(self.re / abs, self.im / abs)
    }

    /// math.js `square`: `self · self`.
    pub fn square(self) -> Self {
        self.mul(self)
    }

    /// math.js `cube`: `(self · self) · self`.
    pub fn cube(self) -> Self {
        self.mul(self).mul(self)
    }

    /// `self ^ z` (math.js `pow` on Complex), by complex.js's rules in order:
    /// 1. z = 0 → 1;
    /// 2. real z and a positive real base → the real power;
    /// 3. real z and a purely imaginary base (re = ±0) → (bi)^z = b^z · i^z with i^z taken from
    ///    the cycle 1, i, −1, −i when z mod 4 is an integer (so `i^2` is exactly −1);
    /// 4. base 0 and Re z > 0 → 0;
    /// 5. otherwise exp(z · log self) written in polar form: with L = ln|self| and θ = arg self,
    ///    the modulus is exp(Re z·L − Im z·θ) and the angle Im z·L + Re z·θ.
    pub fn pow(self, z: Self) -> Self {
        if z.is_zero() {
            return Self::ONE;
        }
        if z.im == 0.0 {
            if self.im == 0.0 && self.re > 0.0 {
                return Self::from_real(crate::num::jsmath::pow(self.re, z.re));
            }
            if self.re == 0.0 {
                let b = crate::num::jsmath::pow(self.im, z.re);
                // JavaScript's ((z % 4) + 4) % 4; a non-integer or non-finite z matches no case.
                let k = (z.re % 4.0 + 4.0) % 4.0;
                if k == 0.0 {
                    return Self::from_real(b);
                } else if k == 1.0 {
                    return Self::new(0.0, b);
                } else if k == 2.0 {
                    return Self::from_real(-b);
                } else if k == 3.0 {
                    return Self::new(0.0, -b);
                }
            }
        }
        if self.is_zero() && z.re > 0.0 {
            return Self::ZERO;
        }
        let theta = libm::atan2(self.im, self.re);
        let l = log_hypot(self.re, self.im);
        let modulus = crate::num::jsmath::exp(z.re * l - z.im * theta);
        let angle = z.im * l + z.re * theta;
        Self::new(modulus * libm::cos(angle), modulus * libm::sin(angle))
    }

    /// The principal square root (complex.js `sqrt`): for a real argument √a or i√−a; else with
    /// r = |z| the larger part is √((r + |a|)/2), the other |b| divided by twice it, placed by
    /// the signs of a and b.
    pub fn sqrt(self) -> Self {
        let (a, b) = (self.re, self.im);
        if b == 0.0 {
            return if a >= 0.0 {
                Self::from_real(a.sqrt())
            } else {
                Self::new(0.0, (-a).sqrt())
            };
        }
        let r = hypot(a, b);
        let big = (0.5 * (r + a.abs())).sqrt();
        let small = b.abs() / (2.0 * big);
        let signed = |v: f64| if b < 0.0 { -v } else { v };
        if a >= 0.0 {
            Self::new(big, signed(small))
        } else {
            Self::new(small, signed(big))
        }
    }

    /// The principal cube root (math.js `cbrt` on Complex): ∛|z| · exp(i·arg(z)/3), the real
    /// cube root of the modulus times the rotation, multiplied as complex numbers.
    pub fn cbrt(self) -> Self {
        let rotation = Self::new(0.0, self.arg() / 3.0).exp();
        Self::from_real(crate::num::jsmath::cbrt(self.abs())).mul(rotation)
    }

    /// e^z = e^a (cos b + i sin b), or e^a alone for a real argument (complex.js `exp`).
    pub fn exp(self) -> Self {
        let er = crate::num::jsmath::exp(self.re);
        if self.im == 0.0 {
            return Self::from_real(er);
        }
        Self::new(er * libm::cos(self.im), er * libm::sin(self.im))
    }

    /// e^z − 1 as math.js computes it for a Complex (its own formula, not complex.js's):
    /// (e^a cos b − 1) + i e^a sin b.
    pub fn expm1(self) -> Self {
        let r = crate::num::jsmath::exp(self.re);
        Self::new(r * libm::cos(self.im) - 1.0, r * libm::sin(self.im))
    }

    /// The principal natural logarithm ln|z| + i·arg z; ln a for a positive real (complex.js
    /// `log`; ln|z| by [`log_hypot`]).
    pub fn log(self) -> Self {
        if self.im == 0.0 && self.re > 0.0 {
            return Self::from_real(crate::num::jsmath::log(self.re));
        }
        Self::new(log_hypot(self.re, self.im), libm::atan2(self.im, self.re))
    }

    /// math.js `log10` on Complex: `log(z) / ln 10` by complex division (so log10(0) is ∞ + ∞i).
    pub fn log10(self) -> Self {
        self.log().div(Self::from_real(LN_10))
    }

    /// math.js `log2` on Complex (its own formula): log2(√(a² + b²)) + i·arg(z)/ln 2, the
    /// modulus by plain Pythagoras.
    pub fn log2(self) -> Self {
        let modulus = (self.re * self.re + self.im * self.im).sqrt();
        Self::new(libm::log2(modulus), libm::atan2(self.im, self.re) / LN_2)
    }

    /// math.js `log1p` on Complex (its own formula): ln|z + 1| + i·arg(z + 1), the modulus by
    /// plain Pythagoras.
    pub fn log1p(self) -> Self {
        let re = self.re + 1.0;
        Self::new(
            crate::num::jsmath::log((re * re + self.im * self.im).sqrt()),
            libm::atan2(self.im, re),
        )
    }

    /// math.js `log(x, base)` on Complex: `log(x) / log(base)` by complex division.
    pub fn log_base(self, base: Self) -> Self {
        self.log().div(base.log())
    }

    /// sin z = sin a cosh b + i cos a sinh b.
    pub fn sin(self) -> Self {
        let (a, b) = (self.re, self.im);
        Self::new(
            libm::sin(a) * crate::num::jsmath::cosh(b),
            libm::cos(a) * crate::num::jsmath::sinh(b),
        )
    }

    /// cos z = cos a cosh b − i sin a sinh b.
    pub fn cos(self) -> Self {
        let (a, b) = (self.re, self.im);
        Self::new(
            libm::cos(a) * crate::num::jsmath::cosh(b),
            -libm::sin(a) * crate::num::jsmath::sinh(b),
        )
    }

    /// tan z = (sin 2a + i sinh 2b) / (cos 2a + cosh 2b).
    pub fn tan(self) -> Self {
        let (a, b) = (2.0 * self.re, 2.0 * self.im);
        let d = libm::cos(a) + crate::num::jsmath::cosh(b);
        Self::new(libm::sin(a) / d, crate::num::jsmath::sinh(b) / d)
    }

    /// cot z = (−sin 2a + i sinh 2b) / (cos 2a − cosh 2b).
    pub fn cot(self) -> Self {
        let (a, b) = (2.0 * self.re, 2.0 * self.im);
        let d = libm::cos(a) - crate::num::jsmath::cosh(b);
        Self::new(-libm::sin(a) / d, crate::num::jsmath::sinh(b) / d)
    }

    /// sec z = (cos a cosh b + i sin a sinh b) / d with d = ½cosh 2b + ½cos 2a.
    pub fn sec(self) -> Self {
        let (a, b) = (self.re, self.im);
        let d = 0.5 * crate::num::jsmath::cosh(2.0 * b) + 0.5 * libm::cos(2.0 * a);
        Self::new(
            libm::cos(a) * crate::num::jsmath::cosh(b) / d,
            libm::sin(a) * crate::num::jsmath::sinh(b) / d,
        )
    }

    /// csc z = (sin a cosh b − i cos a sinh b) / d with d = ½cosh 2b − ½cos 2a.
    pub fn csc(self) -> Self {
        let (a, b) = (self.re, self.im);
        let d = 0.5 * crate::num::jsmath::cosh(2.0 * b) - 0.5 * libm::cos(2.0 * a);
        Self::new(
            libm::sin(a) * crate::num::jsmath::cosh(b) / d,
            -libm::cos(a) * crate::num::jsmath::sinh(b) / d,
        )
    }

    /// The common step of asin and acos: L = log(iz + √(1 − z²)), with 1 − z² expanded into
    /// parts (1 + b² − a²) − 2ab·i.
    fn asin_log(self) -> Self {
        let (a, b) = (self.re, self.im);
        let root = Self::new(b * b - a * a + 1.0, -2.0 * a * b).sqrt();
        Self::new(root.re - b, root.im + a).log()
    }

    /// asin z = −i·log(iz + √(1 − z²)).
    pub fn asin(self) -> Self {
        let l = self.asin_log();
        Self::new(l.im, -l.re)
    }

    /// acos z = π/2 − asin z, from the same logarithm as [`asin`](Self::asin).
    pub fn acos(self) -> Self {
        let l = self.asin_log();
        Self::new(FRAC_PI_2 - l.im, l.re)
    }

    /// atan z = (i/2)·log((1 − iz)/(1 + iz)), the quotient expanded into parts over
    /// |1 + iz|² = a² + (1 − b)²; ±i give ±∞i.
    pub fn atan(self) -> Self {
        let (a, b) = (self.re, self.im);
        if a == 0.0 {
            if b == 1.0 {
                return Self::new(0.0, f64::INFINITY);
            }
            if b == -1.0 {
                return Self::new(0.0, f64::NEG_INFINITY);
            }
        }
        let d = a * a + (1.0 - b) * (1.0 - b);
        let l = Self::new((1.0 - b * b - a * a) / d, -2.0 * a / d).log();
        Self::new(-0.5 * l.im, 0.5 * l.re)
    }

    /// complex.js's reciprocal for the inverse reciprocal functions: conj(z)/|z|², or for
    /// |z|² = 0 (underflow) each nonzero part divided by zero.
    fn reciprocal_parts(self) -> Self {
        let (a, b) = (self.re, self.im);
        let d = a * a + b * b;
        if d != 0.0 {
            Self::new(a / d, -b / d)
        } else {
            Self::new(
                if a != 0.0 { a / 0.0 } else { 0.0 },
                if b != 0.0 { -b / 0.0 } else { 0.0 },
            )
        }
    }

    /// acot z = atan(1/z); atan2(1, a) for a real argument.
    pub fn acot(self) -> Self {
        if self.im == 0.0 {
            return Self::from_real(libm::atan2(1.0, self.re));
        }
        self.reciprocal_parts().atan()
    }

    /// asec z = acos(1/z); asec 0 = ∞i.
    pub fn asec(self) -> Self {
        if self.is_zero() {
            return Self::new(0.0, f64::INFINITY);
        }
        self.reciprocal_parts().acos()
    }

    /// acsc z = asin(1/z); acsc 0 = π/2 + ∞i.
    pub fn acsc(self) -> Self {
        if self.is_zero() {
            return Self::new(FRAC_PI_2, f64::INFINITY);
        }
        self.reciprocal_parts().asin()
    }

    /// sinh z = sinh a cos b + i cosh a sin b.
    pub fn sinh(self) -> Self {
        let (a, b) = (self.re, self.im);
        Self::new(
            crate::num::jsmath::sinh(a) * libm::cos(b),
            crate::num::jsmath::cosh(a) * libm::sin(b),
        )
    }

    /// cosh z = cosh a cos b + i sinh a sin b.
    pub fn cosh(self) -> Self {
        let (a, b) = (self.re, self.im);
        Self::new(
            crate::num::jsmath::cosh(a) * libm::cos(b),
            crate::num::jsmath::sinh(a) * libm::sin(b),
        )
    }

    /// tanh z = (sinh 2a + i sin 2b) / (cosh 2a + cos 2b).
    pub fn tanh(self) -> Self {
        let (a, b) = (2.0 * self.re, 2.0 * self.im);
        let d = crate::num::jsmath::cosh(a) + libm::cos(b);
        Self::new(crate::num::jsmath::sinh(a) / d, libm::sin(b) / d)
    }

    /// coth z = (sinh 2a − i sin 2b) / (cosh 2a − cos 2b).
    pub fn coth(self) -> Self {
        let (a, b) = (2.0 * self.re, 2.0 * self.im);
        let d = crate::num::jsmath::cosh(a) - libm::cos(b);
        Self::new(crate::num::jsmath::sinh(a) / d, -libm::sin(b) / d)
    }

    /// csch z = (−2 sinh a cos b + 2i cosh a sin b) / (cos 2b − cosh 2a).
    pub fn csch(self) -> Self {
        let (a, b) = (self.re, self.im);
        let d = libm::cos(2.0 * b) - crate::num::jsmath::cosh(2.0 * a);
        Self::new(
            -2.0 * crate::num::jsmath::sinh(a) * libm::cos(b) / d,
            2.0 * crate::num::jsmath::cosh(a) * libm::sin(b) / d,
        )
    }

    /// sech z = (2 cosh a cos b − 2i sinh a sin b) / (cos 2b + cosh 2a).
    pub fn sech(self) -> Self {
        let (a, b) = (self.re, self.im);
        let d = libm::cos(2.0 * b) + crate::num::jsmath::cosh(2.0 * a);
        Self::new(
            2.0 * crate::num::jsmath::cosh(a) * libm::cos(b) / d,
            -2.0 * crate::num::jsmath::sinh(a) * libm::sin(b) / d,
        )
    }

    /// asinh z = log(z + √(z² + 1)); for a real a, sign(a)·ln(|a| + √(a² + 1)).
    pub fn asinh(self) -> Self {
        let (a, b) = (self.re, self.im);
        if b == 0.0 {
            if a == 0.0 {
                return Self::ZERO;
            }
            let x = a.abs();
            let r = crate::num::jsmath::log(x + (x * x + 1.0).sqrt());
            return Self::from_real(if a < 0.0 { -r } else { r });
        }
        let t = Self::new(a * a - b * b + 1.0, 2.0 * a * b).sqrt();
        Self::new(a + t.re, b + t.im).log()
    }

    /// acosh z = log(z + √(z − 1)·√(z + 1)). For a real a: ln(a + √(a−1)√(a+1)) when a > 1,
    /// ln(−a + √(a² − 1)) + πi when a < −1, and i·acos(a) between.
    pub fn acosh(self) -> Self {
        let (a, b) = (self.re, self.im);
        if b == 0.0 {
            if a > 1.0 {
                return Self::from_real(crate::num::jsmath::log(
                    a + (a - 1.0).sqrt() * (a + 1.0).sqrt(),
                ));
            }
            if a < -1.0 {
                return Self::new(crate::num::jsmath::log(-a + (a * a - 1.0).sqrt()), PI);
            }
            return Self::new(0.0, libm::acos(a));
        }
        let t1 = Self::new(a - 1.0, b).sqrt();
        let t2 = Self::new(a + 1.0, b).sqrt();
        Self::new(
            a + t1.re * t2.re - t1.im * t2.im,
            b + t1.re * t2.im + t1.im * t2.re,
        )
        .log()
    }

    /// atanh z = ½·log((1 + z)/(1 − z)), the quotient expanded into parts over |1 − z|².
    /// For a real a: 0 at 0, ±∞ at ±1, ½ln((1+a)/(1−a)) inside, and outside ½ln|(1+a)/(1−a)|
    /// with imaginary part −π/2 for a > 1 and +π/2 for a < −1 (complex.js's branch choice).
    pub fn atanh(self) -> Self {
        let (a, b) = (self.re, self.im);
        if b == 0.0 {
            return Self::atanh_real_axis(a);
        }
        let (one_minus, one_plus) = (1.0 - a, 1.0 + a);
        let d = one_minus * one_minus + b * b;
        if d == 0.0 {
            return Self::new(
                if a != -1.0 { a / 0.0 } else { 0.0 },
                if b != 0.0 { b / 0.0 } else { 0.0 },
            );
        }
        let xr = (one_plus * one_minus - b * b) / d;
        let xi = (b * one_minus + one_plus * b) / d;
        Self::new(log_hypot(xr, xi) / 2.0, libm::atan2(xi, xr) / 2.0)
    }

    /// [`atanh`](Self::atanh) on the real axis.
    fn atanh_real_axis(a: f64) -> Self {
        if a == 0.0 {
            Self::ZERO
        } else if a == 1.0 {
            Self::from_real(f64::INFINITY)
        } else if a == -1.0 {
            Self::from_real(f64::NEG_INFINITY)
        } else if -1.0 < a && a < 1.0 {
            Self::from_real(0.5 * crate::num::jsmath::log((1.0 + a) / (1.0 - a)))
        } else if a > 1.0 {
            Self::new(
                0.5 * crate::num::jsmath::log((a + 1.0) / (a - 1.0)),
                -FRAC_PI_2,
            )
        } else {
            // a < −1, or NaN.
            Self::new(
                0.5 * crate::num::jsmath::log(-((1.0 + a) / (1.0 - a))),
                FRAC_PI_2,
            )
        }
    }

    /// acoth z = atanh(1/z); acoth 0 = πi/2.
    pub fn acoth(self) -> Self {
        if self.is_zero() {
            return Self::new(0.0, FRAC_PI_2);
        }
        self.reciprocal_parts().atanh()
    }

    /// acsch z = asinh(1/z); for a real a, ln(1/a + √(1/a² + 1)) (∞ at 0).
    pub fn acsch(self) -> Self {
        let (a, b) = (self.re, self.im);
        if b == 0.0 {
            if a == 0.0 {
                return Self::from_real(f64::INFINITY);
            }
            let inv = 1.0 / a;
            return Self::from_real(crate::num::jsmath::log(inv + (inv * inv + 1.0).sqrt()));
        }
        self.reciprocal_parts().asinh()
    }

    /// asech z = acosh(1/z); asech 0 = ∞ (complex.js's ∞ + ∞i).
    pub fn asech(self) -> Self {
        if self.is_zero() {
            return Self::INFINITY;
        }
        self.reciprocal_parts().acosh()
    }

    /// Applies `f` to each part after scaling by 10^places (complex.js's `round`, `floor`,
    /// `ceil`: `f(x·10^p)/10^p`).
    fn per_part(self, places: i32, f: fn(f64) -> f64) -> Self {
        let scale = crate::num::jsmath::pow(10.0, f64::from(places));
        Self::new(f(self.re * scale) / scale, f(self.im * scale) / scale)
    }

    /// math.js `round(z, n)`: each part rounded to `places` decimals, halves toward +∞
    /// (`Math.round`), without the relTol correction math.js applies to real numbers.
    pub fn round(self, places: i32) -> Self {
        self.per_part(places, js_round)
    }

    /// math.js `floor(z, n)`: each part floored at `places` decimals (plain `Math.floor`).
    pub fn floor(self, places: i32) -> Self {
        self.per_part(places, f64::floor)
    }

    /// math.js `ceil(z, n)`: each part ceiled at `places` decimals (plain `Math.ceil`).
    pub fn ceil(self, places: i32) -> Self {
        self.per_part(places, f64::ceil)
    }

    /// math.js `fix(z)`: each part rounded toward zero (floor if positive, else ceil).
    pub fn fix(self) -> Self {
        let f = |x: f64| if x > 0.0 { x.floor() } else { x.ceil() };
        Self::new(f(self.re), f(self.im))
    }
}

/// complex.js's reading of a string (`new Complex(text)`), which math.js's `complex(text)` and
/// its conversion of a string to a Complex operand use (learnt from math.js 15.2's answers):
/// underscores are ignored, spaces, tabs and newlines separate; the text is a sum of terms, each
/// a number (digits with an optional point and exponent, or a point and digits), a number
/// followed by `i` or `I`, or `i` optionally followed at once by a number (`i2` is 2i). Every
/// term after the first needs one or more signs before it, and the signs' parity gives its
/// sign (`3 - - 2i` is 3 + 2i); a sign must be followed by a term. `None` for anything else:
/// `"2 i"`, `"2i3"`, `"Infinity"`, `""`.
pub fn parse_text(text: &str) -> Option<Complex> {
    let cleaned: Vec<u8> = text.bytes().filter(|&b| b != b'_').collect();
    let tokens = complex_tokens(&cleaned);
    let (mut re, mut im) = (0.0, 0.0);
    // Signs since the last term: the first term needs none.
    let (mut plus, mut minus) = (1u32, 0u32);
    let mut index = 0;
    while let Some(&token) = tokens.get(index) {
        index += 1;
        let signed = |x: f64, minus: u32| if minus % 2 == 1 { -x } else { x };
        match token {
            ComplexToken::Space => {}
            ComplexToken::Char(b'+') => plus += 1,
            ComplexToken::Char(b'-') => minus += 1,
            ComplexToken::Char(b'i' | b'I') => {
                if plus + minus == 0 {
                    return None;
                }
                let magnitude = match tokens.get(index) {
                    Some(ComplexToken::Number(x)) => {
                        index += 1;
                        *x
                    }
                    _ => 1.0,
                };
                im += signed(magnitude, minus);
                (plus, minus) = (0, 0);
            }
            ComplexToken::Number(x) => {
                if plus + minus == 0 {
                    return None;
                }
                if matches!(tokens.get(index), Some(ComplexToken::Char(b'i' | b'I'))) {
                    index += 1;
                    im += signed(x, minus);
                } else {
                    re += signed(x, minus);
                }
                (plus, minus) = (0, 0);
            }
            ComplexToken::Char(_) => return None,
        }
    }
    (plus + minus == 0).then_some(Complex::new(re, im))
}

/// A token of [`parse_text`].
#[derive(Clone, Copy)]
enum ComplexToken {
    /// A space, tab or newline.
    Space,
    /// A number's value.
    Number(f64),
    /// Any other byte.
    Char(u8),
}

/// [`parse_text`]'s tokens: the longest number at each digit (`digits[.digits][e[±]digits]`, or
/// `.digits`), else one byte.
fn complex_tokens(bytes: &[u8]) -> Vec<ComplexToken> {
    let digits_from = |mut at: usize| {
        while bytes.get(at).is_some_and(u8::is_ascii_digit) {
            at += 1;
        }
        at
    };
    let mut tokens = Vec::new();
    let mut at = 0;
    while let Some(&b) = bytes.get(at) {
        let start = at;
        let end = if b.is_ascii_digit() {
            let mut end = digits_from(at);
            if bytes.get(end) == Some(&b'.') {
                end = digits_from(end + 1);
            }
            // complex.js reads a lowercase `e` only (`"1E5"` is no number).
            if bytes.get(end) == Some(&b'e') {
                let sign = usize::from(matches!(bytes.get(end + 1), Some(b'+' | b'-')));
                let exponent_end = digits_from(end + 1 + sign);
                if exponent_end > end + 1 + sign {
                    end = exponent_end;
                }
            }
            end
        } else if b == b'.' && bytes.get(at + 1).is_some_and(u8::is_ascii_digit) {
            digits_from(at + 1)
        } else {
            tokens.push(match b {
                b' ' | b'\t' | b'\n' => ComplexToken::Space,
                other => ComplexToken::Char(other),
            });
            at += 1;
            continue;
        };
        let number = std::str::from_utf8(&bytes[start..end])
            .ok()
            .and_then(|t| t.parse::<f64>().ok())
            .unwrap_or(f64::NAN);
        tokens.push(ComplexToken::Number(number));
        at = end;
    }
    tokens
}

/// math.js's `isInteger` on a number: finite and equal to its rounding.
fn is_integer(x: f64) -> bool {
    x.is_finite() && x == x.round()
}

/// The inverse-trigonometric promotions all have the shape "real function inside the domain,
/// complex.js's function on `x + 0i` outside it".
fn real_or(
    inside: bool,
    real: impl FnOnce() -> f64,
    complex: impl FnOnce() -> Complex,
) -> RealOrComplex {
    if inside {
        RealOrComplex::Real(real())
    } else {
        RealOrComplex::Complex(complex())
    }
}

// The number implementations of math.js 15.2 (`predictable: false`) for the functions that
// promote. A NaN argument fails every domain test except `sqrt`'s (which answers NaN), so most
// of these answer a NaN *Complex* for NaN, as math.js does.

/// math.js `sqrt(x)`: √x for x ≥ 0 (and NaN for NaN), `i√−x` for x < 0 (`sqrt(-4)` = `2i`).
pub fn sqrt_real(x: f64) -> RealOrComplex {
    real_or(
        x.is_nan() || x >= 0.0,
        || x.sqrt(),
        || Complex::from_real(x).sqrt(),
    )
}

/// math.js `log(x)`: ln x for x ≥ 0, else the principal complex logarithm
/// (`log(-1)` = `3.141592653589793i`).
pub fn log_real(x: f64) -> RealOrComplex {
    real_or(
        x >= 0.0,
        || crate::num::jsmath::log(x),
        || Complex::from_real(x).log(),
    )
}

/// math.js `log10(x)`: log10 x for x ≥ 0, else `log(x) / ln 10` on Complex.
pub fn log10_real(x: f64) -> RealOrComplex {
    real_or(
        x >= 0.0,
        || crate::num::jsmath::log10(x),
        || Complex::from_real(x).log10(),
    )
}

/// math.js `log2(x)`: log2 x for x ≥ 0, else math.js's complex `log2`.
pub fn log2_real(x: f64) -> RealOrComplex {
    real_or(x >= 0.0, || libm::log2(x), || Complex::from_real(x).log2())
}

/// math.js `log1p(x)`: ln(1 + x) for x ≥ −1, else math.js's complex `log1p`.
pub fn log1p_real(x: f64) -> RealOrComplex {
    real_or(
        x >= -1.0,
        || libm::log1p(x),
        || Complex::from_real(x).log1p(),
    )
}

/// math.js `log(x, base)`: `log(x) / log(base)`, a real quotient when both logarithms are real,
/// else a complex division (`log(-8, 2)` = `3 + 4.532360141827194i`).
pub fn log_base_real(x: f64, base: f64) -> RealOrComplex {
    match (log_real(x), log_real(base)) {
        (RealOrComplex::Real(a), RealOrComplex::Real(b)) => RealOrComplex::Real(a / b),
        (a, b) => RealOrComplex::Complex(a.to_complex().div(b.to_complex())),
    }
}

/// math.js `pow(x, y)` on numbers: the real power when y is an integer or x ≥ 0 (so `(-2)^3` =
/// −8 stays real); 0 for x^±∞ where the real limit is 0; else complex.js's power of `x + 0i`
/// (`(-8)^(1/3)` = `1 + 1.732050807568877i`).
pub fn pow_real(x: f64, y: f64) -> RealOrComplex {
    let to_zero = (x * x < 1.0 && y == f64::INFINITY) || (x * x > 1.0 && y == f64::NEG_INFINITY);
    if is_integer(y) || x >= 0.0 {
        return RealOrComplex::Real(if to_zero {
            0.0
        } else {
            crate::num::jsmath::pow(x, y)
        });
    }
    if to_zero {
        return RealOrComplex::Real(0.0);
    }
    RealOrComplex::Complex(Complex::from_real(x).pow(Complex::from_real(y)))
}

/// math.js `asin(x)`: real for −1 ≤ x ≤ 1 (`asin(2)` = `1.5707963267948966 - 1.3169578969248166i`).
pub fn asin_real(x: f64) -> RealOrComplex {
    real_or(
        (-1.0..=1.0).contains(&x),
        || libm::asin(x),
        || Complex::from_real(x).asin(),
    )
}

/// math.js `acos(x)`: real for −1 ≤ x ≤ 1.
pub fn acos_real(x: f64) -> RealOrComplex {
    real_or(
        (-1.0..=1.0).contains(&x),
        || libm::acos(x),
        || Complex::from_real(x).acos(),
    )
}

/// math.js `acosh(x)`: real for x ≥ 1; for x ≤ −1 math.js's own ln(√(x² − 1) − x) + πi; between
/// (and for NaN) complex.js's `acosh`, i·acos(x).
pub fn acosh_real(x: f64) -> RealOrComplex {
    if x <= -1.0 {
        return RealOrComplex::Complex(Complex::new(
            crate::num::jsmath::log((x * x - 1.0).sqrt() - x),
            PI,
        ));
    }
    real_or(
        x >= 1.0,
        || crate::num::jsmath::acosh(x),
        || Complex::from_real(x).acosh(),
    )
}

/// math.js `atanh(x)`: real for −1 ≤ x ≤ 1 (±∞ at ±1).
pub fn atanh_real(x: f64) -> RealOrComplex {
    real_or(
        (-1.0..=1.0).contains(&x),
        || crate::num::jsmath::atanh(x),
        || Complex::from_real(x).atanh(),
    )
}

/// math.js `asec(x)`: acos(1/x) for |x| ≥ 1, else complex.js's `asec`.
pub fn asec_real(x: f64) -> RealOrComplex {
    real_or(
        x.abs() >= 1.0,
        || libm::acos(1.0 / x),
        || Complex::from_real(x).asec(),
    )
}

/// math.js `acsc(x)`: asin(1/x) for |x| ≥ 1, else complex.js's `acsc`.
pub fn acsc_real(x: f64) -> RealOrComplex {
    real_or(
        x.abs() >= 1.0,
        || libm::asin(1.0 / x),
        || Complex::from_real(x).acsc(),
    )
}

/// math.js `asech(x)`: for −1 ≤ x ≤ 1 with u = 1/x, ln(√(u² − 1) + u) when u > 0 (x in (0, 1],
/// +∞ at 0) and math.js's own ln(√(u² − 1) − u) + πi when u < 0; for |x| > 1 complex.js's `asech`.
pub fn asech_real(x: f64) -> RealOrComplex {
    if !(-1.0..=1.0).contains(&x) {
        return RealOrComplex::Complex(Complex::from_real(x).asech());
    }
    let u = 1.0 / x;
    let root = (u * u - 1.0).sqrt();
    real_or(
        u > 0.0,
        || crate::num::jsmath::log(root + u),
        || Complex::new(crate::num::jsmath::log(root - u), PI),
    )
}

/// math.js `acoth(x)`: for |x| ≥ 1, (ln((x + 1)/x) + ln(x/(x − 1)))/2 (0 at ±∞); else
/// complex.js's `acoth`.
pub fn acoth_real(x: f64) -> RealOrComplex {
    let real = || {
        if x.is_finite() {
            (crate::num::jsmath::log((x + 1.0) / x) + crate::num::jsmath::log(x / (x - 1.0))) / 2.0
        } else {
            0.0
        }
    };
    real_or(x.abs() >= 1.0, real, || Complex::from_real(x).acoth())
}

impl RealOrComplex {
    /// The value as a Complex (a real `x` as `x + 0i`), as math.js converts a number operand.
    pub fn to_complex(self) -> Complex {
        match self {
            Self::Real(x) => Complex::from_real(x),
            Self::Complex(z) => z,
        }
    }
}

/// One part as math.js's number `format` writes it: spec 7.1 for finite values, `NaN`,
/// `Infinity` and `-Infinity` otherwise.
fn format_part(x: f64, precision: Option<u32>) -> String {
    if x.is_nan() {
        "NaN".to_owned()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.to_owned()
    } else {
        format_number(x, precision)
    }
}

/// math.js `format` of a Complex (spec 7.4), with `lowerExp: -6, upperExp: 21` and the optional
/// precision p.
///
/// Both parts are written first, by the number rules and with the same precision. With p, a part
/// that is negligible next to the other is then taken as zero: the real part when |re/im| <
/// 10^−p, then the imaginary part when |im/re| < 10^−p (never both, since a zeroed real part
/// makes the second ratio infinite or NaN). The form then follows the values, not their text:
/// `{re}` when im = 0; `i`, `-i` or `{im}i` when re = 0; else `{re} + {im}i` or `{re} - {|im|}i`,
/// with `i` alone when the unrounded imaginary part is exactly ±1 (so 1.00001 with precision 3 is
/// `1i`, as in math.js). NaN and infinite parts print as `NaN` and `Infinity`.
pub fn format(c: Complex, precision: Option<u32>) -> String {
    assemble(
        c,
        precision,
        format_part(c.re, precision),
        format_part(c.im, precision),
    )
}

/// The text of a Complex from its parts' texts, written by any number format (math.js's
/// `format` with other options writes the parts by those options): the negligible-part test
/// with the precision, then the form of [`format`].
pub(crate) fn assemble(
    c: Complex,
    precision: Option<u32>,
    str_re: String,
    str_im: String,
) -> String {
    let (mut re, mut im) = (c.re, c.im);
    if let Some(p) = precision {
        let epsilon = crate::num::jsmath::pow(10.0, -f64::from(p));
        if (re / im).abs() < epsilon {
            re = 0.0;
        }
        if (im / re).abs() < epsilon {
            im = 0.0;
        }
    }
    // The texts are joined by appending to the real part's (no formatting machinery).
    if im == 0.0 {
        return str_re;
    }
    if re == 0.0 {
        return match im {
            1.0 => "i".to_owned(),
            -1.0 => "-i".to_owned(),
            _ => {
                let mut out = str_im;
                out.push('i');
                out
            }
        };
    }
    let mut out = str_re;
    if im < 0.0 {
        out.push_str(" - ");
        if im != -1.0 {
            out.push_str(str_im.strip_prefix('-').unwrap_or(&str_im));
        }
    } else {
        out.push_str(" + ");
        if im != 1.0 {
            out.push_str(&str_im);
        }
    }
    out.push('i');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected strings are math.js 15.2's `format(value, {lowerExp: -6, upperExp: 21})`.

    fn c(re: f64, im: f64) -> Complex {
        Complex::new(re, im)
    }

    #[track_caller]
    fn formats_as(z: Complex, want: &str) {
        assert_eq!(format(z, None), want, "{z:?}");
    }

    #[track_caller]
    fn promotes_to(value: RealOrComplex, want: &str) {
        match value {
            RealOrComplex::Complex(z) => formats_as(z, want),
            RealOrComplex::Real(x) => panic!("expected a Complex {want}, got the number {x}"),
        }
    }

    #[track_caller]
    fn stays_real(value: RealOrComplex, want: f64) {
        assert_eq!(value, RealOrComplex::Real(want));
    }

    #[test]
    fn arithmetic() {
        formats_as(c(0.0, 2.0).mul(c(0.0, 3.0)), "-6");
        formats_as(c(1.0, 2.0).mul(c(3.0, -1.0)), "5 + 5i");
        formats_as(c(1.0, 2.0).div(c(3.0, 4.0)), "0.44 + 0.08i");
        formats_as(Complex::ONE.div(c(0.0, 2.0)), "-0.5i");
        formats_as(c(1.0, 2.0).add(c(-1.0, 0.5)), "2.5i");
        formats_as(c(1.0, 2.0).sub(c(1.0, 2.0)), "0");
        formats_as(c(1.0, 2.0).neg(), "-1 - 2i");
        formats_as(c(1.0, 2.0).conj(), "1 - 2i");
        assert_eq!(c(3.0, 4.0).abs(), 5.0);
        assert_eq!(c(-1.0, 0.0).arg(), PI);
        formats_as(c(3.0, 4.0).sign(), "0.6 + 0.8i");
        formats_as(c(-3.0, 0.0).sign(), "-1");
        formats_as(Complex::ONE.div(c(0.0, 2.0)), "-0.5i");
        formats_as(c(1.0, 1.0).square(), "2i");
        formats_as(c(1.0, 1.0).cube(), "-2 + 2i");
    }

    #[test]
    fn zero_and_infinite_operands_follow_complex_js() {
        formats_as(c(1.0, 2.0).div(Complex::ZERO), "Infinity + Infinityi");
        formats_as(Complex::ZERO.div(Complex::ZERO), "NaN + NaNi");
        formats_as(Complex::ZERO.div(Complex::INFINITY), "0");
        formats_as(Complex::INFINITY.mul(Complex::ZERO), "NaN + NaNi");
        formats_as(Complex::INFINITY.sub(Complex::INFINITY), "NaN + NaNi");
        // A NaN part counts as infinite.
        formats_as(c(f64::NAN, 1.0).add(Complex::ONE), "Infinity + Infinityi");
        formats_as(Complex::ONE.div(Complex::ZERO), "Infinity + Infinityi");
        formats_as(Complex::ONE.div(Complex::INFINITY), "0");
    }

    #[test]
    fn powers() {
        formats_as(c(1.0, 1.0).pow(c(2.0, 0.0)), "1.2246467991473532e-16 + 2i");
        formats_as(
            Complex::from_real(std::f64::consts::E).pow(c(0.0, PI)),
            "-1 + 1.2246467991473532e-16i",
        );
        formats_as(Complex::I.pow(c(2.0, 0.0)), "-1");
        formats_as(Complex::I.pow(c(3.0, 0.0)), "-i");
        formats_as(Complex::I.pow(c(4.0, 0.0)), "1");
        formats_as(c(0.0, 2.0).pow(c(-1.0, 0.0)), "-0.5i");
        formats_as(
            c(1.0, 1.0).pow(c(1.0, 1.0)),
            "0.2739572538301211 + 0.5837007587586147i",
        );
        formats_as(Complex::ZERO.pow(c(0.5, 0.0)), "0");
        // The i^k cycle answers 0^-1 with -∞i, where 1/0 is ∞ + ∞i.
        formats_as(Complex::ZERO.pow(c(-1.0, 0.0)), "-Infinityi");
        formats_as(c(5.0, 3.0).pow(Complex::ZERO), "1");
        formats_as(Complex::from_real(4.0).pow(c(0.5, 0.0)), "2");
    }

    #[test]
    fn roots_exponentials_and_logarithms() {
        formats_as(
            Complex::I.sqrt(),
            "0.7071067811865476 + 0.7071067811865475i",
        );
        formats_as(c(-3.0, -4.0).sqrt(), "1 - 2i");
        formats_as(
            c(-8.0, 0.0).cbrt(),
            "1.0000000000000002 + 1.7320508075688772i",
        );
        formats_as(
            c(1.0, 1.0).exp(),
            "1.4686939399158851 + 2.2873552871788423i",
        );
        formats_as(
            c(1.0, 1.0).expm1(),
            "0.46869393991588515 + 2.2873552871788423i",
        );
        formats_as(c(-1.0, 0.0).log(), "3.141592653589793i");
        formats_as(Complex::ZERO.log10(), "Infinity + Infinityi");
        // math.js's own formulas keep their weaknesses: expm1 cancels, log2 overflows.
        formats_as(
            c(1e-10, 1e-10).expm1(),
            "1.000000082740371e-10 + 1.0000000001000001e-10i",
        );
        formats_as(c(1e200, 1e200).log2(), "Infinity + 1.1330900354567985i");
        formats_as(c(1e200, 1e200).log(), "Infinity + 0.7853981633974483i");
    }

    #[test]
    fn trigonometric_and_hyperbolic() {
        formats_as(Complex::I.cos(), "1.5430806348152437");
        formats_as(
            c(1.0, 2.0).sinh(),
            "-0.4890562590412937 + 1.4031192506220405i",
        );
        formats_as(
            c(1.0, 2.0).tan(),
            "0.03381282607989669 + 1.0147936161466335i",
        );
        formats_as(
            c(1.0, 2.0).atan(),
            "1.3389725222944935 + 0.40235947810852507i",
        );
        formats_as(
            c(1.0, 2.0).acot(),
            "0.2318238045004031 - 0.402359478108525i",
        );
        formats_as(
            c(1.0, 2.0).atanh(),
            "0.17328679513998632 + 1.1780972450961724i",
        );
        formats_as(
            c(-2.0, 0.5).acosh(),
            "1.3618009008578458 + 2.8638383970320795i",
        );
        formats_as(
            c(-1.5, 0.5).asinh(),
            "-1.2264568712514055 + 0.2734872901415568i",
        );
        formats_as(Complex::I.atan(), "Infinityi");
    }

    #[test]
    fn rounding_is_per_part() {
        formats_as(c(2.5, -2.5).round(0), "3 - 2i");
        formats_as(c(1.2345, -6.789).round(2), "1.23 - 6.79i");
        formats_as(c(2.7, -2.7).fix(), "2 - 2i");
        formats_as(c(2.7, -2.7).floor(0), "2 - 3i");
        formats_as(c(2.7, -2.7).ceil(0), "3 - 2i");
    }

    #[test]
    fn equality_is_nearly_equal_per_part() {
        assert!(c(1.0, 2.0).equals(c(1.0 + 1e-13, 2.0)));
        assert!(!c(1.0, 2.0).equals(c(1.0 + 1e-11, 2.0)));
        assert!(c(0.0, 1e-16).equals(Complex::I.mul(Complex::ZERO)));
        assert!(!Complex::NAN.equals(Complex::NAN));
    }

    #[test]
    fn out_of_domain_reals_promote() {
        promotes_to(sqrt_real(-4.0), "2i");
        promotes_to(log_real(-1.0), "3.141592653589793i");
        promotes_to(log2_real(-1.0), "4.532360141827194i");
        promotes_to(log10_real(-1.0), "1.3643763538418412i");
        promotes_to(log1p_real(-3.0), "0.6931471805599453 + 3.141592653589793i");
        promotes_to(log_base_real(-8.0, 2.0), "3 + 4.532360141827194i");
        promotes_to(log_base_real(0.0, -2.0), "Infinity + Infinityi");
        promotes_to(asin_real(2.0), "1.5707963267948966 - 1.3169578969248166i");
        promotes_to(acos_real(1.5), "0.9624236501192069i");
        promotes_to(acosh_real(0.5), "1.0471975511965979i");
        promotes_to(acosh_real(-2.0), "1.3169578969248166 + 3.141592653589793i");
        promotes_to(atanh_real(2.0), "0.5493061443340548 - 1.5707963267948966i");
        promotes_to(
            atanh_real(-2.0),
            "-0.5493061443340549 + 1.5707963267948966i",
        );
        promotes_to(asec_real(0.5), "1.3169578969248166i");
        promotes_to(acsc_real(0.5), "1.5707963267948966 - 1.3169578969248166i");
        promotes_to(asech_real(2.0), "1.0471975511965979i");
        promotes_to(asech_real(-0.5), "1.3169578969248166 + 3.141592653589793i");
        promotes_to(acoth_real(0.5), "0.5493061443340548 - 1.5707963267948966i");
        promotes_to(pow_real(-8.0, 1.0 / 3.0), "1 + 1.732050807568877i");
        // NaN fails the domain tests (except sqrt's), so it promotes as in math.js.
        promotes_to(asin_real(f64::NAN), "NaN + NaNi");
    }

    #[test]
    fn in_domain_reals_stay_real() {
        stays_real(pow_real(-2.0, 3.0), -8.0);
        stays_real(pow_real(-0.5, f64::INFINITY), 0.0);
        stays_real(sqrt_real(4.0), 2.0);
        stays_real(log_base_real(8.0, 2.0), 3.0);
        stays_real(asin_real(1.0), FRAC_PI_2);
        stays_real(acosh_real(1.0), 0.0);
        stays_real(atanh_real(1.0), f64::INFINITY);
        stays_real(asech_real(0.0), f64::INFINITY);
        stays_real(acoth_real(f64::INFINITY), 0.0);
        assert!(matches!(sqrt_real(f64::NAN), RealOrComplex::Real(x) if x.is_nan()));
        assert!(matches!(pow_real(1.0, f64::INFINITY), RealOrComplex::Real(x) if x.is_nan()));
    }

    #[test]
    fn v8_math_where_libm_differs() {
        // Node.js 20's `Math` results, each one bit away from `libm`'s.
        for (got, want) in [
            (
                crate::num::jsmath::log(1.3403468132019043),
                0.2929283962980995,
            ),
            (
                crate::num::jsmath::log(0.04288610349904212),
                -3.1492074332853512,
            ),
            (
                crate::num::jsmath::log10(1.3194365501403809),
                0.12038851044355434,
            ),
            (
                crate::num::jsmath::log10(1.6749825477600098),
                0.22401028632748446,
            ),
            (
                crate::num::jsmath::acosh(72469473.41090547),
                18.791823155314408,
            ),
            (
                crate::num::jsmath::cbrt(6912010.317619683),
                190.48822101738875,
            ),
            (
                crate::num::jsmath::cbrt(-489.32228088378906),
                -7.8800988207896925,
            ),
            (crate::num::jsmath::cosh(1.0), 1.5430806348152437),
            (crate::num::jsmath::exp(1.0), std::f64::consts::E),
        ] {
            assert_eq!(got, want);
        }
        assert_eq!(crate::num::jsmath::log(0.0), f64::NEG_INFINITY);
        assert!(crate::num::jsmath::log(-1.0).is_nan());
        assert_eq!(crate::num::jsmath::log(5e-324), -744.4400719213812);
        assert_eq!(
            crate::num::jsmath::cbrt(-0.0).to_bits(),
            (-0.0f64).to_bits()
        );
        assert_eq!(crate::num::jsmath::cbrt(-27.0), -3.0);
        assert_eq!(crate::num::jsmath::log10(1e-320), -320.000004834948);
    }

    #[test]
    fn formatting() {
        formats_as(c(2.0, -1.0), "2 - i");
        formats_as(c(0.0, -1.0), "-i");
        formats_as(c(-0.2, 0.4), "-0.2 + 0.4i");
        formats_as(c(1.0, 1.00001), "1 + 1.00001i");
        formats_as(c(1e-7, 2.0), "1e-7 + 2i");
        formats_as(c(2.0, 1e-20), "2 + 1e-20i");
        formats_as(c(-0.0, -0.0), "0");
        formats_as(c(-0.0, 2.0), "2i");
        formats_as(c(f64::NAN, 1.0), "NaN + i");
        formats_as(c(1.0, f64::NAN), "1 + NaNi");
        formats_as(c(1.0, f64::INFINITY), "1 + Infinityi");
        formats_as(c(0.0, f64::NEG_INFINITY), "-Infinityi");
        for (z, p, want) in [
            (c(-1.0, 1.2246467991473532e-16), 3, "-1"),
            (c(1.0, 1.00001), 3, "1 + 1i"),
            (c(1e-7, 2.0), 3, "2i"),
            (c(2.0, 1e-20), 3, "2"),
            (c(2.0004, -1.0), 3, "2 - i"),
            (c(f64::INFINITY, 1.0), 3, "Infinity"),
            (Complex::I.sqrt(), 3, "0.707 + 0.707i"),
            (Complex::from_real(2.0).asin(), 2, "1.6 - 1.3i"),
        ] {
            assert_eq!(format(z, Some(p)), want, "{z:?} with precision {p}");
        }
    }
}
