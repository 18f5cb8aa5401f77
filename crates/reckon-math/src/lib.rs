//! The `calculate` tool: a math.js 15.2-compatible calculator (its contract is described in
//! `docs/calculate.md`), built in layers, each importing only the ones above it in this list
//! (`scripts/check-layers.py` checks it):
//!
//! - `error`: the error contract: reasons, JSON-RPC codes, messages, hints, and every
//!   constructor (`failed`, `mismatch`, `not_implemented`, `function_error`, ...).
//! - `num`: the number tower, knowing nothing of values, trees or the evaluator: JavaScript's
//!   `Math` as V8 computes it (`jsmath`) and math.js's functions on binary64 numbers (`real`),
//!   number formatting (`format`), number-literal text (`literal`), math.js's tolerance
//!   (`tolerance`), exact rationals (`fraction`), bigints (`bigint`), 64-digit decimals with
//!   decimal.js semantics (`bignum`), complex.js's complex numbers (`complex`).
//! - `syntax`: the tokeniser, the parser and the tree they build (`lexer`, `parser`, `ast`), the
//!   checks and alias renaming before evaluation (`checks`), the names math.js resolves
//!   (`names`), string-literal text (`text`) and `NumericType`.
//! - `units`: physical units (spec 4.9, 6.3, 7.5): the unit table read from
//!   `data/mathjs-units.tsv` (math.js 15.2's facts) and the custom units (`table`), the `Unit`
//!   type, its arithmetic and conversion, the current unit system and printing (`format`), and
//!   unit text (`text`).
//! - `value`: `Value`, dense and sparse matrices, `index(...)` values, scopes and the
//!   conversions between value types (`convert`).
//! - `functions`: the function table (one row per built-in: its arity, its number
//!   implementation, its one-argument Complex, BigNumber and Fraction forms, and its facts),
//!   the special functions (`special`), `format` and its notations
//!   (`notation`), and the documentation of every catalogue name (`reference`).
//! - `eval`: the evaluator (`eval/mod.rs`), BigNumber and Complex mode (`big_mode`,
//!   `complex_mode`), bigints, indexing and `subset`, assignment, `print`, geometry, sparse
//!   arithmetic, and the collection functions by topic (`collections/`).
//! - `symbolic`: simplify and derivative over the syntax tree (section 8): the working form of
//!   an expression (`expr`), the rewriter (`simplify`, `trig`), polynomials over the rationals
//!   for the cancellations beyond math.js (`poly`), the derivative rules (`derivative`) and the
//!   printer of section 8.3 (`print`).
//! - `request`: the input contract and the checks before the operation (section 1 and section 3
//!   steps 1-8), the scope entries an expression uses (`used_scope`), the quick paths for the
//!   commonest small requests (`quick`, and `quick_units` for `5 kg to lbs`), and the result checks and the answer's text (`answer`).
//! - this file: the pipeline, request to answer.
//!
//! Where to add things today:
//! - a function: its row in `functions::BUILTINS`: its arity, its number implementation, its
//!   forms on the other number types when each is one function of its argument
//!   (`.complex(Complex::sin)`, `.big(cost, f)`, `.fraction(f)`) and its facts
//!   (`functions::Facts`: element-wise, raw arguments, callbacks, its bigint form, what it does
//!   with a sparse matrix, whether the evaluator implements it over collections). A form that
//!   needs the evaluator (two arguments, a result of another type, a metered loop) is a named
//!   case in `eval/big_mode.rs`, `eval/fraction_mode.rs` (`apply_fraction`),
//!   `eval/complex_mode.rs` or `eval/bigint.rs`, and a collection form lives in the
//!   `eval/collections/` topic it belongs to. Its documentation is already written: every name
//!   of the catalogue, built or not, has its entry in `functions/reference.rs`, and help marks
//!   it built once its row exists.
//! - a unit: regenerate `data/mathjs-units.tsv` (`scripts/gen-units-table.mjs`) for math.js's
//!   units, or add a custom one to `units::table::CUSTOM` (and its name to
//!   `syntax/names.rs`).
//! - a simplify rule: in `symbolic/simplify.rs` (`sum`, `product`, `power`, each a rewrite of
//!   one node kind of the working form), a trigonometric identity in `symbolic/trig.rs`, a
//!   derivative rule in `symbolic/derivative.rs`.
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
mod symbolic;
mod syntax;
mod units;
mod value;

// Public for their own differential tests (`tests/bignum_vs_mathjs.rs` calls the BigNumber
// arithmetic directly) and for the tool's front ends (the tree and number formatting).
pub use num::{bignum, format};
pub use syntax::ast;

pub use error::{CalculateError, ErrorDetails, Reason};
pub use eval::MEMORY_BUDGET;
pub use functions::missing;

