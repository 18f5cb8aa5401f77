//! The real symmetric path of `eigs`: math.js's Jacobi rotations (`realSymmetric`), in binary64
//! for numbers and through the evaluator's arithmetic for BigNumbers.

// Index loops read as the algorithm does (a_ij, a_ji, columns i and j).
#![allow(clippy::needless_range_loop)]

use super::*;
use crate::num::jsmath;

impl Evaluator {
    /// The real symmetric path of the module doc.
    pub(super) fn symmetric(
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
    pub(super) fn by_size(
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
    pub(super) fn largest_big(
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
    pub(super) fn theta_big(
        &mut self,
        aii: &Value,
        ajj: &Value,
        aij: &Value,
        at: usize,
    ) -> Evaluated {
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
    pub(super) fn turn(
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
    pub(super) fn rotate_big(
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
    pub(super) fn rotate_vectors_big(
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
