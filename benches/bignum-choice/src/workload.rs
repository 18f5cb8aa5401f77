//! The six workloads, their (deterministic) inputs, and the start-up checks that every backend
//! gives byte-identical results.

use crate::backend::{Backend, fraction_text, parse, round_text};
use std::cmp::Ordering;
use std::hint::black_box;

/// One measured workload. An "op" is the unit the results are reported per.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workload {
    /// Parse one 30-digit literal (0-12 fraction digits, some negative) to a reduced rational.
    Parse30,
    /// One operation of a 20-operation chain cycling `+ * - /` (reported per operation).
    Chain,
    /// Cube a 60-digit value with 20 fraction digits.
    Pow60Cubed,
    /// Compare two close reduced rationals with different denominators.
    Cmp30,
    /// Round the chain result half-even to 10 fraction digits and write it as a decimal string.
    Round10,
    /// Numerator and denominator of the chain result to decimal strings.
    ToStr,
}

/// Every workload, in table order.
pub const WORKLOADS: [Workload; 6] = [
    Workload::Parse30,
    Workload::Chain,
    Workload::Pow60Cubed,
    Workload::Cmp30,
    Workload::Round10,
    Workload::ToStr,
];

/// Literals parsed per `parse30` unit.
pub const PARSE_LITERALS: usize = 16;
/// Operations in the chain.
pub const CHAIN_OPS: usize = 20;
/// Comparisons per `cmp30` unit.
pub const CMP_PAIRS: usize = 8;

impl Workload {
    /// The name used on the command line and in the tables.
    pub fn name(self) -> &'static str {
        match self {
            Self::Parse30 => "parse30",
            Self::Chain => "chain",
            Self::Pow60Cubed => "pow60^3",
            Self::Cmp30 => "cmp30",
            Self::Round10 => "round10",
            Self::ToStr => "to_str",
        }
    }

    /// The workload called `name` (`pow60` is accepted for `pow60^3`).
    pub fn from_name(name: &str) -> Option<Self> {
        if name == "pow60" {
            return Some(Self::Pow60Cubed);
        }
        WORKLOADS.into_iter().find(|w| w.name() == name)
    }

    /// Operations done by one call of [`Bench::run`] with one iteration.
    pub fn ops_per_unit(self) -> u64 {
        match self {
            Self::Parse30 => PARSE_LITERALS as u64,
            Self::Chain => CHAIN_OPS as u64,
            Self::Cmp30 => CMP_PAIRS as u64,
            Self::Pow60Cubed | Self::Round10 | Self::ToStr => 1,
        }
    }
}

/// The literals every backend works on, made by a fixed-seed generator so that every run (and
/// every crate) sees the same digits.
#[derive(Clone, Debug)]
pub struct Inputs {
    /// 30-digit literals with `i % 13` fraction digits; every third one negative.
    pub literals30: Vec<String>,
    /// 4-7-digit "rate" literals (multipliers and divisors of the chain).
    pub rates: Vec<String>,
    /// 60 digits, 20 of them after the point.
    pub pow_base: String,
    /// Pairs of 30-digit literals that agree on all but their last two digits (`..25` against
    /// `..24`), so their reduced denominators differ and the comparison cannot be decided early.
    pub cmp_pairs: Vec<(String, String)>,
}

/// splitmix64: a tiny deterministic generator for the input digits.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// `count` decimal digits, the first one nonzero.
    fn digits(&mut self, count: usize) -> String {
        (0..count)
            .map(|i| {
                let digit = if i == 0 {
                    1 + self.next() % 9
                } else {
                    self.next() % 10
                };
                char::from(b'0' + digit as u8)
            })
            .collect()
    }
}

/// `digits` with the point before the last `fraction_digits` of them.
fn literal(negative: bool, digits: &str, fraction_digits: usize) -> String {
    let sign = if negative { "-" } else { "" };
    if fraction_digits == 0 {
        return format!("{sign}{digits}");
    }
    let (integer, fraction) = digits.split_at(digits.len() - fraction_digits);
    format!("{sign}{integer}.{fraction}")
}

