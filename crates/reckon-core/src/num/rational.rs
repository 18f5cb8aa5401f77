//! [`Rational`]: an exact fraction in lowest terms, with the sign kept apart from the magnitudes.
//!
//! Every constructor and operation returns a reduced value; what the operations do *not* do is
//! charge work or check digit caps: that is the caller's policy (the decimal tool charges before and
//! checks after each operation), so it stays visible at the call site.

use super::RoundingMode;
use super::digits::{decimal_digits, pow10};
use dashu_int::UBig;
use dashu_int::ops::{BitTest, DivRem, Gcd};
use std::cmp::Ordering;

/// A non-negative integer, inline when it fits 64 bits. `Big` only ever holds values above
/// `u64::MAX`, so equal values have equal representations.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Magnitude {
    Small(u64),
    Big(UBig),
}

impl Magnitude {
    fn from_ubig(n: UBig) -> Self {
        match u64::try_from(&n) {
            Ok(small) => Self::Small(small),
            Err(_) => Self::Big(n),
        }
    }

    fn from_u128(n: u128) -> Self {
        match u64::try_from(n) {
            Ok(small) => Self::Small(small),
            Err(_) => Self::Big(UBig::from(n)),
        }
    }

    fn to_ubig(&self) -> UBig {
        match self {
            Self::Small(n) => UBig::from(*n),
            Self::Big(n) => n.clone(),
        }
    }

    fn small(&self) -> Option<u64> {
        match self {
            Self::Small(n) => Some(*n),
            Self::Big(_) => None,
        }
    }

    fn is_zero(&self) -> bool {
        *self == Self::Small(0)
    }

    fn digits(&self) -> u32 {
        match self {
            Self::Small(n) => n.checked_ilog10().map_or(1, |log| log + 1),
            Self::Big(n) => decimal_digits(n),
        }
    }
}

impl Magnitude {
    /// Appends the decimal digits to `out` (the hot path of every answer, so small values skip the
    /// formatting machinery).
    fn push_digits(&self, out: &mut String) {
        match self {
            Self::Small(n) => {
                let (buffer, start) = super::integer_digits(*n);
                out.extend(buffer[start..].iter().map(|&b| char::from(b)));
            }
            Self::Big(n) => out.push_str(&n.to_string()),
        }
    }

    fn to_decimal(&self) -> String {
        let mut out = String::with_capacity(24);
        self.push_digits(&mut out);
        out
    }
}

/// An exact rational number in lowest terms: `(-1)^negative * numerator / denominator`.
///
/// Invariants: `gcd(numerator, denominator) = 1`, `denominator >= 1`, and zero is `0/1` and never
/// negative. Values whose parts fit 64 bits take a machine-integer path (128-bit intermediates);
/// results, digit counts and therefore work charges are identical on both paths, which the tests
/// check by running the big-integer path on the same inputs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rational {
    negative: bool,
    numerator: Magnitude,
    denominator: Magnitude,
}

/// The refusal of [`RoundingMode::Unnecessary`] to round an inexact value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundingNecessary;

/// A value rounded to a number of fraction digits: `(-1)^negative * magnitude / 10^scale`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scaled {
    negative: bool,
    magnitude: Magnitude,
    scale: u32,
    exact: bool,
}

impl Rational {
    /// Zero.
    pub fn zero() -> Self {
        Self {
            negative: false,
            numerator: Magnitude::Small(0),
            denominator: Magnitude::Small(1),
        }
    }

    /// The integer `(-1)^negative * magnitude`.
    pub fn integer(negative: bool, magnitude: UBig) -> Self {
        let negative = negative && !magnitude.is_zero();
        Self {
            negative,
            numerator: Magnitude::from_ubig(magnitude),
            denominator: Magnitude::Small(1),
        }
    }

    /// `(-1)^negative * numerator / denominator`, reduced to lowest terms; `None` when the
    /// denominator is zero.
    pub fn from_parts(negative: bool, numerator: UBig, denominator: UBig) -> Option<Self> {
        if denominator.is_zero() {
            return None;
        }
        Some(Self::reduce_big(negative, numerator, denominator))
    }

