//! The set functions, over sorted multisets as math.js defines them.

use super::*;

/// Elements tagged with their occurrence among equal neighbours (math.js `identify`, which
/// compares with JavaScript's `===`).
pub(super) fn identify(items: Vec<Value>) -> Vec<(Value, usize)> {
    let mut out: Vec<(Value, usize)> = Vec::with_capacity(items.len());
    for item in items {
        let id = match out.last() {
            Some((previous, id)) if strictly_equal(previous, &item) => id + 1,
            _ => 0,
        };
        out.push((item, id));
    }
    out
}

/// JavaScript's `===` on the primitive values (NaN is not equal to itself; objects never are).
pub(super) fn strictly_equal(x: &Value, y: &Value) -> bool {
    match (x, y) {
        (Value::Number(a), Value::Number(b)) => a == b,
        (Value::Str(a), Value::Str(b)) => a == b,
        (Value::Boolean(a), Value::Boolean(b)) => a == b,
        _ => false,
    }
}

impl Evaluator {
    /// A set's elements (a collection's, flattened), sorted with `compareNatural` (a stable
    /// sort, as JavaScript's).
    pub(super) fn sorted_set(
        &mut self,
        name: &str,
        value: &Value,
        at: usize,
    ) -> Result<Vec<Value>, CalculateError> {
        let Value::Matrix(m) = value else {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function {name} (expected: Array or Matrix, actual: {})",
                    value.type_name()
                ),
                at,
            ));
        };
        // Per element compared: an object or matrix among them compares element by element.
        self.charge(m.data.iter().map(matrix::leaves).sum::<usize>() as u64 * 8)?;
        // As math.js's `Array.prototype.sort`, and not the standard library's sort, which may
        // panic when `NaN` among the elements makes `compareNatural` no total order.
        let mut failure = None;
        let items = js_sort(m.data.clone(), &mut |x, y| {
            if failure.is_some() {
                return std::cmp::Ordering::Equal;
            }
            natural_order(x, y, at).unwrap_or_else(|e| {
                failure = Some(e);
                std::cmp::Ordering::Equal
            })
        });
        match failure {
            Some(e) => Err(e),
            None => Ok(items),
        }
    }

    /// math.js's set functions over multisets: elements sorted with `compareNatural`, equal
    /// elements told apart by their occurrence (the first 1, the second 1, ...).
    pub(super) fn set_function(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let empty = |v: &Value| matches!(v, Value::Matrix(m) if m.shape.first() == Some(&0));
        let flat = |v: &Value| match v {
            Value::Matrix(m) => Value::matrix(Matrix {
                shape: vec![m.data.len()],
                data: m.data.clone(),
                array: m.array,
            }),
            other => other.clone(),
        };
        let vector = |data: Vec<Value>, array: bool| {
            Value::matrix(Matrix {
                shape: vec![data.len()],
                data,
                array,
            })
        };
        let plain = |vs: &[&Value]| vs.iter().all(|v| matches!(v, Value::Matrix(m) if m.array));
        match name {
            "setDifference" | "setIntersect" | "setIsSubset" => {
                let (a, b) = (&values[0], &values[1]);
                if name == "setIsSubset" {
                    if empty(a) {
                        return Ok(Value::Boolean(true));
                    }
                    if empty(b) {
                        return Ok(Value::Boolean(false));
                    }
                } else if empty(a) || (name == "setIntersect" && empty(b)) {
                    return Ok(vector(Vec::new(), plain(&[a, b])));
                } else if empty(b) {
                    return Ok(flat(a));
                }
                let (x, y) = (
                    identify(self.sorted_set(name, a, at)?),
                    identify(self.sorted_set(name, b, at)?),
                );
                self.charge((x.len() as u64).saturating_mul(y.len() as u64))?;
                let mut kept = Vec::new();
                for (value, id) in &x {
                    let mut found = false;
                    for (other, other_id) in &y {
                        if id == other_id && natural_order(value, other, at)?.is_eq() {
                            found = true;
                            break;
                        }
                    }
                    match name {
                        "setIsSubset" if !found => return Ok(Value::Boolean(false)),
                        "setDifference" if !found => kept.push(value.clone()),
                        "setIntersect" if found => kept.push(value.clone()),
                        _ => {}
                    }
                }
                if name == "setIsSubset" {
                    return Ok(Value::Boolean(true));
                }
                self.build(name, kept.len() as u64, at)?;
                Ok(vector(kept, plain(&[a, b])))
            }
            "setSymDifference" | "setUnion" => {
                let (a, b) = (&values[0], &values[1]);
                if empty(a) {
                    return Ok(flat(b));
                }
                if empty(b) {
                    return Ok(flat(a));
                }
                let (a, b) = (flat(a), flat(b));
                let parts = if name == "setSymDifference" {
                    [
                        self.set_function("setDifference", &[a.clone(), b.clone()], at)?,
                        self.set_function("setDifference", &[b, a], at)?,
                    ]
                } else {
                    [
                        self.set_function("setSymDifference", &[a.clone(), b.clone()], at)?,
                        self.set_function("setIntersect", &[a, b], at)?,
                    ]
                };
                self.concat(&parts, at)
            }
            "setDistinct" => {
                if empty(&values[0]) {
                    return Ok(vector(Vec::new(), plain(&[&values[0]])));
                }
                let sorted = self.sorted_set(name, &values[0], at)?;
                let mut distinct: Vec<Value> = Vec::new();
                for item in sorted {
                    let repeated = match distinct.last() {
                        Some(last) => natural_order(&item, last, at)?.is_eq(),
                        None => false,
                    };
                    if !repeated {
                        distinct.push(item);
                    }
                }
                Ok(vector(distinct, plain(&[&values[0]])))
            }
            "setSize" => {
                let Value::Matrix(m) = &values[0] else {
                    return Err(mismatch(
                        "Unexpected type of argument in function setSize (expected: Array or Matrix)",
                        at,
                    ));
                };
                let unique = matches!(values.get(1), Some(Value::Boolean(true)));
                if !unique || m.data.is_empty() {
                    return Ok(Value::Number(m.data.len() as f64));
                }
                let sorted = self.sorted_set(name, &values[0], at)?;
                let mut count = 1;
                for pair in sorted.windows(2) {
                    if !natural_order(&pair[1], &pair[0], at)?.is_eq() {
                        count += 1;
                    }
                }
                Ok(Value::Number(count as f64))
            }
            "setMultiplicity" => {
                let Value::Matrix(m) = &values[1] else {
                    return Err(mismatch(
                        "Unexpected type of argument in function setMultiplicity (expected: Array or Matrix)",
                        at,
                    ));
                };
                self.charge(m.data.len() as u64)?;
                let mut count = 0;
                for item in &m.data {
                    if natural_order(item, &values[0], at)?.is_eq() {
                        count += 1;
                    }
                }
                Ok(Value::Number(f64::from(count)))
            }
            "setCartesian" => {
                let (a, b) = (&values[0], &values[1]);
                let array = plain(&[a, b]);
                if empty(a) || empty(b) {
                    return Ok(vector(Vec::new(), array));
                }
                let (x, y) = (self.sorted_set(name, a, at)?, self.sorted_set(name, b, at)?);
                let count = (x.len() as u64).saturating_mul(y.len() as u64);
                if count > MAX_BUILD / 2 {
                    return Err(build_limit(name, Some(count.saturating_mul(2)), at));
                }
                self.build(name, count * 2, at)?;
                let mut data = Vec::with_capacity(count as usize * 2);
                for p in &x {
                    for q in &y {
                        data.push(p.clone());
                        data.push(q.clone());
                    }
                }
                Ok(Value::matrix(Matrix {
                    shape: vec![count as usize, 2],
                    data,
                    array,
                }))
            }
            "setPowerset" => {
                if empty(&values[0]) {
                    return Ok(vector(Vec::new(), true));
                }
                let sorted = self.sorted_set(name, &values[0], at)?;
                // 2^n subsets: refused before building when they cannot fit.
                let n = sorted.len();
                if n > 20 {
                    return Err(build_limit(name, None, at));
                }
                let subsets = 1usize << n;
                self.build(name, (subsets * n / 2 + subsets) as u64, at)?;
                let mut all: Vec<Vec<Value>> = (0..subsets)
                    .map(|bits| {
                        (0..n)
                            .filter(|i| bits >> i & 1 == 1)
                            .map(|i| sorted[i].clone())
                            .collect()
                    })
                    .collect();
                // math.js orders them by size with a bubble sort (stable).
                all.sort_by_key(Vec::len);
                let data = all.into_iter().map(|s| vector(s, true)).collect();
                Ok(vector(data, true))
            }
            _ => Err(not_implemented(&format!("{name}()"), at)),
        }
    }
}
