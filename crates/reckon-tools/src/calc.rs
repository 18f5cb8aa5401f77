//! `calc` as a registry [`Tool`].

use crate::manifest::EmbeddedManifest;
use crate::{Execution, Outcome, Tool};
use reckon_calc::{MANIFEST_JSON, TOOL_ID, TOOL_VERSION, wire};
use serde_json::{Value, json};

/// The calc tool with its manifest parsed once.
pub(crate) struct CalcTool {
    manifest: EmbeddedManifest,
}

impl CalcTool {
    pub(crate) fn new() -> Self {
        Self {
            manifest: EmbeddedManifest::parse(MANIFEST_JSON),
        }
    }
}

impl Tool for CalcTool {
    fn id(&self) -> &'static str {
        TOOL_ID
    }

    fn version(&self) -> &'static str {
        TOOL_VERSION
    }

    fn description(&self) -> &str {
        &self.manifest.description
    }

    fn purpose(&self) -> &str {
        "For labelled batches of arithmetic that must match JavaScript's floating-point numbers \
         digit for digit (0.1 + 0.2 gives 0.30000000000000004): not exact; for exact decimals \
         use decimal-expression-evaluate, for functions use calculate."
    }

    fn hard_limits(&self) -> Option<&str> {
        Some(
            "Limits: numbers, + - * / % ** and parentheses only (no functions, constants or \
             variables); every calculation needs expression, prefix and suffix (pass \"\" for \
             none); at most 1,000 calculations, each at most 2,000 bytes.",
        )
    }

    fn manifest(&self) -> &Value {
        &self.manifest.value
    }

    fn error_schema(&self) -> Value {
        json!({
            "type": "object",
            "required": ["error"],
            "additionalProperties": false,
            "properties": {"error": {
                "type": "object",
                "required": ["message"],
                "properties": {
                    "message": {"type": "string"},
                    "code": {"enum": ["invalid_input", "limit_exceeded", "not_computable"]},
                    "index": {"type": "integer", "minimum": 0, "description": "The failing calculation."},
                    "position": {"type": "integer", "minimum": 0, "description": "Byte offset in its expression."},
                },
            }},
        })
    }

    fn reject(&self, category: reckon_core::ErrorCategory, _reason: &str, message: &str) -> Value {
        json!({"error": {"message": message, "code": category.code()}})
    }

    fn answer_text(&self, body: &Value) -> String {
        match body.pointer("/content/0/text").and_then(Value::as_str) {
            Some(text) if body.get("error").is_none() => text.to_owned(),
            _ => crate::default_answer_text(body),
        }
    }

    fn execute_into(&self, input: &[u8], out: &mut Vec<u8>) -> Outcome {
        Outcome {
            error: wire::respond(input, out),
            work_units: 0,
        }
    }

    /// calc has no meter because it needs none: every operation on a double costs the same and
    /// the work is linear in the tokens (a batch of 100 calculations takes about 110 µs), so any
    /// input within [`crate::SMALL_INPUT_BYTES`] is answered in place.
    fn execute_small_into(&self, input: &[u8], out: &mut Vec<u8>) -> Option<Outcome> {
        (input.len() <= crate::SMALL_INPUT_BYTES).then(|| self.execute_into(input, out))
    }

    fn execute_json(&self, input: &[u8]) -> Execution {
        let (body, error) = wire::respond_value(input);
        Execution {
            body,
            error,
            work_units: 0,
        }
    }
}
