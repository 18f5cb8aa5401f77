//! Reading parts of collections and strings: `A[...]` indexing, 1-based, with math.js's
//! checks and its selection of rows, columns, elements and characters.

use super::*;

/// An index along one dimension: the selected positions (0-based), and whether the dimension is
/// kept (a scalar index drops it).
pub(super) struct Selection {
    positions: Vec<usize>,
    keep: bool,
}

/// The UTF-16 code units of `text` at `positions` (each below its length in units, as
/// JavaScript counts a string), in order, as text: read off the bytes of an ASCII text, without
/// a vector of its units. A lone half of a surrogate pair (`"😀"[1]`), which math.js returns
/// but JSON text cannot carry as a character, becomes U+FFFD.
pub(super) fn select_chars(text: &str, positions: &[usize]) -> String {
    if text.is_ascii() {
        let bytes = text.as_bytes();
        let mut out = String::with_capacity(positions.len());
        out.extend(positions.iter().map(|&p| char::from(bytes[p])));
        return out;
    }
    let units: Vec<u16> = text.encode_utf16().collect();
    let picked: Vec<u16> = positions.iter().map(|&p| units[p]).collect();
    String::from_utf16_lossy(&picked)
}

impl Evaluator {
    /// `value[i, j, ...]` on a matrix, a sparse matrix or a string (section 4.7): each index evaluated with
    /// `end` bound to its dimension's size.
    pub(crate) fn index_into(&mut self, value: Value, dimensions: &[Node], at: usize) -> Evaluated {
        let shape: Vec<usize> = match &value {
            Value::Matrix(m) => m.shape.clone(),
            Value::Sparse(m) => m.shape.clone(),
            // Positions in a string are UTF-16 code units, as JavaScript's (and `size`'s).
            Value::Str(s) => vec![s.encode_utf16().count()],
            _ => return Err(failed("Cannot apply index: unsupported type of object", at)),
        };
        // math.js's order: one literal string is a property, refused at once; otherwise every
        // dimension is evaluated, then their types checked (the `Index` is built), then their
        // count against the value's, then each dimension's positions in turn.
        if let [node] = dimensions
            && let NodeKind::Str(key) = &node.kind
        {
            return Err(CalculateError::new(
                Reason::ParseFailed,
                format!("Invalid expression: No access to property \"{key}\""),
            )
            .at(at));
        }
        if let Value::Matrix(m) = &value
            && let Some(result) = self.element_at_literals(m, dimensions, at)
        {
            return result;
        }
        let mut indexes = Vec::with_capacity(dimensions.len());
        for (d, node) in dimensions.iter().enumerate() {
            let size = shape.get(d).copied().unwrap_or(if dimensions.len() == 1 {
                shape.iter().product()
            } else {
                0
            });
            // math.js's `end` is an argument of a dimension that uses it (`scope.rs`): the
            // dimension's size, undefined past the value's dimensions (so `[1][1, :]` fails on
            // the range, a type_mismatch, before the count of dimensions is compared).
            let index = if crate::eval::assign::uses_end(node) {
                let end = if d < shape.len() || dimensions.len() == 1 {
                    Value::Number(size as f64)
                } else {
                    Value::Undefined
                };
                let context = self.context.with_end(end);
                self.within(context, |s| s.eval(node))
            } else {
                self.eval(node)
            };
            indexes.push((index?, size));
        }
        if indexes.iter().any(|(index, _)| !is_dimension_type(index)) {
            return Err(failed(DIMENSION_TYPES, at));
        }
        if dimensions.len() != shape.len() {
            return Err(failed(
                format!(
                    "Dimension mismatch ({} != {})",
                    dimensions.len(),
                    shape.len()
                ),
                at,
            ));
        }
        let mut selections = Vec::with_capacity(indexes.len());
        for (index, size) in &indexes {
            if let Value::Str(key) = index {
                return Err(failed(
                    format!("Index must be an integer (value: {key})"),
                    at,
                ));
            }
            selections.push(self.selection(index, *size, at)?);
        }
        match value {
            Value::Str(text) => Ok(Value::Str(
                (select_chars(&text, &selections[0].positions)).into(),
            )),
            Value::Matrix(m) => self.select(&m, &selections, at),
            Value::Sparse(s) => match selections.as_slice() {
                [rows, cols] => self.sparse_select(
                    &s,
                    &rows.positions,
                    &cols.positions,
                    !rows.keep && !cols.keep,
                    at,
                ),
                _ => Err(failed("Dimension mismatch", at)),
            },
            _ => Err(failed("Cannot apply index: unsupported type of object", at)),
        }
    }

