//! Functions of a square matrix, computed as math.js 15.2 computes them, operation for operation,
//! through the evaluator's matrix and scalar arithmetic (so number, BigNumber, Fraction and
//! Complex entries all work; every inverse and product inside is metered where it is done):
//!
//! - `sqrtm`: the Denman–Beavers iteration (math.js `_denmanBeavers`): from `Y = A`, `Z = I`,
//!   repeat `Y ← 0.5 (Y + Z⁻¹)`, `Z ← 0.5 (Z + Y⁻¹)` (with the Y before the step) until the
//!   largest absolute change of Y (math.js `max(abs(Y − Yₖ))`) is at most 1e-6, or refuse
//!   after 1000 iterations ("could not converge"). A one-element vector is its square root.

use super::*;

/// `sqrtm`'s convergence tolerance and its iteration cap (math.js's `_tolerance`,
/// `_maxIterations`).
const SQRTM_TOLERANCE: f64 = 1e-6;
const SQRTM_ITERATIONS: u32 = 1000;

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
}
