//! Tests of the linear systems, `lup` (`solve.rs`), `qr` (`decompose.rs`), `sqrtm` and `expm`
//! (`matfun.rs`), `polynomialRoot` (`polynomial.rs`) and complex `dot` and `inv`
//! (`linalg.rs`): every expected answer is math.js 15.2's, in the mode named (its `typeOf` and `format`, which
//! for a decomposition is its `toString`; a refusal by its message).

use super::math_js_table::{MathJsRow, answers_as_math_js_does};
use crate::test_support::{answer_in, reason_in};

/// (numericType, expression, math.js's answer: `type text`, or `ERR message`).
const MATH_JS: &[MathJsRow] = &[
    (
        "number",
        "lusolve([1, 2; 3, 4], [5; 6])",
        "DenseMatrix [[-3.9999999999999987], [4.499999999999999]]",
    ),
    (
        "number",
        "lusolve([2+i, 1; 1, 3], [1, 2])",
        "DenseMatrix [[0.14705882352941174 - 0.08823529411764705i], [0.6176470588235294 + 0.029411764705882353i]]",
    ),
    (
        "BigNumber",
        "lusolve([1, 2; 3, 4], [5; 6])",
        "DenseMatrix [[-3.999999999999999999999999999999999999999999999999999999999999997], [4.499999999999999999999999999999999999999999999999999999999999998]]",
    ),
    (
        "Fraction",
        "lusolve([1, 2; 3, 4], [5; 6])",
        "DenseMatrix [[-4/1], [9/2]]",
    ),
    (
        "BigNumber",
        "lusolve([1, 2; 2, 4], [1, 2])",
        "DenseMatrix [[1], [0]]",
    ),
    (
        "number",
        "lusolve([1, 2; 2, 4], [1, 3])",
        "ERR Linear system cannot be solved since matrix is singular",
    ),
    (
        "number",
        "lusolve(sparse([1, 2; 3, 4]), [1, 2])",
        "DenseMatrix [[0], [0.5]]",
    ),
    (
        "number",
        "lusolve(lup([1, 2; 3, 4]), [1, 2])",
        "DenseMatrix [[0], [0.5]]",
    ),
    ("number", "lusolve(zeros(0, 0), [])", "DenseMatrix []"),
    (
        "number",
        "lusolve([1, 2; 3, 4; 5, 6], [1, 2, 3])",
        "ERR Matrix must be square (size: [3, 2])",
    ),
    (
        "number",
        "lusolve(1, [1])",
        "ERR Unexpected type of argument in function lusolve (expected: Array or DenseMatrix or SparseMatrix or Object or Matrix, actual: number, index: 0)",
    ),
    (
        "Fraction",
        "lsolve([1, 0, 0; 2, 3, 0; 4, 5, 6], [1, 2, 3])",
        "DenseMatrix [[1/1], [0], [-1/6]]",
    ),
    (
        "BigNumber",
        "usolve([1, 2, 3; 0, 4, 5; 0, 0, 6], [6, 9, 6])",
        "DenseMatrix [[1], [1], [1]]",
    ),
    (
        "number",
        "lsolve([1, 0; 2, 3], [true, false])",
        "DenseMatrix [[1], [-0.6666666666666666]]",
    ),
    (
        "number",
        "lsolve([0, 0; 1, 1], [0, 2])",
        "DenseMatrix [[0], [2]]",
    ),
    (
        "BigNumber",
        "lsolve([0, 0; 1, 1], [1, 2])",
        "ERR Linear system cannot be solved since matrix is singular",
    ),
    (
        "number",
        "lsolve(1, 2)",
        "ERR Unexpected type of argument in function lsolve (expected: Array or DenseMatrix or SparseMatrix or Matrix, actual: number, index: 0)",
    ),
    (
        "number",
        "lsolve([1, 2; 3, 4], 5)",
        "ERR Unexpected type of argument in function lsolve (expected: Array or Matrix, actual: number, index: 1)",
    ),
    (
        "number",
        "lsolve([1, 2, 3], [1])",
        "ERR Matrix must be two dimensional (size: [3])",
    ),
    (
        "number",
        "lsolve([1, 0; 2, 3], [1, 2, 3])",
        "ERR Dimension mismatch. Matrix columns must match vector length.",
    ),
    (
        "number",
        "lsolve([1, 0; 2, 3], [[[1]], [[2]]])",
        "ERR Dimension mismatch. The right side has to be either 1- or 2-dimensional vector.",
    ),
    (
        "number",
        "lsolveAll([1, 0; 2, 0], [1, 2])",
        "Array [[[1], [0]], [[1], [1]]]",
    ),
    ("number", "lsolveAll([1, 0; 2, 0], [1, 3])", "Array []"),
    (
        "number",
        "lsolveAll([0, 0; 0, 0], [0, 0])",
        "Array [[[0], [0]], [[1], [0]], [[0], [1]]]",
    ),
    (
        "number",
        "usolveAll([0, 0; 0, 0], [0, 0])",
        "Array [[[0], [0]], [[0], [1]], [[1], [0]]]",
    ),
    (
        "Fraction",
        "lsolveAll([1, 0; 2, 0], [1, 2])",
        "Array [[[1/1], [0/1]], [[1/1], [1]]]",
    ),
    ("number", "lsolveAll(zeros(0, 0), [])", "Array [[]]"),
    (
        "number",
        "usolveAll([2, 1; 0, 4], [3, 4])",
        "Array [[[1], [1]]]",
    ),
    (
        "number",
        "lup([1, 2; 3, 4])",
        "Object L: [[1, 0], [0.3333333333333333, 1]]\nU: [[3, 4], [0, 0.6666666666666667]]\nP: 1,0",
    ),
    (
        "number",
        "lup([1, 2; 3, 4; 5, 6])",
        "Object L: [[1, 0], [0.2, 1], [0.6, 0.5000000000000006]]\nU: [[5, 6], [0, 0.7999999999999998]]\nP: 1,2,0",
    ),
    (
        "number",
        "lup([1, 2, 3; 4, 5, 6])",
        "Object L: [[1, 0], [0.25, 1]]\nU: [[4, 5, 6], [0, 0.75, 1.5]]\nP: 1,0",
    ),
    (
        "BigNumber",
        "lup([1, 2, 3; 4, 5, 6; 7, 8, 10])",
        "Object L: [[1, 0, 0], [0.1428571428571428571428571428571428571428571428571428571428571429, 1, 0], [0.5714285714285714285714285714285714285714285714285714285714285714, 0.5000000000000000000000000000000000000000000000000000000000000006, 1]]\nU: [[7, 8, 10], [0, 0.857142857142857142857142857142857142857142857142857142857142857, 1.571428571428571428571428571428571428571428571428571428571428571], [0, 0, -0.5]]\nP: 1,2,0",
    ),
    (
        "Fraction",
        "lup([2, 1, 1; 1, 3, 2; 1, 0, 0])",
        "Object L: [[1, 0, 0], [1/2, 1, 0], [1/2, -1/5, 1]]\nU: [[2/1, 1/1, 1/1], [0, 5/2, 3/2], [0, 0, -1/5]]\nP: 0,1,2",
    ),
    (
        "number",
        "lup([0, 0; 0, 0])",
        "Object L: [[1, 0], [0, 1]]\nU: [[0, 0], [0, 0]]\nP: 0,1",
    ),
    ("number", "lup(zeros(0, 0))", "Object L: []\nU: []\nP: "),
    ("number", "lup([1, 2; 3, 4]).p", "Array [1, 0]"),
    ("number", "lup([])", "ERR Dimension mismatch (0 != NaN)"),
    (
        "number",
        "lup([1, 2, 3])",
        "ERR Dimension mismatch (0 != 3)",
    ),
    (
        "number",
        "lup(zeros(2, 0))",
        "ERR Dimension mismatch (0 != 2)",
    ),
    ("number", "lup([[[1]]])", "ERR Dimension mismatch (3 > 2)"),
    (
        "number",
        "lup(5)",
        "ERR Unexpected type of argument in function lup (expected: Array or DenseMatrix or SparseMatrix or Matrix, actual: number, index: 0)",
    ),
    (
        "number",
        "lup([1, 2; 3, 4]).L",
        "DenseMatrix [[1, 0], [0.3333333333333333, 1]]",
    ),
    (
        "number",
        "lup([1+i, 2; 3, 4-i]).U",
        "DenseMatrix [[3, 4 - i], [0, 0.3333333333333335 - i]]",
    ),
    (
        "number",
        "qr([1, 2; 3, 4])",
        "Object Q: [[0.316227766016838, 0.9486832980505138], [0.9486832980505138, -0.316227766016838]]\nR: [[3.162277660168379, 4.427188724235731], [0, 0.6324555320336751]]",
    ),
    (
        "number",
        "qr([1, 2; 3, 4; 5, 6])",
        "Object Q: [[0.16903085094570325, 0.8970852271450597, 0.4082482904638641], [0.5070925528371099, 0.27602622373694297, -0.8164965809277256], [0.8451542547285166, -0.34503277967117774, 0.40824829046386246]]\nR: [[5.916079783099614, 7.437357441610944], [0, 0.8280786712108231], [0, 0]]",
    ),
    (
        "number",
        "qr([1, 2, 3; 4, 5, 6]).R",
        "DenseMatrix [[4.1231056256176615, 5.335783750799326, 6.5484618759809905], [0, 0.7276068751089992, 1.4552137502179985]]",
    ),
    (
        "number",
        "qr([1+i, 2; 3, 4])",
        "Object Q: [[0.3015113445777637 + 0.3015113445777637i, 0.4045199174779452 - 0.8090398349558906i], [0.904534033733291, 0.13483997249264842 + 0.40451991747794513i]]\nR: [[3.3166247903554, 4.221158824088691 - 0.6030226891555275i], [0, 1.3483997249264839 + 1.1102230246251565e-16i]]",
    ),
    (
        "number",
        "qr([0, 0; 0, 0])",
        "Object Q: [[1, 0], [0, 1]]\nR: [[0, 0], [0, 0]]",
    ),
    (
        "BigNumber",
        "qr([1, 2; 3, 4])",
        "Object Q: [[0.316227766016837933199889354443271853371955513932521682685750485, 0.9486832980505137995996680633298155601158665417975650480572514554], [0.9486832980505137995996680633298155601158665417975650480572514556, -0.3162277660168379331998893544432718533719555139325216826857504855]]\nR: [[3.162277660168379331998893544432718533719555139325216826857504852, 4.427188724235731064798450962205805947207377195055303557600506793], [0, 0.63245553203367586639977870888654370674391102786504336537150097]]",
    ),
    (
        "number",
        "qr([3, 0; 4, 5]).Q",
        "DenseMatrix [[0.6000000000000001, -0.8], [0.8, 0.6]]",
    ),
    (
        "number",
        "qr([0.001, 2; 3, 40000]).R",
        "DenseMatrix [[3.0000001666666622, 39999.998444444594], [0, 11.333332703696215]]",
    ),
    (
        "number",
        "qr(5)",
        "ERR Unexpected type of argument in function qr (expected: Array or DenseMatrix or SparseMatrix or Matrix, actual: number, index: 0)",
    ),
    (
        "number",
        "qr(zeros(0, 0))",
        "ERR Parameters in function identity must be positive integers",
    ),
    (
        "number",
        "lup([100000, 2; 3, 0.0001])",
        "Object L: [[1, 0], [3e-5, 1]]\nU: [[1e+5, 2], [0, 4e-5]]\nP: 0,1",
    ),
    (
        "number",
        "sqrtm([4, 0; 0, 9])",
        "DenseMatrix [[2, 0], [0, 3]]",
    ),
    (
        "number",
        "sqrtm([2, 1; 1, 2])",
        "DenseMatrix [[1.3660254037844386, 0.3660254037844386], [0.3660254037844386, 1.3660254037844386]]",
    ),
    (
        "number",
        "sqrtm([33, 24; 48, 57])",
        "DenseMatrix [[5.000000000000001, 2.000000000000001], [4.000000000000002, 7.000000000000002]]",
    ),
    (
        "number",
        "sqrtm([1+i, 0; 0, 4])",
        "DenseMatrix [[1.0986841134678098 + 0.45508986056222733i, 0], [0, 2.000000000000002]]",
    ),
    ("number", "sqrtm([4])", "DenseMatrix [2]"),
    (
        "number",
        "sqrtm(sparse([4, 0; 0, 9]))",
        "DenseMatrix [[2, 0], [0, 3]]",
    ),
    (
        "BigNumber",
        "sqrtm([2, 1; 1, 2])",
        "DenseMatrix [[1.366025403784438647627176973036085957117553354559921883065191184, 0.3660254037844386476271769730360859571175533545599218830651911836], [0.3660254037844386476271769730360859571175533545599218830651911836, 1.366025403784438647627176973036085957117553354559921883065191184]]",
    ),
    (
        "Fraction",
        "sqrtm([2, 1; 1, 2])",
        "DenseMatrix [[1117014753/817711552, 299303201/817711552], [299303201/817711552, 1117014753/817711552]]",
    ),
    (
        "number",
        "sqrtm([1, 2; 3, 4])",
        "ERR computing square root of matrix: iterative method could not converge",
    ),
    (
        "number",
        "sqrtm(zeros(0, 0))",
        "ERR Parameters in function identity must be positive integers",
    ),
    (
        "number",
        "sqrtm([4, 5])",
        "ERR Matrix must be square (size: [2])",
    ),
    (
        "number",
        "sqrtm(4)",
        "ERR Unexpected type of argument in function sqrtm (expected: Array or Matrix, actual: number, index: 0)",
    ),
    (
        "number",
        "sqrtm([[[1]]])",
        "ERR Matrix must be at most two dimensional (size: [1, 1, 1])",
    ),
    (
        "number",
        "sqrtm([1, 0; 0, 0])",
        "ERR Cannot calculate inverse, determinant is zero",
    ),
    ("number", "dot([1+i, 2], [1, i])", "Complex 1 + i"),
    ("number", "[1+i, 2] * [1, i]", "Complex 1 + i"),
    (
        "number",
        "inv([1+i, 2, 0; 0, 1, 3; 1, 0, 1])",
        "DenseMatrix [[0.13999999999999999 - 0.019999999999999997i, -0.27999999999999997 + 0.039999999999999994i, 0.8400000000000001 - 0.12i], [0.42000000000000004 - 0.06i, 0.15999999999999998 + 0.12i, -0.48 - 0.36i], [-0.13999999999999999 + 0.019999999999999997i, 0.27999999999999997 - 0.039999999999999994i, 0.15999999999999998 + 0.12i]]",
    ),
    ("number", "polynomialRoot(-6, 11, -6, 1)", "Array [1, 3, 2]"),
    (
        "number",
        "polynomialRoot(1, 2, 3)",
        "Array [-0.3333333333333333 + 0.47140452079103173i, -0.3333333333333333 - 0.47140452079103173i]",
    ),
    ("number", "polynomialRoot(1, 0, 1)", "Array [i, -i]"),
    ("number", "polynomialRoot(1, 2, 1)", "Array [-1]"),
    ("number", "polynomialRoot(1, 3, 3, 1)", "Array [-1]"),
    (
        "number",
        "polynomialRoot(2, 3, 4, 5)",
        "Array [-0.7293231430114581, -0.035338428494271046 - 0.7397330112915745i, -0.035338428494271046 + 0.7397330112915745i]",
    ),
    (
        "number",
        "polynomialRoot(1+i, 2, 3)",
        "Array [-0.03467417462338729 - 0.5580497426785134i, -0.6319924920432793 + 0.5580497426785134i]",
    ),
    ("number", "polynomialRoot(4, 0, -3, 1)", "Array [-1, 2]"),
    (
        "number",
        "polynomialRoot(1, 2, 3, 0)",
        "Array [-0.3333333333333333 + 0.47140452079103173i, -0.3333333333333333 - 0.47140452079103173i]",
    ),
    ("number", "polynomialRoot(1, \"2\")", "Array [-0.5]"),
    (
        "BigNumber",
        "polynomialRoot(-6, 11, -6, 1)",
        "Array [1, 3, 2]",
    ),
    (
        "Fraction",
        "polynomialRoot(-6, 11, -6, 1)",
        "Array [1, 3, 2]",
    ),
    (
        "number",
        "polynomialRoot(0, 0, 0)",
        "ERR Polynomial [0, 0,0] must have a non-zero non-constant coefficient",
    ),
    (
        "number",
        "polynomialRoot(2, 0)",
        "ERR Polynomial [2, 0] must have a non-zero non-constant coefficient",
    ),
    (
        "number",
        "polynomialRoot(1, 2, 3, 4, 5)",
        "ERR only implemented for cubic or lower-order polynomials, not 1,2,3,4,5",
    ),
    (
        "number",
        "expm([1, 2; 3, 4])",
        "DenseMatrix [[51.968956198705285, 74.73656456700355], [112.10484685050534, 164.07380304921043]]",
    ),
    (
        "number",
        "expm([0, 2; 0, 0])",
        "DenseMatrix [[1, 2], [0, 1]]",
    ),
    (
        "number",
        "expm([1+i, 0; 0, 2])",
        "DenseMatrix [[1.468693939915887 + 2.287355287178843i, 0], [0, 7.389056098930635 - 4.3576464650183887e-16i]]",
    ),
    (
        "number",
        "expm([[1]])",
        "DenseMatrix [[2.7182818284590424]]",
    ),
    (
        "Fraction",
        "expm([0, 0; 0, 0])",
        "DenseMatrix [[1/1, 0/1], [0/1, 1/1]]",
    ),
    (
        "BigNumber",
        "expm([0.5, 1.5; 2, 1])",
        "ERR Could not find acceptable parameters to compute the matrix exponential (try increasing maxSearchSize in expm.js)",
    ),
    (
        "number",
        "expm([1, 2, 3])",
        "ERR Matrix must be square (size: [3])",
    ),
    (
        "number",
        "expm(5)",
        "ERR Unexpected type of argument in function expm (expected: Matrix or Array, actual: number, index: 0)",
    ),
    (
        "number",
        "expm(zeros(0, 0))",
        "ERR Parameters in function identity must be positive integers",
    ),
    // Products of number matrices (`packed_product` in linalg.rs): each entry accumulated left
    // to right from its first product.
    (
        "number",
        "[1.1, 2.2; 3.3, 4.4] * [0.1, 0.7; 0.3, 0.9]",
        "DenseMatrix [[0.77, 2.75], [1.6500000000000001, 6.27]]",
    ),
    (
        "number",
        "[0.1, 0.2, 0.3] * [0.4; 0.5; 0.6]",
        "DenseMatrix [0.32]",
    ),
    ("number", "[0.1, 0.2, 0.3] * [0.4, 0.5, 0.6]", "number 0.32"),
    (
        "number",
        "[0.1, 0.2, 0.3] * [1, 2; 3, 4; 5, 6]",
        "DenseMatrix [2.2, 2.8]",
    ),
    // From 64 multiplications on, the packed f64 loop.
    (
        "number",
        "(reshape(1:20, [4, 5]) / 7) * (reshape(1:20, [5, 4]) / 3)",
        "DenseMatrix [[8.333333333333332, 9.047619047619047, 9.761904761904761, 10.476190476190474], [19.04761904761905, 20.952380952380953, 22.857142857142858, 24.76190476190476], [29.761904761904763, 32.85714285714286, 35.95238095238095, 39.047619047619044], [40.47619047619048, 44.76190476190476, 49.04761904761905, 53.33333333333333]]",
    ),
    (
        "number",
        "(0.1 * ones(1, 70)) * (0.7 * ones(70, 1))",
        "DenseMatrix [[4.8999999999999995]]",
    ),
];

