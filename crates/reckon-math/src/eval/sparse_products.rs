//! Matrix products with a sparse factor (spec section 7.6), as math.js 15.2 computes them: its
//! sparse algorithms walk the right factor's columns and scatter the left factor's columns into
//! a running sum per row, so a result column lists its rows in the order they were first
//! reached and keeps a sum that cancels to zero stored; a dense left factor is walked row by row
//! and its zero sums dropped. Charged one unit per multiply-add before the work starts, and the
//! result's size against the per-call build limit.

use crate::eval::{Evaluated, Evaluator, failed};
use crate::syntax::ast::Op;
use crate::value::Value;
use crate::value::matrix::Matrix;
use crate::value::sparse::{Column, SparseMatrix, is_zero};
use std::rc::Rc;

impl Evaluator {
    /// An array on the left of a product with a sparse matrix becomes a sparse matrix (a
    /// vector a column), as math.js's `matrix(x, "sparse")` makes it.
    pub(crate) fn sparse_of_array(
        &mut self,
        array: &Matrix,
        at: usize,
    ) -> Result<Rc<SparseMatrix>, crate::CalculateError> {
        match self.sparse(Some(&Value::matrix(array.clone())), at)? {
            Value::Sparse(s) => Ok(s),
            _ => Err(failed("SparseMatrix only supports two dimensions", at)),
        }
    }

    /// Accumulates `column × factor` into the running sums `x` (`order` lists the rows as first
    /// reached): one step of math.js's sparse products, which multiply the right
    /// factor's element by the left one's (`b · a`) and add to the running sum.
    fn scatter_product(
        &mut self,
        column: &[(usize, &Value)],
        factor: &Value,
        x: &mut [Option<Value>],
        order: &mut Vec<usize>,
        at: usize,
    ) -> Result<(), crate::CalculateError> {
        for (r, a) in column {
            let product = self.binary(Op::Multiply, factor, a, false, (at, at), at)?;
            x[*r] = Some(match x[*r].take() {
                None => {
                    order.push(*r);
                    product
                }
                Some(sum) => self.binary(Op::Add, &sum, &product, false, (at, at), at)?,
            });
        }
        Ok(())
    }

    /// The rows of one result column, taken from `x` in the order they were reached.
    fn gather(x: &mut [Option<Value>], order: Vec<usize>) -> Column {
        order
            .into_iter()
            .filter_map(|r| x[r].take().map(|v| (r, v)))
            .collect()
    }

