//! Units as values in number mode (spec 4.9, 6.1, 6.4): unit names and physical constants, the
//! operators on units, `to`/`in`, the functions that take units (`unit to toBest splitUnit abs
//! sqrt number string format` and the trigonometric functions on angles), and the current unit system of the
//! evaluation, which the result is settled against (spec 7.5).
//!
//! Magnitudes are binary64 numbers, in Fraction mode exact rationals (`unit_fraction.rs`), and
//! BigNumbers where one meets a unit (`unit_big.rs`); a unit meeting a Complex is refused as
//! not implemented yet.

use crate::error::{CalculateError, Reason};
use crate::eval::{Evaluated, Evaluator, failed, mismatch, not_implemented};
use crate::syntax::ast::Op;
use crate::units::format::{UnitSystem, settled};
use crate::units::{Unit, UnitError, table, text};
use crate::value::Value;
use crate::value::matrix::Matrix;
use dashu_ratio::RBig;
use std::rc::Rc;

/// A unit result: a plain number when dimensionless (math.js's rule, spec 4.9), else the unit.
fn unit_value(unit: Unit) -> Value {
    match unit.unitless_value() {
        Some(x) => Value::Number(x),
        None => Value::Unit(Rc::new(unit)),
    }
}

/// A unit operation's failure as the spec classifies it (9.3 rules 10 and 11).
fn unit_error(error: UnitError, at: usize) -> CalculateError {
    match error {
        UnitError::Mismatch(detail) => mismatch(detail, at),
        UnitError::Failed(detail) => failed(detail, at),
    }
}

/// math.js's message for an argument no signature of `function` accepts (type_mismatch).
fn wrong_type(
    function: &str,
    expected: &str,
    value: &Value,
    index: usize,
    at: usize,
) -> CalculateError {
    mismatch(
        format!(
            "Unexpected type of argument in function {function} (expected: {expected}, actual: {}, index: {index})",
            value.type_name()
        ),
        at,
    )
}

/// The operator a function of two arguments is the form of (`add(1 m, 2 cm)` is `1 m + 2 cm`).
fn operator_of(name: &str) -> Option<Op> {
    Some(match name {
        "add" | "addScalar" => Op::Add,
        "subtract" | "subtractScalar" => Op::Subtract,
        "multiply" | "multiplyScalar" | "dotMultiply" => Op::Multiply,
        "divide" | "divideScalar" | "dotDivide" => Op::Divide,
        "pow" | "dotPow" => Op::Pow,
        "equal" => Op::Equal,
        "unequal" => Op::Unequal,
        "smaller" => Op::Smaller,
        "larger" => Op::Larger,
        "smallerEq" => Op::SmallerEq,
        "largerEq" => Op::LargerEq,
        _ => return None,
    })
}

/// Whether a unit is falsy as math.js's `not` and `xor` read it: no value, or a binary64 value
/// (without an offset: `0 degC` is falsy) that is 0 or NaN. `None` for another magnitude.
pub(crate) fn unit_falsy(unit: &Unit) -> Option<bool> {
    if !unit.is_plain() {
        return None;
    }
    Some(unit.value.is_none_or(|v| v == 0.0 || v.is_nan()))
}

/// `xor` with a unit operand: math.js's only form takes two units (their values, 0 for none).
fn unit_xor(left: &Value, right: &Value, at: usize) -> Evaluated {
    let expected = "Unit or Array or DenseMatrix or SparseMatrix or Matrix";
    let (a, b) = match (left, right) {
        (Value::Unit(a), Value::Unit(b)) => (a, b),
        (Value::Unit(_), other) => return Err(wrong_type("xor", expected, other, 1, at)),
        (other, _) => return Err(wrong_type("xor", expected, other, 0, at)),
    };
    match (unit_falsy(a), unit_falsy(b)) {
        (Some(x), Some(y)) => Ok(Value::Boolean(x != y)),
        _ => Err(not_implemented(
            "xor() of units with a BigNumber, Fraction or Complex magnitude",
            at,
        )),
    }
}

/// What is not built yet: a unit meeting another numeric type.
fn other_magnitude(value: &Value, at: usize) -> CalculateError {
    not_implemented(&format!("units with a {} magnitude", value.type_name()), at)
}

impl Evaluator {
    /// Notes a unit written in the expression in the current unit system (spec 7.5, rule 1).
    fn note_unit(&mut self, unit: &Unit) {
        self.unit_system
            .get_or_insert_with(|| Box::new(UnitSystem::si()))
            .note(unit);
    }

