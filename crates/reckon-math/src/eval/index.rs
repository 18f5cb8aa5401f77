//! `index(...)` values and `subset(...)` (spec sections 2, 4.7 and 7.7): math.js 15.2's `Index`
//! with its expression-language transform (1-based arguments become 0-based dimensions), and
//! reading or replacing the part of a matrix, array, string or object that an index selects,
//! with math.js's checks in math.js's order and its errors reported 1-based, as its error
//! transform reports them.
//!
//! An index is built by the evaluator (charged per element) and read by `subset`; the `A[...]`
//! syntax has its own path in `collections` (`index_into`), which agrees with `subset` on every
//! answer it shares with it.

use crate::eval::{Evaluated, Evaluator, failed, mismatch};
use crate::syntax::ast::Op;
use crate::value::Value;
pub(crate) use crate::value::index::{Dimension, Index};
use crate::value::matrix::Matrix;
use crate::value::sparse::SparseMatrix;
use crate::{CalculateError, Reason};
use std::rc::Rc;

/// math.js `validateIndex` for one 0-based position, reported 1-based as its error transform
/// reports it; `length` `None` checks only that the position is a whole number ≥ 0.
pub(crate) fn validate(
    position: &Dimension,
    length: Option<usize>,
    at: usize,
) -> Result<(), CalculateError> {
    let x = match position {
        Dimension::Number(x) => *x,
        Dimension::Key(key) => {
            return Err(failed(
                format!("Index must be an integer (value: {key})"),
                at,
            ));
        }
        Dimension::List(_) => return Ok(()),
    };
    if !x.is_finite() || x.fract() != 0.0 {
        return Err(failed(
            format!(
                "Index must be an integer (value: {})",
                crate::num::format::js_string(x)
            ),
            at,
        ));
    }
    if x < 0.0 {
        return Err(failed(
            format!(
                "Index out of range ({} < 1)",
                crate::num::format::js_string(x + 1.0)
            ),
            at,
        ));
    }
    if let Some(length) = length
        && x >= length as f64
    {
        return Err(failed(
            format!(
                "Index out of range ({} > {length})",
                crate::num::format::js_string(x + 1.0)
            ),
            at,
        ));
    }
    Ok(())
}

/// The positions math.js's writing walk (`_setSubmatrix`) validates when a dimension of the index
/// is empty, so nothing is written: those of the dimensions before the first empty one, in the
/// order its nested loops reach them. Going in, each dimension's first position; coming back
/// out, the rest of the innermost, then the rest of the one outside it, and so on (by then every
/// inner position has been seen valid, so the walk's repeats find nothing new). Integers not
/// below 1, with no upper bound: the matrix was already grown.
fn validate_walk_to_empty(index: &Index, at: usize) -> Result<(), CalculateError> {
    let walked: Vec<Vec<f64>> = index
        .dimensions
        .iter()
        .map(positions)
        .take_while(|p| !p.is_empty())
        .collect();
    for first in walked.iter().filter_map(|p| p.first()) {
        validate(&Dimension::Number(*first), None, at)?;
    }
    for rest in walked.iter().rev().filter_map(|p| p.get(1..)) {
        for x in rest {
            validate(&Dimension::Number(*x), None, at)?;
        }
    }
    Ok(())
}

/// The smallest and largest position of a dimension (math.js `min`/`max`).
pub(crate) fn extremes(dimension: &Dimension) -> [Dimension; 2] {
    match dimension {
        Dimension::List(list) => {
            let min = list.iter().copied().fold(f64::INFINITY, f64::min);
            let max = list.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            [Dimension::Number(min), Dimension::Number(max)]
        }
        other => [other.clone(), other.clone()],
    }
}

/// The positions of a dimension.
pub(crate) fn positions(dimension: &Dimension) -> Vec<f64> {
    match dimension {
        Dimension::List(list) => list.clone(),
        Dimension::Number(x) => vec![*x],
        Dimension::Key(_) => Vec::new(),
    }
}

/// `Dimension mismatch (a != b)` (math.js's `DimensionError`).
pub(crate) fn dimension_mismatch(
    a: impl std::fmt::Display,
    b: impl std::fmt::Display,
    relation: &str,
    at: usize,
) -> CalculateError {
    failed(format!("Dimension mismatch ({a} {relation} {b})"), at)
}

pub(crate) fn show(shape: &[usize]) -> String {
    crate::value::matrix::show_shape(shape)
}

/// math.js `validateIndexSourceSize`: a boolean mask must be as long as its dimension.
pub(crate) fn check_masks(index: &Index, shape: &[usize], at: usize) -> Result<(), CalculateError> {
    for (d, mask) in index.mask_sizes.iter().enumerate() {
        if let Some(mask) = mask {
            match shape.get(d) {
                Some(size) if size == mask => {}
                Some(size) => return Err(dimension_mismatch(mask, size, "!=", at)),
                None => return Err(dimension_mismatch(mask, "undefined", "!=", at)),
            }
        }
    }
    Ok(())
}

/// The unexpected-type refusal of `subset` (type_mismatch).
fn unexpected(expected: &str, actual: &Value, position: usize, at: usize) -> CalculateError {
    mismatch(
        format!(
            "Unexpected type of argument in function subset (expected: {expected}, actual: {}, index: {position})",
            actual.type_name()
        ),
        at,
    )
}

/// A string's UTF-16 code units: the positions math.js (JavaScript) indexes, counted against
/// the build limits as a string of that length.
fn characters(text: &str) -> Vec<u16> {
    text.encode_utf16().collect()
}

impl Evaluator {
    /// `index(...)` in an expression: math.js's transform makes each 1-based argument 0-based
    /// (numbers, bigints and BigNumbers become numbers minus one, arrays and matrices each
    /// element minus one, boolean masks the positions of their `true`s), strings stay keys.
    pub(crate) fn make_index(&mut self, values: &[Value], at: usize) -> Evaluated {
        let mut dimensions = Vec::with_capacity(values.len());
        let mut mask_sizes = Vec::with_capacity(values.len());
        for value in values {
            let mut mask = None;
            let dimension = match value {
                Value::Number(x) => Dimension::Number(x - 1.0),
                Value::Big(x) => Dimension::Number(crate::num::bignum::to_f64(x) - 1.0),
                Value::BigInt(n) => Dimension::Number(crate::eval::bigint::to_f64(n) - 1.0),
                Value::Str(key) => Dimension::Key(key.to_string()),
                // Spec 5.3: Fraction mode takes whole Fractions as indexes.
                Value::Fraction(f) if self.fraction_mode => {
                    if !f.is_int() {
                        return Err(failed(
                            format!(
                                "Index {} needs whole-number indexes",
                                crate::num::fraction::format(f)
                            ),
                            at,
                        ));
                    }
                    Dimension::Number(crate::num::fraction::to_f64(f) - 1.0)
                }
                Value::Matrix(m) => {
                    self.build("index", m.data.len() as u64, at)?;
                    let booleans = m.data.iter().all(|v| matches!(v, Value::Boolean(_)));
                    if booleans && !m.data.is_empty() {
                        mask = Some(m.shape.first().copied().unwrap_or(0));
                        if m.rank() != 1 {
                            return Err(positive_integers(at));
                        }
                        Dimension::List(
                            m.data
                                .iter()
                                .enumerate()
                                .filter(|(_, v)| matches!(v, Value::Boolean(true)))
                                .map(|(i, _)| i as f64)
                                .collect(),
                        )
                    } else {
                        if m.rank() != 1 {
                            return Err(positive_integers(at));
                        }
                        let mut list = Vec::with_capacity(m.data.len());
                        for element in &m.data {
                            let x = element_number(element, at)? - 1.0;
                            if !x.is_finite() || x.fract() != 0.0 {
                                return Err(positive_integers(at));
                            }
                            list.push(x);
                        }
                        Dimension::List(list)
                    }
                }
                Value::Sparse(_) => return Err(positive_integers(at)),
                _ => {
                    return Err(failed(
                        "Dimension must be an Array, Matrix, number, bigint, string, or Range",
                        at,
                    ));
                }
            };
            dimensions.push(dimension);
            mask_sizes.push(mask);
        }
        Ok(Value::Index(Rc::new(Index {
            dimensions,
            mask_sizes,
        })))
    }

