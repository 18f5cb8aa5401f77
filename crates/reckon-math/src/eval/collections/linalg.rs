//! Linear algebra: matrix products and powers, the inverse (Gauss–Jordan elimination with
//! partial pivoting), the determinant (Bareiss, without fractions), trace, dot, cross and
//! Kronecker products, and norms.

use super::*;

/// [`Evaluator::determinant_general`] of an `n`×`n` matrix (n ≥ 3) whose entries are all
/// numbers, in `f64`: the same elimination with the same operations in the same order, which on
/// numbers are the operators' own arithmetic (a test compares the two). `None` when an entry is
/// not a number.
pub(super) fn number_determinant(data: &[Value], n: usize) -> Option<f64> {
    if data.len() != n * n {
        return None;
    }
    let mut a = Vec::with_capacity(data.len());
    for value in data {
        let Value::Number(x) = value else {
            return None;
        };
        a.push(*x);
    }
    let mut rows: Vec<usize> = (0..n).collect();
    let mut negated = false;
    for k in 0..n {
        let mut kr = rows[k];
        if crate::functions::nearly_equal(a[kr * n + k], 0.0) {
            let swap =
                (k + 1..n).find(|&s| !crate::functions::nearly_equal(a[rows[s] * n + k], 0.0));
            let Some(swap) = swap else {
                return Some(a[kr * n + k]);
            };
            kr = rows[swap];
            rows[swap] = rows[k];
            rows[k] = kr;
            negated = !negated;
        }
        let pivot = a[kr * n + k];
        let previous = if k == 0 {
            1.0
        } else {
            a[rows[k - 1] * n + k - 1]
        };
        for &ir in &rows[k + 1..] {
            for j in k + 1..n {
                let p = a[ir * n + j] * pivot;
                let q = a[ir * n + k] * a[kr * n + j];
                a[ir * n + j] = (p - q) / previous;
            }
        }
    }
    let det = a[rows[n - 1] * n + n - 1];
    Some(if negated { -det } else { det })
}

/// The multiplications from which [`packed_product`] takes a number product (a 4×4 by 4×4
/// product has 64).
const PACKED_FROM: usize = 64;

/// The product of two matrices of plain numbers (`rows × inner` by `inner × cols`, row-major),
/// as the element loop of [`Evaluator::matrix_product`] computes it, each entry accumulated
/// left to right from its first product, so the binary64 results are the same bits; but over
/// contiguous `f64` storage, row by row (the i, k, j loop order: each row of `b` is read
/// in order and added into one row of the result, which stays in cache). `None` when an entry
/// is not a number, or for a product of fewer than [`PACKED_FROM`] multiplications, where
/// unpacking costs more than it saves. A number product costs no meter units beyond the
/// charge before it.
fn packed_product(
    a: &[Value],
    b: &[Value],
    rows: usize,
    inner: usize,
    cols: usize,
) -> Option<Vec<Value>> {
    let unpack = |values: &[Value]| {
        values
            .iter()
            .map(|v| match v {
                Value::Number(x) => Some(*x),
                _ => None,
            })
            .collect::<Option<Vec<f64>>>()
    };
    if rows.saturating_mul(cols).saturating_mul(inner) < PACKED_FROM {
        return None;
    }
    let (x, y) = (unpack(a)?, unpack(b)?);
    if inner == 0 {
        return Some(vec![Value::Number(0.0); rows * cols]);
    }
    let mut out = vec![0.0; rows * cols];
    for (row, xi) in out.chunks_mut(cols.max(1)).zip(x.chunks(inner)) {
        for (o, yv) in row.iter_mut().zip(&y[..cols]) {
            *o = xi[0] * yv;
        }
        for (xik, yk) in xi.iter().zip(y.chunks(cols.max(1))).skip(1) {
            for (o, yv) in row.iter_mut().zip(yk) {
                *o += xik * yv;
            }
        }
    }
    Some(out.into_iter().map(Value::Number).collect())
}

