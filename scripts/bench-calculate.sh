#!/usr/bin/env bash
# calculate against math.js 15.2, side by side, in one run: the mixed corpus of
# benches/calculate/corpus.jsonl through reckon_math::calculate (release build; JSON request in,
# JSON answer out) and through math.js evaluate + format in Node.js. Prints a Markdown table with
# the mean time per request and the ratio. Timings only; nothing is asserted.
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
print("| expression | reckon | math.js | ratio |")
print("| --- | --- | --- | --- |")
for a, b in zip(ours[:-1], theirs[:-1]):
    print(f"| `{a['expression']}` | {a['ns']/1000:.2f} µs | {b['ns']/1000:.2f} µs | {b['ns']/max(a['ns'],1):.1f}× |")
ta, tb = ours[-1]["total_ns"], theirs[-1]["total_ns"]
print(f"| **whole corpus ({len(ours)-1} requests)** | {ta/1000:.1f} µs | {tb/1000:.1f} µs | {tb/max(ta,1):.1f}× |")
PY
