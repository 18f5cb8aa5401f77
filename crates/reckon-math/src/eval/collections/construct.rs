//! Constructing and reshaping collections: `zeros`/`ones`-style fills, `identity`,
//! `range()`, `concat`, `reshape`, `resize`, `diag`, `column`/`row`, `diff`, `transpose`,
//! `matrix()` and `sparse()`.

use super::*;

/// An identity matrix of numbers.
pub(super) fn identity(rows: usize, cols: usize) -> Matrix {
    let mut data = vec![Value::Number(0.0); rows * cols];
    for i in 0..rows.min(cols) {
        data[i * cols + i] = Value::Number(1.0);
    }
    Matrix::new(vec![rows, cols], data)
}

pub(super) fn squeeze(value: &Value) -> Value {
    let Value::Matrix(m) = value else {
        return value.clone();
    };
    let shape: Vec<usize> = m.shape.iter().copied().filter(|&n| n != 1).collect();
    if shape.is_empty() && m.data.len() == 1 {
        return m.data[0].clone();
    }
    let shape = if shape.is_empty() {
        vec![m.data.len()]
    } else {
        shape
    };
    Value::matrix(Matrix {
        shape,
        data: m.data.clone(),
        array: m.array,
    })
}

impl Evaluator {
    /// `zeros(m, n, ...)` and `ones(...)`: sizes as arguments or as one list; numbers even in
    /// Fraction mode, as math.js builds them.
    pub(crate) fn filled(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let shape = sizes(values, at)?;
        // No size is the empty matrix.
        let shape = if shape.is_empty() { vec![0] } else { shape };
        self.build_shape(name, &shape, at)?;
        // Numbers, or BigNumbers in BigNumber mode (math.js builds them in the configured type;
        // in Fraction mode the spec keeps numbers, 5.3).
        let fill = self.small_integer(if name == "ones" { 1 } else { 0 });
        let array = matches!(values, [Value::Matrix(m)] if m.array);
        Ok(Value::matrix(Matrix {
            data: vec![fill; shape.iter().product()],
            shape,
            array,
        }))
    }

    /// `transpose(A)`, or `ctranspose(A)` and `A'` (conjugating), of a dense matrix. An empty
    /// matrix's new rows count as a build: `zeros(0, 10^9)'` is 10^9 empty rows.
    pub(crate) fn dense_transpose(
        &mut self,
        m: &Matrix,
        conjugate: bool,
        name: &str,
        at: usize,
    ) -> Evaluated {
        if let [rows, cols] = m.shape.as_slice()
            && m.data.is_empty()
        {
            self.build_shape(name, &[*cols, *rows], at)?;
        }
        let transposed = m.transpose().map_err(|d| failed(d, at))?;
        Ok(Value::matrix(if conjugate {
            transposed.conjugated()
        } else {
            transposed
        }))
    }

    pub(crate) fn identity_of(&mut self, values: &[Value], at: usize) -> Evaluated {
        let shape = sizes(values, at)?;
        let (rows, cols) = match shape.as_slice() {
            [n] => (*n, *n),
            [r, c] => (*r, *c),
            _ => return Err(failed("identity() takes one or two sizes", at)),
        };
        self.build_shape("identity", &[rows, cols], at)?;
        let mut m = identity(rows, cols);
        // math.js: sizes given as a plain Array (`identity(size(A))`) give an Array.
        m.array = matches!(values.first(), Some(Value::Matrix(sizes)) if sizes.array);
        if self.big_mode {
            for value in &mut m.data {
                if let Value::Number(x) = value {
                    *value = Value::Big(crate::num::bignum::from_f64(*x));
                }
            }
        }
        Ok(Value::matrix(m))
    }

    /// 0 or 1 as the mode builds them for `zeros`, `ones` and `identity`.
    pub(super) fn small_integer(&self, n: i64) -> Value {
        if self.big_mode {
            Value::Big(crate::num::bignum::Big::from_i64(n))
        } else {
            Value::Number(n as f64)
        }
    }

