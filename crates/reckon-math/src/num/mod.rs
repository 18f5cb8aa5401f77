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
pub(crate) mod name_hash;
pub(crate) mod real;
pub(crate) mod tolerance;

/// The work meter as the number tower sees it: a long operation (a repeating decimal, an exact
/// Bernoulli number, a value's text) asks it for the units of each step before taking the step,
/// and stops with its refusal `E`. The evaluator is one (its meter); a closure is one too, for
/// callers that bound the work otherwise and for tests.
pub(crate) trait Charge<E> {
    /// Spends `units` of the meter, or refuses.
    fn charge(&mut self, units: u64) -> Result<(), E>;
}

impl<E, F: FnMut(u64) -> Result<(), E>> Charge<E> for F {
    fn charge(&mut self, units: u64) -> Result<(), E> {
        self(units)
    }
}
