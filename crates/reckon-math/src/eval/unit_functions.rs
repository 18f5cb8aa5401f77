//! More of math.js's functions on units (its typed signatures that take a Unit): `square cube
//! cbrt`, `sign compare` and the predicates `isNegative isPositive isZero isNaN` on the
//! normalized magnitude, `round floor ceil fix` of a unit in a given unit, `max min sum mean
//! prod` of units given as arguments, the identities `clone conj squeeze` and `size`, `range`
//! of units, and the order of units that `sort`, `median`, `mad` and `quantileSeq` sort by.
//! Each is the math.js definition written with the unit operations of `units.rs` (and their
//! BigNumber, Fraction and Complex forms), so the magnitude's type carries through.

use crate::error::CalculateError;
use crate::eval::{Evaluated, Evaluator, failed, mismatch};
use crate::syntax::ast::Op;
use crate::units::Unit;
use crate::value::Value;
use crate::value::matrix::Matrix;
use std::cmp::Ordering;
use std::rc::Rc;

impl Evaluator {
    /// The normalized magnitude of a unit with a value, in its own numeric type.
    fn normalized_value(unit: &Unit) -> Option<Value> {
        if let Some(big) = &unit.big {
            return Some(Value::Big(crate::num::bignum::Big::clone(big)));
        }
        if let Some(exact) = &unit.exact {
            return Some(Value::Fraction(Rc::clone(exact)));
        }
        if let Some(z) = unit.complex {
            return Some(Value::Complex(z));
        }
        unit.value.map(Value::Number)
    }

    /// The magnitude of a unit written in its own parts, in its own numeric type.
    fn magnitude_value(&mut self, unit: &Unit, at: usize) -> Evaluated {
        if unit.big.is_some() {
            return self.big_magnitude(unit, at).map(Value::Big);
        }
        if unit.exact.is_some() {
            return self.exact_magnitude(unit, at);
        }
        if let Some(z) = unit.complex {
            return Ok(Value::Complex(unit.complex_magnitude(z)));
        }
        Ok(Value::Number(unit.magnitude().unwrap_or(f64::NAN)))
    }

    /// A built-in applied to plain values (the magnitudes of units).
    fn builtin_on(&mut self, name: &str, args: Vec<Value>, at: usize) -> Evaluated {
        let row = crate::functions::builtin(name)
            .ok_or_else(|| crate::eval::not_implemented(&format!("{name}()"), at))?;
        self.call_builtin(row, name, args, at)
    }

