//! The JSON contract: decoding a request (steps 1–4 of C5) and encoding the answer.

use crate::error::{DecimalError, ErrorKind};
use crate::variables::VariableInput;
use crate::{Evaluation, RoundingMode};
use reckon_core::json::{Json, JsonString, Node};
use serde_json::{Map, Value, json};

/// The request's members, decoded and type-checked.
pub(crate) struct Decoded<'a> {
    pub(crate) expression: &'a JsonString<'a>,
    pub(crate) variables: Vec<VariableInput<'a>>,
    pub(crate) scale: Option<u32>,
    pub(crate) rounding: Option<RoundingMode>,
}

const FIELDS: [&str; 4] = ["expression", "variables", "scale", "rounding"];

/// Steps 1–4: an object, known members only, `expression` present, then the member types in the
/// order expression, variables, scale, rounding.
///
/// # Errors
/// The first of those faults.
pub(crate) fn decode<'a>(json: &'a Json<'a>) -> Result<Decoded<'a>, DecimalError> {
    let Node::Object(members) = json.root() else {
        return Err(DecimalError::new(ErrorKind::NotAnObject));
    };
    if let Some(unknown) = members.iter().find(|m| !FIELDS.contains(&m.name.text())) {
        return Err(DecimalError::new(ErrorKind::UnknownField(
            unknown.name.text().to_owned(),
        )));
    }
    let field = |name: &str| {
        members
            .iter()
            .find(|m| m.name.text() == name)
            .map(|m| json.node(m.value))
    };
    let expression = match field("expression") {
        None => return Err(DecimalError::new(ErrorKind::MissingExpression)),
        Some(Node::String(text)) if text.text().is_empty() => {
            return Err(DecimalError::new(ErrorKind::EmptyExpression));
        }
        Some(Node::String(text)) => text,
        Some(_) => return Err(DecimalError::new(ErrorKind::ExpressionNotString)),
    };
    let variables = match field("variables") {
        None => Vec::new(),
        Some(Node::Object(members)) => members
            .iter()
            .map(|m| VariableInput {
                name: m.name.text(),
                value: match json.node(m.value) {
                    Node::String(value) => Some(value.text()),
                    _ => None,
                },
            })
            .collect(),
        Some(_) => return Err(DecimalError::new(ErrorKind::VariablesNotObject)),
    };
    let scale = match field("scale") {
        None => None,
        Some(Node::Number(text)) => {
            Some(integer_in_range(text, crate::LIMITS.max_scale).ok_or_else(invalid_scale)?)
        }
        Some(_) => return Err(invalid_scale()),
    };
    let rounding = match field("rounding") {
        None => None,
        Some(Node::String(name)) => Some(
            RoundingMode::from_name(name.text())
                .ok_or_else(|| DecimalError::new(ErrorKind::InvalidRounding))?,
        ),
        Some(_) => return Err(DecimalError::new(ErrorKind::InvalidRounding)),
    };
    Ok(Decoded {
        expression,
        variables,
        scale,
        rounding,
    })
}

fn invalid_scale() -> DecimalError {
    DecimalError::new(ErrorKind::InvalidScale)
}

/// C6: the exact value of a JSON number, if it is an integer from 0 to `max` (`2.0`, `20E-1` and
/// `-0` qualify; `2.5`, `-1` and `1e2` do not).
fn integer_in_range(text: &str, max: u32) -> Option<u32> {
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(at) => (&unsigned[..at], parse_exponent(&unsigned[at + 1..])?),
        None => (unsigned, 0),
    };
    let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    // value = digits * 10^(exponent - fraction.len()), digits without leading zeros.
    let digits: String = integer.chars().chain(fraction.chars()).collect();
    let digits = digits.trim_start_matches('0');
    if digits.is_empty() {
        return Some(0);
    }
    let significant = digits.trim_end_matches('0');
    let shift = exponent
        .saturating_sub(fraction.len() as i64)
        .saturating_add((digits.len() - significant.len()) as i64);
    if negative || shift < 0 || significant.len() as i64 + shift > 3 {
        return None;
    }
    let value = significant
        .parse::<u32>()
        .ok()?
        .checked_mul(10u32.checked_pow(shift as u32)?)?;
    (value <= max).then_some(value)
}

/// A JSON exponent (`+7`, `-3`, `0400`), saturating far outside any range that matters.
fn parse_exponent(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let magnitude = digits.bytes().try_fold(0i64, |acc, b| {
        b.is_ascii_digit().then(|| {
            acc.saturating_mul(10)
                .saturating_add(i64::from(b - b'0'))
                .min(1 << 40)
        })
    })?;
    Some(if negative { -magnitude } else { magnitude })
}

/// The success object: `{"value", "exact", "fraction": {"numerator", "denominator"}}`.
pub fn evaluation_to_json(evaluation: &Evaluation) -> Value {
    json!({
        "value": evaluation.value,
        "exact": evaluation.exact,
        "fraction": {"numerator": evaluation.numerator, "denominator": evaluation.denominator},
    })
}

/// The error object: `{"error": {"code", "message", "details": {"reason", ...}}}`.
///
/// Beyond the specification's `reason`, `details` carries `position` (byte offset in the
/// expression) and `token` when a piece of the expression is at fault, `limit` and `actual` for a
/// limit, and `variable` or `field` when a member of the input is at fault.
pub fn error_to_json(error: &DecimalError) -> Value {
    let mut details = Map::new();
    details.insert("reason".into(), error.reason().into());
    if let Some(span) = error.span {
        details.insert("position".into(), span.start.into());
        if let Some(token) = error.token.as_deref().filter(|t| !t.is_empty()) {
            details.insert("token".into(), token.into());
        }
    }
    if let Some((limit, actual)) = error.kind.limit_and_actual() {
        details.insert("limit".into(), limit.into());
        details.insert("actual".into(), actual.into());
    }
    match &error.kind {
        ErrorKind::UnknownField(name) => {
            details.insert("field".into(), name.as_str().into());
        }
        ErrorKind::InvalidVariableName(name)
        | ErrorKind::VariableNotString(name)
        | ErrorKind::VariableTooLong { name, .. }
        | ErrorKind::InvalidVariableValue { name, .. }
        | ErrorKind::VariableWorkExhausted { name, .. } => {
            details.insert("variable".into(), name.as_str().into());
        }
        _ => {}
    }
    json!({"error": {"code": error.category().code(), "message": error.to_string(), "details": details}})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_is_judged_by_its_exact_value() {
        for (text, want) in [
            ("2", Some(2)),
            ("2.0", Some(2)),
            ("2.00", Some(2)),
            ("20E-1", Some(2)),
            ("0.2e1", Some(2)),
            ("-0", Some(0)),
            ("0.0", Some(0)),
            ("-0.0", Some(0)),
            ("0e99999999999999999999", Some(0)),
            ("40", Some(40)),
            ("4e1", Some(40)),
            ("400e-1", Some(40)),
            ("41", None),
            ("1e2", None),
            ("2.5", None),
            ("-1", None),
            ("1e99999999999999999999", None),
            ("1e-99999999999999999999", None),
            ("39.99999999999999999999", None),
        ] {
            assert_eq!(integer_in_range(text, 40), want, "{text}");
        }
    }
}