    /// A name that is a unit (`kg`, `km`) or a physical constant, in value position; `None`
    /// when it is neither.
    pub(crate) fn unit_symbol(&mut self, name: &str, at: usize) -> Option<Evaluated> {
        if let Some((value, units, keeps)) = table::constant(name) {
            if self.big_mode {
                let unit = match units {
                    "" => None,
                    units => text::parse(units).ok(),
                };
                return Some(self.big_constant(unit, value, at).map(|v| match v {
                    Value::Unit(u) if keeps => {
                        let mut u = (*u).clone();
                        u.fix_prefix = true;
                        Value::Unit(Rc::new(u))
                    }
                    other => other,
                }));
            }
            if units.is_empty() {
                return Some(Ok(Value::Number(value)));
            }
            let Ok(mut unit) = text::parse(units) else {
                return Some(Err(not_implemented(&format!("the constant {name}"), at)));
            };
            unit.value = Some(value);
            unit.fix_prefix = keeps;
            return Some(Ok(Value::Unit(Rc::new(unit))));
        }
        let unit = Unit::named(name)?;
        self.note_unit(&unit);
        Some(Ok(Value::Unit(Rc::new(unit))))
    }

    /// A binary operator with a unit operand (matrices were taken apart before).
    pub(crate) fn unit_binary(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
        at: usize,
    ) -> Evaluated {
        use Op::*;
        self.charge(1)?;
        let op = match op {
            DotMultiply => Multiply,
            DotDivide => Divide,
            DotPow => Pow,
            other => other,
        };
        if op == Xor {
            return unit_xor(left, right, at);
        }
        if self.fraction_mode && Self::is_exact_unit_operation(left, right) {
            return self.exact_unit_binary(op, left, right, at);
        }
        if Self::is_complex_unit_operation(left, right) {
            return self.complex_unit_binary(op, left, right, at);
        }
        if Self::is_big_unit_operation(left, right) {
            return self.big_unit_binary(op, left, right, at);
        }
        self.unit_binary_plain(op, left, right, at)
    }

    /// [`Evaluator::unit_binary`] with binary64 magnitudes (and the faults of every mode).
    pub(crate) fn unit_binary_plain(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
        at: usize,
    ) -> Evaluated {
        use Op::*;
        let plain =
            |v: &Value| !matches!(v, Value::Big(_) | Value::Fraction(_) | Value::Complex(_));
        let both_plain = plain(left) && plain(right);
        let unit_exponent = op == Pow && matches!(right, Value::Unit(_));
        if !both_plain && !matches!(op, Add | Subtract) && !unit_exponent {
            let other = if plain(left) { right } else { left };
            return Err(other_magnitude(other, at));
        }
        match (op, left, right) {
            (Add | Subtract, Value::Unit(a), Value::Unit(b)) => a
                .add(b, op == Subtract)
                .map(|u| Value::Unit(Rc::new(u)))
                .map_err(|e| unit_error(e, at)),
            (Add | Subtract, Value::Unit(_), other) => Err(wrong_type(
                if op == Add {
                    "addScalar"
                } else {
                    "subtractScalar"
                },
                "Unit",
                other,
                1,
                at,
            )),
            (Add | Subtract, other, Value::Unit(_)) => Err(wrong_type(
                if op == Add {
                    "addScalar"
                } else {
                    "subtractScalar"
                },
                "Unit",
                other,
                0,
                at,
            )),
            (Multiply | Divide, Value::Unit(a), Value::Unit(b)) => {
                Ok(unit_value(a.combine(b, op == Divide)))
            }
            (Multiply, Value::Unit(u), other) | (Multiply, other, Value::Unit(u)) => {
                let x = self.unit_operand(other, "multiplyScalar", at)?;
                Ok(Value::Unit(Rc::new(u.scaled(x))))
            }
            (Divide, Value::Unit(u), other) => {
                let x = self.unit_operand(other, "divideScalar", at)?;
                let mut result = (**u).clone();
                result.value = Some(u.value.unwrap_or_else(|| u.normalize(1.0)) / x);
                Ok(Value::Unit(Rc::new(result)))
            }
            (Divide, other, Value::Unit(u)) => {
                // math.js: the number as a dimensionless unit, divided by the unit.
                let x = self.unit_operand(other, "divideScalar", at)?;
                Ok(unit_value(Unit::dimensionless(x).combine(u, true)))
            }
            (Pow, Value::Unit(u), other) => {
                let p = self.unit_operand(other, "pow", at)?;
                Ok(unit_value(u.pow(p)))
            }
            (Pow, other, Value::Unit(_)) => Err(wrong_type(
                "pow",
                "number or Complex or BigNumber or bigint or Fraction or string or boolean",
                right,
                if matches!(other, Value::Unit(_)) {
                    0
                } else {
                    1
                },
                at,
            )),
            (
                Equal | Unequal | Smaller | Larger | SmallerEq | LargerEq,
                Value::Unit(a),
                Value::Unit(b),
            ) => {
                if !a.same_base(b) {
                    return Err(failed("Cannot compare units with different base", at));
                }
                let (Some(x), Some(y)) = (a.value, b.value) else {
                    return Err(failed("Cannot compare units without a value", at));
                };
                crate::eval::operators::compare(op, &Value::Number(x), &Value::Number(y), at)
                    .map(Value::Boolean)
            }
            (_, Value::Unit(_), other) | (_, other, Value::Unit(_)) => Err(not_implemented(
                &format!(
                    "the operator {} on a unit and a {}",
                    op.symbol_and_fn().0,
                    other.type_name()
                ),
                at,
            )),
            _ => Err(not_implemented("this unit operation", at)),
        }
    }

