//! Result files (tab-separated, in `results/`) and the markdown table made from them.

use crate::callgrind::Count;
use crate::timing::Timing;
use crate::workload::{BACKEND_NAMES, WORKLOADS, Workload};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

/// Writes `timing.tsv`.
pub fn write_timings(path: &Path, timings: &[Timing]) -> std::io::Result<()> {
    let mut text =
        String::from("backend\tworkload\tmedian_ns\tlow_round_ns\thigh_round_ns\titerations\n");
    for t in timings {
        let _ = writeln!(
            text,
            "{}\t{}\t{:.2}\t{:.2}\t{:.2}\t{}",
            t.backend,
            t.workload.name(),
            t.median_ns,
            t.low_ns,
            t.high_ns,
            t.iterations
        );
    }
    std::fs::write(path, text)
}

/// Writes `callgrind.tsv`.
pub fn write_counts(path: &Path, counts: &[Count]) -> std::io::Result<()> {
    let mut text =
        String::from("backend\tworkload\tunits\tinstructions\tbaseline_instructions\tper_op\n");
    for c in counts {
        let _ = writeln!(
            text,
            "{}\t{}\t{}\t{}\t{}\t{:.1}",
            c.backend,
            c.workload.name(),
            c.units,
            c.with_units,
            c.baseline,
            c.per_op()
        );
    }
    std::fs::write(path, text)
}

/// Rows of a TSV file (header skipped), or nothing when the file is missing.
fn rows(path: &Path) -> Vec<Vec<String>> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(String::from).collect())
        .collect()
}

/// `(backend, workload) -> column` of a results file.
fn cells(path: &Path, column: usize) -> HashMap<(String, String), f64> {
    rows(path)
        .into_iter()
        .filter_map(|r| Some(((r[0].clone(), r[1].clone()), r.get(column)?.parse().ok()?)))
        .collect()
}

/// Versions of the packages in `Cargo.lock`.
fn locked_versions(lock: &Path) -> HashMap<String, String> {
    let text = std::fs::read_to_string(lock).unwrap_or_default();
    let mut versions = HashMap::new();
    let mut name = None;
    for line in text.lines() {
        if let Some(value) = line.strip_prefix("name = ") {
            name = Some(value.trim_matches('"').to_string());
        } else if let (Some(value), Some(n)) = (line.strip_prefix("version = "), name.take()) {
            versions.insert(n, value.trim_matches('"').to_string());
        }
    }
    versions
}

/// `1234567` as `1,234,567`.
fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn nanoseconds(value: f64) -> String {
    if value < 100.0 {
        format!("{value:.1}")
    } else {
        thousands(value.round() as u64)
    }
}

/// The row label, licence and build feature of a backend.
fn describe(
    backend: &str,
    versions: &HashMap<String, String>,
) -> (String, &'static str, &'static str) {
    let v = |name: &str| versions.get(name).cloned().unwrap_or_else(|| "?".into());
    match backend {
        "num" => (
            format!(
                "num-bigint {} + num-rational {} (`BigRational`)",
                v("num-bigint"),
                v("num-rational")
            ),
            "MIT OR Apache-2.0",
            "num",
        ),
        "malachite" => (
            format!(
                "malachite-q / malachite-nz {} (`Rational`)",
                v("malachite-q")
            ),
            "LGPL-3.0-only",
            "malachite",
        ),
        "dashu" => (
            format!(
                "dashu-ratio {} + dashu-int {} (`RBig`)",
                v("dashu-ratio"),
                v("dashu-int")
            ),
            "MIT OR Apache-2.0",
            "dashu",
        ),
        _ => (
            format!(
                "dashu-int {} + own gcd-reduced fraction (reckon-core's approach)",
                v("dashu-int")
            ),
            "MIT OR Apache-2.0",
            "dashu-int",
        ),
    }
}

/// The markdown tables made from the files in `dir` (and the versions in `lock`).
pub fn table(dir: &Path, lock: &Path) -> String {
    let medians = cells(&dir.join("timing.tsv"), 2);
    let lows = cells(&dir.join("timing.tsv"), 3);
    let highs = cells(&dir.join("timing.tsv"), 4);
    let counts = cells(&dir.join("callgrind.tsv"), 5);
    // features -> (wall seconds, CPU seconds)
    let builds: HashMap<String, (f64, f64)> = rows(&dir.join("build-times.tsv"))
        .into_iter()
        .filter_map(|r| {
            let wall = r.get(1)?.parse().ok()?;
            let cpu = r.get(2)?.parse().ok()?;
            Some((r[0].clone(), (wall, cpu)))
        })
        .collect();
    let versions = locked_versions(lock);
    let workloads: Vec<Workload> = WORKLOADS.to_vec();
    let mut out = String::from("| crate |");
    for w in &workloads {
        let _ = write!(out, " {} |", w.name());
    }
    out.push_str(" licence | clean release build, wall / CPU |\n|---|");
    for _ in &workloads {
        out.push_str("---:|");
    }
    out.push_str("---|---:|\n");
    for backend in BACKEND_NAMES {
        let (label, licence, feature) = describe(backend, &versions);
        let _ = write!(out, "| {label} |");
        for w in &workloads {
            let key = (backend.to_string(), w.name().to_string());
            let time = medians
                .get(&key)
                .map_or("–".into(), |&ns| format!("{} ns", nanoseconds(ns)));
            let instructions = counts
                .get(&key)
                .map_or("–".into(), |&ir| thousands(ir.round() as u64));
            let _ = write!(out, " {time} / {instructions} |");
        }
        let build = builds.get(feature).map_or("–".into(), |(wall, cpu)| {
            format!("{wall:.0} s / {cpu:.0} s")
        });
        let _ = writeln!(out, " {licence} | {build} |");
    }
    out.push_str(
        "\nSpread of the wall-clock round medians (lowest–highest round, ns per op):\n\n| crate |",
    );
    for w in &workloads {
        let _ = write!(out, " {} |", w.name());
    }
    out.push_str("\n|---|");
    for _ in &workloads {
        out.push_str("---:|");
    }
    out.push('\n');
    for backend in BACKEND_NAMES {
        let _ = write!(out, "| {backend} |");
        for w in &workloads {
            let key = (backend.to_string(), w.name().to_string());
            match (lows.get(&key), highs.get(&key)) {
                (Some(&low), Some(&high)) => {
                    let _ = write!(out, " {}–{} |", nanoseconds(low), nanoseconds(high));
                }
                _ => out.push_str(" – |"),
            }
        }
        out.push('\n');
    }
    if let (Some((none, none_cpu)), Some((all, all_cpu))) = (builds.get("none"), builds.get("all"))
    {
        let _ = writeln!(
            out,
            "\nClean release build of this package with no backend: {none:.0} s ({none_cpu:.0} s CPU); \
             with all four: {all:.0} s ({all_cpu:.0} s CPU)."
        );
    }
    out
}
