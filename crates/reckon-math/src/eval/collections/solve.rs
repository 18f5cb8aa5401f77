//! Linear systems and the LU decomposition, computed as math.js 15.2 computes them, operation
//! for operation and in the same order, through the evaluator's scalar arithmetic, so every
//! element type (number, BigNumber, Fraction, Complex, and mixtures) works and exact types stay
//! exact:
//!
//! - `lsolve` / `usolve`: forward / backward substitution, column by column. A right-hand entry
//!   equal to zero (math.js's `equalScalar`, with its tolerance) gives a number 0 without
//!   reading the diagonal; a zero diagonal under a non-zero entry is refused as singular. A
//!   JavaScript-falsy entry (`0`, `NaN`, `false`, `null`) counts as the number 0 (math.js's
//!   `b || 0`).
//! - `lsolveAll` / `usolveAll`: the same substitution over a growing list of right-hand sides:
//!   a zero diagonal with a zero entry adds a basis vector (its own entry a number 1); with a
//!   non-zero entry the first system has no solution (`[]`) and a later one is dropped.
//! - `lup`: Doolittle's LU decomposition with partial pivoting, column by column (math.js
//!   `_denseLUP`): each column first takes away the dot products of the columns before it, then
//!   the largest absolute value (math.js `larger`, with its tolerance) on or below the diagonal
//!   is swapped up, and the entries below it are divided by it. L has number 1s on its
//!   diagonal and number 0s above it, U number 0s below its diagonal; `p` is the inverse of the
//!   row permutation. The result is an object `{L, U, p}` which prints as math.js's
//!   `toString` writes it (`L: [[…]]\nU: [[…]]\nP: 1,0`, see `value::Value::format`).
//! - `lusolve`: `lup` of the matrix (or a given `{L, U, p}`), the right side permuted by `p`,
//!   then `lsolve` with L and `usolve` with U; with `slu`'s `{L, U, p, q}` the substitutions
//!   are math.js's sparse ones, which update only the rows a column stores (so an overflowed
//!   entry never meets an unstored 0), and the solution is then permuted by q
//!   (`x[q[k]] = x_k`).
//!
//! Sparse arguments arrive as dense matrices (the table marks these functions
//! `SPARSE_AS_DENSE`): math.js's sparse substitutions do the same operations on the stored
//! entries. Every solve is charged to the work meter before it starts (n² for a substitution,
//! n³ for a decomposition) and its result counted against the element limits.

use super::*;

/// The types math.js's solvers name for their matrix argument.
const MATRIX_TYPES: &str = "Array or DenseMatrix or SparseMatrix or Matrix";

/// math.js's refusal of a system whose diagonal has a zero where it must divide.
const SINGULAR: &str = "Linear system cannot be solved since matrix is singular";

/// Which triangle a substitution reads: lower (forward) or upper (backward).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Triangle {
    Lower,
    Upper,
}

/// A decomposition `lup` computed: L, U and the permutation `p`.
struct Lup {
    l: Matrix,
    u: Matrix,
    p: Vec<usize>,
}

/// The value math.js reads for `b || 0`: a JavaScript-falsy entry is the number 0.
fn or_zero(value: &Value) -> Value {
    let falsy = match value {
        Value::Number(x) => *x == 0.0 || x.is_nan(),
        Value::Boolean(b) => !b,
        Value::Str(s) => s.is_empty(),
        Value::Null | Value::Undefined => true,
        _ => false,
    };
    if falsy {
        Value::Number(0.0)
    } else {
        value.clone()
    }
}

/// `m` as a square matrix: its order, or math.js's `solveValidation` refusal.
fn square_order(m: &Matrix, at: usize) -> Result<usize, CalculateError> {
    match m.shape.as_slice() {
        [r, c] if r == c => Ok(*r),
        [_, _] => Err(failed(
            format!(
                "Matrix must be square (size: {})",
                matrix::show_shape(&m.shape)
            ),
            at,
        )),
        _ => Err(failed(
            format!(
                "Matrix must be two dimensional (size: {})",
                matrix::show_shape(&m.shape)
            ),
            at,
        )),
    }
}

