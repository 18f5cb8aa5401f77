//! Element-wise arithmetic of matrices with math.js 15's broadcasting, and shifts of a matrix
//! by a scalar.

use super::*;

impl Evaluator {
    /// A binary operator with a matrix operand: the matrix product for `*` of two matrices,
    /// `x / A` as `x * inv(A)`, the matrix power for `A ^ n`; otherwise element by element with
    /// broadcasting.
    pub(crate) fn matrix_binary(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
        percent_of_left: bool,
        positions: (usize, usize),
        at: usize,
    ) -> Evaluated {
        match (op, left, right) {
            (Op::Multiply, Value::Matrix(a), Value::Matrix(b)) => {
                let array = a.array && b.array;
                return self.matrix_product(a, b, array, at);
            }
            (Op::Divide, _, Value::Matrix(_)) => {
                let inverse = self.inverse(right, at)?;
                return self.binary(Op::Multiply, left, &inverse, false, positions, at);
            }
            (Op::Pow, Value::Matrix(a), exponent) => return self.matrix_power(a, exponent, at),
            (Op::Pow, _, Value::Matrix(_)) => {
                return Err(super::super::operators::matrix_exponent_refusal(
                    super::super::operators::pow_signatures(left),
                    right,
                    at,
                ));
            }
            _ => {}
        }
        let element_op = match op {
            Op::DotMultiply => Op::Multiply,
            Op::DotDivide => Op::Divide,
            Op::DotPow => Op::Pow,
            other => other,
        };
        self.broadcast(op.symbol_and_fn().1, left, right, at, |this, x, y| {
            this.binary(element_op, x, y, percent_of_left, positions, at)
        })
    }

    /// A shift (`leftShift`, `rightArithShift`, `rightLogShift`) of a matrix by a scalar or of a
    /// scalar by a matrix, as math.js's signatures `'DenseMatrix, number | BigNumber'` (and the
    /// reverse, and their sparse forms) take it: the scalar is converted as typed-function
    /// converts it (a bigint or a boolean to a number, a bigint beyond 2^53 − 1 refused), then a
    /// zero shift answers the matrix as it is and a zero shifted answers zeros of the matrix's
    /// shape and storage, neither looking at the elements (`leftShift([1.5], 0)` is `[1.5]`).
    /// `None`: the element-wise path answers (operands as they were, or `Some` of it with the
    /// converted scalar).
    pub(crate) fn shift_with_scalar(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
        at: usize,
    ) -> Option<Evaluated> {
        let is_matrix = |v: &Value| matches!(v, Value::Matrix(_) | Value::Sparse(_));
        let (scalar, matrix, scalar_left) = match (is_matrix(left), is_matrix(right)) {
            (true, false) => (right, left, false),
            (false, true) => (left, right, true),
            _ => return None,
        };
        let converted = match scalar {
            Value::BigInt(n) => match crate::eval::bigint::to_number(n) {
                Ok(x) => Value::Number(x),
                Err(e) => return Some(Err(crate::error::function_error(e, "", at))),
            },
            Value::Boolean(b) => Value::Number(f64::from(u8::from(*b))),
            Value::Number(_) | Value::Big(_) => scalar.clone(),
            _ => return None,
        };
        if crate::value::sparse::is_zero(&converted) {
            if !scalar_left {
                return Some(Ok(matrix.clone()));
            }
            let zeros = |this: &mut Self, shape: &[usize], array: bool| {
                let count = shape.iter().map(|&n| n as u64).product::<u64>();
                this.build(op.symbol_and_fn().1, count, at)?;
                let mut zeros =
                    Matrix::new(shape.to_vec(), vec![Value::Number(0.0); count as usize]);
                zeros.array = array;
                Ok(zeros)
            };
            return Some(match matrix {
                Value::Sparse(m) => zeros(self, &m.shape, false)
                    .map(|z| Value::Sparse(Rc::new(SparseMatrix::from_dense(z)))),
                Value::Matrix(m) => zeros(self, &m.shape, m.array).map(Value::matrix),
                _ => return None,
            });
        }
        if matches!(scalar, Value::Number(_) | Value::Big(_)) {
            return None;
        }
        let (left, right) = if scalar_left {
            (&converted, matrix)
        } else {
            (matrix, &converted)
        };
        Some(self.binary(op, left, right, false, (at, at), at))
    }

    /// `f` applied to the pairs of elements of two operands broadcast to a common shape (a
    /// scalar operand pairs with every element), counted against the build limits first; a
    /// matrix result unless both operands are plain arrays or scalars.
    pub(super) fn broadcast(
        &mut self,
        name: &str,
        left: &Value,
        right: &Value,
        at: usize,
        mut f: impl FnMut(&mut Self, &Value, &Value) -> Evaluated,
    ) -> Evaluated {
        let (left_shape, right_shape) = (shape_of(left), shape_of(right));
        if left_shape == right_shape || left_shape.is_empty() || right_shape.is_empty() {
            // The common cases (operands of one shape, or a scalar and a matrix) pair the
            // elements in order, or the scalar with each: what the general path below computes
            // through its position lists, without building them.
            let shape = if left_shape.is_empty() {
                right_shape
            } else {
                left_shape
            };
            let (a, b) = (elements(left), elements(right));
            let count = a.len().max(b.len());
            let pairs = |n: usize| n == count || n == 1;
            if pairs(a.len())
                && pairs(b.len())
                && count as u64 == shape.iter().map(|&n| n as u64).product::<u64>()
            {
                // A matrix with elements is counted by them; an empty one by its rows.
                if count > 0 {
                    self.build(name, count as u64, at)?;
                } else {
                    self.build_shape(name, shape, at)?;
                }
                let mut data = Vec::with_capacity(count);
                for i in 0..count {
                    let (x, y) = match (a, b) {
                        ([x], [y]) => (x, y),
                        ([x], b) => (x, &b[i]),
                        (a, [y]) => (&a[i], y),
                        (a, b) => (&a[i], &b[i]),
                    };
                    data.push(f(self, x, y)?);
                }
                return Ok(Value::matrix(Matrix {
                    shape: shape.to_vec(),
                    data,
                    array: array_result(&[left, right]),
                }));
            }
        }
        self.broadcast_general(name, left, right, at, f)
    }

    /// [`Evaluator::broadcast`] through position lists, for any two shapes.
    pub(super) fn broadcast_general(
        &mut self,
        name: &str,
        left: &Value,
        right: &Value,
        at: usize,
        mut f: impl FnMut(&mut Self, &Value, &Value) -> Evaluated,
    ) -> Evaluated {
        let shape = matrix::broadcast_shape(shape_of(left), shape_of(right))
            .map_err(|detail| failed(detail, at))?;
        // Counted by its rows too: `zeros(10^6, 1, 0) + zeros(1, 10^6, 0)` is 10^12 empty rows.
        self.build_shape(name, &shape, at)?;
        let count: usize = shape.iter().product();
        let (a, b) = (elements(left), elements(right));
        let (pa, pb) = (
            matrix::broadcast_positions(shape_of(left), &shape),
            matrix::broadcast_positions(shape_of(right), &shape),
        );
        let mut data = Vec::with_capacity(count);
        for (i, j) in pa.into_iter().zip(pb) {
            data.push(f(self, &a[i], &b[j])?);
        }
        Ok(Value::matrix(Matrix {
            shape,
            data,
            array: array_result(&[left, right]),
        }))
    }
}
