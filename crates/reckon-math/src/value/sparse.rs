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
//! The element-wise arithmetic lives in `eval/sparse_arithmetic.rs`, products in
//! `eval/sparse_products.rs` and the built-in functions in `eval/sparse_functions.rs`.

use crate::value::Value;
use crate::value::matrix::Matrix;

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
        Value::Number(x) => crate::num::tolerance::nearly_equal(*x, 0.0),
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
pub(crate) fn strict_zero(value: &Value) -> bool {
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
