//! math.js's functions on binary64 numbers where they differ from JavaScript's `Math`: its `mod`
//! and JavaScript's remainder, rounding with its tolerance (`floor`, `ceil`, `round` to decimal
//! places, half up on the decimal digits), `pow` and `nthRoot`, `hypot`, `gcd` and `lcm`,
//! the factorial and the Lanczos gamma function, `permutations` and `isPrime`.

use crate::error::FnError;
use crate::num::jsmath;
use crate::num::tolerance::nearly_equal;

/// Steps of Euclid's algorithm past which `gcd` is refused: integers below 2^1024 need at most
/// about 1,500; more means the tolerant remainders no longer shrink.
pub(crate) const GCD_STEPS: u32 = 10_000;

/// math.js's `gcd` for numbers: Euclid's algorithm with its tolerant `mod` (so a remainder
/// within 1e-12 of a multiple counts as 0: `gcd(31, 20!)` is 31 there), made non-negative.
pub(crate) fn gcd(a: f64, b: f64) -> Result<f64, FnError> {
    let (mut a, mut b) = (a, b);
    let mut steps = 0;
    while b != 0.0 {
        steps += 1;
        if steps > GCD_STEPS {
            return Err(FnError::TooLarge);
        }
        (a, b) = (b, modulo(a, b));
    }
    Ok(a.abs())
}

/// math.js's `lcm` for numbers: |a·b| / gcd(a, b), the gcd by Euclid with JavaScript's exact
/// `%` (which always terminates: each remainder is smaller than the last).
pub(crate) fn lcm(a: f64, b: f64) -> f64 {
    if a == 0.0 || b == 0.0 {
        return 0.0;
    }
    // Euclid never ends on a non-finite operand (Infinity % b is NaN, and NaN != 0 forever):
    // callers pass integers, and this keeps the loop bounded whatever they pass.
    if !a.is_finite() || !b.is_finite() {
        return f64::NAN;
    }
    let product = a * b;
    let (mut a, mut b) = (a, b);
    while b != 0.0 {
        (a, b) = (b, js_rem(a, b));
    }
    (product / a).abs()
}

/// Floored modulo, `x − y·⌊x/y⌋` with math.js's tolerant floor, and `mod(x, 0) = x`.
pub(crate) fn modulo(x: f64, y: f64) -> f64 {
    if y == 0.0 { x } else { x - y * floor(x / y) }
}

/// JavaScript's `x % y` (C's `fmod`, exact), computed with machine integers when both operands
/// are integers below 2^53 in magnitude: the software `fmod` costs over a hundred instructions,
/// and the combinatorics and primality loops take remainders of integers. Integer remainder
/// truncates as `fmod` does, so the magnitudes agree; a zero takes the dividend's sign, as
/// `fmod`'s does (`-4 % 2` is −0). A unit test compares it with `%`.
#[inline]
pub(crate) fn js_rem(x: f64, y: f64) -> f64 {
    const SAFE: f64 = 9_007_199_254_740_992.0; // 2^53
    if x.abs() < SAFE && y.abs() < SAFE {
        // (Casts, not `fract`, which calls out to `trunc`.)
        let (a, b) = (x as i64, y as i64);
        if a as f64 == x && b as f64 == y && b != 0 {
            return ((a % b) as f64).copysign(x);
        }
    }
    x % y
}

/// math.js's `floor`: the plain floor, unless x is within the tolerance of its rounding and not
/// of its floor (`floor(2.9999999999999996)` = 3). Where both are within it (|x| beyond about
/// 1e12), the plain floor stays: `mod` relies on it (`stirlingS2(22, 10) % e` is 2.375).
pub(crate) fn floor(x: f64) -> f64 {
    tolerant(x, x.floor())
}

/// [`floor`] and [`ceil`]'s choice between the plain result `plain` and the rounding of `x`.
pub(crate) fn tolerant(x: f64, plain: f64) -> f64 {
    let nearest = x.round();
    if plain != nearest && nearly_equal(x, nearest) && !nearly_equal(x, plain) {
        nearest
    } else {
        plain
    }
}

/// math.js's `ceil`, with the same tolerance as [`floor`].
pub(crate) fn ceil(x: f64) -> f64 {
    tolerant(x, x.ceil())
}

