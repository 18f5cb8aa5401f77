//! Sparse matrices (spec section 7.6) and the arithmetic math.js 15.2 defines on them.
//!
//! reckon keeps a sparse matrix's entries densely (every element, the unstored ones as the number
//! 0) so that the dense code paths can read it, and beside them the list of *stored* positions in
//! math.js's storage order. math.js prints a `SparseMatrix` by walking its compressed columns, so
//! the printed text shows which entries are stored (an explicit stored 0 prints, an unstored one
//! does not) and in which order each column holds them, and both depend on the algorithm that
//! built the matrix: a sum lists the left operand's entries before the right one's, a product
//! lists rows in the order it first reached them, a quotient walks the rows in order. The
//! hand-written merges below reproduce those orders (they are described from math.js's
//! documented behaviour and checked against it by `tests/peer/sparse.mjs`); a matrix built
//! without a merge keeps no list and stores its non-zero entries row by row in each column.
//! Products live in `sparse_products.rs` and the built-in functions in `sparse_functions.rs`.

use crate::eval::{Evaluated, Evaluator, failed};
use crate::syntax::ast::Op;
use crate::value::Value;
use crate::value::matrix::{self, Matrix};
use std::rc::Rc;

/// A two-dimensional sparse matrix: its elements (read by the dense code paths through `Deref`)
/// and, when it differs from the default, the order of its stored entries.
#[derive(Clone, Debug)]
pub struct SparseMatrix {
    matrix: Matrix,
    /// The stored positions `(row, column)`, column by column, each column in storage order;
    /// `None`: the non-zero elements, each column top to bottom.
    order: Option<Vec<(usize, usize)>>,
}

impl std::ops::Deref for SparseMatrix {
    type Target = Matrix;
    fn deref(&self) -> &Matrix {
        &self.matrix
    }
}

/// Whether math.js's `equalScalar(x, 0)` holds: numbers and BigNumbers within absTol 1e-15 of
/// 0, `false`, complex 0, a zero Fraction. Such entries are not stored by most operations.
pub(crate) fn is_zero(value: &Value) -> bool {
    match value {
        Value::Number(x) => crate::functions::nearly_equal(*x, 0.0),
        Value::Boolean(b) => !b,
        Value::Fraction(f) => f.is_zero(),
        Value::Complex(z) => z.is_zero(),
        Value::Big(x) => {
            // Within absTol 1e-15 of 0; the float test first spares the exact one its work.
            x.is_zero()
                || (crate::num::bignum::to_f64(x).abs() < 1e-14
                    && crate::num::bignum::nearly_equal(x, &crate::num::bignum::Big::ZERO))
        }
        _ => false,
    }
}

/// Whether a value is JavaScript's `0` or `false` exactly (`x !== 0 && x !== false` fails): the
/// test of math.js's row-by-row merge, which stores a zero BigNumber, Fraction or Complex.
fn strict_zero(value: &Value) -> bool {
    matches!(value, Value::Number(x) if *x == 0.0) || matches!(value, Value::Boolean(false))
}

/// The entries of one column: `(row, value)` in storage order.
pub(crate) type Column = Vec<(usize, Value)>;

impl SparseMatrix {
    /// A sparse matrix storing the non-zero elements of a two-dimensional matrix.
    pub(crate) fn from_dense(matrix: Matrix) -> Self {
        let data = matrix
            .data
            .into_iter()
            .map(|v| if is_zero(&v) { Value::Number(0.0) } else { v })
            .collect();
        Self {
            matrix: Matrix::new(matrix.shape, data),
            order: None,
        }
    }

    /// A sparse matrix of `rows` × `columns.len()` storing exactly these entries in this order.
    pub(crate) fn from_columns(rows: usize, columns: Vec<Column>) -> Self {
        let cols = columns.len();
        let mut data = vec![Value::Number(0.0); rows * cols];
        let mut order = Vec::new();
        for (c, column) in columns.into_iter().enumerate() {
            for (r, value) in column {
                order.push((r, c));
                data[r * cols + c] = value;
            }
        }
        Self {
            matrix: Matrix::new(vec![rows, cols], data),
            order: Some(order),
        }
    }

    /// The number of rows and columns.
    pub(crate) fn dims(&self) -> (usize, usize) {
        (self.shape[0], self.shape.get(1).copied().unwrap_or(1))
    }

    /// The stored entries `(row, column, value)` in storage order, column by column.
    pub(crate) fn stored(&self) -> Vec<(usize, usize, &Value)> {
        let (rows, cols) = self.dims();
        match &self.order {
            Some(order) => order
                .iter()
                .map(|&(r, c)| (r, c, &self.data[r * cols + c]))
                .collect(),
            None => (0..cols)
                .flat_map(|c| (0..rows).map(move |r| (r, c)))
                .filter_map(|(r, c)| {
                    let value = &self.data[r * cols + c];
                    (!is_zero(value)).then_some((r, c, value))
                })
                .collect(),
        }
    }

    /// The stored entries of each column, in storage order.
    pub(crate) fn columns(&self) -> Vec<Vec<(usize, &Value)>> {
        let (_, cols) = self.dims();
        let mut columns = vec![Vec::new(); cols];
        for (r, c, value) in self.stored() {
            columns[c].push((r, value));
        }
        columns
    }

    /// The elements as a dense matrix (`matrix(S, "dense")`).
    pub(crate) fn to_dense(&self) -> Matrix {
        Matrix::new(self.shape.clone(), self.data.clone())
    }

