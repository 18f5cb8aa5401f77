//! Building collections: the per-call and per-evaluation element limits, the memory
//! budget asked before each build, array literals and ranges.

use super::*;

/// Most elements one call may build (section 10, per-call build).
pub(crate) const MAX_BUILD: u64 = 1_000_000;

/// Most elements one evaluation may build in all (section 10, per-evaluation budget).
pub(super) const MAX_BUILT: u64 = 20_000_000;

/// Builds of at least this many bytes first ask the system for their memory
/// ([`probe_allocation`]).
pub(super) const PROBED_BYTES: u64 = 1 << 20;

/// Asks the system for the memory of `count` values and gives it straight back, so that a build
/// the system cannot hold now (an address-space limit, a container's memory limit already
/// reached by other work) is refused with an answer. Made any other way, the allocation's
/// failure aborts the process, and a server with it. A large block is mapped but never touched
/// here, so the probe costs a map and an unmap, next to the build's own writes of a megabyte
/// or more.
pub(super) fn probe_allocation(name: &str, count: u64, at: usize) -> Result<(), CalculateError> {
    let mut probe: Vec<Value> = Vec::new();
    let fits = usize::try_from(count)
        .ok()
        .is_some_and(|count| probe.try_reserve_exact(count).is_ok());
    if fits {
        return Ok(());
    }
    let mut error = CalculateError::new(
        Reason::ResultTooLarge,
        format!(
            "Memory limit exceeded: the system could not provide the memory for the {} elements {name}() would build.",
            thousands(count)
        ),
    )
    .at(at);
    error.hint = Some(
        "The machine is short of memory now: build a smaller collection, or try again later."
            .into(),
    );
    Err(error)
}

/// The size-limit refusal for one call that would build `count` elements (`None`: unbounded).
/// How many values a range from `a` by `s` to `b` holds at most (the loops may admit one more
/// through the tolerant comparison), and the comparison that keeps it going; refused when it
/// is unbounded or over [`MAX_BUILD`].
pub(super) fn range_count(
    a: f64,
    s: f64,
    b: f64,
    include_end: bool,
    at: usize,
) -> Result<(u64, Op), CalculateError> {
    let span = (b - a) / s;
    let count = if s == 0.0 || !span.is_finite() {
        if a.is_nan() || b.is_nan() || s.is_nan() {
            Some(0)
        } else if s == 0.0 || span > 0.0 {
            None
        } else {
            Some(0)
        }
    } else if span < 0.0 {
        Some(0)
    } else {
        Some((span.floor() as u64).saturating_add(1))
    };
    let Some(count) = count else {
        return Err(build_limit("range", None, at));
    };
    if count > MAX_BUILD {
        return Err(build_limit("range", Some(count), at));
    }
    let ongoing = match (s > 0.0, include_end) {
        (true, true) => Op::SmallerEq,
        (true, false) => Op::Smaller,
        (false, true) => Op::LargerEq,
        (false, false) => Op::Larger,
    };
    Ok((count, ongoing))
}

/// The values of a range of plain numbers, in order, each given to `each` (each one the last
/// plus `s`, as math.js adds them); returns how many there were. `count` and `ongoing` are
/// [`range_count`]'s.
pub(super) fn number_range(
    a: f64,
    s: f64,
    b: f64,
    count: u64,
    ongoing: Op,
    mut each: impl FnMut(f64),
) -> u64 {
    let mut x = a;
    let mut n = 0u64;
    // Where the plain comparison holds, `<=` and `>=` hold without the tolerance:
    // `compare_numbers` is asked only at the end (and for `<` and `>`).
    let surely = |x: f64| match ongoing {
        Op::SmallerEq => x < b,
        Op::LargerEq => x > b,
        _ => false,
    };
    while n <= count && (surely(x) || crate::eval::compare_numbers(ongoing, x, b)) {
        each(x);
        n += 1;
        x += s;
    }
    n
}

