//! Built-in functions of a sparse matrix (spec section 7.6), as math.js 15.2 answers them: which
//! ones walk the stored entries only, which walk every element, which read the elements as a
//! dense matrix and which store their matrix result sparsely again. Kept apart from
//! `sparse.rs`, which holds the type and the operators' merges, so each stays readable.

use crate::eval::{Evaluated, Evaluator, failed};
use crate::functions::Facts;
use crate::value::Value;
use crate::value::matrix::Matrix;
use crate::value::sparse::{SparseMatrix, is_zero};
use std::rc::Rc;

impl Evaluator {
    /// A built-in function called with a sparse matrix argument, as math.js 15.2 answers it;
    /// `None` for a function reckon does not support on sparse matrices yet.
    pub(crate) fn sparse_function(
        &mut self,
        row: &'static crate::functions::Builtin,
        name: &str,
        values: &[Value],
        at: usize,
    ) -> Option<Evaluated> {
        let canonical = row.name;
        if let (Some(op), [x, y]) = (crate::eval::collections::operator_of(canonical), values) {
            return Some(self.binary(op, x, y, false, (at, at), at));
        }
        if canonical == "compare"
            && let [Value::Sparse(a), Value::Sparse(b)] = values
        {
            let (a, b) = (Rc::clone(a), Rc::clone(b));
            return Some(self.sparse_compare(row, name, &a, &b, at));
        }
        match (canonical, values) {
            ("clone", [Value::Sparse(s)]) => return Some(Ok(Value::Sparse(Rc::clone(s)))),
            // Reading or replacing a part, growth filled with a default (`sparse_index.rs`).
            ("subset", [Value::Sparse(_), ..]) => {
                return Some(self.subset(values, at));
            }
            ("map" | "forEach", [Value::Sparse(s), Value::Function(_)]) => {
                // math.js calls the callback on every element (an unstored one as 0) and stores
                // the non-zero results, top to bottom in each column.
                let args = vec![Value::matrix(s.to_dense()), values[1].clone()];
                return Some(self.call_builtin(row, name, args, at).and_then(
                    |result| match result {
                        Value::Matrix(m) => self.sparse(Some(&Value::Matrix(m)), at),
                        other => Ok(other),
                    },
                ));
            }
            ("diag", [Value::Sparse(s)]) => return Some(self.sparse_diagonal(s, at)),
            ("resize", [Value::Sparse(s), size, rest @ ..]) => {
                let s = Rc::clone(s);
                return Some(self.sparse_resize(&s, size, rest.first(), at));
            }
            ("reshape", [Value::Sparse(_), Value::Matrix(size)])
                if size.data.iter().any(|v| !matches!(v, Value::Number(_))) =>
            {
                // math.js's sparse reshape takes plain numbers only.
                return Some(Err(failed(
                    format!(
                        "Invalid size, must contain positive integers or -1 (size: {})",
                        size.format(None)
                    ),
                    at,
                )));
            }
            _ => {}
        }
        if row.facts.has(Facts::SPARSE_MOVES_ELEMENTS)
            && let (Value::Sparse(s), rest) = values.split_first()?
        {
            let s = Rc::clone(s);
            return Some(self.sparse_moved(row, name, &s, rest, at));
        }
        let dense_then_sparse = row.facts.has(Facts::SPARSE_DENSE_THEN_SPARSE);
        if row.facts.has(Facts::SPARSE_AS_DENSE) || dense_then_sparse {
            let dense: Vec<Value> = values
                .iter()
                .map(|v| match v {
                    Value::Sparse(s) => Value::matrix(s.to_dense()),
                    other => other.clone(),
                })
                .collect();
            return Some(
                self.call_builtin(row, name, dense, at)
                    .and_then(|result| match result {
                        Value::Matrix(m) if dense_then_sparse => {
                            self.sparse(Some(&Value::Matrix(m)), at)
                        }
                        other => Ok(other),
                    }),
            );
        }
        if matches!(
            row.imp,
            crate::functions::Imp::Unary(_) | crate::functions::Imp::Binary(_)
        ) && !row.facts.has(Facts::ELEMENTWISE)
            && !row.facts.has(Facts::SPARSE_ON_STORED)
            && !row.facts.has(Facts::SPARSE_ON_EVERY)
        {
            // As for a dense matrix: math.js maps only some functions over a matrix.
            // typed-function's wrongType: spec 9.3 rule 10.
            return Some(Err(crate::error::mismatch(
                format!(
                    "Function '{name}' doesn't apply to matrices. To call it elementwise on a matrix 'M', try 'map(M, {name})'."
                ),
                at,
            )));
        }
        let (Value::Sparse(s), rest) = values.split_first()? else {
            return None;
        };
        if rest
            .iter()
            .any(|v| matches!(v, Value::Sparse(_) | Value::Matrix(_)))
        {
            return None;
        }
        let s = Rc::clone(s);
        let with = |x: &Value| -> Vec<Value> {
            std::iter::once(x.clone())
                .chain(rest.iter().cloned())
                .collect()
        };
        if row.facts.has(Facts::SPARSE_REDUCTION) {
            return Some(self.sparse_reduction(row, name, &s, rest, at));
        }
        if row.facts.has(Facts::SPARSE_ON_STORED) {
            return Some(
                self.sparse_map_stored(&s, |this, x| this.call_builtin(row, name, with(x), at)),
            );
        }
        if row.facts.has(Facts::SPARSE_ON_EVERY) && rest.is_empty() {
            return Some(
                self.sparse_map_all(&s, |this, x| this.call_builtin(row, name, with(x), at)),
            );
        }
        if canonical == "inv" {
            return Some(self.sparse_inverse(&s, at));
        }
        None
    }