    /// The transpose; each column of the result lists its entries top to bottom, and stored
    /// zeros stay stored, as math.js's transpose keeps them.
    pub(crate) fn transpose(&self) -> Self {
        let (rows, _) = self.dims();
        let mut columns: Vec<Column> = vec![Vec::new(); rows];
        for (r, c, value) in self.stored() {
            columns[r].push((c, value.clone()));
        }
        Self::from_columns(self.dims().1, columns)
    }

    /// Formats as math.js does (section 7.6): its size, its density, then each stored entry,
    /// column by column in storage order, with 0-based indices.
    pub(crate) fn format_sparse(&self, precision: Option<u32>) -> String {
        let (rows, cols) = self.dims();
        let entries = self.stored();
        let density = if rows * cols == 0 {
            0.0
        } else {
            entries.len() as f64 / (rows * cols) as f64
        };
        let mut out = format!(
            "Sparse Matrix [{rows} x {cols}] density: {}\n",
            crate::num::format::format_number(density, precision)
        );
        for (r, c, value) in entries {
            if out.len() > crate::value::matrix::FORMAT_CAP_BYTES {
                break;
            }
            out.push_str(&format!("\n    ({r}, {c}) ==> {}", value.format(precision)));
        }
        out
    }
}

/// Which of math.js's element-wise merges of two sparse matrices an operator uses.
#[derive(Clone, Copy)]
enum Merge {
    /// `add`: the left column's entries, then the right one's new rows; a sum that is zero is
    /// dropped, an entry of one side only is kept as it is.
    Union,
    /// `subtract`, `mod`, `or`: the same rows and order, every value computed and the zeros
    /// dropped.
    UnionComputed,
    /// `dotMultiply`: the left column's entries, zeros dropped.
    Left,
    /// `and`: the left column's entries that the right column also stores, zeros dropped.
    Both,
    /// `dotDivide`, `dotPow`, comparisons, `xor`: every row in order, dropping only JavaScript's
    /// `0` and `false`.
    Rows,
}

fn merge_of(op: Op) -> Option<Merge> {
    use Op::*;
    Some(match op {
        Add | BitOr => Merge::Union,
        Subtract | Mod | ModSign | Or => Merge::UnionComputed,
        DotMultiply => Merge::Left,
        And | BitAnd => Merge::Both,
        DotDivide | DotPow | Equal | Unequal | Smaller | Larger | SmallerEq | LargerEq | Xor
        | BitXor => Merge::Rows,
        _ => return None,
    })
}

/// The operator that combines two elements for an element-wise operator.
fn element_op(op: Op) -> Op {
    match op {
        Op::DotMultiply => Op::Multiply,
        Op::DotDivide => Op::Divide,
        Op::DotPow => Op::Pow,
        other => other,
    }
}

impl Evaluator {
    /// A binary operator with a sparse operand, as math.js 15.2 computes it; `None` when math.js
    /// defines it but reckon does not yet (matrix division, the bitwise operators).
    pub(crate) fn sparse_binary(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
        at: usize,
    ) -> Option<Evaluated> {
        match (op, left, right) {
            (Op::Divide, _, Value::Sparse(b)) => {
                // math.js divides by a matrix as it multiplies by its inverse.
                let b = Rc::clone(b);
                return Some(
                    self.sparse_inverse(&b, at)
                        .and_then(|inv| self.binary(Op::Multiply, left, &inv, false, (at, at), at)),
                );
            }
            (Op::Divide, Value::Sparse(_), Value::Matrix(_)) => {
                return Some(
                    self.inverse(right, at)
                        .and_then(|inv| self.binary(Op::Multiply, left, &inv, false, (at, at), at)),
                );
            }
            (Op::Pow, base, Value::Sparse(_)) => {
                let expected = if matches!(base, Value::Matrix(_) | Value::Sparse(_)) {
                    "number or BigNumber or bigint or Fraction or string or boolean"
                } else {
                    "number or Complex or BigNumber or bigint or Fraction or string or boolean"
                };
                return Some(Err(crate::eval::mismatch(
                    format!(
                        "Unexpected type of argument in function pow (expected: {expected}, actual: Matrix | SparseMatrix, index: 1)"
                    ),
                    at,
                )));
            }
            (Op::Pow, Value::Sparse(a), exponent) if !matches!(exponent, Value::Matrix(_)) => {
                // math.js's matrix power answers a dense matrix.
                let dense = Value::matrix(a.to_dense());
                return Some(self.binary(op, &dense, exponent, false, (at, at), at));
            }
            _ => {}
        }
        match (left, right) {
            (Value::Sparse(a), Value::Sparse(b)) => {
                if op == Op::Multiply {
                    return Some(self.sparse_product(a, b, at));
                }
                let merge = merge_of(op)?;
                if a.shape == b.shape {
                    return Some(self.sparse_merge(op, merge, a, b, at));
                }
                let name = op.symbol_and_fn().1;
                Some(match self.broadcast_pair(name, a, b, at)? {
                    Ok((wide_a, wide_b)) => {
                        let keep = |m: &Rc<SparseMatrix>, wide: Matrix| {
                            if wide.shape == m.shape {
                                SparseMatrix::clone(m)
                            } else {
                                SparseMatrix::from_dense(wide)
                            }
                        };
                        let (a, b) = (keep(a, wide_a), keep(b, wide_b));
                        self.sparse_merge(op, merge, &a, &b, at)
                    }
                    Err(error) => Err(error),
                })
            }
            (Value::Sparse(s), Value::Matrix(d)) => self.sparse_with_dense(op, s, d, true, at),
            (Value::Matrix(d), Value::Sparse(s)) => self.sparse_with_dense(op, s, d, false, at),
            (Value::Sparse(s), other) => self.sparse_with_scalar(op, s, other, true, at),
            (other, Value::Sparse(s)) => self.sparse_with_scalar(op, s, other, false, at),
            _ => None,
        }
    }

