//! Collections against math.js 15.2 itself: seeded random expressions over array literals,
//! ranges, indexing, element-wise and matrix arithmetic, statistics and matrix functions, in
//! number and in Fraction mode. Every result must be the same string and type as math.js's
//! `format`; an expression math.js refuses must be refused. Fraction mode's deliberate refusals
//! (spec 5.3: `median`, `std`, `quantileSeq`, ... have no exact implementation) are counted, and
//! so are the cases where math.js's own Fraction mode fails on sizes and indexes it builds as
//! Fractions, which the spec (5.3) has the tool accept as the real server does.
//!
//! Needs Node.js and `tests/peer/node_modules` (`npm ci` in `tests/peer`, which `scripts/test` runs).

mod common;

use common::{Rng, assert_no_differences, difference, run_peer};
use serde_json::{Value, json};

fn scalar(rng: &mut Rng) -> String {
    rng.pick(&[
        "0", "1", "2", "3", "-1", "0.5", "2.5", "-4", "10", "0.1", "7",
    ])
    .to_owned()
}

fn vector(rng: &mut Rng, n: usize) -> String {
    let items: Vec<String> = (0..n).map(|_| scalar(rng)).collect();
    format!("[{}]", items.join(", "))
}

fn square(rng: &mut Rng, n: usize) -> String {
    let rows: Vec<String> = (0..n)
        .map(|_| {
            let items: Vec<String> = (0..n).map(|_| scalar(rng)).collect();
            items.join(", ")
        })
        .collect();
    format!("[{}]", rows.join("; "))
}

fn collection(rng: &mut Rng) -> String {
    let n = 1 + rng.below(4);
    match rng.below(8) {
        0 | 1 => vector(rng, n),
        2 | 3 => square(rng, n),
        4 => format!("{}:{}", rng.below(3), 2 + rng.below(5)),
        5 => format!(
            "{}:{}:{}",
            rng.below(3),
            rng.pick(&["1", "2", "0.5"]),
            3 + rng.below(4)
        ),
        6 => format!("[{}, {}]", vector(rng, n), vector(rng, n)),
        _ => format!(
            "{}({})",
            rng.pick(&["zeros", "ones", "identity"]),
            1 + rng.below(3)
        ),
    }
}

fn expression(rng: &mut Rng) -> String {
    let a = collection(rng);
    let b = collection(rng);
    let n = 1 + rng.below(3);
    match rng.below(16) {
        0 => format!(
            "{a} {} {}",
            rng.pick(&["+", "-", ".*", "./", "*", "/"]),
            scalar(rng)
        ),
        1 => format!(
            "{a} {} {b}",
            rng.pick(&["+", "-", ".*", "*", "==", "<", "./"])
        ),
        2 => {
            let (v, w) = (square(rng, n), square(rng, n));
            format!("{v} {} {w}", rng.pick(&["*", "+", "-", ".*"]))
        }
        3 => format!(
            "{}({a})",
            rng.pick(&[
                "sum",
                "prod",
                "mean",
                "median",
                "min",
                "max",
                "std",
                "variance",
                "mad",
                "mode",
                "cumsum",
                "count",
                "size",
                "flatten",
                "transpose",
                "sort",
                "abs",
                "round",
                "floor",
                "sign",
                "isZero",
                "squeeze",
                "diff"
            ])
        ),
        4 => format!(
            "{}({a}, {})",
            rng.pick(&[
                "sum", "mean", "min", "max", "cumsum", "prod", "variance", "std"
            ]),
            1 + rng.below(2)
        ),
        5 => format!(
            "{}({a}, \"{}\")",
            rng.pick(&["std", "variance"]),
            rng.pick(&["uncorrected", "biased", "unbiased"])
        ),
        6 => format!(
            "quantileSeq({a}, {})",
            rng.pick(&["0.5", "0.25", "[0.1, 0.9]", "2", "3", "0", "1"])
        ),
        7 => {
            let m = square(rng, n);
            format!(
                "{}({m})",
                rng.pick(&["det", "inv", "trace", "transpose", "diag"])
            )
        }
        8 => format!(
            "{a}[{}]",
            rng.pick(&["1", "end", "2", "1:2", "[1, 2]", ":", "end - 1"])
        ),
        9 => {
            let m = square(rng, n);
            format!(
                "{m}[{}, {}]",
                rng.pick(&["1", "end", ":", "1:end"]),
                rng.pick(&["1", "end", ":", "[1]"])
            )
        }
        10 => format!("concat({a}, {b})"),
        11 => format!(
            "{}({}, {})",
            rng.pick(&["dot", "cross"]),
            vector(rng, 3),
            vector(rng, 3)
        ),
        12 => format!("{a}'"),
        13 => format!(
            "{}({a}, {})",
            rng.pick(&["mod", "gcd", "atan2", "round"]),
            scalar(rng)
        ),
        14 => {
            let m = square(rng, n);
            format!("{m} ^ {}", rng.pick(&["2", "3", "0", "-1"]))
        }
        _ => format!("sum({a}) + mean({b}) * {}", scalar(rng)),
    }
}