    /// One of the functions of this file on unit arguments, or `None` for another call.
    pub(crate) fn more_unit_functions(
        &mut self,
        name: &str,
        values: &[Value],
        at: usize,
    ) -> Option<Evaluated> {
        Some(match (name, values) {
            ("square", [u @ Value::Unit(_)]) => {
                self.unit_binary(Op::Pow, u, &Value::Number(2.0), at)
            }
            ("cube", [u @ Value::Unit(_)]) => self.unit_binary(Op::Pow, u, &Value::Number(3.0), at),
            ("cbrt", [Value::Unit(u)]) if u.complex.is_none() => self.cbrt_unit(u, at),
            ("isNumeric", [Value::Unit(_)]) => Ok(Value::Boolean(false)),
            ("clone" | "conj" | "squeeze", [Value::Unit(u)]) => Ok(Value::Unit(Rc::clone(u))),
            ("size", [Value::Unit(_)]) => {
                Ok(Value::matrix(Matrix::vector(Vec::new()).into_array()))
            }
            ("sign", [Value::Unit(u)]) => {
                if u.abs_offset().is_some() {
                    return Some(Err(mismatch("sign is ambiguous for units with offset", at)));
                }
                let value = Self::normalized_value(u)?;
                self.builtin_on("sign", vec![value], at)
            }
            ("isNegative" | "isPositive" | "isZero" | "isNaN", [Value::Unit(u)]) => {
                let value = Self::normalized_value(u)?;
                self.builtin_on(name, vec![value], at)
            }
            ("compare", [Value::Unit(a), Value::Unit(b)]) => {
                if !a.same_base(b) {
                    return Some(Err(failed("Cannot compare units with different base", at)));
                }
                let (x, y) = (Self::normalized_value(a)?, Self::normalized_value(b)?);
                self.builtin_on("compare", vec![x, y], at)
            }
            ("round" | "floor" | "ceil" | "fix", [x @ Value::Unit(_), rest @ ..])
                if matches!(rest.last(), Some(Value::Unit(_))) && rest.len() <= 2 =>
            {
                self.round_in_unit(name, x, rest, at)
            }
            ("max" | "min", [first @ Value::Unit(_), more @ ..]) if !more.is_empty() => {
                let op = if name == "max" {
                    Op::Larger
                } else {
                    Op::Smaller
                };
                let mut best = first.clone();
                for value in more {
                    match self.unit_binary(op, value, &best, at) {
                        Ok(Value::Boolean(true)) => best = value.clone(),
                        Ok(_) => {}
                        Err(e) => return Some(Err(e)),
                    }
                }
                Ok(best)
            }
            ("sum" | "mean" | "prod", [first @ Value::Unit(_), more @ ..]) if !more.is_empty() => {
                let op = if name == "prod" {
                    Op::Multiply
                } else {
                    Op::Add
                };
                let mut total = first.clone();
                for value in more {
                    total = match self.binary(op, &total, value, false, (at, at), at) {
                        Ok(v) => v,
                        Err(e) => return Some(Err(e)),
                    };
                }
                if name == "mean" {
                    let count = Value::Number(values.len() as f64);
                    return Some(self.binary(Op::Divide, &total, &count, false, (at, at), at));
                }
                Ok(total)
            }
            (
                "range",
                [
                    start @ Value::Unit(_),
                    end @ Value::Unit(_),
                    Value::Unit(step),
                ],
            ) => self.unit_range(start, end, step, true, at),
            (
                "range",
                [
                    start @ Value::Unit(_),
                    end @ Value::Unit(_),
                    Value::Unit(step),
                    Value::Boolean(include_end),
                ],
            ) => self.unit_range(start, end, step, *include_end, at),
            ("range", _) => {
                let (index, actual) = values
                    .iter()
                    .enumerate()
                    .find(|(_, v)| !matches!(v, Value::Unit(_)))
                    .map_or((values.len(), "undefined"), |(i, v)| (i, v.type_name()));
                Err(mismatch(
                    format!(
                        "Unexpected type of argument in function range (expected: Unit, actual: {actual}, index: {index})"
                    ),
                    at,
                ))
            }
            _ => return None,
        })
    }

    /// The order of two values when one of them is a unit, as math.js's `compare` decides it
    /// (units of one base by their normalized magnitudes; a unit and anything else is a type
    /// mismatch), or `None` when neither is a unit.
    pub(crate) fn unit_order(
        &mut self,
        x: &Value,
        y: &Value,
        at: usize,
    ) -> Option<Result<Ordering, CalculateError>> {
        match (x, y) {
            (Value::Unit(_), Value::Unit(_)) => Some(self.units_order(x, y, at)),
            (Value::Unit(_), other) | (other, Value::Unit(_)) => Some(Err(mismatch(
                format!(
                    "Unexpected type of argument in function compare (expected: Unit or Array or DenseMatrix or SparseMatrix or Matrix, actual: {}, index: 1)",
                    other.type_name()
                ),
                at,
            ))),
            _ => None,
        }
    }

    /// The order of two units (`Cannot compare units with different base` for different
    /// dimensions); NaN compares equal to everything, as math.js's `compare` answers it.
    fn units_order(&mut self, x: &Value, y: &Value, at: usize) -> Result<Ordering, CalculateError> {
        if matches!(
            self.unit_binary(Op::Smaller, x, y, at)?,
            Value::Boolean(true)
        ) {
            return Ok(Ordering::Less);
        }
        if matches!(
            self.unit_binary(Op::Larger, x, y, at)?,
            Value::Boolean(true)
        ) {
            return Ok(Ordering::Greater);
        }
        Ok(Ordering::Equal)
    }

