#!/usr/bin/env bash
# Instruction counts of calculate requests under callgrind, the stable before/after measure on a
# noisy machine: for each request of the corpus (default benches/calculate/corpus.jsonl), the
# instructions of REPS runs less those of a run of none (start-up), divided by REPS. Prints one
# line per request and the corpus total.
#   scripts/callgrind-calculate.sh [BINARY] [CORPUS] [REPS]
# BINARY defaults to target/release/calculate-instructions (cargo build --release -p reckon-bench
# --bin calculate-instructions).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/calculate-instructions}
corpus=${2:-benches/calculate/corpus.jsonl}
reps=${3:-200}
count() {
  local out
  out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "$1" "$2" >/dev/null 2>&1
  awk '/^summary:/ {print $2}' "$out"
  rm -f "$out"
}
total=0
while IFS= read -r request; do
  [ -n "$request" ] || continue
  base=$(count "$request" 0)
  full=$(count "$request" "$reps")
  per=$(( (full - base) / reps ))
  total=$(( total + per ))
  printf '%8d  %s\n' "$per" "$request"
done < "$corpus"
printf '%8d  total\n' "$total"
