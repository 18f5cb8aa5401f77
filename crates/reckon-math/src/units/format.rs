//! How a unit prints (spec 7.5): the current unit system and simplification against it
//! (rule 1), the best prefix (rule 2) and the text (rule 3).

use crate::num::jsmath;
use crate::units::table::{DIMENSIONS, Prefix, TABLE, UnitDef};
use crate::units::{Part, Unit, same_dims};

/// The current unit system (spec 7.5, rule 1): for each base quantity that has one, the unit
/// and prefix a simplified result uses. It starts as SI; every (non-custom) unit written in the
/// expression replaces the entry for its quantity, for that call only.
#[derive(Clone, Debug)]
pub struct UnitSystem {
    /// Quantity index, unit and prefix, in the order quantities joined the system.
    entries: Vec<(usize, &'static UnitDef, &'static Prefix)>,
}

impl UnitSystem {
    /// The SI system math.js starts from (a copy of [`SI`]).
    pub(crate) fn si() -> Self {
        SI.clone()
    }

    /// [`SI`] itself, for a reader that changes nothing (printing a settled unit).
    pub(crate) fn si_shared() -> &'static Self {
        &SI
    }

    /// Notes a unit written in the expression: it becomes its quantity's unit (custom units
    /// never enter the system, spec 6.3).
    pub(crate) fn note(&mut self, unit: &Unit) {
        for part in &unit.parts {
            if part.unit.custom {
                continue;
            }
            let quantity = part.unit.quantity;
            match self.entries.iter_mut().find(|(q, _, _)| *q == quantity) {
                Some(entry) => *entry = (quantity, part.unit, part.prefix),
                None => self.entries.push((quantity, part.unit, part.prefix)),
            }
        }
    }

    /// The entry of the quantity whose dimensions are `dims`, if the system has one.
    fn matching(&self, dims: &[f64; DIMENSIONS]) -> Option<(&'static UnitDef, &'static Prefix)> {
        self.entries
            .iter()
            .find(|(q, _, _)| same_dims(&TABLE.quantities[*q].dims, dims))
            .map(|&(_, u, p)| (u, p))
    }

    /// The system's unit for base dimension `i` (the quantity whose vector is that dimension).
    fn base(&self, i: usize) -> Option<(&'static UnitDef, &'static Prefix)> {
        let mut dims = [0.0; DIMENSIONS];
        dims[i] = 1.0;
        self.matching(&dims)
    }
}

/// The SI system, made once: every unit request starts from it, and building it from the table
/// each time cost some 750 instructions.
static SI: std::sync::LazyLock<UnitSystem> = std::sync::LazyLock::new(|| {
    let table = &*TABLE;
    UnitSystem {
        entries: table
            .si
            .iter()
            .map(|&(q, u, p)| (q, &table.units[u], p))
            .collect(),
    }
});

/// The unit as it prints in `system`: a unit from `* / ^` simplified (rule 1), then marked to
/// keep its units, so that later printing needs no system.
pub(crate) fn settled(unit: &Unit, system: &UnitSystem) -> Unit {
    let mut out = if unit.keep_units || unit.value.is_none() {
        unit.clone()
    } else {
        simplified(unit, system)
    };
    out.keep_units = true;
    out
}

/// Rule 1: the system's single unit for the result's quantity; else the system's base units
/// when that needs fewer parts; else the unit's own list.
fn simplified(unit: &Unit, system: &UnitSystem) -> Unit {
    let mut out = unit.clone();
    if same_dims(&unit.dims, &[0.0; DIMENSIONS]) {
        out.parts.clear();
        return out;
    }
    if let Some((u, prefix)) = system.matching(&unit.dims) {
        out.parts = vec![Part {
            unit: u,
            prefix,
            power: 1.0,
        }];
        return out;
    }
    let mut proposed = Vec::new();
    for (i, &power) in unit.dims.iter().enumerate() {
        if power.abs() > 1e-12 {
            match system.base(i) {
                Some((u, prefix)) => proposed.push(Part {
                    unit: u,
                    prefix,
                    power,
                }),
                None => return out,
            }
        }
    }
    if proposed.len() < unit.parts.len() {
        out.parts = proposed;
    }
    out
}

