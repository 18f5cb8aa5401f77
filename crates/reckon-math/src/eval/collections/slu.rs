//! `slu(A, order, threshold)`: the LU decomposition of a square sparse matrix with threshold
//! partial pivoting, `P A Q = L U`, computed as math.js 15.2 computes it: its `csLu`, which is
//! the left-looking algorithm of CSparse's `cs_lu` (T. A. Davis, *Direct Methods for Sparse
//! Linear Systems*, SIAM 2006, chapter 6; the triangular solve of section 3.2 by J. R. Gilbert
//! and T. Peierls, "Sparse partial pivoting in time proportional to arithmetic operations", 1988).
//!
//! The columns are taken in the order q: their natural order for `order` 0; for orders 1 to 3,
//! the approximate minimum degree ordering (`amd.rs`, math.js `csAmd`) of the pattern of
//! A + Aᵀ (1), AᵀA without A's dense rows (2) or AᵀA (3), built as math.js's `csSqr` builds it.
//! For each step k, with column `col = q[k]` of A:
//!
//! 1. the rows x reaches in the graph of L built so far, by depth-first search from the rows
//!    A(:, col) stores, in their storage order; the search's reverse finishing order is the
//!    order of the next steps (and so the order L and U store their entries);
//! 2. the sparse triangular solve `x = L \ A(:, col)` over those rows;
//! 3. the pivot: the largest `|x_i|` (math.js `larger`, first wins) among the rows not pivotal
//!    yet; the diagonal row `col` instead when `|x_col| ≥ threshold · max`; no candidate, or a
//!    largest `|x_i|` that is not positive, refuses (the matrix is singular);
//! 4. U(:, k) stores the pivotal rows' entries in that order, then the pivot; L(:, k) stores 1
//!    (the number 1, as math.js does in every mode) on the pivot row, then `x_i / pivot` for
//!    the other rows reached.
//!
//! The answer is `{L, U, p, q}`: L and U sparse (rows renumbered by the pivot order), `p` the
//! array of each row's pivot step (math.js's `pinv`) and `q` the array of the column order
//! (null for order 0).
//!
//! Work: each column's search and solve is charged to the meter before it runs, by the entries
//! of L stored so far plus n; both factors are counted as built (n² elements each); the
//! ordering's pattern is charged `(nnz(A) + 1)(n + 1)` before it is built and the ordering
//! `(nnz(C) + n)(n + 1)` before it runs.

use super::amd;
use super::*;

/// math.js's refusal of an order outside 0..=3.
const ORDER_RANGE: &str =
    "Symbolic Ordering and Analysis order must be an integer number in the interval [0, 3]";

/// The factors being built: columns of `(row, value)` in storage order (L's rows are A's rows
/// until the end, then renumbered by `pivot_of`).
struct Factors {
    l: Vec<Vec<(usize, Value)>>,
    u: Vec<Vec<(usize, Value)>>,
    /// Each row's pivot step (math.js `pinv`), `None` while the row is not pivotal.
    pivot_of: Vec<Option<usize>>,
}