pub(crate) fn build_limit(name: &str, count: Option<u64>, at: usize) -> CalculateError {
    let n = count.map_or_else(|| "unbounded".to_owned(), thousands);
    CalculateError::new(
        Reason::ResultTooLarge,
        format!(
            "Size limit exceeded: {name}() would build {n} elements, over the limit of 1,000,000."
        ),
    )
    .at(at)
}

/// What the per-call build limit counts for a matrix of `shape`: its elements, or, when a later
/// dimension is 0, the rows before it, whichever level is widest. `[10^9, 0]` holds no element,
/// but math.js builds 10^9 empty arrays for it, and every function that walks its rows (a norm,
/// a distance, a format) would make a slot for each. `None`: past 2^64.
pub(crate) fn build_count(shape: &[usize]) -> Option<u64> {
    let mut level = 1u64;
    let mut widest = 0u64;
    for &n in shape {
        level = level.checked_mul(n as u64)?;
        widest = widest.max(level);
    }
    Some(if shape.is_empty() { level } else { widest })
}

/// The largest length of a dimension: JavaScript's largest array length, 2^32 − 1.
pub(super) const MAX_DIMENSION: f64 = u32::MAX as f64;

/// A whole, non-negative size as a dimension's length; a length no JavaScript array can have is
/// refused (math.js answers "Invalid array length" once it builds one; reckon refuses even a
/// dimension an empty matrix never builds, `zeros(0, 2^32)`, rather than answer a size it
/// cannot hold).
pub(crate) fn dimension_length(x: f64, at: usize) -> Result<usize, CalculateError> {
    if x > MAX_DIMENSION {
        return Err(CalculateError::new(
            Reason::ResultTooLarge,
            format!(
                "Size limit exceeded: a dimension of {} is over the largest array length, 4,294,967,295.",
                crate::num::format::format_number(x, None)
            ),
        )
        .at(at));
    }
    Ok(x as usize)
}

impl Evaluator {
    /// Counts `count` elements a call is about to build: the per-call limit, the evaluation's
    /// budget and the work meter (one unit per element).
    pub(crate) fn build(
        &mut self,
        name: &str,
        count: u64,
        at: usize,
    ) -> Result<(), CalculateError> {
        if count > MAX_BUILD {
            return Err(build_limit(name, Some(count), at));
        }
        let bytes = count.saturating_mul(std::mem::size_of::<Value>() as u64);
        self.admit_memory(bytes).map_err(|e| e.at(at))?;
        if bytes >= PROBED_BYTES {
            probe_allocation(name, count, at)?;
        }
        self.elements_built += count;
        if self.elements_built > MAX_BUILT {
            return Err(CalculateError::new(
                Reason::ResultTooLarge,
                "Size limit exceeded: The expression built over 20,000,000 elements in total while evaluating.",
            )
            .at(at));
        }
        self.charge(count)
    }

    /// Counts the build of a matrix of `shape` as [`Self::build`] does: [`build_count`] elements,
    /// which for an empty matrix are its empty rows (`[10^9, 0]` makes 10^9 arrays).
    pub(crate) fn build_shape(
        &mut self,
        name: &str,
        shape: &[usize],
        at: usize,
    ) -> Result<(), CalculateError> {
        match build_count(shape) {
            Some(count) => self.build(name, count, at),
            None => Err(build_limit(name, None, at)),
        }
    }