    /// `sparse ∘ scalar` for `* / .* ./ .^ mod` and `scalar * sparse` act on the stored
    /// entries and stay sparse; `+ -` and the comparisons with a scalar, and
    /// `scalar ./ .^ mod sparse`, act on every entry and are dense.
    fn sparse_with_scalar(
        &mut self,
        op: Op,
        sparse: &Rc<SparseMatrix>,
        other: &Value,
        sparse_left: bool,
        at: usize,
    ) -> Option<Evaluated> {
        use Op::*;
        let stays_sparse = match op {
            Multiply | DotMultiply => true,
            Divide | DotDivide | DotPow | Mod | ModSign => sparse_left,
            LeftShift | RightArithShift | RightLogShift => sparse_left,
            _ => false,
        };
        if stays_sparse {
            let sparse = Rc::clone(sparse);
            let other = other.clone();
            return Some(self.sparse_map_stored(&sparse, |this, x| {
                let (a, b) = if sparse_left {
                    (x, &other)
                } else {
                    (&other, x)
                };
                this.binary(op, a, b, false, (at, at), at)
            }));
        }
        let every_entry = matches!(
            op,
            Add | Subtract | Equal | Unequal | Smaller | Larger | SmallerEq | LargerEq
        ) || (!sparse_left
            && matches!(
                op,
                DotDivide | DotPow | Mod | ModSign | LeftShift | RightArithShift | RightLogShift
            ));
        if !every_entry {
            return None;
        }
        Some(self.sparse_as_dense(op, sparse, other, sparse_left, at))
    }

    /// The operation on the sparse matrix's elements as a dense matrix: a dense result.
    fn sparse_as_dense(
        &mut self,
        op: Op,
        sparse: &SparseMatrix,
        other: &Value,
        sparse_left: bool,
        at: usize,
    ) -> Evaluated {
        let dense = Value::matrix(sparse.to_dense());
        let (a, b) = if sparse_left {
            (&dense, other)
        } else {
            (other, &dense)
        };
        self.binary(op, a, b, false, (at, at), at)
    }

    /// A sparse and a dense matrix: the matrix product, `.*` (and `./`, `mod` with the sparse
    /// matrix on the left) on the stored entries giving a sparse matrix, the rest dense.
    fn sparse_with_dense(
        &mut self,
        op: Op,
        sparse: &Rc<SparseMatrix>,
        dense: &Rc<Matrix>,
        sparse_left: bool,
        at: usize,
    ) -> Option<Evaluated> {
        use Op::*;
        if op == Multiply {
            return Some(if sparse_left {
                self.sparse_times_dense(sparse, dense, at)
            } else if dense.array {
                // math.js turns an array on the left into a sparse matrix first.
                self.sparse_of_array(dense, at)
                    .and_then(|a| self.sparse_product(&a, sparse, at))
            } else {
                self.dense_times_sparse(dense, sparse, at)
            });
        }
        let on_stored = match op {
            DotMultiply | And | BitAnd => true,
            DotDivide | Mod | ModSign => sparse_left,
            _ => false,
        };
        if !on_stored {
            let every_entry = matches!(
                op,
                Add | Subtract
                    | DotDivide
                    | DotPow
                    | Mod
                    | ModSign
                    | Equal
                    | Unequal
                    | Smaller
                    | Larger
                    | SmallerEq
                    | LargerEq
                    | Or
                    | Xor
                    | BitOr
                    | BitXor
            );
            return every_entry.then(|| {
                self.sparse_as_dense(
                    op,
                    sparse,
                    &Value::Matrix(Rc::clone(dense)),
                    sparse_left,
                    at,
                )
            });
        }
        if dense.shape == sparse.shape {
            return Some(self.sparse_on_stored_with_dense(op, sparse, dense, sparse_left, at));
        }
        let name = op.symbol_and_fn().1;
        Some(match self.broadcast_pair(name, sparse, dense, at)? {
            Ok((s, d)) => {
                let s = if s.shape == sparse.shape {
                    SparseMatrix::clone(sparse)
                } else {
                    SparseMatrix::from_dense(s)
                };
                self.sparse_on_stored_with_dense(op, &s, &d, sparse_left, at)
            }
            Err(error) => Err(error),
        })
    }

