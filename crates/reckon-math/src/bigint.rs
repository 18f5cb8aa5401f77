//! The `bigint` type (spec sections 2, 5 and 7.7): JavaScript's arbitrary-size integers as
//! math.js 15.2 uses them. `bigint(x)`, `num(x)` and `den(x)` make them; among themselves (and
//! with booleans and numeric strings, which convert to bigint) they add, subtract, multiply,
//! divide (truncating), take `mod` (math.js's rule) and powers exactly; with any other numeric
//! type the bigint converts to that type, as math.js's typed conversions do: to a number only
//! while it is at most 2^53 − 1 (math.js's check, which it makes on the upper side only), to a
//! BigNumber or a Fraction always. Functions without a bigint implementation in math.js see a
//! number. Every operation is charged by the sizes of its operands, and a result past
//! [`crate::fraction::MAX_BITS`] bits is refused (reported as the work meter is).

use crate::ast::Op;
use crate::eval::{Evaluated, Evaluator, failed, function_error, mismatch};
use crate::functions::FnError;
use crate::value::Value;
use dashu_int::IBig;
use dashu_int::ops::{Abs, BitTest, DivRem, UnsignedAbs};

/// The largest integer a number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE: i64 = 9_007_199_254_740_991;

/// The number of bits of |n|.
pub(crate) fn bits(n: &IBig) -> usize {
    n.unsigned_abs().bit_len()
}

/// The size of `n` in 64-bit limbs (at least 1).
pub(crate) fn limbs(n: &IBig) -> u64 {
    (bits(n) / 64 + 1) as u64
}

/// Work units of an operation on `x` and `y`: the product of their limb counts.
pub(crate) fn cost(x: &IBig, y: &IBig) -> u64 {
    limbs(x).saturating_mul(limbs(y))
}

/// A result within the size cap, else refused as the meter refuses.
fn checked(n: IBig) -> Result<IBig, FnError> {
    if bits(&n) > crate::fraction::MAX_BITS {
        Err(FnError::TooLarge)
    } else {
        Ok(n)
    }
}

/// JavaScript's `Number(n)`: the nearest double, ties to even.
pub(crate) fn to_f64(n: &IBig) -> f64 {
    n.to_f64().value()
}

/// math.js's implicit conversion of a bigint to a number: refused above 2^53 − 1.
pub(crate) fn to_number(n: &IBig) -> Result<f64, FnError> {
    if *n > IBig::from(MAX_SAFE) {
        return Err(FnError::Type(format!(
            "Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: {})",
            described(n)
        )));
    }
    Ok(to_f64(n))
}

/// A bigint for a message: its digits, or for one past a thousand digits its size (writing a
/// million digits out would cost more than the operation that failed).
fn described(n: &IBig) -> String {
    if bits(n) <= 3000 {
        format(n)
    } else {
        format!("an integer of about {} digits", (bits(n) as f64 * std::f64::consts::LOG10_2) as u64)
    }
}

/// Work units of writing out the digits of the bigints in a value (a quadratic bound on the
/// base conversion).
pub(crate) fn digits_cost(value: &Value) -> u64 {
    match value {
        Value::BigInt(n) => limbs(n).saturating_mul(limbs(n)) / 8,
        Value::Matrix(m) => m.data.iter().fold(0u64, |acc, v| acc.saturating_add(digits_cost(v))),
        Value::Object(entries) => entries
            .iter()
            .fold(0u64, |acc, (_, v)| acc.saturating_add(digits_cost(v))),
        _ => 0,
    }
}

/// The largest bigint (in bits) anywhere in a value.
pub(crate) fn largest_bits(value: &Value) -> usize {
    match value {
        Value::BigInt(n) => bits(n),
        Value::Matrix(m) => m.data.iter().map(largest_bits).max().unwrap_or(0),
        Value::Object(entries) => entries.iter().map(|(_, v)| largest_bits(v)).max().unwrap_or(0),
        _ => 0,
    }
}

/// The decimal digits (section 7.7).
pub(crate) fn format(n: &IBig) -> String {
    n.to_string()
}

