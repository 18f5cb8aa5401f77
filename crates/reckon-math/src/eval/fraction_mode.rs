//! Fraction mode (spec section 5.3): the exact operators and functions, the conversion of
//! other values to Fractions, and the literals Fraction mode cannot read.

use super::*;
use crate::functions::Builtin;

/// A value as a Fraction for an operation with a Fraction (section 5.4): a number only when the
/// conversion is exact, booleans as 0 and 1, strings as fraction.js reads them
/// ([`fraction::parse_text`]: `"1/3"`, `"0.(3)"`; math.js converts with `new Fraction(text)`,
/// not through a number, so `"1e3"` and `" 12"` are refused as it refuses them).
pub(crate) fn as_fraction(value: &Value, at: usize) -> Result<RBig, CalculateError> {
    match value {
        Value::Fraction(x) => Ok(dashu_ratio::RBig::clone(x)),
        Value::Boolean(b) => Ok(RBig::from(u8::from(*b))),
        Value::BigInt(n) => Ok(RBig::from(dashu_int::IBig::clone(n))),
        Value::Str(text) => fraction::parse_text(text)
            .map_err(|_| mismatch(format!("Cannot convert \"{text}\" to Fraction"), at)),
        Value::Number(_) => {
            let x = to_number(value).map_err(|e| function_error(e, "", at))?;
            fraction::from_f64_exact(x).ok_or_else(|| fraction_unsupported_float(at))
        }
        other => Err(function_error(
            to_number(other).err().unwrap_or(FnError::NoExactFraction),
            "",
            at,
        )),
    }
}

/// A literal Fraction mode cannot read (section 5.3), refused as a parse-time failure.
pub(super) fn fraction_literal_error(raw: &str, at: usize) -> CalculateError {
    let detail = match fraction::literal(raw) {
        Err(fraction::LiteralError::ExponentOutOfRange) => format!(
            "Exponent literal \"{raw}\" is out of range for numericType \"Fraction\" (exponents up to ±1000); use numericType \"BigNumber\" for numbers this large or small."
        ),
        _ => "Invalid argument".to_owned(),
    };
    CalculateError::new(Reason::ParseFailed, format!("Invalid expression: {detail}")).at(at)
}

/// Fraction mode's parse-time literal check (section 9.3): every number literal of the tree must
/// be readable exactly, before anything is evaluated.
pub(crate) fn check_fraction_literals(node: &Node) -> Result<(), CalculateError> {
    match unreadable_literal(node) {
        Some((raw, at)) => Err(fraction_literal_error(raw, at)),
        None => Ok(()),
    }
}

/// The first literal of the tree, in order, that Fraction mode cannot read, and its position
/// (the error is built once, at the top, not carried up through every level).
pub(super) fn unreadable_literal(node: &Node) -> Option<(&str, usize)> {
    if let NodeKind::Number(raw) = &node.kind {
        return (!fraction::is_readable(raw)).then_some((raw.as_str(), node.span.start));
    }
    crate::syntax::ast::find_child(node, unreadable_literal)
}

/// math.js 15's `gcd(v)` of one vector is the gcd of its elements; a matrix of more dimensions
/// is refused. Other argument lists are left as they are.
pub(super) fn gcd_of_a_vector(values: Vec<Value>, at: usize) -> Result<Vec<Value>, CalculateError> {
    match values.as_slice() {
        [Value::Matrix(m)] if m.rank() == 1 => Ok(m.data.clone()),
        [Value::Matrix(_)] => Err(failed(
            "Wrong number of arguments in function gcd() supports only 1d matrices!",
            at,
        )),
        _ => Ok(values),
    }
}

impl Evaluator {
    /// Outside Fraction mode a Fraction comes only from `fraction()`; where it meets a value or
    /// a function it cannot, math.js reports an implicit conversion it refuses (type_mismatch,
    /// spec 5.4), not Fraction mode's fraction_unsupported.
    /// Inlined: the common case hands the result back where it is, without moving it through
    /// a call; the rewriting is out of line.
    #[inline]
    pub(crate) fn outside_fraction_mode(&self, result: Evaluated) -> Evaluated {
        match &result {
            Err(error) if !self.fraction_mode && error.reason == Reason::FractionUnsupported => {
                Self::refused_fraction_conversion(result)
            }
            _ => result,
        }
    }

