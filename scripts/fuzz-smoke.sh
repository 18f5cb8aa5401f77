#!/usr/bin/env bash
# A smoke run of every fuzz target, for CI: scripts/fuzz-smoke.sh [SECONDS_PER_TARGET]
#
# Builds the targets once (cargo-fuzz, nightly), then runs each for SECONDS_PER_TARGET (default
# 60) from its seed corpus, two at a time (FUZZ_PARALLEL); any crash fails the run. With the
# default, the seven targets take about four minutes plus the build. Without a nightly toolchain it runs the stable replay harness
# instead and says so (see scripts/fuzz.sh).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
targets=(decimal_bytes calc_bytes calculate_bytes decimal_ast calc_ast calculate_ast http_request)

if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    echo "fuzz-smoke: WARNING: no nightly toolchain, so no libFuzzer: running the stable replay harness (${seconds}s of pseudo-random inputs per target), which is not coverage-guided fuzzing" >&2
    python3 "$root/scripts/fuzz-seeds.py" >/dev/null
    cd "$root/fuzz"
    FUZZ_SECONDS="$seconds" exec cargo +stable test --no-default-features -- --nocapture replay
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz-smoke: installing cargo-fuzz" >&2
    cargo install --locked cargo-fuzz
fi

cd "$root"
started=$SECONDS
cargo +nightly fuzz build --sanitizer "${FUZZ_SANITIZER:-none}"
echo "fuzz-smoke: built in $((SECONDS - started)) s"
# Two targets at a time (FUZZ_PARALLEL): CI has two cores, and each libFuzzer run uses one.
parallel=${FUZZ_PARALLEL:-2}
logs=$(mktemp -d)
run() {
    local target=$1
    if "$root/scripts/fuzz.sh" "$target" "$seconds" >"$logs/$target.log" 2>&1; then
        echo "fuzz-smoke: $target ok: $(grep -E '^stat::number_of_executed_units' "$logs/$target.log" | sed 's/.*: *//') runs in ${seconds} s"
    else
        tail -n 60 "$logs/$target.log"
        echo "fuzz-smoke: $target FAILED; the input is in fuzz/artifacts/$target/" >&2
        return 1
    fi
}
failed=0
pids=()
for target in "${targets[@]}"; do
    run "$target" &
    pids+=($!)
    if (( ${#pids[@]} >= parallel )); then
        wait "${pids[0]}" || failed=1
        pids=("${pids[@]:1}")
    fi
done
for pid in "${pids[@]}"; do
    wait "$pid" || failed=1
done
rm -rf "$logs"
if (( failed )); then
    exit 1
fi
echo "fuzz-smoke: every target ran ${seconds} s without a crash ($((SECONDS - started)) s in all)"
