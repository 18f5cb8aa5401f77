//! Statistics over collections, as math.js orders its floating-point operations: sums fold
//! left from the first element, `mean` divides the sum, `variance` subtracts the mean, `median`
//! averages the two middle values, `quantileSeq` interpolates linearly.

use super::*;

/// math.js `bignumber(x)`: a number by its shortest decimal form (any number of digits: the
/// conversion is explicit), a numeric string exactly, a Fraction to 64 digits, a boolean as 0 or
/// 1; no argument is 0.
pub(super) fn bignumber_of(value: Option<&Value>, at: usize) -> Evaluated {
    use crate::num::bignum::{self, Big};
    let big = match value {
        None => Big::from_i64(0),
        Some(Value::Big(x)) => x.clone(),
        Some(Value::Number(x)) => bignum::from_f64(*x),
        Some(Value::Boolean(b)) => Big::from_i64(i64::from(*b)),
        Some(Value::BigInt(n)) => Big::from_ibig(dashu_int::IBig::clone(n)),
        Some(Value::Fraction(f)) => bignum::div(
            &Big::from_ibig(f.numerator().clone()),
            &Big::from_ibig(dashu_int::IBig::from(f.denominator().clone())),
        ),
        Some(Value::Str(text)) => {
            // decimal.js refuses surrounding whitespace, as math.js passes the string on.
            let text = text.as_str();
            let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text).as_bytes();
            if crate::num::literal::find_prefixed(text, b'i').is_some()
                || matches!(
                    unsigned,
                    [b'0', b'x' | b'X' | b'b' | b'B' | b'o' | b'O', ..]
                )
            {
                return bignum::parse_prefixed(&bignum::without_digit_separators(text))
                    .map(Value::Big)
                    .map_err(|message| failed(message, at));
            }
            // decimal.js names the text after its sign.
            let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
            bignum::parse_decimal_text(text)
                .ok_or_else(|| failed(format!("[DecimalError] Invalid argument: {unsigned}"), at))?
        }
        Some(other) => {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function bignumber (actual: {})",
                    other.type_name()
                ),
                at,
            ));
        }
    };
    Ok(Value::Big(big))
}

/// The statistic a name is an alias of, for messages.
pub(super) fn canonical_statistic(name: &str) -> &str {
    match name {
        "average" | "avg" => "mean",
        "stdev" | "stddev" => "std",
        other => other,
    }
}

impl Evaluator {
    /// math.js `compare`: -1, 0 or 1 (with its tolerance for numbers), element-wise on matrices.
    pub(super) fn compare_values(&mut self, x: &Value, y: &Value, at: usize) -> Evaluated {
        if matches!(x, Value::Matrix(_)) || matches!(y, Value::Matrix(_)) {
            return self.broadcast("compare", x, y, at, |this, p, q| {
                this.compare_values(p, q, at)
            });
        }
        if matches!(x, Value::Complex(_)) || matches!(y, Value::Complex(_)) {
            // A TypeError without typed-function's wrongType category: spec 9.3 rule 11.
            return Err(failed(
                "No ordering relation is defined for complex numbers",
                at,
            ));
        }
        if let Some(ordering) = crate::eval::bigint::compare(x, y, at)? {
            return Ok(Value::bigint(dashu_int::IBig::from(ordering as i8)));
        }
        let sign = if compare(Op::Equal, x, y, at)? {
            0
        } else if compare(Op::Larger, x, y, at)? {
            1
        } else {
            -1
        };
        Ok(
            if matches!(x, Value::Fraction(_)) || matches!(y, Value::Fraction(_)) {
                Value::fraction(dashu_ratio::RBig::from(sign))
            } else if matches!(x, Value::Big(_)) || matches!(y, Value::Big(_)) {
                // math.js compares BigNumbers to a BigNumber.
                Value::Big(crate::num::bignum::Big::from_i64(i64::from(sign)))
            } else {
                Value::Number(f64::from(sign))
            },
        )
    }

