//! The shared case corpus: one JSON object per line,
//! `{"id", "category", "input" | "input_raw": {"raw": TEXT}, "expect"}`, run by one harness against
//! every engine (the library, `reckon exec`, HTTP). This module parses cases and judges answers;
//! reading files and running engines is the caller's business.
//!
//! Judging follows the public conformance runners: a success must equal `expect` exactly (with
//! `true` never equal to `1`); an error must have the same `error.code`, and the same
//! `error.details.reason` (or, for calculate, `error.data.reason` and `error.data.position`) where
//! `expect` gives one. calculate's cases may also say how `result` is compared (`match`:
//! `numeric` within a relative `tol`; `symbolic`, judged here by string equality, which is
//! stricter than the public runner's evaluation at sample points) and accept a named error
//! instead (`accept_error`, for functions the specification lets land later).

use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;

/// One case.
#[derive(Clone, Debug)]
pub struct Case {
    /// Unique id.
    pub id: String,
    /// Group for reports.
    pub category: String,
    /// The exact input line to send (without the newline).
    pub line: String,
    /// The expected answer.
    pub expect: Value,
    /// How a successful `result` is compared.
    pub matching: Matching,
    /// An error accepted instead of `expect` (`{code, reason}`).
    pub accept_error: Option<Value>,
}

/// How a case compares a successful `result` string.
#[derive(Clone, Debug, PartialEq)]
pub enum Matching {
    /// String equality (and equality of the whole answer).
    Exact,
    /// The same text once numbers are masked, each number within this relative tolerance.
    Numeric(f64),
}

#[derive(Deserialize)]
struct RawCase<'a> {
    id: String,
    category: String,
    #[serde(borrow)]
    input: Option<&'a RawValue>,
    input_raw: Option<RawInput>,
    expect: Value,
    #[serde(rename = "match")]
    matching: Option<String>,
    tol: Option<f64>,
    accept_error: Option<Value>,
}

/// A raw input line, written either as `{"raw": TEXT}` or as the text itself.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawInput {
    Wrapped { raw: String },
    Text(String),
}

/// Parses a corpus file: one case per non-blank line.
///
/// # Errors
/// A message naming the first line that is not a case.
pub fn parse_cases(text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let raw: RawCase<'_> = serde_json::from_str(line)
            .map_err(|e| format!("line {}: not a case: {e}", number + 1))?;
        let line = match (raw.input, raw.input_raw) {
            (Some(input), None) => input.get().to_owned(),
            (None, Some(RawInput::Wrapped { raw } | RawInput::Text(raw))) => raw,
            _ => {
                return Err(format!(
                    "line {}: a case needs exactly one of input and input_raw",
                    number + 1
                ));
            }
        };
        if line.contains('\n') {
            return Err(format!("line {}: the input contains a newline", number + 1));
        }
        let matching = match raw.matching.as_deref() {
            Some("numeric") => Matching::Numeric(raw.tol.unwrap_or(1e-12)),
            None | Some("exact" | "symbolic") => Matching::Exact,
            Some(other) => return Err(format!("line {}: unknown match {other:?}", number + 1)),
        };
        cases.push(Case {
            id: raw.id,
            category: raw.category,
            line,
            expect: raw.expect,
            matching,
            accept_error: raw.accept_error,
        });
    }
    Ok(cases)
}

/// Judges one answer to `case`: [`check`], with the case's result matching and accepted error.
///
/// # Errors
/// A short description of the difference.
pub fn check_case(case: &Case, got: &Value) -> Result<(), String> {
    if let Some(accepted) = &case.accept_error
        && let Some(error) = got.get("error")
        && accepted
            .get("code")
            .is_none_or(|c| error.get("code") == Some(c))
        && accepted
            .get("reason")
            .is_none_or(|r| error.pointer("/data/reason") == Some(r))
    {
        return Ok(());
    }
    match case.matching {
        Matching::Numeric(tol) if case.expect.get("error").is_none() => {
            numeric_match(&case.expect, got, tol)
        }
        _ => check(&case.expect, got),
    }
}

/// The feature a not-built refusal waits for (`None` for any other answer): the
/// [`reckon_math::missing`] feature its message names, or "other forms" for a rare argument
/// form. What the pending ratchet ([`crate::pending`]) records.
pub fn pending_feature(got: &Value) -> Option<&'static str> {
    let message = got.pointer("/error/message").and_then(Value::as_str)?;
    reckon_math::missing::is_not_built(message)
        .then(|| reckon_math::missing::feature_of(message).map_or("other forms", |m| m.feature))
}