    /// `range(start, end[, step][, includeEnd])` and `range("start:step:end")`.
    pub(super) fn range_function(&mut self, values: &[Value], at: usize) -> Evaluated {
        if let [Value::Str(text)] = values {
            let parts: Vec<f64> = text
                .split(':')
                .map(|p| {
                    crate::functions::to_number(&Value::Str(p.to_owned().into()))
                        .unwrap_or(f64::NAN)
                })
                .collect();
            let (start, step, end) = match parts.as_slice() {
                [a, b] if !a.is_nan() && !b.is_nan() => (*a, 1.0, *b),
                [a, s, b] if !a.is_nan() && !s.is_nan() && !b.is_nan() => (*a, *s, *b),
                _ => return Err(failed(format!("String \"{text}\" is no valid range"), at)),
            };
            return self.range(
                Value::Number(start),
                Some(Value::Number(step)),
                Value::Number(end),
                true,
                at,
            );
        }
        let (start, end, step, include_end) = match values {
            [a, b] => (a, b, None, true),
            [a, b, Value::Boolean(include)] => (a, b, None, *include),
            [a, b, s] => (a, b, Some(s.clone()), true),
            [a, b, s, Value::Boolean(include)] => (a, b, Some(s.clone()), *include),
            _ => {
                return Err(failed(
                    "range() takes (start, end[, step][, includeEnd])",
                    at,
                ));
            }
        };
        self.range(start.clone(), step, end.clone(), include_end, at)
    }

    pub(super) fn concat(&mut self, values: &[Value], at: usize) -> Evaluated {
        if values.iter().all(|v| matches!(v, Value::Str(_))) {
            let parts = || {
                values.iter().map(|v| match v {
                    Value::Str(s) => s.as_str(),
                    _ => "",
                })
            };
            // Counted, checked and charged before the text is made.
            let length: u64 = parts().map(|s| s.encode_utf16().count() as u64).sum();
            if length > MAX_BUILD {
                return Err(CalculateError::new(
                    Reason::ResultTooLarge,
                    format!("Size limit exceeded: concat() would build a string of {} characters, over the limit of 1,000,000.", thousands(length)),
                )
                .at(at));
            }
            self.build("concat", length, at)?;
            let text: String = parts().collect();
            return Ok(Value::Str(text.into()));
        }
        let (matrices, dim) = match values.split_last() {
            Some((last, rest)) if !matches!(last, Value::Matrix(_)) && !rest.is_empty() => {
                (rest, Some(last))
            }
            _ => (values, None),
        };
        // math.js checks (and converts) every argument's type before it reads their roles.
        for (i, value) in values.iter().enumerate() {
            match value {
                Value::Matrix(_)
                | Value::Number(_)
                | Value::Big(_)
                | Value::Fraction(_)
                | Value::Boolean(_)
                | Value::BigInt(_) => {}
                Value::Str(_) if crate::functions::to_number(value).is_ok() => {}
                Value::Str(text) => {
                    return Err(mismatch(
                        format!("Cannot convert \"{text}\" to a number"),
                        at,
                    ));
                }
                other => {
                    return Err(mismatch(
                        format!(
                            "Unexpected type of argument in function concat (actual: {}, index: {i})",
                            other.type_name()
                        ),
                        at,
                    ));
                }
            }
        }
        let mut parts = Vec::with_capacity(matrices.len());
        for value in matrices {
            match value {
                Value::Matrix(m) => parts.push(m.clone()),
                // math.js reads a scalar before the last argument as a misplaced dimension.
                Value::Number(_)
                | Value::Big(_)
                | Value::Fraction(_)
                | Value::Boolean(_)
                | Value::BigInt(_)
                | Value::Str(_) => {
                    return Err(failed("Dimension must be specified as last argument", at));
                }
                other => {
                    return Err(mismatch(
                        format!(
                            "Unexpected type of argument in function concat (actual: {})",
                            other.type_name()
                        ),
                        at,
                    ));
                }
            }
        }
        let rank = parts[0].rank();
        let dim = match dim {
            // math.js's transform makes only a number or BigNumber dimension 0-based: a boolean
            // reaches concat as it is, 0-based (false is the first dimension).
            Some(Value::Boolean(b)) => {
                let d = usize::from(*b);
                if d >= rank {
                    return Err(failed(
                        format!("Index out of range ({} > {rank})", d + 1),
                        at,
                    ));
                }
                d
            }
            Some(d) => self.dimension(d, &parts[0].shape, at)?,
            None => rank - 1,
        };
        let mut shape = parts[0].shape.clone();
        for part in &parts[1..] {
            if part.rank() != rank {
                return Err(failed(
                    format!("Dimension mismatch ({} != {rank})", part.rank()),
                    at,
                ));
            }
            for (d, (have, want)) in part.shape.iter().zip(&shape).enumerate() {
                if d != dim && have != want {
                    return Err(failed(format!("Dimension mismatch ({have} != {want})"), at));
                }
            }
            shape[dim] += part.shape[dim];
        }
        self.build_shape("concat", &shape, at)?;
        let count: usize = shape.iter().product();
        let blocks: Vec<usize> = parts
            .iter()
            .map(|p| p.shape[dim..].iter().product())
            .collect();
        let outer: usize = shape[..dim].iter().product();
        let mut data = Vec::with_capacity(count);
        for o in 0..outer {
            for (part, block) in parts.iter().zip(&blocks) {
                data.extend_from_slice(&part.data[o * block..(o + 1) * block]);
            }
        }
        let array = parts.iter().all(|p| p.array);
        Ok(Value::matrix(Matrix { shape, data, array }))
    }

