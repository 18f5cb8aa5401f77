//! `eigs`: eigenvalues and eigenvectors of a square matrix, computed as math.js 15.2 computes
//! them, step for step and in the same order, so the digits agree:
//!
//! - The matrix is read as math.js's `computeValuesAndVectors` reads it: when no entry has an
//!   imaginary part above the precision (default `1e-12`, math.js's `relTol`), entries become
//!   their real parts, and when also `|a_ij − a_ji|` is at most the precision everywhere, the
//!   matrix is **real symmetric**; otherwise it is **general**. Entries are then coerced to one
//!   type: Complex if any entry is complex, else BigNumber if any is, else number (Fractions
//!   become numbers); booleans, strings and the like are refused.
//! - **Real symmetric**: cyclic Jacobi rotations by the largest off-diagonal entry (math.js
//!   `realSymmetric`): the angle `θ = ½ atan(2 a_ij / (a_jj − a_ii))`, or π/4 when
//!   `|a_jj − a_ii| ≤ 1e-12`; rotations go on while the largest `|a_ij|` (i < j) is at least
//!   `precision / n`. Numbers use JavaScript's `Math` (binary64); BigNumbers go through the
//!   evaluator's BigNumber arithmetic, comparing as math.js does by accident of JavaScript
//!   (`<` between two BigNumbers compares their decimal texts, see [`js_less`]).
//!   The eigenvalues are then picked by increasing absolute value (first minimum wins), each
//!   with its column of the accumulated rotations.
//! - **General** (math.js `complexEigs`): balancing by powers of the radix (2, or 10 for
//!   BigNumber) until a sweep changes nothing, reduction to upper Hessenberg form by Gaussian
//!   elimination with pivoting, then shifted QR (shift `a_nn`, math.js's own `qr`, [the
//!   Householder steps of `decompose.rs`]) deflating a 1×1 or 2×2 block whenever a
//!   subdiagonal entry falls below the precision; more than 100 iterations without a
//!   deflation refuses ("The eigenvalues failed to converge"). The eigenvalues are sorted
//!   stably by absolute value. Eigenvectors solve `(U − λI) x = 0` with `usolveAll` for each
//!   distinct λ in `U = C⁻¹ A C`, mapped back by `R⁻¹ C`.
//!
//! Divergence: where `usolveAll` finds fewer independent solutions than an eigenvalue's
//! multiplicity, math.js tries inverse iteration from *random* start vectors; reckon draws them
//! from a fixed sequence (`inverse.rs`), so its answer is the same every time, and such an
//! eigenvector may differ from math.js's in sign or basis.
//!
//! The files: this one reads the matrix and its options and answers; `symmetric.rs` holds the
//! Jacobi path, `general.rs` balancing, Hessenberg form, shifted QR and the eigenvectors,
//! `inverse.rs` inverse iteration.
//!
//! Every sweep and iteration is charged to the meter before it runs (n² per Jacobi rotation
//! search, n³ per QR step) and iterations are bounded, so no input hangs.

// Index loops read as the algorithm does (a_ij, a_ji, columns i and j).
#![allow(clippy::needless_range_loop)]

use super::*;
use crate::eval::js_number;

mod general;
mod inverse;
mod symmetric;

/// math.js's `config.relTol`, the default precision and the angle's zero test.
const REL_TOL: f64 = 1e-12;

/// QR steps without a deflation before math.js gives up.
const QR_PATIENCE: u32 = 100;

/// Jacobi rotations allowed per n² entries (math.js has no bound; a symmetric matrix converges
/// in a few sweeps of n²/2 rotations, so this bound is only reached by inputs that never
/// converge).
const JACOBI_ROTATIONS_PER_ENTRY: usize = 100;

/// Balancing sweeps allowed, and scaling steps per entry (math.js has no bound).
const BALANCE_SWEEPS: usize = 1000;
const BALANCE_STEPS: usize = 4000;

/// The element type the algorithm runs in, math.js's `coerceTypes`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Number,
    Big,
    Complex,
}

/// A square matrix as rows of values.
type Rows = Vec<Vec<Value>>;

/// JavaScript's `a < b` for two BigNumbers, which compares their `valueOf()` texts as strings
/// (math.js's symmetric BigNumber path writes `abs(x) < abs(y)`); a number on either side makes
/// the comparison numeric.
fn js_less(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Big(x), Value::Big(y)) => {
            crate::num::bignum::format(x, None) < crate::num::bignum::format(y, None)
        }
        _ => crate::eval::js_number(a) < crate::eval::js_number(b),
    }
}

/// The options of `eigs(A, precision)` or `eigs(A, {precision, eigenvectors})`.
struct Options {
    precision: Value,
    vectors: bool,
}

impl Evaluator {
    fn e_call(&mut self, name: &'static str, value: &Value, at: usize) -> Evaluated {
        let row = crate::functions::builtin(name).ok_or_else(|| not_implemented(name, at))?;
        self.call_builtin(row, name, vec![value.clone()], at)
    }

