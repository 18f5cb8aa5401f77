//! The JSON contract: decoding a batch and writing the answer.
//!
//! Answers are written by hand rather than through `serde_json`, for two reasons: prefix and
//! suffix are copied verbatim, lone surrogates included (which a Rust `String` cannot hold, and
//! `JSON.stringify` writes as `\udXXX`), and `value` must be spelled as JavaScript spells the
//! number (`1e+21`), which is also valid JSON.

use crate::error::{CalcError, ErrorKind};
use crate::{MAX_CALCULATIONS, evaluate, format};
use reckon_core::ErrorCategory;
use reckon_core::json::{Duplicates, Json, JsonString, Node};
use serde_json::{Value, json};

/// One evaluated calculation.
struct Entry<'j> {
    expression: &'j JsonString<'j>,
    prefix: &'j JsonString<'j>,
    suffix: &'j JsonString<'j>,
    shown: String,
}

/// Runs the batch in `input` and appends the answer to `out` as one line of compact JSON (no
/// newline). Returns the error's category when the answer is an error.
pub fn respond(input: &[u8], out: &mut Vec<u8>) -> Option<ErrorCategory> {
    respond_with(input, out, Surrogates::Escape)
}

/// What the writer does with a lone surrogate of a prefix or suffix.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Surrogates {
    /// `\udXXX`, as `JSON.stringify` writes it.
    Escape,
    /// U+FFFD, for consumers that need valid Unicode.
    Replace,
}

fn respond_with(input: &[u8], out: &mut Vec<u8>, surrogates: Surrogates) -> Option<ErrorCategory> {
    let json = match Json::parse_with(input, Duplicates::Keep) {
        Ok(json) => json,
        Err(e) => {
            let error = CalcError {
                kind: ErrorKind::Input(format!("the input is not JSON: {e}")),
                index: None,
                span: None,
            };
            write_error(&error, out);
            return Some(error.kind.category());
        }
    };
    match run(&json) {
        Ok(entries) => {
            write_success(&entries, out, surrogates);
            None
        }
        Err(error) => {
            write_error(&error, out);
            Some(error.kind.category())
        }
    }
}

/// Like [`respond`], as a `serde_json` value (lone surrogates in prefix or suffix become U+FFFD,
/// which a Rust string can hold).
pub fn respond_value(input: &[u8]) -> (Value, Option<ErrorCategory>) {
    let mut text = Vec::new();
    let category = respond_with(input, &mut text, Surrogates::Replace);
    let value = serde_json::from_slice(&text)
        .unwrap_or_else(|e| json!({"error": {"message": format!("unprintable answer: {e}")}}));
    (value, category)
}

fn input_error(what: &str) -> CalcError {
    CalcError {
        kind: ErrorKind::Input(what.to_owned()),
        index: None,
        span: None,
    }
}

/// Decodes and evaluates every calculation, in order, stopping at the first failure.
fn run<'j>(json: &'j Json<'j>) -> Result<Vec<Entry<'j>>, CalcError> {
    let root = json.root();
    if !matches!(root, Node::Object(_)) {
        return Err(input_error(
            "the input must be an object with a \"calculations\" array",
        ));
    }
    let items = match json.member(root, "calculations") {
        Some(Node::Array(items)) => items,
        Some(_) => return Err(input_error("\"calculations\" must be an array")),
        None => return Err(input_error("\"calculations\" is required")),
    };
    if items.len() > MAX_CALCULATIONS {
        let kind = ErrorKind::TooManyCalculations {
            count: items.len(),
            limit: MAX_CALCULATIONS,
        };
        return Err(CalcError {
            kind,
            index: None,
            span: None,
        });
    }
    let mut entries = Vec::with_capacity(items.len());
    for (index, &item) in items.iter().enumerate() {
        let item = json.node(item);
        if !matches!(item, Node::Object(_)) {
            return Err(input_error(&format!(
                "calculations[{index}] must be an object"
            )));
        }
        let field = |name: &str| match json.member(item, name) {
            Some(Node::String(text)) => Ok(text),
            Some(_) => Err(input_error(&format!(
                "calculations[{index}].{name} must be a string"
            ))),
            // A model that leaves out `prefix` or `suffix` meant "none": say how to write that.
            None if name != "expression" => Err(input_error(&format!(
                "calculations[{index}].{name} is required (pass \"\" for no {name})"
            ))),
            None => Err(input_error(&format!(
                "calculations[{index}].{name} is required"
            ))),
        };
        let (expression, prefix, suffix) =
            (field("expression")?, field("prefix")?, field("suffix")?);
        let value = evaluate(expression.text()).map_err(|mut error| {
            error.index = Some(index);
            error
        })?;
        entries.push(Entry {
            expression,
            prefix,
            suffix,
            shown: format(value),
        });
    }
    Ok(entries)
}

