//! Property tests: random requests never panic and always get exactly one answer of the
//! specification's shape, on the documented stack.
//!
//! Unlike `never_panics.rs` (a fixed seeded soup), these let proptest generate and shrink: random
//! bytes, random JSON envelopes around the request members, and expression soup from atoms,
//! operators, calls, indexes and matrices in every operation and numeric type. The answer is
//! checked through both writers (`calculate` and `calculate_into` must agree byte for byte), and
//! for its shape: a success has `result`, `resultType`, `expression` (the request's, verbatim) and
//! `operation`, with a result of at most 100,000 UTF-16 code units; an error has an integer code,
//! a message, and a declared reason with a recovery hint.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use reckon_math::{STACK_BYTES, calculate, calculate_into};
use serde_json::{Value, json};

const REASONS: [&str; 16] = [
    "invalid_arguments",
    "invalid_json",
    "empty_expression",
    "expression_too_long",
    "multiple_expressions",
    "reserved_scope_key",
    "disallowed_result_type",
    "operation_as_function",
    "parse_failed",
    "type_mismatch",
    "evaluation_failed",
    "undefined_result",
    "fraction_unsupported",
    "result_too_large",
    "derivative_missing_variable",
    "evaluation_timeout",
];

const ATOMS: &[&str] = &[
    "1",
    "0",
    "-1",
    "2.5",
    "1e300",
    "NaN",
    "Infinity",
    "i",
    "pi",
    "x",
    "[]",
    "[1, 2]",
    "[1, 2; 3, 4]",
    "1:4",
    "\"ab\"",
    "true",
    "null",
    "{a: 1}",
    "zeros(2)",
    "identity(3)",
    "sparse([1, 0; 0, 1])",
    "fraction(1, 3)",
    "2i",
    "bigint(3)",
    "5 kg",
    "3 m",
    "10 degC",
    "bignumber(\"0.1\")",
    "0x1F",
    "f(t) = t^2",
    "sin",
    "end",
    "undefined",
];

const FUNCTIONS: &[&str] = &[
    "sum",
    "mean",
    "median",
    "std",
    "min",
    "max",
    "prod",
    "cumsum",
    "size",
    "concat",
    "transpose",
    "det",
    "inv",
    "dot",
    "trace",
    "flatten",
    "reshape",
    "sort",
    "norm",
    "map",
    "resize",
    "abs",
    "sqrt",
    "round",
    "log",
    "exp",
    "sin",
    "re",
    "complex",
    "zeros",
    "ones",
    "range",
    "factorial",
    "gamma",
    "combinations",
    "gcd",
    "mod",
    "pow",
    "nthRoot",
    "sparse",
    "matrix",
    "typeOf",
    "format",
    "hex",
    "bigint",
    "bignumber",
    "unit",
    "to",
    "simplify",
    "derivative",
    "lusolve",
    "fraction",
    "string",
    "number",
    "isPrime",
    "xgcd",
    "subset",
    "index",
];

const OPERATORS: &[&str] = &[
    "+", "-", "*", "/", "^", ".*", ".^", "==", "<", "mod", "%", ":", "and", "or", "??", "&", "<<",
    " to ", " in ", "!", "'", "?", ";", "\n",
];

fn expression() -> impl Strategy<Value = String> {
    let atom = prop::sample::select(ATOMS.to_vec()).prop_map(str::to_owned);
    atom.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop::sample::select(OPERATORS.to_vec()),
                inner.clone()
            )
                .prop_map(|(l, op, r)| format!("{l} {op} {r}")),
            (
                prop::sample::select(FUNCTIONS.to_vec()),
                prop::collection::vec(inner.clone(), 0..4)
            )
                .prop_map(|(f, args)| format!("{f}({})", args.join(", "))),
            (inner.clone(), inner.clone()).prop_map(|(m, i)| format!("({m})[{i}]")),
            prop::collection::vec(inner.clone(), 0..4)
                .prop_map(|items| format!("[{}]", items.join(", "))),
            inner.prop_map(|e| format!("-({e})'")),
        ]
    })
}

fn request() -> impl Strategy<Value = Value> {
    (
        expression(),
        prop::option::of(prop::sample::select(vec![
            "evaluate",
            "simplify",
            "derivative",
            "solve",
        ])),
        prop::option::of(prop::sample::select(vec!["x", "", "t", "1x"])),
        prop::option::of(-3i64..20),
        prop::option::of(prop::sample::select(vec![
            "number",
            "BigNumber",
            "Fraction",
            "bigint",
        ])),
        any::<bool>(),
    )
        .prop_map(
            |(expression, operation, variable, precision, numeric, scope)| {
                let mut request = json!({ "expression": expression });
                if let Some(operation) = operation {
                    request["operation"] = json!(operation);
                }
                if let Some(variable) = variable {
                    request["variable"] = json!(variable);
                }
                if let Some(precision) = precision {
                    request["precision"] = json!(precision);
                }
                if let Some(numeric) = numeric {
                    request["numericType"] = json!(numeric);
                }
                if scope {
                    request["scope"] = json!({"x": 2, "y": [1, 2]});
                }
                request
            },
        )
}