pub use syntax::parser::{ParseError, STACK_BYTES, parse};

use request::answer::{checked_result, formatted, write_json_string_body, write_matrix_result};
use request::used_scope::used_scope;
use request::{NumericType, Operation};
use serde_json::{Map, Value as Json, json};

/// The tool's id.
pub const TOOL_ID: &str = "calculate";
/// The tool's version.
pub const TOOL_VERSION: &str = "1.0.0";
/// The tool's manifest: the seed's input and output schemas verbatim, its limits and examples.
pub const MANIFEST_JSON: &str = include_str!("../manifest.json");

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
    if request.operation != Operation::Evaluate {
        return symbolic_object(&request, work_units);
    }
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
    calculate_into_budgeted(input, out, resources, work_units, eval::WORK_BUDGET)
}

/// The largest allowance [`calculate_into_within`] takes. The meter charges every step before it
/// is taken, at about 36 million units a second on the machine its budget was measured on
/// (the 60,000,000-unit budget of a request), so a request held to this many units finishes in about 150 µs.
pub const SMALL_WORK_ALLOWANCE: u64 = 5_000;

/// [`calculate_into_with`] held to a small `allowance` of work units (at most
/// [`SMALL_WORK_ALLOWANCE`]), for a front end that answers small requests in place and hands
/// only the others to its tool threads. `None`, with nothing appended to `out`, when the request
/// needs more than the allowance or is a simplify or derivative request (their engine has a meter
/// of its own): the caller then runs it in full with [`calculate_into_with`], and the work done
/// here, at most the allowance, is lost. Every other answer, refusals included, is exactly what
/// [`calculate_into_with`] gives.
pub fn calculate_into_within(
    input: &[u8],
    out: &mut Vec<u8>,
    resources: &Resources,
    work_units: &mut u64,
    allowance: u64,
) -> Option<Result<(), CalculateError>> {
    let allowance = allowance.min(SMALL_WORK_ALLOWANCE);
    let start = out.len();
    match calculate_into_budgeted(input, out, resources, work_units, allowance) {
        // Past the allowance (the meter refuses as the timeout does; the 5 s clock cannot strike
        // within an allowance this small).
        Err(error) if error.reason == Reason::EvaluationTimeout => {
            out.truncate(start);
            None
        }
        answered => Some(answered),
    }
}

/// [`calculate_into_with`] with a work budget of `budget` units: the whole [`eval::WORK_BUDGET`],
/// or a smaller allowance, under which simplify and derivative are not run (refused as a timeout,
/// which [`calculate_into_within`] reads as "needs more").
fn calculate_into_budgeted(
    input: &[u8],
    out: &mut Vec<u8>,
    resources: &Resources,
    work_units: &mut u64,
    budget: u64,
) -> Result<(), CalculateError> {
    *work_units = 0;
    let memory = resources.memory_budget();
    let mut request = request::Request::empty();
    request::decode_into(input, &mut request)?;
    if request.operation != Operation::Evaluate {
        if budget < eval::WORK_BUDGET {
            return Err(error::timed_out());
        }
        let object = symbolic_object(&request, work_units)?;
        out.extend_from_slice(object.to_string().as_bytes());
        return Ok(());
    }
    let value = checked_value(&request, work_units, memory, budget)?;
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
    let value = checked_value(request, work_units, memory, eval::WORK_BUDGET)?;
    Ok(Answer {
        result: formatted(&value, request.precision)?,
        result_type: value.type_name(),
    })
}

/// Section 3 steps 2–10 for a decoded request: checks, evaluation and the result checks, up to
/// the text of the result ([`formatted`]). `memory` holds the evaluation to its budget. A refusal
/// of what is not built yet carries its workaround ([`missing::with_workaround`]).
fn checked_value(
    request: &request::Request,
    work_units: &mut u64,
    memory: Option<reckon_core::MemoryBudget>,
    budget: u64,
) -> Result<value::Value, CalculateError> {
    evaluated(request, work_units, memory, budget).map_err(|error| explained(error, request))
}

/// A refusal with the hints that depend on what was asked: the way around what is not built,
/// the exact way to a large integer. Out of line and cold: the answering path pays nothing.
#[cold]
#[inline(never)]
fn explained(error: CalculateError, request: &request::Request) -> CalculateError {
    with_exact_integer_hint(missing::with_workaround(error), request)
}

/// The integer functions whose results outgrow binary64 first (`171!`): an overflow of an
/// expression calling one, or already using bigints, was most likely asked for an exact integer.
const INTEGER_FUNCTIONS: [&str; 13] = [
    "factorial",
    "combinations",
    "combinationsWithRep",
    "choose",
    "nCr",
    "permutations",
    "permute",
    "nPr",
    "multinomial",
    "catalan",
    "bellNumbers",
    "stirlingS2",
    "bigint",
];