    /// math.js's `range(start, end, step[, includeEnd])` of units (the expression form includes
    /// the end unless told not to): `start`, then each value plus `step` while it is below the
    /// end (above it for a step that is not positive), compared and added as units are.
    /// Refused for a zero step; each element is charged before it is built, and the count is
    /// held to the per-call build limit, so a step tiny against the span ends bounded.
    fn unit_range(
        &mut self,
        start: &Value,
        end: &Value,
        step: &Rc<Unit>,
        include_end: bool,
        at: usize,
    ) -> Evaluated {
        let Some(value) = Self::normalized_value(step) else {
            return Err(mismatch(
                "Unexpected type of argument in function range (expected: Unit with a value)",
                at,
            ));
        };
        if matches!(
            self.builtin_on("isZero", vec![value.clone()], at)?,
            Value::Boolean(true)
        ) {
            return Err(failed("Step must be non-zero", at));
        }
        let positive = matches!(
            self.builtin_on("isPositive", vec![value], at)?,
            Value::Boolean(true)
        );
        let ongoing = match (positive, include_end) {
            (true, true) => Op::SmallerEq,
            (true, false) => Op::Smaller,
            (false, true) => Op::LargerEq,
            (false, false) => Op::Larger,
        };
        let step = Value::Unit(Rc::clone(step));
        let mut out = Vec::new();
        let mut x = start.clone();
        while matches!(
            self.unit_binary(ongoing, &x, end, at)?,
            Value::Boolean(true)
        ) {
            if out.len() as u64 >= crate::eval::collections::MAX_BUILD {
                // At least this many: the loop stops at the first element over the limit.
                let count = out.len() as u64 + 1;
                return Err(crate::eval::collections::build_limit(
                    "range",
                    Some(count),
                    at,
                ));
            }
            self.build("range", 1, at)?;
            let next = self.binary(Op::Add, &x, &step, false, (at, at), at)?;
            out.push(std::mem::replace(&mut x, next));
        }
        Ok(Value::matrix(Matrix::vector(out)))
    }

    /// `cbrt(u)` as math.js computes it: the power 1/3 (a BigNumber 1/3 at 64 digits for a
    /// BigNumber magnitude) of the magnitude made positive, then negated back; a Fraction
    /// magnitude has no exact cube root (spec 5.3).
    fn cbrt_unit(&mut self, unit: &Unit, at: usize) -> Evaluated {
        let negative = match (&unit.big, &unit.exact, unit.value) {
            (Some(big), _, _) => big.is_negative() && !big.is_zero(),
            (_, _, value) => value.is_some_and(|v| v < 0.0),
        };
        if unit.exact.is_some() {
            // math.js falls back to a binary64 power: no exact result (spec 5.3).
            return Err(crate::eval::fraction_unsupported_function(at));
        }
        let base = if negative {
            self.unit_negate(unit)?
        } else {
            Value::Unit(Rc::new(unit.clone()))
        };
        let third = if unit.big.is_some() {
            use crate::num::bignum::{self, Big};
            Value::Big(bignum::div(&Big::one(), &Big::from_i64(3)))
        } else {
            Value::Number(1.0 / 3.0)
        };
        let root = self.unit_binary(Op::Pow, &base, &third, at)?;
        match root {
            Value::Unit(u) if negative => self.unit_negate(&u),
            other => Ok(other),
        }
    }

    /// `round(x, [n,] unit)` and the like: the magnitude of x in `unit`, rounded, times `unit`.
    fn round_in_unit(&mut self, name: &str, x: &Value, rest: &[Value], at: usize) -> Evaluated {
        let (places, target) = match rest {
            [target] => (None, target),
            [places, target] => (Some(places.clone()), target),
            _ => return Err(failed("Too many arguments", at)),
        };
        if places.is_some() && matches!(x, Value::Unit(u) if u.exact.is_some()) {
            // math.js rounds a Fraction to places given as a Fraction by way of a BigNumber.
            return Err(mismatch(
                "Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction.",
                at,
            ));
        }
        let Value::Unit(converted) = self.convert_to(x, target, at)? else {
            return Err(failed("Unit expected", at));
        };
        let magnitude = self.magnitude_value(&converted, at)?;
        let mut args = vec![magnitude];
        args.extend(places);
        let rounded = self.builtin_on(name, args, at)?;
        let Value::Unit(unit) = target else {
            return Err(failed("Unit expected", at));
        };
        let mut valueless = (**unit).clone();
        valueless.value = None;
        self.unit_binary(Op::Multiply, &Value::Unit(Rc::new(valueless)), &rounded, at)
    }
}
