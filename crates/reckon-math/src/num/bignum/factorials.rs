//! Factorial, gamma and constants.

use super::*;

/// math.js `factorial(n)` for BigNumbers: `gamma(n + 1)`.
///
/// # Errors
/// [`BigError::NegativeFactorial`] for negative `n` (and `-0`), [`BigError::IntegerExpected`]
/// for a non-integer.
pub fn factorial(n: &Big) -> BigResult {
    if n.is_negative() {
        return Err(BigError::NegativeFactorial);
    }
    gamma(&add(n, &Big::one()))
}

/// math.js `gamma(n)` for BigNumbers: only integers (`(n − 1)!` by math.js's product, Infinity
/// for `n ≤ 0`); +Infinity and NaN give Infinity, -Infinity NaN.
///
/// # Errors
/// [`BigError::IntegerExpected`] for a finite non-integer.
pub fn gamma(n: &Big) -> BigResult {
    if n.is_integer() {
        if n.is_negative() || n.is_zero() {
            return Ok(Big::infinity(false));
        }
        return Ok(big_factorial(to_f64(&sub(n, &Big::one()))));
    }
    if !n.is_finite() {
        return Ok(if n.is_negative() {
            Big::NaN
        } else {
            Big::infinity(false)
        });
    }
    Err(BigError::IntegerExpected)
}

/// math.js `bigFactorial(n)`: a table below 8; an odd `n` as `n · (n − 1)!` rounded to 64; an
/// even `n` as the product `n · (n + (n−2)) · (n + (n−2) + (n−4)) · …` of JavaScript-number
/// partial sums, each product rounded to `64 + ⌊ln n⌋` digits, the whole then to 64.
pub(super) fn big_factorial(n: f64) -> Big {
    const TABLE: [i64; 8] = [1, 1, 2, 6, 24, 120, 720, 5040];
    if n < 8.0 {
        return Big::from_i64(TABLE[n.max(0.0) as usize]);
    }
    if n >= 1e15 {
        // n! > 10^(1.4e16) is beyond maxE: decimal.js would reach Infinity after 5e14 products
        // (the work meter refuses such n long before; this keeps the function total).
        return Big::infinity(false);
    }
    let digits = PRECISION + n.ln() as usize;
    if n % 2.0 == 1.0 {
        return mul(&from_f64(n), &big_factorial(n - 1.0));
    }
    let mut p = n;
    let mut sum = n;
    let mut product = from_f64(n);
    while p > 2.0 {
        p -= 2.0;
        sum += p;
        product = match (&product, from_f64(sum)) {
            (Big::Finite(a), Big::Finite(b)) => finish(ctx(digits).mul(a, &b)),
            (a, b) => mul(a, &b),
        };
    }
    round_to(&product, PRECISION)
}

/// math.js `combinations(n, k)` for BigNumbers: `∏ (k + i) / i` over `i = 1..n−k` (or `∏ (n − k
/// + i) / i` over `i = 1..k` when `k ≥ n − k`), multiplying then dividing, each step rounded to
/// 64 digits (so `combinations(100, 50)` is the exact 1.00891344545564193334812497256e+29).
/// The loop runs `max(k, n − k)` times, as math.js's; [`cost`] charges it by that count.
///
/// # Errors
/// [`BigError::PositiveIntegerExpected`], [`BigError::KGreaterThanN`].
pub fn combinations(n: &Big, k: &Big) -> BigResult {
    let n_minus_k = sub(n, k);
    let non_negative_integer =
        |x: &Big| x.is_integer() && cmp(x, &Big::ZERO) != Some(Ordering::Less);
    if !non_negative_integer(n) || !non_negative_integer(k) {
        return Err(BigError::PositiveIntegerExpected);
    }
    if cmp(k, n) == Some(Ordering::Greater) {
        return Err(BigError::KGreaterThanN);
    }
    let (base, count) = if cmp(k, &n_minus_k) == Some(Ordering::Less) {
        (k.clone(), n_minus_k)
    } else {
        (n_minus_k, k.clone())
    };
    let one = Big::one();
    let mut result = one.clone();
    let mut i = one.clone();
    while cmp(&i, &count) != Some(Ordering::Greater) {
        result = div(&mul(&result, &add(&base, &i)), &i);
        i = add(&i, &one);
    }
    Ok(result)
}

/// π rounded to 64 digits (math.js: `acos(-1)`, decimal.js's π).
pub fn pi() -> Big {
    finish(Ok(ctx(PRECISION).pi::<10>(None)))
}

/// A math.js constant in BigNumber mode, computed as math.js does (`tau = 2π`, `phi = (1 +
/// √5)/2`, `LOG2E = 1/ln 2`, each step rounded to 64 digits); `None` for other names.
pub fn constant(name: &str) -> Option<Big> {
    static CACHE: OnceLock<Vec<(&'static str, Big)>> = OnceLock::new();
    let table = CACHE.get_or_init(|| {
        let two = Big::from_i64(2);
        let ten = Big::from_i64(10);
        let ln2 = ln(&two).unwrap_or(Big::NaN);
        let ln10 = ln(&ten).unwrap_or(Big::NaN);
        let one = Big::one();
        let sqrt5 = sqrt(&Big::from_i64(5)).unwrap_or(Big::NaN);
        vec![
            ("pi", pi()),
            ("e", exp(&one)),
            ("tau", mul(&pi(), &two)),
            ("phi", div(&add(&one, &sqrt5), &two)),
            ("LN2", ln2.clone()),
            ("LN10", ln10.clone()),
            ("LOG2E", div(&one, &ln2)),
            ("LOG10E", div(&one, &ln10)),
            ("SQRT2", sqrt(&two).unwrap_or(Big::NaN)),
            ("SQRT1_2", sqrt(&parse_literal("0.5")).unwrap_or(Big::NaN)),
        ]
    });
    table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.clone())
}
