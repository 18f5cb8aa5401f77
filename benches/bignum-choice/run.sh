#!/usr/bin/env bash
# Reruns the benchmark: build, start-up checks, wall-clock timing, callgrind instruction counts,
# then the table (results/table.md). About 2 minutes after the build. Build times are measured
# separately by ./measure-build-times.sh (about 6 minutes: clean builds).
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p results
cargo build --release --locked
bin=target/release/bignum-choice
"$bin" verify
{
    echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "nproc: $(nproc)"
    echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
    rustc --version
    cargo --version
    valgrind --version
} > results/machine.txt
# The load average before and after timing tells how busy the (shared) machine was.
echo "load before timing: $(cut -d' ' -f1-3 /proc/loadavg)" >> results/machine.txt
"$bin" time "$@"
echo "load after timing: $(cut -d' ' -f1-3 /proc/loadavg)" >> results/machine.txt
"$bin" callgrind-all
"$bin" report
