//! The calculate input (spec section 1) and the checks that precede the operation (section 3,
//! steps 1–8): decoding, the missing derivative variable, empty and overlong expressions, reserved
//! scope keys, parsing (with the CR rule), multiple statements, and the static checks (made by
//! `syntax::checks`). Beside it: the scope entries an expression uses (`used_scope`), the quick
//! paths (`quick`, and `quick_units` for `5 kg to lbs`), and the result checks and the answer's text (`answer`).

use crate::error::{CalculateError, Reason};
use crate::syntax::ast::{Node, NodeKind};
use crate::syntax::parser::{parse, parse_noting_lexed};
use reckon_core::ecmascript::is_whitespace;
use reckon_core::json::{Duplicates, Json, Node as JsonNode};
use std::borrow::Cow;

pub use crate::syntax::NumericType;

pub(crate) mod answer;
mod plain;
pub(crate) mod quick;
pub(crate) mod quick_units;
pub(crate) mod used_scope;

/// The operation requested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    /// Evaluate the expression.
    Evaluate,
    /// Simplify it symbolically.
    Simplify,
    /// Differentiate it with respect to `variable`.
    Derivative,
}

impl Operation {
    /// The wire name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Evaluate => "evaluate",
            Self::Simplify => "simplify",
            Self::Derivative => "derivative",
        }
    }
}

/// A decoded request.
#[derive(Clone, Debug, PartialEq)]
pub struct Request<'a> {
    /// The expression, verbatim: borrowed from the request text when it is written there
    /// without escapes (the usual case, which saves its copy), and then it holds nothing that
    /// JSON escapes (no `"`, `\` or control character), which the answer writer relies on.
    pub expression: Cow<'a, str>,
    /// The operation.
    pub operation: Operation,
    /// The derivative's variable (`""` and `null` mean omitted).
    pub variable: Option<String>,
    /// Scope values in `scopeVars` order (JavaScript's object key order), when a scope was given.
    pub scope: Option<Vec<(String, f64)>>,
    /// Significant digits for the result (1–16), when given as an integer.
    pub precision: Option<u32>,
    /// The numeric type.
    pub numeric_type: NumericType,
}

impl Request<'_> {
    /// The request before any field is read: the empty expression (which no decoded request
    /// has) and every other field omitted.
    pub(crate) fn empty() -> Self {
        Self {
            expression: Cow::Borrowed(""),
            operation: Operation::Evaluate,
            variable: None,
            scope: None,
            precision: None,
            numeric_type: NumericType::Number,
        }
    }
}

const FIELDS: [&str; 6] = [
    "expression",
    "operation",
    "variable",
    "scope",
    "precision",
    "numericType",
];

/// Scopes of up to this many keys are searched directly: cheaper than hashing their keys, and
/// linear work per key stays small. Larger scopes go through a hash map, keeping the work O(n).
pub(crate) const SMALL_SCOPE: usize = 16;

/// Reserved scope keys (section 9.2).
const RESERVED_SCOPE_KEYS: [&str; 13] = [
    "__proto__",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
    "constructor",
    "prototype",
    "toString",
    "valueOf",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
];

fn invalid(what: impl std::fmt::Display) -> CalculateError {
    CalculateError::new(
        Reason::InvalidArguments,
        format!("Invalid arguments: {what}"),
    )
}

/// Step 1: one JSON object with the tool's fields, typed as the schema says.
///
/// The usual request is read by a direct decoder (`plain`); anything it does not take, every
/// invalid input among it, goes through the general decoder, which alone reports errors.
///
/// # Errors
/// `invalid_json` for text that is not JSON, `invalid_arguments` for any schema violation.
pub fn decode(input: &[u8]) -> Result<Request<'_>, CalculateError> {
    let mut request = Request::empty();
    decode_into(input, &mut request)?;
    Ok(request)
}

