//! dashu-int 0.6 + dashu-ratio 0.6: `RBig`, always kept in lowest terms.

use crate::backend::Backend;
use dashu_int::ops::{BitTest, DivRem, UnsignedAbs};
use dashu_int::{IBig, Sign, UBig};
use dashu_ratio::RBig;
use std::cmp::Ordering;

/// The dashu-ratio backend.
pub struct DashuRatio;

impl Backend for DashuRatio {
    type Q = RBig;

    fn from_decimal(negative: bool, digits: &str, fraction_digits: u32) -> RBig {
        let magnitude = UBig::from_str_radix(digits, 10).expect("decimal digits");
        let sign = if negative {
            Sign::Negative
        } else {
            Sign::Positive
        };
        // `from_parts` divides both parts by their gcd.
        RBig::from_parts(
            IBig::from_parts(sign, magnitude),
            UBig::from(10u64.pow(fraction_digits)),
        )
    }

    fn add(a: &RBig, b: &RBig) -> RBig {
        a + b
    }

    fn sub(a: &RBig, b: &RBig) -> RBig {
        a - b
    }

    fn mul(a: &RBig, b: &RBig) -> RBig {
        a * b
    }

    fn div(a: &RBig, b: &RBig) -> RBig {
        a / b
    }

    fn pow(a: &RBig, exponent: u32) -> RBig {
        a.pow(exponent as isize)
    }

    fn cmp(a: &RBig, b: &RBig) -> Ordering {
        a.cmp(b)
    }

    fn round_half_even_digits(a: &RBig, scale: u32) -> (bool, String) {
        let denominator = a.denominator();
        let shifted = (a.numerator() * IBig::from(10u64.pow(scale))).unsigned_abs();
        let (mut kept, discarded) = shifted.div_rem(denominator);
        match (discarded << 1).cmp(denominator) {
            Ordering::Greater => kept += UBig::ONE,
            Ordering::Equal if kept.bit(0) => kept += UBig::ONE,
            _ => {}
        }
        (a.sign() == Sign::Negative, kept.to_string())
    }

    fn numerator_string(a: &RBig) -> String {
        a.numerator().to_string()
    }

    fn denominator_string(a: &RBig) -> String {
        a.denominator().to_string()
    }
}