/// math.js's `hypot`, es6-shim's scaled sum: Σ (xᵢ/largest)² rescaled whenever a larger value
/// comes, times the largest (with math.js's tolerant comparisons), so it rounds as math.js does
/// and `hypot(Infinity, Infinity)` is NaN there too.
pub(crate) fn hypot(values: &[f64]) -> f64 {
    let (mut sum, mut largest) = (0.0, 0.0);
    for x in values {
        let v = x.abs();
        if largest < v && !nearly_equal(largest, v) {
            let ratio = largest / v;
            sum *= ratio * ratio;
            sum += 1.0;
            largest = v;
        } else if v > 0.0 && !nearly_equal(v, 0.0) {
            let ratio = v / largest;
            sum += ratio * ratio;
        } else {
            sum += v;
        }
    }
    largest * sum.sqrt()
}

/// `x ^ y` for real numbers, or `FnError::Complex` where math.js computes it on Complex.
pub(crate) fn power(x: f64, y: f64) -> Result<f64, FnError> {
    // math.js's real power needs an integer exponent (finite) or a base ≥ 0; anything else
    // takes its complex path (`complex::pow_real`): a negative base with a fractional or
    // infinite exponent, and a NaN on either side but `NaN^n` (`NaN^0.5` is `NaN + NaNi`).
    let integer = y.is_finite() && y == y.round();
    if !(integer || x >= 0.0) {
        return Err(FnError::Complex);
    }
    Ok(jsmath::pow(x, y))
}

/// `nthRoot(a, n)`: the real n-th root, for any non-zero n (a non-integer or infinite root is
/// |a|^(1/|n|), inverted for a negative n, as math.js computes it).
pub(crate) fn nth_root(a: f64, n: f64) -> Result<f64, FnError> {
    if n == 0.0 {
        return Err(FnError::Domain("Root must be non-zero".into()));
    }
    if n.is_nan() || n.fract() != 0.0 || n.is_infinite() {
        if a < 0.0 {
            return Err(FnError::Domain(
                "Root must be odd when a is negative.".into(),
            ));
        }
        let root = n.abs();
        let x = if a == 0.0 || a.is_infinite() {
            a
        } else {
            jsmath::pow(a, 1.0 / root)
        };
        return Ok(if n < 0.0 { 1.0 / x } else { x });
    }
    if a < 0.0 {
        if n.abs() % 2.0 != 1.0 {
            return Err(FnError::Domain(
                "Root must be odd when a is negative.".into(),
            ));
        }
        return Ok(-nth_root(-a, n)?);
    }
    let root = jsmath::pow(a, 1.0 / n);
    // Snap to an exact integer root when there is one (nthRoot(27, 3) = 3).
    let rounded = root.round();
    Ok(if jsmath::pow(rounded, n) == a {
        rounded
    } else {
        root
    })
}

/// `round(x, n)`: decimal rounding half away from zero on the shortest digits of x (so
/// `round(1.005, 2)` is 1.01), for 0 ≤ n ≤ 15.
pub(crate) fn round(x: f64, n: f64) -> Result<f64, FnError> {
    if n.fract() != 0.0 || !(0.0..=15.0).contains(&n) {
        return Err(FnError::Domain(
            "Number of decimals in function round must be in the range of 0-15".into(),
        ));
    }
    if !x.is_finite() {
        return Ok(x);
    }
    let mut buffer = ryu_js::Buffer::new();
    let shortest = buffer.format(x.abs());
    let rounded = decimal_round_half_up(shortest, n as i32).unwrap_or(x.abs());
    Ok(if x < 0.0 { -rounded } else { rounded })
}

/// The most digits [`decimal_round_half_up`] keeps on the stack; the shortest text of a
/// binary64 has at most 17 significant digits and 21 before the point, so this is never short.
pub(crate) const ROUND_DIGITS: usize = 48;

