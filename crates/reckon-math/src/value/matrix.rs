//! Dense matrices and arrays (spec sections 4.6, 4.7 and 7.6): an n-dimensional block of values
//! stored flat in row-major order with its shape, the way math.js's `DenseMatrix` stores nested
//! arrays. This module holds the structure only (shapes, building, slicing, broadcasting and
//! printing); the evaluator applies operations to the elements.

use crate::value::Value;

/// An n-dimensional matrix; `shape` `[]` never occurs (a scalar is not a matrix).
#[derive(Clone, Debug)]
pub struct Matrix {
    /// The size of each dimension, outermost first: `[2, 3]` is two rows of three.
    pub shape: Vec<usize>,
    /// The elements in row-major order; `data.len()` is the product of `shape`.
    pub data: Vec<Value>,
    /// math.js returns some results as plain arrays rather than matrices (`size`, `mode`,
    /// `quantileSeq` with several probabilities): their type is `Array`, not `DenseMatrix`.
    pub array: bool,
}

/// Why a structural operation failed; the evaluator turns it into evaluation_failed.
pub(crate) type Shaped<T> = Result<T, String>;

impl Matrix {
    /// A one-dimensional matrix.
    pub fn vector(data: Vec<Value>) -> Self {
        Self {
            shape: vec![data.len()],
            data,
            array: false,
        }
    }

    /// A matrix of this shape and data (their sizes must agree).
    pub fn new(shape: Vec<usize>, data: Vec<Value>) -> Self {
        debug_assert_eq!(shape.iter().product::<usize>(), data.len());
        Self {
            shape,
            data,
            array: false,
        }
    }

    /// The same matrix marked as a plain array (resultType `Array`).
    pub fn into_array(mut self) -> Self {
        self.array = true;
        self
    }

    /// An empty matrix of the same shape and kind, for `Matrix { data, ..m.clone_shape() }`.
    pub(crate) fn clone_shape(&self) -> Self {
        Self {
            shape: self.shape.clone(),
            data: Vec::new(),
            array: self.array,
        }
    }

