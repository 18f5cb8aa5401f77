//! Every name math.js 15.2 resolves (spec section 6): the function catalogue, aliases, constants
//! and units. Names this slice does not implement yet are answered "not implemented in reckon
//! yet", never "undefined", so a caller is not told that a valid name is wrong.

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
const UNITS: &str = include_str!("../data/mathjs-units.tsv");

/// A name of the function catalogue (or an alias).
pub(crate) fn is_catalogue_function(name: &str) -> bool {
    FUNCTIONS.split_whitespace().any(|f| f == name)
}

/// A constant of section 6.4.
pub(crate) fn is_constant(name: &str) -> bool {
    CONSTANTS.split_whitespace().any(|c| c == name)
}

/// A unit name, with an optional prefix its unit accepts (`km`, `kilometer`, `KiB`).
pub(crate) fn is_unit(name: &str) -> bool {
    if CUSTOM_UNITS.split_whitespace().any(|u| u == name) {
        return true;
    }
    let prefixes = |group: &str| -> Vec<&'static str> {
        UNITS
            .lines()
            .filter_map(|l| l.strip_prefix("prefixes\t"))
            .filter_map(|l| l.split_once('\t'))
            .find(|(g, _)| *g == group)
            .map(|(_, p)| p.split_whitespace().collect())
            .unwrap_or_default()
    };
    UNITS
        .lines()
        .filter_map(|l| l.strip_prefix("unit\t"))
        .filter_map(|l| l.split_once('\t'))
        .any(|(unit, group)| {
            name == unit
                || name
                    .strip_suffix(unit)
                    .is_some_and(|prefix| !prefix.is_empty() && prefixes(group).contains(&prefix))
        })
}

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
}
