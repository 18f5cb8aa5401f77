//! Runs one calculate request many times, for `valgrind --tool=callgrind` before/after
//! comparisons of the (not yet registered) calculate evaluator.
//!
//! `valgrind --tool=callgrind target/release/calculate-instructions '{"expression": "1 + 2"}' 10000`
//! then divide the total instruction count by the repetitions (compare with a run of 0
//! repetitions to subtract the start-up cost). The request runs on a thread with the stack the
//! tool documents, as the tool will.

/// The allocator of every reckon binary (see the workspace Cargo.toml): the benchmarks measure
/// what `reckon` runs.
#[global_allocator]
static ALLOCATOR: reckon_alloc::Allocator = reckon_alloc::Allocator;

fn main() {
    let mut args = std::env::args().skip(1);
    let request = args
        .next()
        .unwrap_or_else(|| r#"{"expression": "2 * (3 + 4) - sin(pi / 6)"}"#.into());
    let repetitions: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(10_000);
    let worker = std::thread::Builder::new()
        .stack_size(reckon_math::STACK_BYTES)
        .spawn(move || {
            let mut answered = 0u64;
            let mut last = Vec::new();
            // The memory gauge `reckon` lends every request.
            let resources = reckon_math::Resources {
                memory_gauge: Some(reckon_core::MemoryGauge::new(
                    reckon_alloc::thread_heap_bytes,
                )),
            };
            for _ in 0..repetitions {
                last.clear();
                match reckon_math::calculate_into_with(
                    std::hint::black_box(request.as_bytes()),
                    &mut last,
                    &resources,
                    &mut 0,
                ) {
                    Ok(()) => answered += 1,
                    Err(e) => last = e.into_details().message.into_bytes(),
                }
            }
            let last = String::from_utf8_lossy(&last);
            println!("{repetitions} runs, {answered} answered; last: {last}");
        });
    match worker.map(|handle| handle.join()) {
        Ok(Ok(())) => {}
        _ => {
            eprintln!("the worker thread failed");
            std::process::exit(1);
        }
    }
}
