//! Reading and replacing the part of a sparse matrix an index selects (`S[i, j]`, `S[i, j] = v`,
//! `subset(S, index(...)[, value])`), as math.js 15.2's `SparseMatrix` answers it.
//!
//! Hand-written because the printed result depends on math.js's storage order, which a dense
//! selection followed by `from_dense` would lose: math.js walks each selected source column in
//! its storage order and keeps every stored entry whose row is selected (an explicit stored zero
//! stays stored), at the position of that row in the row selection — the *last* such position
//! when a row is selected twice, the other copies left unstored. So `S[[3, 1], 1]` lists row 1
//! of the result before row 0 when the source stores row 0 first. A scalar index answers the
//! element (an unstored one is the number 0 in every number mode); any other index answers a
//! two-dimensional sparse matrix, even `S[1, [2, 3]]` (1 × 2). Writing sets the elements row by
//! row: a non-zero value replaces a stored entry or goes to the *top* of its column, a zero
//! removes a stored entry, so the order of a column after an assignment is not top to bottom.
//! `subset(S, index, value, default)` grows the matrix one element at a time, as math.js's
//! `set` does: the element that first reaches past the matrix grows it to hold that element,
//! and a default that is not zero is stored in every grown position (new columns top to bottom,
//! then the new rows at the end of every column), so the replacement later overwrites it in
//! place. A zero default (or a falsy one: `NaN`, `null`, `""`, `false`) stores nothing, and a
//! default that cannot be compared with 0 fails, but only once the matrix must grow.
//! These facts were read off math.js's answers (`tests/peer/sparse.mjs` checks them).

use crate::error::CalculateError;
use crate::eval::index::{
    Dimension, Index, check_masks, dimension_mismatch, extremes, positions, show, validate,
};
use crate::eval::{Evaluated, Evaluator, failed, mismatch};
use crate::value::Value;
use crate::value::sparse::{Column, SparseMatrix, is_zero};
use std::rc::Rc;

impl Evaluator {
    /// The sub-matrix of `s` at the rows `rows` and columns `cols` (0-based, validated by the
    /// caller), or the single element when `scalar`. Charges one unit per element of the result
    /// (the per-call build limit applies) and one per stored entry of the columns read.
    pub(crate) fn sparse_select(
        &mut self,
        s: &SparseMatrix,
        rows: &[usize],
        cols: &[usize],
        scalar: bool,
        at: usize,
    ) -> Evaluated {
        let (height, width) = s.dims();
        if scalar {
            self.charge(1)?;
            let element = match (rows.first(), cols.first()) {
                (Some(r), Some(c)) => s.data.get(r * width + c).cloned(),
                _ => None,
            };
            return Ok(element.unwrap_or(Value::Undefined));
        }
        let count = (rows.len() as u64).saturating_mul(cols.len() as u64);
        self.build("subset", count, at)?;
        // Where each source row lands in the result: the last position that selects it.
        let mut landing: Vec<Option<usize>> = vec![None; height];
        for (position, &r) in rows.iter().enumerate() {
            if let Some(slot) = landing.get_mut(r) {
                *slot = Some(position);
            }
        }
        let source = s.columns();
        let mut columns: Vec<Column> = Vec::with_capacity(cols.len());
        for &c in cols {
            let entries = source.get(c).map_or(&[][..], Vec::as_slice);
            self.charge(entries.len() as u64)?;
            columns.push(
                entries
                    .iter()
                    .filter_map(|&(r, value)| {
                        landing
                            .get(r)
                            .copied()
                            .flatten()
                            .map(|p| (p, value.clone()))
                    })
                    .collect(),
            );
        }
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_columns(
            rows.len(),
            columns,
        ))))
    }
}

