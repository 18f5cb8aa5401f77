//! The `calculate` tool: a math.js 15.2-compatible calculator (its contract is described in
//! `docs/calculate.md`), built in layers, each importing only the ones above it in this list
//! (`scripts/check-layers.py` checks it):
//!
//! - `error`: the error contract: reasons, JSON-RPC codes, messages, hints, and every
//!   constructor (`failed`, `mismatch`, `not_implemented`, `function_error`, ...).
//! - `num`: the number tower, knowing nothing of values, trees or the evaluator: JavaScript's
//!   `Math` as V8 computes it (`jsmath`), number formatting (`format`), number-literal text
//!   (`literal`), math.js's tolerance (`tolerance`), exact rationals (`fraction`), bigints
//!   (`bigint`), 64-digit decimals with decimal.js semantics (`bignum`), complex.js's complex
//!   numbers (`complex`).
//! - `syntax`: the tokeniser, the parser and the tree they build (`lexer`, `parser`, `ast`), the
//!   names math.js resolves (`names`), string-literal text (`text`) and `NumericType`.
//! - `value`: `Value`, dense and sparse matrices, `index(...)` values and scopes.
//! - `functions`: the function table (one row per built-in: its arity and its number
//!   implementation), the special functions (`special`), `format` and its notations
//!   (`notation`), and the documentation of every catalogue name (`reference`).
//! - `eval`: the evaluator (`eval/mod.rs`), BigNumber and Complex mode (`big_mode`,
//!   `complex_mode`), bigints, indexing and `subset`, assignment, `print`, geometry, sparse
//!   arithmetic, and the collection functions by topic (`collections/`).
//! - `request`: the input contract and the checks before the operation (section 1 and section 3
//!   steps 1-8), and the quick path for the commonest small requests.
//! - this file: the pipeline, request to answer, and the result checks of step 10.
//!
//! Where to add things today:
//! - a function: its row in `functions::BUILTINS`: its arity, its number implementation and its
//!   facts (`functions::Facts`: element-wise, raw arguments, callbacks, its bigint form, what it
//!   does with a sparse matrix, whether the evaluator implements it over collections); its
//!   entry in `functions/reference.rs`; and, when it has one, its BigNumber, Fraction, Complex
//!   or bigint form in `eval/big_mode.rs`, `eval/fraction_mode.rs` (`apply_fraction`),
//!   `eval/complex_mode.rs` or `eval/bigint.rs`, or its collection form in the
//!   `eval/collections/` topic it belongs to. (Rows that also hold those forms and the
//!   documentation are the next step of this layout.)
//! - a unit: not built yet; `syntax/names.rs` already knows every unit name math.js resolves.
//! - a simplify rule: not built yet (`simplify` and `derivative` are refused as not
//!   implemented).
//!
//! Inputs that need what is not built are refused with `evaluation_failed` "... is not
//! implemented in reckon yet" (never with a reason that would call valid input wrong).

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod error;
mod eval;
mod functions;
mod num;
pub mod request;
mod syntax;
mod value;

// Public for their own differential tests (`tests/bignum_vs_mathjs.rs` calls the BigNumber
// arithmetic directly) and for the tool's front ends (the tree and number formatting).
pub use num::{bignum, format};
pub use syntax::ast;

pub use error::{CalculateError, ErrorDetails, Reason};
pub use eval::MEMORY_BUDGET;

pub use syntax::parser::{ParseError, STACK_BYTES, parse};

use request::{NumericType, Operation};
use serde_json::{Map, Value as Json, json};

/// The tool's id.
pub const TOOL_ID: &str = "calculate";
/// The tool's version.
pub const TOOL_VERSION: &str = "1.0.0";
/// The tool's manifest: the seed's input and output schemas verbatim, its limits and examples.
pub const MANIFEST_JSON: &str = include_str!("../manifest.json");

/// Longest formatted result, in UTF-16 code units.
const MAX_RESULT_UNITS: usize = 100_000;

/// What a front end lends each request beyond its input text.
#[derive(Clone, Copy, Debug, Default)]
pub struct Resources {
    /// Reads the heap the evaluating thread holds (the process's allocator counts it). With a
    /// gauge, a request is refused with `result_too_large` before it would hold more than
    /// [`MEMORY_BUDGET`] bytes; without one, its memory is bounded only by the element and size
    /// limits of section 10 (as in the library's own tests).
    pub memory_gauge: Option<reckon_core::MemoryGauge>,
}

impl Resources {
    /// The request's memory budget, started now on this thread (`None` without a gauge).
    fn memory_budget(&self) -> Option<reckon_core::MemoryBudget> {
        self.memory_gauge
            .map(|gauge| reckon_core::MemoryBudget::start(gauge, MEMORY_BUDGET))
    }
}

/// Runs one request text through the whole pipeline and returns the success object.
///
/// Parsing and evaluation recurse over the tree, so call this on a thread with at least
/// [`STACK_BYTES`] of stack: then every expression the length limit admits, however nested,
/// finishes (`tests/deep_nesting.rs`); the work meter bounds everything else.
///
/// # Errors
/// The first failing step's [`CalculateError`].
pub fn calculate(input: &[u8]) -> Result<Json, CalculateError> {
    calculate_counted(input, &mut 0)
}

