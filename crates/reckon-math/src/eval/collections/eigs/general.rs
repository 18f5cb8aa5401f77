//! The general path of `eigs`: math.js's `complexEigs` (balancing, Hessenberg form, shifted QR
//! with deflation, eigenvectors from `usolveAll`).

// Index loops read as the algorithm does (a_ij, a_ji, columns i and j).
#![allow(clippy::needless_range_loop)]

use super::*;

impl Evaluator {
    /// The general path of the module doc: balance, Hessenberg form, shifted QR, eigenvectors.
    pub(super) fn general(
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
    pub(super) fn balance(
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
    pub(super) fn hessenberg(
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
    pub(super) fn rows_product(
        &mut self,
        a: &Rows,
        b: &Rows,
        at: usize,
    ) -> Result<Rows, CalculateError> {
        let value = self.e_op(Op::Multiply, &rows_value(a), &rows_value(b), at)?;
        value_rows(&value, at)
    }

    /// math.js `iterateUntilTriangular`: the eigenvalues, sorted by absolute value, and the
    /// column transformation C when eigenvectors are asked for.
    pub(super) fn qr_iterations(
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
    pub(super) fn sort_by_size(
        &mut self,
        lambdas: &mut [Value],
        at: usize,
    ) -> Result<(), CalculateError> {
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
    pub(super) fn eigenvalues_2x2(
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
    pub(super) fn jordan_2x2(
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
    pub(super) fn eigenvectors(
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
