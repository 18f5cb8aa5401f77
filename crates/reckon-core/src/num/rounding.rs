//! The ten rounding modes, named as the decimal specification names them.

/// How a value that does not fit the requested number of fraction digits is rounded.
///
/// Each mode decides whether the magnitude moves *away* from zero to the next representable value
/// or stays; the sign is always kept. `r` below is the exact discarded fraction, in units of the
/// last kept digit (so `r = 1/2` is a tie).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundingMode {
    /// Ties to the even neighbour (banker's rounding): away iff `r > 1/2`, or `r = 1/2` and the
    /// kept last digit is odd.
    HalfEven,
    /// Ties away from zero: away iff `r >= 1/2`.
    HalfUp,
    /// Ties toward zero: away iff `r > 1/2`.
    HalfDown,
    /// Ties toward +infinity: away iff `r > 1/2`, or `r = 1/2` and the value is positive.
    HalfCeiling,
    /// Ties toward -infinity: away iff `r > 1/2`, or `r = 1/2` and the value is negative.
    HalfFloor,
    /// Away from zero whenever anything is discarded.
    Up,
    /// Toward zero (truncation).
    Down,
    /// Toward +infinity.
    Ceiling,
    /// Toward -infinity.
    Floor,
    /// No rounding allowed: an inexact result is an error.
    Unnecessary,
}

impl RoundingMode {
    /// Every mode, in the order the specification lists them.
    pub const ALL: [Self; 10] = [
        Self::HalfEven,
        Self::HalfUp,
        Self::HalfDown,
        Self::HalfCeiling,
        Self::HalfFloor,
        Self::Up,
        Self::Down,
        Self::Ceiling,
        Self::Floor,
        Self::Unnecessary,
    ];

    /// The specification's name, such as `half_even`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::HalfEven => "half_even",
            Self::HalfUp => "half_up",
            Self::HalfDown => "half_down",
            Self::HalfCeiling => "half_ceiling",
            Self::HalfFloor => "half_floor",
            Self::Up => "up",
            Self::Down => "down",
            Self::Ceiling => "ceiling",
            Self::Floor => "floor",
            Self::Unnecessary => "unnecessary",
        }
    }

    /// The mode with exactly this name (case-sensitive), if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|mode| mode.name() == name)
    }

    /// Whether the magnitude moves away from zero, given how the discarded part compares with a half
    /// (`Less`, `Equal` or `Greater` than 1/2 of the last kept unit; never called when nothing is
    /// discarded), whether the kept magnitude is odd and whether the value is negative.
    ///
    /// Returns `None` for [`RoundingMode::Unnecessary`], which does not round.
    pub(crate) fn moves_away(
        self,
        discarded_vs_half: std::cmp::Ordering,
        kept_is_odd: bool,
        negative: bool,
    ) -> Option<bool> {
        use std::cmp::Ordering::{Equal, Greater};
        let above_half = discarded_vs_half == Greater;
        let tie = discarded_vs_half == Equal;
        Some(match self {
            Self::Up => true,
            Self::Down => false,
            Self::Ceiling => !negative,
            Self::Floor => negative,
            Self::HalfUp => above_half || tie,
            Self::HalfDown => above_half,
            Self::HalfEven => above_half || (tie && kept_is_odd),
            Self::HalfCeiling => above_half || (tie && !negative),
            Self::HalfFloor => above_half || (tie && negative),
            Self::Unnecessary => return None,
        })
    }
}

impl std::fmt::Display for RoundingMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_case_sensitive() {
        for mode in RoundingMode::ALL {
            assert_eq!(RoundingMode::from_name(mode.name()), Some(mode));
        }
        assert_eq!(RoundingMode::from_name("HALF_EVEN"), None);
        assert_eq!(RoundingMode::from_name("half-even"), None);
        assert_eq!(RoundingMode::from_name(" half_even"), None);
    }
}
