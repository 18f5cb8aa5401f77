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
//! Divergence: where math.js finds fewer independent solutions than an eigenvalue's
//! multiplicity it tries inverse iteration from *random* vectors; reckon, being deterministic,
//! returns the solutions found (math.js too returns those when its random tries fail).
//!
//! Every sweep and iteration is charged to the meter before it runs (n² per Jacobi rotation
//! search, n³ per QR step) and iterations are bounded, so no input hangs.

// Index loops read as the algorithm does (a_ij, a_ji, columns i and j).
#![allow(clippy::needless_range_loop)]

use super::*;
use crate::eval::js_number;
use crate::num::jsmath;

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

impl Evaluator {
    /// The real symmetric path of the module doc.
    fn symmetric(
        &mut self,
        rows: Rows,
        kind: Kind,
        options: &Options,
        at: usize,
    ) -> Result<Eigen, CalculateError> {
        let n = rows.len();
        let e0 = (crate::eval::js_number(&options.precision) / n as f64).abs();
        let limit = JACOBI_ROTATIONS_PER_ENTRY
            .saturating_mul(n)
            .saturating_mul(n)
            .saturating_add(100);
        let square = (n as u64).saturating_mul(n as u64);
        let vectors = options.vectors;
        let mut s: Rows = identity_rows(n, &Value::Number(1.0));
        let diagonal: Vec<Value>;
        if kind == Kind::Number {
            let mut x: Vec<Vec<f64>> = rows
                .iter()
                .map(|row| row.iter().map(js_number).collect())
                .collect();
            let mut sf: Vec<Vec<f64>> = s
                .iter()
                .map(|row| row.iter().map(js_number).collect())
                .collect();
            self.charge(square)?;
            let mut largest = largest_f64(&x);
            let mut rotations = 0usize;
            while largest.1.abs() >= e0 {
                let (i, j) = largest.0;
                rotations += 1;
                if rotations > limit || j >= n {
                    return Err(jacobi_failed(limit, at));
                }
                self.charge(square.saturating_add(8 * n as u64))?;
                let psi = theta(x[i][i], x[j][j], x[i][j]);
                rotate_f64(&mut x, psi, i, j);
                if vectors {
                    rotate_vectors_f64(&mut sf, psi, i, j);
                }
                largest = largest_f64(&x);
            }
            diagonal = (0..n).map(|i| Value::Number(x[i][i])).collect();
            s = sf
                .into_iter()
                .map(|row| row.into_iter().map(Value::Number).collect())
                .collect();
        } else {
            let mut x = rows;
            self.charge(square)?;
            let mut largest = self.largest_big(&x, at)?;
            let mut rotations = 0usize;
            while js_number(&largest.1).abs() >= e0 {
                let (i, j) = largest.0;
                rotations += 1;
                if rotations > limit || j >= n {
                    return Err(jacobi_failed(limit, at));
                }
                self.charge(square.saturating_add(64 * n as u64))?;
                let psi = self.theta_big(&x[i][i], &x[j][j], &x[i][j], at)?;
                self.rotate_big(&mut x, &psi, i, j, at)?;
                if vectors {
                    self.rotate_vectors_big(&mut s, &psi, i, j, at)?;
                }
                largest = self.largest_big(&x, at)?;
            }
            diagonal = (0..n).map(|i| x[i][i].clone()).collect();
        }
        self.by_size(diagonal, vectors.then_some(s), at)
    }

    /// math.js `sorting`: eigenvalues by increasing absolute value (the first minimum wins,
    /// compared as JavaScript's `<` compares them), each with its column of `s`.
    fn by_size(
        &mut self,
        mut values: Vec<Value>,
        mut s: Option<Rows>,
        at: usize,
    ) -> Result<Eigen, CalculateError> {
        let n = values.len();
        self.charge((n as u64).saturating_mul(n as u64).saturating_mul(2))?;
        let mut sorted = Vec::with_capacity(n);
        let mut vectors = Vec::with_capacity(n);
        while !values.is_empty() {
            let mut min_id = 0;
            let mut min_abs = self.e_call("abs", &values[0], at)?;
            for j in 0..values.len() {
                let size = self.e_call("abs", &values[j], at)?;
                if js_less(&size, &min_abs) {
                    min_id = j;
                    min_abs = size;
                }
            }
            let value = values.remove(min_id);
            if let Some(s) = s.as_mut() {
                let column: Vec<Value> = s.iter_mut().map(|row| row.remove(min_id)).collect();
                vectors.push((value.clone(), column));
            }
            sorted.push(value);
        }
        Ok((sorted, vectors))
    }

