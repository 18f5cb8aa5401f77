//! Units with Complex magnitudes (`(2 + 3i) m`, `unit(complex(1, 2), "m")`), as math.js 15.2
//! computes them: the unit factors are binary64 numbers, each step complex.js's operation with
//! a real operand, in the order of math.js's unit methods. The binary64 value beside the
//! Complex (`Unit::value`) is its absolute value, which math.js's best-prefix search uses.
//! Each operation is a few binary64 operations per unit part, charged as one step.

use crate::error::CalculateError;
use crate::eval::{Evaluated, Evaluator, failed, mismatch};
use crate::num::complex::Complex;
use crate::syntax::ast::Op;
use crate::units::{Unit, UnitError};
use crate::value::Value;
use std::rc::Rc;

/// A unit operation's failure (spec 9.3 rules 10 and 11).
fn unit_error(error: UnitError, at: usize) -> CalculateError {
    match error {
        UnitError::Mismatch(detail) => mismatch(detail, at),
        UnitError::Failed(detail) => failed(detail, at),
    }
}

/// A unit result: its Complex magnitude when dimensionless, else the unit.
fn complex_value(unit: Unit) -> Value {
    match (unit.unitless_value(), unit.complex) {
        (Some(_), Some(z)) => Value::Complex(z),
        (Some(x), None) => Value::Number(x),
        (None, _) => Value::Unit(Rc::new(unit)),
    }
}

/// A plain operand as a Complex (math.js converts numbers and BigNumbers to a Complex).
fn as_complex(value: &Value, function: &str, at: usize) -> Result<Complex, CalculateError> {
    match value {
        Value::Complex(z) => Ok(*z),
        Value::Number(x) => Ok(Complex::from_real(*x)),
        Value::Boolean(b) => Ok(Complex::from_real(f64::from(u8::from(*b)))),
        Value::Big(x) => Ok(Complex::from_real(crate::num::bignum::to_f64(x))),
        Value::Fraction(r) => Ok(Complex::from_real(crate::num::fraction::to_f64(r))),
        other => Err(mismatch(
            format!(
                "Unexpected type of argument in function {function} (expected: number or Unit, actual: {}, index: 1)",
                other.type_name()
            ),
            at,
        )),
    }
}

impl Evaluator {
    /// Whether a unit operation is one on Complex numbers: a Complex operand or a unit holding
    /// one.
    pub(crate) fn is_complex_unit_operation(left: &Value, right: &Value) -> bool {
        [left, right].iter().any(|v| match v {
            Value::Complex(_) => true,
            Value::Unit(u) => u.complex.is_some(),
            _ => false,
        })
    }

    /// A binary operator on a unit and a Complex (or a unit holding one).
    pub(crate) fn complex_unit_binary(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
        at: usize,
    ) -> Evaluated {
        use Op::*;
        let result = match (op, left, right) {
            (Add | Subtract, Value::Unit(a), Value::Unit(b)) => {
                let sum = a.add(b, op == Subtract).map_err(|e| unit_error(e, at))?;
                let (x, y) = (a.complex_of(), b.complex_of());
                sum.with_complex(if op == Add { x.add(y) } else { x.sub(y) })
            }
            (Multiply | Divide, Value::Unit(a), Value::Unit(b)) => {
                let (x, y) = (a.complex_of(), b.complex_of());
                let z = if op == Multiply { x.mul(y) } else { x.div(y) };
                a.combine(b, op == Divide).with_complex(z)
            }
            (Multiply, Value::Unit(u), other) | (Multiply, other, Value::Unit(u)) => {
                let x = as_complex(other, "multiplyScalar", at)?;
                (**u).clone().with_complex(u.complex_of().mul(x))
            }
            (Divide, Value::Unit(u), other) => {
                let x = as_complex(other, "divideScalar", at)?;
                (**u).clone().with_complex(u.complex_of().div(x))
            }
            (Divide, other, Value::Unit(u)) => {
                let x = as_complex(other, "divideScalar", at)?;
                Unit::dimensionless(0.0)
                    .combine(u, true)
                    .with_complex(x.div(u.complex_of()))
            }
            (Pow, Value::Unit(u), Value::Number(p)) => {
                let powered = u.pow(*p);
                match u.value {
                    None => return Ok(complex_value(powered)),
                    Some(_) => powered.with_complex(u.complex_of().pow(Complex::from_real(*p))),
                }
            }
            (Equal | Unequal, Value::Unit(a), Value::Unit(b)) => {
                if !a.same_base(b) {
                    return Err(failed("Cannot compare units with different base", at));
                }
                let same = a.complex_of().equals(b.complex_of());
                return Ok(Value::Boolean(same == (op == Equal)));
            }
            (Smaller | Larger | SmallerEq | LargerEq, Value::Unit(_), Value::Unit(_)) => {
                return Err(failed(
                    "No ordering relation is defined for complex numbers",
                    at,
                ));
            }
            _ => return self.unit_binary_plain(op, left, right, at),
        };
        Ok(complex_value(result))
    }