/// Whether an answer is calculate's refusal of something not built yet ("… is not implemented in
/// reckon yet", as [`reckon_math::missing`] recognises it, the module whose list the tool
/// description reads too): such cases are counted as pending, never as passing.
pub fn is_pending(got: &Value) -> bool {
    got.pointer("/error/message")
        .and_then(Value::as_str)
        .is_some_and(reckon_math::missing::is_not_built)
}

/// Judges one answer against `expect`.
///
/// # Errors
/// A short description of the difference.
pub fn check(expect: &Value, got: &Value) -> Result<(), String> {
    let Some(want) = expect.get("error") else {
        return if expect == got {
            Ok(())
        } else {
            Err(format!("expected {expect}, got {got}"))
        };
    };
    let Some(error) = got.get("error").filter(|e| e.is_object()) else {
        return Err(format!("expected an error {want}, got {got}"));
    };
    for (key, path) in [
        ("code", "/code"),
        ("message", "/message"),
        ("reason", "/details/reason"),
        ("data/reason", "/data/reason"),
    ] {
        if let Some(wanted) = want.pointer(&format!("/{key}"))
            && error.pointer(path) != Some(wanted)
        {
            return Err(format!("expected error {key} {wanted}, got {got}"));
        }
    }
    if let Some(wanted) = want.pointer("/data/position")
        && error.pointer("/data/position").unwrap_or(&Value::Null) != wanted
    {
        return Err(format!("expected error position {wanted}, got {got}"));
    }
    Ok(())
}

/// A success whose keys other than `result` are equal and whose `result` has the same text once
/// numbers are masked, each number within `tol` of the expected one, relatively.
fn numeric_match(expect: &Value, got: &Value, tol: f64) -> Result<(), String> {
    let (Some(want), Some(have)) = (expect.as_object(), got.as_object()) else {
        return Err(format!("expected {expect}, got {got}"));
    };
    let same_keys = want.len() == have.len()
        && want
            .iter()
            .all(|(key, value)| key == "result" || have.get(key) == Some(value));
    let texts = (
        want.get("result").and_then(Value::as_str),
        have.get("result").and_then(Value::as_str),
    );
    let (Some(a), Some(b)) = texts else {
        return Err(format!("expected {expect}, got {got}"));
    };
    let (skeleton_a, numbers_a) = mask_numbers(a);
    let (skeleton_b, numbers_b) = mask_numbers(b);
    let close = |x: f64, y: f64| {
        x == y
            || (x - y).abs() <= tol * x.abs().max(y.abs())
            || (x.abs() < 1e-300 && y.abs() < 1e-300)
    };
    if same_keys
        && skeleton_a == skeleton_b
        && numbers_a.len() == numbers_b.len()
        && numbers_a.iter().zip(&numbers_b).all(|(x, y)| close(*x, *y))
    {
        Ok(())
    } else {
        Err(format!("expected {expect} (within {tol}), got {got}"))
    }
}

