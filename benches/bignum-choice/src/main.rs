//! `bignum-choice`: num vs malachite vs dashu on the workload of reckon's decimal tool.
//!
//! ```text
//! bignum-choice verify                      # known answers + byte-identical results (also run first by every mode below)
//! bignum-choice inputs                      # the literals used
//! bignum-choice time [--rounds R] [--batches B] [--target-ms T] [--pause-ms P] -> results/timing.tsv
//! bignum-choice callgrind BACKEND WORKLOAD N                      # for valgrind: N iterations, nothing else
//! bignum-choice callgrind-all [--scale X] [--jobs J]              -> results/callgrind.tsv
//! bignum-choice report                                            -> results/table.md (and stdout)
//! ```

// Built with no backend (the baseline of the build-time measurement), the generic code is unused.
#![cfg_attr(
    not(any(feature = "num", feature = "malachite", feature = "dashu-int")),
    allow(dead_code)
)]

mod backend;
mod backends;
mod callgrind;
mod report;
mod timing;
mod workload;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use workload::{Bench, Inputs, Workload};

fn results_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("results")
}

/// The value after `--name`, parsed, or `default`.
fn option<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{name} needs a value")),
    }
}

/// Prepares every backend and checks that they agree; exits on any difference.
fn verified_backends(inputs: &Inputs) -> Result<Vec<Box<dyn Bench>>, String> {
    let benches = workload::all_backends(inputs);
    workload::verify(&benches)?;
    let names: Vec<&str> = benches.iter().map(|b| b.name()).collect();
    eprintln!(
        "verified: {} agree byte for byte on every workload and pass the known answers",
        names.join(", ")
    );
    Ok(benches)
}

fn run(args: &[String]) -> Result<(), String> {
    let inputs = Inputs::new();
    let command = args.first().map_or("verify", String::as_str);
    match command {
        "verify" => {
            let benches = workload::all_backends(&inputs);
            let outputs = workload::verify(&benches)?;
            for bench in &benches {
                let (n, d) = bench.chain_result_digits();
                println!(
                    "{}: ok (chain result: {n}-digit numerator, {d}-digit denominator)",
                    bench.name()
                );
            }
            for (workload, text) in outputs {
                let shown: String = text.chars().take(160).collect();
                let more = if text.len() > 160 { "..." } else { "" };
                println!("{}: {shown}{more}", workload.name());
            }
            Ok(())
        }
        "inputs" => {
            println!("{inputs:#?}");
            Ok(())
        }
        "time" => {
            let benches = verified_backends(&inputs)?;
            let config = timing::Config {
                rounds: option(args, "--rounds", 31)?,
                batches: option(args, "--batches", 7)?,
                target: Duration::from_secs_f64(option(args, "--target-ms", 1.0)? / 1000.0),
                pause: Duration::from_secs_f64(option(args, "--pause-ms", 300.0)? / 1000.0),
            };
            let timings = timing::measure(&benches, config);
            for t in &timings {
                println!(
                    "{:<10} {:<8} {:>10.1} ns/op  (rounds {:.1}..{:.1}, {} iterations/batch)",
                    t.backend,
                    t.workload.name(),
                    t.median_ns,
                    t.low_ns,
                    t.high_ns,
                    t.iterations
                );
            }
            let path = PathBuf::from(option(
                args,
                "--out",
                results_dir().join("timing.tsv").display().to_string(),
            )?);
            report::write_timings(&path, &timings)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            eprintln!("wrote {}", path.display());
            Ok(())
        }
        "callgrind" => {
            let usage = "usage: bignum-choice callgrind BACKEND WORKLOAD N";
            let name = args.get(1).ok_or(usage)?;
            let workload = args
                .get(2)
                .and_then(|w| Workload::from_name(w))
                .ok_or("unknown workload (parse30, chain, pow60^3, cmp30, round10, to_str)")?;
            let units: u64 = args.get(3).and_then(|n| n.parse().ok()).ok_or(usage)?;
            let bench = workload::backend(name, &inputs)
                .ok_or_else(|| format!("unknown or not compiled-in backend {name:?}"))?;
            bench.run(workload, units);
            Ok(())
        }
        "callgrind-all" => {
            let benches = verified_backends(&inputs)?;
            let names: Vec<&'static str> = benches.iter().map(|b| b.name()).collect();
            drop(benches);
            let exe = std::env::current_exe().map_err(|e| e.to_string())?;
            let counts = callgrind::count_all(
                &exe,
                &names,
                option(args, "--scale", 1.0)?,
                option(args, "--jobs", 2)?,
            )?;
            for c in &counts {
                println!(
                    "{:<10} {:<8} {:>10.1} instructions/op",
                    c.backend,
                    c.workload.name(),
                    c.per_op()
                );
            }
            let path = PathBuf::from(option(
                args,
                "--out",
                results_dir().join("callgrind.tsv").display().to_string(),
            )?);
            report::write_counts(&path, &counts).map_err(|e| format!("{}: {e}", path.display()))?;
            eprintln!("wrote {}", path.display());
            Ok(())
        }
        "report" => {
            let dir = results_dir();
            let lock = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock");
            let table = report::table(&dir, &lock);
            print!("{table}");
            let path = dir.join("table.md");
            std::fs::write(&path, table).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(())
        }
        other => Err(format!(
            "unknown command {other:?}; commands: verify, inputs, time, callgrind, callgrind-all, report"
        )),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bignum-choice: {message}");
            ExitCode::FAILURE
        }
    }
}
