//! Conversions between value types with math.js's implicit rules: a value as a binary64 number
//! where math.js converts one (booleans, numeric strings, BigNumbers, bigints), and
//! JavaScript's `Number(value)`.

use crate::error::FnError;
use crate::num::literal::parse_js_number;
use crate::value::Value;

/// A value as a number, with math.js's implicit conversions (booleans; numeric strings).
pub(crate) fn to_number(value: &Value) -> Result<f64, FnError> {
    match value {
        Value::Number(x) => Ok(*x),
        // Fraction mode only: a Fraction that must become a float has no exact path.
        Value::Fraction(_) => Err(FnError::NoExactFraction),
        Value::Boolean(b) => Ok(f64::from(u8::from(*b))),
        Value::Str(s) => parse_js_number(s)
            .ok_or_else(|| FnError::Type(format!("Cannot convert \"{s}\" to a number"))),
        Value::Null | Value::Undefined => Err(FnError::Type(format!(
            "unexpected type of argument (actual: {})",
            value.type_name()
        ))),
        Value::Function(_) => Err(FnError::Type("a function was used as a value".into())),
        Value::Object(_) => Err(FnError::Type(
            "unexpected type of argument (actual: Object)".into(),
        )),
        Value::Big(x) => Ok(crate::num::bignum::to_f64(x)),
        Value::BigInt(n) => crate::num::bigint::to_number(n),
        Value::Index(_) => Err(FnError::Type(
            "unexpected type of argument (actual: Index)".into(),
        )),
        Value::Unit(_) => Err(FnError::Type(
            "unexpected type of argument (actual: Unit)".into(),
        )),
        Value::Complex(_) => Err(FnError::Type(
            "Cannot convert a Complex number to a real number".into(),
        )),
        Value::Sparse(_) => Err(FnError::NotImplemented("arithmetic on sparse matrices")),
        Value::Help(_) => Err(FnError::Type(
            "unexpected type of argument (actual: Help)".into(),
        )),
        Value::Matrix(m) => Err(FnError::Type(format!(
            "unexpected type of argument (actual: {})",
            m.type_name()
        ))),
    }
}

/// JavaScript's `Number(value)`: NaN for anything that is not a number.
pub(crate) fn js_number(value: &Value) -> f64 {
    match value {
        Value::Number(x) => *x,
        Value::Big(x) => crate::num::bignum::to_f64(x),
        Value::BigInt(n) => crate::num::bigint::to_f64(n),
        Value::Boolean(b) => f64::from(u8::from(*b)),
        Value::Str(_) => to_number(value).unwrap_or(f64::NAN),
        Value::Null => 0.0,
        _ => f64::NAN,
    }
}
