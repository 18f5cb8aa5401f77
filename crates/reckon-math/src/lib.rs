//! The `calculate` tool (math.js 15.2-compatible): work in progress.
//!
//! This crate will hold the whole tool of `shared/specs/calculate.md`. What has landed:
//! - the expression language's front end: the tokeniser (`lexer`) and the parser (`parser`) for
//!   the complete grammar of section 4, producing a tree shaped like math.js's (`ast`), with the
//!   positions that errors report (checked against math.js's own parser);
//! - the input contract and the checks before the operation (`request`, section 1 and section 3
//!   steps 1–8), the error contract (`error`, section 9) and number formatting (`format`, 7.1);
//! - evaluation in number mode over scalar values (`eval`, `functions`, `value`), the result
//!   checks of step 10 that apply to them, and the output object ([`calculate`]);
//! - Fraction mode over scalars (`fraction`, section 5.3): exact literals, the exact operations
//!   and functions, the float-to-fraction conversion, and refusals with fraction_unsupported.
//!
//! Not yet: matrices, units, Complex, BigNumber, statistics over collections, and the symbolic
//! operations. Inputs that need them are refused with `evaluation_failed` "... is not
//! implemented in reckon yet" (never with a reason that would call valid input wrong). The tool
//! is not registered in the registry until the public sample passes.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod ast;
// Public only for the differential test (`tests/bignum_vs_mathjs.rs`) until the evaluator uses it.
#[doc(hidden)]
pub mod bignum;
mod error;
mod eval;
pub mod format;
mod fraction;
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
    if request.numeric_type == NumericType::BigNumber {
        return Err(CalculateError::new(
            Reason::EvaluationFailed,
            "Evaluation failed: numericType \"BigNumber\" is not implemented in reckon yet",
        ));
    }
    let fraction_mode = request.numeric_type == NumericType::Fraction;
    let scope = request.scope.clone().unwrap_or_default();
    let mut evaluator = if fraction_mode {
        // Literals Fraction mode cannot read are parse-time failures (section 9.3).
        eval::check_fraction_literals(&tree)?;
        eval::Evaluator::fraction(&scope)
    } else {
        eval::Evaluator::new(&scope)
    };
    let value = evaluator.eval(&tree)?;
    check_result(&value, fraction_mode)?;
    if let value::Value::Fraction(f) = &value
        && fraction::bits(f) > MAX_RESULT_UNITS * 10 / 3
    {
        // More bits than 100,000 digits can hold (a part needs ≥ bits·log10 2 > 100,000
        // digits): refuse before spending time writing the digits out.
        return Err(result_too_large());
    }
    let result = value.format(request.precision);
    if result.encode_utf16().count() > MAX_RESULT_UNITS {
        return Err(result_too_large());
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

fn result_too_large() -> CalculateError {
    CalculateError::new(
        Reason::ResultTooLarge,
        "Result exceeds maximum size (100000 characters). Reduce matrix dimensions or simplify the expression.",
    )
}

/// Step 10 for the values of this slice: a function result (a), non-finite numbers (d), and in
/// Fraction mode a number that is not a safe integer (e).
fn check_result(value: &value::Value, fraction_mode: bool) -> Result<(), CalculateError> {
    if matches!(value, value::Value::Function(_)) {
        return Err(CalculateError::new(
            Reason::DisallowedResultType,
            "Expression produced a function, which cannot be returned — the result must be a value, not a function.",
        ));
    }
    if has_non_finite(value) {
        return Err(eval::undefined_result());
    }
    if fraction_mode && has_unsafe_float(value) {
        let mut error = eval::fraction_unsupported_float(0);
        error.position = None;
        return Err(error);
    }
    Ok(())
}

/// A binary64 number that is not a safe integer (|n| ≤ 2^53 − 1, integral), anywhere.
fn has_unsafe_float(value: &value::Value) -> bool {
    const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
    match value {
        value::Value::Number(x) => x.fract() != 0.0 || x.abs() > MAX_SAFE,
        value::Value::Object(entries) => entries.iter().any(|(_, v)| has_unsafe_float(v)),
        _ => false,
    }
}

fn has_non_finite(value: &value::Value) -> bool {
    match value {
        value::Value::Number(x) => !x.is_finite(),
        value::Value::Object(entries) => entries.iter().any(|(_, v)| has_non_finite(v)),
        _ => false,
    }
}
