//! Collections in the evaluator (spec sections 4.6, 4.7, 6.1 and 10): array literals, ranges,
//! 1-based indexing, element-wise and matrix arithmetic with math.js 15's broadcasting, the
//! statistics functions and the matrix functions. Every element operation goes through the
//! evaluator's scalar operators, so number and Fraction mode (and the types still to come) share
//! one implementation, and every collection built is charged to the work meter and counted
//! against the element limits before it is built.
//!
//! The algorithms follow math.js where the order of floating-point operations shows in the last
//! digits: sums fold left from the first element, `mean` divides the sum, `variance` subtracts
//! the mean, `median` averages the two middle values, `quantileSeq` interpolates linearly,
//! matrix products accumulate left to right, `det` eliminates without fractions (Bareiss) and
//! `inv` uses Gauss–Jordan elimination with partial pivoting.

use crate::eval::{
    Evaluated, Evaluator, compare, failed, fraction_unsupported_function, mismatch, not_implemented,
};
pub(crate) use crate::syntax::ast::operator_of;
use crate::syntax::ast::{Node, NodeKind, Op};
use crate::value::matrix::{self, Matrix};
use crate::value::sparse::SparseMatrix;
use crate::value::{Function, Value};
use crate::{CalculateError, Reason};
use std::cmp::Ordering;
use std::rc::Rc;

/// Most elements one call may build (section 10, per-call build).
const MAX_BUILD: u64 = 1_000_000;
/// Most elements one evaluation may build in all (section 10, per-evaluation budget).
const MAX_BUILT: u64 = 20_000_000;

/// Builds of at least this many bytes first ask the system for their memory
/// ([`probe_allocation`]).
const PROBED_BYTES: u64 = 1 << 20;

/// Asks the system for the memory of `count` values and gives it straight back, so that a build
/// the system cannot hold now (an address-space limit, a container's memory limit already
/// reached by other work) is refused with an answer. Made any other way, the allocation's
/// failure aborts the process, and a server with it. A large block is mapped but never touched
/// here, so the probe costs a map and an unmap, next to the build's own writes of a megabyte
/// or more.
fn probe_allocation(name: &str, count: u64, at: usize) -> Result<(), CalculateError> {
    let mut probe: Vec<Value> = Vec::new();
    let fits = usize::try_from(count)
        .ok()
        .is_some_and(|count| probe.try_reserve_exact(count).is_ok());
    if fits {
        return Ok(());
    }
    let mut error = CalculateError::new(
        Reason::ResultTooLarge,
        format!(
            "Memory limit exceeded: the system could not provide the memory for the {} elements {name}() would build.",
            thousands(count)
        ),
    )
    .at(at);
    error.hint = Some(
        "The machine is short of memory now: build a smaller collection, or try again later."
            .into(),
    );
    Err(error)
}

/// An index along one dimension: the selected positions (0-based), and whether the dimension is
/// kept (a scalar index drops it).
struct Selection {
    positions: Vec<usize>,
    keep: bool,
}

/// `n` with `,` thousands separators, as the size-limit message writes it.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The size-limit refusal for one call that would build `count` elements (`None`: unbounded).
/// How many values a range from `a` by `s` to `b` holds at most (the loops may admit one more
/// through the tolerant comparison), and the comparison that keeps it going; refused when it
/// is unbounded or over [`MAX_BUILD`].
fn range_count(
    a: f64,
    s: f64,
    b: f64,
    include_end: bool,
    at: usize,
) -> Result<(u64, Op), CalculateError> {
    let span = (b - a) / s;
    let count = if s == 0.0 || !span.is_finite() {
        if a.is_nan() || b.is_nan() || s.is_nan() {
            Some(0)
        } else if s == 0.0 || span > 0.0 {
            None
        } else {
            Some(0)
        }
    } else if span < 0.0 {
        Some(0)
    } else {
        Some((span.floor() as u64).saturating_add(1))
    };
    let Some(count) = count else {
        return Err(build_limit("range", None, at));
    };
    if count > MAX_BUILD {
        return Err(build_limit("range", Some(count), at));
    }
    let ongoing = match (s > 0.0, include_end) {
        (true, true) => Op::SmallerEq,
        (true, false) => Op::Smaller,
        (false, true) => Op::LargerEq,
        (false, false) => Op::Larger,
    };
    Ok((count, ongoing))
}

/// The values of a range of plain numbers, in order, each given to `each` (each one the last
/// plus `s`, as math.js adds them); returns how many there were. `count` and `ongoing` are
/// [`range_count`]'s.
fn number_range(a: f64, s: f64, b: f64, count: u64, ongoing: Op, mut each: impl FnMut(f64)) -> u64 {
    let mut x = a;
    let mut n = 0u64;
    // Where the plain comparison holds, `<=` and `>=` hold without the tolerance:
    // `compare_numbers` is asked only at the end (and for `<` and `>`).
    let surely = |x: f64| match ongoing {
        Op::SmallerEq => x < b,
        Op::LargerEq => x > b,
        _ => false,
    };
    while n <= count && (surely(x) || crate::eval::compare_numbers(ongoing, x, b)) {
        each(x);
        n += 1;
        x += s;
    }
    n
}

fn build_limit(name: &str, count: Option<u64>, at: usize) -> CalculateError {
    let n = count.map_or_else(|| "unbounded".to_owned(), thousands);
    CalculateError::new(
        Reason::ResultTooLarge,
        format!(
            "Size limit exceeded: {name}() would build {n} elements, over the limit of 1,000,000."
        ),
    )
    .at(at)
}

/// The names [`Evaluator::evaluator_function`] may claim besides the operators' names and the
/// `set…` functions (a test holds every other row to `None` from it, whatever its arguments).
const EVALUATOR_FUNCTIONS: &[&str] = &[
    "addScalar",
    "apply",
    "average",
    "avg",
    "bigint",
    "bignumber",
    "column",
    "compare",
    "compareNatural",
    "compareText",
    "concat",
    "corr",
    "count",
    "cross",
    "ctranspose",
    "cumsum",
    "deepEqual",
    "den",
    "det",
    "diag",
    "diff",
    "distance",
    "divideScalar",
    "dot",
    "equalText",
    "filter",
    "flatten",
    "forEach",
    "fraction",
    "getMatrixDataType",
    "help",
    "hypot",
    "identity",
    "index",
    "intersect",
    "inv",
    "kron",
    "len",
    "length",
    "mad",
    "map",
    "mapSlices",
    "matrix",
    "matrixFromColumns",
    "matrixFromFunction",
    "matrixFromRows",
    "max",
    "mean",
    "median",
    "min",
    "mode",
    "multiplyScalar",
    "norm",
    "nthRoots",
    "num",
    "ones",
    "partitionSelect",
    "pickRandom",
    "print",
    "prod",
    "quantileSeq",
    "random",
    "randomInt",
    "range",
    "replacer",
    "reshape",
    "resize",
    "rotate",
    "rotationMatrix",
    "row",
    "size",
    "sort",
    "sparse",
    "squeeze",
    "std",
    "stddev",
    "stdev",
    "subset",
    "subtractScalar",
    "sum",
    "trace",
    "transpose",
    "typed",
    "variance",
    "zeros",
];

/// The operators' names [`operator_of`] knows, which [`Evaluator::evaluator_function`] claims.
const OPERATOR_NAMES: &[&str] = &[
    "add",
    "subtract",
    "multiply",
    "divide",
    "pow",
    "mod",
    "dotMultiply",
    "dotDivide",
    "dotPow",
    "equal",
    "unequal",
    "larger",
    "largerEq",
    "smaller",
    "smallerEq",
    "and",
    "or",
    "xor",
    "bitAnd",
    "bitOr",
    "bitXor",
    "leftShift",
    "rightArithShift",
    "rightLogShift",
    "not",
    "bitNot",
    "unaryMinus",
    "unaryPlus",
];

