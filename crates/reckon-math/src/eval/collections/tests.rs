//! The collection functions' tests: literals, ranges, indexing, broadcasting, linear algebra,
//! statistics, sets and random draws, each against math.js's answers or the general
//! path.

/// The rows the per-row flag lets skip [`crate::eval::Evaluator::evaluator_function`] are
/// ones it answers `None` for, whatever the kinds and count of the arguments; the rows it
/// claims keep their flag.
#[test]
fn rows_said_unclaimed_are_never_claimed_by_the_evaluator() {
    use crate::value::Value;
    let value_of = |expression: &str, numeric_type: &str| -> Value {
        let input =
            serde_json::json!({"expression": expression, "numericType": numeric_type}).to_string();
        let request = crate::request::decode(input.as_bytes()).expect("valid request");
        let tree = crate::request::prepare(&request).expect("prepared");
        crate::eval::Evaluator::new(Vec::new())
            .eval(&tree)
            .expect("a value")
    };
    let kinds: Vec<Value> = [
        ("2.5", "number"),
        ("-3", "number"),
        ("3 + 4i", "number"),
        ("[1, 2; 3, 4]", "number"),
        ("[1, -2, 3]", "number"),
        ("sparse([1, 0; 0, 2])", "number"),
        ("1/3", "Fraction"),
        ("1.5", "BigNumber"),
        ("bigint(7)", "number"),
        ("\"text\"", "number"),
        ("\"sparse\"", "number"),
        ("true", "number"),
        ("{a: 1}", "number"),
        ("f(x) = x", "number"),
        ("null", "number"),
    ]
    .iter()
    .map(|(e, t)| value_of(e, t))
    .collect();
    let mut lists: Vec<Vec<Value>> = vec![Vec::new()];
    for a in &kinds {
        lists.push(vec![a.clone()]);
        for b in &kinds {
            lists.push(vec![a.clone(), b.clone()]);
        }
        lists.push(vec![a.clone(), kinds[0].clone(), kinds[1].clone()]);
    }
    let mut skipped = 0;
    for row in crate::functions::BUILTINS {
        if super::evaluator_may_claim(row) {
            continue;
        }
        skipped += 1;
        for values in &lists {
            let mut evaluator = crate::eval::Evaluator::new(Vec::new());
            assert!(
                evaluator.evaluator_function(row.name, values, 0).is_none(),
                "{} is claimed for {values:?}",
                row.name
            );
        }
    }
    assert!(
        skipped > 50,
        "only {skipped} rows skip the evaluator's functions"
    );
    for name in ["abs", "arg", "sqrt", "re", "exp"] {
        let row = crate::functions::builtin(name).expect("a row");
        assert!(!super::evaluator_may_claim(row), "{name}");
    }
    for name in [
        "add", "mean", "setUnion", "min", "hypot", "fraction", "zeros", "sum",
    ] {
        let row = crate::functions::builtin(name).expect("a row");
        assert!(super::evaluator_may_claim(row), "{name}");
    }
    // The rows marked as operators are exactly those whose names `operator_of` knows, and each
    // row of one is claimed.
    for row in crate::functions::BUILTINS {
        let operator = row.facts.has(crate::functions::Facts::OPERATOR);
        assert_eq!(
            operator,
            super::operator_of(row.name).is_some(),
            "{}",
            row.name
        );
        if operator || row.name.starts_with("set") {
            assert!(super::evaluator_may_claim(row), "{}", row.name);
        }
    }
    // A row that is not the table's own is sent to the evaluator's functions.
    let stray: &'static crate::functions::Builtin =
        Box::leak(Box::new(crate::functions::Builtin {
            name: "abs",
            arity: crate::functions::Arity::Exactly(1),
            imp: crate::functions::BUILTINS[0].imp,
            forms: crate::functions::BUILTINS[0].forms,
            facts: crate::functions::Facts::NONE,
        }));
    assert!(super::evaluator_may_claim(stray));
}

