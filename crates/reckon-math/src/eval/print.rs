//! `print(template, values[, precision or options])` (spec section 6.1) as math.js 15.2's
//! expression language has it: every `$key` (`$` and a run of letters, digits, `_` and `.`) is
//! replaced by the value it names in an object, array or matrix, formatted by math.js's `format`
//! with the options; a key that names nothing leaves the text as it is.
//!
//! math.js first rewrites the template for 1-based positions (each numeric part `n` becomes
//! `n − 1`, so `$1.2` reads `[0][1]` and `$0` becomes the unmatched `$-1`), then looks each key
//! up the way JavaScript reads properties: an array has its positions and `length`, a string its
//! characters and `length`, an object its own keys (and the `Object.prototype` methods, which
//! print as `function`); an empty part appends `.` to the value's JavaScript text. A matrix of
//! `values` is read as nested arrays; a matrix stored deeper is an object without those
//! properties. Values print as math.js's `format` prints them (its own defaults: exponents from
//! 1e5 and below 1e-3); a BigNumber with notation options is not implemented yet.

use crate::eval::{Evaluated, Evaluator, failed, mismatch, not_implemented};
use crate::value::Value;
use crate::value::matrix::Matrix;
use crate::{CalculateError, Reason};
use std::rc::Rc;

/// Most characters one `print` may write (section 10, per-call build of strings).
const MAX_CHARS: u64 = 1_000_000;

/// A value as a JavaScript property read sees it.
#[derive(Clone)]
enum Js {
    /// `undefined`: the key names nothing.
    Undefined,
    /// A value of the expression.
    Value(Value),
    /// A plain array (a matrix of `values`, read as nested arrays), shared: reading a key
    /// copies no elements.
    Array(Rc<Vec<Js>>),
    /// Text made by appending `.` (JavaScript string concatenation).
    Text(crate::syntax::text::Text),
    /// A method of `Object.prototype` (`toString`, `constructor`, ...).
    Method,
}

/// The names JavaScript finds on every plain object through its prototype.
const PROTOTYPE_METHODS: [&str; 11] = [
    "constructor",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
    "toString",
    "valueOf",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
];

/// `undefined` stored as a value reads as no value.
fn defined(value: Js) -> Js {
    match value {
        Js::Value(Value::Undefined) => Js::Undefined,
        other => other,
    }
}

/// A matrix as nested arrays (math.js's `toArray`).
fn nested(m: &Matrix, dim: usize, offset: usize) -> Js {
    let size = m.shape.get(dim).copied().unwrap_or(0);
    if dim + 1 >= m.rank() {
        return Js::Array(Rc::new(
            (0..size)
                .map(|i| Js::Value(m.data.get(offset + i).cloned().unwrap_or(Value::Undefined)))
                .collect(),
        ));
    }
    let step: usize = m.shape[dim + 1..].iter().product();
    Js::Array(Rc::new(
        (0..size)
            .map(|i| nested(m, dim + 1, offset + i * step))
            .collect(),
    ))
}

/// A canonical array index (`0`, `12`; not `01` or `-1`).
fn array_index(key: &str) -> Option<usize> {
    if key == "0" || (!key.starts_with('0') && !key.is_empty()) {
        key.parse().ok()
    } else {
        None
    }
}

/// `value[key]` as JavaScript reads it.
fn property(value: &Js, key: &str, at: usize) -> Result<Js, CalculateError> {
    let text_property = |text: &str| match (array_index(key), key) {
        (Some(i), _) => text.chars().nth(i).map_or(Js::Undefined, |c| {
            Js::Value(Value::Str(c.to_string().into()))
        }),
        (None, "length") => Js::Value(Value::Number(text.chars().count() as f64)),
        _ => Js::Undefined,
    };
    Ok(match value {
        Js::Array(items) => match (array_index(key), key) {
            (Some(i), _) => items.get(i).cloned().unwrap_or(Js::Undefined),
            (None, "length") => Js::Value(Value::Number(items.len() as f64)),
            _ => Js::Undefined,
        },
        Js::Text(text) | Js::Value(Value::Str(text)) => text_property(text),
        Js::Value(Value::Object(entries)) => match entries.iter().rev().find(|(k, _)| k == key) {
            Some((_, v)) => Js::Value(v.clone()),
            None if PROTOTYPE_METHODS.contains(&key) => Js::Method,
            None => Js::Undefined,
        },
        Js::Value(Value::Null) => {
            return Err(failed(
                format!("Cannot read properties of null (reading '{key}')"),
                at,
            ));
        }
        Js::Value(Value::Complex(z)) => match key {
            "re" => Js::Value(Value::Number(z.re)),
            "im" => Js::Value(Value::Number(z.im)),
            _ => Js::Undefined,
        },
        _ => Js::Undefined,
    })
}