    /// [`Evaluator::outside_fraction_mode`]'s rewriting of a Fraction refusal.
    #[cold]
    #[inline(never)]
    pub(super) fn refused_fraction_conversion(result: Evaluated) -> Evaluated {
        match result {
            Err(error) => {
                let detail = if error.message.contains("rounded 64-bit float") {
                    "Cannot implicitly convert a number to a Fraction when there will be a loss of precision. Use function fraction(x) to convert to Fraction."
                } else {
                    "Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction."
                };
                let mut refused = mismatch(detail, error.position.unwrap_or(0));
                refused.position = error.position;
                Err(refused)
            }
            other => other,
        }
    }

    /// A binary operator with a Fraction operand (section 5.3): the other operand converts
    /// exactly or the operation is refused; `^` is exact when it can be.
    pub(super) fn fraction_operator(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
        percent_of_left: bool,
        at: usize,
    ) -> Evaluated {
        use Op::*;
        // A Fraction operand is borrowed; only other values are converted.
        let (converted_x, converted_y);
        let x = match left {
            Value::Fraction(x) => x,
            other => {
                converted_x = as_fraction(other, at)?;
                &converted_x
            }
        };
        let y = match right {
            Value::Fraction(y) => y,
            other => {
                converted_y = as_fraction(other, at)?;
                &converted_y
            }
        };
        self.charge(if op == Pow {
            fraction::power_cost(x, y)
        } else {
            fraction::cost(x, y)
        })?;
        match op {
            Multiply => self.admit_digits((fraction::bits(x) + fraction::bits(y)) as u64, at)?,
            Pow if y.is_int() => {
                let e = u64::try_from(dashu_int::ops::UnsignedAbs::unsigned_abs(y.numerator()))
                    .unwrap_or(u64::MAX);
                self.admit_digits((fraction::bits(x) as u64).saturating_mul(e), at)?;
            }
            _ => {}
        }
        let error = |e: fraction::FractionError| function_error(e.into(), "", at);
        let result = match op {
            Add if percent_of_left => fraction::mul(x, y).and_then(|p| fraction::add(x, &p)),
            Subtract if percent_of_left => fraction::mul(x, y).and_then(|p| fraction::sub(x, &p)),
            Add => fraction::add(x, y),
            Subtract => fraction::sub(x, y),
            Multiply => fraction::mul(x, y),
            Divide => fraction::div(x, y),
            Mod | ModSign => fraction::modulo(x, y),
            Pow => {
                return match fraction::pow(x, y).map_err(error)? {
                    Power::Exact(value) => Ok(Value::fraction(value)),
                    Power::Float(value) => Ok(Value::Number(value)),
                    Power::Complex => crate::eval::complex_mode::promote(
                        "pow",
                        &[fraction::to_f64(x), fraction::to_f64(y)],
                    )
                    .ok_or_else(|| function_error(FnError::Complex, "pow", at)),
                };
            }
            _ => return Err(fraction_unsupported_function(at)),
        };
        result.map(Value::fraction).map_err(error)
    }

