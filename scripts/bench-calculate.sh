#!/usr/bin/env bash
# calculate against math.js 15.2, side by side, in one run: the mixed corpus of
# benches/calculate/corpus.jsonl through reckon_math::calculate (release build; JSON request in,
# JSON answer out) and through math.js in Node.js, timed twice: math.js's evaluate + format alone,
# and the same job as reckon's (JSON request text parsed, evaluate + format, the same JSON answer
# written as text; tests/peer/bench.mjs). Each side runs RUNS times (default 3), the two sides
# taking turns so that a slow spell of this shared machine falls on both alike, and each request's
# time is the fastest of its runs on each side (the least disturbed estimate of its cost; every
# side is treated the same way). Prints a Markdown table with the time per request and both
# ratios. Timings only; nothing is asserted.
#   scripts/bench-calculate.sh [ROUNDS] [RUNS] [CORPUS]
# (CORPUS: another file of requests, such as benches/calculate/units.jsonl.)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-20000}
runs=${2:-3}
corpus=${3:-benches/calculate/corpus.jsonl}
(cd tests/peer && npm ci --silent --no-audit --no-fund)
cargo build --locked --quiet --release -p reckon-bench --bin calculate-throughput
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for run in $(seq "$runs"); do
  target/release/calculate-throughput "$corpus" "$rounds" > "$out/ours.$run"
  node tests/peer/bench.mjs "$corpus" "$rounds" > "$out/theirs.$run"
done
python3 - "$out" "$runs" <<'PY'
import json, sys
out, runs = sys.argv[1], int(sys.argv[2])
def load(side):
    return [[json.loads(l) for l in open(f"{out}/{side}.{run}")][:-1] for run in range(1, runs + 1)]
ours, theirs = load("ours"), load("theirs")
def fastest(side, i, key):
    return min(run[i][key] for run in side)
rows = [(r["expression"], fastest(ours, i, "ns"), fastest(theirs, i, "ns"),
         fastest(theirs, i, "tool_ns")) for i, r in enumerate(ours[0])]
print(f"| expression | reckon | math.js evaluate + format | ratio | math.js, JSON in and out | ratio |")
print("| --- | --- | --- | --- | --- | --- |")
def row(name, a, b, c, digits=2):
    print(f"| {name} | {a/1000:.{digits}f} µs | {b/1000:.{digits}f} µs | {b/max(a,1):.1f}× "
          f"| {c/1000:.{digits}f} µs | {c/max(a,1):.1f}× |")
for expression, a, b, c in rows:
    row(f"`{expression}`", a, b, c)
row(f"**whole corpus ({len(rows)} requests)**", sum(r[1] for r in rows), sum(r[2] for r in rows),
    sum(r[3] for r in rows), digits=1)
print(f"\n(fastest of {runs} alternating runs per request and side)")
PY
