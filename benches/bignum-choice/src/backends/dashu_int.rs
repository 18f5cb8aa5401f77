//! dashu-int 0.6 alone, with a rational type of this benchmark's own: sign and magnitudes kept
//! apart, explicit gcd reduction after every operation, cross-cancellation for `*` and `/`. This is
//! the approach reckon-core takes for values that do not fit 64 bits (written anew here).

use crate::backend::Backend;
use dashu_int::UBig;
use dashu_int::ops::{BitTest, DivRem, Gcd};
use std::cmp::Ordering;

/// The dashu-int backend with explicit gcd reduction.
pub struct DashuInt;

/// `(-1)^negative * numerator / denominator` in lowest terms; zero is `0/1`, never negative.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fraction {
    negative: bool,
    numerator: UBig,
    denominator: UBig,
}

impl Fraction {
    fn zero() -> Self {
        Self {
            negative: false,
            numerator: UBig::ZERO,
            denominator: UBig::ONE,
        }
    }

    /// Reduces by the gcd of the parts.
    fn reduced(negative: bool, numerator: UBig, denominator: UBig) -> Self {
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
            denominator: denominator / divisor,
        }
    }

    /// Parts already coprime (a product of cross-cancelled reduced fractions).
    fn coprime(negative: bool, numerator: UBig, denominator: UBig) -> Self {
        if numerator.is_zero() {
            return Self::zero();
        }
        Self {
            negative,
            numerator,
            denominator,
        }
    }

    /// `self + (-1)^other_negative * |other|`.
    fn add_signed(&self, other: &Self, other_negative: bool) -> Self {
        if self.denominator == other.denominator {
            let (negative, numerator) = signed_sum(
                self.negative,
                &self.numerator,
                other_negative,
                &other.numerator,
            );
            return Self::reduced(negative, numerator, self.denominator.clone());
        }
        let left = &self.numerator * &other.denominator;
        let right = &other.numerator * &self.denominator;
        let (negative, numerator) = signed_sum(self.negative, &left, other_negative, &right);
        Self::reduced(negative, numerator, &self.denominator * &other.denominator)
    }
}

/// `(-1)^a_negative * a + (-1)^b_negative * b` as a sign and a magnitude.
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

impl Backend for DashuInt {
    type Q = Fraction;

    fn from_decimal(negative: bool, digits: &str, fraction_digits: u32) -> Fraction {
        let numerator = UBig::from_str_radix(digits, 10).expect("decimal digits");
        Fraction::reduced(negative, numerator, UBig::from(10u64.pow(fraction_digits)))
    }

    fn add(a: &Fraction, b: &Fraction) -> Fraction {
        a.add_signed(b, b.negative)
    }

    fn sub(a: &Fraction, b: &Fraction) -> Fraction {
        a.add_signed(b, !b.negative && !b.numerator.is_zero())
    }

    fn mul(a: &Fraction, b: &Fraction) -> Fraction {
        let (an, bd) = cancel(&a.numerator, &b.denominator);
        let (bn, ad) = cancel(&b.numerator, &a.denominator);
        Fraction::coprime(a.negative != b.negative, an * bn, ad * bd)
    }

    fn div(a: &Fraction, b: &Fraction) -> Fraction {
        let (an, bn) = cancel(&a.numerator, &b.numerator);
        let (bd, ad) = cancel(&b.denominator, &a.denominator);
        Fraction::coprime(a.negative != b.negative, an * bd, ad * bn)
    }

    fn pow(a: &Fraction, exponent: u32) -> Fraction {
        // Powers of coprime integers are coprime.
        let exponent = exponent as usize;
        Fraction::coprime(
            a.negative && exponent % 2 == 1,
            a.numerator.pow(exponent),
            a.denominator.pow(exponent),
        )
    }

    fn cmp(a: &Fraction, b: &Fraction) -> Ordering {
        match (a.negative, b.negative) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (negative, _) => {
                let magnitudes = if a.denominator == b.denominator {
                    a.numerator.cmp(&b.numerator)
                } else {
                    (&a.numerator * &b.denominator).cmp(&(&b.numerator * &a.denominator))
                };
                if negative {
                    magnitudes.reverse()
                } else {
                    magnitudes
                }
            }
        }
    }

    fn round_half_even_digits(a: &Fraction, scale: u32) -> (bool, String) {
        let shifted = &a.numerator * UBig::from(10u64.pow(scale));
        let (mut kept, discarded) = shifted.div_rem(&a.denominator);
        match (discarded << 1).cmp(&a.denominator) {
            Ordering::Greater => kept += UBig::ONE,
            Ordering::Equal if kept.bit(0) => kept += UBig::ONE,
            _ => {}
        }
        (a.negative, kept.to_string())
    }

    fn numerator_string(a: &Fraction) -> String {
        if a.negative {
            format!("-{}", a.numerator)
        } else {
            a.numerator.to_string()
        }
    }

    fn denominator_string(a: &Fraction) -> String {
        a.denominator.to_string()
    }
}
