//! Ordering: `sort` with V8's comparison sequence (so a failing comparator fails on the same
//! pair as in math.js), `partitionSelect`, and math.js's `compareNatural`.

use super::*;

/// A stable sort of `items` by `compare`, asking it what V8's `Array.prototype.sort` asks for an
/// array of fewer than 64 items (the length of the first ascending or strictly descending run,
/// then a binary insertion of each later item), so that a comparison that fails fails on the
/// same pair as in math.js; longer arrays are merge sorted. The standard library's sorts may
/// panic when the comparison is no total order, and a caller's comparator (or `NaN` among the
/// values) need not be one: these sorts only ever ask it which of two items goes first.
pub(super) fn js_sort<T>(mut items: Vec<T>, compare: &mut dyn FnMut(&T, &T) -> Ordering) -> Vec<T> {
    if items.len() >= 64 {
        return merge_sort(items, compare);
    }
    if items.len() < 2 {
        return items;
    }
    // The first run: ascending, or strictly descending (then reversed).
    let mut end = 2;
    if compare(&items[1], &items[0]) == Ordering::Less {
        while end < items.len() && compare(&items[end], &items[end - 1]) == Ordering::Less {
            end += 1;
        }
        items[..end].reverse();
    } else {
        while end < items.len() && compare(&items[end], &items[end - 1]) != Ordering::Less {
            end += 1;
        }
    }
    for start in end..items.len() {
        let (mut left, mut right) = (0, start);
        while left < right {
            let middle = left + (right - left) / 2;
            if compare(&items[start], &items[middle]) == Ordering::Less {
                right = middle;
            } else {
                left = middle + 1;
            }
        }
        items[left..=start].rotate_right(1);
    }
    items
}

/// A stable merge sort of `items` by `compare` (for [`js_sort`]).
pub(super) fn merge_sort<T>(items: Vec<T>, compare: &mut dyn FnMut(&T, &T) -> Ordering) -> Vec<T> {
    if items.len() <= 1 {
        return items;
    }
    let mut left = items;
    let right = left.split_off(left.len() / 2);
    let (left, right) = (merge_sort(left, compare), merge_sort(right, compare));
    let mut merged = Vec::with_capacity(left.len() + right.len());
    let mut right = right.into_iter().peekable();
    for item in left {
        // Equal items keep their order: the left one goes first.
        while let Some(next) = right.peek() {
            if compare(next, &item) == Ordering::Less {
                merged.extend(right.next());
            } else {
                break;
            }
        }
        merged.push(item);
    }
    merged.extend(right);
    merged
}

/// math.js's `compareNatural`: numeric values (number, BigNumber, Fraction, bigint) by value,
/// equal ones by the name of their type, and a NaN on either side as less (math.js's `compare`
/// answers -1 or NaN there, which it reads as less); matrices and arrays element by element
/// (see [`natural_matrices`]); values of different types by the name of their type
/// (`"BigNumber" < "Complex" < "boolean" < "null" < "number" < "string"`, as JavaScript compares
/// the names); strings in natural order (digit runs compared as numbers); booleans, complex
/// numbers (real part, then imaginary) by value; objects by their sorted keys, then by their
/// values in that order; `null` and `undefined` equal to themselves.
pub(super) fn natural_order(x: &Value, y: &Value, at: usize) -> Result<Ordering, CalculateError> {
    natural(Natural::Value(x), Natural::Value(y), at)
}

/// What [`natural`] compares: a value, or a row of a dense matrix below its top level (a
/// JavaScript array in math.js's `toJSON().data`, whose type is `Array`).
#[derive(Clone, Copy)]
pub(super) enum Natural<'a> {
    /// A value; a matrix among them is compared as its nested arrays.
    Value(&'a Value),
    /// The elements `data` of a row of shape `shape` (row-major, as a matrix's).
    Row {
        /// The row's dimensions.
        shape: &'a [usize],
        /// Its elements.
        data: &'a [Value],
    },
}

