//! The geometry and rotation functions of the catalogue (spec section 6.1): `rotate`,
//! `rotationMatrix`, `distance` and `intersect`, as math.js 15.2 computes them.
//!
//! Every arithmetic step goes through the evaluator's scalar operators, so numbers, BigNumbers,
//! Complex angles and (for `intersect`) Fractions follow the same rules as the operators, and
//! the order of the operations is math.js's, which shows in the last digits. Facts of math.js
//! that the results depend on:
//!
//! - `rotationMatrix(theta, v)` normalises the axis with JavaScript's `/` (so the axis and its
//!   norm become binary64 numbers even for BigNumbers, and a BigNumber angle turns the
//!   quotients back into BigNumbers from their shortest digits), and refuses only a norm that
//!   is the number 0;
//! - `rotate(w, theta)` returns a plain array for a plain-array `w` and a matrix otherwise; with
//!   an axis it returns what the product of the rotation matrix and `w` is;
//! - `distance` accepts only numbers and BigNumbers as coordinates (`intersect` also accepts
//!   Fractions and booleans), sees a matrix as its nested rows, and answers a list of points
//!   pairwise as a plain array;
//! - `intersect` of two parallel (or skew) lines is `null`; of a line parallel to a plane it is
//!   what the formula gives (non-finite, refused by step 10d).

use crate::CalculateError;
use crate::eval::{
    Evaluated, Evaluator, compare, failed, fraction_unsupported_function, js_number, mismatch,
    not_implemented,
};
use crate::syntax::ast::Op;
use crate::value::Value;
use crate::value::matrix::{self, Matrix};
use std::rc::Rc;

/// The types math.js names when an angle has the wrong type.
const ANGLE_TYPES: &str =
    "number or Complex or BigNumber or Unit or bigint or Fraction or string or boolean";

/// A coordinate as math.js sees it after turning a matrix into nested arrays: a scalar, or a
/// nested row (which is no number).
#[derive(Clone)]
enum Item {
    Scalar(Value),
    Nested(Value),
}

impl Item {
    /// `typeof a === 'number' || isBigNumber(a)`, math.js `distance`'s test.
    fn is_number(&self) -> bool {
        matches!(self, Item::Scalar(Value::Number(_) | Value::Big(_)))
    }

    /// math.js `isNumeric`, `intersect`'s test: numbers, BigNumbers, Fractions and booleans
    /// (a nested array answers an array, which JavaScript takes as true).
    fn is_numeric(&self) -> bool {
        matches!(
            self,
            Item::Scalar(Value::Number(_) | Value::Big(_) | Value::Fraction(_) | Value::Boolean(_))
                | Item::Nested(_)
        )
    }

    fn value(&self) -> &Value {
        match self {
            Item::Scalar(v) | Item::Nested(v) => v,
        }
    }
}

/// A matrix as a JavaScript array of its first dimension: the elements of a vector, the rows
/// of anything larger.
fn items(m: &Matrix) -> Vec<Item> {
    match m.shape.as_slice() {
        [_] => m.data.iter().cloned().map(Item::Scalar).collect(),
        [] => Vec::new(),
        [rows, inner @ ..] => {
            let size: usize = inner.iter().product();
            (0..*rows)
                .map(|r| {
                    let data = m.data.get(r * size..(r + 1) * size).unwrap_or(&[]).to_vec();
                    Item::Nested(Value::matrix(Matrix {
                        shape: inner.to_vec(),
                        data,
                        array: true,
                    }))
                })
                .collect()
        }
    }
}

/// A value as JavaScript's `/` reads it (`valueOf`): numbers, BigNumbers and Fractions by their
/// value, booleans as 0 or 1, numeric strings, and a Complex only when it is real.
fn as_js_number(value: &Value) -> f64 {
    match value {
        Value::Fraction(f) => crate::num::fraction::to_f64(f),
        Value::Complex(z) if z.im == 0.0 => z.re,
        other => js_number(other),
    }
}

impl Evaluator {
    fn scalar(&mut self, op: Op, a: &Value, b: &Value, at: usize) -> Evaluated {
        self.binary(op, a, b, false, (at, at), at)
    }

    fn builtin_call(&mut self, name: &'static str, args: Vec<Value>, at: usize) -> Evaluated {
        let row = crate::functions::builtin(name)
            .ok_or_else(|| not_implemented(&format!("{name}()"), at))?;
        self.call_builtin(row, name, args, at)
    }

    /// A product of several scalars, left to right (math.js's `_mul`).
    fn product_of(&mut self, factors: &[&Value], at: usize) -> Evaluated {
        let mut iter = factors.iter();
        let mut out = match iter.next() {
            Some(first) => (*first).clone(),
            None => return Ok(Value::Number(1.0)),
        };
        for f in iter {
            out = self.scalar(Op::Multiply, &out, f, at)?;
        }
        Ok(out)
    }

    /// An angle argument as math.js's typed conversion gives it: numbers, BigNumbers and Complex
    /// as they are, booleans and numeric strings as numbers; a Fraction has no conversion here.
    fn angle(&mut self, function: &str, value: &Value, index: usize, at: usize) -> Evaluated {
        match value {
            Value::Number(_) | Value::Big(_) | Value::Complex(_) => Ok(value.clone()),
            Value::Boolean(_) | Value::Str(_) => crate::functions::to_number(value)
                .map(Value::Number)
                .map_err(|e| crate::error::function_error(e, function, at)),
            Value::Fraction(_) => Err(fraction_unsupported_function(at)),
            // typed-function's wrongType: spec 9.3 rule 10.
            Value::Matrix(_) if function == "rotationMatrix" && index == 0 => Err(mismatch(
                "Function 'rotationMatrix' doesn't apply to matrices. To call it elementwise on a matrix 'M', try 'map(M, rotationMatrix)'.",
                at,
            )),
            other => {
                let expected = if function == "rotationMatrix" {
                    "number or Complex or BigNumber or Unit or string or bigint or Fraction or boolean"
                } else {
                    ANGLE_TYPES
                };
                Err(mismatch(
                    format!(
                        "Unexpected type of argument in function {function} (expected: {expected}, actual: {}, index: {index})",
                        other.type_name()
                    ),
                    at,
                ))
            }
        }
    }

    /// `rotationMatrix()`, `rotationMatrix(format)`, `rotationMatrix(theta[, format])`,
    /// `rotationMatrix(theta, v[, format])`.
    pub(crate) fn rotation_matrix(&mut self, values: &[Value], at: usize) -> Evaluated {
        match values {
            [] => return Ok(Value::matrix(Matrix::vector(Vec::new()))),
            [Value::Str(format)] => {
                return match format.as_str() {
                    "dense" => Ok(Value::matrix(Matrix::vector(Vec::new()))),
                    "sparse" => Ok(Value::Sparse(Rc::new(
                        crate::value::sparse::SparseMatrix::from_dense(Matrix::new(
                            vec![0, 0],
                            Vec::new(),
                        )),
                    ))),
                    other => Err(failed(format!("Unknown matrix type \"{other}\"."), at)),
                };
            }
            _ => {}
        }
        let theta = self.angle("rotationMatrix", &values[0], 0, at)?;
        match (values.get(1), values.get(2)) {
            (None, _) => self.rotation_2x2(&theta, Some("dense"), at),
            (Some(Value::Str(format)), None) => self.rotation_2x2(&theta, Some(format), at),
            (Some(Value::Matrix(v)), format) => {
                let format = match format {
                    None if v.array => None,
                    None => Some("dense"),
                    Some(Value::Str(f)) => Some(f.as_str()),
                    Some(other) => {
                        return Err(mismatch(
                            format!(
                                "Unexpected type of argument in function rotationMatrix (expected: string or boolean, actual: {}, index: 2)",
                                other.type_name()
                            ),
                            at,
                        ));
                    }
                };
                let v = Rc::clone(v);
                self.rotation_3x3(&theta, &v, format, at)
            }
            (Some(Value::Str(_)), Some(other)) => Err(mismatch(
                format!(
                    "Unexpected type of argument in function rotationMatrix (expected: Array or Matrix, actual: {}, index: 1)",
                    other.type_name()
                ),
                at,
            )),
            (Some(other), _) => Err(mismatch(
                format!(
                    "Unexpected type of argument in function rotationMatrix (expected: string or Array or Matrix or boolean, actual: {}, index: 1)",
                    other.type_name()
                ),
                at,
            )),
        }
    }

    /// `[[cos θ, -sin θ], [sin θ, cos θ]]`.
    fn rotation_2x2(&mut self, theta: &Value, format: Option<&str>, at: usize) -> Evaluated {
        let minus_one = match theta {
            Value::Big(_) => Value::Big(crate::num::bignum::Big::from_i64(-1)),
            _ => Value::Number(-1.0),
        };
        let c = self.builtin_call("cos", vec![theta.clone()], at)?;
        let s = self.builtin_call("sin", vec![theta.clone()], at)?;
        let minus_s = self.scalar(Op::Multiply, &minus_one, &s, at)?;
        self.in_format(vec![2, 2], vec![c.clone(), minus_s, s, c], format, at)
    }

    /// The rotation by θ about the axis `v` (Rodrigues' formula, element by element as math.js
    /// writes it).
    fn rotation_3x3(
        &mut self,
        theta: &Value,
        v: &Matrix,
        format: Option<&str>,
        at: usize,
    ) -> Evaluated {
        if v.shape.first() != Some(&3) {
            return Err(failed("Vector must be of dimensions 1x3", at));
        }
        self.charge(v.data.len() as u64)?;
        match v.shape.as_slice() {
            [3] => {}
            // math.js's `norm` of a matrix: the 2-norm needs a square one; then reading the
            // axis as a vector fails.
            [3, 3] => return Err(failed("Dimension mismatch (1 != 2)", at)),
            [3, _] => return Err(failed("Invalid matrix dimensions", at)),
            shape => {
                return Err(failed(
                    format!("Dimension mismatch (1 != {})", shape.len()),
                    at,
                ));
            }
        }
        let norm = self.builtin_call("norm", vec![Value::matrix(v.clone())], at)?;
        if matches!(norm, Value::Number(n) if n == 0.0) {
            return Err(failed("Rotation around zero vector", at));
        }
        let big = matches!(theta, Value::Big(_));
        let n = as_js_number(&norm);
        let unit: Vec<Value> = v
            .data
            .iter()
            .map(|x| {
                let q = as_js_number(x) / n;
                if big {
                    Value::Big(crate::num::bignum::from_f64(q))
                } else {
                    Value::Number(q)
                }
            })
            .collect();
        let (one, minus_one) = if big {
            (
                Value::Big(crate::num::bignum::Big::from_i64(1)),
                Value::Big(crate::num::bignum::Big::from_i64(-1)),
            )
        } else {
            (Value::Number(1.0), Value::Number(-1.0))
        };
        let [vx, vy, vz] = [&unit[0], &unit[1], &unit[2]];
        let c = self.builtin_call("cos", vec![theta.clone()], at)?;
        let minus_c = self.unary(Op::UnaryMinus, c.clone(), at, at)?;
        let k = self.scalar(Op::Add, &one, &minus_c, at)?;
        let s = self.builtin_call("sin", vec![theta.clone()], at)?;
        // (diagonal or not, the two factors of the 1 − cos term, the sine term's factors)
        let cells: [(Option<&Value>, [&Value; 2], Vec<&Value>); 9] = [
            (Some(&c), [vx, vx], vec![]),
            (None, [vx, vy], vec![&minus_one, vz, &s]),
            (None, [vx, vz], vec![vy, &s]),
            (None, [vx, vy], vec![vz, &s]),
            (Some(&c), [vy, vy], vec![]),
            (None, [vy, vz], vec![&minus_one, vx, &s]),
            (None, [vx, vz], vec![&minus_one, vy, &s]),
            (None, [vy, vz], vec![vx, &s]),
            (Some(&c), [vz, vz], vec![]),
        ];
        let mut data = Vec::with_capacity(9);
        for (diagonal, [a, b], sine) in cells {
            let term = self.product_of(&[a, b, &k], at)?;
            let cell = match diagonal {
                Some(c) => self.scalar(Op::Add, c, &term, at)?,
                None => {
                    let other = self.product_of(&sine, at)?;
                    self.scalar(Op::Add, &term, &other, at)?
                }
            };
            data.push(cell);
        }
        self.in_format(vec![3, 3], data, format, at)
    }