/// JavaScript's `String(value)`, for `value + '.'`.
fn js_text(value: &Js) -> Result<String, String> {
    Ok(match value {
        Js::Undefined => "undefined".into(),
        Js::Text(text) => text.to_string(),
        Js::Method => return Err("a method as text".into()),
        Js::Array(items) => {
            let mut parts = Vec::with_capacity(items.len());
            for item in items.iter() {
                parts.push(match item {
                    Js::Undefined | Js::Value(Value::Null | Value::Undefined) => String::new(),
                    other => js_text(other)?,
                });
            }
            parts.join(",")
        }
        Js::Value(v) => match v {
            Value::Number(x) => crate::num::format::js_string(*x),
            Value::Str(s) => s.to_string(),
            Value::Boolean(b) => b.to_string(),
            Value::Null => "null".into(),
            Value::Undefined => "undefined".into(),
            Value::Object(_) => "[object Object]".into(),
            Value::BigInt(n) => crate::eval::bigint::format(n),
            Value::Index(index) => index.format(),
            // decimal.js's `toString`: exponents from 1e21 on and below 1e-6.
            Value::Big(x) => crate::num::bignum::format(x, None),
            Value::Matrix(_) => format_value(v, None)?,
            other => return Err(format!("the text of a {}", other.type_name())),
        },
    })
}

/// math.js's `format(value, options)`; `Err` names what reckon cannot format yet.
fn format_value(value: &Value, options: Option<&Value>) -> Result<String, String> {
    match value {
        Value::Number(x) if !x.is_finite() => Ok(crate::num::format::js_string(*x)),
        Value::Number(_) => {
            let mut args = vec![value.clone()];
            args.extend(options.cloned());
            match crate::functions::notation::format(&args) {
                Ok(Value::Str(s)) => Ok(s.to_string()),
                Ok(other) => Ok(other.format(None)),
                Err(crate::error::FnError::Domain(detail)) => Err(detail),
                Err(_) => Err("this format".into()),
            }
        }
        Value::Str(_)
        | Value::Boolean(_)
        | Value::Null
        | Value::Undefined
        | Value::Fraction(_)
        | Value::BigInt(_)
        | Value::Index(_) => Ok(value.format(None)),
        Value::Matrix(m) => {
            let mut out = String::new();
            write_matrix(m, 0, 0, options, &mut out)?;
            Ok(out)
        }
        Value::Object(entries) => {
            let mut out = String::from("{");
            for (i, (k, v)) in entries.iter().enumerate() {
                if out.len() > crate::value::matrix::FORMAT_CAP_BYTES {
                    break;
                }
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&Value::Str(k.clone().into()).format(None));
                out.push_str(": ");
                out.push_str(&format_value(v, options)?);
            }
            out.push('}');
            Ok(out)
        }
        Value::Big(x) => {
            // math.js's BigNumber format with its defaults (exponents from 1e5 and below
            // 1e-3) and the precision; other options are not implemented here yet.
            let number = |v: &Value| match v {
                Value::Number(p) => Some(*p),
                Value::Big(p) => Some(crate::num::bignum::to_f64(p)),
                _ => None,
            };
            let precision = match options {
                None => None,
                Some(Value::Number(p)) => Some(*p),
                Some(Value::Object(entries)) if entries.iter().all(|(k, _)| k == "precision") => {
                    match entries.last() {
                        None => None,
                        Some((_, v)) => Some(number(v).ok_or_else(|| {
                            "print() of a BigNumber with these options".to_owned()
                        })?),
                    }
                }
                Some(_) => return Err("print() of a BigNumber with these options".into()),
            };
            let precision = match precision {
                None => None,
                Some(p) if (1.0..=1000.0).contains(&p) && p.fract() == 0.0 => Some(p as u32),
                Some(_) => return Err("print() of a BigNumber with this precision".into()),
            };
            Ok(crate::num::bignum::format_bounded(x, precision, -3, 5))
        }
        Value::Complex(z) => {
            // Each part as math.js formats a number with the options, then the Complex form.
            let precision = match options {
                Some(Value::Number(p)) => Some(*p),
                Some(Value::Object(entries)) => {
                    entries
                        .iter()
                        .rev()
                        .find_map(|(k, v)| match (k.as_str(), v) {
                            ("precision", Value::Number(p)) => Some(*p),
                            _ => None,
                        })
                }
                _ => None,
            };
            let precision = match precision {
                None => None,
                Some(p) if (0.0..=1000.0).contains(&p) && p.fract() == 0.0 => Some(p as u32),
                Some(_) => return Err("print() of a Complex with this precision".into()),
            };
            let re = format_value(&Value::Number(z.re), options)?;
            let im = format_value(&Value::Number(z.im), options)?;
            Ok(crate::num::complex::assemble(*z, precision, re, im))
        }
        other => Err(format!("print() of a {}", other.type_name())),
    }
}