/// `a == b`, at compile time.
const fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether `list` holds `name`, at compile time.
const fn listed(list: &[&str], name: &str) -> bool {
    let mut i = 0;
    while i < list.len() {
        if same_text(list[i], name) {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether [`Evaluator::evaluator_function`] may claim a call of each row of the table, worked
/// out when the crate is compiled: most calls that reach it (a function of a complex number, a
/// matrix mapped element by element) are of rows it never claims, and its match on the name
/// costs about 200 instructions to say so.
static EVALUATOR_CLAIMS: [bool; crate::functions::BUILTINS.len()] = {
    let rows = crate::functions::BUILTINS;
    let mut claims = [false; crate::functions::BUILTINS.len()];
    let mut i = 0;
    while i < rows.len() {
        let name = rows[i].name;
        let set = name.len() >= 3 && same_text(name.split_at(3).0, "set");
        claims[i] = set || listed(OPERATOR_NAMES, name) || listed(EVALUATOR_FUNCTIONS, name);
        i += 1;
    }
    claims
};

/// Whether [`Evaluator::evaluator_function`] may claim a call of `row` (true for a row not in
/// the table, which the table's own rows never are).
pub(crate) fn evaluator_may_claim(row: &'static crate::functions::Builtin) -> bool {
    let base = crate::functions::BUILTINS.as_ptr() as usize;
    let offset = (row as *const crate::functions::Builtin as usize).wrapping_sub(base);
    let index = offset / std::mem::size_of::<crate::functions::Builtin>();
    EVALUATOR_CLAIMS.get(index).copied().unwrap_or(true)
}

/// Functions math.js applies to each element of a matrix argument (the others refuse one).
pub(crate) const ELEMENTWISE: &[&str] = &[
    "abs",
    "boolean",
    "ceil",
    "factorial",
    "fix",
    "floor",
    "isInteger",
    "isNaN",
    "isNegative",
    "isPositive",
    "isPrime",
    "isZero",
    "log10",
    "log1p",
    "log2",
    "number",
    "round",
    "erf",
    "sign",
    "string",
    "mod",
    "gcd",
    "lcm",
    "atan2",
    "nthRoot",
    "re",
    "im",
    "conj",
    "arg",
    "fraction",
    "bignumber",
];

/// Built-in functions whose arguments include functions (callbacks).
pub(crate) const TAKES_FUNCTIONS: &[&str] = &[
    "map",
    "forEach",
    "filter",
    "apply",
    "mapSlices",
    "matrixFromFunction",
    "sort",
    "help",
    "typed",
    "replacer",
    "typeOf",
];

/// The functions that accept a sparse matrix so far; the others answer "not implemented".
pub(crate) const SPARSE_AWARE: &[&str] = &[
    "sparse",
    "matrix",
    "size",
    "count",
    "length",
    "len",
    "transpose",
    "ctranspose",
    "typeOf",
    "format",
    "compareNatural",
];

/// math.js's refusal of an array literal whose items (scalars and matrices) make no matrix:
/// the first `DimensionError` of its `validate`, which walks the nested arrays depth first
/// against the size read down the first items (`arraySize`), so its numbers are that size's
/// (`[1, [1, 2; 3, 4]]` is "2 > 1" however deep the second item is). `None` when math.js
/// accepts the items.
fn literal_mismatch(values: &[Value]) -> Option<String> {
    // The lengths down the first elements of a matrix's nested arrays, ending at an empty one
    // (a 0×3 matrix is `[]`).
    let nested = |v: &Value| match v {
        Value::Matrix(m) => Some(match m.shape.iter().position(|&d| d == 0) {
            Some(k) => m.shape[..=k].to_vec(),
            None => m.shape.clone(),
        }),
        _ => None,
    };
    let inner = values.first().and_then(nested).unwrap_or_default();
    let rank = inner.len() + 1;
    let fewer = || Some(format!("Dimension mismatch ({} < {rank})", rank - 1));
    let more = || Some(format!("Dimension mismatch ({} > {rank})", rank + 1));
    for value in values {
        let Some(lengths) = nested(value) else {
            if rank > 1 {
                return fewer();
            }
            continue;
        };
        if rank == 1 {
            return more();
        }
        // The item's own levels, each against the size one level down.
        for (level, (&length, &want)) in lengths.iter().zip(&inner).enumerate() {
            if length != want {
                return Some(format!("Dimension mismatch ({length} != {want})"));
            }
            if length == 0 {
                break;
            }
            let last = level + 1 == inner.len();
            let arrays_below = level + 1 < lengths.len();
            if !last && !arrays_below {
                return fewer();
            }
            if last && arrays_below {
                return more();
            }
        }
    }
    None
}

/// Whether a value is a NaN (number or BigNumber): what math.js's partitionSelect answers when it
/// finds one, and what compareNatural reads as less on either side.
fn is_nan_value(value: &Value) -> bool {
    match value {
        Value::Number(x) => x.is_nan(),
        Value::Big(x) => x.is_nan(),
        _ => false,
    }
}

/// The largest of `values[..=k]` in their order, as math.js finds the left neighbour after its
/// selection (the first of equal ones; a comparison with NaN is never "larger").
fn largest_up_to(values: &[Value], k: usize, at: usize) -> Result<&Value, CalculateError> {
    let mut largest = &values[k];
    for value in &values[..k] {
        if compare(Op::Larger, value, largest, at)? {
            largest = value;
        }
    }
    Ok(largest)
}

/// A value's shape as a matrix (`[]` for a scalar).
fn shape_of(value: &Value) -> &[usize] {
    match value {
        Value::Matrix(m) => &m.shape,
        _ => &[],
    }
}

/// A matrix's elements, or the value itself as the only element.
fn elements(value: &Value) -> &[Value] {
    match value {
        Value::Matrix(m) => &m.data,
        other => std::slice::from_ref(other),
    }
}

/// Whether a result built from these operands is a plain array: only when an operand is an
/// array and none is a matrix.
fn array_result(values: &[&Value]) -> bool {
    let mut array = false;
    for value in values {
        if let Value::Matrix(m) = value {
            if !m.array {
                return false;
            }
            array = true;
        }
    }
    array
}

/// The UTF-16 code units of `text` at `positions` (each below its length in units, as
/// JavaScript counts a string), in order, as text: read off the bytes of an ASCII text, without
/// a vector of its units. A lone half of a surrogate pair (`"😀"[1]`), which math.js returns
/// but JSON text cannot carry as a character, becomes U+FFFD.
fn select_chars(text: &str, positions: &[usize]) -> String {
    if text.is_ascii() {
        let bytes = text.as_bytes();
        let mut out = String::with_capacity(positions.len());
        out.extend(positions.iter().map(|&p| char::from(bytes[p])));
        return out;
    }
    let units: Vec<u16> = text.encode_utf16().collect();
    let picked: Vec<u16> = positions.iter().map(|&p| units[p]).collect();
    String::from_utf16_lossy(&picked)
}

impl Evaluator {
    /// Counts `count` elements a call is about to build: the per-call limit, the evaluation's
    /// budget and the work meter (one unit per element).
    pub(crate) fn build(
        &mut self,
        name: &str,
        count: u64,
        at: usize,
    ) -> Result<(), CalculateError> {
        if count > MAX_BUILD {
            return Err(build_limit(name, Some(count), at));
        }
        let bytes = count.saturating_mul(std::mem::size_of::<Value>() as u64);
        self.admit_memory(bytes).map_err(|e| e.at(at))?;
        if bytes >= PROBED_BYTES {
            probe_allocation(name, count, at)?;
        }
        self.elements_built += count;
        if self.elements_built > MAX_BUILT {
            return Err(CalculateError::new(
                Reason::ResultTooLarge,
                "Size limit exceeded: The expression built over 20,000,000 elements in total while evaluating.",
            )
            .at(at));
        }
        self.charge(count)
    }

    /// Counts the build of a matrix of `shape` as [`Self::build`] does: [`build_count`] elements,
    /// which for an empty matrix are its empty rows (`[10^9, 0]` makes 10^9 arrays).
    pub(crate) fn build_shape(
        &mut self,
        name: &str,
        shape: &[usize],
        at: usize,
    ) -> Result<(), CalculateError> {
        match build_count(shape) {
            Some(count) => self.build(name, count, at),
            None => Err(build_limit(name, None, at)),
        }
    }

    /// `[a, b, ...]`: a vector of scalars, or equally shaped matrices stacked along a new first
    /// dimension (`[[1, 2], [3, 4]]`, `[1:3, 4:6]`).
    pub(crate) fn array_literal(&mut self, items: &[Node], at: usize) -> Evaluated {
        if !items.is_empty()
            && items
                .iter()
                .all(|item| matches!(item.kind, crate::syntax::ast::NodeKind::Array(_)))
        {
            // `[1, 2; 3, 4]`: rows of scalars are stacked straight into one matrix, without a
            // matrix per row. Anything else (a row holding a matrix, rows of different
            // lengths) continues below with what was evaluated so far.
            // Each row is evaluated straight into the data, sized for rows like the first.
            let first_width = match &items[0].kind {
                crate::syntax::ast::NodeKind::Array(row) => row.len(),
                _ => 0,
            };
            let mut data = Vec::with_capacity(items.len().saturating_mul(first_width));
            let mut width = None;
            for (i, item) in items.iter().enumerate() {
                let crate::syntax::ast::NodeKind::Array(row) = &item.kind else {
                    break;
                };
                // What `eval` does for the row node: one unit, then the row's literal.
                self.charge(1)?;
                let start = data.len();
                for element in row {
                    data.push(self.eval(element)?);
                }
                let row_width = data.len() - start;
                let flat = !data[start..].iter().any(|v| matches!(v, Value::Matrix(_)));
                if flat && width.is_none_or(|w| w == row_width) {
                    self.build("matrix", row_width as u64, item.span.start)?;
                    width = Some(row_width);
                    continue;
                }
                let row_values = data.split_off(start);
                // Back to the general path: the rows so far as the vectors they are.
                let mut values = Vec::with_capacity(items.len());
                if let Some(w) = width.filter(|&w| w > 0) {
                    values.extend(
                        data.chunks(w)
                            .map(|r| Value::matrix(Matrix::vector(r.to_vec()))),
                    );
                } else {
                    values.extend((0..i).map(|_| Value::matrix(Matrix::vector(Vec::new()))));
                }
                values.push(if flat {
                    self.build("matrix", row_values.len() as u64, item.span.start)?;
                    Value::matrix(Matrix::vector(row_values))
                } else {
                    self.array_of_values(row_values, item.span.start)?
                });
                for item in &items[i + 1..] {
                    values.push(self.eval(item)?);
                }
                return self.array_of_values(values, at);
            }
            let width = width.unwrap_or(0);
            let result = Matrix::new(vec![items.len(), width], data);
            if result.data.is_empty() {
                self.build_shape("matrix", &result.shape, at)?;
            } else {
                self.build("matrix", result.data.len() as u64, at)?;
            }
            return Ok(Value::matrix(result));
        }
        let mut values = Vec::with_capacity(items.len());
        for item in items {
            values.push(self.eval(item)?);
        }
        self.array_of_values(values, at)
    }

    /// [`Evaluator::array_literal`] without its path for rows of scalars: for the test that
    /// compares the two.
    #[cfg(test)]
    pub(crate) fn array_literal_general(&mut self, items: &[Node], at: usize) -> Evaluated {
        let mut values = Vec::with_capacity(items.len());
        for item in items {
            values.push(self.eval(item)?);
        }
        self.array_of_values(values, at)
    }

    /// An array literal from its evaluated items: a vector of scalars, or the stack of
    /// matrices of one shape.
    fn array_of_values(&mut self, values: Vec<Value>, at: usize) -> Evaluated {
        let matrices = values
            .iter()
            .filter(|v| matches!(v, Value::Matrix(_)))
            .count();
        if matrices > 0
            && let Some(detail) = literal_mismatch(&values)
        {
            return Err(failed(detail, at));
        }
        let result = if matrices == 0 {
            Matrix::vector(values)
        } else {
            let items = values
                .into_iter()
                .filter_map(|v| match v {
                    // A row just built is not shared: its elements move, not copied.
                    Value::Matrix(m) => {
                        let mut m = Rc::try_unwrap(m).unwrap_or_else(|m| Matrix::clone(&m));
                        if let Some(k) = m.shape.iter().position(|&d| d == 0) {
                            // An empty matrix is the nested arrays math.js sees (`zeros(0, 1)`
                            // is `[]`), which `literal_mismatch` compared.
                            m.shape.truncate(k + 1);
                        }
                        Some(m)
                    }
                    _ => None,
                })
                .collect();
            Matrix::stack(items).map_err(|detail| failed(detail, at))?
        };
        // Counted by its rows too: `[A, A]` of `A = zeros(10^6, 0)` is 2·10^6 empty rows.
        self.build_shape("matrix", &result.shape, at)?;
        Ok(Value::matrix(result))
    }

    /// A range `start:end` or `start:step:end` (inclusive of `end`, compared with math.js's
    /// tolerance), counted against the build limit before it is built.
    pub(crate) fn range(
        &mut self,
        start: Value,
        step: Option<Value>,
        end: Value,
        include_end: bool,
        at: usize,
    ) -> Evaluated {
        let bounds = || [&start, &end].into_iter().chain(step.as_ref());
        if bounds().any(|v| matches!(v, Value::BigInt(_))) {
            // With a BigNumber or Fraction bound the bigints convert to it; else the range
            // is of bigints.
            let Some(target) = bounds()
                .find(|v| matches!(v, Value::Big(_) | Value::Fraction(_)))
                .cloned()
            else {
                return self.bigint_range(&start, step.as_ref(), &end, include_end, at);
            };
            let convert = |v: &Value| match v {
                Value::BigInt(n) => crate::eval::bigint::converted(n, &target, at),
                other => Ok(other.clone()),
            };
            let (start, end) = (convert(&start)?, convert(&end)?);
            let step = step.as_ref().map(convert).transpose()?;
            return self.range(start, step, end, include_end, at);
        }
        let step = step.unwrap_or(if self.fraction_mode {
            Value::fraction(dashu_ratio::RBig::ONE)
        } else {
            Value::Number(1.0)
        });
        for value in [&start, &step, &end] {
            if !matches!(
                value,
                Value::Number(_) | Value::Fraction(_) | Value::Boolean(_) | Value::Big(_)
            ) {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function range (actual: {})",
                        value.type_name()
                    ),
                    at,
                ));
            }
        }
        let as_f64 = |v: &Value| match v {
            Value::Number(x) => *x,
            Value::Fraction(f) => crate::num::fraction::to_f64(f),
            Value::Boolean(b) => f64::from(u8::from(*b)),
            Value::Big(x) => crate::num::bignum::to_f64(x),
            _ => f64::NAN,
        };
        let (a, s, b) = (as_f64(&start), as_f64(&step), as_f64(&end));
        let (count, ongoing) = range_count(a, s, b, include_end, at)?;
        // `count` is at most MAX_BUILD, checked there; the loops may add one value more.
        let mut data = Vec::with_capacity(count as usize + 1);
        if let (Value::Number(a), Value::Number(s), Value::Number(b)) = (&start, &step, &end) {
            // Plain numbers (every range of number mode): the loop below without the dispatch.
            number_range(*a, *s, *b, count, ongoing, |x| data.push(Value::Number(x)));
            self.build("range", data.len() as u64, at)?;
            return Ok(Value::matrix(Matrix::vector(data)));
        }
        let mut x = start;
        // One more than the estimate: the tolerant comparison may admit a last value.
        while (data.len() as u64) <= count && compare(ongoing, &x, &end, at)? {
            let next = self.binary(Op::Add, &x, &step, false, (at, at), at)?;
            data.push(x);
            x = next;
        }
        self.build("range", data.len() as u64, at)?;
        Ok(Value::matrix(Matrix::vector(data)))
    }

    /// `sum(a:b)` and `sum(a:s:b)` of plain numbers without building the range: the values
    /// [`Evaluator::range`] would build, added in the order `sum` adds them, and the same build
    /// charged after the same loop, so the answer, the work units and every refusal are the
    /// general path's (a unit test compares them).
    pub(crate) fn sum_of_number_range(&mut self, a: f64, s: f64, b: f64, at: usize) -> Evaluated {
        let (count, ongoing) = range_count(a, s, b, true, at)?;
        let mut total: Option<f64> = None;
        let n = number_range(a, s, b, count, ongoing, |x| {
            total = Some(total.map_or(x, |t| t + x));
        });
        self.build("range", n, at)?;
        Ok(Value::Number(total.unwrap_or(0.0)))
    }

    /// `value[i, j, ...]` on a matrix, a sparse matrix or a string (section 4.7): each index evaluated with
    /// `end` bound to its dimension's size.
    pub(crate) fn index_into(&mut self, value: Value, dimensions: &[Node], at: usize) -> Evaluated {
        let shape: Vec<usize> = match &value {
            Value::Matrix(m) => m.shape.clone(),
            Value::Sparse(m) => m.shape.clone(),
            // Positions in a string are UTF-16 code units, as JavaScript's (and `size`'s).
            Value::Str(s) => vec![s.encode_utf16().count()],
            _ => return Err(failed("Cannot apply index: unsupported type of object", at)),
        };
        // math.js's order: one literal string is a property, refused at once; otherwise every
        // dimension is evaluated, then their types checked (the `Index` is built), then their
        // count against the value's, then each dimension's positions in turn.
        if let [node] = dimensions
            && let NodeKind::Str(key) = &node.kind
        {
            return Err(CalculateError::new(
                Reason::ParseFailed,
                format!("Invalid expression: No access to property \"{key}\""),
            )
            .at(at));
        }
        if let Value::Matrix(m) = &value
            && let Some(result) = self.element_at_literals(m, dimensions, at)
        {
            return result;
        }
        let mut indexes = Vec::with_capacity(dimensions.len());
        for (d, node) in dimensions.iter().enumerate() {
            let size = shape.get(d).copied().unwrap_or(if dimensions.len() == 1 {
                shape.iter().product()
            } else {
                0
            });
            // math.js's `end` is an argument of a dimension that uses it (`scope.rs`).
            let index = if crate::eval::assign::uses_end(node) {
                let context = self.context.with_end(Value::Number(size as f64));
                self.within(context, |s| s.eval(node))
            } else {
                self.eval(node)
            };
            indexes.push((index?, size));
        }
        if indexes.iter().any(|(index, _)| !is_dimension_type(index)) {
            return Err(failed(DIMENSION_TYPES, at));
        }
        if dimensions.len() != shape.len() {
            return Err(failed(
                format!(
                    "Dimension mismatch ({} != {})",
                    dimensions.len(),
                    shape.len()
                ),
                at,
            ));
        }
        let mut selections = Vec::with_capacity(indexes.len());
        for (index, size) in &indexes {
            if let Value::Str(key) = index {
                return Err(failed(
                    format!("Index must be an integer (value: {key})"),
                    at,
                ));
            }
            selections.push(self.selection(index, *size, at)?);
        }
        match value {
            Value::Str(text) => Ok(Value::Str(
                (select_chars(&text, &selections[0].positions)).into(),
            )),
            Value::Matrix(m) => self.select(&m, &selections, at),
            Value::Sparse(s) => match selections.as_slice() {
                [rows, cols] => self.sparse_select(
                    &s,
                    &rows.positions,
                    &cols.positions,
                    !rows.keep && !cols.keep,
                    at,
                ),
                _ => Err(failed("Dimension mismatch", at)),
            },
            _ => Err(failed("Cannot apply index: unsupported type of object", at)),
        }
    }

    /// One dimension's index: a whole number from 1 to `size`, a vector of them (a range or
    /// `[[1, 3]]`), or a boolean mask.
    fn selection(
        &mut self,
        index: &Value,
        size: usize,
        at: usize,
    ) -> Result<Selection, CalculateError> {
        let position = |value: &Value| -> Result<usize, CalculateError> {
            let x = match value {
                Value::Number(x) => *x,
                Value::Fraction(f) if f.is_int() => crate::num::fraction::to_f64(f),
                Value::Big(x) => crate::num::bignum::to_f64(x),
                Value::BigInt(n) => crate::eval::bigint::to_f64(n),
                Value::Fraction(f) => {
                    return Err(failed(
                        format!(
                            "Index {} needs whole-number indexes",
                            crate::num::fraction::format(f)
                        ),
                        at,
                    ));
                }
                _ => return Err(failed(DIMENSION_TYPES, at)),
            };
            if x.fract() != 0.0 || !x.is_finite() {
                return Err(failed(
                    format!(
                        "Index must be an integer (value: {})",
                        crate::num::format::format_number(x - 1.0, None)
                    ),
                    at,
                ));
            }
            if x < 1.0 {
                return Err(failed(
                    format!(
                        "Index out of range ({} < 1)",
                        crate::num::format::format_number(x, None)
                    ),
                    at,
                ));
            }
            if x > size as f64 {
                return Err(failed(
                    format!(
                        "Index out of range ({} > {size})",
                        crate::num::format::format_number(x, None)
                    ),
                    at,
                ));
            }
            Ok(x as usize - 1)
        };
        match index {
            Value::Matrix(m)
                if m.data.iter().all(|v| matches!(v, Value::Boolean(_))) && !m.data.is_empty() =>
            {
                if m.data.len() > size {
                    return Err(failed(
                        format!("Index out of range ({} > {size})", m.data.len()),
                        at,
                    ));
                }
                Ok(Selection {
                    positions: m
                        .data
                        .iter()
                        .enumerate()
                        .filter(|(_, v)| matches!(v, Value::Boolean(true)))
                        .map(|(i, _)| i)
                        .collect(),
                    keep: true,
                })
            }
            Value::Matrix(m) if m.data.iter().any(|v| matches!(v, Value::BigInt(_))) => {
                // math.js's index transform subtracts 1 from each element, which JavaScript
                // refuses for a bigint element.
                Err(mismatch(
                    "Cannot mix BigInt and other types, use explicit conversions",
                    at,
                ))
            }
            Value::Matrix(m) => Ok(Selection {
                positions: m.data.iter().map(position).collect::<Result<_, _>>()?,
                keep: true,
            }),
            scalar => Ok(Selection {
                positions: vec![position(scalar)?],
                keep: false,
            }),
        }
    }

    /// A matrix indexed by one number literal per dimension (`b[2]`, `m[1, 2]`) in number mode:
    /// the element, found without the vectors of selections and strides the general path
    /// builds, with the same charges (each literal, then the one-element subset) and the same
    /// errors (an index out of range is refused by [`Evaluator::selection`], as there). `None`
    /// (nothing evaluated) for any other indexing.
    fn element_at_literals(
        &mut self,
        m: &Matrix,
        dimensions: &[Node],
        at: usize,
    ) -> Option<Evaluated> {
        if self.fraction_mode
            || self.big_mode
            || dimensions.len() != m.shape.len()
            || !dimensions
                .iter()
                .all(|node| matches!(node.kind, NodeKind::Number(_)))
        {
            return None;
        }
        let mut offset = 0;
        for (node, &size) in dimensions.iter().zip(&m.shape) {
            let index = match self.eval(node) {
                Ok(index) => index,
                Err(error) => return Some(Err(error)),
            };
            let position = match index {
                Value::Number(x) if x.fract() == 0.0 && x >= 1.0 && x <= size as f64 => {
                    x as usize - 1
                }
                other => match self.selection(&other, size, at) {
                    // A scalar's selection is its one position.
                    Ok(selection) => match selection.positions[..] {
                        [position] => position,
                        _ => return Some(Err(failed("Cannot apply index", at))),
                    },
                    Err(error) => return Some(Err(error)),
                },
            };
            offset = offset * size + position;
        }
        if let Err(error) = self.build("subset", 1, at) {
            return Some(Err(error));
        }
        Some(Ok(m.data.get(offset).cloned().unwrap_or(Value::Undefined)))
    }

    /// The sub-matrix the selections pick; the single element when every index is a scalar.
    fn select(&mut self, m: &Matrix, selections: &[Selection], at: usize) -> Evaluated {
        let count: u64 = selections
            .iter()
            .map(|s| s.positions.len() as u64)
            .product();
        self.build("subset", count, at)?;
        let strides = m.strides();
        let mut data = Vec::with_capacity(count as usize);
        let mut cursor = vec![0usize; selections.len()];
        if count > 0 {
            // An odometer over the selected positions, the last dimension fastest.
            'positions: loop {
                let offset: usize = cursor
                    .iter()
                    .zip(selections)
                    .zip(&strides)
                    .map(|((c, s), stride)| s.positions[*c] * stride)
                    .sum();
                data.push(m.data[offset].clone());
                let mut d = selections.len();
                loop {
                    if d == 0 {
                        break 'positions;
                    }
                    d -= 1;
                    cursor[d] += 1;
                    if cursor[d] < selections[d].positions.len() {
                        break;
                    }
                    cursor[d] = 0;
                }
            }
        }
        let shape: Vec<usize> = selections
            .iter()
            .filter(|s| s.keep)
            .map(|s| s.positions.len())
            .collect();
        if shape.is_empty() {
            return Ok(data.pop().unwrap_or(Value::Undefined));
        }
        Ok(Value::matrix(Matrix {
            shape,
            data,
            array: m.array,
        }))
    }

    /// A binary operator with a matrix operand: the matrix product for `*` of two matrices,
    /// `x / A` as `x * inv(A)`, the matrix power for `A ^ n`; otherwise element by element with
    /// broadcasting.
    pub(crate) fn matrix_binary(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
        percent_of_left: bool,
        positions: (usize, usize),
        at: usize,
    ) -> Evaluated {
        match (op, left, right) {
            (Op::Multiply, Value::Matrix(a), Value::Matrix(b)) => {
                let array = a.array && b.array;
                return self.matrix_product(a, b, array, at);
            }
            (Op::Divide, _, Value::Matrix(_)) => {
                let inverse = self.inverse(right, at)?;
                return self.binary(Op::Multiply, left, &inverse, false, positions, at);
            }
            (Op::Pow, Value::Matrix(a), exponent) => return self.matrix_power(a, exponent, at),
            (Op::Pow, _, Value::Matrix(m)) => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function pow (expected: number or Complex or BigNumber or bigint or Fraction, actual: {}, index: 1)",
                        m.type_name()
                    ),
                    at,
                ));
            }
            _ => {}
        }
        let element_op = match op {
            Op::DotMultiply => Op::Multiply,
            Op::DotDivide => Op::Divide,
            Op::DotPow => Op::Pow,
            other => other,
        };
        self.broadcast(op.symbol_and_fn().1, left, right, at, |this, x, y| {
            this.binary(element_op, x, y, percent_of_left, positions, at)
        })
    }

    /// A shift (`leftShift`, `rightArithShift`, `rightLogShift`) of a matrix by a scalar or of a
    /// scalar by a matrix, as math.js's signatures `'DenseMatrix, number | BigNumber'` (and the
    /// reverse, and their sparse forms) take it: the scalar is converted as typed-function
    /// converts it (a bigint or a boolean to a number, a bigint beyond 2^53 − 1 refused), then a
    /// zero shift answers the matrix as it is and a zero shifted answers zeros of the matrix's
    /// shape and storage, neither looking at the elements (`leftShift([1.5], 0)` is `[1.5]`).
    /// `None`: the element-wise path answers (operands as they were, or `Some` of it with the
    /// converted scalar).
    pub(crate) fn shift_with_scalar(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
        at: usize,
    ) -> Option<Evaluated> {
        let is_matrix = |v: &Value| matches!(v, Value::Matrix(_) | Value::Sparse(_));
        let (scalar, matrix, scalar_left) = match (is_matrix(left), is_matrix(right)) {
            (true, false) => (right, left, false),
            (false, true) => (left, right, true),
            _ => return None,
        };
        let converted = match scalar {
            Value::BigInt(n) => match crate::eval::bigint::to_number(n) {
                Ok(x) => Value::Number(x),
                Err(e) => return Some(Err(crate::error::function_error(e, "", at))),
            },
            Value::Boolean(b) => Value::Number(f64::from(u8::from(*b))),
            Value::Number(_) | Value::Big(_) => scalar.clone(),
            _ => return None,
        };
        if crate::value::sparse::is_zero(&converted) {
            if !scalar_left {
                return Some(Ok(matrix.clone()));
            }
            let zeros = |this: &mut Self, shape: &[usize], array: bool| {
                let count = shape.iter().map(|&n| n as u64).product::<u64>();
                this.build(op.symbol_and_fn().1, count, at)?;
                let mut zeros =
                    Matrix::new(shape.to_vec(), vec![Value::Number(0.0); count as usize]);
                zeros.array = array;
                Ok(zeros)
            };
            return Some(match matrix {
                Value::Sparse(m) => zeros(self, &m.shape, false)
                    .map(|z| Value::Sparse(Rc::new(SparseMatrix::from_dense(z)))),
                Value::Matrix(m) => zeros(self, &m.shape, m.array).map(Value::matrix),
                _ => return None,
            });
        }
        if matches!(scalar, Value::Number(_) | Value::Big(_)) {
            return None;
        }
        let (left, right) = if scalar_left {
            (&converted, matrix)
        } else {
            (matrix, &converted)
        };
        Some(self.binary(op, left, right, false, (at, at), at))
    }

    /// `f` applied to the pairs of elements of two operands broadcast to a common shape (a
    /// scalar operand pairs with every element), counted against the build limits first; a
    /// matrix result unless both operands are plain arrays or scalars.
    fn broadcast(
        &mut self,
        name: &str,
        left: &Value,
        right: &Value,
        at: usize,
        mut f: impl FnMut(&mut Self, &Value, &Value) -> Evaluated,
    ) -> Evaluated {
        let (left_shape, right_shape) = (shape_of(left), shape_of(right));
        if left_shape == right_shape || left_shape.is_empty() || right_shape.is_empty() {
            // The common cases (operands of one shape, or a scalar and a matrix) pair the
            // elements in order, or the scalar with each: what the general path below computes
            // through its position lists, without building them.
            let shape = if left_shape.is_empty() {
                right_shape
            } else {
                left_shape
            };
            let (a, b) = (elements(left), elements(right));
            let count = a.len().max(b.len());
            let pairs = |n: usize| n == count || n == 1;
            if pairs(a.len())
                && pairs(b.len())
                && count as u64 == shape.iter().map(|&n| n as u64).product::<u64>()
            {
                // A matrix with elements is counted by them; an empty one by its rows.
                if count > 0 {
                    self.build(name, count as u64, at)?;
                } else {
                    self.build_shape(name, shape, at)?;
                }
                let mut data = Vec::with_capacity(count);
                for i in 0..count {
                    let (x, y) = match (a, b) {
                        ([x], [y]) => (x, y),
                        ([x], b) => (x, &b[i]),
                        (a, [y]) => (&a[i], y),
                        (a, b) => (&a[i], &b[i]),
                    };
                    data.push(f(self, x, y)?);
                }
                return Ok(Value::matrix(Matrix {
                    shape: shape.to_vec(),
                    data,
                    array: array_result(&[left, right]),
                }));
            }
        }
        self.broadcast_general(name, left, right, at, f)
    }

    /// [`Evaluator::broadcast`] through position lists, for any two shapes.
    fn broadcast_general(
        &mut self,
        name: &str,
        left: &Value,
        right: &Value,
        at: usize,
        mut f: impl FnMut(&mut Self, &Value, &Value) -> Evaluated,
    ) -> Evaluated {
        let shape = matrix::broadcast_shape(shape_of(left), shape_of(right))
            .map_err(|detail| failed(detail, at))?;
        // Counted by its rows too: `zeros(10^6, 1, 0) + zeros(1, 10^6, 0)` is 10^12 empty rows.
        self.build_shape(name, &shape, at)?;
        let count: usize = shape.iter().product();
        let (a, b) = (elements(left), elements(right));
        let (pa, pb) = (
            matrix::broadcast_positions(shape_of(left), &shape),
            matrix::broadcast_positions(shape_of(right), &shape),
        );
        let mut data = Vec::with_capacity(count);
        for (i, j) in pa.into_iter().zip(pb) {
            data.push(f(self, &a[i], &b[j])?);
        }
        Ok(Value::matrix(Matrix {
            shape,
            data,
            array: array_result(&[left, right]),
        }))
    }

    /// math.js `multiply` of two matrices: vector·vector is their dot product, otherwise the
    /// matrix product (a vector on the left is a row, on the right a column), each entry
    /// accumulated left to right from the first product.
    fn matrix_product(&mut self, a: &Matrix, b: &Matrix, array: bool, at: usize) -> Evaluated {
        let (rows, inner, left_vector) = match a.shape.as_slice() {
            [n] => (1, *n, true),
            [r, c] => (*r, *c, false),
            _ => {
                return Err(failed(
                    "Only one- and two-dimensional matrices can be multiplied",
                    at,
                ));
            }
        };
        let (inner_b, cols, right_vector) = match b.shape.as_slice() {
            [n] => (*n, 1, true),
            [r, c] => (*r, *c, false),
            _ => {
                return Err(failed(
                    "Only one- and two-dimensional matrices can be multiplied",
                    at,
                ));
            }
        };
        if inner != inner_b {
            let detail = if left_vector && right_vector {
                format!(
                    "Dimension mismatch in multiplication. Vectors must have the same length ({inner} != {inner_b})"
                )
            } else {
                format!(
                    "Dimension mismatch in multiplication. Matrix columns ({inner}) must match Matrix rows ({inner_b})"
                )
            };
            return Err(failed(detail, at));
        }
        if left_vector
            && right_vector
            && a.data
                .iter()
                .chain(&b.data)
                .any(|v| matches!(v, Value::BigInt(_)))
        {
            // math.js takes this product as `dot`, whose handling of bigints shows.
            let (a, b) = (
                Value::Matrix(Rc::new(a.clone())),
                Value::Matrix(Rc::new(b.clone())),
            );
            return self.dot(&[a, b], at);
        }
        let count = (rows * cols) as u64;
        self.build("multiply", count, at)?;
        self.charge(count.saturating_mul(inner as u64))?;
        let mut data = Vec::with_capacity(rows * cols);
        for i in 0..rows {
            for j in 0..cols {
                let mut sum: Option<Value> = None;
                for k in 0..inner {
                    let x = &a.data[i * inner + k];
                    let y = &b.data[k * cols + j];
                    let product = self.binary(Op::Multiply, x, y, false, (at, at), at)?;
                    sum = Some(match sum {
                        None => product,
                        Some(s) => self.binary(Op::Add, &s, &product, false, (at, at), at)?,
                    });
                }
                data.push(sum.unwrap_or(Value::Number(0.0)));
            }
        }
        if left_vector && right_vector {
            return Ok(data.pop().unwrap_or(Value::Number(0.0)));
        }
        let shape = match (left_vector, right_vector) {
            (true, false) => vec![cols],
            (false, true) => vec![rows],
            _ => vec![rows, cols],
        };
        Ok(Value::matrix(Matrix { shape, data, array }))
    }

    /// `A ^ n` for a square matrix and an integer n (a negative n inverts first), by repeated
    /// squaring as math.js does.
    fn matrix_power(&mut self, a: &Matrix, exponent: &Value, at: usize) -> Evaluated {
        let n = match exponent {
            Value::Number(x) => *x,
            Value::Big(x) => crate::num::bignum::to_f64(x),
            Value::Fraction(f) if f.is_int() => crate::num::fraction::to_f64(f),
            Value::Fraction(_) => return Err(failed("For A^b, b must be an integer", at)),
            other => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function pow (actual: {})",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        if n.fract() != 0.0 || !n.is_finite() {
            return Err(failed(
                format!(
                    "For A^b, b must be an integer (value is {})",
                    crate::num::format::format_number(n, None)
                ),
                at,
            ));
        }
        let size = match a.shape.as_slice() {
            [r, c] if r == c => *r,
            [r, c] => {
                return Err(failed(
                    format!("For A^b, A must be square (size is {r}x{c})"),
                    at,
                ));
            }
            shape => {
                return Err(failed(
                    format!(
                        "For A^b, A must be 2 dimensional (A has {} dimensions)",
                        shape.len()
                    ),
                    at,
                ));
            }
        };
        let mut base = if n < 0.0 {
            match self.inverse(&Value::matrix(a.clone()), at)? {
                Value::Matrix(inverse) => Matrix::clone(&inverse),
                _ => return Err(failed("For A^b, A must be invertible", at)),
            }
        } else {
            a.clone()
        };
        let mut k = n.abs() as u64;
        let mut result = identity(size, size);
        while k >= 1 {
            if k & 1 == 1 {
                result = self.matrix_product_of(&base, &result, at)?;
            }
            k >>= 1;
            if k >= 1 {
                base = self.matrix_product_of(&base, &base, at)?;
            }
        }
        Ok(Value::matrix(result))
    }

    fn matrix_product_of(
        &mut self,
        a: &Matrix,
        b: &Matrix,
        at: usize,
    ) -> Result<Matrix, CalculateError> {
        match self.matrix_product(a, b, false, at)? {
            Value::Matrix(m) => Ok(Matrix::clone(&m)),
            scalar => Ok(Matrix::new(vec![1, 1], vec![scalar])),
        }
    }

    /// math.js `inv`: 1×1 and 2×2 directly, larger matrices by Gauss–Jordan elimination with
    /// partial pivoting.
    pub(crate) fn inverse(&mut self, value: &Value, at: usize) -> Evaluated {
        let Value::Matrix(m) = value else {
            let one = Value::Number(1.0);
            return self.binary(Op::Divide, &one, value, false, (at, at), at);
        };
        let n = match m.shape.as_slice() {
            [1] => {
                let one = Value::Number(1.0);
                let x = self.binary(Op::Divide, &one, &m.data[0], false, (at, at), at)?;
                return Ok(Value::matrix(Matrix {
                    shape: vec![1],
                    data: vec![x],
                    array: m.array,
                }));
            }
            [r, c] if r == c => *r,
            [_] | [_, _] => {
                return Err(failed(
                    format!(
                        "Matrix must be square (size: {})",
                        matrix::show_shape(&m.shape)
                    ),
                    at,
                ));
            }
            _ => {
                return Err(failed(
                    format!(
                        "Matrix must be two dimensional (size: {})",
                        matrix::show_shape(&m.shape)
                    ),
                    at,
                ));
            }
        };
        let singular = || failed("Cannot calculate inverse, determinant is zero", at);
        let is_number_zero = |v: &Value| matches!(v, Value::Number(x) if *x == 0.0);
        self.charge((n * n * n) as u64)?;
        let result = if n == 0 {
            Vec::new()
        } else if n == 1 {
            if is_number_zero(&m.data[0]) {
                return Err(singular());
            }
            let one = Value::Number(1.0);
            vec![self.binary(Op::Divide, &one, &m.data[0], false, (at, at), at)?]
        } else if n == 2 {
            let d = self.determinant(m, at)?;
            if is_number_zero(&d) {
                return Err(singular());
            }
            let (a, b, c, e) = (&m.data[0], &m.data[1], &m.data[2], &m.data[3]);
            let nb = self.unary(Op::UnaryMinus, b.clone(), at, at)?;
            let nc = self.unary(Op::UnaryMinus, c.clone(), at, at)?;
            vec![
                self.binary(Op::Divide, e, &d, false, (at, at), at)?,
                self.binary(Op::Divide, &nb, &d, false, (at, at), at)?,
                self.binary(Op::Divide, &nc, &d, false, (at, at), at)?,
                self.binary(Op::Divide, a, &d, false, (at, at), at)?,
            ]
        } else {
            let mut a: Vec<Vec<Value>> = m.data.chunks(n).map(<[Value]>::to_vec).collect();
            let mut b: Vec<Vec<Value>> = identity(n, n)
                .data
                .chunks(n)
                .map(<[Value]>::to_vec)
                .collect();
            for c in 0..n {
                let mut best = self.absolute(&a[c][c], at)?;
                let mut best_row = c;
                for (r, row) in a.iter().enumerate().skip(c + 1) {
                    let candidate = self.absolute(&row[c], at)?;
                    // JavaScript's `>` on the absolute values, without math.js's tolerance. On
                    // two BigNumbers it compares their `valueOf()` strings, character by
                    // character ("10" < "9"): math.js's pivot choice, reproduced.
                    let larger = match (&candidate, &best) {
                        (Value::Number(x), Value::Number(y)) => x > y,
                        (Value::Fraction(x), Value::Fraction(y)) => x > y,
                        (Value::Big(x), Value::Big(y)) => crate::num::bignum::format(x, None)
                            .encode_utf16()
                            .gt(crate::num::bignum::format(y, None).encode_utf16()),
                        _ => crate::eval::js_number(&candidate) > crate::eval::js_number(&best),
                    };
                    if larger {
                        best = candidate;
                        best_row = r;
                    }
                }
                if is_number_zero(&best) {
                    return Err(singular());
                }
                a.swap(c, best_row);
                b.swap(c, best_row);
                for r in 0..n {
                    // Row c as it is now: math.js divides it in place when r reaches c, and
                    // the rows after that eliminate with the divided row.
                    let (pivot_row, pivot_b) = (a[c].clone(), b[c].clone());
                    if r != c {
                        if is_number_zero(&a[r][c]) {
                            continue;
                        }
                        let negated = self.unary(Op::UnaryMinus, a[r][c].clone(), at, at)?;
                        let f =
                            self.binary(Op::Divide, &negated, &pivot_row[c], false, (at, at), at)?;
                        for s in c..n {
                            let term =
                                self.binary(Op::Multiply, &f, &pivot_row[s], false, (at, at), at)?;
                            a[r][s] = self.binary(Op::Add, &a[r][s], &term, false, (at, at), at)?;
                        }
                        for s in 0..n {
                            let term =
                                self.binary(Op::Multiply, &f, &pivot_b[s], false, (at, at), at)?;
                            b[r][s] = self.binary(Op::Add, &b[r][s], &term, false, (at, at), at)?;
                        }
                    } else {
                        let f = pivot_row[c].clone();
                        for cell in a[r].iter_mut().skip(c) {
                            *cell = self.binary(Op::Divide, cell, &f, false, (at, at), at)?;
                        }
                        for cell in b[r].iter_mut() {
                            *cell = self.binary(Op::Divide, cell, &f, false, (at, at), at)?;
                        }
                    }
                }
            }
            b.into_iter().flatten().collect()
        };
        Ok(Value::matrix(Matrix {
            shape: vec![n, n],
            data: result,
            array: m.array,
        }))
    }

    fn absolute(&mut self, value: &Value, at: usize) -> Evaluated {
        match value {
            Value::Fraction(f) => Ok(Value::fraction(dashu_int::ops::Abs::abs(
                dashu_ratio::RBig::clone(f),
            ))),
            Value::Big(x) => Ok(Value::Big(crate::num::bignum::abs(x))),
            other => Ok(Value::Number(self.to_number(other, at)?.abs())),
        }
    }

    /// math.js `det` of a square matrix: 1×1 and 2×2 directly, larger ones by fraction-free
    /// (Bareiss) elimination with row swaps.
    fn determinant(&mut self, m: &Matrix, at: usize) -> Evaluated {
        let n = m.shape[0];
        self.charge((n * n * n) as u64)?;
        match n {
            0 => Ok(Value::Number(1.0)),
            1 => Ok(m.data[0].clone()),
            2 => {
                let p = self.binary(Op::Multiply, &m.data[0], &m.data[3], false, (at, at), at)?;
                let q = self.binary(Op::Multiply, &m.data[2], &m.data[1], false, (at, at), at)?;
                self.binary(Op::Subtract, &p, &q, false, (at, at), at)
            }
            _ => match number_determinant(&m.data, n) {
                Some(det) => Ok(Value::Number(det)),
                None => self.determinant_general(m, n, at),
            },
        }
    }

    /// [`Evaluator::determinant`] of a matrix of three rows or more, by fraction-free
    /// elimination (Bareiss) through the operators, for any entries.
    fn determinant_general(&mut self, m: &Matrix, n: usize, at: usize) -> Evaluated {
        let cell = |a: &[Vec<Value>], i: usize, j: usize| a[i][j].clone();
        let mut a: Vec<Vec<Value>> = m.data.chunks(n).map(<[Value]>::to_vec).collect();
        let mut rows: Vec<usize> = (0..n).collect();
        let mut negated = false;
        for k in 0..n {
            let mut kr = rows[k];
            if self.is_zero_value(&a[kr][k]) {
                let mut found = false;
                for swap in k + 1..n {
                    if !self.is_zero_value(&a[rows[swap]][k]) {
                        kr = rows[swap];
                        rows[swap] = rows[k];
                        rows[k] = kr;
                        negated = !negated;
                        found = true;
                        break;
                    }
                }
                if !found {
                    return Ok(cell(&a, kr, k));
                }
            }
            let pivot = cell(&a, kr, k);
            let previous = if k == 0 {
                Value::Number(1.0)
            } else {
                cell(&a, rows[k - 1], k - 1)
            };
            for &ir in &rows[k + 1..] {
                for j in k + 1..n {
                    let p = self.binary(Op::Multiply, &a[ir][j], &pivot, false, (at, at), at)?;
                    let q = self.binary(Op::Multiply, &a[ir][k], &a[kr][j], false, (at, at), at)?;
                    let difference = self.binary(Op::Subtract, &p, &q, false, (at, at), at)?;
                    a[ir][j] =
                        self.binary(Op::Divide, &difference, &previous, false, (at, at), at)?;
                }
            }
        }
        let det = cell(&a, rows[n - 1], n - 1);
        if negated {
            self.unary(Op::UnaryMinus, det, at, at)
        } else {
            Ok(det)
        }
    }

    /// math.js `isZero` on a matrix entry (with its tolerance for numbers).
    fn is_zero_value(&self, value: &Value) -> bool {
        match value {
            Value::Number(x) => crate::functions::nearly_equal(*x, 0.0),
            Value::Fraction(f) => f.is_zero(),
            Value::Boolean(b) => !b,
            Value::Complex(z) => z.is_zero(),
            Value::Big(x) => x.is_zero(),
            _ => false,
        }
    }

    /// Functions the evaluator implements itself (`Imp::Evaluator` rows, and the operators
    /// called as functions); `None` for the table's own implementations.
    pub(crate) fn evaluator_function(
        &mut self,
        name: &str,
        values: &[Value],
        at: usize,
    ) -> Option<Evaluated> {
        if let Some(op) = operator_of(name) {
            return Some(match values {
                [x] => self.unary(op, x.clone(), at, at),
                [x, y] => self.binary(op, x, y, false, (at, at), at),
                _ => return None,
            });
        }
        let any_matrix = values.iter().any(|v| matches!(v, Value::Matrix(_)));
        Some(match name {
            "compare" => self.compare_values(&values[0], &values[1], at),
            "mean" | "average" | "avg" => self.mean(name, values, at),
            "sum" => self.sum(values, at),
            "prod" => self.product(values, at),
            "median" => self.median_of(name, values, at),
            "mode" => self.mode(values, at),
            "variance" | "std" | "stdev" | "stddev" => self.variance(name, values, at),
            // A winning string is the configured number type (`max(true, "4")` is 4/1 in
            // Fraction mode), as the collection form converts it.
            "min" | "max"
                if any_matrix
                    || ((self.fraction_mode || self.big_mode)
                        && values.iter().any(|v| matches!(v, Value::Str(_)))) =>
            {
                self.extremum(name, values, at)
            }
            "cumsum" => self.cumsum(values, at),
            "quantileSeq" => self.quantile_seq(values, at),
            "mad" => self.mad(values, at),
            "corr" => self.corr(values, at),
            "count" | "length" | "len" => match &values[0] {
                Value::Sparse(m) => Ok(Value::Number(m.data.len() as f64)),
                other => count(other, at),
            },
            "size" => Ok(size(&values[0])),
            "sparse" => self.sparse_constructor(values, at),
            "zeros" | "ones" | "identity" if matches!(values.last(), Some(Value::Str(_))) => {
                self.with_storage(name, values, at)
            }
            "zeros" | "ones" => self.filled(name, values, at),
            "identity" if values.len() > 2 => Err(mismatch(
                format!(
                    "Unexpected type of argument in function identity (expected: string or boolean, actual: {}, index: 2)",
                    values[2].type_name()
                ),
                at,
            )),
            "identity" => self.identity_of(values, at),
            "range" => self.range_function(values, at),
            "matrix" => self.matrix_function(values, at),
            "concat" => self.concat(values, at),
            "transpose" | "ctranspose" => match &values[0] {
                Value::Sparse(m) if name == "ctranspose" => {
                    let m = Rc::clone(m);
                    self.sparse_ctranspose(&m)
                }
                Value::Sparse(m) => Ok(Value::Sparse(Rc::new(m.transpose()))),
                Value::Matrix(m) => self.dense_transpose(m, name == "ctranspose", name, at),
                other => Ok(other.clone()),
            },
            "flatten" => Ok(match &values[0] {
                Value::Matrix(m) => Value::matrix(Matrix {
                    shape: vec![m.data.len()],
                    data: m.data.clone(),
                    array: m.array,
                }),
                other => other.clone(),
            }),
            "reshape" => self.reshape(values, at),
            "squeeze" => Ok(squeeze(&values[0])),
            "diag" => self.diag(values, at),
            "column" | "row" => self.column_or_row(name, values, at),
            "trace" => self.trace(&values[0], at),
            "det" => self.det(&values[0], at),
            "inv" => self.inverse(&values[0], at),
            "dot" => self.dot(values, at),
            "cross" => self.cross(values, at),
            "kron" => self.kron(values, at),
            "diff" => self.diff(values, at),
            "sort" => self.sort(values, at),
            "map" | "forEach" => self.map_callback(name, values, at),
            "apply" | "mapSlices" => self.map_slices(name, values, at),
            "matrixFromRows" | "matrixFromColumns" => self.matrix_from_vectors(name, values, at),
            "matrixFromFunction" => self.matrix_from_function(values, at),
            "norm" => self.norm(values, at),
            "compareNatural" => natural_order(&values[0], &values[1], at).map(|o| {
                Value::Number(match o {
                    std::cmp::Ordering::Less => -1.0,
                    std::cmp::Ordering::Equal => 0.0,
                    std::cmp::Ordering::Greater => 1.0,
                })
            }),
            name if name.starts_with("set") => self.set_function(name, values, at),
            "help" => help(&values[0], at),
            "typed" => typed(values, at),
            "replacer" => Ok(match &values[1] {
                Value::Number(x) if !x.is_finite() => Value::object(vec![
                    ("mathjs".into(), Value::Str("number".into())),
                    (
                        "value".into(),
                        Value::Str(crate::num::format::format_number(*x, None).into()),
                    ),
                ]),
                other => other.clone(),
            }),
            "getMatrixDataType" => Ok(matrix_data_type(&values[0])),
            "partitionSelect" => self.partition_select(values, at),
            "resize" => self.resize(values, at),
            "random" | "randomInt" => self.random_values(name, values, at),
            "pickRandom" => self.pick_random(values, at),
            "deepEqual" => {
                // math.js compares `x.valueOf()` and `y.valueOf()`: a Fraction argument is a float
                // there, which beside a bigint beyond 2^53 makes the comparison refuse the bigint
                // (as `equal(bigint, number)` does). Other arguments keep their values (math.js's
                // strings for a BigNumber or Complex refuse equal complex numbers: a listed
                // divergence).
                let value_of = |v: &Value, other: &Value| match (v, other) {
                    (Value::Fraction(f), Value::BigInt(_)) => {
                        Value::Number(crate::num::fraction::to_f64(f))
                    }
                    _ => v.clone(),
                };
                let (x, y) = (
                    value_of(&values[0], &values[1]),
                    value_of(&values[1], &values[0]),
                );
                self.deep_equal(&x, &y, at).map(Value::Boolean)
            }
            "addScalar" | "subtractScalar" | "multiplyScalar" | "divideScalar" => {
                if any_matrix {
                    return Some(Err(mismatch(
                        format!(
                            "Unexpected type of argument in function {name} (expected: a scalar)"
                        ),
                        at,
                    )));
                }
                let op = match name {
                    "addScalar" => Op::Add,
                    "subtractScalar" => Op::Subtract,
                    "multiplyScalar" => Op::Multiply,
                    _ => Op::Divide,
                };
                self.binary(op, &values[0], &values[1], false, (at, at), at)
            }
            "compareText" | "equalText" => match (&values[0], &values[1]) {
                (Value::Str(a), Value::Str(b)) => Ok(if name == "equalText" {
                    Value::Boolean(a == b)
                } else {
                    // JavaScript compares strings by UTF-16 code units.
                    let ordering = a.encode_utf16().cmp(b.encode_utf16());
                    Value::Number(match ordering {
                        std::cmp::Ordering::Less => -1.0,
                        std::cmp::Ordering::Equal => 0.0,
                        std::cmp::Ordering::Greater => 1.0,
                    })
                }),
                (a, b) => Err(mismatch(
                    format!(
                        "Unexpected type of argument in function {name} (expected: string, actual: {} and {})",
                        a.type_name(),
                        b.type_name()
                    ),
                    at,
                )),
            },
            "fraction" if !any_matrix => fraction_of(values, at),
            "index" => self.make_index(values, at),
            "subset" => self.subset(values, at),
            "print" => self.print(values, at),
            "bigint" | "num" | "den" => self.bigint_constructor(name, values, at),
            "bignumber" if !any_matrix => bignumber_of(values.first(), at),
            "nthRoots" => self.nth_roots(values, at),
            "rotate" => self.rotate(values, at),
            "rotationMatrix" => self.rotation_matrix(values, at),
            "distance" => self.distance(values, at),
            "intersect" => self.intersect(values, at),
            "filter" => self.filter(values, at),
            "hypot" if any_matrix => {
                let flat: Vec<Value> = values.iter().flat_map(|v| elements(v).to_vec()).collect();
                let row = crate::functions::builtin("hypot")?;
                self.call_builtin(row, "hypot", flat, at)
            }
            _ => return None,
        })
    }

    /// A table function over matrix arguments: element by element (with broadcasting for two
    /// arguments) for the functions math.js maps, refused for the others.
    pub(crate) fn map_function(
        &mut self,
        row: &'static crate::functions::Builtin,
        name: &str,
        values: &[Value],
        at: usize,
    ) -> Evaluated {
        if !ELEMENTWISE.contains(&row.name) || values.len() > 2 {
            return Err(failed(
                format!(
                    "Function '{name}' doesn't apply to matrices. To call it elementwise on a matrix 'M', try 'map(M, {name})'."
                ),
                at,
            ));
        }
        let empty = Value::Undefined;
        let (left, right) = (&values[0], values.get(1).unwrap_or(&empty));
        let unary = values.len() == 1;
        self.broadcast(name, left, right, at, |this, x, y| {
            let args = if unary {
                vec![x.clone()]
            } else {
                vec![x.clone(), y.clone()]
            };
            this.call_builtin(row, name, args, at)
        })
    }

    /// math.js `compare`: -1, 0 or 1 (with its tolerance for numbers), element-wise on matrices.
    fn compare_values(&mut self, x: &Value, y: &Value, at: usize) -> Evaluated {
        if matches!(x, Value::Matrix(_)) || matches!(y, Value::Matrix(_)) {
            return self.broadcast("compare", x, y, at, |this, p, q| {
                this.compare_values(p, q, at)
            });
        }
        if let Some(ordering) = crate::eval::bigint::compare(x, y, at)? {
            return Ok(Value::bigint(dashu_int::IBig::from(ordering as i8)));
        }
        let sign = if compare(Op::Equal, x, y, at)? {
            0
        } else if compare(Op::Larger, x, y, at)? {
            1
        } else {
            -1
        };
        Ok(
            if matches!(x, Value::Fraction(_)) || matches!(y, Value::Fraction(_)) {
                Value::fraction(dashu_ratio::RBig::from(sign))
            } else if matches!(x, Value::Big(_)) || matches!(y, Value::Big(_)) {
                // math.js compares BigNumbers to a BigNumber.
                Value::Big(crate::num::bignum::Big::from_i64(i64::from(sign)))
            } else {
                Value::Number(f64::from(sign))
            },
        )
    }

    /// The values a statistics function reduces: one collection's elements, or the arguments
    /// themselves (which must then be scalars).
    fn flat<'v>(
        &self,
        name: &str,
        values: &'v [Value],
        at: usize,
    ) -> Result<std::borrow::Cow<'v, [Value]>, CalculateError> {
        // Borrowed, not copied: most statistics only read their values.
        match values {
            [Value::Matrix(m)] => Ok(std::borrow::Cow::Borrowed(&m.data)),
            _ if values.iter().any(|v| matches!(v, Value::Matrix(_))) => Err(mismatch(
                format!("Scalar values expected in function {name}"),
                at,
            )),
            _ => Ok(std::borrow::Cow::Borrowed(values)),
        }
    }

    /// A dimension argument (1-based in expressions), as a 0-based index into `shape`.
    fn dimension(
        &self,
        value: &Value,
        shape: &[usize],
        at: usize,
    ) -> Result<usize, CalculateError> {
        let d = whole_number(value, at)?;
        let shown = crate::num::format::format_number(d, None);
        if d < 1.0 {
            return Err(failed(format!("Index out of range ({shown} < 1)"), at));
        }
        if d > shape.len() as f64 {
            return Err(failed(
                format!("Index out of range ({shown} > {})", shape.len()),
                at,
            ));
        }
        Ok(d as usize - 1)
    }

    fn fold(
        &mut self,
        op: Op,
        items: &[Value],
        at: usize,
    ) -> Result<Option<Value>, CalculateError> {
        if matches!(op, Op::Add | Op::Subtract | Op::Multiply | Op::Divide)
            && let Some((first, rest)) = items.split_first()
            && items.iter().all(|v| matches!(v, Value::Number(_)))
        {
            // Plain numbers: the operator's number case, without the dispatch per element.
            let number = |v: &Value| {
                if let Value::Number(x) = v {
                    *x
                } else {
                    f64::NAN
                }
            };
            let total = rest
                .iter()
                .map(number)
                .fold(number(first), |a, x| match op {
                    Op::Add => a + x,
                    Op::Subtract => a - x,
                    Op::Multiply => a * x,
                    _ => a / x,
                });
            return Ok(Some(Value::Number(total)));
        }
        let mut accumulated: Option<Value> = None;
        for item in items {
            accumulated = Some(match accumulated {
                None => item.clone(),
                Some(sum) => self.binary(op, &sum, item, false, (at, at), at)?,
            });
        }
        Ok(accumulated)
    }

    /// A boolean or numeric string as the configured number type (number, BigNumber or
    /// Fraction), as math.js's `unaryPlus` and `numeric(x, config.number)` convert them.
    pub(crate) fn mode_number(&self, value: &Value, at: usize) -> Evaluated {
        if self.fraction_mode {
            crate::eval::as_fraction(value, at).map(Value::fraction)
        } else if self.big_mode {
            crate::eval::big_mode::as_big(value, at).map(Value::Big)
        } else {
            self.to_number(value, at).map(Value::Number)
        }
    }

    /// The zero of the mode's number type.
    fn zero(&self) -> Value {
        if self.fraction_mode {
            Value::fraction(dashu_ratio::RBig::ZERO)
        } else {
            Value::Number(0.0)
        }
    }

    /// A reduction along a dimension: `f` applied to each slice, the results in a matrix.
    fn along(
        &mut self,
        m: &Matrix,
        dim: usize,
        at: usize,
        mut f: impl FnMut(&mut Self, &[Value]) -> Evaluated,
    ) -> Evaluated {
        if m.rank() == 1 {
            // math.js builds a matrix from the one reduced value: a falsy value (0, NaN,
            // false) makes an empty matrix, anything else is refused.
            let value = f(self, &m.data)?;
            let falsy = match &value {
                Value::Number(x) => *x == 0.0 || x.is_nan(),
                Value::Boolean(b) => !b,
                _ => false,
            };
            if falsy {
                return Ok(Value::matrix(Matrix::vector(Vec::new())));
            }
            return Err(failed(
                format!("Unsupported type of data ({})", value.type_name()),
                at,
            ));
        }
        self.build("reduce", m.slice_count(dim), at)?;
        let (shape, slices) = m.slices(dim);
        let mut data = Vec::with_capacity(slices.len());
        for slice in &slices {
            data.push(f(self, slice)?);
        }
        if shape.is_empty() {
            return Ok(data.pop().unwrap_or(Value::Undefined));
        }
        Ok(Value::matrix(Matrix {
            shape,
            data,
            array: m.array,
        }))
    }

    fn sum(&mut self, values: &[Value], at: usize) -> Evaluated {
        if let [Value::Matrix(m), dim] = values
            && !matches!(dim, Value::Matrix(_))
        {
            let dim = self.dimension(dim, &m.shape, at)?;
            return self.along(m, dim, at, |this, slice| {
                this.fold(Op::Add, slice, at)
                    .map(|s| s.unwrap_or(Value::Number(0.0)))
            });
        }
        let items = self.flat("sum", values, at)?;
        let total = self.fold(Op::Add, &items, at)?;
        Ok(match total {
            Some(Value::Str(text)) => self.unary(Op::UnaryPlus, Value::Str(text), at, at)?,
            Some(value) => value,
            None => self.zero(),
        })
    }

    fn product(&mut self, values: &[Value], at: usize) -> Evaluated {
        if let [Value::Matrix(_), dim] = values
            && !matches!(dim, Value::Matrix(_))
        {
            return Err(failed("prod(A, dim) is not yet supported", at));
        }
        let items = self.flat("prod", values, at)?;
        self.fold(Op::Multiply, &items, at)?
            .ok_or_else(|| failed("Cannot calculate prod of an empty array", at))
    }

    fn mean(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        if let [Value::Matrix(m), dim] = values
            && !matches!(dim, Value::Matrix(_))
        {
            let dim = self.dimension(dim, &m.shape, at)?;
            let n = Value::Number(m.shape[dim] as f64);
            return self.along(m, dim, at, |this, slice| {
                let total = this
                    .fold(Op::Add, slice, at)?
                    .ok_or_else(|| failed("Cannot calculate the mean of an empty array", at))?;
                this.binary(Op::Divide, &total, &n, false, (at, at), at)
            });
        }
        let items = self.flat(canonical_statistic(name), values, at)?;
        let total = self
            .fold(Op::Add, &items, at)?
            .ok_or_else(|| failed("Cannot calculate the mean of an empty array", at))?;
        let n = Value::Number(items.len() as f64);
        self.binary(Op::Divide, &total, &n, false, (at, at), at)
    }

    /// math.js `median`: the middle value, or the mean of the two middle values.
    fn median_of(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        if let [Value::Matrix(_), _] = values {
            return Err(failed("median(A, dim) is not yet supported", at));
        }
        let items = self.flat(name, values, at)?;
        self.median(&items, at)
    }

    fn median(&mut self, items: &[Value], at: usize) -> Evaluated {
        if items.is_empty() {
            return Err(failed("Cannot calculate median of an empty array", at));
        }
        if items.iter().any(|v| matches!(v, Value::Fraction(_))) {
            return Err(fraction_unsupported_function(at));
        }
        let n = items.len();
        let nan = items.iter().find(|v| is_nan_value(v));
        if let Some(nan) = nan {
            // math.js selects the middle values (partitionSelect) rather than sorting, and its
            // selection answers the NaN itself, leaving the values in their order: the middle
            // one is that NaN, or the average of the largest value up to the left middle one
            // with it.
            if n % 2 == 1 {
                return Ok(nan.clone());
            }
            let left = largest_up_to(items, n / 2 - 1, at)?;
            let sum = self.binary(Op::Add, left, nan, false, (at, at), at)?;
            return self.binary(Op::Divide, &sum, &Value::Number(2.0), false, (at, at), at);
        }
        if items.iter().any(|v| matches!(v, Value::Big(_))) {
            // BigNumbers: sorted as math.js compares them, the two middle ones averaged.
            let order = vec![Value::matrix(Matrix::vector(items.to_vec()))];
            let Value::Matrix(sorted) = self.sort(&order, at)? else {
                return Err(failed("Cannot calculate median", at));
            };
            let n = sorted.data.len();
            if n % 2 == 1 {
                return Ok(sorted.data[n / 2].clone());
            }
            let (left, right) = (&sorted.data[n / 2 - 1], &sorted.data[n / 2]);
            let sum = self.binary(Op::Add, left, right, false, (at, at), at)?;
            return self.binary(Op::Divide, &sum, &Value::Number(2.0), false, (at, at), at);
        }
        let sorted = self.sorted_numbers(items, at)?;
        let n = sorted.len();
        if n % 2 == 1 {
            return Ok(Value::Number(sorted[n / 2]));
        }
        Ok(Value::Number((sorted[n / 2 - 1] + sorted[n / 2]) / 2.0))
    }

    /// The items as numbers, ascending (math.js's `median` and `quantileSeq` accept numbers
    /// only, and compare NaN as the largest).
    fn sorted_numbers(&mut self, items: &[Value], at: usize) -> Result<Vec<f64>, CalculateError> {
        let mut numbers = Vec::with_capacity(items.len());
        for item in items {
            match item {
                Value::Number(x) => numbers.push(*x),
                // math.js converts a bigint (up to 2^53 − 1) to a number.
                Value::BigInt(n) => numbers.push(
                    crate::eval::bigint::to_number(n)
                        .map_err(|e| crate::error::function_error(e, "median", at))?,
                ),
                other => {
                    return Err(mismatch(
                        format!("Cannot convert {} to a number", other.type_name()),
                        at,
                    ));
                }
            }
        }
        self.charge(numbers.len() as u64 * 8)?;
        numbers.sort_by(|a, b| {
            a.partial_cmp(b)
                .unwrap_or_else(|| a.is_nan().cmp(&b.is_nan()))
        });
        Ok(numbers)
    }

    fn mode(&mut self, values: &[Value], at: usize) -> Evaluated {
        let items = self.flat("mode", values, at)?;
        if items.is_empty() {
            return Err(failed("Cannot calculate mode of an empty array", at));
        }
        self.charge(items.len() as u64)?;
        let mut counts: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        let mut modes: Vec<Value> = Vec::new();
        let mut best = 0;
        for item in items.iter() {
            if matches!(item, Value::Number(x) if x.is_nan()) {
                return Err(failed(
                    "Cannot calculate mode of an array containing NaN values",
                    at,
                ));
            }
            // JavaScript object keys: values count as equal when they print the same.
            let count = counts.entry(item.format(None)).or_insert(0);
            *count += 1;
            let count = *count;
            if count == best {
                modes.push(item.clone());
            } else if count > best {
                best = count;
                modes = vec![item.clone()];
            }
        }
        Ok(Value::matrix(Matrix::vector(modes).into_array()))
    }

    /// `variance` and `std` with math.js's normalisations: "unbiased" (n − 1, the default),
    /// "uncorrected" (n) and "biased" (n + 1).
    fn variance(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let root = name != "variance";
        let (data, dim, normalization) = match values {
            [Value::Matrix(m)] => (Some(m), None, "unbiased".to_owned()),
            [Value::Matrix(m), Value::Str(n)] => (Some(m), None, n.to_string()),
            [Value::Matrix(m), dim] if !matches!(dim, Value::Matrix(_)) => {
                (Some(m), Some(dim), "unbiased".to_owned())
            }
            [Value::Matrix(m), dim, Value::Str(n)] => (Some(m), Some(dim), n.to_string()),
            _ => (None, None, "unbiased".to_owned()),
        };
        if !["unbiased", "uncorrected", "biased"].contains(&normalization.as_str()) {
            return Err(failed(
                format!(
                    "Unknown normalization \"{normalization}\". Choose \"unbiased\" (default), \"uncorrected\", or \"biased\"."
                ),
                at,
            ));
        }
        let one = |this: &mut Self, items: &[Value]| -> Evaluated {
            let v = this.variance_of(items, &normalization, at)?;
            if root {
                this.square_root(&v, at)
            } else {
                Ok(v)
            }
        };
        match (data, dim) {
            (Some(m), Some(dim)) => {
                let dim = self.dimension(dim, &m.shape, at)?;
                self.along(m, dim, at, one)
            }
            (Some(m), None) => one(self, &m.data),
            _ => {
                let items = self.flat(canonical_statistic(name), values, at)?;
                one(self, &items)
            }
        }
    }

    fn square_root(&mut self, value: &Value, at: usize) -> Evaluated {
        let row = crate::functions::builtin("sqrt").ok_or_else(|| not_implemented("sqrt()", at))?;
        if let Value::Number(_) = value
            && let Some(result) = crate::eval::plain_number_call(row, std::slice::from_ref(value))
        {
            // What `call_builtin` does first for a number, without a vector for the argument.
            let result = result.map_err(|e| crate::error::function_error(e, "sqrt", at));
            return self.outside_fraction_mode(result);
        }
        self.call_builtin(row, "sqrt", vec![value.clone()], at)
    }

    fn variance_of(&mut self, items: &[Value], normalization: &str, at: usize) -> Evaluated {
        let total = self
            .fold(Op::Add, items, at)?
            .ok_or_else(|| failed("Cannot calculate variance of an empty array", at))?;
        let n = items.len();
        let mean = self.binary(
            Op::Divide,
            &total,
            &Value::Number(n as f64),
            false,
            (at, at),
            at,
        )?;
        let mut sum: Option<Value> = None;
        if let Value::Number(mean) = mean
            && items.iter().all(|v| matches!(v, Value::Number(_)))
        {
            // Plain numbers: the loop below with `binary`'s number arithmetic, which charges
            // nothing, in the same order (a test compares the two).
            let mut total: Option<f64> = None;
            for item in items {
                if let Value::Number(x) = item {
                    let difference = x - mean;
                    let square = difference * difference;
                    total = Some(total.map_or(square, |s| s + square));
                }
            }
            sum = total.map(Value::Number);
        } else {
            self.squared_deviations(items, &mean, &mut sum, at)?;
        }
        let sum = sum.unwrap_or(Value::Number(0.0));
        if matches!(sum, Value::Number(x) if x.is_nan()) {
            return Ok(sum);
        }
        let divisor = match normalization {
            "uncorrected" => n as f64,
            "biased" => n as f64 + 1.0,
            // The zero of the sum's type for a BigNumber, else the number 0 (as math.js).
            _ if n == 1 => {
                return Ok(match sum {
                    Value::Big(_) => Value::Big(crate::num::bignum::Big::from_i64(0)),
                    _ => Value::Number(0.0),
                });
            }
            _ => n as f64 - 1.0,
        };
        self.binary(
            Op::Divide,
            &sum,
            &Value::Number(divisor),
            false,
            (at, at),
            at,
        )
    }

    /// The sum of the squared differences of `items` from `mean`, through the operators (any
    /// values), first square first; `None` for no items.
    fn squared_deviations(
        &mut self,
        items: &[Value],
        mean: &Value,
        sum: &mut Option<Value>,
        at: usize,
    ) -> Result<(), CalculateError> {
        for item in items {
            let difference = self.binary(Op::Subtract, item, mean, false, (at, at), at)?;
            let square =
                self.binary(Op::Multiply, &difference, &difference, false, (at, at), at)?;
            *sum = Some(match sum.take() {
                None => square,
                Some(s) => self.binary(Op::Add, &s, &square, false, (at, at), at)?,
            });
        }
        Ok(())
    }

    /// `min`/`max` over a collection, or along a dimension: the first extreme value (NaN wins).
    fn extremum(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let larger = name == "max";
        if let [Value::Matrix(m), dim] = values
            && !matches!(dim, Value::Matrix(_))
        {
            let dim = self.dimension(dim, &m.shape, at)?;
            return self.along(m, dim, at, |this, slice| {
                this.extreme(name, slice, larger, at)
            });
        }
        let items = self.flat(name, values, at)?;
        self.extreme(name, &items, larger, at)
    }

    fn extreme(&mut self, name: &str, items: &[Value], larger: bool, at: usize) -> Evaluated {
        let mut best: Option<Value> = None;
        for item in items {
            if matches!(item, Value::Number(x) if x.is_nan()) {
                return Ok(item.clone());
            }
            let replace = match &best {
                None => true,
                Some(b) => compare(if larger { Op::Larger } else { Op::Smaller }, item, b, at)?,
            };
            if replace {
                best = Some(item.clone());
            }
        }
        match best {
            // math.js converts a winning string to the configured number type.
            Some(text @ Value::Str(_)) => self.mode_number(&text, at),
            Some(value) => Ok(value),
            None => Err(failed(
                format!("Cannot calculate {name} of an empty array"),
                at,
            )),
        }
    }

    fn cumsum(&mut self, values: &[Value], at: usize) -> Evaluated {
        let running = |this: &mut Self, items: &[Value]| -> Result<Vec<Value>, CalculateError> {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                let next = match out.last() {
                    // math.js starts from `unaryPlus` of the first item (a number for a
                    // boolean or a numeric string).
                    None if matches!(item, Value::Boolean(_) | Value::Str(_)) => {
                        this.mode_number(item, at)?
                    }
                    None => item.clone(),
                    Some(previous) => this.binary(Op::Add, previous, item, false, (at, at), at)?,
                };
                out.push(next);
            }
            Ok(out)
        };
        match values {
            [Value::Matrix(m)] | [Value::Matrix(m), _] => {
                let dim = match values.get(1) {
                    Some(d) => self.dimension(d, &m.shape, at)?,
                    None => 0,
                };
                self.build("cumsum", m.data.len() as u64, at)?;
                if m.data.is_empty() {
                    return Ok(Value::Matrix(m.clone()));
                }
                let (_, slices) = m.slices(dim);
                let mut sums = Vec::with_capacity(slices.len());
                for slice in &slices {
                    sums.push(running(self, slice)?);
                }
                let mut result = Matrix::from_slices(&m.shape, dim, sums);
                result.array = m.array;
                Ok(Value::matrix(result))
            }
            _ => {
                let items = self.flat("cumsum", values, at)?;
                let sums = running(self, &items)?;
                Ok(Value::matrix(Matrix::vector(sums).into_array()))
            }
        }
    }

    /// `quantileSeq(A, p[, sorted][, dim])`: linear interpolation between the order statistics
    /// around p·(n − 1); p may be a probability, a list of them, or a count N > 1 of evenly
    /// spaced quantiles.
    fn quantile_seq(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(data) = &values[0] else {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function quantileSeq (expected: Array or Matrix, actual: {}, index: 0)",
                    values[0].type_name()
                ),
                at,
            ));
        };
        let (sorted, dim) = match &values[2..] {
            [] => (false, None),
            [Value::Boolean(b)] => (*b, None),
            [Value::Boolean(b), d] => (*b, Some(d)),
            [d] => (false, Some(d)),
            _ => return Err(failed("quantileSeq() takes (A, p[, sorted][, dim])", at)),
        };
        let probability = values[1].clone();
        if let Some(Value::Big(_)) = dim {
            // math.js's signatures take the dimension as a plain number only.
            let (expected, index) = if values.len() == 4 {
                ("number or bigint or string or boolean", 3)
            } else {
                ("number or boolean or bigint or string", 2)
            };
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function quantileSeq (expected: {expected}, actual: BigNumber, index: {index})"
                ),
                at,
            ));
        }
        if let Some(dim) = dim {
            let dim = self.dimension(dim, &data.shape, at)?;
            return self.along(data, dim, at, |this, slice| {
                this.quantiles(slice, &probability, sorted, at)
            });
        }
        self.quantiles(&data.data, &probability, sorted, at)
    }

    fn quantiles(
        &mut self,
        items: &[Value],
        probability: &Value,
        sorted: bool,
        at: usize,
    ) -> Evaluated {
        if items
            .iter()
            .chain(elements(probability))
            .any(|v| matches!(v, Value::Fraction(_)))
        {
            return Err(fraction_unsupported_function(at));
        }
        if items
            .iter()
            .chain(elements(probability))
            .any(|v| matches!(v, Value::Big(_)))
        {
            return self.quantiles_big(items, probability, sorted, at);
        }
        let numbers = if sorted {
            items
                .iter()
                .map(|v| self.to_number(v, at))
                .collect::<Result<Vec<_>, _>>()?
        } else {
            self.sorted_numbers(items, at)?
        };
        // math.js selects the values without sorting them (partitionSelect), and its selection
        // answers the NaN itself when the values hold one.
        let selects_nan = !sorted && numbers.iter().any(|x| x.is_nan());
        let quantile = |p: f64| -> Result<f64, CalculateError> {
            let n = numbers.len();
            if n == 0 {
                return Err(failed("Cannot calculate quantile of an empty sequence", at));
            }
            if !(0.0..=1.0).contains(&p) {
                return Err(failed(
                    format!(
                        "Probability must be between 0 and 1 (value: {})",
                        crate::num::format::format_number(p, None)
                    ),
                    at,
                ));
            }
            if selects_nan {
                return Ok(f64::NAN);
            }
            let index = p * (n - 1) as f64;
            let whole = index.floor();
            // `index % 1.0` exactly, as `index` is finite and not negative (without the
            // software `fmod`).
            let fraction = index - whole;
            if index.fract() == 0.0 {
                return Ok(numbers[index as usize]);
            }
            let (left, right) = (numbers[whole as usize], numbers[whole as usize + 1]);
            Ok(left * (1.0 - fraction) + right * fraction)
        };
        match probability {
            Value::Matrix(ps) => {
                let mut out = Vec::with_capacity(ps.data.len());
                for p in &ps.data {
                    out.push(Value::Number(quantile(self.to_number(p, at)?)?));
                }
                Ok(Value::matrix(Matrix::vector(out).into_array()))
            }
            p => {
                let p = self.to_number(p, at)?;
                if p < 0.0 {
                    return Err(failed("N/prob must be non-negative", at));
                }
                if p <= 1.0 {
                    return Ok(Value::Number(quantile(p)?));
                }
                if p.fract() != 0.0 {
                    return Err(failed("N must be a positive integer", at));
                }
                if p > MAX_BUILD as f64 {
                    return Err(build_limit("quantileSeq", Some(p as u64), at));
                }
                self.build("quantileSeq", p as u64, at)?;
                let mut out = Vec::with_capacity(p as usize);
                for i in 0..p as u64 {
                    out.push(Value::Number(quantile((i + 1) as f64 / (p + 1.0))?));
                }
                Ok(Value::matrix(Matrix::vector(out).into_array()))
            }
        }
    }

    /// `quantiles` when a BigNumber is involved, in the data or the probability: the same
    /// interpolation with math.js's operations on the values as they are (a BigNumber
    /// probability `p` gives the index `p.times(n − 1)` and the fraction `index − floor(index)`
    /// as BigNumbers; a number one computes them as numbers), and math.js's result types: one
    /// BigNumber probability or count answers BigNumbers, a list answers what each
    /// interpolation gives.
    fn quantiles_big(
        &mut self,
        items: &[Value],
        probability: &Value,
        sorted: bool,
        at: usize,
    ) -> Evaluated {
        let mut flat = Vec::with_capacity(items.len());
        for item in items {
            flat.push(match item {
                Value::Str(_) => bignumber_of(Some(item), at)?,
                Value::Boolean(b) => Value::Number(f64::from(u8::from(*b))),
                other => other.clone(),
            });
        }
        // With a NaN among unsorted values, math.js's selection answers it and leaves the values
        // in their order, from which the left neighbour is then taken.
        let nan = if sorted {
            None
        } else {
            flat.iter()
                .find(|v| is_nan_value(v))
                .cloned()
                .map(|nan| (nan, flat.clone()))
        };
        if !sorted {
            // One unit per comparison, so the deadline is read while sorting.
            // Not the standard library's sort, which may panic when `NaN` among the values
            // makes the comparison no total order (see `js_sort`).
            let mut error = None;
            flat = js_sort(flat, &mut |a, b| {
                if error.is_some() {
                    return std::cmp::Ordering::Equal;
                }
                let order = self.charge(1).and_then(|()| {
                    if compare(Op::Smaller, a, b, at)? {
                        Ok(std::cmp::Ordering::Less)
                    } else if compare(Op::Larger, a, b, at)? {
                        Ok(std::cmp::Ordering::Greater)
                    } else {
                        Ok(std::cmp::Ordering::Equal)
                    }
                });
                order.unwrap_or_else(|e| {
                    error = Some(e);
                    std::cmp::Ordering::Equal
                })
            });
            if let Some(e) = error {
                return Err(e);
            }
        }
        let as_big = |value: Value| match value {
            Value::Number(x) => Value::Big(crate::num::bignum::from_f64(x)),
            other => other,
        };
        match probability {
            Value::Matrix(ps) => {
                let mut out = Vec::with_capacity(ps.data.len());
                for p in &ps.data {
                    let p = match p {
                        Value::Big(_) => p.clone(),
                        other => Value::Number(self.to_number(other, at)?),
                    };
                    out.push(self.quantile_of(&flat, nan.as_ref(), &p, at)?);
                }
                Ok(Value::matrix(Matrix::vector(out).into_array()))
            }
            p => {
                let big = matches!(p, Value::Big(_));
                let p = if big {
                    p.clone()
                } else {
                    Value::Number(self.to_number(p, at)?)
                };
                if compare(Op::Smaller, &p, &Value::Number(0.0), at)? {
                    return Err(failed("N/prob must be non-negative", at));
                }
                if !compare(Op::Larger, &p, &Value::Number(1.0), at)? {
                    let q = self.quantile_of(&flat, nan.as_ref(), &p, at)?;
                    return Ok(if big { as_big(q) } else { q });
                }
                let count = crate::eval::js_number(&p);
                if count.fract() != 0.0 {
                    return Err(failed("N must be a positive integer", at));
                }
                if count > MAX_BUILD as f64 {
                    return Err(build_limit("quantileSeq", Some(count as u64), at));
                }
                self.build("quantileSeq", count as u64, at)?;
                let n_plus_one =
                    self.binary(Op::Add, &p, &Value::Number(1.0), false, (at, at), at)?;
                let mut out = Vec::with_capacity(count as usize);
                for i in 0..count as u64 {
                    let prob = self.binary(
                        Op::Divide,
                        &Value::Number((i + 1) as f64),
                        &n_plus_one,
                        false,
                        (at, at),
                        at,
                    )?;
                    let q = self.quantile_of(&flat, nan.as_ref(), &prob, at)?;
                    out.push(if big { as_big(q) } else { q });
                }
                Ok(Value::matrix(Matrix::vector(out).into_array()))
            }
        }
    }

    /// One quantile of sorted values: the value at `p·(n − 1)`, or the interpolation
    /// `left·(1 − f) + right·f` between its neighbours. `nan` is the first NaN of unsorted
    /// values and the values in their order: math.js's selection (partitionSelect) answers the
    /// NaN for the value at the index and for the right neighbour, and the left neighbour is
    /// then the largest of the values up to the index, in their order.
    fn quantile_of(
        &mut self,
        flat: &[Value],
        nan: Option<&(Value, Vec<Value>)>,
        p: &Value,
        at: usize,
    ) -> Evaluated {
        let n = flat.len();
        if n == 0 {
            return Err(failed("Cannot calculate quantile of an empty sequence", at));
        }
        let out_of_bounds = || failed("k out of bounds", at);
        let last = Value::Number((n - 1) as f64);
        let index = self.binary(Op::Multiply, p, &last, false, (at, at), at)?;
        let position = crate::eval::js_number(&index);
        if !(0.0..=(n - 1) as f64).contains(&position) {
            return Err(out_of_bounds());
        }
        // A BigNumber index is floored exactly, as math.js does (`index.floor()`): 0.99…9 (64
        // nines) is below 1, though as a binary64 it would round to 1.
        let whole = match &index {
            Value::Big(x) => crate::num::bignum::to_f64(&crate::num::bignum::floor_exact(x)),
            _ => position.floor(),
        };
        let fraction = match &index {
            Value::Big(_) => self.binary(
                Op::Subtract,
                &index,
                &Value::Number(whole),
                false,
                (at, at),
                at,
            )?,
            _ => Value::Number(position % 1.0),
        };
        // math.js tests the index with its approximate `isInteger` and selects the value at the
        // index read as a binary64, so a BigNumber index within a binary64 rounding of a whole
        // number (1/3 · 3 = 0.99…9, 64 nines) selects that value, not an interpolation.
        // (A number index near a whole one but not whole makes math.js fail, `k must be a
        // non-negative integer`; reckon interpolates it.)
        if position.fract() == 0.0 {
            return nan
                .map(|(nan, _)| nan)
                .or(flat.get(position as usize))
                .cloned()
                .ok_or_else(out_of_bounds);
        }
        let k = whole as usize;
        let (Some(left), Some(right)) = (flat.get(k), flat.get(k + 1)) else {
            return Err(out_of_bounds());
        };
        let (left, right) = match nan {
            Some((nan, unsorted)) => (largest_up_to(unsorted, k, at)?, nan),
            None => (left, right),
        };
        let rest = self.binary(
            Op::Subtract,
            &Value::Number(1.0),
            &fraction,
            false,
            (at, at),
            at,
        )?;
        let a = self.binary(Op::Multiply, left, &rest, false, (at, at), at)?;
        let b = self.binary(Op::Multiply, right, &fraction, false, (at, at), at)?;
        self.binary(Op::Add, &a, &b, false, (at, at), at)
    }

    /// Median absolute deviation: the median of |x − median|.
    fn mad(&mut self, values: &[Value], at: usize) -> Evaluated {
        let items = self.flat("mad", values, at)?;
        if items.is_empty() {
            return Err(failed(
                "Cannot calculate median absolute deviation (mad) of an empty array",
                at,
            ));
        }
        let middle = self.median(&items, at)?;
        let mut deviations = Vec::with_capacity(items.len());
        for item in items.iter() {
            let d = self.binary(Op::Subtract, item, &middle, false, (at, at), at)?;
            deviations.push(self.absolute(&d, at)?);
        }
        self.median(&deviations, at)
    }

    /// Pearson's correlation by math.js's formula from the sums.
    fn corr(&mut self, values: &[Value], at: usize) -> Evaluated {
        let (Value::Matrix(a), Value::Matrix(b)) = (&values[0], &values[1]) else {
            return Err(mismatch(
                "Unexpected type of argument in function corr (expected: Array or Matrix)",
                at,
            ));
        };
        if a.rank() == 2 && b.rank() == 2 {
            if a.shape[0] != b.shape[0] {
                return Err(failed(
                    "Dimension mismatch. Array A and B must have the same length.",
                    at,
                ));
            }
            let (rows_a, rows_b) = (a.outer(), b.outer());
            let mut out = Vec::with_capacity(rows_a.len());
            for (x, y) in rows_a.iter().zip(&rows_b) {
                out.push(self.correlation(elements(x), elements(y), at)?);
            }
            return Ok(Value::matrix(Matrix::vector(out)));
        }
        if a.data.len() != b.data.len() {
            return Err(failed(
                "Dimension mismatch. Array A and B must have the same number of elements.",
                at,
            ));
        }
        self.correlation(&a.data, &b.data, at)
    }

    fn correlation(&mut self, a: &[Value], b: &[Value], at: usize) -> Evaluated {
        if a.len() != b.len() {
            return Err(failed(
                "Dimension mismatch. Array A and B must have the same number of elements.",
                at,
            ));
        }
        if a.iter().chain(b).any(|v| matches!(v, Value::Fraction(_))) {
            return Err(fraction_unsupported_function(at));
        }
        let x: Vec<f64> = a
            .iter()
            .map(|v| self.to_number(v, at))
            .collect::<Result<_, _>>()?;
        let y: Vec<f64> = b
            .iter()
            .map(|v| self.to_number(v, at))
            .collect::<Result<_, _>>()?;
        self.charge(x.len() as u64 * 5)?;
        let n = x.len() as f64;
        let sum = |v: &[f64]| {
            v.iter()
                .skip(1)
                .fold(v.first().copied().unwrap_or(0.0), |s, t| s + t)
        };
        let (sum_x, sum_y) = (sum(&x), sum(&y));
        let sum_xy = x.iter().zip(&y).fold(0.0, |s, (p, q)| s + p * q);
        let squares = |v: &[f64]| sum(&v.iter().map(|t| t.powi(2)).collect::<Vec<_>>());
        let (sum_xx, sum_yy) = (squares(&x), squares(&y));
        let numerator = n * sum_xy - sum_x * sum_y;
        let denominator = ((n * sum_xx - sum_x.powi(2)) * (n * sum_yy - sum_y.powi(2))).sqrt();
        Ok(Value::Number(numerator / denominator))
    }

    /// `zeros(m, n, ...)` and `ones(...)`: sizes as arguments or as one list; numbers even in
    /// Fraction mode, as math.js builds them.
    pub(crate) fn filled(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let shape = sizes(values, at)?;
        // No size is the empty matrix.
        let shape = if shape.is_empty() { vec![0] } else { shape };
        self.build_shape(name, &shape, at)?;
        // Numbers, or BigNumbers in BigNumber mode (math.js builds them in the configured type;
        // in Fraction mode the spec keeps numbers, 5.3).
        let fill = self.small_integer(if name == "ones" { 1 } else { 0 });
        let array = matches!(values, [Value::Matrix(m)] if m.array);
        Ok(Value::matrix(Matrix {
            data: vec![fill; shape.iter().product()],
            shape,
            array,
        }))
    }

    /// `transpose(A)`, or `ctranspose(A)` and `A'` (conjugating), of a dense matrix. An empty
    /// matrix's new rows count as a build: `zeros(0, 10^9)'` is 10^9 empty rows.
    pub(crate) fn dense_transpose(
        &mut self,
        m: &Matrix,
        conjugate: bool,
        name: &str,
        at: usize,
    ) -> Evaluated {
        if let [rows, cols] = m.shape.as_slice()
            && m.data.is_empty()
        {
            self.build_shape(name, &[*cols, *rows], at)?;
        }
        let transposed = m.transpose().map_err(|d| failed(d, at))?;
        Ok(Value::matrix(if conjugate {
            transposed.conjugated()
        } else {
            transposed
        }))
    }

    pub(crate) fn identity_of(&mut self, values: &[Value], at: usize) -> Evaluated {
        let shape = sizes(values, at)?;
        let (rows, cols) = match shape.as_slice() {
            [n] => (*n, *n),
            [r, c] => (*r, *c),
            _ => return Err(failed("identity() takes one or two sizes", at)),
        };
        self.build_shape("identity", &[rows, cols], at)?;
        let mut m = identity(rows, cols);
        if self.big_mode {
            for value in &mut m.data {
                if let Value::Number(x) = value {
                    *value = Value::Big(crate::num::bignum::from_f64(*x));
                }
            }
        }
        Ok(Value::matrix(m))
    }

    /// 0 or 1 as the mode builds them for `zeros`, `ones` and `identity`.
    fn small_integer(&self, n: i64) -> Value {
        if self.big_mode {
            Value::Big(crate::num::bignum::Big::from_i64(n))
        } else {
            Value::Number(n as f64)
        }
    }

    /// `range(start, end[, step][, includeEnd])` and `range("start:step:end")`.
    fn range_function(&mut self, values: &[Value], at: usize) -> Evaluated {
        if let [Value::Str(text)] = values {
            let parts: Vec<f64> = text
                .split(':')
                .map(|p| {
                    crate::functions::to_number(&Value::Str(p.to_owned().into()))
                        .unwrap_or(f64::NAN)
                })
                .collect();
            let (start, step, end) = match parts.as_slice() {
                [a, b] if !a.is_nan() && !b.is_nan() => (*a, 1.0, *b),
                [a, s, b] if !a.is_nan() && !s.is_nan() && !b.is_nan() => (*a, *s, *b),
                _ => return Err(failed(format!("String \"{text}\" is no valid range"), at)),
            };
            return self.range(
                Value::Number(start),
                Some(Value::Number(step)),
                Value::Number(end),
                true,
                at,
            );
        }
        let (start, end, step, include_end) = match values {
            [a, b] => (a, b, None, true),
            [a, b, Value::Boolean(include)] => (a, b, None, *include),
            [a, b, s] => (a, b, Some(s.clone()), true),
            [a, b, s, Value::Boolean(include)] => (a, b, Some(s.clone()), *include),
            _ => {
                return Err(failed(
                    "range() takes (start, end[, step][, includeEnd])",
                    at,
                ));
            }
        };
        self.range(start.clone(), step, end.clone(), include_end, at)
    }

    fn concat(&mut self, values: &[Value], at: usize) -> Evaluated {
        if values.iter().all(|v| matches!(v, Value::Str(_))) {
            let parts = || {
                values.iter().map(|v| match v {
                    Value::Str(s) => s.as_str(),
                    _ => "",
                })
            };
            // Counted, checked and charged before the text is made.
            let length: u64 = parts().map(|s| s.encode_utf16().count() as u64).sum();
            if length > MAX_BUILD {
                return Err(CalculateError::new(
                    Reason::ResultTooLarge,
                    format!("Size limit exceeded: concat() would build a string of {} characters, over the limit of 1,000,000.", thousands(length)),
                )
                .at(at));
            }
            self.build("concat", length, at)?;
            let text: String = parts().collect();
            return Ok(Value::Str(text.into()));
        }
        let (matrices, dim) = match values.split_last() {
            Some((last, rest)) if !matches!(last, Value::Matrix(_)) && !rest.is_empty() => {
                (rest, Some(last))
            }
            _ => (values, None),
        };
        let mut parts = Vec::with_capacity(matrices.len());
        for value in matrices {
            match value {
                Value::Matrix(m) => parts.push(m.clone()),
                other => {
                    return Err(mismatch(
                        format!(
                            "Unexpected type of argument in function concat (actual: {})",
                            other.type_name()
                        ),
                        at,
                    ));
                }
            }
        }
        let rank = parts[0].rank();
        let dim = match dim {
            Some(d) => self.dimension(d, &parts[0].shape, at)?,
            None => rank - 1,
        };
        let mut shape = parts[0].shape.clone();
        for part in &parts[1..] {
            if part.rank() != rank {
                return Err(failed(
                    format!("Dimension mismatch ({} != {rank})", part.rank()),
                    at,
                ));
            }
            for (d, (have, want)) in part.shape.iter().zip(&shape).enumerate() {
                if d != dim && have != want {
                    return Err(failed(format!("Dimension mismatch ({have} != {want})"), at));
                }
            }
            shape[dim] += part.shape[dim];
        }
        self.build_shape("concat", &shape, at)?;
        let count: usize = shape.iter().product();
        let blocks: Vec<usize> = parts
            .iter()
            .map(|p| p.shape[dim..].iter().product())
            .collect();
        let outer: usize = shape[..dim].iter().product();
        let mut data = Vec::with_capacity(count);
        for o in 0..outer {
            for (part, block) in parts.iter().zip(&blocks) {
                data.extend_from_slice(&part.data[o * block..(o + 1) * block]);
            }
        }
        let array = parts.iter().all(|p| p.array);
        Ok(Value::matrix(Matrix { shape, data, array }))
    }

    fn reshape(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                "Unexpected type of argument in function reshape",
                at,
            ));
        };
        let shape = sizes(&values[1..], at)?;
        let count = shape
            .iter()
            .try_fold(1usize, |p, &n| p.checked_mul(n))
            .unwrap_or(usize::MAX);
        if count != m.data.len() || shape.is_empty() {
            return Err(failed(
                format!("Dimension mismatch ({} != {count})", m.data.len()),
                at,
            ));
        }
        self.build_shape("reshape", &shape, at)?;
        Ok(Value::matrix(Matrix {
            shape,
            data: m.data.clone(),
            array: m.array,
        }))
    }

    fn diag(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                "Unexpected type of argument in function diag (expected: Array or Matrix)",
                at,
            ));
        };
        let k = match values.get(1) {
            // Clamped far beyond any size the build limit admits, so negation cannot overflow.
            Some(v) => whole_number(v, at)?.clamp(-1e15, 1e15) as i64,
            None => 0,
        };
        match m.shape.as_slice() {
            [n] => {
                let size = *n + k.unsigned_abs() as usize;
                match (size as u64).checked_mul(size as u64) {
                    Some(c) if c <= MAX_BUILD => self.build("diag", c, at)?,
                    other => return Err(build_limit("diag", other, at)),
                }
                let mut data = vec![Value::Number(0.0); size * size];
                for (i, value) in m.data.iter().enumerate() {
                    let (r, c) = if k >= 0 {
                        (i, i + k as usize)
                    } else {
                        (i + k.unsigned_abs() as usize, i)
                    };
                    data[r * size + c] = value.clone();
                }
                Ok(Value::matrix(Matrix {
                    shape: vec![size, size],
                    data,
                    array: m.array,
                }))
            }
            [rows, cols] => {
                let (rows, cols) = (*rows as i64, *cols as i64);
                let mut data = Vec::new();
                let (mut r, mut c) = if k >= 0 { (0, k) } else { (-k, 0) };
                while r < rows && c < cols {
                    data.push(m.data[(r * cols + c) as usize].clone());
                    r += 1;
                    c += 1;
                }
                self.build("diag", data.len() as u64, at)?;
                Ok(Value::matrix(Matrix {
                    shape: vec![data.len()],
                    data,
                    array: m.array,
                }))
            }
            _ => Err(failed("Matrix for function diag must be 2 dimensional", at)),
        }
    }

    fn column_or_row(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                format!("Unexpected type of argument in function {name}"),
                at,
            ));
        };
        let [rows, cols] = m.shape.as_slice() else {
            return Err(failed("Only two dimensional matrix is supported", at));
        };
        let (rows, cols) = (*rows, *cols);
        let size = if name == "column" { cols } else { rows };
        let i = whole_number(&values[1], at)?;
        if i < 1.0 || i > size as f64 {
            return Err(failed(
                format!(
                    "Index out of range ({} > {size})",
                    crate::num::format::format_number(i, None)
                ),
                at,
            ));
        }
        let i = i as usize - 1;
        let (shape, data) = if name == "column" {
            (
                vec![rows, 1],
                (0..rows).map(|r| m.data[r * cols + i].clone()).collect(),
            )
        } else {
            (vec![1, cols], m.data[i * cols..(i + 1) * cols].to_vec())
        };
        Ok(Value::matrix(Matrix {
            shape,
            data,
            array: m.array,
        }))
    }

    fn trace(&mut self, value: &Value, at: usize) -> Evaluated {
        let Value::Matrix(m) = value else {
            return Ok(value.clone());
        };
        let n = match m.shape.as_slice() {
            [r, c] if r == c => *r,
            [1] => return Ok(m.data[0].clone()),
            _ => {
                return Err(failed(
                    format!(
                        "Matrix must be square (size: {})",
                        matrix::show_shape(&m.shape)
                    ),
                    at,
                ));
            }
        };
        let mut diagonal: Vec<Value> = (0..n).map(|i| m.data[i * n + i].clone()).collect();
        if diagonal.iter().any(|v| matches!(v, Value::BigInt(_))) {
            // math.js adds the diagonal to a number 0, which a bigint converts to.
            diagonal.insert(0, Value::Number(0.0));
        }
        Ok(self
            .fold(Op::Add, &diagonal, at)?
            .unwrap_or(Value::Number(0.0)))
    }

    fn det(&mut self, value: &Value, at: usize) -> Evaluated {
        let Value::Matrix(m) = value else {
            return Ok(value.clone());
        };
        match m.shape.as_slice() {
            [1] => Ok(m.data[0].clone()),
            [0] | [_, 0] => Ok(Value::Number(1.0)),
            [r, c] if r == c => self.determinant(m, at),
            [_] | [_, _] => Err(failed(
                format!(
                    "Matrix must be square (size: {})",
                    matrix::show_shape(&m.shape)
                ),
                at,
            )),
            _ => Err(failed(
                format!(
                    "Matrix must be two dimensional (size: {})",
                    matrix::show_shape(&m.shape)
                ),
                at,
            )),
        }
    }

    fn vector_of<'v>(
        &self,
        name: &str,
        value: &'v Value,
        at: usize,
    ) -> Result<&'v [Value], CalculateError> {
        match value {
            Value::Matrix(m)
                if m.rank() == 1 || (m.rank() == 2 && (m.shape[1] == 1 || m.shape[0] == 1)) =>
            {
                Ok(&m.data)
            }
            Value::Matrix(m) => Err(failed(
                format!(
                    "Vector expected in function {name} (size: {})",
                    matrix::show_shape(&m.shape)
                ),
                at,
            )),
            other => Err(mismatch(
                format!(
                    "Unexpected type of argument in function {name} (actual: {})",
                    other.type_name()
                ),
                at,
            )),
        }
    }

    fn dot(&mut self, values: &[Value], at: usize) -> Evaluated {
        let a = self.vector_of("dot", &values[0], at)?.to_vec();
        let b = self.vector_of("dot", &values[1], at)?.to_vec();
        let a = crate::eval::bigint::dot_operand(&a, &b, at)?.unwrap_or(a);
        if a.len() != b.len() {
            return Err(failed(
                format!(
                    "Vectors must have equal length ({} != {})",
                    a.len(),
                    b.len()
                ),
                at,
            ));
        }
        if a.is_empty() {
            return Err(failed(
                "Cannot calculate the dot product of empty vectors",
                at,
            ));
        }
        let mut sum: Option<Value> = None;
        for (x, y) in a.iter().zip(&b) {
            let p = self.binary(Op::Multiply, x, y, false, (at, at), at)?;
            sum = Some(match sum {
                None => p,
                Some(s) => self.binary(Op::Add, &s, &p, false, (at, at), at)?,
            });
        }
        Ok(sum.unwrap_or(Value::Number(0.0)))
    }

    fn cross(&mut self, values: &[Value], at: usize) -> Evaluated {
        let a = self.vector_of("cross", &values[0], at)?.to_vec();
        let b = self.vector_of("cross", &values[1], at)?.to_vec();
        if a.len() != 3 || b.len() != 3 {
            return Err(failed(
                format!(
                    "Vectors with length 3 expected (Size A = [{}], B = [{}])",
                    a.len(),
                    b.len()
                ),
                at,
            ));
        }
        let mut out = Vec::with_capacity(3);
        for (i, j) in [(1, 2), (2, 0), (0, 1)] {
            let p = self.binary(Op::Multiply, &a[i], &b[j], false, (at, at), at)?;
            let q = self.binary(Op::Multiply, &a[j], &b[i], false, (at, at), at)?;
            out.push(self.binary(Op::Subtract, &p, &q, false, (at, at), at)?);
        }
        let two_d = matches!(&values[0], Value::Matrix(m) if m.rank() == 2)
            || matches!(&values[1], Value::Matrix(m) if m.rank() == 2);
        let shape = if two_d { vec![1, 3] } else { vec![3] };
        Ok(Value::matrix(Matrix {
            shape,
            data: out,
            array: array_result(&[&values[0], &values[1]]),
        }))
    }

    fn kron(&mut self, values: &[Value], at: usize) -> Evaluated {
        let (Value::Matrix(a), Value::Matrix(b)) = (&values[0], &values[1]) else {
            return Err(mismatch(
                "Unexpected type of argument in function kron (expected: Array or Matrix)",
                at,
            ));
        };
        let as_2d = |m: &Matrix| match m.shape.as_slice() {
            [n] => Some((1, *n)),
            [r, c] => Some((*r, *c)),
            _ => None,
        };
        let (Some((ra, ca)), Some((rb, cb))) = (as_2d(a), as_2d(b)) else {
            return Err(failed("kron() takes one- or two-dimensional matrices", at));
        };
        let (Some(rows), Some(cols)) = (ra.checked_mul(rb), ca.checked_mul(cb)) else {
            return Err(build_limit("kron", None, at));
        };
        let shape = if a.rank() == 1 && b.rank() == 1 {
            vec![cols]
        } else {
            vec![rows, cols]
        };
        // Counted by its rows too: `kron(zeros(10^6, 0), zeros(10^6, 0))` is 10^12 empty rows.
        self.build_shape("kron", &shape, at)?;
        let mut data = Vec::with_capacity(rows * cols);
        for i in 0..ra {
            for k in 0..rb {
                for j in 0..ca {
                    for l in 0..cb {
                        data.push(self.binary(
                            Op::Multiply,
                            &a.data[i * ca + j],
                            &b.data[k * cb + l],
                            false,
                            (at, at),
                            at,
                        )?);
                    }
                }
            }
        }
        Ok(Value::matrix(Matrix {
            shape,
            data,
            array: a.array && b.array,
        }))
    }

    fn diff(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                "Unexpected type of argument in function diff (expected: Array or Matrix)",
                at,
            ));
        };
        let dim = match values.get(1) {
            Some(d) => self.dimension(d, &m.shape, at)?,
            None => 0,
        };
        self.build("diff", m.slice_count(dim), at)?;
        let (_, slices) = m.slices(dim);
        let mut out = Vec::with_capacity(slices.len());
        for slice in &slices {
            let mut differences = Vec::with_capacity(slice.len().saturating_sub(1));
            for pair in slice.windows(2) {
                differences.push(self.binary(
                    Op::Subtract,
                    &pair[1],
                    &pair[0],
                    false,
                    (at, at),
                    at,
                )?);
            }
            out.push(differences);
        }
        let mut shape = m.shape.clone();
        shape[dim] = shape[dim].saturating_sub(1);
        self.build("diff", shape.iter().product::<usize>() as u64, at)?;
        let mut result = Matrix::from_slices(&shape, dim, out);
        result.array = m.array;
        Ok(Value::matrix(result))
    }

    /// math.js's `sort(x, compare)` of a vector: `"asc"` (the default) and `"desc"` by `compare`,
    /// `"natural"` by `compareNatural`, or by a comparator function of two arguments (its answer
    /// read as a number, as JavaScript's sort reads it). The sort is stable, and a comparator
    /// that is no consistent order cannot upset it (see [`js_sort`]).
    fn sort(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                "Unexpected type of argument in function sort (expected: Array or Matrix)",
                at,
            ));
        };
        if m.rank() != 1 {
            let kind = if m.array { "array" } else { "matrix" };
            return Err(failed(format!("One dimensional {kind} expected"), at));
        }
        enum Order {
            Ascending,
            Descending,
            Natural,
            By(Function),
        }
        let order = match values.get(1) {
            None => Order::Ascending,
            Some(Value::Str(order)) if order == "asc" => Order::Ascending,
            Some(Value::Str(order)) if order == "desc" => Order::Descending,
            Some(Value::Str(order)) if order == "natural" => Order::Natural,
            Some(Value::Str(_)) => {
                return Err(failed(
                    "String \"asc\", \"desc\", or \"natural\" expected",
                    at,
                ));
            }
            Some(Value::Function(f)) => Order::By(f.clone()),
            Some(other) => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function sort (expected: string or function or boolean, actual: {}, index: 1)",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        // Per element compared: an object or matrix among them compares element by element.
        self.charge(m.data.iter().map(matrix::leaves).sum::<usize>() as u64 * 8)?;
        let mut error = None;
        let compare_pair =
            |this: &mut Self, x: &Value, y: &Value| -> Result<Ordering, CalculateError> {
                match &order {
                    Order::Natural => natural_order(x, y, at),
                    Order::By(function) => {
                        this.charge(1)?;
                        let answer =
                            this.call_function(function, "sort", vec![x.clone(), y.clone()], at)?;
                        // JavaScript reads the answer as a number; NaN counts as 0.
                        let n = crate::functions::to_number(&answer).unwrap_or(0.0);
                        Ok(if n > 0.0 {
                            Ordering::Greater
                        } else if n < 0.0 {
                            Ordering::Less
                        } else {
                            Ordering::Equal
                        })
                    }
                    Order::Ascending | Order::Descending => {
                        if let (Value::BigInt(_), Value::BigInt(_)) = (x, y) {
                            // math.js's comparator answers a bigint here, which JavaScript's sort
                            // cannot read.
                            return Err(mismatch("Cannot convert a BigInt value to a number", at));
                        }
                        let ordering = if compare(Op::Smaller, x, y, at)? {
                            Ordering::Less
                        } else if compare(Op::Larger, x, y, at)? {
                            Ordering::Greater
                        } else {
                            Ordering::Equal
                        };
                        Ok(if matches!(order, Order::Descending) {
                            ordering.reverse()
                        } else {
                            ordering
                        })
                    }
                }
            };
        let data = js_sort(m.data.clone(), &mut |x, y| {
            if error.is_some() {
                return Ordering::Equal;
            }
            compare_pair(self, x, y).unwrap_or_else(|e| {
                error = Some(e);
                Ordering::Equal
            })
        });
        if let Some(e) = error {
            return Err(e);
        }
        Ok(Value::matrix(Matrix {
            shape: m.shape.clone(),
            data,
            array: m.array,
        }))
    }
}