    /// One dimension's index: a whole number from 1 to `size`, a vector of them (a range or
    /// `[[1, 3]]`), or a boolean mask.
    pub(super) fn selection(
        &mut self,
        index: &Value,
        size: usize,
        at: usize,
    ) -> Result<Selection, CalculateError> {
        let position = |value: &Value| -> Result<usize, CalculateError> {
            let x = match value {
                Value::Number(x) => *x,
                Value::Fraction(f) if f.is_int() => crate::num::fraction::to_f64(f),
                Value::Big(x) => crate::num::bignum::to_f64(x),
                Value::BigInt(n) => crate::eval::bigint::to_f64(n),
                Value::Fraction(f) => {
                    return Err(failed(
                        format!(
                            "Index {} needs whole-number indexes",
                            crate::num::fraction::format(f)
                        ),
                        at,
                    ));
                }
                _ => return Err(failed(DIMENSION_TYPES, at)),
            };
            if x.fract() != 0.0 || !x.is_finite() {
                return Err(failed(
                    format!(
                        "Index must be an integer (value: {})",
                        crate::num::format::format_number(x - 1.0, None)
                    ),
                    at,
                ));
            }
            if x < 1.0 {
                return Err(failed(
                    format!(
                        "Index out of range ({} < 1)",
                        crate::num::format::format_number(x, None)
                    ),
                    at,
                ));
            }
            if x > size as f64 {
                return Err(failed(
                    format!(
                        "Index out of range ({} > {size})",
                        crate::num::format::format_number(x, None)
                    ),
                    at,
                ));
            }
            Ok(x as usize - 1)
        };
        match index {
            Value::Matrix(m)
                if m.data.iter().all(|v| matches!(v, Value::Boolean(_))) && !m.data.is_empty() =>
            {
                if m.data.len() > size {
                    return Err(failed(
                        format!("Index out of range ({} > {size})", m.data.len()),
                        at,
                    ));
                }
                Ok(Selection {
                    positions: m
                        .data
                        .iter()
                        .enumerate()
                        .filter(|(_, v)| matches!(v, Value::Boolean(true)))
                        .map(|(i, _)| i)
                        .collect(),
                    keep: true,
                })
            }
            Value::Matrix(m) if m.data.iter().any(|v| matches!(v, Value::BigInt(_))) => {
                // math.js's index transform subtracts 1 from each element, which JavaScript
                // refuses for a bigint element (a TypeError without typed-function's wrongType
                // category: spec 9.3 rule 11).
                Err(failed(
                    "Cannot mix BigInt and other types, use explicit conversions",
                    at,
                ))
            }
            Value::Matrix(m) => Ok(Selection {
                positions: m.data.iter().map(position).collect::<Result<_, _>>()?,
                keep: true,
            }),
            scalar => Ok(Selection {
                positions: vec![position(scalar)?],
                keep: false,
            }),
        }
    }

    /// A matrix indexed by one number literal per dimension (`b[2]`, `m[1, 2]`) in number mode:
    /// the element, found without the vectors of selections and strides the general path
    /// builds, with the same charges (each literal, then the one-element subset) and the same
    /// errors (an index out of range is refused by [`Evaluator::selection`], as there). `None`
    /// (nothing evaluated) for any other indexing.
    pub(super) fn element_at_literals(
        &mut self,
        m: &Matrix,
        dimensions: &[Node],
        at: usize,
    ) -> Option<Evaluated> {
        if self.fraction_mode
            || self.big_mode
            || dimensions.len() != m.shape.len()
            || !dimensions
                .iter()
                .all(|node| matches!(node.kind, NodeKind::Number(_)))
        {
            return None;
        }
        let mut offset = 0;
        for (node, &size) in dimensions.iter().zip(&m.shape) {
            let index = match self.eval(node) {
                Ok(index) => index,
                Err(error) => return Some(Err(error)),
            };
            let position = match index {
                Value::Number(x) if x.fract() == 0.0 && x >= 1.0 && x <= size as f64 => {
                    x as usize - 1
                }
                other => match self.selection(&other, size, at) {
                    // A scalar's selection is its one position.
                    Ok(selection) => match selection.positions[..] {
                        [position] => position,
                        _ => return Some(Err(failed("Cannot apply index", at))),
                    },
                    Err(error) => return Some(Err(error)),
                },
            };
            offset = offset * size + position;
        }
        if let Err(error) = self.build("subset", 1, at) {
            return Some(Err(error));
        }
        Some(Ok(m.data.get(offset).cloned().unwrap_or(Value::Undefined)))
    }

    /// The sub-matrix the selections pick; the single element when every index is a scalar.
    pub(super) fn select(&mut self, m: &Matrix, selections: &[Selection], at: usize) -> Evaluated {
        let count: u64 = selections
            .iter()
            .map(|s| s.positions.len() as u64)
            .product();
        self.build("subset", count, at)?;
        let strides = m.strides();
        let mut data = Vec::with_capacity(count as usize);
        let mut cursor = vec![0usize; selections.len()];
        if count > 0 {
            // An odometer over the selected positions, the last dimension fastest.
            'positions: loop {
                let offset: usize = cursor
                    .iter()
                    .zip(selections)
                    .zip(&strides)
                    .map(|((c, s), stride)| s.positions[*c] * stride)
                    .sum();
                data.push(m.data[offset].clone());
                let mut d = selections.len();
                loop {
                    if d == 0 {
                        break 'positions;
                    }
                    d -= 1;
                    cursor[d] += 1;
                    if cursor[d] < selections[d].positions.len() {
                        break;
                    }
                    cursor[d] = 0;
                }
            }
        }
        let shape: Vec<usize> = selections
            .iter()
            .filter(|s| s.keep)
            .map(|s| s.positions.len())
            .collect();
        if shape.is_empty() {
            return Ok(data.pop().unwrap_or(Value::Undefined));
        }
        Ok(Value::matrix(Matrix {
            shape,
            data,
            array: m.array,
        }))
    }
}
