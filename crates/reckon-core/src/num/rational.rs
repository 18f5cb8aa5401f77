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

/// An exact rational number in lowest terms: `(-1)^negative * numerator / denominator`.
///
/// Invariants: `gcd(numerator, denominator) = 1`, `denominator >= 1`, and zero is `0/1` and never
/// negative.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rational {
    negative: bool,
    numerator: UBig,
    denominator: UBig,
}

/// The refusal of [`RoundingMode::Unnecessary`] to round an inexact value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundingNecessary;

/// A value rounded to a number of fraction digits: `(-1)^negative * magnitude / 10^scale`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scaled {
    negative: bool,
    magnitude: UBig,
    scale: u32,
    exact: bool,
}

impl Rational {
    /// Zero.
    pub fn zero() -> Self {
        Self {
            negative: false,
            numerator: UBig::ZERO,
            denominator: UBig::ONE,
        }
    }

    /// The integer `(-1)^negative * magnitude`.
    pub fn integer(negative: bool, magnitude: UBig) -> Self {
        let negative = negative && !magnitude.is_zero();
        Self {
            negative,
            numerator: magnitude,
            denominator: UBig::ONE,
        }
    }

    /// `(-1)^negative * numerator / denominator`, reduced to lowest terms; `None` when the
    /// denominator is zero.
    pub fn from_parts(negative: bool, numerator: UBig, denominator: UBig) -> Option<Self> {
        if denominator.is_zero() {
            return None;
        }
        Some(Self::reduce(negative, numerator, denominator))
    }