impl<'a> Natural<'a> {
    /// math.js's `typeOf` of the compared value.
    fn type_name(self) -> &'static str {
        match self {
            Natural::Value(v) => v.type_name(),
            Natural::Row { .. } => "Array",
        }
    }

    /// Whether math.js compares it as a matrix: an array, a dense or a sparse matrix.
    fn is_matrix(self) -> bool {
        matches!(
            self,
            Natural::Row { .. } | Natural::Value(Value::Matrix(_) | Value::Sparse(_))
        )
    }

    /// The items of a dense array of `shape` holding `data`: its elements, or its rows.
    fn items_of(shape: &'a [usize], data: &'a [Value]) -> Vec<Natural<'a>> {
        match shape {
            [] | [_] => data.iter().map(Natural::Value).collect(),
            [count, inner @ ..] => {
                let size: usize = inner.iter().product();
                (0..*count)
                    .map(|i| Natural::Row {
                        shape: inner,
                        data: data.get(i * size..(i + 1) * size).unwrap_or(&[]),
                    })
                    .collect()
            }
        }
    }
}

/// [`natural_order`] of two compared items.
pub(super) fn natural(x: Natural, y: Natural, at: usize) -> Result<Ordering, CalculateError> {
    if x.is_matrix() || y.is_matrix() {
        let order = natural_matrices(x, y, at)?;
        return Ok(order.then_with(|| x.type_name().cmp(y.type_name())));
    }
    let (Natural::Value(x), Natural::Value(y)) = (x, y) else {
        // A row is a matrix: handled above.
        return Ok(Ordering::Equal);
    };
    let numeric = |v: &Value| {
        matches!(
            v,
            Value::Number(_) | Value::Fraction(_) | Value::Big(_) | Value::BigInt(_)
        )
    };
    if numeric(x) && numeric(y) {
        if is_nan_value(x) || is_nan_value(y) {
            // math.js's `compare` answers -1 (number) or NaN (BigNumber) with a NaN on either
            // side, and compareNatural reads both as "less": NaN is never equal, either way.
            return Ok(Ordering::Less);
        }
        return Ok(if compare(Op::Smaller, x, y, at)? {
            Ordering::Less
        } else if compare(Op::Larger, x, y, at)? {
            Ordering::Greater
        } else {
            x.type_name().cmp(y.type_name())
        });
    }
    if x.type_name() != y.type_name() {
        return Ok(x.type_name().cmp(y.type_name()));
    }
    Ok(match (x, y) {
        (Value::Boolean(a), Value::Boolean(b)) => a.cmp(b),
        (Value::Str(a), Value::Str(b)) => natural_strings(a, b),
        (Value::Complex(a), Value::Complex(b)) => {
            let order = |p: f64, q: f64| {
                if p > q {
                    Ordering::Greater
                } else if p < q {
                    Ordering::Less
                } else {
                    Ordering::Equal
                }
            };
            order(a.re, b.re).then(order(a.im, b.im))
        }
        (Value::Object(a), Value::Object(b)) => natural_objects(a, b, at)?,
        (Value::Null, Value::Null) | (Value::Undefined, Value::Undefined) => Ordering::Equal,
        _ => {
            return Err(not_implemented(
                &format!("compareNatural of {} and {}", x.type_name(), y.type_name()),
                at,
            ));
        }
    })
}

/// math.js's `compareMatricesAndArrays`: two sparse matrices by their stored values in storage
/// order; otherwise a sparse matrix as its dense elements, a dense matrix as its nested arrays
/// and any other value as an array of itself, compared item by item ([`natural`]); when one is
/// the beginning of the other, the longer is the larger.
pub(super) fn natural_matrices(
    x: Natural,
    y: Natural,
    at: usize,
) -> Result<Ordering, CalculateError> {
    if let (Natural::Value(Value::Sparse(a)), Natural::Value(Value::Sparse(b))) = (x, y) {
        let stored = |s: &SparseMatrix| -> Vec<Value> {
            s.stored().into_iter().map(|(_, _, v)| v.clone()).collect()
        };
        let (a, b) = (stored(a), stored(b));
        let (a, b): (Vec<Natural>, Vec<Natural>) = (
            a.iter().map(Natural::Value).collect(),
            b.iter().map(Natural::Value).collect(),
        );
        return natural_lists(&a, &b, at);
    }
    let dense = |n: Natural| match n {
        Natural::Value(Value::Sparse(s)) => Some(s.to_dense()),
        _ => None,
    };
    let (dense_x, dense_y) = (dense(x), dense(y));
    natural_lists(
        &natural_items(x, dense_x.as_ref()),
        &natural_items(y, dense_y.as_ref()),
        at,
    )
}