    pub(super) fn reshape(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                "Unexpected type of argument in function reshape",
                at,
            ));
        };
        let shape = reshape_sizes(&values[1], m.data.len(), at)?;
        self.build_shape("reshape", &shape, at)?;
        Ok(Value::matrix(Matrix {
            shape,
            data: m.data.clone(),
            array: m.array,
        }))
    }

    pub(super) fn diag(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                "Unexpected type of argument in function diag (expected: Array or Matrix)",
                at,
            ));
        };
        // math.js's storage format in the second place: "dense" is the default; another
        // name than "sparse" is refused by math.js's own check (spec 9.3 rule 11).
        let mut dense = false;
        let k = match values.get(1) {
            Some(Value::Str(format)) if &**format == "dense" => {
                dense = true;
                0
            }
            Some(Value::Str(format)) if &**format != "sparse" => {
                return Err(failed(format!("Unknown matrix type \"{format}\"."), at));
            }
            // Clamped far beyond any size the build limit admits, so negation cannot overflow.
            Some(v) => whole_number(v, at)?.clamp(-1e15, 1e15) as i64,
            None => 0,
        };
        let array = m.array && !dense;
        match m.shape.as_slice() {
            [n] => {
                // math.js: n + k columns above the diagonal (k > 0), n - k rows below it.
                let offset = k.unsigned_abs() as usize;
                let (rows, cols) = if k >= 0 {
                    (*n, *n + offset)
                } else {
                    (*n + offset, *n)
                };
                match (rows as u64).checked_mul(cols as u64) {
                    Some(c) if c <= MAX_BUILD => self.build("diag", c, at)?,
                    other => return Err(build_limit("diag", other, at)),
                }
                let mut data = vec![Value::Number(0.0); rows * cols];
                for (i, value) in m.data.iter().enumerate() {
                    let (r, c) = if k >= 0 {
                        (i, i + offset)
                    } else {
                        (i + offset, i)
                    };
                    data[r * cols + c] = value.clone();
                }
                Ok(Value::matrix(Matrix {
                    shape: vec![rows, cols],
                    data,
                    array,
                }))
            }
            [rows, cols] => {
                let (rows, cols) = (*rows as i64, *cols as i64);
                // math.js sizes the diagonal min(rows + k, cols) below the main one and
                // min(rows, cols − k) above it; a negative size is its dimension mismatch.
                let length = if k >= 0 {
                    rows.min(cols - k)
                } else {
                    (rows + k).min(cols)
                };
                if length < 0 {
                    return Err(failed(format!("Dimension mismatch (0 != {length})"), at));
                }
                let mut data = Vec::new();
                let (mut r, mut c) = if k >= 0 { (0, k) } else { (-k, 0) };
                while r < rows && c < cols {
                    data.push(m.data[(r * cols + c) as usize].clone());
                    r += 1;
                    c += 1;
                }
                self.build("diag", data.len() as u64, at)?;
                Ok(Value::matrix(Matrix {
                    shape: vec![data.len()],
                    data,
                    array,
                }))
            }
            _ => Err(failed("Matrix for function diag must be 2 dimensional", at)),
        }
    }

    pub(super) fn column_or_row(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                format!("Unexpected type of argument in function {name}"),
                at,
            ));
        };
        let [rows, cols] = m.shape.as_slice() else {
            return Err(failed("Only two dimensional matrix is supported", at));
        };
        let (rows, cols) = (*rows, *cols);
        let size = if name == "column" { cols } else { rows };
        let i = whole_number(&values[1], at)?;
        if i < 1.0 || i > size as f64 {
            return Err(failed(
                format!(
                    "Index out of range ({} > {size})",
                    crate::num::format::format_number(i, None)
                ),
                at,
            ));
        }
        let i = i as usize - 1;
        let (shape, data) = if name == "column" {
            (
                vec![rows, 1],
                (0..rows).map(|r| m.data[r * cols + i].clone()).collect(),
            )
        } else {
            (vec![1, cols], m.data[i * cols..(i + 1) * cols].to_vec())
        };
        Ok(Value::matrix(Matrix {
            shape,
            data,
            array: m.array,
        }))
    }

    pub(super) fn diff(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                "Unexpected type of argument in function diff (expected: Array or Matrix)",
                at,
            ));
        };
        let dim = match values.get(1) {
            Some(d) => self.dimension(d, &m.shape, at)?,
            None => 0,
        };
        self.build("diff", m.slice_count(dim), at)?;
        let (_, slices) = m.slices(dim);
        let mut out = Vec::with_capacity(slices.len());
        for slice in &slices {
            let mut differences = Vec::with_capacity(slice.len().saturating_sub(1));
            for pair in slice.windows(2) {
                differences.push(self.binary(
                    Op::Subtract,
                    &pair[1],
                    &pair[0],
                    false,
                    (at, at),
                    at,
                )?);
            }
            out.push(differences);
        }
        let mut shape = m.shape.clone();
        shape[dim] = shape[dim].saturating_sub(1);
        self.build("diff", shape.iter().product::<usize>() as u64, at)?;
        let mut result = Matrix::from_slices(&shape, dim, out);
        result.array = m.array;
        Ok(Value::matrix(result))
    }

    /// `matrix()`, `matrix(format)`, `matrix(format, datatype)`, `matrix(A)`,
    /// `matrix(A, format)` and `matrix(A, format, datatype)`, math.js's signatures: the format
    /// is "dense" (or "default", or none) or "sparse"; a sparse datatype is checked as
    /// [`check_sparse_datatype`] says, a dense one is kept by math.js unchecked and changes
    /// nothing here either. A boolean where a string goes is the string JavaScript makes of it.
    pub(super) fn matrix_function(&mut self, values: &[Value], at: usize) -> Evaluated {
        const STRING: &str = "string or boolean";
        let (data, format, datatype) = match values {
            [] => (None, None, None),
            [Value::Matrix(_) | Value::Sparse(_)] => (values.first(), None, None),
            [first, rest @ ..] => {
                let data = match first {
                    Value::Matrix(_) | Value::Sparse(_) => Some(first),
                    // Three arguments need data first; after a format (a string or a boolean)
                    // they are one too many, and anything else is the wrong type of data.
                    Value::Str(_) | Value::Boolean(_) if rest.len() == 2 => {
                        return Err(failed(
                            "matrix() takes 0 to 2 argument(s) when the first is a format, got 3",
                            at,
                        ));
                    }
                    _ if rest.len() == 2 => {
                        return Err(argument_type(
                            "matrix",
                            "string or Array or Matrix or boolean",
                            first,
                            0,
                            at,
                        ));
                    }
                    _ => None,
                };
                let strings_from = usize::from(data.is_some());
                let mut strings = Vec::with_capacity(2);
                for (index, value) in values.iter().enumerate().skip(strings_from) {
                    let expected = if index == 0 {
                        "string or Array or Matrix or boolean"
                    } else {
                        STRING
                    };
                    strings.push(string_argument("matrix", expected, value, index, at)?);
                }
                let mut strings = strings.into_iter();
                (data, strings.next(), strings.next())
            }
        };
        match format.as_deref() {
            None | Some("dense" | "default") => match data {
                None => Ok(Value::matrix(Matrix::vector(Vec::new()))),
                Some(Value::Sparse(m)) if format.is_some() => Ok(Value::matrix(m.to_dense())),
                Some(Value::Sparse(m)) => Ok(Value::Sparse(Rc::clone(m))),
                Some(Value::Matrix(m)) => Ok(Value::matrix(Matrix {
                    array: false,
                    ..Matrix::clone(m)
                })),
                Some(other) => Err(argument_type("matrix", "Array or Matrix", other, 0, at)),
            },
            Some("sparse") => {
                if let Some(datatype) = &datatype
                    && !matches!(data, Some(Value::Sparse(_)))
                {
                    check_sparse_datatype(datatype, at)?;
                }
                self.sparse(data, at)
            }
            Some(other) => Err(failed(format!("Unknown matrix type \"{other}\"."), at)),
        }
    }

    /// `sparse()`, `sparse(datatype)`, `sparse(A)` and `sparse(A, datatype)`: see
    /// [`Evaluator::sparse`] and [`check_sparse_datatype`].
    pub(super) fn sparse_constructor(&mut self, values: &[Value], at: usize) -> Evaluated {
        let (data, datatype) = match values {
            [] => (None, None),
            [data @ (Value::Matrix(_) | Value::Sparse(_)), rest @ ..] => {
                let datatype = rest
                    .first()
                    .map(|d| string_argument("sparse", "string or boolean", d, 1, at))
                    .transpose()?;
                (Some(data), datatype)
            }
            [Value::Str(_) | Value::Boolean(_)] => {
                let datatype = string_argument("sparse", "string", &values[0], 0, at)?;
                (None, Some(datatype))
            }
            [other, ..] => {
                return Err(argument_type(
                    "sparse",
                    "string or Array or Matrix or boolean",
                    other,
                    0,
                    at,
                ));
            }
        };
        if let Some(datatype) = &datatype
            && !matches!(data, Some(Value::Sparse(_)))
        {
            check_sparse_datatype(datatype, at)?;
        }
        self.sparse(data, at)
    }

    /// `sparse(A)`: a two-dimensional sparse matrix (a vector becomes one column); no argument or
    /// `[]` gives the empty 0×0 one. Entries must be numbers, booleans, Fractions or Complex.
    pub(crate) fn sparse(&mut self, data: Option<&Value>, at: usize) -> Evaluated {
        let matrix = match data {
            None => Matrix::new(vec![0, 0], Vec::new()),
            Some(Value::Sparse(m)) => return Ok(Value::Sparse(Rc::clone(m))),
            Some(Value::Matrix(m)) => match m.shape.as_slice() {
                [0] => Matrix::new(vec![0, 0], Vec::new()),
                [n] => Matrix::new(vec![*n, 1], m.data.clone()),
                [_, _] => Matrix {
                    array: false,
                    ..Matrix::clone(m)
                },
                shape => {
                    return Err(failed(
                        format!(
                            "SparseMatrix only supports two dimensions (size: {})",
                            matrix::show_shape(shape)
                        ),
                        at,
                    ));
                }
            },
            Some(other) => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function sparse (expected: string or Array or Matrix or boolean, actual: {}, index: 0)",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        for value in &matrix.data {
            match value {
                Value::Number(_) | Value::Boolean(_) | Value::Fraction(_) | Value::Complex(_) => {}
                other => {
                    crate::functions::to_number(other)
                        .map_err(|e| crate::error::function_error(e, "sparse", at))?;
                }
            }
        }
        // Its columns are stored one by one (math.js keeps a pointer per column too), so an
        // empty matrix with a huge dimension (`zeros(0, 2^53)`) is a huge build.
        let widest = matrix.shape.iter().map(|&n| n as u64).max().unwrap_or(0);
        self.build("sparse", (matrix.data.len() as u64).max(widest), at)?;
        Ok(Value::Sparse(Rc::new(SparseMatrix::from_dense(matrix))))
    }

    /// `resize(A, size[, default])`: A cut to the new size, or padded with 0 (or the default);
    /// an element keeps its index in every dimension the old matrix has.
    pub(super) fn resize(&mut self, values: &[Value], at: usize) -> Evaluated {
        if let Value::Str(text) = &values[0] {
            return self.resize_text(text, values, at);
        }
        let (m, array) = match &values[0] {
            Value::Matrix(m) => (Matrix::clone(m), m.array),
            other => (Matrix::vector(vec![other.clone()]), false),
        };
        let shape = sizes(&values[1..2], at)?;
        if shape.is_empty() {
            // No dimensions left: math.js returns the first element (or the default).
            return Ok(m
                .data
                .first()
                .cloned()
                .or_else(|| values.get(2).cloned())
                .unwrap_or(Value::Number(0.0)));
        }
        self.build_shape("resize", &shape, at)?;
        let fill = values.get(2).cloned().unwrap_or(Value::Number(0.0));
        let old_strides = m.strides();
        let new_strides = matrix::strides(&shape);
        let total: usize = shape.iter().product();
        let mut data = Vec::with_capacity(total);
        for offset in 0..total {
            let mut source = Some(0usize);
            for (d, (stride, size)) in new_strides.iter().zip(&shape).enumerate() {
                let i = (offset / stride) % size;
                // A dimension the old matrix lacks holds it only at index 0.
                source = match (source, m.shape.get(d)) {
                    (Some(s), Some(&old)) if i < old => Some(s + i * old_strides[d]),
                    (Some(s), None) if i == 0 => Some(s),
                    _ => None,
                };
            }
            // Dimensions the new size drops keep their first index.
            data.push(match source {
                Some(s) if s < m.data.len() => m.data[s].clone(),
                _ => fill.clone(),
            });
        }
        Ok(Value::matrix(Matrix { shape, data, array }))
    }

    /// `resize` of a string, as math.js 15.2 does it: one size, in UTF-16 code units (the
    /// string is cut, or padded with the default, a single character, space when omitted; a
    /// negative size cuts everything).
    fn resize_text(&mut self, text: &str, values: &[Value], at: usize) -> Evaluated {
        let fill = match values.get(2) {
            None => u16::from(b' '),
            Some(Value::Str(s)) if s.encode_utf16().count() == 1 => {
                s.encode_utf16().next().unwrap_or(u16::from(b' '))
            }
            Some(_) => return Err(failed("Single character expected as defaultValue", at)),
        };
        let list = match &values[1] {
            Value::Matrix(m) if m.rank() == 1 => &m.data,
            Value::Matrix(m) => {
                return Err(failed(
                    format!(
                        "Dimension mismatch ({} != 1)",
                        m.shape.first().unwrap_or(&0)
                    ),
                    at,
                ));
            }
            _ => return Err(failed("Dimension mismatch (undefined != 1)", at)),
        };
        let [size] = list.as_slice() else {
            return Err(failed(
                format!("Dimension mismatch ({} != 1)", list.len()),
                at,
            ));
        };
        let invalid = || {
            failed(
                format!(
                    "Invalid size, must contain positive integers (size: {})",
                    values[1].format(None)
                ),
                at,
            )
        };
        let length = match size {
            Value::Number(x) if x.fract() == 0.0 && x.is_finite() => *x,
            Value::Big(_) | Value::Fraction(_) => whole_number(size, at).map_err(|_| invalid())?,
            _ => return Err(invalid()),
        };
        let units: Vec<u16> = text.encode_utf16().collect();
        let length = length.clamp(0.0, MAX_BUILD as f64) as usize;
        self.build("resize", length.saturating_sub(units.len()) as u64, at)?;
        let mut out: Vec<u16> = units.into_iter().take(length).collect();
        out.resize(length, fill);
        Ok(Value::Str(String::from_utf16_lossy(&out).into()))
    }
}

