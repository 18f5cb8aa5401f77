//! The operators: unary and binary operators over every value type, the number and
//! small-Fraction shortcuts (each checked against the general path by the tests), `and`/`or`
//! with their short circuit, comparisons and the bitwise operators as JavaScript computes them.

use super::*;

/// The operators math.js evaluates from their unevaluated operands (its `rawArgs` transforms),
/// which matters for the scope they see inside a function body (`scope.rs`).
pub(super) const RAW_OPERATORS: &[Op] = &[Op::And, Op::Or, Op::BitAnd, Op::BitOr, Op::Nullish];

/// `pow`'s signatures as math.js 15.2's typed-function lists them when a matrix exponent fits
/// none: the base's own type first, then the others it converts to.
pub(crate) fn pow_signatures(base: &Value) -> &'static str {
    match base {
        Value::Big(_) => {
            "BigNumber or number or Complex or bigint or Fraction or string or boolean"
        }
        Value::Fraction(_) => {
            "Fraction or number or Complex or BigNumber or bigint or string or boolean"
        }
        Value::Complex(_) => "Complex or number or BigNumber or Fraction or string",
        Value::BigInt(_) => "bigint or number or BigNumber or Fraction or string or boolean",
        Value::Boolean(_) | Value::Matrix(_) | Value::Sparse(_) => MATRIX_POW_SIGNATURES,
        _ => "number or Complex or BigNumber or bigint or Fraction or string or boolean",
    }
}

/// [`pow_signatures`] for a matrix (or boolean) base.
pub(crate) const MATRIX_POW_SIGNATURES: &str =
    "number or BigNumber or bigint or Fraction or string or boolean";

/// math.js's refusal of a matrix exponent (`2 ^ [1, 2]`): the signatures `expected`
/// ([`pow_signatures`]), and the exponent named by every type it matches.
pub(crate) fn matrix_exponent_refusal(
    expected: &str,
    exponent: &Value,
    at: usize,
) -> CalculateError {
    let actual = match exponent {
        Value::Sparse(_) => "Matrix | SparseMatrix",
        Value::Matrix(m) if m.array => "Array",
        _ => "Matrix | DenseMatrix",
    };
    mismatch(
        format!(
            "Unexpected type of argument in function pow (expected: {expected}, actual: {actual}, index: 1)"
        ),
        at,
    )
}

/// math.js's refusal of an operand its typed function for `op` has no form for: the `index`th,
/// `value`.
pub(crate) fn no_typed_form(
    op: Op,
    value: &Value,
    index: usize,
    position: usize,
) -> CalculateError {
    mismatch(
        format!(
            "Unexpected type of argument in function {} (actual: {}, index: {index})",
            op.symbol_and_fn().1,
            value.type_name()
        ),
        position,
    )
}

/// Whether `op` is one of the binary arithmetic operators (`+ - * / .* ./ mod % ^ .^`), which
/// [`Evaluator::eval`] sends straight to [`Evaluator::binary_operator`]: none of them
/// short-circuits or sees its operands unevaluated, so nothing of [`Evaluator::operator`]
/// before its binary tail applies to them.
#[inline]
pub(super) fn is_arithmetic(op: Op) -> bool {
    (op as u8) <= Op::DotPow as u8
}

/// [`Evaluator::binary`] of two plain numbers, as `binary_inner` computes it without its
/// dispatch; `None` where it takes the general path (an operator without a number case here,
/// or a power with a Complex result). Always inlined: returned out of line, its `Option` of
/// a value was written to memory and copied again into the caller's result.
#[inline(always)]
pub(crate) fn number_binary(op: Op, x: f64, y: f64) -> Option<Value> {
    Some(match op {
        Op::Add => Value::Number(x + y),
        Op::Subtract => Value::Number(x - y),
        Op::Multiply | Op::DotMultiply => Value::Number(x * y),
        Op::Divide | Op::DotDivide => Value::Number(x / y),
        Op::Mod | Op::ModSign => Value::Number(modulo(x, y)),
        Op::Equal | Op::Unequal | Op::Smaller | Op::Larger | Op::SmallerEq | Op::LargerEq => {
            Value::Boolean(compare_numbers(op, x, y))
        }
        // A power math.js computes on Complex (a negative base with a fractional exponent, a
        // NaN) takes the general path.
        Op::Pow | Op::DotPow => Value::Number(power(x, y).ok()?),
        _ => return None,
    })
}

/// Whether a value can hold no function, hence no captured context (see
/// `Evaluator::written_frames`): scalars and strings.
pub(super) fn is_plain_data(value: &Value) -> bool {
    !matches!(
        value,
        Value::Function(_) | Value::Object(_) | Value::Matrix(_) | Value::Sparse(_)
    )
}