/// [`calculate`], also reporting in `work_units` the units of the work meter (section 11a) the
/// evaluation spent, whether it answered or refused: for metrics and for the hostile-input tests
/// that hold every request under its bound. A request refused before evaluation spent none.
///
/// # Errors
/// The first failing step's [`CalculateError`].
pub fn calculate_counted(input: &[u8], work_units: &mut u64) -> Result<Json, CalculateError> {
    calculate_with(input, &Resources::default(), work_units)
}

/// [`calculate_counted`] with the front end's [`Resources`] (its memory gauge).
///
/// # Errors
/// The first failing step's [`CalculateError`].
pub fn calculate_with(
    input: &[u8],
    resources: &Resources,
    work_units: &mut u64,
) -> Result<Json, CalculateError> {
    *work_units = 0;
    let memory = resources.memory_budget();
    let request = request::decode(input)?;
    let answer = answer(&request, work_units, memory)?;
    let mut out = Map::new();
    out.insert("result".into(), answer.result.into());
    out.insert("resultType".into(), answer.result_type.into());
    out.insert(
        "expression".into(),
        request.expression.clone().into_owned().into(),
    );
    out.insert("operation".into(), request.operation.name().into());
    if let Some(scope) = &request.scope {
        out.insert(
            "scopeVars".into(),
            json!(scope.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>()),
        );
    }
    if let Some(precision) = request.precision {
        out.insert("precisionUsed".into(), precision.into());
    }
    Ok(Json::Object(out))
}

/// Runs one request like [`calculate`] and appends the success object to `out` as compact JSON
/// text, byte for byte what `serde_json` writes for [`calculate`]'s object, without building
/// it: the front ends' hot path. On an error nothing is appended.
///
/// # Errors
/// The first failing step's [`CalculateError`].
pub fn calculate_into(input: &[u8], out: &mut Vec<u8>) -> Result<(), CalculateError> {
    calculate_into_counted(input, out, &mut 0)
}

/// [`calculate_into`], also reporting the work units spent, as [`calculate_counted`] does.
///
/// # Errors
/// The first failing step's [`CalculateError`].
pub fn calculate_into_counted(
    input: &[u8],
    out: &mut Vec<u8>,
    work_units: &mut u64,
) -> Result<(), CalculateError> {
    calculate_into_with(input, out, &Resources::default(), work_units)
}

/// [`calculate_into_counted`] with the front end's [`Resources`] (its memory gauge): the front
/// ends' hot path.
///
/// # Errors
/// The first failing step's [`CalculateError`].
pub fn calculate_into_with(
    input: &[u8],
    out: &mut Vec<u8>,
    resources: &Resources,
    work_units: &mut u64,
) -> Result<(), CalculateError> {
    *work_units = 0;
    let memory = resources.memory_budget();
    let mut request = request::Request::empty();
    request::decode_into(input, &mut request)?;
    let value = checked_value(&request, work_units, memory)?;
    // A number (most answers) is written straight into `out` below, without a string of its
    // own: its text is ASCII without quotes or escapes, at most 25 bytes. Anything else is
    // formatted first, as its length may still refuse it.
    // A matrix of numbers (most other answers) is written straight into `out` as well, when
    // it is one (below); its text is ASCII too, and only its length can refuse it.
    let text = match value {
        value::Value::Number(_) | value::Value::Matrix(_) => None,
        ref other => Some(formatted(other, request.precision)?),
    };
    let start = out.len();
    // One allocation for the whole answer (the front ends pass an empty buffer): growing it
    // field by field cost four reallocations per request. Escapes may still grow it.
    let scope_names: usize = request
        .scope
        .iter()
        .flatten()
        .map(|(k, _)| k.len() + 3)
        .sum();
    let result_len = text.as_ref().map_or(25, String::len);
    out.reserve(result_len + request.expression.len() + scope_names + 112);
    // Each string's quotes are written with the fixed text around it, so a string without
    // anything to escape (almost every one) is a single copy; and the fixed text of the usual
    // answer (a number evaluated) is written in as few copies as the values between allow.
    out.extend_from_slice(b"{\"result\":\"");
    match (&text, &value) {
        (Some(text), _) => write_json_string_body(out, text),
        (None, value::Value::Number(x)) => format::append_number(*x, request.precision, out),
        (None, value::Value::Matrix(m)) => {
            write_matrix_result(m, &value, request.precision, out, start)?;
        }
        // (`text` is `None` for numbers and matrices of numbers alone.)
        (None, _) => {}
    }
    // Type and operation names are fixed ASCII words: nothing to escape.
    if let value::Value::Number(_) = value {
        out.extend_from_slice(b"\",\"resultType\":\"number\",\"expression\":\"");
    } else {
        out.extend_from_slice(b"\",\"resultType\":\"");
        out.extend_from_slice(value.type_name().as_bytes());
        out.extend_from_slice(b"\",\"expression\":\"");
    }
    match &request.expression {
        // The request's own text between quotes, without escapes: nothing to escape in it
        // (`Request::expression`), so it is copied without looking at it again.
        std::borrow::Cow::Borrowed(text) => out.extend_from_slice(text.as_bytes()),
        std::borrow::Cow::Owned(text) => write_json_string_body(out, text),
    }
    if request.operation == Operation::Evaluate {
        out.extend_from_slice(b"\",\"operation\":\"evaluate\"");
    } else {
        out.extend_from_slice(b"\",\"operation\":\"");
        out.extend_from_slice(request.operation.name().as_bytes());
        out.push(b'"');
    }
    if let Some(scope) = &request.scope {
        out.extend_from_slice(b",\"scopeVars\":[");
        for (i, (name, _)) in scope.iter().enumerate() {
            out.extend_from_slice(if i > 0 { b",\"" } else { b"\"" });
            write_json_string_body(out, name);
            out.push(b'"');
        }
        out.push(b']');
    }
    if let Some(precision) = request.precision {
        out.extend_from_slice(b",\"precisionUsed\":");
        format::append_integer(out, u64::from(precision));
    }
    out.push(b'}');
    if let value::Value::Number(_) = value {
        // A number owns nothing: skip the out-of-line drop of `Value` (~20 instructions).
        std::mem::forget(value);
    }
    Ok(())
}

