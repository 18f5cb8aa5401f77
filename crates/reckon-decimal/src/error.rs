//! The tool's errors: what went wrong, where, and how the wire names it.
//!
//! One table ([`ErrorKind::category`], [`ErrorKind::reason`]) maps every kind to the specification's
//! `code` and `details.reason`; the one-line message ([`std::fmt::Display`]) says what is wrong and
//! how to fix it. Nothing matches on message text.

use reckon_core::json::JsonError;
use reckon_core::{ErrorCategory, Span};

/// A refusal of the tool, with the byte span of the expression at fault when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecimalError {
    /// What went wrong.
    pub kind: ErrorKind,
    /// The offending bytes of the expression, when the fault lies in the expression.
    pub span: Option<Span>,
    /// The text of `span`.
    pub token: Option<String>,
    /// Arithmetic work units spent before the fault.
    pub work_units: u64,
}

/// Everything the tool can refuse, in the order of the specification's validation steps.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is not one strict JSON text (including a repeated member name anywhere).
    InvalidJson(JsonError),
    /// The JSON value is not an object.
    NotAnObject,
    /// A member other than `expression`, `variables`, `scale` and `rounding`.
    UnknownField(String),
    /// No `expression` member.
    MissingExpression,
    /// `expression` is not a string.
    ExpressionNotString,
    /// `expression` is the empty string.
    EmptyExpression,
    /// `variables` is not an object.
    VariablesNotObject,
    /// `scale` is not an integer from 0 to the limit.
    InvalidScale,
    /// `rounding` is not one of the ten mode names.
    InvalidRounding,
    /// More variables than the limit.
    TooManyVariables {
        /// Variables given.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// A variable name outside `^[a-z_][a-z0-9_]{0,31}$`.
    InvalidVariableName(String),
    /// A variable value that is not a JSON string.
    VariableNotString(String),
    /// A variable value of more characters than the literal limit.
    VariableTooLong {
        /// The variable.
        name: String,
        /// Characters in its value.
        chars: usize,
        /// The longest value allowed.
        limit: usize,
    },
    /// A variable value outside the decimal grammar or its digit caps.
    InvalidVariableValue {
        /// The variable.
        name: String,
        /// What exactly is wrong.
        problem: NumberProblem,
    },
    /// Reducing a variable value would exceed the work budget.
    VariableWorkExhausted {
        /// The variable.
        name: String,
        /// The budget.
        budget: u64,
        /// Units the reduction needed.
        charge: u64,
        /// Units already spent.
        used: u64,
    },
    /// `scale` given without `rounding`.
    ScaleWithoutRounding,
    /// The expression is longer than the byte limit.
    ExpressionTooLong {
        /// UTF-8 bytes of the expression.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// The expression holds a lone surrogate (an escaped UTF-16 half without its pair).
    LoneSurrogate,
    /// A character outside the expression alphabet.
    InvalidCharacter(char),
    /// A numeric literal longer than the literal limit.
    LiteralTooLong {
        /// Characters of the literal.
        chars: usize,
        /// The longest literal allowed.
        limit: usize,
    },
    /// A numeric literal outside the decimal grammar or its digit caps.
    InvalidNumber(NumberProblem),
    /// A name longer than 32 characters.
    NameTooLong {
        /// Its length.
        length: usize,
    },
    /// More tokens than the limit.
    TooManyTokens {
        /// Tokens in the expression.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// A token where the grammar allows none of its kind.
    UnexpectedToken {
        /// What the grammar expected here.
        expected: &'static str,
    },
    /// The expression ends where the grammar needs more.
    UnexpectedEnd {
        /// What the grammar expected here.
        expected: &'static str,
    },
    /// `^` after a complete power (`2^3^2`): powers do not chain.
    ChainedPower,
    /// A name followed by `(` that is not `abs`, `min`, `max` or `round`.
    UnknownFunction(String),
    /// `round()` in a request without `rounding`.
    RoundWithoutRounding,
    /// A name that is not a variable of the request.
    UnknownVariable {
        /// The name.
        name: String,
        /// The request's variable names, in order.
        known: Vec<String>,
    },
    /// Something other than an optionally negative integer literal after `^`.
    InvalidExponent,
    /// An exponent of magnitude over the limit.
    ExponentTooLarge {
        /// The limit.
        limit: u32,
    },
    /// `round()`'s second argument is not an integer literal from 0 to the scale limit.
    InvalidRoundDigits {
        /// The largest digit count allowed.
        limit: u32,
    },
    /// A function called with an argument count it does not take.
    WrongArity {
        /// The function.
        function: &'static str,
        /// Arguments given.
        count: usize,
    },
    /// `min`/`max` with more arguments than the limit.
    TooManyArguments {
        /// The function.
        function: &'static str,
        /// Arguments given.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// Nesting deeper than the limit.
    TooDeep {
        /// The limit.
        limit: u32,
    },
    /// An operation in the expression would exceed the work budget.
    WorkExhausted {
        /// The budget.
        budget: u64,
        /// Units the operation needed.
        charge: u64,
        /// Units already spent.
        used: u64,
    },
    /// An intermediate result with more digits than the cap.
    IntermediateTooLarge {
        /// Digits of its larger part.
        digits: u32,
        /// The cap.
        limit: u32,
    },
    /// A power whose conservative size estimate exceeds the cap.
    PowerTooLarge {
        /// Digits of the base's larger part times the exponent's magnitude.
        estimate: u64,
        /// The cap.
        limit: u32,
    },
    /// Division by zero.
    DivisionByZero,
    /// Zero to a negative power.
    ZeroToNegativePower,
    /// The exact result has no finite decimal expansion and no scale was given.
    NonTerminatingDecimal,
    /// `rounding: "unnecessary"` met an inexact rounding.
    RoundingNecessary,
}

/// Why a decimal string or literal is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberProblem {
    /// Outside `-?(0|[1-9][0-9]*)(\.[0-9]+)?`.
    Malformed,
    /// More than 60 digits.
    TooManyDigits(usize),
    /// More than 40 digits after the point.
    TooManyFractionDigits(usize),
}

impl DecimalError {
    /// An error without a span.
    pub(crate) fn new(kind: ErrorKind) -> Self {
        Self {
            kind,
            span: None,
            token: None,
            work_units: 0,
        }
    }

    /// An error blaming `span` of the expression.
    pub(crate) fn at(kind: ErrorKind, span: Span) -> Self {
        Self {
            kind,
            span: Some(span),
            token: None,
            work_units: 0,
        }
    }

    /// The wire `code`.
    pub fn category(&self) -> ErrorCategory {
        self.kind.category()
    }

    /// The wire `details.reason`.
    pub fn reason(&self) -> &'static str {
        self.kind.reason()
    }
}

impl ErrorKind {
    /// The specification's error code for this kind.
    pub fn category(&self) -> ErrorCategory {
        use ErrorKind::*;
        match self {
            TooManyVariables { .. }
            | VariableTooLong { .. }
            | VariableWorkExhausted { .. }
            | ExpressionTooLong { .. }
            | LiteralTooLong { .. }
            | TooManyTokens { .. }
            | TooManyArguments { .. }
            | TooDeep { .. }
            | WorkExhausted { .. }
            | IntermediateTooLarge { .. }
            | PowerTooLarge { .. } => ErrorCategory::LimitExceeded,
            DivisionByZero | ZeroToNegativePower | NonTerminatingDecimal | RoundingNecessary => {
                ErrorCategory::NotComputable
            }
            _ => ErrorCategory::InvalidInput,
        }
    }

    /// The `details.reason`: fixed by the specification for limits and non-computable results,
    /// informative for invalid input.
    pub fn reason(&self) -> &'static str {
        use ErrorKind::*;
        match self {
            InvalidJson(_) => "invalid_json",
            NotAnObject => "not_an_object",
            UnknownField(_) => "unknown_field",
            MissingExpression => "missing_expression",
            ExpressionNotString | VariablesNotObject | VariableNotString(_) => "wrong_type",
            EmptyExpression => "empty_expression",
            InvalidScale => "invalid_scale",
            InvalidRounding => "invalid_rounding",
            TooManyVariables { .. } => "variables",
            InvalidVariableName(_) => "invalid_variable_name",
            VariableTooLong { .. } | LiteralTooLong { .. } => "literal_length",
            InvalidVariableValue { .. } => "invalid_variable_value",
            VariableWorkExhausted { .. } | WorkExhausted { .. } => "arithmetic_work",
            ScaleWithoutRounding => "scale_without_rounding",
            ExpressionTooLong { .. } => "expression_bytes",
            LoneSurrogate => "lone_surrogate",
            InvalidCharacter(_) => "invalid_character",
            InvalidNumber(_) => "invalid_number",
            NameTooLong { .. } => "name_too_long",
            TooManyTokens { .. } => "tokens",
            UnexpectedToken { .. } | UnexpectedEnd { .. } | ChainedPower => "syntax",
            UnknownFunction(_) => "unknown_function",
            RoundWithoutRounding => "round_without_rounding",
            UnknownVariable { .. } => "unknown_variable",
            InvalidExponent | ExponentTooLarge { .. } => "invalid_exponent",
            InvalidRoundDigits { .. } => "invalid_round_digits",
            WrongArity { .. } => "arity",
            TooManyArguments { .. } => "call_args",
            TooDeep { .. } => "depth",
            IntermediateTooLarge { .. } => "intermediate_digits",
            PowerTooLarge { .. } => "power_size",
            DivisionByZero => "division_by_zero",
            ZeroToNegativePower => "zero_to_negative_power",
            NonTerminatingDecimal => "non_terminating_decimal",
            RoundingNecessary => "rounding_necessary",
        }
    }

    /// For a limit: the limit and the amount the input asked for (for the work budget: the units the
    /// refused operation would have brought the total to).
    pub fn limit_and_actual(&self) -> Option<(u64, u64)> {
        use ErrorKind::*;
        let pair = |limit: usize, actual: usize| Some((limit as u64, actual as u64));
        match *self {
            TooManyVariables { count, limit } => pair(limit, count),
            VariableTooLong { chars, limit, .. } | LiteralTooLong { chars, limit } => {
                pair(limit, chars)
            }
            ExpressionTooLong { bytes, limit } => pair(limit, bytes),
            TooManyTokens { count, limit } => pair(limit, count),
            TooManyArguments { count, limit, .. } => pair(limit, count),
            VariableWorkExhausted {
                budget,
                charge,
                used,
                ..
            }
            | WorkExhausted {
                budget,
                charge,
                used,
            } => Some((budget, used.saturating_add(charge))),
            IntermediateTooLarge { digits, limit } => Some((u64::from(limit), u64::from(digits))),
            PowerTooLarge { estimate, limit } => Some((u64::from(limit), estimate)),
            TooDeep { limit } => Some((u64::from(limit), u64::from(limit) + 1)),
            _ => None,
        }
    }
}

