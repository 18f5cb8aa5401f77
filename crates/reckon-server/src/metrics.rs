//! Prometheus metrics, kept by hand: a few counters and one histogram do not justify a metrics
//! framework, and the text format is simple.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds of the latency histogram buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 1.0, 10.0,
];

/// Every counter the server keeps.
#[derive(Default)]
pub(crate) struct Metrics {
    requests: Mutex<BTreeMap<String, BTreeMap<u16, u64>>>,
    executions: Mutex<BTreeMap<(String, &'static str), u64>>,
    work_units: Mutex<BTreeMap<String, u64>>,
    latency_buckets: [AtomicU64; BUCKETS.len()],
    latency_count: AtomicU64,
    latency_sum_nanos: AtomicU64,
}

impl Metrics {
    /// One HTTP request answered on `route` (the matched path template) with `status`.
    pub(crate) fn record_request(&self, route: &str, status: u16, elapsed: Duration) {
        if let Ok(mut requests) = self.requests.lock() {
            // Look up by &str first: the route's String is allocated once, not per request.
            match requests.get_mut(route) {
                Some(by_status) => *by_status.entry(status).or_default() += 1,
                None => {
                    requests.insert(route.to_owned(), BTreeMap::from([(status, 1)]));
                }
            }
        }
        let seconds = elapsed.as_secs_f64();
        if let Some(bucket) = BUCKETS.iter().position(|&bound| seconds <= bound) {
            self.latency_buckets[bucket].fetch_add(1, Ordering::Relaxed);
        }
        self.latency_count.fetch_add(1, Ordering::Relaxed);
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        self.latency_sum_nanos.fetch_add(nanos, Ordering::Relaxed);
    }

    /// One execution of `tool` with `outcome` (`ok` or the error code), spending `work_units`.
    pub(crate) fn record_execution(&self, tool: &str, outcome: &'static str, work_units: u64) {
        if let Ok(mut executions) = self.executions.lock() {
            *executions.entry((tool.to_owned(), outcome)).or_default() += 1;
        }
        if let Ok(mut work) = self.work_units.lock() {
            *work.entry(tool.to_owned()).or_default() += work_units;
        }
    }

    /// The Prometheus text exposition.
    pub(crate) fn render(&self) -> String {
        let mut out = String::with_capacity(2048);
        out.push_str(
            "# HELP reckon_http_requests_total HTTP requests answered, by route and status.\n",
        );
        out.push_str("# TYPE reckon_http_requests_total counter\n");
        if let Ok(requests) = self.requests.lock() {
            for (route, by_status) in requests.iter() {
                for (status, count) in by_status {
                    let _ = writeln!(
                        out,
                        "reckon_http_requests_total{{route=\"{route}\",status=\"{status}\"}} {count}"
                    );
                }
            }
        }
        out.push_str("# HELP reckon_tool_executions_total Tool executions, by tool and outcome (ok or the error code).\n");
        out.push_str("# TYPE reckon_tool_executions_total counter\n");
        if let Ok(executions) = self.executions.lock() {
            for ((tool, outcome), count) in executions.iter() {
                let _ = writeln!(
                    out,
                    "reckon_tool_executions_total{{tool=\"{tool}\",outcome=\"{outcome}\"}} {count}"
                );
            }
        }
        out.push_str("# HELP reckon_tool_work_units_total Arithmetic work units spent, by tool.\n");
        out.push_str("# TYPE reckon_tool_work_units_total counter\n");
        if let Ok(work) = self.work_units.lock() {
            for (tool, units) in work.iter() {
                let _ = writeln!(
                    out,
                    "reckon_tool_work_units_total{{tool=\"{tool}\"}} {units}"
                );
            }
        }
        out.push_str(
            "# HELP reckon_http_request_duration_seconds Time to answer an HTTP request.\n",
        );
        out.push_str("# TYPE reckon_http_request_duration_seconds histogram\n");
        let mut cumulative = 0;
        for (bound, bucket) in BUCKETS.iter().zip(&self.latency_buckets) {
            cumulative += bucket.load(Ordering::Relaxed);
            let _ = writeln!(
                out,
                "reckon_http_request_duration_seconds_bucket{{le=\"{bound}\"}} {cumulative}"
            );
        }
        let count = self.latency_count.load(Ordering::Relaxed);
        let _ = writeln!(
            out,
            "reckon_http_request_duration_seconds_bucket{{le=\"+Inf\"}} {count}"
        );
        let sum = self.latency_sum_nanos.load(Ordering::Relaxed) as f64 / 1e9;
        let _ = writeln!(out, "reckon_http_request_duration_seconds_sum {sum}");
        let _ = writeln!(out, "reckon_http_request_duration_seconds_count {count}");
        out
    }
}
