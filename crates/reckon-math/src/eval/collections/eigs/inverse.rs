//! Inverse iteration for the eigenvectors math.js's `usolveAll` does not find (math.js
//! `inverseIterate`, Numerical Recipes 11.7).

use super::*;

/// The start vectors of inverse iteration: math.js draws `2 · Math.random() − 1` per entry;
/// reckon draws from a fixed sequence (a 64-bit linear congruential generator), so an answer
/// is the same each time (math.js's eigenvectors found this way have a random sign).
struct StartVectors(u64);

impl StartVectors {
    pub(super) fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        2.0 * ((self.0 >> 11) as f64 / (1u64 << 53) as f64) - 1.0
    }
}

impl Evaluator {
    /// math.js `dot(x, y)` of two vectors.
    pub(super) fn e_dot(&mut self, x: &[Value], y: &[Value], at: usize) -> Evaluated {
        let x = Value::matrix(Matrix::vector(x.to_vec()));
        let y = Value::matrix(Matrix::vector(y.to_vec()));
        self.dot(&[x, y], at)
    }

    /// math.js's local `norm(v)`: `abs(sqrt(dot(v, v)))`.
    pub(super) fn e_norm(&mut self, v: &[Value], at: usize) -> Evaluated {
        let square = self.e_dot(v, v, at)?;
        let root = self.e_call("sqrt", &square, at)?;
        self.e_call("abs", &root, at)
    }

    /// `factor · v`, entry by entry.
    pub(super) fn e_scale(
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
    pub(super) fn orthogonal_complement(
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
    pub(super) fn normalize(
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
    pub(super) fn upper_solve(
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
    pub(super) fn inverse_iterate(
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