impl Evaluator {
    /// `S[...] = value`: a copy of `s` (grown when the index reaches past it) with each selected
    /// element set, row by row, as math.js's `SparseMatrix.set` sets it: a non-zero value
    /// replaces a stored entry or is stored at the top of its column, a zero removes a stored
    /// entry. The replacement must have the index's size once math.js has unsqueezed it (a
    /// scalar only fits a 1 × 1 selection). Growth is filled with `default` (see the module
    /// doc). Charges one unit per element of the result and per grown entry stored.
    pub(crate) fn set_in_sparse(
        &mut self,
        s: &SparseMatrix,
        index: &Index,
        replacement: &Value,
        default: Option<&Value>,
        at: usize,
    ) -> Evaluated {
        if index.dimensions.len() != 2 {
            return Err(dimension_mismatch(index.dimensions.len(), 2, "!=", at));
        }
        check_masks(index, &s.shape, at)?;
        let (sub_shape, sub_data) = match replacement {
            Value::Matrix(r) => (r.shape.clone(), r.data.clone()),
            Value::Sparse(r) => (r.shape.clone(), r.data.clone()),
            other => (Vec::new(), vec![other.clone()]),
        };
        let size: Vec<usize> = index
            .dimensions
            .iter()
            .map(|d| positions(d).len())
            .collect();
        let scalar = !index
            .dimensions
            .iter()
            .any(|d| matches!(d, Dimension::List(_)));
        if scalar && !sub_shape.is_empty() {
            return Err(failed("Scalar expected", at));
        }
        let sub_shape = unsqueeze(&sub_shape, &size);
        if !scalar && sub_shape != size {
            return Err(dimension_mismatch(show(&size), show(&sub_shape), ">", at));
        }
        for d in &index.dimensions {
            for extreme in extremes(d) {
                validate(&extreme, None, at)?;
            }
        }
        let rows: Vec<usize> = positions(&index.dimensions[0])
            .iter()
            .map(|x| *x as usize)
            .collect();
        let cols: Vec<usize> = positions(&index.dimensions[1])
            .iter()
            .map(|x| *x as usize)
            .collect();
        let (mut height, mut width) = s.dims();
        let final_height = rows.iter().map(|r| r + 1).fold(height, usize::max);
        let final_width = cols.iter().map(|c| c + 1).fold(width, usize::max);
        self.build(
            "subset",
            (final_height as u64).saturating_mul(final_width as u64),
            at,
        )?;
        let mut columns: Vec<Column> = s
            .columns()
            .into_iter()
            .map(|column| column.into_iter().map(|(r, v)| (r, v.clone())).collect())
            .collect();
        for (i, &r) in rows.iter().enumerate() {
            for (j, &c) in cols.iter().enumerate() {
                if r >= height || c >= width {
                    let fill = fill_value(default, at)?;
                    let grown = (height.max(r + 1), width.max(c + 1));
                    self.grow_columns(&mut columns, (height, width), grown, fill.as_ref())?;
                    (height, width) = grown;
                }
                let value = sub_data
                    .get(i * cols.len() + j)
                    .cloned()
                    .unwrap_or(Value::Undefined);
                if let Value::Str(text) = &value {
                    return Err(failed(format!("Cannot convert \"{text}\" to a number"), at));
                }
                let Some(column) = columns.get_mut(c) else {
                    continue;
                };
                // math.js searches the column and shifts it to insert: one unit per entry.
                self.charge(column.len() as u64 + 1)?;
                let found = column.iter().position(|(row, _)| *row == r);
                match (found, is_zero(&value)) {
                    (Some(k), true) => {
                        column.remove(k);
                    }
                    (Some(k), false) => column[k].1 = value,
                    (None, true) => {}
                    (None, false) => column.insert(0, (r, value)),
                }
            }
        }
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_columns(
            height, columns,
        ))))
    }

    /// math.js's growth of a sparse matrix from `from` to `to` (rows, columns), with `fill`
    /// stored in every new position when it is given: each new column holds the old rows, top
    /// to bottom, then every column gets the new rows at its end. Charges one unit per entry
    /// stored.
    pub(crate) fn grow_columns(
        &mut self,
        columns: &mut Vec<Column>,
        from: (usize, usize),
        to: (usize, usize),
        fill: Option<&Value>,
    ) -> Result<(), CalculateError> {
        let ((old_rows, old_cols), (rows, cols)) = (from, to);
        columns.resize(cols.max(old_cols), Vec::new());
        let Some(fill) = fill else {
            return Ok(());
        };
        let added = (cols.saturating_sub(old_cols) as u64)
            .saturating_mul(old_rows as u64)
            .saturating_add((rows.saturating_sub(old_rows) as u64).saturating_mul(cols as u64));
        self.charge(added)?;
        for column in columns.iter_mut().skip(old_cols) {
            column.extend((0..old_rows).map(|r| (r, fill.clone())));
        }
        for column in columns.iter_mut() {
            column.extend((old_rows..rows).map(|r| (r, fill.clone())));
        }
        Ok(())
    }
}

