//! Signatures math.js 15.2 documents beyond a function's common form, found by the
//! differential test over math.js's own reference examples (`tests/peer/docs_examples.mjs`):
//! optional arguments (`log1p(x, base)`, `cbrt(x, allRoots)`), no argument (`complex()`),
//! another argument type (`fraction({n, d})`), conversions to the numericType (`+"2"`,
//! `numeric(x, "BigNumber")`) and broadcasting over a matrix (`compareText`,
//! `equalText`). [`Evaluator::documented_signature`] is consulted before a built-in's argument
//! count is checked, and answers only the forms it names; every other call goes on as before.

use super::{Evaluated, Evaluator};
use crate::error::{CalculateError, failed, mismatch};
use crate::functions::Builtin;
use crate::num::complex::Complex;
use crate::syntax::ast::Op;
use crate::value::Value;
use crate::value::matrix::Matrix;

impl Evaluator {
    /// The answer of a documented form of `row` that its table row does not take, or `None`
    /// for any other call.
    pub(super) fn documented_signature(
        &mut self,
        row: &'static Builtin,
        name: &str,
        values: &[Value],
        at: usize,
    ) -> Option<Evaluated> {
        match (row.name, values) {
            // math.js: `complex()` is 0.
            ("complex", []) => Some(Ok(Value::Complex(Complex::new(0.0, 0.0)))),
            // math.js: log1p(x, base) = log1p(x) / log(base).
            ("log1p", [x, base]) => Some(self.log1p_with_base(x, base, at)),
            ("cbrt", [x, Value::Boolean(all)]) => Some(cube_roots(x, *all, at)),
            ("cbrt", [_, other]) => Some(Err(mismatch(
                format!(
                    "Unexpected type of argument in function cbrt (expected: boolean, actual: {}, index: 1)",
                    other.type_name()
                ),
                at,
            ))),
            ("fraction", [Value::Object(members)]) => Some(fraction_of_object(members, at)),
            ("compareText" | "equalText", [a, b])
                if matches!(a, Value::Matrix(_)) || matches!(b, Value::Matrix(_)) =>
            {
                Some(self.text_comparison_over(row, name, a, b, at))
            }
            ("numeric", [value, Value::Str(to)])
                if matches!(to.as_ref(), "BigNumber" | "Fraction")
                    && matches!(
                        value,
                        Value::Str(_) | Value::Number(_) | Value::Fraction(_) | Value::Big(_)
                    ) =>
            {
                // math.js: numeric(x, type) converts as the constructor of that type does.
                let constructor = if to.as_ref() == "BigNumber" {
                    "bignumber"
                } else {
                    "fraction"
                };
                Some(self.construct(constructor, value.clone(), at))
            }
            _ => None,
        }
    }

    /// `+x` of a boolean or a string: math.js converts it to the numericType's numbers
    /// (`+"0.1"` is the BigNumber 0.1 in BigNumber mode, the Fraction 1/10 in Fraction mode).
    pub(super) fn unary_plus_of(&mut self, value: Value, at: usize) -> Evaluated {
        let value = match value {
            Value::Boolean(b) => Value::Number(f64::from(u8::from(b))),
            other => other,
        };
        if self.big_mode {
            self.construct("bignumber", value, at)
        } else if self.fraction_mode {
            self.construct("fraction", value, at)
        } else {
            Ok(Value::Number(self.to_number(&value, at)?))
        }
    }

