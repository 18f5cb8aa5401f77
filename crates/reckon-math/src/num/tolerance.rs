//! math.js's equality tolerance for numbers (its `nearlyEqual` with the default `relTol` 1e-12
//! and `absTol` 1e-15), which its comparisons, rounding and sparse storage use.

/// math.js's tolerance: equal within relative 1e-12 or absolute 1e-15.
#[inline]
pub(crate) fn nearly_equal(x: f64, y: f64) -> bool {
    if x == y {
        return true;
    }
    if !x.is_finite() || !y.is_finite() {
        return false;
    }
    let diff = (x - y).abs();
    diff <= 1e-15 || diff <= x.abs().max(y.abs()) * 1e-12
}
