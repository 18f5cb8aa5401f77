//! Empty matrices with a huge dimension, and formats with huge precisions, found by fuzzing
//! `reckon exec calculate`: each is answered at once. `zeros(0, 2^32 - 1)` holds no element, so it
//! passes every size check (a longer dimension is refused outright, as no JavaScript array holds
//! it), but a reduction along its first dimension made one (empty) slice per
//! column, over four billion of them (103 GB asked for, then the process aborted); a sparse
//! matrix keeps a list per column, the same. Now the slices and the columns count as a build
//! (section 10, per-call build), refused before anything is made. `format(zeros(1e4), 1e6)` wrote
//! a million padding digits per number before stripping them again (17 seconds); now only the
//! kept digits are written, and the answers are math.js's.

use serde_json::json;

fn answer(expression: &str) -> Result<String, (String, String)> {
    let request = json!({ "expression": expression }).to_string();
    let worker = std::thread::Builder::new()
        .stack_size(reckon_math::STACK_BYTES)
        .spawn(move || match reckon_math::calculate(request.as_bytes()) {
            Ok(out) => Ok(out["result"].as_str().unwrap_or_default().to_owned()),
            Err(e) => Err((e.reason.name().to_owned(), e.message.clone())),
        })
        .expect("a worker thread");
    worker.join().expect("the worker returns")
}

fn refused(expression: &str, message: &str) {
    assert_eq!(
        answer(expression),
        Err(("result_too_large".to_owned(), message.to_owned())),
        "{expression}"
    );
}

fn over(name: &str, n: &str) -> String {
    format!("Size limit exceeded: {name}() would build {n} elements, over the limit of 1,000,000.")
}

#[test]
fn reductions_of_empty_matrices_with_a_huge_dimension_are_refused_before_building() {
    let huge = "4,294,967,295";
    for expression in [
        "mean(zeros(0, (2^32 - 1)), 1)",
        "sum(zeros(0, (2^32 - 1)), 1)",
        "quantileSeq(zeros(0, (2^32 - 1)), 0.5, 1)",
    ] {
        refused(expression, &over("reduce", huge));
    }
    refused(
        "sum(zeros(0, 1e5, 1e5), 1)",
        &over("reduce", "10,000,000,000"),
    );
    refused("diff(zeros(0, (2^32 - 1)), 1)", &over("diff", huge));
    refused("apply(zeros(0, 2^32 - 1), 1, sum)", &over("apply", huge));
}

