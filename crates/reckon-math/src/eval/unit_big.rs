//! Units with BigNumber magnitudes (spec 5.2 and 4.9): the BigNumber a unit carries
//! (`Unit::big`, normalized like the binary64 value beside it), computed here so that every
//! step is charged to the work meter before it is taken (`bignum::cost`, as the BigNumber
//! operators charge). The binary64 value follows along and decides what math.js decides in
//! floats: the best prefix, the dimensions.
//!
//! math.js 15.2 converts each unit factor to a BigNumber when the magnitude is one
//! (`units/big.rs`) and then computes as its unit methods do, one 64-digit operation at a time:
//! `5 kg` is `1 × (1 × 1000)^1` (the unit's 1) times 5, `x to lbs` divides by
//! `(0.45359237 × 1)^1`, and a temperature conversion adds the offsets' difference.

use crate::error::CalculateError;
use crate::eval::big_mode::{as_big, big_error, compare_big};
use crate::eval::{Evaluated, Evaluator, failed, mismatch, not_implemented};
use crate::num::bignum::{self, Big, BigError};
use crate::syntax::ast::Op;
use crate::units::format::{UnitSystem, apply_best_prefix, settled};
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

/// What is not built: a magnitude that leaves the real BigNumbers (`VAR`, the square root of a
/// negative magnitude).
fn complex_magnitude(at: usize) -> CalculateError {
    not_implemented("units with a Complex magnitude", at)
}

/// The unit with this normalized BigNumber magnitude (and its binary64 value).
fn with_big(mut unit: Unit, big: Big) -> Unit {
    unit.value = Some(bignum::to_f64(&big));
    unit.big = Some(Rc::new(big));
    unit.big_shown = None;
    unit.exact = None;
    unit.shown = None;
    unit
}

/// A unit result: its BigNumber when dimensionless (math.js's rule), else the unit.
fn big_value(unit: Unit) -> Value {
    match (unit.unitless_value(), &unit.big) {
        (Some(_), Some(big)) => Value::Big(Big::clone(big)),
        (Some(x), None) => Value::Number(x),
        (None, _) => Value::Unit(Rc::new(unit)),
    }
}

impl Evaluator {
    /// `x op y` on BigNumbers, charged first.
    fn big_arith(&mut self, op: Op, x: &Big, y: &Big, at: usize) -> Result<Big, CalculateError> {
        let kind = match op {
            Op::Add | Op::Subtract => bignum::Op::Add,
            Op::Multiply => bignum::Op::Mul,
            Op::Divide => bignum::Op::Div,
            Op::Pow => bignum::Op::Pow,
            _ => bignum::Op::Exact,
        };
        self.charge(bignum::cost(kind, x, Some(y)))?;
        Ok(match op {
            Op::Add => bignum::add(x, y),
            Op::Subtract => bignum::sub(x, y),
            Op::Multiply => bignum::mul(x, y),
            Op::Divide => bignum::div(x, y),
            Op::Pow => match bignum::pow(x, y) {
                Ok(value) => value,
                Err(BigError::NumberFallback) => return Err(complex_magnitude(at)),
                Err(e) => return Err(big_error(&e, at)),
            },
            _ => return Err(not_implemented("this BigNumber unit operation", at)),
        })
    }

    /// `x` times (or, with `divide`, divided by) each part's (unit value × prefix value) to
    /// its power, in the parts' order, as math.js normalizes (denormalizes) a magnitude.
    fn big_scaled(
        &mut self,
        unit: &Unit,
        x: Big,
        divide: bool,
        at: usize,
    ) -> Result<Big, CalculateError> {
        let mut result = x;
        for part in &unit.parts {
            let (value, prefix, power) = part.big_factors().ok_or_else(|| complex_magnitude(at))?;
            let scale = self.big_arith(Op::Multiply, &value, &prefix, at)?;
            let factor = self.big_arith(Op::Pow, &scale, &power, at)?;
            let op = if divide { Op::Divide } else { Op::Multiply };
            result = self.big_arith(op, &result, &factor, at)?;
        }
        Ok(result)
    }