    /// Like [`Self::from_parts`] for machine integers.
    pub fn from_u64_parts(negative: bool, numerator: u64, denominator: u64) -> Option<Self> {
        if denominator == 0 {
            return None;
        }
        Some(Self::reduce_u128(
            negative,
            u128::from(numerator),
            u128::from(denominator),
        ))
    }

    /// `(-1)^negative * digits / 10^places` in lowest terms, for a decimal literal whose digits fit
    /// 64 bits: the common factors can only be 2s and 5s, so they are stripped without a gcd.
    pub fn from_decimal_u64(negative: bool, digits: u64, places: u32) -> Option<Self> {
        if digits == 0 {
            return Some(Self::zero());
        }
        let twos = digits.trailing_zeros().min(places);
        let mut numerator = digits >> twos;
        let mut fives = 0;
        while fives < places && numerator.is_multiple_of(5) {
            numerator /= 5;
            fives += 1;
        }
        let denominator = 2u64
            .checked_pow(places - twos)?
            .checked_mul(5u64.checked_pow(places - fives)?)?;
        Some(Self {
            negative,
            numerator: Magnitude::Small(numerator),
            denominator: Magnitude::Small(denominator),
        })
    }

    fn reduce_big(negative: bool, numerator: UBig, denominator: UBig) -> Self {
        if numerator.is_zero() {
            return Self::zero();
        }
        let divisor = (&numerator).gcd(&denominator);
        if divisor.is_one() {
            return Self::from_lowest_terms(negative, numerator, denominator);
        }
        Self::from_lowest_terms(negative, numerator / &divisor, denominator / &divisor)
    }

    fn reduce_u128(negative: bool, numerator: u128, denominator: u128) -> Self {
        if numerator == 0 {
            return Self::zero();
        }
        if let (Ok(n), Ok(d)) = (u64::try_from(numerator), u64::try_from(denominator)) {
            // 64-bit division is several times cheaper than 128-bit division.
            let divisor = gcd_u64(n, d);
            return Self {
                negative,
                numerator: Magnitude::Small(n / divisor),
                denominator: Magnitude::Small(d / divisor),
            };
        }
        let divisor = gcd_u128(numerator, denominator);
        Self {
            negative,
            numerator: Magnitude::from_u128(numerator / divisor),
            denominator: Magnitude::from_u128(denominator / divisor),
        }
    }

    /// A value already in lowest terms, put in canonical representation.
    fn from_lowest_terms(negative: bool, numerator: UBig, denominator: UBig) -> Self {
        if numerator.is_zero() {
            return Self::zero();
        }
        Self {
            negative,
            numerator: Magnitude::from_ubig(numerator),
            denominator: Magnitude::from_ubig(denominator),
        }
    }

    /// Both operands' parts as machine integers, when they all fit.
    fn small_parts(&self, other: &Self) -> Option<(u64, u64, u64, u64)> {
        Some((
            self.numerator.small()?,
            self.denominator.small()?,
            other.numerator.small()?,
            other.denominator.small()?,
        ))
    }

    /// True for zero.
    pub fn is_zero(&self) -> bool {
        self.numerator.is_zero()
    }

    /// True for values below zero.
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// `|numerator|`.
    pub fn numerator_magnitude(&self) -> UBig {
        self.numerator.to_ubig()
    }

    /// The denominator (at least 1).
    pub fn denominator(&self) -> UBig {
        self.denominator.to_ubig()
    }

    /// Decimal digits of `|numerator|`.
    pub fn numerator_digits(&self) -> u32 {
        self.numerator.digits()
    }

    /// Decimal digits of the denominator.
    pub fn denominator_digits(&self) -> u32 {
        self.denominator.digits()
    }

    /// The larger of [`Self::numerator_digits`] and [`Self::denominator_digits`].
    pub fn max_digits(&self) -> u32 {
        match (&self.numerator, &self.denominator) {
            // Digit counts grow with the value: one count of the larger part is enough.
            (Magnitude::Small(n), Magnitude::Small(d)) => Magnitude::Small(*n.max(d)).digits(),
            _ => self.numerator_digits().max(self.denominator_digits()),
        }
    }