/// Appends the text of the matrix result `m` (which is `value`) inside the answer's result
/// string: straight into `out` when it holds only numbers, else formatted and escaped. On an
/// error `out` is cut back to `start` (nothing appended). Out of line, so that the number path
/// of [`calculate_into_counted`] stays small.
#[inline(never)]
fn write_matrix_result(
    m: &value::matrix::Matrix,
    value: &value::Value,
    precision: Option<u32>,
    out: &mut Vec<u8>,
    start: usize,
) -> Result<(), CalculateError> {
    match m.append_numbers(precision, out, MAX_RESULT_UNITS) {
        Some(true) => Ok(()),
        // Too long (one UTF-16 unit per byte).
        Some(false) => {
            out.truncate(start);
            Err(result_too_large())
        }
        // Not a matrix of numbers: as any other value.
        None => match formatted(value, precision) {
            Ok(text) => {
                write_json_string_body(out, &text);
                Ok(())
            }
            Err(error) => {
                out.truncate(start);
                Err(error)
            }
        },
    }
}

/// Appends `text` escaped as the inside of a JSON string (without the quotes), exactly as
/// `serde_json` escapes it: `"`, `\` and the control characters below U+0020, nothing else.
#[inline]
fn write_json_string_body(out: &mut Vec<u8>, text: &str) {
    let bytes = text.as_bytes();
    let plain = reckon_core::json::plain_string_run(bytes);
    if plain == bytes.len() {
        out.extend_from_slice(bytes);
    } else {
        write_escaped_body(out, bytes, plain);
    }
}

/// [`write_json_string_body`] for a text whose first `plain` bytes need no escape and whose next
/// byte does: serde_json's short escapes (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`), and `\u00xx`
/// with lowercase hex digits for the other control characters.
#[cold]
fn write_escaped_body(out: &mut Vec<u8>, bytes: &[u8], mut plain: usize) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut rest = bytes;
    while let Some((&byte, after)) = rest.get(plain..).and_then(<[u8]>::split_first) {
        out.extend_from_slice(&rest[..plain]);
        match byte {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0c => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => {
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(byte >> 4)]);
                out.push(HEX[usize::from(byte & 0xf)]);
            }
        }
        rest = after;
        plain = reckon_core::json::plain_string_run(rest);
    }
    out.extend_from_slice(rest);
}

/// What a successful evaluation answers: the formatted result and its type name.
struct Answer {
    result: String,
    result_type: &'static str,
}

/// Section 3 steps 2–11 for a decoded request: checks, evaluation, result checks, formatting.
/// `work_units` receives what the evaluation spent of its work meter.
fn answer(
    request: &request::Request,
    work_units: &mut u64,
    memory: Option<reckon_core::MemoryBudget>,
) -> Result<Answer, CalculateError> {
    let value = checked_value(request, work_units, memory)?;
    Ok(Answer {
        result: formatted(&value, request.precision)?,
        result_type: value.type_name(),
    })
}

/// Section 3 steps 2–10 for a decoded request: checks, evaluation and the result checks, up to
/// the text of the result ([`formatted`]). `memory` holds the evaluation to its budget.
fn checked_value(
    request: &request::Request,
    work_units: &mut u64,
    memory: Option<reckon_core::MemoryBudget>,
) -> Result<value::Value, CalculateError> {
    request::check_unparsed(request)?;
    let mut lexed = None;
    if request.operation == Operation::Evaluate
        && request.numeric_type == NumericType::Number
        && request::quick::may_answer(&request.expression)
    {
        // Arithmetic and calls of built-ins on numbers and array literals, answered as they are
        // parsed (`quick.rs`); anything it gives up on is parsed (from the same tokens) and
        // evaluated in full below.
        let tokens = syntax::lexer::tokenize_until_error(request.expression.as_bytes());
        if let (tokens, None) = &tokens
            && let Some(answer) = quick_value(request, tokens, work_units, memory)
        {
            return answer;
        }
        lexed = Some(tokens);
    }
    let (tree, unusual_number) = request::parse_checked(request, lexed)?;
    if request.operation != Operation::Evaluate {
        return Err(CalculateError::new(
            Reason::EvaluationFailed,
            format!(
                "Evaluation failed: the {} operation is not implemented in reckon yet",
                request.operation.name()
            ),
        ));
    }
    let fraction_mode = request.numeric_type == NumericType::Fraction;
    let scope = used_scope(request);
    // Literals Fraction mode cannot read are parse-time failures (section 9.3).
    if fraction_mode && unusual_number {
        eval::check_fraction_literals(&tree)?;
    }
    let mut evaluator = eval::Evaluator::for_numeric_type(scope, request.numeric_type);
    evaluator.limit_memory(memory);
    let value = evaluator.eval(&tree);
    *work_units = evaluator.work_used();
    checked_result(value?, fraction_mode)
}