impl Inputs {
    /// The fixed inputs.
    pub fn new() -> Self {
        let mut random = SplitMix(0x5EC0_4DEC_1A11_2026);
        let literals30 = (0..PARSE_LITERALS)
            .map(|i| literal(i % 3 == 1, &random.digits(30), i % 13))
            .collect();
        let rates = [
            "1.0825", "0.9975", "1.23456", "0.0725", "3.141593", "1.005", "12.7500", "0.833333",
            "1.2345", "7.125",
        ]
        .map(String::from)
        .to_vec();
        let pow_base = literal(false, &random.digits(60), 20);
        let cmp_pairs = (0..CMP_PAIRS)
            .map(|j| {
                let prefix = random.digits(28);
                let negative = j % 3 == 2;
                let a = literal(negative, &format!("{prefix}25"), 4 + j);
                let b = literal(negative, &format!("{prefix}24"), 4 + j);
                if j % 2 == 0 { (a, b) } else { (b, a) }
            })
            .collect();
        Self {
            literals30,
            rates,
            pow_base,
            cmp_pairs,
        }
    }

    /// The chain's starting literal and its ten `+`/`-` terms.
    fn chain_literals(&self) -> (&str, &[String]) {
        (&self.literals30[0], &self.literals30[1..=CHAIN_OPS / 2])
    }
}

impl Default for Inputs {
    fn default() -> Self {
        Self::new()
    }
}

/// A backend with its inputs parsed once (outside anything measured).
pub struct Prepared<B: Backend> {
    name: &'static str,
    literals: Vec<String>,
    chain_start: B::Q,
    chain_terms: Vec<B::Q>,
    rates: Vec<B::Q>,
    pow_base: B::Q,
    cmp_pairs: Vec<(B::Q, B::Q)>,
    chain_result: B::Q,
}

impl<B: Backend> Prepared<B> {
    /// Parses the inputs with `B`.
    pub fn new(name: &'static str, inputs: &Inputs) -> Self {
        let (start, terms) = inputs.chain_literals();
        let mut prepared = Self {
            name,
            literals: inputs.literals30.clone(),
            chain_start: parse::<B>(start),
            chain_terms: terms.iter().map(|t| parse::<B>(t)).collect(),
            rates: inputs.rates.iter().map(|r| parse::<B>(r)).collect(),
            pow_base: parse::<B>(&inputs.pow_base),
            cmp_pairs: inputs
                .cmp_pairs
                .iter()
                .map(|(a, b)| (parse::<B>(a), parse::<B>(b)))
                .collect(),
            chain_result: parse::<B>("0"),
        };
        prepared.chain_result = prepared.chain();
        prepared
    }

    /// The chain: operation `i` is `+ * - /` by `i % 4`, with 30-digit terms for `+`/`-` and rates
    /// for `*`/`/`; every intermediate is reduced.
    fn chain(&self) -> B::Q {
        let mut value = B::add(&self.chain_start, &self.chain_terms[0]);
        for i in 1..CHAIN_OPS {
            value = match i % 4 {
                0 => B::add(&value, &self.chain_terms[i / 2]),
                1 => B::mul(&value, &self.rates[i / 2]),
                2 => B::sub(&value, &self.chain_terms[i / 2]),
                _ => B::div(&value, &self.rates[i / 2]),
            };
        }
        value
    }
}