    /// The signed numerator in decimal, such as `-3`.
    pub fn numerator_string(&self) -> String {
        let mut out = String::with_capacity(24);
        if self.negative {
            out.push('-');
        }
        self.numerator.push_digits(&mut out);
        out
    }

    /// The denominator in decimal.
    pub fn denominator_string(&self) -> String {
        self.denominator.to_decimal()
    }

    /// `-self`.
    pub fn neg(&self) -> Self {
        let mut value = self.clone();
        value.negative = !value.negative && !value.is_zero();
        value
    }

    /// `|self|`.
    pub fn abs(&self) -> Self {
        let mut value = self.clone();
        value.negative = false;
        value
    }

    /// `self + other`.
    pub fn add(&self, other: &Self) -> Self {
        self.add_signed(other, other.negative)
    }

    /// `self - other`.
    pub fn sub(&self, other: &Self) -> Self {
        self.add_signed(other, !other.negative && !other.is_zero())
    }

    /// `self + (-1)^other_negative * |other|`.
    fn add_signed(&self, other: &Self, other_negative: bool) -> Self {
        if let Some((a, b, c, d)) = self.small_parts(other) {
            let (left, right, denominator) = if b == d {
                (u128::from(a), u128::from(c), u128::from(b))
            } else {
                (
                    u128::from(a) * u128::from(d),
                    u128::from(c) * u128::from(b),
                    u128::from(b) * u128::from(d),
                )
            };
            if let Some((negative, numerator)) =
                signed_sum_u128(self.negative, left, other_negative, right)
            {
                return Self::reduce_u128(negative, numerator, denominator);
            }
        }
        self.add_signed_big(other, other_negative)
    }

    fn add_signed_big(&self, other: &Self, other_negative: bool) -> Self {
        let (a, b) = (self.numerator.to_ubig(), self.denominator.to_ubig());
        let (c, d) = (other.numerator.to_ubig(), other.denominator.to_ubig());
        if b.is_one() && d.is_one() {
            let (negative, numerator) = signed_sum(self.negative, &a, other_negative, &c);
            return Self::integer(negative, numerator);
        }
        let (negative, numerator) =
            signed_sum(self.negative, &(&a * &d), other_negative, &(&c * &b));
        Self::reduce_big(negative, numerator, b * d)
    }

    /// `self * other`.
    pub fn mul(&self, other: &Self) -> Self {
        let negative = self.negative != other.negative;
        if let Some((a, b, c, d)) = self.small_parts(other) {
            return Self::product_u64(negative, (a, b), (c, d));
        }
        // Cross-cancel first: with both operands reduced, the product is then in lowest terms.
        let (a, d) = cancel(&self.numerator.to_ubig(), &other.denominator.to_ubig());
        let (c, b) = cancel(&other.numerator.to_ubig(), &self.denominator.to_ubig());
        Self::from_lowest_terms(negative, a * c, b * d)
    }

    /// `(a/b) * (c/d)` for reduced machine-integer fractions, by cross-cancellation.
    fn product_u64(negative: bool, (a, b): (u64, u64), (c, d): (u64, u64)) -> Self {
        if a == 0 || c == 0 {
            return Self::zero();
        }
        let (g1, g2) = (gcd_u64(a, d), gcd_u64(c, b));
        let numerator = u128::from(a / g1) * u128::from(c / g2);
        let denominator = u128::from(b / g2) * u128::from(d / g1);
        Self {
            negative,
            numerator: Magnitude::from_u128(numerator),
            denominator: Magnitude::from_u128(denominator),
        }
    }

    /// `self / other`, or `None` when `other` is zero.
    pub fn div(&self, other: &Self) -> Option<Self> {
        if other.is_zero() {
            return None;
        }
        let negative = self.negative != other.negative;
        if let Some((a, b, c, d)) = self.small_parts(other) {
            return Some(Self::product_u64(negative, (a, b), (d, c)));
        }
        let (a, c) = cancel(&self.numerator.to_ubig(), &other.numerator.to_ubig());
        let (d, b) = cancel(&other.denominator.to_ubig(), &self.denominator.to_ubig());
        Some(Self::from_lowest_terms(negative, a * d, b * c))
    }