    /// The plain operand of a unit operation as a number (booleans and numeric strings
    /// convert, as math.js converts them).
    fn unit_operand(
        &self,
        value: &Value,
        function: &str,
        at: usize,
    ) -> Result<f64, CalculateError> {
        match value {
            Value::Number(x) => Ok(*x),
            Value::Boolean(_) | Value::Str(_) => self.to_number(value, at),
            other => Err(wrong_type(function, "number or Unit", other, 1, at)),
        }
    }

    /// `-u`.
    pub(crate) fn unit_negate(&mut self, unit: &Unit) -> Evaluated {
        self.charge(1)?;
        let mut negated = unit.negated();
        if let Some(exact) = &unit.exact {
            negated.exact = Some(Rc::new(-RBig::clone(exact)));
        }
        Ok(Value::Unit(Rc::new(negated)))
    }

    /// `x to target` / `x in target` with their values (a string target is unit text).
    pub(crate) fn convert_to(&mut self, value: &Value, target: &Value, at: usize) -> Evaluated {
        self.charge(1)?;
        let target = match target {
            Value::Unit(u) => (**u).clone(),
            Value::Str(s) => {
                let unit = text::parse(s).map_err(|e| unit_error(e, at))?;
                self.note_unit(&unit);
                unit
            }
            other => return Err(wrong_type("to", "Unit or string", other, 1, at)),
        };
        match value {
            Value::Unit(u) if self.fraction_mode => self.exact_convert(u, &target, at),
            Value::Unit(u) if u.big.is_some() => self.big_convert(u, &target, at),
            Value::Unit(u) if u.complex.is_some() => self.complex_convert(u, &target, at),
            Value::Unit(u) => u
                .to(&target)
                .map(|u| Value::Unit(Rc::new(u)))
                .map_err(|e| unit_error(e, at)),
            Value::Matrix(m) => {
                self.charge(m.data.len() as u64)?;
                let target = Value::Unit(Rc::new(target));
                let mut out = Vec::with_capacity(m.data.len());
                for element in &m.data {
                    out.push(self.convert_to(element, &target, at)?);
                }
                Ok(Value::matrix(Matrix {
                    data: out,
                    ..(**m).clone_shape()
                }))
            }
            Value::Big(_) | Value::Fraction(_) | Value::Complex(_) => {
                Err(other_magnitude(value, at))
            }
            other => Err(wrong_type("to", "Unit", other, 0, at)),
        }
    }

    /// A built-in called with a unit argument (or one of the unit functions): `None` when the
    /// call is not a unit call and the usual path applies.
    pub(crate) fn unit_call(
        &mut self,
        name: &str,
        values: &[Value],
        at: usize,
    ) -> Option<Evaluated> {
        let has_unit = values.iter().any(|v| matches!(v, Value::Unit(_)));
        if name == "abs"
            && let [Value::Matrix(m)] = values
            && m.data.iter().any(|v| matches!(v, Value::Unit(_)))
        {
            return Some(self.abs_elements(m, at));
        }
        if !has_unit && !matches!(name, "unit" | "to" | "toBest" | "splitUnit")
            || matches!(
                name,
                "median" | "mad" | "std" | "stdev" | "stddev" | "variance"
            )
        {
            // The statistics take units as their arguments the way they take numbers.
            return None;
        }
        if let Err(e) = self.charge(1) {
            return Some(Err(e));
        }
        Some(self.unit_call_inner(name, values, at))
    }