/// [`checked_value`] of a number-mode evaluation whose expression [`request::quick::may_answer`], by
/// [`request::quick::evaluate`]: `None` when that gives up, and the general path must answer.
///
/// Out of line: inlined, it made the request's function larger than the compiler then inlines
/// into its callers, which cost the quick path's requests some fifteen instructions more each
/// (callgrind).
#[inline(never)]
fn quick_value(
    request: &request::Request,
    lexed: &syntax::lexer::Lexed,
    work_units: &mut u64,
    memory: Option<reckon_core::MemoryBudget>,
) -> Option<Result<value::Value, CalculateError>> {
    if !request::quick::plausible(&request.expression, &lexed.tokens) {
        return None;
    }
    let mut evaluator =
        eval::Evaluator::for_numeric_type(used_scope(request), request.numeric_type);
    evaluator.limit_memory(memory);
    let (value, units) = request::quick::evaluate(&request.expression, lexed, &mut evaluator)?;
    // Past the budget only with what a called function spent as it went (a literal's nodes
    // alone are far fewer): the general path then finds where, and says so.
    evaluator.charge(units).ok()?;
    *work_units = evaluator.work_used();
    Some(checked_result(value, false))
}

/// Section 3 step 10: the checks of an evaluation's value.
#[inline(always)]
fn checked_result(
    value: value::Value,
    fraction_mode: bool,
) -> Result<value::Value, CalculateError> {
    if let value::Value::Number(x) = value
        && !fraction_mode
    {
        // A number (most results) can only fail the non-finite check of step 10: the general
        // checks below would each look at it and find nothing else.
        return finite_number(x);
    }
    if !fraction_mode && let Some(checked) = number_matrix_check(&value) {
        return checked.map(|()| value);
    }
    check_result(&value, fraction_mode)?;
    if let value::Value::Fraction(f) = &value
        && num::fraction::bits(f) > MAX_RESULT_UNITS * 10 / 3
    {
        // More bits than 100,000 digits can hold (a part needs ≥ bits·log10 2 > 100,000
        // digits): refuse before spending time writing the digits out.
        return Err(result_too_large());
    }
    if eval::bigint::largest_bits(&value) > MAX_RESULT_UNITS * 10 / 3 {
        // More digits than a result may have: refused before writing them out.
        return Err(result_too_large());
    }
    Ok(value)
}

/// Step 10 for a number result outside Fraction mode: it is the answer when finite.
#[inline]
fn finite_number(x: f64) -> Result<value::Value, CalculateError> {
    if x.is_finite() {
        Ok(value::Value::Number(x))
    } else {
        Err(eval::undefined_result())
    }
}

/// Section 3 step 11: the result's text, refused when it is longer than a result may be.
fn formatted(value: &value::Value, precision: Option<u32>) -> Result<String, CalculateError> {
    let result = value.format(precision);
    // UTF-16 units: one per byte for ASCII, which almost every result is.
    if result.len() > MAX_RESULT_UNITS && result.encode_utf16().count() > MAX_RESULT_UNITS {
        return Err(result_too_large());
    }
    Ok(result)
}

/// The scope entries the expression can name: those whose key is one of the names it spells
/// ([`name_candidates`] of its words).
///
/// A name is looked up by scanning the evaluator's bindings, one work unit per lookup, so a scope
/// of thousands of keys the expression never uses (a request may carry any number) would make
/// every lookup cost thousands of comparisons the meter does not see. An expression can only name
/// what it spells out (there is no lookup by computed name), so the others are left out before
/// evaluation; the answer's `scopeVars` still lists every key. Linear in the scope and the
/// expression but for a word of many digit-letter alternations (see [`name_candidates`]).
fn used_scope(request: &request::Request) -> Vec<(String, f64)> {
    let Some(scope) = &request.scope else {
        return Vec::new();
    };
    if request.expression.is_ascii() && scope.len() <= request::SMALL_SCOPE {
        // The usual case, split byte by byte (same words: ASCII whitespace is among the
        // separators, and there is no other whitespace in ASCII text).
        let words = request
            .expression
            .as_bytes()
            .split(|&b| !is_ascii_name_byte(b))
            .filter(|word| !word.is_empty());
        return keys_spelled(scope, words.flat_map(name_candidates));
    }
    used_scope_by_chars(request, scope)
}

/// An ASCII character that names are made of: a letter, a digit, `_` or `$`.
#[inline]
fn is_ascii_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

/// The names a word (a run of name characters) may spell: the word itself, and each part of it
/// that starts right after a digit with anything but a digit, as the lexer ends a number literal
/// there and starts a name (`2x` is 2 times `x`, `1e3y` is 1000 times `y`, `2x3y` is 2 times
/// `x3y`). A superset of the names (`x1f` of the literal `0x1f` is none), which is harmless: a
/// binding the expression does not read is never looked at.
///
/// A word of n alternations has n such parts, each compared (or hashed) whole: quadratic in the
/// length of such a word, which the expression limit (1,000 units) bounds.
fn name_candidates(word: &[u8]) -> impl Iterator<Item = &[u8]> {
    let after_digits = (1..word.len())
        .filter(move |&i| word[i - 1].is_ascii_digit() && !word[i].is_ascii_digit())
        .map(move |i| &word[i..]);
    std::iter::once(word).chain(after_digits)
}