/// A stable sort of `items` by `compare`, asking it what V8's `Array.prototype.sort` asks for an
/// array of fewer than 64 items (the length of the first ascending or strictly descending run,
/// then a binary insertion of each later item), so that a comparison that fails fails on the
/// same pair as in math.js; longer arrays are merge sorted. The standard library's sorts may
/// panic when the comparison is no total order, and a caller's comparator (or `NaN` among the
/// values) need not be one: these sorts only ever ask it which of two items goes first.
fn js_sort<T>(mut items: Vec<T>, compare: &mut dyn FnMut(&T, &T) -> Ordering) -> Vec<T> {
    if items.len() >= 64 {
        return merge_sort(items, compare);
    }
    if items.len() < 2 {
        return items;
    }
    // The first run: ascending, or strictly descending (then reversed).
    let mut end = 2;
    if compare(&items[1], &items[0]) == Ordering::Less {
        while end < items.len() && compare(&items[end], &items[end - 1]) == Ordering::Less {
            end += 1;
        }
        items[..end].reverse();
    } else {
        while end < items.len() && compare(&items[end], &items[end - 1]) != Ordering::Less {
            end += 1;
        }
    }
    for start in end..items.len() {
        let (mut left, mut right) = (0, start);
        while left < right {
            let middle = left + (right - left) / 2;
            if compare(&items[start], &items[middle]) == Ordering::Less {
                right = middle;
            } else {
                left = middle + 1;
            }
        }
        items[left..=start].rotate_right(1);
    }
    items
}