/// JavaScript's `BigInt(string)`: surrounding whitespace ignored, the empty string is 0, decimal
/// digits with an optional sign, or `0x`/`0o`/`0b` digits without one.
pub(crate) fn parse(text: &str) -> Option<IBig> {
    let t = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if t.is_empty() {
        return Some(IBig::ZERO);
    }
    for (prefix, radix) in [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)] {
        if let Some(digits) = t.strip_prefix(prefix) {
            if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
                return None;
            }
            return IBig::from_str_radix(digits, radix).ok();
        }
    }
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    IBig::from_str_radix(t.strip_prefix('+').unwrap_or(t), 10).ok()
}

/// `BigInt(x.toFixed())`: the nearest integer, halves away from zero; refused for NaN, the
/// infinities and from 1e21 on (where `toFixed` writes an exponent).
pub(crate) fn from_f64(x: f64) -> Result<IBig, FnError> {
    if !x.is_finite() || x.abs() >= 1e21 {
        return Err(FnError::Domain(format!(
            "Cannot convert {} to a BigInt",
            js_string(x)
        )));
    }
    let magnitude = x.abs();
    let floor = magnitude.floor();
    let rounded = if magnitude - floor >= 0.5 {
        floor + 1.0
    } else {
        floor
    };
    // |rounded| < 1e21 < 2^70: exact in an i128.
    let n = IBig::from(rounded as i128);
    Ok(if x < 0.0 { -n } else { n })
}

fn js_string(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        crate::format::format_number(x, None)
    }
}

/// A value as a bigint where math.js converts it to one (a boolean, a string), for an
/// operation whose other operand is a bigint; `None` for the types a bigint converts to.
fn as_bigint(value: &Value, at: usize) -> Option<Result<IBig, crate::CalculateError>> {
    match value {
        Value::BigInt(n) => Some(Ok(n.clone())),
        Value::Boolean(b) => Some(Ok(IBig::from(u8::from(*b)))),
        Value::Str(s) => Some(
            // A string that is no integer, as an operand: a type mismatch (spec 9.3 rule 10).
            parse(s).ok_or_else(|| mismatch(format!("Cannot convert \"{s}\" to BigInt"), at)),
        ),
        _ => None,
    }
}

/// A bigint converted to the type of the value it meets (number, BigNumber, Fraction).
pub(crate) fn converted(n: &IBig, other: &Value, at: usize) -> Evaluated {
    match other {
        Value::Big(_) => Ok(Value::Big(crate::bignum::Big::from_ibig(n.clone()))),
        Value::Fraction(_) => Ok(Value::Fraction(dashu_ratio::RBig::from(n.clone()))),
        Value::Number(_) => to_number(n)
            .map(Value::Number)
            .map_err(|e| function_error(e, "", at)),
        other => Err(mismatch(
            format!(
                "Unexpected type of argument in function addScalar (expected: bigint or number or BigNumber or Fraction or string or boolean, actual: {}, index: 1)",
                other.type_name()
            ),
            at,
        )),
    }
}

/// The order of two values when both are bigints, or a bigint and a boolean or string (which
/// convert to bigint); `None` when neither is a bigint or the other converts the bigint.
pub(crate) fn compare(
    left: &Value,
    right: &Value,
    at: usize,
) -> Result<Option<std::cmp::Ordering>, crate::CalculateError> {
    if !matches!(left, Value::BigInt(_)) && !matches!(right, Value::BigInt(_)) {
        return Ok(None);
    }
    match (as_bigint(left, at), as_bigint(right, at)) {
        (Some(x), Some(y)) => Ok(Some(x?.cmp(&y?))),
        _ => Ok(None),
    }
}

/// math.js's `mod` of bigints: `x` itself for `y = 0`; otherwise JavaScript's remainder, moved
/// by `y` when `x` is negative and the remainder is not zero.
fn modulo(x: &IBig, y: &IBig) -> IBig {
    if *y == IBig::ZERO {
        return x.clone();
    }
    let r = x % y;
    if *x < IBig::ZERO && r != IBig::ZERO {
        r + y
    } else {
        r
    }
}