    /// The numericType's name, as `config()` reports it (spec 6.4).
    pub(super) fn numeric_type_name(&self) -> &'static str {
        if self.big_mode {
            "BigNumber"
        } else if self.fraction_mode {
            "Fraction"
        } else {
            "number"
        }
    }

    /// The built-in constructor `name` (`bignumber`, `fraction`) of one value.
    fn construct(&mut self, name: &str, value: Value, at: usize) -> Evaluated {
        let row = crate::functions::builtin(name).ok_or_else(|| failed(name.to_owned(), at))?;
        self.call_builtin(row, name, vec![value], at)
    }

    fn log1p_with_base(&mut self, x: &Value, base: &Value, at: usize) -> Evaluated {
        let named = |name| crate::functions::builtin(name).ok_or_else(|| failed(name, at));
        let numerator = self.call_builtin(named("log1p")?, "log1p", vec![x.clone()], at)?;
        let denominator = self.call_builtin(named("log")?, "log", vec![base.clone()], at)?;
        self.binary(Op::Divide, &numerator, &denominator, false, (at, at), at)
    }

    /// `compareText` or `equalText` of a string and a matrix (each element against the
    /// string), or of two matrices of one shape (element by element).
    fn text_comparison_over(
        &mut self,
        row: &'static Builtin,
        name: &str,
        a: &Value,
        b: &Value,
        at: usize,
    ) -> Evaluated {
        let (Some(shape), array) = (broadcast_shape(a, b), both_arrays(a, b)) else {
            let size = |v: &Value| match v {
                Value::Matrix(m) => format!("{:?}", m.shape),
                _ => "[]".to_owned(),
            };
            return Err(failed(
                format!(
                    "Dimension mismatch: {} and {} do not broadcast",
                    size(a),
                    size(b)
                ),
                at,
            ));
        };
        let count: usize = shape.iter().product();
        self.build(name, count as u64, at)?;
        let mut data = Vec::with_capacity(count);
        for i in 0..count {
            let pair = vec![element_at(a, &shape, i), element_at(b, &shape, i)];
            data.push(self.call_builtin(row, name, pair, at)?);
        }
        Ok(Value::matrix(Matrix { shape, data, array }))
    }
}

/// The shape two operands broadcast to (math.js: the same rank after padding with leading
/// 1s, each size equal or 1), or `None`.
fn broadcast_shape(a: &Value, b: &Value) -> Option<Vec<usize>> {
    let shape = |v: &Value| match v {
        Value::Matrix(m) => m.shape.clone(),
        _ => Vec::new(),
    };
    let (x, y) = (shape(a), shape(b));
    let rank = x.len().max(y.len());
    let padded = |s: &[usize]| [vec![1; rank - s.len()], s.to_vec()].concat();
    let (x, y) = (padded(&x), padded(&y));
    x.iter()
        .zip(&y)
        .map(|(&p, &q)| match (p, q) {
            _ if p == q => Some(p),
            (1, q) => Some(q),
            (p, 1) => Some(p),
            _ => None,
        })
        .collect()
}

/// Whether the result of two operands is a plain array (both arrays, or an array and a
/// scalar).
fn both_arrays(a: &Value, b: &Value) -> bool {
    [a, b].iter().all(|v| match v {
        Value::Matrix(m) => m.array,
        _ => true,
    })
}

/// The element of `value` that the `offset`-th element (row-major) of a broadcast to `shape`
/// reads.
fn element_at(value: &Value, shape: &[usize], offset: usize) -> Value {
    let Value::Matrix(m) = value else {
        return value.clone();
    };
    let skip = shape.len() - m.shape.len();
    let mut rest = offset;
    let mut index = vec![0; shape.len()];
    for (axis, size) in shape.iter().enumerate().rev() {
        index[axis] = rest % size;
        rest /= size;
    }
    let mut at = 0;
    for (axis, size) in m.shape.iter().enumerate() {
        let i = if *size == 1 { 0 } else { index[axis + skip] };
        at = at * size + i;
    }
    m.data[at].clone()
}

/// `cbrt(x, true)`: the three complex cube roots of x (math.js's principal root, then the ones
/// turned by +2π/3 and −2π/3), a dense matrix; `cbrt(x, false)`: the principal complex root.
fn cube_roots(x: &Value, all: bool, at: usize) -> Evaluated {
    let z = super::complex_mode::as_complex(x, at)?;
    let third = z.arg() / 3.0;
    let magnitude = Complex::from_real(crate::num::jsmath::cbrt(z.abs()));
    let root = |angle: f64| Value::Complex(magnitude.mul(Complex::new(0.0, angle).exp()));
    if !all {
        return Ok(root(third));
    }
    let turn = std::f64::consts::PI * 2.0 / 3.0;
    let roots = vec![root(third), root(third + turn), root(third - turn)];
    Ok(Value::matrix(Matrix::new(vec![3], roots)))
}

