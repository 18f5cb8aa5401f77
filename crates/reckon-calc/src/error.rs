//! The tool's errors, with the specification's exact messages.

use reckon_core::{ErrorCategory, Span};

/// Why a batch failed.
#[derive(Clone, Debug, PartialEq)]
pub struct CalcError {
    /// What went wrong.
    pub kind: ErrorKind,
    /// The index of the failing calculation (none for an input fault).
    pub index: Option<usize>,
    /// The offending bytes of that calculation's expression, when known.
    pub span: Option<Span>,
}

/// Everything the tool refuses.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is not the specified JSON shape; the text says what is wrong.
    Input(String),
    /// More calculations than the batch limit.
    TooManyCalculations {
        /// Calculations given.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// An expression longer than the byte limit.
    ExpressionTooLong {
        /// Its UTF-8 length.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// An expression with more tokens than the limit.
    TooManyTokens {
        /// The limit.
        limit: usize,
    },
    /// Nesting deeper than the limit.
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// `Expression is empty`.
    Empty,
    /// `Invalid character "C" in expression`.
    InvalidCharacter(char),
    /// `Invalid numeric literal starting at "0x"`.
    InvalidPrefixedLiteral(String),
    /// `Invalid exponent in "RAW"`.
    InvalidExponent(String),
    /// `Invalid number "RAW"`: the literal rounds to infinity.
    InvalidNumber(String),
    /// `Unexpected end of expression`.
    UnexpectedEnd,
    /// `Unexpected token in expression`.
    UnexpectedToken,
    /// `Missing closing parenthesis`.
    MissingClosingParenthesis,
    /// `Expression result is not a finite number`.
    NotFinite,
}

impl ErrorKind {
    /// The wire category: `invalid_input`, `limit_exceeded` or `not_computable`.
    pub fn category(&self) -> ErrorCategory {
        match self {
            Self::TooManyCalculations { .. }
            | Self::ExpressionTooLong { .. }
            | Self::TooManyTokens { .. }
            | Self::TooDeep { .. } => ErrorCategory::LimitExceeded,
            Self::NotFinite => ErrorCategory::NotComputable,
            _ => ErrorCategory::InvalidInput,
        }
    }
}

impl std::fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Input(what) => write!(f, "Invalid input: {what}"),
            Self::TooManyCalculations { count, limit } => {
                write!(
                    f,
                    "Too many calculations: {count} in one batch; the limit is {limit}"
                )
            }
            Self::ExpressionTooLong { bytes, limit } => {
                write!(
                    f,
                    "Expression is too long: {bytes} bytes; the limit is {limit}"
                )
            }
            Self::TooManyTokens { limit } => {
                write!(f, "Expression has too many tokens; the limit is {limit}")
            }
            Self::TooDeep { limit } => write!(
                f,
                "Expression nests too deeply; the limit is {limit} levels"
            ),
            Self::Empty => f.write_str("Expression is empty"),
            Self::InvalidCharacter(c) => write!(f, "Invalid character \"{c}\" in expression"),
            Self::InvalidPrefixedLiteral(prefix) => {
                write!(f, "Invalid numeric literal starting at \"{prefix}\"")
            }
            Self::InvalidExponent(raw) => write!(f, "Invalid exponent in \"{raw}\""),
            Self::InvalidNumber(raw) => write!(f, "Invalid number \"{raw}\""),
            Self::UnexpectedEnd => f.write_str("Unexpected end of expression"),
            Self::UnexpectedToken => f.write_str("Unexpected token in expression"),
            Self::MissingClosingParenthesis => f.write_str("Missing closing parenthesis"),
            Self::NotFinite => f.write_str("Expression result is not a finite number"),
        }
    }
}

impl std::fmt::Display for CalcError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.kind.fmt(f)
    }
}

impl std::error::Error for CalcError {}