/// Exactly one answer of the specification's shape, the same through both writers.
fn well_formed(input: &[u8]) -> Result<(), TestCaseError> {
    let mut text = Vec::new();
    let into = calculate_into(input, &mut text);
    let answer = calculate(input);
    match (answer, into) {
        (Ok(body), Ok(())) => {
            let parsed: Value =
                serde_json::from_slice(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&parsed, &body);
            let result = body["result"].as_str().expect("a result string");
            prop_assert!(result.encode_utf16().count() <= 100_000);
            prop_assert!(body["resultType"].as_str().is_some_and(|t| !t.is_empty()));
            prop_assert!(
                ["evaluate", "simplify", "derivative"]
                    .contains(&body["operation"].as_str().unwrap_or(""))
            );
            if let Ok(request) = serde_json::from_slice::<Value>(input) {
                prop_assert_eq!(&body["expression"], &request["expression"]);
            }
        }
        (Err(error), Err(into_error)) => {
            prop_assert!(text.is_empty(), "nothing written on an error");
            let body = error.to_json();
            prop_assert_eq!(&body, &into_error.to_json());
            prop_assert!(body["error"]["code"].is_i64());
            prop_assert!(
                body["error"]["message"]
                    .as_str()
                    .is_some_and(|m| !m.is_empty())
            );
            let reason = body["error"]["data"]["reason"].as_str().unwrap_or("");
            prop_assert!(REASONS.contains(&reason), "undeclared reason {}", reason);
            prop_assert!(body["error"]["data"]["recovery"]["hint"].is_string());
        }
        (a, b) => prop_assert!(false, "the writers disagree: {:?} / {:?}", a.map(|_| ()), b),
    }
    Ok(())
}

/// Runs `strategy` through `well_formed` on a thread with the documented stack.
fn check<S: Strategy + 'static>(cases: u32, strategy: fn() -> S, to_bytes: fn(S::Value) -> Vec<u8>)
where
    S::Value: std::fmt::Debug + 'static,
{
    let outcome = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let mut runner = TestRunner::new(Config {
                cases,
                ..Config::default()
            });
            runner
                .run(&strategy(), |value| well_formed(&to_bytes(value)))
                .map_err(|e| e.to_string())
        })
        .expect("a thread")
        .join()
        .expect("no panic");
    if let Err(failure) = outcome {
        panic!("{failure}");
    }
}

#[test]
fn random_requests_get_one_well_formed_answer() {
    check(600, request, |r| {
        serde_json::to_vec(&r).expect("serialises")
    });
}

#[test]
fn random_bytes_get_one_well_formed_answer() {
    check(1000, || prop::collection::vec(any::<u8>(), 0..200), |b| b);
}

#[test]
fn random_text_in_the_expression_gets_one_well_formed_answer() {
    check(
        1000,
        || "\\PC{0,60}",
        |e| serde_json::to_vec(&json!({"expression": e})).expect("serialises"),
    );
}

#[test]
fn random_envelopes_get_one_well_formed_answer() {
    check(1000, envelope, |v| {
        serde_json::to_vec(&v).expect("serialises")
    });
}

fn envelope() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        "[-+*/^()0-9a-z. ]{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "expression",
                    "operation",
                    "variable",
                    "scope",
                    "precision",
                    "numericType",
                    "__proto__"
                ])
                .prop_map(str::to_owned),
                inner,
                0..5
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Found by the calculate_ast fuzz target (a hang): the pair lcm(2^53, 1e300) overflows to
/// Infinity and the next pair looped forever. math.js 15.2 answers "Parameters in function lcm
/// must be integer numbers", and so does the tool, at once.
#[test]
fn lcm_of_an_overflowed_pair_is_refused_not_a_hang() {
    let answer = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(|| calculate(br#"{"expression": "lcm(9007199254740993, 1e300, 1e300)"}"#))
        .expect("a thread")
        .join()
        .expect("no panic");
    let error = answer.expect_err("an error");
    assert!(
        error
            .to_string()
            .contains("Parameters in function lcm must be integer numbers"),
        "{error}"
    );
}
