//! Physical units (spec 4.9, 6.3, 6.4 and 7.5): the unit table (`table`, math.js 15.2's facts
//! and the server's custom units), the [`Unit`] type, its arithmetic and conversion, the
//! current unit system and how a unit prints (`format`), and unit text (`text`: `"km/h"`,
//! `"5 kg"`).
//!
//! A [`Unit`] is a list of unit parts (a table unit, a prefix, a power), its dimension vector
//! and an optional magnitude. The magnitude is held *normalized*: the written number times the
//! product of each part's (unit value × prefix value) raised to its power, with no offset, so
//! `100 degC` holds 100 and `1 km` holds 1000; offsets enter only when a single temperature
//! is converted to another (`to`). These are the rules math.js documents and the spec states
//! (7.5, 4.9); every arithmetic step is the same binary64 operation in the same order, so
//! results agree with math.js to the last digit. Magnitudes are binary64 numbers, or in
//! Fraction mode exact rationals (`exact`, computed by the evaluator, which meters them, from
//! the factors [`Part::exact_scale`] gives), or in BigNumber mode BigNumbers (`big`, from the
//! factors `big` gives, as math.js converts them), or Complex numbers (`complex`, with
//! binary64 factors as math.js keeps them for a Complex).

pub(crate) mod big;
pub(crate) mod complex;
pub(crate) mod format;
pub(crate) mod table;
pub(crate) mod text;

use crate::num::jsmath;
use dashu_ratio::RBig;
use std::rc::Rc;
use table::{DIMENSIONS, Dims, Prefix, TABLE, UnitDef};

/// One factor of a unit: a table unit with a prefix, raised to a power (`km^2`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Part {
    /// The unit.
    pub unit: &'static UnitDef,
    /// Its prefix (possibly the empty one).
    pub prefix: &'static Prefix,
    /// Its power.
    pub power: f64,
}

impl Part {
    /// The part's unit value × prefix value, the factor its power applies to.
    fn scale(&self) -> f64 {
        self.unit.value.to_f64() * self.prefix.value
    }
}

impl Part {
    /// The part's unit value × prefix value as a Fraction, each converted as math.js converts
    /// unit factors (spec 5.3: fraction.js's conversion without the exactness test; `degF`'s 5/9
    /// exactly); `None` for `VAR`'s imaginary value.
    pub(crate) fn exact_scale(&self) -> Option<RBig> {
        use crate::num::fraction::from_f64;
        let unit = match self.unit.value {
            table::Factor::Float(x) => from_f64(x)?,
            table::Factor::Ratio(n, d) => RBig::from_parts(n.into(), d.unsigned_abs().into()),
            table::Factor::Imaginary => return None,
        };
        Some(unit * from_f64(self.prefix.value)?)
    }
}

/// A unit value: parts, dimensions and an optional (normalized) magnitude.
#[derive(Clone, Debug)]
pub struct Unit {
    /// The unit parts in the order they were written or combined.
    pub(crate) parts: Vec<Part>,
    /// The dimension vector.
    pub(crate) dims: Dims,
    /// The normalized magnitude, or `None` for a valueless unit (`kg`).
    pub(crate) value: Option<f64>,
    /// Whether the prefix was fixed by `to`/`in` (no best-prefix search when printing).
    pub(crate) fix_prefix: bool,
    /// Whether it prints its own unit list (a literal, `to`, `+ -`) rather than being
    /// simplified against the current unit system (`* / ^`).
    pub(crate) keep_units: bool,
    /// Fraction mode: the normalized magnitude as an exact rational (`value` then holds its
    /// binary64 value, which the best-prefix search uses, as math.js does).
    pub(crate) exact: Option<Rc<RBig>>,
    /// Fraction mode, once settled for printing: the magnitude in the unit's own parts.
    pub(crate) shown: Option<Rc<RBig>>,
    /// BigNumber mode: the normalized magnitude as a BigNumber (`value` then holds its binary64
    /// value, which the best-prefix search uses, as math.js does).
    pub(crate) big: Option<Rc<crate::num::bignum::Big>>,
    /// BigNumber mode, once settled for printing: the magnitude in the unit's own parts.
    pub(crate) big_shown: Option<Rc<crate::num::bignum::Big>>,
    /// A Complex magnitude, normalized (`value` then holds its absolute value, which the
    /// best-prefix search uses, as math.js does).
    pub(crate) complex: Option<crate::num::complex::Complex>,
}

/// Why a unit operation failed; the evaluator maps it to the spec's reason.
#[derive(Debug, PartialEq)]
pub(crate) enum UnitError {
    /// Different dimensions (`Units do not match`): type_mismatch.
    Mismatch(String),
    /// Any other refused operation: evaluation_failed.
    Failed(String),
}

/// Two dimension vectors equal within math.js's tolerance (1e-12 per dimension).
pub(crate) fn same_dims(a: &Dims, b: &Dims) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() <= 1e-12)
}