impl Evaluator {
    /// math.js `multiply` of two matrices: vector·vector is their dot product, otherwise the
    /// matrix product (a vector on the left is a row, on the right a column), each entry
    /// accumulated left to right from the first product.
    pub(super) fn matrix_product(
        &mut self,
        a: &Matrix,
        b: &Matrix,
        array: bool,
        at: usize,
    ) -> Evaluated {
        let (rows, inner, left_vector) = match a.shape.as_slice() {
            [n] => (1, *n, true),
            [r, c] => (*r, *c, false),
            _ => {
                return Err(failed(
                    "Only one- and two-dimensional matrices can be multiplied",
                    at,
                ));
            }
        };
        let (inner_b, cols, right_vector) = match b.shape.as_slice() {
            [n] => (*n, 1, true),
            [r, c] => (*r, *c, false),
            _ => {
                return Err(failed(
                    "Only one- and two-dimensional matrices can be multiplied",
                    at,
                ));
            }
        };
        if inner != inner_b {
            let detail = if left_vector && right_vector {
                format!(
                    "Dimension mismatch in multiplication. Vectors must have the same length ({inner} != {inner_b})"
                )
            } else {
                format!(
                    "Dimension mismatch in multiplication. Matrix columns ({inner}) must match Matrix rows ({inner_b})"
                )
            };
            return Err(failed(detail, at));
        }
        if left_vector
            && right_vector
            && a.data
                .iter()
                .chain(&b.data)
                .any(|v| matches!(v, Value::BigInt(_)))
        {
            // math.js takes this product as `dot`, whose handling of bigints shows.
            let (a, b) = (
                Value::Matrix(Rc::new(a.clone())),
                Value::Matrix(Rc::new(b.clone())),
            );
            return self.dot(&[a, b], at);
        }
        let count = (rows * cols) as u64;
        self.build("multiply", count, at)?;
        self.charge(count.saturating_mul(inner as u64))?;
        let mut data = match packed_product(&a.data, &b.data, rows, inner, cols) {
            Some(data) => data,
            None => {
                let mut data = Vec::with_capacity(rows * cols);
                for i in 0..rows {
                    for j in 0..cols {
                        let mut sum: Option<Value> = None;
                        for k in 0..inner {
                            let x = &a.data[i * inner + k];
                            let y = &b.data[k * cols + j];
                            // Vector · vector is math.js's `dot`, which conjugates its left operand.
                            let conjugate;
                            let x = match x {
                                Value::Complex(z) if left_vector && right_vector => {
                                    conjugate = Value::Complex(z.conj());
                                    &conjugate
                                }
                                other => other,
                            };
                            let product = self.binary(Op::Multiply, x, y, false, (at, at), at)?;
                            sum = Some(match sum {
                                None => product,
                                Some(s) => {
                                    self.binary(Op::Add, &s, &product, false, (at, at), at)?
                                }
                            });
                        }
                        data.push(sum.unwrap_or(Value::Number(0.0)));
                    }
                }
                data
            }
        };
        if left_vector && right_vector {
            return Ok(data.pop().unwrap_or(Value::Number(0.0)));
        }
        let shape = match (left_vector, right_vector) {
            (true, false) => vec![cols],
            (false, true) => vec![rows],
            _ => vec![rows, cols],
        };
        Ok(Value::matrix(Matrix { shape, data, array }))
    }

