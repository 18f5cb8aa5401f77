//! The unit table: math.js 15.2's units, prefixes, base quantities and SI unit system, read once
//! from `data/mathjs-units.tsv`, plus the server's custom units of spec 6.3.
//!
//! The numbers are facts, not code: `scripts/gen-units-table.mjs` wrote the data file from the
//! installed math.js package (`Unit.PREFIXES`, `Unit.UNITS`, `Unit.BASE_UNITS`,
//! `Unit.UNIT_SYSTEMS.si`): each unit's SI value (binary64 as JavaScript prints it, `5/9` for
//! the Fahrenheit and Rankine degrees, `i` for `VAR`), its offset, its base quantity (whose
//! dimension vector it has) and the group of prefixes it takes. The custom units are defined
//! here from their spec definitions (`mph` = 1 mile/hour, `knot` = 1852 m/hour, `lightyear` =
//! 9460730472580800 m), take no prefixes and have no place in the unit system.

use crate::num::name_hash::NameHash;
use std::collections::HashMap;
use std::sync::LazyLock;

/// The base dimensions, in math.js's order: mass, length, time, current, temperature, luminous
/// intensity, amount of substance, angle, bit.
pub(crate) const DIMENSIONS: usize = 9;

/// A dimension vector: the power of each base dimension.
pub(crate) type Dims = [f64; DIMENSIONS];

/// A prefix: its name and factor, and whether it is one the best-prefix search may choose.
#[derive(Debug)]
pub(crate) struct Prefix {
    /// `k`, `kilo`, `Ki`, or empty.
    pub name: &'static str,
    /// Its factor (1000 for `k`).
    pub value: f64,
    /// Whether the best-prefix search (spec 7.5, rule 2) considers it.
    pub scientific: bool,
}

/// A unit's value in SI units: a binary64, an exact ratio, or the imaginary unit (`VAR`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Factor {
    /// A binary64 value.
    Float(f64),
    /// An exact ratio (`5/9`), used as its binary64 value in number mode.
    Ratio(i64, i64),
    /// The imaginary unit.
    Imaginary,
}

impl Factor {
    /// The factor as a binary64 (the imaginary unit's real part, 0, for `VAR`).
    pub(crate) fn to_f64(self) -> f64 {
        match self {
            Self::Float(x) => x,
            Self::Ratio(n, d) => n as f64 / d as f64,
            Self::Imaginary => 0.0,
        }
    }
}

/// One unit of the table.
#[derive(Debug)]
pub(crate) struct UnitDef {
    /// Its name (`meter`, `m`, `degC`).
    pub name: &'static str,
    /// Its value in SI units.
    pub value: Factor,
    /// Its offset (273.15 for `degC`: a temperature t degC is (t + 273.15) K).
    pub offset: f64,
    /// The index of its base quantity in [`Table::quantities`].
    pub quantity: usize,
    /// The prefixes it takes (the empty prefix first).
    pub prefixes: &'static [Prefix],
    /// Whether it is a server-defined unit of spec 6.3.
    pub custom: bool,
}

/// A base quantity (`LENGTH`, `FORCE`, ...) and its dimension vector.
#[derive(Debug)]
pub(crate) struct Quantity {
    /// Its dimensions.
    pub dims: Dims,
}

