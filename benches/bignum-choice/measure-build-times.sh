#!/usr/bin/env bash
# Clean release build time of this package with each backend alone (and with none, and with all),
# in a separate target directory so the benchmark binary in target/release is left alone.
# Writes results/build-times.tsv. Sources are fetched first, so no download is timed.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p results
cargo fetch --locked
export CARGO_TARGET_DIR=target/build-time
out=results/build-times.tsv
printf 'features\tseconds\n' > "$out"
for features in none num malachite dashu-int dashu all; do
    cargo clean --quiet
    args=(build --release --locked --quiet)
    case "$features" in
        none) args+=(--no-default-features) ;;
        all) ;;
        *) args+=(--no-default-features --features "$features") ;;
    esac
    start=$(date +%s.%N)
    cargo "${args[@]}"
    end=$(date +%s.%N)
    seconds=$(awk "BEGIN { print $end - $start }")
    printf '%s\t%.1f\n' "$features" "$seconds" | tee -a "$out"
done
cargo clean --quiet