    /// math.js `getAijBig`: the largest off-diagonal entry above the diagonal, as JavaScript
    /// compares them ([`js_less`]).
    fn largest_big(
        &mut self,
        x: &Rows,
        at: usize,
    ) -> Result<((usize, usize), Value), CalculateError> {
        let mut max = Value::Number(0.0);
        let mut index = (0, 1);
        for (i, row) in x.iter().enumerate() {
            for (j, cell) in row.iter().enumerate().skip(i + 1) {
                let current = self.e_call("abs", &max, at)?;
                let candidate = self.e_call("abs", cell, at)?;
                if js_less(&current, &candidate) {
                    max = candidate;
                    index = (i, j);
                }
            }
        }
        Ok((index, max))
    }

    /// math.js `getThetaBig`.
    fn theta_big(&mut self, aii: &Value, ajj: &Value, aij: &Value, at: usize) -> Evaluated {
        let denom = self.e_op(Op::Subtract, ajj, aii, at)?;
        let size = self.e_call("abs", &denom, at)?;
        if js_number(&size) <= REL_TOL {
            let minus_one = Value::Big(crate::num::bignum::from_f64(-1.0));
            let half_turn = self.e_call("acos", &minus_one, at)?;
            let four = Value::Big(crate::num::bignum::from_f64(4.0));
            return self.e_op(Op::Divide, &half_turn, &four, at);
        }
        let twice = self.e_op(Op::Multiply, &Value::Number(2.0), aij, at)?;
        let inverse = self.e_call("inv", &denom, at)?;
        let ratio = self.e_op(Op::Multiply, &twice, &inverse, at)?;
        let angle = self.e_call("atan", &ratio, at)?;
        self.e_op(Op::Multiply, &Value::Number(0.5), &angle, at)
    }

    /// `c·x − s·y` and `s·x + c·y`.
    fn turn(
        &mut self,
        c: &Value,
        s: &Value,
        x: &Value,
        y: &Value,
        at: usize,
    ) -> Result<(Value, Value), CalculateError> {
        let cx = self.e_op(Op::Multiply, c, x, at)?;
        let sy = self.e_op(Op::Multiply, s, y, at)?;
        let first = self.e_op(Op::Subtract, &cx, &sy, at)?;
        let sx = self.e_op(Op::Multiply, s, x, at)?;
        let cy = self.e_op(Op::Multiply, c, y, at)?;
        let second = self.e_op(Op::Add, &sx, &cy, at)?;
        Ok((first, second))
    }

    /// math.js `x1Big`: the rotation by `theta` in the plane (i, j).
    fn rotate_big(
        &mut self,
        h: &mut Rows,
        theta: &Value,
        i: usize,
        j: usize,
        at: usize,
    ) -> Result<(), CalculateError> {
        let n = h.len();
        let c = self.e_call("cos", theta, at)?;
        let s = self.e_call("sin", theta, at)?;
        let c2 = self.e_op(Op::Multiply, &c, &c, at)?;
        let s2 = self.e_op(Op::Multiply, &s, &s, at)?;
        let two = Value::Big(crate::num::bignum::from_f64(2.0));
        let mut cs = self.e_op(Op::Multiply, &two, &c, at)?;
        cs = self.e_op(Op::Multiply, &cs, &s, at)?;
        let cs_hij = self.e_op(Op::Multiply, &cs, &h[i][j], at)?;
        let c2_hii = self.e_op(Op::Multiply, &c2, &h[i][i], at)?;
        let s2_hjj = self.e_op(Op::Multiply, &s2, &h[j][j], at)?;
        let first = self.e_op(Op::Subtract, &c2_hii, &cs_hij, at)?;
        let aii = self.e_op(Op::Add, &first, &s2_hjj, at)?;
        let s2_hii = self.e_op(Op::Multiply, &s2, &h[i][i], at)?;
        let c2_hjj = self.e_op(Op::Multiply, &c2, &h[j][j], at)?;
        let first = self.e_op(Op::Add, &s2_hii, &cs_hij, at)?;
        let ajj = self.e_op(Op::Add, &first, &c2_hjj, at)?;
        let mut aki = Vec::with_capacity(n);
        let mut akj = Vec::with_capacity(n);
        for k in 0..n {
            let (x, y) = self.turn(&c, &s, &h[i][k], &h[j][k], at)?;
            aki.push(x);
            akj.push(y);
        }
        let zero = Value::Big(crate::num::bignum::from_f64(0.0));
        h[i][i] = aii;
        h[j][j] = ajj;
        h[i][j] = zero.clone();
        h[j][i] = zero;
        for k in (0..n).filter(|&k| k != i && k != j) {
            h[i][k] = aki[k].clone();
            h[k][i] = aki[k].clone();
            h[j][k] = akj[k].clone();
            h[k][j] = akj[k].clone();
        }
        Ok(())
    }

