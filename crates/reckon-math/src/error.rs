//! The calculate error contract (spec section 9): reasons, JSON-RPC codes, messages and the exact
//! recovery hints.

use serde_json::{Map, Value, json};

/// Why a call failed; each reason has its code and hint (section 9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Reason {
    InvalidArguments,
    InvalidJson,
    EmptyExpression,
    ExpressionTooLong,
    MultipleExpressions,
    ReservedScopeKey,
    DisallowedResultType,
    OperationAsFunction,
    ParseFailed,
    TypeMismatch,
    EvaluationFailed,
    UndefinedResult,
    FractionUnsupported,
    ResultTooLarge,
    DerivativeMissingVariable,
    EvaluationTimeout,
}

impl Reason {
    /// The wire name, such as `parse_failed`.
    pub fn name(self) -> &'static str {
        use Reason::*;
        match self {
            InvalidArguments => "invalid_arguments",
            InvalidJson => "invalid_json",
            EmptyExpression => "empty_expression",
            ExpressionTooLong => "expression_too_long",
            MultipleExpressions => "multiple_expressions",
            ReservedScopeKey => "reserved_scope_key",
            DisallowedResultType => "disallowed_result_type",
            OperationAsFunction => "operation_as_function",
            ParseFailed => "parse_failed",
            TypeMismatch => "type_mismatch",
            EvaluationFailed => "evaluation_failed",
            UndefinedResult => "undefined_result",
            FractionUnsupported => "fraction_unsupported",
            ResultTooLarge => "result_too_large",
            DerivativeMissingVariable => "derivative_missing_variable",
            EvaluationTimeout => "evaluation_timeout",
        }
    }

    /// The category front ends answer with (an HTTP status, a metrics label): the caller's
    /// input at fault, a limit reached, or a result that does not exist or cannot be given.
    pub fn category(self) -> reckon_core::ErrorCategory {
        use Reason::*;
        use reckon_core::ErrorCategory::*;
        match self {
            InvalidArguments
            | InvalidJson
            | EmptyExpression
            | MultipleExpressions
            | ReservedScopeKey
            | DisallowedResultType
            | OperationAsFunction
            | ParseFailed
            | TypeMismatch
            | DerivativeMissingVariable => InvalidInput,
            ExpressionTooLong | ResultTooLarge | EvaluationTimeout => LimitExceeded,
            EvaluationFailed | UndefinedResult | FractionUnsupported => NotComputable,
        }
    }

    /// The JSON-RPC error code.
    pub fn code(self) -> i64 {
        match self {
            Self::InvalidArguments => -32602,
            Self::InvalidJson => -32700,
            Self::EvaluationTimeout => -32004,
            _ => -32007,
        }
    }

    /// The recovery hint, exactly as the specification writes it (the general one, for reasons
    /// whose hint varies with the case).
    pub fn hint(self) -> &'static str {
        use Reason::*;
        match self {
            InvalidArguments => "Fix the arguments so they match the tool's input schema.",
            InvalidJson => "Send one JSON object per line.",
            EmptyExpression => "Provide a non-empty math expression in the expression parameter.",
            ExpressionTooLong => "Shorten the expression or split it into multiple separate calls.",
            MultipleExpressions => {
                "Send one expression per call; issue separate calls for each statement."
            }
            ReservedScopeKey => "Rename the variable to avoid reserved JavaScript property names.",
            DisallowedResultType => {
                "Rewrite the expression to produce a value (number, matrix, unit) instead of a function or its source; for function documentation, read the calculator://help resource."
            }
            OperationAsFunction => {
                "Send the inner expression as `expression` with `operation` set to that function name; for `derivative`, also pass `variable`."
            }
            ParseFailed => {
                "Check syntax for balanced parentheses, valid operators, and correct function and unit names; pass variable values through scope."
            }
            TypeMismatch => {
                "Attach the same unit to the bare operand (`5 kg + 3 kg`) or strip it (`number(5 kg, \"kg\") + 3`), keep exponents unitless, and use numbers instead of strings."
            }
            EvaluationFailed => {
                "The syntax is valid — fix the argument the error message names (its count, value range, or matrix dimensions) and retry."
            }
            UndefinedResult => {
                "Division by zero, 0/0, and log(0) are undefined in every numericType, so fix the expression; for an overflow (large powers, factorials, exp), retry with numericType \"BigNumber\"."
            }
            FractionUnsupported => {
                "Retry with numericType \"number\" or \"BigNumber\" — both compute these functions and values, including irrational and transcendental results."
            }
            ResultTooLarge => {
                "Reduce precision, narrow the input range, or compute smaller subproblems separately."
            }
            DerivativeMissingVariable => {
                "Pass the variable parameter (e.g., \"x\") when operation is \"derivative\"."
            }
            EvaluationTimeout => {
                "Simplify the expression or reduce computational complexity to fit within the timeout."
            }
        }
    }
}