/// The items [`natural_matrices`] compares of `n` (`dense`: a sparse matrix's dense form).
pub(super) fn natural_items<'a>(n: Natural<'a>, dense: Option<&'a Matrix>) -> Vec<Natural<'a>> {
    if let Some(m) = dense {
        return Natural::items_of(&m.shape, &m.data);
    }
    match n {
        Natural::Value(Value::Matrix(m)) => Natural::items_of(&m.shape, &m.data),
        Natural::Row { shape, data } => Natural::items_of(shape, data),
        other => vec![other],
    }
}

/// math.js's `compareArrays`: item by item until two differ, then by length.
pub(super) fn natural_lists(
    xs: &[Natural],
    ys: &[Natural],
    at: usize,
) -> Result<Ordering, CalculateError> {
    for (x, y) in xs.iter().zip(ys) {
        let order = natural(*x, *y, at)?;
        if order.is_ne() {
            return Ok(order);
        }
    }
    Ok(xs.len().cmp(&ys.len()))
}

/// math.js's `compareObjects`: the keys, each sorted in natural order, compared as arrays of
/// strings; then the values, key by key in that order.
pub(super) fn natural_objects(
    a: &[(String, Value)],
    b: &[(String, Value)],
    at: usize,
) -> Result<Ordering, CalculateError> {
    // Sorted as JavaScript's sort does (stable: "01" and "1" keep their order).
    let sorted = |entries: &[(String, Value)]| {
        js_sort(
            (0..entries.len()).collect(),
            &mut |&i: &usize, &j: &usize| natural_strings(&entries[i].0, &entries[j].0),
        )
    };
    let (ka, kb) = (sorted(a), sorted(b));
    for (&i, &j) in ka.iter().zip(&kb) {
        let order = natural_strings(&a[i].0, &b[j].0);
        if order.is_ne() {
            return Ok(order);
        }
    }
    let by_length = ka.len().cmp(&kb.len());
    if by_length.is_ne() {
        return Ok(by_length);
    }
    for (&i, &j) in ka.iter().zip(&kb) {
        let order = natural(Natural::Value(&a[i].1), Natural::Value(&b[j].1), at)?;
        if order.is_ne() {
            return Ok(order);
        }
    }
    Ok(Ordering::Equal)
}

/// Strings in natural order: runs of digits compare by their value, the rest by code unit.
pub(super) fn natural_strings(a: &str, b: &str) -> std::cmp::Ordering {
    let chunks = |s: &str| -> Vec<(bool, String)> {
        let mut out: Vec<(bool, String)> = Vec::new();
        for c in s.chars() {
            let digit = c.is_ascii_digit();
            match out.last_mut() {
                Some((d, text)) if *d == digit => text.push(c),
                _ => out.push((digit, c.to_string())),
            }
        }
        out
    };
    let (ca, cb) = (chunks(a), chunks(b));
    for (x, y) in ca.iter().zip(&cb) {
        let ordering = match (x, y) {
            ((true, p), (true, q)) => {
                let (p, q) = (p.trim_start_matches('0'), q.trim_start_matches('0'));
                p.len().cmp(&q.len()).then_with(|| p.cmp(q))
            }
            ((_, p), (_, q)) => p.encode_utf16().cmp(q.encode_utf16()),
        };
        if ordering.is_ne() {
            return ordering;
        }
    }
    ca.len().cmp(&cb.len())
}