    /// math.js `Sij1Big`: the rotation applied to the columns i and j of the eigenvectors.
    fn rotate_vectors_big(
        &mut self,
        s: &mut Rows,
        theta: &Value,
        i: usize,
        j: usize,
        at: usize,
    ) -> Result<(), CalculateError> {
        let c = self.e_call("cos", theta, at)?;
        let sine = self.e_call("sin", theta, at)?;
        for row in s.iter_mut() {
            let (x, y) = self.turn(&c, &sine, &row[i], &row[j], at)?;
            row[i] = x;
            row[j] = y;
        }
        Ok(())
    }
}

/// The refusal of a Jacobi iteration that does not converge (math.js would loop forever).
fn jacobi_failed(limit: usize, at: usize) -> CalculateError {
    failed(
        format!(
            "The eigenvalues failed to converge: the Jacobi rotations did not meet the precision after {limit} rotations; retry with a larger precision argument, eigs(A, 1e-6)"
        ),
        at,
    )
}

/// math.js `getAij`: the largest `|a_ij|` above the diagonal (first wins) and where it is.
fn largest_f64(x: &[Vec<f64>]) -> ((usize, usize), f64) {
    let mut max = 0.0f64;
    let mut index = (0, 1);
    for (i, row) in x.iter().enumerate() {
        for (j, cell) in row.iter().enumerate().skip(i + 1) {
            if max.abs() < cell.abs() {
                max = cell.abs();
                index = (i, j);
            }
        }
    }
    (index, max)
}

/// math.js `getTheta`.
fn theta(aii: f64, ajj: f64, aij: f64) -> f64 {
    let denom = ajj - aii;
    if denom.abs() <= REL_TOL {
        std::f64::consts::PI / 4.0
    } else {
        0.5 * jsmath::atan(2.0 * aij / (ajj - aii))
    }
}

/// math.js `x1`: the rotation by `theta` in the plane (i, j), in binary64.
fn rotate_f64(h: &mut [Vec<f64>], theta: f64, i: usize, j: usize) {
    let n = h.len();
    let c = jsmath::cos(theta);
    let s = jsmath::sin(theta);
    let c2 = c * c;
    let s2 = s * s;
    let aii = c2 * h[i][i] - 2.0 * c * s * h[i][j] + s2 * h[j][j];
    let ajj = s2 * h[i][i] + 2.0 * c * s * h[i][j] + c2 * h[j][j];
    let aki: Vec<f64> = (0..n).map(|k| c * h[i][k] - s * h[j][k]).collect();
    let akj: Vec<f64> = (0..n).map(|k| s * h[i][k] + c * h[j][k]).collect();
    h[i][i] = aii;
    h[j][j] = ajj;
    h[i][j] = 0.0;
    h[j][i] = 0.0;
    for k in (0..n).filter(|&k| k != i && k != j) {
        h[i][k] = aki[k];
        h[k][i] = aki[k];
        h[j][k] = akj[k];
        h[k][j] = akj[k];
    }
}

/// math.js `Sij1`: the rotation applied to the columns i and j of the eigenvectors.
fn rotate_vectors_f64(s: &mut [Vec<f64>], theta: f64, i: usize, j: usize) {
    let c = jsmath::cos(theta);
    let sine = jsmath::sin(theta);
    for row in s.iter_mut() {
        let (x, y) = (row[i], row[j]);
        row[i] = c * x - sine * y;
        row[j] = sine * x + c * y;
    }
}

impl Evaluator {
    /// The general path of the module doc: balance, Hessenberg form, shifted QR, eigenvectors.
    fn general(
        &mut self,
        mut arr: Rows,
        kind: Kind,
        options: &Options,
        at: usize,
    ) -> Result<Eigen, CalculateError> {
        let prec = match kind {
            Kind::Big => match &options.precision {
                Value::Big(_) => options.precision.clone(),
                other => Value::Big(crate::num::bignum::from_f64(js_number(other))),
            },
            _ => options.precision.clone(),
        };
        let mut r = self.balance(&mut arr, kind, options.vectors, at)?;
        self.hessenberg(&mut arr, &prec, &mut r, at)?;
        let (values, c) = self.qr_iterations(&arr, kind, &prec, options.vectors, at)?;
        match (c, r) {
            (Some(c), Some(r)) => {
                let vectors =
                    self.eigenvectors(&arr, &c, &r, &values, &options.precision, kind, at)?;
                Ok((values, vectors))
            }
            _ => Ok((values, Vec::new())),
        }
    }