    /// `subset(value, index)` and `subset(value, index, replacement[, default])`.
    pub(crate) fn subset(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Some(Value::Index(index)) = values.get(1) else {
            return Err(match values.get(1) {
                Some(other) => unexpected("Index", other, 1, at),
                None => failed("subset() takes 2 to 4 argument(s), got 1", at),
            });
        };
        let target = match &values[0] {
            // math.js converts a boolean to a string here.
            Value::Boolean(b) => Value::Str(b.to_string().into()),
            other => other.clone(),
        };
        if let Value::Object(entries) = &target {
            // Reading a key searches the entries, replacing one copies them.
            self.charge(entries.len() as u64 + 1)?;
        }
        match (&target, &values[2..]) {
            (Value::Matrix(m), []) => self.subset_get(m, index, at),
            (Value::Sparse(s), []) => self.sparse_subset_get(s, index, at),
            (Value::Sparse(s), [replacement, rest @ ..]) => {
                if index.is_empty() {
                    return Ok(target.clone());
                }
                if let Value::Str(_) = replacement {
                    return Err(failed("can't boradcast a string", at));
                }
                let replacement = self.broadcast_replacement(index, replacement, at)?;
                self.set_in_sparse(s, index, &replacement, rest.first(), at)
            }
            (Value::Str(text), []) => self.substring(text, index, at),
            (Value::Object(entries), []) => object_property(entries, index, at),
            (Value::Matrix(m), [replacement, rest @ ..]) => {
                self.subset_set(m, index, replacement, rest.first(), at)
            }
            (Value::Str(text), [replacement, rest @ ..]) => {
                let as_text = |v: &Value, position: usize| match v {
                    Value::Str(s) => Ok(s.clone()),
                    Value::Boolean(b) => Ok(b.to_string().into()),
                    other => Err(unexpected("string or boolean", other, position, at)),
                };
                let replacement = as_text(replacement, 2)?;
                let default = rest.first().map(|d| as_text(d, 3)).transpose()?;
                self.set_substring(text, index, &replacement, default.as_deref(), at)
            }
            (Value::Object(entries), [replacement]) => {
                set_object_property(entries, index, replacement, at)
            }
            (Value::Object(_), _) => Err(failed(
                format!(
                    "Too many arguments in function subset (expected: 3, actual: {})",
                    values.len()
                ),
                at,
            )),
            (other, _) => Err(unexpected(
                "string or Array or Matrix or Object or boolean",
                other,
                0,
                at,
            )),
        }
    }

    /// The part of a matrix (or array) an index selects.
    fn subset_get(&mut self, m: &Matrix, index: &Index, at: usize) -> Evaluated {
        if index.is_empty() {
            // An empty DenseMatrix, which an array's subset unwraps to an array unless the
            // index is scalar (`index("")`).
            let mut empty = Matrix::vector(Vec::new());
            empty.array = m.array && !index.is_scalar();
            return Ok(Value::matrix(empty));
        }
        check_masks(index, &m.shape, at)?;
        if index.is_scalar() {
            if index.dimensions.len() != m.rank() {
                return Err(dimension_mismatch(
                    index.dimensions.len(),
                    m.rank(),
                    "!=",
                    at,
                ));
            }
            let mut offset = 0;
            for ((d, size), stride) in index.dimensions.iter().zip(&m.shape).zip(m.strides()) {
                validate(d, Some(*size), at)?;
                offset += positions(d).first().map_or(0, |x| *x as usize) * stride;
            }
            return Ok(m.data.get(offset).cloned().unwrap_or(Value::Undefined));
        }
        if index.dimensions.len() != m.rank() {
            return Err(dimension_mismatch(
                index.dimensions.len(),
                m.rank(),
                "!=",
                at,
            ));
        }
        for (d, size) in index.dimensions.iter().zip(&m.shape) {
            for extreme in extremes(d) {
                validate(&extreme, Some(*size), at)?;
            }
        }
        let lists: Vec<Vec<usize>> = index
            .dimensions
            .iter()
            .map(|d| positions(d).iter().map(|x| *x as usize).collect())
            .collect();
        let count = lists
            .iter()
            .fold(1u64, |acc, l| acc.saturating_mul(l.len() as u64));
        self.build("subset", count, at)?;
        let strides = m.strides();
        let mut data = Vec::with_capacity(count as usize);
        for_each_position(&lists, |cursor| {
            let offset: usize = cursor.iter().zip(&strides).map(|(p, s)| p * s).sum();
            data.push(m.data.get(offset).cloned().unwrap_or(Value::Undefined));
        });
        let shape: Vec<usize> = index
            .dimensions
            .iter()
            .zip(&lists)
            .filter(|(d, _)| matches!(d, Dimension::List(_)))
            .map(|(_, l)| l.len())
            .collect();
        Ok(Value::matrix(Matrix {
            shape,
            data,
            array: m.array,
        }))
    }

    /// The part of a sparse matrix an index selects, with `subset_get`'s checks in its order.
    fn sparse_subset_get(&mut self, s: &SparseMatrix, index: &Index, at: usize) -> Evaluated {
        if index.is_empty() {
            // math.js answers an empty DenseMatrix here.
            return Ok(Value::matrix(Matrix::vector(Vec::new())));
        }
        check_masks(index, &s.shape, at)?;
        if index.dimensions.len() != s.rank() {
            return Err(dimension_mismatch(
                index.dimensions.len(),
                s.rank(),
                "!=",
                at,
            ));
        }
        let scalar = index.is_scalar();
        for (d, size) in index.dimensions.iter().zip(&s.shape) {
            for extreme in extremes(d) {
                validate(&extreme, Some(*size), at)?;
            }
        }
        let lists: Vec<Vec<usize>> = index
            .dimensions
            .iter()
            .map(|d| positions(d).iter().map(|x| *x as usize).collect())
            .collect();
        match lists.as_slice() {
            [rows, cols] => self.sparse_select(s, rows, cols, scalar, at),
            _ => Err(dimension_mismatch(lists.len(), 2, "!=", at)),
        }
    }

    /// The characters of a string an index selects.
    fn substring(&mut self, text: &str, index: &Index, at: usize) -> Evaluated {
        if index.is_empty() {
            return Ok(Value::Str(String::new().into()));
        }
        self.charge(text.len() as u64 + 1)?;
        let chars = characters(text);
        check_masks(index, &[chars.len()], at)?;
        if index.dimensions.len() != 1 {
            return Err(dimension_mismatch(index.dimensions.len(), 1, "!=", at));
        }
        let dimension = &index.dimensions[0];
        for extreme in extremes(dimension) {
            validate(&extreme, Some(chars.len()), at)?;
        }
        let picked = positions(dimension);
        self.build("subset", picked.len() as u64, at)?;
        let units: Vec<u16> = picked
            .iter()
            .filter_map(|p| chars.get(*p as usize).copied())
            .collect();
        // A lone half of a surrogate pair becomes U+FFFD (see `collections::select_chars`).
        Ok(Value::Str(String::from_utf16_lossy(&units).into()))
    }