    /// `abs` of a matrix holding units: element by element, a unit as `abs(u)`, anything else
    /// as `abs` takes it (`abs([-1 m, -2])` is `[1 m, 2]`).
    fn abs_elements(&mut self, m: &Matrix, at: usize) -> Evaluated {
        self.charge(m.data.len() as u64)?;
        let row = crate::functions::builtin("abs").ok_or_else(|| not_implemented("abs()", at))?;
        let mut data = Vec::with_capacity(m.data.len());
        for element in &m.data {
            data.push(match element {
                Value::Unit(_) => self.unit_call_inner("abs", std::slice::from_ref(element), at)?,
                other => self.call_builtin(row, "abs", vec![other.clone()], at)?,
            });
        }
        Ok(Value::matrix(Matrix {
            data,
            ..m.clone_shape()
        }))
    }

    fn unit_call_inner(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        if let Some(answer) = self.more_unit_functions(name, values, at) {
            return answer;
        }
        match (name, values) {
            ("unit", [Value::Str(s)]) => {
                let unit = text::parse(s).map_err(|e| unit_error(e, at))?;
                self.note_unit(&unit);
                if self.fraction_mode && unit.value.is_some() {
                    return self.exact_unit_text(unit, s, at);
                }
                if self.big_mode && unit.value.is_some() {
                    return self.big_unit_text(unit, s, at);
                }
                Ok(Value::Unit(Rc::new(unit)))
            }
            ("unit", [Value::Unit(u)]) => Ok(Value::Unit(u.clone())),
            ("unit", [Value::Number(x), Value::Str(s)]) => {
                let unit = text::parse(s).map_err(|e| unit_error(e, at))?;
                if unit.value.is_some() {
                    return Err(failed(
                        "Cannot create a unit with a value and a unit text that has one",
                        at,
                    ));
                }
                self.note_unit(&unit);
                Ok(Value::Unit(Rc::new(unit.with_number(*x))))
            }
            ("unit", [Value::Big(x), Value::Str(s)]) => {
                let unit = text::parse(s).map_err(|e| unit_error(e, at))?;
                if unit.value.is_some() {
                    return Err(failed(
                        "Cannot create a unit with a value and a unit text that has one",
                        at,
                    ));
                }
                self.note_unit(&unit);
                self.big_unit_with(&unit, x.clone(), at)
            }
            ("unit", [Value::Big(x)]) => {
                self.big_unit_with(&Unit::dimensionless(0.0), x.clone(), at)
            }
            ("unit", [Value::Complex(z), Value::Str(s)]) => {
                let unit = text::parse(s).map_err(|e| unit_error(e, at))?;
                if unit.value.is_some() {
                    return Err(failed(
                        "Cannot create a unit with a value and a unit text that has one",
                        at,
                    ));
                }
                self.note_unit(&unit);
                Ok(Self::complex_unit_with(&unit, *z))
            }
            ("unit", [Value::Number(x)]) => Ok(Value::Unit(Rc::new(Unit::dimensionless(*x)))),
            ("to", [value, target]) => self.convert_to(value, target, at),
            // Element by element over a matrix, as the operator is.
            ("xor", [left, right]) => self.binary(Op::Xor, left, right, false, (at, at), at),
            (operator, [left, right]) if operator_of(operator).is_some() => {
                let op = operator_of(operator).unwrap_or(Op::Add);
                self.unit_binary(op, left, right, at)
            }
            ("abs" | "sqrt", [Value::Unit(u)]) if u.exact.is_some() => {
                self.exact_unit_function(name, u, at)
            }
            ("abs" | "sqrt", [Value::Unit(u)]) if u.complex.is_some() => {
                self.complex_unit_function(name, u)
            }
            ("abs" | "sqrt", [Value::Unit(u)]) if u.big.is_some() => {
                self.big_unit_function(name, u, at)
            }
            ("abs", [Value::Unit(u)]) => Ok(Value::Unit(Rc::new(u.abs()))),
            ("sqrt", [Value::Unit(u)]) => Ok(unit_value(u.pow(0.5))),
            ("unaryMinus", [Value::Unit(u)]) => self.unit_negate(u),
            ("unaryPlus", [Value::Unit(u)]) => Ok(Value::Unit(u.clone())),
            ("number", [Value::Unit(u), _]) if u.complex.is_some() => Err(mismatch(
                "Unexpected type of argument in function number (expected: number or BigNumber or bigint or Fraction or Unit or string or Array or Matrix or null or boolean, actual: Complex, index: 0)",
                at,
            )),
            ("splitUnit", [Value::Unit(u), _]) if u.complex.is_some() => Err(not_implemented(
                "splitUnit() of a unit with a Complex magnitude",
                at,
            )),
            ("number", [Value::Unit(u), target]) => {
                let converted = self.convert_to(&Value::Unit(u.clone()), target, at)?;
                match converted {
                    // math.js's `number` converts the exact magnitude to a number.
                    Value::Unit(c) if c.exact.is_some() => match self.exact_magnitude(&c, at)? {
                        Value::Fraction(f) => Ok(Value::Number(crate::num::fraction::to_f64(&f))),
                        other => Ok(other),
                    },
                    Value::Unit(c) if c.big.is_some() => {
                        let magnitude = self.big_magnitude(&c, at)?;
                        Ok(Value::Number(crate::num::bignum::to_f64(&magnitude)))
                    }
                    Value::Unit(c) => Ok(Value::Number(c.magnitude().unwrap_or(f64::NAN))),
                    other => Ok(other),
                }
            }
            ("number", [Value::Unit(u)]) => Ok(Value::Unit(u.clone())),
            ("typeOf", [v]) => Ok(Value::Str(v.type_name().into())),
            ("toBest", [Value::Unit(u)]) => {
                let mut best = settled(u, self.unit_system.as_deref().unwrap_or(&UnitSystem::si()));
                crate::units::format::apply_best_prefix(&mut best);
                best.fix_prefix = true;
                Ok(Value::Unit(Rc::new(best)))
            }
            ("splitUnit", [Value::Unit(u), Value::Matrix(parts)]) if self.fraction_mode => {
                self.exact_split_unit(u, parts, at)
            }
            ("splitUnit", [Value::Unit(u), Value::Matrix(parts)]) if u.big.is_some() => {
                self.big_split_unit(u, parts, at)
            }
            ("splitUnit", [Value::Unit(u), Value::Matrix(parts)]) => self.split_unit(u, parts, at),
            (
                "sin" | "cos" | "tan" | "sec" | "csc" | "cot" | "sinh" | "cosh" | "tanh" | "sech"
                | "csch" | "coth",
                [Value::Unit(u)],
            ) => {
                if !u.is_angle() {
                    return Err(mismatch(format!("Unit in function {name} is no angle"), at));
                }
                if self.fraction_mode {
                    // Spec 5.3: no exact trigonometric functions.
                    return Err(crate::eval::fraction_unsupported_function(at));
                }
                let radians = match &u.big {
                    Some(big) => Value::Big(crate::num::bignum::Big::clone(big)),
                    None if u.complex.is_some() => Value::Complex(u.complex_of()),
                    None => Value::Number(u.value.unwrap_or_else(|| u.normalize(1.0))),
                };
                let row = crate::functions::builtin(name)
                    .ok_or_else(|| not_implemented(&format!("{name}()"), at))?;
                self.call_builtin(row, name, vec![radians], at)
            }
            // A binary64 magnitude; the others are not built here yet.
            ("string" | "format", [Value::Unit(u)]) if u.is_plain() => Ok(self.unit_text(u, None)),
            // A Fraction magnitude: written as the result is written. (A BigNumber one is not:
            // math.js's `format` writes it in exponent notation from 1e5 and below 1e-3.)
            ("string" | "format", [Value::Unit(u)]) if u.exact.is_some() => {
                let system = self
                    .unit_system
                    .clone()
                    .unwrap_or_else(|| Box::new(UnitSystem::si_shared().clone()));
                let settled = self.settle_in(Value::Unit(Rc::clone(u)), &system)?;
                Ok(Value::Str(settled.format(None).into()))
            }
            // A precision outside 1..=16 is left to the refusal below.
            ("format", [Value::Unit(u), Value::Number(p)])
                if u.is_plain() && (1.0..=16.0).contains(p) && p.fract() == 0.0 =>
            {
                Ok(self.unit_text(u, Some(*p as u32)))
            }
            (_, args) => {
                let shown: Vec<&str> = args.iter().map(Value::type_name).collect();
                Err(not_implemented(
                    &format!("{name}({}) on units", shown.join(", ")),
                    at,
                ))
            }
        }
    }