    fn e_op(&mut self, op: Op, x: &Value, y: &Value, at: usize) -> Evaluated {
        self.binary(op, x, y, false, (at, at), at)
    }

    /// math.js `equal(x, y)` (with its tolerance; complex numbers too).
    fn e_equal(&mut self, x: &Value, y: &Value, at: usize) -> Result<bool, CalculateError> {
        let row = crate::functions::builtin("equal").ok_or_else(|| not_implemented("equal", at))?;
        let answer = self.call_builtin(row, "equal", vec![x.clone(), y.clone()], at)?;
        Ok(matches!(answer, Value::Boolean(true)))
    }

    /// math.js `smaller(x, y)` (with its tolerance).
    fn e_smaller(&mut self, x: &Value, y: &Value, at: usize) -> Result<bool, CalculateError> {
        compare(Op::Smaller, x, y, at)
    }

    /// `eigs(A)`, `eigs(A, precision)`, `eigs(A, {precision, eigenvectors})`: the object
    /// `{values, eigenvectors: [{value, vector}]}` of the module doc.
    pub(super) fn eigs(&mut self, values: &[Value], at: usize) -> Evaluated {
        let m = match &values[0] {
            Value::Matrix(m) => Rc::clone(m),
            other => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function eigs (expected: Array or Matrix, actual: {}, index: 0)",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        let options = eigs_options(values.get(1), at)?;
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
        let prec = crate::eval::js_number(&options.precision);
        let mut rows: Rows = m.data.chunks(n.max(1)).map(<[Value]>::to_vec).collect();
        rows.truncate(n);
        let real = rows.iter().flatten().all(|x| match x {
            // math.js `larger(|im|, precision)` is false for NaN.
            Value::Complex(z) => z.im.abs() <= prec || z.im.is_nan() || prec.is_nan(),
            _ => true,
        });
        let (values, vectors) = if real && self.is_symmetric(&mut rows, prec, at)? {
            let kind = coerce(&mut rows, at)?;
            self.symmetric(rows, kind, &options, at)?
        } else {
            let kind = coerce(&mut rows, at)?;
            self.general(rows, kind, &options, at)?
        };
        let array = m.array;
        let vector = |data: Vec<Value>| {
            Value::matrix(Matrix {
                shape: vec![data.len()],
                data,
                array,
            })
        };
        let mut entries = vec![("values".to_string(), vector(values))];
        if options.vectors {
            let list: Vec<Value> = vectors
                .into_iter()
                .map(|(value, v)| {
                    Value::object(vec![
                        ("value".to_string(), value),
                        ("vector".to_string(), vector(v)),
                    ])
                })
                .collect();
            entries.push((
                "eigenvectors".to_string(),
                Value::matrix(Matrix::vector(list).into_array()),
            ));
        }
        Ok(Value::object(entries))
    }

    /// math.js `_matrixNormTwo`: `|sqrt(ρ)|` for ρ the last (largest in absolute value)
    /// eigenvalue of `Aᴴ A`, of a square matrix only.
    pub(super) fn matrix_norm_two(&mut self, m: &Matrix, at: usize) -> Evaluated {
        if !matches!(m.shape.as_slice(), [r, c] if r == c) {
            return Err(failed("Invalid matrix dimensions", at));
        }
        let value = Value::matrix(m.clone());
        let transposed = self.e_call("ctranspose", &value, at)?;
        let square = self.e_op(Op::Multiply, &transposed, &value, at)?;
        let eigen = self.eigs(&[square], at)?;
        let rho = match &eigen {
            Value::Object(entries) => {
                entries
                    .iter()
                    .find(|(k, _)| k == "values")
                    .and_then(|(_, v)| match v {
                        Value::Matrix(values) => values.data.last().cloned(),
                        _ => None,
                    })
            }
            _ => None,
        };
        let rho = rho.unwrap_or(Value::Undefined);
        let root = self.e_call("sqrt", &rho, at)?;
        self.e_call("abs", &root, at)
    }

    /// math.js `isSymmetric` after `coerceReal`: entries become their real parts (a real matrix
    /// only reaches here), then every `|a_ij − a_ji|` is compared with the precision.
    fn is_symmetric(
        &mut self,
        rows: &mut Rows,
        prec: f64,
        at: usize,
    ) -> Result<bool, CalculateError> {
        for cell in rows.iter_mut().flatten() {
            if let Value::Complex(z) = cell {
                *cell = Value::Number(z.re);
            }
        }
        let n = rows.len();
        self.charge((n as u64).saturating_mul(n as u64))?;
        for i in 0..n {
            for j in i..n {
                let difference = self.e_op(Op::Subtract, &rows[i][j], &rows[j][i], at)?;
                let size = self.e_call("abs", &difference, at)?;
                let size = match &size {
                    Value::Fraction(f) => crate::num::fraction::to_f64(f),
                    other => crate::eval::js_number(other),
                };
                if size > prec {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }
}

/// The options argument: a precision (number or BigNumber) or an object with `precision` and
/// `eigenvectors`.
fn eigs_options(value: Option<&Value>, at: usize) -> Result<Options, CalculateError> {
    let mut options = Options {
        precision: Value::Number(REL_TOL),
        vectors: true,
    };
    match value {
        None => {}
        Some(p @ (Value::Number(_) | Value::Big(_) | Value::Fraction(_))) => {
            options.precision = p.clone();
        }
        Some(Value::Object(entries)) => {
            for (key, value) in entries.iter() {
                match key.as_str() {
                    "precision" => options.precision = value.clone(),
                    "eigenvectors" => {
                        options.vectors = match value {
                            Value::Boolean(b) => *b,
                            Value::Number(x) => *x != 0.0 && !x.is_nan(),
                            Value::Null | Value::Undefined => false,
                            _ => true,
                        };
                    }
                    _ => {}
                }
            }
        }
        Some(other) => {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function eigs (expected: number or BigNumber or Object, actual: {}, index: 1)",
                    other.type_name()
                ),
                at,
            ));
        }
    }
    // A Fraction precision (Fraction mode's `1e-10`) is read as JavaScript reads it: a number.
    if let Value::Fraction(f) = &options.precision {
        options.precision = Value::Number(crate::num::fraction::to_f64(f));
    }
    Ok(options)
}

/// math.js `coerceTypes`: the element type, converting every entry to it.
fn coerce(rows: &mut Rows, at: usize) -> Result<Kind, CalculateError> {
    let (mut number, mut big, mut complex) = (false, false, false);
    for x in rows.iter().flatten() {
        match x {
            Value::Number(_) | Value::Fraction(_) => number = true,
            Value::Big(_) => big = true,
            Value::Complex(_) => complex = true,
            other => {
                return Err(mismatch(
                    format!("Unsupported type in Matrix: {}", other.type_name()),
                    at,
                ));
            }
        }
    }
    let kind = if complex {
        Kind::Complex
    } else if big {
        Kind::Big
    } else if number {
        Kind::Number
    } else {
        return Err(mismatch("Matrix contains unsupported types only.", at));
    };
    for x in rows.iter_mut().flatten() {
        *x = match (kind, &*x) {
            (Kind::Complex, Value::Complex(_)) | (Kind::Big, Value::Big(_)) => continue,
            (Kind::Complex, other) => {
                Value::Complex(crate::num::complex::Complex::new(real_part(other), 0.0))
            }
            (Kind::Big, other) => Value::Big(crate::num::bignum::from_f64(real_part(other))),
            (_, other) => Value::Number(real_part(other)),
        };
    }
    Ok(kind)
}

/// A number, Fraction or BigNumber entry as a binary64 number.
fn real_part(value: &Value) -> f64 {
    match value {
        Value::Fraction(f) => crate::num::fraction::to_f64(f),
        other => crate::eval::js_number(other),
    }
}

/// An n×n identity in rows, with `one` on the diagonal and `zero` elsewhere (math.js `diag`
/// of a filled array: its zero is a BigNumber when the first entry is one).
fn identity_rows(n: usize, one: &Value) -> Rows {
    let zero = match one {
        Value::Big(_) => Value::Big(crate::num::bignum::from_f64(0.0)),
        _ => Value::Number(0.0),
    };
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| if i == j { one.clone() } else { zero.clone() })
                .collect()
        })
        .collect()
}