    /// A copy of the string with the selected characters replaced (growing it, padded with the
    /// default character or spaces, when an index lies past its end).
    fn set_substring(
        &mut self,
        text: &str,
        index: &Index,
        replacement: &str,
        default: Option<&str>,
        at: usize,
    ) -> Evaluated {
        if index.is_empty() {
            return Ok(Value::Str(text.to_owned().into()));
        }
        self.charge(text.len() as u64 + replacement.len() as u64 + 1)?;
        let mut chars = characters(text);
        check_masks(index, &[chars.len()], at)?;
        if index.dimensions.len() != 1 {
            return Err(dimension_mismatch(index.dimensions.len(), 1, "!=", at));
        }
        let fill = match default.map(|d| d.encode_utf16().collect::<Vec<u16>>()) {
            Some(d) if d.len() == 1 => d[0],
            Some(_) => return Err(failed("Single character expected as defaultValue", at)),
            None => u16::from(b' '),
        };
        let dimension = &index.dimensions[0];
        let new: Vec<u16> = replacement.encode_utf16().collect();
        match dimension {
            Dimension::List(list) if list.len() != new.len() => {
                return Err(dimension_mismatch(list.len(), new.len(), "!=", at));
            }
            Dimension::List(_) => {}
            // math.js fails here on its own (`range.size is not a function`).
            _ if new.len() != 1 => {
                return Err(failed("range.size is not a function", at));
            }
            _ => {}
        }
        for extreme in extremes(dimension) {
            validate(&extreme, None, at)?;
        }
        let picked = positions(dimension);
        let longest = (picked.iter().fold(0.0f64, |a, b| a.max(*b)) as u64).saturating_add(1);
        if longest > 1_000_000 {
            return Err(CalculateError::new(
                Reason::ResultTooLarge,
                format!(
                    "Size limit exceeded: subset() would build a string of {} characters, over the limit of 1,000,000.",
                    crate::eval::collections::thousands(longest)
                ),
            )
            .at(at));
        }
        self.build("subset", longest.max(chars.len() as u64), at)?;
        for (p, c) in picked.iter().zip(new) {
            let p = *p as usize;
            if p >= chars.len() {
                chars.resize(p + 1, fill);
            }
            chars[p] = c;
        }
        Ok(Value::Str(String::from_utf16_lossy(&chars).into()))
    }

    /// A copy of the matrix (or array) with the selected part replaced, grown (filled with the
    /// default value, else 0) when the index reaches past it.
    fn subset_set(
        &mut self,
        m: &Rc<Matrix>,
        index: &Index,
        replacement: &Value,
        default: Option<&Value>,
        at: usize,
    ) -> Evaluated {
        if index.is_empty() {
            return Ok(Value::Matrix(Rc::clone(m)));
        }
        check_masks(index, &m.shape, at)?;
        if let Value::Str(_) = replacement {
            return Err(failed("can't boradcast a string", at));
        }
        let replacement = self.broadcast_replacement(index, replacement, at)?;
        self.set_in_matrix(Rc::clone(m), index, &replacement, default, false, at)
    }

    /// math.js's `_broadcastReplacement` of `subset(value, index, replacement)`:
    /// `add(replacement, zeros(size))` when that works (number zeros in every mode: the size is
    /// an array of numbers), else the replacement as it is.
    fn broadcast_replacement(
        &mut self,
        index: &Index,
        replacement: &Value,
        at: usize,
    ) -> Evaluated {
        let index_size = index.size();
        let scalar = index.is_scalar();
        let mut replacement = replacement.clone();
        if !scalar && index_size.iter().all(|d| *d > 0) {
            let count = index_size
                .iter()
                .fold(1u64, |acc, d| acc.saturating_mul(*d as u64));
            self.build("subset", count, at)?;
            let zeros = Value::matrix(Matrix::new(
                index_size.clone(),
                vec![Value::Number(0.0); count as usize],
            ));
            match self.binary(Op::Add, &replacement, &zeros, false, (at, at), at) {
                Ok(sum) => replacement = sum,
                Err(e)
                    if e.reason == Reason::EvaluationTimeout
                        || e.reason == Reason::ResultTooLarge =>
                {
                    return Err(e);
                }
                Err(_) => {}
            }
        }
        Ok(replacement)
    }