/// The functions math.js 15.2 defines on bigints with a bigint result or a value of their own
/// (the others see a number).
const BIGINT_FUNCTIONS: &[&str] = &[
    "abs",
    "sign",
    "unaryMinus",
    "unaryPlus",
    "cube",
    "square",
    "fix",
    "floor",
    "ceil",
    "round",
    "add",
    "subtract",
    "multiply",
    "divide",
    "mod",
    "pow",
    "bitAnd",
    "bitOr",
    "bitXor",
    "bitNot",
    "leftShift",
    "rightArithShift",
    "isInteger",
    "isZero",
    "isPositive",
    "isNegative",
    "isNaN",
    "isPrime",
    "log",
    "log2",
    "log10",
    "number",
    "bignumber",
    "max",
    "min",
    "fraction",
    "typeOf",
];

impl Evaluator {
    /// A binary operator with a bigint operand (and no matrix): exact among bigints (with
    /// booleans and strings converted to bigint), else the bigint converted to the other
    /// operand's type and the operator applied there.
    pub(crate) fn bigint_binary(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
        percent_of_left: bool,
        at: usize,
    ) -> Evaluated {
        use Op::*;
        if matches!(op, And | Or | Xor) {
            let (p, q) = (truthy(left), truthy(right));
            return Ok(Value::Boolean(match op {
                And => p && q,
                Or => p || q,
                _ => p != q,
            }));
        }
        if matches!(op, BitAnd | BitOr) && matches!(left, Value::BigInt(_)) {
            // math.js's bitAnd and bitOr check their first argument with `Number`-style
            // arithmetic, which JavaScript refuses for a bigint.
            return Err(mismatch("Cannot convert a BigInt value to a number", at));
        }
        let (x, y) = match (as_bigint(left, at), as_bigint(right, at)) {
            (Some(x), Some(y)) if !percent_of_left => (x?, y?),
            _ => {
                // Convert the bigint side(s) to the other operand's type.
                let l = match left {
                    Value::BigInt(n) => converted(n, right, at)?,
                    other => other.clone(),
                };
                let r = match right {
                    Value::BigInt(n) => converted(n, &l, at)?,
                    other => other.clone(),
                };
                return self.binary(op, &l, &r, percent_of_left, (at, at), at);
            }
        };
        let error = |e: FnError| function_error(e, op.symbol_and_fn().1, at);
        let op = match op {
            DotMultiply => Multiply,
            DotDivide => Divide,
            DotPow => Pow,
            other => other,
        };
        if matches!(op, Pow) {
            return self.bigint_power(&x, &y, at).map(Value::BigInt);
        }
        if matches!(op, LeftShift) {
            return self.bigint_shift(&x, &y, at).map(Value::BigInt);
        }
        self.charge(cost(&x, &y))?;
        let ordering = x.cmp(&y);
        let result = match op {
            Equal => return Ok(Value::Boolean(ordering.is_eq())),
            Unequal => return Ok(Value::Boolean(ordering.is_ne())),
            Smaller => return Ok(Value::Boolean(ordering.is_lt())),
            Larger => return Ok(Value::Boolean(ordering.is_gt())),
            SmallerEq => return Ok(Value::Boolean(ordering.is_le())),
            LargerEq => return Ok(Value::Boolean(ordering.is_ge())),
            Add => &x + &y,
            Subtract => &x - &y,
            Multiply => &x * &y,
            Divide => {
                if y == IBig::ZERO {
                    return Err(function_error(FnError::DivisionByZero, "divide", at));
                }
                (&x).div_rem(&y).0
            }
            Mod | ModSign => modulo(&x, &y),
            BitAnd => &x & &y,
            BitOr => &x | &y,
            BitXor => &x ^ &y,
            RightArithShift => {
                // `>>` by a negative amount shifts left.
                if y < IBig::ZERO {
                    return self.bigint_shift(&x, &(-&y), at).map(Value::BigInt);
                }
                match usize::try_from(&y) {
                    Ok(s) => &x >> s,
                    Err(_) if x < IBig::ZERO => IBig::NEG_ONE,
                    Err(_) => IBig::ZERO,
                }
            }
            RightLogShift => {
                let (a, b) = (to_number(&x).map_err(error)?, to_number(&y).map_err(error)?);
                return crate::eval::bitwise(op, a, b, at).map(Value::Number);
            }
            _ => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function {} (actual: bigint)",
                        op.symbol_and_fn().1
                    ),
                    at,
                ));
            }
        };
        checked(result).map(Value::BigInt).map_err(error)
    }

    /// `x ^ y` of bigints: exact, refused for a negative exponent; sized before it is computed.
    fn bigint_power(&mut self, x: &IBig, y: &IBig, at: usize) -> Result<IBig, crate::CalculateError> {
        if *y < IBig::ZERO {
            return Err(failed("Exponent must be non-negative", at));
        }
        let base_bits = bits(x);
        if base_bits <= 1 || *y == IBig::ZERO {
            // 0, 1 and -1 to any power (and anything to the 0th).
            let odd = (y % IBig::from(2u8)) != IBig::ZERO;
            return Ok(if *y == IBig::ZERO || *x == IBig::ONE {
                IBig::ONE
            } else if *x == IBig::ZERO {
                IBig::ZERO
            } else if odd {
                IBig::NEG_ONE
            } else {
                IBig::ONE
            });
        }
        let e = usize::try_from(y).unwrap_or(usize::MAX);
        if (base_bits - 1).saturating_mul(e) > crate::fraction::MAX_BITS {
            return Err(function_error(FnError::TooLarge, "pow", at));
        }
        // As Fraction mode prices its powers: the result's limbs times the squarings.
        let result_limbs = (base_bits.saturating_mul(e) / 64 + 1) as u64;
        let steps = u64::from(usize::BITS - e.leading_zeros()).max(1);
        self.charge(result_limbs.saturating_mul(steps))?;
        checked(x.pow(e)).map_err(|e| function_error(e, "pow", at))
    }

    /// `x << y` of bigints (a negative `y` shifts right), sized before it is computed.
    fn bigint_shift(&mut self, x: &IBig, y: &IBig, at: usize) -> Result<IBig, crate::CalculateError> {
        if *y < IBig::ZERO {
            let s = usize::try_from(&(-y)).unwrap_or(usize::MAX);
            self.charge(limbs(x))?;
            return Ok(if s >= bits(x) {
                if *x < IBig::ZERO { IBig::NEG_ONE } else { IBig::ZERO }
            } else {
                x >> s
            });
        }
        if *x == IBig::ZERO {
            return Ok(IBig::ZERO);
        }
        let s = usize::try_from(y).unwrap_or(usize::MAX);
        if bits(x).saturating_add(s) > crate::fraction::MAX_BITS {
            return Err(function_error(FnError::TooLarge, "leftShift", at));
        }
        self.charge(limbs(x) + (s / 64) as u64)?;
        Ok(x << s)
    }

    /// `start:step:end` and `range(...)` with a bigint bound: bigint elements; every bound must
    /// be a whole number.
    pub(crate) fn bigint_range(
        &mut self,
        start: &Value,
        step: Option<&Value>,
        end: &Value,
        include_end: bool,
        at: usize,
    ) -> Evaluated {
        let whole = |value: &Value| -> Result<IBig, crate::CalculateError> {
            match value {
                Value::BigInt(n) => Ok(n.clone()),
                Value::Boolean(b) => Ok(IBig::from(u8::from(*b))),
                Value::Number(x) if x.fract() == 0.0 && x.is_finite() => {
                    from_f64(*x).map_err(|e| function_error(e, "range", at))
                }
                Value::Number(x) => Err(failed(
                    format!(
                        "The number {} cannot be converted to a BigInt because it is not an integer",
                        js_string(*x)
                    ),
                    at,
                )),
                other => Err(mismatch(
                    format!(
                        "Unexpected type of argument in function range (actual: {})",
                        other.type_name()
                    ),
                    at,
                )),
            }
        };
        let (a, b) = (whole(start)?, whole(end)?);
        let s = step.map(whole).transpose()?.unwrap_or(IBig::ONE);
        let count = if s == IBig::ZERO {
            None
        } else {
            let span = (&b - &a).div_rem(&s).0;
            if span < IBig::ZERO {
                Some(0)
            } else {
                u64::try_from(&span).ok().map(|n| n.saturating_add(1))
            }
        };
        let limit = 1_000_000u64;
        match count {
            Some(n) if n <= limit => {}
            other => {
                return Err(crate::CalculateError::new(
                    crate::Reason::ResultTooLarge,
                    format!(
                        "Size limit exceeded: range() would build {} elements, over the limit of 1,000,000.",
                        other.map_or_else(|| "unbounded".to_owned(), crate::collections::thousands)
                    ),
                )
                .at(at));
            }
        }
        let mut data = Vec::new();
        let mut x = a;
        let positive = s > IBig::ZERO;
        loop {
            let more = match (positive, include_end) {
                (true, true) => x <= b,
                (true, false) => x < b,
                (false, true) => x >= b,
                (false, false) => x > b,
            };
            if !more {
                break;
            }
            self.charge(limbs(&x))?;
            let next = &x + &s;
            data.push(Value::BigInt(x));
            x = next;
        }
        self.build("range", data.len() as u64, at)?;
        Ok(Value::matrix(crate::matrix::Matrix::vector(data)))
    }

    /// A unary operator on a bigint.
    pub(crate) fn bigint_unary(&mut self, op: Op, x: &IBig, at: usize) -> Evaluated {
        self.charge(limbs(x))?;
        match op {
            Op::UnaryMinus => Ok(Value::BigInt(-x)),
            Op::UnaryPlus => Ok(Value::BigInt(x.clone())),
            Op::Not => Ok(Value::Boolean(*x == IBig::ZERO)),
            Op::BitNot => Ok(Value::BigInt(-x - IBig::ONE)),
            _ => {
                let n = to_number(x).map_err(|e| function_error(e, "", at))?;
                self.unary(op, Value::Number(n), at, at)
            }
        }
    }

    /// `bigint(x)`, `num(x)` and `den(x)`, element by element over matrices.
    pub(crate) fn bigint_constructor(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let Some(value) = values.first() else {
            return if name == "bigint" {
                Ok(Value::BigInt(IBig::ZERO))
            } else {
                Err(failed(format!("{name}() takes 1 argument(s), got 0"), at))
            };
        };
        if let Value::Matrix(m) = value {
            self.build(name, m.data.len() as u64, at)?;
            let mut data = Vec::with_capacity(m.data.len());
            for element in &m.data {
                data.push(self.bigint_constructor(name, std::slice::from_ref(element), at)?);
            }
            return Ok(Value::matrix(crate::matrix::Matrix {
                shape: m.shape.clone(),
                data,
                array: m.array,
            }));
        }
        let error = |e: FnError| function_error(e, name, at);
        if name == "bigint" {
            return match value {
                Value::BigInt(n) => Ok(Value::BigInt(n.clone())),
                Value::Number(x) => from_f64(*x).map(Value::BigInt).map_err(error),
                Value::Boolean(b) => Ok(Value::BigInt(IBig::from(u8::from(*b)))),
                Value::Null => Ok(Value::BigInt(IBig::ZERO)),
                Value::Str(s) => parse(s)
                    .map(Value::BigInt)
                    .ok_or_else(|| failed(format!("Cannot convert {s} to a BigInt"), at)),
                Value::Big(x) => {
                    self.charge(1)?;
                    let rounded = crate::bignum::round_plain(x);
                    crate::bignum::to_ibig_below_1e21(&rounded)
                        .map(Value::BigInt)
                        .ok_or_else(|| {
                            failed(
                                format!(
                                    "Cannot convert {} to a BigInt",
                                    crate::bignum::format(&rounded, None)
                                ),
                                at,
                            )
                        })
                }
                Value::Fraction(f) => from_f64(crate::fraction::to_f64(f))
                    .map(Value::BigInt)
                    .map_err(error),
                other => Err(mismatch(
                    format!(
                        "Unexpected type of argument in function bigint (expected: number or BigNumber or bigint or Fraction or string or Array or Matrix or boolean or null, actual: {}, index: 0)",
                        other.type_name()
                    ),
                    at,
                )),
            };
        }
        // num and den: of the value as a Fraction (a number goes through BigNumber first, so
        // one with more than 15 significant digits is refused).
        let fraction = match value {
            Value::Fraction(f) => f.clone(),
            Value::BigInt(n) => dashu_ratio::RBig::from(n.clone()),
            Value::Boolean(b) => dashu_ratio::RBig::from(u8::from(*b)),
            Value::Number(_) | Value::Str(_) | Value::Big(_) => {
                let big = crate::eval_big::as_big(value, at)?;
                // fraction.js reads the BigNumber's text (and refuses exponents).
                crate::bignum::to_fraction(&big).ok_or_else(|| failed("Invalid argument", at))?
            }
            other => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function {name} (expected: BigNumber or Fraction or Array or Matrix or number or bigint or string or boolean, actual: {}, index: 0)",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        Ok(Value::BigInt(if name == "num" {
            fraction.numerator().clone()
        } else {
            IBig::from(fraction.denominator().clone())
        }))
    }

    /// A built-in function with a bigint argument (matrices already mapped): math.js's bigint
    /// implementations, else each bigint converted (to a BigNumber or Fraction when another
    /// argument is one, else to a number) and the call made again. `None` without a bigint.
    pub(crate) fn bigint_function(
        &mut self,
        row: &'static crate::functions::Builtin,
        values: &[Value],
        at: usize,
    ) -> Option<Evaluated> {
        if !values.iter().any(|v| matches!(v, Value::BigInt(_))) {
            return None;
        }
        let name = row.name;
        if let Some(result) = self.bigint_own(name, values, at) {
            return Some(result);
        }
        let target = values
            .iter()
            .find(|v| matches!(v, Value::Big(_) | Value::Fraction(_)))
            .cloned()
            .unwrap_or(Value::Number(0.0));
        let mut converted_values = Vec::with_capacity(values.len());
        for value in values {
            converted_values.push(match value {
                Value::BigInt(n) => match converted(n, &target, at) {
                    Ok(v) => v,
                    Err(e) => return Some(Err(e)),
                },
                other => other.clone(),
            });
        }
        Some(self.call_builtin(row, name, converted_values, at))
    }

    /// The bigint implementations of [`BIGINT_FUNCTIONS`]; `None` when the arguments are not
    /// all bigints (or booleans and strings beside a bigint) or the function has none.
    fn bigint_own(&mut self, name: &str, values: &[Value], at: usize) -> Option<Evaluated> {
        if !BIGINT_FUNCTIONS.contains(&name) {
            return None;
        }
        let n = match values.first() {
            Some(Value::BigInt(n)) => n.clone(),
            _ if values.len() == 2 => {
                // A binary operator function with the bigint second.
                return self.bigint_operator_function(name, values, at);
            }
            _ => return None,
        };
        Some(match (name, values.len()) {
            ("abs", 1) => Ok(Value::BigInt(n.abs())),
            ("sign", 1) => Ok(Value::BigInt(n.signum())),
            ("unaryMinus", 1) => Ok(Value::BigInt(-n)),
            ("unaryPlus", 1) => Ok(Value::BigInt(n)),
            ("bitNot", 1) => Ok(Value::BigInt(-n - IBig::ONE)),
            ("cube" | "square", 1) => {
                let power = IBig::from(if name == "cube" { 3u8 } else { 2u8 });
                self.bigint_power(&n, &power, at).map(Value::BigInt)
            }
            ("fix" | "floor" | "ceil" | "round", 1) => Ok(Value::BigInt(n)),
            ("fix" | "floor" | "ceil" | "round", 2) => match &values[1] {
                Value::Number(_) | Value::Big(_) => Ok(Value::BigInt(n)),
                _ => return None,
            },
            ("isInteger", 1) => Ok(Value::Boolean(true)),
            ("isZero", 1) => Ok(Value::Boolean(n == IBig::ZERO)),
            ("isPositive", 1) => Ok(Value::Boolean(n > IBig::ZERO)),
            ("isNegative", 1) => Ok(Value::Boolean(n < IBig::ZERO)),
            ("isNaN", 1) => Ok(Value::Boolean(false)),
            ("isPrime", 1) => self.bigint_is_prime(&n, at).map(Value::Boolean),
            ("log" | "log2" | "log10", 1) => {
                if n <= IBig::ZERO {
                    Err(failed("b.toNumber is not a function", at))
                } else {
                    Ok(Value::Number(logarithm(name, &n)))
                }
            }
            ("number", 1) => Ok(Value::Number(to_f64(&n))),
            ("max" | "min", _) => {
                // All bigints: the largest (smallest), the first of equals; mixed arguments
                // convert (`max(bigint(3), 5)` is a number).
                let mut best = n;
                for value in &values[1..] {
                    let Value::BigInt(next) = value else {
                        return None;
                    };
                    if (name == "max" && *next > best) || (name == "min" && *next < best) {
                        best = next.clone();
                    }
                }
                Ok(Value::BigInt(best))
            }
            ("bignumber", 1) => Ok(Value::Big(crate::bignum::Big::from_ibig(n))),
            ("fraction", 1) => Ok(Value::Fraction(dashu_ratio::RBig::from(n))),
            ("typeOf", 1) => Ok(Value::Str("bigint".into())),
            (_, 2) => return self.bigint_operator_function(name, values, at),
            _ => return None,
        })
    }

    /// `add(x, y)`, `mod(x, y)`, `bitAnd(x, y)`, ... with a bigint: as the operator.
    fn bigint_operator_function(&mut self, name: &str, values: &[Value], at: usize) -> Option<Evaluated> {
        let op = match name {
            "add" => Op::Add,
            "subtract" => Op::Subtract,
            "multiply" => Op::Multiply,
            "divide" => Op::Divide,
            "mod" => Op::Mod,
            "pow" => Op::Pow,
            "bitAnd" => Op::BitAnd,
            "bitOr" => Op::BitOr,
            "bitXor" => Op::BitXor,
            "leftShift" => Op::LeftShift,
            "rightArithShift" => Op::RightArithShift,
            _ => return None,
        };
        Some(self.binary(op, &values[0], &values[1], false, (at, at), at))
    }

    /// math.js's `isPrime` of a bigint: trial division by 6k ± 1, charged per divisor (a large
    /// prime runs out of the meter, as math.js runs out of time).
    fn bigint_is_prime(&mut self, n: &IBig, _at: usize) -> Result<bool, crate::CalculateError> {
        let three = IBig::from(3u8);
        if *n <= three {
            return Ok(*n > IBig::ONE);
        }
        if (n % IBig::from(2u8)) == IBig::ZERO || (n % &three) == IBig::ZERO {
            return Ok(false);
        }
        let unit = limbs(n);
        let mut i = IBig::from(5u8);
        while &(&i * &i) <= n {
            // Two remainders and a square per step: priced well above a node, so the meter
            // stops a large prime in about the time math.js would take for a second.
            self.charge(unit.saturating_mul(20))?;
            if (n % &i) == IBig::ZERO || (n % (&i + IBig::from(2u8))) == IBig::ZERO {
                return Ok(false);
            }
            i += IBig::from(6u8);
        }
        Ok(true)
    }
}

/// Truthiness of a bigint operand for `and`, `or`, `xor`.
fn truthy(value: &Value) -> bool {
    match value {
        Value::BigInt(n) => *n != IBig::ZERO,
        other => crate::eval::truthy(other, 0).unwrap_or(false),
    }
}

/// math.js's `promoteLogarithm`: the logarithm of the leading 15 hexadecimal digits plus the
/// logarithm of 16 for each digit after them.
fn logarithm(name: &str, n: &IBig) -> f64 {
    let hex = format!("{:x}", n.unsigned_abs());
    let lead = &hex[..hex.len().min(15)];
    let rest = (hex.len() - lead.len()) as f64;
    let head = u64::from_str_radix(lead, 16).unwrap_or(0) as f64;
    match name {
        "log2" => 4.0 * rest + crate::jsmath::log2(head),
        "log10" => crate::jsmath::log10(16.0) * rest + crate::jsmath::log10(head),
        _ => crate::jsmath::log(16.0) * rest + crate::jsmath::log(head),
    }
}
