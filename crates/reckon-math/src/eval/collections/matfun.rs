//! Functions of a square matrix, computed as math.js 15.2 computes them, operation for operation,
//! through the evaluator's matrix and scalar arithmetic (so number, BigNumber, Fraction and
//! Complex entries all work; every inverse and product inside is metered where it is done):
//!
//! - `sqrtm`: the Denman–Beavers iteration (math.js `_denmanBeavers`): from `Y = A`, `Z = I`,
//!   repeat `Y ← 0.5 (Y + Z⁻¹)`, `Z ← 0.5 (Z + Y⁻¹)` (with the Y before the step) until the
//!   largest absolute change of Y (math.js `max(abs(Y − Yₖ))`) is at most 1e-6, or refuse
//!   after 1000 iterations ("could not converge"). A one-element vector is its square root.
//! - `expm`: scaling and squaring with a diagonal Padé approximant (math.js's `expm`, after
//!   Moler and Van Loan's "Nineteen dubious ways"): the infinity norm of A as JavaScript's `+=`
//!   and `Math.max` compute it (a BigNumber row sum is a string concatenation of decimal.js's
//!   texts, as in math.js, so such norms are rarely what they seem), the first (q, j) by
//!   increasing q + j whose error estimate is below 1e-15, then `N = Σ c_i (A/2^j)^i` and
//!   `D = Σ (−1)^i c_i (A/2^j)^i` with the coefficients c_i in binary64, `R = D⁻¹ N` squared j
//!   times.

use super::*;

/// `sqrtm`'s convergence tolerance and its iteration cap (math.js's `_tolerance`,
/// `_maxIterations`).
const SQRTM_TOLERANCE: f64 = 1e-6;
const SQRTM_ITERATIONS: u32 = 1000;

/// `expm`'s error bound and the largest q + j it searches (math.js's `eps`, `maxSearchSize`).
const EXPM_EPSILON: f64 = 1e-15;
const EXPM_SEARCH: u32 = 30;

/// A JavaScript value as `rowSum += abs(x)` leaves it: a number, or a string once a BigNumber
/// (whose `valueOf()` is its text) has joined it.
enum JsSum {
    Number(f64),
    Text(String),
}

impl JsSum {
    fn text(&self) -> String {
        match self {
            JsSum::Number(x) => crate::num::format::js_string(*x),
            JsSum::Text(t) => t.clone(),
        }
    }

    /// `self += value`.
    fn add(self, value: &Value) -> JsSum {
        let number = match value {
            Value::Big(x) => {
                return JsSum::Text(self.text() + &crate::num::bignum::format(x, None));
            }
            Value::Fraction(f) => crate::num::fraction::to_f64(f),
            other => crate::eval::js_number(other),
        };
        match self {
            JsSum::Number(x) => JsSum::Number(x + number),
            JsSum::Text(t) => JsSum::Text(t + &crate::num::format::js_string(number)),
        }
    }

    /// `Number(self)`.
    fn number(&self) -> f64 {
        match self {
            JsSum::Number(x) => *x,
            JsSum::Text(t) => crate::num::literal::parse_js_number(t.trim()).unwrap_or(f64::NAN),
        }
    }
}

/// math.js's `errorEstimate(infNorm, q, j)` of the Padé approximant, in binary64.
fn expm_error(norm: f64, q: u32, j: u32) -> f64 {
    let mut q_factorial = 1.0;
    for i in 2..=q {
        q_factorial *= f64::from(i);
    }
    let mut two_q_factorial = q_factorial;
    for i in q + 1..=2 * q {
        two_q_factorial *= f64::from(i);
    }
    let next = two_q_factorial * f64::from(2 * q + 1);
    let pow = crate::num::jsmath::pow;
    8.0 * pow(norm / pow(2.0, f64::from(j)), f64::from(2 * q)) * q_factorial * q_factorial
        / (two_q_factorial * next)
}

/// math.js's `findParams`: the first (q, j) by increasing q + j, then q, whose error estimate
/// is below [`EXPM_EPSILON`].
fn expm_parameters(norm: f64) -> Option<(u32, u32)> {
    (0..EXPM_SEARCH)
        .flat_map(|k| (0..=k).map(move |q| (q, k - q)))
        .find(|&(q, j)| expm_error(norm, q, j) < EXPM_EPSILON)
}