/// The entries of a small `scope` (at most [`request::SMALL_SCOPE`]) whose key is one of
/// `names`, in the scope's order: each key marked as the names pass, without hashing them.
fn keys_spelled<'a>(
    scope: &[(String, f64)],
    names: impl Iterator<Item = &'a [u8]>,
) -> Vec<(String, f64)> {
    let mut used = [false; request::SMALL_SCOPE];
    for name in names {
        for (slot, (key, _)) in used.iter_mut().zip(scope) {
            *slot |= key.as_bytes() == name;
        }
    }
    scope
        .iter()
        .zip(used)
        .filter(|(_, used)| *used)
        .map(|(entry, _)| entry.clone())
        .collect()
}

/// [`used_scope`] for any expression, split character by character.
fn used_scope_by_chars(request: &request::Request, scope: &[(String, f64)]) -> Vec<(String, f64)> {
    // Names are made of ASCII letters, digits, `_`, `$` and some non-ASCII letters: split at
    // everything else that is ASCII or whitespace, so every name is in one of the words. (A
    // part after an ASCII digit starts a character, so it is a string too.)
    let names = request
        .expression
        .split(|c: char| c.is_whitespace() || (c.is_ascii() && !is_ascii_name_byte(c as u8)))
        .filter(|word| !word.is_empty())
        .flat_map(|word| name_candidates(word.as_bytes()));
    if scope.len() <= request::SMALL_SCOPE {
        return keys_spelled(scope, names);
    }
    let names: std::collections::HashSet<&[u8]> = names.collect();
    scope
        .iter()
        .filter(|(key, _)| names.contains(key.as_bytes()))
        .cloned()
        .collect()
}

/// The tool's function reference as Markdown, for `calculator://help` and the model-facing
/// description: what `calculate` is, then one table per group of section 6.1
/// (`| function | what it does | example |`), the constants of 6.4 and the disabled names of
/// 6.5, under level-4 headings. It is rendered from the crate's declarative reference table, and a name that reckon
/// does not evaluate yet (no row in the function table) is marked "not yet in reckon".
pub fn reference_markdown() -> String {
    functions::reference::markdown()
}

/// One example of the function reference, as the differential test checks it against math.js.
#[derive(Clone, Debug)]
pub struct ReferenceExample {
    /// The documented name (function, alias or constant).
    pub name: &'static str,
    /// The example expression as the reference shows it.
    pub expression: &'static str,
    /// The same expression for plain math.js 15.2, which lacks the server's aliases of
    /// section 6.2: an alias in call position is replaced by its target (`avg(` → `mean(`).
    pub mathjs_expression: String,
    /// Whether reckon evaluates the name yet; if not, it answers "... is not implemented in
    /// reckon yet".
    pub implemented: bool,
}

/// Every example of the function reference, in the reference's order.
pub fn reference_examples() -> Vec<ReferenceExample> {
    functions::reference::DOCS
        .iter()
        .map(|d| ReferenceExample {
            name: d.name,
            expression: d.example,
            mathjs_expression: match d.alias_of() {
                Some(target) => {
                    d.example
                        .replacen(&format!("{}(", d.name), &format!("{target}("), 1)
                }
                None => d.example.to_owned(),
            },
            implemented: d.implemented(),
        })
        .collect()
}

fn result_too_large() -> CalculateError {
    CalculateError::new(
        Reason::ResultTooLarge,
        "Result exceeds maximum size (100000 characters). Reduce matrix dimensions or simplify the expression.",
    )
}

/// The result checks of [`checked_value`] outside Fraction mode for a matrix whose elements are
/// all finite numbers (most matrix results), which can only fail by its size: one pass over the
/// elements instead of the general checks' four (help values, leaves, non-finite numbers,
/// bigints). `None` for any other value.
fn number_matrix_check(value: &value::Value) -> Option<Result<(), CalculateError>> {
    let value::Value::Matrix(m) = value else {
        return None;
    };
    if !m
        .data
        .iter()
        .all(|v| matches!(v, value::Value::Number(x) if x.is_finite()))
    {
        return None;
    }
    // Every element is one leaf.
    Some(if m.data.len() > MAX_RESULT_UNITS / 3 {
        Err(result_too_large())
    } else {
        Ok(())
    })
}

/// Step 10 for the values of this slice: a function result (a), non-finite numbers (d), and in
/// Fraction mode a number that is not a safe integer (e).
fn check_result(value: &value::Value, fraction_mode: bool) -> Result<(), CalculateError> {
    if matches!(value, value::Value::Function(_)) {
        return Err(CalculateError::new(
            Reason::DisallowedResultType,
            "Expression produced a function, which cannot be returned — the result must be a value, not a function.",
        ));
    }
    if has_help(value) {
        return Err(CalculateError::new(
            Reason::DisallowedResultType,
            "help() is not available inside expressions — read the calculator://help resource for the function reference.",
        ));
    }
    if value::matrix::leaves(value) > MAX_RESULT_UNITS / 3 {
        return Err(result_too_large());
    }
    if has_non_finite(value) {
        return Err(eval::undefined_result());
    }
    if fraction_mode && has_unsafe_float(value) {
        let mut error = eval::fraction_unsupported_float(0);
        error.position = None;
        return Err(error);
    }
    Ok(())
}