/// Indexing a matrix by number literals takes the direct path; it answers what an index
/// computed at run time (the general path) answers, errors included, with the same units.
#[test]
fn literal_indexes_agree_with_the_general_path() {
    let answer_counted_in = |expression: &str, numeric_type: &str| {
        let input = serde_json::json!({"expression": expression, "numericType": numeric_type});
        let mut units = 0;
        let answer = crate::calculate_counted(input.to_string().as_bytes(), &mut units);
        let shown = match &answer {
            Ok(out) => format!("{} {}", out["resultType"], out["result"]),
            Err(e) => format!("{}: {} at {:?}", e.reason.name(), e.message, e.position),
        };
        (shown, answer.is_ok(), units)
    };
    let matrices = [
        "[1, 2, 3]",
        "[1, 2; 3, 4]",
        "[[1, 2], [3, 4]]",
        "[[[1], [2]], [[3], [4]]]",
    ];
    let indexes = ["1", "2", "3", "0", "1.5", "4", "1e400", "0x2"];
    // What the general form's `(d + 0)` costs beyond the literal `d` itself.
    let extra = answer_counted_in("(1 + 0)", "number").2 - answer_counted_in("1", "number").2;
    assert!(extra > 0);
    let mut compared = 0;
    for m in matrices {
        for a in indexes {
            for dims in [vec![a], vec![a, "2"], vec!["2", a], vec![a, "1", "1"]] {
                let literal = format!("({m})[{}]", dims.join(", "));
                let computed: Vec<String> = dims.iter().map(|d| format!("({d} + 0)")).collect();
                let general = format!("({m})[{}]", computed.join(", "));
                let (fast, ok, fast_units) = answer_counted_in(&literal, "number");
                let (slow, _, slow_units) = answer_counted_in(&general, "number");
                assert_eq!(fast, slow, "{literal} vs {general}");
                if ok {
                    // The general form evaluates `( + 0)` more per dimension.
                    assert_eq!(
                        fast_units + extra * dims.len() as u64,
                        slow_units,
                        "{literal}"
                    );
                }
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 4 * 8 * 4);
}

/// An ASCII text's characters read off its bytes are the characters the general path
/// picks; a text with wider characters takes the general path.
#[test]
fn string_selection_reads_ascii_bytes_as_characters() {
    let general = |text: &str, positions: &[usize]| -> String {
        let units: Vec<u16> = text.encode_utf16().collect();
        String::from_utf16_lossy(&positions.iter().map(|&p| units[p]).collect::<Vec<_>>())
    };
    for text in ["hello", "a", "", "h\u{e9}llo \u{1f600}!", "~\u{7f}\u{80}"] {
        let count = text.encode_utf16().count();
        let orders: Vec<Vec<usize>> = vec![
            (0..count).collect(),
            (0..count).rev().collect(),
            (0..count).step_by(2).collect(),
            vec![],
        ];
        for positions in &orders {
            assert_eq!(
                super::select::select_chars(text, positions),
                general(text, positions),
                "{text:?} {positions:?}"
            );
        }
    }
}
use crate::test_support::answer_in;

/// Strings are indexed by UTF-16 code units, as `size` counts them and math.js 15.2 indexes
/// them (outputs checked there); a lone half of a surrogate pair, which math.js returns
/// raw, is U+FFFD here.
#[test]
fn strings_are_indexed_by_utf16_code_units() {
    for (expression, want) in [
        ("size(\"a\u{1f600}b\")", "Array [4]"),
        ("\"a\u{1f600}b\"[end]", "string \"b\""),
        ("\"a\u{1f600}b\"[2:3]", "string \"\u{1f600}\""),
        ("\"\u{1f600}\"[1]", "string \"\u{fffd}\""),
        ("\"\u{1f600}\"[2]", "string \"\u{fffd}\""),
        ("\"h\u{e9}llo\"[2]", "string \"\u{e9}\""),
        (
            "subset(\"a\u{1f600}b\", index(2:3))",
            "string \"\u{1f600}\"",
        ),
        (
            "subset(\"a\u{1f600}b\", index(2:3), \"xy\")",
            "string \"axyb\"",
        ),
        (
            "subset(\"\u{1f600}\", index(1), \"a\")",
            "string \"a\u{fffd}\"",
        ),
        (
            "subset(\"ab\", index(4), \"x\", \"\u{e9}\")",
            "string \"ab\u{e9}x\"",
        ),
    ] {
        assert_eq!(answer(expression), want, "{expression}");
    }
    assert!(
        answer("subset(\"ab\", index(4), \"x\", \"\u{1f600}\")")
            .contains("Single character expected as defaultValue")
    );
}

fn answer(expression: &str) -> String {
    answer_in(expression, "number")
}

#[test]
fn matrix_and_sparse_take_math_js_formats_and_datatypes() {
    // Every expected answer is math.js 15.2's (its messages behind ours), except the
    // datatypes math.js accepts and then fails on (see `check_sparse_datatype`).
    let empty_sparse = "SparseMatrix Sparse Matrix [0 x 0] density: 0\n";
    let column =
        "SparseMatrix Sparse Matrix [2 x 1] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 2";
    for (expression, want) in [
        (
            "matrix([1, 2], \"dense\", \"number\")",
            "DenseMatrix [1, 2]",
        ),
        (
            "matrix(1:3, \"dense\", \"number\")",
            "DenseMatrix [1, 2, 3]",
        ),
        // A dense matrix's datatype is not checked.
        ("matrix([1, 2], \"dense\", \"x\")", "DenseMatrix [1, 2]"),
        ("matrix([1, 2], \"dense\", true)", "DenseMatrix [1, 2]"),
        (
            "matrix(sparse([1, 2]), \"dense\", \"x\")",
            "DenseMatrix [[1], [2]]",
        ),
        ("matrix([1, 2], \"default\")", "DenseMatrix [1, 2]"),
        ("matrix(\"default\")", "DenseMatrix []"),
        ("matrix(\"dense\", \"x\")", "DenseMatrix []"),
        ("matrix(\"sparse\", \"number\")", empty_sparse),
        ("matrix([1, 2], \"sparse\", \"\")", column),
        ("matrix([1, 2], \"sparse\", \"number\")", column),
        ("matrix(sparse([1, 2]))", column),
        ("sparse(\"number\")", empty_sparse),
        ("sparse([1, 2], \"number\")", column),
        ("sparse([1, 2], \"Complex\")", column),
        // math.js fails with "x.eq is not a function" and "x.equals is not a function".
        ("sparse([1, 2], \"BigNumber\")", column),
        ("sparse([1, 2], \"Fraction\")", column),
        // A sparse matrix's copy keeps its own datatype: the argument is not looked at.
        ("sparse(sparse([1, 2]), \"x\")", column),
        (
            "matrix([1, 2], \"x\")",
            "evaluation_failed: Evaluation failed: Unknown matrix type \"x\".",
        ),
        (
            "matrix(sparse([1, 2]), \"x\")",
            "evaluation_failed: Evaluation failed: Unknown matrix type \"x\".",
        ),
        (
            "matrix(true)",
            "evaluation_failed: Evaluation failed: Unknown matrix type \"true\".",
        ),
        (
            "matrix(\"sparse\", \"x\")",
            "evaluation_failed: Evaluation failed: Unknown type \"x\"",
        ),
        (
            "sparse([], \"x\")",
            "evaluation_failed: Evaluation failed: Unknown type \"x\"",
        ),
        (
            "sparse([1, 2], false)",
            "evaluation_failed: Evaluation failed: Unknown type \"false\"",
        ),
        (
            "matrix([1, 2], \"sparse\", true)",
            "evaluation_failed: Evaluation failed: Unknown type \"true\"",
        ),
        (
            "sparse([1, 2], \"Number\")",
            "evaluation_failed: Evaluation failed: Unknown type \"Number\". Did you mean \"number\" ?",
        ),
        (
            "sparse([1, 2], \"complex\")",
            "evaluation_failed: Evaluation failed: Unknown type \"complex\". Did you mean \"Complex\" ?",
        ),
        (
            "sparse([1, 2], \"string\")",
            "evaluation_failed: Evaluation failed: Cannot convert 0 to string",
        ),
        (
            "sparse([1, 2], \"Unit\")",
            "evaluation_failed: Evaluation failed: There are no conversions to Unit defined.",
        ),
        (
            "sparse([1, 2], \"Node\")",
            "evaluation_failed: Evaluation failed: Signature not found (signature: equalScalar(Node, Node))",
        ),
        (
            "sparse([1, 2], 5)",
            "type_mismatch: Type mismatch: Unexpected type of argument in function sparse (expected: string or boolean, actual: number, index: 1)",
        ),
        (
            "sparse(5)",
            "type_mismatch: Type mismatch: Unexpected type of argument in function sparse (expected: string or Array or Matrix or boolean, actual: number, index: 0)",
        ),
        (
            "matrix(5, \"dense\")",
            "type_mismatch: Type mismatch: Unexpected type of argument in function matrix (expected: string or Array or Matrix or boolean, actual: number, index: 0)",
        ),
        (
            "matrix(5, \"dense\", \"number\")",
            "type_mismatch: Type mismatch: Unexpected type of argument in function matrix (expected: string or Array or Matrix or boolean, actual: number, index: 0)",
        ),
        (
            "matrix(\"dense\", 5)",
            "type_mismatch: Type mismatch: Unexpected type of argument in function matrix (expected: string or boolean, actual: number, index: 1)",
        ),
        (
            "matrix([1, 2], 5)",
            "type_mismatch: Type mismatch: Unexpected type of argument in function matrix (expected: string or boolean, actual: number, index: 1)",
        ),
        // math.js: Too many arguments in function matrix (expected: 2, actual: 3).
        (
            "matrix(\"dense\", \"number\", \"x\")",
            "evaluation_failed: Evaluation failed: matrix() takes 0 to 2 argument(s) when the first is a format, got 3",
        ),
        (
            "matrix([1, 2], \"dense\", \"number\", \"x\")",
            "evaluation_failed: Evaluation failed: matrix() takes 0 to 3 argument(s), got 4",
        ),
    ] {
        assert_eq!(answer(expression), want, "{expression}");
    }
}

#[test]
fn shifts_take_a_matrix_with_a_number_or_bignumber_scalar_only() {
    // Every expected answer is math.js 15.2's. A bigint or boolean scalar beside a matrix is
    // a number first, so `3 >> -9` shifts by -9 & 31, not left by 9 as bigints would.
    assert_eq!(
        answer("rightArithShift(bigint(3), [0, bigint(-9)])"),
        "DenseMatrix [3, 0]"
    );
    assert_eq!(
        answer("typeOf(rightArithShift([bigint(8)], bigint(1))[1])"),
        "string \"number\""
    );
    assert_eq!(
        crate::test_support::reason_in(
            r#"leftShift([1, 2], bigint("123456789012345678901"))"#,
            "number"
        ),
        "type_mismatch"
    );
    // A zero shift answers the matrix as it is; a zero shifted answers zeros.
    assert_eq!(answer("leftShift([1.5, 2], 0)"), "DenseMatrix [1.5, 2]");
    assert_eq!(
        answer("rightLogShift([1.5, \"a\"], false)"),
        "DenseMatrix [1.5, \"a\"]"
    );
    assert_eq!(answer("leftShift([1.5], 1e-16)"), "DenseMatrix [1.5]");
    assert_eq!(answer("rightArithShift(0, [1.5, 2])"), "DenseMatrix [0, 0]");
    assert_eq!(answer("leftShift(bigint(0), [[1.5]])"), "DenseMatrix [[0]]");
    assert_eq!(
        answer_in("typeOf(leftShift(0, [1.5])[1])", "BigNumber"),
        "string \"number\""
    );
    assert_eq!(
        answer("size(leftShift(0, sparse([1.5, 0])))"),
        "Array [2, 1]"
    );
    assert_eq!(
        answer("typeOf(leftShift(0, sparse([1.5, 0])))"),
        "string \"SparseMatrix\""
    );
    assert_eq!(answer("sum(leftShift(0, sparse([1.5, 0])))"), "number 0");
    // A non-zero scalar still shifts every element (and refuses a fraction of one).
    assert_eq!(answer("leftShift([1, 2], true)"), "DenseMatrix [2, 4]");
    assert_eq!(
        crate::test_support::reason_in("leftShift([1.5], 1)", "number"),
        "evaluation_failed"
    );
}

/// The value of `expression` in number mode.
fn value_of(expression: &str) -> crate::value::Value {
    let input = serde_json::json!({ "expression": expression }).to_string();
    let request = crate::request::decode(input.as_bytes()).expect("valid request");
    let tree = crate::request::prepare(&request).expect("prepared");
    crate::eval::Evaluator::new(Vec::new())
        .eval(&tree)
        .expect(expression)
}

/// The determinant of a matrix of numbers in `f64` is the one the elimination through the
/// operators computes, bit for bit: integer and fractional entries, zero pivots (row swaps,
/// a singular matrix), tiny pivots within the tolerance, NaN and infinities, sizes 3 to 6.
#[test]
fn the_number_determinant_agrees_with_the_general_path() {
    use crate::value::Value;
    use crate::value::matrix::Matrix;
    let mut next = crate::test_support::xorshift(0x2545_F491_4F6C_DD1D_u64);
    let mut cases: Vec<(usize, Vec<f64>)> = vec![
        (3, vec![2.0, 1.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0]),
        (3, vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 9.0]),
        (3, vec![1.0, 2.0, 3.0, 2.0, 4.0, 6.0, 7.0, 8.0, 9.0]),
        (3, vec![0.0; 9]),
        (3, vec![1e-16, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 9.0]),
        (3, vec![f64::NAN, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 9.0]),
        (
            3,
            vec![f64::INFINITY, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 9.0],
        ),
        (
            4,
            vec![
                0.0, 0.0, 1.0, 2.0, 0.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0, 0.0, 0.0, 2.0,
            ],
        ),
    ];
    for n in 3..=6 {
        for round in 0..40 {
            let entries = (0..n * n)
                .map(|_| {
                    let r = next();
                    match round % 4 {
                        0 => (r % 21) as f64 - 10.0,
                        1 => ((r % 2001) as f64 - 1000.0) / 7.0,
                        2 => [0.0, 1.0, -1.0][(r % 3) as usize],
                        _ => f64::from_bits(0x3FF0_0000_0000_0000 | (r >> 12)) * 1e3,
                    }
                })
                .collect();
            cases.push((n, entries));
        }
    }
    for (n, entries) in cases {
        let data: Vec<Value> = entries.iter().map(|&x| Value::Number(x)).collect();
        let fast = super::linalg::number_determinant(&data, n).map(Value::Number);
        let matrix = Matrix {
            shape: vec![n, n],
            data,
            array: false,
        };
        let general = crate::eval::Evaluator::new(Vec::new()).determinant_general(&matrix, n, 0);
        assert_eq!(
            format!("{fast:?}"),
            format!("{:?}", general.ok()),
            "{n}: {entries:?}"
        );
    }
    // Any entry that is not a number leaves the whole matrix to the general path.
    let mixed = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]
        .map(Value::Number)
        .into_iter()
        .chain([Value::Boolean(true)])
        .collect::<Vec<_>>();
    assert!(super::linalg::number_determinant(&mixed, 3).is_none());
}