    /// `self ^ exponent`, or `None` for zero to a negative power (and for exponents beyond
    /// `u32`, which no caller can afford). `0 ^ 0` is 1.
    pub fn pow(&self, exponent: i64) -> Option<Self> {
        if exponent < 0 && self.is_zero() {
            return None;
        }
        let magnitude = u32::try_from(exponent.unsigned_abs()).ok()?;
        let negative = self.negative && magnitude % 2 == 1;
        // Powers of coprime integers are coprime: no reduction needed.
        let (numerator, denominator) = match (self.numerator.small(), self.denominator.small()) {
            (Some(n), Some(d)) => match (
                u128::from(n).checked_pow(magnitude),
                u128::from(d).checked_pow(magnitude),
            ) {
                (Some(n), Some(d)) => (Magnitude::from_u128(n), Magnitude::from_u128(d)),
                _ => self.pow_big(magnitude),
            },
            _ => self.pow_big(magnitude),
        };
        let (numerator, denominator) = if exponent < 0 {
            (denominator, numerator)
        } else {
            (numerator, denominator)
        };
        Some(Self {
            negative: negative && !numerator.is_zero(),
            numerator,
            denominator,
        })
    }

    fn pow_big(&self, magnitude: u32) -> (Magnitude, Magnitude) {
        let power = |m: &Magnitude| Magnitude::from_ubig(m.to_ubig().pow(magnitude as usize));
        (power(&self.numerator), power(&self.denominator))
    }

    /// True when the value has a finite decimal expansion (its denominator has no prime factors
    /// other than 2 and 5).
    pub fn is_terminating_decimal(&self) -> bool {
        self.decimal_places().is_some()
    }

    /// The fewest fraction digits that write the value exactly, or `None` if it does not terminate.
    fn decimal_places(&self) -> Option<u32> {
        if let Some(denominator) = self.denominator.small() {
            let twos = denominator.trailing_zeros();
            let mut rest = denominator >> twos;
            let mut fives = 0;
            while rest % 5 == 0 {
                rest /= 5;
                fives += 1;
            }
            return (rest == 1).then_some(twos.max(fives));
        }
        let denominator = self.denominator.to_ubig();
        let twos = denominator.trailing_zeros().unwrap_or(0);
        let mut rest = &denominator >> twos;
        let five = UBig::from(5u8);
        let mut fives = 0usize;
        while !rest.is_one() {
            let (quotient, remainder) = (&rest).div_rem(&five);
            if !remainder.is_zero() {
                return None;
            }
            rest = quotient;
            fives += 1;
        }
        u32::try_from(twos.max(fives)).ok()
    }

    /// Rounds to `scale` fraction digits with `mode` (the specification's rule C38, decided on the
    /// exact value).
    ///
    /// # Errors
    /// [`RoundingNecessary`] when `mode` is [`RoundingMode::Unnecessary`] and the value is not
    /// exactly representable with `scale` fraction digits.
    pub fn round_scaled(
        &self,
        scale: u32,
        mode: RoundingMode,
    ) -> Result<Scaled, RoundingNecessary> {
        let small = self
            .numerator
            .small()
            .zip(self.denominator.small())
            .and_then(|(n, d)| {
                let shifted = 10u128.checked_pow(scale)?.checked_mul(u128::from(n))?;
                let d = u128::from(d);
                Some((shifted / d, shifted % d, d))
            });
        let (kept, versus_half, kept_is_odd) = match small {
            Some((kept, discarded, d)) => {
                if discarded == 0 {
                    return Ok(self.scaled(Magnitude::from_u128(kept), scale, true));
                }
                (
                    Magnitude::from_u128(kept),
                    (discarded * 2).cmp(&d),
                    kept % 2 == 1,
                )
            }
            None => {
                let shifted = self.numerator.to_ubig() * pow10(scale as usize);
                let denominator = self.denominator.to_ubig();
                let (kept, discarded) = shifted.div_rem(&denominator);
                if discarded.is_zero() {
                    return Ok(self.scaled(Magnitude::from_ubig(kept), scale, true));
                }
                let odd = kept.bit(0);
                (
                    Magnitude::from_ubig(kept),
                    (&discarded << 1).cmp(&denominator),
                    odd,
                )
            }
        };
        let away = mode
            .moves_away(versus_half, kept_is_odd, self.negative)
            .ok_or(RoundingNecessary)?;
        let magnitude = match (away, kept) {
            (false, kept) => kept,
            (true, Magnitude::Small(k)) => Magnitude::from_u128(u128::from(k) + 1),
            (true, Magnitude::Big(k)) => Magnitude::from_ubig(k + UBig::ONE),
        };
        Ok(self.scaled(magnitude, scale, false))
    }

