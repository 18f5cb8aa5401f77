#!/usr/bin/env bash
# calculate against math.js 15.2, side by side, in one run: the mixed corpus of
# benches/calculate/corpus.jsonl through reckon_math::calculate (release build; JSON request in,
# JSON answer out) and through math.js in Node.js, timed twice: math.js's evaluate + format alone,
# and the same job as reckon's (JSON request text parsed, evaluate + format, the same JSON answer
# written as text; tests/peer/bench.mjs). Prints a Markdown table with the mean time per request
# and both ratios. Timings only; nothing is asserted.
#   scripts/bench-calculate.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-20000}
corpus=benches/calculate/corpus.jsonl
(cd tests/peer && npm ci --silent --no-audit --no-fund)
cargo build --locked --quiet --release -p reckon-bench --bin calculate-throughput
ours=$(mktemp)
theirs=$(mktemp)
trap 'rm -f "$ours" "$theirs"' EXIT
target/release/calculate-throughput "$corpus" "$rounds" > "$ours"
node tests/peer/bench.mjs "$corpus" "$rounds" > "$theirs"
python3 - "$ours" "$theirs" <<'PY'
import json, sys
ours = [json.loads(l) for l in open(sys.argv[1])]
theirs = [json.loads(l) for l in open(sys.argv[2])]
print("| expression | reckon | math.js evaluate + format | ratio | math.js, JSON in and out | ratio |")
print("| --- | --- | --- | --- | --- | --- |")
def row(name, a, b, c, digits=2):
    print(f"| {name} | {a/1000:.{digits}f} µs | {b/1000:.{digits}f} µs | {b/max(a,1):.1f}× "
          f"| {c/1000:.{digits}f} µs | {c/max(a,1):.1f}× |")
for a, b in zip(ours[:-1], theirs[:-1]):
    row(f"`{a['expression']}`", a["ns"], b["ns"], b["tool_ns"])
row(f"**whole corpus ({len(ours)-1} requests)**", ours[-1]["total_ns"], theirs[-1]["total_ns"],
    theirs[-1]["total_tool_ns"], digits=1)
PY
