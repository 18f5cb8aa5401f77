//! `calculate` as a registry [`Tool`]. Every call runs on a large stack
//! ([`crate::stack::on_large_stack`]), since the tool recurses over the expression tree.

use crate::manifest::EmbeddedManifest;
use crate::{Execution, Outcome, Tool};
use reckon_core::ErrorCategory;
use reckon_math::{MANIFEST_JSON, Reason, TOOL_ID, TOOL_VERSION};
use serde_json::{Value, json};

/// The calculate tool with its manifest parsed once.
pub(crate) struct CalculateTool {
    manifest: EmbeddedManifest,
    /// What each call is lent: the front end's memory gauge, when it set one.
    resources: reckon_math::Resources,
}

impl CalculateTool {
    pub(crate) fn new() -> Self {
        // The seed's words, verbatim; what this build does not have yet is said beside them
        // ([`Tool::not_built`]) wherever they are shown to a model or a person.
        Self {
            manifest: EmbeddedManifest::parse(MANIFEST_JSON),
            resources: reckon_math::Resources::default(),
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

    fn set_memory_gauge(&mut self, gauge: reckon_core::MemoryGauge) {
        self.resources.memory_gauge = Some(gauge);
    }

    fn memory_budget(&self) -> Option<u64> {
        self.resources
            .memory_gauge
            .is_some()
            .then_some(reckon_math::MEMORY_BUDGET)
    }

    fn version(&self) -> &'static str {
        TOOL_VERSION
    }

    fn description(&self) -> &str {
        &self.manifest.description
    }

    fn purpose(&self) -> &str {
        "For mathematics beyond plain decimal arithmetic: functions (sqrt, log, trigonometry), \
         statistics, matrices, complex numbers, combinatorics, exact fractions (numericType \
         \"Fraction\"), exact big integers (bigint(...)) and 64-digit decimals (numericType \
         \"BigNumber\")."
    }

    fn hard_limits(&self) -> Option<&str> {
        Some(
            "Limits: one expression of at most 1,000 characters per call; 5 seconds and a work \
             budget per call; at most 33,333 elements in a result; numbers are binary64 \
             (integers past 2^53 lose digits, 171! overflows), BigNumber keeps 64 significant digits, Fraction is \
             exact but refuses irrational results, bigint(...) is exact for integers of any \
             size (`bigint(2)^bigint(200)`, `prod(map(1:50, f(x) = bigint(x)))` for 50!).",
        )
    }

    fn not_built(&self) -> Option<String> {
        reckon_math::missing::not_built_line()
    }

    fn answer_text(&self, body: &Value) -> String {
        // One readable line, as the other tools give: `1.632993161855452 (number)`.
        match (body.get("result"), body.get("resultType")) {
            (Some(Value::String(result)), Some(Value::String(kind))) => {
                format!("{result} ({kind})")
            }
            _ => crate::default_answer_text(body),
        }
    }

    fn manifest(&self) -> &Value {
        &self.manifest.value
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
        // The answer is written straight into `out` (nothing is appended on an error); only a
        // call that did not finish may have left part of one, which is cut off below.
        let start = out.len();
        let answered = crate::stack::on_large_stack(|| {
            let mut units = 0;
            let answer = reckon_math::calculate_into_with(input, out, &self.resources, &mut units);
            (answer, units)
        });
        let (answered, work_units) = match answered {
            Some((answer, units)) => (Some(answer), units),
            None => (None, 0),
        };
        let error = match answered {
            Some(Ok(())) => None,
            Some(Err(error)) => {
                write_body(out, &error.to_json());
                Some(error.reason.category())
            }
            None => {
                out.truncate(start);
                write_body(out, &internal_error());
                Some(ErrorCategory::NotComputable)
            }
        };
        Outcome { error, work_units }
    }

    fn execute_small_into(&self, input: &[u8], out: &mut Vec<u8>) -> Option<Outcome> {
        if input.len() > crate::SMALL_INPUT_BYTES {
            return None;
        }
        let start = out.len();
        let (answered, work_units) = crate::stack::on_large_stack(|| {
            let mut units = 0;
            let answer = reckon_math::calculate_into_within(
                input,
                out,
                &self.resources,
                &mut units,
                reckon_math::SMALL_WORK_ALLOWANCE,
            );
            (answer, units)
        })?;
        let error = match answered? {
            Ok(()) => None,
            Err(error) => {
                out.truncate(start);
                write_body(out, &error.to_json());
                Some(error.reason.category())
            }
        };
        Some(Outcome { error, work_units })
    }

    fn execute_json(&self, input: &[u8]) -> Execution {
        let answer = crate::stack::on_large_stack(|| {
            let mut units = 0;
            (
                reckon_math::calculate_with(input, &self.resources, &mut units),
                units,
            )
        });
        let (answer, work_units) = match answer {
            Some((answer, units)) => (Some(answer), units),
            None => (None, 0),
        };
        let (body, error) = match answer {
            Some(Ok(body)) => (body, None),
            Some(Err(error)) => (error.to_json(), Some(error.reason.category())),
            None => (internal_error(), Some(ErrorCategory::NotComputable)),
        };
        Execution {
            body,
            error,
            work_units,
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

    #[test]
    fn calculate_reports_the_work_units_it_spent_beside_the_answer() {
        let tool = CalculateTool::new();
        let spent = |input: &str| {
            let execution = tool.execute_json(input.as_bytes());
            let mut text = Vec::new();
            let outcome = tool.execute_into(input.as_bytes(), &mut text);
            assert_eq!(outcome.work_units, execution.work_units, "{input}");
            assert_eq!(text, execution.body.to_string().into_bytes(), "{input}");
            execution.work_units
        };
        // One unit per node at least: `1 + 2` evaluates three nodes.
        let small = spent(r#"{"expression": "1 + 2"}"#);
        assert!(small >= 3, "{small}");
        assert!(spent(r#"{"expression": "sum(1:1000)"}"#) > small);
        // A refusal during evaluation still reports what it spent; one before it, nothing.
        let refused = r#"{"expression": "[1, 2] + [1, 2, 3]"}"#;
        assert!(tool.execute_json(refused.as_bytes()).error.is_some());
        assert!(spent(refused) > 0);
        assert_eq!(spent(r#"{"expression": "1 +"}"#), 0);
        assert_eq!(spent("not json"), 0);
    }
}
