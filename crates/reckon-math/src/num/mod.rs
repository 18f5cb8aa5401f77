//! The number tower, knowing nothing of values, trees or the evaluator: JavaScript's `Math` as V8
//! computes it (`jsmath`) and math.js's own functions on binary64 numbers (`real`), its
//! tolerance (`tolerance`), number formatting as JavaScript and math.js print numbers (`format`),
//! the text of number literals (`literal`), exact rationals (`fraction`), JavaScript's bigints
//! (`bigint`), complex.js's complex numbers (`complex`) and 64-digit decimals with decimal.js
//! semantics (`bignum`).

pub(crate) mod bigint;
pub mod bignum;
pub(crate) mod complex;
pub mod format;
pub(crate) mod fraction;
pub(crate) mod jsmath;
pub(crate) mod literal;
pub(crate) mod real;
pub(crate) mod tolerance;
