//! The `calculate` tool (math.js 15.2-compatible): work in progress.
//!
//! This crate will hold the whole tool of `shared/specs/calculate.md`. What has landed is the
//! expression language's front end: the tokeniser (`lexer`) and the parser (`parser`) for the
//! complete grammar of section 4, producing a tree shaped like math.js's (`ast`), with the
//! positions that errors report. Evaluation, the numeric types, the function library,
//! formatting and the error contract follow; the tool is not registered until they do.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod ast;
mod error;
pub mod format;
mod lexer;
mod parser;
pub mod request;

pub use error::{CalculateError, Reason};

pub use parser::{ParseError, STACK_BYTES, parse};