/// A conditional's test, as math.js's `testCondition`: JavaScript truthiness for numbers,
/// booleans and strings; a BigNumber is true unless it is zero (NaN is true), a Complex when
/// either part is truthy; null and undefined are false. The types math.js refuses (a bigint, a
/// matrix, an object, a function) come back as their `typeOf` name. A Fraction is the one
/// deliberate difference: math.js refuses it too, even in Fraction mode, where every scope
/// value is one and `x ? a : b` could never run; reckon tests it against zero.
pub(super) fn condition_true(value: &Value) -> Result<bool, &'static str> {
    let js = |x: f64| x != 0.0 && !x.is_nan();
    match value {
        Value::Boolean(b) => Ok(*b),
        Value::Fraction(x) => Ok(!x.is_zero()),
        Value::Number(x) => Ok(js(*x)),
        Value::Str(s) => Ok(!s.is_empty()),
        Value::Null | Value::Undefined => Ok(false),
        Value::Complex(z) => Ok(js(z.re) || js(z.im)),
        Value::Big(x) => Ok(!x.is_zero()),
        other => Err(other.type_name()),
    }
}

/// Truthiness for `and`, `or`, `xor`, `not`: non-zero numbers, `true`; strings convert to numbers.
pub(crate) fn truthy(value: &Value, at: usize) -> Result<bool, CalculateError> {
    match value {
        Value::Boolean(b) => Ok(*b),
        Value::Fraction(x) => Ok(!x.is_zero()),
        Value::Number(x) => Ok(*x != 0.0 && !x.is_nan()),
        Value::Null | Value::Undefined => Ok(false),
        Value::Complex(z) => Ok(!z.is_zero()),
        Value::Big(x) => Ok(!x.is_zero() && !x.is_nan()),
        Value::BigInt(n) => Ok(*n != std::rc::Rc::new(dashu_int::IBig::ZERO)),
        other => to_number(other)
            .map(|x| x != 0.0 && !x.is_nan())
            .map_err(|e| function_error(e, "", at)),
    }
}

pub(crate) fn compare(
    op: Op,
    left: &Value,
    right: &Value,
    at: usize,
) -> Result<bool, CalculateError> {
    if let Some(ordering) = crate::eval::bigint::compare(left, right, at)? {
        return Ok(match op {
            Op::Equal => ordering.is_eq(),
            Op::Unequal => ordering.is_ne(),
            Op::Smaller => ordering.is_lt(),
            Op::Larger => ordering.is_gt(),
            Op::SmallerEq => ordering.is_le(),
            Op::LargerEq => ordering.is_ge(),
            _ => false,
        });
    }
    if let (Value::BigInt(n), other) | (other, Value::BigInt(n)) = (left, right) {
        // The bigint converts to the other operand's type.
        let converted = crate::eval::bigint::converted(n, other, at)?;
        let (l, r) = if matches!(left, Value::BigInt(_)) {
            (converted, right.clone())
        } else {
            (left.clone(), converted)
        };
        return compare(op, &l, &r, at);
    }
    if matches!(left, Value::Big(_)) || matches!(right, Value::Big(_)) {
        let (x, y) = (
            crate::eval::big_mode::as_big(left, at)?,
            crate::eval::big_mode::as_big(right, at)?,
        );
        return Ok(crate::eval::big_mode::compare_big(op, &x, &y));
    }
    if matches!(left, Value::Fraction(_)) || matches!(right, Value::Fraction(_)) {
        // Exact comparison (fraction.js `compare`/`equals`, no tolerance). A float that does
        // not convert exactly is refused (section 5.4), where math.js is inconsistent: its `<`
        // and `>` take a detour through BigNumber for floats of up to 15 digits, `<=` and `==`
        // throw.
        let (x, y) = (as_fraction(left, at)?, as_fraction(right, at)?);
        let ordering = x.cmp(&y);
        return Ok(match op {
            Op::Equal => ordering.is_eq(),
            Op::Unequal => ordering.is_ne(),
            Op::Smaller => ordering.is_lt(),
            Op::Larger => ordering.is_gt(),
            Op::SmallerEq => ordering.is_le(),
            Op::LargerEq => ordering.is_ge(),
            _ => false,
        });
    }
    let (x, y) = match (left, right) {
        (Value::Null, Value::Null) | (Value::Undefined, Value::Undefined)
            if matches!(op, Op::Equal | Op::Unequal) =>
        {
            return Ok(op == Op::Equal);
        }
        _ => (
            to_number(left).map_err(|e| function_error(e, "", at))?,
            to_number(right).map_err(|e| function_error(e, "", at))?,
        ),
    };
    Ok(compare_numbers(op, x, y))
}

