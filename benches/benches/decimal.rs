//! Criterion benchmarks of decimal-expression-evaluate through the library (`evaluate_json`: JSON
//! text in, exact answer out) and through the registry (answer rendered as a JSON value).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reckon_bench::{SEED_EXAMPLES, all_workloads};
use std::hint::black_box;

fn decimal(c: &mut Criterion) {
    let mut group = c.benchmark_group("decimal");
    group.throughput(Throughput::Elements(1));
    for (name, input) in &all_workloads() {
        let answer = reckon_decimal::evaluate_json(input.as_bytes());
        let work = match &answer {
            Ok(evaluation) => evaluation.work_units,
            Err(error) => panic!("{name} must be admitted: {error}"),
        };
        eprintln!("{name}: {work} work units");
        group.bench_function(name.as_str(), |b| {
            b.iter(|| reckon_decimal::evaluate_json(black_box(input.as_bytes())))
        });
    }
    let variables = [("price", "19.99"), ("qty", "3"), ("tax", "8.25")];
    let typed = reckon_decimal::Request {
        expression: "price * qty * (1 + tax / 100)",
        variables: &variables,
        scale: Some(2),
        rounding: Some(reckon_decimal::RoundingMode::HalfUp),
    };
    group.bench_function("typed_seed_price", |b| {
        b.iter(|| reckon_decimal::evaluate(black_box(&typed)))
    });
    let registry = reckon_tools::Registry::standard();
    let tool = registry
        .get("decimal-expression-evaluate")
        .expect("registered");
    let price = SEED_EXAMPLES[1].1.as_bytes();
    let mut line = Vec::with_capacity(256);
    group.bench_function("registry_seed_price_to_json_line", |b| {
        b.iter(|| {
            line.clear();
            tool.execute_into(black_box(price), &mut line)
        })
    });
    group.finish();
}

fn calc(c: &mut Criterion) {
    let mut group = c.benchmark_group("calc");
    group.throughput(Throughput::Elements(1));
    for (name, expression) in [
        ("simple", "1+2*3"),
        ("float", "0.1 + 0.2 * 3 - 4.5 / 7"),
        ("power", "2 ** 0.5 * 1e3 % 7"),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| reckon_calc::evaluate(black_box(expression)))
        });
    }
    let long = reckon_bench::calc_2000_bytes();
    group.bench_function("expression_2000_bytes", |b| {
        b.iter(|| reckon_calc::evaluate(black_box(&long)))
    });
    let batch = reckon_bench::calc_batch(100);
    let mut out = Vec::with_capacity(1 << 14);
    group.throughput(Throughput::Elements(100));
    group.bench_function("batch_100_json", |b| {
        b.iter(|| {
            out.clear();
            reckon_calc::wire::respond(black_box(batch.as_bytes()), &mut out)
        })
    });
    group.finish();
}

criterion_group!(benches, decimal, calc);
criterion_main!(benches);
