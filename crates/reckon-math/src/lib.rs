//! The `calculate` tool (math.js 15.2-compatible): work in progress.
//!
//! This crate will hold the whole tool of `shared/specs/calculate.md`. What has landed:
//! - the expression language's front end: the tokeniser (`lexer`) and the parser (`parser`) for
//!   the complete grammar of section 4, producing a tree shaped like math.js's (`ast`), with the
//!   positions that errors report (checked against math.js's own parser);
//! - the input contract and the checks before the operation (`request`, section 1 and section 3
//!   steps 1–8), the error contract (`error`, section 9) and number formatting (`format`, 7.1);
//! - evaluation in number mode over scalar values (`eval`, `functions`, `value`), the result
//!   checks of step 10 that apply to them, and the output object ([`calculate`]).
//!
//! Not yet: matrices, units, Complex, BigNumber, Fraction, statistics over collections, and the
//! symbolic operations. Inputs that need them are refused with `evaluation_failed` "... is not
//! implemented in reckon yet" (never with a reason that would call valid input wrong). The tool
//! is not registered in the registry until the public sample passes.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod ast;
mod error;
mod eval;
pub mod format;
mod functions;
mod lexer;
mod names;
mod parser;
pub mod request;
mod value;

pub use error::{CalculateError, Reason};

pub use parser::{ParseError, STACK_BYTES, parse};

use request::{NumericType, Operation};
use serde_json::{Map, Value as Json, json};

/// Longest formatted result, in UTF-16 code units.
const MAX_RESULT_UNITS: usize = 100_000;

/// Runs one request text through the whole pipeline and returns the success object.
///
/// Parsing and evaluation recurse over the tree, so call this on a thread with at least
/// [`STACK_BYTES`] of stack: then every expression the length limit admits, however nested,
/// finishes (`tests/deep_nesting.rs`); the work meter bounds everything else.
///
/// # Errors
/// The first failing step's [`CalculateError`].
pub fn calculate(input: &[u8]) -> Result<Json, CalculateError> {
    let request = request::decode(input)?;
    let tree = request::prepare(&request)?;
    if request.operation != Operation::Evaluate {
        return Err(CalculateError::new(
            Reason::EvaluationFailed,
            format!(
                "Evaluation failed: the {} operation is not implemented in reckon yet",
                request.operation.name()
            ),
        ));
    }
    if request.numeric_type != NumericType::Number {
        let name = if request.numeric_type == NumericType::BigNumber {
            "BigNumber"
        } else {
            "Fraction"
        };
        return Err(CalculateError::new(
            Reason::EvaluationFailed,
            format!("Evaluation failed: numericType \"{name}\" is not implemented in reckon yet"),
        ));
    }
    let scope = request.scope.clone().unwrap_or_default();
    let value = eval::Evaluator::new(&scope).eval(&tree)?;
    check_result(&value)?;
    let result = value.format(request.precision);
    if result.encode_utf16().count() > MAX_RESULT_UNITS {
        return Err(CalculateError::new(
            Reason::ResultTooLarge,
            "Result exceeds maximum size (100000 characters). Reduce matrix dimensions or simplify the expression.",
        ));
    }
    let mut out = Map::new();
    out.insert("result".into(), result.into());
    out.insert("resultType".into(), value.type_name().into());
    out.insert("expression".into(), request.expression.clone().into());
    out.insert("operation".into(), request.operation.name().into());
    if let Some(scope) = &request.scope {
        out.insert(
            "scopeVars".into(),
            json!(scope.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>()),
        );
    }
    if let Some(precision) = request.precision {
        out.insert("precisionUsed".into(), precision.into());
    }
    Ok(Json::Object(out))
}

/// Step 10 for the values of this slice: a function result (a), then non-finite numbers (d).
fn check_result(value: &value::Value) -> Result<(), CalculateError> {
    if matches!(value, value::Value::Function(_)) {
        return Err(CalculateError::new(
            Reason::DisallowedResultType,
            "Expression produced a function, which cannot be returned — the result must be a value, not a function.",
        ));
    }
    if has_non_finite(value) {
        return Err(CalculateError::new(
            Reason::UndefinedResult,
            "Expression evaluated to a non-finite result (Infinity, -Infinity, or NaN): either the operation is mathematically undefined (division by zero, 0/0, log(0)), or a value overflowed its numeric range (under numericType \"number\", past about 1.8e308 — e.g. 171!, 2^1024, exp(1000)).",
        ));
    }
    Ok(())
}

fn has_non_finite(value: &value::Value) -> bool {
    match value {
        value::Value::Number(x) => !x.is_finite(),
        value::Value::Object(entries) => entries.iter().any(|(_, v)| has_non_finite(v)),
        _ => false,
    }
}
