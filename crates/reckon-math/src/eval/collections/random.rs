//! Random draws: `random`, `randomInt` and `pickRandom`, from the evaluation's seeded
//! generator.

use super::*;

impl Evaluator {
    /// A uniform draw from [0, 1): splitmix64, seeded once per evaluation from the standard
    /// library's per-process random hasher keys (math.js's `randomSeed` is null: draws are not
    /// reproducible, as in math.js).
    pub(in crate::eval) fn next_random(&mut self) -> f64 {
        use std::hash::{BuildHasher, Hasher};
        if self.random_state == 0 {
            let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
            hasher.write_u64(self.elements_built);
            self.random_state = hasher.finish() | 1;
        }
        self.random_state = self.random_state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.random_state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }

    /// `random([size][, min][, max])` and `randomInt(...)`: uniform numbers in [min, max)
    /// (default [0, 1), or [0, max) with one bound), integers for `randomInt`; a size gives a
    /// matrix of them, counted against the build limit first.
    pub(super) fn random_values(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let (shape, bounds) = match values.first() {
            Some(Value::Matrix(m)) => (Some(sizes(&[Value::Matrix(m.clone())], at)?), &values[1..]),
            _ => (None, values),
        };
        let mut numbers = Vec::with_capacity(bounds.len());
        for bound in bounds {
            numbers.push(self.to_number(bound, at)?);
        }
        let (low, high) = match numbers.as_slice() {
            [] => (0.0, if name == "randomInt" { 2.0 } else { 1.0 }),
            [max] => (0.0, *max),
            [min, max] => (*min, *max),
            _ => {
                return Err(failed(
                    format!("{name}() takes at most a size, a minimum and a maximum"),
                    at,
                ));
            }
        };
        let integer = name == "randomInt";
        let draw = |this: &mut Self| {
            let x = low + this.next_random() * (high - low);
            Value::Number(if integer { x.floor() } else { x })
        };
        match shape {
            None => {
                self.charge(1)?;
                Ok(draw(self))
            }
            Some(shape) => {
                // An empty size is the empty matrix, as math.js builds it.
                let shape = if shape.is_empty() { vec![0] } else { shape };
                self.build_shape(name, &shape, at)?;
                let total: usize = shape.iter().product();
                let data = (0..total).map(|_| draw(self)).collect();
                Ok(Value::matrix(Matrix::new(shape, data)))
            }
        }
    }

    /// `pickRandom(A[, n])`: one element of A at random, or a vector of n drawn with
    /// replacement.
    pub(super) fn pick_random(&mut self, values: &[Value], at: usize) -> Evaluated {
        let Value::Matrix(m) = &values[0] else {
            return Err(mismatch(
                "Unexpected type of argument in function pickRandom (expected: Array or Matrix)",
                at,
            ));
        };
        if m.data.is_empty() {
            return Err(failed("pickRandom() needs a non-empty array", at));
        }
        let pick = |this: &mut Self| {
            let i = ((this.next_random() * m.data.len() as f64) as usize).min(m.data.len() - 1);
            m.data[i].clone()
        };
        match values.get(1) {
            None => {
                self.charge(1)?;
                Ok(pick(self))
            }
            Some(n) => {
                let n = whole_number(n, at)?;
                if !(0.0..=MAX_BUILD as f64).contains(&n) {
                    return Err(build_limit(
                        "pickRandom",
                        (n >= 0.0).then_some(n as u64),
                        at,
                    ));
                }
                self.build("pickRandom", n as u64, at)?;
                let data = (0..n as usize).map(|_| pick(self)).collect();
                Ok(Value::matrix(Matrix::vector(data)))
            }
        }
    }
}