/// A refusal: reason, message, position of the token at fault (in characters), and the hint when
/// it differs from the reason's general one.
///
/// The details live behind one pointer, which [`CalculateError`] dereferences to (so
/// `error.reason`, `error.message`, `error.position` and `error.hint` read and write them): every
/// evaluator level returns a `Result` holding a value or this error, and a 72-byte error made
/// each of those results 72 bytes, moved at every level, where a pointer keeps the result as
/// small as the value. An error is made once per refused request, so its allocation is paid
/// rarely.
#[derive(Clone, PartialEq, Eq)]
pub struct CalculateError(Box<ErrorDetails>);

/// What a [`CalculateError`] says (reached through it by `Deref`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorDetails {
    /// The reason.
    pub reason: Reason,
    /// The one-line message.
    pub message: String,
    /// Character offset of the token at fault, when one is.
    pub position: Option<usize>,
    /// A case-specific hint replacing [`Reason::hint`].
    pub hint: Option<String>,
    /// Whether the same call may succeed later, when the error says (`false` for a timeout and
    /// for what is not built yet: retrying either gives the same answer).
    pub retryable: Option<bool>,
}

impl std::ops::Deref for CalculateError {
    type Target = ErrorDetails;

    fn deref(&self) -> &ErrorDetails {
        &self.0
    }
}

impl std::ops::DerefMut for CalculateError {
    fn deref_mut(&mut self) -> &mut ErrorDetails {
        &mut self.0
    }
}

impl std::fmt::Debug for CalculateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl CalculateError {
    /// An error with the reason's general hint and no position.
    pub fn new(reason: Reason, message: impl Into<String>) -> Self {
        Self(Box::new(ErrorDetails {
            reason,
            message: message.into(),
            position: None,
            hint: None,
            retryable: None,
        }))
    }

    /// The details, owned (to move the message or hint out).
    pub fn into_details(self) -> ErrorDetails {
        *self.0
    }

    /// The same error blaming the token at `position`.
    pub fn at(mut self, position: usize) -> Self {
        self.position = Some(position);
        self
    }

    /// The wire object: `{"error": {"code", "message", "data": {"reason", "recovery": {"hint"},
    /// "retryable"?, "position"?}}}`.
    pub fn to_json(&self) -> Value {
        let mut data = Map::new();
        data.insert("reason".into(), self.reason.name().into());
        data.insert(
            "recovery".into(),
            json!({"hint": self.hint.as_deref().unwrap_or(self.reason.hint())}),
        );
        let retryable = match self.reason {
            Reason::EvaluationTimeout => Some(false),
            _ => self.retryable,
        };
        if let Some(retryable) = retryable {
            data.insert("retryable".into(), retryable.into());
        }
        if let Some(position) = self.position {
            data.insert("position".into(), position.into());
        }
        json!({"error": {"code": self.reason.code(), "message": self.message, "data": data}})
    }
}

impl std::fmt::Display for CalculateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CalculateError {}

/// The refusal of a request that would hold more than [`MEMORY_BUDGET`] (section 10's
/// `result_too_large`, naming the limit it met). The bytes held are left out of the message, so
/// that the same input gets the same answer from every build and machine.
#[cold]
pub(crate) fn memory_exhausted(refused: reckon_core::MemoryExhausted) -> CalculateError {
    let mut error = CalculateError::new(
        Reason::ResultTooLarge,
        format!(
            "Memory limit exceeded: the expression would hold over {} MiB at once while evaluating.",
            refused.limit.div_ceil(1 << 20),
        ),
    );
    error.hint = Some(
        "Build smaller collections or strings, avoid keeping many large values at once (map over fewer elements, format with a lower precision), or split the computation into several calls.".into(),
    );
    error
}

