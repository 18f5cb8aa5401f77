//! Tests of `eigs` (`eigs.rs`): every expected answer is math.js 15.2's, in the mode named (its
//! `typeOf` and `format`; a refusal by its message).

use super::math_js_table::{MathJsRow, answers_as_math_js_does, reasons_are};

/// (numericType, expression, math.js's answer: `type text`, or `ERR message`).
const MATH_JS: &[MathJsRow] = &[
    (
        "number",
        "eigs([[2,1],[1,2]])",
        "Object {\"values\": [1, 3], \"eigenvectors\": [{\"value\": 1, \"vector\": [0.7071067811865476, -0.7071067811865475]}, {\"value\": 3, \"vector\": [0.7071067811865475, 0.7071067811865476]}]}",
    ),
    (
        "number",
        "eigs([6, -2; -2, 9]).eigenvectors[2].vector",
        "DenseMatrix [-0.4472135954999579, 0.8944271909999159]",
    ),
    (
        "number",
        "eigs([1, 2, 3; 4, 5, 6; 7, 8, 10])",
        "Object {\"values\": [0.1982468633970097, -0.9057401795217608, 16.70749331612478], \"eigenvectors\": [{\"value\": 0.1982468633970097, \"vector\": [-0.24667881718896484, 0.7373394763768171, -0.42563447911295466]}, {\"value\": -0.9057401795217608, \"vector\": [1.2937774168200892e-8, -1.2798305703862321e-9, -7.365458308382223e-9]}, {\"value\": 16.70749331612478, \"vector\": [-4.555611882534597, -10.271335513226472, -17.00485738977255]}]}",
    ),
    (
        "number",
        "eigs([[5, 4], [1, 2]])",
        "Object {\"values\": [1, 6.000000000000001], \"eigenvectors\": [{\"value\": 1, \"vector\": [0.5547001962252291, -0.5547001962252291]}, {\"value\": 6.000000000000001, \"vector\": [8.87520313960367, 2.2188007849009175]}]}",
    ),
    (
        "number",
        "eigs([1, 1; 0, 1])",
        "Object {\"values\": [1, 1], \"eigenvectors\": [{\"value\": 1, \"vector\": [1, 0]}]}",
    ),
    (
        "number",
        "eigs([[0, 1], [-1, 0]])",
        "Object {\"values\": [i, -i], \"eigenvectors\": [{\"value\": i, \"vector\": [-1, -i]}, {\"value\": -i, \"vector\": [-1, i]}]}",
    ),
    (
        "number",
        "eigs([[1,2,3],[2,4,5],[3,5,6]])",
        "Object {\"values\": [0.17091518882717976, -0.5157294715892572, 11.344814282762078], \"eigenvectors\": [{\"value\": 0.17091518882717976, \"vector\": [-0.5910090485061028, 0.7369762290995788, -0.32798527760568236]}, {\"value\": -0.5157294715892572, \"vector\": [0.7369762290995789, 0.3279852776056809, -0.5910090485061031]}, {\"value\": 11.344814282762078, \"vector\": [0.3279852776056818, 0.5910090485061036, 0.7369762290995785]}]}",
    ),
    (
        "number",
        "eigs([1, 2; 3, 4], {eigenvectors: false})",
        "Object {\"values\": [-0.37228132326901653, 5.372281323269014]}",
    ),
    (
        "number",
        "eigs([[2, 1+i], [1-i, 3]])",
        "Object {\"values\": [1.0000000000000002, 4], \"eigenvectors\": [{\"value\": 1.0000000000000002, \"vector\": [2.3094010767585025, -1.1547005383792512 + 1.1547005383792512i]}, {\"value\": 4, \"vector\": [0.5773502691896256, 0.5773502691896257 - 0.5773502691896257i]}]}",
    ),
    (
        "number",
        "sum(eigs(ones(10, 10) + identity(10)).values)",
        "number 20",
    ),
    (
        "number",
        "eigs([[4, 1, 2, 0], [1, 3, 0, 1], [2, 0, 5, 1], [0, 1, 1, 6]], 1e-6)",
        "Object {\"values\": [1.6034408439252863, 3.4464607006097303, 5.553539299390269, 7.396559156074716], \"eigenvectors\": [{\"value\": 1.6034408439252863, \"vector\": [0.6171260140141382, -0.6121785267917661, -0.4334002362728546, 0.23781751272923216]}, {\"value\": 3.4464607006097303, \"vector\": [0.4331627032276086, 0.7475263431640956, -0.49364946121535075, -0.09942156833433698]}, {\"value\": 5.553539299390269, \"vector\": [-0.4936494612153508, 0.09942156833433695, -0.43316270322760875, 0.7475263431640955]}, {\"value\": 7.396559156074716, \"vector\": [0.43340023627285457, 0.23781751272923216, 0.6171260140141381, 0.6121785267917662]}]}",
    ),
    (
        "number",
        "eigs(zeros(0,0))",
        "ERR Matrix contains unsupported types only.",
    ),
    (
        "number",
        "eigs([1,2,3])",
        "ERR Matrix must be square (size: [3])",
    ),
    (
        "number",
        "eigs([[3]])",
        "Object {\"values\": [3], \"eigenvectors\": [{\"value\": 3, \"vector\": [1]}]}",
    ),
    (
        "number",
        "eigs([[1,2],[3,4]], 1e-3).values",
        "DenseMatrix [-0.37228132326901653, 5.372281323269014]",
    ),
    (
        "BigNumber",
        "eigs([[2,1],[1,2]])",
        "Object {\"values\": [0.9999999999999999999999999999999999999999999999999999999999999999, 3], \"eigenvectors\": [{\"value\": 0.9999999999999999999999999999999999999999999999999999999999999999, \"vector\": [0.707106781186547524400844362104849039284835937688474036588339869, -0.7071067811865475244008443621048490392848359376884740365883398689]}, {\"value\": 3, \"vector\": [0.7071067811865475244008443621048490392848359376884740365883398689, 0.707106781186547524400844362104849039284835937688474036588339869]}]}",
    ),
    (
        "BigNumber",
        "eigs([6, -2; -2, 9]).eigenvectors[2].vector",
        "DenseMatrix [0.8944271909999158785636694674925104941762473438446102897083588982, 0.4472135954999579392818347337462552470881236719223051448541794491]",
    ),
    (
        "BigNumber",
        "eigs([[5, 4], [1, 2]])",
        "Object {\"values\": [1, 6.000000000000000000000000000000000000000000000000000000000000002], \"eigenvectors\": [{\"value\": 1, \"vector\": [0.3162277660168379331998893544432718533719555139325216826857504854, -0.3162277660168379331998893544432718533719555139325216826857504854]}, {\"value\": 6.000000000000000000000000000000000000000000000000000000000000002, \"vector\": [5.059644256269406931198229671092349653951288222920346922972007767, 1.264911064067351732799557417773087413487822055730086730743001942]}]}",
    ),
    (
        "BigNumber",
        "eigs([[1,2],[3,4]], 1e-3).values",
        "DenseMatrix [-0.372281323269014329925305734109464659110132228991396183849938736, 5.372281323269014329925305734109464659110132228991396183849938736]",
    ),
    (
        "BigNumber",
        "eigs([1, 2, 3; 4, 5, 6; 7, 8, 10]).values",
        "DenseMatrix [0.1982468633970101279016244215364320240986728639584388277391811193, -0.905740179521758467305355436241718129384350333722016921605270325, 16.7074933161247483394037310147052861052856774697635780938660892]",
    ),
    (
        "BigNumber",
        "sum(eigs(ones(10, 10) + identity(10)).values)",
        "BigNumber 20",
    ),
    // The matrix 2-norm: the square root of the largest eigenvalue of Aᴴ A.
    (
        "number",
        "norm([[1, 2], [3, 4]])",
        "number 5.464985704219043",
    ),
    (
        "number",
        "norm([[1, 2], [3, 4]], 2)",
        "number 5.464985704219043",
    ),
    (
        "number",
        "norm([1, 2; 3, 4; 5, 6], 2)",
        "ERR Invalid matrix dimensions",
    ),
    (
        "number",
        "norm([[1, 2+i], [3, 4]], 2)",
        "number 5.529449649981572",
    ),
    ("number", "norm([[2, 0], [0, -3]])", "number 3"),
    ("number", "norm([[0, 0], [0, 0]])", "number 0"),
    ("number", "norm([[5]])", "number 5"),
    (
        "BigNumber",
        "norm([[1, 2], [3, 4]])",
        "BigNumber 5.464985704219042650451188493284182533042584640492784181017488775",
    ),
];