    /// math.js `typeOf`.
    pub fn type_name(&self) -> &'static str {
        if self.array { "Array" } else { "DenseMatrix" }
    }

    /// The number of dimensions.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// Stacks equally shaped items along a new first dimension, as an array literal of rows
    /// does (`[[1, 2], [3, 4]]`, `[1:3, 4:6]`).
    pub(crate) fn stack(items: Vec<Matrix>) -> Shaped<Self> {
        let Some(first) = items.first() else {
            return Ok(Self::vector(Vec::new()));
        };
        let inner = first.shape.clone();
        if let Some(odd) = items.iter().find(|m| m.shape != inner) {
            return Err(dimension_mismatch(&odd.shape, &inner));
        }
        let mut shape = vec![items.len()];
        shape.extend_from_slice(&inner);
        let mut data = Vec::with_capacity(items.len() * first.data.len());
        for item in items {
            data.extend(item.data);
        }
        Ok(Self::new(shape, data))
    }

    /// The strides of each dimension in `data`.
    pub(crate) fn strides(&self) -> Vec<usize> {
        strides(&self.shape)
    }

    /// The items along the first dimension: a vector's elements, a matrix's rows (as matrices).
    pub(crate) fn outer(&self) -> Vec<Value> {
        if self.rank() == 1 {
            return self.data.clone();
        }
        let inner: Vec<usize> = self.shape[1..].to_vec();
        let step = inner.iter().product::<usize>();
        (0..self.shape[0])
            .map(|i| {
                let data = self.data[i * step..(i + 1) * step].to_vec();
                Value::matrix(Matrix::new(inner.clone(), data))
            })
            .collect()
    }

    /// The transpose of a matrix of rank 1 (itself) or 2.
    pub(crate) fn transpose(&self) -> Shaped<Self> {
        match self.shape.as_slice() {
            [_] => Ok(self.clone()),
            [rows, cols] => {
                let (rows, cols) = (*rows, *cols);
                let mut data = Vec::with_capacity(self.data.len());
                for c in 0..cols {
                    for r in 0..rows {
                        data.push(self.data[r * cols + c].clone());
                    }
                }
                Ok(Self::new(vec![cols, rows], data))
            }
            shape => Err(format!(
                "Matrix must be a vector or two dimensional (size: {})",
                show_shape(shape)
            )),
        }
    }

    /// The same matrix with its complex elements conjugated (`ctranspose` and `A'` conjugate
    /// as they transpose).
    pub(crate) fn conjugated(mut self) -> Self {
        for value in &mut self.data {
            if let Value::Complex(z) = value {
                *z = z.conj();
            }
        }
        self
    }

    /// How many slices [`Matrix::slices`] makes along `dim`: the product of the other
    /// dimensions (saturating). An empty matrix may still have a huge one (`zeros(0, 2^53)`), so
    /// callers check this against the build limit before asking for the slices.
    pub(crate) fn slice_count(&self, dim: usize) -> u64 {
        self.shape
            .iter()
            .enumerate()
            .filter(|(d, _)| *d != dim)
            .fold(1u64, |count, (_, &n)| count.saturating_mul(n as u64))
    }

    /// The elements along dimension `dim` for each position of the others: slices of a
    /// reduction such as `sum(A, 1)`. Returns the result's shape (without `dim`) and, for each
    /// of its positions in row-major order, the slice's values.
    pub(crate) fn slices(&self, dim: usize) -> (Vec<usize>, Vec<Vec<Value>>) {
        let strides = self.strides();
        let mut outer_shape = self.shape.clone();
        let length = outer_shape.remove(dim);
        let count: usize = outer_shape.iter().product();
        let mut slices = Vec::with_capacity(count);
        let outer_strides = strides_without(&strides, dim);
        for position in 0..count {
            let mut base = 0;
            let mut rest = position;
            for (size, stride) in outer_shape.iter().zip(&outer_strides).rev() {
                base += (rest % size) * stride;
                rest /= size;
            }
            slices.push(
                (0..length)
                    .map(|k| self.data[base + k * strides[dim]].clone())
                    .collect(),
            );
        }
        (outer_shape, slices)
    }

    /// Rebuilds a matrix from slices along `dim` (the inverse of [`Matrix::slices`] for
    /// slice-preserving maps such as `cumsum(A, dim)`).
    pub(crate) fn from_slices(shape: &[usize], dim: usize, slices: Vec<Vec<Value>>) -> Self {
        let strides = strides(shape);
        let mut outer_shape = shape.to_vec();
        outer_shape.remove(dim);
        let outer_strides = strides_without(&strides, dim);
        let mut data = vec![Value::Number(0.0); shape.iter().product()];
        for (position, slice) in slices.into_iter().enumerate() {
            let mut base = 0;
            let mut rest = position;
            for (size, stride) in outer_shape.iter().zip(&outer_strides).rev() {
                base += (rest % size) * stride;
                rest /= size;
            }
            for (k, value) in slice.into_iter().enumerate() {
                data[base + k * strides[dim]] = value;
            }
        }
        Self::new(shape.to_vec(), data)
    }

    /// Formats as math.js does: `[` elements `, ` `]` per dimension (section 7.6).
    pub(crate) fn format(&self, precision: Option<u32>) -> String {
        if self.shape.is_empty() {
            // Never built (every constructor gives at least one dimension); printed as empty.
            return "[]".to_owned();
        }
        // Room for short elements (`12, `) up front: growing from empty reallocated the text
        // several times for every small matrix. Longer elements grow it as before.
        let guess = self.data.len().saturating_mul(4).saturating_add(8);
        let mut out = String::with_capacity(guess.min(FORMAT_CAP_BYTES));
        self.write(0, 0, precision, &mut out);
        out
    }

    fn write(&self, dim: usize, offset: usize, precision: Option<u32>, out: &mut String) {
        out.push('[');
        let size = self.shape[dim];
        if dim + 1 == self.rank() {
            for i in 0..size {
                if out.len() > FORMAT_CAP_BYTES {
                    return;
                }
                if i > 0 {
                    out.push_str(", ");
                }
                self.data[offset + i].write(precision, out);
            }
        } else {
            let step: usize = self.shape[dim + 1..].iter().product();
            for i in 0..size {
                if out.len() > FORMAT_CAP_BYTES {
                    return;
                }
                if i > 0 {
                    out.push_str(", ");
                }
                self.write(dim + 1, offset + i * step, precision, out);
            }
        }
        out.push(']');
    }
}

impl Matrix {
    /// [`Matrix::format`]'s text appended to `out` for a matrix whose elements are all numbers
    /// (its text is then ASCII without anything JSON escapes): the answer writer's path for
    /// such a result, which needs no string of its own. Stops, answering `false`, once more than
    /// `limit` bytes are written; `None` when an element is not a number (nothing written).
    pub(crate) fn append_numbers(
        &self,
        precision: Option<u32>,
        out: &mut Vec<u8>,
        limit: usize,
    ) -> Option<bool> {
        if !self.data.iter().all(|v| matches!(v, Value::Number(_))) {
            return None;
        }
        if self.shape.is_empty() {
            // As `format`.
            out.extend_from_slice(b"[]");
            return Some(true);
        }
        let end = out.len().saturating_add(limit);
        Some(self.append_level(0, 0, precision, out, end))
    }