/// The whole table.
#[derive(Debug)]
pub(crate) struct Table {
    /// Every unit, in math.js's order (the order prefixed names are searched in), then the
    /// custom units.
    pub units: Vec<UnitDef>,
    /// Unit index by name.
    pub by_name: HashMap<&'static str, usize, NameHash>,
    /// Unit index and prefix by prefixed name (`km`, `kilometer`): for each name, the first
    /// unit in table order that takes the prefix, as math.js's search finds it.
    pub prefixed: HashMap<String, (usize, &'static Prefix), NameHash>,
    /// The base quantities, in math.js's order.
    pub quantities: Vec<Quantity>,
    /// The SI unit system: for a quantity index, its unit index and prefix.
    pub si: Vec<(usize, usize, &'static Prefix)>,
}

/// The data file.
const DATA: &str = include_str!("../../data/mathjs-units.tsv");

/// The custom units of spec 6.3: name, aliases, and the definition's value in SI units as
/// math.js computes it for the definition (`1 mile/hour`: 1609.344 · 3600^-1), with their
/// dimensions.
const CUSTOM: [(&str, f64, Dims); 8] = [
    ("mph", 1609.344 * (1.0 / 3600.0), SPEED),
    ("knot", 1852.0 * (1.0 / 3600.0), SPEED),
    ("knots", 1852.0 * (1.0 / 3600.0), SPEED),
    ("kt", 1852.0 * (1.0 / 3600.0), SPEED),
    ("kts", 1852.0 * (1.0 / 3600.0), SPEED),
    ("lightyear", 9_460_730_472_580_800.0, LENGTH),
    ("lightyears", 9_460_730_472_580_800.0, LENGTH),
    ("ly", 9_460_730_472_580_800.0, LENGTH),
];
const SPEED: Dims = [0.0, 1.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
const LENGTH: Dims = [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];

/// The table, read on first use.
pub(crate) static TABLE: LazyLock<Table> = LazyLock::new(read);

/// The prefix groups: name and prefixes (leaked once: they live as long as the program).
fn prefix_groups() -> HashMap<&'static str, &'static [Prefix]> {
    let mut groups: HashMap<&'static str, Vec<Prefix>> = HashMap::new();
    for line in DATA.lines() {
        let mut fields = line.split('\t');
        if fields.next() != Some("prefix") {
            continue;
        }
        let (Some(group), Some(name), Some(value), Some(scientific)) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        groups.entry(group).or_default().push(Prefix {
            name,
            value: value.parse().unwrap_or(f64::NAN),
            scientific: scientific == "1",
        });
    }
    groups
        .into_iter()
        .map(|(group, mut prefixes)| {
            // The empty prefix first: a name is matched whole before any prefix is tried.
            prefixes.sort_by_key(|p| !p.name.is_empty());
            let leaked: &'static [Prefix] = Vec::leak(prefixes);
            (group, leaked)
        })
        .collect()
}

/// A factor's text: `5/9`, `i`, or a binary64.
fn factor(text: &str) -> Factor {
    if text == "i" {
        return Factor::Imaginary;
    }
    match text.split_once('/') {
        Some((n, d)) => Factor::Ratio(n.parse().unwrap_or(0), d.parse().unwrap_or(1)),
        None => Factor::Float(text.parse().unwrap_or(f64::NAN)),
    }
}

/// Reads [`DATA`] and the custom units.
fn read() -> Table {
    let groups = prefix_groups();
    let none: &'static [Prefix] = groups.get("NONE").copied().unwrap_or_default();
    let mut table = Table {
        units: Vec::new(),
        by_name: HashMap::default(),
        prefixed: HashMap::default(),
        quantities: Vec::new(),
        si: Vec::new(),
    };
    let mut quantity_index = HashMap::new();
    for line in DATA.lines() {
        let fields: Vec<&'static str> = line.split('\t').collect();
        match fields.as_slice() {
            ["quantity", name, dims] => {
                let mut vector = [0.0; DIMENSIONS];
                for (slot, d) in vector.iter_mut().zip(dims.split(' ')) {
                    *slot = d.parse().unwrap_or(0.0);
                }
                quantity_index.insert(*name, table.quantities.len());
                table.quantities.push(Quantity { dims: vector });
            }
            ["unit", name, group, quantity, value, offset] => {
                table.by_name.insert(name, table.units.len());
                table.units.push(UnitDef {
                    name,
                    value: factor(value),
                    offset: offset.parse().unwrap_or(0.0),
                    quantity: quantity_index.get(quantity).copied().unwrap_or(0),
                    prefixes: groups.get(group).copied().unwrap_or(none),
                    custom: false,
                });
            }
            _ => {}
        }
    }
    for line in DATA.lines() {
        if let ["system", quantity, unit, prefix] = line.split('\t').collect::<Vec<_>>().as_slice()
            && let (Some(&q), Some(&u)) = (quantity_index.get(quantity), table.by_name.get(unit))
            && let Some(p) = table.units[u].prefixes.iter().find(|p| p.name == *prefix)
        {
            table.si.push((q, u, p));
        }
    }
    for (name, value, dims) in CUSTOM {
        // A quantity of its own (no unit system entry), unless one has its dimensions.
        let quantity = match table.quantities.iter().position(|q| q.dims == dims) {
            Some(q) => q,
            None => {
                table.quantities.push(Quantity { dims });
                table.quantities.len() - 1
            }
        };
        table.by_name.insert(name, table.units.len());
        table.units.push(UnitDef {
            name,
            value: Factor::Float(value),
            offset: 0.0,
            quantity,
            prefixes: none,
            custom: true,
        });
    }
    for (u, unit) in table.units.iter().enumerate() {
        for prefix in unit.prefixes.iter().filter(|p| !p.name.is_empty()) {
            table
                .prefixed
                .entry(format!("{}{}", prefix.name, unit.name))
                .or_insert((u, prefix));
        }
    }
    table
}

/// The unit and prefix a name denotes (`km`, `kilometer`, `KiB`, `degC`), as math.js finds it:
/// the whole name if it is a unit, else the first unit in table order that the name ends with
/// and whose prefixes include the rest (read from [`Table::prefixed`], which holds that first unit
/// for every prefixed name).
pub(crate) fn find(name: &str) -> Option<(&'static UnitDef, &'static Prefix)> {
    let table: &'static Table = &TABLE;
    if let Some(&u) = table.by_name.get(name) {
        let unit = &table.units[u];
        return unit.prefixes.first().map(|p| (unit, p));
    }
    let &(u, prefix) = table.prefixed.get(name)?;
    Some((&table.units[u], prefix))
}

/// A physical constant of spec 6.4: its value in SI units (as a unit holds it), its unit text
/// (empty for the dimensionless ones, which are numbers) and whether its prefix is fixed.
pub(crate) fn constant(name: &str) -> Option<(f64, &'static str, bool)> {
    CONSTANTS.get(name).copied()
}

/// The constants' rows read once: every name the evaluator does not know otherwise is looked up
/// here, so a scan of the data file per name cost a unit request most of its time.
static CONSTANTS: LazyLock<HashMap<&'static str, (f64, &'static str, bool), NameHash>> =
    LazyLock::new(|| {
        DATA.lines()
            .filter_map(|line| {
                let mut fields = line.strip_prefix("constant\t")?.split('\t');
                let name = fields.next()?;
                let value = fields.next()?.parse().ok()?;
                Some((name, (value, fields.next()?, fields.next()?.contains('f'))))
            })
            .collect()
    });

/// The unit name nearest to `name` by edit distance (at most a quarter of its length, so
/// names under four characters get none), for the
/// suggestion of an undefined name: every unit name, and each with the prefixes it takes.
pub(crate) fn nearest_name(name: &str) -> Option<String> {
    if name.len() > 40 {
        return None;
    }
    let limit = name.chars().count() / 4;
    if limit == 0 {
        return None;
    }
    let mut best: Option<(usize, String)> = None;
    for unit in &TABLE.units {
        for prefix in unit.prefixes {
            let candidate = format!("{}{}", prefix.name, unit.name);
            let d = distance(name, &candidate);
            if d <= limit && best.as_ref().is_none_or(|(b, _)| d < *b) {
                best = Some((d, candidate));
            }
        }
    }
    best.map(|(_, n)| n)
}

/// Levenshtein distance between two short names.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let current = row[j + 1];
            row[j + 1] = (previous + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(current + 1);
            previous = current;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn finds(name: &str, unit: &str, prefix: &str) {
        let (u, p) = find(name).unwrap_or_else(|| panic!("{name} is no unit"));
        assert_eq!((u.name, p.name), (unit, prefix), "{name}");
    }

    #[test]
    fn names_take_the_prefixes_of_their_group() {
        finds("km", "m", "k");
        finds("kilometer", "meter", "kilo");
        finds("KiB", "B", "Ki");
        finds("kibibyte", "byte", "kibi");
        finds("cm", "m", "c");
        finds("kg", "g", "k");
        finds("degC", "degC", "");
        finds("mph", "mph", "");
        finds("ly", "ly", "");
        for undefined in [
            "cal", "kcal", "tsp", "rpm", "Btu", "parsec", "kmeter", "kmph", "kft",
        ] {
            assert!(find(undefined).is_none(), "{undefined}");
        }
    }

    /// math.js's search, as `find` did it before the prefixed names were indexed: the whole
    /// name, else the first unit in table order that the name ends with and whose prefixes
    /// include the (non-empty) rest.
    fn scanned(name: &str) -> Option<(&'static UnitDef, &'static Prefix)> {
        let table: &'static Table = &TABLE;
        if let Some(&u) = table.by_name.get(name) {
            let unit = &table.units[u];
            return unit.prefixes.first().map(|p| (unit, p));
        }
        table.units.iter().find_map(|unit| {
            let prefix = name.strip_suffix(unit.name).filter(|p| !p.is_empty())?;
            unit.prefixes
                .iter()
                .find(|p| p.name == prefix)
                .map(|p| (unit, p))
        })
    }

    #[test]
    fn the_index_finds_what_the_search_finds() {
        let mut names = vec!["kmeter".to_owned(), "xkm".to_owned(), "k".to_owned()];
        for unit in &TABLE.units {
            for prefix in unit.prefixes {
                names.push(format!("{}{}", prefix.name, unit.name));
                names.push(format!("{}{}s", prefix.name, unit.name));
            }
        }
        for name in &names {
            let found = find(name).map(|(u, p)| (u.name, p.name, std::ptr::from_ref(p)));
            let expected = scanned(name).map(|(u, p)| (u.name, p.name, std::ptr::from_ref(p)));
            assert_eq!(found, expected, "{name}");
        }
        assert!(names.len() > 5000, "{}", names.len());
    }

    #[test]
    fn the_table_holds_math_js_facts() {
        let table = &*TABLE;
        assert_eq!(table.units.len(), 251 + 8);
        let (inch, _) = find("inch").expect("inch");
        assert_eq!(inch.value, Factor::Float(0.0254));
        let (deg_f, _) = find("degF").expect("degF");
        assert_eq!((deg_f.value, deg_f.offset), (Factor::Ratio(5, 9), 459.67));
        let (newton, _) = find("N").expect("N");
        assert_eq!(
            table.quantities[newton.quantity].dims,
            [1.0, 1.0, -2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
        );
        assert_eq!(table.si.len(), 22);
    }
}