/// math.js 15.2's Fraction mode refusing a size or an index it holds as a Fraction: `zeros`,
/// `identity`, `size` and the matrix power build sizes that then fail to convert, and an index
/// evaluated as a Fraction is refused. The spec (5.3) accepts whole-number Fractions there.
fn math_js_fraction_size_failure(error: &Value) -> bool {
    let message = error.as_str().unwrap_or("");
    message.starts_with("Cannot implicitly convert a Fraction to BigNumber")
        || message
            .starts_with("Dimension must be an Array, Matrix, number, bigint, string, or Range")
}

fn compare_mode(mode: &str, count: usize, seed: u64) {
    let mut rng = Rng::from_env(seed);
    let expressions: Vec<String> = (0..count).map(|_| expression(&mut rng)).collect();
    let inputs: Vec<Value> = expressions.iter().map(|e| json!(e)).collect();
    let args: &[&str] = if mode == "Fraction" {
        &["Fraction"]
    } else {
        &[]
    };
    let answers = run_peer("evaluate.mjs", args, &inputs);
    assert_eq!(answers.len(), expressions.len());
    let (mut same, mut pending, mut refused, mut accepted, mut failures) = (0, 0, 0, 0, Vec::new());
    for (expression, want) in expressions.iter().zip(&answers) {
        let request = json!({"expression": expression, "numericType": mode}).to_string();
        let got = reckon_math::calculate(request.as_bytes());
        let agree = match (&got, want.get("error")) {
            (Err(e), _) if e.message.contains("not implemented in reckon yet") => {
                pending += 1;
                continue;
            }
            (Err(e), None) if e.reason.name() == "fraction_unsupported" && mode == "Fraction" => {
                refused += 1;
                continue;
            }
            (Ok(_), Some(error)) if mode == "Fraction" && math_js_fraction_size_failure(error) => {
                accepted += 1;
                continue;
            }
            // math.js returns the non-finite value; reckon refuses it at step 10, as it must.
            (Err(e), None) if e.reason.name() == "undefined_result" => ["NaN", "Infinity"]
                .iter()
                .any(|w| want["result"].as_str().unwrap_or("").contains(w)),
            (Err(_), Some(_)) => true,
            (Ok(out), None) => out["resultType"] == want["type"] && out["result"] == want["result"],
            _ => false,
        };
        if agree {
            same += 1;
        } else {
            failures.push(difference(expression, want, &got));
        }
    }
    println!(
        "{mode}: {same} agree, {pending} pending, {refused} refused by Fraction mode (spec 5.3), \
         {accepted} answered where math.js fails on its Fraction sizes and indexes (spec 5.3)"
    );
    assert_no_differences(&failures);
}

#[test]
fn number_mode_collections_agree_with_mathjs() {
    compare_mode("number", 1500, 0xC011_2026_1130);
}

#[test]
fn fraction_mode_collections_agree_with_mathjs() {
    compare_mode("Fraction", 1000, 0xF2AC_2026_1130);
}