    fn reduce(negative: bool, numerator: UBig, denominator: UBig) -> Self {
        if numerator.is_zero() {
            return Self::zero();
        }
        let divisor = (&numerator).gcd(&denominator);
        if divisor.is_one() {
            return Self {
                negative,
                numerator,
                denominator,
            };
        }
        Self {
            negative,
            numerator: numerator / &divisor,
            denominator: denominator / &divisor,
        }
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
    pub fn numerator_magnitude(&self) -> &UBig {
        &self.numerator
    }

    /// The denominator (at least 1).
    pub fn denominator(&self) -> &UBig {
        &self.denominator
    }

    /// Decimal digits of `|numerator|`.
    pub fn numerator_digits(&self) -> u32 {
        decimal_digits(&self.numerator)
    }

    /// Decimal digits of the denominator.
    pub fn denominator_digits(&self) -> u32 {
        decimal_digits(&self.denominator)
    }

    /// The larger of [`Self::numerator_digits`] and [`Self::denominator_digits`].
    pub fn max_digits(&self) -> u32 {
        self.numerator_digits().max(self.denominator_digits())
    }

    /// The signed numerator in decimal, such as `-3`.
    pub fn numerator_string(&self) -> String {
        if self.negative {
            format!("-{}", self.numerator)
        } else {
            self.numerator.to_string()
        }
    }

    /// The denominator in decimal.
    pub fn denominator_string(&self) -> String {
        self.denominator.to_string()
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
        if self.denominator.is_one() && other.denominator.is_one() {
            let (negative, numerator) = signed_sum(
                self.negative,
                &self.numerator,
                other_negative,
                &other.numerator,
            );
            return Self::integer(negative, numerator);
        }
        let left = &self.numerator * &other.denominator;
        let right = &other.numerator * &self.denominator;
        let (negative, numerator) = signed_sum(self.negative, &left, other_negative, &right);
        Self::reduce(negative, numerator, &self.denominator * &other.denominator)
    }

    /// `self * other`.
    pub fn mul(&self, other: &Self) -> Self {
        // Cross-cancel first: with both operands reduced, the product is then in lowest terms.
        let (a, d) = cancel(&self.numerator, &other.denominator);
        let (c, b) = cancel(&other.numerator, &self.denominator);
        let numerator = a * c;
        let negative = self.negative != other.negative && !numerator.is_zero();
        if numerator.is_zero() {
            return Self::zero();
        }
        Self {
            negative,
            numerator,
            denominator: b * d,
        }
    }

    /// `self / other`, or `None` when `other` is zero.
    pub fn div(&self, other: &Self) -> Option<Self> {
        if other.is_zero() {
            return None;
        }
        let (a, c) = cancel(&self.numerator, &other.numerator);
        let (d, b) = cancel(&other.denominator, &self.denominator);
        let numerator = a * d;
        if numerator.is_zero() {
            return Some(Self::zero());
        }
        let negative = self.negative != other.negative;
        Some(Self {
            negative,
            numerator,
            denominator: b * c,
        })
    }

    /// `self ^ exponent`, or `None` for zero to a negative power. `0 ^ 0` is 1.
    pub fn pow(&self, exponent: i64) -> Option<Self> {
        let magnitude = usize::try_from(exponent.unsigned_abs()).ok()?;
        if exponent < 0 && self.is_zero() {
            return None;
        }
        let negative = self.negative && magnitude % 2 == 1;
        let numerator = self.numerator.pow(magnitude);
        let denominator = self.denominator.pow(magnitude);
        // Powers of coprime integers are coprime: no reduction needed.
        Some(if exponent < 0 {
            Self {
                negative,
                numerator: denominator,
                denominator: numerator,
            }
        } else {
            Self {
                negative,
                numerator,
                denominator,
            }
        })
    }

    /// True when the value has a finite decimal expansion (its denominator has no prime factors
    /// other than 2 and 5).
    pub fn is_terminating_decimal(&self) -> bool {
        self.decimal_places().is_some()
    }

    /// The fewest fraction digits that write the value exactly, or `None` if it does not terminate.
    fn decimal_places(&self) -> Option<u32> {
        let twos = self.denominator.trailing_zeros().unwrap_or(0);
        let mut rest = &self.denominator >> twos;
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
        let shifted = &self.numerator * pow10(scale as usize);
        let (kept, discarded) = shifted.div_rem(&self.denominator);
        if discarded.is_zero() {
            return Ok(Scaled {
                negative: self.negative,
                magnitude: kept,
                scale,
                exact: true,
            });
        }
        let versus_half = (&discarded << 1).cmp(&self.denominator);
        let kept_is_odd = kept.bit(0);
        let away = mode
            .moves_away(versus_half, kept_is_odd, self.negative)
            .ok_or(RoundingNecessary)?;
        let magnitude = if away { kept + UBig::ONE } else { kept };
        let negative = self.negative && !magnitude.is_zero();
        Ok(Scaled {
            negative,
            magnitude,
            scale,
            exact: false,
        })
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
        Ok(Self::reduce(
            scaled.negative,
            scaled.magnitude,
            pow10(scale as usize),
        ))
    }

    /// The exact value in canonical decimal form (`0.5`, `-12`, `0`: no exponent, no trailing
    /// fraction zeros), or `None` when it does not terminate.
    pub fn to_decimal_string(&self) -> Option<String> {
        let places = self.decimal_places()?;
        let scaled = self.round_scaled(places, RoundingMode::Unnecessary).ok()?;
        Some(scaled.to_string())
    }
}

impl Scaled {
    /// True when rounding changed nothing.
    pub fn is_exact(&self) -> bool {
        self.exact
    }
}

/// Writes exactly `scale` fraction digits; zero is never written with a minus sign.
impl std::fmt::Display for Scaled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digits = self.magnitude.to_string();
        let scale = self.scale as usize;
        if self.negative {
            f.write_str("-")?;
        }
        if digits.len() <= scale {
            f.write_str("0.")?;
            for _ in digits.len()..scale {
                f.write_str("0")?;
            }
            return f.write_str(&digits);
        }
        let (integer, fraction) = digits.split_at(digits.len() - scale);
        f.write_str(integer)?;
        if scale > 0 {
            f.write_str(".")?;
            f.write_str(fraction)?;
        }
        Ok(())
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
                let magnitudes = if self.denominator == other.denominator {
                    self.numerator.cmp(&other.numerator)
                } else {
                    (&self.numerator * &other.denominator)
                        .cmp(&(&other.numerator * &self.denominator))
                };
                if negative {
                    magnitudes.reverse()
                } else {
                    magnitudes
                }
            }
        }
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

/// `(a / g, b / g)` with `g = gcd(a, b)`.
fn cancel(a: &UBig, b: &UBig) -> (UBig, UBig) {
    let divisor = a.gcd(b);
    if divisor.is_one() {
        (a.clone(), b.clone())
    } else {
        (a / &divisor, b / &divisor)
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
