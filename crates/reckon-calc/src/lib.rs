//! The `calc` tool 1.0.0: a batch calculator with JavaScript `number` semantics that answers digit
//! for digit as a JavaScript engine would.
//!
//! # Pipeline
//! The input JSON is read with `JSON.parse` rules (a repeated member: the last one wins), then each
//! calculation in order: byte length, scan (`lexer`: the first lexical error anywhere wins, then
//! the token limit), `Expression is empty`, parse-and-evaluate (`parser`, with the depth limit),
//! the finiteness check, `-0` → `0`, and formatting with ECMAScript `Number::toString` (through
//! `ryu-js`). The first failing calculation aborts the batch.
//!
//! ```
//! assert_eq!(reckon_calc::evaluate("0.1 + 0.2").map(reckon_calc::format), Ok("0.30000000000000004".to_owned()));
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod error;
mod lexer;
mod parser;
pub mod wire;

pub use error::{CalcError, ErrorKind};

/// The tool's id.
pub const TOOL_ID: &str = "calc";
/// The tool's version.
pub const TOOL_VERSION: &str = "1.0.0";
/// The tool's manifest.
pub const MANIFEST_JSON: &str = include_str!("../manifest.json");
/// Longest expression, in UTF-8 bytes.
pub const MAX_EXPRESSION_BYTES: usize = 2_000;
/// Most tokens in one expression.
pub const MAX_TOKENS: usize = 500;
/// Deepest nesting of parentheses, signs and `**` exponents.
pub const MAX_DEPTH: usize = 64;
/// Most calculations in one batch.
pub const MAX_CALCULATIONS: usize = 1_000;

/// Evaluates one expression to a finite value (never negative zero).
///
/// # Errors
/// The first fault in the specification's order: length, scan, empty, syntax, finiteness. The
/// error's `index` is `None`.
pub fn evaluate(expression: &str) -> Result<f64, CalcError> {
    let fail = |(kind, span)| CalcError {
        kind,
        index: None,
        span: Some(span),
    };
    if expression.len() > MAX_EXPRESSION_BYTES {
        let kind = ErrorKind::ExpressionTooLong {
            bytes: expression.len(),
            limit: MAX_EXPRESSION_BYTES,
        };
        return Err(CalcError {
            kind,
            index: None,
            span: None,
        });
    }
    let tokens = lexer::tokenize(expression, MAX_TOKENS).map_err(fail)?;
    if tokens.is_empty() {
        return Err(CalcError {
            kind: ErrorKind::Empty,
            index: None,
            span: None,
        });
    }
    let value = parser::evaluate(&tokens, expression.len(), MAX_DEPTH).map_err(fail)?;
    if !value.is_finite() {
        return Err(CalcError {
            kind: ErrorKind::NotFinite,
            index: None,
            span: None,
        });
    }
    // `-0` becomes `0`; adding +0 does exactly that and changes no other value.
    Ok(value + 0.0)
}

/// ECMAScript `Number::toString` in radix 10 for a finite value.
pub fn format(value: f64) -> String {
    ryu_js::Buffer::new().format(value).to_owned()
}
