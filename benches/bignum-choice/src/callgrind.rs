//! Instruction counts: `valgrind --tool=callgrind` on this same binary in `callgrind` mode, once
//! with N iterations and once with 0; the difference divided by the operations done is the count
//! per op, free of start-up and input preparation. Counts are deterministic, unlike time on a busy
//! machine.

use crate::workload::{BACKEND_NAMES, WORKLOADS, Workload};
use std::path::Path;
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Iterations of one workload in a counted run (at scale 1): about 10^4 ops or more each.
pub fn default_units(workload: Workload) -> u64 {
    match workload {
        Workload::Parse30 => 1000,
        Workload::Chain => 500,
        Workload::Pow60Cubed => 4000,
        Workload::Cmp30 => 2000,
        Workload::Round10 => 4000,
        Workload::ToStr => 4000,
    }
}

/// The instruction count of one backend on one workload.
#[derive(Clone, Debug)]
pub struct Count {
    /// Backend name.
    pub backend: String,
    /// Workload.
    pub workload: Workload,
    /// Iterations in the counted run.
    pub units: u64,
    /// Instructions of the run with `units` iterations.
    pub with_units: u64,
    /// Instructions of the same run with 0 iterations.
    pub baseline: u64,
}

impl Count {
    /// Instructions per op.
    pub fn per_op(&self) -> f64 {
        (self.with_units as f64 - self.baseline as f64)
            / (self.units * self.workload.ops_per_unit()) as f64
    }
}

/// Total instructions (`Collected`) of `exe callgrind BACKEND WORKLOAD UNITS` under callgrind.
fn count_one(exe: &Path, backend: &str, workload: Workload, units: u64) -> Result<u64, String> {
    let output = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(exe)
        .args(["callgrind", backend, workload.name(), &units.to_string()])
        .output()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!("{backend} {} failed:\n{stderr}", workload.name()));
    }
    stderr
        .lines()
        .find_map(|line| {
            let (_, rest) = line.split_once("Collected :")?;
            rest.trim().parse::<u64>().ok()
        })
        .ok_or_else(|| format!("no 'Collected :' line in valgrind's output:\n{stderr}"))
}

/// Counts every compiled-in backend on every workload, `jobs` valgrind processes at a time.
///
/// # Errors
/// The first valgrind failure.
pub fn count_all(
    exe: &Path,
    backends: &[&'static str],
    scale: f64,
    jobs: usize,
) -> Result<Vec<Count>, String> {
    let mut tasks = Vec::new();
    for backend in BACKEND_NAMES.iter().filter(|b| backends.contains(b)) {
        for workload in WORKLOADS {
            let units = ((default_units(workload) as f64 * scale).round() as u64).max(1);
            tasks.push((*backend, workload, units));
        }
    }
    // Each task needs two runs: with `units` iterations and with none.
    let runs: Vec<(usize, u64)> = (0..tasks.len())
        .flat_map(|task| [(task, tasks[task].2), (task, 0)])
        .collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![(None, None); tasks.len()]);
    let error = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(task, units)) = runs.get(index) else {
                        return;
                    };
                    let (backend, workload, _) = tasks[task];
                    match count_one(exe, backend, workload, units) {
                        Ok(instructions) => {
                            eprintln!(
                                "callgrind: {backend} {} x{units}: {instructions} instructions",
                                workload.name()
                            );
                            let mut results = results.lock().expect("not poisoned");
                            if units == 0 {
                                results[task].1 = Some(instructions);
                            } else {
                                results[task].0 = Some(instructions);
                            }
                        }
                        Err(e) => {
                            error.lock().expect("not poisoned").get_or_insert(e);
                            next.store(runs.len(), Ordering::Relaxed);
                            return;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().expect("not poisoned") {
        return Err(e);
    }
    let results = results.into_inner().expect("not poisoned");
    Ok(tasks
        .into_iter()
        .zip(results)
        .map(
            |((backend, workload, units), (with_units, baseline))| Count {
                backend: backend.to_string(),
                workload,
                units,
                with_units: with_units.expect("counted"),
                baseline: baseline.expect("counted"),
            },
        )
        .collect())
}
