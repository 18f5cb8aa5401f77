#!/usr/bin/env bash
# Runs one fuzz target for a bounded time: scripts/fuzz.sh TARGET [SECONDS] [-- libFuzzer options]
#
# Targets (fuzz/fuzz_targets/): decimal_bytes calc_bytes calculate_bytes decimal_ast calc_ast
# calculate_ast http_request. Seeds come from tests/cases (scripts/fuzz-seeds.py); a crash leaves
# its input in fuzz/artifacts/TARGET/ and makes this script fail; replay it with
# `cargo +nightly fuzz run TARGET fuzz/artifacts/TARGET/crash-...` from the repository root.
#
# libFuzzer needs a nightly toolchain (cargo-fuzz passes -Z flags). Without one, the script falls
# back to the stable replay harness (`cargo test` in fuzz/, which runs every seed and a fixed
# number of pseudo-random structured cases through the same invariants) and says so: that is
# not coverage-guided fuzzing.
#
# Environment: FUZZ_SANITIZER (default none: every reckon crate forbids unsafe code, and without
# ASan a run does about twice the executions; set `address` to check dependencies' unsafe code),
# FUZZ_JOBS (parallel libFuzzer workers, default 1).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
target=${1:?usage: scripts/fuzz.sh TARGET [SECONDS] [-- libFuzzer options]}
seconds=${2:-60}
shift $(( $# >= 2 ? 2 : 1 ))
[[ "${1:-}" == "--" ]] && shift

if [[ ! -f "$root/fuzz/fuzz_targets/$target.rs" ]]; then
    echo "fuzz.sh: no target $target; targets: $(cd "$root/fuzz/fuzz_targets" && ls | sed 's/\.rs$//' | tr '\n' ' ')" >&2
    exit 2
fi

if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    echo "fuzz.sh: WARNING: no nightly toolchain, so no libFuzzer; running the stable replay harness instead (seeds and fixed pseudo-random cases, not coverage-guided fuzzing)" >&2
    python3 "$root/scripts/fuzz-seeds.py" "$target" >/dev/null
    cd "$root/fuzz"
    FUZZ_TARGET="$target" FUZZ_SECONDS="$seconds" exec cargo +stable test --no-default-features -- --nocapture replay
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz.sh: installing cargo-fuzz" >&2
    cargo install --locked cargo-fuzz
fi

python3 "$root/scripts/fuzz-seeds.py" "$target" >/dev/null
cd "$root"
mkdir -p "fuzz/corpus/$target"
# A target seeded from the case files (every one but the structure-aware `*_ast` ones, see
# scripts/fuzz-seeds.py) that finds no seeds would start from nothing: a broken set-up, not a pass.
if [[ "$target" != *_ast && -z "$(ls -A "fuzz/corpus/$target")" ]]; then
    echo "fuzz.sh: no seed inputs in fuzz/corpus/$target (scripts/fuzz-seeds.py wrote none)" >&2
    exit 1
fi
# -timeout: a single input taking 30 s is a hang. Every tool bounds its work far below that,
# but the harness runs each input through two paths, and calculate's most expensive admitted
# inputs (about 2 s in a release build) reach its 5 s wall-clock backstop in a fuzzing build:
# two such runs under load took over 10 s, the limit before;
# -rss_limit_mb: memory a bounded tool must never approach; -max_len: bodies past the server's
# 64 KiB limit are refused before any tool runs.
exec cargo +nightly fuzz run --sanitizer "${FUZZ_SANITIZER:-none}" --jobs "${FUZZ_JOBS:-1}" \
    "$target" "fuzz/corpus/$target" -- \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$@"
