//! Values of the calculate tool: the scalars of the three numeric types (numbers, Fractions,
//! BigNumbers) and Complex, bigints, dense and sparse matrices and arrays, objects, functions and
//! `index(...)` values, units (a `units::Unit`), and the conversions between them (`convert`).

pub(crate) mod convert;
pub(crate) mod index;
pub(crate) mod matrix;
pub(crate) mod scope;
pub(crate) mod sparse;

use crate::num::format::format_number;
use crate::syntax::ast::Node;
use crate::value::matrix::Matrix;
use std::rc::Rc;

/// A value an expression can produce.
#[derive(Clone, Debug)]
pub enum Value {
    /// A binary64 number.
    Number(f64),
    /// An exact rational (Fraction mode, section 5.3; shared: copying a value never copies its
    /// digits).
    Fraction(Rc<dashu_ratio::RBig>),
    /// `true` or `false`.
    Boolean(bool),
    /// A string (shared: copying a value never copies its text).
    Str(crate::syntax::text::Text),
    /// `null`.
    Null,
    /// `undefined`.
    Undefined,
    /// A function: built in, or defined in the expression.
    Function(Function),
    /// An object, keys in insertion order (shared: a copy never copies its members; a change
    /// makes a new object, as every operation on objects does).
    Object(Rc<Vec<(String, Value)>>),
    /// A BigNumber: a 64-digit decimal (spec 5.2).
    Big(crate::num::bignum::Big),
    /// A complex number with binary64 parts (spec 5.1).
    Complex(crate::num::complex::Complex),
    /// What `help(name)` returns: refused as a result (step 10b), a type mismatch in arithmetic.
    Help(String),
    /// A sparse matrix (spec 7.6): two-dimensional, kept here with every entry and the order
    /// of the stored ones, which it prints.
    Sparse(Rc<crate::value::sparse::SparseMatrix>),
    /// A dense matrix or a plain array (shared: copying a value never copies its elements).
    Matrix(Rc<Matrix>),
    /// A JavaScript bigint (`bigint(x)`, `num`, `den`): an integer of any size (shared: a copy
    /// never copies its digits).
    BigInt(Rc<dashu_int::IBig>),
    /// What `index(...)` returns: 0-based dimensions for `subset` (section 7.7).
    Index(Rc<crate::value::index::Index>),
    /// A physical unit with an optional magnitude (`5 kg`, `kg`; spec 4.9; shared).
    Unit(Rc<crate::units::Unit>),
}

/// A function value.
#[derive(Clone, Debug)]
pub enum Function {
    /// A built-in function, by its canonical name.
    Builtin(&'static str),
    /// `name(params) = body`, defined in the expression.
    User(Rc<UserFunction>),
}

/// A function defined in the expression.
#[derive(Debug)]
pub struct UserFunction {
    /// Its name.
    pub name: String,
    /// Parameter names (shared with the argument frame of each call, `scope.rs`).
    pub params: Rc<[String]>,
    /// The body (the definition's own, shared).
    pub body: Rc<Node>,
    /// The arguments and layer current where it was defined, which its body sees
    /// (`scope.rs`).
    pub(crate) closure: crate::value::scope::Context,
}

impl Value {
    /// An object value with these members.
    #[inline]
    pub fn object(entries: Vec<(String, Value)>) -> Self {
        Self::Object(Rc::new(entries))
    }

    /// A bigint value.
    #[inline]
    pub fn bigint(n: dashu_int::IBig) -> Self {
        Self::BigInt(Rc::new(n))
    }

    /// A Fraction value.
    #[inline]
    pub fn fraction(r: dashu_ratio::RBig) -> Self {
        Self::Fraction(Rc::new(r))
    }

    /// A matrix value.
    pub fn matrix(matrix: Matrix) -> Self {
        Self::Matrix(Rc::new(matrix))
    }

