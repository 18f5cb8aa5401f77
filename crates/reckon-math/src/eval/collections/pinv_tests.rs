//! Tests of `pinv` (`pinv.rs`): every expected answer is math.js 15.2's, in the mode named (its
//! `typeOf` and `format`; a refusal by its message).

use super::math_js_table::{MathJsRow, answers_as_math_js_does, reasons_are};

/// (numericType, expression, math.js's answer: `type text`, or `ERR message`).
const MATH_JS: &[MathJsRow] = &[
    ("number", "pinv(4)", "number 0.25"),
    ("number", "pinv(0)", "number 0"),
    (
        "number",
        "pinv([[1, 2], [3, 4]])",
        "DenseMatrix [[-2, 1], [1.5, -0.5]]",
    ),
    (
        "number",
        "pinv([1, 2; 2, 4])",
        "DenseMatrix [[0.04000000000000001, 0.08000000000000002], [0.08000000000000002, 0.16000000000000003]]",
    ),
    (
        "number",
        "pinv([1, 2; 3, 4; 5, 6])",
        "DenseMatrix [[-1.333333333333333, -0.33333333333333304, 0.6666666666666679], [1.0833333333333333, 0.33333333333333304, -0.4166666666666661]]",
    ),
    (
        "number",
        "pinv([1, 2, 3; 4, 5, 6])",
        "DenseMatrix [[-0.944444444444445, 0.44444444444444386], [-0.11111111111111127, 0.11111111111111072], [0.7222222222222223, -0.22222222222222238]]",
    ),
    (
        "number",
        "pinv([1, 2, 3])",
        "DenseMatrix [0.07142857142857142, 0.14285714285714285, 0.21428571428571427]",
    ),
    ("number", "pinv([0, 0, 0])", "DenseMatrix [0, 0, 0]"),
    ("number", "pinv([5])", "DenseMatrix [0.2]"),
    (
        "number",
        "pinv([0, 0; 0, 0])",
        "DenseMatrix [[0, 0], [0, 0]]",
    ),
    (
        "number",
        "pinv([1, 1; 1, 2; 1, 3]) * [1; 2; 2]",
        "DenseMatrix [[0.6666666666666674], [0.5]]",
    ),
    (
        "number",
        "pinv([1+i, 2; 2, 4 - 2i; 1, 1])",
        "DenseMatrix [[0.16666666666666652 - 0.7222222222222222i, -0.3333333333333335 + 0.11111111111111094i, 0.7777777777777777 + 0.3333333333333333i], [-0.16666666666666663 + 0.27777777777777785i, 0.33333333333333326 + 0.11111111111111116i, -0.22222222222222227 - 0.3333333333333333i]]",
    ),
    (
        "number",
        "pinv([1, 2; 2, 4; 3, 6])",
        "DenseMatrix [[0.014285714285714285, 0.02857142857142857, 0.04285714285714286], [0.02857142857142857, 0.05714285714285714, 0.08571428571428572]]",
    ),
    (
        "number",
        "pinv(zeros(2, 3, 2))",
        "ERR Matrix must be two dimensional (size: [2, 3, 2])",
    ),
    ("BigNumber", "pinv(4)", "BigNumber 0.25"),
    (
        "BigNumber",
        "pinv([[1, 2], [3, 4]])",
        "DenseMatrix [[-2, 1], [1.5, -0.5]]",
    ),
    (
        "BigNumber",
        "pinv([1, 1; 1, 2; 1, 3]) * [1; 2; 2]",
        "DenseMatrix [[0.666666666666666666666666666666666666666666666666666666666666665], [0.5]]",
    ),
    ("Fraction", "pinv(4)", "Fraction 1/4"),
    (
        "Fraction",
        "pinv([1, 2; 3, 4; 5, 6])",
        "DenseMatrix [[-4/3, -1/3, 2/3], [13/12, 1/3, -5/12]]",
    ),
    (
        "Fraction",
        "pinv([1, 2; 2, 4; 3, 6])",
        "DenseMatrix [[1/70, 1/35, 3/70], [1/35, 2/35, 3/35]]",
    ),
    (
        "Fraction",
        "pinv([1, 2, 3])",
        "DenseMatrix [1/14, 1/7, 3/14]",
    ),
];

#[test]
fn pinv_answers_as_math_js_does() {
    answers_as_math_js_does(MATH_JS);
}

/// The refusals' reasons, and the meter: a large rank-deficient matrix is refused by the work
/// limit before its row echelon form is computed.
#[test]
fn pinv_refusals_and_meter() {
    reasons_are(&[
        ("number", "pinv(zeros(2, 3, 2))", "evaluation_failed"),
        ("number", "pinv(ones(400, 400))", "evaluation_timeout"),
        ("number", "pinv(ones(30, 30))", "ok"),
    ]);
}