/// The array literal's path for rows of scalars gives what evaluating each row and
/// stacking the rows gives: value or error, elements counted, and the same work, also when
/// the budget runs out at, before or after the last unit.
#[test]
fn the_row_literal_path_agrees_with_the_general_path() {
    let literals = [
        "[1, 2; 3, 4]",
        "[[1, 2], [3, 4]]",
        "[1, 2, 3; 4, 5, 6; 7, 8, 10]",
        "[5; 6]",
        "[[1, 2], [3]]",
        "[[1], [2, 3]]",
        "[[], []]",
        "[[]]",
        "[[], [1]]",
        "[[1], []]",
        "[[1, [2]], [3, 4]]",
        "[[1, 2], [[3], [4]]]",
        "[[[1]], [[2]]]",
        "[[true, \"a\"], [null, 1/0]]",
        "[[1, 2], [3, x]]",
        "[[1:3], [4:6]]",
        "[[1, 2], [3, 4]] + 1",
    ];
    for literal in literals {
        let input = serde_json::json!({ "expression": literal }).to_string();
        let request = crate::request::decode(input.as_bytes()).expect("valid request");
        let tree = crate::request::prepare(&request).expect("prepared");
        let crate::syntax::ast::NodeKind::Array(items) = &tree.kind else {
            continue;
        };
        let mut general = crate::eval::Evaluator::new(Vec::new());
        let expected = general.array_literal_general(items, 0);
        let work = general.work_used();
        for budget in [
            work.saturating_sub(1),
            work,
            work + 1,
            crate::eval::WORK_BUDGET,
        ] {
            let mut fast = crate::eval::Evaluator::with_budget(&[], budget);
            let mut slow = crate::eval::Evaluator::with_budget(&[], budget);
            let a = fast.array_literal(items, 0);
            let b = slow.array_literal_general(items, 0);
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "{literal} / {budget}");
            assert_eq!(fast.work_used(), slow.work_used(), "{literal} / {budget}");
            assert_eq!(fast.elements_built, slow.elements_built, "{literal}");
        }
        assert_eq!(
            format!(
                "{:?}",
                crate::eval::Evaluator::new(Vec::new()).array_literal(items, 0)
            ),
            format!("{expected:?}"),
            "{literal}"
        );
    }
}

/// The plain-number loop of `variance_of` gives what the loop through the operators
/// (`squared_deviations`) gives, and spends the same work, on ordinary, tiny, huge, infinite and
/// NaN data, one item and many.
#[test]
fn the_number_variance_agrees_with_the_general_path() {
    use crate::syntax::ast::Op;
    use crate::value::Value;
    let lists: [&[f64]; 9] = [
        &[1.0, 2.0, 3.0],
        &[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0],
        &[0.1, 0.2, 0.3, 0.7, 1.1, 1.3, 2.9],
        &[1e308, -1e308, 1e308],
        &[f64::NAN, 1.0],
        &[f64::INFINITY, 1.0],
        &[5.0],
        &[1e-320, 3e-320, -2e-320],
        &[1e16, 1.0, -1e16, 3.0],
    ];
    for list in lists {
        let items: Vec<Value> = list.iter().map(|&x| Value::Number(x)).collect();
        let mut fast = crate::eval::Evaluator::new(Vec::new());
        let a = fast.variance_of(&items, "uncorrected", 0);
        let mut general = crate::eval::Evaluator::new(Vec::new());
        let b = (|| {
            let total = general
                .fold(Op::Add, &items, 0)?
                .unwrap_or(Value::Number(0.0));
            let n = Value::Number(items.len() as f64);
            let mean = general.binary(Op::Divide, &total, &n, false, (0, 0), 0)?;
            let mut sum = None;
            general.squared_deviations(&items, &mean, &mut sum, 0)?;
            let sum = sum.unwrap_or(Value::Number(0.0));
            if matches!(sum, Value::Number(x) if x.is_nan()) {
                return Ok(sum);
            }
            general.binary(Op::Divide, &sum, &n, false, (0, 0), 0)
        })();
        assert_eq!(format!("{a:?}"), format!("{b:?}"), "{list:?}");
        assert_eq!(fast.work_used(), general.work_used(), "{list:?}");
    }
}