    fn scaled(&self, magnitude: Magnitude, scale: u32, exact: bool) -> Scaled {
        let negative = self.negative && !magnitude.is_zero();
        Scaled {
            negative,
            magnitude,
            scale,
            exact,
        }
    }

    /// The value rounded to `scale` fraction digits with `mode`, as a reduced rational.
    ///
    /// # Errors
    /// [`RoundingNecessary`] as for [`Self::round_scaled`].
    pub fn round(&self, scale: u32, mode: RoundingMode) -> Result<Self, RoundingNecessary> {
        let scaled = self.round_scaled(scale, mode)?;
        if scaled.exact {
            return Ok(self.clone());
        }
        if let (Magnitude::Small(m), Some(power)) = (&scaled.magnitude, 10u128.checked_pow(scale)) {
            return Ok(Self::reduce_u128(scaled.negative, u128::from(*m), power));
        }
        Ok(Self::reduce_big(
            scaled.negative,
            scaled.magnitude.to_ubig(),
            pow10(scale as usize),
        ))
    }

    /// The exact value in canonical decimal form (`0.5`, `-12`, `0`: no exponent, no trailing
    /// fraction zeros), or `None` when it does not terminate.
    pub fn to_decimal_string(&self) -> Option<String> {
        let places = self.decimal_places()?;
        let scaled = self.round_scaled(places, RoundingMode::Unnecessary).ok()?;
        Some(scaled.to_text())
    }
}

impl Scaled {
    /// True when rounding changed nothing.
    pub fn is_exact(&self) -> bool {
        self.exact
    }
}

impl Scaled {
    /// The value with exactly `scale` fraction digits; zero is never written with a minus sign.
    pub fn to_text(&self) -> String {
        let scale = self.scale as usize;
        let mut out = String::with_capacity(scale + 24);
        if self.negative {
            out.push('-');
        }
        let digits_at = out.len();
        self.magnitude.push_digits(&mut out);
        let digits = out.len() - digits_at;
        if digits <= scale {
            // 0.00ddd: insert "0." and the missing zeros before the digits.
            let zeros = "0".repeat(scale - digits);
            out.insert_str(digits_at, &format!("0.{zeros}"));
        } else if scale > 0 {
            out.insert(out.len() - scale, '.');
        }
        out
    }
}

/// Writes [`Scaled::to_text`].
impl std::fmt::Display for Scaled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rational {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.negative, other.negative) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (negative, _) => {
                let magnitudes = self.cmp_magnitudes(other);
                if negative {
                    magnitudes.reverse()
                } else {
                    magnitudes
                }
            }
        }
    }
}

impl Rational {
    fn cmp_magnitudes(&self, other: &Self) -> Ordering {
        if let Some((a, b, c, d)) = self.small_parts(other) {
            return (u128::from(a) * u128::from(d)).cmp(&(u128::from(c) * u128::from(b)));
        }
        if self.denominator == other.denominator {
            return self.numerator.to_ubig().cmp(&other.numerator.to_ubig());
        }
        let left = self.numerator.to_ubig() * other.denominator.to_ubig();
        left.cmp(&(other.numerator.to_ubig() * self.denominator.to_ubig()))
    }
}

/// `(-1)^a_negative * a + (-1)^b_negative * b` as a sign and a magnitude (zero is positive).
fn signed_sum(a_negative: bool, a: &UBig, b_negative: bool, b: &UBig) -> (bool, UBig) {
    if a_negative == b_negative {
        return (a_negative, a + b);
    }
    match a.cmp(b) {
        Ordering::Greater => (a_negative, a - b),
        Ordering::Less => (b_negative, b - a),
        Ordering::Equal => (false, UBig::ZERO),
    }
}