/// A stable merge sort of `items` by `compare` (for [`js_sort`]).
fn merge_sort<T>(items: Vec<T>, compare: &mut dyn FnMut(&T, &T) -> Ordering) -> Vec<T> {
    if items.len() <= 1 {
        return items;
    }
    let mut left = items;
    let right = left.split_off(left.len() / 2);
    let (left, right) = (merge_sort(left, compare), merge_sort(right, compare));
    let mut merged = Vec::with_capacity(left.len() + right.len());
    let mut right = right.into_iter().peekable();
    for item in left {
        // Equal items keep their order: the left one goes first.
        while let Some(next) = right.peek() {
            if compare(next, &item) == Ordering::Less {
                merged.extend(right.next());
            } else {
                break;
            }
        }
        merged.push(item);
    }
    merged.extend(right);
    merged
}

impl Evaluator {
    /// The arguments math.js passes a callback: the value, then (when the callback takes them)
    /// its 1-based index as an array, then the whole matrix.
    fn callback_arguments(
        function: &Function,
        value: &Value,
        index: &[usize],
        matrix: &Rc<Matrix>,
    ) -> Vec<Value> {
        let wanted = match function {
            Function::User(f) => f.params.len(),
            Function::Builtin(_) => 1,
        };
        let mut args = vec![value.clone()];
        if wanted >= 2 {
            let index = index
                .iter()
                .map(|&i| Value::Number((i + 1) as f64))
                .collect();
            args.push(Value::matrix(Matrix::vector(index).into_array()));
        }
        if wanted >= 3 {
            args.push(Value::Matrix(matrix.clone()));
        }
        args
    }