impl Unit {
    /// The valueless unit a name denotes (`km`, `degC`), or `None` if it is no unit.
    pub(crate) fn named(name: &str) -> Option<Self> {
        let (unit, prefix) = table::find(name)?;
        Some(Self {
            parts: vec![Part {
                unit,
                prefix,
                power: 1.0,
            }],
            dims: TABLE.quantities[unit.quantity].dims,
            value: None,
            fix_prefix: false,
            keep_units: true,
            exact: None,
            shown: None,
            big: None,
            big_shown: None,
            complex: None,
        })
    }

    /// Whether the magnitude is a binary64 (no exact, BigNumber or Complex one).
    pub(crate) fn is_plain(&self) -> bool {
        self.exact.is_none() && self.big.is_none() && self.complex.is_none()
    }

    /// A dimensionless unit with this normalized value (what a plain number is to a unit, and
    /// `unit(5)`).
    pub(crate) fn dimensionless(value: f64) -> Self {
        Self {
            parts: Vec::new(),
            dims: [0.0; DIMENSIONS],
            value: Some(value),
            fix_prefix: false,
            keep_units: true,
            exact: None,
            shown: None,
            big: None,
            big_shown: None,
            complex: None,
        }
    }

    /// Whether the unit has more than one part or a part with a power other than 1 (offsets
    /// then never apply).
    fn is_derived(&self) -> bool {
        self.parts.len() > 1
            || self
                .parts
                .first()
                .is_some_and(|p| (p.power - 1.0).abs() > 1e-15)
    }

    /// `x` written in this unit, normalized: x times each part's scale to its power.
    pub(crate) fn normalize(&self, x: f64) -> f64 {
        self.parts
            .iter()
            .fold(x, |acc, p| acc * jsmath::pow(p.scale(), p.power))
    }

    /// A normalized value written in this unit: the inverse of [`Unit::normalize`].
    pub(crate) fn denormalize(&self, x: f64) -> f64 {
        self.parts
            .iter()
            .fold(x, |acc, p| acc / jsmath::pow(p.scale(), p.power))
    }

    /// The magnitude in this unit's own parts (`number(u)` without a target).
    pub(crate) fn magnitude(&self) -> Option<f64> {
        self.value.map(|v| self.denormalize(v))
    }

    /// This (valueless) unit with the written number `x` (`5 kg` is `5` times `kg`).
    pub(crate) fn with_number(&self, x: f64) -> Self {
        let mut unit = self.clone();
        unit.value = Some(match self.value {
            None => self.normalize(x),
            Some(v) => v * x,
        });
        unit
    }

    /// The unit times a plain number (on either side: binary64 products commute).
    pub(crate) fn scaled(&self, x: f64) -> Self {
        self.with_number(x)
    }

    /// The value of a dimensionless unit with a value, as a plain number (math.js's rule: such a
    /// result is no unit).
    pub(crate) fn unitless_value(&self) -> Option<f64> {
        self.value
            .filter(|_| same_dims(&self.dims, &[0.0; DIMENSIONS]))
    }

    /// The product (or, with `divide`, the quotient) of two units: dimensions add, the right
    /// operand's parts are appended (with negated powers for a quotient), and a valueless side
    /// counts as its own unit's 1.
    pub(crate) fn combine(&self, other: &Self, divide: bool) -> Self {
        let sign = if divide { -1.0 } else { 1.0 };
        let mut result = self.clone();
        for (d, o) in result.dims.iter_mut().zip(&other.dims) {
            *d += sign * o;
        }
        result.parts.extend(other.parts.iter().map(|p| Part {
            power: sign * p.power,
            ..*p
        }));
        result.value = match (self.value, other.value) {
            (None, None) => None,
            (a, b) => {
                let a = a.unwrap_or_else(|| self.normalize(1.0));
                let b = b.unwrap_or_else(|| other.normalize(1.0));
                Some(if divide { a / b } else { a * b })
            }
        };
        result.keep_units = false;
        result
    }

    /// The unit to the power `p`: powers and dimensions multiply.
    pub(crate) fn pow(&self, p: f64) -> Self {
        let mut result = self.clone();
        for d in &mut result.dims {
            *d *= p;
        }
        for part in &mut result.parts {
            part.power *= p;
        }
        result.value = self.value.map(|v| jsmath::pow(v, p));
        result.keep_units = false;
        result
    }

    /// `self + other` (or `-` with `subtract`): equal dimensions, the left operand's units.
    ///
    /// # Errors
    /// A valueless operand, or different dimensions (`Units do not match`).
    pub(crate) fn add(&self, other: &Self, subtract: bool) -> Result<Self, UnitError> {
        let (Some(a), Some(b)) = (self.value, other.value) else {
            return Err(UnitError::Failed(
                "Parameter x contains a unit with undefined value".into(),
            ));
        };
        if !same_dims(&self.dims, &other.dims) {
            return Err(UnitError::Mismatch("Units do not match".into()));
        }
        let mut result = self.clone();
        result.value = Some(if subtract { a - b } else { a + b });
        result.fix_prefix = false;
        Ok(result)
    }