    /// A copy of the value: a number copied in place, anything else cloned (`Value`'s derived
    /// `clone` is an out-of-line function, costly for the common number read from a variable).
    #[inline]
    pub fn copied(&self) -> Self {
        match self {
            Self::Number(x) => Self::Number(*x),
            other => other.clone(),
        }
    }

    /// math.js `typeOf`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Self::Number(_) => "number",
            Self::Fraction(_) => "Fraction",
            Self::Boolean(_) => "boolean",
            Self::Str(_) => "string",
            Self::Null => "null",
            Self::Undefined => "undefined",
            Self::Function(_) => "function",
            Self::Object(_) => "Object",
            Self::Matrix(m) => m.type_name(),
            Self::Complex(_) => "Complex",
            Self::Big(_) => "BigNumber",
            Self::Sparse(_) => "SparseMatrix",
            Self::Help(_) => "Help",
            Self::BigInt(_) => "bigint",
            Self::Index(_) => "Index",
            Self::Unit(_) => "Unit",
        }
    }

    /// [`Value::format`] appended to `out` (a number without a string of its own).
    pub fn write(&self, precision: Option<u32>, out: &mut String) {
        match self {
            Self::Number(n) => crate::num::format::write_number(*n, precision, out),
            other => out.push_str(&other.format(precision)),
        }
    }

    /// math.js `format` with `lowerExp -6`, `upperExp 21` and the optional precision (section 7).
    pub fn format(&self, precision: Option<u32>) -> String {
        match self {
            Self::Number(n) => format_number(*n, precision),
            Self::Fraction(f) => crate::num::fraction::format(f),
            Self::Boolean(b) => b.to_string(),
            Self::Str(s) => quote(s),
            Self::Null => "null".into(),
            Self::Undefined => "undefined".into(),
            Self::Function(Function::Builtin(name)) => format!("function {name}"),
            Self::Function(Function::User(f)) => format!("{}({})", f.name, f.params.join(", ")),
            Self::Matrix(m) => m.format(precision),
            Self::Complex(z) => crate::num::complex::format(*z, precision),
            Self::Big(x) => crate::num::bignum::format(x, precision),
            Self::Sparse(m) => m.format_sparse(precision),
            Self::Help(name) => format!("help({name})"),
            Self::BigInt(n) => crate::num::bigint::format(n),
            Self::Index(index) => index.format(),
            Self::Unit(unit) => crate::units::format::text(
                unit,
                crate::units::format::UnitSystem::si_shared(),
                precision,
            ),
            Self::Object(entries) if decomposition_text(entries).is_some() => {
                decomposition_text(entries).unwrap_or_default()
            }
            Self::Object(entries) => {
                let mut out = String::from("{");
                for (i, (k, v)) in entries.iter().enumerate() {
                    if out.len() > crate::value::matrix::FORMAT_CAP_BYTES {
                        // Refused as too long anyway (see `FORMAT_CAP_BYTES`).
                        break;
                    }
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&quote(k));
                    out.push_str(": ");
                    v.write(precision, &mut out);
                }
                out.push('}');
                out
            }
        }
    }
}

