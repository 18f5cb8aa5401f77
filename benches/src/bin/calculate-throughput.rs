//! Times calculate on the mixed corpus of `benches/calculate/corpus.jsonl`, one request at a
//! time, for the side-by-side comparison with math.js (`scripts/bench-calculate.sh`).
//!
//! `calculate-throughput CORPUS [ROUNDS]` prints one JSON line per request,
//! `{"expression", "ns"}`, the mean time per call over the rounds (JSON request text in, JSON
//! answer text out, as `reckon exec` handles a line), then a line `{"total_ns"}`. Nothing here
//! asserts a timing.

use std::io::Write;
use std::time::Instant;

/// The allocator of every reckon binary (see the workspace Cargo.toml): the benchmarks measure
/// what `reckon` runs.
#[global_allocator]
static ALLOCATOR: reckon_alloc::Allocator = reckon_alloc::Allocator;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: calculate-throughput CORPUS [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(20_000);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("cannot read {path}");
        std::process::exit(2);
    };
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .collect();
    let worker = std::thread::Builder::new()
        .stack_size(reckon_math::STACK_BYTES)
        .spawn(move || {
            // A closed pipe (`| head`) ends the run quietly rather than with a panic.
            let mut stdout = std::io::stdout().lock();
            let mut total = 0u128;
            for line in &lines {
                let request: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
                // Warm up, then time.
                let mut out = Vec::with_capacity(1 << 10);
                for _ in 0..rounds / 10 {
                    answer(line, &mut out);
                    std::hint::black_box(&out);
                }
                let start = Instant::now();
                for _ in 0..rounds {
                    answer(std::hint::black_box(line), &mut out);
                    std::hint::black_box(&out);
                }
                let ns = start.elapsed().as_nanos() / u128::from(rounds);
                total += ns;
                answer(line, &mut out);
                let shown = String::from_utf8_lossy(&out).into_owned();
                let report = serde_json::json!({"expression": request["expression"], "ns": ns as u64, "answer": shown});
                if writeln!(stdout, "{report}").is_err() {
                    return;
                }
            }
            let _ = writeln!(stdout, "{}", serde_json::json!({"total_ns": total as u64}));
        });
    if !matches!(worker.map(|h| h.join()), Ok(Ok(()))) {
        eprintln!("the worker thread failed");
        std::process::exit(1);
    }
}

/// One request as `reckon exec` answers it: JSON text in, JSON text out into `out`, cleared first
/// (as `exec` reuses one answer buffer for every line; checking the bytes as UTF-8 again is no
/// part of answering, so it is not timed).
fn answer(line: &str, out: &mut Vec<u8>) {
    out.clear();
    if let Err(error) = reckon_math::calculate_into(line.as_bytes(), out) {
        out.clear();
        out.extend_from_slice(error.to_json().to_string().as_bytes());
    }
}
