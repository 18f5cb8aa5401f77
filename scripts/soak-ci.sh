#!/usr/bin/env bash
# The short soak for CI (about 45 s in all): scripts/soak.sh for 15 s on the debug binary that the
# test run already built, with fewer clients (a debug build is about ten times slower), the same
# mix, slowloris and gates. Exits non-zero when a gate fails. Extra arguments go to soak.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --locked --quiet --bin reckon
exec scripts/soak.sh --seconds 15 --bin target/debug/reckon --connections 16 --close-connections 2 \
  --slowloris 200 --port 18183 "$@"
