//! Wall time of every hostile case (`tests/hostile/<tool>.jsonl`) through the library, as the
//! registry answers it (JSON request text in, JSON answer text out, through the allocator of the
//! `reckon` binary). The target is under 5 ms per case; nothing here asserts a timing (the
//! library test `crates/reckon-tools/tests/hostile.rs` asserts the answers and work units).
//!
//! `hostile [--rounds N] [--over MS] [TOOL ...]` prints a Markdown table, one row per case:
//! id, work units, the fastest and median wall time of N rounds (default 5; a case slower than
//! 50 ms runs once), the CPU time of the fastest round (the thread's own time on a CPU, from
//! Linux's `/proc/thread-self/schedstat`: on a loaded machine wall time also counts the time
//! other processes held the CPU), work units per CPU millisecond (a case far below the others
//! is charged too little for what it costs), and the answer's error reason or `ok`. `--over MS` lists only cases whose median
//! exceeds MS milliseconds. `hostile --line TOOL REQUEST` times one ad-hoc request instead and
//! prints its answer (to explore new cases); `hostile --units TOOL` prints each case's id, work
//! units and answer, tab-separated, for `scripts/gen-hostile-cases.py`. Run the table with
//! `scripts/bench-hostile.sh`.

use reckon_tools::Registry;
use reckon_tools::hostile::{self, HostileCase};
use std::path::Path;
use std::time::{Duration, Instant};

/// The allocator of every reckon binary (see the workspace Cargo.toml): the benchmark measures
/// what `reckon` runs.
#[global_allocator]
static ALLOCATOR: reckon_alloc::Allocator = reckon_alloc::Allocator;

struct Options {
    rounds: usize,
    units_only: bool,
    over: Option<f64>,
    tools: Vec<String>,
    line: Option<(String, String)>,
}

fn usage() -> ! {
    eprintln!("usage: hostile [--rounds N] [--over MS] [TOOL ...] | hostile --line TOOL REQUEST");
    std::process::exit(2);
}

fn options() -> Options {
    let mut options = Options {
        rounds: 5,
        units_only: false,
        over: None,
        tools: Vec::new(),
        line: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => {
                options.rounds = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or_else(|| usage())
            }
            "--over" => {
                options.over = Some(
                    args.next()
                        .and_then(|n| n.parse().ok())
                        .unwrap_or_else(|| usage()),
                )
            }
            "--units" => options.units_only = true,
            "--line" => match (args.next(), args.next()) {
                (Some(tool), Some(request)) => options.line = Some((tool, request)),
                _ => usage(),
            },
            _ if arg.starts_with('-') => usage(),
            _ => options.tools.push(arg),
        }
    }
    options.rounds = options.rounds.max(1);
    options
}

fn main() {
    let options = options();
    // The tools recurse over expression trees: run on a thread with the stack the server gives
    // its workers, so the registry does not start a thread per call.
    let worker = std::thread::Builder::new()
        .stack_size(reckon_tools::stack::LARGE_STACK_BYTES)
        .spawn(move || {
            reckon_tools::stack::declare_large_stack();
            run(&options);
        });
    if !matches!(worker.map(|h| h.join()), Ok(Ok(()))) {
        eprintln!("the worker thread failed");
        std::process::exit(1);
    }
}

