//! Units with Complex magnitudes (math.js 15.2 keeps a Complex value in a unit): the unit
//! factors stay binary64 numbers (math.js's converter for a Complex is the identity), and each
//! step is complex.js's operation with a real operand, in math.js's order.

use super::Unit;
use crate::num::complex::Complex;
use crate::num::jsmath;

impl Unit {
    /// `z` written in this unit, normalized: z times each part's scale to its power.
    pub(crate) fn complex_normalize(&self, z: Complex) -> Complex {
        self.parts.iter().fold(z, |acc, p| {
            acc.mul(Complex::from_real(jsmath::pow(p.scale(), p.power)))
        })
    }

    /// A normalized Complex magnitude written in this unit's own parts.
    pub(crate) fn complex_magnitude(&self, z: Complex) -> Complex {
        self.parts.iter().fold(z, |acc, p| {
            acc.div(Complex::from_real(jsmath::pow(p.scale(), p.power)))
        })
    }

    /// The unit with this normalized Complex magnitude (`value` its absolute value).
    pub(crate) fn with_complex(mut self, z: Complex) -> Self {
        self.value = Some(z.abs());
        self.complex = Some(z);
        self.exact = None;
        self.big = None;
        self
    }

    /// The normalized magnitude as a Complex: its own, its real one, or (valueless) its
    /// parts' 1 (math.js's `one` of a Complex is the number 1).
    pub(crate) fn complex_of(&self) -> Complex {
        match (self.complex, self.value) {
            (Some(z), _) => z,
            (None, Some(x)) => Complex::from_real(x),
            (None, None) => Complex::from_real(self.normalize(1.0)),
        }
    }

    /// When converting to `target` shifts the magnitude by an offset: the shift (binary64, as
    /// for a number magnitude).
    pub(crate) fn complex_offset_shift(&self, target: &Self) -> Option<f64> {
        match (self.parts.first(), target.parts.first()) {
            (Some(from), Some(to))
                if self.value.is_some()
                    && !self.is_derived()
                    && from.unit.offset != to.unit.offset =>
            {
                Some(super::offset_difference(from.unit, to.unit))
            }
            _ => None,
        }
    }
}
