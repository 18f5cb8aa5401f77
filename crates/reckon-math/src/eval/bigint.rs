//! The `bigint` type (spec sections 2, 5 and 7.7): JavaScript's arbitrary-size integers as
//! math.js 15.2 uses them. `bigint(x)`, `num(x)` and `den(x)` make them; among themselves (and
//! with booleans and numeric strings, which convert to bigint) they add, subtract, multiply,
//! divide (truncating), take `mod` (math.js's rule) and powers exactly; with any other numeric
//! type the bigint converts to that type, as math.js's typed conversions do: to a number only
//! while it is at most 2^53 − 1 (math.js's check, which it makes on the upper side only), to a
//! BigNumber or a Fraction always. Functions without a bigint implementation in math.js see a
//! number. Every operation is charged by the sizes of its operands, and a result past
//! [`crate::num::fraction::MAX_BITS`] bits is refused (reported as the work meter is).

use crate::error::FnError;
use crate::eval::{Evaluated, Evaluator, failed, function_error, mismatch};
pub(crate) use crate::num::bigint::{
    bits, checked, cost, format, from_f64, limbs, modulo, parse, to_f64, to_number,
};
use crate::syntax::ast::Op;
use crate::value::Value;
use dashu_int::IBig;
use dashu_int::ops::{Abs, DivRem, UnsignedAbs};

/// Work units of writing out the digits of the bigints in a value (a quadratic bound on the
/// base conversion).
pub(crate) fn digits_cost(value: &Value) -> u64 {
    match value {
        Value::BigInt(n) => limbs(n).saturating_mul(limbs(n)) / 8,
        Value::Matrix(m) => m
            .data
            .iter()
            .fold(0u64, |acc, v| acc.saturating_add(digits_cost(v))),
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
        Value::Object(entries) => entries
            .iter()
            .map(|(_, v)| largest_bits(v))
            .max()
            .unwrap_or(0),
        _ => 0,
    }
}