    /// A function that moves elements (`reshape`, `column`, …) applied to the elements, and
    /// again to markers of the stored positions: a result is stored where its marker is not 0
    /// (a position `resize` adds holds its fill value, stored unless it is 0).
    fn sparse_moved(
        &mut self,
        row: &'static crate::functions::Builtin,
        name: &str,
        s: &SparseMatrix,
        rest: &[Value],
        at: usize,
    ) -> Evaluated {
        let (_, cols) = s.dims();
        let mut markers = vec![Value::Number(0.0); s.data.len()];
        for (r, c, _) in s.stored() {
            markers[r * cols + c] = Value::Number((r * cols + c + 1) as f64);
        }
        let with = |first: Matrix| -> Vec<Value> {
            std::iter::once(Value::matrix(first))
                .chain(rest.iter().cloned())
                .collect()
        };
        let result = self.call_builtin(row, name, with(s.to_dense()), at)?;
        let marked =
            self.call_builtin(row, name, with(Matrix::new(s.shape.clone(), markers)), at)?;
        let (Value::Matrix(values), Value::Matrix(marked)) = (&result, &marked) else {
            return Ok(result);
        };
        let (rows, cols) = match values.shape.as_slice() {
            [n] => (*n, 1),
            [r, c] => (*r, *c),
            _ => return self.sparse(Some(&result), at),
        };
        let columns = (0..cols)
            .map(|c| {
                (0..rows)
                    .filter(|r| !is_zero(&marked.data[r * cols + c]))
                    .map(|r| (r, values.data[r * cols + c].clone()))
                    .collect()
            })
            .collect();
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_columns(
            rows, columns,
        ))))
    }

    /// `resize(S, size[, default])` as math.js's `SparseMatrix.resize` answers it: the size is
    /// two numbers (an entry of a column vector counts as its element); the default is tested
    /// against 0 even when nothing grows; stored entries keep their order, new columns hold the
    /// default top to bottom and new rows are appended at the end of every column (nothing is
    /// stored for a zero default). Shrinking drops the entries outside the new size (see the
    /// known divergence in `tests/peer/sparse.mjs`).
    fn sparse_resize(
        &mut self,
        s: &SparseMatrix,
        size: &Value,
        default: Option<&Value>,
        at: usize,
    ) -> Evaluated {
        let (rows, cols) = self.sparse_size(size, at)?;
        let fill = crate::eval::sparse_index::fill_value(default, at)?;
        self.build("resize", (rows as u64).saturating_mul(cols as u64), at)?;
        let (old_rows, old_cols) = s.dims();
        self.charge(s.stored().len() as u64 + 1)?;
        let mut columns: Vec<crate::value::sparse::Column> = s
            .columns()
            .into_iter()
            .take(cols)
            .map(|column| {
                column
                    .into_iter()
                    .filter(|(r, _)| *r < rows)
                    .map(|(r, v)| (r, v.clone()))
                    .collect()
            })
            .collect();
        let kept_rows = old_rows.min(rows);
        let kept_cols = old_cols.min(cols);
        self.grow_columns(
            &mut columns,
            (kept_rows, kept_cols),
            (kept_rows, cols),
            fill.as_ref(),
        )?;
        self.grow_columns(&mut columns, (kept_rows, cols), (rows, cols), fill.as_ref())?;
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_columns(
            rows, columns,
        ))))
    }

    /// The two sizes of `resize(S, size)`, checked as math.js's `SparseMatrix.resize` checks
    /// them (BigNumbers become numbers when the first one is; Fraction mode takes whole
    /// Fractions, spec 5.3).
    fn sparse_size(
        &self,
        size: &Value,
        at: usize,
    ) -> Result<(usize, usize), crate::error::CalculateError> {
        let (shape, data) = match size {
            Value::Matrix(m) => (m.shape.clone(), m.data.clone()),
            Value::Sparse(m) => (m.shape.clone(), m.data.clone()),
            _ => return Err(crate::error::mismatch("Array or Matrix expected", at)),
        };
        // A row of one element stands for that element; any other row stays a row.
        let mut list: Vec<Value> = match shape.as_slice() {
            [_] => data,
            [_, 1] => data,
            [n, width] => (0..*n)
                .map(|r| {
                    let row = data[r * width..(r + 1) * width].to_vec();
                    Value::matrix(Matrix::new(vec![*width], row).into_array())
                })
                .collect(),
            _ => vec![Value::matrix(Matrix::new(shape.clone(), data).into_array())],
        };
        let top_level_big = matches!(size, Value::Matrix(m) if m.rank() == 1)
            && matches!(list.first(), Some(Value::Big(_)));
        if top_level_big {
            for value in &mut list {
                if let Value::Big(x) = value {
                    *value = Value::Number(crate::num::bignum::to_f64(x));
                }
            }
        }
        if list.len() != 2 {
            return Err(failed("Only two dimensions matrix are supported", at));
        }
        let whole = |v: &Value| match v {
            Value::Number(x) if x.fract() == 0.0 && *x >= 0.0 => Some(*x),
            Value::Fraction(f) if self.fraction_mode => {
                let x = crate::num::fraction::to_f64(f);
                (x.fract() == 0.0 && x >= 0.0).then_some(x)
            }
            _ => None,
        };
        match (whole(&list[0]), whole(&list[1])) {
            (Some(r), Some(c)) => Ok((
                crate::eval::collections::dimension_length(r, at)?,
                crate::eval::collections::dimension_length(c, at)?,
            )),
            _ => Err(failed(
                format!(
                    "Invalid size, must contain positive integers (size: {})",
                    Value::matrix(Matrix::new(vec![2], list).into_array()).format(None)
                ),
                at,
            )),
        }
    }

    /// `diag(S)`: the main diagonal as one column, keeping the entries the matrix stores there
    /// (a stored zero too), as math.js reads it.
    fn sparse_diagonal(&mut self, s: &SparseMatrix, at: usize) -> Evaluated {
        let (rows, cols) = s.dims();
        let n = rows.min(cols);
        self.build("diag", n as u64, at)?;
        let mut stored = vec![None; n];
        for (r, c, value) in s.stored() {
            if r == c {
                stored[r] = Some(value.clone());
            }
        }
        let column = stored
            .into_iter()
            .enumerate()
            .filter_map(|(i, v)| v.map(|v| (i, v)))
            .collect();
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_columns(
            n,
            vec![column],
        ))))
    }

    /// `sum(S)` and the other statistics: over the elements column by column, as math.js walks
    /// a sparse matrix (`mode` row by row, as it flattens one); with a dimension, over the dense
    /// elements, a matrix result made sparse.
    fn sparse_reduction(
        &mut self,
        row: &'static crate::functions::Builtin,
        name: &str,
        s: &SparseMatrix,
        rest: &[Value],
        at: usize,
    ) -> Evaluated {
        let (rows, cols) = s.dims();
        if rest.is_empty() && row.name == "mode" {
            let dense = Value::matrix(s.to_dense());
            return self.call_builtin(row, name, vec![dense], at);
        }
        if rest.is_empty() {
            self.charge(s.data.len() as u64)?;
            let column_major = (0..cols)
                .flat_map(|c| (0..rows).map(move |r| r * cols + c))
                .map(|i| s.data[i].clone())
                .collect();
            let vector = Value::matrix(Matrix::vector(column_major));
            return self.call_builtin(row, name, vec![vector], at);
        }
        let mut args = vec![Value::matrix(s.to_dense())];
        args.extend(rest.iter().cloned());
        match self.call_builtin(row, name, args, at)? {
            Value::Matrix(m) => self.sparse(Some(&Value::Matrix(m)), at),
            other => Ok(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::answer_in;

    const S: &str = "sparse([1, 0; 0, 2])";

    /// `resize(S, size[, default])` in number mode, as `type result` or `reason: message`.
    #[track_caller]
    fn resized(arguments: &str) -> String {
        answer_in(&format!("resize({S}, {arguments})"), "number")
    }

    const FILLED: &str = "SparseMatrix Sparse Matrix [3 x 3] density: 0.7777777777777778\n\n    (0, 0) ==> 1\n    (2, 0) ==> 9\n    (1, 1) ==> 2\n    (2, 1) ==> 9\n    (0, 2) ==> 9\n    (1, 2) ==> 9\n    (2, 2) ==> 9";
    const UNFILLED: &str = "SparseMatrix Sparse Matrix [3 x 3] density: 0.2222222222222222\n\n    (0, 0) ==> 1\n    (1, 1) ==> 2";

    #[test]
    fn resize_stores_a_non_zero_default_and_keeps_the_stored_order() {
        // math.js 15.2's answers.
        assert_eq!(resized("[3, 3], 9"), FILLED);
        assert_eq!(resized("[3; 3], 9"), FILLED);
        assert_eq!(resized("sparse([3, 3]), 9"), FILLED);
        assert_eq!(
            answer_in(&format!("resize({S}, [3, 3], 9)"), "BigNumber"),
            FILLED
        );
        for zero in [
            "0",
            "NaN",
            "null",
            "\"\"",
            "\"0\"",
            "1e-20",
            "complex(0, 0)",
            "false",
        ] {
            assert_eq!(resized(&format!("[3, 3], {zero}")), UNFILLED, "{zero}");
        }
        assert_eq!(resized("[3, 3]"), UNFILLED);
        assert_eq!(
            resized("[1, 3], 9"),
            "SparseMatrix Sparse Matrix [1 x 3] density: 0.6666666666666666\n\n    (0, 0) ==> 1\n    (0, 2) ==> 9"
        );
        assert_eq!(
            answer_in(
                "resize(sparse([0; 1]) + sparse([1; 0]), [3, 2], 9)",
                "number"
            ),
            "SparseMatrix Sparse Matrix [3 x 2] density: 1\n\n    (1, 0) ==> 1\n    (0, 0) ==> 1\n    (2, 0) ==> 9\n    (0, 1) ==> 9\n    (1, 1) ==> 9\n    (2, 1) ==> 9"
        );
        assert_eq!(
            resized("[2, 0], 9"),
            "SparseMatrix Sparse Matrix [2 x 0] density: 0\n"
        );
    }

    #[test]
    fn resize_tests_the_default_even_when_nothing_grows() {
        let convert = "type_mismatch: Type mismatch: Cannot convert \"a\" to a number";
        assert_eq!(resized("[3, 3], \"a\""), convert);
        assert_eq!(resized("[2, 2], \"a\""), convert);
        assert_eq!(resized("[1, 1], \"a\""), convert);
        assert_eq!(
            resized("[3, 3], [1, 2]"),
            "type_mismatch: Type mismatch: Unexpected type of argument in function equalScalar (expected: number or Complex or BigNumber or bigint or Fraction or Unit or boolean or string, actual: Matrix | DenseMatrix, index: 0)"
        );
    }

    #[test]
    fn resize_takes_two_whole_sizes() {
        let two = "evaluation_failed: Evaluation failed: Only two dimensions matrix are supported";
        assert_eq!(resized("[3], 9"), two);
        assert_eq!(resized("[3, 3, 3], 9"), two);
        assert_eq!(resized("[], 9"), two);
        assert_eq!(
            resized("3, 9"),
            "type_mismatch: Type mismatch: Array or Matrix expected"
        );
        let invalid = |size: &str| {
            format!(
                "evaluation_failed: Evaluation failed: Invalid size, must contain positive integers (size: {size})"
            )
        };
        assert_eq!(resized("[3, 3.5], 9"), invalid("[3, 3.5]"));
        assert_eq!(resized("[3, -1], 9"), invalid("[3, -1]"));
        assert_eq!(resized("[3, \"a\"], 9"), invalid("[3, \"a\"]"));
        assert_eq!(resized("[1, 2; 3, 4], 9"), invalid("[[1, 2], [3, 4]]"));
        // Spec 5.3: Fraction mode takes whole Fractions as sizes.
        assert_eq!(
            answer_in(&format!("resize({S}, [3, 1], 1/2)"), "Fraction"),
            "SparseMatrix Sparse Matrix [3 x 1] density: 0.6666666666666666\n\n    (0, 0) ==> 1/1\n    (2, 0) ==> 1/2"
        );
    }

    #[test]
    fn resize_respects_the_per_call_build_limit() {
        assert_eq!(
            answer_in(&format!("count(resize({S}, [999, 1000], 1))"), "number"),
            "number 999000"
        );
        assert_eq!(
            answer_in(&format!("sum(resize({S}, [1000, 1000], 1))"), "number"),
            "number 999999"
        );
        assert_eq!(
            resized("[1000, 1001], 1"),
            "result_too_large: Size limit exceeded: resize() would build 1,001,000 elements, over the limit of 1,000,000."
        );
    }
}
