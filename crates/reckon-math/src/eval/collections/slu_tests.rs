//! Tests of `slu` (`slu.rs`): every expected answer is math.js 15.2's, in the mode named (its
//! `typeOf` and `format`, which for the decomposition is its `toString`; a refusal by its
//! message). In BigNumber and Fraction modes the order and threshold are `number(…)`, as
//! math.js takes only numbers there.

use super::math_js_table::{MathJsRow, answers_as_math_js_does, reasons_are};

/// (numericType, expression, math.js's answer: `type text`, or `ERR message`).
const MATH_JS: &[MathJsRow] = &[
    (
        "number",
        "slu(sparse([[4,3],[6,3]]), 0, 1)",
        "Object L: [[1, 0], [0.6666666666666666, 1]]\nU: [[6, 3], [0, 1]]\np: 1,0\n",
    ),
    (
        "number",
        "slu(sparse([[4,3],[6,3]]), 0, 0.5).L",
        "SparseMatrix Sparse Matrix [2 x 2] density: 0.75\n\n    (0, 0) ==> 1\n    (1, 0) ==> 1.5\n    (1, 1) ==> 1",
    ),
    (
        "number",
        "slu(sparse([[1,2,0],[0,0,3],[4,0,5]]), 0, 1)",
        "Object L: [[1, 0, 0], [0.25, 1, 0], [0, 0, 1]]\nU: [[4, 0, 5], [0, 2, -1.25], [0, 0, 3]]\np: 1,2,0\n",
    ),
    (
        "number",
        "slu(sparse([[1,2,0],[0,0,3],[4,0,5]]), 0, 1).U",
        "SparseMatrix Sparse Matrix [3 x 3] density: 0.5555555555555556\n\n    (0, 0) ==> 4\n    (1, 1) ==> 2\n    (0, 2) ==> 5\n    (1, 2) ==> -1.25\n    (2, 2) ==> 3",
    ),
    (
        "number",
        "slu(sparse([[1,2,0],[0,0,3],[4,0,5]]), 0, 0.001).L",
        "SparseMatrix Sparse Matrix [3 x 3] density: 0.4444444444444444\n\n    (0, 0) ==> 1\n    (1, 0) ==> 4\n    (1, 1) ==> 1\n    (2, 2) ==> 1",
    ),
    (
        "number",
        "slu(sparse([[2,1+i],[1-i,3]]), 0, 1)",
        "Object L: [[1, 0], [0.5 - 0.5i, 1]]\nU: [[2, 1 + i], [0, 2]]\np: 0,1\n",
    ),
    (
        "number",
        "slu(sparse([[0,1],[1,0]]), 0, 1)",
        "Object L: [[1, 0], [0, 1]]\nU: [[1, 0], [0, 1]]\np: 1,0\n",
    ),
    (
        "number",
        "slu(sparse([[4,0,0,1,0],[0,3,0,0,2],[1,0,5,0,0],[0,2,0,6,0],[1,0,1,0,7]]), 0, 1).L",
        "SparseMatrix Sparse Matrix [5 x 5] density: 0.4\n\n    (0, 0) ==> 1\n    (4, 0) ==> 0.25\n    (2, 0) ==> 0.25\n    (1, 1) ==> 1\n    (3, 1) ==> 0.6666666666666666\n    (2, 2) ==> 1\n    (4, 2) ==> 0.2\n    (3, 3) ==> 1\n    (4, 3) ==> -0.03333333333333333\n    (4, 4) ==> 1",
    ),
    (
        "number",
        "slu(sparse([[4,0,0,1,0],[0,3,0,0,2],[1,0,5,0,0],[0,2,0,6,0],[1,0,1,0,7]]), 0, 1).U",
        "SparseMatrix Sparse Matrix [5 x 5] density: 0.36\n\n    (0, 0) ==> 4\n    (1, 1) ==> 3\n    (2, 2) ==> 5\n    (0, 3) ==> 1\n    (2, 3) ==> -0.25\n    (3, 3) ==> 6\n    (1, 4) ==> 2\n    (3, 4) ==> -1.3333333333333333\n    (4, 4) ==> 6.955555555555556",
    ),
    (
        "number",
        "slu(sparse([[0,0,2,1],[3,0,0,1],[0,1,0,0],[1,2,3,0]]), 0, 1)",
        "Object L: [[1, 0, 0, 0], [0.3333333333333333, 1, 0, 0], [0, 0, 1, 0], [0, 0.5, -0.75, 1]]\nU: [[3, 0, 0, 1], [0, 2, 3, -0.3333333333333333], [0, 0, 2, 1], [0, 0, 0, 0.9166666666666666]]\np: 2,0,3,1\n",
    ),
    (
        "number",
        "slu(sparse([[0,0,2,1],[3,0,0,1],[0,1,0,0],[1,2,3,0]]), 0, 0.5).U",
        "SparseMatrix Sparse Matrix [4 x 4] density: 0.5\n\n    (0, 0) ==> 3\n    (1, 1) ==> 2\n    (1, 2) ==> 3\n    (2, 2) ==> -1.5\n    (0, 3) ==> 1\n    (1, 3) ==> -0.3333333333333333\n    (2, 3) ==> 0.16666666666666666\n    (3, 3) ==> 1.2222222222222223",
    ),
    (
        "number",
        "slu(sparse([[5]]), 0, 1)",
        "Object L: [[1]]\nU: [[5]]\np: 0\n",
    ),
    (
        "number",
        "slu(sparse(zeros(0,0)), 0, 1)",
        "Object L: []\nU: []\np: \n",
    ),
    ("number", "slu(sparse([[1,2],[3,4]]), 0, 1).q", "null null"),
    (
        "number",
        "slu(sparse([[1,2],[3,4]]), 0, 1).p",
        "Array [1, 0]",
    ),
    (
        "number",
        "slu(sparse([[1,2],[3,4]]), 4, 1)",
        "ERR Symbolic Ordering and Analysis order must be an integer number in the interval [0, 3]",
    ),
    (
        "number",
        "slu(sparse([[1,2],[3,4]]), 0.5, 1)",
        "ERR Symbolic Ordering and Analysis order must be an integer number in the interval [0, 3]",
    ),
    (
        "number",
        "slu(sparse([[1,2],[3,4]]), 0, -0.1)",
        "ERR Partial pivoting threshold must be a number from 0 to 1",
    ),
    (
        "number",
        "slu([[1,2],[3,4]], 0, 1)",
        "ERR Unexpected type of argument in function slu (expected: SparseMatrix, actual: Matrix | DenseMatrix, index: 0)",
    ),
    (
        "number",
        "slu(5, 0, 1)",
        "ERR Unexpected type of argument in function slu (expected: SparseMatrix, actual: number, index: 0)",
    ),
    (
        "BigNumber",
        "slu(sparse([[4,3],[6,3]]), number(0), number(1))",
        "Object L: [[1, 0], [0.6666666666666666666666666666666666666666666666666666666666666667, 1]]\nU: [[6, 3], [0, 1]]\np: 1,0\n",
    ),
    (
        "BigNumber",
        "slu(sparse([[1,2,0],[0,0,3],[4,0,5]]), number(0), number(0.001)).L",
        "SparseMatrix Sparse Matrix [3 x 3] density: 0.4444444444444444\n\n    (0, 0) ==> 1\n    (1, 0) ==> 4\n    (1, 1) ==> 1\n    (2, 2) ==> 1",
    ),
    (
        "BigNumber",
        "slu(sparse([[4,3],[6,3]]), 0, 1)",
        "ERR Unexpected type of argument in function slu (expected: number or bigint or string or boolean, actual: BigNumber, index: 1)",
    ),
    (
        "Fraction",
        "slu(sparse([[1,2,0],[0,0,3],[4,0,5]]), number(0), number(1))",
        "Object L: [[1, 0, 0], [1/4, 1, 0], [0, 0, 1]]\nU: [[4/1, 0, 5/1], [0, 2/1, -5/4], [0, 0, 3/1]]\np: 1,2,0\n",
    ),
    (
        "Fraction",
        "slu(sparse([[0,0,2,1],[3,0,0,1],[0,1,0,0],[1,2,3,0]]), number(0), number(0.5)).L",
        "SparseMatrix Sparse Matrix [4 x 4] density: 0.4375\n\n    (0, 0) ==> 1\n    (1, 0) ==> 1/3\n    (1, 1) ==> 1\n    (2, 1) ==> 1/2\n    (2, 2) ==> 1\n    (3, 2) ==> -4/3\n    (3, 3) ==> 1",
    ),
    // Orders 1 to 3: the approximate minimum degree column ordering q, then the same LU.
    (
        "number",
        "slu(sparse([[1, 2], [3, 4]]), true, 1)",
        "Object L: [[1, 0], [0.3333333333333333, 1]]\nU: [[3, 4], [0, 0.6666666666666667]]\np: 1,0\nq: 0,1\n",
    ),
    (
        "number",
        "slu(sparse([[1, 2], [3, 4]]), 1, 1)",
        "Object L: [[1, 0], [0.3333333333333333, 1]]\nU: [[3, 4], [0, 0.6666666666666667]]\np: 1,0\nq: 0,1\n",
    ),
    (
        "number",
        "slu(sparse([[4,0,1,0,0],[0,3,0,0,2],[1,0,5,1,0],[0,0,1,6,0],[0,2,0,0,7]]), 1, 1).q",
        "Array [3, 0, 2, 1, 4]",
    ),
    (
        "number",
        "slu(sparse([[4,0,1,0,0],[0,3,0,0,2],[1,0,5,1,0],[0,0,1,6,0],[0,2,0,0,7]]), 2, 1).q",
        "Array [0, 2, 3, 1, 4]",
    ),
    (
        "number",
        "slu(sparse([[4,0,1,0,0],[0,3,0,0,2],[1,0,5,1,0],[0,0,1,6,0],[0,2,0,0,7]]), 3, 0.1)",
        "Object L: [[1, 0, 0, 0, 0], [0.25, 1, 0, 0, 0], [0, 0.21052631578947367, 1, 0, 0], [0, 0, 0, 1, 0], [0, 0, 0, 0.6666666666666666, 1]]\nU: [[4, 1, 0, 0, 0], [0, 4.75, 1, 0, 0], [0, 0, 5.7894736842105265, 0, 0], [0, 0, 0, 3, 2], [0, 0, 0, 0, 5.666666666666667]]\np: 0,3,1,2,4\nq: 0,2,3,1,4\n",
    ),
    (
        "number",
        "slu(sparse([[0,2,0],[3,0,1],[0,1,4]]), 3, 1).U",
        "SparseMatrix Sparse Matrix [3 x 3] density: 0.4444444444444444\n\n    (0, 0) ==> 3\n    (1, 1) ==> 2\n    (0, 2) ==> 1\n    (2, 2) ==> 4",
    ),
    (
        "number",
        "slu(sparse([[2,0,0,1],[0,3,-1,0],[0,1,4,0],[1,0,0,5]]), 1, 1)",
        "Object L: [[1, 0, 0, 0], [0.3333333333333333, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0.5, 1]]\nU: [[3, -1, 0, 0], [0, 4.333333333333333, 0, 0], [0, 0, 2, 1], [0, 0, 0, 4.5]]\np: 2,0,1,3\nq: 1,2,0,3\n",
    ),
    (
        "number",
        "slu(sparse([[1,0,0],[0,0,1],[0,1,0]]), 2, 0.5)",
        "Object L: [[1, 0, 0], [0, 1, 0], [0, 0, 1]]\nU: [[1, 0, 0], [0, 1, 0], [0, 0, 1]]\np: 0,2,1\nq: 0,1,2\n",
    ),
    (
        "BigNumber",
        "slu(sparse([[4,0,1],[0,3,0],[1,0,5]]), number(1), number(1))",
        "Object L: [[1, 0, 0], [0, 1, 0], [0, 0.25, 1]]\nU: [[3, 0, 0], [0, 4, 1], [0, 0, 4.75]]\np: 1,0,2\nq: 1,0,2\n",
    ),
    (
        "Fraction",
        "slu(sparse([[4,0,1],[0,3,0],[1,0,5]]), number(3), number(1))",
        "Object L: [[1, 0, 0], [0, 1, 0], [0, 1/4, 1]]\nU: [[3/1, 0, 0], [0, 4/1, 1/1], [0, 0, 19/4]]\np: 1,0,2\nq: 1,0,2\n",
    ),
    // Larger patterns (30 and 50 rows, about a fifth of the entries stored), where the
    // elimination, absorption and supernode steps of the ordering all run.
    (
        "number",
        "slu(sparse(floor(mod(transpose([1:30]) * [1:30] + [1:30], 11) / 9) + identity(30)), 1, 1).q",
        "Array [21, 10, 9, 20, 0, 22, 11, 3, 14, 25, 1, 12, 23, 5, 16, 27, 2, 18, 29, 7, 13, 8, 19, 4, 15, 26, 6, 17, 28, 24]",
    ),
    (
        "number",
        "slu(sparse(floor(mod(transpose([1:30]) * [1:30] + [1:30], 11) / 9) + identity(30)), 2, 1).q",
        "Array [21, 10, 9, 20, 8, 19, 3, 14, 25, 5, 16, 27, 11, 22, 0, 1, 15, 26, 4, 12, 2, 13, 24, 6, 17, 28, 7, 18, 29, 23]",
    ),
    (
        "number",
        "slu(sparse(floor(mod(transpose([1:30]) * [1:30] + [1:30], 11) / 9) + identity(30)), 3, 1).q",
        "Array [21, 10, 9, 20, 8, 19, 3, 14, 25, 5, 16, 27, 11, 22, 0, 1, 15, 26, 4, 12, 2, 13, 24, 6, 17, 28, 7, 18, 29, 23]",
    ),
    (
        "number",
        "slu(sparse(floor(mod(transpose([1:50]) * [1:50] + [1:50], 11) / 9) + identity(50)), 1, 1).q",
        "Array [43, 32, 21, 10, 9, 20, 31, 42, 0, 11, 33, 44, 22, 3, 14, 25, 36, 47, 1, 12, 23, 34, 45, 5, 16, 27, 38, 49, 2, 18, 29, 40, 7, 13, 24, 35, 6, 17, 28, 39, 8, 19, 30, 41, 4, 15, 26, 37, 48, 46]",
    ),
    (
        "number",
        "slu(sparse(floor(mod(transpose([1:50]) * [1:50] + [1:50], 11) / 9) + identity(50)), 2, 1).q",
        "Array [43, 32, 21, 10, 9, 20, 31, 42, 8, 19, 30, 41, 3, 14, 25, 36, 47, 5, 16, 27, 38, 49, 11, 22, 33, 44, 0, 6, 17, 4, 15, 37, 48, 26, 28, 7, 18, 29, 40, 1, 12, 23, 34, 45, 2, 13, 24, 35, 46, 39]",
    ),
    (
        "number",
        "slu(sparse(floor(mod(transpose([1:50]) * [1:50] + [1:50], 11) / 9) + identity(50)), 3, 1).q",
        "Array [43, 32, 21, 10, 9, 20, 31, 42, 8, 19, 30, 41, 3, 14, 25, 36, 47, 5, 16, 27, 38, 49, 11, 22, 33, 44, 0, 6, 17, 4, 15, 37, 48, 26, 28, 7, 18, 29, 40, 1, 12, 23, 34, 45, 2, 13, 24, 35, 46, 39]",
    ),
    // lusolve with slu's factors: b permuted by p, the two substitutions, x permuted by q.
    (
        "number",
        "lusolve(slu(sparse([[4, 3], [6, 3]]), 0, 1), [1, 2])",
        "DenseMatrix [[0.5], [-0.33333333333333326]]",
    ),
    (
        "number",
        "lusolve(slu(sparse([[4,0,1,0,0],[0,3,0,0,2],[1,0,5,1,0],[0,0,1,6,0],[0,2,0,0,7]]), 1, 1), [1, 2, 3, 4, 5])",
        "DenseMatrix [[0.13636363636363635], [0.2352941176470588], [0.4545454545454546], [0.5909090909090909], [0.6470588235294118]]",
    ),
    (
        "number",
        "lusolve(slu(sparse([[2,0,0,1],[0,3,-1,0],[0,1,4,0],[1,0,0,5]]), 3, 0.5), [[1], [0], [2], [3]])",
        "DenseMatrix [[0.2222222222222222], [0.15384615384615385], [0.46153846153846156], [0.5555555555555556]]",
    ),
    (
        "number",
        "lusolve(slu(sparse([[0,2,0],[3,0,1],[0,1,4]]), 2, 1), matrix([1, 2, 3]))",
        "DenseMatrix [[0.4583333333333333], [0.5], [0.625]]",
    ),
    (
        "Fraction",
        "lusolve(slu(sparse([[4,0,1],[0,3,0],[1,0,5]]), number(3), number(1)), [1, 2, 3])",
        "DenseMatrix [[2/19], [2/3], [11/19]]",
    ),
    (
        "BigNumber",
        "lusolve(slu(sparse([[4,0,1],[0,3,0],[1,0,5]]), number(1), number(1)), [1, 2, 3])",
        "DenseMatrix [[0.1052631578947368421052631578947368421052631578947368421052631579], [0.6666666666666666666666666666666666666666666666666666666666666667], [0.5789473684210526315789473684210526315789473684210526315789473684]]",
    ),
];