    /// `apply(A, dim, f)` / `mapSlices`: f applied to each slice along the (1-based) dimension.
    fn map_slices(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let (Value::Matrix(m), Value::Function(f)) = (&values[0], &values[2]) else {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function {name} (expected: Array or Matrix, a dimension and a function)"
                ),
                at,
            ));
        };
        let dim = self.dimension(&values[1], &m.shape, at)?;
        if m.rank() == 1 {
            // As `along`: math.js makes a matrix of the one result (empty when it is falsy).
            let f = f.clone();
            return self.along(m, dim, at, |this, slice| {
                let vector = Value::matrix(Matrix::vector(slice.to_vec()));
                this.call_function(&f, "callback", vec![vector], at)
            });
        }
        self.build(name, m.slice_count(dim), at)?;
        let (shape, slices) = m.slices(dim);
        let mut data = Vec::with_capacity(slices.len());
        for slice in slices {
            let vector = Value::matrix(Matrix::vector(slice));
            data.push(self.call_function(f, "callback", vec![vector], at)?);
        }
        Ok(Value::matrix(Matrix {
            shape,
            data,
            array: m.array,
        }))
    }

    /// `matrixFromRows(v1, v2, ...)` and `matrixFromColumns(...)`: vectors (or single rows or
    /// columns) of equal length as the rows or columns of a matrix.
    fn matrix_from_vectors(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let mut rows = Vec::with_capacity(values.len());
        for value in values {
            rows.push(self.vector_of(name, value, at)?.to_vec());
        }
        let Some(width) = rows.first().map(Vec::len) else {
            return Err(failed(format!("{name}() needs at least one vector"), at));
        };
        if let Some(odd) = rows.iter().find(|r| r.len() != width) {
            return Err(failed(
                format!("The vectors had different length: {} ≠ {width}", odd.len()),
                at,
            ));
        }
        self.build(name, (rows.len() * width) as u64, at)?;
        let m = Matrix::new(
            vec![rows.len(), width],
            rows.into_iter().flatten().collect(),
        );
        let m = if name == "matrixFromColumns" {
            m.transpose().map_err(|d| failed(d, at))?
        } else {
            m
        };
        Ok(Value::matrix(m))
    }

    /// `matrixFromFunction(size, f)`: f called with each 0-based index (as math.js passes it).
    fn matrix_from_function(&mut self, values: &[Value], at: usize) -> Evaluated {
        let (size_value, function) = match values {
            [s, Value::Function(f)] => (s, f),
            _ => {
                return Err(mismatch(
                    "Unexpected type of argument in function matrixFromFunction (expected: a size and a function)",
                    at,
                ));
            }
        };
        let shape = sizes(std::slice::from_ref(size_value), at)?;
        let shape = if shape.is_empty() { vec![0] } else { shape };
        self.build_shape("matrixFromFunction", &shape, at)?;
        let strides = matrix::strides(&shape);
        let total: usize = shape.iter().product();
        let mut data = Vec::with_capacity(total);
        for offset in 0..total {
            let index: Vec<Value> = strides
                .iter()
                .zip(&shape)
                .map(|(stride, size)| Value::Number(((offset / stride) % size) as f64))
                .collect();
            let index = Value::matrix(Matrix::vector(index));
            data.push(self.call_function(function, "callback", vec![index], at)?);
        }
        Ok(Value::matrix(Matrix::new(shape, data)))
    }

    /// math.js `norm`: a vector's p-norm (2 by default; ±Infinity are the largest and smallest
    /// absolute values), a matrix's 1-, ∞- or Frobenius norm; the matrix 2-norm needs
    /// eigenvalues, which arrive with the linear algebra.
    fn norm(&mut self, values: &[Value], at: usize) -> Evaluated {
        let p = values.get(1).cloned();
        let m = match &values[0] {
            Value::Matrix(m) => m.clone(),
            other => return self.absolute_value(other, at),
        };
        let kind = match &p {
            None => None,
            Some(Value::Str(s)) if s == "fro" => Some(f64::NAN),
            Some(Value::Str(s)) if s == "inf" => Some(f64::INFINITY),
            Some(Value::Str(s)) if s == "-inf" => Some(f64::NEG_INFINITY),
            Some(Value::Number(x)) => Some(*x),
            Some(_) => return Err(failed("Unsupported parameter value", at)),
        };
        if let [rows, cols] = m.shape.as_slice()
            && (*rows == 0 || *cols == 0)
        {
            // math.js refuses an empty two-dimensional matrix, whatever the norm.
            return Err(failed("Invalid matrix dimensions", at));
        }
        self.charge(m.data.len() as u64 * 4)?;
        let mut absolutes = Vec::with_capacity(m.data.len());
        for value in &m.data {
            absolutes.push(self.absolute_value(value, at)?);
        }
        match (m.rank(), kind) {
            (1, Some(p)) if p == f64::INFINITY => self
                .extreme("norm", &absolutes, true, at)
                .or(Ok(Value::Number(0.0))),
            (1, Some(p)) if p == f64::NEG_INFINITY => self
                .extreme("norm", &absolutes, false, at)
                .or(Ok(Value::Number(0.0))),
            (1, Some(0.0)) => Ok(Value::Number(f64::INFINITY)),
            (1, kind) => {
                let p = match kind {
                    Some(p) if p.is_nan() => 2.0,
                    Some(p) => p,
                    None => 2.0,
                };
                let exponent = Value::Number(p);
                let mut sum = Value::Number(0.0);
                for a in &absolutes {
                    let term = self.binary(Op::Pow, a, &exponent, false, (at, at), at)?;
                    sum = self.binary(Op::Add, &term, &sum, false, (at, at), at)?;
                }
                self.binary(Op::Pow, &sum, &Value::Number(1.0 / p), false, (at, at), at)
            }
            (2, Some(p)) if p == 1.0 || p == f64::INFINITY => {
                let (rows, cols) = (m.shape[0], m.shape[1]);
                let by_column = p == 1.0;
                // Both sizes are at least 1 (checked above): the sums are no more than the
                // elements.
                let lines = if by_column { cols } else { rows };
                let mut sums: Vec<Value> = vec![Value::Number(0.0); lines];
                let mut best = Value::Number(0.0);
                for (offset, a) in absolutes.iter().enumerate() {
                    let k = if by_column {
                        offset % cols
                    } else {
                        offset / cols
                    };
                    sums[k] = self.binary(Op::Add, &sums[k], a, false, (at, at), at)?;
                    if compare(Op::Larger, &sums[k], &best, at)? {
                        best = sums[k].clone();
                    }
                }
                Ok(best)
            }
            (2, Some(p)) if p.is_nan() => {
                let mut sum = Value::Number(0.0);
                for value in &m.data {
                    let conjugate = match value {
                        Value::Complex(z) => Value::Complex(z.conj()),
                        other => other.clone(),
                    };
                    let product =
                        self.binary(Op::Multiply, value, &conjugate, false, (at, at), at)?;
                    sum = self.binary(Op::Add, &sum, &product, false, (at, at), at)?;
                }
                let root = self.square_root(&sum, at)?;
                self.absolute_value(&root, at)
            }
            (2, None) | (2, Some(2.0)) => Err(not_implemented(
                "the matrix 2-norm (it needs eigenvalues)",
                at,
            )),
            (2, Some(_)) => Err(failed("Unsupported parameter value", at)),
            _ => Err(failed(
                "Unsupported dimension (only 1 and 2 dimensional norms are supported)",
                at,
            )),
        }
    }

    /// A uniform draw from [0, 1): splitmix64, seeded once per evaluation from the standard
    /// library's per-process random hasher keys (math.js's `randomSeed` is null: draws are not
    /// reproducible, as in math.js).
    fn next_random(&mut self) -> f64 {
        use std::hash::{BuildHasher, Hasher};
        if self.random_state == 0 {
            let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
            hasher.write_u64(self.elements_built);
            self.random_state = hasher.finish() | 1;
        }
        self.random_state = self.random_state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.random_state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }

    /// `random([size][, min][, max])` and `randomInt(...)`: uniform numbers in [min, max)
    /// (default [0, 1), or [0, max) with one bound), integers for `randomInt`; a size gives a
    /// matrix of them, counted against the build limit first.
    fn random_values(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let (shape, bounds) = match values.first() {
            Some(Value::Matrix(m)) => (Some(sizes(&[Value::Matrix(m.clone())], at)?), &values[1..]),
            _ => (None, values),
        };
        let mut numbers = Vec::with_capacity(bounds.len());
        for bound in bounds {
            numbers.push(self.to_number(bound, at)?);
        }
        let (low, high) = match numbers.as_slice() {
            [] => (0.0, if name == "randomInt" { 2.0 } else { 1.0 }),
            [max] => (0.0, *max),
            [min, max] => (*min, *max),
            _ => {
                return Err(failed(
                    format!("{name}() takes at most a size, a minimum and a maximum"),
                    at,
                ));
            }
        };
        let integer = name == "randomInt";
        let draw = |this: &mut Self| {
            let x = low + this.next_random() * (high - low);
            Value::Number(if integer { x.floor() } else { x })
        };
        match shape {
            None => {
                self.charge(1)?;
                Ok(draw(self))
            }
            Some(shape) => {
                // An empty size is the empty matrix, as math.js builds it.
                let shape = if shape.is_empty() { vec![0] } else { shape };
                self.build_shape(name, &shape, at)?;
                let total: usize = shape.iter().product();
                let data = (0..total).map(|_| draw(self)).collect();
                Ok(Value::matrix(Matrix::new(shape, data)))
            }
        }
    }

    /// `pickRandom(A[, n])`: one element of A at random, or a vector of n drawn with
    /// replacement.
    fn pick_random(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                "Unexpected type of argument in function pickRandom (expected: Array or Matrix)",
                at,
            ));
        };
        if m.data.is_empty() {
            return Err(failed("pickRandom() needs a non-empty array", at));
        }
        let pick = |this: &mut Self| {
            let i = ((this.next_random() * m.data.len() as f64) as usize).min(m.data.len() - 1);
            m.data[i].clone()
        };
        match values.get(1) {
            None => {
                self.charge(1)?;
                Ok(pick(self))
            }
            Some(n) => {
                let n = whole_number(n, at)?;
                if !(0.0..=MAX_BUILD as f64).contains(&n) {
                    return Err(build_limit(
                        "pickRandom",
                        (n >= 0.0).then_some(n as u64),
                        at,
                    ));
                }
                self.build("pickRandom", n as u64, at)?;
                let data = (0..n as usize).map(|_| pick(self)).collect();
                Ok(Value::matrix(Matrix::vector(data)))
            }
        }
    }

    /// math.js `nthRoots(a[, n])`: the n complex n-th roots of a, in math.js's order (angle
    /// (arg a + 2πk)/n), exact where a root lies on an axis; an Array of Complex values.
    fn nth_roots(&mut self, values: &[Value], at: usize) -> Evaluated {
        use crate::num::complex::Complex;
        let a = match &values[0] {
            Value::Complex(z) => *z,
            other => Complex::from_real(self.to_number(other, at)?),
        };
        let root = match values.get(1) {
            Some(n) => self.to_number(n, at)?,
            None => 2.0,
        };
        if root < 0.0 {
            return Err(failed("Root must be greater than zero", at));
        }
        if root == 0.0 {
            return Err(failed("Root must be non-zero", at));
        }
        if root.fract() != 0.0 {
            return Err(failed("Root must be an integer", at));
        }
        if root > MAX_BUILD as f64 {
            return Err(build_limit(
                "nthRoots",
                (root.is_finite()).then_some(root as u64),
                at,
            ));
        }
        if a.abs() == 0.0 {
            return Ok(Value::matrix(
                Matrix::vector(vec![Value::Complex(Complex::ZERO)]).into_array(),
            ));
        }
        self.build("nthRoots", root as u64, at)?;
        // On an axis, the offset in quarter turns; off the axes math.js's offset is undefined,
        // and no root is taken as exact.
        let offset = if a.im == 0.0 {
            Some(if a.re < 0.0 { 2.0 } else { 0.0 })
        } else if a.re == 0.0 {
            Some(if a.im < 0.0 { 3.0 } else { 1.0 })
        } else {
            None
        };
        let (arg, r) = (a.arg(), crate::num::jsmath::pow(a.abs(), 1.0 / root));
        let mut roots = Vec::with_capacity(root as usize);
        for k in 0..root as u64 {
            let k = k as f64;
            let exact = offset
                .map(|o| (o + 4.0 * k) / root)
                .filter(|q| q.fract() == 0.0);
            let z = match exact.map(|q| q % 4.0) {
                Some(0.0) => Complex::new(r, 0.0),
                Some(1.0) => Complex::new(0.0, r),
                Some(2.0) => Complex::new(-r, 0.0),
                Some(_) => Complex::new(0.0, -r),
                None => {
                    let phi = (arg + 2.0 * std::f64::consts::PI * k) / root;
                    Complex::new(
                        r * crate::num::jsmath::cos(phi),
                        r * crate::num::jsmath::sin(phi),
                    )
                }
            };
            roots.push(Value::Complex(z));
        }
        Ok(Value::matrix(Matrix::vector(roots).into_array()))
    }

    /// math.js `abs` of a value (a number's, a Fraction's, a Complex modulus).
    fn absolute_value(&mut self, value: &Value, at: usize) -> Evaluated {
        let row = crate::functions::builtin("abs").ok_or_else(|| not_implemented("abs()", at))?;
        self.call_builtin(row, "abs", vec![value.clone()], at)
    }

    /// math.js `deepEqual`: the same shape and every element `equal`.
    fn deep_equal(&mut self, x: &Value, y: &Value, at: usize) -> Result<bool, CalculateError> {
        match (x, y) {
            (Value::Matrix(a), Value::Matrix(b)) => {
                if a.shape != b.shape {
                    return Ok(false);
                }
                for (p, q) in a.data.iter().zip(&b.data) {
                    if !self.deep_equal(p, q, at)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            (Value::Matrix(_), _) | (_, Value::Matrix(_)) => Ok(false),
            _ => match self.binary(Op::Equal, x, y, false, (at, at), at)? {
                Value::Boolean(b) => Ok(b),
                _ => Ok(false),
            },
        }
    }

    /// `matrix()`, `matrix(format)`, `matrix(format, datatype)`, `matrix(A)`,
    /// `matrix(A, format)` and `matrix(A, format, datatype)`, math.js's signatures: the format
    /// is "dense" (or "default", or none) or "sparse"; a sparse datatype is checked as
    /// [`check_sparse_datatype`] says, a dense one is kept by math.js unchecked and changes
    /// nothing here either. A boolean where a string goes is the string JavaScript makes of it.
    fn matrix_function(&mut self, values: &[Value], at: usize) -> Evaluated {
        const STRING: &str = "string or boolean";
        let (data, format, datatype) = match values {
            [] => (None, None, None),
            [Value::Matrix(_) | Value::Sparse(_)] => (values.first(), None, None),
            [first, rest @ ..] => {
                let data = match first {
                    Value::Matrix(_) | Value::Sparse(_) => Some(first),
                    // Three arguments need data first; after a format (a string or a boolean)
                    // they are one too many, and anything else is the wrong type of data.
                    Value::Str(_) | Value::Boolean(_) if rest.len() == 2 => {
                        return Err(failed(
                            "matrix() takes 0 to 2 argument(s) when the first is a format, got 3",
                            at,
                        ));
                    }
                    _ if rest.len() == 2 => {
                        return Err(argument_type(
                            "matrix",
                            "string or Array or Matrix or boolean",
                            first,
                            0,
                            at,
                        ));
                    }
                    _ => None,
                };
                let strings_from = usize::from(data.is_some());
                let mut strings = Vec::with_capacity(2);
                for (index, value) in values.iter().enumerate().skip(strings_from) {
                    let expected = if index == 0 {
                        "string or Array or Matrix or boolean"
                    } else {
                        STRING
                    };
                    strings.push(string_argument("matrix", expected, value, index, at)?);
                }
                let mut strings = strings.into_iter();
                (data, strings.next(), strings.next())
            }
        };
        match format.as_deref() {
            None | Some("dense" | "default") => match data {
                None => Ok(Value::matrix(Matrix::vector(Vec::new()))),
                Some(Value::Sparse(m)) if format.is_some() => Ok(Value::matrix(m.to_dense())),
                Some(Value::Sparse(m)) => Ok(Value::Sparse(Rc::clone(m))),
                Some(Value::Matrix(m)) => Ok(Value::matrix(Matrix {
                    array: false,
                    ..Matrix::clone(m)
                })),
                Some(other) => Err(argument_type("matrix", "Array or Matrix", other, 0, at)),
            },
            Some("sparse") => {
                if let Some(datatype) = &datatype
                    && !matches!(data, Some(Value::Sparse(_)))
                {
                    check_sparse_datatype(datatype, at)?;
                }
                self.sparse(data, at)
            }
            Some(other) => Err(failed(format!("Unknown matrix type \"{other}\"."), at)),
        }
    }

    /// `sparse()`, `sparse(datatype)`, `sparse(A)` and `sparse(A, datatype)`: see
    /// [`Evaluator::sparse`] and [`check_sparse_datatype`].
    fn sparse_constructor(&mut self, values: &[Value], at: usize) -> Evaluated {
        let (data, datatype) = match values {
            [] => (None, None),
            [data @ (Value::Matrix(_) | Value::Sparse(_)), rest @ ..] => {
                let datatype = rest
                    .first()
                    .map(|d| string_argument("sparse", "string or boolean", d, 1, at))
                    .transpose()?;
                (Some(data), datatype)
            }
            [Value::Str(_) | Value::Boolean(_)] => {
                let datatype = string_argument("sparse", "string", &values[0], 0, at)?;
                (None, Some(datatype))
            }
            [other, ..] => {
                return Err(argument_type(
                    "sparse",
                    "string or Array or Matrix or boolean",
                    other,
                    0,
                    at,
                ));
            }
        };
        if let Some(datatype) = &datatype
            && !matches!(data, Some(Value::Sparse(_)))
        {
            check_sparse_datatype(datatype, at)?;
        }
        self.sparse(data, at)
    }

    /// `sparse(A)`: a two-dimensional sparse matrix (a vector becomes one column); no argument or
    /// `[]` gives the empty 0×0 one. Entries must be numbers, booleans, Fractions or Complex.
    pub(crate) fn sparse(&mut self, data: Option<&Value>, at: usize) -> Evaluated {
        let matrix = match data {
            None => Matrix::new(vec![0, 0], Vec::new()),
            Some(Value::Sparse(m)) => return Ok(Value::Sparse(Rc::clone(m))),
            Some(Value::Matrix(m)) => match m.shape.as_slice() {
                [0] => Matrix::new(vec![0, 0], Vec::new()),
                [n] => Matrix::new(vec![*n, 1], m.data.clone()),
                [_, _] => Matrix {
                    array: false,
                    ..Matrix::clone(m)
                },
                shape => {
                    return Err(failed(
                        format!(
                            "SparseMatrix only supports two dimensions (size: {})",
                            matrix::show_shape(shape)
                        ),
                        at,
                    ));
                }
            },
            Some(other) => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function sparse (expected: string or Array or Matrix or boolean, actual: {}, index: 0)",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        for value in &matrix.data {
            match value {
                Value::Number(_) | Value::Boolean(_) | Value::Fraction(_) | Value::Complex(_) => {}
                other => {
                    crate::functions::to_number(other)
                        .map_err(|e| crate::error::function_error(e, "sparse", at))?;
                }
            }
        }
        // Its columns are stored one by one (math.js keeps a pointer per column too), so an
        // empty matrix with a huge dimension (`zeros(0, 2^53)`) is a huge build.
        let widest = matrix.shape.iter().map(|&n| n as u64).max().unwrap_or(0);
        self.build("sparse", (matrix.data.len() as u64).max(widest), at)?;
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_dense(matrix))))
    }

    /// `map(A, f)` (a matrix of the results) and `forEach(A, f)` (undefined), calling f on each
    /// element in row-major order.
    fn map_callback(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let (Value::Matrix(m), Value::Function(f)) = (&values[0], &values[1]) else {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function {name} (expected: Array or Matrix, and a function)"
                ),
                at,
            ));
        };
        self.build(name, m.data.len() as u64, at)?;
        let mut out = Vec::with_capacity(m.data.len());
        // The index is an argument only of a callback that takes two parameters or more.
        let wants_index = matches!(f, Function::User(u) if u.params.len() >= 2);
        let strides = if wants_index { m.strides() } else { Vec::new() };
        if let Function::User(u) = f
            && u.params.len() == 1
        {
            // One argument per call: the calls share their argument frame when they can.
            let mut spare = None;
            for value in m.data.iter() {
                out.push(self.call_one_parameter(u, "callback", value.clone(), &mut spare, at)?);
            }
            return Ok(if name == "forEach" {
                Value::Undefined
            } else {
                Value::matrix(Matrix {
                    shape: m.shape.clone(),
                    data: out,
                    array: m.array,
                })
            });
        }
        for (offset, value) in m.data.iter().enumerate() {
            let index: Vec<usize> = if wants_index {
                strides
                    .iter()
                    .zip(&m.shape)
                    .map(|(stride, size)| (offset / stride) % size)
                    .collect()
            } else {
                Vec::new()
            };
            let args = Self::callback_arguments(f, value, &index, m);
            out.push(self.call_function(f, "callback", args, at)?);
        }
        if name == "forEach" {
            return Ok(Value::Undefined);
        }
        Ok(Value::matrix(Matrix {
            shape: m.shape.clone(),
            data: out,
            array: m.array,
        }))
    }

    /// `filter(A, test)`: the elements of a vector for which the test is true.
    fn filter(&mut self, values: &[Value], at: usize) -> Evaluated {
        let (Value::Matrix(m), Value::Function(f)) = (&values[0], &values[1]) else {
            return Err(mismatch(
                "Unexpected type of argument in function filter (expected: Array or Matrix, and a function)",
                at,
            ));
        };
        if m.rank() != 1 {
            return Err(failed("Only one dimensional matrices supported", at));
        }
        self.build("filter", m.data.len() as u64, at)?;
        let mut kept = Vec::new();
        for (i, value) in m.data.iter().enumerate() {
            let args = Self::callback_arguments(f, value, &[i], m);
            if js_truthy(&self.call_function(f, "callback", args, at)?) {
                kept.push(value.clone());
            }
        }
        Ok(Value::matrix(Matrix {
            shape: vec![kept.len()],
            data: kept,
            array: m.array,
        }))
    }
}

/// JavaScript's truthiness, which math.js's `filter` applies to its callback's result: a
/// number other than 0 and NaN, a non-empty string, `true`, a bigint other than 0, and every
/// object (a BigNumber, Fraction or Complex zero too, a matrix, a function).
fn js_truthy(value: &Value) -> bool {
    match value {
        Value::Boolean(b) => *b,
        Value::Number(x) => *x != 0.0 && !x.is_nan(),
        Value::Str(text) => !text.is_empty(),
        Value::Null | Value::Undefined => false,
        Value::BigInt(n) => *n != std::rc::Rc::new(dashu_int::IBig::ZERO),
        _ => true,
    }
}

/// math.js `fraction(x)`, `fraction(n, d)` and `fraction("n/d")`: a float by fraction.js's
/// conversion (`fraction(0.1)` = 1/10), two integers as numerator and denominator (a zero
/// denominator is undefined_result at once, spec 5.3), a string as a fraction or a decimal.
fn fraction_of(values: &[Value], at: usize) -> Evaluated {
    use crate::num::fraction;
    use dashu_ratio::RBig;
    let one = |value: &Value| -> Result<RBig, CalculateError> {
        match value {
            Value::Fraction(f) => Ok(dashu_ratio::RBig::clone(f)),
            Value::Boolean(b) => Ok(RBig::from(u8::from(*b))),
            Value::BigInt(n) => Ok(RBig::from(dashu_int::IBig::clone(n))),
            // fraction.js reads the BigNumber's text, which it cannot when decimal.js writes
            // an exponent.
            Value::Big(x) => {
                crate::num::bignum::to_fraction(x).ok_or_else(|| failed("Invalid argument", at))
            }
            Value::Number(x) => fraction::from_f64(*x).ok_or_else(|| {
                failed(
                    format!(
                        "{} cannot be represented as a fraction",
                        crate::num::format::format_number(*x, None)
                    ),
                    at,
                )
            }),
            // fraction.js's forms (`"1/3"`, `"1 1/2"`, `"0.(3)"`); a zero denominator is an exact
            // division by zero (spec 9.3 rule 6), where math.js says `Division by Zero`.
            Value::Str(text) => fraction::parse_text(text).map_err(|error| match error {
                fraction::TextError::Invalid => failed("Invalid argument", at),
                fraction::TextError::DivisionByZero => crate::error::undefined_result().at(at),
            }),
            other => Err(mismatch(
                format!(
                    "Unexpected type of argument in function fraction (actual: {})",
                    other.type_name()
                ),
                at,
            )),
        }
    };
    match values {
        [x] => one(x).map(Value::fraction),
        [n, d] => {
            let (n, d) = (one(n)?, one(d)?);
            if !n.is_int() || !d.is_int() {
                return Err(failed("Parameters must be integer", at));
            }
            fraction::div(&n, &d)
                .map(Value::fraction)
                .map_err(|_| crate::error::undefined_result().at(at))
        }
        _ => Err(failed("fraction() takes one or two arguments", at)),
    }
}

/// `help(name)` or `help(f)`: a help value (refused as a result by step 10b; the reference is the
/// calculator://help resource).
fn help(subject: &Value, at: usize) -> Evaluated {
    let name = match subject {
        Value::Str(name) => name.clone(),
        Value::Function(Function::Builtin(name)) => (*name).to_owned().into(),
        Value::Function(Function::User(f)) => f.name.clone().into(),
        other => other.type_name().to_owned().into(),
    };
    if crate::functions::builtin(&name).is_some()
        || crate::syntax::names::is_catalogue_function(&name)
        || crate::syntax::names::is_constant(&name)
    {
        Ok(Value::Help(name.to_string()))
    } else {
        Err(failed(format!("No documentation found on \"{name}\""), at))
    }
}

/// `typed(signatures)`: a function built from functions given by signature (a function result,
/// refused by step 10a); without signatures, refused as math.js refuses it.
fn typed(values: &[Value], at: usize) -> Evaluated {
    let found = values.iter().find_map(|v| match v {
        Value::Function(f) => Some(f.clone()),
        Value::Object(entries) => entries.iter().find_map(|(_, v)| match v {
            Value::Function(f) => Some(f.clone()),
            _ => None,
        }),
        _ => None,
    });
    found
        .map(Value::Function)
        .ok_or_else(|| failed("No signatures provided", at))
}

/// math.js `getMatrixDataType`: the elements' common type, `mixed`, or undefined when empty.
fn matrix_data_type(value: &Value) -> Value {
    let Value::Matrix(m) = value else {
        return Value::Undefined;
    };
    let mut kinds = m.data.iter().map(Value::type_name);
    match kinds.next() {
        None => Value::Undefined,
        Some(first) if kinds.all(|k| k == first) => Value::Str(first.to_owned().into()),
        Some(_) => Value::Str("mixed".into()),
    }
}

impl Evaluator {
    /// `partitionSelect(A, k[, "asc"|"desc"])`: the k-th smallest (0-based), or largest.
    fn partition_select(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                "Unexpected type of argument in function partitionSelect (expected: Array or Matrix)",
                at,
            ));
        };
        let k = whole_number(&values[1], at)?;
        if k < 0.0 || k >= m.data.len() as f64 {
            return Err(failed("k out of bounds", at));
        }
        let mut order = vec![Value::matrix(Matrix::vector(m.data.clone()))];
        order.extend(values.get(2).cloned());
        match self.sort(&order, at)? {
            Value::Matrix(sorted) => Ok(sorted.data[k as usize].clone()),
            _ => Err(failed("k out of bounds", at)),
        }
    }

    /// `resize(A, size[, default])`: A cut to the new size, or padded with 0 (or the default);
    /// an element keeps its index in every dimension the old matrix has.
    fn resize(&mut self, values: &[Value], at: usize) -> Evaluated {
        let (m, array) = match &values[0] {
            Value::Matrix(m) => (Matrix::clone(m), m.array),
            other => (Matrix::vector(vec![other.clone()]), false),
        };
        let shape = sizes(&values[1..2], at)?;
        if shape.is_empty() {
            // No dimensions left: math.js returns the first element (or the default).
            return Ok(m
                .data
                .first()
                .cloned()
                .or_else(|| values.get(2).cloned())
                .unwrap_or(Value::Number(0.0)));
        }
        self.build_shape("resize", &shape, at)?;
        let fill = values.get(2).cloned().unwrap_or(Value::Number(0.0));
        let old_strides = m.strides();
        let new_strides = matrix::strides(&shape);
        let total: usize = shape.iter().product();
        let mut data = Vec::with_capacity(total);
        for offset in 0..total {
            let mut source = Some(0usize);
            for (d, (stride, size)) in new_strides.iter().zip(&shape).enumerate() {
                let i = (offset / stride) % size;
                // A dimension the old matrix lacks holds it only at index 0.
                source = match (source, m.shape.get(d)) {
                    (Some(s), Some(&old)) if i < old => Some(s + i * old_strides[d]),
                    (Some(s), None) if i == 0 => Some(s),
                    _ => None,
                };
            }
            // Dimensions the new size drops keep their first index.
            data.push(match source {
                Some(s) if s < m.data.len() => m.data[s].clone(),
                _ => fill.clone(),
            });
        }
        Ok(Value::matrix(Matrix { shape, data, array }))
    }
}

/// math.js's `compareNatural`: numeric values (number, BigNumber, Fraction, bigint) by value,
/// equal ones by the name of their type, and a NaN on either side as less (math.js's `compare`
/// answers -1 or NaN there, which it reads as less); matrices and arrays element by element
/// (see [`natural_matrices`]); values of different types by the name of their type
/// (`"BigNumber" < "Complex" < "boolean" < "null" < "number" < "string"`, as JavaScript compares
/// the names); strings in natural order (digit runs compared as numbers); booleans, complex
/// numbers (real part, then imaginary) by value; objects by their sorted keys, then by their
/// values in that order; `null` and `undefined` equal to themselves.
fn natural_order(x: &Value, y: &Value, at: usize) -> Result<Ordering, CalculateError> {
    natural(Natural::Value(x), Natural::Value(y), at)
}

/// What [`natural`] compares: a value, or a row of a dense matrix below its top level (a
/// JavaScript array in math.js's `toJSON().data`, whose type is `Array`).
#[derive(Clone, Copy)]
enum Natural<'a> {
    /// A value; a matrix among them is compared as its nested arrays.
    Value(&'a Value),
    /// The elements `data` of a row of shape `shape` (row-major, as a matrix's).
    Row {
        /// The row's dimensions.
        shape: &'a [usize],
        /// Its elements.
        data: &'a [Value],
    },
}

impl<'a> Natural<'a> {
    /// math.js's `typeOf` of the compared value.
    fn type_name(self) -> &'static str {
        match self {
            Natural::Value(v) => v.type_name(),
            Natural::Row { .. } => "Array",
        }
    }

    /// Whether math.js compares it as a matrix: an array, a dense or a sparse matrix.
    fn is_matrix(self) -> bool {
        matches!(
            self,
            Natural::Row { .. } | Natural::Value(Value::Matrix(_) | Value::Sparse(_))
        )
    }

    /// The items of a dense array of `shape` holding `data`: its elements, or its rows.
    fn items_of(shape: &'a [usize], data: &'a [Value]) -> Vec<Natural<'a>> {
        match shape {
            [] | [_] => data.iter().map(Natural::Value).collect(),
            [count, inner @ ..] => {
                let size: usize = inner.iter().product();
                (0..*count)
                    .map(|i| Natural::Row {
                        shape: inner,
                        data: data.get(i * size..(i + 1) * size).unwrap_or(&[]),
                    })
                    .collect()
            }
        }
    }
}

/// [`natural_order`] of two compared items.
fn natural(x: Natural, y: Natural, at: usize) -> Result<Ordering, CalculateError> {
    if x.is_matrix() || y.is_matrix() {
        let order = natural_matrices(x, y, at)?;
        return Ok(order.then_with(|| x.type_name().cmp(y.type_name())));
    }
    let (Natural::Value(x), Natural::Value(y)) = (x, y) else {
        // A row is a matrix: handled above.
        return Ok(Ordering::Equal);
    };
    let numeric = |v: &Value| {
        matches!(
            v,
            Value::Number(_) | Value::Fraction(_) | Value::Big(_) | Value::BigInt(_)
        )
    };
    if numeric(x) && numeric(y) {
        if is_nan_value(x) || is_nan_value(y) {
            // math.js's `compare` answers -1 (number) or NaN (BigNumber) with a NaN on either
            // side, and compareNatural reads both as "less": NaN is never equal, either way.
            return Ok(Ordering::Less);
        }
        return Ok(if compare(Op::Smaller, x, y, at)? {
            Ordering::Less
        } else if compare(Op::Larger, x, y, at)? {
            Ordering::Greater
        } else {
            x.type_name().cmp(y.type_name())
        });
    }
    if x.type_name() != y.type_name() {
        return Ok(x.type_name().cmp(y.type_name()));
    }
    Ok(match (x, y) {
        (Value::Boolean(a), Value::Boolean(b)) => a.cmp(b),
        (Value::Str(a), Value::Str(b)) => natural_strings(a, b),
        (Value::Complex(a), Value::Complex(b)) => {
            let order = |p: f64, q: f64| {
                if p > q {
                    Ordering::Greater
                } else if p < q {
                    Ordering::Less
                } else {
                    Ordering::Equal
                }
            };
            order(a.re, b.re).then(order(a.im, b.im))
        }
        (Value::Object(a), Value::Object(b)) => natural_objects(a, b, at)?,
        (Value::Null, Value::Null) | (Value::Undefined, Value::Undefined) => Ordering::Equal,
        _ => {
            return Err(not_implemented(
                &format!("compareNatural of {} and {}", x.type_name(), y.type_name()),
                at,
            ));
        }
    })
}

/// math.js's `compareMatricesAndArrays`: two sparse matrices by their stored values in storage
/// order; otherwise a sparse matrix as its dense elements, a dense matrix as its nested arrays
/// and any other value as an array of itself, compared item by item ([`natural`]); when one is
/// the beginning of the other, the longer is the larger.
fn natural_matrices(x: Natural, y: Natural, at: usize) -> Result<Ordering, CalculateError> {
    if let (Natural::Value(Value::Sparse(a)), Natural::Value(Value::Sparse(b))) = (x, y) {
        let stored = |s: &SparseMatrix| -> Vec<Value> {
            s.stored().into_iter().map(|(_, _, v)| v.clone()).collect()
        };
        let (a, b) = (stored(a), stored(b));
        let (a, b): (Vec<Natural>, Vec<Natural>) = (
            a.iter().map(Natural::Value).collect(),
            b.iter().map(Natural::Value).collect(),
        );
        return natural_lists(&a, &b, at);
    }
    let dense = |n: Natural| match n {
        Natural::Value(Value::Sparse(s)) => Some(s.to_dense()),
        _ => None,
    };
    let (dense_x, dense_y) = (dense(x), dense(y));
    natural_lists(
        &natural_items(x, dense_x.as_ref()),
        &natural_items(y, dense_y.as_ref()),
        at,
    )
}

/// The items [`natural_matrices`] compares of `n` (`dense`: a sparse matrix's dense form).
fn natural_items<'a>(n: Natural<'a>, dense: Option<&'a Matrix>) -> Vec<Natural<'a>> {
    if let Some(m) = dense {
        return Natural::items_of(&m.shape, &m.data);
    }
    match n {
        Natural::Value(Value::Matrix(m)) => Natural::items_of(&m.shape, &m.data),
        Natural::Row { shape, data } => Natural::items_of(shape, data),
        other => vec![other],
    }
}

/// math.js's `compareArrays`: item by item until two differ, then by length.
fn natural_lists(xs: &[Natural], ys: &[Natural], at: usize) -> Result<Ordering, CalculateError> {
    for (x, y) in xs.iter().zip(ys) {
        let order = natural(*x, *y, at)?;
        if order.is_ne() {
            return Ok(order);
        }
    }
    Ok(xs.len().cmp(&ys.len()))
}

/// math.js's `compareObjects`: the keys, each sorted in natural order, compared as arrays of
/// strings; then the values, key by key in that order.
fn natural_objects(
    a: &[(String, Value)],
    b: &[(String, Value)],
    at: usize,
) -> Result<Ordering, CalculateError> {
    // Sorted as JavaScript's sort does (stable: "01" and "1" keep their order).
    let sorted = |entries: &[(String, Value)]| {
        js_sort(
            (0..entries.len()).collect(),
            &mut |&i: &usize, &j: &usize| natural_strings(&entries[i].0, &entries[j].0),
        )
    };
    let (ka, kb) = (sorted(a), sorted(b));
    for (&i, &j) in ka.iter().zip(&kb) {
        let order = natural_strings(&a[i].0, &b[j].0);
        if order.is_ne() {
            return Ok(order);
        }
    }
    let by_length = ka.len().cmp(&kb.len());
    if by_length.is_ne() {
        return Ok(by_length);
    }
    for (&i, &j) in ka.iter().zip(&kb) {
        let order = natural(Natural::Value(&a[i].1), Natural::Value(&b[j].1), at)?;
        if order.is_ne() {
            return Ok(order);
        }
    }
    Ok(Ordering::Equal)
}

/// Strings in natural order: runs of digits compare by their value, the rest by code unit.
fn natural_strings(a: &str, b: &str) -> std::cmp::Ordering {
    let chunks = |s: &str| -> Vec<(bool, String)> {
        let mut out: Vec<(bool, String)> = Vec::new();
        for c in s.chars() {
            let digit = c.is_ascii_digit();
            match out.last_mut() {
                Some((d, text)) if *d == digit => text.push(c),
                _ => out.push((digit, c.to_string())),
            }
        }
        out
    };
    let (ca, cb) = (chunks(a), chunks(b));
    for (x, y) in ca.iter().zip(&cb) {
        let ordering = match (x, y) {
            ((true, p), (true, q)) => {
                let (p, q) = (p.trim_start_matches('0'), q.trim_start_matches('0'));
                p.len().cmp(&q.len()).then_with(|| p.cmp(q))
            }
            ((_, p), (_, q)) => p.encode_utf16().cmp(q.encode_utf16()),
        };
        if ordering.is_ne() {
            return ordering;
        }
    }
    ca.len().cmp(&cb.len())
}

