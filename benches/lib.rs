//! Workloads shared by the benchmarks, so the criterion figures and the callgrind counts measure the
//! same inputs.

#![deny(missing_docs)]

/// The three examples of the decimal tool's seed, as JSON request texts.
pub const SEED_EXAMPLES: [(&str, &str); 3] = [
    ("seed_0.1+0.2", r#"{"expression": "0.1 + 0.2"}"#),
    (
        "seed_price",
        r#"{"expression": "price * qty * (1 + tax / 100)", "variables": {"price": "19.99", "qty": "3", "tax": "8.25"}, "scale": 2, "rounding": "half_up"}"#,
    ),
    (
        "seed_round",
        r#"{"expression": "round(10 / 3, 4) - abs(-1)", "rounding": "half_even"}"#,
    ),
];

/// A request whose expression has exactly 500 tokens (the limit): a long sum of products and
/// quotients of decimals and variables.
pub fn five_hundred_tokens() -> String {
    // Each group "1.25 * x / 3 +" is 6 tokens: 83 groups (498 tokens), then "y" and one more below.
    let mut expression = String::new();
    for i in 0..83 {
        expression.push_str(&format!("{}.{:02} * x / {} + ", i + 1, i % 100, i % 7 + 1));
    }
    expression.push_str("-y");
    let request = serde_json::json!({
        "expression": expression,
        "variables": {"x": "19.99", "y": "-0.125"},
        "scale": 10,
        "rounding": "half_even",
    });
    request.to_string()
}

/// Every workload: the seed examples, the 500-token request and the near-budget requests.
pub fn all_workloads() -> Vec<(String, String)> {
    let mut all: Vec<(String, String)> = SEED_EXAMPLES
        .iter()
        .map(|(name, input)| ((*name).to_owned(), (*input).to_owned()))
        .collect();
    all.push(("tokens_500".into(), five_hundred_tokens()));
    all.extend(
        near_budget()
            .into_iter()
            .map(|(name, input)| (name.to_owned(), input)),
    );
    all
}

/// Requests that spend nearly the whole 50,000-unit work budget, in different ways.
pub fn near_budget() -> Vec<(&'static str, String)> {
    let nines = "9".repeat(60);
    let mut pads = serde_json::Map::new();
    for i in 0..13 {
        pads.insert(format!("pad{i}"), nines.clone().into());
    }
    pads.insert("q0".into(), "9".repeat(40).into());
    pads.insert("q1".into(), "9".repeat(40).into());
    let variables_only = serde_json::json!({"expression": "pad0", "variables": pads});
    let big_fractions = serde_json::json!({
        "expression": "(7^50 / 11^48 + 13^45 / 17^40) * (19^40 / 23^36) - 1",
        "scale": 40,
        "rounding": "half_even",
    });
    let wide_power = serde_json::json!({
        "expression": "x^3 / 7",
        "variables": {"x": "123456789012345678901234567890.123456789012345678901234567891"},
        "scale": 40,
        "rounding": "half_up",
    });
    vec![
        ("budget_variables", variables_only.to_string()),
        ("budget_fractions", big_fractions.to_string()),
        ("budget_power", wide_power.to_string()),
    ]
}

/// A calc expression of exactly 2,000 bytes (the limit) and under 500 tokens.
pub fn calc_2000_bytes() -> String {
    let mut expression = String::new();
    while expression.len() < 1_900 {
        expression.push_str("1234567.0123456789 * 0x1f + ");
    }
    expression.push('1');
    while expression.len() < 2_000 {
        expression.push(' ');
    }
    expression
}

/// A calc batch of `n` small calculations, as JSON text.
pub fn calc_batch(n: usize) -> String {
    let calculations: Vec<serde_json::Value> = (0..n)
        .map(|i| serde_json::json!({"expression": format!("{i} * 1.5 + 2 ** 3"), "prefix": "", "suffix": ""}))
        .collect();
    serde_json::json!({ "calculations": calculations }).to_string()
}