/// The timeout error of section 9, reported the same way whether the work meter or a deadline
/// stopped the evaluation.
#[cold]
pub(crate) fn timed_out() -> CalculateError {
    CalculateError::new(
        Reason::EvaluationTimeout,
        "Expression evaluation timed out after 5 seconds. Simplify the expression or reduce matrix dimensions.",
    )
}

pub(crate) fn not_implemented(what: &str, position: usize) -> CalculateError {
    CalculateError::new(
        Reason::EvaluationFailed,
        format!("Evaluation failed: {what} is not implemented in reckon yet"),
    )
    .at(position)
}

pub(crate) fn failed(detail: impl std::fmt::Display, position: usize) -> CalculateError {
    CalculateError::new(
        Reason::EvaluationFailed,
        format!("Evaluation failed: {detail}"),
    )
    .at(position)
}

pub(crate) fn mismatch(detail: impl std::fmt::Display, position: usize) -> CalculateError {
    CalculateError::new(Reason::TypeMismatch, format!("Type mismatch: {detail}")).at(position)
}

/// Maps a function's refusal to the spec's classification (9.3).
pub(crate) fn function_error(error: FnError, name: &str, at: usize) -> CalculateError {
    match error {
        FnError::Domain(detail) => failed(detail, at),
        FnError::Type(detail) => mismatch(detail, at),
        FnError::Complex => {
            let what = if name.is_empty() {
                "a complex result".to_owned()
            } else {
                format!("the complex result of {name}()")
            };
            not_implemented(&what, at)
        }
        FnError::NoExactFraction => fraction_unsupported_function(at),
        FnError::DivisionByZero => undefined_result().at(at),
        FnError::TooLarge => timed_out(),
        FnError::NotImplemented(what) => not_implemented(what, at),
        FnError::SizeLimit(detail) => CalculateError::new(Reason::ResultTooLarge, detail).at(at),
    }
}

/// fraction_unsupported with the function message (section 9.2).
pub(crate) fn fraction_unsupported_function(at: usize) -> CalculateError {
    CalculateError::new(
        Reason::FractionUnsupported,
        "numericType \"Fraction\" cannot compute this expression: either its result has no exact rational value (e.g. sqrt(2), sin(1), log(3)), or it calls a function Fraction mode cannot compute, even for a rational result (e.g. sqrt(4), 5!, combinations(5, 2)). Retry with numericType \"number\" or \"BigNumber\".",
    )
    .at(at)
}

/// fraction_unsupported with the float message (section 9.2).
pub(crate) fn fraction_unsupported_float(at: usize) -> CalculateError {
    CalculateError::new(
        Reason::FractionUnsupported,
        "numericType \"Fraction\" cannot return this result exactly: the expression uses a value Fraction mode holds only as a rounded 64-bit float — an irrational constant (pi, e), a non-integer power (2^(1/2)), a complex number with a non-integer part, or a float from number() or random(). Retry with numericType \"number\" or \"BigNumber\".",
    )
    .at(at)
}

/// undefined_result (section 9.2): step 10d and exact division by zero.
pub(crate) fn undefined_result() -> CalculateError {
    CalculateError::new(
        Reason::UndefinedResult,
        "Expression evaluated to a non-finite result (Infinity, -Infinity, or NaN): either the operation is mathematically undefined (division by zero, 0/0, log(0)), or a value overflowed its numeric range (under numericType \"number\", past about 1.8e308 — e.g. 171!, 2^1024, exp(1000)).",
    )
}

/// Why a function refused its arguments.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum FnError {
    /// A value outside the function's domain that math.js refuses (evaluation_failed).
    Domain(String),
    /// An operand of the wrong type (type_mismatch).
    Type(String),
    /// The result would be complex, which this slice does not implement yet.
    Complex,
    /// Fraction mode has no exact implementation of the function or operation (section 9.3
    /// rule 4).
    NoExactFraction,
    /// An exact division by zero (rule 6).
    DivisionByZero,
    /// An exact value past the size cap (section 11a: reported as the work meter is).
    TooLarge,
    /// Something reckon has not built yet (answered "… is not implemented in reckon yet").
    NotImplemented(&'static str),
    /// A call that would build more than the per-call limit (section 10: result_too_large).
    SizeLimit(String),
}
