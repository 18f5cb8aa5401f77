//! Work meter charges (spec 11a).

use super::*;

/// The kinds of BigNumber work [`cost`] prices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Negation, `abs`, `sign`, comparisons, the exact roundings, conversions.
    Exact,
    /// `+` and `−`.
    Add,
    /// `×`.
    Mul,
    /// `÷`.
    Div,
    /// A step that compares with tolerance or rounds with it: `round floor ceil fix mod`,
    /// `nearly_equal`, one argument of `hypot`.
    Composite,
    /// `sqrt`, `cbrt`.
    Root,
    /// One correctly rounded transcendental at 64 digits whose work does not grow with the
    /// argument: `exp expm1 ln log2 log10 log log1p`, the inverse circular and all hyperbolic
    /// functions (and their reciprocals), `nthRoot`, a constant.
    Elementary,
    /// `atan2` (a division and an arctangent at 68 digits).
    Atan2,
    /// `sin cos tan sec csc cot`: decimal.js-style argument reduction works at about
    /// `71 + max(exponent, digits)` digits.
    Circular,
    /// `x ^ y`.
    Pow,
    /// `factorial(n)` or `gamma(n)` (pass `n`).
    Factorial,
    /// `combinations(n, k)` (pass `n` and `k`).
    Combinations,
}

/// Work units of one 64-digit transcendental call (150–250 µs of CPU in a release build: `exp`
/// about 150, `sin` and `atan` 175–200, `ln` 240), at the evaluator's rate of about 25 units a
/// microsecond (`scripts/bench-hostile.sh` prints each case's units per CPU millisecond).
pub const ELEMENTARY_UNITS: u64 = 5_000;

/// Work units of a 64-digit `sqrt` or `cbrt` (about 10 µs), before the operand-size term.
pub(super) const ROOT_UNITS: u64 = 100;

/// The fixed part of a BigNumber addition, multiplication or division, on top of its size: the
/// decimal arithmetic, rounding to 64 digits and the evaluator's dispatch around it ran at 4,000
/// to 9,000 units per CPU millisecond with 1 unit (`sum(map(1:n, f(k) = (k/7)*(k/3)))`), against
/// the evaluator's 25,000; 17 brings them to its rate.
pub const BIG_OP_UNITS: u64 = 17;

/// Work units per pair of factors of `factorial` (a ~5-limb product and the loop around it).
pub const FACTORIAL_PAIR_UNITS: u64 = 36;

/// 64-bit limbs of a value's significand (at least 1): the spec's measure for products.
pub(super) fn limbs(x: &Big) -> u64 {
    match x {
        Big::Finite(r) => (digit_count(r) as u64).div_ceil(19).max(1),
        _ => 1,
    }
}

/// The work units to charge **before** an operation on `x` (and `y`), for the evaluator's
/// meter (budget 60,000,000 units).
///
/// Calibration: the evaluator's, about 25 units per microsecond of CPU (one per tree node,
/// about 40 ns), so that the 60,000,000-unit budget is about the same time whatever the
/// expression spends it on, and the wall-clock backstop stays a backstop (measured with
/// `scripts/bench-hostile.sh`, which prints units per CPU millisecond for every hostile case).
/// Additions cost the sum of the operands' limb counts, multiplications and divisions their
/// product (spec 11a), plus [`BIG_OP_UNITS`] each, so a product of 64-digit operands (4 limbs)
/// costs 33. A 64-digit transcendental costs
/// [`ELEMENTARY_UNITS`] = 5,000; the circular functions scale that by their working digits over
/// 71 (`sin(1e900)` works at ~970 digits: ~68,000 units, about 3 ms); a non-integer power is
/// a logarithm and an exponential; an integer power costs one 98-digit product (36 units) per
/// bit of the exponent, twice; `factorial(n)` costs [`FACTORIAL_PAIR_UNITS`] per two factors,
/// so the budget admits n up to about 3.3 million (`factorial(10^6)` takes ~1 s in math.js and
/// 18,005,000 units here). Prices are upper bounds; nothing here depends on the clock.
pub fn cost(op: Op, x: &Big, y: Option<&Big>) -> u64 {
    let lx = limbs(x);
    let ly = y.map_or(1, limbs);
    match op {
        Op::Exact => lx + ly,
        Op::Add => lx + ly + BIG_OP_UNITS,
        Op::Mul | Op::Div => lx.saturating_mul(ly) + BIG_OP_UNITS,
        Op::Composite => 8 * (lx + 16) + ly,
        Op::Root => ROOT_UNITS + lx.saturating_mul(ly),
        Op::Elementary => ELEMENTARY_UNITS + 4 * lx,
        Op::Atan2 => 2 * ELEMENTARY_UNITS + lx.saturating_mul(ly),
        Op::Circular => {
            let need = match x {
                Big::Finite(r) => sci_exponent(r).max(digit_count(r) as i64).max(0) as u64,
                _ => 0,
            };
            let work = 71 + need;
            if work > PI_DIGITS as u64 {
                // Refused at once with PrecisionLimitExceeded.
                return ELEMENTARY_UNITS;
            }
            ELEMENTARY_UNITS * work / 71
        }
        Op::Pow => match y {
            Some(y) if y.is_integer() => {
                let n = to_f64(y).abs().min(MAX_SAFE_INTEGER);
                let bits = if n >= 1.0 { n.log2() as u64 + 1 } else { 1 };
                2 * bits * 36 + lx * 6 + 16
            }
            _ => 2 * ELEMENTARY_UNITS + lx,
        },
        Op::Combinations => {
            let (n, k) = (loop_steps(x), y.map_or(0.0, loop_steps));
            k.max(n - k) as u64 * 40 + 1
        }
        Op::Factorial => (loop_steps(x) / 2.0) as u64 * FACTORIAL_PAIR_UNITS + ELEMENTARY_UNITS,
    }
}

/// How many steps a loop up to `x` takes, for pricing it: at most 10^15, far over any budget,
/// which a finite value too large for a binary64 (`10^309`) counts as too. A non-finite value
/// counts 0: it is answered or refused before any loop.
pub(super) fn loop_steps(x: &Big) -> f64 {
    match x {
        Big::Finite(_) => {
            let steps = to_f64(x);
            if steps.is_nan() {
                0.0
            } else {
                steps.clamp(0.0, 1e15)
            }
        }
        _ => 0.0,
    }
}
