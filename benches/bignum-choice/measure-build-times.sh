#!/usr/bin/env bash
# Clean release build time of this package with each backend alone (and with none, and with all),
# in a separate target directory so the benchmark binary in target/release is left alone.
# Writes results/build-times.tsv: wall-clock seconds, and the CPU seconds (user + system, all
# compiler processes) that do not grow when other work shares the 2 cores. Sources are fetched
# first, so no download is timed.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p results
cargo fetch --locked
export CARGO_TARGET_DIR=target/build-time
out=results/build-times.tsv
printf 'features\tseconds\tcpu_seconds\tload_1min_after\n' > "$out"
for features in none num malachite dashu-int dashu all; do
    cargo clean --quiet
    mkdir -p target
    args=(build --release --locked --quiet)
    case "$features" in
        none) args+=(--no-default-features) ;;
        all) ;;
        *) args+=(--no-default-features --features "$features") ;;
    esac
    TIMEFORMAT='%R %U %S'
    { time cargo "${args[@]}" 2> target/build-time.log; } 2> target/build-time.time
    read -r wall user system < target/build-time.time
    printf '%s\t%.1f\t%.1f\t%s\n' "$features" "$wall" "$(awk "BEGIN { print $user + $system }")" \
        "$(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out"
done
cargo clean --quiet
