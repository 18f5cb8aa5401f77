//! Runs one decimal workload many times, for `valgrind --tool=callgrind`: instruction counts are
//! repeatable on a busy machine where wall-clock time is not.
//!
//! `valgrind --tool=callgrind target/release/decimal-instructions seed_price 10000`
//! then divide the total instruction count by the repetitions (the start-up cost is small and the
//! same for every run; compare with `... seed_price 0` to subtract it exactly).

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "seed_price".into());
    let repetitions: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(10_000);
    if name == "typed_seed_price" {
        let variables = [("price", "19.99"), ("qty", "3"), ("tax", "8.25")];
        let request = reckon_decimal::Request {
            expression: "price * qty * (1 + tax / 100)",
            variables: &variables,
            scale: Some(2),
            rounding: Some(reckon_decimal::RoundingMode::HalfUp),
        };
        for _ in 0..repetitions {
            let _ = std::hint::black_box(reckon_decimal::evaluate(std::hint::black_box(&request)));
        }
        return;
    }
    let workloads = reckon_bench::all_workloads();
    let Some((_, input)) = workloads.iter().find(|(n, _)| *n == name) else {
        let names: Vec<&str> = workloads.iter().map(|(n, _)| n.as_str()).collect();
        eprintln!("unknown workload {name:?}; workloads: {}", names.join(", "));
        std::process::exit(2);
    };
    let mut work = 0;
    for _ in 0..repetitions {
        if let Ok(evaluation) =
            reckon_decimal::evaluate_json(std::hint::black_box(input.as_bytes()))
        {
            work += evaluation.work_units;
        }
    }
    println!("{name}: {repetitions} runs, {work} work units");
}
