//! The hostile-input corpus: `tests/hostile/<tool id>.jsonl`, one worst-case request per line
//! (deepest nesting, most work, most tokens, largest literals and results, enormous envelopes,
//! invalid UTF-8, lone surrogates, duplicate keys), each with the exact answer it must get, where
//! that answer comes from, and the most work units it may spend. The library test (`tests/hostile.rs`) holds every case to
//! both; the benchmark (`benches/src/bin/hostile.rs`) times them. This module only parses cases;
//! reading files and running tools is the caller's business.
//!
//! A line is `{"id", "what", "source", INPUT, "expect", "max_units"}` where INPUT is one of
//! - `"input": VALUE`: the request as a JSON value, sent as compact text;
//! - `"input_raw": TEXT`: the request text exactly (duplicate keys, odd whitespace, bad JSON);
//! - `"input_hex": HEX`: the request bytes (invalid UTF-8);
//! - `"input_repeat": {"prefix", "repeat", "times", "suffix"}`: `prefix`, then `repeat` written
//!   `times` times, then `suffix`, so an envelope of megabytes stays one short line in the file.
//!
//! `expect` is judged as the case corpus judges it ([`crate::corpus::check`]): a success must be
//! equal, an error must have the same code and the reason, message and position it gives. A lone
//! surrogate of an answer is written as U+FFFD (a `serde_json` value cannot hold one).
//!
//! `source` says where `expect` comes from, never from reckon itself (a source that starts with
//! "reckon" is refused): `spec: …` (by hand from the tool's specification), `python: …` (computed
//! exactly by `scripts/gen-hostile-cases.py`), `mathjs 15.2…` (math.js's answer), `mpmath …`,
//! `python decimal: …` or `identity: …` (an independent computation).
//! `tests/hostile/check_expectations.py` recomputes every one (module doc there).
//!
//! `max_units` bounds the tool's [`crate::Execution::work_units`] (0 for a tool without a meter).
//! Unlike `expect` it is a snapshot of reckon's own count with headroom (spent + 25 % + 16,
//! `scripts/gen-hostile-cases.py --measure`): a guard against a case growing much more
//! expensive, not a statement of what the case should cost.

use serde::Deserialize;
use serde_json::Value;

/// The largest input a case may expand to (a mistake in `times` should not eat the machine).
const MAX_INPUT_BYTES: usize = 64 << 20;