fn write_matrix(
    m: &Matrix,
    dim: usize,
    offset: usize,
    options: Option<&Value>,
    out: &mut String,
) -> Result<(), String> {
    out.push('[');
    let size = m.shape.get(dim).copied().unwrap_or(0);
    let step: usize = m.shape.get(dim + 1..).map_or(1, |s| s.iter().product());
    for i in 0..size {
        if out.len() > crate::value::matrix::FORMAT_CAP_BYTES {
            break;
        }
        if i > 0 {
            out.push_str(", ");
        }
        if dim + 1 >= m.rank() {
            let element = m.data.get(offset + i).cloned().unwrap_or(Value::Undefined);
            out.push_str(&format_value(&element, options)?);
        } else {
            write_matrix(m, dim + 1, offset + i * step, options, out)?;
        }
    }
    out.push(']');
    Ok(())
}

/// Every `$key` of a template (`$` then a run of ASCII letters, digits, `_` and `.`), replaced
/// by `replace(key)` or left as it is when that gives `None`.
fn substitute(
    template: &str,
    mut replace: impl FnMut(&str) -> Result<Option<String>, CalculateError>,
) -> Result<String, CalculateError> {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(dollar) = rest.find('$') {
        out.push_str(&rest[..dollar]);
        let after = &rest[dollar + 1..];
        let length = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
            .unwrap_or(after.len());
        if length == 0 {
            out.push('$');
            rest = after;
            continue;
        }
        let key = &after[..length];
        match replace(key)? {
            Some(text) => out.push_str(&text),
            None => {
                out.push('$');
                out.push_str(key);
            }
        }
        if out.len() as u64 > MAX_CHARS {
            return Err(too_long(out.len() as u64));
        }
        rest = &after[length..];
    }
    out.push_str(rest);
    Ok(out)
}

fn too_long(n: u64) -> CalculateError {
    CalculateError::new(
        Reason::ResultTooLarge,
        format!(
            "Size limit exceeded: print() would build a string of {} characters, over the limit of 1,000,000.",
            crate::eval::collections::thousands(n)
        ),
    )
}

/// JavaScript's `parseInt(part)` for a run of word characters: a `0x` prefix reads hexadecimal,
/// otherwise the leading decimal digits; NaN without digits.
fn parse_int(part: &str) -> f64 {
    if let Some(hex) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
        let digits: String = hex.chars().take_while(char::is_ascii_hexdigit).collect();
        if digits.is_empty() {
            return f64::NAN;
        }
        return digits.chars().fold(0.0, |acc, c| {
            acc * 16.0 + f64::from(c.to_digit(16).unwrap_or(0))
        });
    }
    let digits: String = part.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().unwrap_or(f64::NAN)
}