/// A prepared backend behind dynamic dispatch (one virtual call per batch, not per operation).
pub trait Bench {
    /// The backend's name (`num`, `malachite`, `dashu`, `dashu-int`).
    fn name(&self) -> &'static str;
    /// Runs `workload` `iterations` times.
    fn run(&self, workload: Workload, iterations: u64);
    /// The text result of each workload, for the cross-crate identity check.
    fn outputs(&self) -> Vec<(Workload, String)>;
    /// Small cases with known answers; each failure as a line.
    fn known_answers(&self) -> Vec<String>;
    /// Decimal digits of the chain result's numerator and denominator.
    fn chain_result_digits(&self) -> (usize, usize);
}

impl<B: Backend> Bench for Prepared<B> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn run(&self, workload: Workload, iterations: u64) {
        let this = black_box(self);
        match workload {
            Workload::Parse30 => {
                for _ in 0..iterations {
                    for literal in &this.literals {
                        black_box(parse::<B>(black_box(literal)));
                    }
                }
            }
            Workload::Chain => {
                for _ in 0..iterations {
                    black_box(black_box(this).chain());
                }
            }
            Workload::Pow60Cubed => {
                for _ in 0..iterations {
                    black_box(B::pow(black_box(&this.pow_base), 3));
                }
            }
            Workload::Cmp30 => {
                for _ in 0..iterations {
                    for (a, b) in &this.cmp_pairs {
                        black_box(B::cmp(black_box(a), black_box(b)));
                    }
                }
            }
            Workload::Round10 => {
                for _ in 0..iterations {
                    black_box(round_text::<B>(black_box(&this.chain_result), 10));
                }
            }
            Workload::ToStr => {
                for _ in 0..iterations {
                    let value = black_box(&this.chain_result);
                    black_box((B::numerator_string(value), B::denominator_string(value)));
                }
            }
        }
    }

    fn outputs(&self) -> Vec<(Workload, String)> {
        WORKLOADS
            .into_iter()
            .map(|workload| {
                let text = match workload {
                    Workload::Parse30 => self
                        .literals
                        .iter()
                        .map(|l| fraction_text::<B>(&parse::<B>(l)))
                        .collect::<Vec<_>>()
                        .join(" "),
                    Workload::Chain => fraction_text::<B>(&self.chain()),
                    Workload::Pow60Cubed => fraction_text::<B>(&B::pow(&self.pow_base, 3)),
                    Workload::Cmp30 => self
                        .cmp_pairs
                        .iter()
                        .map(|(a, b)| match B::cmp(a, b) {
                            Ordering::Less => '<',
                            Ordering::Equal => '=',
                            Ordering::Greater => '>',
                        })
                        .collect(),
                    Workload::Round10 => round_text::<B>(&self.chain_result, 10),
                    Workload::ToStr => format!(
                        "{} {}",
                        B::numerator_string(&self.chain_result),
                        B::denominator_string(&self.chain_result)
                    ),
                };
                (workload, text)
            })
            .collect()
    }

    fn known_answers(&self) -> Vec<String> {
        let q = |text: &str| parse::<B>(text);
        let show = |value: &B::Q| fraction_text::<B>(value);
        let mut failures = Vec::new();
        let mut check = |what: &str, got: String, want: &str| {
            if got != want {
                failures.push(format!("{}: {what} = {got}, want {want}", self.name));
            }
        };
        check("-12.50", show(&q("-12.50")), "-25/2");
        check("0.000", show(&q("0.000")), "0/1");
        check("-0.0", show(&q("-0.0")), "0/1");
        check("19.99", show(&q("19.99")), "1999/100");
        check("0.1 + 0.2", show(&B::add(&q("0.1"), &q("0.2"))), "3/10");
        check("0.5 - 0.5", show(&B::sub(&q("0.5"), &q("0.5"))), "0/1");
        check("2 - 3", show(&B::sub(&q("2"), &q("3"))), "-1/1");
        check(
            "-0.6 * 2.25",
            show(&B::mul(&q("-0.6"), &q("2.25"))),
            "-27/20",
        );
        check("-1 / -0.3", show(&B::div(&q("-1"), &q("-0.3"))), "10/3");
        check("(-0.6)^3", show(&B::pow(&q("-0.6"), 3)), "-27/125");
        let ordering = |a: &str, b: &str| format!("{:?}", B::cmp(&q(a), &q(b)));
        check("-0.5 vs -0.25", ordering("-0.5", "-0.25"), "Less");
        check("0.30 vs 0.3", ordering("0.30", "0.3"), "Equal");
        check("1.125 vs 1.12", ordering("1.125", "1.12"), "Greater");
        for (value, scale, want) in [
            ("0.125", 2, "0.12"),
            ("0.375", 2, "0.38"),
            ("-0.125", 2, "-0.12"),
            ("-2.5", 0, "-2"),
            ("3.5", 0, "4"),
            ("-0.001", 2, "0.00"),
            ("0.0051", 2, "0.01"),
            ("7", 3, "7.000"),
        ] {
            check(
                &format!("round({value}, {scale})"),
                round_text::<B>(&q(value), scale),
                want,
            );
        }
        let third = B::div(&q("1"), &q("3"));
        check(
            "round(1/3, 10)",
            round_text::<B>(&third, 10),
            "0.3333333333",
        );
        check(
            "round(-2/3, 10)",
            round_text::<B>(&B::div(&q("-2"), &q("3")), 10),
            "-0.6666666667",
        );
        failures
    }

    fn chain_result_digits(&self) -> (usize, usize) {
        let numerator = B::numerator_string(&self.chain_result);
        (
            numerator.trim_start_matches('-').len(),
            B::denominator_string(&self.chain_result).len(),
        )
    }
}

