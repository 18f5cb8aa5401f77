//! `polynomialRoot`: the roots of a polynomial of degree 1 to 3 from its coefficients (constant
//! first), by math.js 15.2's closed forms, operation for operation. math.js takes numbers and
//! Complex values only (a BigNumber, Fraction, bigint, boolean or numeric string argument is
//! converted to a number first), so the roots are numbers or Complex in every numeric type:
//!
//! - trailing zero coefficients are dropped; fewer than two left is refused;
//! - linear: `−c₀ / c₁`;
//! - quadratic: one root `−b / 2a` when `b² = 4ac` (math.js's `equalScalar`), else
//!   `(±√(b² − 4ac) − b) / 2a`;
//! - cubic (Cardano, math.js's order of operations): the triple root `b / (−3a)`; the double
//!   root pair when the discriminant vanishes; otherwise the three cube roots `C` of
//!   `(Δ₁ + √(Δ₁² − 4Δ₀³)) / 2` (or of `Δ₁` when `Δ₀ = 0`), each giving `(b + C + Δ₀ / C) /
//!   (−3a)`, a root whose imaginary part is negligible beside its real part becoming real.

use super::*;
use crate::num::complex::Complex;

/// A number or a Complex, with math.js's arithmetic on the pair (a number meeting a Complex
/// becomes one).
#[derive(Clone, Copy, Debug)]
enum Scalar {
    Real(f64),
    Complex(Complex),
}

use Scalar::{Complex as C, Real as R};

impl Scalar {
    fn complex(self) -> Complex {
        match self {
            R(x) => Complex::from_real(x),
            C(z) => z,
        }
    }

    fn add(self, other: Self) -> Self {
        match (self, other) {
            (R(x), R(y)) => R(x + y),
            (a, b) => C(a.complex().add(b.complex())),
        }
    }

    fn sub(self, other: Self) -> Self {
        match (self, other) {
            (R(x), R(y)) => R(x - y),
            (a, b) => C(a.complex().sub(b.complex())),
        }
    }

    fn mul(self, other: Self) -> Self {
        match (self, other) {
            (R(x), R(y)) => R(x * y),
            (a, b) => C(a.complex().mul(b.complex())),
        }
    }

    fn div(self, other: Self) -> Self {
        match (self, other) {
            (R(x), R(y)) => R(x / y),
            (a, b) => C(a.complex().div(b.complex())),
        }
    }

    fn neg(self) -> Self {
        match self {
            R(x) => R(-x),
            C(z) => C(z.neg()),
        }
    }

    /// math.js `sqrt`: a negative number's root is Complex (a square root is correctly rounded
    /// in IEEE arithmetic, so `f64::sqrt` is `Math.sqrt`).
    fn sqrt(self) -> Self {
        match self {
            R(x) if x >= 0.0 => R(x.sqrt()),
            other => C(other.complex().sqrt()),
        }
    }

    /// math.js `equalScalar` (its tolerance).
    fn equals(self, other: Self) -> bool {
        match (self, other) {
            (R(x), R(y)) => crate::functions::nearly_equal(x, y),
            (a, b) => a.complex().equals(b.complex()),
        }
    }

    /// math.js `isZero`.
    fn is_zero(self) -> bool {
        self.equals(R(0.0))
    }

    /// `multiply(a, b, c, …)`: a left fold.
    fn product(factors: &[Self]) -> Self {
        factors[1..].iter().fold(factors[0], |p, &f| p.mul(f))
    }

    fn value(self) -> Value {
        match self {
            R(x) => Value::Number(x),
            C(z) => Value::Complex(z),
        }
    }

    /// JavaScript's `String(x)` of the coefficient, for the refusal's text.
    fn text(self) -> String {
        match self {
            R(x) => crate::num::format::js_string(x),
            C(z) => crate::num::complex::format(z, None),
        }
    }
}

/// math.js's cube roots of `z` (`cbrt(z, true)`): the principal one, then the rotations by
/// +2π/3 and −2π/3.
fn cube_roots(z: Complex) -> [Complex; 3] {
    let third = z.arg() / 3.0;
    let modulus = crate::num::jsmath::cbrt(z.abs());
    let turn = std::f64::consts::PI * 2.0 / 3.0;
    [third, third + turn, third - turn]
        .map(|angle| Complex::from_real(modulus).mul(Complex::new(0.0, angle).exp()))
}