    /// The product of two sparse matrices (math.js keeps the sums that cancel to zero stored).
    pub(crate) fn sparse_product(
        &mut self,
        a: &SparseMatrix,
        b: &SparseMatrix,
        at: usize,
    ) -> Evaluated {
        let ((rows, inner), (inner_b, cols)) = (a.dims(), b.dims());
        if inner != inner_b {
            return Err(failed(
                format!(
                    "Dimension mismatch in multiplication. Matrix A columns ({inner}) must match Matrix B rows ({inner_b})"
                ),
                at,
            ));
        }
        let (ca, cb) = (a.columns(), b.columns());
        let work: usize = cb
            .iter()
            .flat_map(|column| column.iter().map(|(r, _)| ca[*r].len()))
            .sum();
        self.build("multiply", (rows * cols) as u64, at)?;
        self.charge(work as u64)?;
        let mut x: Vec<Option<Value>> = vec![None; rows];
        let mut columns = Vec::with_capacity(cols);
        for column in &cb {
            let mut order = Vec::new();
            for (k, factor) in column {
                self.scatter_product(&ca[*k], factor, &mut x, &mut order, at)?;
            }
            columns.push(Self::gather(&mut x, order));
        }
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_columns(
            rows, columns,
        ))))
    }

    /// A sparse matrix times a dense matrix or vector: a sparse result (a vector gives one
    /// column); the dense factor's zeros are skipped, sums that cancel stay stored.
    pub(crate) fn sparse_times_dense(
        &mut self,
        a: &SparseMatrix,
        b: &Matrix,
        at: usize,
    ) -> Evaluated {
        let (rows, inner) = a.dims();
        let (inner_b, cols, vector) = match b.shape.as_slice() {
            [n] => (*n, 1, true),
            [r, c] => (*r, *c, false),
            shape => {
                return Err(failed(
                    format!(
                        "Can only multiply a 1 or 2 dimensional matrix (Matrix B has {} dimensions)",
                        shape.len()
                    ),
                    at,
                ));
            }
        };
        if inner != inner_b {
            let detail = if vector {
                format!(
                    "Dimension mismatch in multiplication. Matrix columns ({inner}) must match Vector length ({inner_b})"
                )
            } else {
                format!(
                    "Dimension mismatch in multiplication. Matrix A columns ({inner}) must match Matrix B rows ({inner_b})"
                )
            };
            return Err(failed(detail, at));
        }
        let ca = a.columns();
        // The dense factor's elements are each read once, the multiply-adds come on top.
        let scan = inner * cols;
        let work: usize = (0..cols)
            .flat_map(|j| (0..inner).map(move |k| (k, j)))
            .filter(|&(k, j)| !is_zero(&b.data[k * cols + j]))
            .map(|(k, _)| ca[k].len())
            .sum();
        self.build("multiply", (rows * cols) as u64, at)?;
        self.charge((work + scan) as u64)?;
        let mut x: Vec<Option<Value>> = vec![None; rows];
        let mut columns = Vec::with_capacity(cols);
        for j in 0..cols {
            let mut order = Vec::new();
            for (k, column) in ca.iter().enumerate() {
                let factor = &b.data[k * cols + j];
                if !is_zero(factor) {
                    self.scatter_product(column, factor, &mut x, &mut order, at)?;
                }
            }
            columns.push(Self::gather(&mut x, order));
        }
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_columns(
            rows, columns,
        ))))
    }

    /// A dense matrix times a sparse matrix: a sparse result, each column's rows top to bottom,
    /// zeros dropped. A dense vector on the left is refused, as math.js refuses it.
    pub(crate) fn dense_times_sparse(
        &mut self,
        a: &Matrix,
        b: &SparseMatrix,
        at: usize,
    ) -> Evaluated {
        let (rows, inner) = match a.shape.as_slice() {
            [_] => return Err(failed("Support for SparseMatrix not implemented", at)),
            [r, c] => (*r, *c),
            shape => {
                return Err(failed(
                    format!(
                        "Can only multiply a 1 or 2 dimensional matrix (Matrix A has {} dimensions)",
                        shape.len()
                    ),
                    at,
                ));
            }
        };
        let (inner_b, cols) = b.dims();
        if inner != inner_b {
            return Err(failed(
                format!(
                    "Dimension mismatch in multiplication. Matrix A columns ({inner}) must match Matrix B rows ({inner_b})"
                ),
                at,
            ));
        }
        let cb = b.columns();
        let work: usize = cb.iter().map(|column| column.len() * rows).sum();
        self.build("multiply", (rows * cols) as u64, at)?;
        self.charge(work as u64)?;
        let mut columns = Vec::with_capacity(cols);
        for column in &cb {
            let mut out = Vec::new();
            if !column.is_empty() {
                for i in 0..rows {
                    let mut sum: Option<Value> = None;
                    for (k, factor) in column {
                        let x = &a.data[i * inner + k];
                        let product = self.binary(Op::Multiply, x, factor, false, (at, at), at)?;
                        sum = Some(match sum {
                            None => product,
                            Some(s) => self.binary(Op::Add, &s, &product, false, (at, at), at)?,
                        });
                    }
                    if let Some(v) = sum.filter(|v| !is_zero(v)) {
                        out.push((i, v));
                    }
                }
            }
            columns.push(out);
        }
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_columns(
            rows, columns,
        ))))
    }
}