    /// The rows of a rotation matrix in the storage format asked for: `None` (or `""`) for a
    /// plain array.
    fn in_format(
        &mut self,
        shape: Vec<usize>,
        data: Vec<Value>,
        format: Option<&str>,
        at: usize,
    ) -> Evaluated {
        self.build("rotationMatrix", data.len() as u64, at)?;
        let m = Matrix::new(shape, data);
        match format {
            None | Some("") => Ok(Value::matrix(m.into_array())),
            Some("dense") => Ok(Value::matrix(m)),
            Some("sparse") => Ok(Value::Sparse(Rc::new(
                crate::value::sparse::SparseMatrix::from_dense(m),
            ))),
            Some(other) => Err(failed(format!("Unknown matrix type \"{other}\""), at)),
        }
    }

    /// `rotate(w, theta[, v])`.
    pub(crate) fn rotate(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(w) = &values[0] else {
            return Err(mismatch(
                format!(
                    "Unexpected type of argument in function rotate (expected: Array or Matrix, actual: {}, index: 0)",
                    values[0].type_name()
                ),
                at,
            ));
        };
        let theta = self.angle("rotate", &values[1], 1, at)?;
        let axis = match values.get(2) {
            None => None,
            Some(Value::Matrix(v)) => Some(Rc::clone(v)),
            Some(other) => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function rotate (expected: Array or Matrix, actual: {}, index: 2)",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        let expected = if axis.is_some() { 3 } else { 2 };
        let fits = match w.shape.as_slice() {
            [n] => *n == expected,
            [n, 1] => *n == expected,
            _ => false,
        };
        if !fits {
            return Err(failed(
                format!("Vector must be of dimensions 1x{expected}"),
                at,
            ));
        }
        let w = Value::Matrix(Rc::clone(w));
        match axis {
            None => {
                let r = self.rotation_2x2(&theta, Some("dense"), at)?;
                let product = self.scalar(Op::Multiply, &r, &w, at)?;
                match (&w, product) {
                    (Value::Matrix(m), Value::Matrix(p)) if m.array => {
                        Ok(Value::matrix(Matrix::clone(&p).into_array()))
                    }
                    (_, other) => Ok(other),
                }
            }
            Some(v) => {
                let format = if v.array { None } else { Some("dense") };
                let r = self.rotation_3x3(&theta, &v, format, at)?;
                self.scalar(Op::Multiply, &r, &w, at)
            }
        }
    }

    /// A `distance` argument's coordinates: a matrix's first dimension, an object's values (in
    /// its key order), else a type error naming what math.js expects at that position.
    fn distance_argument(
        &mut self,
        value: &Value,
        index: usize,
        expected: &str,
        at: usize,
    ) -> Result<Vec<Item>, CalculateError> {
        let out = match value {
            Value::Matrix(m) => items(m),
            Value::Object(entries) => entries
                .iter()
                .map(|(_, v)| Item::Scalar(v.clone()))
                .collect(),
            other => {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function distance (expected: {expected}, actual: {}, index: {index})",
                        other.type_name()
                    ),
                    at,
                ));
            }
        };
        self.charge(out.len() as u64 + 1)?;
        Ok(out)
    }

    /// A refused coordinate: in Fraction mode, where the coordinates are Fractions, Fraction
    /// mode cannot compute the function (rule 4); else math.js's type error.
    fn not_numbers(&self, coordinates: &[Item], message: &str, at: usize) -> CalculateError {
        if self.fraction_mode
            && coordinates
                .iter()
                .any(|c| matches!(c, Item::Scalar(Value::Fraction(_))))
        {
            return fraction_unsupported_function(at);
        }
        mismatch(message, at)
    }

    /// `distance(A)`, `distance(p, q)`, `distance(p, a, b)` with arrays, matrices or objects.
    pub(crate) fn distance(&mut self, values: &[Value], at: usize) -> Evaluated {
        let objects = matches!(values[0], Value::Object(_));
        let first = if values.len() == 1 {
            "Array or Matrix"
        } else {
            "Array or Object or Matrix"
        };
        let rest = if objects { "Object" } else { "Array or Matrix" };
        let mut args = Vec::with_capacity(values.len());
        for (i, value) in values.iter().enumerate() {
            let kind_ok = match value {
                Value::Object(_) => objects && values.len() > 1,
                Value::Matrix(_) => !objects,
                _ => false,
            };
            let expected = if i == 0 { first } else { rest };
            if !kind_ok {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function distance (expected: {expected}, actual: {}, index: {i})",
                        value.type_name()
                    ),
                    at,
                ));
            }
            args.push(self.distance_argument(value, i, expected, at)?);
        }
        if values.len() == 1 {
            return self.distance_pairwise(&args[0], at);
        }
        let all = |a: &[Item], n: usize| a.len() >= n && a[..n].iter().all(Item::is_number);
        let keys = |v: &Value| -> Vec<String> {
            match v {
                Value::Object(entries) => entries.iter().map(|(k, _)| k.clone()).collect(),
                _ => Vec::new(),
            }
        };
        let has = |v: &Value, names: &[&str]| {
            let k = keys(v);
            names.iter().all(|n| k.iter().any(|x| x == n))
        };
        let invalid = || failed("Invalid Arguments: Try again", at);
        let key_error = || failed("Key names do not match", at);
        let v = |a: &[Item], i: usize| a[i].value().clone();
        if let [x, y, z] = args.as_slice() {
            if x.len() != 2 || y.len() != 2 || z.len() != 2 {
                return Err(invalid());
            }
            let names = if objects {
                [
                    "Values of pointX and pointY should be numbers or BigNumbers",
                    "Values of lineOnePtX and lineOnePtY should be numbers or BigNumbers",
                    "Values of lineTwoPtX and lineTwoPtY should be numbers or BigNumbers",
                ]
            } else {
                [
                    "Array with 2 numbers or BigNumbers expected for first argument",
                    "Array with 2 numbers or BigNumbers expected for second argument",
                    "Array with 2 numbers or BigNumbers expected for third argument",
                ]
            };
            for (arg, message) in [x, y, z].into_iter().zip(names) {
                if !all(arg, 2) {
                    return Err(self.not_numbers(arg, message, at));
                }
            }
            let (py, pz) = (
                Value::matrix(Matrix::vector(vec![v(y, 0), v(y, 1)])),
                Value::matrix(Matrix::vector(vec![v(z, 0), v(z, 1)])),
            );
            if self.deep_equal_values(&py, &pz, at)? {
                return Err(failed("LinePoint1 should not be same with LinePoint2", at));
            }
            if objects
                && !(has(&values[0], &["pointX", "pointY"])
                    && has(&values[1], &["lineOnePtX", "lineOnePtY"])
                    && has(&values[2], &["lineTwoPtX", "lineTwoPtY"]))
            {
                return Err(key_error());
            }
            let x_coeff = self.scalar(Op::Subtract, &v(z, 1), &v(y, 1), at)?;
            let y_coeff = self.scalar(Op::Subtract, &v(y, 0), &v(z, 0), at)?;
            let p = self.scalar(Op::Multiply, &v(z, 0), &v(y, 1), at)?;
            let q = self.scalar(Op::Multiply, &v(y, 0), &v(z, 1), at)?;
            let constant = self.scalar(Op::Subtract, &p, &q, at)?;
            return self.point_line_2d(&v(x, 0), &v(x, 1), &x_coeff, &y_coeff, &constant, at);
        }
        let (x, y) = (&args[0], &args[1]);
        let (a, b) = (&values[0], &values[1]);
        if x.len() == 2 && y.len() == 3 {
            let (m1, m2) = if objects {
                (
                    "Values of pointX and pointY should be numbers or BigNumbers",
                    "Values of xCoeffLine, yCoeffLine and constant should be numbers or BigNumbers",
                )
            } else {
                (
                    "Array with 2 numbers or BigNumbers expected for first argument",
                    "Array with 3 numbers or BigNumbers expected for second argument",
                )
            };
            if !all(x, 2) {
                return Err(self.not_numbers(x, m1, at));
            }
            if !all(y, 3) {
                return Err(self.not_numbers(y, m2, at));
            }
            if objects
                && !(has(a, &["pointX", "pointY"])
                    && has(b, &["xCoeffLine", "yCoeffLine", "constant"]))
            {
                return Err(key_error());
            }
            return self.point_line_2d(&v(x, 0), &v(x, 1), &v(y, 0), &v(y, 1), &v(y, 2), at);
        }
        if x.len() == 3 && y.len() == 6 {
            let (m1, m2) = if objects {
                (
                    "Values of pointX, pointY and pointZ should be numbers or BigNumbers",
                    "Values of x0, y0, z0, a, b and c should be numbers or BigNumbers",
                )
            } else {
                (
                    "Array with 3 numbers or BigNumbers expected for first argument",
                    "Array with 6 numbers or BigNumbers expected for second argument",
                )
            };
            if !all(x, 3) {
                return Err(self.not_numbers(x, m1, at));
            }
            if !all(y, 6) {
                return Err(self.not_numbers(y, m2, at));
            }
            if objects
                && !(has(a, &["pointX", "pointY"]) && has(b, &["x0", "y0", "z0", "a", "b", "c"]))
            {
                return Err(key_error());
            }
            let p: Vec<Value> = x.iter().map(|i| i.value().clone()).collect();
            let l: Vec<Value> = y.iter().map(|i| i.value().clone()).collect();
            return self.point_line_3d(&p, &l, at);
        }
        if objects {
            let (n, names, m1, m2) = match (x.len(), y.len()) {
                (2, 2) => (
                    2,
                    [
                        &["pointOneX", "pointOneY"][..],
                        &["pointTwoX", "pointTwoY"][..],
                    ],
                    "Values of pointOneX and pointOneY should be numbers or BigNumbers",
                    "Values of pointTwoX and pointTwoY should be numbers or BigNumbers",
                ),
                (3, 3) => (
                    3,
                    [
                        &["pointOneX", "pointOneY", "pointOneZ"][..],
                        &["pointTwoX", "pointTwoY", "pointTwoZ"][..],
                    ],
                    "Values of pointOneX, pointOneY and pointOneZ should be numbers or BigNumbers",
                    "Values of pointTwoX, pointTwoY and pointTwoZ should be numbers or BigNumbers",
                ),
                _ => return Err(invalid()),
            };
            if !all(x, n) {
                return Err(self.not_numbers(x, m1, at));
            }
            if !all(y, n) {
                return Err(self.not_numbers(y, m2, at));
            }
            if !(has(a, names[0]) && has(b, names[1])) {
                return Err(key_error());
            }
            // By key, as math.js reads them.
            let get = |v: &Value, k: &str| match v {
                Value::Object(entries) => entries
                    .iter()
                    .find(|(key, _)| key == k)
                    .map_or(Value::Undefined, |(_, v)| v.clone()),
                _ => Value::Undefined,
            };
            let p: Vec<Value> = names[0].iter().map(|k| get(a, k)).collect();
            let q: Vec<Value> = names[1].iter().map(|k| get(b, k)).collect();
            return self.euclidean(&p, &q, at);
        }
        if x.len() == y.len() && !x.is_empty() {
            let message = "All values of an array should be numbers or BigNumbers";
            if !x.iter().all(Item::is_number) {
                return Err(self.not_numbers(x, message, at));
            }
            if !y.iter().all(Item::is_number) {
                return Err(self.not_numbers(y, message, at));
            }
            let p: Vec<Value> = x.iter().map(|i| i.value().clone()).collect();
            let q: Vec<Value> = y.iter().map(|i| i.value().clone()).collect();
            return self.euclidean(&p, &q, at);
        }
        Err(invalid())
    }

    /// `deepEqual` of two values (for `distance`'s check that a line has two points).
    fn deep_equal_values(
        &mut self,
        a: &Value,
        b: &Value,
        at: usize,
    ) -> Result<bool, CalculateError> {
        match self.builtin_call("deepEqual", vec![a.clone(), b.clone()], at)? {
            Value::Boolean(b) => Ok(b),
            _ => Ok(false),
        }
    }

    /// |a·x + b·y + c| / sqrt(a² + b²).
    fn point_line_2d(
        &mut self,
        x: &Value,
        y: &Value,
        a: &Value,
        b: &Value,
        c: &Value,
        at: usize,
    ) -> Evaluated {
        let ax = self.scalar(Op::Multiply, a, x, at)?;
        let by = self.scalar(Op::Multiply, b, y, at)?;
        let sum = self.scalar(Op::Add, &ax, &by, at)?;
        let sum = self.scalar(Op::Add, &sum, c, at)?;
        let num = self.builtin_call("abs", vec![sum], at)?;
        let aa = self.scalar(Op::Multiply, a, a, at)?;
        let bb = self.scalar(Op::Multiply, b, b, at)?;
        let den = self.scalar(Op::Add, &aa, &bb, at)?;
        let den = self.builtin_call("sqrt", vec![den], at)?;
        self.scalar(Op::Divide, &num, &den, at)
    }

    /// The distance from point `p` to the line through `(x0, y0, z0)` along `(a, b, c)`:
    /// |(l0 − p) × d| / |d|.
    fn point_line_3d(&mut self, p: &[Value], l: &[Value], at: usize) -> Evaluated {
        let [x, y, z] = [&p[0], &p[1], &p[2]];
        let [x0, y0, z0, a, b, c] = [&l[0], &l[1], &l[2], &l[3], &l[4], &l[5]];
        let dx = self.scalar(Op::Subtract, x0, x, at)?;
        let dy = self.scalar(Op::Subtract, y0, y, at)?;
        let dz = self.scalar(Op::Subtract, z0, z, at)?;
        let mut cross = Vec::with_capacity(3);
        for (p1, q1, p2, q2) in [(&dy, c, &dz, b), (&dz, a, &dx, c), (&dx, b, &dy, a)] {
            let left = self.scalar(Op::Multiply, p1, q1, at)?;
            let right = self.scalar(Op::Multiply, p2, q2, at)?;
            cross.push(self.scalar(Op::Subtract, &left, &right, at)?);
        }
        let num = self.sum_of_squares(&[&cross[0], &cross[1], &cross[2]], at)?;
        let num = self.builtin_call("sqrt", vec![num], at)?;
        let den = self.sum_of_squares(&[a, b, c], at)?;
        let den = self.builtin_call("sqrt", vec![den], at)?;
        self.scalar(Op::Divide, &num, &den, at)
    }

    /// `((a·a + b·b) + c·c)`, in math.js's order.
    fn sum_of_squares(&mut self, terms: &[&Value], at: usize) -> Evaluated {
        let mut sum: Option<Value> = None;
        for t in terms {
            let square = self.scalar(Op::Multiply, t, t, at)?;
            sum = Some(match sum {
                None => square,
                Some(s) => self.scalar(Op::Add, &s, &square, at)?,
            });
        }
        Ok(sum.unwrap_or(Value::Number(0.0)))
    }

    /// sqrt(Σ (pᵢ − qᵢ)²), each square added to the running sum from the left as math.js does.
    fn euclidean(&mut self, p: &[Value], q: &[Value], at: usize) -> Evaluated {
        self.charge(p.len() as u64)?;
        let mut sum = Value::Number(0.0);
        for (a, b) in p.iter().zip(q) {
            let d = self.scalar(Op::Subtract, a, b, at)?;
            let square = self.scalar(Op::Multiply, &d, &d, at)?;
            sum = self.scalar(Op::Add, &square, &sum, at)?;
        }
        self.builtin_call("sqrt", vec![sum], at)
    }

    /// `distance(points)`: the distance of each pair `i < j`, in order, as a plain array.
    fn distance_pairwise(&mut self, points: &[Item], at: usize) -> Evaluated {
        if points.is_empty() {
            return Err(failed(
                "Cannot read properties of undefined (reading 'length')",
                at,
            ));
        };
        let incorrect = || {
            mismatch(
                "Incorrect array format entered for pairwise distance calculation",
                at,
            )
        };
        let rows: Vec<&Matrix> = points
            .iter()
            .map(|p| match p {
                Item::Nested(Value::Matrix(m)) => Some(m.as_ref()),
                _ => None,
            })
            .collect::<Option<_>>()
            .ok_or_else(incorrect)?;
        let dim = rows[0].shape[0];
        if rows[0].rank() != 1 || !(dim == 2 || dim == 3) {
            return Err(incorrect());
        }
        for row in &rows {
            if row.rank() != 1
                || row.shape[0] != dim
                || !row
                    .data
                    .iter()
                    .all(|v| matches!(v, Value::Number(_) | Value::Big(_)))
            {
                if self.fraction_mode && row.data.iter().any(|v| matches!(v, Value::Fraction(_))) {
                    return Err(fraction_unsupported_function(at));
                }
                return Err(incorrect());
            }
        }
        let n = rows.len() as u64;
        let count = n * n.saturating_sub(1) / 2;
        self.build("distance", count, at)?;
        let mut out = Vec::with_capacity(count as usize);
        for i in 0..rows.len() {
            for j in i + 1..rows.len() {
                out.push(self.euclidean(&rows[i].data, &rows[j].data, at)?);
            }
        }
        Ok(Value::matrix(Matrix::vector(out).into_array()))
    }

    /// `intersect(w, x, y, z)` (two lines in 2-D or 3-D) and `intersect(x, y, plane)`.
    pub(crate) fn intersect(&mut self, values: &[Value], at: usize) -> Evaluated {
        if values.len() < 3 {
            return Err(failed(
                format!(
                    "Too few arguments in function intersect (expected: Matrix or Array, index: {})",
                    values.len()
                ),
                at,
            ));
        }
        let mut args = Vec::with_capacity(values.len());
        let mut all_arrays = true;
        for (i, value) in values.iter().enumerate() {
            let Value::Matrix(m) = value else {
                return Err(mismatch(
                    format!(
                        "Unexpected type of argument in function intersect (expected: Array or Matrix, actual: {}, index: {i})",
                        value.type_name()
                    ),
                    at,
                ));
            };
            all_arrays &= m.array;
            self.charge(m.data.len() as u64 + 1)?;
            args.push(coerce(m));
        }
        let ordinal = ["first", "second", "third", "fourth"];
        let check = |this: &Self, a: &[Item], n: usize, i: usize, message: Option<&str>| {
            if a.len() == n && a.iter().all(Item::is_numeric) {
                return Ok(());
            }
            let message = message.map_or_else(
                || {
                    format!(
                        "Array with {n} numbers or BigNumbers expected for {} argument",
                        ordinal[i]
                    )
                },
                str::to_owned,
            );
            Err(this.not_numbers(a, &message, at))
        };
        let result = if let [x, y, plane] = args.as_slice() {
            check(self, x, 3, 0, None)?;
            check(self, y, 3, 1, None)?;
            check(
                self,
                plane,
                4,
                2,
                Some("Array with 4 numbers expected as third argument"),
            )?;
            let p = scalars(x, at)?;
            let q = scalars(y, at)?;
            let e = scalars(plane, at)?;
            Some(self.line_plane(&p, &q, &e, at)?)
        } else {
            let n = match args[0].len() {
                2 => 2,
                3 => 3,
                _ => {
                    return Err(failed(
                        "Arrays with two or thee dimensional points expected",
                        at,
                    ));
                }
            };
            for (i, a) in args.iter().enumerate() {
                check(self, a, n, i, None)?;
            }
            let mut points = Vec::with_capacity(4);
            for a in &args {
                points.push(scalars(a, at)?);
            }
            if n == 2 {
                self.lines_2d(&points, at)?
            } else {
                self.lines_3d(&points, at)?
            }
        };
        Ok(match result {
            None => Value::Null,
            Some(data) => {
                let m = Matrix::vector(data);
                Value::matrix(if all_arrays { m.into_array() } else { m })
            }
        })
    }

    fn is_zero(&mut self, value: &Value, at: usize) -> Result<bool, CalculateError> {
        Ok(matches!(
            self.builtin_call("isZero", vec![value.clone()], at)?,
            Value::Boolean(true)
        ))
    }

    fn lines_2d(
        &mut self,
        p: &[Vec<Value>],
        at: usize,
    ) -> Result<Option<Vec<Value>>, CalculateError> {
        let (o1, o2) = (&p[0], &p[2]);
        let mut d1 = Vec::with_capacity(2);
        let mut d2 = Vec::with_capacity(2);
        for i in 0..2 {
            d1.push(self.scalar(Op::Subtract, &o1[i], &p[1][i], at)?);
            d2.push(self.scalar(Op::Subtract, &o2[i], &p[3][i], at)?);
        }
        let a = self.scalar(Op::Multiply, &d1[0], &d2[1], at)?;
        let b = self.scalar(Op::Multiply, &d2[0], &d1[1], at)?;
        let det = self.scalar(Op::Subtract, &a, &b, at)?;
        if self.is_zero(&det, at)? {
            return Ok(None);
        }
        let magnitude = self.builtin_call("abs", vec![det.clone()], at)?;
        // `smaller(abs(det), relTol)`; relTol is 1e-12, which no Fraction equals exactly, so
        // the comparison is made on the magnitude's value.
        let below = match &magnitude {
            Value::Fraction(_) => as_js_number(&magnitude) < 1e-12,
            _ => compare(Op::Smaller, &magnitude, &Value::Number(1e-12), at)?,
        };
        if below {
            return Ok(None);
        }
        let d20o11 = self.scalar(Op::Multiply, &d2[0], &o1[1], at)?;
        let d21o10 = self.scalar(Op::Multiply, &d2[1], &o1[0], at)?;
        let d20o21 = self.scalar(Op::Multiply, &d2[0], &o2[1], at)?;
        let d21o20 = self.scalar(Op::Multiply, &d2[1], &o2[0], at)?;
        let t = self.scalar(Op::Subtract, &d20o11, &d21o10, at)?;
        let t = self.scalar(Op::Subtract, &t, &d20o21, at)?;
        let t = self.scalar(Op::Add, &t, &d21o20, at)?;
        let t = self.scalar(Op::Divide, &t, &det, at)?;
        let mut out = Vec::with_capacity(2);
        for i in 0..2 {
            let step = self.scalar(Op::Multiply, &d1[i], &t, at)?;
            out.push(self.scalar(Op::Add, &step, &o1[i], at)?);
        }
        Ok(Some(out))
    }

    /// (a − b)(c − d) + (e − f)(g − h) + (i − j)(k − l) over the coordinates of four points.
    fn dot_of_differences(
        &mut self,
        (a, b, c, d): (&[Value], &[Value], &[Value], &[Value]),
        at: usize,
    ) -> Evaluated {
        let mut sum: Option<Value> = None;
        for k in 0..3 {
            let left = self.scalar(Op::Subtract, &a[k], &b[k], at)?;
            let right = self.scalar(Op::Subtract, &c[k], &d[k], at)?;
            let term = self.scalar(Op::Multiply, &left, &right, at)?;
            sum = Some(match sum {
                None => term,
                Some(s) => self.scalar(Op::Add, &s, &term, at)?,
            });
        }
        Ok(sum.unwrap_or(Value::Number(0.0)))
    }

    fn lines_3d(
        &mut self,
        p: &[Vec<Value>],
        at: usize,
    ) -> Result<Option<Vec<Value>>, CalculateError> {
        let (p1, p2, p3, p4) = (&p[0][..], &p[1][..], &p[2][..], &p[3][..]);
        let d1343 = self.dot_of_differences((p1, p3, p4, p3), at)?;
        let d4321 = self.dot_of_differences((p4, p3, p2, p1), at)?;
        let d1321 = self.dot_of_differences((p1, p3, p2, p1), at)?;
        let d4343 = self.dot_of_differences((p4, p3, p4, p3), at)?;
        let d2121 = self.dot_of_differences((p2, p1, p2, p1), at)?;
        let a = self.scalar(Op::Multiply, &d1343, &d4321, at)?;
        let b = self.scalar(Op::Multiply, &d1321, &d4343, at)?;
        let numerator = self.scalar(Op::Subtract, &a, &b, at)?;
        let a = self.scalar(Op::Multiply, &d2121, &d4343, at)?;
        let b = self.scalar(Op::Multiply, &d4321, &d4321, at)?;
        let denominator = self.scalar(Op::Subtract, &a, &b, at)?;
        if self.is_zero(&denominator, at)? {
            return Ok(None);
        }
        let ta = self.scalar(Op::Divide, &numerator, &denominator, at)?;
        let tb = self.scalar(Op::Multiply, &ta, &d4321, at)?;
        let tb = self.scalar(Op::Add, &d1343, &tb, at)?;
        let tb = self.scalar(Op::Divide, &tb, &d4343, at)?;
        let mut pa = Vec::with_capacity(3);
        let mut pb = Vec::with_capacity(3);
        for k in 0..3 {
            let d = self.scalar(Op::Subtract, &p2[k], &p1[k], at)?;
            let step = self.scalar(Op::Multiply, &ta, &d, at)?;
            pa.push(self.scalar(Op::Add, &p1[k], &step, at)?);
            let d = self.scalar(Op::Subtract, &p4[k], &p3[k], at)?;
            let step = self.scalar(Op::Multiply, &tb, &d, at)?;
            pb.push(self.scalar(Op::Add, &p3[k], &step, at)?);
        }
        for k in 0..3 {
            if !compare(Op::Equal, &pa[k], &pb[k], at)? {
                return Ok(None);
            }
        }
        Ok(Some(pa))
    }

    fn line_plane(
        &mut self,
        p: &[Value],
        q: &[Value],
        plane: &[Value],
        at: usize,
    ) -> Result<Vec<Value>, CalculateError> {
        let mut first = Vec::with_capacity(3);
        let mut second = Vec::with_capacity(3);
        for k in 0..3 {
            first.push(self.scalar(Op::Multiply, &p[k], &plane[k], at)?);
            second.push(self.scalar(Op::Multiply, &q[k], &plane[k], at)?);
        }
        let mut numerator = plane[3].clone();
        for f in &first {
            numerator = self.scalar(Op::Subtract, &numerator, f, at)?;
        }
        let mut denominator = self.scalar(Op::Add, &second[0], &second[1], at)?;
        denominator = self.scalar(Op::Add, &denominator, &second[2], at)?;
        for f in &first {
            denominator = self.scalar(Op::Subtract, &denominator, f, at)?;
        }
        let t = self.scalar(Op::Divide, &numerator, &denominator, at)?;
        let mut out = Vec::with_capacity(3);
        for k in 0..3 {
            let d = self.scalar(Op::Subtract, &q[k], &p[k], at)?;
            let step = self.scalar(Op::Multiply, &t, &d, at)?;
            out.push(self.scalar(Op::Add, &p[k], &step, at)?);
        }
        Ok(out)
    }
}

