//! `decimal-expression-evaluate` as a registry [`Tool`].

use crate::manifest::EmbeddedManifest;
use crate::{Execution, Outcome, Tool};
use reckon_decimal::{MANIFEST_JSON, TOOL_ID, TOOL_VERSION, wire};
use serde_json::Value;

/// The decimal tool with its manifest parsed once.
pub(crate) struct DecimalTool {
    manifest: EmbeddedManifest,
}

impl DecimalTool {
    pub(crate) fn new() -> Self {
        Self {
            manifest: EmbeddedManifest::parse(MANIFEST_JSON),
        }
    }
}

impl Tool for DecimalTool {
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
        "For money and exact decimal arithmetic: prices, tax, discounts, splitting bills, \
         rounding to cents (+ - * /, integer powers, abs, min, max, round; exact, never \
         floating point)."
    }

    fn hard_limits(&self) -> Option<&str> {
        Some(
            "Limits: `^` takes only an integer literal exponent of magnitude at most 100 (not a \
             variable or an expression: for compound growth such as 1000 * (1 + 0.05/12)^(12*10) \
             use the calculate tool with numericType \"BigNumber\" and round(x, 2)); no \
             intermediate value over 200 digits; no roots, logarithms or trigonometry (use \
             calculate); a result that does not terminate (1/3) needs scale and rounding.",
        )
    }

    fn manifest(&self) -> &Value {
        &self.manifest.value
    }

    fn answer_text(&self, body: &Value) -> String {
        let text = |pointer: &str| {
            body.pointer(pointer)
                .and_then(Value::as_str)
                .unwrap_or_default()
        };
        if body.get("error").is_some() || body.get("value").is_none() {
            return crate::default_answer_text(body);
        }
        let fraction = format!(
            "{}/{}",
            text("/fraction/numerator"),
            text("/fraction/denominator")
        );
        if body["exact"] == Value::Bool(true) {
            format!("{} (exact; fraction {fraction})", text("/value"))
        } else {
            format!(
                "{} (rounded; the exact value is {fraction})",
                text("/value")
            )
        }
    }

    fn execute_into(&self, input: &[u8], out: &mut Vec<u8>) -> Outcome {
        match reckon_decimal::evaluate_json(input) {
            Ok(evaluation) => {
                // Every member is a plain decimal string (digits, '-', '.'): nothing to escape.
                out.extend_from_slice(b"{\"value\":\"");
                out.extend_from_slice(evaluation.value.as_bytes());
                out.extend_from_slice(if evaluation.exact {
                    b"\",\"exact\":true,"
                } else {
                    b"\",\"exact\":false,"
                });
                out.extend_from_slice(b"\"fraction\":{\"numerator\":\"");
                out.extend_from_slice(evaluation.numerator.as_bytes());
                out.extend_from_slice(b"\",\"denominator\":\"");
                out.extend_from_slice(evaluation.denominator.as_bytes());
                out.extend_from_slice(b"\"}}");
                Outcome {
                    error: None,
                    work_units: evaluation.work_units,
                }
            }
            Err(error) => {
                let body = wire::error_to_json(&error);
                if serde_json::to_writer(&mut *out, &body).is_err() {
                    out.extend_from_slice(b"{}");
                }
                Outcome {
                    error: Some(error.category()),
                    work_units: error.work_units,
                }
            }
        }
    }

    /// Every decimal call is small: the spec's limits (500 tokens, 200 digits, 50,000 work units)
    /// bound the slowest admitted request at about 40 µs (docs/performance.md), so any input
    /// within [`crate::SMALL_INPUT_BYTES`] is answered in place.
    fn execute_small_into(&self, input: &[u8], out: &mut Vec<u8>) -> Option<Outcome> {
        (input.len() <= crate::SMALL_INPUT_BYTES).then(|| self.execute_into(input, out))
    }

    fn execute_json(&self, input: &[u8]) -> Execution {
        match reckon_decimal::evaluate_json(input) {
            Ok(evaluation) => Execution {
                body: wire::evaluation_to_json(&evaluation),
                error: None,
                work_units: evaluation.work_units,
            },
            Err(error) => Execution {
                body: wire::error_to_json(&error),
                error: Some(error.category()),
                work_units: error.work_units,
            },
        }
    }
}
