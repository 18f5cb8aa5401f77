//! The memory budget of one request, with the gauge the binaries lend (reckon-alloc's per-thread
//! count, installed here as this test's global allocator): the reproducers of requests that
//! once took gigabytes are refused with `result_too_large` after holding at most the budget,
//! large requests that fit still answer, and without a gauge nothing changes.

use reckon_core::MemoryGauge;
use reckon_math::{MEMORY_BUDGET, Resources};

#[global_allocator]
static ALLOCATOR: reckon_alloc::Allocator = reckon_alloc::Allocator;

/// The gauge of reckon's binaries.
fn metered() -> Resources {
    Resources {
        memory_gauge: Some(MemoryGauge::new(reckon_alloc::thread_heap_bytes)),
    }
}

/// Runs `expression` on a thread of its own with the stack the tool needs, lent `resources`;
/// returns the result text, or `reason: message` for a refusal.
fn run(expression: &str, resources: Resources) -> String {
    let input = serde_json::json!({ "expression": expression }).to_string();
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(reckon_math::STACK_BYTES)
            .spawn_scoped(scope, move || {
                let mut out = Vec::new();
                match reckon_math::calculate_into_with(
                    input.as_bytes(),
                    &mut out,
                    &resources,
                    &mut 0,
                ) {
                    Ok(()) => {
                        let body: serde_json::Value =
                            serde_json::from_slice(&out).unwrap_or_default();
                        body["result"].as_str().unwrap_or_default().to_owned()
                    }
                    Err(error) => {
                        let details = error.into_details();
                        format!("{}: {}", details.reason.name(), details.message)
                    }
                }
            })
            .map(|handle| handle.join().unwrap_or_else(|_| "panicked".into()))
            .unwrap_or_else(|_| "no thread".into())
    })
}

#[track_caller]
fn refused_for_memory(expression: &str) {
    let answer = run(expression, metered());
    assert!(
        answer
            == "result_too_large: Memory limit exceeded: the expression would hold over 256 MiB at once while evaluating.",
        "{expression}: {answer}"
    );
}

#[test]
fn the_budget_is_256_mib() {
    assert_eq!(MEMORY_BUDGET, 256 * 1024 * 1024);
}

#[test]
fn many_large_strings_at_once_are_refused() {
    // 10,000 strings of 200,000 digits each (2 GB) once took 2.5 GB and 5 s.
    refused_for_memory(
        r#"size(map(1:1e4, f(x) = format(x, {notation: "fixed", precision: 200000})))"#,
    );
}

#[test]
fn objects_with_many_members_are_refused() {
    // A million objects of twenty members (2 GB) once took 2.0 GB.
    refused_for_memory(
        "size(map(1:1e6, f(x) = {a: x, b: x, c: x, d: x, e: x, f: x, g: x, h: x, i: x, j: x, k: x, l: x, m: x, n: x, o: x, p: x, q: x, r: x, s: x, t: x}))",
    );
}

#[test]
fn many_million_element_ranges_are_refused_before_they_are_built() {
    // Nineteen `1:1e6` ranges (2.1 GB) were all built before the matrix was refused.
    let ranges = vec!["1:1e6"; 19].join(", ");
    refused_for_memory(&format!("size([{ranges}])"));
}

#[test]
fn large_requests_within_the_budget_still_answer() {
    let twenty = vec!["sum(zeros(1000, 1000))"; 20].join(" + ");
    assert_eq!(run(&twenty, metered()), "0");
    assert_eq!(
        run("sum(map(1:1e6, f(x) = x^2))", metered()),
        "333333833333127550"
    );
    assert_eq!(run("size(concat(1:5e5, 1:5e5))", metered()), "[1000000]");
    assert_eq!(
        run(
            r#"length(format(1, {notation: "fixed", precision: 999000}))"#,
            metered()
        ),
        "999002"
    );
}

