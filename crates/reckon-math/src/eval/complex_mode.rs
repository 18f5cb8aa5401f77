//! Complex numbers in the evaluator (spec 5.1): operators with a Complex operand, the functions
//! math.js defines on Complex values, and the promotion of real functions outside their real
//! domain (`sqrt(-4)` = `2i`). The arithmetic itself is `complex`'s, which follows complex.js.

use crate::eval::{Evaluated, Evaluator, failed, function_error, mismatch};
use crate::functions::Builtin;
use crate::num::complex::{self, Complex, RealOrComplex};
use crate::syntax::ast::Op;
use crate::value::Value;

/// A value as a Complex operand: numbers and booleans as real parts, Fractions through their
/// binary64 value (spec 5.4: "any real with Complex → Complex with binary64 parts"), strings as
/// complex.js reads them (`"2+3i"`; math.js converts with `new Complex(text)`).
pub(super) fn as_complex(value: &Value, at: usize) -> Result<Complex, crate::CalculateError> {
    match value {
        Value::Complex(z) => Ok(*z),
        Value::Str(text) => complex::parse_text(text)
            .ok_or_else(|| mismatch(format!("Cannot convert \"{text}\" to Complex"), at)),
        Value::Fraction(f) => Ok(Complex::from_real(crate::num::fraction::to_f64(f))),
        Value::Big(x) => Ok(Complex::from_real(crate::num::bignum::to_f64(x))),
        other => crate::functions::to_number(other)
            .map(Complex::from_real)
            .map_err(|e| crate::error::function_error(e, "", at)),
    }
}

fn complex_value(result: RealOrComplex) -> Value {
    match result {
        RealOrComplex::Real(x) => Value::Number(x),
        RealOrComplex::Complex(z) => Value::Complex(z),
    }
}

/// The complex result math.js gives for a real function called outside its real domain, or
/// `None` when the function does not promote.
pub(crate) fn promote(name: &str, args: &[f64]) -> Option<Value> {
    let x = *args.first()?;
    let result = match (name, args.len()) {
        ("sqrt", 1) => complex::sqrt_real(x),
        ("log", 1) => complex::log_real(x),
        ("log", 2) => complex::log_base_real(x, args[1]),
        ("log10", 1) => complex::log10_real(x),
        ("log2", 1) => complex::log2_real(x),
        ("log1p", 1) => complex::log1p_real(x),
        ("pow", 2) => complex::pow_real(x, args[1]),
        ("asin", 1) => complex::asin_real(x),
        ("acos", 1) => complex::acos_real(x),
        ("acosh", 1) => complex::acosh_real(x),
        ("atanh", 1) => complex::atanh_real(x),
        ("asec", 1) => complex::asec_real(x),
        ("acsc", 1) => complex::acsc_real(x),
        ("asech", 1) => complex::asech_real(x),
        ("acoth", 1) => complex::acoth_real(x),
        _ => return None,
    };
    Some(complex_value(result))
}

