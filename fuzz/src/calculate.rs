//! calculate: the answer's shape and the schema's limits, for raw requests and for generated
//! expressions (atoms, operators, calls, indexes, units, matrices) in every operation and numeric
//! type.

use crate::answer::{Answer, run, string, tool, utf16_len};
use arbitrary::{Arbitrary, Unstructured};
use reckon_tools::ErrorCategory;
use serde_json::{Map, Value, json};

/// The tool's id.
pub const ID: &str = "calculate";

/// Every `error.data.reason` the manifest declares.
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

/// The success members the output schema names.
const MEMBERS: [&str; 7] = [
    "result",
    "resultType",
    "expression",
    "operation",
    "scopeVars",
    "precisionUsed",
    "unchanged",
];

/// Raw bytes as the request.
pub fn bytes(input: &[u8]) {
    let answer = run(tool(ID), input);
    check(&answer);
}

/// Checks the shape of any answer and the result-length limit (100,000 UTF-16 code units).
pub fn check(answer: &Answer) {
    let body = &answer.body;
    if let Some(error) = body.get("error") {
        assert!(error["code"].is_i64(), "code: {body}");
        let message = string(body, "/error/message");
        assert!(!message.is_empty(), "{body}");
        // What the registry answers when the evaluation thread panicked or could not start.
        assert!(
            !message
                .starts_with("Evaluation failed: internal error (the evaluation could not run)"),
            "a caught panic or a failed thread: {body}"
        );
        let reason = string(body, "/error/data/reason");
        assert!(REASONS.contains(&reason), "undeclared reason: {body}");
        assert!(error["data"]["recovery"]["hint"].is_string(), "{body}");
        if let Some(position) = error["data"].get("position") {
            assert!(position.is_u64(), "{body}");
        }
        let category = answer.error.map(ErrorCategory::code);
        assert!(category.is_some(), "{body}");
        return;
    }
    let Some(object) = body.as_object() else {
        return;
    };
    for key in object.keys() {
        assert!(
            MEMBERS.contains(&key.as_str()),
            "unknown member {key}: {body}"
        );
    }
    let result = string(body, "/result");
    assert!(
        utf16_len(result) <= 100_000,
        "result over 100,000 code units"
    );
    assert!(!string(body, "/resultType").is_empty(), "{body}");
    string(body, "/expression");
    let operation = string(body, "/operation");
    assert!(
        ["evaluate", "simplify", "derivative"].contains(&operation),
        "{body}"
    );
    if let Some(vars) = body.get("scopeVars") {
        assert!(
            vars.as_array()
                .is_some_and(|v| v.iter().all(Value::is_string)),
            "{body}"
        );
    }
    if let Some(unchanged) = body.get("unchanged") {
        assert!(unchanged.is_boolean() && operation == "simplify", "{body}");
    }
}

const ATOMS: &[&str] = &[
    "1",
    "0",
    "-1",
    "2.5",
    "1e300",
    "-0",
    "NaN",
    "Infinity",
    "i",
    "pi",
    "e",
    "x",
    "y",
    "[]",
    "[[]]",
    "[1, 2]",
    "[1, 2; 3, 4]",
    "[1:3]",
    "1:4",
    "\"ab\"",
    "true",
    "null",
    "{a: 1}",
    "zeros(3)",
    "ones(2, 2)",
    "identity(3)",
    "sparse([1, 0; 0, 1])",
    "fraction(1, 3)",
    "1/3",
    "end",
    "2i",
    "[1 + i, 2]",
    "range(1, 5)",
    "\"\"",
    "bigint(3)",
    "index(2)",
    "5 kg",
    "3 m",
    "2 inch",
    "10 degC",
    "1 s",
    "bignumber(\"0.1\")",
    "0x1F",
    "0b101",
    "1e-320",
    "9007199254740993",
    "f(t) = t^2",
    "sin",
    "undefined",
    "1 + 2",
    "x^2",
    "sqrt(-4)",
    "[1, 2, 3]'",
    // Large values, for memory amplification: read, repeated, mapped over and kept.
    "format(1, {notation: \"fixed\", precision: 300000})",
    "bigint(10)^bigint(300000)",
    "1:1e5",
    "map(1:1e5, f(t) = {a: t, b: t, c: t})",
];