/// The value math.js stores in the positions a sparse matrix grows into, from the default the
/// caller gave: `None` when nothing is stored (no default, a falsy one — `0`, `NaN`, `false`,
/// `null`, `undefined`, `""`, `0n` — or one `equalScalar` finds equal to 0, as `"0"`,
/// `1e-20` or `bignumber(0)`).
///
/// # Errors
/// `type_mismatch` for a default `equalScalar` cannot compare with 0: a string that is not a
/// number, or a matrix, object, function, index or help value.
pub(crate) fn fill_value(
    default: Option<&Value>,
    at: usize,
) -> Result<Option<Value>, CalculateError> {
    let Some(value) = default else {
        return Ok(None);
    };
    let zero = match value {
        Value::Number(x) => x.is_nan() || is_zero(value),
        Value::Boolean(_) | Value::Big(_) | Value::Fraction(_) | Value::Complex(_) => {
            is_zero(value)
        }
        Value::Null | Value::Undefined => true,
        Value::BigInt(n) => *n == std::rc::Rc::new(dashu_int::IBig::ZERO),
        Value::Str(text) if text.is_empty() => true,
        Value::Str(text) => match crate::num::literal::parse_js_number(text) {
            Some(x) => is_zero(&Value::Number(x)),
            None => {
                return Err(mismatch(
                    format!("Cannot convert \"{text}\" to a number"),
                    at,
                ));
            }
        },
        other => {
            let actual = match other {
                Value::Matrix(m) if !m.array => "Matrix | DenseMatrix",
                Value::Sparse(_) => "Matrix | SparseMatrix",
                other => other.type_name(),
            };
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function equalScalar (expected: number or Complex or BigNumber or bigint or Fraction or Unit or boolean or string, actual: {actual}, index: 0)"
                ),
                at,
            ));
        }
    };
    Ok((!zero).then(|| value.clone()))
}