impl Evaluator {
    /// A binary operator with a Complex operand (and no matrix): arithmetic and equality;
    /// ordering and the other operators are refused as math.js refuses them.
    pub(crate) fn complex_binary(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
        at: usize,
    ) -> Evaluated {
        // math.js converts a number, BigNumber, Fraction or string to Complex, but not a
        // boolean, null or undefined (`true + i`, `i == true` are type errors).
        for (value, index) in [(left, 0), (right, 1)] {
            if matches!(value, Value::Boolean(_) | Value::Null | Value::Undefined) {
                return Err(crate::eval::no_typed_form(op, value, index, at));
            }
        }
        let (x, y) = (as_complex(left, at)?, as_complex(right, at)?);
        self.charge(4)?;
        Ok(match op {
            Op::Add => Value::Complex(x.add(y)),
            Op::Subtract => Value::Complex(x.sub(y)),
            Op::Multiply | Op::DotMultiply => Value::Complex(x.mul(y)),
            Op::Divide | Op::DotDivide => Value::Complex(x.div(y)),
            Op::Pow | Op::DotPow => Value::Complex(x.pow(y)),
            Op::Xor => Value::Boolean((x.re != 0.0 || x.im != 0.0) != (y.re != 0.0 || y.im != 0.0)),
            Op::And => Value::Boolean((x.re != 0.0 || x.im != 0.0) && (y.re != 0.0 || y.im != 0.0)),
            Op::Or => Value::Boolean((x.re != 0.0 || x.im != 0.0) || (y.re != 0.0 || y.im != 0.0)),
            Op::Equal => Value::Boolean(x.equals(y)),
            Op::Unequal => Value::Boolean(!x.equals(y)),
            Op::Smaller | Op::Larger | Op::SmallerEq | Op::LargerEq => {
                // A TypeError without typed-function's wrongType category: spec 9.3 rule 11.
                return Err(failed(
                    "No ordering relation is defined for complex numbers",
                    at,
                ));
            }
            other => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function {} (actual: Complex)",
                        other.symbol_and_fn().1
                    ),
                    at,
                ));
            }
        })
    }

    /// `re im conj arg complex` on any numeric value, and the functions math.js defines on a
    /// Complex argument; `None` when neither applies.
    pub(crate) fn complex_function(
        &mut self,
        row: &Builtin,
        values: &[Value],
        at: usize,
    ) -> Option<Evaluated> {
        let name = row.name;
        let any_complex = values.iter().any(|v| matches!(v, Value::Complex(_)));
        if !any_complex && !matches!(name, "re" | "im" | "conj" | "arg" | "complex") {
            return None;
        }
        if values.iter().any(|v| matches!(v, Value::Matrix(_))) {
            return None;
        }
        if let ("min" | "max", [only]) = (name, values) {
            // One value needs no comparison: math.js returns it (`min(2i)` = 2i).
            return Some(Ok(only.clone()));
        }
        Some(self.complex_call(row, values, at))
    }

    fn complex_call(&mut self, row: &Builtin, values: &[Value], at: usize) -> Evaluated {
        let name = row.name;
        if name == "complex" {
            return match values {
                [Value::Complex(z)] => Ok(Value::Complex(*z)),
                [Value::Null] => Ok(Value::Complex(Complex::new(0.0, 0.0))),
                // complex.js's error for a text it cannot read.
                [Value::Str(text)] => complex::parse_text(text)
                    .map(Value::Complex)
                    .ok_or_else(|| failed("Invalid Param", at)),
                [re] => Ok(Value::Complex(as_complex(re, at)?)),
                // Two parts are numbers: a string part is read as a number (`complex("2", "3")`).
                [re, im]
                    if !matches!(re, Value::Complex(_)) && !matches!(im, Value::Complex(_)) =>
                {
                    let part = |value: &Value| match value {
                        Value::Str(_) => crate::functions::to_number(value)
                            .map_err(|e| crate::error::function_error(e, "", at)),
                        other => as_complex(other, at).map(|z| z.re),
                    };
                    Ok(Value::Complex(Complex::new(part(re)?, part(im)?)))
                }
                _ => Err(failed(
                    "complex() takes a real part and an imaginary part",
                    at,
                )),
            };
        }
        if let [Value::Fraction(f)] = values
            && matches!(name, "re" | "conj")
        {
            return Ok(Value::Fraction(f.clone()));
        }
        // math.js: `re` of a BigNumber is the value itself, `im` of a BigNumber or a Fraction is
        // the value times 0 (a zero of its type), `arg` of a BigNumber is decimal.js's
        // `atan2(0, x)` (π at 64 digits for a negative x).
        match (name, values) {
            ("re", [value @ Value::Big(_)]) => return Ok(value.clone()),
            ("im", [Value::Big(x)]) => {
                return Ok(Value::Big(crate::num::bignum::mul(
                    x,
                    &crate::num::bignum::Big::ZERO,
                )));
            }
            ("im", [Value::Fraction(_)]) => return Ok(Value::fraction(dashu_ratio::RBig::ZERO)),
            // math.js has no `arg` of a Fraction: it converts it to a BigNumber, which it
            // refuses (outside Fraction mode the refusal below becomes that type mismatch).
            ("arg", [Value::Fraction(_)]) => {
                return Err(crate::error::fraction_unsupported_function(at));
            }
            ("arg", [Value::Big(x)]) => {
                self.charge(crate::num::bignum::ELEMENTARY_UNITS)?;
                return Ok(Value::Big(crate::num::bignum::atan2(
                    &crate::num::bignum::Big::ZERO,
                    x,
                )));
            }
            _ => {}
        }
        let z = as_complex(&values[0], at)?;
        self.charge(16)?;
        // The functions whose Complex form is one function of their argument declare it.
        if let (Some(form), [_]) = (row.forms.complex, values) {
            return Ok(Value::Complex(form(z)));
        }
        let real_argument = !matches!(values[0], Value::Complex(_));
        if matches!(name, "round" | "floor" | "ceil" | "fix")
            && matches!(values.get(1), Some(Value::Complex(_)))
        {
            // No signature of math.js takes a Complex number of places.
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function {name} (actual: Complex, index: 1)"
                ),
                at,
            ));
        }
        let second = match values.get(1) {
            Some(v) => Some(as_complex(v, at)?),
            None => None,
        };
        let places = |v: Option<Complex>| -> Result<i32, crate::CalculateError> {
            match v {
                None => Ok(0),
                Some(p) if p.im == 0.0 && p.re.fract() == 0.0 && (0.0..=15.0).contains(&p.re) => {
                    Ok(p.re as i32)
                }
                Some(_) => Err(failed(
                    "Number of decimals in function round must be an integer from 0 to 15",
                    at,
                )),
            }
        };
        let result = match (name, second) {
            ("re", None) => Value::Number(z.re),
            ("im", None) => Value::Number(if real_argument { 0.0 } else { z.im }),
            // math.js's conj of a boolean or a numeric string is that number.
            ("conj", None) if matches!(values[0], Value::Boolean(_) | Value::Str(_)) => {
                Value::Number(z.re)
            }
            ("conj", None) if real_argument => values[0].clone(),
            ("conj", None) => Value::Complex(z.conj()),
            ("arg", None) => Value::Number(z.arg()),
            ("abs", None) => Value::Number(z.abs()),
            ("log", None) => Value::Complex(z.log()),
            ("log", Some(base)) => Value::Complex(z.log_base(base)),
            ("pow", Some(w)) => Value::Complex(z.pow(w)),
            ("round", p) => Value::Complex(z.round(places(p)?)),
            ("floor", p) => Value::Complex(z.floor(places(p)?)),
            ("ceil", p) => Value::Complex(z.ceil(places(p)?)),
            // math.js's fix(z, n): each part by the real floor (positive) or ceil at n places.
            ("fix", Some(n)) if n.im == 0.0 => {
                let part = |x: f64| {
                    let (rounding, f): (&str, fn(f64) -> f64) = if x > 0.0 {
                        ("floor", crate::num::real::floor)
                    } else {
                        ("ceil", crate::num::real::ceil)
                    };
                    crate::functions::with_places(rounding, &[x, n.re], f)
                        .map_err(|e| function_error(e, rounding, at))
                };
                Value::Complex(Complex::new(part(z.re)?, part(z.im)?))
            }
            ("zeta", None) => {
                // Borwein's series costs n² steps for n terms (n grows with |Im s|).
                let n = crate::functions::special::zeta_complex_terms(z);
                self.charge((n * n).min(1e15) as u64)?;
                match crate::functions::special::zeta_complex(z) {
                    Some(w) => Value::Complex(w),
                    None => return Err(crate::error::not_implemented("zeta() of this value", at)),
                }
            }
            ("gamma", None) => crate::functions::special::gamma_complex(z),
            ("lgamma", None) => Value::Complex(crate::functions::special::lgamma_complex(z)),
            ("isZero", None) => Value::Boolean(z.is_zero()),
            ("isNaN", None) => Value::Boolean(z.is_nan()),
            ("typeOf", None) => Value::Str("Complex".into()),
            ("string", None) => Value::Str(complex::format(z, None).into()),
            // math.js's own refusal (spec 9.3 rule 11), for a complex radicand only; a Complex
            // root has no signature at all (type_mismatch, below).
            ("nthRoot", _)
                if !real_argument && !matches!(values.get(1), Some(Value::Complex(_))) =>
            {
                return Err(failed(
                    "Complex number not supported in function nthRoot. Use nthRoots instead.",
                    at,
                ));
            }
            ("max" | "min", _) => {
                // A TypeError without typed-function's wrongType category: spec 9.3 rule 11.
                return Err(failed(
                    format!(
                        "Cannot calculate {name}, no ordering relation is defined for complex numbers"
                    ),
                    at,
                ));
            }
            _ => {
                return Err(mismatch(
                    format!("Unexpected type of argument in function {name} (actual: Complex)"),
                    at,
                ));
            }
        };
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    fn answer(expression: &str, extra: serde_json::Value) -> String {
        let mut input = json!({"expression": expression});
        if let (Some(object), Some(more)) = (input.as_object_mut(), extra.as_object()) {
            object.extend(more.clone());
        }
        match crate::calculate(input.to_string().as_bytes()) {
            Ok(out) => format!(
                "{} {}",
                out["resultType"].as_str().unwrap_or("?"),
                out["result"].as_str().unwrap_or("?")
            ),
            Err(e) => e.reason.name().to_owned(),
        }
    }

    #[test]
    fn strings_become_complex_numbers_as_complex_js_reads_them() {
        // math.js 15.2's answers for `complex(text)` (`text + complex(0, 0)` agrees, with
        // `Cannot convert "…" to Complex` where this says `Invalid Param`).
        let show = |text: &str| {
            crate::num::complex::parse_text(text).map(|z| format!("{} {}", z.re, z.im))
        };
        for (text, want) in [
            ("2+3i", "2 3"),
            ("i", "0 1"),
            ("-i", "0 -1"),
            ("+i", "0 1"),
            ("I", "0 1"),
            ("i2", "0 2"),
            ("2+i3", "2 3"),
            ("1-i", "1 -1"),
            ("--1", "1 0"),
            ("3 - - 2i", "3 2"),
            ("i+i", "0 2"),
            ("2i+3", "3 2"),
            ("-2-3i", "-2 -3"),
            (" 7 ", "7 0"),
            ("7\t", "7 0"),
            (".5i", "0 0.5"),
            ("5.i", "0 5"),
            ("1e3i", "0 1000"),
            ("1e+2i", "0 100"),
            ("1.e5", "100000 0"),
            ("1.5e-3-2.5e+2i", "0.0015 -250"),
            ("1_000", "1000 0"),
            ("1__0i", "0 10"),
            ("-+-+1", "1 0"),
        ] {
            assert_eq!(show(text).as_deref(), Some(want), "{text:?}");
        }
        for text in [
            "", "  ", "+", "-", "2+", "i-", "2 3", "2i3", "2 i", "2*i", "i i", "ii", "2ii",
            "Infinity", "NaN", "abc", "1+2j", "(1+2i)", "1e", "1e5e5", "1E5", ".5e3", "0x10",
            "1,5", "1/2", "2 + 3 i", "2+ i 3", "2.5.5", "\u{663}",
        ] {
            assert_eq!(show(text), None, "{text:?}");
        }
        let none = json!({});
        assert_eq!(
            answer("complex(\" 2 + 3i \")", none.clone()),
            "Complex 2 + 3i"
        );
        assert_eq!(
            answer("\"2+3i\" + complex(1, 1)", none.clone()),
            "Complex 3 + 4i"
        );
        assert_eq!(answer("\"i\" * i", none.clone()), "Complex -1");
        assert_eq!(
            answer("\"2+3i\" == complex(2, 3)", none.clone()),
            "boolean true"
        );
        assert_eq!(
            answer("complex(\"2\", \"3\")", none.clone()),
            "Complex 2 + 3i"
        );
        assert_eq!(answer("complex(null)", none.clone()), "Complex 0");
        assert_eq!(
            answer("complex(\"abc\")", none.clone()),
            "evaluation_failed"
        );
        assert_eq!(answer("\"\" + i", none.clone()), "type_mismatch");
        // Two parts are numbers, so a part is not read as a complex number.
        assert_eq!(answer("complex(\"2i\", \"3\")", none), "type_mismatch");
    }

    #[test]
    fn nan_takes_the_complex_path_where_math_js_domain_test_fails() {
        // math.js 15.2's answers: a NaN fails `x >= 0` and the like, so these are Complex (a
        // bare non-finite result is refused, so each is shown through `format`).
        for mode in ["number", "BigNumber"] {
            for (expression, want) in [
                ("format(log10(NaN))", "Infinity + Infinityi"),
                ("format(log2(NaN))", "NaN + NaNi"),
                ("format(log1p(NaN))", "NaN + NaNi"),
                ("format(atanh(NaN))", "NaN + 1.5707963267948966i"),
                ("format(NaN^0.5)", "NaN + NaNi"),
                ("format(NaN^NaN)", "NaN + NaNi"),
                ("format((-2)^NaN)", "NaN + NaNi"),
                ("format((-2)^Infinity)", "NaN + NaNi"),
                ("format((-1)^Infinity)", "NaN + NaNi"),
                ("format(dotPow([NaN], 0.5))", "[NaN + NaNi]"),
                // Real: an integer exponent, a base ≥ 0, and the limits that are 0.
                ("format(NaN^2)", "NaN"),
                ("format(2^NaN)", "NaN"),
                ("format((-2)^-Infinity)", "0"),
                ("format((-0.5)^Infinity)", "0"),
                ("typeOf(sqrt(NaN))", "number"),
            ] {
                assert_eq!(
                    crate::test_support::answer_in(expression, mode),
                    format!("string \"{want}\""),
                    "{expression} in {mode}"
                );
            }
        }
    }

    #[test]
    fn worked_examples() {
        let none = json!({});
        assert_eq!(answer("sqrt(-4)", none.clone()), "Complex 2i");
        assert_eq!(
            answer("asin(2)", none.clone()),
            "Complex 1.5707963267948966 - 1.3169578969248166i"
        );
        assert_eq!(answer("e^(i pi)", json!({"precision": 3})), "Complex -1");
        assert_eq!(
            answer("e^(i pi)", none.clone()),
            "Complex -1 + 1.2246467991473532e-16i"
        );
        assert_eq!(
            answer("(-8)^(1/3)", none.clone()),
            "Complex 1 + 1.732050807568877i"
        );
        assert_eq!(answer("(-2)^3", none.clone()), "number -8");
        assert_eq!(answer("i^2", none.clone()), "Complex -1");
        assert_eq!(
            answer("(1 + i)^2", none.clone()),
            "Complex 1.2246467991473532e-16 + 2i"
        );
        assert_eq!(
            answer("conj([1 + i, 1 - i])", none.clone()),
            "DenseMatrix [1 - i, 1 + i]"
        );
        assert_eq!(answer("re(2 + 3i)", none.clone()), "number 2");
        assert_eq!(answer("arg(-1)", none.clone()), "number 3.141592653589793");
        // "No ordering relation is defined for complex numbers": spec 9.3 names it under rule 11.
        assert_eq!(answer("2i < 3", none.clone()), "evaluation_failed");
        assert_eq!(answer("sqrt(-4) == 2i", none.clone()), "boolean true");
        assert_eq!(
            answer("nthRoots(-8, 3)", none.clone()),
            "Array [1.0000000000000002 + 1.7320508075688772i, -2, 1.0000000000000002 - 1.7320508075688772i]"
        );
        assert_eq!(
            answer("nthRoots(16, 4)", none.clone()),
            "Array [2, 2i, -2, -2i]"
        );
    }

    #[test]
    fn results_are_checked_part_by_part() {
        assert_eq!(answer("complex(1, 1/0)", json!({})), "undefined_result");
        let fraction = json!({"numericType": "Fraction"});
        assert_eq!(answer("2 + 3i", fraction.clone()), "Complex 2 + 3i");
        assert_eq!(answer("2.5 + 3i", fraction.clone()), "fraction_unsupported");
        assert_eq!(answer("sqrt(-4)", fraction), "fraction_unsupported");
    }
}

