//! What every tool answer must be, whatever the tool: exactly one JSON value, the same through the
//! byte-writing hot path (`execute_into`, used by HTTP and `reckon exec`) and the `Value` path
//! (`execute_json`, used by MCP), with the error category reported beside it matching the body.

use reckon_tools::{ErrorCategory, Registry, Tool};
use serde_json::Value;
use std::sync::OnceLock;

/// The standard registry, built once per process, lent the memory gauge of `reckon`'s
/// allocator (this crate's global allocator too), as the binary lends it: every input is held
/// to calculate's memory budget.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut registry = Registry::standard();
        registry.set_memory_gauge(reckon_core::MemoryGauge::new(
            reckon_alloc::thread_heap_bytes,
        ));
        registry
    })
}

/// The tool with this id from the standard registry.
pub fn tool(id: &str) -> &'static dyn Tool {
    match registry().get(id) {
        Some(tool) => tool,
        None => panic!("the standard registry has no tool {id:?}"),
    }
}

/// One answer, checked to be one JSON value.
pub struct Answer {
    /// The parsed answer (from the hot path's bytes when they are valid JSON for `serde_json`,
    /// else the `Value` path's body).
    pub body: Value,
    /// The hot path's bytes.
    pub text: Vec<u8>,
    /// The error category the tool reported.
    pub error: Option<ErrorCategory>,
}

/// Runs `input` through both execution paths of `tool` and checks they agree.
///
/// # Panics
/// When the answers differ, when the text is not exactly one JSON value, or when the reported
/// category disagrees with the body.
pub fn run(tool: &dyn Tool, input: &[u8]) -> Answer {
    let mut text = Vec::new();
    let outcome = tool.execute_into(input, &mut text);
    let execution = tool.execute_json(input);
    // calculate's wall-clock backstop (5 s) is the one answer that may differ between two runs
    // of the same input: an input the work meter admits but that takes about 5 s (a fuzzing
    // build runs several times slower than a release build) can finish in one run and be
    // stopped in the other, as the machine's load decides. Such a pair is not compared; each
    // answer is still checked on its own below and by the callers.
    let deadline = |body: &Value| {
        body.pointer("/error/data/reason").and_then(Value::as_str) == Some("evaluation_timeout")
    };
    let clock_decided = outcome.error != execution.error
        && (deadline(&execution.body)
            || serde_json::from_slice::<Value>(&text).is_ok_and(|body| deadline(&body)));
    assert!(
        clock_decided || outcome.error == execution.error,
        "the two paths disagree on the category: {:?} and {:?}",
        outcome.error,
        execution.error
    );
    assert!(
        !text.is_empty() && !text.contains(&b'\n'),
        "one line of output"
    );
    let body = match serde_json::from_slice::<Value>(&text) {
        Ok(parsed) => {
            assert!(
                clock_decided || parsed == execution.body,
                "execute_into and execute_json answer differently for {:?}: {parsed} and {}",
                String::from_utf8_lossy(input),
                execution.body
            );
            parsed
        }
        Err(e) => {
            // Only calc copies lone surrogates (`\ud800`) verbatim, as JSON.stringify writes them;
            // serde_json refuses those, and the Value path has U+FFFD instead.
            assert!(
                tool.id() == "calc" && e.to_string().contains("surrogate"),
                "the answer is not one JSON value ({e}): {}",
                String::from_utf8_lossy(&text)
            );
            execution.body
        }
    };
    let Value::Object(object) = &body else {
        panic!("the answer is not an object: {body}");
    };
    assert_eq!(
        object.contains_key("error"),
        outcome.error.is_some(),
        "the category says {:?} but the body is {body}",
        outcome.error
    );
    if object.contains_key("error") {
        assert_eq!(object.len(), 1, "an error answer has only `error`: {body}");
    }
    Answer {
        body,
        text,
        error: outcome.error,
    }
}

/// The string at `pointer`, or a panic naming it.
pub fn string<'v>(body: &'v Value, pointer: &str) -> &'v str {
    match body.pointer(pointer).and_then(Value::as_str) {
        Some(text) => text,
        None => panic!("{pointer} is not a string in {body}"),
    }
}

/// The number of UTF-16 code units of `text` (JavaScript's `length`).
pub fn utf16_len(text: &str) -> usize {
    text.encode_utf16().count()
}