    /// The parts of `splitUnit` as valueless units (strings are unit text).
    pub(crate) fn split_targets(
        &mut self,
        parts: &Matrix,
        at: usize,
    ) -> Result<Vec<Unit>, CalculateError> {
        self.charge(parts.data.len() as u64)?;
        let mut targets = Vec::with_capacity(parts.data.len());
        for part in &parts.data {
            targets.push(match part {
                Value::Unit(u) => (**u).clone(),
                Value::Str(s) => {
                    let unit = text::parse(s).map_err(|e| unit_error(e, at))?;
                    self.note_unit(&unit);
                    unit
                }
                other => return Err(wrong_type("splitUnit", "Unit or string", other, 1, at)),
            });
        }
        Ok(targets)
    }

    /// `splitUnit(u, parts)`: u as a sum of whole amounts of each part but the last, which
    /// takes the rest (math.js's rule: a part whose amount is nearly an integer takes that
    /// integer, else the amount truncated; a rest whose parts sum nearly to u is 0).
    fn split_unit(&mut self, unit: &Unit, parts: &Matrix, at: usize) -> Evaluated {
        let targets = self.split_targets(parts, at)?;
        let Some((last, whole)) = targets.split_last() else {
            return Ok(Value::matrix(Matrix::vector(Vec::new()).into_array()));
        };
        let mut rest = unit.clone();
        let mut out = Vec::with_capacity(targets.len());
        let mut sum = 0.0;
        for target in whole {
            rest = rest.to(target).map_err(|e| unit_error(e, at))?;
            let amount = rest.magnitude().unwrap_or(f64::NAN);
            let rounded = crate::num::real::round(amount, 0.0).unwrap_or(amount);
            let amount = if crate::num::tolerance::nearly_equal(rounded, amount) {
                rounded
            } else {
                amount.trunc()
            };
            let mut piece = target.with_number(amount);
            piece.fix_prefix = false;
            piece.keep_units = true;
            sum += piece.value.unwrap_or(f64::NAN);
            rest = rest.add(&piece, true).map_err(|e| unit_error(e, at))?;
            out.push(Value::Unit(Rc::new(piece)));
        }
        let mut rest = rest.to(last).map_err(|e| unit_error(e, at))?;
        if !whole.is_empty()
            && crate::num::tolerance::nearly_equal(sum, unit.value.unwrap_or(f64::NAN))
        {
            rest.value = Some(0.0);
        }
        out.push(Value::Unit(Rc::new(rest)));
        Ok(Value::matrix(Matrix::vector(out).into_array()))
    }