    /// `-self`.
    pub(crate) fn negated(&self) -> Self {
        let mut result = self.clone();
        result.value = self.value.map(|v| -v);
        result.big = self
            .big
            .as_ref()
            .map(|b| Rc::new(crate::num::bignum::neg(b)));
        result.complex = self.complex.map(crate::num::complex::Complex::neg);
        result
    }

    /// The unit converted to `target` (a valueless unit): the target's parts, prefixes fixed.
    /// A single temperature converts with the difference of the two offsets.
    ///
    /// # Errors
    /// Different dimensions (`Units do not match (...)`), or a target with a value.
    pub(crate) fn to(&self, target: &Self) -> Result<Self, UnitError> {
        if !same_dims(&self.dims, &target.dims) {
            return Err(UnitError::Mismatch(format!(
                "Units do not match ('{}' != '{}')",
                format::text(target, &format::UnitSystem::si(), None),
                format::text(self, &format::UnitSystem::si(), None)
            )));
        }
        if target.value.is_some() {
            return Err(UnitError::Failed(
                "Cannot convert to a unit with a value".into(),
            ));
        }
        let value = self.value.unwrap_or_else(|| self.normalize(1.0));
        let value = match (self.parts.first(), target.parts.first()) {
            (Some(from), Some(to))
                if self.value.is_some()
                    && !self.is_derived()
                    && from.unit.offset != to.unit.offset =>
            {
                value + offset_difference(from.unit, to.unit)
            }
            _ => value,
        };
        let mut result = target.clone();
        result.value = Some(value);
        result.fix_prefix = true;
        result.keep_units = true;
        Ok(result)
    }

    /// When converting this unit to `target` shifts the value by an offset (a single unit with
    /// a value, to a unit of another offset): the shift, exactly (Fraction mode).
    pub(crate) fn exact_offset_shift(&self, target: &Self) -> Option<RBig> {
        match (self.parts.first(), target.parts.first()) {
            (Some(from), Some(to))
                if self.value.is_some()
                    && !self.is_derived()
                    && from.unit.offset != to.unit.offset =>
            {
                let term = |unit: &UnitDef| {
                    let value = match unit.value {
                        table::Factor::Ratio(n, d) => {
                            RBig::from_parts(n.into(), d.unsigned_abs().into())
                        }
                        other => crate::num::fraction::from_f64(other.to_f64())?,
                    };
                    Some(value * crate::num::fraction::from_f64(unit.offset)?)
                };
                Some(term(from.unit)? - term(to.unit)?)
            }
            _ => None,
        }
    }

    /// The offset (in SI units) `abs` measures a single offset unit from, if any.
    pub(crate) fn abs_offset(&self) -> Option<f64> {
        match self.parts.first() {
            Some(p) if !self.is_derived() && p.unit.offset != 0.0 => {
                Some(p.unit.value.to_f64() * p.unit.offset)
            }
            _ => None,
        }
    }

    /// `abs`: the magnitude's absolute value (for a single offset unit, measured from its
    /// zero: `abs(-283.15 degC)` = `-263.15 degC`, as math.js does).
    pub(crate) fn abs(&self) -> Self {
        let mut result = self.clone();
        result.value = self.value.map(|v| match self.parts.first() {
            Some(p) if !self.is_derived() && p.unit.offset != 0.0 => {
                let offset = p.unit.value.to_f64() * p.unit.offset;
                (v + offset).abs() - offset
            }
            _ => v.abs(),
        });
        result
    }

    /// Whether the unit is an angle (dimension vector of `rad`).
    pub(crate) fn is_angle(&self) -> bool {
        let mut angle = [0.0; DIMENSIONS];
        angle[7] = 1.0;
        same_dims(&self.dims, &angle)
    }

    /// Whether both units have equal dimensions.
    pub(crate) fn same_base(&self, other: &Self) -> bool {
        same_dims(&self.dims, &other.dims)
    }
}

/// `from`'s offset minus `to`'s, each in SI units (value × offset), as math.js computes it: in
/// binary64 when both values are, exactly in rationals when one is a ratio (`degF`'s 5/9: the
/// binary64 term converts to a Fraction first), the difference then rounded to binary64.
fn offset_difference(from: &UnitDef, to: &UnitDef) -> f64 {
    use crate::num::fraction;
    use table::Factor;
    let term = |unit: &UnitDef| match unit.value {
        Factor::Ratio(n, d) => fraction::from_f64(unit.offset).map(|offset| {
            dashu_ratio::RBig::from_parts(n.into(), d.unsigned_abs().into()) * offset
        }),
        other => fraction::from_f64(other.to_f64() * unit.offset),
    };
    match (from.value, to.value) {
        (Factor::Ratio(..), _) | (_, Factor::Ratio(..)) => match (term(from), term(to)) {
            (Some(a), Some(b)) => fraction::to_f64(&(a - b)),
            _ => f64::NAN,
        },
        _ => from.value.to_f64() * from.offset - to.value.to_f64() * to.offset,
    }
}

#[cfg(test)]
mod tests;