/// `broadcast`'s path for operands of one shape or a scalar operand gives what the general
/// path gives (value or error, work and elements counted), for every pairing, and shapes
/// it does not take (broadcasting a size-1 dimension, mismatches) reach the general one.
#[test]
fn the_same_shape_broadcast_agrees_with_the_general_path() {
    let operands = [
        "2",
        "true",
        "[1, 2, 3]",
        "[4, 5, 6]",
        "[5]",
        "[1, 2; 3, 4]",
        "[1, 2]",
        "[[1], [2]]",
        "[]",
        "[[]]",
        "zeros(2, 0)",
        "matrix([1, 2])",
        "[\"a\", 2]",
        "[1, 2] == [1, 3]",
        "[1, 2; 3, 4] < 3",
    ];
    for op in [crate::syntax::ast::Op::Add, crate::syntax::ast::Op::Divide] {
        for left in operands {
            for right in operands {
                let (x, y) = (value_of(left), value_of(right));
                let mut fast = crate::eval::Evaluator::new(Vec::new());
                let mut general = crate::eval::Evaluator::new(Vec::new());
                let add = |this: &mut crate::eval::Evaluator, p: &_, q: &_| {
                    this.binary(op, p, q, false, (0, 0), 0)
                };
                let a = fast.broadcast("add", &x, &y, 0, add);
                let b = general.broadcast_general("add", &x, &y, 0, add);
                let case = format!("{left} {op:?} {right}");
                assert_eq!(format!("{a:?}"), format!("{b:?}"), "{case}");
                assert_eq!(fast.work_used(), general.work_used(), "{case}");
                assert_eq!(fast.elements_built, general.elements_built, "{case}");
            }
        }
    }
}

#[test]
fn literals_ranges_and_indexes() {
    assert_eq!(answer("[1, 2; 3, 4]"), "DenseMatrix [[1, 2], [3, 4]]");
    assert_eq!(answer("[[1, 2], [3, 4]]"), "DenseMatrix [[1, 2], [3, 4]]");
    assert_eq!(answer("[1:3, 4:6]"), "DenseMatrix [[1, 2, 3], [4, 5, 6]]");
    assert_eq!(answer("[]"), "DenseMatrix []");
    assert_eq!(answer("[[]]"), "DenseMatrix [[]]");
    assert!(
        answer("[[1, 2], [3]]")
            .starts_with("evaluation_failed: Evaluation failed: Dimension mismatch")
    );
    assert_eq!(answer("1:5"), "DenseMatrix [1, 2, 3, 4, 5]");
    assert_eq!(answer("3:-1:1"), "DenseMatrix [3, 2, 1]");
    assert_eq!(answer("1:0"), "DenseMatrix []");
    // Repeated addition, as math.js builds ranges.
    assert_eq!(
        answer("0:0.1:0.3"),
        "DenseMatrix [0, 0.1, 0.2, 0.30000000000000004]"
    );
    assert_eq!(answer("range(0, 10, 2)"), "DenseMatrix [0, 2, 4, 6, 8, 10]");
    assert_eq!(answer("range(\"1:3\")"), "DenseMatrix [1, 2, 3]");
    assert_eq!(answer("[1, 2; 3, 4][1, :]"), "DenseMatrix [1, 2]");
    assert_eq!(answer("[1, 2; 3, 4][:, 2]"), "DenseMatrix [2, 4]");
    assert_eq!(answer("[1, 2; 3, 4][2, 1]"), "number 3");
    assert_eq!(answer("[1, 2; 3, 4][2:end, 1:2]"), "DenseMatrix [[3, 4]]");
    assert_eq!(answer("[1, 2, 3][end]"), "number 3");
    assert_eq!(answer("[1, 2, 3][[1, 3]]"), "DenseMatrix [1, 3]");
    assert_eq!(
        answer("[1, 2, 3][[true, false, true]]"),
        "DenseMatrix [1, 3]"
    );
    assert_eq!(answer("\"hello\"[2:3]"), "string \"el\"");
    assert_eq!(answer("\"hello\"[end]"), "string \"o\"");
    assert_eq!(
        answer("[1, 2, 3][0]"),
        "evaluation_failed: Evaluation failed: Index out of range (0 < 1)"
    );
    assert_eq!(
        answer("[1, 2, 3][4]"),
        "evaluation_failed: Evaluation failed: Index out of range (4 > 3)"
    );
    assert_eq!(
        answer("[1, 2, 3][1.5]"),
        "evaluation_failed: Evaluation failed: Index must be an integer (value: 0.5)"
    );
    assert_eq!(
        answer("[1, 2; 3, 4][1]"),
        "evaluation_failed: Evaluation failed: Dimension mismatch (1 != 2)"
    );
    assert_eq!(
        answer("[1, 2, 3][\"a\"]"),
        "parse_failed: Invalid expression: No access to property \"a\""
    );
}

/// math.js's order for an index that is no property: every dimension evaluated, then their
/// types (its `Index`), then their count, then each one's positions; a string that is not
/// one literal alone is a dimension that is no integer.
#[test]
fn index_dimensions_are_checked_in_math_js_order() {
    let cases = [
        (
            "[1, 2; 3, 4][\"a\", qq]",
            "parse_failed: Invalid expression: Undefined symbol qq",
        ),
        (
            "[1, 2; 3, 4][qq]",
            "parse_failed: Invalid expression: Undefined symbol qq",
        ),
        (
            "[1, 2; 3, 4][\"a\", 5]",
            "evaluation_failed: Evaluation failed: Index must be an integer (value: a)",
        ),
        (
            "[1, 2; 3, 4][1, \"2\"]",
            "evaluation_failed: Evaluation failed: Index must be an integer (value: 2)",
        ),
        (
            "[1, 2][concat(\"a\", \"\")]",
            "evaluation_failed: Evaluation failed: Index must be an integer (value: a)",
        ),
        (
            "[1, 2; 3, 4][5, \"a\"]",
            "evaluation_failed: Evaluation failed: Index out of range (5 > 2)",
        ),
        (
            "[1, 2; 3, 4][5, true]",
            "evaluation_failed: Evaluation failed: Dimension must be an Array, Matrix, number, bigint, string, or Range",
        ),
        (
            "[1, 2, 3][null]",
            "evaluation_failed: Evaluation failed: Dimension must be an Array, Matrix, number, bigint, string, or Range",
        ),
        (
            "[1, 2; 3, 4][\"a\"]",
            "parse_failed: Invalid expression: No access to property \"a\"",
        ),
        (
            "\"hello\"[\"a\", 1]",
            "evaluation_failed: Evaluation failed: Dimension mismatch (2 != 1)",
        ),
        ("[1, 2; 3, 4][1, [true, false]]", "DenseMatrix [1]"),
    ];
    for (expression, expected) in cases {
        assert_eq!(answer(expression), expected, "{expression}");
    }
}

