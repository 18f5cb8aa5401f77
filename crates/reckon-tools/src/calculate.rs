//! `calculate` as a registry [`Tool`]. Every call runs on a large stack
//! ([`crate::stack::on_large_stack`]), since the tool recurses over the expression tree.

use crate::{Execution, Outcome, Tool};
use reckon_core::ErrorCategory;
use reckon_math::{MANIFEST_JSON, Reason, TOOL_ID, TOOL_VERSION};
use serde_json::{Value, json};

/// The calculate tool with its manifest parsed once.
pub(crate) struct CalculateTool {
    manifest: Value,
    description: String,
}

impl CalculateTool {
    pub(crate) fn new() -> Self {
        // The manifest is compiled in; the registry's tests parse it, so this cannot fail at run time.
        let manifest: Value =
            serde_json::from_str(MANIFEST_JSON).expect("the embedded manifest is valid JSON");
        let description = manifest
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        Self {
            manifest,
            description,
        }
    }
}

/// The error object of the spec (section 9.1) for a refusal made outside the tool.
fn error_body(reason: Reason, message: &str) -> Value {
    reckon_math::CalculateError::new(reason, message).to_json()
}

/// The answer when the evaluation thread could not run or did not finish normally.
fn internal_error() -> Value {
    error_body(
        Reason::EvaluationFailed,
        "Evaluation failed: internal error (the evaluation could not run); please report the expression",
    )
}

/// Appends a JSON value as compact text (writing into a `Vec` cannot fail).
fn write_body(out: &mut Vec<u8>, body: &Value) {
    let _ = serde_json::to_writer(&mut *out, body);
}

impl Tool for CalculateTool {
    fn id(&self) -> &'static str {
        TOOL_ID
    }

    fn version(&self) -> &'static str {
        TOOL_VERSION
    }

    fn description(&self) -> &str {
        &self.description
    }

    fn manifest(&self) -> &Value {
        &self.manifest
    }

    fn reference(&self) -> Option<String> {
        Some(reckon_math::reference_markdown())
    }

    fn error_schema(&self) -> Value {
        json!({
            "type": "object",
            "required": ["error"],
            "additionalProperties": false,
            "properties": {"error": {
                "type": "object",
                "required": ["code", "message", "data"],
                "properties": {
                    "code": {"type": "integer", "description": "JSON-RPC error code: -32007, -32004 (timeout), -32602 (invalid arguments) or -32700 (invalid JSON)."},
                    "message": {"type": "string"},
                    "data": {
                        "type": "object",
                        "required": ["reason", "recovery"],
                        "properties": {
                            "reason": {"type": "string"},
                            "recovery": {
                                "type": "object",
                                "required": ["hint"],
                                "properties": {"hint": {"type": "string"}},
                            },
                            "retryable": {"type": "boolean"},
                            "position": {"type": "integer", "minimum": 0, "description": "0-based character index of the token at fault."},
                        },
                    },
                },
            }},
        })
    }

    fn reject(&self, category: ErrorCategory, _reason: &str, message: &str) -> Value {
        let reason = match category {
            ErrorCategory::InvalidInput => Reason::InvalidArguments,
            ErrorCategory::LimitExceeded | ErrorCategory::NotComputable => Reason::ResultTooLarge,
        };
        error_body(reason, message)
    }

    fn execute_into(&self, input: &[u8], out: &mut Vec<u8>) -> Outcome {
        let answered = crate::stack::on_large_stack(|| {
            let mut text = Vec::new();
            reckon_math::calculate_into(input, &mut text).map(|()| text)
        });
        let error = match answered {
            Some(Ok(text)) => {
                out.extend_from_slice(&text);
                None
            }
            Some(Err(error)) => {
                write_body(out, &error.to_json());
                Some(error.reason.category())
            }
            None => {
                write_body(out, &internal_error());
                Some(ErrorCategory::NotComputable)
            }
        };
        Outcome {
            error,
            work_units: 0,
        }
    }

    fn execute_json(&self, input: &[u8]) -> Execution {
        let answer = crate::stack::on_large_stack(|| reckon_math::calculate(input));
        let (body, error) = match answer {
            Some(Ok(body)) => (body, None),
            Some(Err(error)) => (error.to_json(), Some(error.reason.category())),
            None => (internal_error(), Some(ErrorCategory::NotComputable)),
        };
        Execution {
            body,
            error,
            work_units: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calculate_publishes_its_function_reference_and_the_others_none() {
        let reference = CalculateTool::new()
            .reference()
            .expect("calculate has a reference");
        assert!(reference.contains("| quantileSeq("), "{reference}");
        let registry = crate::Registry::standard();
        for tool in registry.tools().filter(|tool| tool.id() != TOOL_ID) {
            assert!(tool.reference().is_none(), "{}", tool.id());
        }
    }
}
