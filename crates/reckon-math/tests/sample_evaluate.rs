//! The public calculate sample through [`reckon_math::calculate`], for what has landed: every case
//! reckon answers must be answered right (the same success object, or the same error reason), and
//! the only refusals allowed besides are "... is not implemented in reckon yet". The pass count is
//! printed so the progress of later slices is visible.

use serde_json::Value;
use std::path::Path;

#[test]
fn answers_given_are_right_and_the_rest_is_pending() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases/calculate/sample.jsonl");
    let text = std::fs::read_to_string(&path).expect("the sample");
    let (mut right, mut pending, mut wrong) = (0, 0, Vec::new());
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("a case");
        let input = match (&case["input"], &case["input_raw"]) {
            (Value::Null, Value::String(raw)) => raw.clone(),
            (Value::Null, raw) => raw["raw"].as_str().unwrap_or_default().to_owned(),
            (input, _) => input.to_string(),
        };
        let expect = &case["expect"];
        let id = case["id"].as_str().unwrap_or("?");
        match reckon_math::calculate(input.as_bytes()) {
            Err(error) if error.message.contains("is not implemented in reckon yet") => {
                pending += 1
            }
            Err(error) => {
                let want = expect["error"]["data"]["reason"]
                    .as_str()
                    .or_else(|| expect["error"]["reason"].as_str());
                match (expect.get("error"), want) {
                    (Some(_), Some(reason)) if reason == error.reason.name() => right += 1,
                    (Some(_), None) => right += 1,
                    _ => wrong.push(format!(
                        "{id}: {input} -> {} ({}), expected {expect}",
                        error.reason.name(),
                        error.message
                    )),
                }
            }
            Ok(got) => {
                let same = if expect.get("error").is_some() {
                    false
                } else if case["match"] == "numeric" {
                    let keys_ok = [
                        "resultType",
                        "expression",
                        "operation",
                        "scopeVars",
                        "precisionUsed",
                    ]
                    .iter()
                    .all(|k| got.get(k) == expect.get(k));
                    let (a, b) = (
                        got["result"].as_str().and_then(|s| s.parse::<f64>().ok()),
                        expect["result"]
                            .as_str()
                            .and_then(|s| s.parse::<f64>().ok()),
                    );
                    let tol = case["tol"].as_f64().unwrap_or(1e-12);
                    keys_ok
                        && matches!((a, b), (Some(a), Some(b)) if (a - b).abs() <= tol * b.abs().max(1e-300))
                } else {
                    &got == expect
                };
                if same {
                    right += 1
                } else {
                    wrong.push(format!("{id}: {input} -> {got}, expected {expect}"))
                }
            }
        }
    }
    println!(
        "{right} right, {pending} pending (not implemented yet), {} wrong",
        wrong.len()
    );
    assert!(
        wrong.is_empty(),
        "{} answered wrongly:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