#[test]
fn arithmetic_broadcasts_and_multiplies() {
    assert_eq!(answer("[1, 2; 3, 4]'"), "DenseMatrix [[1, 3], [2, 4]]");
    assert_eq!(answer("[1, 2; 3, 4] * [5; 6]"), "DenseMatrix [[17], [39]]");
    assert_eq!(answer("[1, 2] * [3, 4]"), "number 11");
    assert_eq!(answer("[1, 2, 3] .* [4, 5, 6]"), "DenseMatrix [4, 10, 18]");
    assert_eq!(
        answer("[1, 2] + [[1], [2]]"),
        "DenseMatrix [[2, 3], [3, 4]]"
    );
    assert_eq!(answer("zeros(2, 2) + 1"), "DenseMatrix [[1, 1], [1, 1]]");
    assert_eq!(answer("[1, 2; 3, 4]^2"), "DenseMatrix [[7, 10], [15, 22]]");
    assert_eq!(
        answer("[1, 2; 3, 4]^-1"),
        "DenseMatrix [[-2, 1], [1.5, -0.5]]"
    );
    assert_eq!(answer("[1, 2] == [1, 3]"), "DenseMatrix [true, false]");
    assert_eq!(answer("-[1, 2]"), "DenseMatrix [-1, -2]");
    assert_eq!(answer("abs([-1, 2])"), "DenseMatrix [1, 2]");
    assert!(
        answer("[1, 2] + [1, 2, 3]")
            .starts_with("evaluation_failed: Evaluation failed: shape mismatch")
    );
    assert!(
        answer("sin([0, 1])")
            .starts_with("type_mismatch: Type mismatch: Function 'sin' doesn't apply to matrices")
    );
    assert_eq!(answer("2^[1, 2]").split(':').next(), Some("type_mismatch"));
}

#[test]
fn filter_keeps_what_its_callback_answers_truthy_as_javascript_does() {
    // math.js 15.2's answers: every object is truthy, a BigNumber or Fraction 0 too.
    for (callback, kept) in [
        ("[x]", "[1, 2]"),
        ("[]", "[1, 2]"),
        ("sin", "[1, 2]"),
        ("{}", "[1, 2]"),
        ("\"a\"", "[1, 2]"),
        ("\"0\"", "[1, 2]"),
        ("\"\"", "[]"),
        ("bignumber(0)", "[1, 2]"),
        ("fraction(0)", "[1, 2]"),
        ("complex(0, 0)", "[1, 2]"),
        ("index(1)", "[1, 2]"),
        ("bigint(0)", "[]"),
        ("NaN", "[]"),
        ("null", "[]"),
        ("x - 1", "[2]"),
    ] {
        assert_eq!(
            answer(&format!("filter([1, 2], f(x) = {callback})")),
            format!("DenseMatrix {kept}"),
            "{callback}"
        );
    }
    assert_eq!(
        answer_in("filter([1, 2, 3], f(x) = x - 2)", "BigNumber"),
        "DenseMatrix [1, 2, 3]"
    );
}

#[test]
fn statistics() {
    assert_eq!(answer("mean([1, 2, 3, 4])"), "number 2.5");
    assert_eq!(answer("mean([1, 2; 3, 4], 1)"), "DenseMatrix [2, 3]");
    assert_eq!(answer("median([3, 1, 2])"), "number 2");
    assert_eq!(answer("median([1, 2; 3, 4])"), "number 2.5");
    assert_eq!(answer("mode([1, 2, 2, 3])"), "Array [2]");
    assert_eq!(answer("std([2, 4, 6])"), "number 2");
    assert_eq!(
        answer("std([2, 4, 6], \"uncorrected\")"),
        "number 1.632993161855452"
    );
    assert_eq!(answer("variance([2, 4, 6], \"biased\")"), "number 2");
    assert_eq!(answer("stdev([5])"), "number 0");
    assert_eq!(answer("min([1, 2; 3, 4], 2)"), "DenseMatrix [1, 3]");
    assert_eq!(answer("max([1, 5; 3, 4], 1)"), "DenseMatrix [3, 5]");
    assert_eq!(answer("sum(1, 2, 3)"), "number 6");
    assert_eq!(answer("sum([])"), "number 0");
    // math.js: the sum of nothing is the configured type's zero.
    assert_eq!(answer_in("sum([])", "BigNumber"), "BigNumber 0");
    assert_eq!(answer_in("sum(sparse([]))", "BigNumber"), "BigNumber 0");
    assert_eq!(answer_in("sum([])", "Fraction"), "Fraction 0/1");
    assert_eq!(answer("prod([1, 2, 3])"), "number 6");
    assert_eq!(
        answer("cumsum([1, 2; 3, 4], 2)"),
        "DenseMatrix [[1, 3], [3, 7]]"
    );
    assert_eq!(answer("cumsum(1, 2, 3)"), "Array [1, 3, 6]");
    assert_eq!(
        answer("quantileSeq([1, 2, 3, 4], [0.25, 0.75])"),
        "Array [1.75, 3.25]"
    );
    assert_eq!(answer("quantileSeq([1, 2, 3, 4], 2)"), "Array [2, 3]");
    assert_eq!(answer("mad([1, 2, 3, 4])"), "number 1");
    assert_eq!(
        answer("corr([1, 2, 3], [2, 4, 7])"),
        "number 0.9933992677987828"
    );
    assert_eq!(answer("len([1, 2, 3])"), "number 3");
    assert_eq!(answer("size([1, 2; 3, 4; 5, 6])"), "Array [3, 2]");
    assert_eq!(
        answer("mean([])"),
        "evaluation_failed: Evaluation failed: Cannot calculate the mean of an empty array"
    );
    assert_eq!(
        answer("mean([1, 2], [3, 4])"),
        "evaluation_failed: Evaluation failed: Scalar values expected in function mean"
    );
    assert!(
        answer("variance([1, 2], \"foo\")")
            .starts_with("evaluation_failed: Evaluation failed: Unknown normalization")
    );
}

#[test]
fn matrix_functions() {
    assert_eq!(answer("det([1, 2; 3, 4])"), "number -2");
    assert_eq!(answer("det([2, 1, 3; 4, 5, 6; 7, 8, 10])"), "number -3");
    assert_eq!(
        answer("inv([2, 0; 0, 4])"),
        "DenseMatrix [[0.5, 0], [0, 0.25]]"
    );
    assert_eq!(
        answer("inv([1, 2; 2, 4])"),
        "evaluation_failed: Evaluation failed: Cannot calculate inverse, determinant is zero"
    );
    assert!(answer("inv([1, 2, 3])").starts_with("evaluation_failed"));
    assert!(answer("det([1, 2, 3])").starts_with("evaluation_failed"));
    assert_eq!(
        answer("cross([1, 0, 0], [0, 1, 0])"),
        "DenseMatrix [0, 0, 1]"
    );
    assert_eq!(answer("dot([1, 2], [3, 4])"), "number 11");
    assert_eq!(answer("concat([1, 2], [3, 4])"), "DenseMatrix [1, 2, 3, 4]");
    assert_eq!(
        answer("concat([1, 2; 3, 4], [5, 6; 7, 8], 1)"),
        "DenseMatrix [[1, 2], [3, 4], [5, 6], [7, 8]]"
    );
    assert_eq!(answer("concat(\"a;b\", \"c\")"), "string \"a;bc\"");
    assert_eq!(answer("column([1, 2; 3, 4], 2)"), "DenseMatrix [[2], [4]]");
    assert_eq!(answer("identity(2)"), "DenseMatrix [[1, 0], [0, 1]]");
    assert_eq!(
        answer("reshape([1, 2, 3, 4], [2, 2])"),
        "DenseMatrix [[1, 2], [3, 4]]"
    );
    assert_eq!(answer("diag([1, 2])"), "DenseMatrix [[1, 0], [0, 2]]");
    // math.js 15.2: a diagonal k above or below the main one widens or lengthens the matrix by k.
    assert_eq!(
        answer("diag(1:3, 1)"),
        "DenseMatrix [[0, 1, 0, 0], [0, 0, 2, 0], [0, 0, 0, 3]]"
    );
    assert_eq!(
        answer("diag(1:3, -1)"),
        "DenseMatrix [[0, 0, 0], [1, 0, 0], [0, 2, 0], [0, 0, 3]]"
    );
    assert_eq!(
        answer("diag(1:3, -2)"),
        "DenseMatrix [[0, 0, 0], [0, 0, 0], [1, 0, 0], [0, 2, 0], [0, 0, 3]]"
    );
    assert_eq!(answer("kron([1, 2], [3, 4])"), "DenseMatrix [3, 4, 6, 8]");
    assert_eq!(answer("diff([1, 4, 9])"), "DenseMatrix [3, 5]");
    assert_eq!(answer("sort([3, 1, 2], \"desc\")"), "DenseMatrix [3, 2, 1]");
    assert_eq!(answer("trace([1, 2; 3, 4])"), "number 5");
    assert_eq!(answer("squeeze([[1], [2]])"), "DenseMatrix [1, 2]");
}