/// `fraction({n, d})`: the fraction n/d of two integers (fraction.js's object form); `s`, when
/// given, is its sign.
fn fraction_of_object(members: &[(String, Value)], at: usize) -> Evaluated {
    use dashu_int::IBig;
    use dashu_ratio::RBig;
    let integer = |key: &str| -> Result<Option<IBig>, CalculateError> {
        match members.iter().find(|(k, _)| k == key).map(|(_, v)| v) {
            None => Ok(None),
            Some(Value::Number(x)) if x.is_finite() && x.fract() == 0.0 => {
                Ok(Some(IBig::from(*x as i128)))
            }
            Some(Value::Fraction(f)) if f.denominator() == &dashu_int::UBig::ONE => {
                Ok(Some(f.numerator().clone()))
            }
            Some(Value::BigInt(n)) => Ok(Some(IBig::clone(n))),
            Some(Value::Big(x)) => match crate::num::bignum::to_fraction(x) {
                Some(f) if f.denominator() == &dashu_int::UBig::ONE => {
                    Ok(Some(f.numerator().clone()))
                }
                _ => Err(failed("Invalid argument", at)),
            },
            Some(_) => Err(failed("Invalid argument", at)),
        }
    };
    let (Some(n), Some(d)) = (integer("n")?, integer("d")?) else {
        return Err(failed("Invalid argument", at));
    };
    if d == IBig::ZERO {
        return Err(crate::error::undefined_result().at(at));
    }
    let sign = integer("s")?.map_or(IBig::ONE, |s| {
        if s < IBig::ZERO {
            -IBig::ONE
        } else {
            IBig::ONE
        }
    });
    Ok(Value::fraction(RBig::from(sign * n) / RBig::from(d)))
}

#[cfg(test)]
mod tests {
    /// The answer to `expression` in `numeric_type`: "type result", or the error's reason.
    fn answer(expression: &str, numeric_type: &str) -> String {
        let input = serde_json::json!({"expression": expression, "numericType": numeric_type});
        match crate::calculate(input.to_string().as_bytes()) {
            Ok(out) => format!(
                "{} {}",
                out["resultType"].as_str().unwrap_or("?"),
                out["result"].as_str().unwrap_or("?")
            ),
            Err(e) => e.reason.name().to_owned(),
        }
    }

    #[track_caller]
    fn answers(cases: &[(&str, &str, &str)]) {
        for (expression, numeric_type, expected) in cases {
            assert_eq!(
                answer(expression, numeric_type),
                *expected,
                "{expression} ({numeric_type})"
            );
        }
    }

    // Each expected answer is math.js 15.2's, printed by tests/peer/evaluate.mjs; a refusal by
    // the reason spec 9.3 gives math.js's failure.

    #[test]
    fn complex_without_arguments_is_zero() {
        answers(&[
            ("complex()", "number", "Complex 0"),
            ("complex()", "BigNumber", "Complex 0"),
            ("complex() + 2", "number", "Complex 2"),
        ]);
    }

    #[test]
    fn log1p_takes_a_base() {
        answers(&[
            ("log1p(9999, 10)", "number", "number 4"),
            ("log1p(9999, 10)", "BigNumber", "BigNumber 4"),
            ("log1p(7, 2)", "number", "number 3"),
            ("log1p(1, 1, 1)", "number", "evaluation_failed"),
        ]);
    }