/// The right side `b` of an n×n system as a column, as math.js's `solveValidation` takes it: a
/// vector of n entries or an n×1 matrix.
fn right_column(b: &Matrix, n: usize, at: usize) -> Result<Vec<Value>, CalculateError> {
    let mismatch = || {
        failed(
            "Dimension mismatch. Matrix columns must match vector length.",
            at,
        )
    };
    match b.shape.as_slice() {
        [len] if *len == n => Ok(b.data.clone()),
        [rows, 1] if *rows == n => Ok(b.data.clone()),
        [_] | [_, _] => Err(mismatch()),
        _ => Err(failed(
            "Dimension mismatch. The right side has to be either 1- or 2-dimensional vector.",
            at,
        )),
    }
}

/// A column of values as an n×1 matrix (an array when the system's matrix was one).
fn column(data: Vec<Value>, array: bool) -> Value {
    let n = data.len();
    Value::matrix(Matrix {
        shape: vec![n, 1],
        data,
        array,
    })
}

impl Evaluator {
    /// The matrix argument (index 0) of a solver, or typed-function's refusal naming `expected`.
    fn solver_matrix<'v>(
        name: &str,
        expected: &str,
        value: &'v Value,
        at: usize,
    ) -> Result<&'v Matrix, CalculateError> {
        match value {
            Value::Matrix(m) => Ok(m),
            other => Err(mismatch(
                format!(
                    "Unexpected type of argument in function {name} (expected: {expected}, actual: {}, index: 0)",
                    other.type_name()
                ),
                at,
            )),
        }
    }

    /// The right-side argument (index 1) of a solver, or typed-function's refusal.
    fn solver_rhs<'v>(
        name: &str,
        value: &'v Value,
        at: usize,
    ) -> Result<&'v Matrix, CalculateError> {
        match value {
            Value::Matrix(m) => Ok(m),
            other => Err(mismatch(
                format!(
                    "Unexpected type of argument in function {name} (expected: Array or Matrix, actual: {}, index: 1)",
                    other.type_name()
                ),
                at,
            )),
        }
    }

    /// math.js `equalScalar(x, 0)`: with its tolerance for numbers, BigNumbers and Complex
    /// parts, exact for Fractions.
    pub(super) fn equals_zero(&self, value: &Value, at: usize) -> Result<bool, CalculateError> {
        match value {
            Value::Complex(z) => Ok(z.equals(crate::num::complex::Complex::ZERO)),
            other => compare(Op::Equal, other, &Value::Number(0.0), at),
        }
    }

    /// `lsolve` and `usolve` (`name`): the substitution of the module doc.
    pub(super) fn triangular_solve(
        &mut self,
        name: &str,
        values: &[Value],
        at: usize,
    ) -> Evaluated {
        let a = Self::solver_matrix(name, MATRIX_TYPES, &values[0], at)?;
        let b = Self::solver_rhs(name, &values[1], at)?;
        let n = square_order(a, at)?;
        let b = right_column(b, n, at)?;
        let triangle = if name == "lsolve" {
            Triangle::Lower
        } else {
            Triangle::Upper
        };
        let x = self.substitute(triangle, n, &a.data, b, None, at)?;
        Ok(column(x, a.array))
    }

    /// One substitution of the n×n matrix `a` (row by row) on the column `b`.
    fn substitute(
        &mut self,
        triangle: Triangle,
        n: usize,
        a: &[Value],
        mut b: Vec<Value>,
        stored: Option<&[Vec<usize>]>,
        at: usize,
    ) -> Result<Vec<Value>, CalculateError> {
        self.build("solve", n as u64, at)?;
        self.charge((n as u64).saturating_mul(n as u64))?;
        let mut x = vec![Value::Number(0.0); n];
        for step in 0..n {
            let j = match triangle {
                Triangle::Lower => step,
                Triangle::Upper => n - 1 - step,
            };
            let bj = or_zero(&b[j]);
            if self.equals_zero(&bj, at)? {
                continue;
            }
            let vjj = &a[j * n + j];
            if self.equals_zero(vjj, at)? {
                return Err(failed(SINGULAR, at));
            }
            let xj = self.binary(Op::Divide, &bj, vjj, false, (at, at), at)?;
            let rows: Vec<usize> = match (triangle, stored) {
                (Triangle::Lower, None) => (j + 1..n).collect(),
                (Triangle::Upper, None) => (0..j).rev().collect(),
                (Triangle::Lower, Some(stored)) => {
                    stored[j].iter().copied().filter(|&i| i > j).collect()
                }
                (Triangle::Upper, Some(stored)) => {
                    stored[j].iter().rev().copied().filter(|&i| i < j).collect()
                }
            };
            for i in rows {
                let product = self.binary(Op::Multiply, &xj, &a[i * n + j], false, (at, at), at)?;
                // math.js's sparse backward substitution reads b[i] as it is (no `|| 0`).
                let bi = match (triangle, stored) {
                    (Triangle::Upper, Some(_)) => b[i].clone(),
                    _ => or_zero(&b[i]),
                };
                b[i] = self.binary(Op::Subtract, &bi, &product, false, (at, at), at)?;
            }
            x[j] = xj;
        }
        Ok(x)
    }

    /// `lsolveAll` and `usolveAll` (`name`): every solution of the module doc, an array of
    /// n×1 matrices.
    pub(super) fn triangular_solve_all(
        &mut self,
        name: &str,
        values: &[Value],
        at: usize,
    ) -> Evaluated {
        let a = Self::solver_matrix(name, MATRIX_TYPES, &values[0], at)?;
        let b = Self::solver_rhs(name, &values[1], at)?;
        let n = square_order(a, at)?;
        let first = right_column(b, n, at)?;
        let lower = name == "lsolveAll";
        // At most n + 1 right sides, each an n² substitution.
        self.charge((n as u64 + 1).saturating_mul((n as u64).saturating_mul(n as u64)))?;
        let m = &a.data;
        let mut sides = vec![first];
        for step in 0..n {
            let i = if lower { step } else { n - 1 - step };
            let later: Vec<usize> = if lower {
                (i + 1..n).collect()
            } else {
                (0..i).rev().collect()
            };
            let diagonal = &m[i * n + i];
            let singular = self.equals_zero(diagonal, at)?;
            let count = sides.len();
            let mut k = 0;
            let mut remaining = count;
            while k < remaining {
                if !singular {
                    let bi =
                        self.binary(Op::Divide, &sides[k][i], diagonal, false, (at, at), at)?;
                    sides[k][i] = bi.clone();
                    for &j in &later {
                        let product =
                            self.binary(Op::Multiply, &bi, &m[j * n + i], false, (at, at), at)?;
                        sides[k][j] =
                            self.binary(Op::Subtract, &sides[k][j], &product, false, (at, at), at)?;
                    }
                } else if !self.equals_zero(&sides[k][i], at)? {
                    if k == 0 {
                        return Ok(Value::matrix(Matrix::vector(Vec::new()).into_array()));
                    }
                    sides.remove(k);
                    remaining -= 1;
                    continue;
                } else if k == 0 {
                    let mut basis = sides[0].clone();
                    basis[i] = Value::Number(1.0);
                    for &j in &later {
                        basis[j] = self.binary(
                            Op::Subtract,
                            &basis[j],
                            &m[j * n + i],
                            false,
                            (at, at),
                            at,
                        )?;
                    }
                    self.build(name, n as u64, at)?;
                    sides.push(basis);
                }
                k += 1;
            }
        }
        let k = sides.len();
        self.build(name, (k as u64).saturating_mul(n as u64), at)?;
        let data: Vec<Value> = sides.into_iter().flatten().collect();
        Ok(Value::matrix(Matrix::new(vec![k, n, 1], data).into_array()))
    }

    /// math.js `lup` of a dense matrix: the object `{L, U, p}` of the module doc.
    pub(super) fn lup(&mut self, value: &Value, at: usize) -> Evaluated {
        let m = Self::solver_matrix("lup", MATRIX_TYPES, value, at)?;
        let Lup { l, u, p } = self.decompose_lup(m, at)?;
        let p =
            Matrix::vector(p.into_iter().map(|i| Value::Number(i as f64)).collect()).into_array();
        Ok(Value::object(vec![
            ("L".into(), Value::matrix(l)),
            ("U".into(), Value::matrix(u)),
            ("p".into(), Value::matrix(p)),
            ("toString".into(), Value::Function(Function::Builtin("lup"))),
        ]))
    }

    /// The LU decomposition with partial pivoting of the module doc.
    fn decompose_lup(&mut self, m: &Matrix, at: usize) -> Result<Lup, CalculateError> {
        let (rows, cols) = match m.shape.as_slice() {
            [r, c] if *c > 0 || *r == 0 => (*r, *c),
            // math.js builds its L of size [rows, 0] and refuses it.
            [r, _] => return Err(failed(format!("Dimension mismatch (0 != {r})"), at)),
            [0] => return Err(failed("Dimension mismatch (0 != NaN)", at)),
            [len] => return Err(failed(format!("Dimension mismatch (0 != {len})"), at)),
            shape => {
                return Err(failed(
                    format!("Dimension mismatch ({} > 2)", shape.len()),
                    at,
                ));
            }
        };
        let n = rows.min(cols);
        let (r64, c64) = (rows as u64, cols as u64);
        self.charge(r64.saturating_mul(c64).saturating_mul(n as u64 + 1))?;
        self.build(
            "lup",
            r64.saturating_mul(n as u64) + (n as u64).saturating_mul(c64),
            at,
        )?;
        let mut data: Vec<Vec<Value>> = m.data.chunks(cols.max(1)).map(<[Value]>::to_vec).collect();
        let mut p: Vec<usize> = (0..rows).collect();
        for j in 0..cols {
            if j > 0 {
                for i in 0..rows {
                    let mut s = Value::Number(0.0);
                    for (left, row_k) in data[i].iter().zip(&data).take(i.min(j)) {
                        let product =
                            self.binary(Op::Multiply, left, &row_k[j], false, (at, at), at)?;
                        s = self.binary(Op::Add, &s, &product, false, (at, at), at)?;
                    }
                    data[i][j] = self.binary(Op::Subtract, &data[i][j], &s, false, (at, at), at)?;
                }
            }
            let mut pivot = j;
            let mut largest = Value::Number(0.0);
            let mut vjj = Value::Number(0.0);
            for (i, row) in data.iter().enumerate().skip(j) {
                let absolute = self.absolute_value(&row[j], at)?;
                if compare(Op::Larger, &absolute, &largest, at)? {
                    pivot = i;
                    largest = absolute;
                    vjj = row[j].clone();
                }
            }
            if pivot != j {
                p.swap(j, pivot);
                data.swap(j, pivot);
            }
            for row in data.iter_mut().skip(j + 1) {
                if !self.equals_zero(&row[j], at)? {
                    row[j] = self.binary(Op::Divide, &row[j], &vjj, false, (at, at), at)?;
                }
            }
        }
        let zero = || Value::Number(0.0);
        let mut l = Vec::with_capacity(rows * n);
        for (i, row) in data.iter().enumerate() {
            for (j, cell) in row.iter().enumerate().take(n) {
                l.push(match i.cmp(&j) {
                    Ordering::Less => zero(),
                    Ordering::Equal => Value::Number(1.0),
                    Ordering::Greater => cell.clone(),
                });
            }
        }
        let mut u = Vec::with_capacity(n * cols);
        for (i, row) in data.iter().enumerate().take(n) {
            for (j, cell) in row.iter().enumerate() {
                u.push(if i > j { zero() } else { cell.clone() });
            }
        }
        let mut inverse = vec![0; rows];
        for (i, &pi) in p.iter().enumerate() {
            inverse[pi] = i;
        }
        Ok(Lup {
            l: Matrix {
                shape: vec![rows, n],
                data: l,
                array: m.array,
            },
            u: Matrix {
                shape: vec![n, cols],
                data: u,
                array: m.array,
            },
            p: inverse,
        })
    }

    /// math.js `lusolve(A, b)`, or `lusolve({L, U, p}, b)` with a decomposition (`lup`'s, or
    /// `slu`'s `{L, U, p, q}` with sparse factors and a column order q).
    pub(super) fn lusolve(&mut self, values: &[Value], at: usize) -> Evaluated {
        const TYPES: &str = "Array or DenseMatrix or SparseMatrix or Object or Matrix";
        if let Value::Object(entries) = &values[0] {
            let b = Self::solver_rhs("lusolve", &values[1], at)?;
            let get = |key: &str| entries.iter().find(|(k, _)| k == key).map(|(_, v)| v);
            let invalid = || failed("Invalid Matrix LU decomposition", at);
            // Each factor, and for a sparse one the rows each column stores, in storage order.
            let factor = |key: &str| match get(key) {
                Some(Value::Matrix(m)) => Some((Matrix::clone(m), None)),
                Some(Value::Sparse(s)) => {
                    let stored: Vec<Vec<usize>> = s
                        .columns()
                        .iter()
                        .map(|c| c.iter().map(|(i, _)| *i).collect())
                        .collect();
                    Some((s.to_dense(), Some(stored)))
                }
                _ => None,
            };
            let (Some((l, l_stored)), Some((u, u_stored))) = (factor("L"), factor("U")) else {
                return Err(invalid());
            };
            let order = |key: &str| match get(key) {
                Some(Value::Matrix(p)) => permutation(&p.data).map(Some).ok_or_else(invalid),
                None | Some(Value::Undefined | Value::Null) => Ok(None),
                Some(_) => Err(invalid()),
            };
            let (p, q) = (order("p")?, order("q")?);
            // Both sparse: math.js's sparse substitutions, which read only the stored entries.
            let stored = match (&l_stored, &u_stored) {
                (Some(l), Some(u)) => Some((l.as_slice(), u.as_slice())),
                _ => None,
            };
            let mut x = self.lu_substitute(&l, &u, p.as_deref(), b, stored, at)?;
            if let Some(q) = q {
                // slu's column order: x[q[k]] = x_k (math.js `csIpvec`).
                if q.len() != x.len() {
                    return Err(invalid());
                }
                let mut permuted = vec![Value::Undefined; x.len()];
                for (k, value) in x.into_iter().enumerate() {
                    permuted[q[k]] = value;
                }
                x = permuted;
            }
            return Ok(column(x, false));
        }
        let a = Self::solver_matrix("lusolve", TYPES, &values[0], at)?;
        let b = Self::solver_rhs("lusolve", &values[1], at)?;
        let Lup { l, u, p } = self.decompose_lup(a, at)?;
        let x = self.lu_substitute(&l, &u, Some(&p), b, None, at)?;
        Ok(column(x, a.array))
    }

    /// math.js's `_lusolve`: `b` permuted by `p`, then `lsolve(L, ·)` and `usolve(U, ·)`.
    fn lu_substitute(
        &mut self,
        l: &Matrix,
        u: &Matrix,
        p: Option<&[usize]>,
        b: &Matrix,
        stored: Option<StoredRows<'_>>,
        at: usize,
    ) -> Result<Vec<Value>, CalculateError> {
        let n = square_order(l, at)?;
        let mut column = right_column(b, n, at)?;
        if let Some(p) = p {
            if p.len() != n {
                return Err(failed("Invalid Matrix LU decomposition", at));
            }
            let mut permuted = vec![Value::Undefined; n];
            for (k, value) in column.into_iter().enumerate() {
                permuted[p[k]] = value;
            }
            column = permuted;
        }
        let y = self.substitute(Triangle::Lower, n, &l.data, column, stored.map(|s| s.0), at)?;
        let m = square_order(u, at)?;
        if m != n {
            return Err(failed(
                "Dimension mismatch. Matrix columns must match vector length.",
                at,
            ));
        }
        self.substitute(Triangle::Upper, n, &u.data, y, stored.map(|s| s.1), at)
    }
}

/// The rows each column of sparse L and U stores, in storage order (math.js's sparse
/// substitutions read only those).
type StoredRows<'a> = (&'a [Vec<usize>], &'a [Vec<usize>]);

/// The permutation `p` of a decomposition: whole numbers 0..n, each once.
fn permutation(values: &[Value]) -> Option<Vec<usize>> {
    let n = values.len();
    let mut seen = vec![false; n];
    let mut out = Vec::with_capacity(n);
    for value in values {
        let Value::Number(x) = value else {
            return None;
        };
        if x.fract() != 0.0 || *x < 0.0 || *x >= n as f64 {
            return None;
        }
        let i = *x as usize;
        if std::mem::replace(&mut seen[i], true) {
            return None;
        }
        out.push(i);
    }
    Some(out)
}
