//! `pinv`: the Moore–Penrose pseudoinverse, computed as math.js 15.2 computes it, step for step
//! through the evaluator's arithmetic (number, BigNumber, Fraction and Complex entries):
//!
//! - a scalar: itself when it equals 0, else `1 / x`;
//! - a vector: its conjugate when every entry is zero, `inv` of a one-entry vector, else
//!   `conj(x) ./ dot(x, x)`;
//! - a matrix: its conjugate transpose when every entry is zero; `inv` of a square matrix unless
//!   it is singular; otherwise a rank factorisation `A = C F` from the reduced row echelon form
//!   (math.js `_rref`: Gauss–Jordan without pivoting by size, the first non-zero entry of a
//!   column as pivot), `C` the columns j < rows of A whose rref row j is non-zero and `F` the
//!   non-zero rows, and `pinv(A) = Fᴴ (F Fᴴ)⁻¹ · (Cᴴ C)⁻¹ Cᴴ`.
//!
//! "Zero" is math.js's `_isZero`: `x + (1 + i)` equals `1 + i` within the comparison
//! tolerance.

// Index loops read as the algorithm does (M[r][j], M[i][lead]).
#![allow(clippy::needless_range_loop)]

use super::*;

impl Evaluator {
    fn p_op(&mut self, op: Op, x: &Value, y: &Value, at: usize) -> Evaluated {
        self.binary(op, x, y, false, (at, at), at)
    }

    fn p_call(&mut self, name: &'static str, args: Vec<Value>, at: usize) -> Evaluated {
        let row = crate::functions::builtin(name).ok_or_else(|| not_implemented(name, at))?;
        self.call_builtin(row, name, args, at)
    }

    /// math.js `_isZero`: `equal(x + (1 + i), 0 + (1 + i))`.
    fn p_is_zero(&mut self, x: &Value, at: usize) -> Result<bool, CalculateError> {
        let shift = Value::Complex(crate::num::complex::Complex::new(1.0, 1.0));
        let moved = self.p_op(Op::Add, x, &shift, at)?;
        let origin = self.p_op(Op::Add, &Value::Number(0.0), &shift, at)?;
        let equal = self.p_call("equal", vec![moved, origin], at)?;
        Ok(matches!(equal, Value::Boolean(true)))
    }