/// math.js's unsqueeze of a replacement's shape to the index's rank: outer singleton
/// dimensions first, then inner ones.
fn unsqueeze(shape: &[usize], size: &[usize]) -> Vec<usize> {
    if shape.len() >= size.len() {
        return shape.to_vec();
    }
    let mut i = 0;
    while size.get(i) == Some(&1) && shape.get(i) == Some(&1) {
        i += 1;
    }
    let mut outer = 0;
    while size.get(i) == Some(&1) {
        outer += 1;
        i += 1;
    }
    let mut out = vec![1; outer];
    out.extend_from_slice(shape);
    while out.len() < size.len() {
        out.push(1);
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::test_support::{answer_in, reason_in};

    const S: &str = "sparse([1, 0, 3; 0, 5, 0; 7, 0, 9])";

    /// The printed result of `expression` in `mode` (without its result type).
    #[track_caller]
    fn printed(expression: &str, mode: &str) -> String {
        let out = answer_in(expression, mode);
        out.split_once(' ')
            .map_or(out.clone(), |(_, r)| r.to_owned())
    }

    /// `expression` with `S` replaced by the 3 × 3 sparse matrix above, printed in number mode.
    #[track_caller]
    fn answer(expression: &str) -> String {
        printed(&expression.replace('S', S), "number")
    }

    /// `reason: message` of a refusal (or the answer) in number mode.
    #[track_caller]
    fn failure(expression: &str) -> String {
        answer_in(&expression.replace('S', S), "number")
    }

    #[test]
    fn a_scalar_index_answers_the_element() {
        // math.js 15.2: `S[1, 2]` is the number 0, `S[1, 1]` is 1, `S[end, end]` is 9.
        assert_eq!(answer("S[1, 2]"), "0");
        assert_eq!(answer("S[1, 1]"), "1");
        assert_eq!(answer("S[end, end]"), "9");
        assert_eq!(answer("typeOf(S[1, 1])"), "\"number\"");
        assert_eq!(answer("subset(S, index(1, 2))"), "0");
        assert_eq!(answer("subset(S, index(3, 3))"), "9");
        assert_eq!(
            answer_in("sparse([1, 0; 0, 2])[1, 2]", "BigNumber"),
            "number 0"
        );
        assert_eq!(
            answer_in("sparse([1, 0; 0, 2])[2, 2]", "BigNumber"),
            "BigNumber 2"
        );
    }

    #[test]
    fn ranges_and_lists_keep_the_source_storage_order() {
        assert_eq!(
            answer("S[1:2, 1]"),
            "Sparse Matrix [2 x 1] density: 0.5\n\n    (0, 0) ==> 1"
        );
        assert_eq!(
            answer("S[:, 2]"),
            "Sparse Matrix [3 x 1] density: 0.3333333333333333\n\n    (1, 0) ==> 5"
        );
        assert_eq!(
            answer("S[[3, 1], 1]"),
            "Sparse Matrix [2 x 1] density: 1\n\n    (1, 0) ==> 1\n    (0, 0) ==> 7"
        );
        assert_eq!(
            answer("S[[3, 1], [3, 1]]"),
            "Sparse Matrix [2 x 2] density: 1\n\n    (1, 0) ==> 3\n    (0, 0) ==> 9\n    (1, 1) ==> 1\n    (0, 1) ==> 7"
        );
        assert_eq!(
            answer("S[1, [2, 3]]"),
            "Sparse Matrix [1 x 2] density: 0.5\n\n    (0, 1) ==> 3"
        );
        assert_eq!(answer("typeOf(S[1:2, 1])"), "\"SparseMatrix\"");
        assert_eq!(
            answer("subset(S, index([1, 3], [1, 3]))"),
            "Sparse Matrix [2 x 2] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 7\n    (0, 1) ==> 3\n    (1, 1) ==> 9"
        );
    }

    #[test]
    fn a_row_selected_twice_is_stored_once_at_its_last_place() {
        assert_eq!(
            answer("S[[1, 1], 1]"),
            "Sparse Matrix [2 x 1] density: 0.5\n\n    (1, 0) ==> 1"
        );
    }

    #[test]
    fn explicit_zeros_stay_stored_and_empty_selections_are_empty() {
        assert_eq!(
            printed(
                "(sparse([1, 1; 0, 0]) * sparse([1, 0; -1, 0]))[1:2, 1:2]",
                "number"
            ),
            "Sparse Matrix [2 x 2] density: 0.25\n\n    (0, 0) ==> 0"
        );
        assert_eq!(answer("S[2:1, 1]"), "Sparse Matrix [0 x 1] density: 0\n");
        assert_eq!(answer("S[[], 1]"), "Sparse Matrix [0 x 1] density: 0\n");
        // math.js's `subset` answers an empty DenseMatrix for an empty index.
        assert_eq!(answer("subset(S, index([], 1))"), "[]");
    }

    #[test]
    fn boolean_masks_select_rows() {
        assert_eq!(
            answer("S[[true, false, true], 1]"),
            "Sparse Matrix [2 x 1] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 7"
        );
        assert_eq!(
            answer("S[[true, false], 1]"),
            "Sparse Matrix [1 x 1] density: 1\n\n    (0, 0) ==> 1"
        );
        assert_eq!(
            printed(
                "subset(sparse([1, 0; 0, 2]), index([true, true], [false, true]))",
                "number"
            ),
            "Sparse Matrix [2 x 1] density: 0.5\n\n    (1, 0) ==> 2"
        );
    }

    #[test]
    fn bad_indexes_fail_with_mathjs_wording() {
        assert!(failure("S[4, 1]").contains("Index out of range (4 > 3)"));
        assert!(failure("S[0, 1]").contains("Index out of range (0 < 1)"));
        assert!(failure("S[1]").contains("Dimension mismatch (1 != 2)"));
        assert!(failure("S[1, 1, 1]").contains("Dimension mismatch (3 != 2)"));
        assert!(failure("S[1.5, 1]").contains("Index must be an integer (value: 0.5)"));
        assert!(failure("subset(S, index(4, 1))").contains("Index out of range (4 > 3)"));
        assert!(failure("subset(S, index([1, 4], 1))").contains("Index out of range (4 > 3)"));
        assert!(failure("subset(S, index(1))").contains("Dimension mismatch (1 != 2)"));
        assert!(
            failure("subset(S, index([true, false, true, true], 1))")
                .contains("Dimension mismatch (4 != 3)")
        );
        assert!(
            failure("subset(S, index(\"a\", 1))").contains("Index must be an integer (value: a)")
        );
    }

    #[test]
    fn the_per_call_build_limit_holds_at_its_bound() {
        // 999 × 1000, 1000 × 1000 (the limit) and 1000 × 1001 elements of a sub-matrix.
        let one = "sparse([1])";
        assert_eq!(
            answer_in(&format!("count({one}[ones(999), ones(1000)])"), "number"),
            "number 999000"
        );
        assert_eq!(
            answer_in(&format!("count({one}[ones(1000), ones(1000)])"), "number"),
            "number 1000000"
        );
        let over = "result_too_large: Size limit exceeded: subset() would build 1,001,000 elements, over the limit of 1,000,000.";
        assert_eq!(
            answer_in(&format!("{one}[ones(1000), ones(1001)]"), "number"),
            over
        );
        assert_eq!(
            answer_in(
                &format!("subset({one}, index(ones(1000), ones(1001)))"),
                "number"
            ),
            over
        );
    }

    /// `X` after `X[...] = ...` with `X` first bound to `matrix`, printed (math.js 15.2's
    /// answers, from `{a: size(X = ...), b: X[...] = ..., c: X}`).
    #[track_caller]
    fn after(matrix: &str, assignment: &str) -> String {
        answer_in(
            &format!("{{a: size(X = {matrix}), b: X{assignment}, c: X}}.c"),
            "number",
        )
    }

    const I: &str = "sparse([1, 0; 0, 1])";

    #[test]
    fn assignment_stores_a_new_entry_at_the_top_of_its_column() {
        assert_eq!(
            after(I, "[1, 2] = 5"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 0.75\n\n    (0, 0) ==> 1\n    (0, 1) ==> 5\n    (1, 1) ==> 1"
        );
        assert_eq!(
            after(I, "[2, 1] = 5"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 0.75\n\n    (1, 0) ==> 5\n    (0, 0) ==> 1\n    (1, 1) ==> 1"
        );
        assert_eq!(
            after("sparse([0; 0; 0])", "[1:3, 1] = [1; 2; 3]"),
            "SparseMatrix Sparse Matrix [3 x 1] density: 1\n\n    (2, 0) ==> 3\n    (1, 0) ==> 2\n    (0, 0) ==> 1"
        );
        assert_eq!(
            after(I, "[1, [2, 1]] = [6, 7]"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 0.75\n\n    (0, 0) ==> 7\n    (0, 1) ==> 6\n    (1, 1) ==> 1"
        );
        assert_eq!(
            after(I, "[:, 2] = [5, 6]"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 0.75\n\n    (0, 0) ==> 1\n    (0, 1) ==> 5\n    (1, 1) ==> 6"
        );
        assert_eq!(
            after(I, "[[true, false], 1] = 3"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 3\n    (1, 1) ==> 1"
        );
        // The assignment's own value is the value assigned.
        assert_eq!(
            answer_in(&format!("{{a: size(X = {I}), b: X[1, 2] = 5}}.b"), "number"),
            "number 5"
        );
    }

    #[test]
    fn assigning_zero_removes_an_entry_and_growing_keeps_the_order() {
        assert_eq!(
            after(I, "[1, 1] = 0"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 0.25\n\n    (1, 1) ==> 1"
        );
        assert_eq!(
            after(I, "[1, 2] = 0"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 1\n    (1, 1) ==> 1"
        );
        assert_eq!(
            after(I, "[:, 1] = [0; 4]"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (1, 0) ==> 4\n    (1, 1) ==> 1"
        );
        assert_eq!(
            after(I, "[1:2, 1:2] = sparse([0, 3; 4, 0])"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (1, 0) ==> 4\n    (0, 1) ==> 3"
        );
        assert_eq!(
            after(I, "[3, 3] = 7"),
            "SparseMatrix Sparse Matrix [3 x 3] density: 0.3333333333333333\n\n    (0, 0) ==> 1\n    (1, 1) ==> 1\n    (2, 2) ==> 7"
        );
        assert_eq!(
            after(I, "[3, 1:2] = [1, 2]"),
            "SparseMatrix Sparse Matrix [3 x 2] density: 0.6666666666666666\n\n    (2, 0) ==> 1\n    (0, 0) ==> 1\n    (2, 1) ==> 2\n    (1, 1) ==> 1"
        );
    }

    #[test]
    fn bad_assignments_fail_with_mathjs_wording() {
        let failed = |m: &str| format!("evaluation_failed: Evaluation failed: {m}");
        assert_eq!(
            after(I, "[1, :] = 3"),
            failed("Dimension mismatch ([1, 2] > [1, 1])")
        );
        assert_eq!(
            after(I, "[1:2, 1:2] = [1, 2, 3]"),
            failed("Dimension mismatch ([2, 2] > [3, 1])")
        );
        assert_eq!(after(I, "[1] = 3"), failed("Dimension mismatch (1 != 2)"));
        assert_eq!(
            after(I, "[1, 1, 1] = 3"),
            failed("Dimension mismatch (3 != 2)")
        );
        assert_eq!(after(I, "[1, 2] = [1, 2]"), failed("Scalar expected"));
        assert_eq!(after(I, "[0, 1] = 3"), failed("Index out of range (0 < 1)"));
        assert_eq!(
            after(I, "[1.5, 1] = 3"),
            failed("Index must be an integer (value: 0.5)")
        );
        assert_eq!(
            after(I, "[1, 1] = \"a\""),
            failed("Cannot convert \"a\" to a number")
        );
    }

    #[test]
    fn assignment_respects_the_per_call_build_limit() {
        // Growing to 1000 × 1000 elements may be built, to 1000 × 1001 may not.
        assert_eq!(
            answer_in(
                "count({a: size(X = sparse([1])), b: X[1000, 1000] = 2, c: X}.c)",
                "number"
            ),
            "number 1000000"
        );
        assert_eq!(
            answer_in(
                "count({a: size(X = sparse([1])), b: X[999, 1000] = 2, c: X}.c)",
                "number"
            ),
            "number 999000"
        );
        assert_eq!(
            answer_in(
                "{a: size(X = sparse([1])), b: X[1000, 1001] = 2, c: X}.c",
                "number"
            ),
            "result_too_large: Size limit exceeded: subset() would build 1,001,000 elements, over the limit of 1,000,000."
        );
    }

    #[test]
    fn assignment_charges_each_column_search() {
        // Setting every element of a full 1000 × 1000 sparse matrix searches columns of 1000
        // entries a million times (as math.js does): refused by the work meter, quickly.
        assert_eq!(
            reason_in(
                "{a: size(X = sparse(ones(1000, 1000))), b: X[1:1000, 1:1000] = 2 * ones(1000, 1000), c: size(X)}.c",
                "number"
            ),
            "evaluation_timeout"
        );
        assert_eq!(
            answer_in(
                "{a: size(X = sparse(ones(30, 30))), b: X[1:30, 1:30] = 2 * ones(30, 30), c: sum(X)}.c",
                "number"
            ),
            "number 1800"
        );
    }

    #[test]
    fn subset_replaces_with_a_broadcast_replacement() {
        // math.js 15.2's answers.
        assert_eq!(
            printed(&format!("subset({I}, index(1, 2), 5)"), "number"),
            "Sparse Matrix [2 x 2] density: 0.75\n\n    (0, 0) ==> 1\n    (0, 1) ==> 5\n    (1, 1) ==> 1"
        );
        assert_eq!(
            printed(&format!("subset({I}, index(1, [1, 2]), 3)"), "number"),
            "Sparse Matrix [2 x 2] density: 0.75\n\n    (0, 0) ==> 3\n    (0, 1) ==> 3\n    (1, 1) ==> 1"
        );
        assert_eq!(
            printed(&format!("subset({I}, index([], 1), 4)"), "number"),
            "Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 1\n    (1, 1) ==> 1"
        );
        assert_eq!(
            printed(&format!("subset({I}, index(3, 3), 4)"), "number"),
            "Sparse Matrix [3 x 3] density: 0.3333333333333333\n\n    (0, 0) ==> 1\n    (1, 1) ==> 1\n    (2, 2) ==> 4"
        );
        assert_eq!(
            answer_in(&format!("subset({I}, index(1, [1, 2]), [5; 6])"), "number"),
            "evaluation_failed: Evaluation failed: Dimension mismatch ([1, 2] > [2, 2])"
        );
        assert_eq!(
            answer_in(&format!("subset({I}, index(1, 1), [5, 6])"), "number"),
            "evaluation_failed: Evaluation failed: Scalar expected"
        );
    }

    const D: &str = "sparse([1, 0; 0, 2])";

    /// `subset(D, index(i), value, default)` printed in `mode` (without its result type).
    #[track_caller]
    fn grown(i: &str, value: &str, default: &str, mode: &str) -> String {
        printed(
            &format!("subset({D}, index({i}), {value}, {default})"),
            mode,
        )
    }

    /// `reason: message` of the refusal of `subset(D, index(i), value, default)` in number mode.
    #[track_caller]
    fn refused(i: &str, value: &str, default: &str) -> String {
        answer_in(
            &format!("subset({D}, index({i}), {value}, {default})"),
            "number",
        )
    }

    #[test]
    fn a_default_is_stored_in_every_grown_position() {
        // math.js 15.2's answers: new columns top to bottom, new rows at the end of each column,
        // the replacement overwriting its fill in place.
        let nine = "Sparse Matrix [3 x 3] density: 0.7777777777777778\n\n    (0, 0) ==> 1\n    (2, 0) ==> 9\n    (1, 1) ==> 2\n    (2, 1) ==> 9\n    (0, 2) ==> 9\n    (1, 2) ==> 9\n    (2, 2) ==> 5";
        assert_eq!(grown("3, 3", "5", "9", "number"), nine);
        assert_eq!(grown("3, 3", "5", "9", "BigNumber"), nine);
        assert_eq!(
            grown("1, 3", "5", "9", "number"),
            "Sparse Matrix [2 x 3] density: 0.6666666666666666\n\n    (0, 0) ==> 1\n    (1, 1) ==> 2\n    (0, 2) ==> 5\n    (1, 2) ==> 9"
        );
        // A zero replacement removes the fill it lands on.
        assert_eq!(
            grown("3, 3", "0", "9", "number"),
            "Sparse Matrix [3 x 3] density: 0.6666666666666666\n\n    (0, 0) ==> 1\n    (2, 0) ==> 9\n    (1, 1) ==> 2\n    (2, 1) ==> 9\n    (0, 2) ==> 9\n    (1, 2) ==> 9"
        );
        assert_eq!(
            grown("[3, 1], [1, 3]", "[1, 0; 0, 5]", "9", "number"),
            "Sparse Matrix [3 x 3] density: 0.5555555555555556\n\n    (2, 0) ==> 1\n    (1, 1) ==> 2\n    (2, 1) ==> 9\n    (0, 2) ==> 5\n    (1, 2) ==> 9"
        );
        // The matrix grows element by element: (3, 3) first, then (4, 3) adds one row.
        assert_eq!(
            grown("[3, 4], [3, 1]", "5", "9", "number"),
            "Sparse Matrix [4 x 3] density: 0.8333333333333334\n\n    (0, 0) ==> 1\n    (2, 0) ==> 5\n    (3, 0) ==> 5\n    (1, 1) ==> 2\n    (2, 1) ==> 9\n    (3, 1) ==> 9\n    (0, 2) ==> 9\n    (1, 2) ==> 9\n    (2, 2) ==> 5\n    (3, 2) ==> 5"
        );
        // A column whose entries are not top to bottom keeps its order; the fill follows.
        assert_eq!(
            printed(
                "subset(sparse([0; 1]) + sparse([1; 0]), index([4, 1], 2), [5; 6], 9)",
                "number"
            ),
            "Sparse Matrix [4 x 2] density: 1\n\n    (1, 0) ==> 1\n    (0, 0) ==> 1\n    (2, 0) ==> 9\n    (3, 0) ==> 9\n    (0, 1) ==> 6\n    (1, 1) ==> 9\n    (2, 1) ==> 9\n    (3, 1) ==> 5"
        );
        assert_eq!(
            printed("subset(sparse([]), index(2, 2), 4, 9)", "number"),
            "Sparse Matrix [2 x 2] density: 1\n\n    (0, 0) ==> 9\n    (1, 0) ==> 9\n    (0, 1) ==> 9\n    (1, 1) ==> 4"
        );
    }

    #[test]
    fn a_zero_or_falsy_default_stores_nothing() {
        let none = "Sparse Matrix [3 x 3] density: 0.3333333333333333\n\n    (0, 0) ==> 1\n    (1, 1) ==> 2\n    (2, 2) ==> 5";
        for default in [
            "0",
            "-0",
            "NaN",
            "null",
            "undefined",
            "false",
            "\"\"",
            "\" \"",
            "\"0\"",
            "1e-20",
            "\"1e-20\"",
            "bignumber(0)",
            "complex(0, 0)",
            "bigint(0)",
            "fraction(0)",
        ] {
            assert_eq!(grown("3, 3", "5", default, "number"), none, "{default}");
        }
    }

    #[test]
    fn a_default_that_is_not_zero_is_stored_as_it_is() {
        let fill = |v: &str| {
            format!(
                "Sparse Matrix [3 x 3] density: 0.7777777777777778\n\n    (0, 0) ==> 1\n    (2, 0) ==> {v}\n    (1, 1) ==> 2\n    (2, 1) ==> {v}\n    (0, 2) ==> {v}\n    (1, 2) ==> {v}\n    (2, 2) ==> 5"
            )
        };
        for (default, shown) in [
            ("true", "true"),
            ("\"5\"", "\"5\""),
            ("\"0x10\"", "\"0x10\""),
            ("2i", "2i"),
            ("-3", "-3"),
            ("bignumber(3)", "3"),
            ("bigint(3)", "3"),
            ("fraction(1, 3)", "1/3"),
        ] {
            assert_eq!(
                grown("3, 3", "5", default, "number"),
                fill(shown),
                "{default}"
            );
        }
        assert_eq!(
            answer_in(
                &format!("typeOf(subset({D}, index(3, 3), 5, 9)[3, 1])"),
                "BigNumber"
            ),
            "string \"BigNumber\""
        );
        assert_eq!(
            answer_in(
                &format!("typeOf(subset({D}, index(3, 3), 5, \"5\")[3, 1])"),
                "number"
            ),
            "string \"string\""
        );
        // Fraction mode (whole Fractions are indexes there, spec 5.3).
        assert_eq!(
            grown("3, 1", "5", "1/3", "Fraction"),
            "Sparse Matrix [3 x 2] density: 0.6666666666666666\n\n    (0, 0) ==> 1/1\n    (2, 0) ==> 5/1\n    (1, 1) ==> 2/1\n    (2, 1) ==> 1/3"
        );
    }

    #[test]
    fn a_default_that_cannot_be_compared_with_zero_fails_only_when_the_matrix_grows() {
        let mismatch = |detail: &str| format!("type_mismatch: Type mismatch: {detail}");
        let equal_scalar = |actual: &str| {
            mismatch(&format!(
                "Unexpected type of argument in function equalScalar (expected: number or Complex or BigNumber or bigint or Fraction or Unit or boolean or string, actual: {actual}, index: 0)"
            ))
        };
        assert_eq!(
            refused("3, 3", "5", "\"a\""),
            mismatch("Cannot convert \"a\" to a number")
        );
        assert_eq!(
            answer_in(&format!("subset({D}, index(3, 3), 5, \"a\")"), "BigNumber"),
            mismatch("Cannot convert \"a\" to a number")
        );
        assert_eq!(
            refused("3, 3", "5", "[1, 2]"),
            equal_scalar("Matrix | DenseMatrix")
        );
        assert_eq!(
            refused("3, 3", "5", "sparse([1])"),
            equal_scalar("Matrix | SparseMatrix")
        );
        assert_eq!(refused("3, 3", "5", "size([1])"), equal_scalar("Array"));
        assert_eq!(refused("3, 3", "5", "{a: 1}"), equal_scalar("Object"));
        assert_eq!(refused("3, 3", "5", "index(1)"), equal_scalar("Index"));
        // Nothing grows: the default is never looked at.
        assert_eq!(
            grown("1, 1", "5", "\"a\"", "number"),
            "Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 5\n    (1, 1) ==> 2"
        );
        assert_eq!(
            grown("1, 1", "5", "[1, 2]", "number"),
            "Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 5\n    (1, 1) ==> 2"
        );
        assert_eq!(
            grown("[], 1", "5", "\"a\"", "number"),
            "Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 1\n    (1, 1) ==> 2"
        );
        // The first element is set before the second one grows the matrix and fails.
        assert_eq!(
            refused("[1, 3], 1", "[0; 5]", "\"a\""),
            mismatch("Cannot convert \"a\" to a number")
        );
    }

    #[test]
    fn subset_with_a_default_keeps_the_other_checks() {
        let failed = |m: &str| format!("evaluation_failed: Evaluation failed: {m}");
        assert_eq!(
            refused("3, 3", "\"b\"", "9"),
            failed("can't boradcast a string")
        );
        assert_eq!(
            refused("3, 3", "sparse([5])", "9"),
            failed("Scalar expected")
        );
        assert_eq!(
            refused("0, 3", "4", "9"),
            failed("Index out of range (0 < 1)")
        );
        assert_eq!(
            refused("3", "4", "9"),
            failed("Dimension mismatch (1 != 2)")
        );
        assert_eq!(
            refused("[1, 3], 1", "[[1, 0]; [1, 5]]", "9"),
            failed("Dimension mismatch ([2, 1] > [2, 2, 2])")
        );
        assert_eq!(
            refused("3, 3", "4", "9, 10"),
            failed("subset() takes 2 to 4 argument(s), got 5")
        );
    }

    #[test]
    fn growth_with_a_default_respects_the_per_call_build_limit() {
        // 1000 × 999, 1000 × 1000 (the limit) and 1000 × 1001 elements, every one stored.
        let grow = |i: &str| format!("subset(sparse([1]), index({i}), 2, 3)");
        assert_eq!(
            answer_in(&format!("count({})", grow("1000, 999")), "number"),
            "number 999000"
        );
        assert_eq!(
            answer_in(&format!("sum({})", grow("1000, 1000")), "number"),
            "number 2999997"
        );
        assert_eq!(
            answer_in(&grow("1000, 1001"), "number"),
            "result_too_large: Size limit exceeded: subset() would build 1,001,000 elements, over the limit of 1,000,000."
        );
    }
}