fn run(options: &Options) {
    let registry = Registry::standard();
    if let Some((tool, request)) = &options.line {
        let Some(tool) = registry.get(tool) else {
            eprintln!("no tool {tool}");
            std::process::exit(2);
        };
        let (units, times, _) = time(tool, request.as_bytes(), options.rounds);
        let body = tool.execute_json(request.as_bytes()).body;
        println!(
            "units {units} min {} median {} cpu {} units/cpu-ms {}",
            ms(times[0].0),
            ms(median(&times)),
            ms(times[0].1),
            rate(units, times[0].1)
        );
        println!("{body}");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/hostile");
    if !options.units_only {
        println!("| tool | case | work units | min | median | CPU | units/CPU ms | answer |");
        println!("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |");
    }
    let mut slowest: Option<(Duration, String)> = None;
    // Each tool's file, then its heavy cases (near the work budget) where it has any.
    let files = registry.tools().flat_map(|tool| {
        [String::new(), "heavy/".to_owned()].map(|dir| (tool, format!("{dir}{}", tool.id())))
    });
    for (tool, label) in files {
        if !options.tools.is_empty() && !options.tools.contains(&label) {
            continue;
        }
        let path = root.join(format!("{label}.jsonl"));
        if label.starts_with("heavy/") && !path.exists() {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("cannot read {}", path.display());
            std::process::exit(2);
        };
        let cases: Vec<HostileCase> = hostile::parse_hostile(&text).unwrap_or_else(|e| {
            eprintln!("{}: {e}", path.display());
            std::process::exit(2);
        });
        for case in cases {
            if options.units_only {
                let execution = tool.execute_json(&case.input);
                println!("{}\t{}\t{}", case.id, execution.work_units, execution.body);
                continue;
            }
            let (units, times, answer) = time(tool, &case.input, options.rounds);
            let median = median(&times);
            let cpu = times[0].1;
            if slowest.as_ref().is_none_or(|(d, _)| median > *d) {
                slowest = Some((median, format!("{label} {}", case.id)));
            }
            if options
                .over
                .is_some_and(|limit| median.as_secs_f64() * 1e3 <= limit)
            {
                continue;
            }
            println!(
                "| {label} | {} | {units} | {} | {} | {} | {} | {answer} |",
                case.id,
                ms(times[0].0),
                ms(median),
                ms(cpu),
                rate(units, cpu)
            );
        }
    }
    if let Some((time, case)) = slowest.filter(|_| !options.units_only) {
        println!("\nslowest median: {case}, {}", ms(time));
    }
}

/// Runs `input` `rounds` times (once past 50 ms): work units, (wall, CPU) times sorted by wall
/// time, answer summary.
fn time(
    tool: &dyn reckon_tools::Tool,
    input: &[u8],
    rounds: usize,
) -> (u64, Vec<(Duration, Duration)>, String) {
    let mut times = Vec::new();
    let mut units = 0;
    let mut out = Vec::new();
    for round in 0..rounds {
        out.clear();
        let cpu_start = thread_cpu();
        let start = Instant::now();
        let outcome = tool.execute_into(std::hint::black_box(input), &mut out);
        let elapsed = start.elapsed();
        let cpu = thread_cpu().saturating_sub(cpu_start);
        units = outcome.work_units;
        times.push((elapsed, cpu));
        if round == 0 && elapsed > Duration::from_millis(50) {
            break;
        }
    }
    times.sort();
    let answer: serde_json::Value = serde_json::from_slice(&out).unwrap_or_default();
    let summary = ["/error/details/reason", "/error/data/reason", "/error/code"]
        .iter()
        .find_map(|p| {
            answer
                .pointer(p)
                .map(|r| r.to_string().trim_matches('"').to_owned())
        })
        .unwrap_or_else(|| "ok".to_owned());
    (units, times, summary)
}

fn median(times: &[(Duration, Duration)]) -> Duration {
    times[times.len() / 2].0
}

/// The calling thread's CPU time so far (Linux; zero elsewhere).
fn thread_cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}

/// Work units per CPU millisecond, or `-` when either is too small to say.
fn rate(units: u64, cpu: Duration) -> String {
    let ms = cpu.as_secs_f64() * 1e3;
    if units < 1_000 || ms < 0.01 {
        "-".to_owned()
    } else {
        format!("{:.0}", units as f64 / ms)
    }
}

fn ms(time: Duration) -> String {
    format!("{:.3} ms", time.as_secs_f64() * 1e3)
}