    /// math.js `_isZeros`: every entry `x` has `x + (1 + i)` equal to `x · 0 + (1 + i)`.
    fn p_all_zero(&mut self, data: &[Value], at: usize) -> Result<bool, CalculateError> {
        let shift = Value::Complex(crate::num::complex::Complex::new(1.0, 1.0));
        for x in data {
            let moved = self.p_op(Op::Add, x, &shift, at)?;
            let zero = self.p_op(Op::Multiply, x, &Value::Number(0.0), at)?;
            let origin = self.p_op(Op::Add, &zero, &shift, at)?;
            let equal = self.p_call("equal", vec![moved, origin], at)?;
            if !matches!(equal, Value::Boolean(true)) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// math.js `pinv(x)` of the module doc.
    pub(super) fn pinv(&mut self, value: &Value, at: usize) -> Evaluated {
        let m = match value {
            Value::Matrix(m) => Rc::clone(m),
            Value::Sparse(_) => return Err(not_implemented("pinv() of a sparse matrix", at)),
            other => {
                let zero = self.p_call("equal", vec![other.clone(), Value::Number(0.0)], at)?;
                if matches!(zero, Value::Boolean(true)) {
                    return Ok(other.clone());
                }
                return self.p_op(Op::Divide, &Value::Number(1.0), other, at);
            }
        };
        let (rows, cols) = match m.shape.as_slice() {
            [n] => return self.vector_pinv(value, *n, at),
            [r, c] => (*r, *c),
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
        self.charge(m.data.len() as u64)?;
        if self.p_all_zero(&m.data, at)? {
            return self.p_call("ctranspose", vec![value.clone()], at);
        }
        if rows == cols {
            match self.inverse(value, at) {
                Err(e)
                    if e.message
                        .ends_with("Cannot calculate inverse, determinant is zero") => {}
                other => return other,
            }
        }
        let data: Vec<Vec<Value>> = m.data.chunks(cols).map(<[Value]>::to_vec).collect();
        let (c, f) = self.rank_factors(&data, rows, cols, at)?;
        let array = m.array;
        let as_value = |rows: Vec<Vec<Value>>| {
            let r = rows.len();
            let c = rows.first().map_or(0, Vec::len);
            Value::matrix(Matrix {
                shape: vec![r, c],
                data: rows.concat(),
                array,
            })
        };
        let (c, f) = (as_value(c), as_value(f));
        let ch = self.p_call("ctranspose", vec![c.clone()], at)?;
        let chc = self.p_op(Op::Multiply, &ch, &c, at)?;
        let chc_inv = self.inverse(&chc, at)?;
        let c_pinv = self.p_op(Op::Multiply, &chc_inv, &ch, at)?;
        let fh = self.p_call("ctranspose", vec![f.clone()], at)?;
        let ffh = self.p_op(Op::Multiply, &f, &fh, at)?;
        let ffh_inv = self.inverse(&ffh, at)?;
        let f_pinv = self.p_op(Op::Multiply, &fh, &ffh_inv, at)?;
        self.p_op(Op::Multiply, &f_pinv, &c_pinv, at)
    }

    /// `pinv` of a vector of n entries.
    fn vector_pinv(&mut self, value: &Value, n: usize, at: usize) -> Evaluated {
        let Value::Matrix(m) = value else {
            return Ok(value.clone());
        };
        self.charge(n as u64)?;
        if self.p_all_zero(&m.data, at)? {
            return self.p_call("ctranspose", vec![value.clone()], at);
        }
        if n == 1 {
            return self.inverse(value, at);
        }
        let conjugate = self.p_call("ctranspose", vec![value.clone()], at)?;
        let square = self.dot(&[value.clone(), value.clone()], at)?;
        self.p_call("dotDivide", vec![conjugate, square], at)
    }

    /// math.js `_rankFact`: the factors C (the columns j < rows of `a` whose rref row j is not
    /// zero) and F (the non-zero rows of the rref), as rows.
    #[allow(clippy::type_complexity)]
    fn rank_factors(
        &mut self,
        a: &[Vec<Value>],
        rows: usize,
        cols: usize,
        at: usize,
    ) -> Result<(Vec<Vec<Value>>, Vec<Vec<Value>>), CalculateError> {
        let rref = self.rref(a, rows, cols, at)?;
        let mut nonzero = Vec::with_capacity(rows);
        for row in &rref {
            let v = Value::matrix(Matrix::vector(row.clone()));
            let square = self.dot(&[v.clone(), v], at)?;
            nonzero.push(!self.p_is_zero(&square, at)?);
        }
        let c = a
            .iter()
            .map(|row| {
                row.iter()
                    .enumerate()
                    .filter(|&(j, _)| j < rows && nonzero[j])
                    .map(|(_, x)| x.clone())
                    .collect()
            })
            .collect();
        let f = rref
            .into_iter()
            .zip(&nonzero)
            .filter(|(_, keep)| **keep)
            .map(|(row, _)| row)
            .collect();
        Ok((c, f))
    }

    /// math.js `_rref`: the reduced row echelon form, the first non-zero entry of each column
    /// (from the current row down) as pivot.
    fn rref(
        &mut self,
        a: &[Vec<Value>],
        rows: usize,
        cols: usize,
        at: usize,
    ) -> Result<Vec<Vec<Value>>, CalculateError> {
        let (r64, c64) = (rows as u64, cols as u64);
        self.charge(
            r64.saturating_mul(r64)
                .saturating_mul(c64)
                .saturating_mul(3),
        )?;
        let mut m = a.to_vec();
        let mut lead = 0;
        for r in 0..rows {
            if cols <= lead {
                return Ok(m);
            }
            let mut i = r;
            while self.p_is_zero(&m[i][lead], at)? {
                i += 1;
                if i == rows {
                    i = r;
                    lead += 1;
                    if lead == cols {
                        return Ok(m);
                    }
                }
            }
            m.swap(i, r);
            let pivot = m[r][lead].clone();
            for j in 0..cols {
                m[r][j] = self.p_op(Op::Divide, &m[r][j], &pivot, at)?;
            }
            for i in (0..rows).filter(|&i| i != r) {
                let factor = m[i][lead].clone();
                for j in 0..cols {
                    let product = self.p_op(Op::Multiply, &factor, &m[r][j], at)?;
                    let negated = self.p_op(Op::Multiply, &Value::Number(-1.0), &product, at)?;
                    m[i][j] = self.p_op(Op::Add, &m[i][j], &negated, at)?;
                }
            }
            lead += 1;
        }
        Ok(m)
    }
}