    /// math.js `balance`: scales rows and columns by powers of the radix until a sweep changes
    /// nothing; the diagonal of the scaling, as rows, when eigenvectors are asked for.
    fn balance(
        &mut self,
        arr: &mut Rows,
        kind: Kind,
        vectors: bool,
        at: usize,
    ) -> Result<Option<Rows>, CalculateError> {
        let n = arr.len();
        let big = kind == Kind::Big;
        let (_, one) = constants(kind);
        let real = |x: f64| {
            if big {
                Value::Big(crate::num::bignum::from_f64(x))
            } else {
                Value::Number(x)
            }
        };
        let (real_zero, real_one, radix) =
            (real(0.0), real(1.0), real(if big { 10.0 } else { 2.0 }));
        let radix_sq = self.e_op(Op::Multiply, &radix, &radix, at)?;
        let mut rdiag = vec![one.clone(); n];
        let zero = Value::Number(0.0);
        let mut sweeps = 0;
        let mut last = false;
        while !last {
            last = true;
            sweeps += 1;
            if sweeps > BALANCE_SWEEPS {
                return Err(failed(
                    "eigs could not balance the matrix (its entries are too far apart in size)",
                    at,
                ));
            }
            self.charge((n as u64).saturating_mul(n as u64).saturating_mul(4))?;
            for i in 0..n {
                let mut col_norm = real_zero.clone();
                let mut row_norm = real_zero.clone();
                for j in (0..n).filter(|&j| j != i) {
                    let a = self.e_call("abs", &arr[j][i], at)?;
                    col_norm = self.e_op(Op::Add, &col_norm, &a, at)?;
                    let a = self.e_call("abs", &arr[i][j], at)?;
                    row_norm = self.e_op(Op::Add, &row_norm, &a, at)?;
                }
                if compare(Op::Equal, &col_norm, &zero, at)?
                    || compare(Op::Equal, &row_norm, &zero, at)?
                {
                    continue;
                }
                let mut f = real_one.clone();
                let mut c = col_norm.clone();
                let row_div = self.e_op(Op::Divide, &row_norm, &radix, at)?;
                let row_mul = self.e_op(Op::Multiply, &row_norm, &radix, at)?;
                let mut steps = 0;
                while self.e_smaller(&c, &row_div, at)? {
                    steps += 1;
                    if steps > BALANCE_STEPS {
                        return Err(failed("eigs could not balance the matrix", at));
                    }
                    c = self.e_op(Op::Multiply, &c, &radix_sq, at)?;
                    f = self.e_op(Op::Multiply, &f, &radix, at)?;
                }
                while compare(Op::Larger, &c, &row_mul, at)? {
                    steps += 1;
                    if steps > BALANCE_STEPS {
                        return Err(failed("eigs could not balance the matrix", at));
                    }
                    c = self.e_op(Op::Divide, &c, &radix_sq, at)?;
                    f = self.e_op(Op::Divide, &f, &radix, at)?;
                }
                let sum = self.e_op(Op::Add, &c, &row_norm, at)?;
                let left = self.e_op(Op::Divide, &sum, &f, at)?;
                let total = self.e_op(Op::Add, &col_norm, &row_norm, at)?;
                let right = self.e_op(Op::Multiply, &total, &Value::Number(0.95), at)?;
                if self.e_smaller(&left, &right, at)? {
                    last = false;
                    let g = self.e_op(Op::Divide, &Value::Number(1.0), &f, at)?;
                    for j in (0..n).filter(|&j| j != i) {
                        arr[i][j] = self.e_op(Op::Multiply, &arr[i][j], &g, at)?;
                        arr[j][i] = self.e_op(Op::Multiply, &arr[j][i], &f, at)?;
                    }
                    if vectors {
                        rdiag[i] = self.e_op(Op::Multiply, &rdiag[i], &g, at)?;
                    }
                }
            }
        }
        Ok(vectors.then(|| {
            let zero = match &rdiag.first() {
                Some(Value::Big(_)) => real_zero.clone(),
                _ => Value::Number(0.0),
            };
            (0..n)
                .map(|i| {
                    (0..n)
                        .map(|j| {
                            if i == j {
                                rdiag[i].clone()
                            } else {
                                zero.clone()
                            }
                        })
                        .collect()
                })
                .collect()
        }))
    }