/// math.js's transform to 0-based positions: each part that JavaScript's `Number` reads as a
/// number becomes `parseInt(part) - 1`.
fn zero_based(key: &str) -> String {
    let parts: Vec<String> = key
        .split('.')
        .map(|part| {
            let numeric = !part.is_empty()
                && crate::num::literal::parse_js_number(part).is_some_and(|x| !x.is_nan());
            if numeric {
                crate::num::format::js_string(parse_int(part) - 1.0)
            } else {
                part.to_owned()
            }
        })
        .collect();
    format!("${}", parts.join("."))
}

impl Evaluator {
    /// `print(template, values[, options])`.
    pub(crate) fn print(&mut self, values: &[Value], at: usize) -> Evaluated {
        let template = match &values[0] {
            Value::Str(s) => s.clone(),
            Value::Boolean(b) => b.to_string().into(),
            other => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function print (expected: string or boolean, actual: {}, index: 0)",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        let root = match &values[1] {
            Value::Object(_) => Js::Value(values[1].clone()),
            Value::Matrix(m) => {
                self.charge(m.data.len() as u64 + 1)?;
                nested(m, 0, 0)
            }
            other => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function print (expected: Array or Object or Matrix, actual: {}, index: 1)",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        let options = match values.get(2) {
            None => None,
            Some(Value::Object(_) | Value::Number(_)) => values.get(2).cloned(),
            Some(v @ (Value::Str(_) | Value::Boolean(_))) => {
                Some(Value::Number(self.to_number(v, at)?))
            }
            Some(other) => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function print (expected: number or Object, actual: {}, index: 2)",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        self.charge(template.len() as u64 + 1)?;
        let template = substitute(&template, |key| Ok(Some(zero_based(key))))?;
        let mut work = 0u64;
        let text = substitute(&template, |key| {
            work += key.len() as u64 + 1;
            let mut parts = key.split('.');
            let first = parts.next().unwrap_or("");
            let mut value = defined(property(&root, first, at)?);
            match &value {
                Js::Value(Value::Matrix(m)) => value = nested(m, 0, 0),
                Js::Value(Value::Null) => {
                    // math.js asks the value whether it is a matrix.
                    return Err(failed(
                        "Cannot read properties of null (reading 'isMatrix')",
                        at,
                    ));
                }
                _ => {}
            }
            for part in parts {
                if let Js::Undefined = value {
                    break;
                }
                value = if part.is_empty() {
                    let text = js_text(&value).map_err(|what| not_implemented(&what, at))?;
                    Js::Text(format!("{text}.").into())
                } else {
                    defined(property(&value, part, at)?)
                };
            }
            let text = match value {
                Js::Undefined => return Ok(None),
                Js::Text(text) | Js::Value(Value::Str(text)) => text.to_string(),
                Js::Method => "function".into(),
                Js::Array(_) => format_array(&value, options.as_ref())
                    .map_err(|what| not_implemented(&what, at))?,
                Js::Value(v) => {
                    format_value(&v, options.as_ref()).map_err(|what| not_implemented(&what, at))?
                }
            };
            work += text.len() as u64;
            Ok(Some(text))
        })?;
        self.charge(work)?;
        Ok(Value::Str(text.into()))
    }
}

/// A plain array (nested arrays) as math.js's `format` writes it.
fn format_array(value: &Js, options: Option<&Value>) -> Result<String, String> {
    match value {
        Js::Array(items) => {
            let mut out = String::from("[");
            for (i, item) in items.iter().enumerate() {
                if out.len() > crate::value::matrix::FORMAT_CAP_BYTES {
                    break;
                }
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&format_array(item, options)?);
            }
            out.push(']');
            Ok(out)
        }
        Js::Value(v) => format_value(v, options),
        Js::Undefined => Ok("undefined".into()),
        Js::Text(text) => Ok(Value::Str(text.clone()).format(None)),
        Js::Method => Ok("function".into()),
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
    fn templates_agree_with_mathjs() {
        // Every expected answer below is math.js 15.2's answer to the same expression (run
        // with tests/peer/evaluate.mjs); for a refusal, the comment quotes math.js's message.
        assert_eq!(answer("print(\"x = $x\", {x: 5})"), "string \"x = 5\"");
        assert_eq!(
            answer("print(\"x = $x, y = $y\", {x: 5, y: \"a\"})"),
            "string \"x = 5, y = a\""
        );
        assert_eq!(answer("print(\"$a.b\", {a: {b: 3}})"), "string \"3\"");
        assert_eq!(
            answer("print(\"$a.b.c\", {a: {b: {c: [1,2]}}})"),
            "string \"[1, 2]\""
        );
        assert_eq!(
            answer("print(\"$1 and $2\", [10, 20])"),
            "string \"10 and 20\""
        );
        assert_eq!(answer("print(\"$1\", [[1,2],[3,4]])"), "string \"[1, 2]\"");
        assert_eq!(answer("print(\"$1.2\", [[1,2],[3,4]])"), "string \"2\"");
        assert_eq!(answer("print(\"$0\", [10, 20])"), "string \"$-1\"");
        assert_eq!(answer("print(\"$3\", [10, 20])"), "string \"$2\"");
        assert_eq!(answer("print(\"$x\", {y: 1})"), "string \"$x\"");
        assert_eq!(answer("print(\"$x.\", {x: 1})"), "string \"1.\"");
        assert_eq!(answer("print(\"$x.y\", {x: 1})"), "string \"$x.y\"");
        assert_eq!(answer("print(\"$x\", {x: 1/3}, 3)"), "string \"0.333\"");
        assert_eq!(
            answer("print(\"$x\", {x: [1/3, 2/3]}, 3)"),
            "string \"[0.333, 0.667]\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: 1/3}, {notation: \"fixed\", precision: 2})"),
            "string \"0.33\""
        );
        assert_eq!(answer("print(\"$x\", {x: \"str\"})"), "string \"str\"");
        assert_eq!(answer("print(\"$x\", {x: true})"), "string \"true\"");
        // math.js: Cannot read properties of null (reading 'isMatrix')
        assert_eq!(reason("print(\"$x\", {x: null})"), "evaluation_failed");
        assert_eq!(
            answer("print(\"$x\", {x: fraction(1,3)})"),
            "string \"1/3\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: {a: 1}})"),
            "string \"{\\\"a\\\": 1}\""
        );
        assert_eq!(answer("print(\"$x\", {x: index(1)})"), "string \"[0]\"");
        assert_eq!(
            answer("print(\"cost: $$x\", {x: 5})"),
            "string \"cost: $5\""
        );
        assert_eq!(
            answer("print(\"$x_y $xy\", {x_y: 1, xy: 2})"),
            "string \"1 2\""
        );
        assert_eq!(answer("print(\"$ x\", {x: 1})"), "string \"$ x\"");
        assert_eq!(answer("print(\"$1$2\", [1, 2])"), "string \"12\"");
        // math.js: Unexpected type of argument in function print (expected: Array or Object or Matrix, actual: number, index: 1)
        assert_eq!(reason("print(\"$x\", 5)"), "type_mismatch");
        // math.js: Unexpected type of argument in function print (expected: string or boolean, actual: number, index: 0)
        assert_eq!(reason("print(5, {x: 1})"), "type_mismatch");
        // math.js: Too few arguments in function print (expected: Array or Object or Matrix, index: 1)
        assert_eq!(reason("print(\"$x\")"), "evaluation_failed");
        // math.js: Cannot convert "a" to a number
        assert_eq!(reason("print(\"$x\", {x: 1}, \"a\")"), "type_mismatch");
        assert_eq!(answer("print(\"$x\", [1,2])"), "string \"$x\"");
        assert_eq!(answer("print(\"$1\", matrix([7,8]))"), "string \"7\"");
        assert_eq!(answer("print(\"$-1\", [1])"), "string \"$-1\"");
        assert_eq!(answer("print(\"$1.5\", [1])"), "string \"$0.4\"");
        assert_eq!(answer("print(\"$x.0\", {x: [1, 2]})"), "string \"1,2.-1\"");
        assert_eq!(answer("print(\"$x.1\", {x: [1, 2]})"), "string \"1\"");
        assert_eq!(answer("print(\"$x.1\", {x: \"abc\"})"), "string \"a\"");
        assert_eq!(answer("print(\"$x.length\", {x: \"abc\"})"), "string \"3\"");
        assert_eq!(answer("print(\"$x.length\", {x: [1,2]})"), "string \"2\"");
        assert_eq!(answer("print(\"$x\", {x: 1e21})"), "string \"1e+21\"");
        assert_eq!(
            answer("print(\"$x\", {x: 123456.789})"),
            "string \"1.23456789e+5\""
        );
        assert_eq!(answer("print(\"$x\", {x: 0.0000001})"), "string \"1e-7\"");
        assert_eq!(answer("print(\"$1.1\", [{a: 1}])"), "string \"$0.0\"");
        assert_eq!(answer("print(\"$1.a\", [{a: 5}])"), "string \"5\"");
        assert_eq!(answer("print(\"$x\", {x: 1}, 0)"), "string \"1\"");
        assert_eq!(answer("print(\"$x\", {x: 1}, 20)"), "string \"1\"");
        assert_eq!(answer("print(\"$x\", {x: undefined})"), "string \"$x\"");
        assert_eq!(
            answer("print(\"$x.y.z\", {x: {y: 2}})"),
            "string \"$x.y.z\""
        );
        assert_eq!(answer("print(\"$x..y\", {x: {y: 2}})"), "string \"$x..y\"");
        assert_eq!(
            answer("print(\"$x\", {\"x\": 1/7}, {precision: 3})"),
            "string \"0.143\""
        );
        assert_eq!(answer("print(\"$é\", {\"é\": 1})"), "string \"$é\"");
        assert_eq!(answer("print(\"$1e1\", [1])"), "string \"1\"");
        assert_eq!(answer("print(\"$01\", [5, 6])"), "string \"5\"");
        assert_eq!(
            answer("print(\"$a.b.1\", {a: {b: [1,2]}})"),
            "string \"$a.b.0\""
        );
        assert_eq!(
            answer("print(\"$a.\", {a: {b: 1}})"),
            "string \"[object Object].\""
        );
        assert_eq!(answer("print(\"$1.\", [[1,2],[3,4]])"), "string \"1,2.\"");
        assert_eq!(
            answer("print(\"$a.\", {a: 1/3})"),
            "string \"0.3333333333333333.\""
        );
        assert_eq!(answer("print(\"$a.\", {a: \"s\"})"), "string \"s.\"");
        assert_eq!(answer("print(\"$a.\", {a: true})"), "string \"true.\"");
        // math.js: Cannot read properties of null (reading 'isMatrix')
        assert_eq!(reason("print(\"$a.\", {a: null})"), "evaluation_failed");
        // math.js: Cannot read properties of null (reading 'isMatrix')
        assert_eq!(reason("print(\"$a.b\", {a: null})"), "evaluation_failed");
        assert_eq!(
            answer("print(\"$a.b.\", {a: {b: [1,2]}})"),
            "string \"[1, 2].\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: [1, \"a\", true]})"),
            "string \"[1, \\\"a\\\", true]\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: {a: \"s\", b: [1]}})"),
            "string \"{\\\"a\\\": \\\"s\\\", \\\"b\\\": [1]}\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: [[1/3]]}, 2)"),
            "string \"[[0.33]]\""
        );
        assert_eq!(answer("print(\"$x\", {x: bigint(12)})"), "string \"12\"");
        assert_eq!(answer("print(\"$x\", {x: -0})"), "string \"0\"");
        assert_eq!(answer("print(\"$x\", {x: NaN})"), "string \"NaN\"");
        assert_eq!(answer("print(\"$x\", {x: 1e-4})"), "string \"1e-4\"");
        assert_eq!(answer("print(\"$x\", {x: 100000})"), "string \"1e+5\"");
        assert_eq!(answer("print(\"$x\", {x: 99999})"), "string \"99999\"");
        assert_eq!(
            answer("print(\"$x\", {x: 1}, {notation: \"exponential\"})"),
            "string \"1e+0\""
        );
        assert_eq!(
            answer("print(\"$x $y\", {x: 1, y: 2}, 3)"),
            "string \"1 2\""
        );
        assert_eq!(answer("print(\"$Infinity\", [1])"), "string \"$NaN\"");
        assert_eq!(
            answer("print(\"$toString\", {x: 1})"),
            "string \"function\""
        );
        assert_eq!(
            answer("print(\"$constructor\", {x: 1})"),
            "string \"function\""
        );
        assert_eq!(
            answer("print(\"$x.length\", {x: [[1,2],[3,4]]})"),
            "string \"2\""
        );
        assert_eq!(
            answer("print(\"$1.length\", [[1,2],[3,4]])"),
            "string \"2\""
        );
        assert_eq!(answer("print(\"$length\", [1,2])"), "string \"2\"");
        assert_eq!(answer("print(true, {x: 1})"), "string \"true\"");
        assert_eq!(answer("print(\"$1\", [1,2;3,4])"), "string \"[1, 2]\"");
        assert_eq!(
            answer("print(\"$x\", {x: [1,2;3,4]})"),
            "string \"[[1, 2], [3, 4]]\""
        );
        assert_eq!(answer("print(\"$x.1.2\", {x: [1,2;3,4]})"), "string \"2\"");
        assert_eq!(answer("print(\"$1.1\", [[5,6]])"), "string \"5\"");
        assert_eq!(answer("print(\"\", {})"), "string \"\"");
        assert_eq!(answer("print(\"no keys\", {a: 1})"), "string \"no keys\"");
        assert_eq!(answer("print(\"$\", {})"), "string \"$\"");
        assert_eq!(answer("print(\"$$\", {})"), "string \"$$\"");
        assert_eq!(answer("print(\"a$\", {a: 1})"), "string \"a$\"");
        assert_eq!(
            answer("print(\"$a$a$a\", {a: \"xy\"})"),
            "string \"xyxyxy\""
        );
        assert_eq!(answer("print(\"$0x2\", [5, 6])"), "string \"6\"");
        assert_eq!(answer("print(\"$x.re\", {x: 2+3i})"), "string \"2\"");
        assert_eq!(answer("print(\"$x\", {x: 2.5}, true)"), "string \"3\"");
        assert_eq!(
            answer("print(\"$x\", {x: [1e6, 0.001]})"),
            "string \"[1e+6, 0.001]\""
        );
        assert_eq!(answer("print(\"$1\", size([4,5]))"), "string \"2\"");
        assert_eq!(
            answer("print(\"$x\", {x: 1/3}, 16)"),
            "string \"0.3333333333333333\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: 1/3}, 17)"),
            "string \"0.3333333333333333\""
        );
        assert_eq!(answer("print(\"$x.2\", {x: \"héllo\"})"), "string \"é\"");
        assert_eq!(answer("print(\"$x.y\", {x: {y: null}})"), "string \"null\"");
        assert_eq!(answer("print(\"$x\", {x: [null]})"), "string \"[null]\"");
        assert_eq!(
            answer("print(\"$x.\", {x: [1, null, 3]})"),
            "string \"1,,3.\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: \"a\\\"b\"})"),
            "string \"a\\\"b\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: [\"a\\\"b\"]})"),
            "string \"[\\\"a\\\\\\\"b\\\"]\""
        );
    }

    #[test]
    fn other_numeric_types() {
        // Every expected answer below is math.js 15.2's answer to the same expression (run
        // with tests/peer/evaluate.mjs); for a refusal, the comment quotes math.js's message.
        // math.js: Unexpected type of argument in function print (expected: number or Object or bigint or string or boolean, actu
        assert_eq!(
            reason_in("print(\"$x\", {x: 2/3}, 3)", "BigNumber"),
            "type_mismatch"
        );
        assert_eq!(
            answer_in("print(\"$1 and $2\", [1/3, 2])", "Fraction"),
            "string \"1/3 and 2/1\""
        );
        // math.js: Unexpected type of argument in function print (expected: number or Object or bigint or string or boolean, actu
        assert_eq!(
            reason_in("print(\"$x\", {x: 2/3}, 3)", "Fraction"),
            "type_mismatch"
        );
        assert_eq!(
            answer("print(\"$x\", {x: bignumber(1)/3})"),
            "string \"0.3333333333333333333333333333333333333333333333333333333333333333\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: bignumber(123456)})"),
            "string \"1.23456e+5\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: bignumber(99999)})"),
            "string \"99999\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: bignumber(\"0.0001\")})"),
            "string \"1e-4\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: bignumber(\"0.001\")})"),
            "string \"0.001\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: bignumber(1)/3}, 3)"),
            "string \"0.333\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: bignumber(123456)}, 3)"),
            "string \"1.23e+5\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: bignumber(2)^200})"),
            "string \"1.606938044258990275541962092341162602522202993782792835301376e+60\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: bignumber(-2.5)}, {precision: 1})"),
            "string \"-3\""
        );
        assert_eq!(answer("print(\"$x\", {x: 2+3i})"), "string \"2 + 3i\"");
        assert_eq!(
            answer("print(\"$x\", {x: 1/3+2i}, 3)"),
            "string \"0.333 + 2i\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: 123456 + 0.0001i})"),
            "string \"1.23456e+5 + 1e-4i\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: 123456 + 0.0001i}, 3)"),
            "string \"1.23e+5\""
        );
        assert_eq!(answer("print(\"$x\", {x: -i})"), "string \"-i\"");
        assert_eq!(answer("print(\"$x\", {x: 1e-20 + i}, 5)"), "string \"i\"");
        assert_eq!(
            answer("print(\"$x\", {x: [2+3i, bignumber(2)]})"),
            "string \"[2 + 3i, 2]\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: 2+3i}, {notation: \"fixed\"})"),
            "string \"2 + 3i\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: 2.5+3.25i}, {notation: \"fixed\", precision: 1})"),
            "string \"2.5 + 3.3i\""
        );
        assert_eq!(answer("print(\"$x\", {x: bignumber(0)})"), "string \"0\"");
        assert_eq!(
            answer("print(\"$x\", {x: bignumber(-0.5)})"),
            "string \"-0.5\""
        );
        assert_eq!(
            answer("print(\"$x\", {x: bignumber(1)/0})"),
            "string \"Infinity\""
        );
        assert_eq!(answer("print(\"$x\", {x: sqrt(-4)})"), "string \"2i\"");
        assert_eq!(
            answer("print(\"$x\", {x: bignumber(1e-7)})"),
            "string \"1e-7\""
        );
        // pending: print("$x", {x: bignumber(5)}, 0)
        assert_eq!(
            answer_in("print(\"$1 and $2\", [1/3, 2])", "BigNumber"),
            "string \"0.3333333333333333333333333333333333333333333333333333333333333333 and 2\""
        );
        assert_eq!(
            answer_in(
                "print(\"$x\", {x: [1/3, 2/3]}, {precision: 3})",
                "BigNumber"
            ),
            "string \"[0.333, 0.667]\""
        );
        assert_eq!(
            answer_in("print(\"$a.\", {a: 1/3})", "BigNumber"),
            "string \"0.3333333333333333333333333333333333333333333333333333333333333333.\""
        );
        assert_eq!(
            answer_in("print(\"$x\", {x: 123456})", "BigNumber"),
            "string \"1.23456e+5\""
        );
        // Notation options with a BigNumber are not implemented yet.
        assert_eq!(
            reason_in(
                "print(\"$x\", {x: 1/3}, {notation: \"fixed\"})",
                "BigNumber"
            ),
            "evaluation_failed"
        );
    }

    #[test]
    fn long_outputs_are_bounded() {
        // math.js: "1"
        assert_eq!(answer("print(\"$1\", 1:100000)"), "string \"1\"");
        assert_eq!(
            reason("print(\"$1$1$1$1$1$1$1$1$1$1\", [zeros(50000)])"),
            "result_too_large"
        );
    }
}
