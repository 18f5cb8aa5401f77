//! Every name math.js 15.2 resolves (spec section 6): the function catalogue, aliases, constants
//! and units. Names this slice does not implement yet are answered "not implemented in reckon
//! yet", never "undefined", so a caller is not told that a valid name is wrong.

pub(crate) use crate::num::name_hash::NameHash;
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

/// The function catalogue of section 6.1 and the aliases of section 6.2.
pub(crate) const FUNCTIONS: &str = "abs add cbrt ceil cube divide dotDivide dotMultiply dotPow exp expm1 fix floor gcd hypot invmod lcm \
log log10 log1p log2 mod multiply norm nthRoot nthRoots pow round sign sqrt square subtract unaryMinus unaryPlus xgcd addScalar \
subtractScalar multiplyScalar divideScalar sin cos tan sec csc cot asin acos atan atan2 asec acsc acot sinh cosh tanh sech csch \
coth asinh acosh atanh asech acsch acoth re im conj arg factorial gamma lgamma combinations combinationsWithRep permutations \
multinomial random randomInt pickRandom kldivergence bernoulli bellNumbers catalan composition stirlingS2 mean median mode std \
variance mad quantileSeq sum prod cumsum min max corr count column concat cross ctranspose det diag diff dot eigs expm filter \
flatten forEach getMatrixDataType identity inv kron map mapSlices apply matrixFromColumns matrixFromFunction matrixFromRows ones \
partitionSelect pinv range reshape resize rotate rotationMatrix row size sort sqrtm squeeze subset trace transpose zeros fft ifft \
lsolve lusolve usolve lup qr slu polynomialRoot lsolveAll usolveAll schur lyap sylvester compare compareNatural compareText \
deepEqual equal equalText larger largerEq smaller smallerEq unequal and or xor not nullish bitAnd bitOr bitXor bitNot leftShift \
rightArithShift rightLogShift setCartesian setDifference setDistinct setIntersect setIsSubset setMultiplicity setPowerset setSize \
setSymDifference setUnion unit to toBest splitUnit bigint bignumber boolean complex fraction index matrix number sparse string num \
den bin oct hex format print clone hasNumericValue isBounded isFinite isInteger isNaN isNegative isNumeric isPositive isPrime isZero \
numeric typeOf config erf zeta distance intersect freqz zpk2tf solveODE help typed replacer \
average avg stdev stddev permute nPr choose nCr length len";

/// The constants of section 6.4 (physical constants are Unit values).
pub(crate) const CONSTANTS: &str = "pi PI e E i phi tau LN2 LN10 LOG2E LOG10E SQRT1_2 SQRT2 version atomicMass avogadro bohrMagneton \
bohrRadius boltzmann classicalElectronRadius conductanceQuantum coulomb coulombConstant deuteronMass efimovFactor \
electricConstant electronMass elementaryCharge faraday fermiCoupling fineStructure firstRadiation gasConstant \
gravitationConstant gravity hartreeEnergy inverseConductanceQuantum klitzing loschmidt magneticConstant magneticFluxQuantum \
molarMass molarMassC12 molarPlanckConstant molarVolume neutronMass nuclearMagneton planckCharge planckConstant planckLength \
planckMass planckTemperature planckTime protonMass quantumOfCirculation reducedPlanckConstant rydberg sackurTetrode \
secondRadiation speedOfLight stefanBoltzmann thomsonCrossSection vacuumImpedance weakMixingAngle wienDisplacement";

/// The custom units of section 6.3 (no prefixes).
const CUSTOM_UNITS: &str = "mph knot knots kt kts lightyear lightyears ly";

/// math.js's unit table: names, prefix groups and prefixes.
const UNITS: &str = include_str!("../../data/mathjs-units.tsv");

/// A name of the function catalogue (or an alias).
pub(crate) fn is_catalogue_function(name: &str) -> bool {
    CATALOGUE.contains(name)
}

/// A constant of section 6.4.
pub(crate) fn is_constant(name: &str) -> bool {
    CONSTANT_NAMES.contains(name)
}

/// [`FUNCTIONS`] as a set, built on first use: an undefined name asks these questions, and
/// scanning the text each time cost about 30,000 instructions.
static CATALOGUE: LazyLock<HashSet<&'static str, NameHash>> =
    LazyLock::new(|| FUNCTIONS.split_whitespace().collect());

/// [`CONSTANTS`] as a set, built on first use (as [`CATALOGUE`]).
static CONSTANT_NAMES: LazyLock<HashSet<&'static str, NameHash>> =
    LazyLock::new(|| CONSTANTS.split_whitespace().collect());