impl Evaluator {
    /// A set's elements (a collection's, flattened), sorted with `compareNatural` (a stable
    /// sort, as JavaScript's).
    fn sorted_set(
        &mut self,
        name: &str,
        value: &Value,
        at: usize,
    ) -> Result<Vec<Value>, CalculateError> {
        let Value::Matrix(m) = value else {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function {name} (expected: Array or Matrix, actual: {})",
                    value.type_name()
                ),
                at,
            ));
        };
        // Per element compared: an object or matrix among them compares element by element.
        self.charge(m.data.iter().map(matrix::leaves).sum::<usize>() as u64 * 8)?;
        // As math.js's `Array.prototype.sort`, and not the standard library's sort, which may
        // panic when `NaN` among the elements makes `compareNatural` no total order.
        let mut failure = None;
        let items = js_sort(m.data.clone(), &mut |x, y| {
            if failure.is_some() {
                return std::cmp::Ordering::Equal;
            }
            natural_order(x, y, at).unwrap_or_else(|e| {
                failure = Some(e);
                std::cmp::Ordering::Equal
            })
        });
        match failure {
            Some(e) => Err(e),
            None => Ok(items),
        }
    }

    /// math.js's set functions over multisets: elements sorted with `compareNatural`, equal
    /// elements told apart by their occurrence (the first 1, the second 1, ...).
    fn set_function(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let empty = |v: &Value| matches!(v, Value::Matrix(m) if m.shape.first() == Some(&0));
        let flat = |v: &Value| match v {
            Value::Matrix(m) => Value::matrix(Matrix {
                shape: vec![m.data.len()],
                data: m.data.clone(),
                array: m.array,
            }),
            other => other.clone(),
        };
        let vector = |data: Vec<Value>, array: bool| {
            Value::matrix(Matrix {
                shape: vec![data.len()],
                data,
                array,
            })
        };
        let plain = |vs: &[&Value]| vs.iter().all(|v| matches!(v, Value::Matrix(m) if m.array));
        match name {
            "setDifference" | "setIntersect" | "setIsSubset" => {
                let (a, b) = (&values[0], &values[1]);
                if name == "setIsSubset" {
                    if empty(a) {
                        return Ok(Value::Boolean(true));
                    }
                    if empty(b) {
                        return Ok(Value::Boolean(false));
                    }
                } else if empty(a) || (name == "setIntersect" && empty(b)) {
                    return Ok(vector(Vec::new(), plain(&[a, b])));
                } else if empty(b) {
                    return Ok(flat(a));
                }
                let (x, y) = (
                    identify(self.sorted_set(name, a, at)?),
                    identify(self.sorted_set(name, b, at)?),
                );
                self.charge((x.len() as u64).saturating_mul(y.len() as u64))?;
                let mut kept = Vec::new();
                for (value, id) in &x {
                    let mut found = false;
                    for (other, other_id) in &y {
                        if id == other_id && natural_order(value, other, at)?.is_eq() {
                            found = true;
                            break;
                        }
                    }
                    match name {
                        "setIsSubset" if !found => return Ok(Value::Boolean(false)),
                        "setDifference" if !found => kept.push(value.clone()),
                        "setIntersect" if found => kept.push(value.clone()),
                        _ => {}
                    }
                }
                if name == "setIsSubset" {
                    return Ok(Value::Boolean(true));
                }
                self.build(name, kept.len() as u64, at)?;
                Ok(vector(kept, plain(&[a, b])))
            }
            "setSymDifference" | "setUnion" => {
                let (a, b) = (&values[0], &values[1]);
                if empty(a) {
                    return Ok(flat(b));
                }
                if empty(b) {
                    return Ok(flat(a));
                }
                let (a, b) = (flat(a), flat(b));
                let parts = if name == "setSymDifference" {
                    [
                        self.set_function("setDifference", &[a.clone(), b.clone()], at)?,
                        self.set_function("setDifference", &[b, a], at)?,
                    ]
                } else {
                    [
                        self.set_function("setSymDifference", &[a.clone(), b.clone()], at)?,
                        self.set_function("setIntersect", &[a, b], at)?,
                    ]
                };
                self.concat(&parts, at)
            }
            "setDistinct" => {
                if empty(&values[0]) {
                    return Ok(vector(Vec::new(), plain(&[&values[0]])));
                }
                let sorted = self.sorted_set(name, &values[0], at)?;
                let mut distinct: Vec<Value> = Vec::new();
                for item in sorted {
                    let repeated = match distinct.last() {
                        Some(last) => natural_order(&item, last, at)?.is_eq(),
                        None => false,
                    };
                    if !repeated {
                        distinct.push(item);
                    }
                }
                Ok(vector(distinct, plain(&[&values[0]])))
            }
            "setSize" => {
                let Value::Matrix(m) = &values[0] else {
                    return Err(mismatch(
                        "Unexpected type of argument in function setSize (expected: Array or Matrix)",
                        at,
                    ));
                };
                let unique = matches!(values.get(1), Some(Value::Boolean(true)));
                if !unique || m.data.is_empty() {
                    return Ok(Value::Number(m.data.len() as f64));
                }
                let sorted = self.sorted_set(name, &values[0], at)?;
                let mut count = 1;
                for pair in sorted.windows(2) {
                    if !natural_order(&pair[1], &pair[0], at)?.is_eq() {
                        count += 1;
                    }
                }
                Ok(Value::Number(count as f64))
            }
            "setMultiplicity" => {
                let Value::Matrix(m) = &values[1] else {
                    return Err(mismatch(
                        "Unexpected type of argument in function setMultiplicity (expected: Array or Matrix)",
                        at,
                    ));
                };
                self.charge(m.data.len() as u64)?;
                let mut count = 0;
                for item in &m.data {
                    if natural_order(item, &values[0], at)?.is_eq() {
                        count += 1;
                    }
                }
                Ok(Value::Number(f64::from(count)))
            }
            "setCartesian" => {
                let (a, b) = (&values[0], &values[1]);
                let array = plain(&[a, b]);
                if empty(a) || empty(b) {
                    return Ok(vector(Vec::new(), array));
                }
                let (x, y) = (self.sorted_set(name, a, at)?, self.sorted_set(name, b, at)?);
                let count = (x.len() as u64).saturating_mul(y.len() as u64);
                if count > MAX_BUILD / 2 {
                    return Err(build_limit(name, Some(count.saturating_mul(2)), at));
                }
                self.build(name, count * 2, at)?;
                let mut data = Vec::with_capacity(count as usize * 2);
                for p in &x {
                    for q in &y {
                        data.push(p.clone());
                        data.push(q.clone());
                    }
                }
                Ok(Value::matrix(Matrix {
                    shape: vec![count as usize, 2],
                    data,
                    array,
                }))
            }
            "setPowerset" => {
                if empty(&values[0]) {
                    return Ok(vector(Vec::new(), true));
                }
                let sorted = self.sorted_set(name, &values[0], at)?;
                // 2^n subsets: refused before building when they cannot fit.
                let n = sorted.len();
                if n > 20 {
                    return Err(build_limit(name, None, at));
                }
                let subsets = 1usize << n;
                self.build(name, (subsets * n / 2 + subsets) as u64, at)?;
                let mut all: Vec<Vec<Value>> = (0..subsets)
                    .map(|bits| {
                        (0..n)
                            .filter(|i| bits >> i & 1 == 1)
                            .map(|i| sorted[i].clone())
                            .collect()
                    })
                    .collect();
                // math.js orders them by size with a bubble sort (stable).
                all.sort_by_key(Vec::len);
                let data = all.into_iter().map(|s| vector(s, true)).collect();
                Ok(vector(data, true))
            }
            _ => Err(not_implemented(&format!("{name}()"), at)),
        }
    }
}

/// Elements tagged with their occurrence among equal neighbours (math.js `identify`, which
/// compares with JavaScript's `===`).
fn identify(items: Vec<Value>) -> Vec<(Value, usize)> {
    let mut out: Vec<(Value, usize)> = Vec::with_capacity(items.len());
    for item in items {
        let id = match out.last() {
            Some((previous, id)) if strictly_equal(previous, &item) => id + 1,
            _ => 0,
        };
        out.push((item, id));
    }
    out
}

/// JavaScript's `===` on the primitive values (NaN is not equal to itself; objects never are).
fn strictly_equal(x: &Value, y: &Value) -> bool {
    match (x, y) {
        (Value::Number(a), Value::Number(b)) => a == b,
        (Value::Str(a), Value::Str(b)) => a == b,
        (Value::Boolean(a), Value::Boolean(b)) => a == b,
        _ => false,
    }
}

/// math.js `bignumber(x)`: a number by its shortest decimal form (any number of digits: the
/// conversion is explicit), a numeric string exactly, a Fraction to 64 digits, a boolean as 0 or
/// 1; no argument is 0.
fn bignumber_of(value: Option<&Value>, at: usize) -> Evaluated {
    use crate::num::bignum::{self, Big};
    let big = match value {
        None => Big::from_i64(0),
        Some(Value::Big(x)) => x.clone(),
        Some(Value::Number(x)) => bignum::from_f64(*x),
        Some(Value::Boolean(b)) => Big::from_i64(i64::from(*b)),
        Some(Value::BigInt(n)) => Big::from_ibig(dashu_int::IBig::clone(n)),
        Some(Value::Fraction(f)) => bignum::div(
            &Big::from_ibig(f.numerator().clone()),
            &Big::from_ibig(dashu_int::IBig::from(f.denominator().clone())),
        ),
        Some(Value::Str(text)) => {
            // decimal.js refuses surrounding whitespace, as math.js passes the string on.
            let text = text.as_str();
            let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text).as_bytes();
            if crate::num::literal::find_prefixed(text, b'i').is_some()
                || matches!(
                    unsigned,
                    [b'0', b'x' | b'X' | b'b' | b'B' | b'o' | b'O', ..]
                )
            {
                return bignum::parse_prefixed(&bignum::without_digit_separators(text))
                    .map(Value::Big)
                    .map_err(|message| failed(message, at));
            }
            // decimal.js names the text after its sign.
            let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
            bignum::parse_decimal_text(text)
                .ok_or_else(|| failed(format!("[DecimalError] Invalid argument: {unsigned}"), at))?
        }
        Some(other) => {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function bignumber (actual: {})",
                    other.type_name()
                ),
                at,
            ));
        }
    };
    Ok(Value::Big(big))
}

/// The statistic a name is an alias of, for messages.
fn canonical_statistic(name: &str) -> &str {
    match name {
        "average" | "avg" => "mean",
        "stdev" | "stddev" => "std",
        other => other,
    }
}

/// An identity matrix of numbers.
fn identity(rows: usize, cols: usize) -> Matrix {
    let mut data = vec![Value::Number(0.0); rows * cols];
    for i in 0..rows.min(cols) {
        data[i * cols + i] = Value::Number(1.0);
    }
    Matrix::new(vec![rows, cols], data)
}

/// A whole number argument (a size, a dimension, an index): numbers, and whole Fractions
/// (section 5.3).
fn whole_number(value: &Value, at: usize) -> Result<f64, CalculateError> {
    let x = match value {
        Value::Number(x) => *x,
        Value::Fraction(f) if f.is_int() => crate::num::fraction::to_f64(f),
        Value::Big(x) => crate::num::bignum::to_f64(x),
        Value::BigInt(n) => crate::eval::bigint::to_f64(n),
        Value::Fraction(f) => {
            return Err(failed(
                format!(
                    "{} is not a whole number: sizes, dimensions and indexes need whole-number values",
                    crate::num::fraction::format(f)
                ),
                at,
            ));
        }
        Value::Boolean(b) => f64::from(u8::from(*b)),
        other => {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument (expected: number, actual: {})",
                    other.type_name()
                ),
                at,
            ));
        }
    };
    if x.fract() != 0.0 || !x.is_finite() {
        return Err(failed(
            format!(
                "Integer expected (value: {})",
                crate::num::format::format_number(x, None)
            ),
            at,
        ));
    }
    Ok(x)
}

/// Sizes given as arguments (`zeros(2, 3)`) or as one list (`zeros([2, 3])`).
fn sizes(values: &[Value], at: usize) -> Result<Vec<usize>, CalculateError> {
    let list: &[Value] = match values {
        [Value::Matrix(m)] if m.rank() > 1 => {
            return Err(failed(
                format!(
                    "Invalid size, must contain positive integers (size: {})",
                    values[0].format(None)
                ),
                at,
            ));
        }
        [Value::Matrix(m)] => &m.data,
        _ => values,
    };
    list.iter()
        .map(|v| {
            let x = whole_number(v, at)?;
            if x < 0.0 {
                return Err(failed(
                    format!(
                        "Parameters in function size must be positive integers (value: {})",
                        crate::num::format::format_number(x, None)
                    ),
                    at,
                ));
            }
            dimension_length(x, at)
        })
        .collect()
}

/// What the per-call build limit counts for a matrix of `shape`: its elements, or, when a later
/// dimension is 0, the rows before it, whichever level is widest. `[10^9, 0]` holds no element,
/// but math.js builds 10^9 empty arrays for it, and every function that walks its rows (a norm,
/// a distance, a format) would make a slot for each. `None`: past 2^64.
pub(crate) fn build_count(shape: &[usize]) -> Option<u64> {
    let mut level = 1u64;
    let mut widest = 0u64;
    for &n in shape {
        level = level.checked_mul(n as u64)?;
        widest = widest.max(level);
    }
    Some(if shape.is_empty() { level } else { widest })
}

/// The largest length of a dimension: JavaScript's largest array length, 2^32 − 1.
const MAX_DIMENSION: f64 = u32::MAX as f64;

/// A whole, non-negative size as a dimension's length; a length no JavaScript array can have is
/// refused (math.js answers "Invalid array length" once it builds one; reckon refuses even a
/// dimension an empty matrix never builds, `zeros(0, 2^32)`, rather than answer a size it
/// cannot hold).
pub(crate) fn dimension_length(x: f64, at: usize) -> Result<usize, CalculateError> {
    if x > MAX_DIMENSION {
        return Err(CalculateError::new(
            Reason::ResultTooLarge,
            format!(
                "Size limit exceeded: a dimension of {} is over the largest array length, 4,294,967,295.",
                crate::num::format::format_number(x, None)
            ),
        )
        .at(at));
    }
    Ok(x as usize)
}

fn count(value: &Value, at: usize) -> Evaluated {
    match value {
        Value::Matrix(m) => Ok(Value::Number(m.data.len() as f64)),
        Value::Str(s) => Ok(Value::Number(s.encode_utf16().count() as f64)),
        other => Err(mismatch(
            format!(
                "Unexpected type of argument in function count (expected: string or Array or Matrix, actual: {}, index: 0)",
                other.type_name()
            ),
            at,
        )),
    }
}

fn size(value: &Value) -> Value {
    let shape: Vec<usize> = match value {
        Value::Matrix(m) => m.shape.clone(),
        Value::Sparse(m) => m.shape.clone(),
        Value::Str(s) => vec![s.encode_utf16().count()],
        _ => Vec::new(),
    };
    Value::matrix(
        Matrix::vector(shape.into_iter().map(|n| Value::Number(n as f64)).collect()).into_array(),
    )
}

fn squeeze(value: &Value) -> Value {
    let Value::Matrix(m) = value else {
        return value.clone();
    };
    let shape: Vec<usize> = m.shape.iter().copied().filter(|&n| n != 1).collect();
    if shape.is_empty() && m.data.len() == 1 {
        return m.data[0].clone();
    }
    let shape = if shape.is_empty() {
        vec![m.data.len()]
    } else {
        shape
    };
    Value::matrix(Matrix {
        shape,
        data: m.data.clone(),
        array: m.array,
    })
}

/// A string argument of `name` (a format or a datatype): a string, or a boolean as the string
/// JavaScript makes of it (math.js converts one so); any other value is refused as math.js's
/// typed functions refuse it, naming `expected`.
fn string_argument(
    name: &str,
    expected: &str,
    value: &Value,
    index: usize,
    at: usize,
) -> Result<String, CalculateError> {
    match value {
        Value::Str(text) => Ok(text.to_string()),
        Value::Boolean(b) => Ok(b.to_string()),
        other => Err(argument_type(name, expected, other, index, at)),
    }
}

/// math.js's refusal of an argument of the wrong type.
fn argument_type(
    name: &str,
    expected: &str,
    value: &Value,
    index: usize,
    at: usize,
) -> CalculateError {
    mismatch(
        format!(
            "Unexpected type of argument in function {name} (expected: {expected}, actual: {}, index: {index})",
            value.type_name()
        ),
        at,
    )
}

/// The type names math.js's typed functions know, as a sparse matrix's datatype may name them.
const TYPE_NAMES: [&str; 42] = [
    "number",
    "Complex",
    "BigNumber",
    "bigint",
    "Fraction",
    "Unit",
    "identifier",
    "string",
    "Chain",
    "Array",
    "Matrix",
    "DenseMatrix",
    "SparseMatrix",
    "Range",
    "Index",
    "boolean",
    "ResultSet",
    "Help",
    "function",
    "Date",
    "RegExp",
    "null",
    "undefined",
    "AccessorNode",
    "ArrayNode",
    "AssignmentNode",
    "BlockNode",
    "ConditionalNode",
    "ConstantNode",
    "FunctionAssignmentNode",
    "FunctionNode",
    "IndexNode",
    "Node",
    "ObjectNode",
    "OperatorNode",
    "ParenthesisNode",
    "RangeNode",
    "RelationalNode",
    "SymbolNode",
    "Map",
    "Object",
    "any",
];

/// The datatype of a sparse matrix made from an array or a dense matrix (math.js checks it
/// then, as it looks up the element comparison and the zero of that type; a sparse matrix's
/// copy keeps its own). The entries keep their own types here, so the datatype changes nothing
/// when accepted: "" (none), "number", and the other numeric types, "Complex", "BigNumber" and
/// "Fraction" (where math.js itself fails, on the two latter with internal errors such as
/// `x.eq is not a function`: a deliberate difference). Any other type name is refused with
/// math.js's message for it, and a name math.js does not know with its `Unknown type`.
fn check_sparse_datatype(datatype: &str, at: usize) -> Result<(), CalculateError> {
    let detail = match datatype {
        "" | "number" | "Complex" | "BigNumber" | "Fraction" => return Ok(()),
        "bigint" | "string" => format!("Cannot convert 0 to {datatype}"),
        "Unit" | "boolean" => format!("There are no conversions to {datatype} defined."),
        known if TYPE_NAMES.contains(&known) => {
            format!("Signature not found (signature: equalScalar({known}, {known}))")
        }
        unknown => match TYPE_NAMES
            .iter()
            .find(|name| name.eq_ignore_ascii_case(unknown))
        {
            Some(name) => format!("Unknown type \"{unknown}\". Did you mean \"{name}\" ?"),
            None => format!("Unknown type \"{unknown}\""),
        },
    };
    Err(failed(detail, at))
}

/// [`Evaluator::determinant_general`] of an `n`×`n` matrix (n ≥ 3) whose entries are all
/// numbers, in `f64`: the same elimination with the same operations in the same order, which on
/// numbers are the operators' own arithmetic (a test compares the two). `None` when an entry is
/// not a number.
fn number_determinant(data: &[Value], n: usize) -> Option<f64> {
    if data.len() != n * n {
        return None;
    }
    let mut a = Vec::with_capacity(data.len());
    for value in data {
        let Value::Number(x) = value else {
            return None;
        };
        a.push(*x);
    }
    let mut rows: Vec<usize> = (0..n).collect();
    let mut negated = false;
    for k in 0..n {
        let mut kr = rows[k];
        if crate::functions::nearly_equal(a[kr * n + k], 0.0) {
            let swap =
                (k + 1..n).find(|&s| !crate::functions::nearly_equal(a[rows[s] * n + k], 0.0));
            let Some(swap) = swap else {
                return Some(a[kr * n + k]);
            };
            kr = rows[swap];
            rows[swap] = rows[k];
            rows[k] = kr;
            negated = !negated;
        }
        let pivot = a[kr * n + k];
        let previous = if k == 0 {
            1.0
        } else {
            a[rows[k - 1] * n + k - 1]
        };
        for &ir in &rows[k + 1..] {
            for j in k + 1..n {
                let p = a[ir * n + j] * pivot;
                let q = a[ir * n + k] * a[kr * n + j];
                a[ir * n + j] = (p - q) / previous;
            }
        }
    }
    let det = a[rows[n - 1] * n + n - 1];
    Some(if negated { -det } else { det })
}

/// math.js's refusal of an index dimension of another type (its `Index` constructor's).
const DIMENSION_TYPES: &str =
    "Dimension must be an Array, Matrix, number, bigint, string, or Range";

/// Whether math.js's `Index` takes `value` as a dimension: a number of any type, a string, a
/// matrix or range (their elements are checked with the positions).
fn is_dimension_type(value: &Value) -> bool {
    matches!(
        value,
        Value::Number(_)
            | Value::Big(_)
            | Value::Fraction(_)
            | Value::BigInt(_)
            | Value::Str(_)
            | Value::Matrix(_)
            | Value::Sparse(_)
    )
}

#[cfg(test)]
mod tests {

    /// The rows the per-row flag lets skip [`crate::eval::Evaluator::evaluator_function`] are
    /// ones it answers `None` for, whatever the kinds and count of the arguments; the rows it
    /// claims keep their flag.
    #[test]
    fn rows_said_unclaimed_are_never_claimed_by_the_evaluator() {
        use crate::value::Value;
        let value_of = |expression: &str, numeric_type: &str| -> Value {
            let input = serde_json::json!({"expression": expression, "numericType": numeric_type})
                .to_string();
            let request = crate::request::decode(input.as_bytes()).expect("valid request");
            let tree = crate::request::prepare(&request).expect("prepared");
            crate::eval::Evaluator::new(Vec::new())
                .eval(&tree)
                .expect("a value")
        };
        let kinds: Vec<Value> = [
            ("2.5", "number"),
            ("-3", "number"),
            ("3 + 4i", "number"),
            ("[1, 2; 3, 4]", "number"),
            ("[1, -2, 3]", "number"),
            ("sparse([1, 0; 0, 2])", "number"),
            ("1/3", "Fraction"),
            ("1.5", "BigNumber"),
            ("bigint(7)", "number"),
            ("\"text\"", "number"),
            ("\"sparse\"", "number"),
            ("true", "number"),
            ("{a: 1}", "number"),
            ("f(x) = x", "number"),
            ("null", "number"),
        ]
        .iter()
        .map(|(e, t)| value_of(e, t))
        .collect();
        let mut lists: Vec<Vec<Value>> = vec![Vec::new()];
        for a in &kinds {
            lists.push(vec![a.clone()]);
            for b in &kinds {
                lists.push(vec![a.clone(), b.clone()]);
            }
            lists.push(vec![a.clone(), kinds[0].clone(), kinds[1].clone()]);
        }
        let mut skipped = 0;
        for row in crate::functions::BUILTINS {
            if super::evaluator_may_claim(row) {
                continue;
            }
            skipped += 1;
            for values in &lists {
                let mut evaluator = crate::eval::Evaluator::new(Vec::new());
                assert!(
                    evaluator.evaluator_function(row.name, values, 0).is_none(),
                    "{} is claimed for {values:?}",
                    row.name
                );
            }
        }
        assert!(
            skipped > 50,
            "only {skipped} rows skip the evaluator's functions"
        );
        for name in ["abs", "arg", "sqrt", "re", "exp"] {
            let row = crate::functions::builtin(name).expect("a row");
            assert!(!super::evaluator_may_claim(row), "{name}");
        }
        for name in [
            "add", "mean", "setUnion", "min", "hypot", "fraction", "zeros", "sum",
        ] {
            let row = crate::functions::builtin(name).expect("a row");
            assert!(super::evaluator_may_claim(row), "{name}");
        }
        // The operators' names are the ones `operator_of` knows, and each row of one is claimed.
        for name in super::OPERATOR_NAMES {
            assert!(super::operator_of(name).is_some(), "{name}");
        }
        for row in crate::functions::BUILTINS {
            if super::operator_of(row.name).is_some() || row.name.starts_with("set") {
                assert!(super::evaluator_may_claim(row), "{}", row.name);
            }
        }
        // A row that is not the table's own is sent to the evaluator's functions.
        let stray: &'static crate::functions::Builtin =
            Box::leak(Box::new(crate::functions::Builtin {
                name: "abs",
                arity: crate::functions::Arity::Exactly(1),
                imp: crate::functions::BUILTINS[0].imp,
            }));
        assert!(super::evaluator_may_claim(stray));
    }

    /// Indexing a matrix by number literals takes the direct path; it answers what an index
    /// computed at run time (the general path) answers, errors included, with the same units.
    #[test]
    fn literal_indexes_agree_with_the_general_path() {
        let answer_counted_in = |expression: &str, numeric_type: &str| {
            let input = serde_json::json!({"expression": expression, "numericType": numeric_type});
            let mut units = 0;
            let answer = crate::calculate_counted(input.to_string().as_bytes(), &mut units);
            let shown = match &answer {
                Ok(out) => format!("{} {}", out["resultType"], out["result"]),
                Err(e) => format!("{}: {} at {:?}", e.reason.name(), e.message, e.position),
            };
            (shown, answer.is_ok(), units)
        };
        let matrices = [
            "[1, 2, 3]",
            "[1, 2; 3, 4]",
            "[[1, 2], [3, 4]]",
            "[[[1], [2]], [[3], [4]]]",
        ];
        let indexes = ["1", "2", "3", "0", "1.5", "4", "1e400", "0x2"];
        // What the general form's `(d + 0)` costs beyond the literal `d` itself.
        let extra = answer_counted_in("(1 + 0)", "number").2 - answer_counted_in("1", "number").2;
        assert!(extra > 0);
        let mut compared = 0;
        for m in matrices {
            for a in indexes {
                for dims in [vec![a], vec![a, "2"], vec!["2", a], vec![a, "1", "1"]] {
                    let literal = format!("({m})[{}]", dims.join(", "));
                    let computed: Vec<String> = dims.iter().map(|d| format!("({d} + 0)")).collect();
                    let general = format!("({m})[{}]", computed.join(", "));
                    let (fast, ok, fast_units) = answer_counted_in(&literal, "number");
                    let (slow, _, slow_units) = answer_counted_in(&general, "number");
                    assert_eq!(fast, slow, "{literal} vs {general}");
                    if ok {
                        // The general form evaluates `( + 0)` more per dimension.
                        assert_eq!(
                            fast_units + extra * dims.len() as u64,
                            slow_units,
                            "{literal}"
                        );
                    }
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 4 * 8 * 4);
    }

    /// An ASCII text's characters read off its bytes are the characters the general path
    /// picks; a text with wider characters takes the general path.
    #[test]
    fn string_selection_reads_ascii_bytes_as_characters() {
        let general = |text: &str, positions: &[usize]| -> String {
            let units: Vec<u16> = text.encode_utf16().collect();
            String::from_utf16_lossy(&positions.iter().map(|&p| units[p]).collect::<Vec<_>>())
        };
        for text in ["hello", "a", "", "h\u{e9}llo \u{1f600}!", "~\u{7f}\u{80}"] {
            let count = text.encode_utf16().count();
            let orders: Vec<Vec<usize>> = vec![
                (0..count).collect(),
                (0..count).rev().collect(),
                (0..count).step_by(2).collect(),
                vec![],
            ];
            for positions in &orders {
                assert_eq!(
                    super::select_chars(text, positions),
                    general(text, positions),
                    "{text:?} {positions:?}"
                );
            }
        }
    }
    use crate::test_support::answer_in;

    /// Strings are indexed by UTF-16 code units, as `size` counts them and math.js 15.2 indexes
    /// them (outputs checked there); a lone half of a surrogate pair, which math.js returns
    /// raw, is U+FFFD here.
    #[test]
    fn strings_are_indexed_by_utf16_code_units() {
        for (expression, want) in [
            ("size(\"a\u{1f600}b\")", "Array [4]"),
            ("\"a\u{1f600}b\"[end]", "string \"b\""),
            ("\"a\u{1f600}b\"[2:3]", "string \"\u{1f600}\""),
            ("\"\u{1f600}\"[1]", "string \"\u{fffd}\""),
            ("\"\u{1f600}\"[2]", "string \"\u{fffd}\""),
            ("\"h\u{e9}llo\"[2]", "string \"\u{e9}\""),
            (
                "subset(\"a\u{1f600}b\", index(2:3))",
                "string \"\u{1f600}\"",
            ),
            (
                "subset(\"a\u{1f600}b\", index(2:3), \"xy\")",
                "string \"axyb\"",
            ),
            (
                "subset(\"\u{1f600}\", index(1), \"a\")",
                "string \"a\u{fffd}\"",
            ),
            (
                "subset(\"ab\", index(4), \"x\", \"\u{e9}\")",
                "string \"ab\u{e9}x\"",
            ),
        ] {
            assert_eq!(answer(expression), want, "{expression}");
        }
        assert!(
            answer("subset(\"ab\", index(4), \"x\", \"\u{1f600}\")")
                .contains("Single character expected as defaultValue")
        );
    }

    fn answer(expression: &str) -> String {
        answer_in(expression, "number")
    }

    #[test]
    fn matrix_and_sparse_take_math_js_formats_and_datatypes() {
        // Every expected answer is math.js 15.2's (its messages behind ours), except the
        // datatypes math.js accepts and then fails on (see `check_sparse_datatype`).
        let empty_sparse = "SparseMatrix Sparse Matrix [0 x 0] density: 0\n";
        let column =
            "SparseMatrix Sparse Matrix [2 x 1] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 2";
        for (expression, want) in [
            (
                "matrix([1, 2], \"dense\", \"number\")",
                "DenseMatrix [1, 2]",
            ),
            (
                "matrix(1:3, \"dense\", \"number\")",
                "DenseMatrix [1, 2, 3]",
            ),
            // A dense matrix's datatype is not checked.
            ("matrix([1, 2], \"dense\", \"x\")", "DenseMatrix [1, 2]"),
            ("matrix([1, 2], \"dense\", true)", "DenseMatrix [1, 2]"),
            (
                "matrix(sparse([1, 2]), \"dense\", \"x\")",
                "DenseMatrix [[1], [2]]",
            ),
            ("matrix([1, 2], \"default\")", "DenseMatrix [1, 2]"),
            ("matrix(\"default\")", "DenseMatrix []"),
            ("matrix(\"dense\", \"x\")", "DenseMatrix []"),
            ("matrix(\"sparse\", \"number\")", empty_sparse),
            ("matrix([1, 2], \"sparse\", \"\")", column),
            ("matrix([1, 2], \"sparse\", \"number\")", column),
            ("matrix(sparse([1, 2]))", column),
            ("sparse(\"number\")", empty_sparse),
            ("sparse([1, 2], \"number\")", column),
            ("sparse([1, 2], \"Complex\")", column),
            // math.js fails with "x.eq is not a function" and "x.equals is not a function".
            ("sparse([1, 2], \"BigNumber\")", column),
            ("sparse([1, 2], \"Fraction\")", column),
            // A sparse matrix's copy keeps its own datatype: the argument is not looked at.
            ("sparse(sparse([1, 2]), \"x\")", column),
            (
                "matrix([1, 2], \"x\")",
                "evaluation_failed: Evaluation failed: Unknown matrix type \"x\".",
            ),
            (
                "matrix(sparse([1, 2]), \"x\")",
                "evaluation_failed: Evaluation failed: Unknown matrix type \"x\".",
            ),
            (
                "matrix(true)",
                "evaluation_failed: Evaluation failed: Unknown matrix type \"true\".",
            ),
            (
                "matrix(\"sparse\", \"x\")",
                "evaluation_failed: Evaluation failed: Unknown type \"x\"",
            ),
            (
                "sparse([], \"x\")",
                "evaluation_failed: Evaluation failed: Unknown type \"x\"",
            ),
            (
                "sparse([1, 2], false)",
                "evaluation_failed: Evaluation failed: Unknown type \"false\"",
            ),
            (
                "matrix([1, 2], \"sparse\", true)",
                "evaluation_failed: Evaluation failed: Unknown type \"true\"",
            ),
            (
                "sparse([1, 2], \"Number\")",
                "evaluation_failed: Evaluation failed: Unknown type \"Number\". Did you mean \"number\" ?",
            ),
            (
                "sparse([1, 2], \"complex\")",
                "evaluation_failed: Evaluation failed: Unknown type \"complex\". Did you mean \"Complex\" ?",
            ),
            (
                "sparse([1, 2], \"string\")",
                "evaluation_failed: Evaluation failed: Cannot convert 0 to string",
            ),
            (
                "sparse([1, 2], \"Unit\")",
                "evaluation_failed: Evaluation failed: There are no conversions to Unit defined.",
            ),
            (
                "sparse([1, 2], \"Node\")",
                "evaluation_failed: Evaluation failed: Signature not found (signature: equalScalar(Node, Node))",
            ),
            (
                "sparse([1, 2], 5)",
                "type_mismatch: Type mismatch: Unexpected type of argument in function sparse (expected: string or boolean, actual: number, index: 1)",
            ),
            (
                "sparse(5)",
                "type_mismatch: Type mismatch: Unexpected type of argument in function sparse (expected: string or Array or Matrix or boolean, actual: number, index: 0)",
            ),
            (
                "matrix(5, \"dense\")",
                "type_mismatch: Type mismatch: Unexpected type of argument in function matrix (expected: string or Array or Matrix or boolean, actual: number, index: 0)",
            ),
            (
                "matrix(5, \"dense\", \"number\")",
                "type_mismatch: Type mismatch: Unexpected type of argument in function matrix (expected: string or Array or Matrix or boolean, actual: number, index: 0)",
            ),
            (
                "matrix(\"dense\", 5)",
                "type_mismatch: Type mismatch: Unexpected type of argument in function matrix (expected: string or boolean, actual: number, index: 1)",
            ),
            (
                "matrix([1, 2], 5)",
                "type_mismatch: Type mismatch: Unexpected type of argument in function matrix (expected: string or boolean, actual: number, index: 1)",
            ),
            // math.js: Too many arguments in function matrix (expected: 2, actual: 3).
            (
                "matrix(\"dense\", \"number\", \"x\")",
                "evaluation_failed: Evaluation failed: matrix() takes 0 to 2 argument(s) when the first is a format, got 3",
            ),
            (
                "matrix([1, 2], \"dense\", \"number\", \"x\")",
                "evaluation_failed: Evaluation failed: matrix() takes 0 to 3 argument(s), got 4",
            ),
        ] {
            assert_eq!(answer(expression), want, "{expression}");
        }
    }

    #[test]
    fn shifts_take_a_matrix_with_a_number_or_bignumber_scalar_only() {
        // Every expected answer is math.js 15.2's. A bigint or boolean scalar beside a matrix is
        // a number first, so `3 >> -9` shifts by -9 & 31, not left by 9 as bigints would.
        assert_eq!(
            answer("rightArithShift(bigint(3), [0, bigint(-9)])"),
            "DenseMatrix [3, 0]"
        );
        assert_eq!(
            answer("typeOf(rightArithShift([bigint(8)], bigint(1))[1])"),
            "string \"number\""
        );
        assert_eq!(
            crate::test_support::reason_in(
                r#"leftShift([1, 2], bigint("123456789012345678901"))"#,
                "number"
            ),
            "type_mismatch"
        );
        // A zero shift answers the matrix as it is; a zero shifted answers zeros.
        assert_eq!(answer("leftShift([1.5, 2], 0)"), "DenseMatrix [1.5, 2]");
        assert_eq!(
            answer("rightLogShift([1.5, \"a\"], false)"),
            "DenseMatrix [1.5, \"a\"]"
        );
        assert_eq!(answer("leftShift([1.5], 1e-16)"), "DenseMatrix [1.5]");
        assert_eq!(answer("rightArithShift(0, [1.5, 2])"), "DenseMatrix [0, 0]");
        assert_eq!(answer("leftShift(bigint(0), [[1.5]])"), "DenseMatrix [[0]]");
        assert_eq!(
            answer_in("typeOf(leftShift(0, [1.5])[1])", "BigNumber"),
            "string \"number\""
        );
        assert_eq!(
            answer("size(leftShift(0, sparse([1.5, 0])))"),
            "Array [2, 1]"
        );
        assert_eq!(
            answer("typeOf(leftShift(0, sparse([1.5, 0])))"),
            "string \"SparseMatrix\""
        );
        assert_eq!(answer("sum(leftShift(0, sparse([1.5, 0])))"), "number 0");
        // A non-zero scalar still shifts every element (and refuses a fraction of one).
        assert_eq!(answer("leftShift([1, 2], true)"), "DenseMatrix [2, 4]");
        assert_eq!(
            crate::test_support::reason_in("leftShift([1.5], 1)", "number"),
            "evaluation_failed"
        );
    }

    /// The value of `expression` in number mode.
    fn value_of(expression: &str) -> crate::value::Value {
        let input = serde_json::json!({ "expression": expression }).to_string();
        let request = crate::request::decode(input.as_bytes()).expect("valid request");
        let tree = crate::request::prepare(&request).expect("prepared");
        crate::eval::Evaluator::new(Vec::new())
            .eval(&tree)
            .expect(expression)
    }

    /// The determinant of a matrix of numbers in `f64` is the one the elimination through the
    /// operators computes, bit for bit: integer and fractional entries, zero pivots (row swaps,
    /// a singular matrix), tiny pivots within the tolerance, NaN and infinities, sizes 3 to 6.
    #[test]
    fn the_number_determinant_agrees_with_the_general_path() {
        use crate::value::Value;
        use crate::value::matrix::Matrix;
        let mut next = crate::test_support::xorshift(0x2545_F491_4F6C_DD1D_u64);
        let mut cases: Vec<(usize, Vec<f64>)> = vec![
            (3, vec![2.0, 1.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0]),
            (3, vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 9.0]),
            (3, vec![1.0, 2.0, 3.0, 2.0, 4.0, 6.0, 7.0, 8.0, 9.0]),
            (3, vec![0.0; 9]),
            (3, vec![1e-16, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 9.0]),
            (3, vec![f64::NAN, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 9.0]),
            (
                3,
                vec![f64::INFINITY, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 9.0],
            ),
            (
                4,
                vec![
                    0.0, 0.0, 1.0, 2.0, 0.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0, 0.0, 0.0, 2.0,
                ],
            ),
        ];
        for n in 3..=6 {
            for round in 0..40 {
                let entries = (0..n * n)
                    .map(|_| {
                        let r = next();
                        match round % 4 {
                            0 => (r % 21) as f64 - 10.0,
                            1 => ((r % 2001) as f64 - 1000.0) / 7.0,
                            2 => [0.0, 1.0, -1.0][(r % 3) as usize],
                            _ => f64::from_bits(0x3FF0_0000_0000_0000 | (r >> 12)) * 1e3,
                        }
                    })
                    .collect();
                cases.push((n, entries));
            }
        }
        for (n, entries) in cases {
            let data: Vec<Value> = entries.iter().map(|&x| Value::Number(x)).collect();
            let fast = super::number_determinant(&data, n).map(Value::Number);
            let matrix = Matrix {
                shape: vec![n, n],
                data,
                array: false,
            };
            let general =
                crate::eval::Evaluator::new(Vec::new()).determinant_general(&matrix, n, 0);
            assert_eq!(
                format!("{fast:?}"),
                format!("{:?}", general.ok()),
                "{n}: {entries:?}"
            );
        }
        // Any entry that is not a number leaves the whole matrix to the general path.
        let mixed = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]
            .map(Value::Number)
            .into_iter()
            .chain([Value::Boolean(true)])
            .collect::<Vec<_>>();
        assert!(super::number_determinant(&mixed, 3).is_none());
    }

