//! The public calculate sample, for what has landed: every case whose expected answer is one of
//! the refusals made before the operation (section 3, steps 1–8) must be refused with that reason
//! (and position, where the case gives one), and no other case may be refused by those steps.

use reckon_math::request::{decode, prepare};
use serde_json::Value;
use std::path::Path;

const FRONT_REASONS: [&str; 9] = [
    "invalid_arguments",
    "invalid_json",
    "derivative_missing_variable",
    "empty_expression",
    "expression_too_long",
    "reserved_scope_key",
    "parse_failed",
    "multiple_expressions",
    "operation_as_function",
];

#[test]
fn refusals_before_the_operation_match_the_public_sample() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases/calculate/sample.jsonl");
    let text = std::fs::read_to_string(&path).expect("the sample is in tests/cases/calculate");
    let (mut checked, mut failures) = (0, Vec::new());
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("a case");
        let input = match (&case["input"], &case["input_raw"]) {
            (Value::Null, Value::String(raw)) => raw.clone(),
            (Value::Null, raw) => raw["raw"].as_str().unwrap_or_default().to_owned(),
            (input, _) => input.to_string(),
        };
        let want = case["expect"]["error"]["data"]["reason"]
            .as_str()
            .or_else(|| case["expect"]["error"]["reason"].as_str());
        let expects_error = case["expect"].get("error").is_some();
        let got = decode(input.as_bytes()).and_then(|r| prepare(&r).map(|_| ()));
        let id = case["id"].as_str().unwrap_or("?");
        match (want, got) {
            (Some(want), Err(error)) if FRONT_REASONS.contains(&want) => {
                checked += 1;
                if error.reason.name() != want {
                    failures.push(format!(
                        "{id}: expected {want}, got {} ({})",
                        error.reason.name(),
                        error.message
                    ));
                }
                let position = &case["expect"]["error"]["data"]["position"];
                if let Some(p) = position.as_u64()
                    && error.position != Some(p as usize)
                {
                    failures.push(format!(
                        "{id}: expected position {p}, got {:?}",
                        error.position
                    ));
                }
            }
            (Some(want), Ok(())) if FRONT_REASONS.contains(&want) && want != "parse_failed" => {
                failures.push(format!(
                    "{id}: expected {want}, but the front end accepted {input}"
                ));
            }
            (None, Err(_)) if expects_error => checked += 1,
            (_, Err(error))
                if FRONT_REASONS.contains(&error.reason.name())
                    && want != Some(error.reason.name())
                    && want != Some("parse_failed") =>
            {
                failures.push(format!(
                    "{id}: refused with {} ({}) but expected {want:?}: {input}",
                    error.reason.name(),
                    error.message
                ));
            }
            _ => {}
        }
    }
    println!("{checked} front-end refusals checked");
    assert!(checked >= 10, "too few cases checked: {checked}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