#[test]
fn solvers_and_decompositions_answer_as_math_js_does() {
    answers_as_math_js_does(MATH_JS);
}

/// The refusals' reasons (spec 9.3): a wrong argument type is a type mismatch; a singular or
/// misshapen system fails evaluation.
#[test]
fn refusals_take_the_spec_reasons() {
    for (expression, reason) in [
        ("lsolve(1, 2)", "type_mismatch"),
        ("lusolve([1, 2; 3, 4], 5)", "type_mismatch"),
        ("lup(\"a\")", "type_mismatch"),
        ("lusolve([1, 2; 2, 4], [1, 3])", "evaluation_failed"),
        ("usolve([1, 2; 0, 0], [1, 3])", "evaluation_failed"),
        ("lsolve([1, 2, 3], [1])", "evaluation_failed"),
        ("lup([])", "evaluation_failed"),
        ("lusolve({L: 1, U: 2}, [1])", "evaluation_failed"),
        ("qr(5)", "type_mismatch"),
        ("polynomialRoot([1, 2], 1)", "type_mismatch"),
        ("polynomialRoot(5)", "evaluation_failed"),
        ("qr([1, 2, 3])", "evaluation_failed"),
        ("qr(sparse([1, 2; 3, 4]))", "evaluation_failed"),
    ] {
        assert_eq!(reason_in(expression, "number"), reason, "{expression}");
    }
}

/// Exact element types stay exact through a whole solve, and a large system is metered.
#[test]
fn fraction_solves_are_exact_and_large_systems_are_metered() {
    assert_eq!(
        answer_in("lusolve([1/3, 1/7; 2, 5], [1, 1])", "Fraction"),
        "DenseMatrix [[102/29], [-35/29]]"
    );
    assert_eq!(
        reason_in(
            "lusolve(ones(100, 100) + identity(100), ones(100, 1))",
            "number"
        ),
        "ok"
    );
    // polynomialRoot computes in numbers: a root that is no safe integer has no exact Fraction.
    assert_eq!(
        reason_in("polynomialRoot(-2, 0, 1)", "Fraction"),
        "fraction_unsupported"
    );
    // Fraction mode has no exact square root, which `qr` needs.
    assert_eq!(
        reason_in("qr([1, 0; 0, 1]).Q", "Fraction"),
        "fraction_unsupported"
    );
    // A 1000×1000 decomposition is 10⁹ units, over the work budget: refused before the work.
    assert_eq!(
        reason_in("lusolve(identity(1000) * 2, ones(1000, 1))", "number"),
        "evaluation_timeout"
    );
}