#[test]
fn fraction_mode_is_exact_over_collections() {
    assert_eq!(
        answer_in("[1/2, 1/3] + [1/2, 2/3]", "Fraction"),
        "DenseMatrix [1/1, 1/1]"
    );
    assert_eq!(answer_in("mean([1, 2, 4])", "Fraction"), "Fraction 7/3");
    assert_eq!(answer_in("det([1, 2; 3, 4])", "Fraction"), "Fraction -2/1");
    assert_eq!(
        answer_in("inv([1, 2; 3, 4])", "Fraction"),
        "DenseMatrix [[-2/1, 1/1], [3/2, -1/2]]"
    );
    assert_eq!(answer_in("[1, 2, 3][2]", "Fraction"), "Fraction 2/1");
    assert_eq!(answer_in("count([1, 2, 3])", "Fraction"), "number 3");
    assert_eq!(answer_in("zeros(2)", "Fraction"), "DenseMatrix [0, 0]");
    assert_eq!(
        answer_in("identity(2)", "Fraction"),
        "DenseMatrix [[1, 0], [0, 1]]"
    );
    assert_eq!(
        answer_in("median([1, 2])", "Fraction").split(':').next(),
        Some("fraction_unsupported")
    );
    assert_eq!(
        answer_in("std([1, 2])", "Fraction").split(':').next(),
        Some("fraction_unsupported")
    );
    assert!(answer_in("[1, 2, 3][3/2]", "Fraction").starts_with("evaluation_failed"));
}

#[test]
fn fractions_made_in_number_mode() {
    assert_eq!(answer("fraction(1, 3)"), "Fraction 1/3");
    assert_eq!(answer("fraction(0.30000000000000004)"), "Fraction 3/10");
    assert_eq!(answer("fraction(\"1/3\") + 0.5"), "Fraction 5/6");
    assert_eq!(answer("fraction([0.5, 0.25])"), "DenseMatrix [1/2, 1/4]");
    assert!(answer("fraction(1, 0)").starts_with("undefined_result"));
    assert!(
        answer("fraction(1.5, 2)")
            .starts_with("evaluation_failed: Evaluation failed: Parameters must be integer")
    );
    // Outside Fraction mode what Fraction mode would refuse is a refused conversion.
    assert!(answer("sqrt(fraction(1, 4))").starts_with("type_mismatch"));
    assert!(answer("fraction(1, 3) + 0.30000000000000004").starts_with("type_mismatch"));
    assert_eq!(answer("string(fraction(1, 3))"), "string \"0.(3)\"");
    assert_eq!(answer("string(fraction(-1, 6))"), "string \"-0.1(6)\"");
    assert_eq!(answer("string(fraction(22, 7))"), "string \"3.(142857)\"");
    assert_eq!(
        answer("string(fraction(1, 1024))"),
        "string \"0.0009765625\""
    );
    // No cycle within 2,000 digits: 15 decimals, truncated, as fraction.js writes them.
    assert_eq!(
        answer("string(fraction(1, 7919))"),
        "string \"0.000126278570526\""
    );
    assert_eq!(answer("map([1, 4], sqrt)"), "DenseMatrix [1, 2]");
    assert_eq!(
        answer("map([1, 2; 3, 4], f(x, i) = x * i[2])"),
        "DenseMatrix [[1, 4], [3, 8]]"
    );
    assert_eq!(
        answer("filter([1, 2, 3, 4], isPrime)"),
        "DenseMatrix [2, 3]"
    );
    assert_eq!(answer("forEach([1], sqrt)"), "undefined undefined");
}

#[test]
fn a_bignumber_quantile_index_a_rounding_from_whole_selects_a_value() {
    // math.js 15.2's answers (seed 1111 of the differential test): 1/3 · 3 is 0.99…9 at 64
    // digits, which math.js's approximate isInteger takes as whole, selecting the value at
    // the index read as a binary64 (1) where exact interpolation gave -1e-64.
    for (expression, want) in [
        ("quantileSeq([[-1, 10], [2, 0]], 2)", "Array [0, 2]"),
        ("quantileSeq([-1, 10, 2, 0], 1/3)", "BigNumber 0"),
        (
            "quantileSeq([1, 2, 3, 4], [0.1, 0.25, 1/3, 2/3])",
            "Array [1.3, 1.75, 2, 3]",
        ),
        ("quantileSeq([1, 2, 3, 4], 0.5)", "BigNumber 2.5"),
        // math.js fails here (`k must be a non-negative integer`: near whole, not whole as
        // a binary64); reckon interpolates.
        (
            "quantileSeq([-1, 0], 0.999999999999999)",
            "BigNumber -1e-15",
        ),
    ] {
        assert_eq!(answer_in(expression, "BigNumber"), want, "{expression}");
    }
}

#[test]
fn a_winning_string_of_min_or_max_is_the_configured_number_type() {
    // math.js 15.2's answers (found by the differential test's seed 202).
    for (expression, fraction, big) in [
        ("max(true, \"4\")", "Fraction 4/1", "BigNumber 4"),
        ("max(\"4\", \"5\")", "Fraction 5/1", "BigNumber 5"),
        ("max(\"4\", 5, \"6\")", "Fraction 6/1", "BigNumber 6"),
        ("min(\"0.1\", \"0.2\")", "Fraction 1/10", "BigNumber 0.1"),
        ("min(true, \"4\")", "boolean true", "boolean true"),
    ] {
        assert_eq!(answer_in(expression, "Fraction"), fraction, "{expression}");
        assert_eq!(answer_in(expression, "BigNumber"), big, "{expression}");
    }
    assert_eq!(answer("max(true, \"4\")"), "number 4");
}