#[test]
fn slu_answers_as_math_js_does() {
    answers_as_math_js_does(MATH_JS);
}

/// The refusals' reasons (spec 9.2): a singular matrix, a bad order or threshold and a
/// non-square matrix fail evaluation (a singular matrix in orders 1 to 3 too, which math.js
/// meets as a null result); wrong argument types are type mismatches.
#[test]
fn slu_refusals_take_the_spec_reasons() {
    reasons_are(&[
        (
            "number",
            "slu(sparse([[1, 2], [2, 4]]), 0, 1)",
            "evaluation_failed",
        ),
        (
            "number",
            "slu(sparse([[1, 0], [0, 0]]), 0, 1)",
            "evaluation_failed",
        ),
        (
            "number",
            "slu(sparse([[4, 3, 1], [6, 3, 2]]), 0, 1)",
            "evaluation_failed",
        ),
        (
            "number",
            "slu(sparse([[4, 3], [6, 3], [1, 1]]), 0, 1)",
            "evaluation_failed",
        ),
        (
            "number",
            "slu(sparse([[1, 2], [2, 4]]), 1, 1)",
            "evaluation_failed",
        ),
        (
            "number",
            "slu(sparse([[1, 2], [3, 4]]), 0, \"a\")",
            "type_mismatch",
        ),
        (
            "number",
            "slu(sparse([[1, 2], [3, 4]]), 0)",
            "evaluation_failed",
        ),
        (
            "BigNumber",
            "slu(sparse([[4, 3], [6, 3]]), 0, 1)",
            "type_mismatch",
        ),
        (
            "Fraction",
            "slu(sparse([[4, 3], [6, 3]]), 0, 1)",
            "type_mismatch",
        ),
        // A pivot of about 1e-9 overflows L; math.js's sparse substitutions meet the zero
        // diagonal (its error: "Linear system cannot be solved since matrix is singular").
        (
            "number",
            "lusolve(slu(sparse([-8, 0, -8, 0, 5, 0; 0, 0, 0, 0, -5, 0; -8, 0, 0, 7, 0, 0; 0, 0, 0, 0, 0, 0; 0, -4, 0, 0, 0, -8; 0, -4 + 0.000000001, 0, 0, 3 + 0.000000001, 0]), 1, 0), [2; -4; 0; 8; 0; -5])",
            "evaluation_failed",
        ),
        // A decomposition whose column order is not a permutation.
        (
            "number",
            "lusolve({L: sparse([[1, 0], [0, 1]]), U: sparse([[1, 0], [0, 1]]), p: [0, 1], q: [0, 0]}, [1, 2])",
            "evaluation_failed",
        ),
    ]);
}

