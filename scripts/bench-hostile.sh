#!/usr/bin/env bash
# Wall time of every hostile case (tests/hostile/, heavy cases included) through the library, in a
# release build: a Markdown table of case, work units, fastest and median wall time, the CPU time
# of the fastest round, work units per CPU millisecond, and the answer. Target: every case under
# 5 ms. Timings only; nothing is asserted (the answers and work bounds are asserted by
# `cargo test -p reckon-tools --test hostile`, and with `--release -- --ignored` for the heavy ones).
#   scripts/bench-hostile.sh [--rounds N] [--over MS] [TOOL | heavy/calculate ...]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --locked --quiet --release -p reckon-bench --bin hostile
exec target/release/hostile "$@"