/// A value as a bigint where math.js converts it to one (a boolean, a string), for an
/// operation whose other operand is a bigint; `None` for the types a bigint converts to.
fn as_bigint(value: &Value, at: usize) -> Option<Result<IBig, crate::CalculateError>> {
    match value {
        Value::BigInt(n) => Some(Ok(dashu_int::IBig::clone(n))),
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
        Value::Big(_) => Ok(Value::Big(crate::num::bignum::Big::from_ibig(n.clone()))),
        Value::Fraction(_) => Ok(Value::fraction(dashu_ratio::RBig::from(n.clone()))),
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

/// The first operand of a dot product (`dot`, vector times vector) with bigints as math.js sees
/// it: it takes the conjugate of each element of the first vector, which makes a bigint (or a
/// boolean or string) a number, and when both vectors hold only bigints it multiplies with the
/// bigint implementation, which JavaScript refuses for a number and a bigint. In number mode
/// the conversion comes first (a bigint past 2^53 - 1 is refused as math.js's conj refuses
/// it); in BigNumber mode math.js meets the mix first. `None` when neither vector has a bigint.
pub(crate) fn dot_operand(
    a: &[Value],
    b: &[Value],
    big_mode: bool,
    at: usize,
) -> Result<Option<Vec<Value>>, crate::CalculateError> {
    let bigint = |v: &[Value]| v.iter().any(|x| matches!(x, Value::BigInt(_)));
    if !bigint(a) && !bigint(b) {
        return Ok(None);
    }
    let all_bigint = |v: &[Value]| !v.is_empty() && v.iter().all(|x| matches!(x, Value::BigInt(_)));
    let mixed = || {
        // JavaScript's TypeError, without typed-function's wrongType category: spec 9.3 rule 11.
        failed(
            "Cannot mix BigInt and other types, use explicit conversions",
            at,
        )
    };
    if big_mode && all_bigint(a) && all_bigint(b) {
        return Err(mixed());
    }
    // `conj` has no boolean, string or bigint implementation: those become numbers, first (a
    // bigint past 2^53 - 1 is refused here, before any product).
    let conjugated = a
        .iter()
        .map(|v| match v {
            Value::BigInt(n) => to_number(n)
                .map(Value::Number)
                .map_err(|e| function_error(e, "dot", at)),
            Value::Boolean(_) | Value::Str(_) => crate::functions::to_number(v)
                .map(Value::Number)
                .map_err(|e| function_error(e, "dot", at)),
            other => Ok(other.clone()),
        })
        .collect::<Result<Vec<_>, _>>()?;
    if all_bigint(a) && all_bigint(b) {
        return Err(mixed());
    }
    Ok(Some(conjugated))
}

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
            // Beside a number, the bigint converts to one first.
            for (value, other) in [(left, right), (right, left)] {
                if let (Value::BigInt(n), Value::Number(_)) = (value, other) {
                    to_number(n).map_err(|e| function_error(e, "", at))?;
                }
            }
            let (p, q) = (truthy(left), truthy(right));
            return Ok(Value::Boolean(match op {
                And => p && q,
                Or => p || q,
                _ => p != q,
            }));
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
            return self.bigint_power(&x, &y, at).map(Value::bigint);
        }
        if matches!(op, LeftShift) {
            return self.bigint_shift(&x, &y, at).map(Value::bigint);
        }
        self.charge(cost(&x, &y))?;
        if matches!(op, Multiply) {
            self.admit_digits((bits(&x) + bits(&y)) as u64, at)?;
        }
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
                    // JavaScript's RangeError for a bigint division by zero: spec 9.3 rule 11
                    // (rule 6's undefined_result is for exact Fraction division).
                    return Err(failed("Division by zero", at));
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
                    return self.bigint_shift(&x, &(-&y), at).map(Value::bigint);
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
        checked(result).map(Value::bigint).map_err(error)
    }

    /// `x ^ y` of bigints: exact, refused for a negative exponent; sized before it is computed.
    fn bigint_power(
        &mut self,
        x: &IBig,
        y: &IBig,
        at: usize,
    ) -> Result<IBig, crate::CalculateError> {
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
        if (base_bits - 1).saturating_mul(e) > crate::num::fraction::MAX_BITS {
            return Err(function_error(FnError::TooLarge, "pow", at));
        }
        // As Fraction mode prices its powers: the result's limbs times the squarings.
        let result_limbs = (base_bits.saturating_mul(e) / 64 + 1) as u64;
        let steps = u64::from(usize::BITS - e.leading_zeros()).max(1);
        self.charge(result_limbs.saturating_mul(steps))?;
        self.admit_digits(base_bits.saturating_mul(e) as u64, at)?;
        checked(x.pow(e)).map_err(|e| function_error(e, "pow", at))
    }

    /// `x << y` of bigints (a negative `y` shifts right), sized before it is computed.
    fn bigint_shift(
        &mut self,
        x: &IBig,
        y: &IBig,
        at: usize,
    ) -> Result<IBig, crate::CalculateError> {
        if *y < IBig::ZERO {
            let s = usize::try_from(&(-y)).unwrap_or(usize::MAX);
            self.charge(limbs(x))?;
            return Ok(if s >= bits(x) {
                if *x < IBig::ZERO {
                    IBig::NEG_ONE
                } else {
                    IBig::ZERO
                }
            } else {
                x >> s
            });
        }
        if *x == IBig::ZERO {
            return Ok(IBig::ZERO);
        }
        let s = usize::try_from(y).unwrap_or(usize::MAX);
        if bits(x).saturating_add(s) > crate::num::fraction::MAX_BITS {
            return Err(function_error(FnError::TooLarge, "leftShift", at));
        }
        self.charge(limbs(x) + (s / 64) as u64)?;
        self.admit_digits((bits(x) + s) as u64, at)?;
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
                Value::BigInt(n) => Ok(dashu_int::IBig::clone(n)),
                Value::Boolean(b) => Ok(IBig::from(u8::from(*b))),
                Value::Number(x) if x.fract() == 0.0 && x.is_finite() => {
                    from_f64(*x).map_err(|e| function_error(e, "range", at))
                }
                Value::Number(x) => Err(failed(
                    format!(
                        "The number {} cannot be converted to a BigInt because it is not an integer",
                        crate::num::format::js_string(*x)
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
                        other.map_or_else(|| "unbounded".to_owned(), crate::eval::collections::thousands)
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
            data.push(Value::bigint(x));
            x = next;
        }
        self.build("range", data.len() as u64, at)?;
        Ok(Value::matrix(crate::value::matrix::Matrix::vector(data)))
    }

    /// A unary operator on a bigint.
    pub(crate) fn bigint_unary(&mut self, op: Op, x: &IBig, at: usize) -> Evaluated {
        self.charge(limbs(x))?;
        match op {
            Op::UnaryMinus => Ok(Value::bigint(-x)),
            Op::UnaryPlus => Ok(Value::bigint(x.clone())),
            Op::Not => Ok(Value::Boolean(*x == IBig::ZERO)),
            Op::BitNot => Ok(Value::bigint(-x - IBig::ONE)),
            _ => {
                let n = to_number(x).map_err(|e| function_error(e, "", at))?;
                self.unary(op, Value::Number(n), at, at)
            }
        }
    }

    /// `bigint(x)`, `num(x)` and `den(x)`, element by element over matrices.
    pub(crate) fn bigint_constructor(
        &mut self,
        name: &str,
        values: &[Value],
        at: usize,
    ) -> Evaluated {
        let Some(value) = values.first() else {
            return if name == "bigint" {
                Ok(Value::bigint(IBig::ZERO))
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
            return Ok(Value::matrix(crate::value::matrix::Matrix {
                shape: m.shape.clone(),
                data,
                array: m.array,
            }));
        }
        let error = |e: FnError| function_error(e, name, at);
        if name == "bigint" {
            return match value {
                Value::BigInt(n) => Ok(Value::BigInt(n.clone())),
                Value::Number(x) => from_f64(*x).map(Value::bigint).map_err(error),
                Value::Boolean(b) => Ok(Value::bigint(IBig::from(u8::from(*b)))),
                Value::Null => Ok(Value::bigint(IBig::ZERO)),
                Value::Str(s) => parse(s)
                    .map(Value::bigint)
                    .ok_or_else(|| mismatch(format!("Cannot convert {s} to a BigInt"), at)),
                Value::Big(x) => {
                    self.charge(1)?;
                    let rounded = crate::num::bignum::round_plain(x);
                    crate::num::bignum::to_ibig_below_1e21(&rounded)
                        .map(Value::bigint)
                        .ok_or_else(|| {
                            mismatch(
                                format!(
                                    "Cannot convert {} to a BigInt",
                                    crate::num::bignum::format(&rounded, None)
                                ),
                                at,
                            )
                        })
                }
                Value::Fraction(f) => from_f64(crate::num::fraction::to_f64(f))
                    .map(Value::bigint)
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
            Value::Fraction(f) => dashu_ratio::RBig::clone(f),
            Value::Boolean(b) => dashu_ratio::RBig::from(u8::from(*b)),
            // A bigint goes through BigNumber too (math.js has no bigint num/den).
            Value::Number(_) | Value::Str(_) | Value::Big(_) | Value::BigInt(_) => {
                let big = crate::eval::big_mode::as_big(value, at)?;
                // fraction.js reads the BigNumber's text (and refuses exponents).
                crate::num::bignum::to_fraction(&big)
                    .ok_or_else(|| failed("Invalid argument", at))?
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
            std::rc::Rc::new(fraction.numerator().clone())
        } else {
            std::rc::Rc::new(IBig::from(fraction.denominator().clone()))
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
        // A Fraction rounded to a bigint of places stays a Fraction (`apply_fraction`).
        if matches!(name, "round" | "floor" | "ceil" | "fix")
            && matches!(values, [Value::Fraction(_), Value::BigInt(_)])
        {
            return None;
        }
        if matches!(name, "max" | "min") {
            return Some(self.bigint_extremum(name, values, at));
        }
        if name == "log" && values.len() == 2 {
            // log(x, base) = log(x) / log(base), each a bigint logarithm where it is one.
            let mut logs = [0.0; 2];
            for (slot, value) in logs.iter_mut().zip(values) {
                *slot = match value {
                    Value::BigInt(n) if *n > std::rc::Rc::new(IBig::ZERO) => logarithm("log", n),
                    Value::BigInt(_) => {
                        return Some(Err(failed("b.toNumber is not a function", at)));
                    }
                    Value::Number(x) if *x >= 0.0 => crate::num::jsmath::log(*x),
                    _ => return None,
                };
            }
            return Some(Ok(Value::Number(logs[0] / logs[1])));
        }
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

    /// The bigint implementations of the rows with [`crate::functions::Facts::BIGINT`]; `None` when the arguments are not
    /// all bigints (or booleans and strings beside a bigint) or the function has none.
    fn bigint_own(&mut self, name: &str, values: &[Value], at: usize) -> Option<Evaluated> {
        if !crate::functions::has_facts(name, crate::functions::Facts::BIGINT) {
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
            ("abs", 1) => Ok(Value::bigint(IBig::clone(&n).abs())),
            ("sign", 1) => Ok(Value::bigint(n.signum())),
            ("unaryMinus", 1) => Ok(Value::bigint(-&*n)),
            ("unaryPlus", 1) => Ok(Value::BigInt(n)),
            ("bitNot", 1) => Ok(Value::bigint(-&*n - IBig::ONE)),
            ("cube" | "square", 1) => {
                let power = IBig::from(if name == "cube" { 3u8 } else { 2u8 });
                self.bigint_power(&n, &power, at).map(Value::bigint)
            }
            ("fix" | "floor" | "ceil" | "round", 1) => Ok(Value::BigInt(n)),
            ("fix" | "floor" | "ceil" | "round", 2) => match &values[1] {
                // The places convert to a number (a bigint, a numeric string) or stay a
                // BigNumber; the bigint is returned as it is.
                Value::Number(_) | Value::Big(_) | Value::BigInt(_) | Value::Boolean(_) => {
                    Ok(Value::BigInt(n))
                }
                Value::Str(_) => crate::functions::to_number(&values[1])
                    .map(|_| Value::BigInt(n))
                    .map_err(|e| function_error(e, name, at)),
                _ => return None,
            },
            ("isInteger", 1) => Ok(Value::Boolean(true)),
            ("isZero", 1) => Ok(Value::Boolean(n == std::rc::Rc::new(IBig::ZERO))),
            ("isPositive", 1) => Ok(Value::Boolean(n > std::rc::Rc::new(IBig::ZERO))),
            ("isNegative", 1) => Ok(Value::Boolean(n < std::rc::Rc::new(IBig::ZERO))),
            ("isNaN", 1) => Ok(Value::Boolean(false)),
            ("isPrime", 1) => self.bigint_is_prime(&n, at).map(Value::Boolean),
            ("log" | "log2" | "log10", 1) => {
                if n <= std::rc::Rc::new(IBig::ZERO) {
                    Err(failed("b.toNumber is not a function", at))
                } else {
                    Ok(Value::Number(logarithm(name, &n)))
                }
            }
            ("number", 1) => Ok(Value::Number(to_f64(&n))),
            ("bignumber", 1) => Ok(Value::Big(crate::num::bignum::Big::from_ibig(
                dashu_int::IBig::clone(&n),
            ))),
            ("fraction", 1) => Ok(Value::fraction(dashu_ratio::RBig::from(IBig::clone(&n)))),
            ("typeOf", 1) => Ok(Value::Str("bigint".into())),
            (_, 2) => return self.bigint_operator_function(name, values, at),
            _ => return None,
        })
    }

    /// `max` and `min` with a bigint argument: compared as the relational operators compare
    /// (converting where math.js converts), the winning argument returned as given (a numeric
    /// string as the configured number type), the first of equals.
    fn bigint_extremum(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let op = if name == "max" {
            Op::Larger
        } else {
            Op::Smaller
        };
        let mut best = &values[0];
        for next in &values[1..] {
            if crate::eval::compare(op, next, best, at)? {
                best = next;
            }
        }
        match best {
            // A winning string becomes the configured number type.
            Value::Str(_) => self.mode_number(best, at),
            other => Ok(other.clone()),
        }
    }

    /// `add(x, y)`, `mod(x, y)`, `bitAnd(x, y)`, ... with a bigint: as the operator.
    fn bigint_operator_function(
        &mut self,
        name: &str,
        values: &[Value],
        at: usize,
    ) -> Option<Evaluated> {
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
        Value::BigInt(n) => *n != std::rc::Rc::new(IBig::ZERO),
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
        "log2" => 4.0 * rest + crate::num::jsmath::log2(head),
        "log10" => crate::num::jsmath::log10(16.0) * rest + crate::num::jsmath::log10(head),
        _ => crate::num::jsmath::log(16.0) * rest + crate::num::jsmath::log(head),
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::{answer_in, reason_in};

    fn answer(expression: &str) -> String {
        answer_in(expression, "number")
    }

    fn reason(expression: &str) -> String {
        reason_in(expression, "number")
    }

    #[test]
    fn bigints_agree_with_mathjs() {
        // Every expected answer below is math.js 15.2's answer to the same expression (run
        // with tests/peer/evaluate.mjs); for a refusal, the comment quotes math.js's message.
        assert_eq!(answer("bigint(5) + bigint(7)"), "bigint 12");
        assert_eq!(answer("bigint(5)"), "bigint 5");
        assert_eq!(answer("bigint(2.5)"), "bigint 3");
        assert_eq!(answer("bigint(-2.5)"), "bigint -3");
        assert_eq!(answer("bigint(-0.4)"), "bigint 0");
        assert_eq!(answer("bigint(-3)"), "bigint -3");
        assert_eq!(answer("bigint(1e20)"), "bigint 100000000000000000000");
        // math.js: Cannot convert 1e+300 to a BigInt
        assert_eq!(reason("bigint(1e300)"), "type_mismatch");
        assert_eq!(
            answer("bigint(\"123456789012345678901234567890\")"),
            "bigint 123456789012345678901234567890"
        );
        // math.js: Cannot convert 12.5 to a BigInt
        assert_eq!(reason("bigint(\"12.5\")"), "type_mismatch");
        // math.js: Cannot convert abc to a BigInt
        assert_eq!(reason("bigint(\"abc\")"), "type_mismatch");
        assert_eq!(answer("bigint(\"0x1F\")"), "bigint 31");
        assert_eq!(answer("bigint(\"0b101\")"), "bigint 5");
        // math.js: Cannot convert -0x1F to a BigInt
        assert_eq!(reason("bigint(\"-0x1F\")"), "type_mismatch");
        assert_eq!(answer("bigint(\"+12\")"), "bigint 12");
        assert_eq!(answer("bigint(\" 12 \")"), "bigint 12");
        assert_eq!(answer("bigint(\"\")"), "bigint 0");
        assert_eq!(answer("bigint(true)"), "bigint 1");
        // math.js: Cannot convert 1.2345678901234567890123e+22 to a BigInt
        assert_eq!(
            reason("bigint(bignumber(\"12345678901234567890123\"))"),
            "type_mismatch"
        );
        assert_eq!(
            answer("bigint(bignumber(\"123456789012345678901\"))"),
            "bigint 123456789012345678901"
        );
        assert_eq!(answer("bigint(bignumber(2.5))"), "bigint 3");
        assert_eq!(answer("bigint(bignumber(-2.5))"), "bigint -3");
        assert_eq!(answer("bigint(fraction(6,3))"), "bigint 2");
        assert_eq!(answer("bigint(fraction(5,2))"), "bigint 3");
        assert_eq!(answer("bigint(fraction(-5,2))"), "bigint -3");
        assert_eq!(answer("bigint(null)"), "bigint 0");
        assert_eq!(answer("bigint()"), "bigint 0");
        assert_eq!(answer("bigint([1,2.5])"), "DenseMatrix [1, 3]");
        // math.js: Unexpected type of argument in function bigint (expected: number or BigNumber or bigint or Fraction or string
        assert_eq!(reason("bigint(2+3i)"), "type_mismatch");
        // math.js: Cannot convert NaN to a BigInt
        assert_eq!(reason("bigint(NaN)"), "type_mismatch");
        // math.js: Cannot convert Infinity to a BigInt
        assert_eq!(reason("bigint(Infinity)"), "type_mismatch");
        assert_eq!(answer("bigint(bigint(4))"), "bigint 4");
        // math.js: Unexpected type of argument in function bigint (expected: number or BigNumber or bigint or Fraction or string
        assert_eq!(reason("bigint(undefined)"), "type_mismatch");
        assert_eq!(answer("num(fraction(6,8))"), "bigint 3");
        assert_eq!(answer("den(fraction(6,8))"), "bigint 4");
        assert_eq!(answer("num(fraction(-6,8))"), "bigint -3");
        assert_eq!(answer("num(0.5)"), "bigint 1");
        assert_eq!(answer("den(0.5)"), "bigint 2");
        assert_eq!(answer("num(3)"), "bigint 3");
        assert_eq!(answer("num(bigint(3))"), "bigint 3");
        assert_eq!(answer("num([fraction(1,2), 0.25])"), "DenseMatrix [1, 1]");
        assert_eq!(answer("bigint(5) * 2"), "number 10");
        assert_eq!(answer("bigint(5) + 2.5"), "number 7.5");
        assert_eq!(answer("bigint(5) / bigint(2)"), "bigint 2");
        assert_eq!(answer("bigint(-5) / bigint(2)"), "bigint -2");
        assert_eq!(answer("bigint(5) / 2"), "number 2.5");
        assert_eq!(answer("bigint(7) - bigint(10)"), "bigint -3");
        assert_eq!(
            answer("bigint(2) ^ bigint(100)"),
            "bigint 1267650600228229401496703205376"
        );
        assert_eq!(answer("bigint(2) ^ 10"), "number 1024");
        // math.js: undefined must be positive
        assert_eq!(reason("bigint(2) ^ bigint(-1)"), "evaluation_failed");
        assert_eq!(answer("bigint(2) ^ 0.5"), "number 1.4142135623730951");
        assert_eq!(answer("bigint(5) mod bigint(3)"), "bigint 2");
        assert_eq!(answer("bigint(-5) mod bigint(3)"), "bigint 1");
        assert_eq!(answer("bigint(5) mod bigint(0)"), "bigint 5");
        // math.js: Division by zero (a RangeError: rule 11)
        assert_eq!(reason("bigint(5) / bigint(0)"), "evaluation_failed");
        assert_eq!(answer("bigint(5) + bignumber(1)"), "BigNumber 6");
        assert_eq!(answer("bigint(5) + fraction(1,2)"), "Fraction 11/2");
        assert_eq!(answer("bigint(5) + true"), "bigint 6");
        assert_eq!(answer("bigint(5) + \"3\""), "bigint 8");
        // math.js: Cannot convert "2.5" to BigInt
        assert_eq!(reason("bigint(5) + \"2.5\""), "type_mismatch");
        // math.js: Unexpected type of argument in function addScalar (expected: bigint or number or BigNumber or Fraction or stri
        assert_eq!(reason("bigint(5) + (2+i)"), "type_mismatch");
        assert_eq!(answer("bigint(5) == 5"), "boolean true");
        assert_eq!(answer("bigint(5) < bigint(7)"), "boolean true");
        assert_eq!(answer("bigint(5) == bigint(5)"), "boolean true");
        assert_eq!(answer("bigint(5) > 4.5"), "boolean true");
        assert_eq!(answer("-bigint(5)"), "bigint -5");
        assert_eq!(answer("+bigint(5)"), "bigint 5");
        assert_eq!(answer("bigint(5)!"), "number 120");
        assert_eq!(answer("abs(bigint(-5))"), "bigint 5");
        assert_eq!(answer("sign(bigint(-5))"), "bigint -1");
        assert_eq!(answer("sqrt(bigint(16))"), "number 4");
        assert_eq!(answer("sqrt(bigint(-16))"), "Complex 4i");
        assert_eq!(answer("gcd(bigint(12), bigint(18))"), "number 6");
        assert_eq!(answer("lcm(bigint(4), bigint(6))"), "number 12");
        assert_eq!(answer("mod(bigint(7), bigint(3))"), "bigint 1");
        assert_eq!(answer("pow(bigint(3), bigint(3))"), "bigint 27");
        assert_eq!(answer("isInteger(bigint(3))"), "boolean true");
        assert_eq!(answer("typeOf(bigint(3))"), "string \"bigint\"");
        assert_eq!(answer("format(bigint(3))"), "string \"3\"");
        assert_eq!(answer("string(bigint(3))"), "string \"3\"");
        assert_eq!(answer("number(bigint(3))"), "number 3");
        assert_eq!(
            answer("number(bigint(\"123456789012345678901234567890\"))"),
            "number 1.2345678901234568e+29"
        );
        assert_eq!(answer("bignumber(bigint(3))"), "BigNumber 3");
        assert_eq!(answer("fraction(bigint(3))"), "Fraction 3/1");
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 9007199254740992)
        assert_eq!(reason("bigint(9007199254740993) + 1"), "type_mismatch");
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 9007199254740993)
        assert_eq!(reason("bigint(\"9007199254740993\") + 1"), "type_mismatch");
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 11529215046068469
        assert_eq!(reason("bigint(2)^bigint(60) == 5"), "type_mismatch");
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 11529215046068469
        assert_eq!(reason("bigint(2)^bigint(60) > 5"), "type_mismatch");
        assert_eq!(
            answer("bigint(2)^bigint(60) > bignumber(5)"),
            "boolean true"
        );
        assert_eq!(answer("bigint(3) == fraction(3)"), "boolean true");
        assert_eq!(answer("bigint(3) < \"4\""), "boolean true");
        assert_eq!(answer("bigint(3) == true"), "boolean false");
        assert_eq!(answer("compare(bigint(3), bigint(5))"), "bigint -1");
        assert_eq!(answer("compare(bigint(3), 5)"), "number -1");
        assert_eq!(answer("max(bigint(3), bigint(5))"), "bigint 5");
        assert_eq!(answer("max(bigint(3), 5)"), "number 5");
        assert_eq!(answer("sum([bigint(3), bigint(5)])"), "bigint 8");
        assert_eq!(answer("mean([bigint(3), bigint(5)])"), "number 4");
        // math.js: Cannot convert a BigInt value to a number
        assert_eq!(reason("bigint(5) & bigint(3)"), "type_mismatch");
        // math.js: Cannot convert a BigInt value to a number
        assert_eq!(reason("bigint(5) | bigint(3)"), "type_mismatch");
        // math.js: Cannot convert a BigInt value to a number
        assert_eq!(reason("bigint(-5) & bigint(3)"), "type_mismatch");
        assert_eq!(answer("bigint(5) xor bigint(0)"), "boolean true");
        assert_eq!(answer("~bigint(5)"), "bigint -6");
        assert_eq!(
            answer("bigint(1) << bigint(100)"),
            "bigint 1267650600228229401496703205376"
        );
        assert_eq!(answer("bigint(-7) >> bigint(1)"), "bigint -4");
        assert_eq!(answer("bigint(8) >>> bigint(1)"), "number 4");
        // math.js: Cannot convert a BigInt value to a number
        assert_eq!(reason("bigint(5) & 3"), "type_mismatch");
        assert_eq!(answer("log(bigint(100))"), "number 4.605170185988092");
        assert_eq!(answer("log2(bigint(2)^bigint(200))"), "number 200");
        assert_eq!(answer("log10(bigint(1000))"), "number 3");
        // math.js: b.toNumber is not a function
        assert_eq!(reason("log(bigint(0))"), "evaluation_failed");
        // math.js: b.toNumber is not a function
        assert_eq!(reason("log(bigint(-5))"), "evaluation_failed");
        assert_eq!(answer("log(bigint(8), 2)"), "number 3");
        assert_eq!(answer("round(bigint(5), 2)"), "bigint 5");
        assert_eq!(answer("floor(bigint(5))"), "bigint 5");
        assert_eq!(answer("fix(bigint(-5))"), "bigint -5");
        assert_eq!(answer("ceil(bigint(5))"), "bigint 5");
        assert_eq!(answer("cube(bigint(5))"), "bigint 125");
        assert_eq!(answer("square(bigint(5))"), "bigint 25");
        assert_eq!(answer("isZero(bigint(0))"), "boolean true");
        assert_eq!(answer("isPositive(bigint(-3))"), "boolean false");
        assert_eq!(answer("isNegative(bigint(-3))"), "boolean true");
        assert_eq!(answer("isNaN(bigint(3))"), "boolean false");
        assert_eq!(answer("isFinite(bigint(3))"), "boolean true");
        assert_eq!(answer("isPrime(bigint(7))"), "boolean true");
        assert_eq!(answer("isPrime(bigint(1000003))"), "boolean true");
        assert_eq!(answer("isNumeric(bigint(3))"), "boolean true");
        assert_eq!(answer("hasNumericValue(bigint(3))"), "boolean true");
        assert_eq!(answer("boolean(bigint(0))"), "boolean false");
        assert_eq!(
            answer("format(bigint(123456789), 3)"),
            "string \"123456789\""
        );
        // math.js: Cannot convert 3 of type "bigint"; valid input types are string, number, BigNumber, Fraction
        assert_eq!(reason("numeric(bigint(3), \"number\")"), "type_mismatch");
        assert_eq!(answer("numeric(\"5\", \"bigint\")"), "bigint 5");
        assert_eq!(answer("numeric(5, \"bigint\")"), "bigint 5");
        assert_eq!(answer("exp(bigint(1))"), "number 2.718281828459045");
        assert_eq!(answer("factorial(bigint(5))"), "number 120");
        assert_eq!(answer("bigint(5) * [1, 2]"), "DenseMatrix [5, 10]");
        assert_eq!(
            answer("[bigint(1), bigint(2)] + bigint(3)"),
            "DenseMatrix [4, 5]"
        );
        assert_eq!(answer("not bigint(0)"), "boolean true");
        // math.js: Unsupported type of condition "bigint"
        assert_eq!(reason("bigint(0) ? 1 : 2"), "evaluation_failed");
        assert_eq!(answer("bigint(3) and true"), "boolean true");
        assert_eq!(answer("unaryMinus(bigint(3))"), "bigint -3");
        assert_eq!(answer("divide(bigint(7), bigint(2))"), "bigint 3");
        assert_eq!(answer("multiply(bigint(7), bigint(2))"), "bigint 14");
        assert_eq!(answer("mod(bigint(5), bigint(-3))"), "bigint 2");
        assert_eq!(answer("mod(bigint(-5), bigint(-3))"), "bigint -5");
        assert_eq!(answer("bigint(5) % bigint(3)"), "bigint 2");
        assert_eq!(answer("bigint(50)%"), "number 0.5");
        assert_eq!(answer("bigint(2) ^ bigint(0)"), "bigint 1");
        assert_eq!(answer("bigint(0) ^ bigint(0)"), "bigint 1");
        assert_eq!(answer("bigint(-2) ^ bigint(3)"), "bigint -8");
        assert_eq!(answer("bigint(-1) ^ bigint(1000001)"), "bigint -1");
        assert_eq!(answer("bigint(7) / bigint(-2)"), "bigint -3");
        assert_eq!(answer("num(bignumber(0.75))"), "bigint 3");
        assert_eq!(answer("den(bignumber(0.75))"), "bigint 4");
        // math.js: Cannot implicitly convert a number with >15 significant digits to BigNumber (value: 0.30000000000000004). Use
        assert_eq!(reason("num(0.1+0.2)"), "type_mismatch");
        assert_eq!(answer("num(true)"), "bigint 1");
        assert_eq!(answer("den(\"0.5\")"), "bigint 2");
        assert_eq!(answer("den(bigint(7))"), "bigint 1");
        // math.js: Unexpected type of argument in function num (expected: BigNumber or Fraction or Array or Matrix or number or b
        assert_eq!(reason("num(2+3i)"), "type_mismatch");
        assert_eq!(answer("equal(bigint(3), bigint(3))"), "boolean true");
        assert_eq!(
            answer("deepEqual([bigint(3)], [bigint(3)])"),
            "boolean true"
        );
        assert_eq!(answer("bigint(5) - 3.5"), "number 1.5");
        assert_eq!(
            answer("bigint(-9007199254740993) + 1"),
            "number -9007199254740991"
        );
        // math.js: Unexpected type of argument in function addScalar (expected: bigint or number or BigNumber or Fraction or stri
        assert_eq!(reason("bigint(5) + null"), "type_mismatch");
        assert_eq!(answer("bigint(5) + [bigint(1)]"), "DenseMatrix [6]");
        assert_eq!(
            answer("abs(bigint(\"-123456789012345678901234567890\"))"),
            "bigint 123456789012345678901234567890"
        );
        assert_eq!(answer("sign(bigint(0))"), "bigint 0");
        assert_eq!(answer("typeOf(num(fraction(1,2)))"), "string \"bigint\"");
        assert_eq!(answer("bigint(3) == 3.0000000000001"), "boolean true");
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 11529215046068469
        assert_eq!(
            reason("gcd(bigint(2)^bigint(60), bigint(4))"),
            "type_mismatch"
        );
        assert_eq!(answer("5 & bigint(3)"), "number 1");
        assert_eq!(answer("0 & bigint(3)"), "number 0");
        // math.js: Cannot convert a BigInt value to a number
        assert_eq!(reason("bitAnd(bigint(5), bigint(3))"), "type_mismatch");
        // math.js: Cannot convert a BigInt value to a number
        assert_eq!(reason("bitAnd(bigint(5), 3)"), "type_mismatch");
        // math.js: Cannot convert a BigInt value to a number
        assert_eq!(reason("bitOr(bigint(-5), bigint(3))"), "type_mismatch");
        assert_eq!(answer("bitXor(bigint(5), bigint(3))"), "bigint 6");
        assert_eq!(answer("leftShift(bigint(1), bigint(3))"), "bigint 8");
        assert_eq!(answer("bigint(5) ^ 2"), "number 25");
        assert_eq!(answer("bigint(1) << 3"), "number 8");
        assert_eq!(answer("bigint(1) << bigint(-1)"), "bigint 0");
        assert_eq!(answer("bigint(8) >> bigint(-1)"), "bigint 16");
        assert_eq!(answer("[1,2,3][bigint(2)]"), "number 2");
        assert_eq!(
            answer("bigint(123456789) * bigint(987654321)"),
            "bigint 121932631112635269"
        );
        assert_eq!(
            answer("bigint(\"99999999999999999999\") * bigint(\"99999999999999999999\")"),
            "bigint 9999999999999999999800000000000000000001"
        );
        assert_eq!(
            answer("bigint(10)^bigint(50) / bigint(3)"),
            "bigint 33333333333333333333333333333333333333333333333333"
        );
        assert_eq!(answer("bigint(-10)^bigint(21) mod bigint(7)"), "bigint 1");
        assert_eq!(answer("[bigint(1), 2, 3]"), "DenseMatrix [1, 2, 3]");
        assert_eq!(answer("{a: bigint(1)}"), "Object {\"a\": 1}");
        assert_eq!(answer("bigint(3) == bigint(4)"), "boolean false");
        assert_eq!(answer("bigint(3) != bigint(4)"), "boolean true");
        assert_eq!(answer("bigint(3) <= bigint(3)"), "boolean true");
        assert_eq!(answer("bigint(3) >= bigint(4)"), "boolean false");
        assert_eq!(answer("min(bigint(3), bigint(-4))"), "bigint -4");
        assert_eq!(answer("bigint(3) + bigint(4) * bigint(5)"), "bigint 23");
        assert_eq!(answer("add(bigint(1), 2)"), "number 3");
        assert_eq!(answer("subtract(bigint(1), bigint(2))"), "bigint -1");
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 10000000000000000
        assert_eq!(reason("bigint(1e15) * bigint(1e15) + 1"), "type_mismatch");
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 12676506002282294
        assert_eq!(reason("string(bigint(2)^bigint(100))"), "type_mismatch");
        assert_eq!(
            answer("concat(\"n=\", string(bigint(7)))"),
            "string \"n=7\""
        );
        assert_eq!(answer("isBounded(bigint(3))"), "boolean true");
        assert_eq!(answer("clone(bigint(3))"), "bigint 3");
        assert_eq!(answer("nullish(bigint(3), 4)"), "bigint 3");
        assert_eq!(answer("bigint(3) ?? 4"), "bigint 3");
        assert_eq!(answer("hasNumericValue(bigint(0))"), "boolean true");
        assert_eq!(answer("equal(bigint(3), 3)"), "boolean true");
        // math.js: Unexpected type of argument in function multiplyScalar (expected: bigint or number or BigNumber or Fraction or
        assert_eq!(reason("bigint(2) * i"), "type_mismatch");
        assert_eq!(
            answer("range(bigint(1), bigint(4))"),
            "DenseMatrix [1, 2, 3, 4]"
        );
        assert_eq!(answer("bigint(1):bigint(3)"), "DenseMatrix [1, 2, 3]");
        assert_eq!(answer("zeros(bigint(2))"), "DenseMatrix [0, 0]");
        // math.js: Cannot mix BigInt and other types, use explicit conversions
        assert_eq!(reason("[1,2,3][bigint(1):bigint(2)]"), "evaluation_failed");
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 11529215046068469
        assert_eq!(reason("boolean(bigint(2)^bigint(60))"), "type_mismatch");
        assert_eq!(
            answer("bignumber(bigint(2)^bigint(300))"),
            "BigNumber 2.037035976334486086268445688409378161051468393665936250636140449354381299763336706183397376e+90"
        );
        assert_eq!(
            answer("fraction(bigint(2)^bigint(100))"),
            "Fraction 1267650600228229401496703205376/1"
        );
        assert_eq!(
            answer("typeOf((bigint(1):bigint(3))[1])"),
            "string \"bigint\""
        );
        assert_eq!(
            answer("typeOf(range(bigint(1), bigint(4))[1])"),
            "string \"bigint\""
        );
        assert_eq!(
            answer("bigint(1):bigint(2):bigint(7)"),
            "DenseMatrix [1, 3, 5, 7]"
        );
        // math.js: The number 0.5 cannot be converted to a BigInt because it is not an integer
        assert_eq!(reason("bigint(1):0.5:3"), "evaluation_failed");
        assert_eq!(
            answer("range(bigint(1), bigint(4), bigint(2))"),
            "DenseMatrix [1, 3]"
        );
        assert_eq!(
            answer("range(bigint(1), bigint(4), true)"),
            "DenseMatrix [1, 2, 3, 4]"
        );
        assert_eq!(
            answer("range(bigint(1), bigint(4), bigint(2), false)"),
            "DenseMatrix [1, 3]"
        );
        assert_eq!(answer("bigint(1):3"), "DenseMatrix [1, 2, 3]");
        assert_eq!(answer("1:bigint(3)"), "DenseMatrix [1, 2, 3]");
        assert_eq!(
            answer("bigint(5):bigint(-1):bigint(1)"),
            "DenseMatrix [5, 4, 3, 2, 1]"
        );
        // math.js: Step must be non-zero
        assert_eq!(reason("bigint(1):bigint(0):bigint(3)"), "result_too_large");
        // math.js: Cannot convert 3 of type "bigint"; valid input types are string, number, BigNumber, Fraction
        assert_eq!(reason("numeric(bigint(3), \"bigint\")"), "type_mismatch");
        // math.js: Cannot convert abc to a BigInt
        assert_eq!(reason("numeric(\"abc\", \"bigint\")"), "type_mismatch");
        // math.js: Cannot convert 2.5 to a BigInt
        assert_eq!(reason("numeric(\"2.5\", \"bigint\")"), "type_mismatch");
        // math.js: The number 2.5 cannot be converted to a BigInt because it is not an integer
        assert_eq!(reason("numeric(2.5, \"bigint\")"), "evaluation_failed");
        // math.js: Cannot convert 2.5 to a BigInt
        assert_eq!(
            reason("numeric(bignumber(2.5), \"bigint\")"),
            "type_mismatch"
        );
        // math.js: The number 2.5 cannot be converted to a BigInt because it is not an integer
        assert_eq!(
            reason("numeric(fraction(5,2), \"bigint\")"),
            "evaluation_failed"
        );
        // math.js: Cannot convert true of type "boolean"; valid input types are string, number, BigNumber, Fraction
        assert_eq!(reason("numeric(true, \"bigint\")"), "type_mismatch");
        assert_eq!(answer("compare(bigint(3), true)"), "bigint 1");
        assert_eq!(answer("compare(bigint(3), \"5\")"), "bigint -1");
        assert_eq!(answer("max(bigint(3), \"5\")"), "number 5");
        assert_eq!(answer("max([bigint(1), bigint(7)])"), "bigint 7");
        assert_eq!(answer("min([bigint(1), 7])"), "bigint 1");
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 11529215046068469
        assert_eq!(reason("compare(bigint(2)^bigint(60), 5)"), "type_mismatch");
        assert_eq!(
            answer("zeros(bigint(2), bigint(3))"),
            "DenseMatrix [[0, 0, 0], [0, 0, 0]]"
        );
        assert_eq!(answer("ones(bigint(2))"), "DenseMatrix [1, 1]");
        assert_eq!(
            answer("identity(bigint(2))"),
            "DenseMatrix [[1, 0], [0, 1]]"
        );
        // math.js: Index out of range (0 < 1)
        assert_eq!(reason("[1,2,3][bigint(0)]"), "evaluation_failed");
        assert_eq!(
            answer("format(bigint(2)^bigint(100))"),
            "string \"1267650600228229401496703205376\""
        );
        assert_eq!(answer("deepEqual(bigint(3), 3)"), "boolean true");
        // deepEqual compares a Fraction argument as the float math.js's valueOf gives, so a
        // bigint beyond 2^53 beside it is refused, as beside a number; equal compares exactly.
        assert_eq!(
            reason("deepEqual(bigint(10)^bigint(20), fraction(1/2))"),
            "type_mismatch"
        );
        assert_eq!(
            reason("deepEqual(bigint(10)^bigint(20), 2)"),
            "type_mismatch"
        );
        assert_eq!(
            answer("equal(bigint(10)^bigint(20), fraction(1/2))"),
            "boolean false"
        );
        assert_eq!(
            answer("deepEqual(bigint(3), fraction(6/2))"),
            "boolean true"
        );
        assert_eq!(
            reason_in("deepEqual(2, bigint(10)^bigint(20))", "Fraction"),
            "type_mismatch"
        );
        // Inside matrices the elements are compared as they are.
        assert_eq!(
            answer("deepEqual([bigint(10)^bigint(20)], [fraction(1/2)])"),
            "boolean false"
        );
        assert_eq!(answer("isInteger(bigint(2)^bigint(60))"), "boolean true");
        assert_eq!(answer("sign(bigint(2)^bigint(60))"), "bigint 1");
        assert_eq!(
            answer("abs(bigint(2)^bigint(60))"),
            "bigint 1152921504606846976"
        );
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 11529215046068469
        assert_eq!(reason("mean([bigint(2)^bigint(60)])"), "type_mismatch");
        assert_eq!(answer("sum(bigint(2), bigint(3))"), "bigint 5");
        assert_eq!(answer("prod([bigint(2), bigint(3)])"), "bigint 6");
        assert_eq!(
            answer("cumsum([bigint(2), bigint(3)])"),
            "DenseMatrix [2, 5]"
        );
        assert_eq!(
            answer("median([bigint(2), bigint(3), bigint(4)])"),
            "number 3"
        );
        assert_eq!(
            answer("dotMultiply([bigint(2)], [bigint(3)])"),
            "DenseMatrix [6]"
        );
        assert_eq!(
            answer("[bigint(2), bigint(1)] * [bigint(3); bigint(1)]"),
            "DenseMatrix [7]"
        );
        assert_eq!(answer("unequal(bigint(1), bigint(2))"), "boolean true");
        assert_eq!(answer("larger(bigint(1), 0.5)"), "boolean true");
        assert_eq!(answer("smaller(bigint(1), bignumber(2))"), "boolean true");
        // math.js: Cannot convert "abc" to BigInt
        assert_eq!(reason("subtract(bigint(5), \"abc\")"), "type_mismatch");
        assert_eq!(
            answer("format(bigint(255), {notation: \"hex\"})"),
            "string \"255\""
        );
        assert_eq!(answer("format(index(2))"), "string \"[1]\"");
        assert_eq!(answer("format(index(2), 3)"), "string \"[1]\"");
        assert_eq!(answer("string(index(2, [3]))"), "string \"[1, [2]]\"");
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 18446744073709551
        assert_eq!(reason("bigint(2)^bigint(64) - 1"), "type_mismatch");
        assert_eq!(
            answer("bigint(-2)^bigint(63)"),
            "bigint -9223372036854775808"
        );
        assert_eq!(
            answer("bigint(3)^bigint(40) mod bigint(1000000007)"),
            "bigint 953271190"
        );
        assert_eq!(
            answer("(bigint(1) << bigint(64)) >> bigint(3)"),
            "bigint 2305843009213693952"
        );
        assert_eq!(answer("bitXor(bigint(-1), bigint(255))"), "bigint -256");
        assert_eq!(answer("bitNot(bigint(0))"), "bigint -1");
        assert_eq!(answer("leftShift(bigint(-3), bigint(2))"), "bigint -12");
        assert_eq!(
            answer("rightArithShift(bigint(-3), bigint(1))"),
            "bigint -2"
        );
        assert_eq!(answer("bigint(7) mod bigint(-7)"), "bigint 0");
        assert_eq!(answer("bigint(-7) mod bigint(7)"), "bigint 0");
        assert_eq!(answer("bigint(0) mod bigint(5)"), "bigint 0");
        assert_eq!(answer("bigint(5) * bigint(0)"), "bigint 0");
        assert_eq!(answer("bigint(\"-0\")"), "bigint 0");
        assert_eq!(answer("bigint(\"00012\")"), "bigint 12");
        // math.js: Cannot convert 1e3 to a BigInt
        assert_eq!(reason("bigint(\"1e3\")"), "type_mismatch");
        // math.js: Cannot convert 1_000 to a BigInt
        assert_eq!(reason("bigint(\"1_000\")"), "type_mismatch");
        // math.js: Cannot convert 0x to a BigInt
        assert_eq!(reason("bigint(\"0x\")"), "type_mismatch");
        // math.js: Cannot convert - to a BigInt
        assert_eq!(reason("bigint(\"-\")"), "type_mismatch");
        assert_eq!(answer("bigint(\"  -42  \")"), "bigint -42");
        assert_eq!(answer("num(fraction(0))"), "bigint 0");
        assert_eq!(answer("den(fraction(-3,9))"), "bigint 3");
        assert_eq!(answer("num(\"1.5\")"), "bigint 3");
        assert_eq!(answer("den(bigint(-4))"), "bigint 1");
        assert_eq!(answer("num(bignumber(\"1e-5\"))"), "bigint 1");
        assert_eq!(answer("den(bignumber(\"0.3333\"))"), "bigint 10000");
        // math.js: Unexpected type of argument in function num (expected: BigNumber or Fraction or Array or Matrix or number or b
        assert_eq!(reason("num(null)"), "type_mismatch");
        assert_eq!(answer("bigint(3.5) + bigint(-3.5)"), "bigint 0");
        assert_eq!(answer("isPositive(bigint(0))"), "boolean false");
        assert_eq!(answer("isNegative(bigint(0))"), "boolean false");
        assert_eq!(answer("isZero(bigint(5))"), "boolean false");
        assert_eq!(
            answer("square(bigint(2)^bigint(40))"),
            "bigint 1208925819614629174706176"
        );
        assert_eq!(answer("cube(bigint(-3))"), "bigint -27");
        assert_eq!(answer("bigint(10) / bigint(3) * bigint(3)"), "bigint 9");
        assert_eq!(answer("fix(bigint(3), 2)"), "bigint 3");
        assert_eq!(answer("bignumber(fraction(-5,2))"), "BigNumber -2.5");
        assert_eq!(answer("fraction(bignumber(2.5))"), "Fraction 5/2");
        // math.js: Invalid argument
        assert_eq!(
            reason("fraction(bignumber(\"1e-30\"))"),
            "evaluation_failed"
        );
        assert_eq!(answer("fraction(bignumber(\"-0.125\"))"), "Fraction -1/8");
        // math.js: Invalid argument
        assert_eq!(reason("fraction(bignumber(\"1e21\"))"), "evaluation_failed");
        assert_eq!(
            answer("fraction(bignumber(\"1e20\"))"),
            "Fraction 100000000000000000000/1"
        );
        // math.js: Invalid argument
        assert_eq!(
            reason("fraction(bignumber(\"1.5e-7\"))"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("fraction(bignumber(\"1.5e-6\"))"),
            "Fraction 3/2000000"
        );
        // math.js: Invalid argument
        assert_eq!(reason("num(bignumber(\"1e21\"))"), "evaluation_failed");
        assert_eq!(
            answer("fraction(bignumber(\"123456789.123456789123456789\"))"),
            "Fraction 123456789123456789123456789/1000000000000000000"
        );
        assert_eq!(answer("typeOf((bigint(1):3)[1])"), "string \"bigint\"");
        assert_eq!(answer("typeOf((1:bigint(3))[1])"), "string \"bigint\"");
        assert_eq!(answer("typeOf((bigint(1):2:5)[2])"), "string \"bigint\"");
        assert_eq!(answer("numeric(bignumber(4), \"bigint\")"), "bigint 4");
        assert_eq!(answer("numeric(fraction(4), \"bigint\")"), "bigint 4");
        assert_eq!(answer("compare(bignumber(3), 5)"), "BigNumber -1");
    }

    #[test]
    fn conversions_in_functions_without_bigint_implementations() {
        // Every expected answer below is math.js 15.2's answer to the same expression (run
        // with tests/peer/evaluate.mjs); for a refusal, the comment quotes math.js's message.
        assert_eq!(answer("transpose(bigint(3))"), "bigint 3");
        assert_eq!(answer("re(bigint(3))"), "number 3");
        assert_eq!(answer("conj(bigint(3))"), "number 3");
        assert_eq!(answer("norm(bigint(-3))"), "number 3");
        assert_eq!(answer("ctranspose(bigint(3))"), "number 3");
        assert_eq!(answer("max(bigint(3), 2)"), "bigint 3");
        assert_eq!(answer("min(bigint(3), 2, bigint(1))"), "bigint 1");
        assert_eq!(answer("max(2, bigint(3))"), "bigint 3");
        assert_eq!(answer("max(bigint(3), \"5\")"), "number 5");
        assert_eq!(answer("max(bigint(3), 5)"), "number 5");
        assert_eq!(answer("min(bigint(3), true)"), "boolean true");
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 11529215046068469
        assert_eq!(reason("max(bigint(2)^bigint(60), 2)"), "type_mismatch");
        assert_eq!(
            answer("max(bigint(2)^bigint(60), bigint(2))"),
            "bigint 1152921504606846976"
        );
        assert_eq!(answer("and(bigint(3), bigint(0))"), "boolean false");
        assert_eq!(
            answer("and(bigint(2)^bigint(60), bigint(1))"),
            "boolean true"
        );
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 11529215046068469
        assert_eq!(reason("and(bigint(2)^bigint(60), 2)"), "type_mismatch");
        assert_eq!(answer("xor(bigint(3), 1)"), "boolean false");
        assert_eq!(answer("or(bigint(0), 0)"), "boolean false");
        assert_eq!(
            answer("bitAnd([bigint(1), bigint(2)], 2)"),
            "DenseMatrix [0, 2]"
        );
        assert_eq!(answer("[bigint(1), bigint(2)] & 2"), "DenseMatrix [0, 2]");
        assert_eq!(answer("[1, 2] & 2"), "DenseMatrix [0, 2]");
        assert_eq!(answer("[1, 2] | [4, 4]"), "DenseMatrix [5, 6]");
        assert_eq!(
            answer("bitOr([bigint(1), bigint(2)], [bigint(4), bigint(4)])"),
            "DenseMatrix [5, 6]"
        );
        assert_eq!(answer("bitXor(bigint(6), 3)"), "number 5");
        assert_eq!(answer("log(bigint(2)^bigint(70), 2)"), "number 70");
        assert_eq!(answer("log(bigint(100), bigint(10))"), "number 2");
        assert_eq!(answer("log(1000, bigint(10))"), "number 2.9999999999999996");
        // math.js: b.toNumber is not a function
        assert_eq!(reason("log(bigint(8), bigint(0))"), "evaluation_failed");
        // math.js: b.toNumber is not a function
        assert_eq!(reason("log(bigint(0), 2)"), "evaluation_failed");
        assert_eq!(answer("isBounded(bigint(2)^bigint(70))"), "boolean true");
        assert_eq!(answer("isFinite(bigint(2)^bigint(70))"), "boolean true");
        assert_eq!(answer("floor(bigint(3), bigint(2))"), "bigint 3");
        assert_eq!(answer("round(bigint(3), \"2\")"), "bigint 3");
        assert_eq!(answer("round(bigint(3), true)"), "bigint 3");
        assert_eq!(answer("ceil(bigint(3), bigint(3))"), "bigint 3");
        assert_eq!(answer("fix(bigint(3), bigint(3))"), "bigint 3");
        assert_eq!(
            answer("deepEqual(bigint(2)^bigint(70), bigint(2)^bigint(70))"),
            "boolean true"
        );
        assert_eq!(answer("max([bigint(1), 5])"), "number 5");
        assert_eq!(answer("min(bigint(4), bignumber(3))"), "BigNumber 3");
        assert_eq!(answer("max(bigint(4), fraction(9, 2))"), "Fraction 9/2");
    }

    #[test]
    fn dot_products_sums_and_fractions_convert_as_in_mathjs() {
        // Every expected answer below is math.js 15.2's answer to the same expression (run
        // with tests/peer/evaluate.mjs); for a refusal, the comment quotes math.js's message.
        // math.js: Cannot mix BigInt and other types, use explicit conversions
        assert_eq!(
            reason("dot([bigint(1), bigint(2)], [bigint(3), bigint(4)])"),
            "evaluation_failed"
        );
        assert_eq!(answer("dot([1, 2], [bigint(3), bigint(4)])"), "number 11");
        assert_eq!(answer("[true, true] * [bigint(1), bigint(2)]"), "number 3");
        assert_eq!(answer("[bigint(1), bigint(2)] * [3, 4]"), "number 11");
        assert_eq!(answer("[bigint(1), bigint(2)] * [true, true]"), "number 3");
        assert_eq!(
            answer("[bigint(1); bigint(2)]' * [bigint(3); bigint(4)]"),
            "DenseMatrix [[11]]"
        );
        // math.js: Cannot mix BigInt and other types, use explicit conversions
        assert_eq!(reason("[bigint(2)] * [bigint(3)]"), "evaluation_failed");
        assert_eq!(answer("cumsum([\"4\", 5])"), "DenseMatrix [4, 9]");
        assert_eq!(answer("cumsum([true, bigint(5)])"), "DenseMatrix [1, 6]");
        // math.js: Invalid argument
        assert_eq!(reason("num(bigint(2)^bigint(100))"), "evaluation_failed");
        assert_eq!(
            answer("num(bigint(2)^bigint(60))"),
            "bigint 1152921504606846976"
        );
        assert_eq!(answer("den(bigint(-7))"), "bigint 1");
        assert_eq!(answer("max(\"4\", bigint(0))"), "number 4");
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 11529215046068469
        assert_eq!(reason("bigint(2)^bigint(60) and 2"), "type_mismatch");
        assert_eq!(answer("bigint(2)^bigint(60) or bigint(1)"), "boolean true");
        assert_eq!(
            answer_in("max(\"4\", bigint(0))", "BigNumber"),
            "BigNumber 4"
        );
        assert_eq!(
            answer_in("min(bigint(3), \"2\")", "BigNumber"),
            "BigNumber 2"
        );
        assert_eq!(
            answer_in("max(\"4\", bigint(0))", "Fraction"),
            "Fraction 4/1"
        );
        assert_eq!(
            answer_in("min(bigint(3), \"2\")", "Fraction"),
            "Fraction 2/1"
        );
    }

    #[test]
    fn natural_order_sort_and_trace() {
        // Every expected answer below is math.js 15.2's answer to the same expression (run
        // with tests/peer/evaluate.mjs); for a refusal, the comment quotes math.js's message.
        assert_eq!(answer("compareNatural(bigint(1), 2)"), "number -1");
        assert_eq!(answer("compareNatural(bigint(3), 2)"), "number 1");
        assert_eq!(answer("compareNatural(bigint(3), \"2\")"), "number -1");
        assert_eq!(answer("compareNatural(bigint(3), true)"), "number -1");
        assert_eq!(answer("compareNatural(bigint(3), bigint(3))"), "number 0");
        assert_eq!(answer("compareNatural(2, bigint(3))"), "number -1");
        assert_eq!(answer("compareNatural(bigint(3), 3)"), "number -1");
        assert_eq!(answer("compareNatural(3, bigint(3))"), "number 1");
        assert_eq!(answer("compareNatural(bigint(3), 2+i)"), "number 1");
        assert_eq!(answer("compareNatural(bigint(3), null)"), "number -1");
        assert_eq!(answer("sort([bigint(3), 1])"), "DenseMatrix [1, 3]");
        // math.js: Cannot convert a BigInt value to a number
        assert_eq!(reason("sort([bigint(3), 1, bigint(2)])"), "type_mismatch");
        // math.js: Cannot convert a BigInt value to a number
        assert_eq!(
            reason("sort([bigint(3), bigint(1)], \"desc\")"),
            "type_mismatch"
        );
        assert_eq!(answer("sort([bigint(3)])"), "DenseMatrix [3]");
        assert_eq!(answer("setUnion([bigint(1)], [2])"), "DenseMatrix [1, 2]");
        assert_eq!(
            answer("setUnion([bigint(1)], [bigint(2)])"),
            "DenseMatrix [1, 2]"
        );
        assert_eq!(
            answer("setDistinct([bigint(1), bigint(1)])"),
            "DenseMatrix [1]"
        );
        assert_eq!(answer("trace([bigint(1), 2; 3, 4])"), "number 5");
        assert_eq!(answer("trace([true, 2; 3, 4])"), "number 5");
        assert_eq!(
            answer("trace([bigint(1), bigint(2); bigint(3), bigint(4)])"),
            "number 5"
        );
        assert_eq!(answer("trace([bigint(7)])"), "bigint 7");
    }

    #[test]
    fn a_winning_string_becomes_the_modes_number() {
        // Every expected answer below is math.js 15.2's answer to the same expression (run
        // with tests/peer/evaluate.mjs).
        assert_eq!(answer("max([2, \"4\"])"), "number 4");
        assert_eq!(answer("min([2, \"1\"])"), "number 1");
        assert_eq!(answer("max([\"4\", \"10\"])"), "number 10");
        assert_eq!(answer("max([true, 0])"), "boolean true");
        assert_eq!(answer("max([bigint(3), \"4\"])"), "number 4");
        assert_eq!(answer("min([bigint(3), \"4\"])"), "bigint 3");
        assert_eq!(answer_in("max([2, \"4\"])", "BigNumber"), "BigNumber 4");
        assert_eq!(answer_in("min([2, \"1\"])", "BigNumber"), "BigNumber 1");
        assert_eq!(
            answer_in("max([\"4\", \"10\"])", "BigNumber"),
            "BigNumber 10"
        );
        assert_eq!(answer_in("max([true, 0])", "BigNumber"), "boolean true");
        assert_eq!(
            answer_in("max([bigint(3), \"4\"])", "BigNumber"),
            "BigNumber 4"
        );
        assert_eq!(
            answer_in("min([bigint(3), \"4\"])", "BigNumber"),
            "bigint 3"
        );
        assert_eq!(answer_in("max([2, \"4\"])", "Fraction"), "Fraction 4/1");
        assert_eq!(answer_in("min([2, \"1\"])", "Fraction"), "Fraction 1/1");
        assert_eq!(
            answer_in("max([\"4\", \"10\"])", "Fraction"),
            "Fraction 10/1"
        );
        assert_eq!(answer_in("max([true, 0])", "Fraction"), "boolean true");
        assert_eq!(
            answer_in("max([bigint(3), \"4\"])", "Fraction"),
            "Fraction 4/1"
        );
        assert_eq!(answer_in("min([bigint(3), \"4\"])", "Fraction"), "bigint 3");
    }

    #[test]
    fn strings_beside_bigints_and_the_start_of_cumsum() {
        // Every expected answer below is math.js 15.2's answer to the same expression (run
        // with tests/peer/evaluate.mjs); for a refusal, the comment quotes math.js's message.
        assert_eq!(
            answer("max(\"4\", num(bigint(10)^bigint(20)))"),
            "bigint 100000000000000000000"
        );
        assert_eq!(
            answer(
                "[min(bigint(\"123456789012345678901\"), \"4\"), (bigint(12)) >= (bigint(0))] + bigint(2)"
            ),
            "DenseMatrix [6, 3]"
        );
        assert_eq!(answer("max(bigint(3), \"5\")"), "number 5");
        assert_eq!(answer("min(bigint(3), \"2\")"), "number 2");
        assert_eq!(answer("cumsum([true, bigint(2.5)])"), "DenseMatrix [1, 4]");
        assert_eq!(answer("cumsum([\"4\", 2])"), "DenseMatrix [4, 6]");
        // math.js: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: 10000000000000000
        assert_eq!(
            reason("bigint(cumsum([true, bigint(10)^bigint(20)]))"),
            "type_mismatch"
        );
        assert_eq!(
            answer_in("max(\"4\", num(bigint(10)^bigint(20)))", "BigNumber"),
            "bigint 100000000000000000000"
        );
        assert_eq!(
            answer_in(
                "[min(bigint(\"123456789012345678901\"), \"4\"), (bigint(12)) >= (bigint(0))] + bigint(2)",
                "BigNumber"
            ),
            "DenseMatrix [6, 3]"
        );
        assert_eq!(
            answer_in("max(bigint(3), \"5\")", "BigNumber"),
            "BigNumber 5"
        );
        assert_eq!(
            answer_in("min(bigint(3), \"2\")", "BigNumber"),
            "BigNumber 2"
        );
        assert_eq!(
            answer_in("cumsum([true, bigint(2.5)])", "BigNumber"),
            "DenseMatrix [1, 4]"
        );
        assert_eq!(
            answer_in("cumsum([\"4\", 2])", "BigNumber"),
            "DenseMatrix [4, 6]"
        );
        assert_eq!(
            answer_in("bigint(cumsum([true, bigint(10)^bigint(20)]))", "BigNumber"),
            "DenseMatrix [1, 100000000000000000001]"
        );
        assert_eq!(
            answer_in("max(\"4\", num(bigint(10)^bigint(20)))", "Fraction"),
            "bigint 100000000000000000000"
        );
        assert_eq!(
            answer_in(
                "[min(bigint(\"123456789012345678901\"), \"4\"), (bigint(12)) >= (bigint(0))] + bigint(2)",
                "Fraction"
            ),
            "DenseMatrix [6/1, 3]"
        );
        assert_eq!(
            answer_in("max(bigint(3), \"5\")", "Fraction"),
            "Fraction 5/1"
        );
        assert_eq!(
            answer_in("min(bigint(3), \"2\")", "Fraction"),
            "Fraction 2/1"
        );
        assert_eq!(
            answer_in("cumsum([true, bigint(2.5)])", "Fraction"),
            "DenseMatrix [1/1, 4/1]"
        );
        assert_eq!(
            answer_in("cumsum([\"4\", 2])", "Fraction"),
            "DenseMatrix [4/1, 6/1]"
        );
        assert_eq!(
            answer_in("bigint(cumsum([true, bigint(10)^bigint(20)]))", "Fraction"),
            "DenseMatrix [1, 100000000000000000000]"
        );
    }

    #[test]
    fn other_numeric_types() {
        // Every expected answer below is math.js 15.2's answer to the same expression (run
        // with tests/peer/evaluate.mjs); for a refusal, the comment quotes math.js's message.
        assert_eq!(answer_in("bigint(5) + 1", "BigNumber"), "BigNumber 6");
        assert_eq!(answer_in("bigint(5) * 2.5", "BigNumber"), "BigNumber 12.5");
        assert_eq!(answer_in("bigint(5) / 2", "BigNumber"), "BigNumber 2.5");
        assert_eq!(
            answer_in("bigint(2) ^ 0.5", "BigNumber"),
            "BigNumber 1.414213562373095048801688724209698078569671875376948073176679738"
        );
        assert_eq!(answer_in("bigint(3) == 3", "BigNumber"), "boolean true");
        assert_eq!(
            answer_in("compare(bigint(3), 5)", "BigNumber"),
            "BigNumber -1"
        );
        assert_eq!(
            answer_in("bigint(1):3", "BigNumber"),
            "DenseMatrix [1, 2, 3]"
        );
        assert_eq!(
            answer_in("typeOf((bigint(1):3)[1])", "BigNumber"),
            "string \"BigNumber\""
        );
        assert_eq!(answer_in("num(0.75)", "BigNumber"), "bigint 3");
        assert_eq!(answer_in("den(0.75)", "BigNumber"), "bigint 4");
        assert_eq!(answer_in("num(bignumber(0.75))", "BigNumber"), "bigint 3");
        assert_eq!(answer_in("sqrt(bigint(16))", "BigNumber"), "number 4");
        assert_eq!(answer_in("bigint(7) + bigint(3)", "BigNumber"), "bigint 10");
        assert_eq!(
            answer_in("mod(bigint(-7), bigint(3))", "BigNumber"),
            "bigint 2"
        );
        assert_eq!(answer_in("bigint(5) + 1", "Fraction"), "Fraction 6/1");
        assert_eq!(answer_in("bigint(5) * 2.5", "Fraction"), "Fraction 25/2");
        assert_eq!(answer_in("bigint(5) / 2", "Fraction"), "Fraction 5/2");
        assert_eq!(answer_in("bigint(3) == 3", "Fraction"), "boolean true");
        assert_eq!(
            answer_in("compare(bigint(3), 5)", "Fraction"),
            "Fraction -1/1"
        );
        assert_eq!(
            answer_in("bigint(1):3", "Fraction"),
            "DenseMatrix [1/1, 2/1, 3/1]"
        );
        assert_eq!(answer_in("num(0.75)", "Fraction"), "bigint 3");
        assert_eq!(answer_in("den(0.75)", "Fraction"), "bigint 4");
        assert_eq!(answer_in("num(bignumber(0.75))", "Fraction"), "bigint 3");
        assert_eq!(answer_in("sqrt(bigint(16))", "Fraction"), "number 4");
        assert_eq!(answer_in("bigint(7) + bigint(3)", "Fraction"), "bigint 10");
        assert_eq!(
            answer_in("mod(bigint(-7), bigint(3))", "Fraction"),
            "bigint 2"
        );
    }

    #[test]
    fn sizes_are_bounded_and_work_is_metered() {
        let timeout = "evaluation_timeout";
        // 2^(10^9) would have a billion bits: refused before it is computed.
        assert_eq!(reason("bigint(2)^bigint(10^9)"), timeout);
        assert_eq!(reason("bigint(1) << bigint(10)^bigint(8)"), timeout);
        assert_eq!(reason("bigint(-2)^bigint(10)^bigint(100)"), timeout);
        // 0, 1 and -1 to any power need no work.
        assert_eq!(answer("bigint(-1)^bigint(10)^bigint(100)"), "bigint 1");
        assert_eq!(answer("bigint(0)^bigint(10)^bigint(100)"), "bigint 0");
        // A million-digit bigint is computed, but not written out.
        assert_eq!(
            answer("log2(bigint(3)^bigint(2000000))"),
            "number 3169925.0014423123"
        );
        assert_eq!(reason("bigint(3)^bigint(2000000)"), "result_too_large");
        assert_eq!(reason("[bigint(3)^bigint(2000000)]"), "result_too_large");
        assert_eq!(reason("format(bigint(3)^bigint(2000000))"), timeout);
        assert_eq!(
            answer("string(bigint(3)^bigint(2000000))"),
            "type_mismatch: Type mismatch: Cannot implicitly convert bigint to number: value exceeds the max safe integer value (value: an integer of about 954242 digits)"
        );
        // Trial division of a large prime runs out of the meter, as math.js runs out of time.
        assert_eq!(reason("isPrime(bigint(2)^bigint(61) - bigint(1))"), timeout);
        assert_eq!(
            answer("isPrime(bigint(2)^bigint(31) - bigint(1))"),
            "boolean true"
        );
        assert_eq!(reason("bigint(1):bigint(0):bigint(3)"), "result_too_large");
        assert_eq!(reason("bigint(1):bigint(2000000)"), "result_too_large");
    }
}