#[test]
fn norms_slices_and_matrices_from_parts() {
    assert_eq!(answer("norm([3, 4])"), "number 5");
    assert_eq!(answer("norm([3, 4], 3)"), "number 4.497941445275415");
    assert_eq!(answer("norm([3, 4], -Infinity)"), "number 3");
    assert_eq!(
        answer("norm([1, 2; 3, 4], \"fro\")"),
        "number 5.477225575051661"
    );
    assert_eq!(answer("norm([1, 2; 3, 4], 1)"), "number 6");
    // math.js 15.2: a scalar's norm is its absolute value, and takes no p.
    assert_eq!(answer("norm(-3)"), "number 3");
    for expression in ["norm(1/3, 2^10)", "norm(2 + i, 2)", "norm(-3, \"fro\")"] {
        assert_eq!(
            answer(expression),
            "evaluation_failed: Evaluation failed: Too many arguments in function norm (expected: 1, actual: 2)",
            "{expression}"
        );
    }
    // The matrix 2-norm (math.js: the square root of the largest eigenvalue of Aᴴ A).
    assert_eq!(answer("norm([1, 2; 3, 4])"), "number 5.464985704219043");
    // math.js 15.2 refuses an empty matrix of two dimensions, and answers 0 for an empty
    // vector.
    for expression in [
        "norm(zeros(0, 3), 1)",
        "norm(zeros(3, 0), Infinity)",
        "norm(zeros(0, 3), \"fro\")",
        "norm(zeros(0, 3))",
        "norm(zeros(0, 1e6), 1)",
    ] {
        assert_eq!(
            answer(expression),
            "evaluation_failed: Evaluation failed: Invalid matrix dimensions",
            "{expression}"
        );
    }
    assert_eq!(answer("norm([], 1)"), "number 0");
    assert_eq!(answer("norm([])"), "number 0");
    assert_eq!(answer("apply([1, 2; 3, 4], 1, sum)"), "DenseMatrix [4, 6]");
    assert_eq!(
        answer("mapSlices([1, 2; 3, 4], 2, max)"),
        "DenseMatrix [2, 4]"
    );
    assert_eq!(
        answer("matrixFromColumns([1, 2], [3, 4])"),
        "DenseMatrix [[1, 3], [2, 4]]"
    );
    assert_eq!(
        answer("matrixFromFunction([2, 3], f(i) = i[1] * 10 + i[2])"),
        "DenseMatrix [[0, 1, 2], [10, 11, 12]]"
    );
    assert_eq!(answer("deepEqual([1, 2], [1, 2])"), "boolean true");
    assert_eq!(answer("compareText(\"a\", \"b\")"), "number -1");
    assert_eq!(answer("nullish(null, 2)"), "number 2");
}

#[test]
fn random_draws_stay_in_their_ranges() {
    for _ in 0..50 {
        let drawn: Vec<f64> = [
            answer("random()"),
            answer("random(1, 2) - 1"),
            answer("randomInt(5, 10) / 10"),
            answer("pickRandom([0.25, 0.5])"),
        ]
        .iter()
        .map(|a| {
            a.strip_prefix("number ")
                .and_then(|x| x.parse().ok())
                .unwrap_or(f64::NAN)
        })
        .collect();
        assert!(drawn.iter().all(|x| (0.0..1.0).contains(x)), "{drawn:?}");
    }
    assert!(answer("randomInt([3], 1, 2)") == "DenseMatrix [1, 1, 1]");
    assert_eq!(
        answer("random([2000, 2000])"),
        "result_too_large: Size limit exceeded: random() would build 4,000,000 elements, over the limit of 1,000,000."
    );
    assert_eq!(
        answer_in("random()", "Fraction").split(':').next(),
        Some("fraction_unsupported")
    );
}

#[test]
fn help_typed_and_matrix_utilities() {
    let refused = "disallowed_result_type: help() is not available inside expressions — read the calculator://help resource for the function reference.";
    assert_eq!(answer("help(\"sin\")"), refused);
    assert_eq!(answer("{a: help(sin)}"), refused);
    assert_eq!(answer("typeOf(help(\"sin\"))"), "string \"Help\"");
    assert!(answer("help(\"sin\") + 1").starts_with("type_mismatch"));
    assert!(answer("help(\"foo\")").starts_with("evaluation_failed"));
    assert!(answer("typed({\"number\": f(x) = 2 x})").starts_with("disallowed_result_type"));
    assert!(answer("typed()").starts_with("evaluation_failed"));
    assert_eq!(answer("replacer(\"a\", 2)"), "number 2");
    assert_eq!(answer("getMatrixDataType([1, \"a\"])"), "string \"mixed\"");
    assert_eq!(
        answer("partitionSelect([3, 1, 2], 1, \"desc\")"),
        "number 2"
    );
    assert_eq!(
        answer("resize([1, 2; 3, 4], [3, 3])"),
        "DenseMatrix [[1, 2, 0], [3, 4, 0], [0, 0, 0]]"
    );
    assert_eq!(
        answer("resize([1, 2; 3, 4], [3], 9)"),
        "DenseMatrix [1, 3, 9]"
    );
}

#[test]
fn sets_are_sorted_multisets() {
    assert_eq!(
        answer("setUnion([1, 2, 3], [3, 4])"),
        "DenseMatrix [1, 2, 4, 3]"
    );
    assert_eq!(
        answer("setIntersect([1, 1, 2], [1, 1])"),
        "DenseMatrix [1, 1]"
    );
    assert_eq!(
        answer("setDifference([1, 1, 2], [1])"),
        "DenseMatrix [1, 2]"
    );
    assert_eq!(
        answer("setPowerset([2, 1, 2])"),
        "Array [[], [1], [2], [2], [1, 2], [1, 2], [2, 2], [1, 2, 2]]"
    );
    assert_eq!(
        answer("setCartesian([2, 1], [3])"),
        "DenseMatrix [[1, 3], [2, 3]]"
    );
    assert_eq!(answer("setSize([1, 1, 2], true)"), "number 2");
    assert_eq!(answer("compareNatural(\"a2\", \"a10\")"), "number -1");
    assert!(answer("setPowerset(1:21)").starts_with("result_too_large"));
}

#[test]
fn sparse_matrices_print_their_stored_entries() {
    assert_eq!(
        answer("sparse([1, 0; 0, 1])"),
        "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 1\n    (1, 1) ==> 1"
    );
    assert_eq!(
        answer("matrix(\"sparse\")"),
        "SparseMatrix Sparse Matrix [0 x 0] density: 0\n"
    );
    assert_eq!(
        answer("sparse([1, 2])'"),
        "SparseMatrix Sparse Matrix [1 x 2] density: 1\n\n    (0, 0) ==> 1\n    (0, 1) ==> 2"
    );
    assert_eq!(answer("size(sparse([1, 0; 0, 1]))"), "Array [2, 2]");
    // math.js 15.2's answers (more in `sparse.rs`).
    assert_eq!(
        answer("sparse([1, 0]) + sparse([0, 1])"),
        "SparseMatrix Sparse Matrix [2 x 1] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 1"
    );
    assert_eq!(
        answer("sparse([1, 0; 0, 1]) * [1; 2]"),
        "SparseMatrix Sparse Matrix [2 x 1] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 2"
    );
    assert_eq!(answer("sum(sparse([1, 0]))"), "number 1");
    assert_eq!(
        answer("sqrt(sparse([4, 0]))"),
        "type_mismatch: Type mismatch: Function 'sqrt' doesn't apply to matrices. To call it elementwise on a matrix 'M', try 'map(M, sqrt)'."
    );
    // Growth filled with a default (more in `sparse_index.rs`).
    assert_eq!(
        answer("subset(sparse([1, 0]), index(3, 1), 5, 9)"),
        "SparseMatrix Sparse Matrix [3 x 1] density: 0.6666666666666666\n\n    (0, 0) ==> 1\n    (2, 0) ==> 5"
    );
}

