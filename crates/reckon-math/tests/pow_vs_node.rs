//! `jsmath::pow` against Node.js's own `Math.pow`, bit for bit: integer powers (where V8's
//! variant of fdlibm differs from the `libm` crate in about one case in ten, `10^-4` among
//! them), seeded random bases and exponents over the whole range, and the special values.
//!
//! `jsmath.rs` is private, so this file compiles it directly, as `complex_vs_mathjs.rs` does.
//! Needs Node.js (`tests/peer`).

mod common;

#[allow(dead_code)]
#[path = "../src/num/jsmath.rs"]
mod jsmath;

use common::{Rng, assert_no_differences, run_peer};
use serde_json::{Value, json};

fn hex(x: f64) -> String {
    format!("{:016x}", x.to_bits())
}

#[test]
fn pow_agrees_with_node_bit_for_bit() {
    let mut pairs: Vec<(f64, f64)> = Vec::new();
    for base in -60..=60 {
        for exponent in -40..=40 {
            pairs.push((f64::from(base), f64::from(exponent)));
        }
    }
    let special = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -0.5,
        2.0,
        -2.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MIN_POSITIVE,
        5e-324,
        f64::MAX,
        1.0 + f64::EPSILON,
        1.0 - f64::EPSILON / 2.0,
        3.0,
        -3.0,
        1e300,
        2147483648.0,
        9007199254740993.0,
    ];
    for &x in &special {
        for &y in &special {
            pairs.push((x, y));
        }
    }
    let mut rng = Rng::from_env(0x005E_ED0F_0009);
    let uniform = |rng: &mut Rng| (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
    for _ in 0..20_000 {
        let x = match rng.below(4) {
            0 => f64::from_bits(rng.next()),
            1 => (uniform(&mut rng) * 40.0 - 20.0) * 10f64.powi(rng.below(12) as i32 - 6),
            2 => 1.0 + (uniform(&mut rng) - 0.5) * 1e-6,
            _ => (rng.below(2000) as f64 - 1000.0) / 8.0,
        };
        let y = match rng.below(4) {
            0 => f64::from_bits(rng.next()),
            1 => uniform(&mut rng) * 60.0 - 30.0,
            2 => rng.below(800) as f64 - 400.0,
            _ => (uniform(&mut rng) - 0.5) * 1e10,
        };
        pairs.push((x, y));
    }
    let inputs: Vec<Value> = pairs
        .iter()
        .map(|&(x, y)| json!([hex(x), hex(y)]))
        .collect();
    let answers = run_peer("math_pow.mjs", &[], &inputs);
    let mut failures = Vec::new();
    for (&(x, y), answer) in pairs.iter().zip(&answers) {
        let want = u64::from_str_radix(answer.as_str().unwrap_or_default(), 16).unwrap_or(0);
        let want = f64::from_bits(want);
        let got = jsmath::pow(x, y);
        let same = got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan());
        if !same {
            failures.push(format!("pow({x:e}, {y:e}): Node {want:e}, reckon {got:e}"));
        }
    }
    assert_no_differences(&failures);
}
