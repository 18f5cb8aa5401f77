#!/usr/bin/env bash
# Three `reckon serve` replicas behind HAProxy (deploy/haproxy/haproxy.cfg), under load, while one
# is rolled and another dies: nothing may be lost.
#
#   1. starts three replicas on free loopback ports, each with `--drain 2` (on SIGTERM: 2 s in
#      which /healthz answers 503 and requests are still answered, then the listener closes), and
#      HAProxy in front (health checks on /healthz every 0.3 s, retries on another replica);
#   2. drives load through the proxy with wrk (scripts/load/replicas.lua: every request is a
#      different `a * b + c` for decimal-expression-evaluate or calculate and carries its expected
#      answer, which every response is checked against);
#   3. at a third of the run, SIGTERMs replica 1 (it drains and must exit 0) and starts it again on
#      the same port once it has exited, as a rolling update does; at two thirds, SIGKILLs replica 2;
#   4. gates: every response 200 with the right answer, no socket error, replica 1's clean exit,
#      HAProxy's view (replica 2 down, the others up, each having served requests), and the
#      restarted replica 1 answering requests again. Prints requests, req/s, p50, p99, max and
#      HAProxy's retries and redispatches.
#
# Usage: scripts/replicas.sh [--seconds N] [--connections C] [--drain S] [--bin PATH] [--report FILE]
# Defaults: 30 s, 16 connections, a 2 s drain (--drain 0 shows what the drain is for), the release
# binary (built here when missing). HAProxy and wrk
# are installed from Debian's packages when missing. Exits 1 when a gate fails.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=30 connections=16 bin="" report="" drain=2
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --drain) drain=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --report) report=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "replicas.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$seconds" in ''|*[!0-9]*) echo "replicas.sh: --seconds must be a whole number" >&2; exit 2 ;; esac
if [ "$seconds" -lt 15 ] || [ "$seconds" -gt 3600 ]; then
  echo "replicas.sh: the run must last 15 s to 1 h" >&2; exit 2
fi

for package in haproxy wrk; do
  if ! command -v "$package" > /dev/null; then
    echo "installing $package (Debian package)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq "$package" > /dev/null ||
      { apt-get update -qq && apt-get install -y -qq "$package" > /dev/null; }
  fi
done
if [ -z "$bin" ]; then
  cargo build --release --locked --quiet --bin reckon
  bin=target/release/reckon
fi