    fn append_level(
        &self,
        dim: usize,
        offset: usize,
        precision: Option<u32>,
        out: &mut Vec<u8>,
        end: usize,
    ) -> bool {
        out.push(b'[');
        let size = self.shape[dim];
        let step: usize = self.shape[dim + 1..].iter().product();
        for i in 0..size {
            if out.len() > end {
                return false;
            }
            if i > 0 {
                out.extend_from_slice(b", ");
            }
            if dim + 1 == self.rank() {
                if let Some(Value::Number(x)) = self.data.get(offset + i) {
                    crate::num::format::append_number(*x, precision, out);
                }
            } else if !self.append_level(dim + 1, offset + i * step, precision, out, end) {
                return false;
            }
        }
        out.push(b']');
        out.len() <= end
    }
}

/// Past this many bytes a formatted result certainly has more than the 100,000 UTF-16 code units
/// a result may have (a code unit takes at most 3 bytes), so formatting stops there: the text is
/// refused anyway, and a matrix of long strings must not be written out in full first.
pub(crate) const FORMAT_CAP_BYTES: usize = 300_004;

/// Row-major strides of a shape.
pub(crate) fn strides(shape: &[usize]) -> Vec<usize> {
    let mut strides = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1];
    }
    strides
}

fn strides_without(strides: &[usize], dim: usize) -> Vec<usize> {
    strides
        .iter()
        .enumerate()
        .filter(|(d, _)| *d != dim)
        .map(|(_, s)| *s)
        .collect()
}

/// math.js's message for items of different sizes.
pub(crate) fn dimension_mismatch(got: &[usize], want: &[usize]) -> String {
    match (got.first(), want.first()) {
        (Some(a), Some(b)) if got.len() == want.len() => format!("Dimension mismatch ({a} != {b})"),
        _ => format!("Dimension mismatch ({} != {})", got.len(), want.len()),
    }
}

/// A shape as math.js prints it in messages: `[2, 3]`.
pub(crate) fn show_shape(shape: &[usize]) -> String {
    let parts: Vec<String> = shape.iter().map(usize::to_string).collect();
    format!("[{}]", parts.join(", "))
}

/// The shape two operands broadcast to, found in math.js 15's order so that a refusal names
/// what math.js names: shapes aligned at their last dimension, each dimension the larger of the
/// two sizes; then each operand in turn, the left one first, must have in every dimension that
/// size, 1 or 0, or the message names that operand's shape and (as math.js prints it) its rank.
/// A size 1 stretches; a size 0 cannot (math.js repeats nothing), so operands that still differ
/// after stretching are refused as math.js's element-wise algorithms refuse them, with both
/// stretched shapes.
pub(crate) fn broadcast_shape(a: &[usize], b: &[usize]) -> Shaped<Vec<usize>> {
    let rank = a.len().max(b.len());
    let mut shape = vec![0; rank];
    for operand in [a, b] {
        for (j, size) in operand.iter().enumerate() {
            let most = &mut shape[rank - operand.len() + j];
            *most = (*most).max(*size);
        }
    }
    for operand in [a, b] {
        for (j, size) in operand.iter().enumerate() {
            let to = shape[rank - operand.len() + j];
            if *size > 1 && *size < to {
                return Err(format!(
                    "shape mismatch: mismatch is found in arg with shape ({}) not possible to broadcast dimension {} with size {size} to size {to}",
                    shape_list(operand),
                    operand.len()
                ));
            }
        }
    }
    let stretched = |operand: &[usize]| -> Vec<usize> {
        let padding = rank - operand.len();
        (0..rank)
            .map(|d| match d.checked_sub(padding).map(|j| operand[j]) {
                None | Some(1) => shape[d],
                Some(size) => size,
            })
            .collect()
    };
    let (left, right) = (stretched(a), stretched(b));
    if left != right {
        return Err(format!(
            "Dimension mismatch. Matrix A ({}) must match Matrix B ({})",
            shape_list(&left),
            shape_list(&right)
        ));
    }
    Ok(shape)
}

fn shape_list(shape: &[usize]) -> String {
    let parts: Vec<String> = shape.iter().map(usize::to_string).collect();
    parts.join(",")
}

/// For each position of `target` (row-major), the position in a matrix of shape `source`
/// broadcast to it.
pub(crate) fn broadcast_positions(source: &[usize], target: &[usize]) -> Vec<usize> {
    let total: usize = target.iter().product();
    let offset = target.len() - source.len();
    let source_strides = strides(source);
    let mut positions = Vec::with_capacity(total);
    let mut index = vec![0usize; target.len()];
    for _ in 0..total {
        let mut p = 0;
        for (d, size) in source.iter().enumerate() {
            if *size != 1 {
                p += index[d + offset] * source_strides[d];
            }
        }
        positions.push(p);
        for d in (0..target.len()).rev() {
            index[d] += 1;
            if index[d] < target[d] {
                break;
            }
            index[d] = 0;
        }
    }
    positions
}