#[test]
fn the_empty_rows_of_a_matrix_count_as_a_build() {
    // `zeros(n, 0)` holds no element but makes n empty rows, each a real array: the rows count
    // as its build (N - 1, N and N + 1 with N = 1,000,000), before any of them is made.
    assert_eq!(answer("size(zeros(999999, 0))"), Ok("[999999, 0]".into()));
    assert_eq!(answer("size(zeros(1000000, 0))"), Ok("[1000000, 0]".into()));
    refused("zeros(1000001, 0)", &over("zeros", "1,000,001"));
    let huge = "4,294,967,295";
    for (expression, name) in [
        ("max(zeros(2^32 - 1, 0), 2)", "zeros"),
        ("std(ones(2^32 - 1, 0), 2)", "ones"),
        ("identity(2^32 - 1, 0)", "identity"),
        ("reshape([], [2^32 - 1, 0])", "reshape"),
        ("resize([], [2^32 - 1, 0])", "resize"),
        ("zeros(0, 2^32 - 1)'", "ctranspose"),
        ("transpose(zeros(0, 2^32 - 1))", "transpose"),
    ] {
        refused(expression, &over(name, huge));
    }
    // A transpose of an empty matrix at the limit, and one over it.
    assert_eq!(
        answer("size(transpose(zeros(0, 1000000)))"),
        Ok("[1000000, 0]".into())
    );
    refused("zeros(0, 1000001)'", &over("ctranspose", "1,000,001"));
    // Results built from empty operands count their rows too (each ran 20 s and more in a
    // format, a distance or a print): N + 1 rows is refused, N answered.
    for (expression, name, n) in [
        (
            "kron(zeros(1e6, 0), zeros(1e6, 0))",
            "kron",
            "1,000,000,000,000",
        ),
        ("kron(zeros(1e3, 0), zeros(1001, 0))", "kron", "1,001,000"),
        (
            "zeros(1e6, 1, 0) + zeros(1, 1e6, 0)",
            "add",
            "1,000,000,000,000",
        ),
        (
            "zeros(1e3, 1, 0) .* zeros(1, 1001, 0)",
            "dotMultiply",
            "1,001,000",
        ),
        (
            "[zeros(333334, 0), zeros(333334, 0), zeros(333334, 0)]",
            "matrix",
            "1,000,002",
        ),
    ] {
        refused(expression, &over(name, n));
    }
    for (expression, size) in [
        ("size(kron(zeros(1e3, 0), zeros(1e3, 0)))", "[1000000, 0]"),
        (
            "size(zeros(1e3, 1, 0) .* zeros(1, 1e3, 0))",
            "[1000, 1000, 0]",
        ),
        ("size([zeros(5e5, 0), zeros(5e5, 0)])", "[2, 500000, 0]"),
    ] {
        assert_eq!(answer(expression), Ok(size.into()), "{expression}");
    }
    // A 1 x N empty-column matrix is fine: only its one row is an array.
    assert_eq!(
        answer("size(zeros(0, 2^32 - 1))"),
        Ok("[0, 4294967295]".into())
    );
}

#[test]
fn the_slices_of_a_reduction_count_as_a_build_at_the_limit() {
    // N - 1, N and N + 1 slices of an empty matrix (N = 1,000,000).
    assert_eq!(
        answer("size(sum(zeros(0, 999999), 1))"),
        Ok("[999999]".into())
    );
    assert_eq!(
        answer("size(sum(zeros(0, 1000000), 1))"),
        Ok("[1000000]".into())
    );
    refused("sum(zeros(0, 1000001), 1)", &over("reduce", "1,000,001"));
    refused("diff(zeros(0, 1000001), 1)", &over("diff", "1,000,001"));
}

#[test]
fn a_sparse_matrix_with_a_huge_dimension_is_refused_when_made() {
    refused(
        "sparse(zeros(0, (2^32 - 1))) * 2",
        &over("sparse", "4,294,967,295"),
    );
    // N - 1, N and N + 1 columns of an empty matrix.
    assert_eq!(
        answer("size(sparse(zeros(0, 999999)))"),
        Ok("[0, 999999]".into())
    );
    assert_eq!(
        answer("size(sparse(zeros(0, 1000000)))"),
        Ok("[0, 1000000]".into())
    );
    refused("sparse(zeros(0, 1000001))", &over("sparse", "1,000,001"));
}

#[test]
fn huge_precisions_format_only_the_digits_they_keep() {
    let zeros = vec!["0"; 10_000].join(", ");
    assert_eq!(
        answer("format(zeros(1e4), 1e6)"),
        Ok(format!("\"[{zeros}]\""))
    );
    let tenth = vec!["0.1"; 1_000].join(", ");
    assert_eq!(
        answer("format(ones(1e3) / 10, 1e6)"),
        Ok(format!("\"[{tenth}]\""))
    );
    let big = vec!["1e+300"; 1_000].join(", ");
    assert_eq!(
        answer("format(ones(1e3) * 1e300, 1e6)"),
        Ok(format!("\"[{big}]\""))
    );
    let rounded = vec!["0"; 1_000].join(", ");
    assert_eq!(
        answer("format(ones(1e3) * 123.5, {notation: \"fixed\", precision: -1e6})"),
        Ok(format!("\"[{rounded}]\""))
    );
}