/// A relational operator on two numbers, with math.js's tolerance (`nearly_equal`).
#[inline]
pub(crate) fn compare_numbers(op: Op, x: f64, y: f64) -> bool {
    // The tolerance is consulted only when the plain comparison leaves the answer open (a
    // range's `x <= end` test, once per element, rarely needs it).
    match op {
        Op::Equal => nearly_equal(x, y),
        Op::Unequal => !nearly_equal(x, y),
        Op::Smaller => x < y && !nearly_equal(x, y),
        Op::Larger => x > y && !nearly_equal(x, y),
        Op::SmallerEq => x < y || nearly_equal(x, y),
        Op::LargerEq => x > y || nearly_equal(x, y),
        _ => false,
    }
}

/// JavaScript's ToInt32, after math.js's integer check.
pub(crate) fn int32(x: f64, name: &str, at: usize) -> Result<i32, CalculateError> {
    if !x.is_finite() || x.fract() != 0.0 {
        return Err(failed(format!("Integers expected in function {name}"), at));
    }
    Ok((x.rem_euclid(4_294_967_296.0) as u32) as i32)
}

pub(crate) fn bitwise(op: Op, x: f64, y: f64, at: usize) -> Result<f64, CalculateError> {
    let (_, name) = op.symbol_and_fn();
    let (a, b) = (int32(x, name, at)?, int32(y, name, at)?);
    let shift = (b as u32) & 31;
    Ok(match op {
        Op::BitAnd => f64::from(a & b),
        Op::BitOr => f64::from(a | b),
        Op::BitXor => f64::from(a ^ b),
        Op::LeftShift => f64::from(a.wrapping_shl(shift)),
        Op::RightArithShift => f64::from(a >> shift),
        _ => f64::from((a as u32) >> shift),
    })
}

impl Evaluator {
    /// Charges an exact comparison by the cross products it forms (nothing for other values).
    pub(super) fn charge_comparison(
        &mut self,
        left: &Value,
        right: &Value,
    ) -> Result<(), CalculateError> {
        match (left, right) {
            (Value::Fraction(x), Value::Fraction(y)) => self.charge(fraction::cost(x, y)),
            _ => Ok(()),
        }
    }

    pub(super) fn operator(
        &mut self,
        op: Op,
        args: &[Node],
        implicit: bool,
        percentage: bool,
        at: usize,
    ) -> Evaluated {
        use Op::*;
        if percentage {
            let value = self.eval(&args[0])?;
            if let Value::Fraction(x) = &value {
                let hundred = RBig::from(100u8);
                return fraction::div(x, &hundred)
                    .map(Value::fraction)
                    .map_err(|e| function_error(e.into(), "", at));
            }
            // `x / 100` as math.js writes it: element-wise on a matrix, a Complex stays
            // complex, a BigNumber a BigNumber.
            let operand_at = args[0].span.start;
            return self.binary(
                Divide,
                &value,
                &Value::Number(100.0),
                false,
                (operand_at, at),
                at,
            );
        }
        match op {
            And | Or => return self.and_or(op, args, at),
            Nullish => {
                let left = self.eval(&args[0])?;
                return if matches!(left, Value::Null | Value::Undefined) {
                    self.eval(&args[1])
                } else {
                    Ok(left)
                };
            }
            To | In => {
                let value = self.eval(&args[0])?;
                let target = self.eval(&args[1])?;
                return self.convert_to(&value, &target, at);
            }
            Transpose => {
                return match self.eval(&args[0])? {
                    Value::Sparse(m) => self.sparse_ctranspose(&m),
                    // `A'` is math.js's ctranspose: the complex elements are conjugated.
                    Value::Matrix(m) => self.dense_transpose(&m, true, "ctranspose", at),
                    other => Ok(other),
                };
            }
            _ => {}
        }
        if args.len() == 1 {
            let value = self.eval(&args[0])?;
            return self.unary(op, value, args[0].span.start, at);
        }
        if matches!(op, BitAnd | BitOr) {
            // Section 4.5: `&` and `|` look at the left value first and may not need the right.
            let left = self.eval(&args[0])?;
            if let Value::Fraction(_) = left {
                return Err(fraction_unsupported_function(at));
            }
            if let Value::BigInt(_) = left {
                // math.js's `&`/`|` transform converts the left value with `Number`-style
                // arithmetic, which JavaScript refuses for a bigint.
                return Err(mismatch("Cannot convert a BigInt value to a number", at));
            }
            if let Value::Matrix(_) | Value::Sparse(_) = &left {
                // A matrix never short-circuits: element by element.
                let right = self.eval(&args[1])?;
                return self.binary(op, &left, &right, false, (args[0].span.start, at), at);
            }
            let number = js_number(&left);
            if number.is_nan() {
                // Any left value whose Number() is NaN, a BigNumber NaN included.
                return Ok(Value::Number(f64::NAN));
            }
            if let Value::Big(_) = &left {
                // A BigNumber 0 or −1 does not short-circuit (section 4.5): math.js still checks
                // that the right side is an integer.
                let right = self.eval(&args[1])?;
                return self.binary(op, &left, &right, false, (args[0].span.start, at), at);
            }
            let short = match (op, &left) {
                (BitAnd, Value::Number(x)) if *x == 0.0 => Some(0.0),
                (BitAnd, Value::Boolean(false)) => Some(0.0),
                (BitOr, Value::Number(x)) if *x == -1.0 => Some(-1.0),
                (BitOr, Value::Boolean(true)) => Some(1.0),
                _ => None,
            };
            if let Some(result) = short {
                return Ok(Value::Number(result));
            }
            let right = self.eval(&args[1])?;
            if let Value::Big(_) | Value::Matrix(_) | Value::Sparse(_) = right {
                // math.js's transform calls bitAnd/bitOr on the two values: a matrix on the
                // right goes element by element (`ceil(7) & ones(3)` = `[1, 1, 1]`).
                return self.binary(op, &left, &right, false, (args[0].span.start, at), at);
            }
            let y = self.to_number(&right, args[1].span.start)?;
            return bitwise(op, number, y, at).map(Value::Number);
        }
        self.binary_operator(op, &args[0], &args[1], implicit, at)
    }