    /// math.js's `DenseMatrix` `subset(index, replacement)` on a copy of `m`: the part `subset()`
    /// and indexed assignment share. `assign` is the path of `A[...] = value`, which calls the
    /// matrix method directly: a scalar replacement is broadcast without the `try` the function's
    /// `add(replacement, zeros)` gives it (an empty index fails), and a matrix replacement is
    /// broadcast by `broadcastTo`'s own rules.
    pub(crate) fn set_in_matrix(
        &mut self,
        m: Rc<Matrix>,
        index: &Index,
        replacement: &Value,
        default: Option<&Value>,
        assign: bool,
        at: usize,
    ) -> Evaluated {
        let index_size = index.size();
        let scalar = index.is_scalar();
        let (mut sub_shape, mut sub_data) = match replacement {
            Value::Matrix(r) => (r.shape.clone(), r.data.clone()),
            Value::Sparse(r) => (r.shape.clone(), r.data.clone()),
            other => (Vec::new(), vec![other.clone()]),
        };
        // (A key in the index is refused where math.js validates the positions.)
        // The copy that is changed: one unit per element copied. A matrix no one else holds (an
        // assigned variable's, taken out of its binding) is changed in place instead.
        let copy = if Rc::strong_count(&m) > 1 {
            m.data.len() as u64
        } else {
            0
        };
        self.charge(copy + 1)?;
        let mut grown = Rc::unwrap_or_clone(m);
        if scalar {
            if !sub_shape.is_empty() {
                return Err(failed("Scalar expected", at));
            }
            if index.dimensions.len() < grown.rank() {
                return Err(dimension_mismatch(
                    index.dimensions.len(),
                    grown.rank(),
                    "<",
                    at,
                ));
            }
            invalid_size(&grown.shape, index, at)?;
            for d in &index.dimensions {
                validate(d, None, at)?;
            }
            let target: Vec<usize> = index
                .dimensions
                .iter()
                .map(|d| (positions(d).first().map_or(0, |x| *x as usize)).saturating_add(1))
                .collect();
            self.fit(&mut grown, &target, default, at)?;
            let offset: usize = index
                .dimensions
                .iter()
                .zip(grown.strides())
                .map(|(d, s)| positions(d).first().map_or(0, |x| *x as usize) * s)
                .sum();
            if let Some(slot) = grown.data.get_mut(offset) {
                *slot = sub_data.pop().unwrap_or(Value::Undefined);
            }
            return Ok(Value::Matrix(Rc::new(grown)));
        }
        if assign && sub_shape.is_empty() && sub_shape != index_size {
            // `broadcastTo([value], size)`, outside any `try`: a last dimension of 0 is refused,
            // another 0 stays 1 (and fails the size check below).
            if index_size.last() == Some(&0) {
                return Err(failed(
                    "shape mismatch: mismatch is found in arg with shape (1) not possible to broadcast dimension 1 with size 1 to size 0",
                    at,
                ));
            }
            let shape: Vec<usize> = index_size.iter().map(|d| (*d).max(1)).collect();
            let count = shape
                .iter()
                .fold(1u64, |acc, d| acc.saturating_mul(*d as u64));
            self.build("subset", count, at)?;
            let value = sub_data.pop().unwrap_or(Value::Undefined);
            sub_data = vec![value; count as usize];
            sub_shape = shape;
        }
        // math.js's `broadcastTo` of a replacement of another shape, when it can (the function
        // path keeps only a broadcast to the index's size, which its `add` already made; an
        // empty replacement never broadcasts there).
        let broadcast = if sub_shape == index_size {
            None
        } else if assign {
            mathjs_broadcast(&sub_shape, &index_size).filter(|_| !sub_data.is_empty())
        } else {
            crate::value::matrix::broadcast_shape(&sub_shape, &index_size)
                .ok()
                .filter(|shape| *shape == index_size)
        };
        if let Some(shape) = broadcast {
            let count = shape
                .iter()
                .fold(1u64, |acc, d| acc.saturating_mul(*d as u64));
            self.build("subset", count, at)?;
            let picks = crate::value::matrix::broadcast_positions(&sub_shape, &shape);
            sub_data = picks
                .iter()
                .map(|p| sub_data.get(*p).cloned().unwrap_or(Value::Undefined))
                .collect();
            sub_shape = shape;
        }
        if index_size.len() < grown.rank() {
            return Err(dimension_mismatch(index_size.len(), grown.rank(), "<", at));
        }
        if sub_shape.len() < index_size.len() {
            // math.js's unsqueeze: outer singleton dimensions first, then inner ones.
            let mut i = 0;
            while index_size.get(i) == Some(&1) && sub_shape.get(i) == Some(&1) {
                i += 1;
            }
            let mut outer = 0;
            while index_size.get(i) == Some(&1) {
                outer += 1;
                i += 1;
            }
            let mut shape = vec![1; outer];
            shape.extend_from_slice(&sub_shape);
            while shape.len() < index_size.len() {
                shape.push(1);
            }
            sub_shape = shape;
        }
        if sub_shape != index_size {
            return Err(dimension_mismatch(
                show(&index_size),
                show(&sub_shape),
                ">",
                at,
            ));
        }
        // Only indexed assignment gets here with an empty dimension: nothing is written, and
        // math.js resizes to the largest positions (+ 1) before any is validated; then its
        // writing walk validates the positions it visits (below).
        let empty = index
            .dimensions
            .iter()
            .any(|d| matches!(d, Dimension::List(list) if list.is_empty()));
        invalid_size(&grown.shape, index, at)?;
        for d in index.dimensions.iter().filter(|_| !empty) {
            for extreme in extremes(d) {
                validate(&extreme, None, at)?;
            }
        }
        let target: Vec<usize> = index
            .dimensions
            .iter()
            .map(|d| match d {
                Dimension::List(list) if list.is_empty() => 0,
                d => positions(&extremes(d)[1])
                    .first()
                    .filter(|x| **x >= 0.0)
                    .map_or(0, |x| (*x as usize).saturating_add(1)),
            })
            .collect();
        self.fit(&mut grown, &target, default, at)?;
        if empty {
            validate_walk_to_empty(index, at)?;
        }
        let lists: Vec<Vec<usize>> = index
            .dimensions
            .iter()
            .map(|d| positions(d).iter().map(|x| *x as usize).collect())
            .collect();
        // One unit per element written.
        self.charge(sub_data.len() as u64)?;
        let strides = grown.strides();
        let mut values = sub_data.into_iter();
        let data = &mut grown.data;
        for_each_position(&lists, |cursor| {
            let offset: usize = cursor.iter().zip(&strides).map(|(p, s)| p * s).sum();
            if let (Some(slot), Some(value)) = (data.get_mut(offset), values.next()) {
                *slot = value;
            }
        });
        Ok(Value::Matrix(Rc::new(grown)))
    }

    /// math.js's `_fit`: grows the matrix (more dimensions, larger sizes) to hold `size`,
    /// filling with the default value (0 when none is given).
    fn fit(
        &mut self,
        m: &mut Matrix,
        size: &[usize],
        default: Option<&Value>,
        at: usize,
    ) -> Result<(), CalculateError> {
        let mut shape = m.shape.clone();
        while shape.len() < size.len() {
            shape.push(0);
        }
        let mut changed = shape.len() != m.shape.len();
        for (have, want) in shape.iter_mut().zip(size) {
            if want > have {
                *have = *want;
                changed = true;
            }
        }
        if !changed {
            return Ok(());
        }
        let count = shape
            .iter()
            .try_fold(1u64, |acc, d| acc.checked_mul(*d as u64))
            .unwrap_or(u64::MAX);
        self.build("subset", count, at)?;
        // One unit per element of the grown matrix (moved or filled).
        self.charge(count)?;
        let fill = default.cloned().unwrap_or(Value::Number(0.0));
        let mut data = Vec::with_capacity(count as usize);
        let old_strides = m.strides();
        let lists: Vec<Vec<usize>> = shape.iter().map(|d| (0..*d).collect()).collect();
        let old_shape = &m.shape;
        for_each_position(&lists, |cursor| {
            let inside = cursor
                .iter()
                .enumerate()
                .all(|(d, p)| match old_shape.get(d) {
                    Some(size) => p < size,
                    None => *p == 0,
                });
            if inside {
                let offset: usize = cursor.iter().zip(&old_strides).map(|(p, s)| p * s).sum();
                data.push(m.data.get(offset).cloned().unwrap_or(Value::Undefined));
            } else {
                data.push(fill.clone());
            }
        });
        m.shape = shape;
        m.data = data;
        Ok(())
    }
}

/// math.js's `_fit` before it validates any position: the matrix grows to the largest position
/// (+ 1) of each dimension, and a size that is not a whole number (`A[1.5] = 1` past the end,
/// `A[Infinity] = 1`) fails the resize, reported with the whole new size.
fn invalid_size(shape: &[usize], index: &Index, at: usize) -> Result<(), CalculateError> {
    let mut size: Vec<f64> = shape.iter().map(|n| *n as f64).collect();
    let mut changed = false;
    for (i, d) in index.dimensions.iter().enumerate() {
        let wanted = match d {
            Dimension::Number(x) => x + 1.0,
            Dimension::List(list) if !list.is_empty() => {
                list.iter().copied().fold(f64::NEG_INFINITY, f64::max) + 1.0
            }
            _ => continue,
        };
        if i >= size.len() {
            size.resize(i + 1, 0.0);
            changed = true;
        }
        if wanted > size[i] {
            size[i] = wanted;
            changed = true;
        }
    }
    if changed && size.iter().any(|n| !n.is_finite() || n.fract() != 0.0) {
        let shown: Vec<String> = size
            .iter()
            .map(|n| crate::num::format::js_string(*n))
            .collect();
        return Err(failed(
            format!(
                "Invalid size, must contain positive integers (size: [{}])",
                shown.join(", ")
            ),
            at,
        ));
    }
    Ok(())
}

/// math.js's `checkBroadcastingRules(size, to)` (sizes aligned at their last dimension): no
/// dimension larger than its target, and only a 1 stretches. A target of `None` is JavaScript's
/// `null` (0 in comparisons); a dimension the target lacks compares with `undefined` and passes.
fn broadcast_allowed(size: &[usize], to: &[Option<usize>]) -> bool {
    let offset = to.len() as isize - size.len() as isize;
    size.iter().enumerate().all(|(j, s)| {
        let n = j as isize + offset;
        match usize::try_from(n).ok().and_then(|n| to.get(n)) {
            Some(Some(t)) => !((s < t && *s > 1) || s > t),
            Some(None) => *s == 0,
            None => true,
        }
    })
}