/// Arithmetic with one sparse operand: each expected string is math.js 15.2's answer (90
/// such expressions over the three numeric types agreed when this was written).
#[test]
fn sparse_arithmetic_keeps_or_drops_sparsity_as_math_js_does() {
    let sparse = |body: &str| format!("SparseMatrix Sparse Matrix [2 x 2] density: {body}");
    for mode in ["number", "BigNumber"] {
        let a = |e: &str| answer_in(e, mode);
        assert_eq!(
            a("sparse([1,0;0,2]) * 2"),
            sparse("0.5\n\n    (0, 0) ==> 2\n    (1, 1) ==> 4")
        );
        assert_eq!(
            a("2 / sparse([1,0;0,2])"),
            sparse("0.5\n\n    (0, 0) ==> 2\n    (1, 1) ==> 1")
        );
        assert_eq!(
            a("sparse([1,0;0,2]) mod 2"),
            sparse("0.25\n\n    (0, 0) ==> 1")
        );
        assert_eq!(
            a("-sparse([1,0;0,2])"),
            sparse("0.5\n\n    (0, 0) ==> -1\n    (1, 1) ==> -2")
        );
        assert_eq!(a("sparse([1,0;0,2]) * 0"), sparse("0\n"));
        assert_eq!(a("sparse([1,0;0,2]) + 1"), "DenseMatrix [[2, 1], [1, 3]]");
        assert_eq!(a("1 - sparse([1,0;0,2])"), "DenseMatrix [[0, 1], [1, -1]]");
        assert_eq!(a("2 .^ sparse([1,0;0,2])"), "DenseMatrix [[2, 1], [1, 4]]");
        assert_eq!(
            a("sparse([1,0;0,2]) >= 1"),
            "DenseMatrix [[true, false], [false, true]]"
        );
        assert_eq!(
            a("[1,2;3,4] + sparse([1,0;0,2])"),
            "DenseMatrix [[2, 2], [3, 6]]"
        );
    }
    assert_eq!(
        answer_in("sparse([1,0;0,4]) / 2", "Fraction"),
        sparse("0.5\n\n    (0, 0) ==> 1/2\n    (1, 1) ==> 2/1")
    );
    assert_eq!(
        answer_in("sparse([1,0;0,2]) * (1+2i)", "number"),
        sparse("0.5\n\n    (0, 0) ==> 1 + 2i\n    (1, 1) ==> 2 + 4i")
    );
}

#[test]
fn a_dimension_is_at_most_the_largest_javascript_array_length() {
    // An empty matrix builds nothing, so only the length limit applies (it used to be
    // clamped to 4294967295 silently).
    assert_eq!(
        answer("size(zeros(0, 4294967294))"),
        "Array [0, 4294967294]"
    );
    assert_eq!(
        answer("size(zeros(0, 4294967295))"),
        "Array [0, 4294967295]"
    );
    for expression in [
        "zeros(0, 4294967296)",
        "ones(4294967296, 0)",
        "zeros([0, 1e300])",
        "resize([], [0, 4294967296])",
        "zeros(0, 4294967296, \"sparse\")",
    ] {
        assert_eq!(
            answer(expression),
            "result_too_large: Size limit exceeded: a dimension of 4294967296 is over the largest array length, 4,294,967,295."
                .replace("4294967296", if expression.contains("1e300") { "1e+300" } else { "4294967296" }),
            "{expression}"
        );
    }
}

#[test]
fn build_limits_hold_at_their_bounds() {
    let too_large = "result_too_large: Result exceeds maximum size (100000 characters). Reduce matrix dimensions or simplify the expression.";
    // The per-call build limit: 1,000,000 elements may be built (the result is then too
    // large to return), 1,000,001 may not.
    assert_eq!(answer("zeros(1000, 1000)"), too_large);
    assert_eq!(answer("count(zeros(1000, 1000))"), "number 1000000");
    assert_eq!(
        answer("zeros(1000, 1001)"),
        "result_too_large: Size limit exceeded: zeros() would build 1,001,000 elements, over the limit of 1,000,000."
    );
    assert_eq!(answer("count(1:1000000)"), "number 1000000");
    assert_eq!(
        answer("1:1000001"),
        "result_too_large: Size limit exceeded: range() would build 1,000,001 elements, over the limit of 1,000,000."
    );
    assert_eq!(
        answer("1:2000000"),
        "result_too_large: Size limit exceeded: range() would build 2,000,000 elements, over the limit of 1,000,000."
    );
    assert_eq!(
        answer("range(1, 1/0)"),
        "result_too_large: Size limit exceeded: range() would build unbounded elements, over the limit of 1,000,000."
    );
    assert_eq!(
        answer("identity(2000)"),
        "result_too_large: Size limit exceeded: identity() would build 4,000,000 elements, over the limit of 1,000,000."
    );
    // The result's collection size: 33,333 elements print, 33,334 are refused.
    assert!(answer("zeros(33333)").starts_with("DenseMatrix [0, 0"));
    assert_eq!(answer("zeros(33334)"), too_large);
    assert_eq!(answer("ones(200, 200)"), too_large);
}

#[test]
fn the_evaluation_budget_counts_every_collection_built() {
    // Each `zeros(1000, 1000)` builds 1,000,000 elements; 20 fit the 20,000,000 budget.
    let sum = |n: usize| vec!["count(zeros(1000, 1000))"; n].join(" + ");
    assert_eq!(answer(&sum(20)), "number 20000000");
    assert_eq!(
        answer(&sum(21)),
        "result_too_large: Size limit exceeded: The expression built over 20,000,000 elements in total while evaluating."
    );
}

// Expected answers: math.js 15.2 (`tests/peer/evaluate.mjs`, BigNumber with precision 64).

/// math.js 15.2's `resize` of a string: cut or padded in UTF-16 code units, one size.
#[test]
fn resize_cuts_or_pads_a_string() {
    assert_eq!(
        answer(r#"resize("hello", [8], "!")"#),
        r#"string "hello!!!""#
    );
    assert_eq!(answer(r#"resize("hello", [3])"#), r#"string "hel""#);
    assert_eq!(answer(r#"resize("hello", [7])"#), r#"string "hello  ""#);
    assert_eq!(answer(r#"resize("", [2], "x")"#), r#"string "xx""#);
    assert_eq!(answer(r#"resize("hello", [-1])"#), r#"string """#);
    let failed = |message: &str| format!("evaluation_failed: Evaluation failed: {message}");
    assert_eq!(
        answer(r#"resize("hello", [8], "ab")"#),
        failed("Single character expected as defaultValue")
    );
    assert_eq!(
        answer(r#"resize("hello", [2, 2])"#),
        failed("Dimension mismatch (2 != 1)")
    );
    assert_eq!(
        answer(r#"resize("hello", 8)"#),
        failed("Dimension mismatch (undefined != 1)")
    );
    assert_eq!(
        answer(r#"resize("hello", [1.5])"#),
        failed("Invalid size, must contain positive integers (size: [1.5])")
    );
    assert_eq!(
        answer(r#"resize("a", [2000000], "b")"#).split(':').next(),
        Some("result_too_large")
    );
}

/// math.js 15.2's `reshape`: one wildcard `-1` takes what the other sizes leave; its checks and
/// messages in math.js's order.
#[test]
fn reshape_takes_one_wildcard() {
    assert_eq!(
        answer("reshape([1, 2, 3, 4, 5, 6], [-1, 2])"),
        "DenseMatrix [[1, 2], [3, 4], [5, 6]]"
    );
    assert_eq!(
        answer("reshape(1:6, [-1, 3])"),
        "DenseMatrix [[1, 2, 3], [4, 5, 6]]"
    );
    let failed = |message: &str| format!("evaluation_failed: Evaluation failed: {message}");
    for (expression, message) in [
        ("reshape([1, 2, 3, 4], [3])", "Dimension mismatch (3 != 4)"),
        ("reshape([1, 2, 3, 4], [])", "Dimension mismatch (0 != 4)"),
        (
            "reshape([1, 2, 3, 4], [2.5, 2])",
            "Dimension mismatch (5 != 4)",
        ),
        ("reshape(1:6, [-1, -1])", "More than one wildcard in sizes"),
        (
            "reshape(1:6, [-1, 4])",
            "Could not replace wildcard, since 6 is no multiple of 4",
        ),
        (
            "reshape(1:6, [-1, 0])",
            "Could not replace wildcard, since 6 is no multiple of 0",
        ),
        (
            "reshape([1, 2, 3, 4], [-1, 2.5])",
            "Could not replace wildcard, since 4 is no multiple of 2.5",
        ),
    ] {
        assert_eq!(answer(expression), failed(message), "{expression}");
    }
}