    /// math.js's `matAlgo02`: the sparse matrix's stored entries combined with the dense
    /// elements at the same place, in storage order, zeros dropped.
    fn sparse_on_stored_with_dense(
        &mut self,
        op: Op,
        sparse: &SparseMatrix,
        dense: &Matrix,
        sparse_left: bool,
        at: usize,
    ) -> Evaluated {
        let (rows, cols) = sparse.dims();
        self.build(op.symbol_and_fn().1, (rows * cols) as u64, at)?;
        let cf = element_op(op);
        let mut columns = Vec::with_capacity(cols);
        for (c, column) in sparse.columns().into_iter().enumerate() {
            let mut out = Vec::new();
            for (r, value) in column {
                let d = &dense.data[r * cols + c];
                let (x, y) = if sparse_left { (value, d) } else { (d, value) };
                let v = self.binary(cf, x, y, false, (at, at), at)?;
                if !is_zero(&v) {
                    out.push((r, v));
                }
            }
            columns.push(out);
        }
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_columns(
            rows, columns,
        ))))
    }

    /// An element-wise operator on two sparse matrices of the same size, merged column by
    /// column as math.js merges them (see [`Merge`]).
    fn sparse_merge(
        &mut self,
        op: Op,
        merge: Merge,
        a: &SparseMatrix,
        b: &SparseMatrix,
        at: usize,
    ) -> Evaluated {
        let cf = element_op(op);
        self.sparse_merge_with(op.symbol_and_fn().1, merge, a, b, at, |this, x, y| {
            this.binary(cf, x, y, false, (at, at), at)
        })
    }

    /// `compare(S, T)`: the union merge of `subtract`, each value math.js's `compare`.
    pub(crate) fn sparse_compare(
        &mut self,
        row: &'static crate::functions::Builtin,
        name: &str,
        a: &SparseMatrix,
        b: &SparseMatrix,
        at: usize,
    ) -> Evaluated {
        self.sparse_merge_with(name, Merge::UnionComputed, a, b, at, |this, x, y| {
            this.call_builtin(row, name, vec![x.clone(), y.clone()], at)
        })
    }

    /// The column-by-column merge of two sparse matrices of the same size, `cf` combining two
    /// elements (an unstored one is the number 0).
    fn sparse_merge_with(
        &mut self,
        name: &str,
        merge: Merge,
        a: &SparseMatrix,
        b: &SparseMatrix,
        at: usize,
        mut cf: impl FnMut(&mut Self, &Value, &Value) -> Evaluated,
    ) -> Evaluated {
        if a.shape != b.shape {
            return Err(failed(
                format!(
                    "Dimension mismatch. Matrix A ({},{}) must match Matrix B ({},{})",
                    a.dims().0,
                    a.dims().1,
                    b.dims().0,
                    b.dims().1
                ),
                at,
            ));
        }
        let (rows, cols) = a.dims();
        self.build(name, (rows * cols) as u64, at)?;
        let zero = Value::Number(0.0);
        let (ca, cb) = (a.columns(), b.columns());
        let mut columns = Vec::with_capacity(cols);
        // Per-row slots of the current column: the left and right values.
        let mut xa: Vec<Option<&Value>> = vec![None; rows];
        let mut xb: Vec<Option<&Value>> = vec![None; rows];
        for (left, right) in ca.iter().zip(&cb) {
            for (r, v) in left {
                xa[*r] = Some(*v);
            }
            for (r, v) in right {
                xb[*r] = Some(*v);
            }
            let mut out = Vec::new();
            let mut combine = |this: &mut Self, r: usize| -> Evaluated {
                let (x, y) = (xa[r].unwrap_or(&zero), xb[r].unwrap_or(&zero));
                cf(this, x, y)
            };
            match merge {
                Merge::Union => {
                    for (r, v) in left {
                        match xb[*r] {
                            Some(_) => {
                                let sum = combine(self, *r)?;
                                if !is_zero(&sum) {
                                    out.push((*r, sum));
                                }
                            }
                            None => out.push((*r, (*v).clone())),
                        }
                    }
                    for (r, v) in right {
                        if xa[*r].is_none() {
                            out.push((*r, (*v).clone()));
                        }
                    }
                }
                Merge::UnionComputed => {
                    let new_rows = right.iter().filter(|(r, _)| xa[*r].is_none());
                    let order: Vec<usize> = left
                        .iter()
                        .map(|(r, _)| *r)
                        .chain(new_rows.map(|(r, _)| *r))
                        .collect();
                    for r in order {
                        let v = combine(self, r)?;
                        if !is_zero(&v) {
                            out.push((r, v));
                        }
                    }
                }
                Merge::Left | Merge::Both => {
                    for (r, _) in left {
                        if matches!(merge, Merge::Both) && xb[*r].is_none() {
                            continue;
                        }
                        let v = combine(self, *r)?;
                        if !is_zero(&v) {
                            out.push((*r, v));
                        }
                    }
                }
                Merge::Rows => {
                    for r in 0..rows {
                        let v = combine(self, r)?;
                        if !strict_zero(&v) {
                            out.push((r, v));
                        }
                    }
                }
            }
            for (r, _) in left {
                xa[*r] = None;
            }
            for (r, _) in right {
                xb[*r] = None;
            }
            columns.push(out);
        }
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_columns(
            rows, columns,
        ))))
    }

    /// `zeros`, `ones` and `identity` with a storage format last: `"dense"` as without it,
    /// `"sparse"` a sparse matrix of two dimensions.
    pub(crate) fn with_storage(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let Some((Value::Str(format), sizes)) = values.split_last() else {
            return Err(failed(format!("{name}() needs a storage format"), at));
        };
        let dense = match name {
            "identity" if sizes.is_empty() => {
                return Err(failed("identity() takes 1 to 2 argument(s), got 1", at));
            }
            "identity" => self.identity_of(sizes, at)?,
            _ => self.filled(name, sizes, at)?,
        };
        match format.as_str() {
            "dense" => Ok(dense),
            "sparse" => match &dense {
                Value::Matrix(m) if m.shape == [0] => self.sparse(None, at),
                Value::Matrix(m) if m.rank() == 2 => self.sparse(Some(&dense), at),
                _ => Err(failed("Only two dimensions matrix are supported", at)),
            },
            other => Err(failed(format!("Unknown matrix type \"{other}\"."), at)),
        }
    }

    /// `inv(S)`: the inverse of the elements as a dense matrix, made sparse as math.js makes it.
    pub(crate) fn sparse_inverse(&mut self, s: &SparseMatrix, at: usize) -> Evaluated {
        match self.inverse(&Value::matrix(s.to_dense()), at)? {
            Value::Matrix(m) => self.sparse(Some(&Value::Matrix(m)), at),
            other => Ok(other),
        }
    }

    /// `A'` and `ctranspose(A)`: math.js conjugates every element first (which drops stored
    /// zeros), then transposes.
    pub(crate) fn sparse_ctranspose(&mut self, m: &SparseMatrix) -> Evaluated {
        let conjugated = self.sparse_map_all(m, |_, x| {
            Ok(match x {
                Value::Complex(z) => Value::Complex(z.conj()),
                other => other.clone(),
            })
        })?;
        match conjugated {
            Value::Sparse(c) => Ok(Value::Sparse(Rc::new(c.transpose()))),
            other => Ok(other),
        }
    }

    /// Elements of a matrix stretched to a larger shape by broadcasting, counted against the
    /// build limits.
    fn broadcast_to(
        &mut self,
        name: &str,
        m: &Matrix,
        shape: &[usize],
        at: usize,
    ) -> Result<Matrix, crate::CalculateError> {
        if m.shape == shape {
            return Ok(m.clone());
        }
        self.build_shape(name, shape, at)?;
        let data = matrix::broadcast_positions(&m.shape, shape)
            .into_iter()
            .map(|i| m.data[i].clone())
            .collect();
        Ok(Matrix::new(shape.to_vec(), data))
    }

    /// Two operands of an element-wise operation brought to one two-dimensional shape as
    /// math.js broadcasts them (a stretched sparse matrix is rebuilt, so it stores its
    /// non-zero elements in the default order). `None` when the common shape is not
    /// two-dimensional.
    fn broadcast_pair(
        &mut self,
        name: &str,
        a: &Matrix,
        b: &Matrix,
        at: usize,
    ) -> Option<Result<(Matrix, Matrix), crate::CalculateError>> {
        let shape = match matrix::broadcast_shape(&a.shape, &b.shape) {
            Ok(shape) => shape,
            Err(detail) => return Some(Err(failed(detail, at))),
        };
        if shape.len() != 2 {
            return None;
        }
        Some(
            self.broadcast_to(name, a, &shape, at)
                .and_then(|a| Ok((a, self.broadcast_to(name, b, &shape, at)?))),
        )
    }

    /// A sparse matrix with `f` applied to each stored entry in storage order; entries `f`
    /// makes zero are no longer stored (math.js's `map` skipping zeros).
    pub(crate) fn sparse_map_stored(
        &mut self,
        m: &SparseMatrix,
        mut f: impl FnMut(&mut Self, &Value) -> Evaluated,
    ) -> Evaluated {
        let (rows, _) = m.dims();
        self.charge(m.data.len() as u64)?;
        let mut columns = Vec::new();
        for column in m.columns() {
            let mut out = Vec::new();
            for (r, value) in column {
                let v = f(self, value)?;
                if !is_zero(&v) {
                    out.push((r, v));
                }
            }
            columns.push(out);
        }
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_columns(
            rows, columns,
        ))))
    }

    /// A sparse matrix with `f` applied to every element, top to bottom in each column (the
    /// unstored ones as the number 0), the non-zero results stored (math.js's `map`).
    pub(crate) fn sparse_map_all(
        &mut self,
        m: &SparseMatrix,
        mut f: impl FnMut(&mut Self, &Value) -> Evaluated,
    ) -> Evaluated {
        let (rows, cols) = m.dims();
        self.charge(m.data.len() as u64)?;
        let mut columns = Vec::with_capacity(cols);
        for c in 0..cols {
            let mut out = Vec::new();
            for r in 0..rows {
                let v = f(self, &m.data[r * cols + c])?;
                if !is_zero(&v) {
                    out.push((r, v));
                }
            }
            columns.push(out);
        }
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_columns(
            rows, columns,
        ))))
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::{answer_in, reason_in};

    /// Each expected answer is math.js 15.2's (`typeOf` and `format` of the result, or the
    /// message it throws), generated by running math.js on the expression; `tests/peer/sparse.mjs`
    /// checks 1,275 such cases against the `reckon` binary.
    #[test]
    fn sparse_results_print_as_math_js_prints_them() {
        let cases = [
            (
                "number",
                "sparse([1, 0; 0, 1]) + sparse([0, 2; 3, 0])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 3\n    (1, 1) ==> 1\n    (0, 1) ==> 2",
            ),
            (
                "number",
                "sparse([0, 2; 3, 0]) + sparse([1, 0; 0, 1])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 1\n\n    (1, 0) ==> 3\n    (0, 0) ==> 1\n    (0, 1) ==> 2\n    (1, 1) ==> 1",
            ),
            (
                "number",
                "sparse([1, 2; 3, 4]) - sparse([1, 0; 3, 1])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 1) ==> 2\n    (1, 1) ==> 3",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) .* sparse([0, 2; 3, 4])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.25\n\n    (1, 1) ==> 8",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) .^ sparse([0, 2; 3, 4])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 1\n    (1, 1) ==> 16",
            ),
            (
                "number",
                "sparse([0, 2; 3, 4]) mod sparse([0, 2; 3, 0])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.25\n\n    (1, 1) ==> 4",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) == sparse([0, 0; 0, 2])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.75\n\n    (1, 0) ==> true\n    (0, 1) ==> true\n    (1, 1) ==> true",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) < sparse([0, 0; 0, 2])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0\n",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) * sparse([0, 2; 3, 4])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.75\n\n    (1, 0) ==> 6\n    (0, 1) ==> 2\n    (1, 1) ==> 8",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) * [1; 2]",
                "SparseMatrix Sparse Matrix [2 x 1] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 4",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) * [1, 2]",
                "SparseMatrix Sparse Matrix [2 x 1] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 4",
            ),
            (
                "number",
                "[1, 2; 3, 4] * sparse([1, 0; 0, 2])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 3\n    (0, 1) ==> 4\n    (1, 1) ==> 8",
            ),
            (
                "number",
                "sparse([0, 2; 3, 0]) * [1, 2; 3, 4]",
                "SparseMatrix Sparse Matrix [2 x 2] density: 1\n\n    (1, 0) ==> 3\n    (0, 0) ==> 6\n    (1, 1) ==> 6\n    (0, 1) ==> 8",
            ),
            (
                "number",
                "sparse([1, 1; 0, 0]) * sparse([1, 0; -1, 0])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.25\n\n    (0, 0) ==> 0",
            ),
            (
                "number",
                "sparse([1, 1; 0, 0]) * [1; -1]",
                "SparseMatrix Sparse Matrix [2 x 1] density: 0.5\n\n    (0, 0) ==> 0",
            ),
            (
                "number",
                "(sparse([1, 1; 0, 0]) * sparse([1, 0; -1, 0]))'",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0\n",
            ),
            (
                "number",
                "transpose(sparse([1, 1; 0, 0]) * sparse([1, 0; -1, 0]))",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.25\n\n    (0, 0) ==> 0",
            ),
            (
                "number",
                "(sparse([1, 1; 0, 0]) * sparse([1, 0; -1, 0])) + sparse([0, 0; 0, 0])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.25\n\n    (0, 0) ==> 0",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) .* [1, 2; 3, 4]",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 1\n    (1, 1) ==> 8",
            ),
            (
                "number",
                "[1, 2; 3, 4] .* sparse([0, 2; 3, 0])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (1, 0) ==> 9\n    (0, 1) ==> 4",
            ),
            (
                "number",
                "sparse([0, 2; 3, 0]) ./ [1, 2; 3, 4]",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (1, 0) ==> 1\n    (0, 1) ==> 1",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) + [1, 2; 3, 4]",
                "DenseMatrix [[2, 2], [3, 6]]",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) + sparse([1, 2])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 1\n\n    (0, 0) ==> 2\n    (1, 0) ==> 2\n    (1, 1) ==> 4\n    (0, 1) ==> 1",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) .* [1, 2]",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 1\n    (1, 1) ==> 4",
            ),
            (
                "number",
                "[1, 2] * sparse([1, 0; 0, 2])",
                "error Support for SparseMatrix not implemented",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) * sparse([1, 2, 3])",
                "error Dimension mismatch in multiplication. Matrix A columns (2) must match Matrix B rows (3)",
            ),
            (
                "number",
                "2 / sparse([1, 2; 3, 4])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 1\n\n    (0, 0) ==> -4\n    (1, 0) ==> 3\n    (0, 1) ==> 2\n    (1, 1) ==> -1",
            ),
            (
                "number",
                "sparse([1, 2; 3, 4]) / sparse([1, 2; 3, 4])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 0\n    (0, 1) ==> 0\n    (1, 1) ==> 1",
            ),
            (
                "number",
                "sparse([1, 1; 0, 1])^2",
                "DenseMatrix [[1, 2], [0, 1]]",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) and sparse([1, 1; 0, 0])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.25\n\n    (0, 0) ==> true",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) or sparse([0, 1; 0, 0])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.75\n\n    (0, 0) ==> true\n    (1, 1) ==> true\n    (0, 1) ==> true",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) xor sparse([1, 1; 0, 0])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 1) ==> true\n    (1, 1) ==> true",
            ),
            ("number", "sum(sparse([1, 0; 0, 2]))", "number 3"),
            (
                "number",
                "sum(sparse([1, 0; 0, 2]), 1)",
                "SparseMatrix Sparse Matrix [2 x 1] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 2",
            ),
            ("number", "prod(sparse([1, 2; 3, 4]))", "number 24"),
            ("number", "max(sparse([-1, 0; 0, -2]))", "number 0"),
            (
                "number",
                "min(sparse([1, 2; 3, 4]), 2)",
                "SparseMatrix Sparse Matrix [2 x 1] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 3",
            ),
            ("number", "mean(sparse([1, 0; 0, 2]))", "number 0.75"),
            (
                "number",
                "abs(sparse([-1, 0; 0, 2]))",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 1\n    (1, 1) ==> 2",
            ),
            (
                "number",
                "abs(sparse([1, 1; 0, 0]) * sparse([1, 0; -1, 0]))",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0\n",
            ),
            (
                "number",
                "not(sparse([1, 0; 0, 2]))",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (1, 0) ==> true\n    (0, 1) ==> true",
            ),
            (
                "number",
                "isZero(sparse([1, 0; 0, 2]))",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (1, 0) ==> true\n    (0, 1) ==> true",
            ),
            (
                "number",
                "round(sparse([1.4, 0; 0, 2.6]))",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 1\n    (1, 1) ==> 3",
            ),
            (
                "number",
                "inv(sparse([0, 1; 1, 0]))",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (1, 0) ==> 1\n    (0, 1) ==> 1",
            ),
            (
                "number",
                "diag(sparse([1, 1; 0, 0]) * sparse([1, 0; -1, 0]))",
                "SparseMatrix Sparse Matrix [2 x 1] density: 0.5\n\n    (0, 0) ==> 0",
            ),
            (
                "number",
                "identity(2, 3, \"sparse\")",
                "SparseMatrix Sparse Matrix [2 x 3] density: 0.3333333333333333\n\n    (0, 0) ==> 1\n    (1, 1) ==> 1",
            ),
            (
                "number",
                "zeros(2, 2, \"sparse\")",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0\n",
            ),
            (
                "number",
                "ones(2, \"sparse\")",
                "error Only two dimensions matrix are supported",
            ),
            (
                "number",
                "compare(sparse([1, 2; 3, 4]), sparse([0, 2; 3, 0]))",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 1\n    (1, 1) ==> 1",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) * (1 + 2i)",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 1 + 2i\n    (1, 1) ==> 2 + 4i",
            ),
            (
                "number",
                "sparse([1e-20, 1]) + sparse([1, 1])",
                "SparseMatrix Sparse Matrix [2 x 1] density: 1\n\n    (1, 0) ==> 2\n    (0, 0) ==> 1",
            ),
            (
                "number",
                "sparse([1, 0; 0, 2]) * sparse([1, 2; 3, 4; 5, 6])",
                "error Dimension mismatch in multiplication. Matrix A columns (2) must match Matrix B rows (3)",
            ),
            (
                "number",
                "[1, 2] * sparse([1, 0])",
                "error Support for SparseMatrix not implemented",
            ),
            (
                "BigNumber",
                "sparse([1, 0]) ./ sparse([1, 1])",
                "SparseMatrix Sparse Matrix [2 x 1] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 0",
            ),
            (
                "BigNumber",
                "sparse([1, 1; 0, 0]) * sparse([1, 0; -1, 0])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.25\n\n    (0, 0) ==> 0",
            ),
            (
                "BigNumber",
                "sparse([1, 0; 0, 2]) + sparse([0, 2; 3, 0])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 3\n    (1, 1) ==> 2\n    (0, 1) ==> 2",
            ),
            (
                "BigNumber",
                "sparse([1e-20, 1])",
                "SparseMatrix Sparse Matrix [2 x 1] density: 0.5\n\n    (1, 0) ==> 1",
            ),
            (
                "BigNumber",
                "sum(sparse([0.1, 0.2; 0.3, 0.4]))",
                "BigNumber 1",
            ),
            (
                "Fraction",
                "sparse([1, 0; 0, 2]) .^ sparse([0, 2; 3, 4])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 1\n\n    (0, 0) ==> 1/1\n    (1, 0) ==> 0/1\n    (0, 1) ==> 0/1\n    (1, 1) ==> 16/1",
            ),
            (
                "Fraction",
                "sparse([1, 2]) - sparse([1, 1])",
                "SparseMatrix Sparse Matrix [2 x 1] density: 0.5\n\n    (1, 0) ==> 1/1",
            ),
            (
                "Fraction",
                "sparse([1, 0; 0, 2]) * sparse([0, 2; 3, 4])",
                "SparseMatrix Sparse Matrix [2 x 2] density: 0.75\n\n    (1, 0) ==> 6/1\n    (0, 1) ==> 2/1\n    (1, 1) ==> 8/1",
            ),
            ("Fraction", "sum(sparse([1, 0; 0, 2]))", "Fraction 3/1"),
        ];
        for (mode, expression, want) in cases {
            let got = answer_in(expression, mode);
            match want.strip_prefix("error ") {
                Some(message) => assert!(
                    got.ends_with(message),
                    "[{mode}] {expression}\n  want error {message}\n  got  {got}"
                ),
                None => assert_eq!(got, want, "[{mode}] {expression}"),
            }
        }
    }

    #[test]
    fn storage_order_follows_the_operation() {
        // The same sum in the two orders: each column lists the left operand's entries first.
        assert_eq!(
            answer_in("sparse([1, 0; 0, 1]) + sparse([0, 2; 3, 0])", "number"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 3\n    (1, 1) ==> 1\n    (0, 1) ==> 2"
        );
        assert_eq!(
            answer_in("sparse([0, 2; 3, 0]) + sparse([1, 0; 0, 1])", "number"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 1\n\n    (1, 0) ==> 3\n    (0, 0) ==> 1\n    (0, 1) ==> 2\n    (1, 1) ==> 1"
        );
        // A stored zero stays stored through `+` and `transpose`, not through `'` or `abs`.
        let zero = "sparse([1, 1; 0, 0]) * sparse([1, 0; -1, 0])";
        let one_zero = "SparseMatrix Sparse Matrix [2 x 2] density: 0.25\n\n    (0, 0) ==> 0";
        let none = "SparseMatrix Sparse Matrix [2 x 2] density: 0\n";
        for (expression, want) in [
            (format!("{zero} + sparse([0, 0; 0, 0])"), one_zero),
            (format!("transpose({zero})"), one_zero),
            (format!("clone({zero})"), one_zero),
            (format!("({zero})'"), none),
            (format!("abs({zero})"), none),
            (format!("({zero}) * 2"), none),
        ] {
            assert_eq!(answer_in(&expression, "number"), want, "{expression}");
        }
    }

    #[test]
    fn powers_shifts_and_modes() {
        assert_eq!(
            answer_in("2 ^ sparse([1, 0; 0, 2])", "number"),
            "type_mismatch: Type mismatch: Unexpected type of argument in function pow (expected: number or Complex or BigNumber or bigint or Fraction or string or boolean, actual: Matrix | SparseMatrix, index: 1)"
        );
        assert_eq!(
            answer_in("sparse([1, 1; 0, 1]) ^ 2", "number"),
            "DenseMatrix [[1, 2], [0, 1]]"
        );
        assert_eq!(
            answer_in("sparse([1, 0; 0, 2]) << 1", "number"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 2\n    (1, 1) ==> 4"
        );
        assert_eq!(
            answer_in("1 << sparse([1, 0; 0, 2])", "number"),
            "DenseMatrix [[2, 1], [1, 4]]"
        );
        // `mode` flattens row by row; `sum` walks the columns.
        assert_eq!(
            answer_in("mode(sparse([1, 2; 3, 4]))", "number"),
            "Array [1, 2, 3, 4]"
        );
        assert_eq!(
            answer_in("sum(sparse([1, 2; 3, 4]), 2)", "number"),
            "SparseMatrix Sparse Matrix [2 x 1] density: 1\n\n    (0, 0) ==> 3\n    (1, 0) ==> 7"
        );
    }

    /// `A'` and `ctranspose` conjugate complex elements, dense or sparse (math.js 15.2).
    #[test]
    fn conjugate_transpose_conjugates() {
        assert_eq!(
            answer_in("[1 + 2i, 3; 4, 5]'", "number"),
            "DenseMatrix [[1 - 2i, 4], [3, 5]]"
        );
        assert_eq!(
            answer_in("ctranspose([1 + 2i, 3])", "number"),
            "DenseMatrix [1 - 2i, 3]"
        );
        assert_eq!(
            answer_in("transpose([1 + 2i, 3; 4, 5])", "number"),
            "DenseMatrix [[1 + 2i, 4], [3, 5]]"
        );
        assert_eq!(
            answer_in("sparse([1 + 2i, 0; 3, 0])'", "number"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 1 - 2i\n    (0, 1) ==> 3"
        );
    }

    /// Functions that move elements keep a stored zero stored; `squeeze` and `abs` do not.
    #[test]
    fn moved_stored_zeros_stay_stored() {
        let zero = "sparse([1, 1; 0, 0]) * sparse([1, 0; -1, 0])";
        for (expression, want) in [
            (
                format!("column({zero}, 1)"),
                "[2 x 1] density: 0.5\n\n    (0, 0) ==> 0",
            ),
            (
                format!("resize({zero}, [1, 1])"),
                "[1 x 1] density: 1\n\n    (0, 0) ==> 0",
            ),
            (
                format!("diag({zero})"),
                "[2 x 1] density: 0.5\n\n    (0, 0) ==> 0",
            ),
            (format!("squeeze({zero})"), "[2 x 2] density: 0\n"),
            (format!("map({zero}, f(x) = x)"), "[2 x 2] density: 0\n"),
        ] {
            assert_eq!(
                answer_in(&expression, "number"),
                format!("SparseMatrix Sparse Matrix {want}"),
                "{expression}"
            );
        }
        assert_eq!(
            answer_in("map(sparse([1, 0; 0, 2]), f(x) = x - 1)", "number"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 0.75\n\n    (1, 0) ==> -1\n    (0, 1) ==> -1\n    (1, 1) ==> 1"
        );
    }

    #[test]
    fn sizes_must_agree() {
        assert_eq!(
            answer_in("sparse([1, 0; 0, 2]) * sparse([1, 2, 3])", "number"),
            "evaluation_failed: Evaluation failed: Dimension mismatch in multiplication. Matrix A columns (2) must match Matrix B rows (3)"
        );
        assert_eq!(
            answer_in("sparse([1, 0; 0, 2]) * [1, 2, 3]", "number"),
            "evaluation_failed: Evaluation failed: Dimension mismatch in multiplication. Matrix columns (2) must match Vector length (3)"
        );
        assert_eq!(
            answer_in("[1, 2, 3; 4, 5, 6] * sparse([1, 0; 0, 2])", "number"),
            "evaluation_failed: Evaluation failed: Dimension mismatch in multiplication. Matrix A columns (3) must match Matrix B rows (2)"
        );
        assert!(
            answer_in("sparse([1, 0; 0, 2]) + sparse([1, 2, 3])", "number")
                .starts_with("evaluation_failed: Evaluation failed: shape mismatch")
        );
        assert_eq!(
            answer_in("zeros(2, \"foo\")", "number"),
            "evaluation_failed: Evaluation failed: Unknown matrix type \"foo\"."
        );
    }

    /// The per-call build limit (1,000,000 elements) holds for a sparse product and for a
    /// broadcast sparse sum, at N − 1, N and N + 1 elements (reckon stores every element).
    #[test]
    fn products_and_broadcasts_respect_the_build_limit() {
        let empty =
            |r: usize, c: usize| format!("SparseMatrix Sparse Matrix [{r} x {c}] density: 0\n");
        assert_eq!(
            answer_in("sparse(zeros(999, 1)) * sparse(zeros(1, 1001))", "number"),
            empty(999, 1001)
        );
        assert_eq!(
            answer_in("sparse(zeros(1000, 1)) * sparse(zeros(1, 1000))", "number"),
            empty(1000, 1000)
        );
        assert_eq!(
            answer_in("sparse(zeros(101, 1)) * sparse(zeros(1, 9901))", "number"),
            "result_too_large: Size limit exceeded: multiply() would build 1,000,001 elements, over the limit of 1,000,000."
        );
        assert_eq!(
            answer_in("sparse(zeros(999, 1)) + sparse(zeros(1, 1001))", "number"),
            empty(999, 1001)
        );
        assert_eq!(
            answer_in("sparse(zeros(101, 1)) + sparse(zeros(1, 9901))", "number"),
            "result_too_large: Size limit exceeded: add() would build 1,000,001 elements, over the limit of 1,000,000."
        );
        assert_eq!(
            answer_in("sparse(zeros(101, 1)) .* zeros(1, 9901)", "number"),
            "result_too_large: Size limit exceeded: dotMultiply() would build 1,000,001 elements, over the limit of 1,000,000."
        );
    }

    /// A product is charged one unit per multiply-add before it starts: a million-by-million
    /// product of dense-filled sparse matrices (10^9 of them) is refused by the work meter.
    #[test]
    fn products_are_metered() {
        assert_eq!(
            reason_in(
                "sparse(ones(1000, 1000)) * sparse(ones(1000, 1000))",
                "number"
            ),
            "evaluation_timeout"
        );
        assert_eq!(
            reason_in("ones(1000, 1000) * sparse(ones(1000, 1000))", "number"),
            "evaluation_timeout"
        );
        assert_eq!(
            reason_in("sparse(ones(1000, 1000)) * ones(1000, 1000)", "number"),
            "evaluation_timeout"
        );
    }
}
