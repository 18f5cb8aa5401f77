//! The seeded generator of unit expressions for the differential test (issue 30): literals and
//! their printing, conversions with `to`/`in` (unit expressions and strings, compatible or
//! not), `+ - * / ^` between units and with numbers, comparisons, the functions that take
//! units (`unit number abs sqrt toBest splitUnit`, trigonometry on angles), physical
//! constants, units in arrays, and the faults (a unit plus a number, a unit in an exponent, a
//! non-angle in `sin`, different dimensions).

use super::Rng;

/// Units grouped by dimension: a conversion picks its target from the same group (or, now and
/// then, from another, to be refused).
const GROUPS: [&[&str]; 15] = [
    &[
        "m", "cm", "km", "mm", "inch", "ft", "yd", "mi", "ly", "um", "nm", "angstrom",
    ],
    &["kg", "g", "lbs", "oz", "t", "ton", "mg", "gram", "kilogram"],
    &[
        "s", "minute", "hour", "h", "day", "ms", "week", "year", "us",
    ],
    &[
        "degC",
        "degF",
        "K",
        "celsius",
        "fahrenheit",
        "kelvin",
        "degR",
        "rankine",
    ],
    &["deg", "rad", "grad", "cycle", "arcsec", "arcmin", "mrad"],
    &[
        "l", "ml", "m^3", "cc", "gallon", "cup", "pint", "cm^3", "liter",
    ],
    &["J", "kJ", "kWh", "eV", "erg", "Wh", "BTU", "MJ"],
    &["W", "kW", "hp", "MW", "mW"],
    &["Pa", "bar", "psi", "atm", "torr", "mmHg", "kPa", "hPa"],
    &["m/s", "km/h", "mph", "knot", "ft/s", "mi/h"],
    &["b", "B", "KiB", "kB", "MB", "GiB", "bits", "bytes", "Mb"],
    &["N", "kN", "lbf", "dyn", "kg m/s^2"],
    &["m^2", "acre", "hectare", "sqft", "km^2", "cm^2"],
    &[
        "A", "mA", "V", "kV", "ohm", "kohm", "Hz", "kHz", "mol", "cd", "T", "F", "C", "S",
    ],
    &["N m", "J/s", "kg/m^3", "m/s^2", "W/m^2", "mol/l", "kg m^2"],
];

/// The magnitudes literals take.
const NUMBERS: [&str; 14] = [
    "1", "2", "2.5", "0.001", "1500", "3", "1e6", "0.5", "100", "12", "1e-7", "7.25", "0", "360",
];

/// The physical constants of spec 6.4.
const CONSTANTS: [&str; 12] = [
    "speedOfLight",
    "gravitationConstant",
    "planckConstant",
    "avogadro",
    "boltzmann",
    "elementaryCharge",
    "gravity",
    "electronMass",
    "fermiCoupling",
    "molarVolume",
    "stefanBoltzmann",
    "efimovFactor",
];

/// A group, and a unit of it.
fn unit(rng: &mut Rng) -> (usize, &'static str) {
    let g = rng.below(GROUPS.len());
    (g, rng.pick(GROUPS[g]))
}

/// A unit of group `g` (mostly) or of any group.
fn target(rng: &mut Rng, g: usize) -> &'static str {
    if rng.below(8) == 0 {
        unit(rng).1
    } else {
        rng.pick(GROUPS[g])
    }
}

/// `n u`, with the unit parenthesised when it is a product or quotient (`2 (m/s)` is not
/// valid; `2 m/s` is 2 m per s).
fn literal(rng: &mut Rng) -> (usize, String) {
    let (g, u) = unit(rng);
    (g, format!("{} {u}", rng.pick(&NUMBERS)))
}