    /// The values a statistics function reduces: one collection's elements, or the arguments
    /// themselves (which must then be scalars).
    pub(super) fn flat<'v>(
        &self,
        name: &str,
        values: &'v [Value],
        at: usize,
    ) -> Result<std::borrow::Cow<'v, [Value]>, CalculateError> {
        // Borrowed, not copied: most statistics only read their values.
        match values {
            [Value::Matrix(m)] => Ok(std::borrow::Cow::Borrowed(&m.data)),
            // A TypeError without typed-function's wrongType category: spec 9.3 rule 11.
            _ if values.iter().any(|v| matches!(v, Value::Matrix(_))) => Err(failed(
                format!("Scalar values expected in function {name}"),
                at,
            )),
            _ => Ok(std::borrow::Cow::Borrowed(values)),
        }
    }

    /// A dimension argument (1-based in expressions), as a 0-based index into `shape`.
    pub(super) fn dimension(
        &self,
        value: &Value,
        shape: &[usize],
        at: usize,
    ) -> Result<usize, CalculateError> {
        let d = whole_number(value, at)?;
        let shown = crate::num::format::format_number(d, None);
        if d < 1.0 {
            return Err(failed(format!("Index out of range ({shown} < 1)"), at));
        }
        if d > shape.len() as f64 {
            return Err(failed(
                format!("Index out of range ({shown} > {})", shape.len()),
                at,
            ));
        }
        Ok(d as usize - 1)
    }

    pub(super) fn fold(
        &mut self,
        op: Op,
        items: &[Value],
        at: usize,
    ) -> Result<Option<Value>, CalculateError> {
        if matches!(op, Op::Add | Op::Subtract | Op::Multiply | Op::Divide)
            && let Some((first, rest)) = items.split_first()
            && items.iter().all(|v| matches!(v, Value::Number(_)))
        {
            // Plain numbers: the operator's number case, without the dispatch per element.
            let number = |v: &Value| {
                if let Value::Number(x) = v {
                    *x
                } else {
                    f64::NAN
                }
            };
            let total = rest
                .iter()
                .map(number)
                .fold(number(first), |a, x| match op {
                    Op::Add => a + x,
                    Op::Subtract => a - x,
                    Op::Multiply => a * x,
                    _ => a / x,
                });
            return Ok(Some(Value::Number(total)));
        }
        let mut accumulated: Option<Value> = None;
        for item in items {
            accumulated = Some(match accumulated {
                None => item.clone(),
                Some(sum) => self.binary(op, &sum, item, false, (at, at), at)?,
            });
        }
        Ok(accumulated)
    }

    /// A boolean or numeric string as the configured number type (number, BigNumber or
    /// Fraction), as math.js's `unaryPlus` and `numeric(x, config.number)` convert them.
    pub(crate) fn mode_number(&self, value: &Value, at: usize) -> Evaluated {
        if self.fraction_mode {
            crate::eval::as_fraction(value, at).map(Value::fraction)
        } else if self.big_mode {
            crate::eval::big_mode::as_big(value, at).map(Value::Big)
        } else {
            self.to_number(value, at).map(Value::Number)
        }
    }

    /// The zero of the mode's number type.
    /// The sum of nothing: zero of the configured number type (math.js's `sum([])` is a
    /// BigNumber 0 in BigNumber mode, a Fraction 0 in Fraction mode).
    pub(super) fn zero(&self) -> Value {
        if self.fraction_mode {
            Value::fraction(dashu_ratio::RBig::ZERO)
        } else if self.big_mode {
            Value::Big(crate::num::bignum::Big::from_i64(0))
        } else {
            Value::Number(0.0)
        }
    }

    /// A reduction along a dimension: `f` applied to each slice, the results in a matrix.
    pub(super) fn along(
        &mut self,
        m: &Matrix,
        dim: usize,
        at: usize,
        mut f: impl FnMut(&mut Self, &[Value]) -> Evaluated,
    ) -> Evaluated {
        if m.rank() == 1 {
            // math.js builds a matrix from the one reduced value: a falsy value (0, NaN,
            // false) makes an empty matrix, anything else is refused.
            let value = f(self, &m.data)?;
            let falsy = match &value {
                Value::Number(x) => *x == 0.0 || x.is_nan(),
                Value::Boolean(b) => !b,
                _ => false,
            };
            if falsy {
                return Ok(Value::matrix(Matrix::vector(Vec::new())));
            }
            return Err(failed(
                format!("Unsupported type of data ({})", value.type_name()),
                at,
            ));
        }
        self.build("reduce", m.slice_count(dim), at)?;
        let (shape, slices) = m.slices(dim);
        let mut data = Vec::with_capacity(slices.len());
        for slice in &slices {
            data.push(f(self, slice)?);
        }
        if shape.is_empty() {
            return Ok(data.pop().unwrap_or(Value::Undefined));
        }
        Ok(Value::matrix(Matrix {
            shape,
            data,
            array: m.array,
        }))
    }

    pub(super) fn sum(&mut self, values: &[Value], at: usize) -> Evaluated {
        if let [Value::Matrix(m), dim] = values
            && !matches!(dim, Value::Matrix(_))
        {
            let dim = self.dimension(dim, &m.shape, at)?;
            return self.along(m, dim, at, |this, slice| {
                this.fold(Op::Add, slice, at)
                    .map(|s| s.unwrap_or(Value::Number(0.0)))
            });
        }
        let items = self.flat("sum", values, at)?;
        let total = self.fold(Op::Add, &items, at)?;
        Ok(match total {
            Some(Value::Str(text)) => self.unary(Op::UnaryPlus, Value::Str(text), at, at)?,
            Some(value) => value,
            None => self.zero(),
        })
    }

    pub(super) fn product(&mut self, values: &[Value], at: usize) -> Evaluated {
        if let [Value::Matrix(_), dim] = values
            && !matches!(dim, Value::Matrix(_))
        {
            return Err(failed("prod(A, dim) is not yet supported", at));
        }
        let items = self.flat("prod", values, at)?;
        self.fold(Op::Multiply, &items, at)?
            .ok_or_else(|| failed("Cannot calculate prod of an empty array", at))
    }

    pub(super) fn mean(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        if let [Value::Matrix(m), dim] = values
            && !matches!(dim, Value::Matrix(_))
        {
            let dim = self.dimension(dim, &m.shape, at)?;
            let n = Value::Number(m.shape[dim] as f64);
            return self.along(m, dim, at, |this, slice| {
                let total = this
                    .fold(Op::Add, slice, at)?
                    .ok_or_else(|| failed("Cannot calculate the mean of an empty array", at))?;
                this.binary(Op::Divide, &total, &n, false, (at, at), at)
            });
        }
        let items = self.flat(canonical_statistic(name), values, at)?;
        let total = self
            .fold(Op::Add, &items, at)?
            .ok_or_else(|| failed("Cannot calculate the mean of an empty array", at))?;
        let n = Value::Number(items.len() as f64);
        self.binary(Op::Divide, &total, &n, false, (at, at), at)
    }

    /// math.js `median`: the middle value, or the mean of the two middle values.
    pub(super) fn median_of(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        if let [Value::Matrix(_), _] = values {
            return Err(failed("median(A, dim) is not yet supported", at));
        }
        let items = self.flat(name, values, at)?;
        self.median(&items, at)
    }

    pub(super) fn median(&mut self, items: &[Value], at: usize) -> Evaluated {
        if items.is_empty() {
            return Err(failed("Cannot calculate median of an empty array", at));
        }
        if items.iter().any(|v| matches!(v, Value::Fraction(_))) {
            return Err(fraction_unsupported_function(at));
        }
        if let [z @ Value::Complex(_)] = items {
            // One value is its own median: math.js compares nothing.
            return Ok(z.clone());
        }
        if items.iter().any(|v| matches!(v, Value::Complex(_))) {
            // A TypeError without typed-function's wrongType category: spec 9.3 rule 11.
            return Err(failed(
                "Cannot calculate median, no ordering relation is defined for complex numbers",
                at,
            ));
        }
        let n = items.len();
        let nan = items.iter().find(|v| is_nan_value(v));
        if let Some(nan) = nan {
            // math.js selects the middle values (partitionSelect) rather than sorting, and its
            // selection answers the NaN itself, leaving the values in their order: the middle
            // one is that NaN, or the average of the largest value up to the left middle one
            // with it.
            if n % 2 == 1 {
                return Ok(nan.clone());
            }
            let left = largest_up_to(items, n / 2 - 1, at)?;
            let sum = self.binary(Op::Add, left, nan, false, (at, at), at)?;
            return self.binary(Op::Divide, &sum, &Value::Number(2.0), false, (at, at), at);
        }
        let units = items.iter().filter(|v| matches!(v, Value::Unit(_))).count();
        if units > 0 && units < n {
            // math.js's median words any type fault of its comparison so (not a type mismatch).
            return Err(failed(
                "Cannot calculate median, unexpected type of argument (type: Unit)",
                at,
            ));
        }
        if units > 0 || items.iter().any(|v| matches!(v, Value::Big(_))) {
            // BigNumbers and units: sorted as math.js compares them, the two middle ones
            // averaged.
            let order = vec![Value::matrix(Matrix::vector(items.to_vec()))];
            let Value::Matrix(sorted) = self.sort(&order, at)? else {
                return Err(failed("Cannot calculate median", at));
            };
            let n = sorted.data.len();
            if n % 2 == 1 {
                return Ok(sorted.data[n / 2].clone());
            }
            let (left, right) = (&sorted.data[n / 2 - 1], &sorted.data[n / 2]);
            let sum = self.binary(Op::Add, left, right, false, (at, at), at)?;
            return self.binary(Op::Divide, &sum, &Value::Number(2.0), false, (at, at), at);
        }
        let sorted = self.sorted_numbers(items, at)?;
        let n = sorted.len();
        if n % 2 == 1 {
            return Ok(Value::Number(sorted[n / 2]));
        }
        Ok(Value::Number((sorted[n / 2 - 1] + sorted[n / 2]) / 2.0))
    }

    /// The items as numbers, ascending (math.js's `median` and `quantileSeq` accept numbers
    /// only, and compare NaN as the largest).
    pub(super) fn sorted_numbers(
        &mut self,
        items: &[Value],
        at: usize,
    ) -> Result<Vec<f64>, CalculateError> {
        let mut numbers = Vec::with_capacity(items.len());
        for item in items {
            match item {
                Value::Number(x) => numbers.push(*x),
                Value::Boolean(b) => numbers.push(f64::from(u8::from(*b))),
                Value::Complex(_) => {
                    // A TypeError without typed-function's wrongType category: spec 9.3 rule 11.
                    return Err(failed(
                        "Cannot calculate median, no ordering relation is defined for complex numbers",
                        at,
                    ));
                }
                // math.js converts a bigint (up to 2^53 − 1) to a number.
                Value::BigInt(n) => numbers.push(
                    crate::eval::bigint::to_number(n)
                        .map_err(|e| crate::error::function_error(e, "median", at))?,
                ),
                other => {
                    return Err(mismatch(
                        format!("Cannot convert {} to a number", other.type_name()),
                        at,
                    ));
                }
            }
        }
        self.charge(numbers.len() as u64 * 8)?;
        numbers.sort_by(|a, b| {
            a.partial_cmp(b)
                .unwrap_or_else(|| a.is_nan().cmp(&b.is_nan()))
        });
        Ok(numbers)
    }

    pub(super) fn mode(&mut self, values: &[Value], at: usize) -> Evaluated {
        let items = self.flat("mode", values, at)?;
        if items.is_empty() {
            return Err(failed("Cannot calculate mode of an empty array", at));
        }
        self.charge(items.len() as u64)?;
        let mut counts: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        let mut modes: Vec<Value> = Vec::new();
        let mut best = 0;
        for item in items.iter() {
            if matches!(item, Value::Number(x) if x.is_nan()) {
                return Err(failed(
                    "Cannot calculate mode of an array containing NaN values",
                    at,
                ));
            }
            // JavaScript object keys: values count as equal when they print the same.
            let count = counts.entry(item.format(None)).or_insert(0);
            *count += 1;
            let count = *count;
            if count == best {
                modes.push(item.clone());
            } else if count > best {
                best = count;
                modes = vec![item.clone()];
            }
        }
        Ok(Value::matrix(Matrix::vector(modes).into_array()))
    }

    /// `variance` and `std` with math.js's normalisations: "unbiased" (n − 1, the default),
    /// "uncorrected" (n) and "biased" (n + 1).
    pub(super) fn variance(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let root = name != "variance";
        let (data, dim, normalization) = match values {
            [Value::Matrix(m)] => (Some(m), None, "unbiased".to_owned()),
            [Value::Matrix(m), Value::Str(n)] => (Some(m), None, n.to_string()),
            [Value::Matrix(m), dim] if !matches!(dim, Value::Matrix(_)) => {
                (Some(m), Some(dim), "unbiased".to_owned())
            }
            [Value::Matrix(m), dim, Value::Str(n)] => (Some(m), Some(dim), n.to_string()),
            _ => (None, None, "unbiased".to_owned()),
        };
        if !["unbiased", "uncorrected", "biased"].contains(&normalization.as_str()) {
            return Err(failed(
                format!(
                    "Unknown normalization \"{normalization}\". Choose \"unbiased\" (default), \"uncorrected\", or \"biased\"."
                ),
                at,
            ));
        }
        let one = |this: &mut Self, items: &[Value]| -> Evaluated {
            if mixes_units(items) {
                // math.js words the failed addition of a unit and a number so.
                return Err(failed(
                    format!(
                        "Cannot calculate {}, unexpected type of argument",
                        canonical_statistic(name)
                    ),
                    at,
                ));
            }
            let v = this.variance_of(items, &normalization, at)?;
            if root {
                this.square_root(&v, at)
            } else {
                Ok(v)
            }
        };
        match (data, dim) {
            (Some(m), Some(dim)) => {
                let dim = self.dimension(dim, &m.shape, at)?;
                self.along(m, dim, at, one)
            }
            (Some(m), None) => one(self, &m.data),
            _ => {
                let items = self.flat(canonical_statistic(name), values, at)?;
                one(self, &items)
            }
        }
    }

    pub(super) fn square_root(&mut self, value: &Value, at: usize) -> Evaluated {
        if let Value::Unit(_) = value
            && let Some(root) = self.unit_call("sqrt", std::slice::from_ref(value), at)
        {
            return root;
        }
        let row = crate::functions::builtin("sqrt").ok_or_else(|| not_implemented("sqrt()", at))?;
        if let Value::Number(_) = value
            && let Some(result) = crate::eval::plain_number_call(row, std::slice::from_ref(value))
        {
            // What `call_builtin` does first for a number, without a vector for the argument.
            let result = result.map_err(|e| crate::error::function_error(e, "sqrt", at));
            return self.outside_fraction_mode(result);
        }
        self.call_builtin(row, "sqrt", vec![value.clone()], at)
    }

    pub(super) fn variance_of(
        &mut self,
        items: &[Value],
        normalization: &str,
        at: usize,
    ) -> Evaluated {
        let total = self
            .fold(Op::Add, items, at)?
            .ok_or_else(|| failed("Cannot calculate variance of an empty array", at))?;
        let n = items.len();
        let mean = self.binary(
            Op::Divide,
            &total,
            &Value::Number(n as f64),
            false,
            (at, at),
            at,
        )?;
        let mut sum: Option<Value> = None;
        if let Value::Number(mean) = mean
            && items.iter().all(|v| matches!(v, Value::Number(_)))
        {
            // Plain numbers: the loop below with `binary`'s number arithmetic, which charges
            // nothing, in the same order (a test compares the two).
            let mut total: Option<f64> = None;
            for item in items {
                if let Value::Number(x) = item {
                    let difference = x - mean;
                    let square = difference * difference;
                    total = Some(total.map_or(square, |s| s + square));
                }
            }
            sum = total.map(Value::Number);
        } else {
            self.squared_deviations(items, &mean, &mut sum, at)?;
        }
        let sum = sum.unwrap_or(Value::Number(0.0));
        if matches!(sum, Value::Number(x) if x.is_nan()) {
            return Ok(sum);
        }
        let divisor = match normalization {
            "uncorrected" => n as f64,
            "biased" => n as f64 + 1.0,
            // The zero of the sum's type for a BigNumber, else the number 0 (as math.js).
            _ if n == 1 => {
                return Ok(match sum {
                    Value::Big(_) => Value::Big(crate::num::bignum::Big::from_i64(0)),
                    _ => Value::Number(0.0),
                });
            }
            _ => n as f64 - 1.0,
        };
        self.binary(
            Op::Divide,
            &sum,
            &Value::Number(divisor),
            false,
            (at, at),
            at,
        )
    }

    /// The sum of the squared differences of `items` from `mean`, through the operators (any
    /// values), first square first; `None` for no items.
    pub(super) fn squared_deviations(
        &mut self,
        items: &[Value],
        mean: &Value,
        sum: &mut Option<Value>,
        at: usize,
    ) -> Result<(), CalculateError> {
        for item in items {
            let difference = self.binary(Op::Subtract, item, mean, false, (at, at), at)?;
            let square =
                self.binary(Op::Multiply, &difference, &difference, false, (at, at), at)?;
            *sum = Some(match sum.take() {
                None => square,
                Some(s) => self.binary(Op::Add, &s, &square, false, (at, at), at)?,
            });
        }
        Ok(())
    }

    /// `min`/`max` over a collection, or along a dimension: the first extreme value (NaN wins).
    pub(super) fn extremum(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let larger = name == "max";
        if let [Value::Matrix(m), dim] = values
            && !matches!(dim, Value::Matrix(_))
        {
            let dim = self.dimension(dim, &m.shape, at)?;
            return self.along(m, dim, at, |this, slice| {
                this.extreme(name, slice, larger, at)
            });
        }
        let items = self.flat(name, values, at)?;
        self.extreme(name, &items, larger, at)
    }

    pub(super) fn extreme(
        &mut self,
        name: &str,
        items: &[Value],
        larger: bool,
        at: usize,
    ) -> Evaluated {
        let mut best: Option<Value> = None;
        for item in items {
            if matches!(item, Value::Number(x) if x.is_nan()) {
                return Ok(item.clone());
            }
            let replace = match &best {
                None => true,
                Some(b) => compare(if larger { Op::Larger } else { Op::Smaller }, item, b, at)?,
            };
            if replace {
                best = Some(item.clone());
            }
        }
        match best {
            // math.js converts a winning string to the configured number type.
            Some(text @ Value::Str(_)) => self.mode_number(&text, at),
            Some(value) => Ok(value),
            None => Err(failed(
                format!("Cannot calculate {name} of an empty array"),
                at,
            )),
        }
    }

    pub(super) fn cumsum(&mut self, values: &[Value], at: usize) -> Evaluated {
        let running = |this: &mut Self, items: &[Value]| -> Result<Vec<Value>, CalculateError> {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                let next = match out.last() {
                    // math.js starts from `unaryPlus` of the first item (a number for a
                    // boolean or a numeric string).
                    None if matches!(item, Value::Boolean(_) | Value::Str(_)) => {
                        this.mode_number(item, at)?
                    }
                    None => item.clone(),
                    Some(previous) => this.binary(Op::Add, previous, item, false, (at, at), at)?,
                };
                out.push(next);
            }
            Ok(out)
        };
        match values {
            [Value::Matrix(m)] | [Value::Matrix(m), _] => {
                let dim = match values.get(1) {
                    Some(d) => self.dimension(d, &m.shape, at)?,
                    None => 0,
                };
                self.build("cumsum", m.data.len() as u64, at)?;
                if m.data.is_empty() {
                    return Ok(Value::Matrix(m.clone()));
                }
                let (_, slices) = m.slices(dim);
                let mut sums = Vec::with_capacity(slices.len());
                for slice in &slices {
                    sums.push(running(self, slice)?);
                }
                let mut result = Matrix::from_slices(&m.shape, dim, sums);
                result.array = m.array;
                Ok(Value::matrix(result))
            }
            _ => {
                let items = self.flat("cumsum", values, at)?;
                let sums = running(self, &items)?;
                Ok(Value::matrix(Matrix::vector(sums).into_array()))
            }
        }
    }

    /// `quantileSeq(A, p[, sorted][, dim])`: linear interpolation between the order statistics
    /// around p·(n − 1); p may be a probability, a list of them, or a count N > 1 of evenly
    /// spaced quantiles.
    pub(super) fn quantile_seq(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(data) = &values[0] else {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function quantileSeq (expected: Array or Matrix, actual: {}, index: 0)",
                    values[0].type_name()
                ),
                at,
            ));
        };
        let (sorted, dim) = match &values[2..] {
            [] => (false, None),
            [Value::Boolean(b)] => (*b, None),
            [Value::Boolean(b), d] => (*b, Some(d)),
            [d] => (false, Some(d)),
            _ => return Err(failed("quantileSeq() takes (A, p[, sorted][, dim])", at)),
        };
        let probability = values[1].clone();
        if let Some(Value::Big(_)) = dim {
            // math.js's signatures take the dimension as a plain number only.
            let (expected, index) = if values.len() == 4 {
                ("number or bigint or string or boolean", 3)
            } else {
                ("number or boolean or bigint or string", 2)
            };
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function quantileSeq (expected: {expected}, actual: BigNumber, index: {index})"
                ),
                at,
            ));
        }
        if let Some(dim) = dim {
            let dim = self.dimension(dim, &data.shape, at)?;
            return self.along(data, dim, at, |this, slice| {
                this.quantiles(slice, &probability, sorted, at)
            });
        }
        self.quantiles(&data.data, &probability, sorted, at)
    }

    pub(super) fn quantiles(
        &mut self,
        items: &[Value],
        probability: &Value,
        sorted: bool,
        at: usize,
    ) -> Evaluated {
        if items
            .iter()
            .chain(elements(probability))
            .any(|v| matches!(v, Value::Fraction(_)))
        {
            return Err(fraction_unsupported_function(at));
        }
        if items
            .iter()
            .chain(elements(probability))
            .any(|v| matches!(v, Value::Big(_) | Value::Unit(_)))
        {
            // BigNumbers and units: interpolated with the operators.
            return self.quantiles_big(items, probability, sorted, at);
        }
        let numbers = if sorted {
            items
                .iter()
                .map(|v| self.to_number(v, at))
                .collect::<Result<Vec<_>, _>>()?
        } else {
            self.sorted_numbers(items, at)?
        };
        // math.js selects the values without sorting them (partitionSelect), and its selection
        // answers the NaN itself when the values hold one.
        let selects_nan = !sorted && numbers.iter().any(|x| x.is_nan());
        let quantile = |p: f64| -> Result<f64, CalculateError> {
            let n = numbers.len();
            if n == 0 {
                return Err(failed("Cannot calculate quantile of an empty sequence", at));
            }
            if !(0.0..=1.0).contains(&p) {
                return Err(failed(
                    format!(
                        "Probability must be between 0 and 1 (value: {})",
                        crate::num::format::format_number(p, None)
                    ),
                    at,
                ));
            }
            if selects_nan {
                return Ok(f64::NAN);
            }
            let index = p * (n - 1) as f64;
            let whole = index.floor();
            // `index % 1.0` exactly, as `index` is finite and not negative (without the
            // software `fmod`).
            let fraction = index - whole;
            if index.fract() == 0.0 {
                return Ok(numbers[index as usize]);
            }
            let (left, right) = (numbers[whole as usize], numbers[whole as usize + 1]);
            Ok(left * (1.0 - fraction) + right * fraction)
        };
        match probability {
            Value::Matrix(ps) => {
                let mut out = Vec::with_capacity(ps.data.len());
                for p in &ps.data {
                    out.push(Value::Number(quantile(self.to_number(p, at)?)?));
                }
                Ok(Value::matrix(Matrix::vector(out).into_array()))
            }
            p => {
                let p = self.to_number(p, at)?;
                if p < 0.0 {
                    return Err(failed("N/prob must be non-negative", at));
                }
                if p <= 1.0 {
                    return Ok(Value::Number(quantile(p)?));
                }
                if p.fract() != 0.0 {
                    return Err(failed("N must be a positive integer", at));
                }
                if p > MAX_BUILD as f64 {
                    return Err(build_limit("quantileSeq", Some(p as u64), at));
                }
                self.build("quantileSeq", p as u64, at)?;
                let mut out = Vec::with_capacity(p as usize);
                for i in 0..p as u64 {
                    out.push(Value::Number(quantile((i + 1) as f64 / (p + 1.0))?));
                }
                Ok(Value::matrix(Matrix::vector(out).into_array()))
            }
        }
    }

    /// `quantiles` when a BigNumber is involved, in the data or the probability: the same
    /// interpolation with math.js's operations on the values as they are (a BigNumber
    /// probability `p` gives the index `p.times(n − 1)` and the fraction `index − floor(index)`
    /// as BigNumbers; a number one computes them as numbers), and math.js's result types: one
    /// BigNumber probability or count answers BigNumbers, a list answers what each
    /// interpolation gives.
    pub(super) fn quantiles_big(
        &mut self,
        items: &[Value],
        probability: &Value,
        sorted: bool,
        at: usize,
    ) -> Evaluated {
        let mut flat = Vec::with_capacity(items.len());
        for item in items {
            flat.push(match item {
                Value::Str(_) => bignumber_of(Some(item), at)?,
                Value::Boolean(b) => Value::Number(f64::from(u8::from(*b))),
                other => other.clone(),
            });
        }
        // With a NaN among unsorted values, math.js's selection answers it and leaves the values
        // in their order, from which the left neighbour is then taken.
        let nan = if sorted {
            None
        } else {
            flat.iter()
                .find(|v| is_nan_value(v))
                .cloned()
                .map(|nan| (nan, flat.clone()))
        };
        if !sorted {
            // One unit per comparison, so the deadline is read while sorting.
            // Not the standard library's sort, which may panic when `NaN` among the values
            // makes the comparison no total order (see `js_sort`).
            let mut error = None;
            flat = js_sort(flat, &mut |a, b| {
                if error.is_some() {
                    return std::cmp::Ordering::Equal;
                }
                let order = self.charge(1).and_then(|()| {
                    if let Some(order) = self.unit_order(a, b, at) {
                        order
                    } else if compare(Op::Smaller, a, b, at)? {
                        Ok(std::cmp::Ordering::Less)
                    } else if compare(Op::Larger, a, b, at)? {
                        Ok(std::cmp::Ordering::Greater)
                    } else {
                        Ok(std::cmp::Ordering::Equal)
                    }
                });
                order.unwrap_or_else(|e| {
                    error = Some(e);
                    std::cmp::Ordering::Equal
                })
            });
            if let Some(e) = error {
                return Err(e);
            }
        }
        let as_big = |value: Value| match value {
            Value::Number(x) => Value::Big(crate::num::bignum::from_f64(x)),
            other => other,
        };
        match probability {
            Value::Matrix(ps) => {
                let mut out = Vec::with_capacity(ps.data.len());
                for p in &ps.data {
                    let p = match p {
                        Value::Big(_) => p.clone(),
                        other => Value::Number(self.to_number(other, at)?),
                    };
                    out.push(self.quantile_of(&flat, nan.as_ref(), &p, at)?);
                }
                Ok(Value::matrix(Matrix::vector(out).into_array()))
            }
            p => {
                let big = matches!(p, Value::Big(_));
                let p = if big {
                    p.clone()
                } else {
                    Value::Number(self.to_number(p, at)?)
                };
                if compare(Op::Smaller, &p, &Value::Number(0.0), at)? {
                    return Err(failed("N/prob must be non-negative", at));
                }
                if !compare(Op::Larger, &p, &Value::Number(1.0), at)? {
                    let q = self.quantile_of(&flat, nan.as_ref(), &p, at)?;
                    return Ok(if big { as_big(q) } else { q });
                }
                let count = crate::eval::js_number(&p);
                if count.fract() != 0.0 {
                    return Err(failed("N must be a positive integer", at));
                }
                if count > MAX_BUILD as f64 {
                    return Err(build_limit("quantileSeq", Some(count as u64), at));
                }
                self.build("quantileSeq", count as u64, at)?;
                let n_plus_one =
                    self.binary(Op::Add, &p, &Value::Number(1.0), false, (at, at), at)?;
                let mut out = Vec::with_capacity(count as usize);
                for i in 0..count as u64 {
                    let prob = self.binary(
                        Op::Divide,
                        &Value::Number((i + 1) as f64),
                        &n_plus_one,
                        false,
                        (at, at),
                        at,
                    )?;
                    let q = self.quantile_of(&flat, nan.as_ref(), &prob, at)?;
                    out.push(if big { as_big(q) } else { q });
                }
                Ok(Value::matrix(Matrix::vector(out).into_array()))
            }
        }
    }

    /// One quantile of sorted values: the value at `p·(n − 1)`, or the interpolation
    /// `left·(1 − f) + right·f` between its neighbours. `nan` is the first NaN of unsorted
    /// values and the values in their order: math.js's selection (partitionSelect) answers the
    /// NaN for the value at the index and for the right neighbour, and the left neighbour is
    /// then the largest of the values up to the index, in their order.
    pub(super) fn quantile_of(
        &mut self,
        flat: &[Value],
        nan: Option<&(Value, Vec<Value>)>,
        p: &Value,
        at: usize,
    ) -> Evaluated {
        let n = flat.len();
        if n == 0 {
            return Err(failed("Cannot calculate quantile of an empty sequence", at));
        }
        let out_of_bounds = || failed("k out of bounds", at);
        let last = Value::Number((n - 1) as f64);
        let index = self.binary(Op::Multiply, p, &last, false, (at, at), at)?;
        let position = crate::eval::js_number(&index);
        if !(0.0..=(n - 1) as f64).contains(&position) {
            return Err(out_of_bounds());
        }
        // A BigNumber index is floored exactly, as math.js does (`index.floor()`): 0.99…9 (64
        // nines) is below 1, though as a binary64 it would round to 1.
        let whole = match &index {
            Value::Big(x) => crate::num::bignum::to_f64(&crate::num::bignum::floor_exact(x)),
            _ => position.floor(),
        };
        let fraction = match &index {
            Value::Big(_) => self.binary(
                Op::Subtract,
                &index,
                &Value::Number(whole),
                false,
                (at, at),
                at,
            )?,
            _ => Value::Number(position % 1.0),
        };
        // math.js tests the index with its approximate `isInteger` and selects the value at the
        // index read as a binary64, so a BigNumber index within a binary64 rounding of a whole
        // number (1/3 · 3 = 0.99…9, 64 nines) selects that value, not an interpolation.
        // (A number index near a whole one but not whole makes math.js fail, `k must be a
        // non-negative integer`; reckon interpolates it.)
        if position.fract() == 0.0 {
            return nan
                .map(|(nan, _)| nan)
                .or(flat.get(position as usize))
                .cloned()
                .ok_or_else(out_of_bounds);
        }
        let k = whole as usize;
        let (Some(left), Some(right)) = (flat.get(k), flat.get(k + 1)) else {
            return Err(out_of_bounds());
        };
        let (left, right) = match nan {
            Some((nan, unsorted)) => (largest_up_to(unsorted, k, at)?, nan),
            None => (left, right),
        };
        let rest = self.binary(
            Op::Subtract,
            &Value::Number(1.0),
            &fraction,
            false,
            (at, at),
            at,
        )?;
        let a = self.binary(Op::Multiply, left, &rest, false, (at, at), at)?;
        let b = self.binary(Op::Multiply, right, &fraction, false, (at, at), at)?;
        self.binary(Op::Add, &a, &b, false, (at, at), at)
    }

    /// Median absolute deviation: the median of |x − median|.
    pub(super) fn mad(&mut self, values: &[Value], at: usize) -> Evaluated {
        let items = self.flat("mad", values, at)?;
        if items.is_empty() {
            return Err(failed(
                "Cannot calculate median absolute deviation (mad) of an empty array",
                at,
            ));
        }
        let middle = self.median(&items, at)?;
        let mut deviations = Vec::with_capacity(items.len());
        for item in items.iter() {
            let d = self.binary(Op::Subtract, item, &middle, false, (at, at), at)?;
            let unit_abs = match &d {
                Value::Unit(_) => self.unit_call("abs", std::slice::from_ref(&d), at),
                _ => None,
            };
            deviations.push(match unit_abs {
                Some(abs) => abs?,
                None => self.absolute(&d, at)?,
            });
        }
        self.median(&deviations, at)
    }

    /// Pearson's correlation by math.js's formula from the sums.
    pub(super) fn corr(&mut self, values: &[Value], at: usize) -> Evaluated {
        let (Value::Matrix(a), Value::Matrix(b)) = (&values[0], &values[1]) else {
            return Err(mismatch(
                "Unexpected type of argument in function corr (expected: Array or Matrix)",
                at,
            ));
        };
        if a.rank() == 2 && b.rank() == 2 {
            if a.shape[0] != b.shape[0] {
                return Err(failed(
                    "Dimension mismatch. Array A and B must have the same length.",
                    at,
                ));
            }
            let (rows_a, rows_b) = (a.outer(), b.outer());
            let mut out = Vec::with_capacity(rows_a.len());
            for (x, y) in rows_a.iter().zip(&rows_b) {
                out.push(self.correlation(elements(x), elements(y), at)?);
            }
            return Ok(Value::matrix(Matrix::vector(out)));
        }
        if a.data.len() != b.data.len() {
            return Err(failed(
                "Dimension mismatch. Array A and B must have the same number of elements.",
                at,
            ));
        }
        self.correlation(&a.data, &b.data, at)
    }

    pub(super) fn correlation(&mut self, a: &[Value], b: &[Value], at: usize) -> Evaluated {
        if a.len() != b.len() {
            return Err(failed(
                "Dimension mismatch. Array A and B must have the same number of elements.",
                at,
            ));
        }
        if a.iter().chain(b).any(|v| matches!(v, Value::Fraction(_))) {
            return Err(fraction_unsupported_function(at));
        }
        if a.iter().chain(b).any(|v| matches!(v, Value::Big(_))) {
            return self.big_correlation(a, b, at);
        }
        let x: Vec<f64> = a
            .iter()
            .map(|v| self.to_number(v, at))
            .collect::<Result<_, _>>()?;
        let y: Vec<f64> = b
            .iter()
            .map(|v| self.to_number(v, at))
            .collect::<Result<_, _>>()?;
        self.charge(x.len() as u64 * 5)?;
        let n = x.len() as f64;
        let sum = |v: &[f64]| {
            v.iter()
                .skip(1)
                .fold(v.first().copied().unwrap_or(0.0), |s, t| s + t)
        };
        let (sum_x, sum_y) = (sum(&x), sum(&y));
        let sum_xy = x.iter().zip(&y).fold(0.0, |s, (p, q)| s + p * q);
        let squares = |v: &[f64]| sum(&v.iter().map(|t| t.powi(2)).collect::<Vec<_>>());
        let (sum_xx, sum_yy) = (squares(&x), squares(&y));
        let numerator = n * sum_xy - sum_x * sum_y;
        let denominator = ((n * sum_xx - sum_x.powi(2)) * (n * sum_yy - sum_y.powi(2))).sqrt();
        Ok(Value::Number(numerator / denominator))
    }
}

/// Whether adding `items` in order meets a unit and a value that is not one before it meets two
/// units of different dimensions (which fail as `Units do not match`).
fn mixes_units(items: &[Value]) -> bool {
    let mut first: Option<&crate::units::Unit> = None;
    let mut plain = false;
    for item in items {
        match item {
            Value::Unit(u) => {
                if plain {
                    return true;
                }
                match first {
                    Some(f) if !f.same_base(u) => return false,
                    Some(_) => {}
                    None => first = Some(u),
                }
            }
            _ if first.is_some() => return true,
            _ => plain = true,
        }
    }
    false
}