/// The text of a decomposition result, as math.js's `format` prints it: such an object (`lup`'s
/// `{L, U, p}`, `qr`'s `{Q, R}`) carries its own `toString` member, which math.js calls, and
/// reckon marks it with the built-in that made it. `lup`: `L: {L}\nU: {U}\nP: {p}`; `qr`:
/// `Q: {Q}\nR: {R}`; `slu`: `L: {L}\nU: {U}\np: {p}\n` and `q: {q}\n` when q is an array (its
/// sparse factors written as dense arrays, as a `SparseMatrix`'s `toString` does); the matrices as `format` without options writes them (the requested
/// precision does not reach them) and `p` as JavaScript joins an array (`1,2,0`). `None` for
/// any other object.
fn decomposition_text(entries: &[(String, Value)]) -> Option<String> {
    let member = |key: &str| entries.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    let Some(Value::Function(Function::Builtin(maker))) = member("toString") else {
        return None;
    };
    match *maker {
        "qr" => {
            let (Some(q), Some(r)) = (member("Q"), member("R")) else {
                return None;
            };
            Some(format!(
                "Q: {}\nR: {}",
                default_format(q),
                default_format(r)
            ))
        }
        "lup" => {
            let (Some(l), Some(u), Some(Value::Matrix(p))) =
                (member("L"), member("U"), member("p"))
            else {
                return None;
            };
            let p: Vec<String> = p.data.iter().map(|v| v.format(None)).collect();
            Some(format!(
                "L: {}\nU: {}\nP: {}",
                default_format(l),
                default_format(u),
                p.join(",")
            ))
        }
        "slu" => {
            let (Some(Value::Sparse(l)), Some(Value::Sparse(u)), Some(Value::Matrix(p))) =
                (member("L"), member("U"), member("p"))
            else {
                return None;
            };
            let join = |m: &Matrix| {
                let items: Vec<String> = m.data.iter().map(|v| v.format(None)).collect();
                items.join(",")
            };
            let q = match member("q") {
                Some(Value::Matrix(q)) => format!("q: {}\n", join(q)),
                _ => String::new(),
            };
            Some(format!(
                "L: {}\nU: {}\np: {}\n{q}",
                default_format(&Value::matrix(l.to_dense())),
                default_format(&Value::matrix(u.to_dense())),
                join(p)
            ))
        }
        _ => None,
    }
}

/// math.js's `format` without options (what a matrix's `toString` writes): numbers, BigNumbers
/// and Complex parts positional for exponents from -3 to 4 and exponential outside, no
/// precision; other values as [`Value::format`] writes them.
fn default_format(value: &Value) -> String {
    use crate::num::format::format_number_with;
    match value {
        Value::Number(x) => format_number_with(*x, None, -3, 5),
        Value::Big(x) => crate::num::bignum::format_bounded(x, None, -3, 5),
        Value::Complex(z) => crate::num::complex::assemble(
            *z,
            None,
            format_number_with(z.re, None, -3, 5),
            format_number_with(z.im, None, -3, 5),
        ),
        Value::Matrix(m) if !m.shape.is_empty() => {
            let mut out = String::new();
            write_default(m, 0, 0, &mut out);
            out
        }
        other => other.format(None),
    }
}

/// One dimension of a matrix as [`default_format`] writes it.
fn write_default(m: &Matrix, dim: usize, offset: usize, out: &mut String) {
    out.push('[');
    let step: usize = m.shape[dim + 1..].iter().product();
    for i in 0..m.shape[dim] {
        if out.len() > crate::value::matrix::FORMAT_CAP_BYTES {
            return;
        }
        if i > 0 {
            out.push_str(", ");
        }
        if dim + 1 == m.rank() {
            out.push_str(&default_format(&m.data[offset + i]));
        } else {
            write_default(m, dim + 1, offset + i * step, out);
        }
    }
    out.push(']');
}

/// A string in double quotes with `"`, `\` and `\b \f \n \r \t` escaped (section 7.7).
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod size_tests {
    use std::mem::size_of;

    /// Every evaluator level returns a value or an error (`Evaluated`) and moves it to its
    /// caller: the error is one pointer, so the result is no larger than the value, whose
    /// largest variant (a BigNumber) sets its size; big integers, Fractions, strings and
    /// collections are one pointer each. A variant or an error that grows them fails here
    /// rather than slowing every evaluation.
    #[test]
    fn a_value_and_a_result_stay_small() {
        assert_eq!(size_of::<crate::error::CalculateError>(), 8);
        assert_eq!(size_of::<crate::num::bignum::Big>(), 40);
        assert_eq!(size_of::<super::Value>(), 40);
        // The evaluator's `Evaluated`.
        assert_eq!(
            size_of::<Result<super::Value, crate::error::CalculateError>>(),
            40
        );
        assert_eq!(size_of::<Result<f64, crate::error::CalculateError>>(), 16);
    }
}