    /// A binary operator (not one of the short-circuiting or raw ones [`Evaluator::operator`]
    /// answers first) applied to its two operands, evaluated left to right. Two numbers are
    /// answered here; anything else goes to [`Evaluator::binary`].
    ///
    /// [`Evaluator::eval`] calls it directly for the arithmetic operators, past the large
    /// frames of [`Evaluator::eval_node`] and [`Evaluator::operator`] (about 60 instructions
    /// less per operator).
    pub(super) fn binary_operator(
        &mut self,
        op: Op,
        left: &Node,
        right: &Node,
        implicit: bool,
        at: usize,
    ) -> Evaluated {
        use Op::*;
        // `a + b%` and `a - b%`: the percentage is of a.
        let percent_of_left = matches!(op, Add | Subtract)
            && matches!(
                right.kind,
                NodeKind::Operator {
                    percentage: true,
                    ..
                }
            );
        let left_value = self.eval(left)?;
        let right_position = if implicit { right.span.start } else { at };
        if implicit && let Value::Function(_) = left_value {
            return Err(function_as_value(symbol_of(left), left.span.start));
        }
        let right_value = self.eval(right)?;
        if let Value::Function(_) = right_value {
            return Err(function_as_value(symbol_of(right), right.span.start));
        }
        if let Value::Function(_) = left_value {
            return Err(function_as_value(symbol_of(left), left.span.start));
        }
        if let (Value::Number(x), Value::Number(y)) = (&left_value, &right_value)
            && !percent_of_left
            && let Some(result) = number_binary(op, *x, *y)
        {
            // Numbers own nothing: not handed to `Value`'s drop glue, an out-of-line function
            // that costs some twenty instructions even for a number.
            std::mem::forget(left_value);
            std::mem::forget(right_value);
            return Ok(result);
        }
        self.binary(
            op,
            &left_value,
            &right_value,
            percent_of_left,
            (left.span.start, right_position),
            at,
        )
    }

