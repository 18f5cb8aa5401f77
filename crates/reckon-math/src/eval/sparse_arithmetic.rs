//! Element-wise arithmetic of sparse matrices (spec section 7.6) as math.js 15.2 merges them:
//! which entries a sum, difference, product or comparison stores, and in which order (see
//! `value/sparse.rs` for why the order matters).

use crate::error::failed;
use crate::eval::{Evaluated, Evaluator};
use crate::syntax::ast::Op;
use crate::value::Value;
use crate::value::matrix::{self, Matrix};
use crate::value::sparse::{SparseMatrix, is_zero, strict_zero};
use std::rc::Rc;

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
                return Some(Err(super::operators::matrix_exponent_refusal(
                    super::operators::pow_signatures(base),
                    right,
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

    /// `sparse ∘ scalar` for `* / .* ./ .^ mod` and `scalar * sparse` or `& and` on either side
    /// act on the stored entries and stay sparse; `+ - | ^| or xor` and the comparisons with a
    /// scalar, and
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
            // x & 0 is 0: math.js keeps `&` of a sparse matrix and a scalar sparse too.
            Multiply | DotMultiply | BitAnd | And => true,
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
            Add | Subtract
                | Equal
                | Unequal
                | Smaller
                | Larger
                | SmallerEq
                | LargerEq
                | BitOr
                | BitXor
                | Or
                | Xor
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
