//! `slu(A, order, threshold)`: the LU decomposition of a square sparse matrix with threshold
//! partial pivoting, `P A Q = L U`, computed as math.js 15.2 computes it: its `csLu`, which is
//! the left-looking algorithm of CSparse's `cs_lu` (T. A. Davis, *Direct Methods for Sparse
//! Linear Systems*, SIAM 2006, chapter 6; the triangular solve of section 3.2 by J. R. Gilbert
//! and T. Peierls, "Sparse partial pivoting in time proportional to arithmetic operations", 1988).
//!
//! For each column k of A (its natural order: `order` 0):
//!
//! 1. the rows x reaches in the graph of L built so far, by depth-first search from the rows
//!    A(:, k) stores, in their storage order; the search's reverse finishing order is the
//!    order of the next steps (and so the order L and U store their entries);
//! 2. the sparse triangular solve `x = L \ A(:, k)` over those rows;
//! 3. the pivot: the largest `|x_i|` (math.js `larger`, first wins) among the rows not pivotal
//!    yet; the diagonal row k instead when `|x_k| ≥ threshold · max`; no candidate, or a
//!    largest `|x_i|` that is not positive, refuses (the matrix is singular);
//! 4. U(:, k) stores the pivotal rows' entries in that order, then the pivot; L(:, k) stores 1
//!    (the number 1, as math.js does in every mode) on the pivot row, then `x_i / pivot` for
//!    the other rows reached.
//!
//! The answer is `{L, U, p, q}`: L and U sparse (rows renumbered by the pivot order), `p` the
//! array of each row's pivot step (math.js's `pinv`) and `q` null (no column permutation).
//! Orders 1 to 3 (an approximate minimum degree ordering of A + Aᵀ or AᵀA) are not built.
//!
//! Work: each column's search and solve is charged to the meter before it runs, by the entries
//! of L stored so far plus n; both factors are counted as built (n² elements each).

use super::*;

/// math.js's refusal of an order outside 0..=3.
const ORDER_RANGE: &str =
    "Symbolic Ordering and Analysis order must be an integer number in the interval [0, 3]";

/// The refusal of the orders not built, and what to do instead.
const ORDERS_NOT_BUILT_HINT: &str = "slu orders 1, 2 and 3 (a fill-reducing approximate \
    minimum degree column ordering) are not built in reckon yet, and retrying the same call \
    fails the same way. Use order 0 (natural ordering): slu(A, 0, threshold) gives the same \
    kind of factors P A = L U without the column permutation q.";

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
        if order != 0.0 {
            let mut error = not_implemented(
                &format!("slu() with order {order} (approximate minimum degree ordering)"),
                at,
            );
            error.hint = Some(ORDERS_NOT_BUILT_HINT.to_owned());
            return Err(error);
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
        let factors = self.left_looking_lu(&a, threshold, at)?;
        Ok(slu_answer(n, factors))
    }

    /// Steps 1 to 4 of the module doc for every column.
    fn left_looking_lu(
        &mut self,
        a: &SparseMatrix,
        threshold: f64,
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
        for (k, column) in columns.iter().enumerate() {
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
            let (l, u) = self.pivot_column(&mut f, k, &reached, &mut x, threshold, at)?;
            stored += (l.len() + u.len()) as u64;
            f.l.push(l);
            f.u.push(u);
        }
        Ok(f)
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
        k: usize,
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
        if f.pivot_of[k].is_none() {
            let diagonal = self.absolute_value(&x[k], at)?;
            let bound = self.binary(
                Op::Multiply,
                &largest,
                &Value::Number(threshold),
                false,
                (at, at),
                at,
            )?;
            if compare(Op::LargerEq, &diagonal, &bound, at)? {
                ipiv = k;
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
fn slu_answer(n: usize, f: Factors) -> Value {
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
        ("q".into(), Value::Null),
        ("toString".into(), Value::Function(Function::Builtin("slu"))),
    ])
}