/// `reshape`'s sizes for a matrix of `length` elements, checked in math.js 15.2's order: none
/// at all, a wildcard `-1` (at most one; it takes what the others leave, when they divide the
/// length), then the product against the length (`Dimension mismatch (new != old)`). Sizes that
/// multiply to the length but are not whole and positive are refused (math.js answers `[]` for
/// `[-2, -2]`).
fn reshape_sizes(sizes: &Value, length: usize, at: usize) -> Result<Vec<usize>, CalculateError> {
    let list: Vec<f64> = match sizes {
        Value::Matrix(m) if m.rank() == 1 => m
            .data
            .iter()
            .map(|v| match v {
                Value::Number(x) => Ok(*x),
                Value::Fraction(f) => Ok(crate::num::fraction::to_f64(f)),
                other => whole_number(other, at),
            })
            .collect::<Result<_, _>>()?,
        other => return sizes_of(std::slice::from_ref(other), length, at),
    };
    if list.is_empty() {
        return Err(failed(format!("Dimension mismatch (0 != {length})"), at));
    }
    let mut list = list;
    let wildcards = list.iter().filter(|&&x| x == -1.0).count();
    if wildcards > 1 {
        return Err(failed("More than one wildcard in sizes", at));
    }
    let product: f64 = list.iter().product();
    if wildcards == 1 {
        let quotient = length as f64 / -product;
        if product == 0.0 || quotient.fract() != 0.0 {
            return Err(failed(
                format!(
                    "Could not replace wildcard, since {length} is no multiple of {}",
                    crate::num::format::format_number(-product + 0.0, None)
                ),
                at,
            ));
        }
        if let Some(slot) = list.iter_mut().find(|x| **x == -1.0) {
            *slot = quotient;
        }
    }
    let product: f64 = list.iter().product();
    if product != length as f64 {
        return Err(failed(
            format!(
                "Dimension mismatch ({} != {length})",
                crate::num::format::format_number(product, None)
            ),
            at,
        ));
    }
    let whole: Vec<Value> = list.into_iter().map(Value::Number).collect();
    sizes_of(&whole, length, at)
}

/// [`sizes`], refused as math.js refuses a product that is not the length.
fn sizes_of(values: &[Value], length: usize, at: usize) -> Result<Vec<usize>, CalculateError> {
    let shape = sizes(values, at)?;
    let count = shape
        .iter()
        .try_fold(1usize, |p, &n| p.checked_mul(n))
        .unwrap_or(usize::MAX);
    if count != length || shape.is_empty() {
        return Err(failed(
            format!("Dimension mismatch ({count} != {length})"),
            at,
        ));
    }
    Ok(shape)
}