#[cfg(test)]
mod parts_of_reals {
    use crate::test_support::answer_in;

    #[test]
    fn arg_of_a_fraction_is_unsupported_in_fraction_mode() {
        for expression in ["arg(1/2)", "arg(-1/2)", "arg(2)", "arg([1/2])"] {
            assert_eq!(
                crate::test_support::reason_in(expression, "Fraction"),
                "fraction_unsupported",
                "{expression}"
            );
            assert!(
                answer_in(expression, "Fraction").contains("cannot compute this expression"),
                "{expression}"
            );
        }
    }

    #[test]
    fn re_im_and_arg_keep_the_type_of_a_big_number_or_fraction() {
        // math.js 15.2's answers (tests/peer/evaluate.mjs).
        for (expression, numeric_type, expected) in [
            ("re(-2.5)", "BigNumber", "BigNumber -2.5"),
            ("im(-4)", "BigNumber", "BigNumber 0"),
            ("arg(7)", "BigNumber", "BigNumber 0"),
            (
                "arg(-4)",
                "BigNumber",
                "BigNumber 3.141592653589793238462643383279502884197169399375105820974944592",
            ),
            // decimal.js: atan2(0, -0) = π.
            (
                "arg(-0)",
                "BigNumber",
                "BigNumber 3.141592653589793238462643383279502884197169399375105820974944592",
            ),
            ("im([1, -2])", "BigNumber", "DenseMatrix [0, 0]"),
            (
                "typeOf(im([1, -2])[1])",
                "BigNumber",
                "string \"BigNumber\"",
            ),
            ("im(7)", "Fraction", "Fraction 0/1"),
            ("re(-5/2)", "Fraction", "Fraction -5/2"),
            ("im(7)", "number", "number 0"),
            ("arg(-4)", "number", "number 3.141592653589793"),
            // No `arg` of a Fraction: math.js converts it to a BigNumber, which it refuses.
            (
                "arg(fraction(1, 2))",
                "number",
                "type_mismatch: Type mismatch: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction.",
            ),
        ] {
            assert_eq!(
                answer_in(expression, numeric_type),
                expected,
                "{expression}"
            );
        }
    }
}
