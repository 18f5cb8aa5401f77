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
# The machine is shared: wait (at most 10 minutes) until the other processes have left the CPUs
# idle for 12 seconds, so the timing runs (about 3 s) in a quiet spell. Instruction counts do not
# depend on this.
busy_percent() {
    local a b c d e f g t1 i1 t2 i2
    read -r _ a b c d e f g _ < /proc/stat; t1=$((a + b + c + d + e + f + g)); i1=$((d + e))
    sleep 3
    read -r _ a b c d e f g _ < /proc/stat; t2=$((a + b + c + d + e + f + g)); i2=$((d + e))
    echo $((100 - 100 * (i2 - i1) / (t2 - t1)))
}
quiet=0
for _ in $(seq 1 200); do
    busy=$(busy_percent)
    if [ "$busy" -lt 10 ]; then quiet=$((quiet + 1)); else quiet=0; fi
    [ "$quiet" -ge 4 ] && break
done
echo "CPU busy just before timing: ${busy}% (quiet samples: $quiet of 4 wanted)" >> results/machine.txt
# The load average before and after timing tells how busy the (shared) machine was.
echo "load before timing: $(cut -d' ' -f1-3 /proc/loadavg)" >> results/machine.txt
"$bin" time "$@"
echo "load after timing: $(cut -d' ' -f1-3 /proc/loadavg)" >> results/machine.txt
"$bin" callgrind-all
"$bin" report