impl Evaluator {
    /// math.js's `sort(x, compare)` of a vector: `"asc"` (the default) and `"desc"` by `compare`,
    /// `"natural"` by `compareNatural`, or by a comparator function of two arguments (its answer
    /// read as a number, as JavaScript's sort reads it). The sort is stable, and a comparator
    /// that is no consistent order cannot upset it (see [`js_sort`]).
    pub(super) fn sort(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                "Unexpected type of argument in function sort (expected: Array or Matrix)",
                at,
            ));
        };
        if m.rank() != 1 {
            let kind = if m.array { "array" } else { "matrix" };
            return Err(failed(format!("One dimensional {kind} expected"), at));
        }
        enum Order {
            Ascending,
            Descending,
            Natural,
            By(Function),
        }
        let order = match values.get(1) {
            None => Order::Ascending,
            Some(Value::Str(order)) if order == "asc" => Order::Ascending,
            Some(Value::Str(order)) if order == "desc" => Order::Descending,
            Some(Value::Str(order)) if order == "natural" => Order::Natural,
            Some(Value::Str(_)) => {
                return Err(failed(
                    "String \"asc\", \"desc\", or \"natural\" expected",
                    at,
                ));
            }
            Some(Value::Function(f)) => Order::By(f.clone()),
            Some(other) => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function sort (expected: string or function or boolean, actual: {}, index: 1)",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        // Per element compared: an object or matrix among them compares element by element.
        self.charge(m.data.iter().map(matrix::leaves).sum::<usize>() as u64 * 8)?;
        let mut error = None;
        let compare_pair =
            |this: &mut Self, x: &Value, y: &Value| -> Result<Ordering, CalculateError> {
                match &order {
                    Order::Natural => natural_order(x, y, at),
                    Order::By(function) => {
                        this.charge(1)?;
                        let answer =
                            this.call_function(function, "sort", vec![x.clone(), y.clone()], at)?;
                        // JavaScript reads the answer as a number; NaN counts as 0.
                        let n = crate::functions::to_number(&answer).unwrap_or(0.0);
                        Ok(if n > 0.0 {
                            Ordering::Greater
                        } else if n < 0.0 {
                            Ordering::Less
                        } else {
                            Ordering::Equal
                        })
                    }
                    Order::Ascending | Order::Descending => {
                        if let (Value::BigInt(_), Value::BigInt(_)) = (x, y) {
                            // math.js's comparator answers a bigint here, which JavaScript's sort
                            // cannot read.
                            return Err(mismatch("Cannot convert a BigInt value to a number", at));
                        }
                        let ordering = if let Some(order) = this.unit_order(x, y, at) {
                            order?
                        } else if compare(Op::Smaller, x, y, at)? {
                            Ordering::Less
                        } else if compare(Op::Larger, x, y, at)? {
                            Ordering::Greater
                        } else {
                            Ordering::Equal
                        };
                        Ok(if matches!(order, Order::Descending) {
                            ordering.reverse()
                        } else {
                            ordering
                        })
                    }
                }
            };
        let data = js_sort(m.data.clone(), &mut |x, y| {
            if error.is_some() {
                return Ordering::Equal;
            }
            compare_pair(self, x, y).unwrap_or_else(|e| {
                error = Some(e);
                Ordering::Equal
            })
        });
        if let Some(e) = error {
            return Err(e);
        }
        Ok(Value::matrix(Matrix {
            shape: m.shape.clone(),
            data,
            array: m.array,
        }))
    }

    /// `partitionSelect(A, k[, "asc"|"desc"])`: the k-th smallest (0-based), or largest.
    pub(super) fn partition_select(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                "Unexpected type of argument in function partitionSelect (expected: Array or Matrix)",
                at,
            ));
        };
        let k = whole_number(&values[1], at)?;
        if k < 0.0 || k >= m.data.len() as f64 {
            return Err(failed("k out of bounds", at));
        }
        let mut order = vec![Value::matrix(Matrix::vector(m.data.clone()))];
        order.extend(values.get(2).cloned());
        match self.sort(&order, at)? {
            Value::Matrix(sorted) => Ok(sorted.data[k as usize].clone()),
            _ => Err(failed("k out of bounds", at)),
        }
    }
}