/// [`decode`] into `request`, which must hold [`Request::empty`]: the request is read where
/// the caller keeps it, not moved out through a `Result` (~50 instructions per request).
///
/// # Errors
/// As [`decode`]; `request` then holds part of what was read.
#[inline]
pub(crate) fn decode_into<'a>(
    input: &'a [u8],
    request: &mut Request<'a>,
) -> Result<(), CalculateError> {
    if !plain::decode_plain_into(input, request) {
        *request = decode_general(input)?;
    }
    Ok(())
}

/// Step 1 for any input: the text is parsed into a JSON document, then the fields are checked in
/// the order of section 1 (unknown keys, expression, operation, variable, scope, precision,
/// numericType); a repeated key counts once, with its last value, and `null` means omitted.
#[inline(never)]
fn decode_general(input: &[u8]) -> Result<Request<'static>, CalculateError> {
    let json = Json::parse_with(input, Duplicates::Keep)
        .map_err(|_| CalculateError::new(Reason::InvalidJson, "Invalid JSON input"))?;
    let root = json.root();
    let JsonNode::Object(members) = root else {
        return Err(invalid("the input must be a JSON object"));
    };
    if let Some(unknown) = members.iter().find(|m| !FIELDS.contains(&m.name.text())) {
        return Err(invalid(format!("unknown key \"{}\"", unknown.name.text())));
    }
    let field = |name: &str| {
        json.member(root, name)
            .filter(|node| !matches!(node, JsonNode::Null))
    };
    let expression = match json.member(root, "expression") {
        Some(JsonNode::String(text)) if !text.text().is_empty() => {
            Cow::Owned(text.text().to_owned())
        }
        Some(JsonNode::String(_)) => return Err(invalid("\"expression\" must not be empty")),
        Some(_) => return Err(invalid("\"expression\" must be a string")),
        None => return Err(invalid("\"expression\" is required")),
    };
    let operation = match field("operation") {
        None => Operation::Evaluate,
        Some(JsonNode::String(name)) => match operation_named(name.text().as_bytes()) {
            Some(operation) => operation,
            None => {
                return Err(invalid(format!(
                    "\"operation\" must be evaluate, simplify or derivative, not \"{}\"",
                    name.text()
                )));
            }
        },
        Some(_) => return Err(invalid("\"operation\" must be a string")),
    };
    let variable = match field("variable") {
        None => None,
        Some(JsonNode::String(name)) if name.text().is_empty() => None,
        Some(JsonNode::String(name)) if is_identifier(name.text().as_bytes()) => {
            Some(name.text().to_owned())
        }
        Some(JsonNode::String(_)) => {
            return Err(invalid(
                "\"variable\" must be an identifier of at most 50 characters",
            ));
        }
        Some(_) => return Err(invalid("\"variable\" must be a string")),
    };
    let scope = match field("scope") {
        None => None,
        Some(JsonNode::Object(entries)) => {
            let mut values: Vec<(String, f64)> = Vec::with_capacity(entries.len());
            // Where each key sits in `values`, for a scope too large to search: a repeated key is
            // found in constant time, so a scope of n keys is read in O(n), not O(n²) (the keys
            // are the client's, so the map keeps std's randomly seeded hasher). A small scope,
            // the usual one, is searched directly, which costs less than hashing its keys.
            let mut slots: Option<std::collections::HashMap<String, usize>> = (entries.len()
                > SMALL_SCOPE)
                .then(|| std::collections::HashMap::with_capacity(entries.len()));
            for entry in entries {
                let key = entry.name.text();
                let value = match json.node(entry.value) {
                    JsonNode::Number(text) => text.parse::<f64>().ok().filter(|v| v.is_finite()),
                    _ => None,
                };
                let Some(value) = value else {
                    return Err(invalid(format!(
                        "scope value \"{key}\" must be a finite number"
                    )));
                };
                // A repeated key: the last value wins, the key keeps its first position.
                let slot = match &slots {
                    Some(slots) => slots.get(key).copied(),
                    None => values.iter().position(|(k, _)| k == key),
                };
                match slot {
                    Some(slot) => values[slot].1 = value,
                    None => {
                        if let Some(slots) = &mut slots {
                            slots.insert(key.to_owned(), values.len());
                        }
                        values.push((key.to_owned(), value));
                    }
                }
            }
            Some(javascript_key_order(values))
        }
        Some(_) => return Err(invalid("\"scope\" must be an object of numbers")),
    };
    let precision = match field("precision") {
        None => None,
        Some(JsonNode::String(text)) if text.text().is_empty() => None,
        Some(JsonNode::Number(text)) => match text.parse::<f64>() {
            Ok(p) if p.fract() == 0.0 && (1.0..=16.0).contains(&p) => Some(p as u32),
            _ => return Err(invalid("\"precision\" must be an integer from 1 to 16")),
        },
        Some(_) => return Err(invalid("\"precision\" must be an integer from 1 to 16")),
    };
    let numeric_type = match field("numericType") {
        None => NumericType::Number,
        Some(JsonNode::String(name)) => match numeric_type_named(name.text().as_bytes()) {
            Some(numeric_type) => numeric_type,
            None => {
                return Err(invalid(format!(
                    "\"numericType\" must be number, BigNumber or Fraction, not \"{}\"",
                    name.text()
                )));
            }
        },
        Some(_) => return Err(invalid("\"numericType\" must be a string")),
    };
    Ok(Request {
        expression,
        operation,
        variable,
        scope,
        precision,
        numeric_type,
    })
}