/// Names of the backends compiled in, in table order.
pub const BACKEND_NAMES: [&str; 4] = ["num", "malachite", "dashu", "dashu-int"];

/// The backend called `name`, prepared, if its feature is compiled in.
pub fn backend(name: &str, inputs: &Inputs) -> Option<Box<dyn Bench>> {
    let _ = inputs;
    match name {
        #[cfg(feature = "num")]
        "num" => Some(Box::new(Prepared::<crate::backends::num::Num>::new(
            "num", inputs,
        ))),
        #[cfg(feature = "malachite")]
        "malachite" => Some(Box::new(
            Prepared::<crate::backends::malachite::Malachite>::new("malachite", inputs),
        )),
        #[cfg(feature = "dashu")]
        "dashu" => Some(Box::new(
            Prepared::<crate::backends::dashu_ratio::DashuRatio>::new("dashu", inputs),
        )),
        #[cfg(feature = "dashu-int")]
        "dashu-int" => Some(Box::new(
            Prepared::<crate::backends::dashu_int::DashuInt>::new("dashu-int", inputs),
        )),
        _ => None,
    }
}

/// Every backend compiled in.
pub fn all_backends(inputs: &Inputs) -> Vec<Box<dyn Bench>> {
    BACKEND_NAMES
        .iter()
        .filter_map(|name| backend(name, inputs))
        .collect()
}

/// Checks the known answers of every backend and that all backends agree byte for byte on every
/// workload; returns the agreed outputs.
///
/// # Errors
/// Every disagreement, one per line.
pub fn verify(benches: &[Box<dyn Bench>]) -> Result<Vec<(Workload, String)>, String> {
    let mut problems: Vec<String> = benches.iter().flat_map(|b| b.known_answers()).collect();
    let Some(first) = benches.first() else {
        return Err("no backend compiled in (enable a feature)".into());
    };
    let reference = first.outputs();
    for bench in &benches[1..] {
        for ((workload, want), (_, got)) in reference.iter().zip(bench.outputs()) {
            if *want != got {
                problems.push(format!(
                    "{} differs from {} on {}:\n  {got}\n  {want}",
                    bench.name(),
                    first.name(),
                    workload.name()
                ));
            }
        }
    }
    if problems.is_empty() {
        Ok(reference)
    } else {
        Err(problems.join("\n"))
    }
}
