//! Matrix decompositions beyond LU (`solve.rs` has `lup`), computed as math.js 15.2 computes
//! them, operation for operation and in the same order, through the evaluator's scalar
//! arithmetic (number, BigNumber and Complex entries; Fraction mode refuses at the first square
//! root, which has no exact Fraction form):
//!
//! - `qr`: Householder reflections, column by column (math.js `_denseQRimpl`): for column k,
//!   `alpha = -sign(pivot) · sqrt(Σ |r_ik|²)` (the sign 1 for a zero pivot), the reflector `w`
//!   with `w_k = 1` and `w_i = r_ik / (pivot − alpha)` below it and `tau = −conj((pivot −
//!   alpha) / alpha)`; R's columns k.. and Q's columns k.. are updated in place, each by a dot
//!   product accumulated from a number 0, and multiplied (R) or divided (Q) by
//!   `conj(−sign(pivot))`. Q starts as a number identity, and the entries below R's diagonal
//!   are set to 0 at the end (a Complex 0 when R's first entry is Complex). The result is an
//!   object `{Q, R}` that prints as math.js's `toString` writes it (`Q: [[…]]\nR: [[…]]`).

use super::*;

impl Evaluator {
    /// A table function of one argument, by name.
    fn scalar_function(&mut self, name: &'static str, value: &Value, at: usize) -> Evaluated {
        let row = crate::functions::builtin(name).ok_or_else(|| not_implemented(name, at))?;
        self.call_builtin(row, name, vec![value.clone()], at)
    }

    /// `x * y` through the operators.
    fn times(&mut self, x: &Value, y: &Value, at: usize) -> Evaluated {
        self.binary(Op::Multiply, x, y, false, (at, at), at)
    }

    /// math.js `qr` of a dense matrix: the object `{Q, R}` of the module doc.
    pub(super) fn qr(&mut self, value: &Value, at: usize) -> Evaluated {
        let Value::Matrix(m) = value else {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function qr (expected: Array or DenseMatrix or SparseMatrix or Matrix, actual: {}, index: 0)",
                    value.type_name()
                ),
                at,
            ));
        };
        let (rows, cols) = match m.shape.as_slice() {
            [0] | [0, _] => {
                // math.js builds Q as `identity(0)`, which it refuses.
                return Err(failed(
                    "Parameters in function identity must be positive integers",
                    at,
                ));
            }
            [r, c] if *c > 0 => (*r, *c),
            _ => {
                return Err(failed(
                    format!(
                        "qr takes a two-dimensional matrix with at least one column (size: {})",
                        matrix::show_shape(&m.shape)
                    ),
                    at,
                ));
            }
        };
        let steps = rows.min(cols) as u64;
        let (r64, c64) = (rows as u64, cols as u64);
        self.charge(
            steps
                .saturating_mul(r64)
                .saturating_mul(c64.saturating_add(r64))
                .saturating_mul(4),
        )?;
        self.build("qr", r64.saturating_mul(r64) + r64.saturating_mul(c64), at)?;
        let (q, r) = self.householder(m, rows, cols, at)?;
        let array = m.array;
        Ok(Value::object(vec![
            (
                "Q".into(),
                Value::matrix(Matrix {
                    shape: vec![rows, rows],
                    data: q.concat(),
                    array,
                }),
            ),
            (
                "R".into(),
                Value::matrix(Matrix {
                    shape: vec![rows, cols],
                    data: r.concat(),
                    array,
                }),
            ),
            ("toString".into(), Value::Function(Function::Builtin("qr"))),
        ]))
    }

    /// The Householder steps of the module doc: Q and R, row by row. (R is updated a column
    /// at a time, down its rows: index loops read as the algorithm does.)
    #[allow(clippy::type_complexity, clippy::needless_range_loop)]
    pub(super) fn householder(
        &mut self,
        m: &Matrix,
        rows: usize,
        cols: usize,
        at: usize,
    ) -> Result<(Vec<Vec<Value>>, Vec<Vec<Value>>), CalculateError> {
        let zero = || Value::Number(0.0);
        let mut q: Vec<Vec<Value>> = (0..rows)
            .map(|i| {
                (0..rows)
                    .map(|j| Value::Number(if i == j { 1.0 } else { 0.0 }))
                    .collect()
            })
            .collect();
        let mut r: Vec<Vec<Value>> = m.data.chunks(cols).map(<[Value]>::to_vec).collect();
        let mut w: Vec<Value> = vec![zero(); rows];
        for k in 0..rows.min(cols) {
            let pivot = r[k][k].clone();
            let sign = if self.equals_zero(&pivot, at)? {
                Value::Number(1.0)
            } else {
                self.scalar_function("sign", &pivot, at)?
            };
            let sgn = self.unary(Op::UnaryMinus, sign, at, at)?;
            let conj_sgn = self.scalar_function("conj", &sgn, at)?;
            let mut alpha_squared = zero();
            for row in &r[k..] {
                let conjugate = self.scalar_function("conj", &row[k], at)?;
                let product = self.times(&row[k], &conjugate, at)?;
                alpha_squared =
                    self.binary(Op::Add, &alpha_squared, &product, false, (at, at), at)?;
            }
            let root = self.scalar_function("sqrt", &alpha_squared, at)?;
            let alpha = self.times(&sgn, &root, at)?;
            if self.equals_zero(&alpha, at)? {
                continue;
            }
            let u1 = self.binary(Op::Subtract, &pivot, &alpha, false, (at, at), at)?;
            w[k] = Value::Number(1.0);
            for i in k + 1..rows {
                w[i] = self.binary(Op::Divide, &r[i][k], &u1, false, (at, at), at)?;
            }
            let ratio = self.binary(Op::Divide, &u1, &alpha, false, (at, at), at)?;
            let conjugate = self.scalar_function("conj", &ratio, at)?;
            let tau = self.unary(Op::UnaryMinus, conjugate, at, at)?;
            let w_conj: Vec<Value> = w
                .iter()
                .map(|x| self.scalar_function("conj", x, at))
                .collect::<Result<_, _>>()?;
            for j in k..cols {
                let mut s = zero();
                for i in k..rows {
                    let product = self.times(&w_conj[i], &r[i][j], at)?;
                    s = self.binary(Op::Add, &s, &product, false, (at, at), at)?;
                }
                s = self.times(&s, &tau, at)?;
                for i in k..rows {
                    let product = self.times(&w[i], &s, at)?;
                    let difference =
                        self.binary(Op::Subtract, &r[i][j], &product, false, (at, at), at)?;
                    r[i][j] = self.times(&difference, &conj_sgn, at)?;
                }
            }
            for row in q.iter_mut() {
                let mut s = zero();
                for j in k..rows {
                    let product = self.times(&row[j], &w[j], at)?;
                    s = self.binary(Op::Add, &s, &product, false, (at, at), at)?;
                }
                s = self.times(&s, &tau, at)?;
                for j in k..rows {
                    let product = self.times(&s, &w_conj[j], at)?;
                    let difference =
                        self.binary(Op::Subtract, &row[j], &product, false, (at, at), at)?;
                    row[j] =
                        self.binary(Op::Divide, &difference, &conj_sgn, false, (at, at), at)?;
                }
            }
        }
        let below = if matches!(r[0][0], Value::Complex(_)) {
            Value::Complex(crate::num::complex::Complex::ZERO)
        } else {
            zero()
        };
        for (i, row) in r.iter_mut().enumerate() {
            for cell in row.iter_mut().take(i) {
                *cell = below.clone();
            }
        }
        Ok((q, r))
    }
}