impl Evaluator {
    /// math.js `polynomialRoot(c₀, c₁, …)`: an array of the roots (module doc).
    pub(super) fn polynomial_root(&mut self, values: &[Value], at: usize) -> Evaluated {
        let mut coefficients = Vec::with_capacity(values.len());
        for (index, value) in values.iter().enumerate() {
            coefficients.push(match value {
                Value::Complex(z) => C(*z),
                Value::Fraction(f) => R(crate::num::fraction::to_f64(f)),
                Value::Number(_)
                | Value::Big(_)
                | Value::BigInt(_)
                | Value::Boolean(_)
                | Value::Str(_) => R(crate::eval::js_number(value)),
                other => {
                    return Err(mismatch(
                        format!(
                            "Unexpected type of argument in function polynomialRoot (expected: number or Complex or BigNumber or bigint or Fraction or string or boolean, actual: {}, index: {index})",
                            other.type_name()
                        ),
                        at,
                    ));
                }
            });
        }
        let all = coefficients.clone();
        while coefficients.last().is_some_and(|c| c.is_zero()) {
            coefficients.pop();
        }
        let roots = match coefficients.as_slice() {
            [] | [_] => {
                let rest: Vec<String> = all[1..].iter().map(|c| c.text()).collect();
                return Err(failed(
                    format!(
                        "Polynomial [{}, {}] must have a non-zero non-constant coefficient",
                        all[0].text(),
                        rest.join(",")
                    ),
                    at,
                ));
            }
            [c0, c1] => vec![c0.div(*c1).neg()],
            [c, b, a] => quadratic(*c, *b, *a),
            [d, c, b, a] => cubic(*d, *c, *b, *a),
            _ => {
                let all: Vec<String> = all.iter().map(|c| c.text()).collect();
                return Err(failed(
                    format!(
                        "only implemented for cubic or lower-order polynomials, not {}",
                        all.join(",")
                    ),
                    at,
                ));
            }
        };
        self.build("polynomialRoot", roots.len() as u64, at)?;
        Ok(Value::matrix(
            Matrix::vector(roots.into_iter().map(Scalar::value).collect()).into_array(),
        ))
    }
}

/// The roots of `a x² + b x + c`.
fn quadratic(c: Scalar, b: Scalar, a: Scalar) -> Vec<Scalar> {
    let denominator = R(2.0).mul(a);
    let d1 = b.mul(b);
    let d2 = Scalar::product(&[R(4.0), a, c]);
    if d1.equals(d2) {
        return vec![b.neg().div(denominator)];
    }
    let discriminant = d1.sub(d2).sqrt();
    vec![
        discriminant.sub(b).div(denominator),
        discriminant.neg().sub(b).div(denominator),
    ]
}

/// The roots of `a x³ + b x² + c x + d`.
fn cubic(d: Scalar, c: Scalar, b: Scalar, a: Scalar) -> Vec<Scalar> {
    let product = Scalar::product;
    let denominator = R(3.0).mul(a).neg();
    let d0_1 = b.mul(b);
    let d0_2 = product(&[R(3.0), a, c]);
    let d1_1 = product(&[R(2.0), b, b, b]).add(product(&[R(27.0), a, a, d]));
    let d1_2 = product(&[R(9.0), a, b, c]);
    if d0_1.equals(d0_2) && d1_1.equals(d1_2) {
        return vec![b.div(denominator)];
    }
    let delta0 = d0_1.sub(d0_2);
    let delta1 = d1_1.sub(d1_2);
    let discriminant1 = product(&[R(18.0), a, b, c, d]).add(product(&[b, b, c, c]));
    let discriminant2 = product(&[R(4.0), b, b, b, d])
        .add(product(&[R(4.0), a, c, c, c]))
        .add(product(&[R(27.0), a, a, d, d]));
    if discriminant1.equals(discriminant2) {
        let numerator =
            product(&[R(4.0), a, b, c]).sub(product(&[R(9.0), a, a, d]).add(product(&[b, b, b])));
        let double = product(&[R(9.0), a, d])
            .sub(b.mul(c))
            .div(R(2.0).mul(delta0));
        return vec![numerator.div(a.mul(delta0)), double];
    }
    let c_cubed = if d0_1.equals(d0_2) {
        delta1
    } else {
        let root = delta1
            .mul(delta1)
            .sub(product(&[R(4.0), delta0, delta0, delta0]))
            .sqrt();
        delta1.add(root).div(R(2.0))
    };
    cube_roots(c_cubed.complex())
        .into_iter()
        .map(|root| {
            let r = b.add(C(root)).add(delta0.div(C(root))).div(denominator);
            match r {
                C(z) if crate::functions::nearly_equal(z.re, z.re + z.im) => R(z.re),
                other => other,
            }
        })
        .collect()
}
