//! The three categories every tool error falls into.
//!
//! Clients branch on the category (the wire `code`) and on a tool-specific reason; the category
//! also decides the HTTP status a server answers with.

/// What kind of refusal an error is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCategory {
    /// The input breaks the tool's contract; fixing the input fixes the call.
    InvalidInput,
    /// The input is well formed but asks for more than a limit allows.
    LimitExceeded,
    /// The input is well formed and within limits, but the result does not exist or cannot be written
    /// as asked (division by zero, a non-terminating decimal without a scale, ...).
    NotComputable,
}

impl ErrorCategory {
    /// The wire spelling: `invalid_input`, `limit_exceeded` or `not_computable`.
    pub const fn code(self) -> &'static str {
        match self {
            Self::InvalidInput => "invalid_input",
            Self::LimitExceeded => "limit_exceeded",
            Self::NotComputable => "not_computable",
        }
    }
}

impl std::fmt::Display for ErrorCategory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}