/// The work is metered: a large sparse matrix is refused by the size limit before any column
/// is factored, a dense pattern's ordering by the work meter before it runs; a diagonal one of
/// 200 rows is answered in every order.
#[test]
fn slu_is_metered() {
    reasons_are(&[
        (
            "number",
            "slu(sparse(identity(800)), 0, 1)",
            "result_too_large",
        ),
        (
            "number",
            "sum(slu(sparse(2 * identity(200)), 0, 1).p)",
            "ok",
        ),
        (
            "number",
            "sum(slu(sparse(2 * identity(200)), 1, 1).q)",
            "ok",
        ),
        (
            "number",
            "sum(slu(sparse(2 * identity(200)), 2, 1).q)",
            "ok",
        ),
        (
            "number",
            "sum(slu(sparse(2 * identity(200)), 3, 1).q)",
            "ok",
        ),
        // The ordering of a dense 400 × 400 pattern: (nnz + 1)(n + 1) ≈ 6.4e7 for AᵀA,
        // over the budget of 6e7: refused by the work meter before the pattern is built.
        (
            "number",
            "slu(sparse(ones(400, 400)), 3, 1)",
            "evaluation_timeout",
        ),
    ]);
}

/// The ordering is a permutation of 0..n, without a panic, on 400 random symmetric patterns of
/// 1 to 60 nodes (sparse to dense, some with dense nodes set aside and empty columns).
#[test]
fn amd_orders_random_patterns_as_permutations() {
    let mut state: u64 = 0x5107_A3D0_2026;
    let mut next = |bound: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % bound
    };
    for _ in 0..400 {
        let n = 1 + next(60) as usize;
        let fill = 1 + next(100);
        let mut columns = vec![Vec::new(); n];
        for j in 0..n {
            for i in 0..j {
                if next(100) < fill / 3 {
                    columns[j].push(i);
                    columns[i].push(j);
                }
            }
        }
        let order = super::amd::amd_order(n, &columns).expect("an ordering");
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..n).collect::<Vec<_>>(), "{columns:?}");
    }
}