/// The shape math.js's `broadcastTo(replacement, size)` gives a replacement of shape `from`, or
/// `None` when it throws. Its `broadcastSizes` keeps `null` where every size is 0, and only a
/// dimension of 1 is stretched, so a 1 stays 1 against a 0 (and fails the size check after).
fn mathjs_broadcast(from: &[usize], to: &[usize]) -> Option<Vec<usize>> {
    let exact: Vec<Option<usize>> = to.iter().map(|d| Some(*d)).collect();
    if !broadcast_allowed(from, &exact) {
        return None;
    }
    let rank = from.len().max(to.len());
    let mut most: Vec<Option<usize>> = vec![None; rank];
    for size in [from, to] {
        for (j, s) in size.iter().enumerate() {
            let n = rank - size.len() + j;
            if *s > most[n].unwrap_or(0) {
                most[n] = Some(*s);
            }
        }
    }
    if !broadcast_allowed(from, &most) || !broadcast_allowed(to, &most) {
        return None;
    }
    let mut shape = vec![1; rank - from.len()];
    shape.extend_from_slice(from);
    for (d, m) in shape.iter_mut().zip(&most) {
        if let (1, Some(m)) = (*d, m) {
            *d = *m;
        }
    }
    Some(shape)
}

/// Calls `f` with every combination of positions, the last dimension fastest (nothing when a
/// list is empty).
fn for_each_position(lists: &[Vec<usize>], mut f: impl FnMut(&[usize])) {
    if lists.iter().any(Vec::is_empty) {
        return;
    }
    let mut cursor = vec![0usize; lists.len()];
    let mut values: Vec<usize> = lists.iter().map(|l| l[0]).collect();
    loop {
        f(&values);
        let mut d = lists.len();
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            cursor[d] += 1;
            if cursor[d] < lists[d].len() {
                values[d] = lists[d][cursor[d]];
                break;
            }
            cursor[d] = 0;
            values[d] = lists[d][0];
        }
    }
}

/// "Index parameters must be positive integer numbers" (math.js, for any list element that is
/// not a whole number, and for a list of more than one dimension).
fn positive_integers(at: usize) -> CalculateError {
    failed("Index parameters must be positive integer numbers", at)
}

/// An element of an index list as JavaScript's `v - 1` reads it.
fn element_number(value: &Value, at: usize) -> Result<f64, CalculateError> {
    match value {
        // JavaScript's TypeError, without typed-function's wrongType category: spec 9.3 rule 11.
        Value::BigInt(_) => Err(failed(
            "Cannot mix BigInt and other types, use explicit conversions",
            at,
        )),
        Value::Fraction(f) => Ok(crate::num::fraction::to_f64(f)),
        other => Ok(crate::eval::js_number(other)),
    }
}

/// The key an object index names (`subset(obj, index("a"))`).
fn object_key(index: &Index, at: usize) -> Result<&str, CalculateError> {
    if index.dimensions.len() != 1 {
        return Err(dimension_mismatch(show(&index.size()), 1, "!=", at));
    }
    match &index.dimensions[0] {
        Dimension::Key(key) => {
            if crate::eval::REFUSED_PROPERTIES.contains(&key.as_str())
                || matches!(key.as_str(), "toString" | "toLocaleString" | "valueOf")
            {
                return Err(CalculateError::new(
                    Reason::ParseFailed,
                    format!("Invalid expression: No access to property \"{key}\""),
                )
                .at(at));
            }
            Ok(key)
        }
        _ => Err(failed(
            "String expected as index to retrieve an object property",
            at,
        )),
    }
}

fn object_property(entries: &[(String, Value)], index: &Index, at: usize) -> Evaluated {
    if index.is_empty() {
        return Ok(Value::Undefined);
    }
    let key = object_key(index, at)?;
    Ok(entries
        .iter()
        .rev()
        .find(|(k, _)| k == key)
        .map_or(Value::Undefined, |(_, v)| v.clone()))
}

fn set_object_property(
    entries: &[(String, Value)],
    index: &Index,
    replacement: &Value,
    at: usize,
) -> Evaluated {
    if index.is_empty() {
        return Ok(Value::object(entries.to_vec()));
    }
    let key = object_key(index, at)?;
    let mut entries = entries.to_vec();
    match entries.iter_mut().find(|(k, _)| k == key) {
        Some((_, slot)) => *slot = replacement.clone(),
        None => entries.push((key.to_owned(), replacement.clone())),
    }
    Ok(Value::object(entries))
}

#[cfg(test)]
mod tests {
    use crate::test_support::{answer_in, reason_in};

    fn answer(expression: &str) -> String {
        answer_in(expression, "number")
    }

    fn reason(expression: &str) -> String {
        reason_in(expression, "number")
    }

    #[test]
    fn index_values_print_their_zero_based_dimensions() {
        // Every expected answer below is math.js 15.2's answer to the same expression (run
        // with tests/peer/evaluate.mjs); for a refusal, the comment quotes math.js's message.
        assert_eq!(answer("index(1)"), "Index [0]");
        assert_eq!(answer("index(1,2)"), "Index [0, 1]");
        assert_eq!(answer("index(1:3)"), "Index [[0, 1, 2]]");
        assert_eq!(answer("index(1:3, 2)"), "Index [[0, 1, 2], 1]");
        assert_eq!(answer("index([1,2,3])"), "Index [[0, 1, 2]]");
        assert_eq!(answer("index([true,false,true])"), "Index [[0, 2]]");
        assert_eq!(answer("index(\"a\")"), "Index [\"a\"]");
        assert_eq!(answer("index(\"a\",\"b\")"), "Index [\"a\", \"b\"]");
        assert_eq!(answer("index(0)"), "Index [-1]");
        assert_eq!(answer("index(-1)"), "Index [-2]");
        assert_eq!(answer("index(1.5)"), "Index [0.5]");
        assert_eq!(answer("index(bigint(3))"), "Index [2]");
        assert_eq!(answer("index(1:2:7)"), "Index [[0, 2, 4, 6]]");
        // math.js: Index parameters must be positive integer numbers
        assert_eq!(reason("index([1,2;3,4])"), "evaluation_failed");
        assert_eq!(answer("index()"), "Index []");
        assert_eq!(answer("index(matrix([]))"), "Index [[]]");
        assert_eq!(answer("index([])"), "Index [[]]");
        // math.js: Dimension must be an Array, Matrix, number, bigint, string, or Range
        assert_eq!(reason("index(true)"), "evaluation_failed");
        // math.js: Dimension must be an Array, Matrix, number, bigint, string, or Range
        assert_eq!(reason("index(null)"), "evaluation_failed");
        assert_eq!(answer("index(2:-1:1)"), "Index [[1, 0]]");
        assert_eq!(answer("index(1:0)"), "Index [[]]");
        assert_eq!(answer("index(bignumber(3))"), "Index [2]");
        // math.js: Dimension must be an Array, Matrix, number, bigint, string, or Range
        assert_eq!(reason("index(fraction(3))"), "evaluation_failed");
        // math.js: Unexpected type of argument in function addScalar (expected: number or Complex or BigNumber or bigint or Fract
        assert_eq!(reason("index(3) + 1"), "type_mismatch");
        assert_eq!(answer("typeOf(index(3))"), "string \"Index\"");
        assert_eq!(answer("index([100001])"), "Index [[1e+5]]");
        // math.js: Index parameters must be positive integer numbers
        assert_eq!(reason("index([1e21, 0.5])"), "evaluation_failed");
        assert_eq!(answer("index(100001)"), "Index [100000]");
        assert_eq!(answer("index(1e21)"), "Index [1e+21]");
        assert_eq!(answer("index(1e-7)"), "Index [-0.9999999]");
        // math.js: Index parameters must be positive integer numbers
        assert_eq!(reason("index([1e-7])"), "evaluation_failed");
        assert_eq!(answer("index([\"2\"])"), "Index [[1]]");
        assert_eq!(answer("index([true, 1])"), "Index [[0, 0]]");
        assert_eq!(answer("index([bignumber(2)])"), "Index [[1]]");
        assert_eq!(answer("index([fraction(2)])"), "Index [[1]]");
        // math.js: Cannot mix BigInt and other types, use explicit conversions
        assert_eq!(reason("index([bigint(2)])"), "evaluation_failed");
        assert_eq!(answer("index(NaN)"), "Index [NaN]");
        assert_eq!(answer("index(Infinity)"), "Index [Infinity]");
        // math.js: Index parameters must be positive integer numbers
        assert_eq!(reason("index([NaN])"), "evaluation_failed");
        assert_eq!(answer("[index(1), index(2)]"), "DenseMatrix [[0], [1]]");
        assert_eq!(answer("{a: index(1,[2,3])}"), "Object {\"a\": [0, [1, 2]]}");
        // math.js: Index parameters must be positive integer numbers
        assert_eq!(reason("index([[1],[2]])"), "evaluation_failed");
        assert_eq!(answer("index(matrix([1,2]))"), "Index [[0, 1]]");
        assert_eq!(answer("index(-0)"), "Index [-1]");
        assert_eq!(answer("clone(index(1))"), "Index [0]");
        assert_eq!(answer("index(1e16+1)"), "Index [10000000000000000]");
        // math.js: Index parameters must be positive integer numbers
        assert_eq!(reason("index([\"a\"])"), "evaluation_failed");
        assert_eq!(answer("index(\"\")"), "Index [\"\"]");
        assert_eq!(answer("index(\"a\\\"b\")"), "Index [\"a\\\"b\"]");
        // math.js: Dimension must be an Array, Matrix, number, bigint, string, or Range
        assert_eq!(reason("index(2+3i)"), "evaluation_failed");
        // math.js: Dimension must be an Array, Matrix, number, bigint, string, or Range
        assert_eq!(reason("index({a: 1})"), "evaluation_failed");
        assert_eq!(answer("index([null])"), "Index [[-1]]");
    }

