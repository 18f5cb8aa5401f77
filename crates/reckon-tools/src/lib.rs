//! The tool registry: every reckon tool behind one synchronous trait.
//!
//! A [`Tool`] has an id, a version, a manifest (its published specification, served as written) with
//! input and output JSON Schemas, and an `execute` that turns one JSON input into one JSON output,
//! never panicking and never answering twice. Front ends (`reckon exec`, the HTTP server, MCP) look
//! tools up in a [`Registry`] and hold no tool logic of their own.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod corpus;
mod decimal;

pub use reckon_core::ErrorCategory;
use serde_json::Value;

/// The answer to one execution.
#[derive(Clone, Debug, PartialEq)]
pub struct Execution {
    /// The output object, or the tool's error object.
    pub body: Value,
    /// The error's category when `body` is an error.
    pub error: Option<ErrorCategory>,
    /// Arithmetic work units the tool spent (0 for tools without a work meter).
    pub work_units: u64,
}

/// What an execution written straight to a buffer ([`Tool::execute_into`]) reports besides its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The error's category when the answer is an error.
    pub error: Option<ErrorCategory>,
    /// Arithmetic work units the tool spent.
    pub work_units: u64,
}

/// A calculator tool.
pub trait Tool: Send + Sync {
    /// The tool's id, as in `/v1/tools/{id}`.
    fn id(&self) -> &'static str;
    /// The tool's version.
    fn version(&self) -> &'static str;
    /// One paragraph on what the tool is for.
    fn description(&self) -> &str;
    /// The tool's published specification.
    fn manifest(&self) -> &Value;
    /// The JSON Schema of the input.
    fn input_schema(&self) -> &Value {
        self.manifest().get("input_schema").unwrap_or(&Value::Null)
    }
    /// The JSON Schema of a successful output.
    fn output_schema(&self) -> &Value {
        self.manifest().get("output_schema").unwrap_or(&Value::Null)
    }
    /// The JSON Schema of the tool's error object (`{"error": {"code", "message", "details"}}`).
    fn error_schema(&self) -> Value {
        serde_json::json!({
            "type": "object",
            "required": ["error"],
            "additionalProperties": false,
            "properties": {"error": {
                "type": "object",
                "required": ["code", "message", "details"],
                "properties": {
                    "code": {"enum": ["invalid_input", "limit_exceeded", "not_computable"]},
                    "message": {"type": "string"},
                    "details": {
                        "type": "object",
                        "required": ["reason"],
                        "properties": {
                            "reason": {"type": "string"},
                            "position": {"type": "integer", "minimum": 0},
                            "token": {"type": "string"},
                            "limit": {"type": "integer"},
                            "actual": {"type": "integer"},
                            "variable": {"type": "string"},
                            "field": {"type": "string"},
                        },
                    },
                },
            }},
        })
    }
    /// Executes one input given as JSON text (one JSON Lines line, or an HTTP body). The text need
    /// not be valid JSON: the tool answers every input with exactly one output or error object.
    fn execute_json(&self, input: &[u8]) -> Execution;
    /// Executes like [`Tool::execute_json`] and appends the answer to `out` as compact JSON text (no
    /// newline), exactly as `serde_json` would write [`Execution::body`]. Tools override it to skip
    /// building a `Value` on their hot path.
    fn execute_into(&self, input: &[u8], out: &mut Vec<u8>) -> Outcome {
        let execution = self.execute_json(input);
        if serde_json::to_writer(&mut *out, &execution.body).is_err() {
            out.extend_from_slice(br#"{"error":{"code":"invalid_input","message":"unprintable answer","details":{"reason":"internal"}}}"#);
        }
        Outcome {
            error: execution.error,
            work_units: execution.work_units,
        }
    }
    /// Executes an input given as a JSON value.
    fn execute(&self, input: &Value) -> Value {
        match serde_json::to_vec(input) {
            Ok(text) => self.execute_json(&text).body,
            Err(_) => self.reject(
                ErrorCategory::InvalidInput,
                "invalid_json",
                "the input could not be serialised",
            ),
        }
    }
    /// The tool's error object for a refusal made outside the tool (by a front end), such as an input
    /// larger than the front end accepts.
    fn reject(&self, category: ErrorCategory, reason: &str, message: &str) -> Value {
        serde_json::json!({"error": {"code": category.code(), "message": message, "details": {"reason": reason}}})
    }
}

/// The set of tools a front end serves.
pub struct Registry {
    tools: Vec<Box<dyn Tool>>,
}

impl Registry {
    /// Every tool reckon ships.
    pub fn standard() -> Self {
        Self {
            tools: vec![Box::new(decimal::DecimalTool::new())],
        }
    }

    /// A registry of exactly these tools (for embedding reckon with tools of one's own).
    pub fn with_tools(tools: Vec<Box<dyn Tool>>) -> Self {
        Self { tools }
    }

    /// The tool with this id (any version).
    pub fn get(&self, id: &str) -> Option<&dyn Tool> {
        self.tools
            .iter()
            .find(|tool| tool.id() == id)
            .map(|tool| tool.as_ref())
    }

    /// The tool with this id and version.
    pub fn get_version(&self, id: &str, version: &str) -> Option<&dyn Tool> {
        self.tools
            .iter()
            .find(|tool| tool.id() == id && tool.version() == version)
            .map(|tool| tool.as_ref())
    }

    /// Every tool, in registration order.
    pub fn tools(&self) -> impl Iterator<Item = &dyn Tool> {
        self.tools.iter().map(|tool| tool.as_ref())
    }

    /// The ids of every tool, in registration order.
    pub fn ids(&self) -> Vec<&'static str> {
        self.tools.iter().map(|tool| tool.id()).collect()
    }
}

impl Default for Registry {
    fn default() -> Self {
        Self::standard()
    }
}