/// The operation a wire name means (case-sensitive).
fn operation_named(name: &[u8]) -> Option<Operation> {
    match name {
        b"evaluate" => Some(Operation::Evaluate),
        b"simplify" => Some(Operation::Simplify),
        b"derivative" => Some(Operation::Derivative),
        _ => None,
    }
}

/// The numeric type a wire name means (case-sensitive).
fn numeric_type_named(name: &[u8]) -> Option<NumericType> {
    match name {
        b"number" => Some(NumericType::Number),
        b"BigNumber" => Some(NumericType::BigNumber),
        b"Fraction" => Some(NumericType::Fraction),
        _ => None,
    }
}

/// `^[a-zA-Z_][a-zA-Z0-9_]*$`, at most 50 characters.
fn is_identifier(bytes: &[u8]) -> bool {
    !bytes.is_empty()
        && bytes.len() <= 50
        && (bytes[0].is_ascii_alphabetic() || bytes[0] == b'_')
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'_')
}

/// JavaScript's own-key order: canonical array indices ascending, then the rest in order.
fn javascript_key_order(values: Vec<(String, f64)>) -> Vec<(String, f64)> {
    // Only a key of digits can be an index: with none (the usual scope), the order stands.
    if !values
        .iter()
        .any(|(k, _)| k.as_bytes().first().is_some_and(u8::is_ascii_digit))
    {
        return values;
    }
    let index = |key: &str| -> Option<u64> {
        let canonical = key == "0"
            || (!key.starts_with('0')
                && !key.is_empty()
                && key.bytes().all(|b| b.is_ascii_digit()));
        key.parse::<u64>()
            .ok()
            .filter(|n| canonical && *n < 4_294_967_295)
    };
    let (mut indices, rest): (Vec<_>, Vec<_>) =
        values.into_iter().partition(|(k, _)| index(k).is_some());
    indices.sort_by_key(|(k, _)| index(k));
    indices.into_iter().chain(rest).collect()
}

/// Longest expression, in UTF-16 code units.
pub const MAX_EXPRESSION_UNITS: usize = 1_000;

/// Steps 2–8: everything before the operation. Returns the checked tree, aliases renamed.
///
/// # Errors
/// The first failing step's error.
pub fn prepare(request: &Request) -> Result<Node, CalculateError> {
    check_unparsed(request)?;
    parse_checked(request, None).map(|(tree, _)| tree)
}

