//! Units with Fraction magnitudes (spec 5.3: "unit conversions" are exact operations): the
//! exact magnitude a unit carries in Fraction mode (`Unit::exact`), computed here so that every
//! step is charged to the work meter before it is taken (the same charges and digit limits as
//! the Fraction operators, `fraction_mode.rs`). The binary64 value beside it follows the number
//! path, which decides the parts, dimensions and the best prefix, as math.js decides them in
//! floats.
//!
//! Unit factors convert to Fractions as math.js converts them, without the exactness test
//! (`30 deg to rad` = `191068/364913 rad`); a non-integer power of a unit (`sqrt`) or a
//! trigonometric function has no exact form and is refused as Fraction mode refuses them.

use crate::error::CalculateError;
use crate::eval::fraction_mode::as_fraction;
use crate::eval::{Evaluated, Evaluator, fraction_unsupported_function, mismatch};
use crate::num::fraction;
use crate::syntax::ast::Op;
use crate::units::format::{UnitSystem, apply_best_prefix, settled};
use crate::units::{Unit, UnitError};
use crate::value::Value;
use dashu_int::ops::Abs;
use dashu_ratio::RBig;
use std::rc::Rc;

/// A power of a unit with a Fraction magnitude (`^`, `sqrt`): math.js 15.2 converts the
/// exponent to a BigNumber and refuses to mix it with the Fraction, a type mismatch (spec 9.3
/// rule 10, "Cannot implicitly convert").
fn fraction_power(at: usize) -> CalculateError {
    mismatch(
        "Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction.",
        at,
    )
}

/// A unit operation's failure (spec 9.3 rules 10 and 11).
fn unit_error(error: UnitError, at: usize) -> CalculateError {
    match error {
        UnitError::Mismatch(detail) => mismatch(detail, at),
        UnitError::Failed(detail) => crate::eval::failed(detail, at),
    }
}

/// The unit with this exact normalized magnitude (and its binary64 value).
fn with_exact(mut unit: Unit, exact: RBig) -> Unit {
    unit.value = Some(fraction::to_f64(&exact));
    unit.exact = Some(Rc::new(exact));
    unit.shown = None;
    unit
}

/// A unit result: its exact magnitude as a Fraction when dimensionless, else the unit.
fn exact_value(unit: Unit) -> Value {
    match (unit.unitless_value(), &unit.exact) {
        (Some(_), Some(exact)) => Value::Fraction(Rc::clone(exact)),
        (Some(x), None) => Value::Number(x),
        (None, _) => Value::Unit(Rc::new(unit)),
    }
}

impl Evaluator {
    /// `x op y` on Fractions, metered as the Fraction operators are.
    fn exact_op(&mut self, op: Op, x: &RBig, y: &RBig, at: usize) -> Result<RBig, CalculateError> {
        let x = Value::fraction(x.clone());
        let y = Value::fraction(y.clone());
        match self.fraction_operator(op, &x, &y, false, at)? {
            Value::Fraction(r) => Ok(RBig::clone(&r)),
            _ => Err(fraction_unsupported_function(at)),
        }
    }

    /// Each part's exact scale to its power, combined into `x` by `op` (multiply to normalize,
    /// divide to denormalize).
    fn exact_scaled(
        &mut self,
        unit: &Unit,
        x: RBig,
        op: Op,
        at: usize,
    ) -> Result<RBig, CalculateError> {
        let mut result = x;
        for part in &unit.parts {
            let scale = part
                .exact_scale()
                .ok_or_else(|| fraction_unsupported_function(at))?;
            let power = fraction::from_f64_exact(part.power)
                .filter(RBig::is_int)
                .ok_or_else(|| fraction_unsupported_function(at))?;
            let factor = self.exact_op(Op::Pow, &scale, &power, at)?;
            result = self.exact_op(op, &result, &factor, at)?;
        }
        Ok(result)
    }

    /// The exact normalized magnitude of a unit: its own, its binary64 one converted exactly,
    /// or (valueless) its parts' 1.
    fn exact_of(&mut self, unit: &Unit, at: usize) -> Result<RBig, CalculateError> {
        match (&unit.exact, unit.value) {
            (Some(exact), _) => Ok(RBig::clone(exact)),
            (None, Some(x)) => as_fraction(&Value::Number(x), at),
            (None, None) => self.exact_scaled(unit, RBig::ONE, Op::Multiply, at),
        }
    }