    /// `[a, b, ...]`: a vector of scalars, or equally shaped matrices stacked along a new first
    /// dimension (`[[1, 2], [3, 4]]`, `[1:3, 4:6]`).
    pub(crate) fn array_literal(&mut self, items: &[Node], at: usize) -> Evaluated {
        if !items.is_empty()
            && items
                .iter()
                .all(|item| matches!(item.kind, crate::syntax::ast::NodeKind::Array(_)))
        {
            // `[1, 2; 3, 4]`: rows of scalars are stacked straight into one matrix, without a
            // matrix per row. Anything else (a row holding a matrix, rows of different
            // lengths) continues below with what was evaluated so far.
            // Each row is evaluated straight into the data, sized for rows like the first.
            let first_width = match &items[0].kind {
                crate::syntax::ast::NodeKind::Array(row) => row.len(),
                _ => 0,
            };
            let mut data = Vec::with_capacity(items.len().saturating_mul(first_width));
            let mut width = None;
            for (i, item) in items.iter().enumerate() {
                let crate::syntax::ast::NodeKind::Array(row) = &item.kind else {
                    break;
                };
                // What `eval` does for the row node: one unit, then the row's literal.
                self.charge(1)?;
                let start = data.len();
                for element in row {
                    data.push(self.eval(element)?);
                }
                let row_width = data.len() - start;
                let flat = !data[start..].iter().any(|v| matches!(v, Value::Matrix(_)));
                if flat && width.is_none_or(|w| w == row_width) {
                    self.build("matrix", row_width as u64, item.span.start)?;
                    width = Some(row_width);
                    continue;
                }
                let row_values = data.split_off(start);
                // Back to the general path: the rows so far as the vectors they are.
                let mut values = Vec::with_capacity(items.len());
                if let Some(w) = width.filter(|&w| w > 0) {
                    values.extend(
                        data.chunks(w)
                            .map(|r| Value::matrix(Matrix::vector(r.to_vec()))),
                    );
                } else {
                    values.extend((0..i).map(|_| Value::matrix(Matrix::vector(Vec::new()))));
                }
                values.push(if flat {
                    self.build("matrix", row_values.len() as u64, item.span.start)?;
                    Value::matrix(Matrix::vector(row_values))
                } else {
                    self.array_of_values(row_values, item.span.start)?
                });
                for item in &items[i + 1..] {
                    values.push(self.eval(item)?);
                }
                return self.array_of_values(values, at);
            }
            let width = width.unwrap_or(0);
            let result = Matrix::new(vec![items.len(), width], data);
            if result.data.is_empty() {
                self.build_shape("matrix", &result.shape, at)?;
            } else {
                self.build("matrix", result.data.len() as u64, at)?;
            }
            return Ok(Value::matrix(result));
        }
        let mut values = Vec::with_capacity(items.len());
        for item in items {
            values.push(self.eval(item)?);
        }
        self.array_of_values(values, at)
    }

    /// [`Evaluator::array_literal`] without its path for rows of scalars: for the test that
    /// compares the two.
    #[cfg(test)]
    pub(crate) fn array_literal_general(&mut self, items: &[Node], at: usize) -> Evaluated {
        let mut values = Vec::with_capacity(items.len());
        for item in items {
            values.push(self.eval(item)?);
        }
        self.array_of_values(values, at)
    }

    /// An array literal from its evaluated items: a vector of scalars, or the stack of
    /// matrices of one shape.
    pub(super) fn array_of_values(&mut self, values: Vec<Value>, at: usize) -> Evaluated {
        let matrices = values
            .iter()
            .filter(|v| matches!(v, Value::Matrix(_)))
            .count();
        if matrices > 0
            && let Some(detail) = literal_mismatch(&values)
        {
            return Err(failed(detail, at));
        }
        let result = if matrices == 0 {
            Matrix::vector(values)
        } else {
            let items = values
                .into_iter()
                .filter_map(|v| match v {
                    // A row just built is not shared: its elements move, not copied.
                    Value::Matrix(m) => {
                        let mut m = Rc::try_unwrap(m).unwrap_or_else(|m| Matrix::clone(&m));
                        if let Some(k) = m.shape.iter().position(|&d| d == 0) {
                            // An empty matrix is the nested arrays math.js sees (`zeros(0, 1)`
                            // is `[]`), which `literal_mismatch` compared.
                            m.shape.truncate(k + 1);
                        }
                        Some(m)
                    }
                    _ => None,
                })
                .collect();
            Matrix::stack(items).map_err(|detail| failed(detail, at))?
        };
        // Counted by its rows too: `[A, A]` of `A = zeros(10^6, 0)` is 2·10^6 empty rows.
        self.build_shape("matrix", &result.shape, at)?;
        Ok(Value::matrix(result))
    }

