//! Section 3 steps 10 and 11: the checks of an evaluation's value (finite, no unsafe float, not
//! a function or `help`, within the result's size), and the answer's JSON text, written straight
//! into the front end's buffer.

use crate::error::{CalculateError, Reason};

/// Longest formatted result, in UTF-16 code units.
pub(crate) const MAX_RESULT_UNITS: usize = 100_000;

/// Appends the text of the matrix result `m` (which is `value`) inside the answer's result
/// string: straight into `out` when it holds only numbers, else formatted and escaped. On an
/// error `out` is cut back to `start` (nothing appended). Out of line, so that the number path
/// of [`calculate_into_counted`] stays small.
#[inline(never)]
pub(crate) fn write_matrix_result(
    m: &crate::value::matrix::Matrix,
    value: &crate::value::Value,
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
pub(crate) fn write_json_string_body(out: &mut Vec<u8>, text: &str) {
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
pub(crate) fn write_escaped_body(out: &mut Vec<u8>, bytes: &[u8], mut plain: usize) {
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

/// Section 3 step 10: the checks of an evaluation's value.
#[inline(always)]
pub(crate) fn checked_result(
    value: crate::value::Value,
    fraction_mode: bool,
) -> Result<crate::value::Value, CalculateError> {
    if let crate::value::Value::Number(x) = value
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
    if let crate::value::Value::Fraction(f) = &value
        && crate::num::fraction::bits(f) > MAX_RESULT_UNITS * 10 / 3
    {
        // More bits than 100,000 digits can hold (a part needs ≥ bits·log10 2 > 100,000
        // digits): refuse before spending time writing the digits out.
        return Err(result_too_large());
    }
    if crate::eval::bigint::largest_bits(&value) > MAX_RESULT_UNITS * 10 / 3 {
        // More digits than a result may have: refused before writing them out.
        return Err(result_too_large());
    }
    Ok(value)
}

/// Step 10 for a number result outside Fraction mode: it is the answer when finite.
#[inline]
pub(crate) fn finite_number(x: f64) -> Result<crate::value::Value, CalculateError> {
    if x.is_finite() {
        Ok(crate::value::Value::Number(x))
    } else {
        Err(crate::eval::undefined_result())
    }
}

/// Section 3 step 11: the result's text, refused when it is longer than a result may be.
pub(crate) fn formatted(
    value: &crate::value::Value,
    precision: Option<u32>,
) -> Result<String, CalculateError> {
    let result = value.format(precision);
    // UTF-16 units: one per byte for ASCII, which almost every result is.
    if result.len() > MAX_RESULT_UNITS && result.encode_utf16().count() > MAX_RESULT_UNITS {
        return Err(result_too_large());
    }
    Ok(result)
}

pub(crate) fn result_too_large() -> CalculateError {
    CalculateError::new(
        Reason::ResultTooLarge,
        "Result exceeds maximum size (100000 characters). Reduce matrix dimensions or simplify the expression.",
    )
}

/// The result checks of [`checked_value`] outside Fraction mode for a matrix whose elements are
/// all finite numbers (most matrix results), which can only fail by its size: one pass over the
/// elements instead of the general checks' four (help values, leaves, non-finite numbers,
/// bigints). `None` for any other value.
pub(crate) fn number_matrix_check(
    value: &crate::value::Value,
) -> Option<Result<(), CalculateError>> {
    let crate::value::Value::Matrix(m) = value else {
        return None;
    };
    if !m
        .data
        .iter()
        .all(|v| matches!(v, crate::value::Value::Number(x) if x.is_finite()))
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
pub(crate) fn check_result(
    value: &crate::value::Value,
    fraction_mode: bool,
) -> Result<(), CalculateError> {
    if matches!(value, crate::value::Value::Function(_)) {
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
    if crate::value::matrix::leaves(value) > MAX_RESULT_UNITS / 3 {
        return Err(result_too_large());
    }
    if has_non_finite(value) {
        return Err(crate::eval::undefined_result());
    }
    if fraction_mode && has_unsafe_float(value) {
        let mut error = crate::eval::fraction_unsupported_float(0);
        error.position = None;
        return Err(error);
    }
    Ok(())
}

/// A binary64 number that is not a safe integer (|n| ≤ 2^53 − 1, integral), anywhere.
pub(crate) fn has_unsafe_float(value: &crate::value::Value) -> bool {
    const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
    match value {
        crate::value::Value::Number(x) => x.fract() != 0.0 || x.abs() > MAX_SAFE,
        crate::value::Value::Object(entries) => entries.iter().any(|(_, v)| has_unsafe_float(v)),
        crate::value::Value::Matrix(m) => m.data.iter().any(has_unsafe_float),
        crate::value::Value::Sparse(m) => m.data.iter().any(has_unsafe_float),
        crate::value::Value::Complex(z) => [z.re, z.im]
            .iter()
            .any(|x| x.fract() != 0.0 || x.abs() > MAX_SAFE),
        // A unit whose magnitude is a binary64 number, not an exact one.
        crate::value::Value::Unit(u) => {
            u.exact.is_none()
                && u.value
                    .is_some_and(|x| x.fract() != 0.0 || x.abs() > MAX_SAFE)
        }
        _ => false,
    }
}

/// A help value anywhere (step 10b).
pub(crate) fn has_help(value: &crate::value::Value) -> bool {
    match value {
        crate::value::Value::Help(_) => true,
        crate::value::Value::Object(entries) => entries.iter().any(|(_, v)| has_help(v)),
        crate::value::Value::Matrix(m) => m.data.iter().any(has_help),
        _ => false,
    }
}

pub(crate) fn has_non_finite(value: &crate::value::Value) -> bool {
    match value {
        crate::value::Value::Number(x) => !x.is_finite(),
        crate::value::Value::Object(entries) => entries.iter().any(|(_, v)| has_non_finite(v)),
        crate::value::Value::Matrix(m) => m.data.iter().any(has_non_finite),
        crate::value::Value::Sparse(m) => m.data.iter().any(has_non_finite),
        crate::value::Value::Complex(z) => !z.is_finite(),
        crate::value::Value::Big(x) => !x.is_finite(),
        crate::value::Value::Unit(u) => match &u.big {
            Some(big) => !big.is_finite(),
            None => u.value.is_some_and(|v| !v.is_finite()),
        },
        _ => false,
    }
}

#[cfg(test)]
mod check_tests {
    use super::*;
    use crate::value::Value;

    /// The general result checks of a value outside Fraction mode, as `checked_value` ran them
    /// before the number-matrix shortcut.
    fn general(value: &Value) -> Result<(), CalculateError> {
        check_result(value, false)?;
        if crate::eval::bigint::largest_bits(value) > MAX_RESULT_UNITS * 10 / 3 {
            return Err(result_too_large());
        }
        Ok(())
    }

    /// The shortcut for matrices of finite numbers decides as the general checks do (sizes at
    /// the limit N-1, N, N+1 included) and steps aside for everything else.
    #[test]
    fn the_number_matrix_shortcut_agrees_with_the_general_checks() {
        let limit = MAX_RESULT_UNITS / 3;
        let numbers = |n: usize| {
            Value::matrix(crate::value::matrix::Matrix::vector(vec![
                Value::Number(1.5);
                n
            ]))
        };
        for n in [0, 1, 3, limit - 1, limit, limit + 1] {
            let value = numbers(n);
            let shortcut = number_matrix_check(&value).expect("a matrix of numbers");
            assert_eq!(shortcut, general(&value), "{n} elements");
        }
        assert!(number_matrix_check(&numbers(limit + 1)).is_some_and(|r| r.is_err()));
        let mut others = vec![
            Value::Number(1.0),
            Value::Str("x".into()),
            Value::matrix(crate::value::matrix::Matrix::vector(vec![Value::Number(
                f64::NAN,
            )])),
            Value::matrix(crate::value::matrix::Matrix::vector(vec![
                Value::Number(1.0),
                Value::Number(f64::INFINITY),
            ])),
            Value::matrix(crate::value::matrix::Matrix::vector(vec![Value::Help(
                "sin".into(),
            )])),
            Value::matrix(crate::value::matrix::Matrix::vector(vec![Value::BigInt(
                std::rc::Rc::new(dashu_int::IBig::from(7)),
            )])),
            Value::matrix(crate::value::matrix::Matrix::vector(vec![Value::Str(
                "a".into(),
            )])),
            Value::matrix(crate::value::matrix::Matrix::vector(vec![numbers(2)])),
        ];
        others.push(Value::object(vec![("a".into(), numbers(2))]));
        for value in others {
            assert!(number_matrix_check(&value).is_none(), "{value:?}");
        }
    }
}