#[test]
fn large_values_read_many_times_are_shared_not_copied() {
    // Each read of `m` copied its 999,001 digits (1.55 GB, 3.4 s); with 20,000 reads the
    // process ran out of memory. Now a read shares the digits, as math.js shares the object.
    assert_eq!(
        run(
            "{a: m = bigint(10)^bigint(999000), b: size(map(1:3000, f(x) = m))}.b",
            metered()
        ),
        "[3000]"
    );
    assert_eq!(
        run(
            "{a: m = bigint(10)^bigint(999000), b: size(map(1:20000, f(x) = m))}.b",
            metered()
        ),
        "[20000]"
    );
    // The same with a Fraction of 999,001 digits (3.3 million bits): 8 GB of copies, refused by
    // the budget while reads copied it.
    assert_eq!(
        run(
            "{a: m = fraction(10)^999000, b: size(map(1:20000, f(x) = m))}.b",
            metered()
        ),
        "[20000]"
    );
    // The same with a 999,002-character string read 150 times in each of 3,000 callbacks.
    let reads = vec!["s"; 150].join(", ");
    assert_eq!(
        run(
            &format!(
                r#"{{a: s = format(1, {{notation: "fixed", precision: 999000}}), b: sum(map(1:3000, f(x) = size([{reads}])[1]))}}.b"#
            ),
            metered()
        ),
        "450000"
    );
}

#[test]
fn objects_read_many_times_are_shared_not_copied() {
    // 100 members read in 100,000 callbacks: 0.8 GB of copies when each read copied the
    // members (refused by the budget); shared now.
    let members: Vec<String> = (0..100).map(|i| format!("k{i}: 1")).collect();
    let expression = format!(
        "{{a: o = {{{}}}, b: size(map(1:1e5, f(x) = o))}}.b",
        members.join(", ")
    );
    assert!(expression.len() < 1000);
    assert_eq!(run(&expression, metered()), "[100000]");
    // A change to a shared object makes a new one and leaves the shared one as it was.
    assert_eq!(
        run(
            "{a: o = {p: 1}, b: q = o, c: (q.p = 2), d: [o.p, q.p]}.d",
            metered()
        ),
        "[1, 2]"
    );
}

#[test]
fn without_a_gauge_only_the_element_limits_hold() {
    // The same request as above, refused by the element limit instead (no gauge, no budget).
    let ranges = vec!["1:1e6"; 19].join(", ");
    let answer = run(&format!("size([{ranges}])"), Resources::default());
    assert!(
        answer.starts_with(
            "result_too_large: Size limit exceeded: matrix() would build 19,000,000 elements"
        ),
        "{answer}"
    );
}

/// Memory amplification, generated: large values (a long string, a big integer, an object of
/// many members, a million-element range) read in callbacks, repeated, nested in maps and kept
/// in arrays. Every input must get a structured answer: a result, or a refusal for memory
/// (`result_too_large`) or work (`evaluation_timeout`), never a crash.
#[test]
fn generated_memory_amplification_is_always_answered_within_the_budget() {
    let values = [
        r#"format(1, {notation: "fixed", precision: 500000})"#,
        "bigint(7)^bigint(500000)",
        "fraction(7)^500000",
        "{a: 1:1000, b: 1:1000, c: 1:1000, d: 1:1000}",
        "1:1e6",
    ];
    let uses = [
        "size(map(1:N, f(x) = v))",
        "size(map(1:N, f(x) = [v, v, v, v]))",
        "size(map(1:N, f(x) = {p: v, q: v}))",
        "sum(map(1:N, f(x) = size(map(1:3, f(y) = v))[1]))",
    ];
    let mut answered = 0;
    for value in values {
        for usage in uses {
            for n in ["10", "1000", "100000"] {
                let expression = format!("{{a: v = {value}, b: {}}}.b", usage.replace('N', n));
                let answer = run(&expression, metered());
                let refused = answer.starts_with("result_too_large: ")
                    || answer.starts_with("evaluation_timeout: ");
                assert!(
                    refused || answer.starts_with('[') || answer.parse::<f64>().is_ok(),
                    "{expression}: {answer}"
                );
                answered += usize::from(!refused);
            }
        }
    }
    // Sharing lets most of them answer (math.js answers them all, slowly).
    assert!(answered >= 30, "{answered} of 60 answered");
}