work=$(mktemp -d)
declare -A replica_pid=() replica_port=()
haproxy_pid="" wrk_pid=""
cleanup() {
  { for pid in "${replica_pid[@]}" $haproxy_pid $wrk_pid; do kill -KILL "$pid" && wait "$pid"; done; } 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# start_replica N [PORT]: starts replica N on PORT (default: a free one) and waits until it listens.
start_replica() {
  local n=$1 port=${2:-0} log="$work/r$1-$(date +%s%N).log"
  RUST_LOG=info,tower_http=warn "$bin" serve --addr "127.0.0.1:$port" --log-format json \
    --drain "$drain" 2> "$log" &
  replica_pid[$n]=$!
  for _ in $(seq 300); do grep -q '"address"' "$log" && break; sleep 0.1; done
  replica_port[$n]=$(python3 -c 'import json,sys; print(next(json.loads(l)["address"] for l in open(sys.argv[1]) if "address" in l).rsplit(":", 1)[1])' "$log") ||
    { cat "$log"; echo "FAIL: replica $n did not start"; exit 1; }
}
for n in 1 2 3; do start_replica "$n"; done
lb_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export RECKON_LB_ADDR="127.0.0.1:$lb_port" RECKON_LB_STATS="$work/haproxy.sock"
export RECKON_REPLICA_1="127.0.0.1:${replica_port[1]}" RECKON_REPLICA_2="127.0.0.1:${replica_port[2]}" RECKON_REPLICA_3="127.0.0.1:${replica_port[3]}"
haproxy -db -f deploy/haproxy/haproxy.cfg > "$work/haproxy.log" 2>&1 &
haproxy_pid=$!
url="http://$RECKON_LB_ADDR"
stats() { # HAProxy's `show stat` CSV for the backend's servers: name status total retries redispatches
  python3 - "$RECKON_LB_STATS" <<'PY'
import csv, socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.sendall(b"show stat\n")
data = b""
while chunk := s.recv(65536): data += chunk
rows = csv.DictReader(data.decode().lstrip("# ").splitlines())
for r in rows:
    if r["pxname"] == "replicas" and r["svname"] not in ("FRONTEND", "BACKEND"):
        print(r["svname"], r["status"].split()[0], r["stot"], r["wretr"] or 0, r["wredis"] or 0)
PY
}
# Ready when the proxy answers and sees the three replicas up.
for _ in $(seq 300); do
  [ -S "$RECKON_LB_STATS" ] && [ "$(stats 2>/dev/null | awk '$2 == "UP"' | wc -l)" -eq 3 ] &&
    curl -sf "$url/healthz" > /dev/null 2>&1 && break
  sleep 0.1
done
[ "$(stats | awk '$2 == "UP"' | wc -l)" -eq 3 ] || { cat "$work/haproxy.log"; stats; echo "FAIL: the proxy does not see three replicas up"; exit 1; }

echo "== replicas: 3 x reckon serve --drain $drain behind HAProxy $(haproxy -v | awk 'NR == 1 {print $3}'); wrk $connections connections for $seconds s; $(nproc) cores shared by all"
wrk -t 2 -c "$connections" -d "${seconds}s" --timeout 10s -s scripts/load/replicas.lua "$url" > "$work/wrk.txt" 2>&1 &
wrk_pid=$!
started=$(date +%s%N)
at() { # sleeps until $1 seconds after the load started
  local wait_ns=$(( started + $1 * 1000000000 - $(date +%s%N) ))
  [ "$wait_ns" -gt 0 ] && sleep "$(awk -v ns="$wait_ns" 'BEGIN {printf "%.3f", ns / 1e9}')"
  return 0
}

at $(( seconds / 3 ))
echo "-- $(( seconds / 3 )) s: SIGTERM to replica 1 (drains ${drain} s, then stops)"
kill -TERM "${replica_pid[1]}"
drain_health=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:${replica_port[1]}/healthz" || true)
r1_rc=0; wait "${replica_pid[1]}" || r1_rc=$?
echo "-- replica 1 exited with status $r1_rc; starting it again on port ${replica_port[1]}"
start_replica 1 "${replica_port[1]}"
at $(( 2 * seconds / 3 ))
echo "-- $(( 2 * seconds / 3 )) s: SIGKILL to replica 2"
{ kill -KILL "${replica_pid[2]}" && wait "${replica_pid[2]}"; } 2> /dev/null || true
unset 'replica_pid[2]'
wrk_rc=0; wait "$wrk_pid" || wrk_rc=$?
wrk_pid=""
final_stats=$(stats)
restarted_served=$(curl -s "http://127.0.0.1:${replica_port[1]}/metrics" |
  awk '/^reckon_http_requests_total/ && /execute/ {n += $NF} END {print n + 0}')

field() { awk -v k="$1" '$1 == "REPLICAS" && $2 == k {print $3}' "$work/wrk.txt"; }
grep -q '^REPLICAS requests' "$work/wrk.txt" || { cat "$work/wrk.txt"; echo "FAIL: wrk gave no summary (status $wrk_rc)"; exit 1; }
requests=$(field requests) responses=$(field responses) wrong=$(field wrong)
ok=$(field status_200); ok=${ok:-0}
not_ok=$(( responses - ok ))
socket_errors=$(( $(field errors_connect) + $(field errors_read) + $(field errors_write) + $(field errors_timeout) ))
server_field() { echo "$final_stats" | awk -v s="$1" -v f="$2" '$1 == s {print $f}'; }
retries=$(echo "$final_stats" | awk '{n += $4} END {print n + 0}')
redispatches=$(echo "$final_stats" | awk '{n += $5} END {print n + 0}')
us_ms() { awk -v us="$1" 'BEGIN {printf "%.2f ms", us / 1000}'; }

failures=0
gate() { # gate NAME CONDITION-RESULT(0 ok) DETAIL
  if [ "$2" -eq 0 ]; then echo "| $1 | pass | $3 |"; else echo "| $1 | **FAIL** | $3 |"; failures=$(( failures + 1 )); fi
}
{
  echo "## replicas: $seconds s, $(date -u +%Y-%m-%dT%H:%MZ)"
  echo
  echo "| requests | req/s | p50 | p99 | max | non-200 | wrong answers | socket errors | HAProxy retries | redispatches |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  echo "| $requests | $(awk -v n="$requests" -v s="$(field seconds)" 'BEGIN {printf "%.0f", n / s}') | $(us_ms "$(field p50_us)") | $(us_ms "$(field p99_us)") | $(us_ms "$(field max_us)") | $not_ok | $wrong | $socket_errors | $retries | $redispatches |"
  echo
  echo "HAProxy at the end (server, status, requests sent, retries, redispatches): $(echo "$final_stats" | paste -sd ';' | sed 's/;/; /g')."
  echo "Replica 1's /healthz right after its SIGTERM: $drain_health. The restarted replica 1 answered $restarted_served execute requests."
  echo
  echo "| gate | result | detail |"
  echo "| --- | --- | --- |"
  gate "every response 200 with its right answer" "$([ "$responses" -gt 0 ] && [ "$not_ok" -eq 0 ] && [ "$wrong" -eq 0 ] && echo 0 || echo 1)" "$responses responses: $not_ok not 200 ($(grep '^REPLICAS status_' "$work/wrk.txt" | sed 's/REPLICAS status_//' | paste -sd ',')), $wrong wrong"
  gate "no socket errors" "$socket_errors" "$socket_errors connect/read/write/timeout errors"
  gate "SIGTERM: replica 1 drained and exited 0" "$r1_rc" "exit status $r1_rc"
  gate "SIGKILL: HAProxy took replica 2 out" "$([ "$(server_field r2 2)" = DOWN ] && echo 0 || echo 1)" "r2 $(server_field r2 2)"
  gate "every replica served, the survivors are up" "$([ "$(server_field r1 2)" = UP ] && [ "$(server_field r3 2)" = UP ] && [ "$(server_field r1 3)" -gt 0 ] && [ "$(server_field r2 3)" -gt 0 ] && [ "$(server_field r3 3)" -gt 0 ] && [ "$restarted_served" -gt 0 ] && echo 0 || echo 1)" "sent to r1 $(server_field r1 3) (restarted: $restarted_served), r2 $(server_field r2 3), r3 $(server_field r3 3)"
} > "$work/report.md"
cat "$work/report.md"
grep '^REPLICAS_SAMPLE' "$work/wrk.txt" || true
if [ -n "$report" ]; then cp "$work/report.md" "$report"; fi
if [ "$failures" -gt 0 ]; then
  echo "replicas.sh: $failures gate(s) failed" >&2
  tail -n 20 "$work/haproxy.log" >&2
  exit 1
fi
