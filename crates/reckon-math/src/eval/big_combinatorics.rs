//! The number-theory and combinatorics functions of math.js 15.2 on BigNumbers: `isPrime`,
//! `xgcd`, `invmod`, `catalan`, `composition`, `combinationsWithRep`, `stirlingS2`,
//! `bellNumbers`, `bernoulli` and `multinomial`.
//!
//! Each follows math.js's own BigNumber code step for step, with the same decimal.js operations
//! rounded to 64 digits in the same order, so that large results round alike (`catalan(500)`,
//! `stirlingS2(100, 50)`), and with its quirks: `stirlingS2(n, n)` is the plain number 1 for
//! n ≥ 1 (math.js stores the diagonal of its table as numbers), `xgcd(0, 0)` has the number 0 in
//! the middle, and `invmod` answers the number NaN when no inverse exists. Every loop is charged
//! to the work meter step by step.
//!
//! Deliberate differences, where math.js never answers: `isPrime` of +Infinity and of a
//! non-integer from 2^32 on is false here (math.js's modular power then never reaches a zero
//! exponent). Where math.js answers after minutes (an integer of more than 25 digits is tested
//! by the same Miller–Rabin base thousands of times over) reckon tests that base once, which
//! gives the same answer.

use crate::CalculateError;
use crate::eval::big_mode::{big_error, compare_big};
use crate::eval::{Evaluated, Evaluator, failed};
use crate::num::bignum::{self, Big};
use crate::syntax::ast::Op;
use crate::value::Value;
use crate::value::matrix::Matrix;
use dashu_int::fast_div::ConstDivisor;
use dashu_int::ops::{BitTest, UnsignedAbs};
use dashu_int::{IBig, UBig};

/// Longest integer `isPrime`, `xgcd` and `invmod` work on exactly, as the other BigNumber
/// integer functions (a Miller–Rabin round on 1,000 digits takes about 10 ms).
const MAX_DIGITS: usize = 1_000;

/// Below this, math.js's Miller–Rabin uses the first thirteen primes as bases, which decide
/// primality exactly there.
const SMALL_BASES_BELOW: &str = "3317044064679887385961981";

/// Steps past which `xgcd` is refused: integers of at most [`MAX_DIGITS`] digits need fewer than
/// 5,000 (Lamé's bound).
const XGCD_STEPS: u32 = 10_000;

impl Evaluator {
    /// The BigNumber form of `name` over `args` when it is one of this module's functions
    /// (`None` otherwise).
    pub(crate) fn big_combinatorics(
        &mut self,
        name: &str,
        args: &[Big],
        at: usize,
    ) -> Option<Evaluated> {
        Some(match (name, args) {
            ("isPrime", [n]) => self.big_is_prime(n, at).map(Value::Boolean),
            ("xgcd", [a, b]) => self.big_xgcd(a, b, at).map(|[g, x, y]| {
                // math.js writes the number 0 for x when the gcd is 0 (`xgcd(0, 0)`).
                let x = if g.is_zero() {
                    Value::Number(0.0)
                } else {
                    Value::Big(x)
                };
                Value::matrix(Matrix::vector(vec![Value::Big(g), x, Value::Big(y)]))
            }),
            ("invmod", [a, b]) => self.big_invmod(a, b, at),
            ("catalan", [n]) => self.big_catalan(n, at),
            ("composition", [n, k]) => self.big_composition(n, k, at),
            ("combinationsWithRep", [n, k]) => self.big_combinations_with_rep(n, k, at),
            ("stirlingS2", [n, k]) => self.big_stirling_s2(n, k, at),
            ("bellNumbers", [n]) => self.big_bell_numbers(n, at),
            ("bernoulli", [n]) => self.big_bernoulli(n, at),
            _ => return None,
        })
    }

    /// Charges one rounded operation on `x` and `y`.
    fn charge_op(&mut self, op: bignum::Op, x: &Big, y: &Big) -> Result<(), CalculateError> {
        self.charge(bignum::cost(op, x, Some(y)))
    }