    /// The result of the evaluation with every unit settled against the unit system the
    /// expression built (spec 7.5, rule 1), so that printing needs no evaluator.
    ///
    /// # Errors
    /// In Fraction mode, the work of writing an exact magnitude in its units, past the meter.
    pub(crate) fn settle_units(&mut self, value: Value) -> Evaluated {
        let system = match (self.unit_system.take(), &value) {
            (Some(system), _) => system,
            // A unit no name made (a physical constant): settled in SI, which it prints in.
            (None, Value::Unit(_)) => Box::new(UnitSystem::si()),
            (None, _) => return Ok(value),
        };
        let settled = self.settle_in(value, &system);
        self.unit_system = Some(system);
        settled
    }

    /// `string(u)` and `format(u, precision)` of a unit with a binary64 magnitude: its text
    /// settled against the unit system as it stands at the call (math.js's current system), the
    /// magnitude written as math.js's `format` writes a number by default.
    fn unit_text(&self, unit: &Unit, precision: Option<u32>) -> Value {
        let system = self
            .unit_system
            .as_deref()
            .unwrap_or(UnitSystem::si_shared());
        let number = |x| crate::functions::notation::format_default(x, precision);
        Value::Str(crate::units::format::text_with(unit, system, number, precision).into())
    }

    fn settle_in(&mut self, value: Value, system: &UnitSystem) -> Evaluated {
        match value {
            Value::Unit(u) if u.exact.is_some() => self.exact_settled(&u, system),
            Value::Unit(u) if u.big.is_some() => self.big_settled(&u, system),
            Value::Unit(u) => Ok(Value::Unit(Rc::new(settled(&u, system)))),
            Value::Matrix(m) if m.data.iter().any(|v| matches!(v, Value::Unit(_))) => {
                let mut data = Vec::with_capacity(m.data.len());
                for v in &m.data {
                    data.push(self.settle_in(v.clone(), system)?);
                }
                Ok(Value::matrix(Matrix {
                    data,
                    ..m.clone_shape()
                }))
            }
            other => Ok(other),
        }
    }
}

