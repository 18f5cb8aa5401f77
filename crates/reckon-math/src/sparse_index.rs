//! Reading the part of a sparse matrix an index selects (`S[i, j]`, `subset(S, index(...))`), as
//! math.js 15.2's `SparseMatrix` answers it.
//!
//! Hand-written because the printed result depends on math.js's storage order, which a dense
//! selection followed by `from_dense` would lose: math.js walks each selected source column in
//! its storage order and keeps every stored entry whose row is selected (an explicit stored zero
//! stays stored), at the position of that row in the row selection — the *last* such position
//! when a row is selected twice, the other copies left unstored. So `S[[3, 1], 1]` lists row 1
//! of the result before row 0 when the source stores row 0 first. A scalar index answers the
//! element (an unstored one is the number 0 in every number mode); any other index answers a
//! two-dimensional sparse matrix, even `S[1, [2, 3]]` (1 × 2). These facts were read off
//! math.js's answers (`tests/peer/sparse.mjs` checks them).

use crate::eval::{Evaluated, Evaluator};
use crate::sparse::{Column, SparseMatrix};
use crate::value::Value;
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

#[cfg(test)]
mod tests {
    use crate::test_support::answer_in;

    const S: &str = "sparse([1, 0, 3; 0, 5, 0; 7, 0, 9])";

    /// The printed result of `expression` in `mode` (without its result type).
    #[track_caller]
    fn printed(expression: &str, mode: &str) -> String {
        let out = answer_in(expression, mode);
        out.split_once(' ').map_or(out.clone(), |(_, r)| r.to_owned())
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
        assert_eq!(answer_in("sparse([1, 0; 0, 2])[1, 2]", "BigNumber"), "number 0");
        assert_eq!(answer_in("sparse([1, 0; 0, 2])[2, 2]", "BigNumber"), "BigNumber 2");
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
}