impl Evaluator {
    /// math.js `slu(A, order, threshold)`: the object `{L, U, p, q}` of the module doc.
    pub(super) fn slu(&mut self, values: &[Value], at: usize) -> Evaluated {
        let a = match &values[0] {
            Value::Sparse(a) => Rc::clone(a),
            other => {
                let actual = match other {
                    Value::Matrix(_) => "Matrix | DenseMatrix",
                    other => other.type_name(),
                };
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function slu (expected: SparseMatrix, actual: {actual}, index: 0)"
                    ),
                    at,
                ));
            }
        };
        let order = slu_number(&values[1], 1, at)?;
        let threshold = slu_number(&values[2], 2, at)?;
        if !(order.is_finite() && order.fract() == 0.0 && (0.0..=3.0).contains(&order)) {
            return Err(failed(ORDER_RANGE, at));
        }
        // math.js's test, which a NaN threshold passes (so no `contains`).
        #[allow(clippy::manual_range_contains)]
        if threshold < 0.0 || threshold > 1.0 {
            return Err(failed(
                "Partial pivoting threshold must be a number from 0 to 1",
                at,
            ));
        }
        let (rows, n) = a.dims();
        if rows != n {
            return Err(failed(
                format!("slu needs a square matrix (size: [{rows}, {n}])"),
                at,
            ));
        }
        let cells = (n as u64).saturating_mul(n as u64);
        self.build("slu", cells.saturating_mul(2), at)?;
        let q = match order as u8 {
            0 => None,
            order => Some(self.column_ordering(&a, order, at)?),
        };
        let factors = self.left_looking_lu(&a, threshold, q.as_deref(), at)?;
        Ok(slu_answer(n, factors, q))
    }

    /// Steps 1 to 4 of the module doc for every column.
    fn left_looking_lu(
        &mut self,
        a: &SparseMatrix,
        threshold: f64,
        q: Option<&[usize]>,
        at: usize,
    ) -> Result<Factors, CalculateError> {
        let n = a.dims().1;
        let columns = a.columns();
        let mut f = Factors {
            l: Vec::with_capacity(n),
            u: Vec::with_capacity(n),
            pivot_of: vec![None; n],
        };
        let mut x = vec![Value::Number(0.0); n];
        let mut stored = 0u64;
        for k in 0..n {
            let col = q.map_or(k, |q| q[k]);
            let column = &columns[col];
            self.charge(stored.saturating_add(n as u64 + column.len() as u64))?;
            let starts: Vec<usize> = column.iter().map(|(row, _)| *row).collect();
            let reached = reach(&f, &starts);
            for &i in &reached {
                x[i] = Value::Number(0.0);
            }
            for (row, value) in column {
                x[*row] = (*value).clone();
            }
            self.lower_solve(&f, &reached, &mut x, at)?;
            let (l, u) = self.pivot_column(&mut f, (k, col), &reached, &mut x, threshold, at)?;
            stored += (l.len() + u.len()) as u64;
            f.l.push(l);
            f.u.push(u);
        }
        Ok(f)
    }

    /// The column permutation q of orders 1 to 3: the AMD ordering ([`amd_order`]) of the
    /// pattern of C, built as math.js builds it (the order of each column's rows decides ties):
    /// order 1, C = A + Aᵀ (A's column, then the rows only Aᵀ stores; an entry whose sum is
    /// zero, by math.js `equalScalar`, is not stored); order 3, C = AᵀA (each column's rows in
    /// the order the product first reaches them); order 2, the same product after dropping the
    /// rows of A with more than `dense` entries (the ordering's dense bound).
    fn column_ordering(
        &mut self,
        a: &SparseMatrix,
        order: u8,
        at: usize,
    ) -> Result<Vec<usize>, CalculateError> {
        let n = a.dims().1;
        let columns = a.columns();
        let stored: u64 = columns.iter().map(|c| c.len() as u64).sum();
        // The pattern's construction, then the ordering (module doc of `amd`), before they run.
        let bound = (n as u64).saturating_add(1);
        self.charge(stored.saturating_add(1).saturating_mul(bound))?;
        // Aᵀ: for each row of A, the columns storing it, in ascending order.
        let mut rows_of: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (j, column) in columns.iter().enumerate() {
            for (i, _) in column {
                rows_of[*i].push(j);
            }
        }
        let pattern: Vec<Vec<usize>> = if order == 1 {
            let mut pattern = Vec::with_capacity(n);
            for (j, column) in columns.iter().enumerate() {
                let mut rows: Vec<usize> = column.iter().map(|(i, _)| *i).collect();
                for &k in &rows_of[j] {
                    // Aᵀ(k, j) = A(j, k).
                    match column.iter().find(|(i, _)| *i == k) {
                        Some((_, value)) => {
                            let other = columns[k].iter().find(|(i, _)| *i == j);
                            let Some((_, other)) = other else { continue };
                            let sum = self.binary(Op::Add, value, other, false, (at, at), at)?;
                            if crate::value::sparse::is_zero(&sum) {
                                rows.retain(|&i| i != k);
                            }
                        }
                        None => rows.push(k),
                    }
                }
                pattern.push(rows);
            }
            pattern
        } else {
            let nf = n as f64;
            let dense = (16f64.max(10.0 * nf.sqrt())).min(nf - 2.0);
            let kept: Vec<bool> = rows_of
                .iter()
                .map(|r| order == 3 || r.len() as f64 <= dense)
                .collect();
            let mut pattern = Vec::with_capacity(n);
            let mut seen = vec![usize::MAX; n];
            for (j, column) in columns.iter().enumerate() {
                let mut rows = Vec::new();
                let mut through: Vec<usize> = column
                    .iter()
                    .map(|(k, _)| *k)
                    .filter(|&k| kept[k])
                    .collect();
                if order == 2 {
                    through.sort_unstable();
                }
                for k in through {
                    for &i in &rows_of[k] {
                        if seen[i] != j {
                            seen[i] = j;
                            rows.push(i);
                        }
                    }
                }
                pattern.push(rows);
            }
            pattern
        };
        let stored_c: u64 = pattern.iter().map(|c| c.len() as u64).sum();
        self.charge(stored_c.saturating_add(n as u64).saturating_mul(bound))?;
        amd::amd_order(n, &pattern).ok_or_else(|| {
            failed(
                "slu: the column ordering could not be computed for this matrix",
                at,
            )
        })
    }

    /// Step 2: `x = L \ b` over the rows reached, in their order (math.js `csSpsolve`).
    fn lower_solve(
        &mut self,
        f: &Factors,
        reached: &[usize],
        x: &mut [Value],
        at: usize,
    ) -> Result<(), CalculateError> {
        for &j in reached {
            let Some(step) = f.pivot_of[j] else { continue };
            let column = &f.l[step];
            let Some((_, diagonal)) = column.first() else {
                continue;
            };
            x[j] = self.binary(Op::Divide, &x[j], diagonal, false, (at, at), at)?;
            for (i, value) in &column[1..] {
                let product = self.binary(Op::Multiply, value, &x[j], false, (at, at), at)?;
                x[*i] = self.binary(Op::Subtract, &x[*i], &product, false, (at, at), at)?;
            }
        }
        Ok(())
    }

    /// Steps 3 and 4: the pivot of column k, and the columns of L and U it gives.
    #[allow(clippy::type_complexity)]
    fn pivot_column(
        &mut self,
        f: &mut Factors,
        (k, col): (usize, usize),
        reached: &[usize],
        x: &mut [Value],
        threshold: f64,
        at: usize,
    ) -> Result<(Vec<(usize, Value)>, Vec<(usize, Value)>), CalculateError> {
        let mut u = Vec::new();
        let mut pivot_row = None;
        let mut largest = Value::Number(-1.0);
        for &i in reached {
            match f.pivot_of[i] {
                None => {
                    let size = self.absolute_value(&x[i], at)?;
                    if compare(Op::Larger, &size, &largest, at)? {
                        largest = size;
                        pivot_row = Some(i);
                    }
                }
                Some(step) => u.push((step, x[i].clone())),
            }
        }
        let Some(mut ipiv) = pivot_row.filter(|_| positive(&largest)) else {
            return Err(failed(
                format!("slu: the matrix is singular (column {k} has no pivot)"),
                at,
            ));
        };
        if f.pivot_of[col].is_none() {
            let diagonal = self.absolute_value(&x[col], at)?;
            let bound = self.binary(
                Op::Multiply,
                &largest,
                &Value::Number(threshold),
                false,
                (at, at),
                at,
            )?;
            if compare(Op::LargerEq, &diagonal, &bound, at)? {
                ipiv = col;
            }
        }
        let pivot = x[ipiv].clone();
        u.push((k, pivot.clone()));
        f.pivot_of[ipiv] = Some(k);
        let mut l = vec![(ipiv, Value::Number(1.0))];
        for &i in reached {
            if f.pivot_of[i].is_none() {
                l.push((
                    i,
                    self.binary(Op::Divide, &x[i], &pivot, false, (at, at), at)?,
                ));
            }
            x[i] = Value::Number(0.0);
        }
        Ok((l, u))
    }
}