/// One unit expression.
pub fn unit_expression(rng: &mut Rng) -> String {
    let (g, a) = literal(rng);
    let (_, b) = literal(rng);
    let n = rng.pick(&NUMBERS);
    match rng.below(24) {
        0 | 1 => a,
        2..=4 => format!("{a} to {}", target(rng, g)),
        5 => format!("{a} in {}", target(rng, g)),
        6 => format!("{a} to \"{}\"", target(rng, g)),
        7 => format!("{a} + {} {}", rng.pick(&NUMBERS), target(rng, g)),
        8 => format!("{a} - {} {}", rng.pick(&NUMBERS), target(rng, g)),
        9 => format!("{a} * {b}"),
        10 => format!("{a} / {b}"),
        11 => format!("({a})^{}", rng.pick(&["2", "3", "-1", "0.5", "0"])),
        12 => format!("{a} * {n}"),
        13 => format!("{n} / ({a})"),
        14 => format!("{a} + {n}"),
        15 => format!("{a} {} {}", rng.pick(&["==", "<", ">=", "!="]), b),
        16 => {
            let angle = rng.pick(GROUPS[4]);
            let f = rng.pick(&["sin", "cos", "tan"]);
            if rng.below(4) == 0 {
                format!("{f}({b})")
            } else {
                format!("{f}({n} {angle})")
            }
        }
        17 => format!("number({a}, \"{}\")", target(rng, g)),
        18 => {
            let f = rng.pick(&["abs", "sqrt", "toBest", "unit", "-"]);
            if f == "-" {
                format!("-({a})")
            } else {
                format!("{f}({a})")
            }
        }
        19 => format!("unit(\"{a}\")"),
        20 => format!(
            "splitUnit({a}, [\"{}\", \"{}\"])",
            rng.pick(GROUPS[g]),
            rng.pick(GROUPS[g])
        ),
        21 => format!("[{a}, {} {}]", n, target(rng, g)),
        22 => {
            let c = rng.pick(&CONSTANTS);
            match rng.below(3) {
                0 => c.to_owned(),
                1 => format!("{c} * {b}"),
                _ => format!("2 * {c}"),
            }
        }
        _ => format!("{n}^({b})"),
    }
}

/// The Complex magnitudes unit expressions take.
const COMPLEX: [&str; 8] = [
    "(2 + 3i)",
    "(1 - 2i)",
    "(0.5i)",
    "(-1 + 0.25i)",
    "(3 + 0i)",
    "(1e3 + 2i)",
    "(0 - 1i)",
    "(7.25 + 1e-3i)",
];

/// One unit expression with a Complex magnitude: literals, `unit(complex(re, im), u)`,
/// conversions (temperatures shift the real part), `+ - * / ^` with units, numbers and
/// Complex numbers, comparisons, `abs sqrt toBest unit number splitUnit`.
pub fn complex_unit_expression(rng: &mut Rng) -> String {
    let (g, u) = unit(rng);
    let z = rng.pick(&COMPLEX);
    let a = format!("{z} {u}");
    let (_, b) = literal(rng);
    let n = rng.pick(&NUMBERS);
    match rng.below(16) {
        0 | 1 => a,
        2..=4 => format!("{a} to {}", target(rng, g)),
        5 => format!("{a} to \"{}\"", target(rng, g)),
        6 => format!("{a} + {} {}", rng.pick(&NUMBERS), target(rng, g)),
        7 => format!("{} {} - {a}", rng.pick(&NUMBERS), target(rng, g)),
        8 => format!("{a} * {b}"),
        9 => format!("{b} / ({a})"),
        10 => format!("({a})^{}", rng.pick(&["2", "3", "-1", "0.5", "0"])),
        11 => match rng.below(3) {
            0 => format!("{a} * {n}"),
            1 => format!("{n} / ({a})"),
            _ => format!("{} * {n} {u}", rng.pick(&COMPLEX)),
        },
        12 => {
            let f = rng.pick(&["abs", "sqrt", "toBest", "unit", "-"]);
            if f == "-" {
                format!("-({a})")
            } else {
                format!("{f}({a})")
            }
        }
        13 => {
            let (re, im) = (rng.pick(&NUMBERS), rng.pick(&NUMBERS));
            format!("unit(complex({re}, {im}), \"{u}\")")
        }
        14 => format!("{a} {} {a}", rng.pick(&["==", "!=", "<"])),
        _ => format!("number({a}, \"{}\")", target(rng, g)),
    }
}

/// One call of a function math.js defines on units beyond the basic ones: `square cube cbrt
/// sign compare`, `round floor ceil fix` in a unit, `max min sum mean prod` of units, the
/// identities `clone conj squeeze`, `size` and the predicates.
///
/// The server's custom units are left out: they never enter the current unit system (spec
/// 6.3), where math.js prints results in them, a divergence listed once already.
pub fn unit_function_expression(rng: &mut Rng) -> String {
    loop {
        let expression = unit_function_candidate(rng);
        if !["knot", "mph", "lightyear", " ly"]
            .iter()
            .any(|custom| expression.contains(custom))
        {
            return expression;
        }
    }
}