/// Steps 2–6: the checks before the parse (the derivative's variable, an empty or too long
/// expression, a reserved scope key).
///
/// # Errors
/// The first failing step's error.
#[inline]
pub(crate) fn check_unparsed(request: &Request) -> Result<(), CalculateError> {
    if request.operation == Operation::Derivative && request.variable.is_none() {
        return Err(CalculateError::new(
            Reason::DerivativeMissingVariable,
            "The 'variable' parameter is required when operation is 'derivative'.",
        ));
    }
    // Empty once trimmed: nothing but whitespace (stops at the first other character).
    if request.expression.chars().all(is_whitespace) {
        return Err(CalculateError::new(
            Reason::EmptyExpression,
            "Expression cannot be empty.",
        ));
    }
    // A text has at most as many UTF-16 units as UTF-8 bytes: most need no counting.
    if request.expression.len() > MAX_EXPRESSION_UNITS
        && request.expression.encode_utf16().count() > MAX_EXPRESSION_UNITS
    {
        return Err(CalculateError::new(
            Reason::ExpressionTooLong,
            "Expression exceeds maximum length of 1000 characters.",
        ));
    }
    if request.operation == Operation::Evaluate
        && let Some(key) = request
            .scope
            .iter()
            .flatten()
            .map(|(k, _)| k)
            .find(|k| RESERVED_SCOPE_KEYS.contains(&k.as_str()))
    {
        return Err(CalculateError::new(
            Reason::ReservedScopeKey,
            format!(
                "Scope key \"{key}\" is not allowed — it conflicts with a reserved property name."
            ),
        ));
    }
    Ok(())
}

/// Steps 7–8 after [`check_unparsed`]: the parse (of `lexed`, the tokens of an ASCII
/// expression, when they are already made), one statement, the static checks. Also tells
/// whether the tree may hold a number literal Fraction mode cannot read (noted by the parser in
/// Fraction mode only; `false` there promises `check_fraction_literals` would find nothing, so
/// the walk is skipped).
///
/// # Errors
/// The first failing step's error.
#[inline]
pub(crate) fn parse_checked(
    request: &Request,
    lexed: Option<crate::syntax::parser::LexedBytes>,
) -> Result<(Node, bool), CalculateError> {
    let parsed = parse_noting_lexed(&request.expression, lexed, request.numeric_type);
    let (mut tree, notes) = match parsed {
        Ok(parsed) => parsed,
        Err(error) => return Err(parse_failure(request, error)),
    };
    // (Looked at in place: a match that moved the tree out and back cost two copies of it.)
    if let NodeKind::Block {
        statements,
        first_separator,
    } = &tree.kind
    {
        if !statements.is_empty() {
            return Err(multiple(*first_separator));
        }
        tree = Node {
            kind: NodeKind::Constant(crate::syntax::ast::Constant::Undefined),
            span: tree.span,
        };
    }
    if notes.review {
        crate::syntax::checks::static_checks(&mut tree)?;
    }
    Ok((tree, notes.unusual_number))
}

/// The error of step 7 at `position`: more than one statement.
#[cold]
fn multiple(position: usize) -> CalculateError {
    CalculateError::new(
        Reason::MultipleExpressions,
        "Multiple expressions are not allowed. Submit one expression per call.",
    )
    .at(position)
}