impl Evaluator {
    /// math.js `sqrtm`: the principal square root of a square matrix (module doc).
    pub(super) fn sqrtm(&mut self, value: &Value, at: usize) -> Evaluated {
        let Value::Matrix(m) = value else {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function sqrtm (expected: Array or Matrix, actual: {}, index: 0)",
                    value.type_name()
                ),
                at,
            ));
        };
        let n = match m.shape.as_slice() {
            [1] => {
                let row =
                    crate::functions::builtin("sqrt").ok_or_else(|| not_implemented("sqrt", at))?;
                let root = self.call_builtin(row, "sqrt", vec![m.data[0].clone()], at)?;
                return Ok(Value::matrix(Matrix {
                    shape: vec![1],
                    data: vec![root],
                    array: m.array,
                }));
            }
            // math.js starts from `identity(0, 0)`, which it refuses.
            [0, 0] => {
                return Err(failed(
                    "Parameters in function identity must be positive integers",
                    at,
                ));
            }
            [r, c] if r == c => *r,
            [_] | [_, _] => {
                return Err(failed(
                    format!(
                        "Matrix must be square (size: {})",
                        matrix::show_shape(&m.shape)
                    ),
                    at,
                ));
            }
            _ => {
                return Err(failed(
                    format!(
                        "Matrix must be at most two dimensional (size: {})",
                        matrix::show_shape(&m.shape)
                    ),
                    at,
                ));
            }
        };
        let half = Value::Number(0.5);
        let mut y = value.clone();
        let mut z = Value::matrix(Matrix {
            array: m.array,
            ..identity(n, n)
        });
        let mut iterations = 0;
        loop {
            let previous = y.clone();
            let z_inverse = self.inverse(&z, at)?;
            let sum = self.binary(Op::Add, &previous, &z_inverse, false, (at, at), at)?;
            y = self.binary(Op::Multiply, &half, &sum, false, (at, at), at)?;
            let y_inverse = self.inverse(&previous, at)?;
            let sum = self.binary(Op::Add, &z, &y_inverse, false, (at, at), at)?;
            z = self.binary(Op::Multiply, &half, &sum, false, (at, at), at)?;
            let change = self.binary(Op::Subtract, &y, &previous, false, (at, at), at)?;
            let error = self.largest_absolute(&change, at)?;
            // JavaScript's `>`, which reads a Fraction or BigNumber by its `valueOf()`.
            let error = match &error {
                Value::Fraction(f) => crate::num::fraction::to_f64(f),
                other => crate::eval::js_number(other),
            };
            if error > SQRTM_TOLERANCE {
                iterations += 1;
                if iterations > SQRTM_ITERATIONS {
                    return Err(failed(
                        "computing square root of matrix: iterative method could not converge",
                        at,
                    ));
                }
            } else {
                return Ok(y);
            }
        }
    }

    /// math.js `max(abs(M))`: the first of the largest absolute values (its `larger`).
    fn largest_absolute(&mut self, value: &Value, at: usize) -> Evaluated {
        let Value::Matrix(m) = value else {
            return self.absolute_value(value, at);
        };
        let mut best: Option<Value> = None;
        for x in &m.data {
            let absolute = self.absolute_value(x, at)?;
            let larger = match &best {
                None => true,
                Some(b) => compare(Op::Larger, &absolute, b, at)?,
            };
            if larger {
                best = Some(absolute);
            }
        }
        Ok(best.unwrap_or(Value::Number(0.0)))
    }

    /// math.js `expm`: the exponential of a square matrix (module doc).
    pub(super) fn expm(&mut self, value: &Value, at: usize) -> Evaluated {
        let Value::Matrix(m) = value else {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function expm (expected: Matrix or Array, actual: {}, index: 0)",
                    value.type_name()
                ),
                at,
            ));
        };
        let n = match m.shape.as_slice() {
            [r, c] if r == c => *r,
            _ => {
                return Err(failed(
                    format!(
                        "Matrix must be square (size: {})",
                        matrix::show_shape(&m.shape)
                    ),
                    at,
                ));
            }
        };
        let mut norm = 0.0_f64;
        for row in m.data.chunks(n.max(1)) {
            let mut sum = JsSum::Number(0.0);
            for entry in row {
                let absolute = self.absolute_value(entry, at)?;
                sum = sum.add(&absolute);
            }
            // `Math.max(rowSum, infNorm)`: NaN when either is.
            let row_sum = sum.number();
            norm = if row_sum.is_nan() || norm.is_nan() {
                f64::NAN
            } else {
                row_sum.max(norm)
            };
        }
        let Some((q, j)) = expm_parameters(norm) else {
            return Err(failed(
                "Could not find acceptable parameters to compute the matrix exponential (try increasing maxSearchSize in expm.js)",
                at,
            ));
        };
        if n == 0 {
            // math.js's `identity(0)`, refused.
            return Err(failed(
                "Parameters in function identity must be positive integers",
                at,
            ));
        }
        // math.js converts an array to a matrix first: the result is a DenseMatrix.
        let a = Value::matrix(Matrix {
            array: false,
            ..Matrix::clone(m)
        });
        let scale = Value::Number(crate::num::jsmath::pow(2.0, -f64::from(j)));
        let scaled = self.binary(Op::Multiply, &a, &scale, false, (at, at), at)?;
        let mut numerator = Value::matrix(identity(n, n));
        let mut denominator = Value::matrix(identity(n, n));
        let mut factor = 1.0;
        let mut power = scaled.clone();
        let mut alternate = -1.0;
        for i in 1..=q {
            if i > 1 {
                power = self.binary(Op::Multiply, &power, &scaled, false, (at, at), at)?;
                alternate = -alternate;
            }
            factor = factor * f64::from(q - i + 1) / (f64::from(2 * q - i + 1) * f64::from(i));
            let term = self.binary(
                Op::Multiply,
                &Value::Number(factor),
                &power,
                false,
                (at, at),
                at,
            )?;
            numerator = self.binary(Op::Add, &numerator, &term, false, (at, at), at)?;
            let signed = Value::Number(factor * alternate);
            let term = self.binary(Op::Multiply, &signed, &power, false, (at, at), at)?;
            denominator = self.binary(Op::Add, &denominator, &term, false, (at, at), at)?;
        }
        let inverse = self.inverse(&denominator, at)?;
        let mut result = self.binary(Op::Multiply, &inverse, &numerator, false, (at, at), at)?;
        for _ in 0..j {
            result = self.binary(Op::Multiply, &result, &result, false, (at, at), at)?;
        }
        Ok(result)
    }
}
