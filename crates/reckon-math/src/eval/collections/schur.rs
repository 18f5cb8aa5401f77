//! `schur`, `sylvester` and `lyap`, computed as math.js 15.2 computes them, step for step
//! through the evaluator's matrix arithmetic:
//!
//! - `schur(A)`: unshifted QR iteration (math.js `_schur`): from `T = A`, `U = I`, repeat
//!   `Q R = qr(T)`, `T ← R Q`, `U ← U Q` while the matrix 2-norm of the change of T is above
//!   1e-4, at most 102 times; the object `{U, T}` with `A = U T Uᵀ`.
//! - `sylvester(A, B, C)`: the Bartels–Stewart algorithm (math.js `_sylvester`): the Schur
//!   forms `A = U F Uᵀ` and `−B = V G Vᵀ`, `D = Uᵀ C V`, then the columns `y_k` of `Y` by
//!   forward substitution over G's columns, solving `(F − g_kk I) y_k = d_k + Σ_j y_j g_jk` with
//!   `lusolve`, or a 2m×2m system for a 2×2 block (a subdiagonal `|g_k+1,k| > 1e-5`); and
//!   `X = U (Y Vᵀ)`, which solves `A X + X B = C`.
//! - `lyap(A, Q)`: `sylvester(A, Aᵀ, −Q)`, which solves `A P + P Aᵀ = Q`.
//!
//! Work: each QR step, product and solve is metered where it is done; the iterations are
//! bounded (102 QR steps per Schur form, one solve per column of B).
//!
//! Speed: in BigNumber mode most of a step's time is the convergence test's 2-norm (64-digit
//! Jacobi rotations on `Δᵀ Δ`). It cannot be estimated in binary64 instead: math.js's
//! BigNumber `norm` takes the last of `eigs`' values, which it orders by comparing decimal
//! texts (see `eigs/mod.rs`), so it is not always the largest eigenvalue, and a Frobenius or
//! binary64 estimate stops the iteration at other steps than math.js (tried: `sylvester([1, 2;
//! 3, 4], [5, 6; 7, 8], [1, 0; 0, 1])` then differs from math.js in the 8th digit).

use super::*;

/// math.js `_schur`'s convergence bound on the 2-norm of the change, and its step cap.
const SCHUR_TOLERANCE: f64 = 1e-4;
const SCHUR_STEPS: u32 = 100;

/// The rows of a two-dimensional matrix value (a vector as one column).
fn rows_of(value: &Value) -> Vec<Vec<Value>> {
    match value {
        Value::Matrix(m) => match m.shape.as_slice() {
            [_, c] if *c > 0 => m.data.chunks(*c).map(<[Value]>::to_vec).collect(),
            [_] => m.data.iter().map(|x| vec![x.clone()]).collect(),
            _ => Vec::new(),
        },
        other => vec![vec![other.clone()]],
    }
}

/// A matrix value of rows.
fn of_rows(rows: Vec<Vec<Value>>) -> Value {
    let r = rows.len();
    let c = rows.first().map_or(0, Vec::len);
    Value::matrix(Matrix::new(vec![r, c], rows.concat()))
}

/// math.js `concat(x, y, 0)` of two matrices: the rows of x, then those of y.
fn stack(x: &Value, y: &Value) -> Value {
    let mut rows = rows_of(x);
    rows.extend(rows_of(y));
    of_rows(rows)
}

/// math.js `concat(x, y, 1)` of two matrices with as many rows: each row of x, then y's.
fn side_by_side(x: &Value, y: &Value) -> Value {
    let rows = rows_of(x)
        .into_iter()
        .zip(rows_of(y))
        .map(|(mut left, right)| {
            left.extend(right);
            left
        })
        .collect();
    of_rows(rows)
}

/// A member of an object value.
fn member(object: &Value, key: &str) -> Value {
    match object {
        Value::Object(entries) => entries
            .iter()
            .find(|(k, _)| k == key)
            .map_or(Value::Undefined, |(_, v)| v.clone()),
        _ => Value::Undefined,
    }
}

impl Evaluator {
    fn s_op(&mut self, op: Op, x: &Value, y: &Value, at: usize) -> Evaluated {
        self.binary(op, x, y, false, (at, at), at)
    }

    fn s_call(&mut self, name: &'static str, args: Vec<Value>, at: usize) -> Evaluated {
        let row = crate::functions::builtin(name).ok_or_else(|| not_implemented(name, at))?;
        self.call_builtin(row, name, args, at)
    }

    /// math.js `schur(A)`: the object `{U, T}` of the module doc.
    pub(super) fn schur(&mut self, value: &Value, at: usize) -> Evaluated {
        let (u, t) = self.schur_form(value, at)?;
        Ok(Value::object(vec![("U".into(), u), ("T".into(), t)]))
    }

    /// The pair (U, T) of `schur`.
    fn schur_form(&mut self, value: &Value, at: usize) -> Result<(Value, Value), CalculateError> {
        let Value::Matrix(m) = value else {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function schur (expected: Array or Matrix, actual: {}, index: 0)",
                    value.type_name()
                ),
                at,
            ));
        };
        let n = m.shape.first().copied().unwrap_or(0);
        let array = m.array;
        let mut a = value.clone();
        let mut u = self.s_call("identity", vec![Value::Number(n as f64)], at)?;
        if let Value::Matrix(identity) = &u {
            let mut identity = (**identity).clone();
            identity.array = array;
            u = Value::matrix(identity);
        }
        let mut k = 0;
        loop {
            let previous = a.clone();
            let qr = self.qr(&a, at)?;
            let (q, r) = (member(&qr, "Q"), member(&qr, "R"));
            a = self.s_op(Op::Multiply, &r, &q, at)?;
            u = self.s_op(Op::Multiply, &u, &q, at)?;
            if k > SCHUR_STEPS {
                break;
            }
            k += 1;
            let change = self.s_op(Op::Subtract, &a, &previous, at)?;
            let size = self.norm(&[change], at)?;
            if crate::eval::js_number(&size).partial_cmp(&SCHUR_TOLERANCE)
                != Some(Ordering::Greater)
            {
                break;
            }
        }
        Ok((u, a))
    }
}

