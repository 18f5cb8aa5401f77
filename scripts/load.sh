#!/usr/bin/env bash
# Load test of `reckon serve` on loopback with wrk (Debian's package; installed here if missing).
# Bounded: it runs for DURATION seconds (default 10) and then stops the server it started.
# Usage: scripts/load.sh [DURATION_SECONDS] [CONNECTIONS] [WRK_THREADS] [SERVER_WORKERS]
# The body can be changed with RECKON_LOAD_BODY='{"expression": "..."}'.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
connections=${2:-64}
threads=${3:-1}
workers=${4:-1}
port=${RECKON_LOAD_PORT:-18181}
if ! command -v wrk >/dev/null; then
  echo "installing wrk (Debian package)" >&2
  apt-get install -y -qq wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
fi
cargo build --release --quiet --bin reckon
RUST_LOG=warn target/release/reckon serve --addr "127.0.0.1:$port" --workers "$workers" --max-concurrency 4096 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
echo "wrk: ${duration}s, ${connections} keep-alive connections, ${threads} wrk thread(s); server: ${workers} worker(s); $(nproc) cores shared by both"
wrk --latency -t "$threads" -c "$connections" -d "${duration}s" -s scripts/load/execute.lua "http://127.0.0.1:$port" | sed -n '/^requests:/,$p'
kill -TERM "$server"
wait "$server" || true