    /// math.js `reduceToHessenberg`: Gaussian elimination below the subdiagonal with the
    /// largest entry as pivot, the same steps applied to `r`.
    fn hessenberg(
        &mut self,
        arr: &mut Rows,
        prec: &Value,
        r: &mut Option<Rows>,
        at: usize,
    ) -> Result<(), CalculateError> {
        let n = arr.len();
        let n64 = n as u64;
        self.charge(
            n64.saturating_mul(n64)
                .saturating_mul(n64)
                .saturating_mul(3),
        )?;
        let zero = match &arr.first().and_then(|row| row.first()) {
            Some(Value::Big(_)) => Value::Big(crate::num::bignum::from_f64(0.0)),
            Some(Value::Complex(_)) => Value::Complex(crate::num::complex::Complex::ZERO),
            _ => Value::Number(0.0),
        };
        for i in 0..n.saturating_sub(2) {
            let mut max_index = 0;
            let mut max = zero.clone();
            for j in i + 1..n {
                let current = self.e_call("abs", &max, at)?;
                let candidate = self.e_call("abs", &arr[j][i], at)?;
                if self.e_smaller(&current, &candidate, at)? {
                    max = arr[j][i].clone();
                    max_index = j;
                }
            }
            let size = self.e_call("abs", &max, at)?;
            if self.e_smaller(&size, prec, at)? {
                continue;
            }
            if max_index != i + 1 {
                arr.swap(max_index, i + 1);
                for row in arr.iter_mut() {
                    row.swap(max_index, i + 1);
                }
                if let Some(r) = r.as_mut() {
                    r.swap(max_index, i + 1);
                }
            }
            for j in i + 2..n {
                let factor = self.e_op(Op::Divide, &arr[j][i], &max, at)?;
                if matches!(factor, Value::Number(x) if x == 0.0) {
                    continue;
                }
                for k in 0..n {
                    let product = self.e_op(Op::Multiply, &factor, &arr[i + 1][k], at)?;
                    arr[j][k] = self.e_op(Op::Subtract, &arr[j][k], &product, at)?;
                }
                for k in 0..n {
                    let product = self.e_op(Op::Multiply, &factor, &arr[k][j], at)?;
                    arr[k][i + 1] = self.e_op(Op::Add, &arr[k][i + 1], &product, at)?;
                }
                if let Some(r) = r.as_mut() {
                    for k in 0..n {
                        let product = self.e_op(Op::Multiply, &factor, &r[i + 1][k], at)?;
                        r[j][k] = self.e_op(Op::Subtract, &r[j][k], &product, at)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// `a · b` of two rows matrices, through the evaluator's matrix product.
    fn rows_product(&mut self, a: &Rows, b: &Rows, at: usize) -> Result<Rows, CalculateError> {
        let value = self.e_op(Op::Multiply, &rows_value(a), &rows_value(b), at)?;
        value_rows(&value, at)
    }

    /// math.js `iterateUntilTriangular`: the eigenvalues, sorted by absolute value, and the
    /// column transformation C when eigenvectors are asked for.
    fn qr_iterations(
        &mut self,
        a: &Rows,
        kind: Kind,
        prec: &Value,
        vectors: bool,
        at: usize,
    ) -> Result<(Vec<Value>, Option<Rows>), CalculateError> {
        let big_n = a.len();
        let (_, one) = constants(kind);
        let mut arr = a.clone();
        let mut lambdas: Vec<Value> = Vec::new();
        let mut n = big_n;
        let mut blocks: Vec<Rows> = Vec::new();
        let mut q_total = identity_rows(big_n, &one);
        let mut q_partial = identity_rows(n, &one);
        let mut stale = 0;
        let cube = |k: usize| (k as u64).saturating_mul(k as u64).saturating_mul(k as u64);
        while stale <= QR_PATIENCE {
            stale += 1;
            self.charge(cube(n).saturating_mul(12).saturating_add(cube(big_n)))?;
            let shift = arr[n - 1][n - 1].clone();
            for i in 0..n {
                arr[i][i] = self.e_op(Op::Subtract, &arr[i][i], &shift, at)?;
            }
            let m = Matrix::new(vec![n, n], arr.concat());
            let (q, r) = self.householder(&m, n, n, at)?;
            arr = self.rows_product(&r, &q, at)?;
            for i in 0..n {
                arr[i][i] = self.e_op(Op::Add, &arr[i][i], &shift, at)?;
            }
            if vectors {
                q_partial = self.rows_product(&q_partial, &q, at)?;
            }
            let one_block = n == 1 || {
                let size = self.e_call("abs", &arr[n - 1][n - 2], at)?;
                self.e_smaller(&size, prec, at)?
            };
            let deflated = if one_block {
                lambdas.push(arr[n - 1][n - 1].clone());
                1
            } else if n == 2 || {
                let size = self.e_call("abs", &arr[n - 2][n - 3], at)?;
                self.e_smaller(&size, prec, at)?
            } {
                let (a, b, c, d) = (
                    arr[n - 2][n - 2].clone(),
                    arr[n - 2][n - 1].clone(),
                    arr[n - 1][n - 2].clone(),
                    arr[n - 1][n - 1].clone(),
                );
                let (l1, l2) = self.eigenvalues_2x2(&a, &b, &c, &d, at)?;
                if vectors {
                    let block = self.jordan_2x2([&a, &b, &c, &d], &l1, &l2, prec, kind, at)?;
                    blocks.insert(0, block);
                }
                lambdas.push(l1);
                lambdas.push(l2);
                2
            } else {
                0
            };
            if deflated > 0 {
                stale = 0;
                if vectors {
                    if deflated == 1 {
                        blocks.insert(0, vec![vec![Value::Number(1.0)]]);
                    }
                    inflate(&mut q_partial, big_n);
                    q_total = self.rows_product(&q_total, &q_partial, at)?;
                    if n > deflated {
                        q_partial = identity_rows(n - deflated, &one);
                    }
                }
                n -= deflated;
                arr.truncate(n);
                for row in arr.iter_mut() {
                    row.truncate(n);
                }
            }
            if n == 0 {
                break;
            }
        }
        self.sort_by_size(&mut lambdas, at)?;
        if stale > QR_PATIENCE {
            let found: Vec<String> = lambdas.iter().map(|v| v.format(None)).collect();
            return Err(failed(
                format!(
                    "The eigenvalues failed to converge. Only found these eigenvalues: {}",
                    found.join(", ")
                ),
                at,
            ));
        }
        if !vectors {
            return Ok((lambdas, None));
        }
        let diagonal = block_diagonal(&blocks, big_n);
        let c = self.rows_product(&q_total, &diagonal, at)?;
        Ok((lambdas, Some(c)))
    }

    /// math.js `lambdas.sort((a, b) => +subtract(abs(a), abs(b)))`: a stable sort.
    fn sort_by_size(&mut self, lambdas: &mut [Value], at: usize) -> Result<(), CalculateError> {
        let n = lambdas.len() as u64;
        self.charge(n.saturating_mul(n).saturating_mul(4))?;
        for i in 1..lambdas.len() {
            let mut k = i;
            while k > 0 {
                let left = self.e_call("abs", &lambdas[k - 1], at)?;
                let right = self.e_call("abs", &lambdas[k], at)?;
                let difference = self.e_op(Op::Subtract, &left, &right, at)?;
                if js_number(&difference) > 0.0 {
                    lambdas.swap(k - 1, k);
                    k -= 1;
                } else {
                    break;
                }
            }
        }
        Ok(())
    }

    /// math.js `eigenvalues2x2`.
    fn eigenvalues_2x2(
        &mut self,
        a: &Value,
        b: &Value,
        c: &Value,
        d: &Value,
        at: usize,
    ) -> Result<(Value, Value), CalculateError> {
        let trace = self.e_op(Op::Add, a, d, at)?;
        let ad = self.e_op(Op::Multiply, a, d, at)?;
        let bc = self.e_op(Op::Multiply, b, c, at)?;
        let det = self.e_op(Op::Subtract, &ad, &bc, at)?;
        let x = self.e_op(Op::Multiply, &trace, &Value::Number(0.5), at)?;
        let square = self.e_op(Op::Multiply, &trace, &trace, at)?;
        let four_det = self.e_op(Op::Multiply, &Value::Number(4.0), &det, at)?;
        let discriminant = self.e_op(Op::Subtract, &square, &four_det, at)?;
        let root = self.e_call("sqrt", &discriminant, at)?;
        let y = self.e_op(Op::Multiply, &root, &Value::Number(0.5), at)?;
        let first = self.e_op(Op::Add, &x, &y, at)?;
        let second = self.e_op(Op::Subtract, &x, &y, at)?;
        Ok((first, second))
    }

    /// math.js `jordanBase2x2`: the block that makes the 2×2 block upper triangular.
    fn jordan_2x2(
        &mut self,
        [a, b, c, d]: [&Value; 4],
        l1: &Value,
        l2: &Value,
        prec: &Value,
        kind: Kind,
        at: usize,
    ) -> Result<Rows, CalculateError> {
        let (zero, one) = constants(kind);
        let size = self.e_call("abs", c, at)?;
        if self.e_smaller(&size, prec, at)? {
            return Ok(vec![vec![one.clone(), zero.clone()], vec![zero, one]]);
        }
        let gap = self.e_op(Op::Subtract, l1, l2, at)?;
        let gap = self.e_call("abs", &gap, at)?;
        if compare(Op::Larger, &gap, prec, at)? {
            let first = self.e_op(Op::Subtract, l1, d, at)?;
            let second = self.e_op(Op::Subtract, l2, d, at)?;
            return Ok(vec![vec![first, second], vec![c.clone(), c.clone()]]);
        }
        let na = self.e_op(Op::Subtract, a, l1, at)?;
        let nd = self.e_op(Op::Subtract, d, l1, at)?;
        let b_size = self.e_call("abs", b, at)?;
        let nd_size = self.e_call("abs", &nd, at)?;
        if self.e_smaller(&b_size, prec, at)? && self.e_smaller(&nd_size, prec, at)? {
            Ok(vec![vec![na, one], vec![c.clone(), zero]])
        } else {
            Ok(vec![vec![b.clone(), zero], vec![nd, one]])
        }
    }

    /// math.js `findEigenvectors`: for each distinct eigenvalue λ (math.js `equal`), the
    /// solutions of `(C⁻¹ A C − λ I) x = 0` by `usolveAll` but the null vector, completed to
    /// the eigenvalue's multiplicity by inverse iteration ([`Self::inverse_iterate`]), mapped
    /// by `R⁻¹ C`.
    #[allow(clippy::too_many_arguments)]
    fn eigenvectors(
        &mut self,
        a: &Rows,
        c: &Rows,
        r: &Rows,
        values: &[Value],
        prec: &Value,
        kind: Kind,
        at: usize,
    ) -> Result<Vec<(Value, Vec<Value>)>, CalculateError> {
        let n = a.len();
        let c_inv = value_rows(&self.inverse(&rows_value(c), at)?, at)?;
        let u = self.rows_product(&c_inv, a, at)?;
        let u = self.rows_product(&u, c, at)?;
        let (zero, one) = constants(kind);
        let mut unique: Vec<Value> = Vec::new();
        let mut multiplicities: Vec<usize> = Vec::new();
        for lambda in values {
            let mut seen = None;
            for (i, known) in unique.iter().enumerate() {
                if self.e_equal(known, lambda, at)? {
                    seen = Some(i);
                    break;
                }
            }
            match seen {
                Some(i) => multiplicities[i] += 1,
                None => {
                    unique.push(lambda.clone());
                    multiplicities.push(1);
                }
            }
        }
        let b = Value::matrix(Matrix::vector(vec![zero; n]));
        let e = rows_value(&identity_rows(n, &one));
        let r_inv = self.inverse(&rows_value(r), at)?;
        let correction = self.e_op(Op::Multiply, &r_inv, &rows_value(c), at)?;
        let mut vectors = Vec::new();
        for (lambda, multiplicity) in unique.into_iter().zip(multiplicities) {
            let scaled = self.e_op(Op::Multiply, &lambda, &e, at)?;
            let s = self.e_op(Op::Subtract, &rows_value(&u), &scaled, at)?;
            let solutions = self.triangular_solve_all("usolveAll", &[s.clone(), b.clone()], at)?;
            let Value::Matrix(solutions) = solutions else {
                continue;
            };
            let mut found: Vec<Vec<Value>> = solutions
                .data
                .chunks(n.max(1))
                .skip(1)
                .map(<[Value]>::to_vec)
                .collect();
            while found.len() < multiplicity {
                match self.inverse_iterate(&s, n, &found, prec, kind, at)? {
                    Some(v) => found.push(v),
                    None => break,
                }
            }
            for solution in &found {
                let column = Value::matrix(Matrix::new(vec![n, 1], solution.to_vec()));
                let mapped = self.e_op(Op::Multiply, &correction, &column, at)?;
                let data = match mapped {
                    Value::Matrix(m) => m.data.clone(),
                    other => vec![other],
                };
                vectors.push((lambda.clone(), data));
            }
        }
        Ok(vectors)
    }
}

/// math.js `inflateMatrix`: pads an n×n matrix to N×N with number zeros and ones on the
/// diagonal.
fn inflate(arr: &mut Rows, big_n: usize) {
    for row in arr.iter_mut() {
        row.resize(big_n, Value::Number(0.0));
    }
    for i in arr.len()..big_n {
        let mut row = vec![Value::Number(0.0); big_n];
        row[i] = Value::Number(1.0);
        arr.push(row);
    }
}

/// math.js `blockDiag`: the blocks on the diagonal of an N×N matrix of number zeros.
fn block_diagonal(blocks: &[Rows], big_n: usize) -> Rows {
    let mut m = vec![vec![Value::Number(0.0); big_n]; big_n];
    let mut start = 0;
    for block in blocks {
        for (i, row) in block.iter().enumerate() {
            for (j, cell) in row.iter().enumerate() {
                if let Some(target) = m.get_mut(start + i).and_then(|r| r.get_mut(start + j)) {
                    *target = cell.clone();
                }
            }
        }
        start += block.len();
    }
    m
}

/// The start vectors of inverse iteration: math.js draws `2 · Math.random() − 1` per entry;
/// reckon draws from a fixed sequence (a 64-bit linear congruential generator), so an answer
/// is the same each time (math.js's eigenvectors found this way have a random sign).
struct StartVectors(u64);

impl StartVectors {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        2.0 * ((self.0 >> 11) as f64 / (1u64 << 53) as f64) - 1.0
    }
}

impl Evaluator {
    /// math.js `dot(x, y)` of two vectors.
    fn e_dot(&mut self, x: &[Value], y: &[Value], at: usize) -> Evaluated {
        let x = Value::matrix(Matrix::vector(x.to_vec()));
        let y = Value::matrix(Matrix::vector(y.to_vec()));
        self.dot(&[x, y], at)
    }

    /// math.js's local `norm(v)`: `abs(sqrt(dot(v, v)))`.
    fn e_norm(&mut self, v: &[Value], at: usize) -> Evaluated {
        let square = self.e_dot(v, v, at)?;
        let root = self.e_call("sqrt", &square, at)?;
        self.e_call("abs", &root, at)
    }

    /// `factor · v`, entry by entry.
    fn e_scale(
        &mut self,
        factor: &Value,
        v: &[Value],
        at: usize,
    ) -> Result<Vec<Value>, CalculateError> {
        v.iter()
            .map(|x| self.e_op(Op::Multiply, factor, x, at))
            .collect()
    }

    /// math.js `orthogonalComplement`: `v` less its projections on each of `orthog`.
    fn orthogonal_complement(
        &mut self,
        mut v: Vec<Value>,
        orthog: &[Vec<Value>],
        at: usize,
    ) -> Result<Vec<Value>, CalculateError> {
        for w in orthog {
            let wv = self.e_dot(w, &v, at)?;
            let ww = self.e_dot(w, w, at)?;
            let ratio = self.e_op(Op::Divide, &wv, &ww, at)?;
            let projection = self.e_scale(&ratio, w, at)?;
            v = v
                .iter()
                .zip(&projection)
                .map(|(x, p)| self.e_op(Op::Subtract, x, p, at))
                .collect::<Result<_, _>>()?;
        }
        Ok(v)
    }

    /// math.js `normalize`: `(one / norm(v)) · v`.
    fn normalize(
        &mut self,
        v: &[Value],
        kind: Kind,
        at: usize,
    ) -> Result<Vec<Value>, CalculateError> {
        let (_, one) = constants(kind);
        let size = self.e_norm(v, at)?;
        let factor = self.e_op(Op::Divide, &one, &size, at)?;
        self.e_scale(&factor, v, at)
    }

    /// `usolve(s, b)` as a column of values, or `None` when math.js's `usolve` throws.
    fn upper_solve(
        &mut self,
        s: &Value,
        b: &[Value],
        at: usize,
    ) -> Result<Option<Vec<Value>>, CalculateError> {
        let b = Value::matrix(Matrix::vector(b.to_vec()));
        match self.triangular_solve("usolve", &[s.clone(), b], at) {
            Ok(Value::Matrix(x)) => Ok(Some(x.data.clone())),
            Ok(_) => Ok(None),
            Err(e) if e.reason == Reason::EvaluationTimeout => Err(e),
            Err(_) => Ok(None),
        }
    }

    /// math.js `inverseIterate` (Numerical Recipes 11.7): an eigenvector of the nearly singular
    /// upper triangular `s` orthogonal to `orthog`, from up to five start vectors whose
    /// solution grows past 1000, then at most ten steps of `b ← normalize(usolve(s, b))` until
    /// `b` and the next solution are parallel within the precision; `None` when either search
    /// fails. The start vectors are [`StartVectors`]'.
    fn inverse_iterate(
        &mut self,
        s: &Value,
        n: usize,
        orthog: &[Vec<Value>],
        prec: &Value,
        kind: Kind,
        at: usize,
    ) -> Result<Option<Vec<Value>>, CalculateError> {
        let n64 = n as u64;
        self.charge(n64.saturating_mul(n64).saturating_mul(30))?;
        let large = match kind {
            Kind::Big => Value::Big(crate::num::bignum::from_f64(1000.0)),
            _ => Value::Number(1000.0),
        };
        let mut start = StartVectors(0x5EED_2026_1205);
        let mut b = None;
        for _ in 0..5 {
            let v: Vec<Value> = (0..n)
                .map(|_| {
                    let x = start.next();
                    match kind {
                        Kind::Number => Value::Number(x),
                        Kind::Big => Value::Big(crate::num::bignum::from_f64(x)),
                        Kind::Complex => Value::Complex(crate::num::complex::Complex::new(x, 0.0)),
                    }
                })
                .collect();
            let v = self.orthogonal_complement(v, orthog, at)?;
            let v = self.normalize(&v, kind, at)?;
            let Some(x) = self.upper_solve(s, &v, at)? else {
                continue;
            };
            let size = self.e_norm(&x, at)?;
            if compare(Op::Larger, &size, &large, at)? {
                b = Some(x);
                break;
            }
        }
        let Some(mut b) = b else {
            return Ok(None);
        };
        for step in 1.. {
            let Some(c) = self.upper_solve(s, &b, at)? else {
                return Err(failed(
                    "Linear system cannot be solved since matrix is singular",
                    at,
                ));
            };
            let rest = self.orthogonal_complement(b.clone(), std::slice::from_ref(&c), at)?;
            let size = self.e_norm(&rest, at)?;
            if self.e_smaller(&size, prec, at)? {
                break;
            }
            if step >= 10 {
                return Ok(None);
            }
            b = self.normalize(&c, kind, at)?;
        }
        Ok(Some(b))
    }
}
