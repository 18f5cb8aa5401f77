//! The `decimal-expression-evaluate` 1.0.0 tool: exact rational evaluation of decimal expressions
//! with variables, `abs`/`min`/`max`/`round`, ten rounding modes and strict limits.
//!
//! # Pipeline and validation order
//! The first fault in this order is reported (clarification C5):
//! 1. the input is one strict JSON text whose value is an object ([`reckon_core::json`]);
//! 2. only the members `expression`, `variables`, `scale`, `rounding`;
//! 3. `expression` present;
//! 4. member types: expression (a non-empty string), variables (an object), scale (an integer
//!    0..=40 by value), rounding (one of ten names) — module `wire`;
//! 5. variables: at most 100, then each in document order: name, value, reduction work;
//! 6. `scale` requires `rounding`;
//! 7. the expression: byte length, lone surrogates, tokens (`lexer`), token count, parsing into
//!    postfix code (`parser`, which charges literal reductions), evaluation (`eval`), and the result:
//!    canonical or rounded once to `scale`.
//!
//! One [`reckon_core::Meter`] of 50,000 units per request is charged before every reduction of an
//! input, every add, multiply, divide, comparison, power and `round()`.
//!
//! ```
//! let out = reckon_decimal::evaluate_json(br#"{"expression": "0.1 + 0.2"}"#).expect("evaluates");
//! assert_eq!((out.value.as_str(), out.numerator.as_str(), out.denominator.as_str()), ("0.3", "3", "10"));
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod error;
mod eval;
mod lexer;
mod parser;
mod program;
mod variables;
pub mod wire;

pub use error::{DecimalError, ErrorKind, NumberProblem};
pub use reckon_core::num::RoundingMode;

use reckon_core::json::Json;
use reckon_core::{Limits, Meter, Span};
use variables::{VariableInput, Variables};

/// The tool's id.
pub const TOOL_ID: &str = "decimal-expression-evaluate";
/// The tool's version.
pub const TOOL_VERSION: &str = "1.0.0";
/// The tool's specification (its manifest), as published.
pub const MANIFEST_JSON: &str = include_str!("../manifest.json");
/// The limits of the specification.
pub const LIMITS: Limits = Limits::DEFAULT;

/// A request in typed form, for callers that do not hold JSON.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The expression.
    pub expression: &'a str,
    /// Variables and their decimal strings, in order.
    pub variables: &'a [(&'a str, &'a str)],
    /// Fraction digits of the reported value (requires `rounding`).
    pub scale: Option<u32>,
    /// The rounding mode for `scale` and every `round()` call.
    pub rounding: Option<RoundingMode>,
}

/// A successful answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The value: canonical without a scale, otherwise exactly `scale` fraction digits.
    pub value: String,
    /// True when `value` equals the exact result.
    pub exact: bool,
    /// The exact result's numerator in lowest terms, signed.
    pub numerator: String,
    /// The exact result's denominator in lowest terms, at least 1.
    pub denominator: String,
    /// Arithmetic work units spent.
    pub work_units: u64,
}

/// Evaluates one JSON request text.
///
/// # Errors
/// The first fault in the specification's validation order, as a [`DecimalError`].
pub fn evaluate_json(input: &[u8]) -> Result<Evaluation, DecimalError> {
    let json = Json::parse(input).map_err(|e| DecimalError::new(ErrorKind::InvalidJson(e)))?;
    let decoded = wire::decode(&json)?;
    let expression = Expression {
        text: decoded.expression.text(),
        lone_surrogate: decoded.expression.first_lone_surrogate(),
    };
    run(
        expression,
        &decoded.variables,
        decoded.scale,
        decoded.rounding,
        &LIMITS,
    )
}

/// Evaluates a typed request, with the same checks from step 4 on.
///
/// # Errors
/// The first fault in the specification's validation order.
pub fn evaluate(request: &Request<'_>) -> Result<Evaluation, DecimalError> {
    if request.expression.is_empty() {
        return Err(DecimalError::new(ErrorKind::EmptyExpression));
    }
    if request.scale.is_some_and(|scale| scale > LIMITS.max_scale) {
        return Err(DecimalError::new(ErrorKind::InvalidScale));
    }
    let variables: Vec<VariableInput<'_>> = request
        .variables
        .iter()
        .map(|&(name, value)| VariableInput {
            name,
            value: Some(value),
        })
        .collect();
    let expression = Expression {
        text: request.expression,
        lone_surrogate: None,
    };
    run(
        expression,
        &variables,
        request.scale,
        request.rounding,
        &LIMITS,
    )
}

/// The expression text; lone surrogates are U+FFFD in `text` and remembered here.
struct Expression<'a> {
    text: &'a str,
    lone_surrogate: Option<usize>,
}

/// Steps 5–7 and the result.
fn run(
    expression: Expression<'_>,
    variables: &[VariableInput<'_>],
    scale: Option<u32>,
    rounding: Option<RoundingMode>,
    limits: &Limits,
) -> Result<Evaluation, DecimalError> {
    let mut meter = Meter::new(limits.max_arithmetic_work);
    let result = run_metered(&expression, variables, scale, rounding, limits, &mut meter);
    result.map_err(|mut error| {
        error.work_units = meter.used();
        if let Some(span) = error.span {
            error.token = span.text(expression.text).map(str::to_owned);
        }
        error
    })
}

fn run_metered(
    expression: &Expression<'_>,
    variables: &[VariableInput<'_>],
    scale: Option<u32>,
    rounding: Option<RoundingMode>,
    limits: &Limits,
    meter: &mut Meter,
) -> Result<Evaluation, DecimalError> {
    let variables = Variables::bind(variables, limits, meter)?;
    if scale.is_some() && rounding.is_none() {
        return Err(DecimalError::new(ErrorKind::ScaleWithoutRounding));
    }
    let source = expression.text;
    if source.len() > limits.max_expression_bytes {
        let kind = ErrorKind::ExpressionTooLong {
            bytes: source.len(),
            limit: limits.max_expression_bytes,
        };
        return Err(DecimalError::new(kind));
    }
    if let Some(at) = expression.lone_surrogate {
        return Err(DecimalError::at(
            ErrorKind::LoneSurrogate,
            Span::new(at, at + '\u{FFFD}'.len_utf8()),
        ));
    }
    let tokens = lexer::tokenize(source, limits)?;
    let program = parser::parse(
        source,
        &tokens,
        &variables,
        rounding.is_some(),
        limits,
        meter,
    )?;
    let exact = eval::evaluate(program, &variables, rounding, limits, meter)?;
    let (value, is_exact) = match (scale, rounding) {
        (Some(scale), Some(mode)) => {
            let scaled = exact
                .round_scaled(scale, mode)
                .map_err(|_| DecimalError::new(ErrorKind::RoundingNecessary))?;
            (scaled.to_text(), scaled.is_exact())
        }
        _ => (
            exact
                .to_decimal_string()
                .ok_or_else(|| DecimalError::new(ErrorKind::NonTerminatingDecimal))?,
            true,
        ),
    };
    Ok(Evaluation {
        value,
        exact: is_exact,
        numerator: exact.numerator_string(),
        denominator: exact.denominator_string(),
        work_units: meter.used(),
    })
}