    /// The array literal's path for rows of scalars gives what evaluating each row and
    /// stacking the rows gives: value or error, elements counted, and the same work, also when
    /// the budget runs out at, before or after the last unit.
    #[test]
    fn the_row_literal_path_agrees_with_the_general_path() {
        let literals = [
            "[1, 2; 3, 4]",
            "[[1, 2], [3, 4]]",
            "[1, 2, 3; 4, 5, 6; 7, 8, 10]",
            "[5; 6]",
            "[[1, 2], [3]]",
            "[[1], [2, 3]]",
            "[[], []]",
            "[[]]",
            "[[], [1]]",
            "[[1], []]",
            "[[1, [2]], [3, 4]]",
            "[[1, 2], [[3], [4]]]",
            "[[[1]], [[2]]]",
            "[[true, \"a\"], [null, 1/0]]",
            "[[1, 2], [3, x]]",
            "[[1:3], [4:6]]",
            "[[1, 2], [3, 4]] + 1",
        ];
        for literal in literals {
            let input = serde_json::json!({ "expression": literal }).to_string();
            let request = crate::request::decode(input.as_bytes()).expect("valid request");
            let tree = crate::request::prepare(&request).expect("prepared");
            let crate::syntax::ast::NodeKind::Array(items) = &tree.kind else {
                continue;
            };
            let mut general = crate::eval::Evaluator::new(Vec::new());
            let expected = general.array_literal_general(items, 0);
            let work = general.work_used();
            for budget in [
                work.saturating_sub(1),
                work,
                work + 1,
                crate::eval::WORK_BUDGET,
            ] {
                let mut fast = crate::eval::Evaluator::with_budget(&[], budget);
                let mut slow = crate::eval::Evaluator::with_budget(&[], budget);
                let a = fast.array_literal(items, 0);
                let b = slow.array_literal_general(items, 0);
                assert_eq!(format!("{a:?}"), format!("{b:?}"), "{literal} / {budget}");
                assert_eq!(fast.work_used(), slow.work_used(), "{literal} / {budget}");
                assert_eq!(fast.elements_built, slow.elements_built, "{literal}");
            }
            assert_eq!(
                format!(
                    "{:?}",
                    crate::eval::Evaluator::new(Vec::new()).array_literal(items, 0)
                ),
                format!("{expected:?}"),
                "{literal}"
            );
        }
    }