/// [`signed_sum`] in 128 bits; `None` when the sum overflows.
fn signed_sum_u128(a_negative: bool, a: u128, b_negative: bool, b: u128) -> Option<(bool, u128)> {
    if a_negative == b_negative {
        return Some((a_negative, a.checked_add(b)?));
    }
    Some(match a.cmp(&b) {
        Ordering::Greater => (a_negative, a - b),
        Ordering::Less => (b_negative, b - a),
        Ordering::Equal => (false, 0),
    })
}

/// `(a / g, b / g)` with `g = gcd(a, b)`.
fn cancel(a: &UBig, b: &UBig) -> (UBig, UBig) {
    let divisor = a.gcd(b);
    if divisor.is_one() {
        (a.clone(), b.clone())
    } else {
        (a / &divisor, b / &divisor)
    }
}

/// Binary (Stein's) gcd; `gcd(0, b) = b`.
fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    if a == 1 || b == 1 {
        return 1;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// Binary gcd in 128 bits, handing over to [`gcd_u64`] once both fit.
fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if let (Ok(small_a), Ok(small_b)) = (u64::try_from(a), u64::try_from(b)) {
            return u128::from(gcd_u64(small_a, small_b)) << shift;
        }
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(numerator: i64, denominator: u64) -> Rational {
        Rational::from_parts(
            numerator < 0,
            UBig::from(numerator.unsigned_abs()),
            UBig::from(denominator),
        )
        .expect("nonzero denominator")
    }

    fn show(value: &Rational) -> String {
        format!(
            "{}/{}",
            value.numerator_string(),
            value.denominator_string()
        )
    }

    #[test]
    fn constructs_in_lowest_terms_with_the_sign_on_the_numerator() {
        assert_eq!(show(&q(-1250, 100)), "-25/2");
        assert_eq!(show(&q(0, 1000)), "0/1");
        assert_eq!(
            show(&Rational::integer(true, UBig::ZERO)),
            "0/1",
            "zero has no sign"
        );
        assert!(Rational::from_parts(false, UBig::ONE, UBig::ZERO).is_none());
    }

    #[test]
    fn arithmetic_is_exact_and_reduced() {
        assert_eq!(show(&q(1, 10).add(&q(2, 10))), "3/10");
        assert_eq!(show(&q(1, 6).add(&q(1, 3))), "1/2");
        assert_eq!(show(&q(1, 2).sub(&q(1, 2))), "0/1");
        assert_eq!(show(&q(2, 1).sub(&q(3, 1)).sub(&q(4, 1))), "-5/1");
        assert_eq!(show(&q(-2, 3).mul(&q(9, 4))), "-3/2");
        assert_eq!(show(&q(0, 1).mul(&q(-9, 4))), "0/1");
        assert_eq!(
            show(
                &q(8, 1)
                    .div(&q(2, 1))
                    .and_then(|x| x.div(&q(2, 1)))
                    .expect("nonzero")
            ),
            "2/1"
        );
        assert_eq!(show(&q(-1, 3).div(&q(-2, 9)).expect("nonzero")), "3/2");
        assert!(q(1, 1).div(&q(0, 1)).is_none());
        assert_eq!(show(&q(-2, 3).neg()), "2/3");
        assert_eq!(show(&q(0, 1).neg()), "0/1");
        assert_eq!(show(&q(-2, 3).abs()), "2/3");
    }

    #[test]
    fn powers_follow_the_sign_and_zero_rules() {
        assert_eq!(show(&q(-2, 1).pow(2).expect("defined")), "4/1");
        assert_eq!(show(&q(-2, 3).pow(3).expect("defined")), "-8/27");
        assert_eq!(show(&q(-2, 3).pow(-3).expect("defined")), "-27/8");
        assert_eq!(show(&q(0, 1).pow(0).expect("0^0 = 1")), "1/1");
        assert_eq!(show(&q(0, 1).pow(5).expect("defined")), "0/1");
        assert!(q(0, 1).pow(-1).is_none());
    }

    #[test]
    fn compares_numerically() {
        assert!(q(1, 3) < q(1, 2));
        assert!(q(-1, 2) < q(-1, 3));
        assert!(q(-1, 2) < q(0, 1));
        assert_eq!(q(2, 4).cmp(&q(1, 2)), Ordering::Equal);
    }

    #[test]
    fn every_mode_rounds_the_classic_table() {
        // Rows: value; columns in RoundingMode::ALL order, without `unnecessary`.
        let table: [(i64, u64, [&str; 9]); 10] = [
            (55, 10, ["6", "6", "5", "6", "5", "6", "5", "6", "5"]),
            (25, 10, ["2", "3", "2", "3", "2", "3", "2", "3", "2"]),
            (16, 10, ["2", "2", "2", "2", "2", "2", "1", "2", "1"]),
            (11, 10, ["1", "1", "1", "1", "1", "2", "1", "2", "1"]),
            (10, 10, ["1", "1", "1", "1", "1", "1", "1", "1", "1"]),
            (
                -10,
                10,
                ["-1", "-1", "-1", "-1", "-1", "-1", "-1", "-1", "-1"],
            ),
            (
                -11,
                10,
                ["-1", "-1", "-1", "-1", "-1", "-2", "-1", "-1", "-2"],
            ),
            (
                -16,
                10,
                ["-2", "-2", "-2", "-2", "-2", "-2", "-1", "-1", "-2"],
            ),
            (
                -25,
                10,
                ["-2", "-3", "-2", "-2", "-3", "-3", "-2", "-2", "-3"],
            ),
            (
                -55,
                10,
                ["-6", "-6", "-5", "-5", "-6", "-6", "-5", "-5", "-6"],
            ),
        ];
        for (numerator, denominator, expected) in table {
            for (mode, want) in RoundingMode::ALL.into_iter().zip(expected) {
                let got = q(numerator, denominator)
                    .round_scaled(0, mode)
                    .expect("rounds");
                assert_eq!(got.to_string(), want, "{numerator}/{denominator} {mode}");
            }
        }
        assert_eq!(
            q(11, 10).round_scaled(0, RoundingMode::Unnecessary),
            Err(RoundingNecessary)
        );
        assert_eq!(
            q(10, 10)
                .round_scaled(0, RoundingMode::Unnecessary)
                .map(|s| s.to_string()),
            Ok("1".into())
        );
    }

    #[test]
    fn ties_are_decided_on_the_exact_value() {
        // 0.125 + 1/10^30 is above the tie at 2 fraction digits even though it prints as 0.125000...
        let above =
            q(1, 8).add(&Rational::from_parts(false, UBig::ONE, pow10(30)).expect("nonzero"));
        assert_eq!(
            above
                .round_scaled(2, RoundingMode::HalfDown)
                .expect("rounds")
                .to_string(),
            "0.13"
        );
        assert_eq!(
            q(1, 8)
                .round_scaled(2, RoundingMode::HalfDown)
                .expect("rounds")
                .to_string(),
            "0.12"
        );
        assert_eq!(
            q(1, 8)
                .round_scaled(2, RoundingMode::HalfEven)
                .expect("rounds")
                .to_string(),
            "0.12"
        );
        assert_eq!(
            q(3, 8)
                .round_scaled(2, RoundingMode::HalfEven)
                .expect("rounds")
                .to_string(),
            "0.38"
        );
    }

    #[test]
    fn fixed_scale_text_never_shows_negative_zero() {
        let tiny = q(-1, 1000);
        let scaled = tiny
            .round_scaled(2, RoundingMode::HalfEven)
            .expect("rounds");
        assert_eq!(scaled.to_string(), "0.00");
        assert!(!scaled.is_exact());
        assert_eq!(
            tiny.round_scaled(2, RoundingMode::Floor)
                .expect("rounds")
                .to_string(),
            "-0.01"
        );
        assert_eq!(
            q(5, 1)
                .round_scaled(3, RoundingMode::Down)
                .expect("rounds")
                .to_string(),
            "5.000"
        );
        assert_eq!(
            q(-123, 1)
                .round_scaled(0, RoundingMode::Down)
                .expect("rounds")
                .to_string(),
            "-123"
        );
    }

    mod against_rbig {
        use super::super::*;
        use dashu_int::IBig;
        use dashu_ratio::RBig;
        use proptest::prelude::*;

        fn part() -> impl Strategy<Value = u128> {
            prop_oneof![
                1u128..1000,
                any::<u64>().prop_map(|n| u128::from(n.max(1))),
                (u64::MAX as u128 - 1000)..(u64::MAX as u128 + 1000),
                any::<u128>().prop_map(|n| n.max(1)),
            ]
        }

        fn pair() -> impl Strategy<Value = (Rational, RBig)> {
            (any::<bool>(), prop_oneof![Just(0u128), part()], part()).prop_map(
                |(negative, n, d)| {
                    let ours = Rational::from_parts(negative, UBig::from(n), UBig::from(d))
                        .expect("nonzero");
                    let signed = if negative {
                        -IBig::from(n)
                    } else {
                        IBig::from(n)
                    };
                    (ours, RBig::from_parts(signed, UBig::from(d)))
                },
            )
        }

        fn same(ours: &Rational, theirs: &RBig) -> Result<(), TestCaseError> {
            prop_assert_eq!(ours.numerator_string(), theirs.numerator().to_string());
            prop_assert_eq!(ours.denominator_string(), theirs.denominator().to_string());
            prop_assert_eq!(
                ours.max_digits(),
                ours.numerator_string()
                    .trim_start_matches('-')
                    .len()
                    .max(ours.denominator_string().len()) as u32
            );
            Ok(())
        }

        proptest! {
            #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

            #[test]
            fn both_paths_agree_with_rbig(((x, rx), (y, ry), exponent) in (pair(), pair(), -4i64..5)) {
                same(&x.add(&y), &(&rx + &ry))?;
                let digits = x.numerator_magnitude();
                if let (Ok(small), false) = (u64::try_from(&digits), x.is_negative()) {
                    for places in [0u32, 1, 5, 19] {
                        let literal = RBig::from_parts(IBig::from(small), UBig::from(10u8).pow(places as usize));
                        same(&Rational::from_decimal_u64(false, small, places).expect("fits"), &literal)?;
                    }
                }
                same(&x.sub(&y), &(&rx - &ry))?;
                same(&x.mul(&y), &(&rx * &ry))?;
                if !y.is_zero() {
                    same(&x.div(&y).expect("nonzero"), &(&rx / &ry))?;
                }
                prop_assert_eq!(x.cmp(&y), rx.cmp(&ry));
                if !(x.is_zero() && exponent < 0) {
                    same(&x.pow(exponent).expect("defined"), &rx.pow(exponent as isize))?;
                }
                for scale in [0u32, 3, 19, 38, 39] {
                    let ten = RBig::from(UBig::from(10u8).pow(scale as usize));
                    let floor = (&rx * &ten).floor();
                    let down = RBig::from(if rx < RBig::ZERO { floor + IBig::ONE } else { floor.clone() }) / &ten;
                    let truncated = if (&rx * &ten).fract().is_zero() { rx.clone() } else { down };
                    same(&x.round(scale, RoundingMode::Down).expect("rounds"), &truncated)?;
                }
            }
        }
    }

    #[test]
    fn canonical_decimals_terminate_or_refuse() {
        assert_eq!(q(3, 10).to_decimal_string().as_deref(), Some("0.3"));
        assert_eq!(q(-1, 1000).to_decimal_string().as_deref(), Some("-0.001"));
        assert_eq!(q(100, 1).to_decimal_string().as_deref(), Some("100"));
        assert_eq!(q(0, 1).to_decimal_string().as_deref(), Some("0"));
        assert_eq!(q(1, 3).to_decimal_string(), None);
        assert_eq!(q(1, 6).to_decimal_string(), None);
        assert!(q(7, 1280).is_terminating_decimal());
        let tiny = q(1, 2)
            .pow(100)
            .expect("defined")
            .to_decimal_string()
            .expect("terminates");
        assert_eq!(tiny.len(), 102, "2^-100 has 100 fraction digits");
        assert!(
            tiny.starts_with("0.000000000000000000000000000000788860905")
                && tiny.ends_with("640625")
        );
    }
}
