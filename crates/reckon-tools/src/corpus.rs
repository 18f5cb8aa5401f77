//! The shared case corpus: one JSON object per line,
//! `{"id", "category", "input" | "input_raw": {"raw": TEXT}, "expect"}`, run by one harness against
//! every engine (the library, `reckon exec`, HTTP). This module parses cases and judges answers;
//! reading files and running engines is the caller's business.
//!
//! Judging follows the public conformance runners: a success must equal `expect` exactly (with
//! `true` never equal to `1`); an error must have the same `error.code`, and the same
//! `error.details.reason` where `expect` gives one.

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
}

#[derive(Deserialize)]
struct RawCase<'a> {
    id: String,
    category: String,
    #[serde(borrow)]
    input: Option<&'a RawValue>,
    input_raw: Option<RawInput>,
    expect: Value,
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
        cases.push(Case {
            id: raw.id,
            category: raw.category,
            line,
            expect: raw.expect,
        });
    }
    Ok(cases)
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
    ] {
        if let Some(wanted) = want.get(key)
            && error.pointer(path) != Some(wanted)
        {
            return Err(format!("expected error {key} {wanted}, got {got}"));
        }
    }
    Ok(())
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
