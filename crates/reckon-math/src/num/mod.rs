//! The number tower: JavaScript's `Math` as V8 computes it (`jsmath`), number formatting as
//! JavaScript and math.js print numbers (`format`), exact rationals (`fraction`), complex.js's
//! complex numbers (`complex`) and 64-digit decimals with decimal.js semantics (`bignum`). This
//! layer is meant to know nothing of values, trees or the evaluator.

pub(crate) mod bigint;
pub mod bignum;
pub(crate) mod complex;
pub mod format;
pub(crate) mod fraction;
pub(crate) mod jsmath;
pub(crate) mod literal;
pub(crate) mod tolerance;