    /// A unary operator applied to a value; on a matrix, to each element.
    pub(super) fn unary_inner(
        &mut self,
        op: Op,
        value: Value,
        arg_at: usize,
        at: usize,
    ) -> Evaluated {
        use Op::*;
        if let Value::Sparse(m) = &value {
            // math.js negates the stored entries (the result stays sparse) and applies `not`
            // and `~` to every element.
            let m = Rc::clone(m);
            return match op {
                UnaryMinus | UnaryPlus => {
                    self.sparse_map_stored(&m, |this, x| this.unary(op, x.clone(), arg_at, at))
                }
                _ => self.sparse_map_all(&m, |this, x| this.unary(op, x.clone(), arg_at, at)),
            };
        }
        if let Value::Matrix(m) = &value {
            self.charge(m.data.len() as u64)?;
            let data = m
                .data
                .iter()
                .map(|x| self.unary(op, x.clone(), arg_at, at))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Value::matrix(crate::value::matrix::Matrix {
                shape: m.shape.clone(),
                data,
                array: m.array,
            }));
        }
        if let Value::Unit(u) = &value
            && op == Not
            && let Some(falsy) = super::units::unit_falsy(u)
        {
            return Ok(Value::Boolean(falsy));
        }
        if let Value::Unit(u) = &value
            && matches!(op, UnaryMinus | UnaryPlus)
        {
            let u = Rc::clone(u);
            return if op == UnaryMinus {
                self.unit_negate(&u)
            } else {
                Ok(Value::Unit(u))
            };
        }
        if let Value::Big(x) = &value {
            return self.big_unary(op, x, at);
        }
        if let Value::BigInt(n) = &value {
            return self.bigint_unary(op, n, at);
        }
        if let Value::Complex(z) = &value {
            return match op {
                Not => Ok(Value::Boolean(z.is_zero())),
                UnaryMinus => Ok(Value::Complex(z.neg())),
                UnaryPlus => Ok(value),
                _ => Err(mismatch(
                    format!(
                        "Unexpected type of argument in function {} (actual: Complex)",
                        op.symbol_and_fn().1
                    ),
                    at,
                )),
            };
        }
        if let Value::Fraction(x) = &value {
            return match op {
                Not => Ok(Value::Boolean(x.is_zero())),
                UnaryMinus => Ok(Value::fraction(-dashu_ratio::RBig::clone(x))),
                UnaryPlus => Ok(value),
                _ => Err(fraction_unsupported_function(at)),
            };
        }
        match op {
            Not => Ok(Value::Boolean(!truthy(&value, at)?)),
            UnaryMinus => Ok(Value::Number(-self.to_number(&value, arg_at)?)),
            UnaryPlus => self.unary_plus_of(value, arg_at),
            BitNot => Ok(Value::Number(f64::from(!int32(
                self.to_number(&value, at)?,
                "bitNot",
                at,
            )?))),
            Factorial => {
                let n = self.to_number(&value, arg_at)?;
                if n < 0.0 {
                    return Err(failed("Value must be non-negative", at));
                }
                Ok(Value::Number(crate::functions::gamma(n + 1.0)))
            }
            _ => Err(not_implemented("this operator", at)),
        }
    }

    /// A binary operator applied to two values: see [`Evaluator::binary_inner`]; outside
    /// Fraction mode, a Fraction made by `fraction()` that meets what it cannot is a type
    /// mismatch (spec 5.4), not Fraction mode's refusal.
    pub(crate) fn binary(
        &mut self,
        op: Op,
        left_value: &Value,
        right_value: &Value,
        percent_of_left: bool,
        positions: (usize, usize),
        at: usize,
    ) -> Evaluated {
        if let (Value::Number(x), Value::Number(y)) = (left_value, right_value)
            && !percent_of_left
            && let Some(result) = number_binary(op, *x, *y)
        {
            return Ok(result);
        }
        self.binary_general(op, left_value, right_value, percent_of_left, positions, at)
    }

    /// [`Evaluator::binary`] past two plain numbers, out of line: `binary` stays small (the
    /// element loops of matrices call it for every element).
    #[inline(never)]
    pub(super) fn binary_general(
        &mut self,
        op: Op,
        left_value: &Value,
        right_value: &Value,
        percent_of_left: bool,
        positions: (usize, usize),
        at: usize,
    ) -> Evaluated {
        // A long string operand is read whole (converted or compared) for every element a
        // matrix pairs it with: charged by its length, before.
        let text = text_units([left_value, right_value]);
        if text > 0 {
            self.charge(text)?;
        }
        if let (Value::Fraction(x), Value::Fraction(y), false) =
            (left_value, right_value, percent_of_left)
            && let Some(result) = self.small_fraction_binary(op, x, y, at)
        {
            return result;
        }
        if !percent_of_left
            && let Some(result) = self.plain_complex_binary(op, left_value, right_value)
        {
            return result;
        }
        let result = self.binary_inner(op, left_value, right_value, percent_of_left, positions, at);
        self.outside_fraction_mode(result)
    }

    /// A Complex meeting a Complex or a number with `+ - * /` (or their element-wise forms),
    /// answered without the dispatch of [`Evaluator::binary_inner`]: the same charge and value
    /// as [`Evaluator::complex_binary`], which every such pair reaches. `None` sends anything
    /// else to the general path.
    #[inline]
    pub(super) fn plain_complex_binary(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
    ) -> Option<Evaluated> {
        use crate::num::complex::Complex;
        let operand = |value: &Value| match value {
            Value::Complex(z) => Some(*z),
            Value::Number(x) => Some(Complex::from_real(*x)),
            _ => None,
        };
        if !matches!(left, Value::Complex(_)) && !matches!(right, Value::Complex(_)) {
            return None;
        }
        let (x, y) = (operand(left)?, operand(right)?);
        let value = match op {
            Op::Add => x.add(y),
            Op::Subtract => x.sub(y),
            Op::Multiply | Op::DotMultiply => x.mul(y),
            Op::Divide | Op::DotDivide => x.div(y),
            _ => return None,
        };
        Some(self.charge(4).map(|()| Value::Complex(value)))
    }

    /// Two Fractions meeting `+ - * /` (or their element-wise forms), answered without the
    /// dispatch of [`Evaluator::binary_inner`] when both have machine-sized parts: the same
    /// charge as [`Evaluator::fraction_operator`] (section 11a), read once, and the same value
    /// or error. `None` sends anything else to the general path.
    #[inline]
    pub(super) fn small_fraction_binary(
        &mut self,
        op: Op,
        x: &RBig,
        y: &RBig,
        at: usize,
    ) -> Option<Evaluated> {
        let small_op = match op {
            Op::Add => fraction::SmallOp::Add,
            Op::Subtract => fraction::SmallOp::Subtract,
            Op::Multiply | Op::DotMultiply => fraction::SmallOp::Multiply,
            Op::Divide | Op::DotDivide => fraction::SmallOp::Divide,
            _ => return None,
        };
        let (a, b) = (fraction::Small::of(x)?, fraction::Small::of(y)?);
        if let Err(error) = self.charge(a.cost(b)) {
            return Some(Err(error));
        }
        if let Some(value) = fraction::small_operation(small_op, a, b) {
            return Some(Ok(Value::fraction(value)));
        }
        // Declined (a sum past 127 bits, a division by zero): dashu's answer, already charged.
        let result = match small_op {
            fraction::SmallOp::Add => fraction::add(x, y),
            fraction::SmallOp::Subtract => fraction::sub(x, y),
            fraction::SmallOp::Multiply => fraction::mul(x, y),
            fraction::SmallOp::Divide => fraction::div(x, y),
        };
        Some(
            result
                .map(Value::fraction)
                .map_err(|e| function_error(e.into(), "", at)),
        )
    }

    /// A unary operator applied to a value: see [`Evaluator::unary_inner`].
    pub(crate) fn unary(&mut self, op: Op, value: Value, arg_at: usize, at: usize) -> Evaluated {
        let result = self.unary_inner(op, value, arg_at, at);
        self.outside_fraction_mode(result)
    }

    /// A binary operator applied to two values: element by element, or as a matrix product,
    /// when a matrix is involved (`collections`); exactly when a Fraction is. (Always inlined
    /// into [`Evaluator::binary_general`], its one caller outside tests.)
    #[inline(always)]
    pub(super) fn binary_inner(
        &mut self,
        op: Op,
        left_value: &Value,
        right_value: &Value,
        percent_of_left: bool,
        (left_at, right_position): (usize, usize),
        at: usize,
    ) -> Evaluated {
        use Op::*;
        if percent_of_left && matches!(op, Add | Subtract) {
            // `a + b%` is math.js's `a + a * (b / 100)` for every type, the product being the
            // matrix product when both are matrices (`[1, 2] + [5, 10]%` = `[1.25, 2.25]`).
            let part = self.binary(
                Multiply,
                left_value,
                right_value,
                false,
                (left_at, right_position),
                at,
            )?;
            return self.binary(op, left_value, &part, false, (left_at, right_position), at);
        }
        if matches!(op, LeftShift | RightArithShift | RightLogShift)
            && let Some(result) = self.shift_with_scalar(op, left_value, right_value, at)
        {
            return result;
        }
        if matches!(left_value, Value::Sparse(_)) || matches!(right_value, Value::Sparse(_)) {
            return match self.sparse_binary(op, left_value, right_value, at) {
                Some(result) => result,
                None => Err(not_implemented(
                    &format!("the operator {} on sparse matrices", op.symbol_and_fn().0),
                    at,
                )),
            };
        }
        if matches!(left_value, Value::Matrix(_)) || matches!(right_value, Value::Matrix(_)) {
            return self.matrix_binary(
                op,
                left_value,
                right_value,
                percent_of_left,
                (left_at, right_position),
                at,
            );
        }
        if matches!(left_value, Value::Unit(_)) || matches!(right_value, Value::Unit(_)) {
            return self.unit_binary(op, left_value, right_value, at);
        }
        if matches!(op, And | Or | Xor) {
            // math.js's typed and/or/xor have no form for null or undefined (a matrix `and` a
            // falsy scalar is decided before the elements are, `logical_with_matrix`).
            for (value, index) in [(left_value, 0), (right_value, 1)] {
                if matches!(value, Value::Null | Value::Undefined) {
                    return Err(no_typed_form(op, value, index, at));
                }
            }
        }
        if matches!(left_value, Value::BigInt(_)) || matches!(right_value, Value::BigInt(_)) {
            return self.bigint_binary(op, left_value, right_value, percent_of_left, at);
        }
        if matches!(left_value, Value::Complex(_)) || matches!(right_value, Value::Complex(_)) {
            return self.complex_binary(op, left_value, right_value, at);
        }
        if matches!(left_value, Value::Big(_)) || matches!(right_value, Value::Big(_)) {
            return self.big_binary(op, left_value, right_value, at);
        }
        let op = match op {
            DotMultiply => Multiply,
            DotDivide => Divide,
            DotPow => Pow,
            other => other,
        };
        if matches!(
            op,
            Equal | Unequal | Smaller | Larger | SmallerEq | LargerEq
        ) {
            self.charge_comparison(left_value, right_value)?;
            return compare(op, left_value, right_value, at).map(Value::Boolean);
        }
        if matches!(op, Xor | And | Or) {
            let (x, y) = (truthy(left_value, at)?, truthy(right_value, at)?);
            return Ok(Value::Boolean(match op {
                Xor => x != y,
                And => x && y,
                _ => x || y,
            }));
        }
        if matches!(left_value, Value::Fraction(_)) || matches!(right_value, Value::Fraction(_)) {
            return self.fraction_operator(op, left_value, right_value, percent_of_left, at);
        }
        let x = self.to_number(left_value, left_at)?;
        let y = self.to_number(right_value, right_position)?;
        let result = match op {
            Add if percent_of_left => x + x * y,
            Subtract if percent_of_left => x - x * y,
            Add => x + y,
            Subtract => x - y,
            Multiply => x * y,
            Divide => x / y,
            Mod | ModSign => modulo(x, y),
            Pow => match power(x, y) {
                Err(FnError::Complex) => {
                    return crate::eval::complex_mode::promote("pow", &[x, y])
                        .ok_or_else(|| function_error(FnError::Complex, "pow", at));
                }
                other => other.map_err(|e| function_error(e, "pow", at))?,
            },
            BitAnd | BitOr | BitXor | LeftShift | RightArithShift | RightLogShift => {
                bitwise(op, x, y, at)?
            }
            _ => return Err(not_implemented("this operator", at)),
        };
        Ok(Value::Number(result))
    }

    /// `a and b`, `a or b`, and the calls `and(a, b)`, `or(a, b)`: math.js's transforms of both,
    /// which evaluate the left side first and decide alone when it is a scalar that settles the
    /// answer (the right side is then never evaluated), else call the typed function on both.
    pub(super) fn and_or(&mut self, op: Op, args: &[Node], at: usize) -> Evaluated {
        use Op::*;
        let left = self.eval(&args[0])?;
        match &left {
            // A matrix decides nothing alone: element by element.
            Value::Matrix(_) | Value::Sparse(_) => {
                let right = self.eval(&args[1])?;
                return self.logical_with_matrix(op, &left, &right, at);
            }
            // math.js's and/or have no form for these on the left.
            Value::Complex(_) | Value::Null | Value::Undefined => {
                return Err(no_typed_form(op, &left, 0, args[0].span.start));
            }
            _ => {}
        }
        let left_true = truthy(&left, args[0].span.start)?;
        if (op == And && !left_true) || (op == Or && left_true) {
            return Ok(Value::Boolean(left_true));
        }
        let right = self.eval(&args[1])?;
        if let Value::Matrix(_) | Value::Sparse(_) = right {
            return self.logical_with_matrix(op, &left, &right, at);
        }
        // math.js's and/or have no form for null or undefined on the right, nor for a
        // Complex beside a boolean (a number, a string or a BigNumber converts to a
        // Complex; a boolean does not).
        if matches!(right, Value::Null | Value::Undefined)
            || (matches!(right, Value::Complex(_)) && matches!(left, Value::Boolean(_)))
        {
            return Err(no_typed_form(op, &right, 1, args[1].span.start));
        }
        // Both sides reach math.js's and/or, which converts a number meeting a
        // BigNumber (refusing one of more than 15 digits, section 5.4).
        if matches!(left, Value::Big(_)) != matches!(right, Value::Big(_)) {
            for (value, position) in [(&left, args[0].span.start), (&right, args[1].span.start)] {
                if matches!(value, Value::Number(_) | Value::Fraction(_)) {
                    crate::eval::big_mode::as_big(value, position)?;
                }
            }
        }
        for (value, other) in [(&left, &right), (&right, &left)] {
            if let (Value::BigInt(n), Value::Number(_)) = (value, other) {
                // math.js's and/or convert a bigint beside a number.
                crate::eval::bigint::to_number(n).map_err(|e| function_error(e, "", at))?;
            }
        }
        Ok(Value::Boolean(truthy(&right, args[1].span.start)?))
    }

    /// `and`/`or` with a matrix operand, as math.js's: element by element, except that a
    /// matrix `and` a falsy scalar is a matrix of zeros (numbers) of the matrix's size.
    pub(super) fn logical_with_matrix(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
        at: usize,
    ) -> Evaluated {
        if op == Op::And {
            for (matrix, other) in [(left, right), (right, left)] {
                if let Value::Matrix(m) = matrix
                    && !matches!(other, Value::Matrix(_) | Value::Sparse(_))
                    && !truthy(other, at)?
                {
                    self.build("and", m.data.len() as u64, at)?;
                    let zeros = vec![Value::Number(0.0); m.data.len()];
                    return Ok(Value::matrix(crate::value::matrix::Matrix {
                        shape: m.shape.clone(),
                        data: zeros,
                        array: m.array,
                    }));
                }
            }
        }
        self.binary(op, left, right, false, (at, at), at)
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::answer_in;

    /// math.js 15.2's messages for a matrix exponent, whose list of signatures starts with the
    /// base's type.
    #[test]
    fn a_matrix_exponent_is_refused_with_the_base_types_signatures_first() {
        let refusal = |expected: &str, actual: &str| {
            format!(
                "type_mismatch: Type mismatch: Unexpected type of argument in function pow (expected: {expected}, actual: {actual}, index: 1)"
            )
        };
        let cases = [
            (
                "2 ^ [1, 2]",
                "number",
                "number or Complex or BigNumber or bigint or Fraction or string or boolean",
                "Matrix | DenseMatrix",
            ),
            (
                "2 ^ [1, 2]",
                "BigNumber",
                "BigNumber or number or Complex or bigint or Fraction or string or boolean",
                "Matrix | DenseMatrix",
            ),
            (
                "2 ^ [1, 2]",
                "Fraction",
                "Fraction or number or Complex or BigNumber or bigint or string or boolean",
                "Matrix | DenseMatrix",
            ),
            (
                "(2 + i) ^ [1, 2]",
                "number",
                "Complex or number or BigNumber or Fraction or string",
                "Matrix | DenseMatrix",
            ),
            (
                "bigint(2) ^ [1, 2]",
                "number",
                "bigint or number or BigNumber or Fraction or string or boolean",
                "Matrix | DenseMatrix",
            ),
            (
                "true ^ [1, 2]",
                "number",
                "number or BigNumber or bigint or Fraction or string or boolean",
                "Matrix | DenseMatrix",
            ),
            (
                "[1, 2] ^ [1, 2]",
                "number",
                "number or BigNumber or bigint or Fraction or string or boolean",
                "Matrix | DenseMatrix",
            ),
            (
                "2 ^ sparse([1, 0; 0, 2])",
                "BigNumber",
                "BigNumber or number or Complex or bigint or Fraction or string or boolean",
                "Matrix | SparseMatrix",
            ),
            (
                "[1, 0; 0, 2] ^ sparse([1, 0; 0, 2])",
                "number",
                "number or BigNumber or bigint or Fraction or string or boolean",
                "Matrix | SparseMatrix",
            ),
        ];
        for (expression, mode, expected, actual) in cases {
            assert_eq!(
                answer_in(expression, mode),
                refusal(expected, actual),
                "{expression} in {mode}"
            );
        }
    }

    /// math.js 15.2 renames a singular matrix's refusal for a negative power.
    #[test]
    fn a_singular_matrix_to_a_negative_power_is_refused_as_math_js_words_it() {
        let refusal = "evaluation_failed: Evaluation failed: For A^b, when A is not invertible, b must be a positive integer (value is -1)";
        assert_eq!(answer_in("[1, 2; 2, 4] ^ -1", "number"), refusal);
        assert_eq!(answer_in("sparse([1, 2; 2, 4]) ^ -1", "number"), refusal);
        assert_eq!(
            answer_in("inv([1, 2; 2, 4])", "number"),
            "evaluation_failed: Evaluation failed: Cannot calculate inverse, determinant is zero"
        );
    }

    /// math.js 15.2: a scalar `&` or `|` a matrix goes element by element, as the calls do.
    #[test]
    fn a_bitwise_operator_with_a_matrix_on_the_right_goes_element_by_element() {
        assert_eq!(
            answer_in("ceil(7) & ones(3)", "number"),
            "DenseMatrix [1, 1, 1]"
        );
        assert_eq!(answer_in("7 & [1, 2]", "number"), "DenseMatrix [1, 2]");
        assert_eq!(answer_in("4 | [1, 2]", "number"), "DenseMatrix [5, 6]");
        assert_eq!(answer_in("0 & [1, 2]", "number"), "number 0");
    }

    /// math.js converts a numeric string exponent of a matrix power (`[[7, 10], [15, 22]]`).
    #[test]
    fn a_matrix_power_takes_a_numeric_string() {
        assert_eq!(
            answer_in("[1, 2; 3, 4] ^ \"2\"", "number"),
            "DenseMatrix [[7, 10], [15, 22]]"
        );
        assert_eq!(
            answer_in("[1, 2; 3, 4] ^ \"2\"", "Fraction"),
            "DenseMatrix [[7/1, 10/1], [15/1, 22/1]]"
        );
        assert_eq!(
            answer_in("[1, 2; 3, 4] ^ \"a\"", "number"),
            "type_mismatch: Type mismatch: Cannot convert \"a\" to a number"
        );
    }
}