/// Counts the leaves of a value (section 10, collection size).
pub(crate) fn leaves(value: &Value) -> usize {
    match value {
        Value::Matrix(m) => m.data.iter().map(leaves).sum(),
        Value::Object(entries) => entries.iter().map(|(_, v)| leaves(v)).sum(),
        Value::Sparse(m) => m.stored().len(),
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(values: &[f64]) -> Vec<Value> {
        values.iter().map(|x| Value::Number(*x)).collect()
    }

    #[test]
    fn formats_nested_and_empty_shapes_as_math_js() {
        let m = Matrix::new(vec![2, 2], numbers(&[1.0, 2.0, 3.0, 4.0]));
        assert_eq!(m.format(None), "[[1, 2], [3, 4]]");
        assert_eq!(Matrix::vector(vec![]).format(None), "[]");
        assert_eq!(Matrix::new(vec![1, 0], vec![]).format(None), "[[]]");
        assert_eq!(Matrix::new(vec![2, 0], vec![]).format(None), "[[], []]");
        assert_eq!(Matrix::new(vec![0, 3], vec![]).format(None), "[]");
    }

    #[test]
    fn broadcasting_follows_numpy_rules() {
        assert_eq!(broadcast_shape(&[2], &[2, 1]), Ok(vec![2, 2]));
        assert_eq!(broadcast_shape(&[3], &[3]), Ok(vec![3]));
        assert!(broadcast_shape(&[2], &[3]).is_err());
        assert_eq!(broadcast_shape(&[1, 3], &[4, 1]), Ok(vec![4, 3]));
        assert_eq!(broadcast_positions(&[2], &[2, 2]), vec![0, 1, 0, 1]);
        assert_eq!(broadcast_positions(&[2, 1], &[2, 2]), vec![0, 0, 1, 1]);
    }

    /// The messages are math.js 15.2's for the same operands (`ones(2, 3) + ones(3, 2)`, ...):
    /// the left operand is checked first, and the "dimension" it prints is the operand's rank.
    #[test]
    fn broadcast_refusals_name_what_math_js_names() {
        let refusal = |a: &[usize], b: &[usize]| broadcast_shape(a, b).err().unwrap_or_default();
        let mismatch = "shape mismatch: mismatch is found in arg with shape";
        assert_eq!(
            refusal(&[2, 3], &[3, 2]),
            format!("{mismatch} (2,3) not possible to broadcast dimension 2 with size 2 to size 3")
        );
        assert_eq!(
            refusal(&[3, 2], &[2, 3]),
            format!("{mismatch} (3,2) not possible to broadcast dimension 2 with size 2 to size 3")
        );
        assert_eq!(
            refusal(&[3], &[2, 2]),
            format!("{mismatch} (2,2) not possible to broadcast dimension 2 with size 2 to size 3")
        );
        assert_eq!(
            refusal(&[2, 1, 3], &[4, 2]),
            format!("{mismatch} (4,2) not possible to broadcast dimension 2 with size 2 to size 3")
        );
        assert_eq!(
            refusal(&[2, 0], &[2, 2]),
            "Dimension mismatch. Matrix A (2,0) must match Matrix B (2,2)"
        );
        assert_eq!(
            refusal(&[1, 0], &[2]),
            "Dimension mismatch. Matrix A (1,0) must match Matrix B (1,2)"
        );
        assert_eq!(
            refusal(&[2], &[0]),
            "Dimension mismatch. Matrix A (2) must match Matrix B (0)"
        );
    }

    #[test]
    fn slices_and_their_inverse() {
        let m = Matrix::new(vec![2, 3], numbers(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]));
        let (shape, columns) = m.slices(0);
        assert_eq!(shape, vec![3]);
        assert_eq!(columns.len(), 3);
        assert_eq!(Matrix::vector(columns[1].clone()).format(None), "[2, 5]");
        let (_, rows) = m.slices(1);
        assert_eq!(Matrix::vector(rows[1].clone()).format(None), "[4, 5, 6]");
        assert_eq!(
            Matrix::from_slices(&[2, 3], 1, rows).format(None),
            m.format(None)
        );
        assert_eq!(
            m.transpose().map(|t| t.format(None)),
            Ok("[[1, 4], [2, 5], [3, 6]]".into())
        );
    }
}