    /// A built-in function called with a Fraction argument: the functions with an exact
    /// implementation (section 5.3), and the type functions; any other is refused.
    pub(super) fn apply_fraction(
        &mut self,
        row: &Builtin,
        values: &[Value],
        at: usize,
    ) -> Evaluated {
        let name = row.name;
        // The functions whose exact form is one function of their argument declare it.
        if let (Some(form), [value]) = (row.forms.fraction, values) {
            return Ok(Value::fraction(form(&as_fraction(value, at)?)));
        }
        let fractions = || -> Result<Vec<RBig>, CalculateError> {
            values.iter().map(|v| as_fraction(v, at)).collect()
        };
        let error = |e: fraction::FractionError| function_error(e.into(), name, at);
        match (name, values.len()) {
            ("square" | "cube", 1) => {
                let x = fractions()?;
                let power = RBig::from(if name == "square" { 2u8 } else { 3u8 });
                self.charge(fraction::cost(&x[0], &x[0]))?;
                match fraction::pow(&x[0], &power).map_err(error)? {
                    Power::Exact(value) => Ok(Value::fraction(value)),
                    _ => Err(fraction_unsupported_function(at)),
                }
            }
            ("mod", 2) => {
                let x = fractions()?;
                self.charge(fraction::cost(&x[0], &x[1]))?;
                fraction::modulo(&x[0], &x[1])
                    .map(Value::fraction)
                    .map_err(error)
            }
            ("gcd" | "lcm", n) if n >= 2 => {
                // Pairwise from the left, as math.js reduces its arguments.
                let x = fractions()?;
                let mut result = x[0].clone();
                for next in &x[1..] {
                    self.charge(fraction::cost(&result, next))?;
                    result = if name == "gcd" {
                        fraction::gcd(&result, next)
                    } else {
                        fraction::lcm(&result, next).map_err(error)?
                    };
                }
                Ok(Value::fraction(result))
            }
            ("max" | "min", n) if n >= 1 => {
                // As math.js: the original value wins (a boolean stays a boolean), compared as
                // the relational operators compare; ties keep the first.
                let mut best = &values[0];
                for next in &values[1..] {
                    let op = if name == "max" {
                        Op::Larger
                    } else {
                        Op::Smaller
                    };
                    self.charge_comparison(next, best)?;
                    if compare(op, next, best, at)? {
                        best = next;
                    }
                }
                // A winning string is the Fraction it converts to (`max(0.5, "4")` is 4/1).
                match best {
                    Value::Str(_) => as_fraction(best, at).map(Value::fraction),
                    other => Ok(other.clone()),
                }
            }
            ("round" | "floor" | "ceil" | "fix", 2)
                if matches!(values[0], Value::Fraction(_))
                    && !matches!(values[1], Value::Fraction(_)) =>
            {
                let x = as_fraction(&values[0], at)?;
                let places = self.decimal_places(name, &values[1], at)?;
                self.charge(fraction::places_cost(&x, places))?;
                let step: fn(&RBig) -> RBig = match name {
                    "round" => fraction::round,
                    "floor" => |v| RBig::from(v.floor()),
                    "ceil" => |v| RBig::from(v.ceil()),
                    _ => |v| RBig::from(v.trunc()),
                };
                fraction::with_places(&x, places, step)
                    .map(Value::fraction)
                    .map_err(error)
            }
            ("bernoulli", 1) => {
                let x = fractions()?;
                crate::functions::special::bernoulli_exact(&x[0], self, |detail| {
                    function_error(FnError::Domain(detail), name, at)
                })
                .map(Value::fraction)
            }
            ("isInteger", 1) => Ok(Value::Boolean(fractions()?[0].is_int())),
            ("isZero", 1) => Ok(Value::Boolean(fractions()?[0].is_zero())),
            ("isPositive", 1) => Ok(Value::Boolean(fractions()?[0] > RBig::ZERO)),
            ("isNegative", 1) => Ok(Value::Boolean(fractions()?[0] < RBig::ZERO)),
            ("isNaN", 1) => Ok(Value::Boolean(false)),
            ("typeOf", 1) => Ok(Value::Str(values[0].type_name().into())),
            ("number", 1) => match &values[0] {
                Value::Fraction(x) => Ok(Value::Number(fraction::to_f64(x))),
                _ => Err(fraction_unsupported_function(at)),
            },
            ("boolean", 1) => Ok(Value::Boolean(!fractions()?[0].is_zero())),
            ("string", 1) => match &values[0] {
                Value::Fraction(x) => {
                    fraction::decimal_string(x, self).map(|text| Value::Str(text.into()))
                }
                _ => Err(fraction_unsupported_function(at)),
            },
            _ => Err(fraction_unsupported_function(at)),
        }
    }
}

impl Evaluator {
    /// The number of decimals of `round`, `floor`, `ceil` or `fix` of a Fraction, as math.js
    /// reads it: a whole number from 0 (a number, boolean, numeric string, bigint or BigNumber),
    /// NaN counting as 0 as fraction.js's power of ten does (`ceil(fraction(1, 3), NaN)` = 1).
    fn decimal_places(
        &self,
        name: &str,
        value: &Value,
        at: usize,
    ) -> Result<usize, CalculateError> {
        let places = match value {
            Value::Big(x) => crate::num::bignum::to_f64(x),
            Value::BigInt(n) => crate::num::bigint::to_f64(n),
            other => self.to_number(other, at)?,
        };
        if places.is_nan() {
            return Ok(0);
        }
        if places.fract() != 0.0 {
            return Err(failed(
                format!("Number of decimals in function {name} must be an integer"),
                at,
            ));
        }
        if places < 0.0 {
            return Err(failed(
                format!("Number of decimals in function {name} must be positive"),
                at,
            ));
        }
        // Beyond [`fraction::MAX_BITS`] the rounding is refused by its size anyway.
        Ok(places.min(1e9) as usize)
    }
}