/// The value of a rows matrix.
fn rows_value(rows: &Rows) -> Value {
    let r = rows.len();
    let c = rows.first().map_or(0, Vec::len);
    Value::matrix(Matrix::new(vec![r, c], rows.concat()))
}

/// The rows of a two-dimensional matrix value (a vector as one column).
fn value_rows(value: &Value, at: usize) -> Result<Rows, CalculateError> {
    match value {
        Value::Matrix(m) => match m.shape.as_slice() {
            [_, c] if *c > 0 => Ok(m.data.chunks(*c).map(<[Value]>::to_vec).collect()),
            [_] => Ok(m.data.iter().map(|x| vec![x.clone()]).collect()),
            _ => Ok(Vec::new()),
        },
        other => Err(failed(
            format!("eigs: expected a matrix, got {}", other.type_name()),
            at,
        )),
    }
}

/// The constants of an element type: (zero, one).
fn constants(kind: Kind) -> (Value, Value) {
    match kind {
        Kind::Number => (Value::Number(0.0), Value::Number(1.0)),
        Kind::Big => (
            Value::Big(crate::num::bignum::from_f64(0.0)),
            Value::Big(crate::num::bignum::from_f64(1.0)),
        ),
        Kind::Complex => (
            Value::Complex(crate::num::complex::Complex::ZERO),
            Value::Complex(crate::num::complex::Complex::new(1.0, 0.0)),
        ),
    }
}

/// The eigenvalues and, when asked, each eigenvalue with its eigenvector.
type Eigen = (Vec<Value>, Vec<(Value, Vec<Value>)>);