impl Evaluator {
    /// The matrix argument `index` of `name`, or typed-function's refusal.
    fn matrix_argument<'v>(
        name: &str,
        values: &'v [Value],
        index: usize,
        at: usize,
    ) -> Result<&'v Rc<Matrix>, CalculateError> {
        match &values[index] {
            Value::Matrix(m) => Ok(m),
            other => Err(mismatch(
                format!(
                    "Unexpected type of argument in function {name} (expected: Array or Matrix, actual: {}, index: {index})",
                    other.type_name()
                ),
                at,
            )),
        }
    }

    /// math.js `lyap(A, Q)`: `sylvester(A, Aᵀ, −Q)`.
    pub(super) fn lyap(&mut self, values: &[Value], at: usize) -> Evaluated {
        Self::matrix_argument("lyap", values, 0, at)?;
        Self::matrix_argument("lyap", values, 1, at)?;
        let transposed = self.s_call("transpose", vec![values[0].clone()], at)?;
        let negated = self.s_op(Op::Multiply, &Value::Number(-1.0), &values[1], at)?;
        self.sylvester(&[values[0].clone(), transposed, negated], at)
    }

    /// math.js `sylvester(A, B, C)`: X with `A X + X B = C` (module doc).
    pub(super) fn sylvester(&mut self, values: &[Value], at: usize) -> Evaluated {
        let mut array = true;
        for index in 0..3 {
            array &= Self::matrix_argument("sylvester", values, index, at)?.array;
        }
        let (a, b, c) = (&values[0], &values[1], &values[2]);
        let n = rows_of(b).len();
        let m = rows_of(a).len();
        let (u, f) = self.schur_form(a, at)?;
        let minus_b = self.s_op(Op::Multiply, &Value::Number(-1.0), b, at)?;
        let (v, g) = self.schur_form(&minus_b, at)?;
        let ut = self.s_call("transpose", vec![u.clone()], at)?;
        let utc = self.s_op(Op::Multiply, &ut, c, at)?;
        let d = rows_of(&self.s_op(Op::Multiply, &utc, &v, at)?);
        let g = rows_of(&g);
        let column = |k: usize| -> Value {
            of_rows(
                d.iter()
                    .map(|row| vec![row.get(k).cloned().unwrap_or(Value::Undefined)])
                    .collect(),
            )
        };
        let cell = |i: usize, j: usize| -> Value {
            g.get(i)
                .and_then(|row| row.get(j))
                .cloned()
                .unwrap_or(Value::Undefined)
        };
        let identity = self.s_call("identity", vec![Value::Number(m as f64)], at)?;
        let mut y: Vec<Value> = Vec::with_capacity(n);
        let mut k = 0;
        while k < n {
            let block = k + 1 < n && {
                let size = self.s_call("abs", vec![cell(k + 1, k)], at)?;
                crate::eval::js_number(&size) > 1e-5
            };
            if block {
                let mut rhs = stack(&column(k), &column(k + 1));
                for (j, yj) in y.iter().enumerate().take(k) {
                    let left = self.s_op(Op::Multiply, yj, &cell(j, k), at)?;
                    let right = self.s_op(Op::Multiply, yj, &cell(j, k + 1), at)?;
                    rhs = self.s_op(Op::Add, &rhs, &stack(&left, &right), at)?;
                }
                let mut scaled = Vec::with_capacity(4);
                for (i, j) in [(k, k), (k + 1, k), (k, k + 1), (k + 1, k + 1)] {
                    let negated = self.s_op(Op::Multiply, &Value::Number(-1.0), &cell(i, j), at)?;
                    scaled.push(self.s_op(Op::Multiply, &identity, &negated, at)?);
                }
                let top_left = self.s_op(Op::Add, &f, &scaled[0], at)?;
                let bottom_right = self.s_op(Op::Add, &f, &scaled[3], at)?;
                let lhs = stack(
                    &side_by_side(&top_left, &scaled[1]),
                    &side_by_side(&scaled[2], &bottom_right),
                );
                let solution = rows_of(&self.lusolve(&[lhs, rhs], at)?);
                y.push(of_rows(solution[..m.min(solution.len())].to_vec()));
                y.push(of_rows(solution[m.min(solution.len())..].to_vec()));
                k += 2;
            } else {
                let mut rhs = column(k);
                for (j, yj) in y.iter().enumerate().take(k) {
                    let term = self.s_op(Op::Multiply, yj, &cell(j, k), at)?;
                    rhs = self.s_op(Op::Add, &rhs, &term, at)?;
                }
                let shift = self.s_op(Op::Multiply, &cell(k, k), &identity, at)?;
                let lhs = self.s_op(Op::Subtract, &f, &shift, at)?;
                y.push(self.lusolve(&[lhs, rhs], at)?);
                k += 1;
            }
        }
        let big_y = self.matrix_from_vectors("matrixFromColumns", &y, at)?;
        let vt = self.s_call("transpose", vec![v], at)?;
        let yvt = self.s_op(Op::Multiply, &big_y, &vt, at)?;
        let x = self.s_op(Op::Multiply, &u, &yvt, at)?;
        Ok(match x {
            Value::Matrix(x) => {
                let mut x = (*x).clone();
                x.array = array;
                Value::matrix(x)
            }
            other => other,
        })
    }
}
