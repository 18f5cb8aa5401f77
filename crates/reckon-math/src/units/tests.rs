//! Unit tests of the units layer, one per rule; expected values are math.js 15.2's answers
//! (run through `tests/peer`) or the spec's examples.

use super::format::{UnitSystem, text};
use super::table::DIMENSIONS;
use super::text::parse;
use super::*;

/// `text` written as math.js would evaluate it in a fresh instance: every unit written joins
/// the system, then the value prints.
#[track_caller]
fn prints(unit: &Unit, system: &UnitSystem, expected: &str) {
    assert_eq!(text(unit, system, None), expected);
}

#[track_caller]
fn unit(text: &str) -> Unit {
    parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

#[test]
fn a_literal_prints_its_own_units_with_the_best_prefix() {
    let si = UnitSystem::si();
    prints(&unit("0.001 m"), &si, "1 mm");
    prints(&unit("1500 m"), &si, "1.5 km");
    prints(&unit("1000 m"), &si, "1000 m");
    prints(&unit("3600 s"), &si, "3.6 ks");
    prints(&unit("1e-7 m"), &si, "99.99999999999999 nm");
    prints(
        &unit("6.6743e-11 m^3/(kg s^2)"),
        &si,
        "6.6743e-11 m^3 / (kg s^2)",
    );
    prints(&unit("5 m/s"), &si, "5 m / s");
    prints(&unit("kg"), &si, "kg");
}

#[test]
fn conversion_keeps_the_requested_units() {
    let si = UnitSystem::si();
    let to = |from: &str, target: &str| unit(from).to(&unit(target)).expect("converts");
    prints(&to("5 kg", "lbs"), &si, "11.023113109243878 lbs");
    prints(&to("1 mile", "km"), &si, "1.609344 km");
    prints(&to("100 degC", "degF"), &si, "211.99999999999997 degF");
    prints(&to("0 K", "degF"), &si, "-459.67 degF");
    prints(&to("60 mph", "km/h"), &si, "96.56063999999999 km / h");
    prints(&to("5 m/s", "knot"), &si, "9.719222462203023 knot");
    prints(&to("1 ly", "km"), &si, "9460730472580.8 km");
    assert!(matches!(
        unit("1 m").to(&unit("kg")),
        Err(UnitError::Mismatch(m)) if m == "Units do not match ('kg' != '1 m')"
    ));
}

#[test]
fn products_simplify_against_the_current_system() {
    let mut system = UnitSystem::si();
    let (kg, m, s) = (unit("1 kg"), unit("1 m"), unit("1 s"));
    for u in [&kg, &m, &s] {
        system.note(u);
    }
    let force = kg.combine(&m, false).combine(&s.pow(2.0), true);
    prints(&force, &system, "1 N");
    let newton = unit("5 N");
    system.note(&newton);
    prints(&newton.combine(&unit("2 kg"), true), &system, "2.5 N / kg");
    // A length written in cm makes cm the system's length.
    let mut system = UnitSystem::si();
    let cm = unit("10 cm");
    system.note(&cm);
    prints(&cm.combine(&cm, false), &system, "100.00000000000001 cm^2");
    prints(&unit("2 J").combine(&unit("1 s"), true), &system, "2 W");
}

#[test]
fn sums_keep_the_left_unit_and_need_equal_dimensions() {
    let si = UnitSystem::si();
    let sum = |a: &str, b: &str| unit(a).add(&unit(b), false).expect("adds");
    prints(&sum("2 minute", "30 s"), &si, "2.5 minute");
    prints(&sum("1 m", "1 cm"), &si, "1.01 m");
    prints(&sum("20 degC", "5 K"), &si, "25 degC");
    assert!(matches!(
        unit("5 kg").add(&unit("3 m"), false),
        Err(UnitError::Mismatch(_))
    ));
}

#[test]
fn powers_roots_and_absolute_values() {
    let si = UnitSystem::si();
    prints(&unit("16 m^2").pow(0.5), &si, "4 m");
    prints(&unit("1 m").pow(0.5), &si, "1 m^0.5");
    prints(&unit("-283.15 degC").abs(), &si, "-263.15 degC");
    assert_eq!(
        unit("1 km").combine(&unit("1 m"), true).unitless_value(),
        Some(1000.0)
    );
}

#[test]
fn unit_strings_with_powers_and_parentheses() {
    let part = |name: &str, power: f64| {
        let (unit, prefix) = table::find(name).expect("unit");
        Part {
            unit,
            prefix,
            power,
        }
    };
    let string = |parts: &[Part]| format::unit_string(parts);
    assert_eq!(string(&[part("m", 1.0), part("s", -1.0)]), "m / s");
    assert_eq!(string(&[part("m", 2.0)]), "m^2");
    assert_eq!(
        string(&[part("kg", 1.0), part("m", 1.0), part("s", -2.0)]),
        "(kg m) / s^2"
    );
    assert_eq!(string(&[part("mol", -1.0)]), "mol^-1");
    assert_eq!(
        string(&[part("m", 3.0), part("kg", -1.0), part("s", -2.0)]),
        "m^3 / (kg s^2)"
    );
}

#[test]
fn unit_text_refuses_what_is_not_a_unit() {
    for bad in ["", "kg +", "foo", "(m", "5 kg 3"] {
        assert!(parse(bad).is_err(), "{bad}");
    }
    assert_eq!(
        parse("kilogramm").err(),
        Some(UnitError::Failed("Unit \"kilogramm\" not found.".into()))
    );
}

/// Every unit name under every prefix its group takes (and the custom units) is 1 of itself
/// in SI units: reckon's normalized value and dimensions equal math.js's (`unit(1, name)`, run
/// through node in `tests/peer`; the custom units are created there from their spec 6.3
/// definitions, as the server does).
#[test]
fn every_unit_and_prefix_converts_to_si_as_in_math_js() {
    use std::io::Write;
    let peer = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/peer");
    assert!(
        peer.join("node_modules/mathjs").is_dir(),
        "math.js is not installed: run `npm ci` in tests/peer"
    );
    let mut names = Vec::new();
    for unit in &table::TABLE.units {
        for prefix in unit.prefixes {
            names.push(format!("{}{}", prefix.name, unit.name));
        }
    }
    let script = r#"
        const math = require("mathjs");
        math.createUnit("mph", "1 mile/hour");
        math.createUnit("knot", { definition: "1852 m/hour", aliases: ["knots", "kt", "kts"] });
        math.createUnit("lightyear", { definition: "9460730472580800 m", aliases: ["lightyears", "ly"] });
        const out = [];
        for (const name of require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean)) {
            const u = math.unit(1, name);
            out.push(JSON.stringify([name, String(math.number(math.re(u.value))), u.dimensions]));
        }
        console.log(out.join("\n"));
    "#;
    let mut child = std::process::Command::new("node")
        .args(["-e", script])
        .current_dir(&peer)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("node starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(names.join("\n").as_bytes())
        .expect("writes");
    let output = child.wait_with_output().expect("node answers");
    let answers = String::from_utf8(output.stdout).expect("utf-8");
    let mut checked = 0;
    for (name, line) in names.iter().zip(answers.lines()) {
        let answer: serde_json::Value = serde_json::from_str(line).expect("json");
        assert_eq!(answer[0], name.as_str());
        let ours = Unit::named(name).unwrap_or_else(|| panic!("{name} unknown to reckon"));
        let value = ours.with_number(1.0).value.expect("value");
        // VAR's value is i: its real part (0) is compared.
        // As text: serde_json's own float reading is not always correctly rounded.
        let expected: f64 = answer[1]
            .as_str()
            .and_then(|t| t.parse().ok())
            .expect("number");
        assert_eq!(value, expected, "value of 1 {name}");
        let dims: Vec<f64> = answer[2]
            .as_array()
            .expect("dims")
            .iter()
            .map(|d| d.as_f64().unwrap_or(f64::NAN))
            .collect();
        assert_eq!(
            &ours.dims[..],
            &dims[..DIMENSIONS.min(dims.len())],
            "dimensions of {name}"
        );
        checked += 1;
    }
    assert_eq!(checked, names.len());
    assert!(checked > 1500, "{checked}");
}