    /// A range `start:end` or `start:step:end` (inclusive of `end`, compared with math.js's
    /// tolerance), counted against the build limit before it is built.
    pub(crate) fn range(
        &mut self,
        start: Value,
        step: Option<Value>,
        end: Value,
        include_end: bool,
        at: usize,
    ) -> Evaluated {
        let bounds = || [&start, &end].into_iter().chain(step.as_ref());
        if bounds().any(|v| matches!(v, Value::BigInt(_))) {
            // With a BigNumber or Fraction bound the bigints convert to it; else the range
            // is of bigints.
            let Some(target) = bounds()
                .find(|v| matches!(v, Value::Big(_) | Value::Fraction(_)))
                .cloned()
            else {
                return self.bigint_range(&start, step.as_ref(), &end, include_end, at);
            };
            let convert = |v: &Value| match v {
                Value::BigInt(n) => crate::eval::bigint::converted(n, &target, at),
                other => Ok(other.clone()),
            };
            let (start, end) = (convert(&start)?, convert(&end)?);
            let step = step.as_ref().map(convert).transpose()?;
            return self.range(start, step, end, include_end, at);
        }
        let step = step.unwrap_or(if self.fraction_mode {
            Value::fraction(dashu_ratio::RBig::ONE)
        } else {
            Value::Number(1.0)
        });
        for value in [&start, &step, &end] {
            if !matches!(
                value,
                Value::Number(_) | Value::Fraction(_) | Value::Boolean(_) | Value::Big(_)
            ) {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function range (actual: {})",
                        value.type_name()
                    ),
                    at,
                ));
            }
        }
        let as_f64 = |v: &Value| match v {
            Value::Number(x) => *x,
            Value::Fraction(f) => crate::num::fraction::to_f64(f),
            Value::Boolean(b) => f64::from(u8::from(*b)),
            Value::Big(x) => crate::num::bignum::to_f64(x),
            _ => f64::NAN,
        };
        let (a, s, b) = (as_f64(&start), as_f64(&step), as_f64(&end));
        let (count, ongoing) = range_count(a, s, b, include_end, at)?;
        // `count` is at most MAX_BUILD, checked there; the loops may add one value more.
        let mut data = Vec::with_capacity(count as usize + 1);
        if let (Value::Number(a), Value::Number(s), Value::Number(b)) = (&start, &step, &end) {
            // Plain numbers (every range of number mode): the loop below without the dispatch.
            number_range(*a, *s, *b, count, ongoing, |x| data.push(Value::Number(x)));
            self.build("range", data.len() as u64, at)?;
            return Ok(Value::matrix(Matrix::vector(data)));
        }
        let mut x = start;
        // One more than the estimate: the tolerant comparison may admit a last value.
        while (data.len() as u64) <= count && compare(ongoing, &x, &end, at)? {
            let next = self.binary(Op::Add, &x, &step, false, (at, at), at)?;
            data.push(x);
            x = next;
        }
        self.build("range", data.len() as u64, at)?;
        Ok(Value::matrix(Matrix::vector(data)))
    }

    /// `sum(a:b)` and `sum(a:s:b)` of plain numbers without building the range: the values
    /// [`Evaluator::range`] would build, added in the order `sum` adds them, and the same build
    /// charged after the same loop, so the answer, the work units and every refusal are the
    /// general path's (a unit test compares them).
    pub(crate) fn sum_of_number_range(&mut self, a: f64, s: f64, b: f64, at: usize) -> Evaluated {
        let (count, ongoing) = range_count(a, s, b, true, at)?;
        let mut total: Option<f64> = None;
        let n = number_range(a, s, b, count, ongoing, |x| {
            total = Some(total.map_or(x, |t| t + x));
        });
        self.build("range", n, at)?;
        Ok(Value::Number(total.unwrap_or(0.0)))
    }
}