    /// The plain-number loop of `variance_of` gives what the loop through the operators
    /// (`squared_deviations`) gives, and spends the same work, on ordinary, tiny, huge, infinite and
    /// NaN data, one item and many.
    #[test]
    fn the_number_variance_agrees_with_the_general_path() {
        use crate::syntax::ast::Op;
        use crate::value::Value;
        let lists: [&[f64]; 9] = [
            &[1.0, 2.0, 3.0],
            &[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0],
            &[0.1, 0.2, 0.3, 0.7, 1.1, 1.3, 2.9],
            &[1e308, -1e308, 1e308],
            &[f64::NAN, 1.0],
            &[f64::INFINITY, 1.0],
            &[5.0],
            &[1e-320, 3e-320, -2e-320],
            &[1e16, 1.0, -1e16, 3.0],
        ];
        for list in lists {
            let items: Vec<Value> = list.iter().map(|&x| Value::Number(x)).collect();
            let mut fast = crate::eval::Evaluator::new(Vec::new());
            let a = fast.variance_of(&items, "uncorrected", 0);
            let mut general = crate::eval::Evaluator::new(Vec::new());
            let b = (|| {
                let total = general
                    .fold(Op::Add, &items, 0)?
                    .unwrap_or(Value::Number(0.0));
                let n = Value::Number(items.len() as f64);
                let mean = general.binary(Op::Divide, &total, &n, false, (0, 0), 0)?;
                let mut sum = None;
                general.squared_deviations(&items, &mean, &mut sum, 0)?;
                let sum = sum.unwrap_or(Value::Number(0.0));
                if matches!(sum, Value::Number(x) if x.is_nan()) {
                    return Ok(sum);
                }
                general.binary(Op::Divide, &sum, &n, false, (0, 0), 0)
            })();
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "{list:?}");
            assert_eq!(fast.work_used(), general.work_used(), "{list:?}");
        }
    }

    /// `broadcast`'s path for operands of one shape or a scalar operand gives what the general
    /// path gives (value or error, work and elements counted), for every pairing, and shapes
    /// it does not take (broadcasting a size-1 dimension, mismatches) reach the general one.
    #[test]
    fn the_same_shape_broadcast_agrees_with_the_general_path() {
        let operands = [
            "2",
            "true",
            "[1, 2, 3]",
            "[4, 5, 6]",
            "[5]",
            "[1, 2; 3, 4]",
            "[1, 2]",
            "[[1], [2]]",
            "[]",
            "[[]]",
            "zeros(2, 0)",
            "matrix([1, 2])",
            "[\"a\", 2]",
            "[1, 2] == [1, 3]",
            "[1, 2; 3, 4] < 3",
        ];
        for op in [crate::syntax::ast::Op::Add, crate::syntax::ast::Op::Divide] {
            for left in operands {
                for right in operands {
                    let (x, y) = (value_of(left), value_of(right));
                    let mut fast = crate::eval::Evaluator::new(Vec::new());
                    let mut general = crate::eval::Evaluator::new(Vec::new());
                    let add = |this: &mut crate::eval::Evaluator, p: &_, q: &_| {
                        this.binary(op, p, q, false, (0, 0), 0)
                    };
                    let a = fast.broadcast("add", &x, &y, 0, add);
                    let b = general.broadcast_general("add", &x, &y, 0, add);
                    let case = format!("{left} {op:?} {right}");
                    assert_eq!(format!("{a:?}"), format!("{b:?}"), "{case}");
                    assert_eq!(fast.work_used(), general.work_used(), "{case}");
                    assert_eq!(fast.elements_built, general.elements_built, "{case}");
                }
            }
        }
    }

    #[test]
    fn literals_ranges_and_indexes() {
        assert_eq!(answer("[1, 2; 3, 4]"), "DenseMatrix [[1, 2], [3, 4]]");
        assert_eq!(answer("[[1, 2], [3, 4]]"), "DenseMatrix [[1, 2], [3, 4]]");
        assert_eq!(answer("[1:3, 4:6]"), "DenseMatrix [[1, 2, 3], [4, 5, 6]]");
        assert_eq!(answer("[]"), "DenseMatrix []");
        assert_eq!(answer("[[]]"), "DenseMatrix [[]]");
        assert!(
            answer("[[1, 2], [3]]")
                .starts_with("evaluation_failed: Evaluation failed: Dimension mismatch")
        );
        assert_eq!(answer("1:5"), "DenseMatrix [1, 2, 3, 4, 5]");
        assert_eq!(answer("3:-1:1"), "DenseMatrix [3, 2, 1]");
        assert_eq!(answer("1:0"), "DenseMatrix []");
        // Repeated addition, as math.js builds ranges.
        assert_eq!(
            answer("0:0.1:0.3"),
            "DenseMatrix [0, 0.1, 0.2, 0.30000000000000004]"
        );
        assert_eq!(answer("range(0, 10, 2)"), "DenseMatrix [0, 2, 4, 6, 8, 10]");
        assert_eq!(answer("range(\"1:3\")"), "DenseMatrix [1, 2, 3]");
        assert_eq!(answer("[1, 2; 3, 4][1, :]"), "DenseMatrix [1, 2]");
        assert_eq!(answer("[1, 2; 3, 4][:, 2]"), "DenseMatrix [2, 4]");
        assert_eq!(answer("[1, 2; 3, 4][2, 1]"), "number 3");
        assert_eq!(answer("[1, 2; 3, 4][2:end, 1:2]"), "DenseMatrix [[3, 4]]");
        assert_eq!(answer("[1, 2, 3][end]"), "number 3");
        assert_eq!(answer("[1, 2, 3][[1, 3]]"), "DenseMatrix [1, 3]");
        assert_eq!(
            answer("[1, 2, 3][[true, false, true]]"),
            "DenseMatrix [1, 3]"
        );
        assert_eq!(answer("\"hello\"[2:3]"), "string \"el\"");
        assert_eq!(answer("\"hello\"[end]"), "string \"o\"");
        assert_eq!(
            answer("[1, 2, 3][0]"),
            "evaluation_failed: Evaluation failed: Index out of range (0 < 1)"
        );
        assert_eq!(
            answer("[1, 2, 3][4]"),
            "evaluation_failed: Evaluation failed: Index out of range (4 > 3)"
        );
        assert_eq!(
            answer("[1, 2, 3][1.5]"),
            "evaluation_failed: Evaluation failed: Index must be an integer (value: 0.5)"
        );
        assert_eq!(
            answer("[1, 2; 3, 4][1]"),
            "evaluation_failed: Evaluation failed: Dimension mismatch (1 != 2)"
        );
        assert_eq!(
            answer("[1, 2, 3][\"a\"]"),
            "parse_failed: Invalid expression: No access to property \"a\""
        );
    }

    /// math.js's order for an index that is no property: every dimension evaluated, then their
    /// types (its `Index`), then their count, then each one's positions; a string that is not
    /// one literal alone is a dimension that is no integer.
    #[test]
    fn index_dimensions_are_checked_in_math_js_order() {
        let cases = [
            (
                "[1, 2; 3, 4][\"a\", qq]",
                "parse_failed: Invalid expression: Undefined symbol qq",
            ),
            (
                "[1, 2; 3, 4][qq]",
                "parse_failed: Invalid expression: Undefined symbol qq",
            ),
            (
                "[1, 2; 3, 4][\"a\", 5]",
                "evaluation_failed: Evaluation failed: Index must be an integer (value: a)",
            ),
            (
                "[1, 2; 3, 4][1, \"2\"]",
                "evaluation_failed: Evaluation failed: Index must be an integer (value: 2)",
            ),
            (
                "[1, 2][concat(\"a\", \"\")]",
                "evaluation_failed: Evaluation failed: Index must be an integer (value: a)",
            ),
            (
                "[1, 2; 3, 4][5, \"a\"]",
                "evaluation_failed: Evaluation failed: Index out of range (5 > 2)",
            ),
            (
                "[1, 2; 3, 4][5, true]",
                "evaluation_failed: Evaluation failed: Dimension must be an Array, Matrix, number, bigint, string, or Range",
            ),
            (
                "[1, 2, 3][null]",
                "evaluation_failed: Evaluation failed: Dimension must be an Array, Matrix, number, bigint, string, or Range",
            ),
            (
                "[1, 2; 3, 4][\"a\"]",
                "parse_failed: Invalid expression: No access to property \"a\"",
            ),
            (
                "\"hello\"[\"a\", 1]",
                "evaluation_failed: Evaluation failed: Dimension mismatch (2 != 1)",
            ),
            ("[1, 2; 3, 4][1, [true, false]]", "DenseMatrix [1]"),
        ];
        for (expression, expected) in cases {
            assert_eq!(answer(expression), expected, "{expression}");
        }
    }

    #[test]
    fn arithmetic_broadcasts_and_multiplies() {
        assert_eq!(answer("[1, 2; 3, 4]'"), "DenseMatrix [[1, 3], [2, 4]]");
        assert_eq!(answer("[1, 2; 3, 4] * [5; 6]"), "DenseMatrix [[17], [39]]");
        assert_eq!(answer("[1, 2] * [3, 4]"), "number 11");
        assert_eq!(answer("[1, 2, 3] .* [4, 5, 6]"), "DenseMatrix [4, 10, 18]");
        assert_eq!(
            answer("[1, 2] + [[1], [2]]"),
            "DenseMatrix [[2, 3], [3, 4]]"
        );
        assert_eq!(answer("zeros(2, 2) + 1"), "DenseMatrix [[1, 1], [1, 1]]");
        assert_eq!(answer("[1, 2; 3, 4]^2"), "DenseMatrix [[7, 10], [15, 22]]");
        assert_eq!(
            answer("[1, 2; 3, 4]^-1"),
            "DenseMatrix [[-2, 1], [1.5, -0.5]]"
        );
        assert_eq!(answer("[1, 2] == [1, 3]"), "DenseMatrix [true, false]");
        assert_eq!(answer("-[1, 2]"), "DenseMatrix [-1, -2]");
        assert_eq!(answer("abs([-1, 2])"), "DenseMatrix [1, 2]");
        assert!(
            answer("[1, 2] + [1, 2, 3]")
                .starts_with("evaluation_failed: Evaluation failed: shape mismatch")
        );
        assert!(answer("sin([0, 1])").starts_with(
            "evaluation_failed: Evaluation failed: Function 'sin' doesn't apply to matrices"
        ));
        assert_eq!(answer("2^[1, 2]").split(':').next(), Some("type_mismatch"));
    }

    #[test]
    fn filter_keeps_what_its_callback_answers_truthy_as_javascript_does() {
        // math.js 15.2's answers: every object is truthy, a BigNumber or Fraction 0 too.
        for (callback, kept) in [
            ("[x]", "[1, 2]"),
            ("[]", "[1, 2]"),
            ("sin", "[1, 2]"),
            ("{}", "[1, 2]"),
            ("\"a\"", "[1, 2]"),
            ("\"0\"", "[1, 2]"),
            ("\"\"", "[]"),
            ("bignumber(0)", "[1, 2]"),
            ("fraction(0)", "[1, 2]"),
            ("complex(0, 0)", "[1, 2]"),
            ("index(1)", "[1, 2]"),
            ("bigint(0)", "[]"),
            ("NaN", "[]"),
            ("null", "[]"),
            ("x - 1", "[2]"),
        ] {
            assert_eq!(
                answer(&format!("filter([1, 2], f(x) = {callback})")),
                format!("DenseMatrix {kept}"),
                "{callback}"
            );
        }
        assert_eq!(
            answer_in("filter([1, 2, 3], f(x) = x - 2)", "BigNumber"),
            "DenseMatrix [1, 2, 3]"
        );
    }

    #[test]
    fn statistics() {
        assert_eq!(answer("mean([1, 2, 3, 4])"), "number 2.5");
        assert_eq!(answer("mean([1, 2; 3, 4], 1)"), "DenseMatrix [2, 3]");
        assert_eq!(answer("median([3, 1, 2])"), "number 2");
        assert_eq!(answer("median([1, 2; 3, 4])"), "number 2.5");
        assert_eq!(answer("mode([1, 2, 2, 3])"), "Array [2]");
        assert_eq!(answer("std([2, 4, 6])"), "number 2");
        assert_eq!(
            answer("std([2, 4, 6], \"uncorrected\")"),
            "number 1.632993161855452"
        );
        assert_eq!(answer("variance([2, 4, 6], \"biased\")"), "number 2");
        assert_eq!(answer("stdev([5])"), "number 0");
        assert_eq!(answer("min([1, 2; 3, 4], 2)"), "DenseMatrix [1, 3]");
        assert_eq!(answer("max([1, 5; 3, 4], 1)"), "DenseMatrix [3, 5]");
        assert_eq!(answer("sum(1, 2, 3)"), "number 6");
        assert_eq!(answer("sum([])"), "number 0");
        assert_eq!(answer("prod([1, 2, 3])"), "number 6");
        assert_eq!(
            answer("cumsum([1, 2; 3, 4], 2)"),
            "DenseMatrix [[1, 3], [3, 7]]"
        );
        assert_eq!(answer("cumsum(1, 2, 3)"), "Array [1, 3, 6]");
        assert_eq!(
            answer("quantileSeq([1, 2, 3, 4], [0.25, 0.75])"),
            "Array [1.75, 3.25]"
        );
        assert_eq!(answer("quantileSeq([1, 2, 3, 4], 2)"), "Array [2, 3]");
        assert_eq!(answer("mad([1, 2, 3, 4])"), "number 1");
        assert_eq!(
            answer("corr([1, 2, 3], [2, 4, 7])"),
            "number 0.9933992677987828"
        );
        assert_eq!(answer("len([1, 2, 3])"), "number 3");
        assert_eq!(answer("size([1, 2; 3, 4; 5, 6])"), "Array [3, 2]");
        assert_eq!(
            answer("mean([])"),
            "evaluation_failed: Evaluation failed: Cannot calculate the mean of an empty array"
        );
        assert_eq!(
            answer("mean([1, 2], [3, 4])"),
            "type_mismatch: Type mismatch: Scalar values expected in function mean"
        );
        assert!(
            answer("variance([1, 2], \"foo\")")
                .starts_with("evaluation_failed: Evaluation failed: Unknown normalization")
        );
    }

    #[test]
    fn matrix_functions() {
        assert_eq!(answer("det([1, 2; 3, 4])"), "number -2");
        assert_eq!(answer("det([2, 1, 3; 4, 5, 6; 7, 8, 10])"), "number -3");
        assert_eq!(
            answer("inv([2, 0; 0, 4])"),
            "DenseMatrix [[0.5, 0], [0, 0.25]]"
        );
        assert_eq!(
            answer("inv([1, 2; 2, 4])"),
            "evaluation_failed: Evaluation failed: Cannot calculate inverse, determinant is zero"
        );
        assert!(answer("inv([1, 2, 3])").starts_with("evaluation_failed"));
        assert!(answer("det([1, 2, 3])").starts_with("evaluation_failed"));
        assert_eq!(
            answer("cross([1, 0, 0], [0, 1, 0])"),
            "DenseMatrix [0, 0, 1]"
        );
        assert_eq!(answer("dot([1, 2], [3, 4])"), "number 11");
        assert_eq!(answer("concat([1, 2], [3, 4])"), "DenseMatrix [1, 2, 3, 4]");
        assert_eq!(
            answer("concat([1, 2; 3, 4], [5, 6; 7, 8], 1)"),
            "DenseMatrix [[1, 2], [3, 4], [5, 6], [7, 8]]"
        );
        assert_eq!(answer("concat(\"a;b\", \"c\")"), "string \"a;bc\"");
        assert_eq!(answer("column([1, 2; 3, 4], 2)"), "DenseMatrix [[2], [4]]");
        assert_eq!(answer("identity(2)"), "DenseMatrix [[1, 0], [0, 1]]");
        assert_eq!(
            answer("reshape([1, 2, 3, 4], [2, 2])"),
            "DenseMatrix [[1, 2], [3, 4]]"
        );
        assert_eq!(answer("diag([1, 2])"), "DenseMatrix [[1, 0], [0, 2]]");
        assert_eq!(answer("kron([1, 2], [3, 4])"), "DenseMatrix [3, 4, 6, 8]");
        assert_eq!(answer("diff([1, 4, 9])"), "DenseMatrix [3, 5]");
        assert_eq!(answer("sort([3, 1, 2], \"desc\")"), "DenseMatrix [3, 2, 1]");
        assert_eq!(answer("trace([1, 2; 3, 4])"), "number 5");
        assert_eq!(answer("squeeze([[1], [2]])"), "DenseMatrix [1, 2]");
    }

    #[test]
    fn fraction_mode_is_exact_over_collections() {
        assert_eq!(
            answer_in("[1/2, 1/3] + [1/2, 2/3]", "Fraction"),
            "DenseMatrix [1/1, 1/1]"
        );
        assert_eq!(answer_in("mean([1, 2, 4])", "Fraction"), "Fraction 7/3");
        assert_eq!(answer_in("det([1, 2; 3, 4])", "Fraction"), "Fraction -2/1");
        assert_eq!(
            answer_in("inv([1, 2; 3, 4])", "Fraction"),
            "DenseMatrix [[-2/1, 1/1], [3/2, -1/2]]"
        );
        assert_eq!(answer_in("[1, 2, 3][2]", "Fraction"), "Fraction 2/1");
        assert_eq!(answer_in("count([1, 2, 3])", "Fraction"), "number 3");
        assert_eq!(answer_in("zeros(2)", "Fraction"), "DenseMatrix [0, 0]");
        assert_eq!(
            answer_in("identity(2)", "Fraction"),
            "DenseMatrix [[1, 0], [0, 1]]"
        );
        assert_eq!(
            answer_in("median([1, 2])", "Fraction").split(':').next(),
            Some("fraction_unsupported")
        );
        assert_eq!(
            answer_in("std([1, 2])", "Fraction").split(':').next(),
            Some("fraction_unsupported")
        );
        assert!(answer_in("[1, 2, 3][3/2]", "Fraction").starts_with("evaluation_failed"));
    }

    #[test]
    fn fractions_made_in_number_mode() {
        assert_eq!(answer("fraction(1, 3)"), "Fraction 1/3");
        assert_eq!(answer("fraction(0.30000000000000004)"), "Fraction 3/10");
        assert_eq!(answer("fraction(\"1/3\") + 0.5"), "Fraction 5/6");
        assert_eq!(answer("fraction([0.5, 0.25])"), "DenseMatrix [1/2, 1/4]");
        assert!(answer("fraction(1, 0)").starts_with("undefined_result"));
        assert!(
            answer("fraction(1.5, 2)")
                .starts_with("evaluation_failed: Evaluation failed: Parameters must be integer")
        );
        // Outside Fraction mode what Fraction mode would refuse is a refused conversion.
        assert!(answer("sqrt(fraction(1, 4))").starts_with("type_mismatch"));
        assert!(answer("fraction(1, 3) + 0.30000000000000004").starts_with("type_mismatch"));
        assert_eq!(answer("string(fraction(1, 3))"), "string \"0.(3)\"");
        assert_eq!(answer("string(fraction(-1, 6))"), "string \"-0.1(6)\"");
        assert_eq!(answer("string(fraction(22, 7))"), "string \"3.(142857)\"");
        assert_eq!(
            answer("string(fraction(1, 1024))"),
            "string \"0.0009765625\""
        );
        // No cycle within 2,000 digits: 15 decimals, truncated, as fraction.js writes them.
        assert_eq!(
            answer("string(fraction(1, 7919))"),
            "string \"0.000126278570526\""
        );
        assert_eq!(answer("map([1, 4], sqrt)"), "DenseMatrix [1, 2]");
        assert_eq!(
            answer("map([1, 2; 3, 4], f(x, i) = x * i[2])"),
            "DenseMatrix [[1, 4], [3, 8]]"
        );
        assert_eq!(
            answer("filter([1, 2, 3, 4], isPrime)"),
            "DenseMatrix [2, 3]"
        );
        assert_eq!(answer("forEach([1], sqrt)"), "undefined undefined");
    }

    #[test]
    fn a_bignumber_quantile_index_a_rounding_from_whole_selects_a_value() {
        // math.js 15.2's answers (seed 1111 of the differential test): 1/3 · 3 is 0.99…9 at 64
        // digits, which math.js's approximate isInteger takes as whole, selecting the value at
        // the index read as a binary64 (1) where exact interpolation gave -1e-64.
        for (expression, want) in [
            ("quantileSeq([[-1, 10], [2, 0]], 2)", "Array [0, 2]"),
            ("quantileSeq([-1, 10, 2, 0], 1/3)", "BigNumber 0"),
            (
                "quantileSeq([1, 2, 3, 4], [0.1, 0.25, 1/3, 2/3])",
                "Array [1.3, 1.75, 2, 3]",
            ),
            ("quantileSeq([1, 2, 3, 4], 0.5)", "BigNumber 2.5"),
            // math.js fails here (`k must be a non-negative integer`: near whole, not whole as
            // a binary64); reckon interpolates.
            (
                "quantileSeq([-1, 0], 0.999999999999999)",
                "BigNumber -1e-15",
            ),
        ] {
            assert_eq!(answer_in(expression, "BigNumber"), want, "{expression}");
        }
    }

    #[test]
    fn a_winning_string_of_min_or_max_is_the_configured_number_type() {
        // math.js 15.2's answers (found by the differential test's seed 202).
        for (expression, fraction, big) in [
            ("max(true, \"4\")", "Fraction 4/1", "BigNumber 4"),
            ("max(\"4\", \"5\")", "Fraction 5/1", "BigNumber 5"),
            ("max(\"4\", 5, \"6\")", "Fraction 6/1", "BigNumber 6"),
            ("min(\"0.1\", \"0.2\")", "Fraction 1/10", "BigNumber 0.1"),
            ("min(true, \"4\")", "boolean true", "boolean true"),
        ] {
            assert_eq!(answer_in(expression, "Fraction"), fraction, "{expression}");
            assert_eq!(answer_in(expression, "BigNumber"), big, "{expression}");
        }
        assert_eq!(answer("max(true, \"4\")"), "number 4");
    }

    #[test]
    fn norms_slices_and_matrices_from_parts() {
        assert_eq!(answer("norm([3, 4])"), "number 5");
        assert_eq!(answer("norm([3, 4], 3)"), "number 4.497941445275415");
        assert_eq!(answer("norm([3, 4], -Infinity)"), "number 3");
        assert_eq!(
            answer("norm([1, 2; 3, 4], \"fro\")"),
            "number 5.477225575051661"
        );
        assert_eq!(answer("norm([1, 2; 3, 4], 1)"), "number 6");
        assert!(answer("norm([1, 2; 3, 4])").contains("not implemented in reckon yet"));
        // math.js 15.2 refuses an empty matrix of two dimensions, and answers 0 for an empty
        // vector.
        for expression in [
            "norm(zeros(0, 3), 1)",
            "norm(zeros(3, 0), Infinity)",
            "norm(zeros(0, 3), \"fro\")",
            "norm(zeros(0, 3))",
            "norm(zeros(0, 1e6), 1)",
        ] {
            assert_eq!(
                answer(expression),
                "evaluation_failed: Evaluation failed: Invalid matrix dimensions",
                "{expression}"
            );
        }
        assert_eq!(answer("norm([], 1)"), "number 0");
        assert_eq!(answer("norm([])"), "number 0");
        assert_eq!(answer("apply([1, 2; 3, 4], 1, sum)"), "DenseMatrix [4, 6]");
        assert_eq!(
            answer("mapSlices([1, 2; 3, 4], 2, max)"),
            "DenseMatrix [2, 4]"
        );
        assert_eq!(
            answer("matrixFromColumns([1, 2], [3, 4])"),
            "DenseMatrix [[1, 3], [2, 4]]"
        );
        assert_eq!(
            answer("matrixFromFunction([2, 3], f(i) = i[1] * 10 + i[2])"),
            "DenseMatrix [[0, 1, 2], [10, 11, 12]]"
        );
        assert_eq!(answer("deepEqual([1, 2], [1, 2])"), "boolean true");
        assert_eq!(answer("compareText(\"a\", \"b\")"), "number -1");
        assert_eq!(answer("nullish(null, 2)"), "number 2");
    }

    #[test]
    fn random_draws_stay_in_their_ranges() {
        for _ in 0..50 {
            let drawn: Vec<f64> = [
                answer("random()"),
                answer("random(1, 2) - 1"),
                answer("randomInt(5, 10) / 10"),
                answer("pickRandom([0.25, 0.5])"),
            ]
            .iter()
            .map(|a| {
                a.strip_prefix("number ")
                    .and_then(|x| x.parse().ok())
                    .unwrap_or(f64::NAN)
            })
            .collect();
            assert!(drawn.iter().all(|x| (0.0..1.0).contains(x)), "{drawn:?}");
        }
        assert!(answer("randomInt([3], 1, 2)") == "DenseMatrix [1, 1, 1]");
        assert_eq!(
            answer("random([2000, 2000])"),
            "result_too_large: Size limit exceeded: random() would build 4,000,000 elements, over the limit of 1,000,000."
        );
        assert_eq!(
            answer_in("random()", "Fraction").split(':').next(),
            Some("fraction_unsupported")
        );
    }

    #[test]
    fn help_typed_and_matrix_utilities() {
        let refused = "disallowed_result_type: help() is not available inside expressions — read the calculator://help resource for the function reference.";
        assert_eq!(answer("help(\"sin\")"), refused);
        assert_eq!(answer("{a: help(sin)}"), refused);
        assert_eq!(answer("typeOf(help(\"sin\"))"), "string \"Help\"");
        assert!(answer("help(\"sin\") + 1").starts_with("type_mismatch"));
        assert!(answer("help(\"foo\")").starts_with("evaluation_failed"));
        assert!(answer("typed({\"number\": f(x) = 2 x})").starts_with("disallowed_result_type"));
        assert!(answer("typed()").starts_with("evaluation_failed"));
        assert_eq!(answer("replacer(\"a\", 2)"), "number 2");
        assert_eq!(answer("getMatrixDataType([1, \"a\"])"), "string \"mixed\"");
        assert_eq!(
            answer("partitionSelect([3, 1, 2], 1, \"desc\")"),
            "number 2"
        );
        assert_eq!(
            answer("resize([1, 2; 3, 4], [3, 3])"),
            "DenseMatrix [[1, 2, 0], [3, 4, 0], [0, 0, 0]]"
        );
        assert_eq!(
            answer("resize([1, 2; 3, 4], [3], 9)"),
            "DenseMatrix [1, 3, 9]"
        );
    }

    #[test]
    fn sets_are_sorted_multisets() {
        assert_eq!(
            answer("setUnion([1, 2, 3], [3, 4])"),
            "DenseMatrix [1, 2, 4, 3]"
        );
        assert_eq!(
            answer("setIntersect([1, 1, 2], [1, 1])"),
            "DenseMatrix [1, 1]"
        );
        assert_eq!(
            answer("setDifference([1, 1, 2], [1])"),
            "DenseMatrix [1, 2]"
        );
        assert_eq!(
            answer("setPowerset([2, 1, 2])"),
            "Array [[], [1], [2], [2], [1, 2], [1, 2], [2, 2], [1, 2, 2]]"
        );
        assert_eq!(
            answer("setCartesian([2, 1], [3])"),
            "DenseMatrix [[1, 3], [2, 3]]"
        );
        assert_eq!(answer("setSize([1, 1, 2], true)"), "number 2");
        assert_eq!(answer("compareNatural(\"a2\", \"a10\")"), "number -1");
        assert!(answer("setPowerset(1:21)").starts_with("result_too_large"));
    }

    #[test]
    fn sparse_matrices_print_their_stored_entries() {
        assert_eq!(
            answer("sparse([1, 0; 0, 1])"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 0.5\n\n    (0, 0) ==> 1\n    (1, 1) ==> 1"
        );
        assert_eq!(
            answer("matrix(\"sparse\")"),
            "SparseMatrix Sparse Matrix [0 x 0] density: 0\n"
        );
        assert_eq!(
            answer("sparse([1, 2])'"),
            "SparseMatrix Sparse Matrix [1 x 2] density: 1\n\n    (0, 0) ==> 1\n    (0, 1) ==> 2"
        );
        assert_eq!(answer("size(sparse([1, 0; 0, 1]))"), "Array [2, 2]");
        // math.js 15.2's answers (more in `sparse.rs`).
        assert_eq!(
            answer("sparse([1, 0]) + sparse([0, 1])"),
            "SparseMatrix Sparse Matrix [2 x 1] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 1"
        );
        assert_eq!(
            answer("sparse([1, 0; 0, 1]) * [1; 2]"),
            "SparseMatrix Sparse Matrix [2 x 1] density: 1\n\n    (0, 0) ==> 1\n    (1, 0) ==> 2"
        );
        assert_eq!(answer("sum(sparse([1, 0]))"), "number 1");
        assert_eq!(
            answer("sqrt(sparse([4, 0]))"),
            "evaluation_failed: Evaluation failed: Function 'sqrt' doesn't apply to matrices. To call it elementwise on a matrix 'M', try 'map(M, sqrt)'."
        );
        // Growth filled with a default (more in `sparse_index.rs`).
        assert_eq!(
            answer("subset(sparse([1, 0]), index(3, 1), 5, 9)"),
            "SparseMatrix Sparse Matrix [3 x 1] density: 0.6666666666666666\n\n    (0, 0) ==> 1\n    (2, 0) ==> 5"
        );
    }

    /// Arithmetic with one sparse operand: each expected string is math.js 15.2's answer (90
    /// such expressions over the three numeric types agreed when this was written).
    #[test]
    fn sparse_arithmetic_keeps_or_drops_sparsity_as_math_js_does() {
        let sparse = |body: &str| format!("SparseMatrix Sparse Matrix [2 x 2] density: {body}");
        for mode in ["number", "BigNumber"] {
            let a = |e: &str| answer_in(e, mode);
            assert_eq!(
                a("sparse([1,0;0,2]) * 2"),
                sparse("0.5\n\n    (0, 0) ==> 2\n    (1, 1) ==> 4")
            );
            assert_eq!(
                a("2 / sparse([1,0;0,2])"),
                sparse("0.5\n\n    (0, 0) ==> 2\n    (1, 1) ==> 1")
            );
            assert_eq!(
                a("sparse([1,0;0,2]) mod 2"),
                sparse("0.25\n\n    (0, 0) ==> 1")
            );
            assert_eq!(
                a("-sparse([1,0;0,2])"),
                sparse("0.5\n\n    (0, 0) ==> -1\n    (1, 1) ==> -2")
            );
            assert_eq!(a("sparse([1,0;0,2]) * 0"), sparse("0\n"));
            assert_eq!(a("sparse([1,0;0,2]) + 1"), "DenseMatrix [[2, 1], [1, 3]]");
            assert_eq!(a("1 - sparse([1,0;0,2])"), "DenseMatrix [[0, 1], [1, -1]]");
            assert_eq!(a("2 .^ sparse([1,0;0,2])"), "DenseMatrix [[2, 1], [1, 4]]");
            assert_eq!(
                a("sparse([1,0;0,2]) >= 1"),
                "DenseMatrix [[true, false], [false, true]]"
            );
            assert_eq!(
                a("[1,2;3,4] + sparse([1,0;0,2])"),
                "DenseMatrix [[2, 2], [3, 6]]"
            );
        }
        assert_eq!(
            answer_in("sparse([1,0;0,4]) / 2", "Fraction"),
            sparse("0.5\n\n    (0, 0) ==> 1/2\n    (1, 1) ==> 2/1")
        );
        assert_eq!(
            answer_in("sparse([1,0;0,2]) * (1+2i)", "number"),
            sparse("0.5\n\n    (0, 0) ==> 1 + 2i\n    (1, 1) ==> 2 + 4i")
        );
    }

    #[test]
    fn a_dimension_is_at_most_the_largest_javascript_array_length() {
        // An empty matrix builds nothing, so only the length limit applies (it used to be
        // clamped to 4294967295 silently).
        assert_eq!(
            answer("size(zeros(0, 4294967294))"),
            "Array [0, 4294967294]"
        );
        assert_eq!(
            answer("size(zeros(0, 4294967295))"),
            "Array [0, 4294967295]"
        );
        for expression in [
            "zeros(0, 4294967296)",
            "ones(4294967296, 0)",
            "zeros([0, 1e300])",
            "resize([], [0, 4294967296])",
            "zeros(0, 4294967296, \"sparse\")",
        ] {
            assert_eq!(
                answer(expression),
                "result_too_large: Size limit exceeded: a dimension of 4294967296 is over the largest array length, 4,294,967,295."
                    .replace("4294967296", if expression.contains("1e300") { "1e+300" } else { "4294967296" }),
                "{expression}"
            );
        }
    }

    #[test]
    fn build_limits_hold_at_their_bounds() {
        let too_large = "result_too_large: Result exceeds maximum size (100000 characters). Reduce matrix dimensions or simplify the expression.";
        // The per-call build limit: 1,000,000 elements may be built (the result is then too
        // large to return), 1,000,001 may not.
        assert_eq!(answer("zeros(1000, 1000)"), too_large);
        assert_eq!(answer("count(zeros(1000, 1000))"), "number 1000000");
        assert_eq!(
            answer("zeros(1000, 1001)"),
            "result_too_large: Size limit exceeded: zeros() would build 1,001,000 elements, over the limit of 1,000,000."
        );
        assert_eq!(answer("count(1:1000000)"), "number 1000000");
        assert_eq!(
            answer("1:1000001"),
            "result_too_large: Size limit exceeded: range() would build 1,000,001 elements, over the limit of 1,000,000."
        );
        assert_eq!(
            answer("1:2000000"),
            "result_too_large: Size limit exceeded: range() would build 2,000,000 elements, over the limit of 1,000,000."
        );
        assert_eq!(
            answer("range(1, 1/0)"),
            "result_too_large: Size limit exceeded: range() would build unbounded elements, over the limit of 1,000,000."
        );
        assert_eq!(
            answer("identity(2000)"),
            "result_too_large: Size limit exceeded: identity() would build 4,000,000 elements, over the limit of 1,000,000."
        );
        // The result's collection size: 33,333 elements print, 33,334 are refused.
        assert!(answer("zeros(33333)").starts_with("DenseMatrix [0, 0"));
        assert_eq!(answer("zeros(33334)"), too_large);
        assert_eq!(answer("ones(200, 200)"), too_large);
    }

    #[test]
    fn the_evaluation_budget_counts_every_collection_built() {
        // Each `zeros(1000, 1000)` builds 1,000,000 elements; 20 fit the 20,000,000 budget.
        let sum = |n: usize| vec!["count(zeros(1000, 1000))"; n].join(" + ");
        assert_eq!(answer(&sum(20)), "number 20000000");
        assert_eq!(
            answer(&sum(21)),
            "result_too_large: Size limit exceeded: The expression built over 20,000,000 elements in total while evaluating."
        );
    }

    // Expected answers: math.js 15.2 (`tests/peer/evaluate.mjs`, BigNumber with precision 64).
    #[test]
    fn quantile_seq_of_bignumbers_matches_mathjs() {
        assert_eq!(
            answer_in("quantileSeq([3, -1, 5, 7], 0.5)", "BigNumber"),
            "BigNumber 4"
        );
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3, 4], 0.25)", "BigNumber"),
            "BigNumber 1.75"
        );
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3, 4], 1/3)", "BigNumber"),
            "BigNumber 2"
        );
        assert_eq!(
            answer_in("quantileSeq([0.1, 0.2, 0.3, 0.7], 0.3)", "BigNumber"),
            "BigNumber 0.19"
        );
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3, 4], [0.25, 0.75])", "BigNumber"),
            "Array [1.75, 3.25]"
        );
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3, 4], [1/3, 2/3])", "BigNumber"),
            "Array [2, 3]"
        );
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3, 4], 2)", "BigNumber"),
            "Array [2, 3]"
        );
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3, 4, 5], 3)", "BigNumber"),
            "Array [2, 3, 4]"
        );
        assert_eq!(
            answer_in("quantileSeq([5, 1, 4, 2, 3], 0.1, true)", "BigNumber"),
            "BigNumber 3.4"
        );
        assert_eq!(
            answer_in("quantileSeq([[1, 2, 3], [4, 5, 6]], 0.5)", "BigNumber"),
            "BigNumber 3.5"
        );
        // math.js: Unexpected type of argument in function quantileSeq (expected: number or boolean or bigint or string, actual: BigNumber, index: 2)
        assert_eq!(
            answer_in("quantileSeq([[1, 2, 3], [4, 5, 6]], 0.5, 1)", "BigNumber"),
            "type_mismatch: Type mismatch: Unexpected type of argument in function quantileSeq (expected: number or boolean or bigint or string, actual: BigNumber, index: 2)"
        );
        // math.js: Unexpected type of argument in function quantileSeq (expected: number or boolean or bigint or string, actual: BigNumber, index: 2)
        assert_eq!(
            answer_in("quantileSeq([[1, 2, 3], [4, 5, 6]], 0.5, 2)", "BigNumber"),
            "type_mismatch: Type mismatch: Unexpected type of argument in function quantileSeq (expected: number or boolean or bigint or string, actual: BigNumber, index: 2)"
        );
        // math.js: Unexpected type of argument in function quantileSeq (expected: number or boolean or bigint or string, actual: BigNumber, index: 2)
        assert_eq!(
            answer_in(
                "quantileSeq([[1, 2, 3], [4, 5, 6]], [0.1, 0.9], 1)",
                "BigNumber"
            ),
            "type_mismatch: Type mismatch: Unexpected type of argument in function quantileSeq (expected: number or boolean or bigint or string, actual: BigNumber, index: 2)"
        );
        // math.js: Unexpected type of argument in function quantileSeq (expected: number or bigint or string or boolean, actual: BigNumber, index: 3)
        assert_eq!(
            answer_in(
                "quantileSeq([[1, 2, 3], [4, 5, 6]], 0.25, false, 2)",
                "BigNumber"
            ),
            "type_mismatch: Type mismatch: Unexpected type of argument in function quantileSeq (expected: number or bigint or string or boolean, actual: BigNumber, index: 3)"
        );
        // math.js: N/prob must be non-negative
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3], -0.5)", "BigNumber"),
            "evaluation_failed: Evaluation failed: N/prob must be non-negative"
        );
        // math.js: N must be a positive integer
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3], 1.5)", "BigNumber"),
            "evaluation_failed: Evaluation failed: N must be a positive integer"
        );
        // math.js: k out of bounds
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3], [0.5, 2])", "BigNumber"),
            "evaluation_failed: Evaluation failed: k out of bounds"
        );
        // math.js: Cannot calculate quantile of an empty sequence
        assert_eq!(
            answer_in("quantileSeq([], 0.5)", "BigNumber"),
            "evaluation_failed: Evaluation failed: Cannot calculate quantile of an empty sequence"
        );
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3], number(0.3))", "BigNumber"),
            "BigNumber 1.6"
        );
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3], [number(0.3), 0.3])", "BigNumber"),
            "Array [1.6, 1.6]"
        );
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3, 4], 0)", "BigNumber"),
            "BigNumber 1"
        );
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3, 4], 1)", "BigNumber"),
            "BigNumber 4"
        );
        assert_eq!(
            answer_in("quantileSeq([2, 1, 3], 0.999)", "BigNumber"),
            "BigNumber 2.998"
        );
        assert_eq!(
            answer_in("quantileSeq([1e30, 1e-30, 7], 0.123456789)", "BigNumber"),
            "BigNumber 1.728395046000000000000000000000753086422"
        );
        assert_eq!(
            answer_in("quantileSeq(1:100, 7)", "BigNumber"),
            "Array [13.375, 25.75, 38.125, 50.5, 62.875, 75.25, 87.625]"
        );
        // math.js: N must be a positive integer
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3], 3.5)", "BigNumber"),
            "evaluation_failed: Evaluation failed: N must be a positive integer"
        );
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3], [])", "BigNumber"),
            "Array []"
        );
        assert_eq!(
            answer_in("typeOf(quantileSeq([1, 2, 3], 0.5))", "BigNumber"),
            "string \"BigNumber\""
        );
        assert_eq!(
            answer_in("quantileSeq([1, 2, 3], true)", "BigNumber"),
            "BigNumber 3"
        );
        assert_eq!(
            answer_in("quantileSeq([1, \"2\", 3], 0.5)", "BigNumber"),
            "BigNumber 2"
        );
        assert_eq!(
            answer_in("quantileSeq([pi, e, 1], 0.77)", "BigNumber"),
            "BigNumber 2.946869674029649157035559663793156306434805138764538547811275189"
        );
    }

    #[test]
    fn quantile_seq_with_bignumber_arguments_matches_mathjs() {
        // An index of 0.99…9 (64 nines) is floored exactly, to 0 (a differential seed found
        // -1e-64 here when it was floored as a binary64, which rounds it to 1).
        assert_eq!(
            answer("quantileSeq([0, 0, 1, 1], bignumber(1)/3)"),
            "BigNumber 0"
        );
        assert_eq!(
            answer("quantileSeq([1, 0, 0, 1], [bignumber(1)/3, 0.5])"),
            "Array [0, 0.5]"
        );
        assert_eq!(
            answer("quantileSeq([3, 5, 7, 9], bignumber(1)/3)"),
            "BigNumber 5"
        );
        assert_eq!(
            answer("quantileSeq([1, 2, 3, 4], bignumber(0.25))"),
            "BigNumber 1.75"
        );
        assert_eq!(
            answer("quantileSeq([bignumber(1), 2, 3], 0.3)"),
            "BigNumber 1.6"
        );
        assert_eq!(
            answer("quantileSeq([bignumber(1), 2, 3], 0.1)"),
            "BigNumber 1.2"
        );
        assert_eq!(
            answer("quantileSeq([1, 2, 3, 4], bignumber(2))"),
            "Array [2, 3]"
        );
        assert_eq!(
            answer("quantileSeq([1, 2, 3, 4], [bignumber(0.25), 0.5])"),
            "Array [1.75, 2.5]"
        );
        assert_eq!(
            answer("quantileSeq([1, 2, 3, 4], [0.1, bignumber(1)/3])"),
            "Array [1.3, 2]"
        );
        assert_eq!(
            answer("quantileSeq([1, 2.5, 3, 4], bignumber(0.5))"),
            "BigNumber 2.75"
        );
        assert_eq!(
            answer("quantileSeq([1, bignumber(2), 3], 0.5)"),
            "BigNumber 2"
        );
        assert_eq!(
            answer("quantileSeq([3, bignumber(1), 2], 0.75, true)"),
            "BigNumber 1.5"
        );
        // math.js: N/prob must be non-negative
        assert_eq!(
            answer("quantileSeq([1, 2, 3, 4], bignumber(-1))"),
            "evaluation_failed: Evaluation failed: N/prob must be non-negative"
        );
        // math.js: N must be a positive integer
        assert_eq!(
            answer("quantileSeq([1, 2, 3, 4], bignumber(1.5))"),
            "evaluation_failed: Evaluation failed: N must be a positive integer"
        );
        // math.js: k out of bounds
        assert_eq!(
            answer("quantileSeq([1, 2, 3, 4], [bignumber(1.5)])"),
            "evaluation_failed: Evaluation failed: k out of bounds"
        );
        assert_eq!(
            answer("quantileSeq([[1, 2], [3, 4]], bignumber(0.5), 1)"),
            "DenseMatrix [2, 3]"
        );
        assert_eq!(
            answer("quantileSeq([[1, 2], [3, 4]], bignumber(0.5), 2)"),
            "DenseMatrix [1.5, 3.5]"
        );
        // math.js: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction.
        assert_eq!(
            answer("quantileSeq([1, 2, 3], fraction(1, 2))"),
            "type_mismatch: Type mismatch: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction."
        );
        assert_eq!(
            answer("quantileSeq([0.1, 0.2], bignumber(0.3))"),
            "BigNumber 0.13"
        );
    }

    #[test]
    fn sort_orders_and_compare_natural_follow_mathjs() {
        // Every expected answer was math.js 15.2's (tests/peer/evaluate.mjs), the refusals in
        // its words; a function comparator's answer is read as JavaScript reads it, and the
        // pairs compared first are V8's (`sort(["b", "a10", "a2"])` fails on "a10").
        for (expression, expected) in [
            ("sort([3, 1, 2], \"natural\")", "DenseMatrix [1, 2, 3]"),
            (
                "sort([\"b\", \"a10\", \"a2\"], \"natural\")",
                "DenseMatrix [\"a2\", \"a10\", \"b\"]",
            ),
            ("sort([3, 1, 2], f(a, b) = b - a)", "DenseMatrix [3, 2, 1]"),
            (
                "sort([1.5, 1.2, 0.3, 1.1], f(a, b) = floor(a) - floor(b))",
                "DenseMatrix [0.3, 1.5, 1.2, 1.1]",
            ),
            (
                "sort([true, 2, \"a\", null], \"natural\")",
                "DenseMatrix [true, null, 2, \"a\"]",
            ),
            (
                "sort([2+i, 1, \"x\", false], \"natural\")",
                "DenseMatrix [2 + i, false, 1, \"x\"]",
            ),
            (
                "sort([3, 1, 2], 5)",
                "type_mismatch: Type mismatch: Unexpected type of argument in function sort (expected: string or function or boolean, actual: number, index: 1)",
            ),
            (
                "sort([1, 2], \"x\")",
                "evaluation_failed: Evaluation failed: String \"asc\", \"desc\", or \"natural\" expected",
            ),
            (
                "sort([[1, 2], [3, 4]])",
                "evaluation_failed: Evaluation failed: One dimensional matrix expected",
            ),
            (
                "sort([\"b\", \"a10\", \"a2\"])",
                "type_mismatch: Type mismatch: Cannot convert \"a10\" to a number",
            ),
            (
                "sort([5, 4, 3, 2, 1, 0, 1, 2, 3])",
                "DenseMatrix [0, 1, 1, 2, 2, 3, 3, 4, 5]",
            ),
            ("sort([3, 1, 2], f(a, b) = a < b)", "DenseMatrix [3, 1, 2]"),
            ("sort([3, 1, 2], f(a, b) = 1)", "DenseMatrix [3, 1, 2]"),
            (
                "sort(concat(70:-1:1, 1:70), \"desc\")",
                "DenseMatrix [70, 70, 69, 69, 68, 68, 67, 67, 66, 66, 65, 65, 64, 64, 63, 63, 62, 62, 61, 61, 60, 60, 59, 59, 58, 58, 57, 57, 56, 56, 55, 55, 54, 54, 53, 53, 52, 52, 51, 51, 50, 50, 49, 49, 48, 48, 47, 47, 46, 46, 45, 45, 44, 44, 43, 43, 42, 42, 41, 41, 40, 40, 39, 39, 38, 38, 37, 37, 36, 36, 35, 35, 34, 34, 33, 33, 32, 32, 31, 31, 30, 30, 29, 29, 28, 28, 27, 27, 26, 26, 25, 25, 24, 24, 23, 23, 22, 22, 21, 21, 20, 20, 19, 19, 18, 18, 17, 17, 16, 16, 15, 15, 14, 14, 13, 13, 12, 12, 11, 11, 10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1]",
            ),
            (
                "sort(concat(70:-1:1, 1:70), f(a, b) = mod(a, 7) - mod(b, 7))",
                "DenseMatrix [70, 63, 56, 49, 42, 35, 28, 21, 14, 7, 7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 64, 57, 50, 43, 36, 29, 22, 15, 8, 1, 1, 8, 15, 22, 29, 36, 43, 50, 57, 64, 65, 58, 51, 44, 37, 30, 23, 16, 9, 2, 2, 9, 16, 23, 30, 37, 44, 51, 58, 65, 66, 59, 52, 45, 38, 31, 24, 17, 10, 3, 3, 10, 17, 24, 31, 38, 45, 52, 59, 66, 67, 60, 53, 46, 39, 32, 25, 18, 11, 4, 4, 11, 18, 25, 32, 39, 46, 53, 60, 67, 68, 61, 54, 47, 40, 33, 26, 19, 12, 5, 5, 12, 19, 26, 33, 40, 47, 54, 61, 68, 69, 62, 55, 48, 41, 34, 27, 20, 13, 6, 6, 13, 20, 27, 34, 41, 48, 55, 62, 69]",
            ),
            ("compareNatural(null, 2)", "number -1"),
            ("compareNatural(null, null)", "number 0"),
            ("compareNatural(2, 2+i)", "number 1"),
            ("compareNatural(2+i, 2+2i)", "number -1"),
            ("compareNatural(3+i, 2+2i)", "number 1"),
            ("compareNatural(fraction(1), 1)", "number -1"),
            ("compareNatural(1, fraction(1))", "number 1"),
            ("compareNatural({a: 1}, 2)", "number -1"),
            ("compareNatural(true, null)", "number -1"),
            ("compareNatural(undefined, null)", "number 1"),
        ] {
            assert_eq!(
                crate::test_support::answer_in(expression, "number"),
                expected,
                "{expression}"
            );
        }
    }

    #[test]
    fn compare_natural_orders_matrices_and_objects_as_math_js() {
        // Every expected answer is math.js 15.2's.
        for (expression, expected) in [
            ("compareNatural([1, 2], [1, 3])", "number -1"),
            ("compareNatural([1, 2], [1, 2, 3])", "number -1"),
            ("compareNatural([1, 5], [1, 2, 3])", "number 1"),
            ("compareNatural([1, 2], [1, 2])", "number 0"),
            ("compareNatural([[1, 2]], [1, 2])", "number 1"),
            ("compareNatural([1, 2], 1)", "number 1"),
            ("compareNatural(2, [1, 2])", "number 1"),
            // Equal elements, then the type names: "DenseMatrix" < "number".
            ("compareNatural([2], 2)", "number -1"),
            ("compareNatural(2, [2])", "number 1"),
            ("compareNatural(range(1, 4), [1, 2, 3])", "number 1"),
            ("compareNatural(size([1, 2]), [2])", "number -1"),
            ("compareNatural(zeros(1, 0), [])", "number 1"),
            (
                "compareNatural([[1, 2], [3, 4]], [[1, 2], [3, 5]])",
                "number -1",
            ),
            // The object is an array of itself: "Object" < "number".
            ("compareNatural([1], {a: 1})", "number 1"),
            ("compareNatural({a: 1}, [1])", "number -1"),
            // Two sparse matrices by their stored values, column by column; one sparse matrix
            // by its elements, then by the type names.
            (
                "compareNatural(sparse([[1, 0], [0, 2]]), sparse([[1, 2], [0, 0]]))",
                "number 0",
            ),
            (
                "compareNatural(sparse([[1, 0], [0, 2]]), [[1, 0], [0, 2]])",
                "number 1",
            ),
            (
                "compareNatural([[1, 0], [0, 2]], sparse([[1, 0], [0, 2]]))",
                "number -1",
            ),
            (
                "compareNatural(sparse([[1, 0], [0, 2]]), [[1, 0], [0, 3]])",
                "number -1",
            ),
            ("compareNatural({a: 1}, {a: 2})", "number -1"),
            ("compareNatural({a: 1}, {b: 1})", "number -1"),
            ("compareNatural({b: 1, a: 2}, {a: 2, b: 1})", "number 0"),
            ("compareNatural({a: 1, b: 1}, {a: 1})", "number 1"),
            ("compareNatural({a10: 1}, {a9: 1})", "number 1"),
            ("compareNatural({x: [1, 2]}, {x: [1, 3]})", "number -1"),
            ("compareNatural({}, {})", "number 0"),
            (
                "setDistinct([{a: 1}, {a: 1}, {a: 2}])",
                "DenseMatrix [{\"a\": 1}, {\"a\": 2}]",
            ),
        ] {
            assert_eq!(answer(expression), expected, "{expression}");
        }
    }

    #[test]
    fn array_literals_that_make_no_matrix_are_refused_with_math_js_numbers() {
        // math.js validates the nested arrays against the size read down the first items, so
        // its numbers are that size's, not the offending item's depth.
        for (expression, detail) in [
            ("[1, [1, 2; 3, 4]]", "2 > 1"),
            ("[1, [[1, 2]]]", "2 > 1"),
            ("[[1, 2; 3, 4], 1]", "2 < 3"),
            ("[[1; 2], [1, 2; 3, 4]]", "2 != 1"),
            ("[[1, 2], [1, 2, 3]]", "3 != 2"),
            ("[[], 1]", "1 < 2"),
            ("[[], [1]]", "1 != 0"),
            ("[[[], zeros(0, 1, 1)], [[2, \"a\", \"a\"], []]]", "0 != 3"),
        ] {
            assert_eq!(
                answer(expression),
                format!("evaluation_failed: Evaluation failed: Dimension mismatch ({detail})"),
                "{expression}"
            );
        }
        // Empty items agree as the nested arrays math.js sees: `zeros(0, 2)` is `[]`.
        assert_eq!(answer("[zeros(0, 2), []]"), "DenseMatrix [[], []]");
        assert_eq!(answer("size([[], zeros(0, 1)])"), "Array [2, 0]");
    }

    #[test]
    fn nan_among_sorted_values_never_panics_and_is_read_as_math_js_reads_it() {
        // The standard library's sort panicked here ("user-provided comparison function does
        // not correctly implement a total order"): NaN compared equal to every number.
        for n in [20usize, 63, 64, 200] {
            // One BigNumber among them, for the BigNumber paths (and within the 1,000 units).
            let values: Vec<&str> = ["NaN", "2", "NaN", "3", "1"]
                .into_iter()
                .cycle()
                .take(n)
                .collect();
            let list = format!("bignumber(1),{}", values.join(","));
            for expression in [
                format!("size(setDistinct([{list}]))"),
                format!("size(setUnion([{list}], [NaN, 7]))"),
                format!("isNaN(quantileSeq([{list}], 0.3))"),
                format!("isNaN(quantileSeq([{list}], bignumber(0.5)))"),
                format!("isNaN(median([{list}]))"),
                format!("size(sort([{list}], \"natural\"))"),
            ] {
                let got = answer(&expression);
                assert!(
                    got.starts_with("Array [") || got == "boolean true",
                    "{expression}: {got}"
                );
            }
        }
        // Every expected answer is math.js 15.2's: compareNatural reads NaN as less on either
        // side, so a set keeps every NaN; partitionSelect answers the NaN it finds.
        for (expression, expected) in [
            ("compareNatural(NaN, 1)", "number -1"),
            ("compareNatural(1, NaN)", "number -1"),
            ("compareNatural(NaN, NaN)", "number -1"),
            ("compareNatural(bignumber(NaN), 1)", "number -1"),
            ("size(setDistinct([NaN, NaN, 1]))", "Array [3]"),
            ("size(setIntersect([NaN, 1], [NaN, 1]))", "Array [1]"),
            (
                "setIntersect([\"a\", 4.5, -1], [NaN, 1, 2])",
                "DenseMatrix []",
            ),
            ("isNaN(median([1, NaN, 3]))", "boolean true"),
            ("isNaN(median([1, 2, NaN, 3]))", "boolean true"),
            ("isNaN(mad([1, NaN, 3]))", "boolean true"),
            (
                "typeOf(median([bignumber(1), 2, NaN, 4]))",
                "string \"number\"",
            ),
            (
                "typeOf(median([bignumber(1), NaN, 3, 4]))",
                "string \"number\"",
            ),
            ("isNaN(quantileSeq([1, NaN, 3], 0.25))", "boolean true"),
            ("quantileSeq([1, 3, NaN], 0.25, true)", "number 2"),
            (
                "typeOf(quantileSeq([bignumber(1), NaN, 3], 0.25))",
                "string \"BigNumber\"",
            ),
        ] {
            assert_eq!(answer(expression), expected, "{expression}");
        }
    }

    #[test]
    fn js_sort_never_panics_and_stays_stable() {
        // Comparators that are no order at all, on both sides of the merge-sort threshold.
        for n in [5usize, 63, 64, 500] {
            let items: Vec<usize> = (0..n).collect();
            let mut flip = false;
            let sorted = super::js_sort(items.clone(), &mut |_, _| {
                flip = !flip;
                if flip {
                    std::cmp::Ordering::Less
                } else {
                    std::cmp::Ordering::Greater
                }
            });
            let mut seen = sorted.clone();
            seen.sort_unstable();
            assert_eq!(seen, items, "a permutation of the items");
            // Equal keys keep their order.
            let pairs: Vec<(usize, usize)> = (0..n).map(|i| (i % 3, i)).collect();
            let sorted = super::js_sort(pairs, &mut |a, b| a.0.cmp(&b.0));
            assert!(
                sorted
                    .windows(2)
                    .all(|w| w[0].0 < w[1].0 || (w[0].0 == w[1].0 && w[0].1 < w[1].1))
            );
        }
    }
}