fn write_success(entries: &[Entry<'_>], out: &mut Vec<u8>, surrogates: Surrogates) {
    out.extend_from_slice(br#"{"content":[{"type":"text","text":""#);
    for (i, entry) in entries.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b"\\n");
        }
        write_output(entry, out, surrogates);
    }
    out.extend_from_slice(br#""}],"details":{"results":["#);
    for (i, entry) in entries.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(br#"{"expression":""#);
        write_escaped(entry.expression, out, surrogates);
        out.extend_from_slice(br#"","value":"#);
        out.extend_from_slice(entry.shown.as_bytes());
        out.extend_from_slice(br#","output":""#);
        write_output(entry, out, surrogates);
        out.extend_from_slice(br#""}"#);
    }
    out.extend_from_slice(b"]}}");
}

/// `prefix + S + suffix`, escaped, without quotes.
fn write_output(entry: &Entry<'_>, out: &mut Vec<u8>, surrogates: Surrogates) {
    write_escaped(entry.prefix, out, surrogates);
    out.extend_from_slice(entry.shown.as_bytes());
    write_escaped(entry.suffix, out, surrogates);
}

fn write_error(error: &CalcError, out: &mut Vec<u8>) {
    let mut body = serde_json::Map::new();
    body.insert("message".into(), error.kind.to_string().into());
    body.insert("code".into(), error.kind.category().code().into());
    if let Some(index) = error.index {
        body.insert("index".into(), index.into());
    }
    if let Some(span) = error.span {
        body.insert("position".into(), span.start.into());
    }
    let answer = json!({ "error": body });
    if serde_json::to_writer(&mut *out, &answer).is_err() {
        out.extend_from_slice(br#"{"error":{"message":"unprintable error"}}"#);
    }
}

/// Writes `text` as JSON string content the way `JSON.stringify` does: `"`, `\` and control
/// characters escaped (`\b \f \n \r \t`, else `\u00xx`), lone surrogates as `\udxxx` (or U+FFFD),
/// everything else verbatim.
fn write_escaped(text: &JsonString<'_>, out: &mut Vec<u8>, surrogates: Surrogates) {
    let mut lone = text.lone_surrogates().iter().peekable();
    let source = text.text();
    let mut run_start = 0;
    for (at, c) in source.char_indices() {
        let escape: Option<String> = match c {
            '"' => Some("\\\"".into()),
            '\\' => Some("\\\\".into()),
            '\u{8}' => Some("\\b".into()),
            '\u{c}' => Some("\\f".into()),
            '\n' => Some("\\n".into()),
            '\r' => Some("\\r".into()),
            '\t' => Some("\\t".into()),
            c if (c as u32) < 0x20 => Some(format!("\\u{:04x}", c as u32)),
            '\u{FFFD}'
                if surrogates == Surrogates::Escape
                    && lone.peek().is_some_and(|(offset, _)| *offset == at) =>
            {
                lone.next().map(|(_, unit)| format!("\\u{unit:04x}"))
            }
            _ => None,
        };
        if let Some(escape) = escape {
            out.extend_from_slice(&source.as_bytes()[run_start..at]);
            out.extend_from_slice(escape.as_bytes());
            run_start = at + c.len_utf8();
        }
    }
    out.extend_from_slice(&source.as_bytes()[run_start..]);
}