/// An overflow (`undefined_result`) of a number-mode expression that asks for a large integer
/// (`factorial(171)`, `5000!`, `combinations(2000, 1000)`, a bigint overflowing in a function
/// that returns a number) keeps the specification's hint, which sends the caller to BigNumber,
/// and adds the way to the exact integer, which BigNumber's 64 digits are not.
fn with_exact_integer_hint(
    mut error: CalculateError,
    request: &request::Request,
) -> CalculateError {
    if error.reason != Reason::UndefinedResult || request.numeric_type != NumericType::Number {
        return error;
    }
    let text = &request.expression;
    let factorial_operator = text.contains('!') && !text.contains("!=");
    let mut words = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
    let integer_function = words.any(|word| INTEGER_FUNCTIONS.contains(&word));
    if !(factorial_operator || integer_function) {
        return error;
    }
    error.hint = Some(format!(
        "{} For an exact integer, compute with bigints, which have every digit: \
         prod(map(1:171, f(x) = bigint(x))) is 171!, bigint(2)^bigint(1024) is 2^1024.",
        Reason::UndefinedResult.hint()
    ));
    error
}

/// [`checked_value`] before a not-built refusal gets its workaround.
#[inline(always)]
fn evaluated(
    request: &request::Request,
    work_units: &mut u64,
    memory: Option<reckon_core::MemoryBudget>,
    budget: u64,
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
            && request::quick_units::plausible(&tokens.tokens)
            && let Some(answer) = quick_unit_value(request, tokens, work_units, memory, budget)
        {
            return answer;
        }
        if let (tokens, None) = &tokens
            && let Some(answer) = quick_value(request, tokens, work_units, memory, budget)
        {
            return answer;
        }
        lexed = Some(tokens);
    }
    let (tree, unusual_number) = request::parse_checked(request, lexed)?;
    // (simplify and derivative are answered by `symbolic_answer`, never here.)
    debug_assert_eq!(request.operation, Operation::Evaluate);
    let fraction_mode = request.numeric_type == NumericType::Fraction;
    let scope = used_scope(request);
    // Literals Fraction mode cannot read are parse-time failures (section 9.3).
    if fraction_mode && unusual_number {
        eval::check_fraction_literals(&tree)?;
    }
    let mut evaluator = eval::Evaluator::for_numeric_type(scope, request.numeric_type);
    evaluator.limit_memory(memory);
    evaluator.limit_work(budget);
    let value = evaluator
        .eval(&tree)
        .and_then(|v| evaluator.settle_units(v));
    *work_units = evaluator.work_used();
    checked_result(value?, fraction_mode)
}

/// Section 3 steps 2–8 and 11 and section 8 for a simplify or derivative request: the printed
/// result, and for simplify whether it is unchanged. `work_units` receives what the symbolic
/// engine spent of its work meter.
fn symbolic_answer(
    request: &request::Request,
    work_units: &mut u64,
) -> Result<(String, Option<bool>), CalculateError> {
    request::check_unparsed(request)?;
    let (tree, _) = request::parse_checked(request, None)?;
    let mut work = symbolic::Work::new();
    let answer = match request.operation {
        Operation::Derivative => {
            let variable = request.variable.as_deref().unwrap_or_default();
            symbolic::derivative(&tree, variable, &mut work).map(|text| (text, None))
        }
        _ => symbolic::simplify(&tree, &mut work).map(|s| (s.text, Some(s.unchanged))),
    };
    *work_units = work.used();
    let (text, unchanged) = answer?;
    if text.len() > request::answer::MAX_RESULT_UNITS
        && text.encode_utf16().count() > request::answer::MAX_RESULT_UNITS
    {
        return Err(request::answer::result_too_large());
    }
    Ok((text, unchanged))
}

/// The success object of a simplify or derivative request (section 2).
fn symbolic_object(
    request: &request::Request,
    work_units: &mut u64,
) -> Result<Json, CalculateError> {
    let (text, unchanged) = symbolic_answer(request, work_units)?;
    let mut out = Map::new();
    out.insert("result".into(), text.into());
    out.insert("resultType".into(), "string".into());
    out.insert(
        "expression".into(),
        request.expression.clone().into_owned().into(),
    );
    out.insert("operation".into(), request.operation.name().into());
    if let Some(unchanged) = unchanged {
        out.insert("unchanged".into(), unchanged.into());
    }
    Ok(Json::Object(out))
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
    budget: u64,
) -> Option<Result<value::Value, CalculateError>> {
    if !request::quick::plausible(&request.expression, &lexed.tokens) {
        return None;
    }
    let mut evaluator =
        eval::Evaluator::for_numeric_type(used_scope(request), request.numeric_type);
    evaluator.limit_memory(memory);
    evaluator.limit_work(budget);
    let (value, units) = request::quick::evaluate(&request.expression, lexed, &mut evaluator)?;
    // Past the budget only with what a called function spent as it went (a literal's nodes
    // alone are far fewer): the general path then finds where, and says so.
    evaluator.charge(units).ok()?;
    *work_units = evaluator.work_used();
    Some(checked_result(value, false))
}