    #[test]
    fn cbrt_gives_all_three_roots() {
        answers(&[
            (
                "cbrt(8i, true)",
                "number",
                "DenseMatrix [1.7320508075688774 + 0.9999999999999999i, -1.732050807568877 + 1.0000000000000007i, 1.2246467991473532e-16 - 2i]",
            ),
            (
                "cbrt(-8, true)",
                "number",
                "DenseMatrix [1.0000000000000002 + 1.7320508075688772i, -2 + 2.4492935982947064e-16i, 1.0000000000000002 - 1.7320508075688772i]",
            ),
            (
                "cbrt(-8, false)",
                "number",
                "Complex 1.0000000000000002 + 1.7320508075688772i",
            ),
            ("cbrt(8i, true)", "Fraction", "fraction_unsupported"),
            ("cbrt(8, 1)", "number", "type_mismatch"),
        ]);
    }

    #[test]
    fn fraction_of_an_object() {
        answers(&[
            ("fraction({n: 333, d: 53})", "number", "Fraction 333/53"),
            ("fraction({n: 333, d: 53})", "BigNumber", "Fraction 333/53"),
            ("fraction({n: 333, d: 53})", "Fraction", "Fraction 333/53"),
            ("fraction({n: 6, d: -4})", "number", "Fraction -3/2"),
            ("fraction({n: 1, d: 0})", "number", "undefined_result"),
            ("fraction({n: 1.5, d: 2})", "number", "evaluation_failed"),
        ]);
    }

    #[test]
    fn unary_plus_converts_to_the_numeric_type() {
        answers(&[
            ("+true", "BigNumber", "BigNumber 1"),
            ("+\"2\"", "BigNumber", "BigNumber 2"),
            ("+\"0.1\"", "BigNumber", "BigNumber 0.1"),
            (
                "+\"12345678901234567890123\"",
                "BigNumber",
                "BigNumber 1.2345678901234567890123e+22",
            ),
            ("+true", "Fraction", "Fraction 1/1"),
            ("+false", "Fraction", "Fraction 0/1"),
            ("+\"0.1\"", "Fraction", "Fraction 1/10"),
            ("+\"0.1\"", "number", "number 0.1"),
            ("-true", "BigNumber", "number -1"),
        ]);
    }

    #[test]
    fn numeric_converts_to_bignumber_and_fraction() {
        answers(&[
            ("numeric(\"4\", \"BigNumber\")", "number", "BigNumber 4"),
            ("numeric(0.1, \"BigNumber\")", "number", "BigNumber 0.1"),
            ("numeric(\"0.1\", \"Fraction\")", "number", "Fraction 1/10"),
            ("numeric(0.1, \"Fraction\")", "number", "Fraction 1/10"),
            (
                "numeric(fraction(1,3), \"BigNumber\")",
                "number",
                "BigNumber 0.3333333333333333333333333333333333333333333333333333333333333333",
            ),
            (
                "numeric(bignumber(0.5), \"Fraction\")",
                "number",
                "Fraction 1/2",
            ),
            ("numeric(4, \"bigint\")", "number", "bigint 4"),
            (
                "numeric(\"abc\", \"Fraction\")",
                "number",
                "evaluation_failed",
            ),
        ]);
    }

    #[test]
    fn config_reports_the_numeric_type() {
        for mode in ["number", "BigNumber", "Fraction"] {
            let printed = answer("config().number", mode);
            assert_eq!(printed, format!("string \"{mode}\""), "{mode}");
        }
    }

    #[test]
    fn text_comparisons_broadcast_over_a_matrix() {
        answers(&[
            (
                "compareText(\"B\", [\"A\", \"B\", \"C\"])",
                "number",
                "DenseMatrix [1, 0, -1]",
            ),
            (
                "equalText(\"B\", [\"A\", \"B\", \"C\"])",
                "number",
                "DenseMatrix [false, true, false]",
            ),
            (
                "compareText([\"A\", \"B\"], [\"B\", \"B\"])",
                "number",
                "DenseMatrix [-1, 0]",
            ),
            (
                "compareText([\"A\", \"B\"], [\"B\"])",
                "number",
                "DenseMatrix [-1, 0]",
            ),
            (
                "compareText([\"A\", \"B\"], [\"B\", \"C\", \"D\"])",
                "number",
                "evaluation_failed",
            ),
        ]);
    }
}