    /// `A ^ n` for a square matrix and an integer n (a negative n inverts first), by repeated
    /// squaring as math.js does.
    pub(super) fn matrix_power(&mut self, a: &Matrix, exponent: &Value, at: usize) -> Evaluated {
        let n = match exponent {
            Value::Number(x) => *x,
            Value::Big(x) => crate::num::bignum::to_f64(x),
            Value::Fraction(f) if f.is_int() => crate::num::fraction::to_f64(f),
            Value::Fraction(_) => return Err(failed("For A^b, b must be an integer", at)),
            // math.js converts a bigint (up to 2^53 - 1) or a boolean exponent to a number.
            Value::BigInt(k) => crate::num::bigint::to_number(k)
                .map_err(|e| crate::error::function_error(e, "pow", at))?,
            Value::Boolean(b) => f64::from(u8::from(*b)),
            // A numeric string converts as everywhere (`[1, 2; 3, 4] ^ "2"`).
            Value::Str(_) => crate::value::convert::to_number(exponent)
                .map_err(|e| crate::error::function_error(e, "pow", at))?,
            Value::Matrix(_) | Value::Sparse(_) => {
                return Err(crate::eval::operators::matrix_exponent_refusal(
                    crate::eval::operators::MATRIX_POW_SIGNATURES,
                    exponent,
                    at,
                ));
            }
            other => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function pow (actual: {})",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        if n.fract() != 0.0 || !n.is_finite() {
            return Err(failed(
                format!(
                    "For A^b, b must be an integer (value is {})",
                    crate::num::format::format_number(n, None)
                ),
                at,
            ));
        }
        let size = match a.shape.as_slice() {
            [r, c] if r == c => *r,
            [r, c] => {
                return Err(failed(
                    format!("For A^b, A must be square (size is {r}x{c})"),
                    at,
                ));
            }
            shape => {
                return Err(failed(
                    format!(
                        "For A^b, A must be 2 dimensional (A has {} dimensions)",
                        shape.len()
                    ),
                    at,
                ));
            }
        };
        let mut base = if n < 0.0 {
            // math.js renames the singular matrix's refusal for the power.
            let inverse = self.inverse(&Value::matrix(a.clone()), at).map_err(|e| {
                if e.message.ends_with("Cannot calculate inverse, determinant is zero") {
                    failed(
                        format!(
                            "For A^b, when A is not invertible, b must be a positive integer (value is {})",
                            crate::num::format::format_number(n, None)
                        ),
                        at,
                    )
                } else {
                    e
                }
            })?;
            match inverse {
                Value::Matrix(inverse) => Matrix::clone(&inverse),
                _ => return Err(failed("For A^b, A must be invertible", at)),
            }
        } else {
            a.clone()
        };
        let mut k = n.abs() as u64;
        let mut result = identity(size, size);
        while k >= 1 {
            if k & 1 == 1 {
                result = self.matrix_product_of(&base, &result, at)?;
            }
            k >>= 1;
            if k >= 1 {
                base = self.matrix_product_of(&base, &base, at)?;
            }
        }
        Ok(Value::matrix(result))
    }

    pub(super) fn matrix_product_of(
        &mut self,
        a: &Matrix,
        b: &Matrix,
        at: usize,
    ) -> Result<Matrix, CalculateError> {
        match self.matrix_product(a, b, false, at)? {
            Value::Matrix(m) => Ok(Matrix::clone(&m)),
            scalar => Ok(Matrix::new(vec![1, 1], vec![scalar])),
        }
    }

