//! Wall-clock timing: batches of iterations timed with `Instant`, the median of each round's batches,
//! then the median of the round medians. Rounds interleave all backends and workloads, so a burst
//! of load on this shared machine hits one round of everything rather than one crate.

use crate::workload::{Bench, WORKLOADS, Workload};
use std::time::{Duration, Instant};

/// How much to measure.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Rounds over every backend and workload.
    pub rounds: usize,
    /// Timed batches per backend, workload and round.
    pub batches: usize,
    /// Least duration of one batch (iterations are doubled until a batch takes this long).
    pub target: Duration,
    /// Sleep between rounds, so that the rounds sample the machine over a longer time: on this
    /// shared host whole stretches of seconds run slow, and rounds close together would all fall
    /// in the same stretch.
    pub pause: Duration,
}

/// The timing of one backend on one workload.
#[derive(Clone, Debug)]
pub struct Timing {
    /// Backend name.
    pub backend: &'static str,
    /// Workload.
    pub workload: Workload,
    /// Median over rounds of the per-round median, in ns per op.
    pub median_ns: f64,
    /// Lowest round median, ns per op.
    pub low_ns: f64,
    /// Highest round median, ns per op.
    pub high_ns: f64,
    /// Iterations per batch.
    pub iterations: u64,
}

/// The median of `values` (the mean of the middle two for an even count).
pub fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len() % 2 == 1 {
        values[middle]
    } else {
        (values[middle - 1] + values[middle]) / 2.0
    }
}

fn batch_ns_per_op(bench: &dyn Bench, workload: Workload, iterations: u64) -> f64 {
    let start = Instant::now();
    bench.run(workload, iterations);
    let elapsed = start.elapsed();
    elapsed.as_nanos() as f64 / (iterations * workload.ops_per_unit()) as f64
}

/// Iterations for a batch of at least `target` (this also warms caches and the allocator up).
fn calibrate(bench: &dyn Bench, workload: Workload, target: Duration) -> u64 {
    let mut iterations = 1u64;
    loop {
        let start = Instant::now();
        bench.run(workload, iterations);
        let elapsed = start.elapsed();
        if elapsed >= target || iterations >= 1 << 32 {
            return iterations;
        }
        iterations *= if elapsed * 16 < target { 8 } else { 2 };
    }
}

/// Times every backend on every workload.
pub fn measure(benches: &[Box<dyn Bench>], config: Config) -> Vec<Timing> {
    let cells: Vec<(usize, Workload, u64)> = benches
        .iter()
        .enumerate()
        .flat_map(|(index, bench)| {
            WORKLOADS.into_iter().map(move |workload| {
                let iterations = calibrate(bench.as_ref(), workload, config.target);
                (index, workload, iterations)
            })
        })
        .collect();
    let mut round_medians = vec![Vec::with_capacity(config.rounds); cells.len()];
    for round in 0..config.rounds {
        if round > 0 {
            std::thread::sleep(config.pause);
        }
        eprintln!("timing: round {} of {}", round + 1, config.rounds);
        for (cell, &(index, workload, iterations)) in cells.iter().enumerate() {
            let mut batches: Vec<f64> = (0..config.batches)
                .map(|_| batch_ns_per_op(benches[index].as_ref(), workload, iterations))
                .collect();
            round_medians[cell].push(median(&mut batches));
        }
    }
    cells
        .iter()
        .zip(round_medians)
        .map(|(&(index, workload, iterations), mut medians)| {
            let median_ns = median(&mut medians);
            Timing {
                backend: benches[index].name(),
                workload,
                median_ns,
                low_ns: medians[0],
                high_ns: medians[medians.len() - 1],
                iterations,
            }
        })
        .collect()
}