/// An undefined unit name's error with the nearest known unit name as a suggestion.
pub(crate) fn undefined_symbol(name: &str, at: usize) -> CalculateError {
    let mut message = format!("Invalid expression: Undefined symbol {name}");
    if let Some(nearest) = table::nearest_name(name) {
        message.push_str(&format!(" (did you mean the unit {nearest}?)"));
    }
    CalculateError::new(Reason::ParseFailed, message).at(at)
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

    /// The spec's examples (4.9, 6.3, 6.4, 7.5) and math.js 15.2's answers.
    #[test]
    fn units_answer_as_the_spec_and_math_js_do() {
        for (expression, expected) in [
            ("5 kg to lbs", "11.023113109243878 lbs"),
            ("string(1.23456 kg)", "\"1.23456 kg\""),
            ("format(1.23456 kg, 3)", "\"1.23 kg\""),
            ("string(2 m * 3 cm)", "\"600 cm^2\""),
            ("format(0.001 km)", "\"1 m\""),
            ("not(0 degC)", "true"),
            ("not(kg)", "true"),
            ("not(NaN m)", "true"),
            ("not(5 kg)", "false"),
            ("not([0 m, 1 m])", "[true, false]"),
            ("xor(0 degC, 0 K)", "false"),
            ("xor(kg, 0 m)", "false"),
            ("xor(2 m, 0 m)", "true"),
            ("xor([0 m, 1 m], 0 m)", "[false, true]"),
            ("abs([-1 m, 2 kg])", "[1 m, 2 kg]"),
            ("abs([-1 m, -2])", "[1 m, 2]"),
            (
                "abs([[-1 m, 2 cm], [-3 km, 0 m]])",
                "[[1 m, 2 cm], [3 km, 0 m]]",
            ),
            (
                "abs([-5 degC, 3 degF])",
                "[-5 degC, 2.9999999999999827 degF]",
            ),
            ("string(speedOfLight)", "\"2.99792458e+8 m / s\""),
            ("string(123456 m)", "\"123.456 km\""),
            ("string(123456 m to m)", "\"1.23456e+5 m\""),
            ("format(0.0001234 m to m, 2)", "\"1.2e-4 m\""),
            ("100 celsius to fahrenheit", "211.99999999999997 fahrenheit"),
            ("0 K to degF", "-459.67 degF"),
            ("60 mph to km/h", "96.56063999999999 km / h"),
            ("5 m/s to knot", "9.719222462203023 knot"),
            ("1 ly to km", "9460730472580.8 km"),
            ("1 m + 1 cm", "1.01 m"),
            ("2 minute + 30 s", "2.5 minute"),
            ("20 degC + 5 K", "25 degC"),
            ("1 km / 1 m", "1000"),
            ("sqrt(16 m^2)", "4 m"),
            ("number(5 kg, \"g\")", "5000"),
            ("sin(30 deg)", "0.49999999999999994"),
            ("cos(200 grad)", "-1"),
            ("speedOfLight", "299792458 m / s"),
            ("gravitationConstant", "6.6743e-11 m^3 / (kg s^2)"),
            ("avogadro", "6.02214076e+23 mol^-1"),
            ("1 kg * 1 m / 1 s^2", "1 N"),
            ("9.81 m/s^2 * 70 kg", "686.7 N"),
            ("5 N / 2 kg", "2.5 N / kg"),
            ("100 W * 2 h", "0.72 MJ"),
            ("10 cm * 10 cm", "100.00000000000001 cm^2"),
            ("2 / (4 s)", "0.5 Hz"),
            ("5 in", "5 in"),
            ("5 kg to \"g\"", "5000 g"),
            ("unit(5, \"cm\")", "5 cm"),
            ("[1 m, 2 m]", "[1 m, 2 m]"),
            (
                "splitUnit(1 m, [\"ft\", \"in\"])",
                "[3 ft, 3.3700787401574765 in]",
            ),
            ("abs(-283.15 degC)", "-263.15 degC"),
            ("1 m == 100 cm", "true"),
            ("add(1 m, 2 cm)", "1.02 m"),
            ("multiply(2, 3 m)", "6 m"),
            ("larger(1 km, 900 m)", "true"),
        ] {
            assert_eq!(answer(expression), expected, "{expression}");
        }
    }

    /// Spec 5.3: unit conversions are exact in Fraction mode, with the factors converted
    /// without the exactness test; math.js 15.2's answers otherwise.
    #[test]
    fn fraction_mode_converts_exactly() {
        let answer = |expression: &str| {
            let input = json!({ "expression": expression, "numericType": "Fraction" });
            match crate::calculate(input.to_string().as_bytes()) {
                Ok(out) => out["result"].as_str().unwrap_or_default().to_owned(),
                Err(e) => e.reason.name().to_owned(),
            }
        };
        for (expression, expected) in [
            ("30 deg to rad", "191068/364913 rad"),
            ("1 mile to km", "25146/15625 km"),
            ("1/3 kg + 1/6 kg", "1/2 kg"),
            ("5 kg to lbs", "6188519/561413 lbs"),
            ("100 degC to degF", "212/1 degF"),
            ("0 K to degF", "-45967/100 degF"),
            ("abs(-283.15 degC)", "-5263/20 degC"),
            ("1 km / 1 m", "1000/1"),
            ("2 / (4 s)", "1/2 Hz"),
            ("0.001 m", "1/1 mm"),
            ("2 * speedOfLight", "599584916/1 m / s"),
            ("unit(\"7.25 Hz\")", "29/4 Hz"),
            ("[0 kJ, 3 t]", "[0/1 J, 3/1 t]"),
            ("1 m == 100 cm", "true"),
            // Spec 5.3: no exact sqrt or trigonometry; a non-integer constant is a float.
            ("sqrt(16 m)", "fraction_unsupported"),
            ("sin(30 deg)", "fraction_unsupported"),
            ("gravity", "fraction_unsupported"),
            // math.js 15.2 refuses any power of a unit in Fraction mode.
            ("(2 m)^2", "type_mismatch"),
            ("16 m^2", "type_mismatch"),
        ] {
            assert_eq!(answer(expression), expected, "{expression}");
        }
    }

    #[test]
    fn unit_faults_have_the_spec_reasons() {
        for (expression, expected) in [
            (
                "5 kg + 3",
                "type_mismatch: Type mismatch: Unexpected type of argument in function addScalar (expected: Unit, actual: number, index: 1)",
            ),
            (
                "5 kg + 3 m",
                "type_mismatch: Type mismatch: Units do not match",
            ),
            (
                "1 m to kg",
                "type_mismatch: Type mismatch: Units do not match ('kg' != '1 m')",
            ),
            (
                "2^(1 m)",
                "type_mismatch: Type mismatch: Unexpected type of argument in function pow (expected: number or Complex or BigNumber or bigint or Fraction or string or boolean, actual: Unit, index: 1)",
            ),
            (
                "sin(1 m)",
                "type_mismatch: Type mismatch: Unit in function sin is no angle",
            ),
            (
                "1 kg / 0",
                "undefined_result: Expression evaluated to a non-finite result (Infinity, -Infinity, or NaN): either the operation is mathematically undefined (division by zero, 0/0, log(0)), or a value overflowed its numeric range (under numericType \"number\", past about 1.8e308 — e.g. 171!, 2^1024, exp(1000)).",
            ),
            (
                "kilogramm",
                "parse_failed: Invalid expression: Undefined symbol kilogramm (did you mean the unit kilogram?)",
            ),
            (
                "foo",
                "parse_failed: Invalid expression: Undefined symbol foo",
            ),
        ] {
            assert_eq!(answer(expression), expected, "{expression}");
        }
        // The spec's own hint for `5 min` (a function used as a value).
        let error = crate::calculate(br#"{"expression": "5 min"}"#).expect_err("refused");
        assert_eq!(error.reason.name(), "type_mismatch");
        assert!(
            error.to_json().to_string().contains("write minute"),
            "{}",
            error.to_json()
        );
    }
}
