//! The tool registry: every reckon tool behind one synchronous trait.
//!
//! A [`Tool`] has an id, a version, a manifest (its published specification, served as written) with
//! input and output JSON Schemas, and an `execute` that turns one JSON input into one JSON output,
//! never panicking and never answering twice. Front ends (`reckon exec`, the HTTP server, MCP) look
//! tools up in a [`Registry`] and hold no tool logic of their own.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod calc;
mod calculate;
// The parsers of reckon's own case corpora, for its tests and benchmarks only: behind the
// `test-corpus` feature, outside the registry's API.
#[cfg(feature = "test-corpus")]
#[doc(hidden)]
pub mod corpus;
mod decimal;
#[cfg(feature = "test-corpus")]
#[doc(hidden)]
pub mod hostile;
mod manifest;
#[cfg(feature = "test-corpus")]
#[doc(hidden)]
pub mod pending;
pub mod stack;

pub use reckon_core::ErrorCategory;
use serde_json::Value;

/// The largest input [`Tool::execute_small_into`] takes: reading a JSON body this long costs a few
/// microseconds; anything longer goes to the general path.
pub const SMALL_INPUT_BYTES: usize = 4096;

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
    /// Which job the tool is for, in one line that sets it apart from the other tools: the first
    /// line of its model description and its entry in the MCP server's instructions.
    fn purpose(&self) -> &str {
        self.description()
    }
    /// The limits a caller would otherwise discover by being refused, and what to use instead,
    /// in one line (`None` when nothing needs saying).
    fn hard_limits(&self) -> Option<&str> {
        None
    }
    /// What the tool's contract promises but this build refuses as not built yet, with what to
    /// do instead, in one line (`None` once everything is built).
    fn not_built(&self) -> Option<String> {
        None
    }
    /// Lends the tool a reading of the heap its calls hold (the process's allocator counts
    /// it), so that a tool whose requests can build large values holds each call to its memory
    /// budget. The default ignores it: a tool whose limits bound its memory needs none.
    fn set_memory_gauge(&mut self, _gauge: reckon_core::MemoryGauge) {}
    /// The bytes one call may hold on the heap, when the tool meters memory (after
    /// [`Tool::set_memory_gauge`]); `None` when its other limits bound it.
    fn memory_budget(&self) -> Option<u64> {
        None
    }
    /// The tool's published specification.
    fn manifest(&self) -> &Value;
    /// A tool-specific reference in Markdown (a function table, say), appended to the tool's
    /// section of `calculator://help`; `None` when the manifest says it all.
    fn reference(&self) -> Option<String> {
        None
    }
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
    /// A description written for a model choosing a tool: which job it is for
    /// ([`Tool::purpose`]), what it does, what it is not for, its hard limits, what is not built
    /// yet, and one example call with its answer. Built from the purpose, the description, the
    /// manifest's `supported_operations`, `unsupported_operations` and longest `examples` entry,
    /// [`Tool::hard_limits`] and [`Tool::not_built`].
    fn model_description(&self) -> String {
        let manifest = self.manifest();
        let list = |key: &str| -> Option<String> {
            let items: Vec<&str> = manifest
                .get(key)?
                .as_array()?
                .iter()
                .filter_map(Value::as_str)
                .collect();
            (!items.is_empty()).then(|| items.join("; "))
        };
        let mut text = format!("{}\n{}", self.purpose(), self.description());
        if let Some(uses) = list("supported_operations") {
            text.push_str(&format!("\nUse it for: {uses}."));
        }
        if let Some(not_for) = list("unsupported_operations") {
            text.push_str(&format!("\nNot for: {not_for}."));
        }
        if let Some(limits) = self.hard_limits() {
            text.push_str(&format!("\n{limits}"));
        }
        if let Some(not_built) = self.not_built() {
            text.push_str(&format!("\n{not_built}"));
        }
        let example = manifest
            .get("examples")
            .and_then(Value::as_array)
            .and_then(|e| e.iter().max_by_key(|e| e.to_string().len()));
        if let Some(example) = example {
            text.push_str(&format!(
                "\nExample: arguments {} answer {}",
                example["input"], example["output"]
            ));
        }
        text
    }
    /// A short plain-text rendering of an answer, for clients that ignore structured output: for an
    /// error, its code, reason and message (and hint, when the error has one); for a success, the
    /// output's compact JSON.
    fn answer_text(&self, body: &Value) -> String {
        default_answer_text(body)
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
    /// Executes like [`Tool::execute_into`] only when the call is provably small: its input is at
    /// most [`SMALL_INPUT_BYTES`] and its work fits a small allowance of the tool's meter, so it
    /// finishes in a fraction of a millisecond wherever it runs (the HTTP server answers such calls
    /// on its async workers). `None`, with nothing appended to `out`, when it may be larger: the
    /// caller then runs [`Tool::execute_into`], and at most the allowance's work is done twice.
    /// Tools that cannot bound a call this way keep the default, which is always `None`.
    fn execute_small_into(&self, _input: &[u8], _out: &mut Vec<u8>) -> Option<Outcome> {
        None
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

/// The default of [`Tool::answer_text`].
pub fn default_answer_text(body: &Value) -> String {
    let Some(error) = body.get("error") else {
        return body.to_string();
    };
    let field = |pointer: &str| error.pointer(pointer).and_then(Value::as_str);
    // A category code (`invalid_input`), or a JSON-RPC code (calculate's `-32602`).
    let code = match error.get("code") {
        Some(Value::String(code)) => code.clone(),
        Some(Value::Number(code)) => code.to_string(),
        _ => "error".to_owned(),
    };
    let mut text = format!("error {code}");
    if let Some(reason) = field("/details/reason").or_else(|| field("/data/reason")) {
        text.push_str(&format!(" ({reason})"));
    }
    text.push_str(&format!(
        ": {}",
        field("/message").unwrap_or("the tool refused the input")
    ));
    if let Some(hint) = field("/details/hint")
        .or_else(|| field("/data/recovery/hint"))
        .or_else(|| field("/data/hint"))
        .or_else(|| field("/hint"))
    {
        text.push_str(&format!(" Hint: {hint}"));
    }
    text
}

/// The set of tools a front end serves.
pub struct Registry {
    tools: Vec<Box<dyn Tool>>,
}

impl Registry {
    /// Every tool reckon ships.
    pub fn standard() -> Self {
        Self {
            tools: vec![
                Box::new(decimal::DecimalTool::new()),
                Box::new(calc::CalcTool::new()),
                Box::new(calculate::CalculateTool::new()),
            ],
        }
    }

    /// Lends every tool the front end's memory gauge ([`Tool::set_memory_gauge`]).
    pub fn set_memory_gauge(&mut self, gauge: reckon_core::MemoryGauge) {
        for tool in &mut self.tools {
            tool.set_memory_gauge(gauge);
        }
    }

    /// The largest memory budget of one call among the tools that meter memory (`None` when
    /// none does): a front end's worst case is its concurrency times this, plus a fixed base.
    pub fn memory_budget(&self) -> Option<u64> {
        self.tools
            .iter()
            .filter_map(|tool| tool.memory_budget())
            .max()
    }

    /// A registry of exactly these tools (for embedding reckon with tools of one's own).
    pub fn with_tools(tools: Vec<Box<dyn Tool>>) -> Self {
        Self { tools }
    }

    /// Keeps only the tools named in `ids`, in registry order.
    ///
    /// # Errors
    /// A message naming an id that is not registered (nothing is removed then).
    pub fn retain(&mut self, ids: &[&str]) -> Result<(), String> {
        if let Some(unknown) = ids.iter().find(|id| self.get(id).is_none()) {
            return Err(format!(
                "unknown tool {unknown:?}; registered tools: {}",
                self.ids().join(", ")
            ));
        }
        self.tools.retain(|tool| ids.contains(&tool.id()));
        Ok(())
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
