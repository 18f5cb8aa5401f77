//! Tests of `schur`, `sylvester` and `lyap` (`schur.rs`): every expected answer is math.js
//! 15.2's, in the mode named (its `typeOf` and `format`; a refusal by its message).

use crate::test_support::{answer_in, reason_in};

/// (numericType, expression, math.js's answer: `type text`, or `ERR message`).
const MATH_JS: &[(&str, &str, &str)] = &[
    (
        "number",
        "schur([1, 0; -4, 3])",
        "Object {\"U\": [[0.000008467687305057576, 0.9999999999641496], [-0.9999999999641491, 0.000008467687304865157]], \"T\": [[3.000033870605813, 3.999983064338582], [-0.000016935661416185225, 0.9999661293941845]]}",
    ),
    (
        "number",
        "schur([[1, 2, 3], [4, 5, 6], [7, 8, 10]])",
        "Object {\"U\": [[0.22351335772785183, -0.9573111784438513, 0.18329508052227597], [0.5039456275263907, -0.04746692429985705, -0.8624301105565275], [0.8343144391740168, 0.28513540419239075, 0.4718232909276397]], \"T\": [[16.707493316124754, -4.759957185125941, -1.1544838513034912], [2.6600795203342917e-128, -0.9057401795217591, -0.09987308369817556], [1.168872465989719e-195, -5.863133368112976e-68, 0.19824686339701075]]}",
    ),
    (
        "number",
        "schur([[0, 1], [-1, 0]])",
        "Object {\"U\": [[0, 1], [-1, 0]], \"T\": [[0, 1], [-1, 0]]}",
    ),
    (
        "number",
        "sylvester([[-1, -2], [1, 1]], [[-2, 1], [-1, 2]], [[-3, 2], [3, 0]])",
        "DenseMatrix [[1.75, 0.7499999999999998], [-1.5000000000000002, 0.24999999999999975]]",
    ),
    (
        "number",
        "lyap([[-2, 0], [1, -4]], [[3, 1], [1, 3]])",
        "DenseMatrix [[0.7499999999999999, 0.2916666666666666], [0.2916666666666669, 0.4479166666666669]]",
    ),
    (
        "number",
        "sylvester([1, 2; 3, 4], [5, 6; 7, 8], [1, 0; 0, 1])",
        "DenseMatrix [[-1.2222222222222279, 0.9444444444444486], [0.8611111111111146, -0.5833333333333358]]",
    ),
    (
        "number",
        "schur(5)",
        "ERR Unexpected type of argument in function schur (expected: Array or Matrix, actual: number, index: 0)",
    ),
    (
        "number",
        "sylvester([[1, 2, 0], [0, 3, 1], [1, 0, 4]], [[2, 1], [0, 5]], [[1, 2], [3, 4], [5, 6]])",
        "DenseMatrix [[0.043478260869565216, 0.2005610098176715], [0.4347826086956524, 0.37657784011220197], [0.8260869565217389, 0.5525946704067315]]",
    ),
    (
        "BigNumber",
        "lyap([[-2, 0], [1, -4]], [[3, 1], [1, 3]])",
        "DenseMatrix [[0.7500000000000000000000000000000000000000000000000000000000000002, 0.2916666666666666666666666666666666666666666666666666666666666665], [0.291666666666666666666666666666666666666666666666666666666666666, 0.4479166666666666666666666666666666666666666666666666666666666654]]",
    ),
    (
        "BigNumber",
        "sylvester([1, 2; 3, 4], [5, 6; 7, 8], [1, 0; 0, 1])",
        "DenseMatrix [[-1.222222147123811075626596249899486967047512383802515495692467691, 0.9444444330851597917022700641622204856199018493931875939171937227], [0.861111059723386749718289659307073328101048475305383240473340861, -0.5833333252451377463062355068110414847591515217193987015725300552]]",
    ),
];

#[test]
fn schur_sylvester_lyap_answer_as_math_js_does() {
    let mut failures = Vec::new();
    for (numeric_type, expression, want) in MATH_JS {
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

/// The refusals' reasons: Fraction mode has no exact square root for the QR steps; a large
/// matrix is refused by the work limit.
#[test]
fn schur_refusals_and_meter() {
    for (numeric_type, expression, reason) in [
        (
            "Fraction",
            "lyap([[-2, 0], [1, -4]], [[3, 1], [1, 3]])",
            "fraction_unsupported",
        ),
        ("number", "schur(5)", "type_mismatch"),
        ("number", "schur([1, 2; 3, 4; 5, 6])", "evaluation_failed"),
        ("number", "lyap([1, 2; 3, 4], 5)", "type_mismatch"),
        (
            "number",
            "schur(reshape(1:40000, [200, 200]))",
            "evaluation_timeout",
        ),
    ] {
        assert_eq!(reason_in(expression, numeric_type), reason, "{expression}");
    }
}