    /// `u to target` with a Complex magnitude (a temperature shifts its real part).
    pub(crate) fn complex_convert(&mut self, unit: &Unit, target: &Unit, at: usize) -> Evaluated {
        let converted = unit.to(target).map_err(|e| unit_error(e, at))?;
        let mut z = unit.complex_of();
        if let Some(shift) = unit.complex_offset_shift(target) {
            z = z.add(Complex::from_real(shift));
        }
        Ok(Value::Unit(Rc::new(converted.with_complex(z))))
    }

    /// `abs` and `sqrt` of a unit with a Complex magnitude: `abs` is a real magnitude (math.js's
    /// `abs` of a Complex is a number), `sqrt` the power 1/2.
    pub(crate) fn complex_unit_function(&mut self, name: &str, unit: &Unit) -> Evaluated {
        let z = unit.complex_of();
        if name == "sqrt" {
            return Ok(complex_value(
                unit.pow(0.5).with_complex(z.pow(Complex::from_real(0.5))),
            ));
        }
        let mut result = unit.abs();
        result.complex = None;
        result.value = Some(match unit.abs_offset() {
            None => z.abs(),
            Some(offset) => z.add(Complex::from_real(offset)).abs() - offset,
        });
        Ok(Value::Unit(Rc::new(result)))
    }

    /// `unit(z, "m")`: a valueless unit with the Complex `z` written in it.
    pub(crate) fn complex_unit_with(unit: &Unit, z: Complex) -> Value {
        let mut valueless = unit.clone();
        valueless.value = None;
        let normalized = valueless.complex_normalize(z);
        Value::Unit(Rc::new(valueless.with_complex(normalized)))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    /// The result text, or `reason: message` of the refusal.
    fn answer(expression: &str) -> String {
        match crate::calculate(json!({ "expression": expression }).to_string().as_bytes()) {
            Ok(out) => out["result"].as_str().unwrap_or_default().to_owned(),
            Err(e) => format!("{}: {}", e.reason.name(), e.message),
        }
    }

    /// math.js 15.2's answers.
    #[test]
    fn units_with_complex_magnitudes_answer_as_math_js_does() {
        for (expression, expected) in [
            ("(2+3i) m", "(2 + 3i) m"),
            ("(2+3i) m to cm", "(200 + 300i) cm"),
            ("unit(complex(1,2), \"m\")", "(1 + 2i) m"),
            ("(1+2i) * 5 kg", "(5 + 10i) kg"),
            (
                "(1+2i) kg to lbs",
                "(2.2046226218487757 + 4.409245243697551i) lbs",
            ),
            ("(1+2i) m + 3 m", "(4 + 2i) m"),
            ("2 m * (1+2i)", "(2 + 4i) m"),
            ("abs((3+4i) m)", "5 m"),
            ("(1+2i) m / (2 s)", "(0.5 + i) m / s"),
            (
                "((1+2i) m)^2",
                "(-2.999999999999999 + 4.000000000000001i) m^2",
            ),
            (
                "sqrt((1+2i) m^2)",
                "(1.272019649514069 + 0.7861513777574233i) m",
            ),
            ("(1+2i) degC to degF", "(33.8 + 3.5999999999999996i) degF"),
            ("(0.001+2i) km", "(0.001 + 2i) km"),
            ("5 m * i", "(5i) m"),
            ("1e6i m", "(i) Mm"),
            (
                "number((1+2i) m, \"cm\")",
                "type_mismatch: Type mismatch: Unexpected type of argument in function number (expected: number or BigNumber or bigint or Fraction or Unit or string or Array or Matrix or null or boolean, actual: Complex, index: 0)",
            ),
        ] {
            assert_eq!(answer(expression), expected, "{expression}");
        }
    }
}