/// Rounds the decimal text of a non-negative number half up at `places` fraction digits. The
/// digits stay on the stack, and a result of at most 15 digits is read back as one exact
/// integer scaled by an exact power of ten (one rounding, as the parser's).
pub(crate) fn decimal_round_half_up(text: &str, places: i32) -> Option<f64> {
    let (mantissa, exponent) = match text.split_once('e') {
        Some((m, e)) => (m, e.trim_start_matches('+').parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    // digits[0] is room for a carry out of the first digit.
    let mut digits = [0u8; ROUND_DIGITS + 1];
    let count = integer.len() + fraction.len();
    if count > ROUND_DIGITS {
        return None;
    }
    for (slot, b) in digits[1..]
        .iter_mut()
        .zip(integer.bytes().chain(fraction.bytes()))
    {
        *slot = b.wrapping_sub(b'0');
    }
    // value = 0.d1d2... × 10^point
    let point = integer.len() as i32 + exponent;
    let keep = point + places;
    if keep < 0 {
        return Some(0.0);
    }
    let keep = keep as usize;
    if keep >= count {
        return text.parse().ok();
    }
    let (mut first, mut point) = (1, point);
    if digits[1 + keep] >= 5 {
        let mut i = keep;
        loop {
            if i == 0 {
                // 9.99 → 10.0: the carry becomes the first digit.
                digits[0] = 1;
                first = 0;
                point += 1;
                break;
            }
            if digits[i] == 9 {
                digits[i] = 0;
                i -= 1;
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    let kept = &digits[first..=keep];
    let scale = point - kept.len() as i32;
    if kept.len() <= 15 && (-22..=22).contains(&scale) {
        // Below 10^15 < 2^53 the digits are an exact binary64 integer, and so is every power
        // of ten up to 10^22: their product or quotient, rounded once, is the nearest binary64
        // to the decimal, which is what `str::parse` returns.
        const POWERS: [f64; 23] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
            1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
        ];
        let integer = kept.iter().fold(0u64, |n, &d| n * 10 + u64::from(d)) as f64;
        return Some(if scale >= 0 {
            integer * POWERS[scale as usize]
        } else {
            integer / POWERS[scale.unsigned_abs() as usize]
        });
    }
    digits_times_power(kept, point)
}

/// The value `0.d1d2d3… × 10^point` of decimal digits (each 0–9; none is zero), read as
/// `str::parse` reads its text: the nearest binary64.
pub(crate) fn digits_times_power(digits: &[u8], point: i32) -> Option<f64> {
    let digits: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    let digits = if digits.is_empty() { "0" } else { &digits };
    format!("0.{digits}e{point}").parse().ok()
}

pub(crate) fn factorial(n: f64) -> Result<f64, FnError> {
    if n < 0.0 {
        return Err(FnError::Domain("Value must be non-negative".into()));
    }
    Ok(gamma(n + 1.0))
}

/// The published Lanczos coefficients (g = 4.7421875, 15 terms) that math.js uses.
pub(crate) const LANCZOS_G: f64 = 4.7421875;

pub(crate) const LANCZOS: [f64; 15] = [
    0.999_999_999_999_997_1,
    57.156_235_665_862_92,
    -59.597_960_355_475_49,
    14.136_097_974_741_747,
    -0.491_913_816_097_620_2,
    0.339_946_499_848_118_9e-4,
    0.465_236_289_270_485_8e-4,
    -0.983_744_753_048_795_6e-4,
    0.158_088_703_224_912_5e-3,
    -0.210_264_441_724_104_9e-3,
    0.217_439_618_115_212_6e-3,
    -0.164_318_106_536_763_9e-3,
    0.844_182_239_838_527_4e-4,
    -0.261_908_384_015_814_1e-4,
    0.368_991_826_595_316_2e-5,
];

/// Γ(n) as math.js computes it in number mode: an exact product for positive integers, the
/// reflection formula below 1/2, the extended Stirling series above 85, Lanczos otherwise.
pub(crate) fn gamma(n: f64) -> f64 {
    if n.fract() == 0.0 {
        if n <= 0.0 {
            return if n.is_finite() {
                f64::INFINITY
            } else {
                f64::NAN
            };
        }
        if n > 171.0 {
            return f64::INFINITY;
        }
        return split_product(1.0, n - 1.0);
    }
    if n.is_nan() {
        return f64::NAN;
    }
    if n < 0.5 {
        return std::f64::consts::PI / (jsmath::sin(std::f64::consts::PI * n) * gamma(1.0 - n));
    }
    if n >= 171.35 {
        return f64::INFINITY;
    }
    if n > 85.0 {
        let (n2, n3, n4, n5) = (n * n, n * n * n, n * n * n * n, n * n * n * n * n);
        let series = 1.0 + 1.0 / (12.0 * n) + 1.0 / (288.0 * n2)
            - 139.0 / (51840.0 * n3)
            - 571.0 / (2488320.0 * n4)
            + 163879.0 / (209018880.0 * n5)
            + 5246819.0 / (75246796800.0 * n5 * n);
        return (2.0 * std::f64::consts::PI / n).sqrt()
            * jsmath::pow(n / std::f64::consts::E, n)
            * series;
    }
    let z = n - 1.0;
    let sum = LANCZOS
        .iter()
        .enumerate()
        .skip(1)
        .fold(LANCZOS[0], |acc, (i, c)| acc + c / (z + i as f64));
    let t = z + LANCZOS_G + 0.5;
    (2.0 * std::f64::consts::PI).sqrt() * jsmath::pow(t, z + 0.5) * jsmath::exp(-t) * sum
}

/// `start · (start+1) · … · end`, multiplied by binary splitting (the halves' products, then their
/// product), which is how math.js multiplies and so rounds the same way.
pub(crate) fn split_product(start: f64, end: f64) -> f64 {
    if end < start {
        return 1.0;
    }
    if end == start {
        return start;
    }
    let half = ((start + end) / 2.0).floor();
    split_product(start, half) * split_product(half + 1.0, end)
}

pub(crate) fn permutations(a: &[f64]) -> Result<f64, FnError> {
    let n = a[0];
    let k = a.get(1).copied().unwrap_or(n);
    if n.fract() != 0.0 || k.fract() != 0.0 || n < 0.0 || k < 0.0 {
        return Err(FnError::Domain(
            "Positive integer value expected in function permutations".into(),
        ));
    }
    if k > n {
        return Err(FnError::Domain(
            "second argument k must be less than or equal to first argument n".into(),
        ));
    }
    let mut result: f64 = 1.0;
    let mut i = n - k + 1.0;
    while i <= n && result.is_finite() {
        result *= i;
        i += 1.0;
    }
    Ok(result)
}

/// math.js's `isPrime` for numbers: `x <= 3` is prime when `x > 1`; multiples of 2 and 3 are not;
/// any other non-integer, and NaN, passes its trial division (math.js does not check integrality). For
/// integers the trial division is replaced by deterministic Miller–Rabin, which gives the same
/// answer with bounded work (every float from 2^64 on is even).
pub(crate) fn is_prime(x: f64) -> bool {
    if x.is_nan() {
        // math.js: NaN is not at most 3, leaves no remainder 0, and survives the trial division.
        return true;
    }
    if x.is_infinite() {
        // math.js never returns for +Infinity (its trial division never ends).
        return false;
    }
    if x <= 3.0 {
        return x > 1.0;
    }
    if js_rem(x, 2.0) == 0.0 || js_rem(x, 3.0) == 0.0 {
        return false;
    }
    if x.fract() != 0.0 {
        return true;
    }
    let n = x as u64;
    if n < 4 {
        return true;
    }
    if n.is_multiple_of(2) {
        return false;
    }
    // Below 2^16 trial division by 6k ± 1 (math.js's own method) takes at most 84 narrow
    // divisions, fewer and cheaper than the three witnesses' 64-bit modular products.
    if n < 1 << 16 {
        let n = n as u32;
        let mut d = 5;
        while d * d <= n {
            if n.is_multiple_of(d) || n.is_multiple_of(d + 2) {
                return false;
            }
            d += 6;
        }
        return true;
    }
    // Below 2^32 products fit in 64 bits, and the witnesses 2, 7 and 61 decide every number
    // below 4,759,123,141 (Jaeschke, 1993); above, 128-bit products and the first twelve primes
    // decide every 64-bit number.
    let small = n < 1 << 32;
    let mul = |a: u64, b: u64| {
        if small {
            a * b % n
        } else {
            ((u128::from(a) * u128::from(b)) % u128::from(n)) as u64
        }
    };
    let witnesses: &[u64] = if small {
        &[2, 7, 61]
    } else {
        &[2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
    };
    let pow = |mut b: u64, mut e: u64| {
        let mut r = 1u64;
        b %= n;
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, b);
            }
            b = mul(b, b);
            e >>= 1;
        }
        r
    };
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    'witness: for &a in witnesses {
        if a % n == 0 {
            continue;
        }
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul(x, x);
            if x == n - 1 {
                continue 'witness;
            }
        }
        return false;
    }
    true
}