/// math.js `intersect`'s coercion of a row or column matrix to a vector: `[[1, 2]]` and
/// `[[1], [2]]` are `[1, 2]`.
fn coerce(m: &Matrix) -> Vec<Item> {
    let rows = items(m);
    if rows.len() == 1
        && let Item::Nested(Value::Matrix(inner)) = &rows[0]
    {
        return items(inner);
    }
    if m.rank() == 2 && m.shape[0] > 1 && m.shape[1] == 1 {
        return m.data.iter().cloned().map(Item::Scalar).collect();
    }
    rows
}

/// The coordinates of a checked point; a nested row (which math.js's test lets through) is
/// refused here rather than computed with.
fn scalars(a: &[Item], at: usize) -> Result<Vec<Value>, CalculateError> {
    a.iter()
        .map(|i| match i {
            Item::Scalar(v) => Ok(v.clone()),
            Item::Nested(v) => Err(not_implemented(
                &format!(
                    "intersect() with nested points ({})",
                    match v {
                        Value::Matrix(m) => matrix::show_shape(&m.shape),
                        _ => String::new(),
                    }
                ),
                at,
            )),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    //! Every expected answer is math.js 15.2's (`math.evaluate(expression)` in an instance
    //! configured as the server configures it, formatted with `lowerExp -6, upperExp 21`, as
    //! `tests/peer/evaluate.mjs` prints it), written next to the expression it answers; where
    //! math.js returns a non-finite value the server refuses the result (spec step 10d).

    use crate::test_support::{answer_in, reason_in};

    fn answer(expression: &str) -> String {
        answer_in(expression, "number")
    }

    #[test]
    fn rotation_matches_mathjs() {
        assert_eq!(
            answer("rotate([1, 0], pi / 2)"),
            "DenseMatrix [6.123233995736766e-17, 1]"
        );
        assert_eq!(answer("rotate([11, 12], pi / 2)"), "DenseMatrix [-12, 11]");
        assert_eq!(
            answer("rotate([1, 0, 0], pi / 2, [0, 0, 1])"),
            "DenseMatrix [6.123233995736766e-17, 1, 0]"
        );
        assert_eq!(
            answer("rotate([[1], [0]], pi / 2)"),
            "DenseMatrix [[6.123233995736766e-17], [1]]"
        );
        assert_eq!(
            answer("rotate([1, 0, 0], 1, [1, 1, 1])"),
            "DenseMatrix [0.6935348705787598, 0.6390560643047187, -0.33259093488347846]"
        );
        assert_eq!(
            answer("rotate([1, 0], 1 + i)"),
            "DenseMatrix [0.8337300251311491 - 0.9888977057628651i, 1.2984575814159773 + 0.6349639147847361i]"
        );
        // math.js: Vector must be of dimensions 1x3
        assert_eq!(
            answer("rotate([1, 0], 2, [0, 0, 1])"),
            "evaluation_failed: Evaluation failed: Vector must be of dimensions 1x3"
        );
        // math.js: Vector must be of dimensions 1x2
        assert_eq!(
            answer("rotate([1, 0, 0], 2)"),
            "evaluation_failed: Evaluation failed: Vector must be of dimensions 1x2"
        );
        // math.js: Rotation around zero vector
        assert_eq!(
            answer("rotate([1, 2, 3], 1, [0, 0, 0])"),
            "evaluation_failed: Evaluation failed: Rotation around zero vector"
        );
        // math.js: Vector must be of dimensions 1x2
        assert_eq!(
            answer("rotate([[1, 2]], 1)"),
            "evaluation_failed: Evaluation failed: Vector must be of dimensions 1x2"
        );
        // math.js: Unexpected type of argument in function rotate (expected: Array or Matrix, actual: number, index: 0)
        assert_eq!(
            answer("rotate(1, 2)"),
            "type_mismatch: Type mismatch: Unexpected type of argument in function rotate (expected: Array or Matrix, actual: number, index: 0)"
        );
        // math.js: Cannot convert "a" to a number
        assert_eq!(
            answer("rotate([1, 0], \"a\")"),
            "type_mismatch: Type mismatch: Cannot convert \"a\" to a number"
        );
        assert_eq!(
            answer("rotate([1,0], true)"),
            "DenseMatrix [0.5403023058681398, 0.8414709848078965]"
        );
        assert_eq!(
            answer("rotationMatrix(pi / 2)"),
            "DenseMatrix [[6.123233995736766e-17, -1], [1, 6.123233995736766e-17]]"
        );
        assert_eq!(
            answer("rotationMatrix(1, \"sparse\")"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 1\n\n    (0, 0) ==> 0.5403023058681398\n    (1, 0) ==> 0.8414709848078965\n    (0, 1) ==> -0.8414709848078965\n    (1, 1) ==> 0.5403023058681398"
        );
        // math.js: Unknown matrix type "foo"
        assert_eq!(
            answer("rotationMatrix(1, \"foo\")"),
            "evaluation_failed: Evaluation failed: Unknown matrix type \"foo\""
        );
        assert_eq!(
            answer("rotationMatrix(\"sparse\")"),
            "SparseMatrix Sparse Matrix [0 x 0] density: 0\n"
        );
        assert_eq!(answer("rotationMatrix()"), "DenseMatrix []");
        assert_eq!(
            answer("rotationMatrix(pi / 2, [0, 1, 0])"),
            "DenseMatrix [[6.123233995736766e-17, 0, 1], [0, 1, 0], [-1, 0, 6.123233995736766e-17]]"
        );
        assert_eq!(
            answer("rotationMatrix(1, [1, 2, 3], \"sparse\")"),
            "SparseMatrix Sparse Matrix [3 x 3] density: 1\n\n    (0, 0) ==> 0.573137855448987\n    (1, 0) ==> 0.740348840460782\n    (2, 0) ==> -0.35127851212351696\n    (0, 1) ==> -0.6090066421373933\n    (1, 1) ==> 0.6716445041915284\n    (2, 1) ==> 0.4219058779181122\n    (0, 2) ==> 0.5482918096085999\n    (1, 2) ==> -0.027879282947946255\n    (2, 2) ==> 0.8358222520957642"
        );
        // math.js: Vector must be of dimensions 1x3
        assert_eq!(
            answer("rotationMatrix(1, [1, 2])"),
            "evaluation_failed: Evaluation failed: Vector must be of dimensions 1x3"
        );
        // math.js: Rotation around zero vector
        assert_eq!(
            answer("rotationMatrix(1, [0, 0, 0])"),
            "evaluation_failed: Evaluation failed: Rotation around zero vector"
        );
        assert_eq!(
            answer("rotationMatrix(1 + i)"),
            "DenseMatrix [[0.8337300251311491 - 0.9888977057628651i, -1.2984575814159773 - 0.6349639147847361i], [1.2984575814159773 + 0.6349639147847361i, 0.8337300251311491 - 0.9888977057628651i]]"
        );
        assert_eq!(
            answer("rotationMatrix(1 + i, [1, 2, 2])"),
            "DenseMatrix [[0.8522044667832437 - 0.8790201829003245i, -0.8286895043064624 - 0.2035542307980763i, 0.9025872709148406 + 0.6430643222482385i], [0.9025872709148406 + 0.6430643222482385i, 0.9076277917395272 - 0.5493876143127028i, -0.3589214271969476 + 0.22785545318858352i], [-0.8286895043064624 - 0.2035542307980763i, 0.5067169604137038 + 0.6511647297117409i, 0.9076277917395272 - 0.5493876143127028i]]"
        );
        // math.js: DenseMatrix [[NaN, NaN, NaN], [NaN, 0.7241813835208839, NaN], [NaN, NaN, 0.7241813835208839]] (refused by the server's result checks, spec step 10)
        assert_eq!(
            reason_in("rotationMatrix(1, [1 + i, 2, 2])", "number"),
            "undefined_result"
        );
        // math.js: Invalid matrix dimensions
        assert_eq!(
            answer("rotationMatrix(1, [[1, 2], [3, 4], [5, 6]])"),
            "evaluation_failed: Evaluation failed: Invalid matrix dimensions"
        );
        // math.js: Invalid matrix dimensions
        assert_eq!(
            answer("rotationMatrix(1, [[1], [2], [3]])"),
            "evaluation_failed: Evaluation failed: Invalid matrix dimensions"
        );
        // math.js: Function 'rotationMatrix' doesn't apply to matrices. To call it elementwise on a matrix 'M', try 'map(M, rotationMatrix)'.
        assert_eq!(
            answer("rotationMatrix([1,2])"),
            "type_mismatch: Type mismatch: Function 'rotationMatrix' doesn't apply to matrices. To call it elementwise on a matrix 'M', try 'map(M, rotationMatrix)'."
        );
        // math.js: Vector must be of dimensions 1x2
        assert_eq!(
            answer("rotate(size([1, 2]), 1)"),
            "evaluation_failed: Evaluation failed: Vector must be of dimensions 1x2"
        );
        // math.js: Vector must be of dimensions 1x3
        assert_eq!(
            answer("rotationMatrix(1, size([1,2,3]))"),
            "evaluation_failed: Evaluation failed: Vector must be of dimensions 1x3"
        );
        // math.js: Dimension mismatch (1 != 2)
        assert_eq!(
            answer("rotationMatrix(1, [[1,2,3],[4,5,6],[7,8,9]])"),
            "evaluation_failed: Evaluation failed: Dimension mismatch (1 != 2)"
        );
        // math.js: Vector must be of dimensions 1x3
        assert_eq!(
            answer("rotationMatrix(1, [[1,2,3]])"),
            "evaluation_failed: Evaluation failed: Vector must be of dimensions 1x3"
        );
        // math.js: Vector must be of dimensions 1x3
        assert_eq!(
            answer("rotationMatrix(1, [1,2,3,4])"),
            "evaluation_failed: Evaluation failed: Vector must be of dimensions 1x3"
        );
        // math.js: Cannot convert "a" to a number
        assert_eq!(
            answer("rotationMatrix(1, [\"a\", 2, 3])"),
            "type_mismatch: Type mismatch: Cannot convert \"a\" to a number"
        );
        assert_eq!(
            answer("rotationMatrix(1, [true, 2, 3])"),
            "DenseMatrix [[0.573137855448987, -0.6090066421373933, 0.5482918096085999], [0.740348840460782, 0.6716445041915284, -0.027879282947946255], [-0.35127851212351696, 0.4219058779181122, 0.8358222520957642]]"
        );
        assert_eq!(
            answer("rotationMatrix(1, [1, 2, 3], \"dense\")"),
            "DenseMatrix [[0.573137855448987, -0.6090066421373933, 0.5482918096085999], [0.740348840460782, 0.6716445041915284, -0.027879282947946255], [-0.35127851212351696, 0.4219058779181122, 0.8358222520957642]]"
        );
        // math.js: Unexpected type of argument in function rotationMatrix (expected: string or Array or Matrix or boolean, actual: number, index: 1)
        assert_eq!(
            answer("rotationMatrix(1, 2)"),
            "type_mismatch: Type mismatch: Unexpected type of argument in function rotationMatrix (expected: string or Array or Matrix or boolean, actual: number, index: 1)"
        );
        // math.js: Invalid matrix dimensions
        assert_eq!(
            answer("rotate([1, 0, 0], 1, [[1],[2],[3]])"),
            "evaluation_failed: Evaluation failed: Invalid matrix dimensions"
        );
        assert_eq!(
            answer("rotate([[1], [0], [0]], 1, [1,2,3])"),
            "DenseMatrix [[0.573137855448987], [0.740348840460782], [-0.35127851212351696]]"
        );
        // math.js: Vector must be of dimensions 1x3
        assert_eq!(
            answer("rotate([[1, 0, 0]], 1, [1,2,3])"),
            "evaluation_failed: Evaluation failed: Vector must be of dimensions 1x3"
        );
        // math.js refuses: Unexpected type of argument in function rotate (expected: number or Complex or BigNumber or Unit or bigint or Fraction or string or boolean, actual: Matrix | DenseMatrix, index: 1)
        assert_eq!(reason_in("rotate([1, 0], [1])", "number"), "type_mismatch");
        // math.js refuses: Unexpected type of argument in function rotationMatrix (expected: number or Complex or BigNumber or Unit or string or bigint or Fraction or boolean, actual: identifier | null, index: 0)
        assert_eq!(reason_in("rotationMatrix(null)", "number"), "type_mismatch");
        // math.js: Unknown matrix type "1".
        assert_eq!(
            answer("rotationMatrix(\"1\")"),
            "evaluation_failed: Evaluation failed: Unknown matrix type \"1\"."
        );
        assert_eq!(
            answer("rotate([1, 0], \"1\")"),
            "DenseMatrix [0.5403023058681398, 0.8414709848078965]"
        );
        assert_eq!(
            answer("rotate([1, 0], bignumber(1))"),
            "DenseMatrix [0.5403023058681397174009366074429766037323104206179222276700972554, 0.84147098480789650665250232163029899962256306079837106567275171]"
        );
        // math.js: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction.
        assert_eq!(
            answer("rotate([1, 0], fraction(1))"),
            "type_mismatch: Type mismatch: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction."
        );
        // math.js: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction.
        assert_eq!(
            answer("rotationMatrix(fraction(1, 2))"),
            "type_mismatch: Type mismatch: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction."
        );
        assert_eq!(
            answer("rotationMatrix(1, [fraction(1), 2, 3])"),
            "DenseMatrix [[0.573137855448987, -0.6090066421373933, 0.5482918096085999], [0.740348840460782, 0.6716445041915284, -0.027879282947946255], [-0.35127851212351696, 0.4219058779181122, 0.8358222520957642]]"
        );
        assert_eq!(
            answer("rotationMatrix(bignumber(1), [1, 2, 3])"),
            "DenseMatrix [[0.5731378554489868842070192743106967141426606071369945597830398628, -0.6090066421373933425826345010009606586362515923047006227780428726, 0.5482918096085999512147812237607609175356852031191138543414465471], [0.7403488404607820098069651684718411002776523383809899512298133022, 0.671644504191528384625267274913857045373711166694211556121867685, -0.0278792829479462245617706103724796306902162026665144363236537181], [-0.3512785121235169503782852225544402550735840840046798616637909027, 0.4219058779181122262347626127851209556144184408953824216789650069, 0.8358222520957642186556806092524575974254620992895732166865807221]]"
        );
        assert_eq!(
            answer("rotationMatrix(bignumber(1))"),
            "DenseMatrix [[0.5403023058681397174009366074429766037323104206179222276700972554, -0.84147098480789650665250232163029899962256306079837106567275171], [0.84147098480789650665250232163029899962256306079837106567275171, 0.5403023058681397174009366074429766037323104206179222276700972554]]"
        );
        // math.js: Cannot convert "a" to a number
        assert_eq!(
            answer("rotate([\"a\", 0], 1)"),
            "type_mismatch: Type mismatch: Cannot convert \"a\" to a number"
        );
        // math.js: Vector must be of dimensions 1x2
        assert_eq!(
            answer("rotate([], 1)"),
            "evaluation_failed: Evaluation failed: Vector must be of dimensions 1x2"
        );
        assert_eq!(answer("rotationMatrix(0)"), "DenseMatrix [[1, 0], [0, 1]]");
        // math.js: Rotation around zero vector
        assert_eq!(
            answer("rotationMatrix(1, [0, 0, 1e-200])"),
            "evaluation_failed: Evaluation failed: Rotation around zero vector"
        );
        assert_eq!(
            answer("rotationMatrix(1, [1e200, 1e200, 1e200])"),
            "DenseMatrix [[0.5403023058681398, 0, 0], [0, 0.5403023058681398, 0], [0, 0, 0.5403023058681398]]"
        );
        // math.js refuses: Unexpected type of argument in function rotate (expected: Array or Matrix, actual: identifier | string, index: 2)
        assert_eq!(
            reason_in("rotate([1, 0], 1, \"sparse\")", "number"),
            "type_mismatch"
        );
    }

    #[test]
    fn rotation_in_bignumber_mode() {
        assert_eq!(
            answer_in("rotate([1, 0], pi / 2)", "BigNumber"),
            "DenseMatrix [1.539082031431044993140174126710585339910740432566411533235469223e-64, 1]"
        );
        assert_eq!(
            answer_in("rotate([1, 0, 0], pi / 2, [0, 0, 1])", "BigNumber"),
            "DenseMatrix [1.539082031431044993140174126710585339910740432566411533235469223e-64, 1, 0]"
        );
        assert_eq!(
            answer_in("rotationMatrix(1, [1, 2, 3])", "BigNumber"),
            "DenseMatrix [[0.5731378554489868842070192743106967141426606071369945597830398628, -0.6090066421373933425826345010009606586362515923047006227780428726, 0.5482918096085999512147812237607609175356852031191138543414465471], [0.7403488404607820098069651684718411002776523383809899512298133022, 0.671644504191528384625267274913857045373711166694211556121867685, -0.0278792829479462245617706103724796306902162026665144363236537181], [-0.3512785121235169503782852225544402550735840840046798616637909027, 0.4219058779181122262347626127851209556144184408953824216789650069, 0.8358222520957642186556806092524575974254620992895732166865807221]]"
        );
        // math.js: DenseMatrix [[NaN, NaN, NaN], [NaN, NaN, NaN], [NaN, NaN, NaN]] (refused by the server's result checks, spec step 10)
        assert_eq!(
            reason_in("rotationMatrix(1, [0, 0, 0])", "BigNumber"),
            "undefined_result"
        );
        assert_eq!(
            answer_in("rotationMatrix(1)", "BigNumber"),
            "DenseMatrix [[0.5403023058681397174009366074429766037323104206179222276700972554, -0.84147098480789650665250232163029899962256306079837106567275171], [0.84147098480789650665250232163029899962256306079837106567275171, 0.5403023058681397174009366074429766037323104206179222276700972554]]"
        );
        assert_eq!(
            answer_in("rotationMatrix(1, \"sparse\")", "BigNumber"),
            "SparseMatrix Sparse Matrix [2 x 2] density: 1\n\n    (0, 0) ==> 0.5403023058681397174009366074429766037323104206179222276700972554\n    (1, 0) ==> 0.84147098480789650665250232163029899962256306079837106567275171\n    (0, 1) ==> -0.84147098480789650665250232163029899962256306079837106567275171\n    (1, 1) ==> 0.5403023058681397174009366074429766037323104206179222276700972554"
        );
        assert_eq!(
            answer_in("rotate([1, 0], 1 + i)", "BigNumber"),
            "DenseMatrix [0.8337300251311491 - 0.9888977057628651i, 1.2984575814159773 + 0.6349639147847361i]"
        );
        assert_eq!(
            answer_in("rotationMatrix(1, [1, 2, 3.5])", "BigNumber"),
            "DenseMatrix [[0.5669514475569432117069610482788485151383376927376464954538243364, -0.6558101330935396983428208437545220620608220673130635464128720054, 0.4984768053228960511881539574548464812770249447347561269460883079], [0.7624066998487536755669186070980097076849311557919606175477803296, 0.6468988726233536946250343707864642493564195090968192988050055795, -0.0160584128844174504163631214135440158357738413197907203654321949], [-0.3119328135012715910459828716037431014348340398966862524599987407, 0.3891463965276663707007052931157507755201556509959304693376113293, 0.866754291555982522649736007682407518456144504084544508020753998]]"
        );
        assert_eq!(
            answer_in("rotate([1, 2, 3], 1, [2, 2, 1])", "BigNumber"),
            "DenseMatrix [2.581659007209055328727190860933783996425989724136332717743849639, 0.597548358653505778611915945854815597041307451448841635164610005, 2.641585268274876957865936949074333507543770913612971928047167958]"
        );
        // math.js: Cannot implicitly convert a number with >15 significant digits to BigNumber (value: 0.7446123921489665). Use function bignumber(x) to convert to BigNumber.
        assert_eq!(
            answer_in("rotate([1, 2, 3], number(1), [2, 2, 1])", "BigNumber"),
            "type_mismatch: Type mismatch: Cannot implicitly convert a number with >15 significant digits to BigNumber (value: 0.7446123921489665). Use function bignumber(x) to convert to BigNumber."
        );
        assert_eq!(
            answer_in("rotationMatrix(1 + i, [1, 2, 2])", "BigNumber"),
            "DenseMatrix [[0.8522044667832437 - 0.8790201829003245i, -0.8286895043064624 - 0.2035542307980763i, 0.9025872709148406 + 0.6430643222482385i], [0.9025872709148406 + 0.6430643222482385i, 0.9076277917395272 - 0.5493876143127028i, -0.3589214271969476 + 0.22785545318858352i], [-0.8286895043064624 - 0.2035542307980763i, 0.5067169604137038 + 0.6511647297117409i, 0.9076277917395272 - 0.5493876143127028i]]"
        );
    }

    #[test]
    fn rotation_in_fraction_mode() {
        // math.js refuses: Cannot implicitly convert a number to a Fraction when there will be a loss of precision (value: 3.141592653589793). Use function fraction(x) to convert to Fraction.
        assert_eq!(
            reason_in("rotate([1, 0], pi / 2)", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: Cannot implicitly convert a number to a Fraction when there will be a loss of precision (value: 3.141592653589793). Use function fraction(x) to convert to Fraction.
        assert_eq!(
            reason_in("rotate([1, 0, 0], pi / 2, [0, 0, 1])", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction.
        assert_eq!(
            reason_in("rotationMatrix(1, [1, 2, 3])", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction.
        assert_eq!(
            reason_in("rotationMatrix(1, [0, 0, 0])", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction.
        assert_eq!(
            reason_in("rotationMatrix(1)", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction.
        assert_eq!(
            reason_in("rotationMatrix(1, \"sparse\")", "Fraction"),
            "fraction_unsupported"
        );
        // math.js: DenseMatrix [0.8337300251311491 - 0.9888977057628651i, 1.2984575814159773 + 0.6349639147847361i] (refused by the server's result checks, spec step 10)
        assert_eq!(
            reason_in("rotate([1, 0], 1 + i)", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction.
        assert_eq!(
            reason_in("rotationMatrix(1, [1, 2, 3.5])", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction.
        assert_eq!(
            reason_in("rotate([1, 2, 3], 1, [2, 2, 1])", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: Cannot implicitly convert a number to a Fraction when there will be a loss of precision (value: 0.7446123921489665). Use function fraction(x) to convert to Fraction.
        assert_eq!(
            reason_in("rotate([1, 2, 3], number(1), [2, 2, 1])", "Fraction"),
            "fraction_unsupported"
        );
        // math.js: DenseMatrix [[0.8522044667832437 - 0.8790201829003245i, -0.8286895043064624 - 0.2035542307980763i, 0.9025872709148406 + 0.6430643222482385i], [0.9025872709148406 + 0.6430643222482385i, 0.9076277917395272 - 0.5493876143127028i, -0.3589214271969476 + 0.22785545318858352i], [-0.8286895043064624 - 0.2035542307980763i, 0.5067169604137038 + 0.6511647297117409i, 0.9076277917395272 - 0.5493876143127028i]] (refused by the server's result checks, spec step 10)
        assert_eq!(
            reason_in("rotationMatrix(1 + i, [1, 2, 2])", "Fraction"),
            "fraction_unsupported"
        );
    }

    #[test]
    fn distance_matches_mathjs() {
        assert_eq!(answer("distance([0, 0], [3, 4])"), "number 5");
        assert_eq!(
            answer("distance([1, 2, 3], [4, 6, 8])"),
            "number 7.0710678118654755"
        );
        assert_eq!(answer("distance([1, 2, 3, 4], [2, 3, 4, 5])"), "number 2");
        assert_eq!(answer("distance([1], [4])"), "number 3");
        // math.js: Invalid Arguments: Try again
        assert_eq!(
            answer("distance([], [])"),
            "evaluation_failed: Evaluation failed: Invalid Arguments: Try again"
        );
        assert_eq!(
            answer("distance([1, 2], [1, 2, 3])"),
            "number 3.5777087639996634"
        );
        assert_eq!(
            answer("distance([5, 6], [1, 2, 3])"),
            "number 8.94427190999916"
        );
        assert_eq!(answer("distance([5, 6], [1, 2], [3, 4])"), "number 0");
        // math.js: LinePoint1 should not be same with LinePoint2
        assert_eq!(
            answer("distance([5, 6], [1, 2], [1, 2])"),
            "evaluation_failed: Evaluation failed: LinePoint1 should not be same with LinePoint2"
        );
        assert_eq!(
            answer("distance([5, 6, 7], [1, 2, 3, 4, 5, 6])"),
            "number 1.116581052478165"
        );
        assert_eq!(
            answer("distance([[1, 2], [3, 4], [5, 6]])"),
            "Array [2.8284271247461903, 5.656854249492381, 2.8284271247461903]"
        );
        assert_eq!(
            answer("distance([[1, 2, 3], [3, 4, 5], [5, 6, 7], [0, 0, 0]])"),
            "Array [3.4641016151377544, 6.928203230275509, 3.7416573867739413, 3.4641016151377544, 7.0710678118654755, 10.488088481701515]"
        );
        assert_eq!(answer("distance([[1, 2]])"), "Array []");
        // math.js: Incorrect array format entered for pairwise distance calculation
        assert_eq!(
            answer("distance([1, 2])"),
            "type_mismatch: Type mismatch: Incorrect array format entered for pairwise distance calculation"
        );
        // math.js: Cannot read properties of undefined (reading 'length')
        assert_eq!(
            answer("distance([])"),
            "evaluation_failed: Evaluation failed: Cannot read properties of undefined (reading 'length')"
        );
        // math.js: Incorrect array format entered for pairwise distance calculation
        assert_eq!(
            answer("distance([[1, 2, 3, 4]])"),
            "type_mismatch: Type mismatch: Incorrect array format entered for pairwise distance calculation"
        );
        // math.js: Unexpected type of argument in function distance (expected: Array or Object or Matrix, actual: number, index: 0)
        assert_eq!(
            answer("distance(1, 2)"),
            "type_mismatch: Type mismatch: Unexpected type of argument in function distance (expected: Array or Object or Matrix, actual: number, index: 0)"
        );
        // math.js: Unexpected type of argument in function distance (expected: Array or Matrix, actual: number, index: 1)
        assert_eq!(
            answer("distance([1, 2], 2)"),
            "type_mismatch: Type mismatch: Unexpected type of argument in function distance (expected: Array or Matrix, actual: number, index: 1)"
        );
        assert_eq!(
            answer(
                "distance({pointX: 1, pointY: 4}, {lineOnePtX: 6, lineOnePtY: 3}, {lineTwoPtX: 2, lineTwoPtY: 8})"
            ),
            "number 3.2796489996607274"
        );
        assert_eq!(
            answer("distance({pointX: 2, pointY: 5}, {xCoeffLine: 9, yCoeffLine: 6, constant: 4})"),
            "number 4.8074017006186525"
        );
        assert_eq!(
            answer("distance({pointOneX: 4, pointOneY: 5}, {pointTwoX: 2, pointTwoY: 7})"),
            "number 2.8284271247461903"
        );
        assert_eq!(
            answer(
                "distance({pointOneX: 4, pointOneY: 5, pointOneZ: 8}, {pointTwoX: 2, pointTwoY: 7, pointTwoZ: 9})"
            ),
            "number 3"
        );
        assert_eq!(
            answer(
                "distance({pointX: 2, pointY: 5, pointZ: 9}, {x0: 1, y0: 2, z0: 3, a: 4, b: 5, c: 6})"
            ),
            "number 2.591193878173865"
        );
        // math.js: Key names do not match
        assert_eq!(
            answer("distance({a: 1, b: 2}, {c: 1, d: 2})"),
            "evaluation_failed: Evaluation failed: Key names do not match"
        );
        // math.js: Values of pointOneX and pointOneY should be numbers or BigNumbers
        assert_eq!(
            answer("distance({pointOneX: 4, pointOneY: \"5\"}, {pointTwoX: 2, pointTwoY: 7})"),
            "type_mismatch: Type mismatch: Values of pointOneX and pointOneY should be numbers or BigNumbers"
        );
        // math.js: Unexpected type of argument in function distance (expected: Array or Matrix, actual: Object, index: 1)
        assert_eq!(
            answer("distance([1, 2], {a: 1, b: 2})"),
            "type_mismatch: Type mismatch: Unexpected type of argument in function distance (expected: Array or Matrix, actual: Object, index: 1)"
        );
        // math.js: All values of an array should be numbers or BigNumbers
        assert_eq!(
            answer("distance([1, \"2\"], [3, 4])"),
            "type_mismatch: Type mismatch: All values of an array should be numbers or BigNumbers"
        );
        // math.js: All values of an array should be numbers or BigNumbers
        assert_eq!(
            answer("distance([1, true], [3, 4])"),
            "type_mismatch: Type mismatch: All values of an array should be numbers or BigNumbers"
        );
        // math.js: All values of an array should be numbers or BigNumbers
        assert_eq!(
            answer("distance([1, 2 + i], [3, 4])"),
            "type_mismatch: Type mismatch: All values of an array should be numbers or BigNumbers"
        );
        // math.js: All values of an array should be numbers or BigNumbers
        assert_eq!(
            answer("distance([[1, 2], [3, 4]], [[1, 2], [3, 4]])"),
            "type_mismatch: Type mismatch: All values of an array should be numbers or BigNumbers"
        );
        // math.js: Array with 3 numbers or BigNumbers expected for second argument
        assert_eq!(
            answer("distance([2, 3], [[1], [2], [3]])"),
            "type_mismatch: Type mismatch: Array with 3 numbers or BigNumbers expected for second argument"
        );
        // math.js: number Infinity (refused by the server's result checks, spec step 10)
        assert_eq!(
            reason_in("distance([1e200, 0], [-1e200, 0])", "number"),
            "undefined_result"
        );
        assert_eq!(answer("distance([1, 2], [1, 2])"), "number 0");
        assert_eq!(answer("distance([0, 0], [0, 0], [1, 1])"), "number 0");
        // math.js: number NaN (refused by the server's result checks, spec step 10)
        assert_eq!(
            reason_in("distance([1, 1], [0, 0, 0])", "number"),
            "undefined_result"
        );
        // math.js: number NaN (refused by the server's result checks, spec step 10)
        assert_eq!(
            reason_in("distance([1, 1, 1], [0, 0, 0, 0, 0, 0])", "number"),
            "undefined_result"
        );
        // math.js: Dimension mismatch (3 != 2)
        assert_eq!(
            answer("distance([[1, 2], [3, 4, 5]])"),
            "evaluation_failed: Evaluation failed: Dimension mismatch (3 != 2)"
        );
        // math.js: Incorrect array format entered for pairwise distance calculation
        assert_eq!(
            answer("distance([[1, 2], [3, \"a\"]])"),
            "type_mismatch: Type mismatch: Incorrect array format entered for pairwise distance calculation"
        );
        // math.js: Invalid Arguments: Try again
        assert_eq!(
            answer("distance(size([1,2]), [3, 4])"),
            "evaluation_failed: Evaluation failed: Invalid Arguments: Try again"
        );
        assert_eq!(answer("distance([0, 0], [3, bignumber(4)])"), "BigNumber 5");
        assert_eq!(answer("distance([bignumber(1), 2], [4, 6])"), "BigNumber 5");
        // math.js refuses: Too many arguments in function distance (expected: 3, actual: 4)
        assert_eq!(
            reason_in("distance([1, 2], [3, 4], [5, 6], [7, 8])", "number"),
            "evaluation_failed"
        );
        // math.js refuses: Unexpected type of argument in function distance (expected: Object, actual: Matrix | DenseMatrix, index: 2)
        assert_eq!(
            reason_in(
                "distance({pointX: 1, pointY: 4}, {lineOnePtX: 6, lineOnePtY: 3}, [2, 8])",
                "number"
            ),
            "type_mismatch"
        );
        // math.js: LinePoint1 should not be same with LinePoint2
        assert_eq!(
            answer(
                "distance({pointX: 1, pointY: 4}, {lineOnePtX: 1, lineOnePtY: 3}, {lineTwoPtX: 1, lineTwoPtY: 3})"
            ),
            "evaluation_failed: Evaluation failed: LinePoint1 should not be same with LinePoint2"
        );
        // math.js: All values of an array should be numbers or BigNumbers
        assert_eq!(
            answer("distance([fraction(1, 2), 1], [3, 4])"),
            "type_mismatch: Type mismatch: All values of an array should be numbers or BigNumbers"
        );
    }

    #[test]
    fn intersect_matches_mathjs() {
        assert_eq!(
            answer("intersect([0, 0], [10, 10], [10, 0], [0, 10])"),
            "DenseMatrix [5, 5]"
        );
        assert_eq!(
            answer("intersect([1, 0, 1], [4, -2, 2], [1, 1, 1, 6])"),
            "DenseMatrix [7, -4, 3]"
        );
        assert_eq!(
            answer("intersect([0, 0, 0], [2, 2, 2], [0, 2, 0], [2, 0, 2])"),
            "DenseMatrix [1, 1, 1]"
        );
        assert_eq!(
            answer("intersect([0, 0], [1, 1], [0, 1], [1, 2])"),
            "null null"
        );
        assert_eq!(
            answer("intersect([0, 0, 0], [1, 1, 1], [0, 1, 0], [1, 2, 1])"),
            "null null"
        );
        assert_eq!(
            answer("intersect([0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 1, 1])"),
            "null null"
        );
        // math.js: DenseMatrix [NaN, NaN, NaN] (refused by the server's result checks, spec step 10)
        assert_eq!(
            reason_in("intersect([1, 0, 1], [1, 0, 1], [1, 1, 1, 6])", "number"),
            "undefined_result"
        );
        assert_eq!(
            answer("intersect([0, 0, 0], [1, 0, 0], [1, 0, 0, 6])"),
            "DenseMatrix [6, 0, 0]"
        );
        // math.js: DenseMatrix [Infinity, NaN, NaN] (refused by the server's result checks, spec step 10)
        assert_eq!(
            reason_in("intersect([0, 0, 0], [1, 0, 0], [0, 1, 0, 6])", "number"),
            "undefined_result"
        );
        assert_eq!(
            answer("intersect([[0, 0]], [[10, 10]], [[10, 0]], [[0, 10]])"),
            "DenseMatrix [5, 5]"
        );
        assert_eq!(
            answer("intersect([[0], [0]], [[10], [10]], [[10], [0]], [[0], [10]])"),
            "DenseMatrix [5, 5]"
        );
        // math.js: Array with 2 numbers or BigNumbers expected for fourth argument
        assert_eq!(
            answer("intersect([0, 0], [10, 10], [10, 0], [0, 10, 1])"),
            "type_mismatch: Type mismatch: Array with 2 numbers or BigNumbers expected for fourth argument"
        );
        // math.js: Array with 3 numbers or BigNumbers expected for second argument
        assert_eq!(
            answer("intersect([0, 0, 1], [10, 10], [10, 0], [0, 10])"),
            "type_mismatch: Type mismatch: Array with 3 numbers or BigNumbers expected for second argument"
        );
        // math.js: Arrays with two or thee dimensional points expected
        assert_eq!(
            answer("intersect([0], [10], [10], [0])"),
            "evaluation_failed: Evaluation failed: Arrays with two or thee dimensional points expected"
        );
        // math.js: Array with 3 numbers or BigNumbers expected for first argument
        assert_eq!(
            answer("intersect([0, 0], [10, 10], [10, 0])"),
            "type_mismatch: Type mismatch: Array with 3 numbers or BigNumbers expected for first argument"
        );
        // math.js: Array with 2 numbers or BigNumbers expected for second argument
        assert_eq!(
            answer("intersect([0, 0], [10, \"a\"], [10, 0], [0, 10])"),
            "type_mismatch: Type mismatch: Array with 2 numbers or BigNumbers expected for second argument"
        );
        // math.js: Array with 2 numbers or BigNumbers expected for second argument
        assert_eq!(
            answer("intersect([0, 0], [10, \"1\"], [10, 0], [0, 10])"),
            "type_mismatch: Type mismatch: Array with 2 numbers or BigNumbers expected for second argument"
        );
        assert_eq!(
            answer("intersect([0, 0], [10, true], [10, 0], [0, 10])"),
            "DenseMatrix [9.09090909090909, 0.9090909090909091]"
        );
        // math.js: Array with 2 numbers or BigNumbers expected for second argument
        assert_eq!(
            answer("intersect([0, 0], [10, 1 + i], [10, 0], [0, 10])"),
            "type_mismatch: Type mismatch: Array with 2 numbers or BigNumbers expected for second argument"
        );
        // math.js: Array with 4 numbers expected as third argument
        assert_eq!(
            answer("intersect([1, 0, 1], [4, -2, 2], [1, 1, 1])"),
            "type_mismatch: Type mismatch: Array with 4 numbers expected as third argument"
        );
        // math.js: Array with 3 numbers or BigNumbers expected for first argument
        assert_eq!(
            answer("intersect([1, 0], [4, -2, 2], [1, 1, 1, 6])"),
            "type_mismatch: Type mismatch: Array with 3 numbers or BigNumbers expected for first argument"
        );
        // math.js: Unexpected type of argument in function intersect (expected: Array or Matrix, actual: number, index: 0)
        assert_eq!(
            answer("intersect(1, 2, 3, 4)"),
            "type_mismatch: Type mismatch: Unexpected type of argument in function intersect (expected: Array or Matrix, actual: number, index: 0)"
        );
        assert_eq!(
            answer("intersect([0, 0], [1e-13, 1e-13], [1, 0], [0, 1])"),
            "null null"
        );
        assert_eq!(
            answer("intersect([0, 0], [1, 1], [1, 0], [0, 1])"),
            "DenseMatrix [0.5, 0.5]"
        );
        assert_eq!(
            answer("intersect([0.5, 0], [1, 3], [1, 0], [0, 1.5])"),
            "DenseMatrix [0.6, 0.6000000000000001]"
        );
        // math.js: Arrays with two or thee dimensional points expected
        assert_eq!(
            answer("intersect(size([1,2]), [1,2], [3], [4])"),
            "evaluation_failed: Evaluation failed: Arrays with two or thee dimensional points expected"
        );
        // math.js: Array with 3 numbers or BigNumbers expected for fourth argument
        assert_eq!(
            answer("intersect([1, 2, 3], [4, 5, 6], [7, 8, 9], [[1, 2]])"),
            "type_mismatch: Type mismatch: Array with 3 numbers or BigNumbers expected for fourth argument"
        );
        // math.js refuses: Too many arguments in function intersect (expected: 4, actual: 5)
        assert_eq!(
            reason_in(
                "intersect([0, 0], [10, 10], [10, 0], [0, 10], [1, 1])",
                "number"
            ),
            "evaluation_failed"
        );
        assert_eq!(
            answer("intersect([0, 0], [10, 10], [10, 0], [0, fraction(10)])"),
            "DenseMatrix [5/1, 5/1]"
        );
        assert_eq!(
            answer("intersect([0, 0], [10, 10], [10, 0], [0, bignumber(10)])"),
            "DenseMatrix [5, 5]"
        );
        assert_eq!(
            answer("typeOf(intersect([0, 0], [1, 1], [0, 1], [1, 2]))"),
            "string \"null\""
        );
    }

    #[test]
    fn geometry_in_bignumber_mode() {
        assert_eq!(
            answer_in("distance([0, 0], [3, 4])", "BigNumber"),
            "BigNumber 5"
        );
        assert_eq!(
            answer_in("distance([1, 2, 3], [4, 6, 8])", "BigNumber"),
            "BigNumber 7.07106781186547524400844362104849039284835937688474036588339869"
        );
        assert_eq!(
            answer_in("distance([5, 6], [1, 2, 3])", "BigNumber"),
            "BigNumber 8.944271909999158785636694674925104941762473438446102897083588983"
        );
        assert_eq!(
            answer_in("distance([5, 6], [1, 2], [3, 5])", "BigNumber"),
            "BigNumber 1.109400392450458244036683466913998752692706638106229603910908633"
        );
        assert_eq!(
            answer_in("distance([5, 6, 7], [1, 2, 3, 4, 5, 6])", "BigNumber"),
            "BigNumber 1.116581052478165040999688861063985090699419141186741320465038441"
        );
        assert_eq!(
            answer_in("distance([[1, 2], [3, 4], [5, 6]])", "BigNumber"),
            "Array [2.828427124746190097603377448419396157139343750753896146353359476, 5.656854249492380195206754896838792314278687501507792292706718952, 2.828427124746190097603377448419396157139343750753896146353359476]"
        );
        assert_eq!(
            answer_in("distance([0.1, 0.2], [0.3, 0.5])", "BigNumber"),
            "BigNumber 0.3605551275463989293119221267470495946251296573845246212710453056"
        );
        assert_eq!(
            answer_in(
                "distance({pointX: 1, pointY: 4}, {lineOnePtX: 6, lineOnePtY: 3}, {lineTwoPtX: 2, lineTwoPtY: 8})",
                "BigNumber"
            ),
            "BigNumber 3.279648999660727376006160272367270208656800555732716990149139638"
        );
        assert_eq!(
            answer_in("intersect([0, 0], [10, 10], [10, 0], [0, 10])", "BigNumber"),
            "DenseMatrix [5, 5]"
        );
        assert_eq!(
            answer_in(
                "intersect([1, 0, 1], [4, -2, 2], [1, 1, 1, 6])",
                "BigNumber"
            ),
            "DenseMatrix [7, -4, 3]"
        );
        assert_eq!(
            answer_in(
                "intersect([0, 0, 0], [2, 2, 2], [0, 2, 0], [2, 0, 2])",
                "BigNumber"
            ),
            "DenseMatrix [1, 1, 1]"
        );
        assert_eq!(
            answer_in("intersect([0, 0], [1, 1], [0, 1], [1, 2])", "BigNumber"),
            "null null"
        );
        assert_eq!(
            answer_in("intersect([0.5, 0], [1, 3], [1, 0], [0, 1.5])", "BigNumber"),
            "DenseMatrix [0.6, 0.6]"
        );
        assert_eq!(
            answer_in(
                "intersect([0.1, 0.2, 0.3], [1, 3, 7], [1, 1, 1, 6])",
                "BigNumber"
            ),
            "DenseMatrix [0.5673076923076923076923076923076923076923076923076923076923076923, 1.653846153846153846153846153846153846153846153846153846153846154, 3.778846153846153846153846153846153846153846153846153846153846154]"
        );
        assert_eq!(
            answer_in(
                "intersect([0, 0, 0], [1, 1, 1], [0, 1, 0], [1, 2, 1])",
                "BigNumber"
            ),
            "null null"
        );
    }

    #[test]
    fn geometry_in_fraction_mode() {
        // math.js refuses: All values of an array should be numbers or BigNumbers
        assert_eq!(
            reason_in("distance([0, 0], [3, 4])", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: All values of an array should be numbers or BigNumbers
        assert_eq!(
            reason_in("distance([1, 2, 3], [4, 6, 8])", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: Array with 2 numbers or BigNumbers expected for first argument
        assert_eq!(
            reason_in("distance([5, 6], [1, 2, 3])", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: Array with 2 numbers or BigNumbers expected for first argument
        assert_eq!(
            reason_in("distance([5, 6], [1, 2], [3, 5])", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: Array with 3 numbers or BigNumbers expected for first argument
        assert_eq!(
            reason_in("distance([5, 6, 7], [1, 2, 3, 4, 5, 6])", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: Incorrect array format entered for pairwise distance calculation
        assert_eq!(
            reason_in("distance([[1, 2], [3, 4], [5, 6]])", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: All values of an array should be numbers or BigNumbers
        assert_eq!(
            reason_in("distance([0.1, 0.2], [0.3, 0.5])", "Fraction"),
            "fraction_unsupported"
        );
        // math.js refuses: Values of pointX and pointY should be numbers or BigNumbers
        assert_eq!(
            reason_in(
                "distance({pointX: 1, pointY: 4}, {lineOnePtX: 6, lineOnePtY: 3}, {lineTwoPtX: 2, lineTwoPtY: 8})",
                "Fraction"
            ),
            "fraction_unsupported"
        );
        assert_eq!(
            answer_in("intersect([0, 0], [10, 10], [10, 0], [0, 10])", "Fraction"),
            "DenseMatrix [5/1, 5/1]"
        );
        assert_eq!(
            answer_in("intersect([1, 0, 1], [4, -2, 2], [1, 1, 1, 6])", "Fraction"),
            "DenseMatrix [7/1, -4/1, 3/1]"
        );
        assert_eq!(
            answer_in(
                "intersect([0, 0, 0], [2, 2, 2], [0, 2, 0], [2, 0, 2])",
                "Fraction"
            ),
            "DenseMatrix [1/1, 1/1, 1/1]"
        );
        assert_eq!(
            answer_in("intersect([0, 0], [1, 1], [0, 1], [1, 2])", "Fraction"),
            "null null"
        );
        assert_eq!(
            answer_in("intersect([0.5, 0], [1, 3], [1, 0], [0, 1.5])", "Fraction"),
            "DenseMatrix [3/5, 3/5]"
        );
        assert_eq!(
            answer_in(
                "intersect([0.1, 0.2, 0.3], [1, 3, 7], [1, 1, 1, 6])",
                "Fraction"
            ),
            "DenseMatrix [59/104, 43/26, 393/104]"
        );
        assert_eq!(
            answer_in(
                "intersect([0, 0, 0], [1, 1, 1], [0, 1, 0], [1, 2, 1])",
                "Fraction"
            ),
            "null null"
        );
    }

    #[test]
    fn hostile_sizes_are_refused_before_the_work() {
        // 2000 points have 1,999,000 pairs: over the per-call build limit, refused at once.
        assert_eq!(
            answer("distance(ones(2000, 2))"),
            "result_too_large: Size limit exceeded: distance() would build 1,999,000 elements, over the limit of 1,000,000."
        );
        // Wrong shapes are refused by their size, before any arithmetic.
        assert_eq!(
            reason_in("rotate(ones(500000), 1)", "number"),
            "evaluation_failed"
        );
        assert_eq!(
            reason_in("rotationMatrix(1, ones(3, 100000))", "number"),
            "evaluation_failed"
        );
        assert_eq!(
            reason_in(
                "intersect(ones(100000), ones(100000), ones(100000), ones(100000))",
                "number"
            ),
            "evaluation_failed"
        );
        assert_eq!(
            reason_in("distance(ones(3, 3, 3))", "number"),
            "type_mismatch"
        );
        assert_eq!(
            reason_in("distance(zeros(0, 2))", "number"),
            "evaluation_failed"
        );
        assert_eq!(
            reason_in("intersect([], [], [], [])", "number"),
            "evaluation_failed"
        );
        assert_eq!(
            reason_in("intersect([[]], [[]], [[]])", "number"),
            "type_mismatch"
        );
        assert_eq!(
            reason_in("rotate(zeros(2, 0), 1)", "number"),
            "evaluation_failed"
        );
        assert_eq!(
            reason_in("rotationMatrix(1, ones(3, 2, 2))", "number"),
            "evaluation_failed"
        );
        assert_eq!(
            reason_in("rotationMatrix(1, sparse([1, 2, 3]))", "number"),
            "evaluation_failed"
        );
        assert_eq!(
            answer("distance(ones(3000), zeros(3000))"),
            "number 54.772255750516614"
        );
    }
}