    /// Whether a unit operation must be exact: a Fraction operand or a unit that is exact.
    pub(crate) fn is_exact_unit_operation(left: &Value, right: &Value) -> bool {
        [left, right].iter().any(|v| match v {
            Value::Fraction(_) => true,
            Value::Unit(u) => u.exact.is_some(),
            _ => false,
        })
    }

    /// A binary operator on a unit and a Fraction (or an exact unit), in Fraction mode.
    pub(crate) fn exact_unit_binary(
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
                let (x, y) = (self.exact_of(a, at)?, self.exact_of(b, at)?);
                let exact = self.exact_op(op, &x, &y, at)?;
                with_exact(sum, exact)
            }
            (Multiply | Divide, Value::Unit(a), Value::Unit(b)) => {
                let (x, y) = (self.exact_of(a, at)?, self.exact_of(b, at)?);
                let exact = self.exact_op(op, &x, &y, at)?;
                with_exact(a.combine(b, op == Divide), exact)
            }
            (Multiply, Value::Unit(u), other) | (Multiply, other, Value::Unit(u)) => {
                let x = as_fraction(other, at)?;
                let exact = match &u.exact {
                    Some(v) => self.exact_op(Multiply, v, &x, at)?,
                    None if u.value.is_none() => self.exact_scaled(u, x, Multiply, at)?,
                    None => {
                        let v = self.exact_of(u, at)?;
                        self.exact_op(Multiply, &v, &x, at)?
                    }
                };
                with_exact((**u).clone(), exact)
            }
            (Divide, Value::Unit(u), other) => {
                let (v, x) = (self.exact_of(u, at)?, as_fraction(other, at)?);
                let exact = self.exact_op(Divide, &v, &x, at)?;
                with_exact((**u).clone(), exact)
            }
            (Divide, other, Value::Unit(u)) => {
                let (x, v) = (as_fraction(other, at)?, self.exact_of(u, at)?);
                let exact = self.exact_op(Divide, &x, &v, at)?;
                with_exact(Unit::dimensionless(0.0).combine(u, true), exact)
            }
            (Pow, Value::Unit(u), Value::Number(p)) if u.value.is_some() && p.fract() == 0.0 => {
                // A number exponent (`square`, `cube`): math.js's pow of the Fraction.
                let x = self.exact_of(u, at)?;
                let p_exact = fraction::from_f64_exact(*p)
                    .ok_or_else(|| fraction_unsupported_function(at))?;
                let exact = self.exact_op(Pow, &x, &p_exact, at)?;
                with_exact(u.pow(*p), exact)
            }
            (Pow, Value::Unit(_), _) => return Err(fraction_power(at)),
            (
                Equal | Unequal | Smaller | Larger | SmallerEq | LargerEq,
                Value::Unit(a),
                Value::Unit(b),
            ) => {
                if !a.same_base(b) {
                    return Err(crate::eval::failed(
                        "Cannot compare units with different base",
                        at,
                    ));
                }
                let (x, y) = (self.exact_of(a, at)?, self.exact_of(b, at)?);
                self.charge(fraction::cost(&x, &y))?;
                let (x, y) = (Value::fraction(x), Value::fraction(y));
                return crate::eval::operators::compare(op, &x, &y, at).map(Value::Boolean);
            }
            _ => return self.unit_binary_plain(op, left, right, at),
        };
        Ok(exact_value(result))
    }

    /// `u to target` in Fraction mode: the target's parts with the magnitude shifted by the
    /// offsets' difference when a single temperature converts.
    pub(crate) fn exact_convert(&mut self, unit: &Unit, target: &Unit, at: usize) -> Evaluated {
        let converted = unit.to(target).map_err(|e| unit_error(e, at))?;
        let mut exact = self.exact_of(unit, at)?;
        if let Some(shift) = unit.exact_offset_shift(target) {
            exact = self.exact_op(Op::Add, &exact, &shift, at)?;
        }
        Ok(Value::Unit(Rc::new(with_exact(converted, exact))))
    }

    /// The exact magnitude of a unit in its own parts (`number(u, "g")` in Fraction mode).
    pub(crate) fn exact_magnitude(&mut self, unit: &Unit, at: usize) -> Evaluated {
        let exact = self.exact_of(unit, at)?;
        self.exact_scaled(unit, exact, Op::Divide, at)
            .map(Value::fraction)
    }

    /// `abs` and `sqrt` of an exact unit: `abs` exactly (a single offset unit is measured from
    /// its zero, as math.js does); `sqrt` has no exact form (spec 5.3).
    pub(crate) fn exact_unit_function(&mut self, name: &str, unit: &Unit, at: usize) -> Evaluated {
        if name == "sqrt" {
            // Spec 5.3: no exact sqrt, even of a rational square.
            return Err(fraction_unsupported_function(at));
        }
        let exact = self.exact_of(unit, at)?;
        let value = match unit.abs_offset() {
            None => RBig::clone(&exact).abs(),
            Some(offset) => {
                let offset =
                    fraction::from_f64(offset).ok_or_else(|| fraction_unsupported_function(at))?;
                let shifted = self.exact_op(Op::Add, &exact, &offset, at)?;
                self.exact_op(Op::Subtract, &shifted.abs(), &offset, at)?
            }
        };
        Ok(Value::Unit(Rc::new(with_exact(unit.abs(), value))))
    }

    /// A Fraction-mode result unit, settled for printing: simplified against the system, the
    /// best prefix chosen (from the binary64 value, as math.js chooses it), and the exact
    /// magnitude written in those parts.
    pub(crate) fn exact_settled(&mut self, unit: &Unit, system: &UnitSystem) -> Evaluated {
        let exact = self.exact_of(unit, 0)?;
        let mut shown = settled(unit, system);
        apply_best_prefix(&mut shown);
        shown.fix_prefix = true;
        let magnitude = self.exact_scaled(&shown, exact, Op::Divide, 0)?;
        shown.shown = Some(Rc::new(magnitude));
        Ok(Value::Unit(Rc::new(shown)))
    }

    /// `unit("7.25 Hz")` in Fraction mode: the number read exactly, as a Fraction literal;
    /// one with an exponent (`1e-7`) stays a binary64 number, as math.js keeps it.
    pub(crate) fn exact_unit_text(&mut self, unit: Unit, text: &str, at: usize) -> Evaluated {
        let Some(number) = crate::units::text::leading_number(text)
            .filter(|n| !n.contains(['e', 'E']))
            .and_then(|n| fraction::literal(n).ok())
        else {
            return Ok(Value::Unit(Rc::new(unit)));
        };
        let mut valueless = unit.clone();
        valueless.value = None;
        let exact = self.exact_scaled(&valueless, number, Op::Multiply, at)?;
        Ok(Value::Unit(Rc::new(with_exact(unit, exact))))
    }

    /// `splitUnit(u, parts)` in Fraction mode, as [`Evaluator::split_unit`] with exact
    /// amounts: a part takes its amount rounded when that is equal to it, else truncated; a
    /// rest whose parts sum to u is the number 0, as math.js sets it.
    pub(crate) fn exact_split_unit(
        &mut self,
        unit: &Unit,
        parts: &crate::value::matrix::Matrix,
        at: usize,
    ) -> Evaluated {
        let targets = self.split_targets(parts, at)?;
        let Some((last, whole)) = targets.split_last() else {
            return Ok(Value::matrix(
                crate::value::matrix::Matrix::vector(Vec::new()).into_array(),
            ));
        };
        let total = self.exact_of(unit, at)?;
        let mut rest = with_exact(unit.clone(), total.clone());
        let mut sum = RBig::ZERO;
        let mut out = Vec::with_capacity(targets.len());
        for target in whole {
            let Value::Unit(converted) = self.exact_convert(&rest, target, at)? else {
                return Err(fraction_unsupported_function(at));
            };
            let Value::Fraction(amount) = self.exact_magnitude(&converted, at)? else {
                return Err(fraction_unsupported_function(at));
            };
            let rounded = fraction::round(&amount);
            let amount = if rounded == *amount {
                rounded
            } else {
                RBig::from(amount.numerator() / amount.denominator())
            };
            let piece_exact = self.exact_scaled(target, amount, Op::Multiply, at)?;
            let mut piece = with_exact(target.clone(), piece_exact.clone());
            piece.fix_prefix = false;
            piece.keep_units = true;
            sum = self.exact_op(Op::Add, &sum, &piece_exact, at)?;
            let left = self.exact_of(&converted, at)?;
            let remaining = self.exact_op(Op::Subtract, &left, &piece_exact, at)?;
            rest = with_exact((*converted).clone(), remaining);
            rest.fix_prefix = false;
            out.push(Value::Unit(Rc::new(piece)));
        }
        let Value::Unit(last_part) = self.exact_convert(&rest, last, at)? else {
            return Err(fraction_unsupported_function(at));
        };
        let mut last_part = (*last_part).clone();
        if !whole.is_empty() && sum == total {
            last_part.exact = None;
            last_part.value = Some(0.0);
        }
        out.push(Value::Unit(Rc::new(last_part)));
        Ok(Value::matrix(
            crate::value::matrix::Matrix::vector(out).into_array(),
        ))
    }
}