    /// The normalized BigNumber magnitude of a unit: its own, its binary64 one converted (as
    /// math.js converts a number meeting a BigNumber), or (valueless) its parts' 1.
    fn big_of(&mut self, unit: &Unit, at: usize) -> Result<Big, CalculateError> {
        match (&unit.big, unit.value) {
            (Some(big), _) => Ok(Big::clone(big)),
            (None, Some(x)) => as_big(&Value::Number(x), at),
            (None, None) => self.big_scaled(unit, Big::one(), false, at),
        }
    }

    /// Whether a unit operation is one on BigNumbers: a BigNumber operand or a unit holding one.
    pub(crate) fn is_big_unit_operation(left: &Value, right: &Value) -> bool {
        [left, right].iter().any(|v| match v {
            Value::Big(_) => true,
            Value::Unit(u) => u.big.is_some(),
            _ => false,
        })
    }

    /// A binary operator on a unit and a BigNumber (or a unit holding one).
    pub(crate) fn big_unit_binary(
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
                let (x, y) = (self.big_of(a, at)?, self.big_of(b, at)?);
                let big = self.big_arith(op, &x, &y, at)?;
                with_big(sum, big)
            }
            (Multiply | Divide, Value::Unit(a), Value::Unit(b)) => {
                let (x, y) = (self.big_of(a, at)?, self.big_of(b, at)?);
                let big = self.big_arith(op, &x, &y, at)?;
                with_big(a.combine(b, op == Divide), big)
            }
            (Multiply, Value::Unit(u), other) | (Multiply, other, Value::Unit(u))
                if !matches!(other, Value::Unit(_)) =>
            {
                let (v, x) = (self.big_of(u, at)?, as_big(other, at)?);
                let big = self.big_arith(Multiply, &v, &x, at)?;
                with_big((**u).clone(), big)
            }
            (Divide, Value::Unit(u), other) => {
                let (v, x) = (self.big_of(u, at)?, as_big(other, at)?);
                let big = self.big_arith(Divide, &v, &x, at)?;
                with_big((**u).clone(), big)
            }
            (Divide, other, Value::Unit(u)) => {
                let (x, v) = (as_big(other, at)?, self.big_of(u, at)?);
                let big = self.big_arith(Divide, &x, &v, at)?;
                with_big(Unit::dimensionless(0.0).combine(u, true), big)
            }
            (Pow, Value::Unit(u), other) if !matches!(other, Value::Unit(_)) => {
                let p = as_big(other, at)?;
                let powered = u.pow(bignum::to_f64(&p));
                if u.value.is_none() {
                    return Ok(big_value(powered));
                }
                let v = self.big_of(u, at)?;
                let big = self.big_arith(Pow, &v, &p, at)?;
                with_big(powered, big)
            }
            (
                Equal | Unequal | Smaller | Larger | SmallerEq | LargerEq,
                Value::Unit(a),
                Value::Unit(b),
            ) => {
                if !a.same_base(b) {
                    return Err(failed("Cannot compare units with different base", at));
                }
                if a.value.is_none() || b.value.is_none() {
                    return Err(failed("Cannot compare units without a value", at));
                }
                let (x, y) = (self.big_of(a, at)?, self.big_of(b, at)?);
                self.charge(bignum::cost(bignum::Op::Exact, &x, Some(&y)))?;
                return Ok(Value::Boolean(compare_big(op, &x, &y)));
            }
            _ => return self.unit_binary_plain(op, left, right, at),
        };
        Ok(big_value(result))
    }

    /// `u to target` with a BigNumber magnitude: the target's parts, the magnitude shifted by
    /// the offsets' difference when a single temperature converts.
    pub(crate) fn big_convert(&mut self, unit: &Unit, target: &Unit, at: usize) -> Evaluated {
        let converted = unit.to(target).map_err(|e| unit_error(e, at))?;
        let mut big = self.big_of(unit, at)?;
        if let Some(shift) = unit.big_offset_shift(target) {
            big = self.big_arith(Op::Add, &big, &shift, at)?;
        }
        Ok(Value::Unit(Rc::new(with_big(converted, big))))
    }

    /// The BigNumber magnitude of a unit in its own parts.
    pub(crate) fn big_magnitude(&mut self, unit: &Unit, at: usize) -> Result<Big, CalculateError> {
        let big = self.big_of(unit, at)?;
        self.big_scaled(unit, big, true, at)
    }

    /// `abs` and `sqrt` of a unit with a BigNumber magnitude: `abs` of a single offset unit is
    /// measured from its zero, as math.js does; `sqrt` is the power 1/2.
    pub(crate) fn big_unit_function(&mut self, name: &str, unit: &Unit, at: usize) -> Evaluated {
        let big = self.big_of(unit, at)?;
        if name == "sqrt" {
            let half = bignum::from_f64(0.5);
            let root = self.big_arith(Op::Pow, &big, &half, at)?;
            return Ok(big_value(with_big(unit.pow(0.5), root)));
        }
        let value = match unit.big_abs_offset() {
            None => bignum::abs(&big),
            Some(offset) => {
                let shifted = self.big_arith(Op::Add, &big, &offset, at)?;
                self.big_arith(Op::Subtract, &bignum::abs(&shifted), &offset, at)?
            }
        };
        Ok(Value::Unit(Rc::new(with_big(unit.abs(), value))))
    }

    /// A BigNumber-mode result unit, settled for printing: simplified against the system, the
    /// best prefix chosen (from the binary64 value, as math.js chooses it), and the magnitude
    /// written in those parts.
    pub(crate) fn big_settled(&mut self, unit: &Unit, system: &UnitSystem) -> Evaluated {
        let big = self.big_of(unit, 0)?;
        let mut shown = settled(unit, system);
        apply_best_prefix(&mut shown);
        shown.fix_prefix = true;
        let magnitude = self.big_scaled(&shown, big, true, 0)?;
        shown.big_shown = Some(Rc::new(magnitude));
        Ok(Value::Unit(Rc::new(shown)))
    }

    /// A valueless unit with the BigNumber `x` written in it (`unit(x, "m")`, `unit("5 m")`).
    pub(crate) fn big_unit_with(&mut self, unit: &Unit, x: Big, at: usize) -> Evaluated {
        let mut valueless = unit.clone();
        valueless.value = None;
        let big = self.big_scaled(&valueless, x, false, at)?;
        Ok(Value::Unit(Rc::new(with_big(valueless, big))))
    }

    /// `unit("5 kg")` in BigNumber mode: the number read as a BigNumber.
    pub(crate) fn big_unit_text(&mut self, unit: Unit, text: &str, at: usize) -> Evaluated {
        let Some(number) =
            crate::units::text::leading_number(text).and_then(bignum::parse_decimal_text)
        else {
            return Ok(Value::Unit(Rc::new(unit)));
        };
        self.big_unit_with(&unit, number, at)
    }

    /// A physical constant in BigNumber mode: its value written in its own units (the decimal
    /// math.js reads), normalized with BigNumber factors; a dimensionless one is a BigNumber.
    pub(crate) fn big_constant(&mut self, unit: Option<Unit>, value: f64, at: usize) -> Evaluated {
        let Some(unit) = unit else {
            return Ok(Value::Big(bignum::from_f64(value)));
        };
        let written = bignum::from_f64(unit.denormalize(value));
        let Value::Unit(made) = self.big_unit_with(&unit, written, at)? else {
            return Err(complex_magnitude(at));
        };
        Ok(Value::Unit(made))
    }

    /// `splitUnit(u, parts)` with a BigNumber magnitude, as math.js computes it: each part but
    /// the last takes the amount rounded when that is nearly equal to it, else truncated, and
    /// is subtracted; the last takes the rest, the number 0 when the parts sum nearly to u.
    pub(crate) fn big_split_unit(
        &mut self,
        unit: &Unit,
        parts: &crate::value::matrix::Matrix,
        at: usize,
    ) -> Evaluated {
        use crate::value::matrix::Matrix;
        let targets = self.split_targets(parts, at)?;
        let Some((last, whole)) = targets.split_last() else {
            return Ok(Value::matrix(Matrix::vector(Vec::new()).into_array()));
        };
        let total = self.big_of(unit, at)?;
        let mut rest = with_big(unit.clone(), total.clone());
        let mut sum = Big::from_i64(0);
        let mut out = Vec::with_capacity(targets.len());
        for target in whole {
            let Value::Unit(converted) = self.big_convert(&rest, target, at)? else {
                return Err(complex_magnitude(at));
            };
            let amount = self.big_magnitude(&converted, at)?;
            self.charge(bignum::cost(bignum::Op::Composite, &amount, None))?;
            let rounded = bignum::round(&amount);
            let amount = if bignum::nearly_equal(&rounded, &amount) {
                rounded
            } else {
                bignum::fix(&amount)
            };
            let Value::Unit(piece) = self.big_unit_with(target, amount, at)? else {
                return Err(complex_magnitude(at));
            };
            let mut piece = (*piece).clone();
            piece.fix_prefix = false;
            piece.keep_units = true;
            let piece_big = self.big_of(&piece, at)?;
            sum = self.big_arith(Op::Add, &sum, &piece_big, at)?;
            let left = self.big_of(&converted, at)?;
            let remaining = self.big_arith(Op::Subtract, &left, &piece_big, at)?;
            rest = with_big((*converted).clone(), remaining);
            rest.fix_prefix = false;
            out.push(Value::Unit(Rc::new(piece)));
        }
        let Value::Unit(last_part) = self.big_convert(&rest, last, at)? else {
            return Err(complex_magnitude(at));
        };
        let mut last_part = (*last_part).clone();
        if !whole.is_empty() && bignum::nearly_equal(&sum, &total) {
            // math.js sets the number 0.
            last_part.big = None;
            last_part.value = Some(0.0);
        }
        out.push(Value::Unit(Rc::new(last_part)));
        Ok(Value::matrix(Matrix::vector(out).into_array()))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    /// The result text in BigNumber mode, or `reason: message` of the refusal.
    fn big(expression: &str) -> String {
        let request = json!({ "expression": expression, "numericType": "BigNumber" });
        match crate::calculate(request.to_string().as_bytes()) {
            Ok(out) => out["result"].as_str().unwrap_or_default().to_owned(),
            Err(e) => format!("{}: {}", e.reason.name(), e.message),
        }
    }

    /// math.js 15.2's answers in BigNumber mode (precision 64).
    #[test]
    fn units_with_bignumber_magnitudes_answer_as_math_js_does() {
        for (expression, expected) in [
            (
                "5 kg to lbs",
                "11.0231131092438790361486900672513516927103513668009891788964616 lbs",
            ),
            ("5 kg", "5 kg"),
            (
                "2 inch + 3 cm",
                "3.181102362204724409448818897637795275590551181102362204724409449 inch",
            ),
            ("10 m / 2 s", "5 m / s"),
            ("100 degC to degF", "212 degF"),
            ("(3 m)^2", "9 m^2"),
            (
                "30 deg to rad",
                "0.523598775598298873077107230546583814032861566562517636829157432 rad",
            ),
            ("sin(30 deg)", "0.5"),
            ("speedOfLight * 2", "599584916 m / s"),
            ("fermiCoupling", "0.000011663787 GeV^-2"),
            (
                "1/3 m to cm",
                "33.33333333333333333333333333333333333333333333333333333333333333 cm",
            ),
            ("number(5 kg, \"g\")", "5000"),
            ("sqrt(4 m^2)", "2 m"),
            ("unit(\"5 kg\")", "5 kg"),
            ("abs(-5 degC)", "-5 degC"),
            (
                "splitUnit(1 m, [\"ft\", \"inch\"])",
                "[3 ft, 3.370078740157480314960629921259842519685039370078740157480314961 inch]",
            ),
            ("5 kg == 5000 g", "true"),
            (
                "1 degF to K",
                "255.9277777777777777777777777777777777777777777777777777777777778 K",
            ),
            (
                "3 knot to m/s",
                "1.543333333333333333333333333333333333333333333333333333333333334 m / s",
            ),
            ("10 cm * 10 cm", "100 cm^2"),
            ("1e500 m", "1e+500 m"),
            ("0 km", "0 m"),
            // Spec 6.3: a custom unit never enters the unit system (math.js: `... knot]`).
            ("[0 knot, 2.5 km/h]", "[0 knot, 2.5 km / h]"),
        ] {
            assert_eq!(big(expression), expected, "{expression}");
        }
    }
}