const FUNCTIONS: &[&str] = &[
    "sum",
    "mean",
    "median",
    "mode",
    "std",
    "variance",
    "min",
    "max",
    "prod",
    "cumsum",
    "quantileSeq",
    "count",
    "size",
    "concat",
    "transpose",
    "det",
    "inv",
    "dot",
    "cross",
    "trace",
    "flatten",
    "reshape",
    "diag",
    "sort",
    "norm",
    "map",
    "filter",
    "resize",
    "setUnion",
    "setPowerset",
    "fraction",
    "string",
    "abs",
    "sqrt",
    "round",
    "floor",
    "ceil",
    "log",
    "exp",
    "sin",
    "cos",
    "tan",
    "asin",
    "re",
    "im",
    "complex",
    "compare",
    "identity",
    "zeros",
    "ones",
    "range",
    "isPrime",
    "factorial",
    "gamma",
    "combinations",
    "permutations",
    "gcd",
    "lcm",
    "mod",
    "pow",
    "nthRoot",
    "hypot",
    "atan2",
    "sparse",
    "matrix",
    "typeOf",
    "number",
    "format",
    "bin",
    "hex",
    "xgcd",
    "subset",
    "bigint",
    "bignumber",
    "unit",
    "to",
    "simplify",
    "derivative",
    "lusolve",
    "eigs",
    "kron",
    "expm",
    "sqrtm",
    "cbrt",
    "sign",
    "isInteger",
    "nCr",
    "ln",
    "arcsin",
    "stdev",
];

const OPERATORS: &[&str] = &[
    "+", "-", "*", "/", "^", ".*", "./", ".^", "==", "!=", "<", ">=", "mod", "%", ":", "and", "or",
    "xor", "??", "&", "|", "<<", ">>", ">>>", " to ", " in ", "!", "'", "?", ";", "\n",
];

fn expression(u: &mut Unstructured<'_>, depth: u32) -> arbitrary::Result<String> {
    if depth == 0 || u.is_empty() {
        return Ok((*u.choose(ATOMS)?).to_owned());
    }
    let sub = |u: &mut Unstructured<'_>| expression(u, depth - 1);
    Ok(match u.int_in_range(0u8..=9)? {
        0 | 1 => (*u.choose(ATOMS)?).to_owned(),
        2 | 3 => {
            let (l, op, r) = (sub(u)?, *u.choose(OPERATORS)?, sub(u)?);
            format!("{l} {op} {r}")
        }
        4..=6 => {
            let name = *u.choose(FUNCTIONS)?;
            let n = u.int_in_range(0usize..=3)?;
            let args = (0..n)
                .map(|_| sub(u))
                .collect::<arbitrary::Result<Vec<_>>>()?;
            format!("{name}({})", args.join(", "))
        }
        7 => format!("({})[{}]", sub(u)?, sub(u)?),
        8 => format!("[{}, {}; {}, {}]", sub(u)?, sub(u)?, sub(u)?, sub(u)?),
        _ => format!("-({})", sub(u)?),
    })
}

/// A generated request.
#[derive(Debug)]
pub struct Case {
    /// The request object.
    pub request: Value,
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let depth = u.int_in_range(0u32..=5)?;
        let mut request = Map::new();
        request.insert("expression".into(), expression(u, depth)?.into());
        match u.int_in_range(0u8..=5)? {
            0 => {
                request.insert("operation".into(), "simplify".into());
            }
            1 => {
                request.insert("operation".into(), "derivative".into());
                request.insert("variable".into(), (*u.choose(&["x", "y", "", "t"])?).into());
            }
            _ => {}
        }
        if u.arbitrary()? {
            request.insert(
                "scope".into(),
                json!({"x": u.int_in_range(-5i32..=5)?, "y": [1, 2]}),
            );
        }
        if u.arbitrary()? {
            request.insert("precision".into(), u.int_in_range(0u32..=17)?.into());
        }
        if u.arbitrary()? {
            let number = *u.choose(&["number", "BigNumber", "Fraction", "bigint"])?;
            request.insert("numericType".into(), number.into());
        }
        Ok(Case {
            request: Value::Object(request),
        })
    }
}

/// Runs a generated request: one well-formed answer, echoing the request's expression and
/// operation on success.
pub fn structured(case: &Case) {
    let input = serde_json::to_vec(&case.request).unwrap_or_default();
    let answer = run(tool(ID), &input);
    check(&answer);
    if answer.error.is_none() {
        assert_eq!(answer.body["expression"], case.request["expression"]);
        let operation = case
            .request
            .get("operation")
            .cloned()
            .unwrap_or(json!("evaluate"));
        assert_eq!(answer.body["operation"], operation, "{}", answer.body);
    }
}