fn unit_function_candidate(rng: &mut Rng) -> String {
    let (g, a) = literal(rng);
    let b = format!("{} {}", rng.pick(&NUMBERS), target(rng, g));
    let c = format!("{} {}", rng.pick(&NUMBERS), rng.pick(GROUPS[g]));
    let negative = if rng.below(3) == 0 { "-" } else { "" };
    match rng.below(10) {
        0 => {
            let f = rng.pick(&["square", "cube", "cbrt", "sign", "clone", "conj", "squeeze"]);
            format!("{f}({negative}{a})")
        }
        1 => {
            let f = rng.pick(&[
                "size",
                "isNegative",
                "isPositive",
                "isZero",
                "isNaN",
                "isNumeric",
            ]);
            format!("{f}({negative}{a})")
        }
        2 => format!("compare({a}, {b})"),
        3 | 4 => {
            let f = rng.pick(&["round", "floor", "ceil", "fix"]);
            let unit = target(rng, g);
            match rng.below(2) {
                0 => format!("{f}({negative}{a}, {unit})"),
                _ => format!(
                    "{f}({negative}{a}, {}, {unit})",
                    rng.pick(&["0", "1", "2", "3"])
                ),
            }
        }
        5 | 6 => {
            let f = rng.pick(&["max", "min", "sum", "mean", "prod"]);
            format!("{f}({a}, {b}, {c})")
        }
        7 => {
            let f = rng.pick(&["max", "min", "sum", "mean", "prod"]);
            format!("{f}({a}, {b})")
        }
        8 => format!("cbrt(({a})^3)"),
        _ => format!("square({a}) + cube({b}) / ({c})"),
    }
}

/// A unit written out as text: `string(u)`, `format(u)` and `format(u, precision)` of a unit
/// literal, a conversion, a product or a quotient (printed in the unit system as it stands at
/// the call), in number mode. No custom units (see [`unit_function_expression`]).
pub fn unit_text_expression(rng: &mut Rng) -> String {
    loop {
        let (g, a) = literal(rng);
        let b = format!("{} {}", rng.pick(&NUMBERS), target(rng, g));
        let unit = match rng.below(4) {
            0 => a,
            1 => format!("{a} to {}", target(rng, g)),
            2 => format!("{a} * {b}"),
            _ => format!("({a}) / ({})", rng.pick(&NUMBERS)),
        };
        let expression = match rng.below(3) {
            0 => format!("string({unit})"),
            1 => format!("format({unit})"),
            _ => format!("format({unit}, {})", 1 + rng.below(16)),
        };
        if !["knot", "mph", "lightyear", " ly"]
            .iter()
            .any(|custom| expression.contains(custom))
        {
            return expression;
        }
    }
}

/// `not` and `xor` of units (math.js reads a unit's value without its offset: `0 degC` is
/// falsy), of a valueless unit, of vectors of units, and `xor` of a unit and a number (a type
/// mismatch), in number mode. No custom units (see [`unit_function_expression`]).
pub fn unit_logic_expression(rng: &mut Rng) -> String {
    loop {
        let (g, a) = literal(rng);
        let zero = format!("0 {}", target(rng, g));
        let b = format!("{} {}", rng.pick(&NUMBERS), target(rng, g));
        let expression = match rng.below(6) {
            0 => format!("not({a})"),
            1 => format!("not({zero})"),
            2 => format!("xor({a}, {b})"),
            3 => format!("xor({zero}, {a})"),
            4 => format!("xor([{a}, {zero}], {b})"),
            _ => match rng.below(3) {
                0 => format!("not([{a}, {zero}])"),
                1 => format!("{a} xor {zero}"),
                _ => format!("xor({a}, {})", rng.pick(&NUMBERS)),
            },
        };
        if !["knot", "mph", "lightyear", " ly"]
            .iter()
            .any(|custom| expression.contains(custom))
        {
            return expression;
        }
    }
}

/// `abs` of a vector or matrix of units (signed, some with offsets), some mixed with numbers,
/// in number mode. No custom units (see [`unit_function_expression`]).
pub fn unit_abs_expression(rng: &mut Rng) -> String {
    loop {
        let element = |rng: &mut Rng| {
            let sign = if rng.below(2) == 0 { "-" } else { "" };
            match rng.below(5) {
                0 => format!("{sign}{}", rng.pick(&NUMBERS)),
                _ => format!("{sign}{}", literal(rng).1),
            }
        };
        let expression = match rng.below(2) {
            0 => format!(
                "abs([{}, {}, {}])",
                element(rng),
                element(rng),
                element(rng)
            ),
            _ => format!(
                "abs([{}, {}; {}, {}])",
                element(rng),
                element(rng),
                element(rng),
                element(rng)
            ),
        };
        if !["knot", "mph", "lightyear", " ly"]
            .iter()
            .any(|custom| expression.contains(custom))
        {
            return expression;
        }
    }
}