/// Rule 2: the prefix that brings the magnitude closest to 10^1.2 (the current one when within
/// (−2.200001, 1.800001) of it), among the unit's scientific prefixes, shorter names winning
/// ties.
fn best_prefix(unit: &Unit) -> Option<&'static Prefix> {
    let [part] = unit.parts.as_slice() else {
        return None;
    };
    if unit.fix_prefix || (part.power - part.power.round()).abs() >= 1e-14 {
        return None;
    }
    let value = unit.value?.abs();
    if value == 0.0 && unit.exact.is_none() && unit.big.is_none() {
        // A Fraction or BigNumber zero is no number 0 to math.js: every prefix is then infinitely far, and
        // the shortest name wins the tie.
        return None;
    }
    let unit_value = match part.unit.value {
        crate::units::table::Factor::Imaginary => 1.0,
        other => other.to_f64().abs(),
    };
    let distance = |prefix: &Prefix| {
        jsmath::log(value / jsmath::pow(prefix.value * unit_value, part.power))
            / std::f64::consts::LN_10
            - 1.2
    };
    let current = distance(part.prefix);
    if current > -2.200001 && current < 1.800001 {
        return None;
    }
    let mut best = (part.prefix, current.abs());
    for prefix in part.unit.prefixes.iter().filter(|p| p.scientific) {
        let d = distance(prefix).abs();
        if d < best.1 || (d == best.1 && prefix.name.len() < best.0.name.len()) {
            best = (prefix, d);
        }
    }
    Some(best.0)
}

/// Gives a single-part unit its best prefix (rule 2), unless its prefix is fixed.
pub(crate) fn apply_best_prefix(unit: &mut Unit) {
    if let Some(prefix) = best_prefix(unit)
        && let Some(part) = unit.parts.first_mut()
    {
        part.prefix = prefix;
    }
}

/// The unit as it prints: settled against `system`, best prefix chosen, its magnitude
/// formatted with `number` (the magnitude's own formatting), then the unit string.
pub(crate) fn text(unit: &Unit, system: &UnitSystem, precision: Option<u32>) -> String {
    text_with(
        unit,
        system,
        |x| crate::num::format::format_number(x, precision),
        precision,
    )
}

/// [`text`] with a binary64 magnitude formatted by `number` (a BigNumber one with
/// `precision` significant digits, as BigNumbers print).
pub(crate) fn text_with(
    unit: &Unit,
    system: &UnitSystem,
    number: impl Fn(f64) -> String,
    precision: Option<u32>,
) -> String {
    let mut shown = settled(unit, system);
    apply_best_prefix(&mut shown);
    let units = unit_string(&shown.parts);
    if let Some(big) = &shown.big_shown {
        // BigNumber mode: the magnitude the evaluator wrote in these parts.
        let mut out = crate::num::bignum::format(big, precision);
        if !units.is_empty() {
            out.push(' ');
            out.push_str(&units);
        }
        return out;
    }
    if let Some(exact) = &shown.shown {
        // Fraction mode: the exact magnitude the evaluator wrote in these parts.
        let mut out = crate::num::fraction::format(exact);
        if !units.is_empty() {
            out.push(' ');
            out.push_str(&units);
        }
        return out;
    }
    if let Some(z) = shown.complex {
        // math.js writes a Complex magnitude in parentheses.
        let mut out = format!(
            "({})",
            crate::num::complex::format(shown.complex_magnitude(z), precision)
        );
        if !units.is_empty() {
            out.push(' ');
            out.push_str(&units);
        }
        return out;
    }
    match shown.value {
        None => units,
        Some(v) => {
            let mut out = number(shown.denormalize(v));
            if !units.is_empty() {
                out.push(' ');
                out.push_str(&units);
            }
            out
        }
    }
}

/// Rule 3: `m / s`, `m^2`, `(kg m) / s^2`, `m^3 / (kg s^2)`, `mol^-1`.
pub(crate) fn unit_string(parts: &[Part]) -> String {
    // The commonest case, one unit to the first power, written without the lists below.
    if let [p] = parts
        && p.power > 0.0
        && (p.power - 1.0).abs() <= 1e-15
    {
        let mut out = String::with_capacity(p.prefix.name.len() + p.unit.name.len());
        out.push_str(p.prefix.name);
        out.push_str(p.unit.name);
        return out;
    }
    let name = |p: &Part| format!("{}{}", p.prefix.name, p.unit.name);
    let power = |p: f64| crate::num::format::format_number(p, None);
    let numerator: Vec<String> = parts
        .iter()
        .filter(|p| p.power > 0.0)
        .map(|p| {
            if (p.power - 1.0).abs() > 1e-15 {
                format!("{}^{}", name(p), power(p.power))
            } else {
                name(p)
            }
        })
        .collect();
    let denominator: Vec<String> = parts
        .iter()
        .filter(|p| p.power < 0.0)
        .map(|p| {
            if numerator.is_empty() {
                format!("{}^{}", name(p), power(p.power))
            } else if (p.power + 1.0).abs() > 1e-15 {
                format!("{}^{}", name(p), power(-p.power))
            } else {
                name(p)
            }
        })
        .collect();
    let group = |items: &[String], other: &[String]| {
        let joined = items.join(" ");
        if items.len() > 1 && !other.is_empty() {
            format!("({joined})")
        } else {
            joined
        }
    };
    let mut out = group(&numerator, &denominator);
    if !numerator.is_empty() && !denominator.is_empty() {
        out.push_str(" / ");
    }
    out.push_str(&group(&denominator, &numerator));
    out
}
