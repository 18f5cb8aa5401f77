#!/usr/bin/env bash
# Throughput of `reckon exec decimal-expression-evaluate` on a 100,000-line file (a mix of the three
# seed examples and a refused request), measured as wall time of the whole process, best of 5 runs.
# Usage: scripts/bench-exec.sh [LINES]
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-100000}
cargo build --release --quiet --bin reckon
input=$(mktemp)
trap 'rm -f "$input"' EXIT
python3 - "$lines" > "$input" <<'PY'
import sys
requests = [
    '{"expression": "0.1 + 0.2"}',
    '{"expression": "price * qty * (1 + tax / 100)", "variables": {"price": "19.99", "qty": "3", "tax": "8.25"}, "scale": 2, "rounding": "half_up"}',
    '{"expression": "round(10 / 3, 4) - abs(-1)", "rounding": "half_even"}',
    '{"expression": "1/3"}',
]
n = int(sys.argv[1])
sys.stdout.write("".join(requests[i % len(requests)] + "\n" for i in range(n)))
PY
best=""
for _ in 1 2 3 4 5; do
  start=$(date +%s%N)
  out=$(target/release/reckon exec decimal-expression-evaluate < "$input" | wc -l)
  end=$(date +%s%N)
  [ "$out" -eq "$lines" ] || { echo "expected $lines answers, got $out" >&2; exit 1; }
  ns=$((end - start))
  if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
done
awk -v n="$lines" -v ns="$best" 'BEGIN { printf "%d lines in %.1f ms: %.0f lines/s (best of 5)\n", n, ns / 1e6, n / (ns / 1e9) }'
