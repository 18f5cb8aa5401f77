//! The harness the linear-algebra unit tests share (`linalg_tests.rs`, `eigs_tests.rs`,
//! `pinv_tests.rs`, `schur_tests.rs`): a table of math.js 15.2 answers, each checked through the
//! whole pipeline, and the refusal reasons.

use crate::test_support::{answer_in, reason_in};

/// One row: (numericType, expression, math.js's answer: `type text`, or `ERR message`, the
/// message math.js throws, which reckon's message must end with).
pub(super) type MathJsRow = (&'static str, &'static str, &'static str);

/// Checks every row of `table` and fails once, listing every row that differs.
#[track_caller]
pub(super) fn answers_as_math_js_does(table: &[MathJsRow]) {
    let mut failures = Vec::new();
    for (numeric_type, expression, want) in table {
        let got = answer_in(expression, numeric_type);
        let ok = match want.strip_prefix("ERR ") {
            Some(message) => got.ends_with(message),
            None => &got == want,
        };
        if !ok {
            failures.push(format!(
                "{numeric_type} {expression}:\n  got  {got}\n  want {want}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Checks each (numericType, expression, reason) row: the refusal's spec reason, or `ok` for
/// an answer.
#[track_caller]
pub(super) fn reasons_are(rows: &[(&str, &str, &str)]) {
    for (numeric_type, expression, reason) in rows {
        assert_eq!(
            reason_in(expression, numeric_type),
            *reason,
            "{numeric_type} {expression}"
        );
    }
}