/// One hostile case.
#[derive(Clone, Debug)]
pub struct HostileCase {
    /// Unique id within the tool's file.
    pub id: String,
    /// What makes the input hostile, in a few words.
    pub what: String,
    /// Where the expected answer comes from (never reckon).
    pub source: String,
    /// The exact bytes to send.
    pub input: Vec<u8>,
    /// The expected answer.
    pub expect: Value,
    /// The most work units the case may spend: a snapshot of reckon's count, with headroom.
    pub max_units: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCase {
    id: String,
    what: String,
    source: String,
    input: Option<Value>,
    input_raw: Option<String>,
    input_hex: Option<String>,
    input_repeat: Option<Repeat>,
    expect: Value,
    max_units: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Repeat {
    #[serde(default)]
    prefix: String,
    repeat: String,
    times: usize,
    #[serde(default)]
    suffix: String,
}

/// Parses a hostile corpus file: one case per non-blank line.
///
/// # Errors
/// A message naming the first line that is not a case (or has not exactly one input, or no
/// source other than reckon).
pub fn parse_hostile(text: &str) -> Result<Vec<HostileCase>, String> {
    let mut cases = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |why: String| format!("line {}: {why}", number + 1);
        let raw: RawCase =
            serde_json::from_str(line).map_err(|e| at(format!("not a hostile case: {e}")))?;
        if raw.source.trim().is_empty() || raw.source.to_lowercase().starts_with("reckon") {
            return Err(at(format!(
                "source {:?}: an expectation needs a source, and not reckon",
                raw.source
            )));
        }
        let input = match (raw.input, raw.input_raw, raw.input_hex, raw.input_repeat) {
            (Some(value), None, None, None) => value.to_string().into_bytes(),
            (None, Some(text), None, None) => text.into_bytes(),
            (None, None, Some(hex), None) => decode_hex(&hex).map_err(at)?,
            (None, None, None, Some(repeat)) => expand(&repeat).map_err(at)?,
            _ => return Err(at("a case needs exactly one input form".into())),
        };
        cases.push(HostileCase {
            id: raw.id,
            what: raw.what,
            source: raw.source,
            input,
            expect: raw.expect,
            max_units: raw.max_units,
        });
    }
    Ok(cases)
}

/// The bytes of an even-length string of hex digits.
fn decode_hex(hex: &str) -> Result<Vec<u8>, String> {
    let digit = |c: u8| match c {
        b'0'..=b'9' => Ok(c - b'0'),
        b'a'..=b'f' => Ok(c - b'a' + 10),
        b'A'..=b'F' => Ok(c - b'A' + 10),
        _ => Err(format!("input_hex: {:?} is not a hex digit", c as char)),
    };
    let bytes = hex.as_bytes();
    if !bytes.len().is_multiple_of(2) {
        return Err("input_hex: an odd number of digits".into());
    }
    bytes
        .chunks_exact(2)
        .map(|pair| Ok(digit(pair[0])? << 4 | digit(pair[1])?))
        .collect()
}

/// `prefix`, `repeat` × `times`, `suffix`, refused past [`MAX_INPUT_BYTES`].
fn expand(repeat: &Repeat) -> Result<Vec<u8>, String> {
    let size = repeat
        .repeat
        .len()
        .checked_mul(repeat.times)
        .and_then(|n| n.checked_add(repeat.prefix.len() + repeat.suffix.len()))
        .filter(|&n| n <= MAX_INPUT_BYTES)
        .ok_or_else(|| format!("input_repeat: larger than {MAX_INPUT_BYTES} bytes"))?;
    let mut input = Vec::with_capacity(size);
    input.extend_from_slice(repeat.prefix.as_bytes());
    for _ in 0..repeat.times {
        input.extend_from_slice(repeat.repeat.as_bytes());
    }
    input.extend_from_slice(repeat.suffix.as_bytes());
    Ok(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_input_form_gives_the_bytes_it_describes() {
        let text = concat!(
            r#"{"id":"a","what":"w","source":"spec: s","input":{"expression":"1"},"expect":{},"max_units":1}"#,
            "\n\n",
            r#"{"id":"b","what":"w","source":"spec: s","input_raw":"{\"x\":1,\"x\":2}","expect":{},"max_units":0}"#,
            "\n",
            r#"{"id":"c","what":"w","source":"spec: s","input_hex":"7bFF7d","expect":{},"max_units":0}"#,
            "\n",
            r#"{"id":"d","what":"w","source":"spec: s","input_repeat":{"prefix":"[","repeat":"1,","times":3,"suffix":"1]"},"expect":{},"max_units":0}"#,
        );
        let cases = parse_hostile(text).expect("valid");
        let inputs: Vec<&[u8]> = cases.iter().map(|c| c.input.as_slice()).collect();
        assert_eq!(
            inputs,
            [
                br#"{"expression":"1"}"#.as_slice(),
                br#"{"x":1,"x":2}"#,
                b"{\xff}",
                b"[1,1,1,1]"
            ]
        );
        assert_eq!(cases[0].max_units, 1);
    }

    #[test]
    fn a_case_with_no_input_two_inputs_bad_hex_or_no_source_is_refused_with_its_line() {
        for (line, why) in [
            (
                r#"{"id":"a","what":"w","source":"spec: s","expect":{},"max_units":1}"#,
                "exactly one",
            ),
            (
                r#"{"id":"a","what":"w","source":"spec: s","input":1,"input_raw":"1","expect":{},"max_units":1}"#,
                "exactly one",
            ),
            (
                r#"{"id":"a","what":"w","source":"spec: s","input_hex":"7","expect":{},"max_units":1}"#,
                "odd",
            ),
            (
                r#"{"id":"a","what":"w","source":"spec: s","input_hex":"zz","expect":{},"max_units":1}"#,
                "hex digit",
            ),
            (
                r#"{"id":"a","what":"w","source":"spec: s","input_repeat":{"repeat":"ab","times":40000000},"expect":{},"max_units":1}"#,
                "larger than",
            ),
            (
                r#"{"id":"a","what":"w","source":"spec: s","input":1,"expect":{},"max_units":1,"x":1}"#,
                "unknown field",
            ),
            (
                r#"{"id":"a","what":"w","input":1,"expect":{},"max_units":1}"#,
                "missing field `source`",
            ),
            (
                r#"{"id":"a","what":"w","source":"reckon --accept-new","input":1,"expect":{},"max_units":1}"#,
                "not reckon",
            ),
            (
                r#"{"id":"a","what":"w","source":" ","input":1,"expect":{},"max_units":1}"#,
                "needs a source",
            ),
        ] {
            let error = parse_hostile(&format!("\n{line}")).expect_err(line);
            assert!(
                error.starts_with("line 2: ") && error.contains(why),
                "{error}"
            );
        }
    }
}
