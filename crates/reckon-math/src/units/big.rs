//! Unit factors as BigNumbers (BigNumber mode, spec 5.2 and 4.9), converted as math.js 15.2
//! converts them when a unit's magnitude is a BigNumber: a binary64 factor through its shortest
//! JavaScript string (`new BigNumber(x + '')`: `lbs` is exactly 0.45359237), an exact ratio
//! (`degF`'s 5/9) as its numerator divided by its denominator at 64 digits, and the angles
//! from π at 64 digits (math.js recomputes `deg`, `grad`, `cycle`, `arcsec`, `arcmin` and their
//! full names as BigNumbers in that mode: `deg` is π/180 rounded to 64 digits), and the
//! server's `mph` and `knot` as math.js's `createUnit` makes them in that mode (their
//! definitions' numbers times 3600^-1 at 64 digits).
//!
//! These are single operations on short numbers; the evaluator meters the arithmetic that uses
//! them (`eval/unit_big.rs`).

use super::table::{Factor, UnitDef};
use super::{Part, same_dims};
use crate::num::bignum::{self, Big};
use std::f64::consts::PI;

/// A table unit's value as a BigNumber, or `None` for `VAR`'s imaginary value.
pub(crate) fn unit_value(unit: &UnitDef) -> Option<Big> {
    let x = match unit.value {
        Factor::Imaginary => return None,
        Factor::Ratio(n, d) => {
            let quotient = bignum::div(&Big::from_i64(n.abs()), &Big::from_i64(d.abs()));
            return Some(if (n < 0) != (d < 0) {
                bignum::neg(&quotient)
            } else {
                quotient
            });
        }
        Factor::Float(x) => x,
    };
    if unit.custom && x < 1.0 {
        // `mph` (1 mile/hour) and `knot` (1852 m/hour), created in BigNumber mode: the
        // definition's number times hour^-1, that is 3600^-1 at 64 digits.
        let distance = if unit.name == "mph" { 1609.344 } else { 1852.0 };
        let per_hour = bignum::div(&Big::one(), &Big::from_i64(3600));
        return Some(bignum::mul(&bignum::from_f64(distance), &per_hour));
    }
    let mut angle = [0.0; super::table::DIMENSIONS];
    angle[7] = 1.0;
    let dims = super::table::TABLE.quantities[unit.quantity].dims;
    if same_dims(&dims, &angle) && x != 1.0 {
        // The angle units: π at 64 digits, divided (or multiplied) as math.js does.
        let pi = bignum::pi();
        let by = |k: i64| Some(bignum::div(&pi, &Big::from_i64(k)));
        #[allow(clippy::float_cmp)]
        let exact = [180, 200, 648_000, 10_800]
            .into_iter()
            .find(|k| x == PI / *k as f64);
        if let Some(k) = exact {
            return by(k);
        }
        if x == PI * 2.0 {
            return Some(bignum::mul(&pi, &Big::from_i64(2)));
        }
    }
    Some(bignum::from_f64(x))
}

/// The offsets' difference `from − to` as math.js computes it (binary64 or Fraction, then
/// converted to a BigNumber).
pub(crate) fn offset_difference(from: &UnitDef, to: &UnitDef) -> Option<Big> {
    match (exact_or_float_offset(from)?, exact_or_float_offset(to)?) {
        (Offset::Float(a), Offset::Float(b)) => Some(bignum::from_f64(a - b)),
        (a, b) => Some(from_ratio(&(a.exact()? - b.exact()?))),
    }
}

/// A unit's zero, in binary64 or as an exact rational.
enum Offset {
    Float(f64),
    Exact(dashu_ratio::RBig),
}

impl Offset {
    fn exact(self) -> Option<dashu_ratio::RBig> {
        match self {
            Self::Float(x) => crate::num::fraction::from_f64(x),
            Self::Exact(r) => Some(r),
        }
    }
}

fn exact_or_float_offset(unit: &UnitDef) -> Option<Offset> {
    match unit.value {
        Factor::Ratio(n, d) => {
            let value = dashu_ratio::RBig::from_parts(n.into(), d.unsigned_abs().into());
            Some(Offset::Exact(
                value * crate::num::fraction::from_f64(unit.offset)?,
            ))
        }
        other => Some(Offset::Float(other.to_f64() * unit.offset)),
    }
}

/// A Fraction as math.js converts it to a BigNumber: numerator ÷ denominator at 64 digits.
fn from_ratio(r: &dashu_ratio::RBig) -> Big {
    let n = Big::from_ibig(r.numerator().clone());
    let d = Big::from_ibig(dashu_int::IBig::from(r.denominator().clone()));
    bignum::div(&n, &d)
}

impl Part {
    /// The part's unit value and prefix value as BigNumbers (`None` for `VAR`), and its power.
    pub(crate) fn big_factors(&self) -> Option<(Big, Big, Big)> {
        Some((
            unit_value(self.unit)?,
            bignum::from_f64(self.prefix.value),
            bignum::from_f64(self.power),
        ))
    }
}

impl super::Unit {
    /// When converting this unit to `target` shifts the magnitude by an offset (a single unit
    /// with a value, to a unit of another offset): the shift as a BigNumber.
    pub(crate) fn big_offset_shift(&self, target: &Self) -> Option<Big> {
        match (self.parts.first(), target.parts.first()) {
            (Some(from), Some(to))
                if self.value.is_some()
                    && !self.is_derived()
                    && from.unit.offset != to.unit.offset =>
            {
                offset_difference(from.unit, to.unit)
            }
            _ => None,
        }
    }

    /// The zero `abs` measures a single offset unit from, as a BigNumber (math.js: the unit
    /// value and the offset each converted, then multiplied).
    pub(crate) fn big_abs_offset(&self) -> Option<Big> {
        match self.parts.first() {
            Some(p) if !self.is_derived() && p.unit.offset != 0.0 => Some(bignum::mul(
                &unit_value(p.unit)?,
                &bignum::from_f64(p.unit.offset),
            )),
            _ => None,
        }
    }
}