/// Whether an absolute value is above 0, as JavaScript's `a <= 0` fails (a Fraction read as
/// its ratio, which is never negative here).
fn positive(size: &Value) -> bool {
    match size {
        Value::Fraction(f) => !f.is_zero(),
        other => crate::eval::js_number(other) > 0.0,
    }
}

/// A number argument of slu (math.js converts a boolean or bigint to a number and refuses the
/// rest, a BigNumber or Fraction among them).
fn slu_number(value: &Value, index: usize, at: usize) -> Result<f64, CalculateError> {
    match value {
        Value::Number(x) => Ok(*x),
        Value::Boolean(b) => Ok(f64::from(u8::from(*b))),
        Value::BigInt(_) => Ok(crate::eval::js_number(value)),
        other => Err(mismatch(
            format!(
                "Unexpected type of argument in function slu (expected: number or bigint or string or boolean, actual: {}, index: {index})",
                other.type_name()
            ),
            at,
        )),
    }
}

/// Step 1: the rows `x = L \ b` can make non-zero, from b's rows `starts`, in the order the
/// solve visits them: the reverse finishing order of depth-first searches in the graph whose
/// row j leads to the rows L(:, pivot_of[j]) stores (math.js `csReach` and `csDfs`).
fn reach(f: &Factors, starts: &[usize]) -> Vec<usize> {
    let n = f.pivot_of.len();
    let mut marked = vec![false; n];
    let mut finished = Vec::new();
    // (row, next position in its L column)
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for &start in starts {
        if marked[start] {
            continue;
        }
        marked[start] = true;
        stack.push((start, 0));
        while let Some(&mut (j, ref mut next)) = stack.last_mut() {
            let neighbours: &[(usize, Value)] = f.pivot_of[j].map_or(&[], |step| &f.l[step]);
            let unvisited = neighbours[*next..]
                .iter()
                .position(|(i, _)| !marked[*i])
                .map(|offset| *next + offset);
            match unvisited {
                Some(p) => {
                    *next = p + 1;
                    let i = neighbours[p].0;
                    marked[i] = true;
                    stack.push((i, 0));
                }
                None => {
                    stack.pop();
                    finished.push(j);
                }
            }
        }
    }
    finished.reverse();
    finished
}

/// The object `{L, U, p, q}` of the finished factors, with its `toString`.
fn slu_answer(n: usize, f: Factors, q: Option<Vec<usize>>) -> Value {
    let step = |row: usize| f.pivot_of[row].unwrap_or(row);
    let l: Vec<Vec<(usize, Value)>> =
        f.l.into_iter()
            .map(|column| column.into_iter().map(|(i, v)| (step(i), v)).collect())
            .collect();
    let p =
        Matrix::vector((0..n).map(|row| Value::Number(step(row) as f64)).collect()).into_array();
    Value::object(vec![
        (
            "L".into(),
            Value::Sparse(Rc::new(SparseMatrix::from_columns(n, l))),
        ),
        (
            "U".into(),
            Value::Sparse(Rc::new(SparseMatrix::from_columns(n, f.u))),
        ),
        ("p".into(), Value::matrix(p)),
        (
            "q".into(),
            q.map_or(Value::Null, |q| {
                let q = q.into_iter().map(|i| Value::Number(i as f64)).collect();
                Value::matrix(Matrix::vector(q).into_array())
            }),
        ),
        ("toString".into(), Value::Function(Function::Builtin("slu"))),
    ])
}