/// Step 7 when the parser refused the expression: several statements once CR is a line break
/// (math.js splits statements on it), else the parse error itself.
#[cold]
#[inline(never)]
fn parse_failure(request: &Request, error: crate::syntax::parser::ParseError) -> CalculateError {
    if request.expression.contains('\r') {
        let unified = request.expression.replace("\r\n", "\n").replace('\r', "\n");
        if let Ok(Node {
            kind:
                NodeKind::Block {
                    statements,
                    first_separator,
                },
            ..
        }) = parse(&unified)
            && !statements.is_empty()
        {
            return multiple(first_separator);
        }
    }
    CalculateError::new(
        Reason::ParseFailed,
        format!("Invalid expression: {}", error.message),
    )
    .at(error.position)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: &str) -> Result<Request<'_>, CalculateError> {
        decode(json.as_bytes())
    }

    fn prepared(json: &str) -> Result<Node, CalculateError> {
        request(json).and_then(|r| prepare(&r))
    }

    #[track_caller]
    fn fails(json: &str, reason: Reason) -> CalculateError {
        let error = prepared(json).expect_err(json);
        assert_eq!(error.reason, reason, "{json}: {}", error.message);
        error
    }

    #[test]
    fn input_follows_section_1() {
        let r = request(r#"{"expression": "x", "operation": null, "variable": "", "precision": 4.0, "numericType": null}"#).expect("valid");
        assert_eq!(
            (r.operation, r.variable, r.precision, r.numeric_type),
            (Operation::Evaluate, None, Some(4), NumericType::Number)
        );
        assert_eq!(
            request(r#"{"expression": "x", "precision": ""}"#).map(|r| r.precision),
            Ok(None)
        );
        for bad in [
            r#"{"expression": ""}"#,
            r#"{"expression": null}"#,
            r#"{"expression": 1}"#,
            r#"{"Expression": "1"}"#,
            r#"{"expression": "1", "precision": 17}"#,
            r#"{"expression": "1", "precision": 0}"#,
            r#"{"expression": "1", "precision": 2.5}"#,
            r#"{"expression": "1", "precision": "4"}"#,
            r#"{"expression": "1", "scope": "x=1"}"#,
            r#"{"expression": "1", "scope": {"x": 1e400}}"#,
            r#"{"expression": "1", "scope": {"x": null}}"#,
            r#"{"expression": "1", "operation": "Evaluate"}"#,
            r#"{"expression": "1", "variable": "1x"}"#,
            r#"[1, 2]"#,
            r#""1+1""#,
        ] {
            let error = request(bad).expect_err(bad);
            assert_eq!(
                (error.reason, error.reason.code()),
                (Reason::InvalidArguments, -32602),
                "{bad}"
            );
            assert!(error.message.starts_with("Invalid arguments: "), "{bad}");
        }
        let error = request("{").expect_err("not JSON");
        assert_eq!(
            (error.reason.code(), error.message.as_str()),
            (-32700, "Invalid JSON input")
        );
    }

    #[test]
    fn scope_keys_keep_javascript_order_and_the_last_value() {
        let r = request(
            r#"{"expression": "1", "scope": {"b": 1, "1": 2, "a": 3, "0": 4, "01": 5, "b": 6}}"#,
        )
        .expect("valid");
        let keys: Vec<(&str, f64)> = r
            .scope
            .as_ref()
            .expect("scope")
            .iter()
            .map(|(k, v)| (k.as_str(), *v))
            .collect();
        assert_eq!(
            keys,
            [("0", 4.0), ("1", 2.0), ("b", 6.0), ("a", 3.0), ("01", 5.0)]
        );
    }

    #[test]
    fn validation_order_of_section_3() {
        fails(
            r#"{"expression": "  ", "operation": "derivative"}"#,
            Reason::DerivativeMissingVariable,
        );
        fails(r#"{"expression": " \u3000\n "}"#, Reason::EmptyExpression);
        let long = format!(r#"{{"expression": "{}"}}"#, "9".repeat(1001));
        fails(&long, Reason::ExpressionTooLong);
        assert!(prepared(&format!(r#"{{"expression": "{}"}}"#, "9".repeat(1000))).is_ok());
        // 500 astral characters are 1,000 UTF-16 units: allowed; 501 are not.
        assert_ne!(
            prepared(&format!(r#"{{"expression": "{}"}}"#, "😀".repeat(500))).map_err(|e| e.reason),
            Err(Reason::ExpressionTooLong)
        );
        fails(
            &format!(r#"{{"expression": "{}"}}"#, "😀".repeat(501)),
            Reason::ExpressionTooLong,
        );
        let e = fails(
            r#"{"expression": "x + 1", "scope": {"a": 1, "constructor": 1}}"#,
            Reason::ReservedScopeKey,
        );
        assert_eq!(
            e.message,
            "Scope key \"constructor\" is not allowed — it conflicts with a reserved property name."
        );
        assert!(
            prepared(
                r#"{"expression": "x + 1", "operation": "simplify", "scope": {"constructor": 1}}"#
            )
            .is_ok()
        );
    }

    #[test]
    fn parse_errors_and_multiple_statements() {
        let e = fails(r#"{"expression": "3 4"}"#, Reason::ParseFailed);
        assert_eq!(
            (e.message.as_str(), e.position),
            ("Invalid expression: Unexpected part \"4\"", Some(2))
        );
        for (text, position) in [
            ("1+1; 2+2", 3),
            ("1;", 1),
            (";1", 0),
            ("1\\n", 1),
            ("#c\\n1", 2),
            ("1+1\\r2+2", 3),
        ] {
            let e = fails(
                &format!(r#"{{"expression": "{text}"}}"#),
                Reason::MultipleExpressions,
            );
            assert_eq!(e.position, Some(position), "{text}");
        }
        for text in [";", "; ;", "#foo\\n", "#a\\n#b", "# only"] {
            let tree = prepared(&format!(r#"{{"expression": "{text}"}}"#)).expect(text);
            assert_eq!(
                tree.kind,
                NodeKind::Constant(crate::syntax::ast::Constant::Undefined),
                "{text}"
            );
        }
        assert!(prepared(r#"{"expression": "1 +\n 2"}"#).is_ok());
        assert!(prepared(r#"{"expression": "[1, 2; 3, 4]"}"#).is_ok());
    }

    #[test]
    fn static_checks_of_step_8() {
        let e = fails(
            r#"{"expression": "cos.toString()"}"#,
            Reason::DisallowedResultType,
        );
        assert_eq!(e.position, Some(4));
        fails(
            r#"{"expression": "evaluate(\"1\") + x[\"toString\"]"}"#,
            Reason::DisallowedResultType,
        );
        let e = fails(
            r#"{"expression": "evaluate(\"1+1\")"}"#,
            Reason::OperationAsFunction,
        );
        assert_eq!(e.position, Some(0));
        assert!(
            e.message.ends_with("with `operation: \"evaluate\"`."),
            "{}",
            e.message
        );
        let e = fails(
            r#"{"expression": "1 + derivative(x^2, x)"}"#,
            Reason::OperationAsFunction,
        );
        assert_eq!(e.position, Some(4));
        assert!(
            e.message
                .ends_with("with `operation: \"derivative\"` and pass `variable`."),
            "{}",
            e.message
        );
        let tree = prepared(r#"{"expression": "ln(x) + arcsinh(1) + ln"}"#).expect("valid");
        let text = tree.to_mathjs_json().to_string();
        assert!(
            text.contains(r#""name":"log""#)
                && text.contains(r#""name":"asinh""#)
                && text.contains(r#""name":"ln""#),
            "{text}"
        );
    }

    #[test]
    fn errors_have_the_wire_shape() {
        let e = CalculateError::new(
            Reason::ParseFailed,
            "Invalid expression: Undefined symbol x",
        )
        .at(0);
        assert_eq!(
            e.to_json(),
            serde_json::json!({"error": {"code": -32007, "message": "Invalid expression: Undefined symbol x", "data": {
                "reason": "parse_failed",
                "recovery": {"hint": "Check syntax for balanced parentheses, valid operators, and correct function and unit names; pass variable values through scope."},
                "position": 0,
            }}})
        );
        let timeout = CalculateError::new(
            Reason::EvaluationTimeout,
            "Expression evaluation timed out after 5 seconds.",
        )
        .to_json();
        assert_eq!(
            (
                timeout["error"]["code"].as_i64(),
                timeout["error"]["data"]["retryable"].as_bool()
            ),
            (Some(-32004), Some(false))
        );
    }
}
