//! Collections in the evaluator (spec sections 4.6, 4.7, 6.1 and 10). Every element operation
//! goes through the evaluator's scalar operators, so number, BigNumber and Fraction mode share
//! one implementation, and every collection built is charged to the work meter and counted
//! against the element limits and the memory budget before it is built. By topic:
//!
//! - `build`: the limits, array literals and ranges;
//! - `select`: `A[...]` indexing of matrices, arrays and strings;
//! - `broadcast`: element-wise arithmetic with math.js 15's broadcasting;
//! - `linalg`: products, powers, `inv`, `det`, `trace`, `dot`, `cross`, `kron`, `norm`;
//! - `solve`: the linear systems (`lsolve`, `usolve`, their `All` forms, `lusolve`) and `lup`;
//! - `decompose`: the other decompositions (`qr`); `matfun`: functions of a matrix (`sqrtm`, `expm`);
//! - `polynomial`: `polynomialRoot`;
//! - `statistics`: `sum` to `quantileSeq`, in math.js's order of floating-point operations;
//! - `construct`: fills, `identity`, `concat`, `reshape`, `resize`, `diag`, `matrix()`, `sparse()`;
//! - `callbacks`: `map`, `forEach`, `filter`, `mapSlices` and matrices built from parts;
//! - `sort`: `sort`, `partitionSelect` and `compareNatural`;
//! - `sets`: the set functions; `random`: the random draws.
//!
//! This file holds the dispatch (which built-ins the evaluator implements here, and the name
//! lists the function table consults) and the small helpers the topics share.

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

mod broadcast;
mod build;
mod callbacks;
pub(super) use build::{MAX_BUILD, build_limit};
pub(super) use callbacks::wrong_type_in_callback;
mod amd;
mod construct;
mod decompose;
mod eigs;
mod linalg;
mod matfun;
mod pinv;
mod polynomial;
mod random;
mod schur;
mod select;
mod sets;
mod slu;
mod solve;
mod sort;
mod statistics;

pub(crate) use build::*;
use construct::*;
use sort::*;
use statistics::*;

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
        let facts = rows[i].facts;
        claims[i] = set
            || facts.has(crate::functions::Facts::OPERATOR)
            || facts.has(crate::functions::Facts::COLLECTION);
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

impl Evaluator {
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
                sparse @ Value::Sparse(_) => sparse.clone(),
                other => {
                    return Some(Err(mismatch(
                        format!(
                            "Unexpected type of argument in function flatten (expected: Array or Matrix, actual: {}, index: 0)",
                            other.type_name()
                        ),
                        at,
                    )));
                }
            }),
            "reshape" => self.reshape(values, at),
            "squeeze" => Ok(squeeze(&values[0])),
            "diag" => self.diag(values, at),
            "column" | "row" => self.column_or_row(name, values, at),
            "trace" => self.trace(&values[0], at),
            "det" => self.det(&values[0], at),
            "inv" => self.inverse(&values[0], at),
            "lsolve" | "usolve" => self.triangular_solve(name, values, at),
            "lsolveAll" | "usolveAll" => self.triangular_solve_all(name, values, at),
            "lup" => self.lup(&values[0], at),
            "qr" => self.qr(&values[0], at),
            "eigs" => self.eigs(values, at),
            "pinv" => self.pinv(&values[0], at),
            "schur" => self.schur(&values[0], at),
            "sylvester" => self.sylvester(values, at),
            "lyap" => self.lyap(values, at),
            "slu" => self.slu(values, at),
            "sqrtm" => self.sqrtm(&values[0], at),
            "expm" => self.expm(&values[0], at),
            "polynomialRoot" => self.polynomial_root(values, at),
            "lusolve" => self.lusolve(values, at),
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
                // math.js's own check, not a typed-function signature: evaluation_failed
                // (spec 9.3 rule 11), and equalText reports it as compareText's.
                (a, b) => {
                    let (index, other) = match a {
                        Value::Str(_) => (1, b),
                        _ => (0, a),
                    };
                    Err(failed(
                        format!(
                            "Unexpected type of argument in function compareText (expected: string or Array or Matrix, actual: {}, index: {index})",
                            other.type_name()
                        ),
                        at,
                    ))
                }
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
            "hypot" if any_matrix && values.len() > 1 => {
                // math.js's hypot takes one Array or Matrix, or scalars only.
                return Some(Err(if matches!(values[0], Value::Matrix(_)) {
                    failed(
                        format!(
                            "Too many arguments in function hypot (expected: 1, actual: {})",
                            values.len()
                        ),
                        at,
                    )
                } else {
                    let i = values.iter().position(|v| matches!(v, Value::Matrix(_)));
                    mismatch(
                        format!(
                            "Unexpected type of argument in function hypot (actual: Matrix, index: {})",
                            i.unwrap_or(0)
                        ),
                        at,
                    )
                }));
            }
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
        if row.name == "log" {
            // math.js's `log` has no matrix signature; typed-function reports the call as short
            // of an argument (its tooFewArgs category: spec 9.3 rule 11).
            return Err(failed(
                "Too few arguments in function log (expected: any, index: 1)",
                at,
            ));
        }
        if !row.facts.has(crate::functions::Facts::ELEMENTWISE) || values.len() > 2 {
            // typed-function's wrongType: spec 9.3 rule 10.
            return Err(mismatch(
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
}

impl Evaluator {
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
mod eigs_tests;
#[cfg(test)]
mod linalg_tests;
#[cfg(test)]
mod math_js_table;
#[cfg(test)]
mod order_tests;
#[cfg(test)]
mod pinv_tests;
#[cfg(test)]
mod schur_tests;
#[cfg(test)]
mod slu_tests;
#[cfg(test)]
mod tests;