    /// math.js's `isPrime` of a BigNumber: `n ≤ 3` is prime when `n > 1`; multiples of 2 and 3
    /// are not; below 2^32 trial division of `n` as a binary64 number by 6k ± 1; above,
    /// Miller–Rabin.
    fn big_is_prime(&mut self, n: &Big, at: usize) -> Result<bool, CalculateError> {
        match n {
            // math.js finds no bases to test NaN by, and answers true.
            Big::NaN => return Ok(true),
            // -Infinity is at most 3; math.js never returns for +Infinity.
            Big::Infinite { .. } | Big::Zero { .. } => return Ok(false),
            Big::Finite(_) => {}
        }
        if compare_exact(n, &Big::from_i64(3)) != Some(std::cmp::Ordering::Greater) {
            return Ok(compare_exact(n, &Big::one()) == Some(std::cmp::Ordering::Greater));
        }
        let two_32 = Big::from_i64(1 << 32);
        if !n.is_integer() {
            // A non-integer leaves no remainder 0 by 2 or 3.
            if compare_exact(n, &two_32) == Some(std::cmp::Ordering::Less) {
                let x = bignum::to_f64(n);
                self.charge(trial_division_units(x))?;
                return Ok(trial_division(x));
            }
            return Ok(false);
        }
        let value = self.exact_integer(n, "isPrime", at)?;
        let (two, three) = (IBig::from(2u8), IBig::from(3u8));
        if (&value % &two).is_zero() || (&value % &three).is_zero() {
            return Ok(false);
        }
        if let Ok(small) = u64::try_from(&value)
            && small < 1 << 32
        {
            self.charge(trial_division_units(small as f64))?;
            return Ok(trial_division(small as f64));
        }
        let n = value.clone().unsigned_abs();
        let small_bases = SMALL_BASES_BELOW.parse::<UBig>().unwrap_or_default();
        let bases: Vec<UBig> = if n < small_bases {
            [2u8, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]
                .into_iter()
                .map(UBig::from)
                .collect()
        } else {
            // math.js fills its list with `max` (not the index) `max − 1` times: one base, tested
            // over and over.
            let digits = value.to_string().len() as f64;
            let max = (2.0 * (digits * std::f64::consts::LN_10).powi(2)).floor();
            vec![UBig::from(max as u64)]
        };
        let bits = n.bit_len() as u64;
        let limbs = bits.div_ceil(64).max(1);
        for base in bases {
            // A modular power: a squaring and a multiplication per bit.
            self.charge(2 * bits * limbs * limbs / 8 + 64)?;
            if !strong_probable_prime(&n, &base) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `n` as an exact integer (it is one), refused past [`MAX_DIGITS`] digits.
    fn exact_integer(&mut self, n: &Big, name: &str, at: usize) -> Result<IBig, CalculateError> {
        let value = bignum::to_ibig(n, MAX_DIGITS).ok_or_else(|| {
            failed(
                format!(
                    "{name}() of an integer with more than {MAX_DIGITS} digits is too large to compute"
                ),
                at,
            )
        })?;
        self.charge(16 + value.bit_len() as u64 / 8)?;
        Ok(value)
    }

    /// math.js's `xgcd` of BigNumbers: the extended Euclidean algorithm with decimal.js's
    /// operations (`q = floor(a / b)` of the rounded quotient, the Euclidean remainder, each
    /// product and difference rounded to 64 digits): `[gcd, x, y]`, the middle entry the number
    /// 0 when the gcd is 0 (written by the caller).
    fn big_xgcd(&mut self, a: &Big, b: &Big, at: usize) -> Result<[Big; 3], CalculateError> {
        if !a.is_integer() || !b.is_integer() {
            return Err(failed(
                "Parameters in function xgcd must be integer numbers",
                at,
            ));
        }
        let (mut a, mut b) = (a.clone(), b.clone());
        let (mut x, mut last_x) = (Big::ZERO, Big::one());
        let (mut y, mut last_y) = (Big::one(), Big::ZERO);
        let mut steps = 0;
        while !b.is_zero() {
            steps += 1;
            if steps > XGCD_STEPS {
                return Err(failed(
                    "xgcd() of these integers is too large to compute",
                    at,
                ));
            }
            self.charge_op(bignum::Op::Mul, &a, &b)?;
            self.charge_op(bignum::Op::Mul, &x, &y)?;
            let q = bignum::floor_exact(&bignum::div(&a, &b));
            let r = self.euclidean_remainder(&a, &b, at)?;
            (x, last_x) = (bignum::sub(&last_x, &bignum::mul(&q, &x)), x);
            (y, last_y) = (bignum::sub(&last_y, &bignum::mul(&q, &y)), y);
            (a, b) = (b, r);
        }
        Ok(if bignum::is_negative_nonzero(&a) {
            [bignum::neg(&a), bignum::neg(&last_x), bignum::neg(&last_y)]
        } else {
            [a, last_x, last_y]
        })
    }

    /// decimal.js's `a.mod(b)` of two integers as math.js configures it (`modulo: EUCLID`): the
    /// remainder in `0..|b|`, exact, then rounded to 64 digits.
    fn euclidean_remainder(&mut self, a: &Big, b: &Big, at: usize) -> Result<Big, CalculateError> {
        let (a, b) = (
            self.exact_integer(a, "xgcd", at)?,
            self.exact_integer(b, "xgcd", at)?,
        );
        let mut remainder = a % &b;
        if remainder < IBig::ZERO {
            remainder += IBig::from(b.unsigned_abs());
        }
        Ok(bignum::rounded(&Big::from_ibig(remainder)))
    }

    /// math.js's `invmod(a, b)` of BigNumbers: `a mod b`, then `xgcd`; the number NaN when the
    /// gcd is not 1, else the inverse brought to the sign of `b` by math.js's `mod` and one more
    /// `b` when it is still below 0.
    fn big_invmod(&mut self, a: &Big, b: &Big, at: usize) -> Evaluated {
        if !is_integer(a) || !is_integer(b) {
            return Err(failed(
                "Parameters in function invmod must be integer numbers",
                at,
            ));
        }
        self.charge_op(bignum::Op::Mul, a, b)?;
        let a = bignum::modulo(a, b);
        if compare_big(Op::Equal, b, &Big::ZERO) {
            return Err(failed("Divisor must be non zero", at));
        }
        let [gcd, inverse, _] = self.big_xgcd(&a, b, at)?;
        if !compare_big(Op::Equal, &gcd, &Big::one()) {
            return Ok(Value::Number(f64::NAN));
        }
        self.charge_op(bignum::Op::Mul, &inverse, b)?;
        let mut inverse = bignum::modulo(&inverse, b);
        if compare_big(Op::Smaller, &inverse, &Big::ZERO) {
            inverse = bignum::add(&inverse, b);
        }
        Ok(Value::Big(inverse))
    }

    /// math.js's `catalan(n)`: `combinations(2n, n) / (n + 1)`.
    fn big_catalan(&mut self, n: &Big, at: usize) -> Evaluated {
        if !is_integer(n) || is_negative(n) {
            return Err(failed(
                "Non-negative integer value expected in function catalan",
                at,
            ));
        }
        let two_n = bignum::mul(n, &Big::from_i64(2));
        self.charge(bignum::cost(bignum::Op::Combinations, &two_n, Some(n)))?;
        let count = bignum::combinations(&two_n, n).map_err(|e| big_error(&e, at))?;
        Ok(Value::Big(bignum::div(
            &count,
            &bignum::add(n, &Big::one()),
        )))
    }

    /// math.js's `composition(n, k)`: `combinations(n − 1, k − 1)`.
    fn big_composition(&mut self, n: &Big, k: &Big, at: usize) -> Evaluated {
        if !is_integer(n) || !is_positive(n) || !is_integer(k) || !is_positive(k) {
            return Err(failed(
                "Positive integer value expected in function composition",
                at,
            ));
        }
        if compare_big(Op::Larger, k, n) {
            return Err(failed(
                "k must be less than or equal to n in function composition",
                at,
            ));
        }
        let minus_one = Big::from_i64(-1);
        let (n, k) = (bignum::add(n, &minus_one), bignum::add(k, &minus_one));
        self.charge(bignum::cost(bignum::Op::Combinations, &n, Some(&k)))?;
        bignum::combinations(&n, &k)
            .map(Value::Big)
            .map_err(|e| big_error(&e, at))
    }

    /// math.js's `combinationsWithRep(n, k)` of BigNumbers: `∏ (k + i) / i` over `i = 1..n−1`
    /// when `k < n − 1`, else `∏ (n − 1 + i) / i` over `i = 1..k`, each step rounded.
    fn big_combinations_with_rep(&mut self, n: &Big, k: &Big, at: usize) -> Evaluated {
        let non_negative_integer = |x: &Big| {
            x.is_integer() && compare_exact(x, &Big::ZERO) != Some(std::cmp::Ordering::Less)
        };
        if !non_negative_integer(n) || !non_negative_integer(k) {
            return Err(failed(
                "Positive integer value expected in function combinationsWithRep",
                at,
            ));
        }
        let one = Big::one();
        if compare_exact(n, &one) == Some(std::cmp::Ordering::Less) {
            return Err(failed(
                "k must be less than or equal to n + k - 1 in function combinationsWithRep",
                at,
            ));
        }
        let n_minus_one = bignum::sub(n, &one);
        let (base, last) = if compare_exact(k, &n_minus_one) == Some(std::cmp::Ordering::Less) {
            (k, &n_minus_one)
        } else {
            (&n_minus_one, k)
        };
        let mut result = one.clone();
        // Each step costs at least a product and a quotient of one-limb values: that floor for
        // all the steps is charged first, so a count beyond the budget (`combinationsWithRep(33,
        // bignumber(2^32))`) is refused at once instead of after seconds of the loop.
        let floor = 2 * bignum::cost(bignum::Op::Mul, &one, Some(&one));
        let steps = bignum::to_f64(last).clamp(0.0, 1e15) as u64;
        self.charge(steps.saturating_mul(floor))?;
        let mut i = one.clone();
        while compare_exact(&i, last) != Some(std::cmp::Ordering::Greater) {
            let step = bignum::cost(bignum::Op::Mul, &result, Some(base))
                + bignum::cost(bignum::Op::Div, &result, Some(&i));
            self.charge(step.saturating_sub(floor))?;
            result = bignum::div(&bignum::mul(&result, &bignum::add(base, &i)), &i);
            i = bignum::add(&i, &one);
        }
        Ok(Value::Big(result))
    }

    /// math.js's `stirlingS2(n, k)` on BigNumbers: its table by `S(m, i) = i·S(m−1, i) +
    /// S(m−1, i−1)`, each step rounded; the diagonal is the number 1, as math.js stores it.
    fn big_stirling_s2(&mut self, n: &Big, k: &Big, at: usize) -> Evaluated {
        if !is_integer(n) || is_negative(n) || !is_integer(k) || is_negative(k) {
            return Err(failed(
                "Non-negative integer value expected in function stirlingS2",
                at,
            ));
        }
        if compare_big(Op::Larger, k, n) {
            return Err(failed(
                "k must be less than or equal to n in function stirlingS2",
                at,
            ));
        }
        let (rows, width) = self.table_size(n, k, "stirlingS2", at)?;
        if width > rows {
            // k above n within the tolerance (`stirlingS2(10^15, 10^15 + 1)`): math.js reads
            // past its row.
            return Err(failed(
                "k must be less than or equal to n in function stirlingS2",
                at,
            ));
        }
        let row = self.stirling_row(rows, width)?;
        if width == rows && rows >= 1 {
            return Ok(Value::Number(1.0));
        }
        row.get(width)
            .cloned()
            .map(Value::Big)
            .ok_or_else(|| failed("stirlingS2() found no entry", at))
    }

    /// math.js's `bellNumbers(n)`: `Σ S(n, i)` for `i = 0..n`, summed in order from the number 0,
    /// each sum rounded.
    fn big_bell_numbers(&mut self, n: &Big, at: usize) -> Evaluated {
        if !is_integer(n) || is_negative(n) {
            return Err(failed(
                "Non-negative integer value expected in function bellNumbers",
                at,
            ));
        }
        let (rows, _) = self.table_size(n, n, "bellNumbers", at)?;
        let row = self.stirling_row(rows, rows)?;
        let mut sum = Big::ZERO;
        for s in &row {
            self.charge_op(bignum::Op::Add, &sum, s)?;
            sum = bignum::add(&sum, s);
        }
        Ok(Value::Big(sum))
    }

    /// math.js's `bernoulli(n)` of a BigNumber: its index read as a number, then the recurrence of
    /// cotangent coefficients (math.stackexchange.com/a/2844337) in BigNumbers, each step rounded:
    /// `a_i = 2·Σ a_m·a_{i−m} (+ a_{i/2}² for even i) / −(2i + 1)`, `p_i = p_{i−1}·(−i(2i − 1))
    /// / 2`, `B_2i = p_i·a_i`.
    fn big_bernoulli(&mut self, n: &Big, at: usize) -> Evaluated {
        let index = bignum::to_f64(n);
        if index < 0.0 || !index.is_finite() || index != index.round() {
            return Err(failed("Bernoulli index must be nonnegative integer", at));
        }
        let promote = |k: f64| Big::from_i64(k as i64);
        if index == 0.0 {
            return Ok(Value::Big(Big::one()));
        }
        if index == 1.0 {
            return Ok(Value::Big(bignum::div(&promote(-1.0), &promote(2.0))));
        }
        if index % 2.0 == 1.0 {
            return Ok(Value::Big(Big::ZERO));
        }
        let one = Big::one();
        let two = promote(2.0);
        let half = index / 2.0;
        // Entries [a_i, p_i, B_2i] from i = 1; grown one per round, each round charged first.
        let mut table: Vec<[Big; 3]> = vec![[
            bignum::div(&one, &promote(-3.0)),
            bignum::div(&one, &promote(-2.0)),
            bignum::div(&one, &promote(6.0)),
        ]];
        while (table.len() as f64) < half {
            let i = table.len() + 1;
            let coefficient = |m: usize| &table[m - 1][0];
            let lim = i.div_ceil(2);
            // A product and a sum per term (math.js: `lim = floor((i + 1) / 2)`).
            let term = bignum::cost(bignum::Op::Mul, coefficient(1), Some(coefficient(1)))
                + bignum::cost(bignum::Op::Add, coefficient(1), Some(coefficient(1)));
            self.charge(term * lim as u64 + 8)?;
            let mut a = Big::ZERO;
            for m in 1..lim {
                a = bignum::add(&a, &bignum::mul(coefficient(m), coefficient(i - m)));
            }
            a = bignum::mul(&a, &two);
            if i.is_multiple_of(2) {
                a = bignum::add(&a, &bignum::mul(coefficient(lim), coefficient(lim)));
            }
            let i_f = i as f64;
            a = bignum::div(&a, &promote(-(2.0 * i_f + 1.0)));
            let prefactor = bignum::div(
                &bignum::mul(&table[i - 2][1], &promote(-i_f * (2.0 * i_f - 1.0))),
                &two,
            );
            let b = bignum::mul(&prefactor, &a);
            table.push([a, prefactor, b]);
        }
        let last = table.len() - 1;
        Ok(Value::Big(table[last][2].clone()))
    }

    /// math.js's `multinomial(a)` of BigNumbers: `(Σ aᵢ)! / Π aᵢ!`, the sum, the product and
    /// each factorial rounded to 64 digits as decimal.js rounds them, in math.js's order.
    pub(crate) fn big_multinomial(&mut self, elements: &[Big], at: usize) -> Evaluated {
        let (mut sum, mut denominator) = (Big::ZERO, Big::one());
        for a in elements {
            if !is_integer(a) || !is_positive(a) {
                return Err(failed(
                    "Positive integer value expected in function multinomial",
                    at,
                ));
            }
            self.charge(bignum::cost(bignum::Op::Factorial, a, None))?;
            let factorial = bignum::factorial(a).map_err(|e| big_error(&e, at))?;
            self.charge_op(bignum::Op::Mul, &denominator, &factorial)?;
            sum = bignum::add(&sum, a);
            denominator = bignum::mul(&denominator, &factorial);
        }
        self.charge(bignum::cost(bignum::Op::Factorial, &sum, None))?;
        let numerator = bignum::factorial(&sum).map_err(|e| big_error(&e, at))?;
        Ok(Value::Big(bignum::div(&numerator, &denominator)))
    }

    /// The last row and the width of a Stirling table for `n` and `k`, whole numbers (math.js
    /// indexes its table by `number(n)`, so a value that passes the tolerant integer check
    /// without being whole finds no row there).
    fn table_size(
        &mut self,
        n: &Big,
        k: &Big,
        name: &str,
        at: usize,
    ) -> Result<(usize, usize), CalculateError> {
        let whole = |x: &Big| {
            bignum::to_ibig(x, 20)
                .and_then(|v| usize::try_from(&v).ok())
                .filter(|_| x.is_integer() || x.is_zero())
        };
        match (whole(n), whole(k)) {
            (Some(n), Some(k)) => Ok((n, k)),
            _ => Err(failed(
                format!("{name}() of an argument this large or not whole is too large to compute"),
                at,
            )),
        }
    }

    /// Row `rows` of the Stirling triangle of the second kind, entries `0..=width`, filled as
    /// math.js fills its table (one row kept and updated from its end; each entry charged before
    /// it is computed, so the row grows only as far as the meter allows).
    fn stirling_row(&mut self, rows: usize, width: usize) -> Result<Vec<Big>, CalculateError> {
        let one = Big::one();
        // Each entry costs at least a product and a sum of one-limb values, and every row 1
        // (even where no entry changes: `stirlingS2(10^15, 0)`): that floor for the whole table
        // is charged first, so a table beyond the budget (`bellNumbers(2000)`) is refused at
        // once instead of after seconds of filling.
        let floor = bignum::cost(bignum::Op::Mul, &one, Some(&one))
            + bignum::cost(bignum::Op::Add, &one, Some(&one));
        let entries = stirling_entries(rows as u64, width as u64);
        self.charge(entries.saturating_mul(floor).saturating_add(rows as u64))?;
        let mut row = vec![one];
        for m in 1..=rows {
            if m <= width {
                row.push(Big::one());
            }
            for i in (1..=m.min(width)).rev() {
                if i == m {
                    continue;
                }
                let factor = Big::from_i64(i as i64);
                let step = bignum::cost(bignum::Op::Mul, &factor, Some(&row[i]))
                    + bignum::cost(bignum::Op::Add, &row[i], Some(&row[i - 1]));
                self.charge(step.saturating_sub(floor))?;
                row[i] = bignum::add(&bignum::mul(&factor, &row[i]), &row[i - 1]);
            }
            row[0] = Big::ZERO;
        }
        Ok(row)
    }
}

/// How many entries [`Evaluator::stirling_row`] computes for `rows` rows of at most `width + 1`
/// entries: row `m` updates entries `1..=min(m, width)` except its new diagonal (`i == m`).
fn stirling_entries(rows: u64, width: u64) -> u64 {
    let full = rows.min(width);
    // Rows 1..=full update m − 1 entries each; the rows after them `width` each.
    let triangle = full.saturating_mul(full.saturating_sub(1)) / 2;
    triangle.saturating_add((rows - full).saturating_mul(width))
}

/// decimal.js's exact comparison (`lt`, `lte`, `gt`): no tolerance.
fn compare_exact(x: &Big, y: &Big) -> Option<std::cmp::Ordering> {
    bignum::cmp(x, y)
}

/// math.js's `isInteger` of a BigNumber: finite and equal to its rounding within the tolerances.
fn is_integer(x: &Big) -> bool {
    x.is_finite() && bignum::nearly_equal(x, &bignum::round_plain(x))
}

/// math.js's `isNegative` of a BigNumber: below zero (not -0, not NaN).
fn is_negative(x: &Big) -> bool {
    bignum::is_negative_nonzero(x)
}

/// math.js's `isPositive` of a BigNumber: above zero (not NaN).
fn is_positive(x: &Big) -> bool {
    !x.is_nan() && !x.is_zero() && !x.is_negative()
}

/// math.js's trial division of a number below 2^32 by 5, 7, 11, 13, … (6k ± 1) up to its square
/// root, with JavaScript's remainder: true when none divides it. For a whole number not
/// divisible by 2 or 3 that is primality; a non-integer is never divided evenly.
fn trial_division(x: f64) -> bool {
    let mut i = 5.0;
    while i * i <= x {
        if x % i == 0.0 || x % (i + 2.0) == 0.0 {
            return false;
        }
        i += 6.0;
    }
    true
}

/// Work units of [`trial_division`] of `x`: one per 16 of its at most 11,000 rounds.
fn trial_division_units(x: f64) -> u64 {
    (x.max(0.0).sqrt() / 96.0) as u64 + 16
}

/// One Miller–Rabin round of odd `n` > 41 with `base`: whether `n` is a strong probable prime
/// to that base.
fn strong_probable_prime(n: &UBig, base: &UBig) -> bool {
    let n_minus_one = n - UBig::ONE;
    let r = n_minus_one.trailing_zeros().unwrap_or(0);
    let d = &n_minus_one >> r;
    let ring = ConstDivisor::new(n.clone());
    let minus_one = ring.reduce(n_minus_one.clone());
    let one = ring.reduce(UBig::ONE);
    let mut x = ring.reduce(base.clone()).pow(&d);
    if x == one || x == minus_one {
        return true;
    }
    for _ in 1..r {
        x = &x * &x;
        if x == minus_one {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{strong_probable_prime, trial_division};
    use crate::test_support::answer_in;
    use dashu_int::UBig;

    const NON_FINITE: &str = "undefined_result: Expression evaluated to a non-finite result (Infinity, -Infinity, or NaN): either the operation is mathematically undefined (division by zero, 0/0, log(0)), or a value overflowed its numeric range (under numericType \"number\", past about 1.8e308 — e.g. 171!, 2^1024, exp(1000)).";

    #[track_caller]
    fn big(expression: &str, expected: &str) {
        assert_eq!(answer_in(expression, "BigNumber"), expected, "{expression}");
    }

    #[test]
    fn trial_division_is_math_js_s() {
        assert!(trial_division(7919.0));
        assert!(!trial_division(25.0));
        // math.js's loop starts at 5: 4 and 8 pass it (their factor 2 is checked before).
        assert!(trial_division(4.0) && trial_division(8.0));
        assert!(trial_division(25.5));
    }

    #[test]
    fn strong_probable_primes() {
        let n = |s: &str| s.parse::<UBig>().unwrap_or_default();
        // 2^61 − 1 is prime; 3215031751 = 151·751·28351 is a strong pseudoprime to 2, 3, 5, 7.
        assert!(strong_probable_prime(
            &n("2305843009213693951"),
            &UBig::from(2u8)
        ));
        assert!(strong_probable_prime(&n("3215031751"), &UBig::from(2u8)));
        assert!(strong_probable_prime(&n("3215031751"), &UBig::from(7u8)));
        assert!(!strong_probable_prime(&n("3215031751"), &UBig::from(11u8)));
    }

    // The expected answers below were printed by math.js 15.2 (`number: "BigNumber"`,
    // `precision: 64`).

    #[test]
    fn is_prime_of_big_numbers() {
        for (expression, expected) in [
            ("isPrime(7)", "true"),
            ("isPrime(7919)", "true"),
            ("isPrime(1)", "false"),
            ("isPrime(2)", "true"),
            ("isPrime(3)", "true"),
            ("isPrime(4)", "false"),
            ("isPrime(-7)", "false"),
            ("isPrime(0)", "false"),
            ("isPrime(5.5)", "true"),
            ("isPrime(3.5)", "true"),
            ("isPrime(1e-5)", "false"),
            ("isPrime(2.9999999999999999999)", "true"),
            ("isPrime(25)", "false"),
            ("isPrime(4294967291)", "true"),
            ("isPrime(4294967311)", "true"),
            ("isPrime(4294967297)", "false"),
            ("isPrime(2^61-1)", "true"),
            ("isPrime(2^64+13)", "true"),
            ("isPrime(3317044064679887385961813)", "true"),
            ("isPrime(3317044064679887385961981)", "false"),
            ("isPrime(3317044064679887385962001)", "false"),
            ("isPrime(10^30+57)", "true"),
            ("isPrime(10^30+1)", "false"),
            ("isPrime(NaN)", "true"),
        ] {
            big(expression, &format!("boolean {expected}"));
        }
        big("isPrime([2, 9, 11])", "DenseMatrix [true, false, true]");
        // Where math.js never returns.
        big("isPrime(Infinity)", "boolean false");
        big("isPrime(2^40 + 0.5)", "boolean false");
    }

    #[test]
    fn xgcd_and_invmod_of_big_numbers() {
        for (expression, expected) in [
            ("xgcd(8, 12)", "[4, -1, 1]"),
            ("xgcd(12, 8)", "[4, 1, -1]"),
            ("xgcd(-8, 12)", "[4, 1, 1]"),
            ("xgcd(8, -12)", "[4, 2, 3]"),
            ("xgcd(0, 0)", "[0, 0, 0]"),
            ("xgcd(0, 5)", "[5, 0, 1]"),
            ("xgcd(-5, 0)", "[5, -1, 0]"),
            ("xgcd(0, -5)", "[5, 0, -1]"),
            ("xgcd(240, 46)", "[2, -9, 47]"),
            (
                "xgcd(2^70, 3^40)",
                "[1, 442389002304469288, -42958966997164385311]",
            ),
            (
                "xgcd(1e40, 7)",
                "[1, 2, -2.857142857142857142857142857142857142857e+39]",
            ),
        ] {
            big(expression, &format!("DenseMatrix {expected}"));
        }
        big("typeOf(xgcd(0, 0)[2])", "string \"number\"");
        big("typeOf(xgcd(0, 5)[2])", "string \"BigNumber\"");
        big(
            "xgcd(1.5, 2)",
            "evaluation_failed: Evaluation failed: Parameters in function xgcd must be integer numbers",
        );
        for (expression, expected) in [
            ("invmod(7, 13)", "BigNumber 2"),
            ("invmod(3, 11)", "BigNumber 4"),
            // math.js's number NaN, refused as every non-finite result is (section 10d).
            ("invmod(2, 4)", NON_FINITE),
            ("invmod(-3, 11)", "BigNumber 7"),
            ("invmod(3, -11)", "BigNumber -18"),
            ("invmod(0, 5)", NON_FINITE),
            ("invmod(10^30, 10^30+1)", "BigNumber 1e+30"),
            ("invmod(1, 1)", "BigNumber 0"),
            (
                "invmod(5, 0)",
                "evaluation_failed: Evaluation failed: Divisor must be non zero",
            ),
            (
                "invmod(1.5, 7)",
                "evaluation_failed: Evaluation failed: Parameters in function invmod must be integer numbers",
            ),
        ] {
            big(expression, expected);
        }
    }

    #[test]
    fn combinatorics_of_big_numbers() {
        for (expression, expected) in [
            ("catalan(0)", "BigNumber 1"),
            ("catalan(4)", "BigNumber 14"),
            ("catalan(10)", "BigNumber 16796"),
            (
                "catalan(100)",
                "BigNumber 8.9651994709013149668717007007410063242083752153874590932e+56",
            ),
            (
                "catalan(500)",
                "BigNumber 5.394974869170390609094105661197111287348343481967031676794268982e+296",
            ),
            ("composition(5, 3)", "BigNumber 6"),
            (
                "composition(100, 50)",
                "BigNumber 5.0445672272782096667406248628e+28",
            ),
            ("combinationsWithRep(7, 5)", "BigNumber 462"),
            ("combinationsWithRep(5, 7)", "BigNumber 330"),
            ("combinationsWithRep(5, 0)", "BigNumber 1"),
            (
                "combinationsWithRep(100, 50)",
                "BigNumber 1.341910727315462152949348958728621049876e+40",
            ),
            ("stirlingS2(5, 3)", "BigNumber 25"),
            ("stirlingS2(5, 5)", "number 1"),
            ("stirlingS2(5, 0)", "BigNumber 0"),
            ("stirlingS2(0, 0)", "BigNumber 1"),
            ("stirlingS2(10, 4)", "BigNumber 34105"),
            (
                "stirlingS2(100, 50)",
                "BigNumber 4.309832370093663404215143015472586959435202896143406139124417413e+101",
            ),
            ("bellNumbers(0)", "BigNumber 1"),
            ("bellNumbers(1)", "BigNumber 1"),
            ("bellNumbers(10)", "BigNumber 115975"),
            (
                "bellNumbers(100)",
                "BigNumber 4.758539127676483365879076884138720782636366968682561146661633468e+115",
            ),
        ] {
            big(expression, expected);
        }
        let refused = |detail: &str| format!("evaluation_failed: Evaluation failed: {detail}");
        for (expression, detail) in [
            (
                "catalan(-1)",
                "Non-negative integer value expected in function catalan",
            ),
            (
                "catalan(2.5)",
                "Non-negative integer value expected in function catalan",
            ),
            (
                "composition(5, 6)",
                "k must be less than or equal to n in function composition",
            ),
            (
                "composition(0, 0)",
                "Positive integer value expected in function composition",
            ),
            (
                "combinationsWithRep(0, 3)",
                "k must be less than or equal to n + k - 1 in function combinationsWithRep",
            ),
            (
                "combinationsWithRep(3, 2.5)",
                "Positive integer value expected in function combinationsWithRep",
            ),
            (
                "stirlingS2(3, 5)",
                "k must be less than or equal to n in function stirlingS2",
            ),
            // Within the tolerance of n, but above it.
            (
                "stirlingS2(10^15, 10^15 + 1)",
                "k must be less than or equal to n in function stirlingS2",
            ),
            (
                "stirlingS2(-1, 0)",
                "Non-negative integer value expected in function stirlingS2",
            ),
            (
                "bellNumbers(2.5)",
                "Non-negative integer value expected in function bellNumbers",
            ),
        ] {
            big(expression, &refused(detail));
        }
    }

    #[test]
    fn exact_integers_end_at_a_thousand_digits() {
        // 999 and 1,000 digits are tested; 1,001 digits are refused. (A sum would round to 64
        // digits; the bitwise functions keep every digit.)
        assert!(answer_in("isPrime(bitOr(10^998, 7))", "BigNumber").starts_with("boolean "));
        assert!(answer_in("isPrime(bitOr(10^999, 7))", "BigNumber").starts_with("boolean "));
        big(
            "isPrime(10^1000 + 1)",
            "evaluation_failed: Evaluation failed: isPrime() of an integer with more than 1000 digits is too large to compute",
        );
        assert!(
            answer_in("xgcd(bitOr(10^999, 7), 3)", "BigNumber").starts_with("DenseMatrix [1, ")
        );
    }

    #[test]
    fn long_loops_are_stopped_by_the_meter() {
        for expression in [
            "stirlingS2(1e15, 0)",
            "stirlingS2(1e6, 5e5)",
            "bellNumbers(1e5)",
            "combinationsWithRep(1e15, 1e15)",
            "catalan(1e15)",
            "composition(1e20, 3)",
            // Found by the fuzzer: the aliases of `combinations` were priced as one function.
            "combinations(9007199254740993, 3)",
            "nCr(9007199254740993, 3)",
            "choose(9007199254740993, 3)",
        ] {
            assert!(
                answer_in(expression, "BigNumber").starts_with("evaluation_timeout"),
                "{expression}"
            );
        }
    }

    #[test]
    fn bernoulli_compare_natural_and_sets_of_big_numbers() {
        // math.js 15.2's answers (tests/peer/evaluate.mjs BigNumber).
        for (expression, expected) in [
            ("bernoulli(0)", "BigNumber 1"),
            ("bernoulli(1)", "BigNumber -0.5"),
            (
                "bernoulli(2)",
                "BigNumber 0.1666666666666666666666666666666666666666666666666666666666666667",
            ),
            ("bernoulli(3)", "BigNumber 0"),
            (
                "bernoulli(4)",
                "BigNumber -0.03333333333333333333333333333333333333333333333333333333333333333",
            ),
            (
                "bernoulli(30)",
                "BigNumber 601580873.9006423683843038681748359167714006423683843038681748354",
            ),
            (
                "bernoulli(100)",
                "BigNumber -2.838224957069370695926415633648176473828468092801288212822853168e+78",
            ),
            (
                "bernoulli(-1)",
                "evaluation_failed: Evaluation failed: Bernoulli index must be nonnegative integer",
            ),
            (
                "bernoulli(2.5)",
                "evaluation_failed: Evaluation failed: Bernoulli index must be nonnegative integer",
            ),
            ("bernoulli(-0)", "BigNumber 1"),
            ("compareNatural(1, 2)", "number -1"),
            ("compareNatural(2, 2)", "number 0"),
            ("compareNatural(2, \"2\")", "number -1"),
            ("compareNatural(null, 2)", "number 1"),
            ("compareNatural(number(2), 2)", "number 1"),
            ("compareNatural(1e-20, 0)", "number 0"),
            ("setUnion([1, 2], [2, 3])", "DenseMatrix [1, 3, 2]"),
            ("setDistinct([3, 1, 3, 2])", "DenseMatrix [1, 2, 3]"),
            ("sort([3, 1, 2], \"natural\")", "DenseMatrix [1, 2, 3]"),
        ] {
            big(expression, expected);
        }
    }

    #[test]
    fn multinomial_of_big_numbers() {
        // math.js 15.2's answers.
        big("multinomial([1, 2, 3])", "BigNumber 60");
        big(
            "multinomial([10, 20, 30])",
            "BigNumber 3.55326112708498495700136e+24",
        );
        big(
            "multinomial([100, 200])",
            "BigNumber 4.158251463258564744783383526326405580280466005743648708663033658e+81",
        );
        big(
            "multinomial([1.5, 2])",
            "evaluation_failed: Evaluation failed: Positive integer value expected in function multinomial",
        );
        // Each factorial is charged first: 10^7! is refused at once.
        assert!(answer_in("multinomial([1e7])", "BigNumber").starts_with("evaluation_timeout"));
    }
}