    #[test]
    fn subset_reads_matrices_arrays_strings_and_objects() {
        // Every expected answer below is math.js 15.2's answer to the same expression (run
        // with tests/peer/evaluate.mjs); for a refusal, the comment quotes math.js's message.
        assert_eq!(answer("subset([1,2,3], index(2))"), "number 2");
        assert_eq!(
            answer("subset([1,2,3], index([1,3]))"),
            "DenseMatrix [1, 3]"
        );
        // math.js: Index out of range (4 > 3)
        assert_eq!(reason("subset([1,2,3], index(4))"), "evaluation_failed");
        // math.js: Index out of range (0 < 1)
        assert_eq!(reason("subset([1,2,3], index(0))"), "evaluation_failed");
        // math.js: Index must be an integer (value: 0.5)
        assert_eq!(reason("subset([1,2,3], index(1.5))"), "evaluation_failed");
        assert_eq!(answer("subset([1,2;3,4], index(2,1))"), "number 3");
        // math.js: Dimension mismatch (1 != 2)
        assert_eq!(reason("subset([1,2;3,4], index(2))"), "evaluation_failed");
        assert_eq!(
            answer("subset([1,2;3,4], index(2, [1,2]))"),
            "DenseMatrix [3, 4]"
        );
        assert_eq!(
            answer("subset([1,2;3,4], index([true,false], 1))"),
            "DenseMatrix [1]"
        );
        // math.js: Dimension mismatch (3 != 2)
        assert_eq!(
            reason("subset([1,2;3,4], index([true,false,true], 1))"),
            "evaluation_failed"
        );
        // math.js: Dimension mismatch (2 != 3)
        assert_eq!(
            reason("subset([1,2,3], index([true,false]))"),
            "evaluation_failed"
        );
        assert_eq!(answer("subset([1,2,3], index([]))"), "DenseMatrix []");
        // math.js: Dimension mismatch (0 != 1)
        assert_eq!(reason("subset([1,2,3], index())"), "evaluation_failed");
        // math.js: Dimension mismatch (2 != 1)
        assert_eq!(reason("subset([1,2,3], index(1,1))"), "evaluation_failed");
        // math.js: Dimension mismatch (2 != 1)
        assert_eq!(
            reason("subset([1,2,3], index([1,2],[1]))"),
            "evaluation_failed"
        );
        assert_eq!(answer("subset(size([4,5,6]), index(1))"), "number 3");
        assert_eq!(answer("subset(size([4,5,6]), index([1]))"), "Array [3]");
        assert_eq!(answer("subset(\"hello\", index(2))"), "string \"e\"");
        assert_eq!(answer("subset(\"hello\", index([1,5]))"), "string \"ho\"");
        // math.js: Index out of range (6 > 5)
        assert_eq!(reason("subset(\"hello\", index(6))"), "evaluation_failed");
        // math.js: Dimension mismatch (2 != 1)
        assert_eq!(reason("subset(\"hello\", index(1,1))"), "evaluation_failed");
        assert_eq!(answer("subset(\"hello\", index([]))"), "string \"\"");
        assert_eq!(answer("subset({a: 1, b: 2}, index(\"b\"))"), "number 2");
        assert_eq!(
            answer("subset({a: 1}, index(\"c\"))"),
            "undefined undefined"
        );
        // math.js: String expected as index to retrieve an object property
        assert_eq!(reason("subset({a: 1}, index(1))"), "evaluation_failed");
        // math.js: Dimension mismatch ([1, 1] != 1)
        assert_eq!(
            reason("subset({a: 1}, index(\"a\",\"b\"))"),
            "evaluation_failed"
        );
        // math.js: Index must be an integer (value: a)
        assert_eq!(reason("subset([1,2,3], index(\"a\"))"), "evaluation_failed");
        // math.js: Unexpected type of argument in function subset (expected: string or Array or Matrix or Object or boolean, actu
        assert_eq!(reason("subset(5, index(1))"), "type_mismatch");
        // math.js: Unexpected type of argument in function subset (expected: Index, actual: number, index: 1)
        assert_eq!(reason("subset([1,2,3], 2)"), "type_mismatch");
        // math.js: Too few arguments in function subset (expected: Index, index: 1)
        assert_eq!(reason("subset([1,2,3])"), "evaluation_failed");
        assert_eq!(answer("subset(true, index(1))"), "string \"t\"");
        // math.js: Dimension mismatch (2 != 5)
        assert_eq!(
            reason("subset(\"hello\", index([true,false]))"),
            "evaluation_failed"
        );
        // math.js: Cannot access method "toString" as a property
        assert_eq!(
            reason("subset({a: 1}, index(\"toString\"))"),
            "parse_failed"
        );
        assert_eq!(answer("subset({a: 1}, index(\"\"))"), "undefined undefined");
        assert_eq!(answer("subset([1,2,3], index(\"\"))"), "DenseMatrix []");
        assert_eq!(answer("subset(\"abc\", index(\"\"))"), "string \"\"");
        assert_eq!(
            answer("subset([[1,2],[3,4]], index(1,[]))"),
            "DenseMatrix []"
        );
        assert_eq!(answer("subset(size([1,2]), index([]))"), "Array []");
        // math.js: Index out of range (5 > 2)
        assert_eq!(reason("subset([1,2;3,4], index(5,5))"), "evaluation_failed");
        // math.js: Index out of range (5 > 2)
        assert_eq!(
            reason("subset([1,2;3,4], index([1,5],1))"),
            "evaluation_failed"
        );
        // math.js: Index out of range (0 < 1)
        assert_eq!(
            reason("subset([1,2;3,4], index([0,1],1))"),
            "evaluation_failed"
        );
        // math.js: Index must be an integer (value: a)
        assert_eq!(
            reason("subset([1,2;3,4], index(1, \"a\"))"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("subset([1,2,3;4,5,6], index(2, 2:3))"),
            "DenseMatrix [5, 6]"
        );
        assert_eq!(
            answer("subset([1,2,3;4,5,6], index(1:2, [3,1]))"),
            "DenseMatrix [[3, 1], [6, 4]]"
        );
        assert_eq!(
            answer("subset([1,2,3;4,5,6], index([false,true], [true,false,true]))"),
            "DenseMatrix [[4, 6]]"
        );
        assert_eq!(answer("subset([[1,2],[3,4]], index(1,2))"), "number 2");
        assert_eq!(answer("subset(zeros(2,2,2), index(1,1,1))"), "number 0");
        assert_eq!(
            answer("subset(zeros(2,2,2), index(1,[1,2],1))"),
            "DenseMatrix [0, 0]"
        );
        assert_eq!(answer("subset(\"héllo\", index(2))"), "string \"é\"");
        assert_eq!(
            answer("subset({a: {b: 2}}, index(\"a\"))"),
            "Object {\"b\": 2}"
        );
        assert_eq!(answer("subset([1,2,3], index(bigint(2)))"), "number 2");
        // math.js: Unexpected type of argument in function subset (expected: string or Array or Matrix or Object or boolean, actu
        assert_eq!(reason("subset(fraction(1,2), index(1))"), "type_mismatch");
        assert_eq!(
            answer("subset(\"hello\", index([true,false,true,false,true]))"),
            "string \"hlo\""
        );
    }

    #[test]
    fn subset_replaces_and_grows() {
        // Every expected answer below is math.js 15.2's answer to the same expression (run
        // with tests/peer/evaluate.mjs); for a refusal, the comment quotes math.js's message.
        assert_eq!(
            answer("subset([1,2,3], index(2), 9)"),
            "DenseMatrix [1, 9, 3]"
        );
        assert_eq!(
            answer("subset([1,2,3], index(5), 9)"),
            "DenseMatrix [1, 2, 3, 0, 9]"
        );
        assert_eq!(
            answer("subset([1,2,3], index(5), 9, 0)"),
            "DenseMatrix [1, 2, 3, 0, 9]"
        );
        assert_eq!(
            answer("subset([1,2,3], index([1,2]), [7,8])"),
            "DenseMatrix [7, 8, 3]"
        );
        assert_eq!(
            answer("subset([1,2,3], index([1,2]), 7)"),
            "DenseMatrix [7, 7, 3]"
        );
        // math.js: Dimension mismatch ([2] > [3])
        assert_eq!(
            reason("subset([1,2,3], index([1,2]), [7,8,9])"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("subset([1,2;3,4], index(1, [1,2]), [7,8])"),
            "DenseMatrix [[7, 8], [3, 4]]"
        );
        // math.js: Dimension mismatch ([2, 1] > [2, 2])
        assert_eq!(
            reason("subset([1,2;3,4], index([1,2], 1), [7,8])"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("subset([1,2;3,4], index(3, 3), 9)"),
            "DenseMatrix [[1, 2, 0], [3, 4, 0], [0, 0, 9]]"
        );
        assert_eq!(
            answer("subset([1,2;3,4], index(3, 3), 9, 0)"),
            "DenseMatrix [[1, 2, 0], [3, 4, 0], [0, 0, 9]]"
        );
        // math.js: Dimension mismatch (1 < 2)
        assert_eq!(
            reason("subset([1,2;3,4], index(1), 9)"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("subset([1,2;3,4], index([1,2],[1,2]), [[5,6],[7,8]])"),
            "DenseMatrix [[5, 6], [7, 8]]"
        );
        // math.js: Scalar expected
        assert_eq!(
            reason("subset([1,2;3,4], index(1,1), [5])"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("subset(\"hello\", index(1), \"J\")"),
            "string \"Jello\""
        );
        assert_eq!(
            answer("subset(\"hello\", index(7), \"J\")"),
            "string \"hello J\""
        );
        assert_eq!(
            answer("subset(\"hello\", index(7), \"J\", \"_\")"),
            "string \"hello_J\""
        );
        // math.js: Single character expected as defaultValue
        assert_eq!(
            reason("subset(\"hello\", index(7), \"J\", \"__\")"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("subset(\"hello\", index([1,2]), \"AB\")"),
            "string \"ABllo\""
        );
        // math.js: Dimension mismatch (2 != 1)
        assert_eq!(
            reason("subset(\"hello\", index([1,2]), \"A\")"),
            "evaluation_failed"
        );
        // math.js: Unexpected type of argument in function subset (expected: string or boolean, actual: number, index: 2)
        assert_eq!(reason("subset(\"hello\", index(1), 5)"), "type_mismatch");
        assert_eq!(
            answer("subset({a: 1}, index(\"b\"), 5)"),
            "Object {\"a\": 1, \"b\": 5}"
        );
        assert_eq!(
            answer("subset({a: 1}, index(\"a\"), 5)"),
            "Object {\"a\": 5}"
        );
        // math.js: String expected as index to retrieve an object property
        assert_eq!(reason("subset({a: 1}, index(1), 5)"), "evaluation_failed");
        // math.js: Unexpected type of argument in function subset (expected: string or Array or Matrix or Object or boolean, actu
        assert_eq!(reason("subset(5, index(1), 5)"), "type_mismatch");
        // math.js: can't boradcast a string
        assert_eq!(
            reason("subset([1,2,3], index(2), \"x\")"),
            "evaluation_failed"
        );
        // math.js: Index out of range (0 < 1)
        assert_eq!(reason("subset([1,2,3], index(0), 9)"), "evaluation_failed");
        assert_eq!(
            answer("subset([1,2,3], index([]), 9)"),
            "DenseMatrix [1, 2, 3]"
        );
        assert_eq!(
            answer("subset([1,2,3], index(1,2), 9)"),
            "DenseMatrix [[1, 9], [2, 0], [3, 0]]"
        );
        assert_eq!(
            answer("subset([1,2,3], index(2,1), 9)"),
            "DenseMatrix [[1], [9], [3]]"
        );
        assert_eq!(
            answer("subset([1,2;3,4], index(1,1,2), 9)"),
            "DenseMatrix [[[1, 9], [2, 0]], [[3, 0], [4, 0]]]"
        );
        // math.js: range.size is not a function
        assert_eq!(
            reason("subset(\"hello\", index(1), \"AB\")"),
            "evaluation_failed"
        );
        // math.js: Index out of range (-1 < 1)
        assert_eq!(
            reason("subset(\"hello\", index(-1), \"A\")"),
            "evaluation_failed"
        );
        assert_eq!(answer("subset(\"\", index(3), \"A\")"), "string \"  A\"");
        // math.js: range.size is not a function
        assert_eq!(
            reason("subset(\"hello\", index(1), true)"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("subset([1,2,3], index([1,2]), true)"),
            "DenseMatrix [1, 1, 3]"
        );
        assert_eq!(
            answer("subset([1,2,3], index([1,2]), null)"),
            "DenseMatrix [null, null, 3]"
        );
        assert_eq!(
            answer("subset([1,2,3], index([1,2]), [null, null])"),
            "DenseMatrix [null, null, 3]"
        );
        // math.js: Dimension mismatch ([2] > [2, 2])
        assert_eq!(
            reason("subset([1,2,3], index([1,2]), [1;2])"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("subset([1,2;3,4], index([1,2],[1,2]), [5,6])"),
            "DenseMatrix [[5, 6], [5, 6]]"
        );
        assert_eq!(
            answer("subset([1,2;3,4], index([1,2],[1,2]), [5;6])"),
            "DenseMatrix [[5, 5], [6, 6]]"
        );
        assert_eq!(
            answer("subset([1,2;3,4], index([1,2],2), [5;6])"),
            "DenseMatrix [[1, 5], [3, 6]]"
        );
        // math.js: Dimension mismatch ([2, 1] > [2, 2])
        assert_eq!(
            reason("subset([1,2;3,4], index([1,2],2), [5,6])"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("subset([1,2;3,4], index(1, [1,2]), [[7,8]])"),
            "DenseMatrix [[7, 8], [3, 4]]"
        );
        assert_eq!(
            answer("subset([1,2,3], index(5), 9, null)"),
            "DenseMatrix [1, 2, 3, null, 9]"
        );
        assert_eq!(
            answer("subset([1,2,3], index(5), 9, \"x\")"),
            "DenseMatrix [1, 2, 3, \"x\", 9]"
        );
        assert_eq!(
            answer("subset(size([1,2]), index(4), 9)"),
            "Array [2, 0, 0, 9]"
        );
        // math.js: Too many arguments in function subset (expected: 3, actual: 4)
        assert_eq!(
            reason("subset({a: 1}, index(\"b\"), 5, 6)"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("subset({a: 1}, index(\"\"), 3)"),
            "Object {\"a\": 1}"
        );
        assert_eq!(answer("subset(size([1,2]), index([1]), 5)"), "Array [5]");
        assert_eq!(answer("subset(size([1,2]), index(1), 5)"), "Array [5]");
        // math.js: Scalar expected
        assert_eq!(
            reason("subset([1,2,3], index(2), [5])"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("subset(zeros(2,2), index([1,2],[1,2]), [1,2;3,4])"),
            "DenseMatrix [[1, 2], [3, 4]]"
        );
        assert_eq!(
            answer("subset([1,2,3], index([3,1]), [9,8])"),
            "DenseMatrix [8, 2, 9]"
        );
        assert_eq!(
            answer("subset([1,2,3], index([1,1]), [9,8])"),
            "DenseMatrix [8, 2, 3]"
        );
        assert_eq!(
            answer("subset(\"abc\", index(5), \"z\")"),
            "string \"abc z\""
        );
        // math.js: Invalid array length
        assert_eq!(
            reason("subset([1,2,3], index(1e10), 5)"),
            "result_too_large"
        );
        // math.js: Too many arguments in function subset (expected: 4, actual: 5)
        assert_eq!(
            reason("subset([1,2,3], index(2), 5, 0, 1)"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("subset([1,2,3], index(2), index(1))"),
            "DenseMatrix [1, [0], 3]"
        );
        assert_eq!(
            answer("subset([1,2,3], index(5), bigint(9))"),
            "DenseMatrix [1, 2, 3, 0, 9]"
        );
        // math.js: Single character expected as defaultValue
        assert_eq!(
            reason("subset(\"hello\", index(1), \"J\", true)"),
            "evaluation_failed"
        );
        assert_eq!(answer("subset([], index(1), 5)"), "DenseMatrix [5]");
        assert_eq!(
            answer("subset([], index(2,2), 5)"),
            "DenseMatrix [[0, 0], [0, 5]]"
        );
        assert_eq!(
            answer("subset(matrix([]), index([1,2]), [5,6])"),
            "DenseMatrix [5, 6]"
        );
        assert_eq!(
            answer("subset([1,2,3], index([true,true,true]), 0)"),
            "DenseMatrix [0, 0, 0]"
        );
        assert_eq!(
            answer("subset({a:1}, index(\"a\"), [1,2])"),
            "Object {\"a\": [1, 2]}"
        );
    }

    #[test]
    fn other_numeric_types() {
        // Every expected answer below is math.js 15.2's answer to the same expression (run
        // with tests/peer/evaluate.mjs); for a refusal, the comment quotes math.js's message.
        assert_eq!(
            answer_in("subset([1,2,3], index(2))", "BigNumber"),
            "BigNumber 2"
        );
        assert_eq!(
            answer_in("subset([1,2,3], index([1,3]), [8,9])", "BigNumber"),
            "DenseMatrix [8, 2, 9]"
        );
        assert_eq!(
            answer_in("subset([1,2,3], index(5), 9)", "BigNumber"),
            "DenseMatrix [1, 2, 3, 0, 9]"
        );
        assert_eq!(answer_in("index(2)", "BigNumber"), "Index [1]");
        assert_eq!(answer_in("index([1,2])", "BigNumber"), "Index [[0, 1]]");
        assert_eq!(
            answer_in("subset([1,2,3], index([1,3]), [8,9])", "Fraction"),
            "DenseMatrix [8/1, 2/1, 9/1]"
        );
        assert_eq!(answer_in("index([1,2])", "Fraction"), "Index [[0, 1]]");
        // Spec 5.3: Fraction mode takes whole Fractions as indexes (math.js 15.2's own Fraction
        // mode refuses them); the growth fills with math.js's default 0, a safe integer.
        assert_eq!(answer_in("index(2)", "Fraction"), "Index [1]");
        assert_eq!(
            answer_in("subset([1,2,3], index(2))", "Fraction"),
            "Fraction 2/1"
        );
        assert_eq!(
            answer_in("subset([1,2,3], index(5), 9)", "Fraction"),
            "DenseMatrix [1/1, 2/1, 3/1, 0, 9/1]"
        );
        assert_eq!(
            answer_in("subset([1,2,3], index(3/2))", "Fraction"),
            "evaluation_failed: Evaluation failed: Index 3/2 needs whole-number indexes"
        );
    }

    #[test]
    fn hostile_indexes_are_refused_by_the_limits() {
        let limit = |what: &str| {
            format!(
                "result_too_large: Size limit exceeded: subset() would build {what}, over the limit of 1,000,000."
            )
        };
        assert_eq!(
            answer("subset([1], index(1e300), 1)"),
            limit("18,446,744,073,709,551,615 elements")
        );
        assert_eq!(
            answer("subset(\"a\", index(1e300), \"b\")"),
            limit("a string of 18,446,744,073,709,551,615 characters")
        );
        assert_eq!(
            answer("subset([1], index(1:1000, 1:1000, 1:1000, 1:1000, 1:1000, 1:1000, 1:1000), 1)"),
            limit("18,446,744,073,709,551,615 elements")
        );
        assert_eq!(
            answer("subset(zeros(2), index(1001, 1000), 1)"),
            limit("1,001,000 elements")
        );
        assert_eq!(
            answer("count(subset([1], index(1000, 1000), 1))"),
            "number 1000000"
        );
        assert_eq!(reason("index(1:1000000)"), "result_too_large");
        assert_eq!(
            answer("subset([1, 2], index(NaN))"),
            "evaluation_failed: Evaluation failed: Index must be an integer (value: NaN)"
        );
        assert_eq!(
            answer("subset([1, 2], index(Infinity), 3)"),
            "evaluation_failed: Evaluation failed: Invalid size, must contain positive integers (size: [Infinity])"
        );
        assert_eq!(
            answer("subset([1, 2, 3], index(1, Infinity), 7)"),
            "evaluation_failed: Evaluation failed: Invalid size, must contain positive integers (size: [3, Infinity])"
        );
    }
}