/// A unit name, with an optional prefix its unit accepts (`km`, `kilometer`, `KiB`).
pub(crate) fn is_unit(name: &str) -> bool {
    if CUSTOM_UNITS.split_whitespace().any(|u| u == name) {
        return true;
    }
    let table = &*UNIT_TABLE;
    if table.groups.contains_key(name) {
        return true;
    }
    // A prefixed unit: some non-empty prefix of `name` that the rest's group accepts.
    name.char_indices().skip(1).any(|(split, _)| {
        let (prefix, unit) = name.split_at(split);
        table
            .groups
            .get(unit)
            .and_then(|group| table.prefixes.get(group))
            .is_some_and(|prefixes| prefixes.contains(&prefix))
    })
}

/// [`UNITS`] read once: each unit's prefix group, and each group's prefixes.
struct UnitTable {
    groups: HashMap<&'static str, &'static str>,
    prefixes: HashMap<&'static str, Vec<&'static str>>,
}

/// Built on first use (only an undefined name or a conversion target asks): scanning the text
/// table for every question cost about 100,000 instructions.
static UNIT_TABLE: LazyLock<UnitTable> = LazyLock::new(|| {
    let mut table = UnitTable {
        groups: HashMap::new(),
        prefixes: HashMap::new(),
    };
    for line in UNITS.lines() {
        // `unit NAME GROUP QUANTITY VALUE OFFSET`: the name and its prefix group.
        let mut unit = line.strip_prefix("unit\t").map(|l| l.split('\t'));
        if let Some((Some(name), Some(group))) = unit.as_mut().map(|f| (f.next(), f.next())) {
            table.groups.insert(name, group);
        } else if let Some((group, prefixes)) = line
            .strip_prefix("prefixes\t")
            .and_then(|l| l.split_once('\t'))
        {
            table
                .prefixes
                .insert(group, prefixes.split_whitespace().collect());
        }
    }
    table
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_take_the_prefixes_of_their_group() {
        for unit in [
            "m",
            "km",
            "kilometer",
            "cm",
            "kg",
            "KiB",
            "kibibyte",
            "mph",
            "ly",
            "in",
            "degC",
            "h",
            "t",
            "b",
            "minute",
        ] {
            assert!(is_unit(unit), "{unit}");
        }
        for not_unit in ["x", "foo", "kmeter", "Kim", "lyx", "kmph"] {
            assert!(!is_unit(not_unit), "{not_unit}");
        }
    }

    /// The table's answer is the plain scan's (every unit line, its group's prefixes looked up
    /// at each match) for every unit under every prefix of every group, and for near misses.
    #[test]
    fn the_table_answers_as_scanning_the_text() {
        let scan = |name: &str| {
            let prefixes = |group: &str| -> Vec<&'static str> {
                UNITS
                    .lines()
                    .filter_map(|l| l.strip_prefix("prefixes\t"))
                    .filter_map(|l| l.split_once('\t'))
                    .find(|(g, _)| *g == group)
                    .map(|(_, p)| p.split_whitespace().collect())
                    .unwrap_or_default()
            };
            CUSTOM_UNITS.split_whitespace().any(|u| u == name)
                || UNITS
                    .lines()
                    .filter_map(|l| l.strip_prefix("unit\t"))
                    .filter_map(|l| l.split_once('\t'))
                    .map(|(unit, rest)| (unit, rest.split('\t').next().unwrap_or_default()))
                    .any(|(unit, group)| {
                        name == unit
                            || name.strip_suffix(unit).is_some_and(|prefix| {
                                !prefix.is_empty() && prefixes(group).contains(&prefix)
                            })
                    })
        };
        let units: Vec<&str> = UNITS
            .lines()
            .filter_map(|l| l.strip_prefix("unit\t"))
            .filter_map(|l| l.split_once('\t'))
            .map(|(unit, _)| unit)
            .collect();
        let mut checked = 0;
        for unit in &units {
            // Its group's prefixes, and prefixes of other groups or none.
            let own = UNIT_TABLE
                .groups
                .get(unit)
                .and_then(|group| UNIT_TABLE.prefixes.get(group))
                .cloned()
                .unwrap_or_default();
            for prefix in own
                .iter()
                .chain(&["", "x", "kk", "é", "k", "Ki", "m", "mega"])
            {
                for name in [
                    format!("{prefix}{unit}"),
                    format!("{prefix}{unit}s"),
                    format!("{prefix}{unit}x"),
                ] {
                    assert_eq!(is_unit(&name), scan(&name), "{name}");
                    checked += 1;
                }
            }
        }
        assert!(units.len() > 200 && checked > 10_000, "{checked}");
    }
}