/// A binary64 number that is not a safe integer (|n| ≤ 2^53 − 1, integral), anywhere.
fn has_unsafe_float(value: &value::Value) -> bool {
    const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
    match value {
        value::Value::Number(x) => x.fract() != 0.0 || x.abs() > MAX_SAFE,
        value::Value::Object(entries) => entries.iter().any(|(_, v)| has_unsafe_float(v)),
        value::Value::Matrix(m) => m.data.iter().any(has_unsafe_float),
        value::Value::Sparse(m) => m.data.iter().any(has_unsafe_float),
        value::Value::Complex(z) => [z.re, z.im]
            .iter()
            .any(|x| x.fract() != 0.0 || x.abs() > MAX_SAFE),
        _ => false,
    }
}

/// A help value anywhere (step 10b).
fn has_help(value: &value::Value) -> bool {
    match value {
        value::Value::Help(_) => true,
        value::Value::Object(entries) => entries.iter().any(|(_, v)| has_help(v)),
        value::Value::Matrix(m) => m.data.iter().any(has_help),
        _ => false,
    }
}

fn has_non_finite(value: &value::Value) -> bool {
    match value {
        value::Value::Number(x) => !x.is_finite(),
        value::Value::Object(entries) => entries.iter().any(|(_, v)| has_non_finite(v)),
        value::Value::Matrix(m) => m.data.iter().any(has_non_finite),
        value::Value::Sparse(m) => m.data.iter().any(has_non_finite),
        value::Value::Complex(z) => !z.is_finite(),
        value::Value::Big(x) => !x.is_finite(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `calculate_into` must write exactly what serializing `calculate`'s object writes: the
    /// front ends use the one, the library tests the other.
    #[test]
    fn the_direct_writer_matches_the_json_object_byte_for_byte() {
        let requests = [
            r#"{"expression": "0.1 + 0.2"}"#,
            r#"{"expression": "x * y", "scope": {"y": 2, "x": 1.5, "10": 3}}"#,
            r#"{"expression": "1/3", "precision": 4}"#,
            r#"{"expression": "1/3", "precision": 4, "numericType": "Fraction"}"#,
            r#"{"expression": "\"a\\\"b\\\\c\\n\\u0001é😀\"", "scope": {}}"#,
            r#"{"expression": "[1, 2; 3, 4] * 2", "numericType": "BigNumber"}"#,
            r#"{"expression": "{a: \"</script>\", b: [1, 2]}"}"#,
            r#"{"expression": "sqrt(-4)", "operation": "evaluate"}"#,
            r#"{"expression": "\"\u007f\u2028\u001f\t\"", "scope": {"\u0007": 1}}"#,
            // Numbers are written straight into the buffer: every branch of that writer.
            r#"{"expression": "-0"}"#,
            r#"{"expression": "-12345"}"#,
            r#"{"expression": "2^53 + 2"}"#,
            r#"{"expression": "1e21 / 3"}"#,
            r#"{"expression": "-1e-7"}"#,
            r#"{"expression": "-1/3", "precision": 4}"#,
            r#"{"expression": "123456", "precision": 3}"#,
            r#"{"expression": "2/3", "precision": 16}"#,
            r#"{"expression": "1e300 * 3", "precision": 2}"#,
            // Matrices of numbers are written straight into the buffer too.
            r#"{"expression": "[1, -2.5; 1e21, 0.1 + 0.2]"}"#,
            r#"{"expression": "[1, -2.5; 1e21, 0.1 + 0.2]", "precision": 3}"#,
            r#"{"expression": "inv([4, 7; 2, 6])"}"#,
            r#"{"expression": "quantileSeq([1, 2, 3, 4, 5], [0.25, 0.75])"}"#,
            r#"{"expression": "zeros(2, 0)"}"#,
            r#"{"expression": "zeros(0, 3)"}"#,
            r#"{"expression": "[]"}"#,
            r#"{"expression": "[[]]"}"#,
            r#"{"expression": "ones(2, 2, 2) * -0"}"#,
            r#"{"expression": "[1, \"a\"]"}"#,
            r#"{"expression": "[1, 2 + 3i]"}"#,
            r#"{"expression": "[1/3, 2]", "numericType": "Fraction"}"#,
            r#"{"expression": "[1, 2] * 1.5", "numericType": "BigNumber"}"#,
            r#"{"expression": "sparse([1, 0; 0, 2])"}"#,
        ];
        for request in requests {
            let object = calculate(request.as_bytes()).expect(request);
            let mut text = Vec::new();
            calculate_into(request.as_bytes(), &mut text).expect(request);
            assert_eq!(
                String::from_utf8(text).expect("UTF-8"),
                object.to_string(),
                "{request}"
            );
        }
        let mut text = b"kept".to_vec();
        assert!(calculate_into(br#"{"expression": "1 +"}"#, &mut text).is_err());
        assert_eq!(text, b"kept");
    }

    /// A matrix of numbers written straight into the buffer is refused exactly when its text
    /// is longer than a result may be (99,999, 100,000 and 100,001 characters), as the general
    /// path refuses it, and then nothing is appended.
    #[test]
    fn a_matrix_written_directly_is_refused_past_the_result_length() {
        // `[` + 19,999 × `0.1` + 19,999 × `, ` + the last element + `]`.
        for (last, length) in [("12", 99_999), ("1.2", 100_000), ("1.25", 100_001)] {
            let request = format!(r#"{{"expression": "concat(ones(19999) * 0.1, [{last}])"}}"#);
            let object = calculate(request.as_bytes());
            let mut text = b"kept".to_vec();
            let direct = calculate_into(request.as_bytes(), &mut text);
            match object {
                Ok(object) => {
                    assert!(length <= MAX_RESULT_UNITS, "{length}");
                    assert_eq!(object["result"].as_str().map(str::len), Some(length));
                    assert!(direct.is_ok());
                    assert_eq!(&text[..4], b"kept");
                    assert_eq!(
                        String::from_utf8(text[4..].to_vec()).expect("UTF-8"),
                        object.to_string()
                    );
                }
                Err(error) => {
                    assert!(length > MAX_RESULT_UNITS, "{length}: {}", error.message);
                    assert_eq!(
                        direct.map_err(|e| e.into_details().message),
                        Err(error.into_details().message)
                    );
                    assert_eq!(text, b"kept");
                }
            }
        }
    }

    /// The string writer escapes as serde_json does: every ASCII character alone and between
    /// others, runs of escapes, and non-ASCII text around them.
    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let mut texts: Vec<String> = (0..0x80u8)
            .map(char::from)
            .flat_map(|c| [c.to_string(), format!("ab{c}cdefghij{c}{c}é😀{c}")])
            .collect();
        texts.extend(
            [
                "",
                "plain",
                "\"\\\"\\",
                "\u{7f}\u{2028}\u{1f}\t",
                "0123456789abcdef\n",
            ]
            .map(str::to_owned),
        );
        for text in texts {
            let mut out = b"[".to_vec();
            write_json_string_body(&mut out, &text);
            let want = serde_json::to_string(&text).expect("a string");
            assert_eq!(
                String::from_utf8(out).expect("UTF-8"),
                format!("[{}", &want[1..want.len() - 1]),
                "{text:?}"
            );
        }
        for n in [0, 1, 9, 10, 16, 99, 100, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            format::append_integer(&mut out, n);
            assert_eq!(out, n.to_string().as_bytes());
        }
    }
}

#[cfg(test)]
mod check_tests {
    use super::*;
    use value::Value;

    /// The general result checks of a value outside Fraction mode, as `checked_value` ran them
    /// before the number-matrix shortcut.
    fn general(value: &Value) -> Result<(), CalculateError> {
        check_result(value, false)?;
        if eval::bigint::largest_bits(value) > MAX_RESULT_UNITS * 10 / 3 {
            return Err(result_too_large());
        }
        Ok(())
    }

    /// The shortcut for matrices of finite numbers decides as the general checks do (sizes at
    /// the limit N-1, N, N+1 included) and steps aside for everything else.
    #[test]
    fn the_number_matrix_shortcut_agrees_with_the_general_checks() {
        let limit = MAX_RESULT_UNITS / 3;
        let numbers =
            |n: usize| Value::matrix(value::matrix::Matrix::vector(vec![Value::Number(1.5); n]));
        for n in [0, 1, 3, limit - 1, limit, limit + 1] {
            let value = numbers(n);
            let shortcut = number_matrix_check(&value).expect("a matrix of numbers");
            assert_eq!(shortcut, general(&value), "{n} elements");
        }
        assert!(number_matrix_check(&numbers(limit + 1)).is_some_and(|r| r.is_err()));
        let mut others = vec![
            Value::Number(1.0),
            Value::Str("x".into()),
            Value::matrix(value::matrix::Matrix::vector(vec![Value::Number(f64::NAN)])),
            Value::matrix(value::matrix::Matrix::vector(vec![
                Value::Number(1.0),
                Value::Number(f64::INFINITY),
            ])),
            Value::matrix(value::matrix::Matrix::vector(vec![Value::Help(
                "sin".into(),
            )])),
            Value::matrix(value::matrix::Matrix::vector(vec![Value::BigInt(
                std::rc::Rc::new(dashu_int::IBig::from(7)),
            )])),
            Value::matrix(value::matrix::Matrix::vector(vec![Value::Str("a".into())])),
            Value::matrix(value::matrix::Matrix::vector(vec![numbers(2)])),
        ];
        others.push(Value::object(vec![("a".into(), numbers(2))]));
        for value in others {
            assert!(number_matrix_check(&value).is_none(), "{value:?}");
        }
    }
}

#[cfg(test)]
mod scope_tests {
    use super::*;

    /// The byte-wise split of ASCII expressions finds the keys the character-wise one finds.
    #[test]
    fn ascii_expressions_bind_what_the_general_split_binds() {
        let keys = ["a", "b", "ab", "x_1", "$y", "c1", "1", "e", "end", "A"];
        let expressions = [
            "a+b*max(c1,1)",
            "ab + a",
            "x_1 * $y",
            r"a\tb\nab\r\u000bx_1\u000c$y",
            "f(a) = a^2; end",
            "1e5 + e + A[1]",
            r#"\"a\" + b"#,
            "a.b.c1",
            "$y$y + _a + $y",
            "2a + 3c1 + 1e5e + 0.5ab",
        ];
        for expression in expressions {
            let scope: String = keys
                .iter()
                .enumerate()
                .map(|(i, k)| format!("\"{k}\": {i}"))
                .collect::<Vec<_>>()
                .join(", ");
            let text = format!(r#"{{"expression": "{expression}", "scope": {{{scope}}}}}"#);
            let request = request::decode(text.as_bytes()).expect("a request");
            assert!(request.expression.is_ascii());
            let all = request.scope.clone().expect("a scope");
            let used = used_scope(&request);
            assert_eq!(used, used_scope_by_chars(&request, &all), "{expression}");
            assert!(!used.is_empty(), "{expression}");
        }
    }

    fn result(request: &str) -> Json {
        calculate(request.as_bytes()).unwrap_or_else(|e| panic!("{request}: {}", e.message))
    }

    /// Only the names an expression spells are bound, wherever they stand (next to operators, in
    /// calls, non-ASCII names); every key is still reported in `scopeVars`, in order.
    #[test]
    fn the_scope_binds_what_the_expression_names_and_reports_every_key() {
        let out = result(
            r#"{"expression": "a+b*max(c,1)", "scope": {"a": 1, "b": 2, "c": 3, "unused": 4}}"#,
        );
        assert_eq!(out["result"], "7");
        assert_eq!(out["scopeVars"], json!(["a", "b", "c", "unused"]));
        let out = result(r#"{"expression": "2 αβ + x_1", "scope": {"αβ": 1.5, "x_1": 1}}"#);
        assert_eq!(out["result"], "4");
        // A key that is a prefix or part of a used name is not that name.
        let error = calculate(br#"{"expression": "ab", "scope": {"a": 1, "b": 2}}"#)
            .expect_err("ab is undefined");
        assert!(
            error.message.contains("Undefined symbol ab"),
            "{}",
            error.message
        );
    }

    /// A name right after a number literal (an implicit product, `2x`) is bound: the lexer ends
    /// the literal at the name, though the two make one run of name characters.
    #[test]
    fn a_name_after_a_number_is_bound() {
        let cases = [
            (r#"{"expression": "2x", "scope": {"x": 3}}"#, "6"),
            (
                r#"{"expression": "2x + 1", "scope": {"x": 3, "y": 4}}"#,
                "7",
            ),
            (r#"{"expression": "1e3y", "scope": {"y": 2}}"#, "2000"),
            (r#"{"expression": "0.5x3y", "scope": {"x3y": 8}}"#, "4"),
            (
                r#"{"expression": "2_x + 2$y", "scope": {"_x": 1, "$y": 2}}"#,
                "6",
            ),
            (r#"{"expression": "3αβ", "scope": {"αβ": 2}}"#, "6"),
            (r#"{"expression": "x2 + 2", "scope": {"x2": 5}}"#, "7"),
        ];
        for (request, expected) in cases {
            assert_eq!(result(request)["result"], expected, "{request}");
        }
        // The same through the hashed path of a large scope.
        let mut members: Vec<String> = (0..100).map(|i| format!("\"v{i}\": {i}")).collect();
        members.push("\"x\": 3".to_owned());
        let request = format!(
            r#"{{"expression": "2x + 4v7", "scope": {{{}}}}}"#,
            members.join(", ")
        );
        assert_eq!(result(&request)["result"], "34");
        // A name is still whole: the digits of `x2` start no name `2`, nor `2x` a name `2x`.
        let error = calculate(br#"{"expression": "2xy", "scope": {"x": 1, "y": 2}}"#)
            .expect_err("xy is undefined");
        assert!(
            error.message.contains("Undefined symbol xy"),
            "{}",
            error.message
        );
    }

    /// The names a word may spell: itself and each part after a digit.
    #[test]
    fn name_candidates_are_the_word_and_its_parts_after_digits() {
        let names = |word: &str| -> Vec<String> {
            name_candidates(word.as_bytes())
                .map(|n| String::from_utf8_lossy(n).into_owned())
                .collect()
        };
        assert_eq!(names("x"), ["x"]);
        assert_eq!(names("x2"), ["x2"]);
        assert_eq!(names("2x"), ["2x", "x"]);
        assert_eq!(names("12x3y"), ["12x3y", "x3y", "y"]);
        assert_eq!(names("2"), ["2"]);
        assert_eq!(names("2αβ"), ["2αβ", "αβ"]);
    }

    /// Many keys, repeated ones among them, are read in linear time and the last value wins.
    #[test]
    fn a_large_scope_with_repeated_keys_keeps_the_last_value() {
        let mut members: Vec<String> = (0..20_000).map(|i| format!("\"v{i}\": {i}")).collect();
        members.push("\"v7\": 70".to_owned());
        let request = format!(
            r#"{{"expression": "v7 + v19999", "scope": {{{}}}}}"#,
            members.join(", ")
        );
        let out = result(&request);
        assert_eq!(out["result"], "20069");
        assert_eq!(out["scopeVars"].as_array().map(Vec::len), Some(20_000));
    }
}

/// What the modules' unit tests share: a request run through the whole pipeline.
#[cfg(test)]
pub(crate) mod test_support {
    use serde_json::json;

    /// A seeded xorshift64 generator: the same spread of test values on every run.
    pub(crate) fn xorshift(seed: u64) -> impl FnMut() -> u64 {
        let mut state = seed;
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// The result as `{resultType} {result}`, or `{reason}: {message}`.
    pub(crate) fn answer_in(expression: &str, numeric_type: &str) -> String {
        let input = json!({"expression": expression, "numericType": numeric_type}).to_string();
        match crate::calculate(input.as_bytes()) {
            Ok(out) => format!(
                "{} {}",
                out["resultType"].as_str().unwrap_or("?"),
                out["result"].as_str().unwrap_or("?")
            ),
            Err(e) => format!("{}: {}", e.reason.name(), e.message),
        }
    }

    /// The reason of a refusal (`ok` for an answer).
    pub(crate) fn reason_in(expression: &str, numeric_type: &str) -> String {
        let input = json!({"expression": expression, "numericType": numeric_type}).to_string();
        match crate::calculate(input.as_bytes()) {
            Ok(_) => "ok".into(),
            Err(e) => e.reason.name().to_owned(),
        }
    }
}