impl std::fmt::Display for DecimalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.kind, f)?;
        if let Some(span) = self.span {
            write!(f, " (at byte {})", span.start)?;
        }
        Ok(())
    }
}

impl std::error::Error for DecimalError {}

impl std::fmt::Display for NumberProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Malformed => f.write_str(
                "is not a decimal: write digits with an optional .digits part, no leading zeros, no exponent",
            ),
            Self::TooManyDigits(n) => write!(f, "has {n} digits; at most 60 are allowed"),
            Self::TooManyFractionDigits(n) => write!(f, "has {n} fraction digits; at most 40 are allowed"),
        }
    }
}

/// Where a refusal of a power or of a large intermediate sends the caller: the job (compound
/// growth, a computed exponent, a huge power) is the calculate tool's, with 64-digit decimals.
const LARGER_POWERS: &str = "for a variable or computed exponent or a larger power (compound growth such as 1000 * (1 + 0.05/12)^(12*10)) use the calculate tool with numericType \"BigNumber\" and round(x, 2)";

impl std::fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use ErrorKind::*;
        match self {
            InvalidJson(e) => write!(f, "the input is not valid JSON: {e}"),
            NotAnObject => f.write_str("the input must be a JSON object with an \"expression\" member"),
            UnknownField(name) => write!(
                f,
                "unknown member {name:?}; allowed members are expression, variables, scale and rounding"
            ),
            MissingExpression => f.write_str("the \"expression\" member is missing"),
            ExpressionNotString => f.write_str("\"expression\" must be a string"),
            EmptyExpression => f.write_str("\"expression\" is empty; give an arithmetic expression such as \"1 + 2\""),
            VariablesNotObject => {
                f.write_str("\"variables\" must be an object of decimal strings, such as {\"x\": \"1.5\"}")
            }
            InvalidScale => f.write_str("\"scale\" must be an integer from 0 to 40"),
            InvalidRounding => f.write_str(
                "\"rounding\" must be one of half_even, half_up, half_down, half_ceiling, half_floor, up, down, ceiling, floor, unnecessary",
            ),
            TooManyVariables { count, limit } => {
                write!(f, "{count} variables given; at most {limit} are allowed")
            }
            InvalidVariableName(name) => write!(
                f,
                "variable name {name:?} is invalid: use 1 to 32 characters of a-z, 0-9 and _, not starting with a digit"
            ),
            VariableNotString(name) => write!(
                f,
                "variable {name:?} must be a decimal string such as \"1.5\" (numbers are not accepted, to keep them exact)"
            ),
            VariableTooLong { name, chars, limit } => {
                write!(f, "the value of variable {name:?} has {chars} characters; at most {limit} are allowed")
            }
            InvalidVariableValue { name, problem } => write!(f, "the value of variable {name:?} {problem}"),
            VariableWorkExhausted { name, budget, .. } => {
                write!(f, "reducing the value of variable {name:?} would exceed the work budget of {budget} units")
            }
            ScaleWithoutRounding => f.write_str("\"scale\" requires \"rounding\" (for example \"half_even\")"),
            ExpressionTooLong { bytes, limit } => {
                write!(f, "the expression is {bytes} bytes long; at most {limit} UTF-8 bytes are allowed")
            }
            LoneSurrogate => f.write_str("the expression contains a lone UTF-16 surrogate"),
            InvalidCharacter(c) => write!(
                f,
                "unexpected character {c:?}: expressions use digits, lowercase names, + - * / ^ ( ) , and spaces"
            ),
            LiteralTooLong { chars, limit } => {
                write!(f, "a numeric literal of {chars} characters; at most {limit} are allowed")
            }
            InvalidNumber(problem) => write!(f, "this number {problem}"),
            NameTooLong { length } => write!(f, "a name of {length} characters; at most 32 are allowed"),
            TooManyTokens { count, limit } => {
                write!(f, "the expression has {count} tokens; at most {limit} are allowed")
            }
            UnexpectedToken { expected } => write!(f, "unexpected token; expected {expected}"),
            UnexpectedEnd { expected } => write!(f, "the expression ends too early; expected {expected}"),
            ChainedPower => f.write_str("^ does not chain: group the first power, as in (2^3)^2"),
            UnknownFunction(name) => {
                write!(f, "unknown function {name:?}; the functions are abs, min, max and round")
            }
            RoundWithoutRounding => f.write_str("round() needs the request's \"rounding\" member, such as \"half_even\""),
            UnknownVariable { name, known } if known.is_empty() => {
                write!(f, "unknown variable {name:?}; the request defines no variables")
            }
            UnknownVariable { name, known } => {
                write!(f, "unknown variable {name:?}; known variables: {}", known.join(", "))
            }
            InvalidExponent => write!(
                f,
                "^ takes an integer literal exponent, optionally negative, such as 2^-3; {LARGER_POWERS}"
            ),
            ExponentTooLarge { limit } => {
                write!(f, "the exponent's magnitude is over {limit}; {LARGER_POWERS}")
            }
            InvalidRoundDigits { limit } => {
                write!(f, "round(x, n) takes an integer literal n from 0 to {limit} as its second argument")
            }
            WrongArity { function: "abs", count } => write!(f, "abs takes exactly 1 argument, not {count}"),
            WrongArity { function, count } => {
                write!(f, "{function} takes 2 to 50 arguments, not {count}")
            }
            TooManyArguments { function, count, limit } => {
                write!(f, "{function} has {count} arguments; at most {limit} are allowed")
            }
            TooDeep { limit } => write!(
                f,
                "nesting deeper than {limit} levels (parentheses, calls and pending unary minus signs)"
            ),
            WorkExhausted { budget, .. } => write!(
                f,
                "the arithmetic work budget of {budget} units is exhausted; use fewer or smaller operands"
            ),
            IntermediateTooLarge { digits, limit } => write!(
                f,
                "an intermediate result has {digits} digits in its numerator or denominator; at most {limit} are allowed; {LARGER_POWERS}"
            ),
            PowerTooLarge { estimate, limit } => write!(
                f,
                "this power could reach {estimate} digits (base digits times exponent); at most {limit} are allowed; {LARGER_POWERS}"
            ),
            DivisionByZero => f.write_str("division by zero"),
            ZeroToNegativePower => f.write_str("zero to a negative power"),
            NonTerminatingDecimal => f.write_str(
                "the exact result has no finite decimal expansion; give \"scale\" and \"rounding\" to round it",
            ),
            RoundingNecessary => f.write_str(
                "rounding \"unnecessary\" met an inexact result; choose another rounding mode or a larger scale",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    /// The message of the refusal of `expression`.
    fn refusal(expression: &str) -> String {
        let input = serde_json::json!({ "expression": expression }).to_string();
        match crate::evaluate_json(input.as_bytes()) {
            Ok(answer) => panic!("{expression} answered {}", answer.value),
            Err(error) => error.to_string(),
        }
    }

    #[test]
    fn refusals_of_powers_name_the_tool_that_can_do_the_job() {
        // Compound growth is the decimal tool's everyday job that its power rules refuse: each
        // such refusal sends the caller to calculate with BigNumbers.
        for expression in [
            "1000 * (1 + 0.05/12)^(12*10)",
            "1.01^120",
            "1.0001^100 * 1.0001^100 * 1.0001^100",
            "12345678901^50",
        ] {
            let message = refusal(expression);
            assert!(
                message.contains(
                    "use the calculate tool with numericType \"BigNumber\" and round(x, 2)"
                ),
                "{expression}: {message}"
            );
        }
    }
}