#[test]
fn eigs_answers_as_math_js_does() {
    answers_as_math_js_does(MATH_JS);
}

/// The refusals' reasons (spec 9.2): a wrong argument type is a type mismatch; a matrix that
/// is not square fails evaluation.
#[test]
fn eigs_refusals_take_the_spec_reasons() {
    reasons_are(&[
        ("number", "eigs(5)", "type_mismatch"),
        ("number", "eigs([1, 2; 3, 4], \"a\")", "type_mismatch"),
        ("number", "eigs([1, 2; 3, 4; 5, 6])", "evaluation_failed"),
        (
            "number",
            "eigs([true, false; false, true])",
            "type_mismatch",
        ),
        ("number", "norm([1, 2; 3, 4], 3)", "evaluation_failed"),
    ]);
}

/// Every decomposition is metered before it runs: a large matrix is refused by the work limit,
/// not computed; a moderate one is answered.
#[test]
fn large_eigenproblems_are_metered() {
    reasons_are(&[
        (
            "number",
            "sum(eigs(reshape(mod((1:90000) .^ 2, 17), [300, 300]) + reshape(mod((1:90000) .^ 2, 17), [300, 300])').values)",
            "evaluation_timeout",
        ),
        (
            "number",
            "sum(eigs(reshape(1:40000, [200, 200])).values)",
            "evaluation_timeout",
        ),
        (
            "number",
            "sum(eigs(ones(20, 20) + identity(20)).values)",
            "ok",
        ),
    ]);
}