    /// math.js `inv`: 1×1 and 2×2 directly, larger matrices by Gauss–Jordan elimination with
    /// partial pivoting.
    pub(crate) fn inverse(&mut self, value: &Value, at: usize) -> Evaluated {
        let Value::Matrix(m) = value else {
            let one = Value::Number(1.0);
            return self.binary(Op::Divide, &one, value, false, (at, at), at);
        };
        let n = match m.shape.as_slice() {
            [1] => {
                let one = Value::Number(1.0);
                let x = self.binary(Op::Divide, &one, &m.data[0], false, (at, at), at)?;
                return Ok(Value::matrix(Matrix {
                    shape: vec![1],
                    data: vec![x],
                    array: m.array,
                }));
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
                        "Matrix must be two dimensional (size: {})",
                        matrix::show_shape(&m.shape)
                    ),
                    at,
                ));
            }
        };
        let singular = || failed("Cannot calculate inverse, determinant is zero", at);
        let is_number_zero = |v: &Value| matches!(v, Value::Number(x) if *x == 0.0);
        self.charge((n * n * n) as u64)?;
        let result = if n == 0 {
            Vec::new()
        } else if n == 1 {
            if is_number_zero(&m.data[0]) {
                return Err(singular());
            }
            let one = Value::Number(1.0);
            vec![self.binary(Op::Divide, &one, &m.data[0], false, (at, at), at)?]
        } else if n == 2 {
            let d = self.determinant(m, at)?;
            if is_number_zero(&d) {
                return Err(singular());
            }
            let (a, b, c, e) = (&m.data[0], &m.data[1], &m.data[2], &m.data[3]);
            let nb = self.unary(Op::UnaryMinus, b.clone(), at, at)?;
            let nc = self.unary(Op::UnaryMinus, c.clone(), at, at)?;
            vec![
                self.binary(Op::Divide, e, &d, false, (at, at), at)?,
                self.binary(Op::Divide, &nb, &d, false, (at, at), at)?,
                self.binary(Op::Divide, &nc, &d, false, (at, at), at)?,
                self.binary(Op::Divide, a, &d, false, (at, at), at)?,
            ]
        } else {
            let mut a: Vec<Vec<Value>> = m.data.chunks(n).map(<[Value]>::to_vec).collect();
            let mut b: Vec<Vec<Value>> = identity(n, n)
                .data
                .chunks(n)
                .map(<[Value]>::to_vec)
                .collect();
            for c in 0..n {
                let mut best = self.absolute(&a[c][c], at)?;
                let mut best_row = c;
                for (r, row) in a.iter().enumerate().skip(c + 1) {
                    let candidate = self.absolute(&row[c], at)?;
                    // JavaScript's `>` on the absolute values, without math.js's tolerance. On
                    // two BigNumbers it compares their `valueOf()` strings, character by
                    // character ("10" < "9"): math.js's pivot choice, reproduced.
                    let larger = match (&candidate, &best) {
                        (Value::Number(x), Value::Number(y)) => x > y,
                        (Value::Fraction(x), Value::Fraction(y)) => x > y,
                        (Value::Big(x), Value::Big(y)) => crate::num::bignum::format(x, None)
                            .encode_utf16()
                            .gt(crate::num::bignum::format(y, None).encode_utf16()),
                        _ => crate::eval::js_number(&candidate) > crate::eval::js_number(&best),
                    };
                    if larger {
                        best = candidate;
                        best_row = r;
                    }
                }
                if is_number_zero(&best) {
                    return Err(singular());
                }
                a.swap(c, best_row);
                b.swap(c, best_row);
                for r in 0..n {
                    // Row c as it is now: math.js divides it in place when r reaches c, and
                    // the rows after that eliminate with the divided row.
                    let (pivot_row, pivot_b) = (a[c].clone(), b[c].clone());
                    if r != c {
                        if is_number_zero(&a[r][c]) {
                            continue;
                        }
                        let negated = self.unary(Op::UnaryMinus, a[r][c].clone(), at, at)?;
                        let f =
                            self.binary(Op::Divide, &negated, &pivot_row[c], false, (at, at), at)?;
                        for s in c..n {
                            let term =
                                self.binary(Op::Multiply, &f, &pivot_row[s], false, (at, at), at)?;
                            a[r][s] = self.binary(Op::Add, &a[r][s], &term, false, (at, at), at)?;
                        }
                        for s in 0..n {
                            let term =
                                self.binary(Op::Multiply, &f, &pivot_b[s], false, (at, at), at)?;
                            b[r][s] = self.binary(Op::Add, &b[r][s], &term, false, (at, at), at)?;
                        }
                    } else {
                        let f = pivot_row[c].clone();
                        for cell in a[r].iter_mut().skip(c) {
                            *cell = self.binary(Op::Divide, cell, &f, false, (at, at), at)?;
                        }
                        for cell in b[r].iter_mut() {
                            *cell = self.binary(Op::Divide, cell, &f, false, (at, at), at)?;
                        }
                    }
                }
            }
            b.into_iter().flatten().collect()
        };
        Ok(Value::matrix(Matrix {
            shape: vec![n, n],
            data: result,
            array: m.array,
        }))
    }

    pub(super) fn absolute(&mut self, value: &Value, at: usize) -> Evaluated {
        match value {
            Value::Fraction(f) => Ok(Value::fraction(dashu_int::ops::Abs::abs(
                dashu_ratio::RBig::clone(f),
            ))),
            Value::Big(x) => Ok(Value::Big(crate::num::bignum::abs(x))),
            // A Complex entry's modulus (math.js `abs`), as `inv` compares pivots by it.
            Value::Complex(_) => self.absolute_value(value, at),
            other => Ok(Value::Number(self.to_number(other, at)?.abs())),
        }
    }

    /// math.js `det` of a square matrix: 1×1 and 2×2 directly, larger ones by fraction-free
    /// (Bareiss) elimination with row swaps.
    pub(super) fn determinant(&mut self, m: &Matrix, at: usize) -> Evaluated {
        let n = m.shape[0];
        self.charge((n * n * n) as u64)?;
        match n {
            0 => Ok(Value::Number(1.0)),
            1 => Ok(m.data[0].clone()),
            2 => {
                let p = self.binary(Op::Multiply, &m.data[0], &m.data[3], false, (at, at), at)?;
                let q = self.binary(Op::Multiply, &m.data[2], &m.data[1], false, (at, at), at)?;
                self.binary(Op::Subtract, &p, &q, false, (at, at), at)
            }
            _ => match number_determinant(&m.data, n) {
                Some(det) => Ok(Value::Number(det)),
                None => self.determinant_general(m, n, at),
            },
        }
    }

    /// [`Evaluator::determinant`] of a matrix of three rows or more, by fraction-free
    /// elimination (Bareiss) through the operators, for any entries.
    pub(super) fn determinant_general(&mut self, m: &Matrix, n: usize, at: usize) -> Evaluated {
        let cell = |a: &[Vec<Value>], i: usize, j: usize| a[i][j].clone();
        let mut a: Vec<Vec<Value>> = m.data.chunks(n).map(<[Value]>::to_vec).collect();
        let mut rows: Vec<usize> = (0..n).collect();
        let mut negated = false;
        for k in 0..n {
            let mut kr = rows[k];
            if self.is_zero_value(&a[kr][k]) {
                let mut found = false;
                for swap in k + 1..n {
                    if !self.is_zero_value(&a[rows[swap]][k]) {
                        kr = rows[swap];
                        rows[swap] = rows[k];
                        rows[k] = kr;
                        negated = !negated;
                        found = true;
                        break;
                    }
                }
                if !found {
                    return Ok(cell(&a, kr, k));
                }
            }
            let pivot = cell(&a, kr, k);
            let previous = if k == 0 {
                Value::Number(1.0)
            } else {
                cell(&a, rows[k - 1], k - 1)
            };
            for &ir in &rows[k + 1..] {
                for j in k + 1..n {
                    let p = self.binary(Op::Multiply, &a[ir][j], &pivot, false, (at, at), at)?;
                    let q = self.binary(Op::Multiply, &a[ir][k], &a[kr][j], false, (at, at), at)?;
                    let difference = self.binary(Op::Subtract, &p, &q, false, (at, at), at)?;
                    a[ir][j] =
                        self.binary(Op::Divide, &difference, &previous, false, (at, at), at)?;
                }
            }
        }
        let det = cell(&a, rows[n - 1], n - 1);
        if negated {
            self.unary(Op::UnaryMinus, det, at, at)
        } else {
            Ok(det)
        }
    }

    /// math.js `isZero` on a matrix entry (with its tolerance for numbers).
    pub(super) fn is_zero_value(&self, value: &Value) -> bool {
        match value {
            Value::Number(x) => crate::functions::nearly_equal(*x, 0.0),
            Value::Fraction(f) => f.is_zero(),
            Value::Boolean(b) => !b,
            Value::Complex(z) => z.is_zero(),
            Value::Big(x) => x.is_zero(),
            _ => false,
        }
    }

    pub(super) fn trace(&mut self, value: &Value, at: usize) -> Evaluated {
        let Value::Matrix(m) = value else {
            return Ok(value.clone());
        };
        let n = match m.shape.as_slice() {
            [r, c] if r == c => *r,
            [1] => return Ok(m.data[0].clone()),
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
        let mut diagonal: Vec<Value> = (0..n).map(|i| m.data[i * n + i].clone()).collect();
        if diagonal.iter().any(|v| matches!(v, Value::BigInt(_))) {
            // math.js adds the diagonal to a number 0, which a bigint converts to.
            diagonal.insert(0, Value::Number(0.0));
        }
        Ok(self
            .fold(Op::Add, &diagonal, at)?
            .unwrap_or(Value::Number(0.0)))
    }

    pub(super) fn det(&mut self, value: &Value, at: usize) -> Evaluated {
        let Value::Matrix(m) = value else {
            return Ok(value.clone());
        };
        match m.shape.as_slice() {
            [1] => Ok(m.data[0].clone()),
            [0] | [_, 0] => Ok(Value::Number(1.0)),
            [r, c] if r == c => self.determinant(m, at),
            [_] | [_, _] => Err(failed(
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

    pub(super) fn vector_of<'v>(
        &self,
        name: &str,
        value: &'v Value,
        at: usize,
    ) -> Result<&'v [Value], CalculateError> {
        match value {
            Value::Matrix(m)
                if m.rank() == 1 || (m.rank() == 2 && (m.shape[1] == 1 || m.shape[0] == 1)) =>
            {
                Ok(&m.data)
            }
            Value::Matrix(m) => Err(failed(
                format!(
                    "Vector expected in function {name} (size: {})",
                    matrix::show_shape(&m.shape)
                ),
                at,
            )),
            other => Err(mismatch(
                format!(
                    "Unexpected type of argument in function {name} (actual: {})",
                    other.type_name()
                ),
                at,
            )),
        }
    }

    pub(super) fn dot(&mut self, values: &[Value], at: usize) -> Evaluated {
        let a = self.vector_of("dot", &values[0], at)?.to_vec();
        let b = self.vector_of("dot", &values[1], at)?.to_vec();
        let a = crate::eval::bigint::dot_operand(&a, &b, self.big_mode, at)?.unwrap_or(a);
        if a.len() != b.len() {
            return Err(failed(
                format!(
                    "Vectors must have equal length ({} != {})",
                    a.len(),
                    b.len()
                ),
                at,
            ));
        }
        if a.is_empty() {
            return Err(failed(
                "Cannot calculate the dot product of empty vectors",
                at,
            ));
        }
        let mut sum: Option<Value> = None;
        for (x, y) in a.iter().zip(&b) {
            // math.js's `dot` is Σ conj(x_i) · y_i.
            let conjugate;
            let x = match x {
                Value::Complex(z) => {
                    conjugate = Value::Complex(z.conj());
                    &conjugate
                }
                other => other,
            };
            let p = self.binary(Op::Multiply, x, y, false, (at, at), at)?;
            sum = Some(match sum {
                None => p,
                Some(s) => self.binary(Op::Add, &s, &p, false, (at, at), at)?,
            });
        }
        Ok(sum.unwrap_or(Value::Number(0.0)))
    }

    pub(super) fn cross(&mut self, values: &[Value], at: usize) -> Evaluated {
        // math.js's signature takes two Arrays or Matrices: a scalar is refused before any shape.
        if let Some((i, other)) = values
            .iter()
            .enumerate()
            .find(|(_, v)| !matches!(v, Value::Matrix(_) | Value::Sparse(_)))
        {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function cross (expected: Array or Matrix, actual: {}, index: {i})",
                    other.type_name()
                ),
                at,
            ));
        }
        let a = self.vector_of("cross", &values[0], at)?.to_vec();
        let b = self.vector_of("cross", &values[1], at)?.to_vec();
        if a.len() != 3 || b.len() != 3 {
            return Err(failed(
                format!(
                    "Vectors with length 3 expected (Size A = [{}], B = [{}])",
                    a.len(),
                    b.len()
                ),
                at,
            ));
        }
        let mut out = Vec::with_capacity(3);
        for (i, j) in [(1, 2), (2, 0), (0, 1)] {
            let p = self.binary(Op::Multiply, &a[i], &b[j], false, (at, at), at)?;
            let q = self.binary(Op::Multiply, &a[j], &b[i], false, (at, at), at)?;
            out.push(self.binary(Op::Subtract, &p, &q, false, (at, at), at)?);
        }
        let two_d = matches!(&values[0], Value::Matrix(m) if m.rank() == 2)
            || matches!(&values[1], Value::Matrix(m) if m.rank() == 2);
        let shape = if two_d { vec![1, 3] } else { vec![3] };
        Ok(Value::matrix(Matrix {
            shape,
            data: out,
            array: array_result(&[&values[0], &values[1]]),
        }))
    }

    pub(super) fn kron(&mut self, values: &[Value], at: usize) -> Evaluated {
        let (Value::Matrix(a), Value::Matrix(b)) = (&values[0], &values[1]) else {
            return Err(mismatch(
                "Unexpected type of argument in function kron (expected: Array or Matrix)",
                at,
            ));
        };
        let as_2d = |m: &Matrix| match m.shape.as_slice() {
            [n] => Some((1, *n)),
            [r, c] => Some((*r, *c)),
            _ => None,
        };
        let (Some((ra, ca)), Some((rb, cb))) = (as_2d(a), as_2d(b)) else {
            return Err(failed("kron() takes one- or two-dimensional matrices", at));
        };
        let (Some(rows), Some(cols)) = (ra.checked_mul(rb), ca.checked_mul(cb)) else {
            return Err(build_limit("kron", None, at));
        };
        let shape = if a.rank() == 1 && b.rank() == 1 {
            vec![cols]
        } else {
            vec![rows, cols]
        };
        // Counted by its rows too: `kron(zeros(10^6, 0), zeros(10^6, 0))` is 10^12 empty rows.
        self.build_shape("kron", &shape, at)?;
        let mut data = Vec::with_capacity(rows * cols);
        for i in 0..ra {
            for k in 0..rb {
                for j in 0..ca {
                    for l in 0..cb {
                        data.push(self.binary(
                            Op::Multiply,
                            &a.data[i * ca + j],
                            &b.data[k * cb + l],
                            false,
                            (at, at),
                            at,
                        )?);
                    }
                }
            }
        }
        Ok(Value::matrix(Matrix {
            shape,
            data,
            array: a.array && b.array,
        }))
    }

    /// math.js `norm`: a vector's p-norm (2 by default; ±Infinity are the largest and smallest
    /// absolute values), a matrix's 1-, ∞-, Frobenius or 2-norm (the default; `eigs.rs`).
    pub(super) fn norm(&mut self, values: &[Value], at: usize) -> Evaluated {
        let p = values.get(1).cloned();
        let m = match &values[0] {
            Value::Matrix(m) => m.clone(),
            // math.js's scalar signatures take no p.
            _ if p.is_some() => {
                return Err(failed(
                    "Too many arguments in function norm (expected: 1, actual: 2)",
                    at,
                ));
            }
            other => return self.absolute_value(other, at),
        };
        let kind = match &p {
            None => None,
            Some(Value::Str(s)) if s == "fro" => Some(f64::NAN),
            Some(Value::Str(s)) if s == "inf" => Some(f64::INFINITY),
            Some(Value::Str(s)) if s == "-inf" => Some(f64::NEG_INFINITY),
            Some(Value::Number(x)) => Some(*x),
            // Fraction mode's literals (`norm(A, 1)`; spec 5.3: math.js's own Fraction mode
            // fails on its conversions). A BigNumber p is refused, as math.js refuses it.
            Some(Value::Fraction(f)) => Some(crate::num::fraction::to_f64(f)),
            Some(Value::Big(_) | Value::BigInt(_) | Value::Str(_) | Value::Boolean(_)) => {
                return Err(failed("Unsupported parameter value", at));
            }
            // No signature of math.js's norm takes any other type as p.
            Some(other) => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function norm (actual: {}, index: 1)",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        if let [rows, cols] = m.shape.as_slice()
            && (*rows == 0 || *cols == 0)
        {
            // math.js refuses an empty two-dimensional matrix, whatever the norm.
            return Err(failed("Invalid matrix dimensions", at));
        }
        self.charge(m.data.len() as u64 * 4)?;
        let mut absolutes = Vec::with_capacity(m.data.len());
        for value in &m.data {
            absolutes.push(self.absolute_value(value, at)?);
        }
        match (m.rank(), kind) {
            (1, Some(p)) if p == f64::INFINITY => self
                .extreme("norm", &absolutes, true, at)
                .or(Ok(Value::Number(0.0))),
            (1, Some(p)) if p == f64::NEG_INFINITY => self
                .extreme("norm", &absolutes, false, at)
                .or(Ok(Value::Number(0.0))),
            (1, Some(0.0)) => Ok(Value::Number(f64::INFINITY)),
            (1, kind) => {
                let p = match kind {
                    Some(p) if p.is_nan() => 2.0,
                    Some(p) => p,
                    None => 2.0,
                };
                let exponent = Value::Number(p);
                let mut sum = Value::Number(0.0);
                for a in &absolutes {
                    let term = self.binary(Op::Pow, a, &exponent, false, (at, at), at)?;
                    sum = self.binary(Op::Add, &term, &sum, false, (at, at), at)?;
                }
                self.binary(Op::Pow, &sum, &Value::Number(1.0 / p), false, (at, at), at)
            }
            (2, Some(p)) if p == 1.0 || p == f64::INFINITY => {
                let (rows, cols) = (m.shape[0], m.shape[1]);
                let by_column = p == 1.0;
                // Both sizes are at least 1 (checked above): the sums are no more than the
                // elements.
                let lines = if by_column { cols } else { rows };
                let mut sums: Vec<Value> = vec![Value::Number(0.0); lines];
                let mut best = Value::Number(0.0);
                for (offset, a) in absolutes.iter().enumerate() {
                    let k = if by_column {
                        offset % cols
                    } else {
                        offset / cols
                    };
                    sums[k] = self.binary(Op::Add, &sums[k], a, false, (at, at), at)?;
                    if compare(Op::Larger, &sums[k], &best, at)? {
                        best = sums[k].clone();
                    }
                }
                Ok(best)
            }
            (2, Some(p)) if p.is_nan() => {
                let mut sum = Value::Number(0.0);
                for value in &m.data {
                    let conjugate = match value {
                        Value::Complex(z) => Value::Complex(z.conj()),
                        other => other.clone(),
                    };
                    let product =
                        self.binary(Op::Multiply, value, &conjugate, false, (at, at), at)?;
                    sum = self.binary(Op::Add, &sum, &product, false, (at, at), at)?;
                }
                let root = self.square_root(&sum, at)?;
                self.absolute_value(&root, at)
            }
            (2, None) | (2, Some(2.0)) => self.matrix_norm_two(&m, at),
            (2, Some(_)) => Err(failed("Unsupported parameter value", at)),
            _ => Err(failed(
                "Unsupported dimension (only 1 and 2 dimensional norms are supported)",
                at,
            )),
        }
    }

    /// math.js `abs` of a value (a number's, a Fraction's, a Complex modulus).
    pub(super) fn absolute_value(&mut self, value: &Value, at: usize) -> Evaluated {
        let row = crate::functions::builtin("abs").ok_or_else(|| not_implemented("abs()", at))?;
        self.call_builtin(row, "abs", vec![value.clone()], at)
    }
}