/// The text with each number (`-?digits[.digits][e±digits]`) replaced by `#`, and the numbers.
fn mask_numbers(text: &str) -> (String, Vec<f64>) {
    let bytes = text.as_bytes();
    let (mut skeleton, mut numbers, mut i) = (String::new(), Vec::new(), 0);
    while i < bytes.len() {
        let starts_number = bytes[i].is_ascii_digit()
            || (bytes[i] == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
            || (bytes[i] == b'-'
                && bytes
                    .get(i + 1)
                    .is_some_and(|b| b.is_ascii_digit() || *b == b'.'));
        if !starts_number {
            let c = text[i..].chars().next().unwrap_or(' ');
            skeleton.push(c);
            i += c.len_utf8();
            continue;
        }
        let start = i;
        i += usize::from(bytes[i] == b'-');
        while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
            i += 1;
        }
        if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
            let mut j = i + 1;
            if j < bytes.len() && (bytes[j] == b'+' || bytes[j] == b'-') {
                j += 1;
            }
            if j < bytes.len() && bytes[j].is_ascii_digit() {
                i = j;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
            }
        }
        skeleton.push('#');
        numbers.push(text[start..i].parse().unwrap_or(f64::NAN));
    }
    (skeleton, numbers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keeps_raw_inputs_and_lone_surrogates_verbatim() {
        let text = concat!(
            r#"{"id": "a", "category": "c", "input": {"expression": "1+\ud800", "b": 2}, "expect": {"error": {"code": "invalid_input"}}}"#,
            "\n\n",
            r#"{"id": "b", "category": "c", "input_raw": {"raw": "{\"x\": 1, \"x\": 2}"}, "expect": {"error": {"code": "invalid_input"}}}"#,
            "\n",
            r#"{"id": "c", "category": "c", "input_raw": "{\"calculations\":[", "expect": {"error": {}}}"#,
        );
        let cases = parse_cases(text).expect("parses");
        assert_eq!(cases[0].line, r#"{"expression": "1+\ud800", "b": 2}"#);
        assert_eq!(cases[1].line, r#"{"x": 1, "x": 2}"#);
        assert_eq!(cases[2].line, r#"{"calculations":["#);
    }

    #[test]
    fn calculate_cases_compare_reasons_positions_and_numbers() {
        let err =
            json!({"error": {"code": -32007, "data": {"reason": "parse_failed", "position": 2}}});
        let got = |position: Value| json!({"error": {"code": -32007, "message": "m", "data": {"reason": "parse_failed", "position": position}}});
        assert!(check(&err, &got(json!(2))).is_ok());
        assert!(check(&err, &got(json!(3))).is_err());
        assert!(
            check(
                &json!({"error": {"data": {"reason": "type_mismatch"}}}),
                &got(json!(2))
            )
            .is_err()
        );
        let text = r#"{"id": "n", "category": "c", "input": {}, "match": "numeric", "tol": 1e-9, "expect": {"result": "[0.1, 2e-7]", "resultType": "Array"}}"#;
        let case = &parse_cases(text).expect("parses")[0];
        assert!(
            check_case(
                case,
                &json!({"result": "[0.1000000000001, 2e-7]", "resultType": "Array"})
            )
            .is_ok()
        );
        assert!(
            check_case(
                case,
                &json!({"result": "[0.1001, 2e-7]", "resultType": "Array"})
            )
            .is_err()
        );
        assert!(
            check_case(
                case,
                &json!({"result": "[0.1, 2e-7]", "resultType": "DenseMatrix"})
            )
            .is_err()
        );
        assert!(
            check_case(
                case,
                &json!({"result": "[0.1; 2e-7]", "resultType": "Array"})
            )
            .is_err()
        );
        assert!(is_pending(
            &json!({"error": {"message": "Evaluation failed: fft() is not implemented in reckon yet"}})
        ));
    }

    #[test]
    fn judges_like_the_public_runner() {
        let ok = json!({"value": "1", "exact": true});
        assert!(check(&ok, &json!({"value": "1", "exact": true})).is_ok());
        assert!(check(&ok, &json!({"value": "1", "exact": 1})).is_err());
        assert!(check(&ok, &json!({"value": "1", "exact": true, "x": 0})).is_err());
        let err = json!({"error": {"code": "limit_exceeded", "reason": "depth"}});
        assert!(
            check(
                &err,
                &json!({"error": {"code": "limit_exceeded", "details": {"reason": "depth"}}})
            )
            .is_ok()
        );
        assert!(
            check(
                &err,
                &json!({"error": {"code": "limit_exceeded", "details": {"reason": "tokens"}}})
            )
            .is_err()
        );
        assert!(
            check(
                &err,
                &json!({"error": {"code": "invalid_input", "details": {"reason": "depth"}}})
            )
            .is_err()
        );
        let message = json!({"error": {"message": "Expression is empty"}});
        assert!(
            check(
                &message,
                &json!({"error": {"message": "Expression is empty", "index": 0}})
            )
            .is_ok()
        );
        assert!(
            check(
                &message,
                &json!({"error": {"message": "Unexpected end of expression"}})
            )
            .is_err()
        );
        assert!(check(&json!({"error": {}}), &json!({"error": {"message": "x"}})).is_ok());
        let code_only = json!({"error": {"code": "invalid_input"}});
        assert!(
            check(
                &code_only,
                &json!({"error": {"code": "invalid_input", "details": {"reason": "x"}}})
            )
            .is_ok()
        );
    }
}