/// [`checked_value`] of a number-mode `NUMBER UNIT` or `NUMBER UNIT to UNIT` whose tokens are
/// [`request::quick_units::plausible`], by [`request::quick_units::evaluate`]: `None` when that
/// gives up, and the general path must answer.
#[inline(never)]
fn quick_unit_value(
    request: &request::Request,
    lexed: &syntax::lexer::Lexed,
    work_units: &mut u64,
    memory: Option<reckon_core::MemoryBudget>,
    budget: u64,
) -> Option<Result<value::Value, CalculateError>> {
    let mut evaluator =
        eval::Evaluator::for_numeric_type(used_scope(request), request.numeric_type);
    evaluator.limit_memory(memory);
    evaluator.limit_work(budget);
    let (value, units) =
        request::quick_units::evaluate(&request.expression, &lexed.tokens, &mut evaluator)?;
    evaluator.charge(units).ok()?;
    let value = evaluator.settle_units(value).ok()?;
    *work_units = evaluator.work_used();
    Some(checked_result(value, false))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::answer::MAX_RESULT_UNITS;

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

    /// The error object of a refused request.
    fn refusal(input: serde_json::Value) -> serde_json::Value {
        match calculate(input.to_string().as_bytes()) {
            Ok(answer) => panic!("{input} answered {answer}"),
            Err(error) => error.to_json()["error"].clone(),
        }
    }

    #[test]
    fn what_is_not_built_is_refused_with_its_workaround_and_not_retryable() {
        for (input, workaround) in [
            (json!({"expression": "fft([1, 2])"}), "no substitute"),
            (json!({"expression": "ifft([1, 2])"}), "no substitute"),
        ] {
            let error = refusal(input.clone());
            assert_eq!(error["data"]["reason"], "evaluation_failed", "{input}");
            assert_eq!(error["data"]["retryable"], false, "{input}");
            let hint = error["data"]["recovery"]["hint"]
                .as_str()
                .unwrap_or_default();
            assert!(hint.contains(workaround), "{input}: {hint}");
            assert!(hint.contains("not built in reckon yet"), "{input}: {hint}");
        }
    }

    #[test]
    fn other_refusals_keep_their_hint_and_say_nothing_of_retrying() {
        let error = refusal(json!({"expression": "sqrt(\"x\")"}));
        assert!(error["data"].get("retryable").is_none(), "{error}");
        let error = refusal(json!({"expression": "1/0 + [1, 2]"}));
        assert!(error["data"].get("retryable").is_none(), "{error}");
    }

    #[test]
    fn an_integer_overflow_names_the_exact_way_beside_bignumber() {
        let exact = "prod(map(1:171, f(x) = bigint(x)))";
        for expression in [
            "factorial(171)",
            "171!",
            "combinations(2000, 1000)",
            "factorial(bigint(171))",
        ] {
            let error = refusal(json!({"expression": expression}));
            assert_eq!(error["data"]["reason"], "undefined_result", "{expression}");
            let hint = error["data"]["recovery"]["hint"]
                .as_str()
                .unwrap_or_default();
            assert!(hint.starts_with(Reason::UndefinedResult.hint()), "{hint}");
            assert!(hint.contains(exact), "{expression}: {hint}");
        }
        // Neither a division by zero nor an overflow of no integer function is sent to bigints.
        for expression in ["1/0", "exp(1000)", "2 != 3 ? 1/0 : 0"] {
            let error = refusal(json!({"expression": expression}));
            let hint = error["data"]["recovery"]["hint"]
                .as_str()
                .unwrap_or_default();
            assert_eq!(hint, Reason::UndefinedResult.hint(), "{expression}");
        }
        // The way it names gives the exact integer.
        let answer = calculate(json!({"expression": exact}).to_string().as_bytes())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(answer["resultType"], "bigint");
        assert_eq!(answer["result"].as_str().map(str::len), Some(310));
        let answer = calculate(
            json!({"expression": "bigint(2)^bigint(1024)"})
                .to_string()
                .as_bytes(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(answer["result"].as_str().map(str::len), Some(309));
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