/// The statistics over units (`sort median std variance mad quantileSeq`) of a vector of
/// signed unit literals of one dimension (now and then with a unit of another dimension or a
/// plain number among them, to be refused), as one vector or as separate arguments, and
/// `range` of units (start, end and step in one unit, so the ranges stay short — a step in
/// another unit of the dimension could ask math.js for billions of elements; now and then a
/// zero step, a step of another dimension or `includeEnd` false). No custom units (see
/// [`unit_function_expression`]). For Fraction mode (`fraction`) no `std` (math.js's square
/// root of some Fraction sums of squares gives no answer within a minute) and no exponent
/// literal.
pub fn unit_statistics_expression(rng: &mut Rng, fraction: bool) -> String {
    loop {
        let expression = unit_statistics_candidate(rng);
        // Nor exponent literals there: math.js refuses them in Fraction mode, and the test then
        // compares with number mode, whose zero units keep their prefix.
        if fraction && (expression.starts_with("std(") || expression.contains("1e")) {
            continue;
        }
        if !["knot", "mph", "lightyear", " ly"]
            .iter()
            .any(|custom| expression.contains(custom))
        {
            return expression;
        }
    }
}

/// One candidate of [`unit_statistics_expression`].
fn unit_statistics_candidate(rng: &mut Rng) -> String {
    // Not the last two groups, which mix dimensions: one fault per expression, so the order
    // in which math.js meets the faults does not matter.
    let g = rng.below(GROUPS.len() - 2);
    // `median` and `mad` of one unit: with several, the unit of an average of two equal middle
    // values depends on the order math.js's selection leaves them in.
    let function = rng.below(9);
    let one = rng.pick(GROUPS[g]);
    let count = 1 + rng.below(5);
    let mut items: Vec<String> = (0..count)
        .map(|_| {
            let sign = if rng.below(4) == 0 { "-" } else { "" };
            let u = if matches!(function, 2 | 6) {
                one
            } else {
                rng.pick(GROUPS[g])
            };
            format!("{sign}{} {u}", rng.pick(&NUMBERS))
        })
        .collect();
    match rng.below(12) {
        0 => items.push((if g == 2 { "1 m" } else { "2 s" }).to_owned()),
        1 => items.push(rng.pick(&NUMBERS).to_owned()),
        _ => {}
    }
    let list = items.join(", ");
    let vector = format!("[{list}]");
    if rng.below(6) == 0 {
        let u = rng.pick(GROUPS[g]);
        let start = rng.pick(&["0", "1", "2", "-1", "2.5"]);
        let end = rng.pick(&["3", "5", "10", "0", "-2", "4.5"]);
        let step = match rng.below(10) {
            0 => format!("0 {u}"),
            // A step of another dimension (time, or length for a time range): refused.
            1 => (if g == 2 { "1 m" } else { "1 s" }).to_owned(),
            _ => format!(
                "{} {u}",
                rng.pick(&["0.5", "1", "2", "0.7", "-1", "-0.5", "3"])
            ),
        };
        let include = match rng.below(4) {
            0 => ", false",
            1 => ", true",
            _ => "",
        };
        return format!("range({start} {u}, {end} {u}, {step}{include})");
    }
    match function {
        0 => format!("sort({vector})"),
        1 => format!("sort({vector}, \"desc\")"),
        2 => format!(
            "median({})",
            if rng.below(2) == 0 { &vector } else { &list }
        ),
        3 => format!("std({})", if rng.below(2) == 0 { &vector } else { &list }),
        4 => {
            let normalization = rng.pick(&["unbiased", "uncorrected", "biased"]);
            format!("variance({vector}, \"{normalization}\")")
        }
        5 => format!("std({vector}, \"uncorrected\")"),
        6 => format!("mad({})", if rng.below(2) == 0 { &vector } else { &list }),
        _ => {
            let p = rng.pick(&["0", "0.25", "0.5", "0.3", "1", "[0.1, 0.9]", "2", "3"]);
            let sorted = if rng.below(4) == 0 { ", true" } else { "" };
            format!("quantileSeq({vector}, {p}{sorted})")
        }
    }
}

/// `string(u)` and `format(u)` of units for Fraction mode: a literal, a
/// conversion, a product or a sum (written as the result is written: the current unit system,
/// the best prefix, the magnitude's own type). No exponent literal in Fraction mode
/// (`fraction`), and no custom units (see [`unit_function_expression`]).
pub fn exact_unit_text_expression(rng: &mut Rng, fraction: bool) -> String {
    loop {
        let (g, a) = literal(rng);
        let b = format!("{} {}", rng.pick(&NUMBERS), target(rng, g));
        let function = rng.pick(&["string", "format"]);
        let expression = match rng.below(4) {
            0 => format!("{function}({a})"),
            1 => format!("{function}({a} to {})", target(rng, g)),
            2 => format!("{function}({a} * {b})"),
            _ => format!("{function}({a} + {b})"),
        };
        if fraction && expression.contains("1e") {
            continue;
        }
        if !["knot", "mph", "lightyear", " ly"]
            .iter()
            .any(|custom| expression.contains(custom))
        {
            return expression;
        }
    }
}
