#!/usr/bin/env bash
# Load and soak test of `reckon serve` on loopback, bounded in time, with pass/fail gates.
#
# Runs, at the same time and for the whole duration:
#   - wrk, keep-alive: --connections connections POSTing a weighted mix of valid, invalid and
#     hostile requests to the three tools over the HTTP API and MCP (scripts/load/soak_mix.py,
#     scripts/load/mix.lua);
#   - wrk, new connections: --close-connections connections sending the same mix with
#     `Connection: close` (one TCP connection per request);
#   - scripts/load/slowloris.py: --slowloris connections trickling request heads that never end,
#     plus a probe sending an ordinary request on a new connection every 0.5 s.
# Before the load, every request of the mix is sent once and must get its expected status.
#
# Gates (the script exits 1 when one fails):
#   1. statuses: every response is 200, 400, 413 or 422, the statuses the mix is built to get. So
#      responses that are neither 2xx nor 4xx: 0; 5xx: 0; and no 408 (deadline), 503 (shed),
#      401/404/405/415 (a broken mix) either;
#   2. wrk's socket errors (connect, read, write, timeout after 15 s): 0;
#   3. memory flat, two ways, both comparing the server with itself after a warm-up (the first
#      sixth of the run, 5 to 60 s), while the clients run: its tool threads started (each keeps
#      the stack pages a deeply nested call touched, and its allocator heap) and the allocator at
#      its working size. RSS is sampled every 0.5 s.
#      (a) Low water: the lowest RSS over the last W s of the load <= the lowest RSS over the W s
#      right after the warm-up + max(12 MiB, 10 %), W being a tenth of the run (3 to 60 s). The
#      lowest sample of a window leaves out the swings of the requests in flight (a heavy
#      calculate request builds a million-element range); a leak raises the low water too.
#      Measured on 2026-12-05 on the shared 2-core machine (other builds running), RSS sampled
#      every 0.5 s, `--samples` kept: scripts/soak-ci.sh (debug, 15 s, 18,000 to 36,000
#      requests), 3 runs as the machine was (load average 4 to 5) and 3 beside one
#      `sha256sum /dev/zero` per core (load average 5 to 6): RSS 58 to 80 MiB during the load,
#      single samples 10 to 17 MiB apart within a run, and a low water (after the warm-up -> at
#      the end) of 61->64, 59->58, 59->59, 59->61, 63->65, 60->60 MiB; scripts/soak.sh (release,
#      60 s, 965,000 and 1,004,000 requests, load average 6 to 8): 41->42 and 38->42 MiB. So a
#      growth of 4 MiB at most. 12 MiB is three times that, and a leak of 2 KiB a request still
#      fails a CI run (8,000 to 17,000 requests between its two windows, loaded or not). Then ten
#      CI runs in a row beside the two hogs (load average 5 to 8) all passed, with growths from
#      -5 to +4 MiB.
#      Not idle RSS before the load against idle RSS after it, which this gate was until then: the
#      tool threads outlive the load by tokio's 10 s keep-alive, so the idle figure depended on
#      whether they had exited yet when it was read (56 to 69 MiB while they lived, 32 to 38 MiB
#      after, against 32 to 35 MiB before the load in the same runs); a fresh-clone CI run failed
#      on 69 MiB against 34. Both idle figures are still reported.
#      (b) No trend, for runs of 5 minutes or more: the samples after the warm-up are split in
#      two halves, and the peak of the second must be <= the peak of the first + max(16 MiB,
#      10 %). Peaks, because RSS swings by a hundred MiB and more with the requests in flight;
#      shorter runs see too few heavy requests for their peaks to compare;
#   4. descriptors: once the clients have stopped and idle connections have timed out, the server
#      holds no more file descriptors than before the load;
#   5. slowloris: every probe answered correctly (and the slow connections were closed by the
#      server's header timeout, reported);
#   6. the server answers /healthz after the load and exits 0 on SIGTERM.
#
# Usage: scripts/soak.sh [--seconds N | --minutes M] [--connections C] [--close-connections K]
#          [--slowloris S] [--workers W] [--bin PATH] [--port P] [--report FILE] [--samples FILE]
# --samples keeps the RSS samples (one line each: time in ms, RSS in KiB, descriptors, threads).
# Defaults: 60 s, C=32, K=4, S=500, W=2, the release binary (built here), port 18182.
# scripts/soak-ci.sh is the short variant for CI.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60 connections=32 close_connections=4 slowloris=500 workers=2 bin="" port=18182 report="" samples=""
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --minutes) seconds=$(( $2 * 60 )); shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --close-connections) close_connections=$2; shift 2 ;;
    --slowloris) slowloris=$2; shift 2 ;;
    --workers) workers=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --report) report=$2; shift 2 ;;
    --samples) samples=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "soak.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$seconds" in ''|*[!0-9]*) echo "soak.sh: --seconds must be a whole number" >&2; exit 2 ;; esac
if [ "$seconds" -lt 15 ] || [ "$seconds" -gt 7200 ]; then
  echo "soak.sh: the run must last 15 s to 2 h" >&2; exit 2
fi

if ! command -v wrk >/dev/null; then
  echo "installing wrk (Debian package)" >&2
  apt-get install -y -qq wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
fi
if [ -z "$bin" ]; then
  cargo build --release --locked --quiet --bin reckon
  bin=target/release/reckon
fi

header_timeout=10
work=$(mktemp -d)
server=""
cleanup() {
  for pid in ${pids:-}; do kill "$pid" 2>/dev/null || true; done
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

python3 scripts/load/soak_mix.py --out "$work/mix.tsv"
RUST_LOG=warn "$bin" serve --addr "127.0.0.1:$port" --workers "$workers" \
  --header-timeout "$header_timeout" 2> "$work/server.log" &
server=$!
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
url="http://127.0.0.1:$port"

rss_kib() { awk '/^VmRSS:/ {print $2}' "/proc/$server/status"; }
now_ms() { date +%s%3N; }
fds() { ls "/proc/$server/fd" | wc -l; }
threads() { awk '/^Threads:/ {print $2}' "/proc/$server/status"; }

echo "== preflight: every request of the mix once"
preflight=$(python3 scripts/load/soak_mix.py --check "$url" 2>&1) || { echo "$preflight"; echo "FAIL: preflight"; exit 1; }
echo "$preflight"
# Let the preflight's connections time out, so that the baseline holds only the listener.
sleep $(( header_timeout + 1 ))
fd_start=$(fds) rss_start=$(rss_kib)

echo "== load: ${seconds} s; wrk ${connections} keep-alive + ${close_connections} new-connection clients; ${slowloris} slowloris connections; server ${workers} worker(s); $(nproc) cores shared by all"
( while kill -0 "$server" 2>/dev/null; do
    echo "$(now_ms) $(rss_kib) $(fds) $(threads)"
    sleep 0.5
  done ) > "$work/samples" 2>/dev/null &
sampler=$!
RECKON_SOAK_MIX="$work/mix.tsv" wrk -t 1 -c "$connections" -d "${seconds}s" --timeout 15s \
  -s scripts/load/mix.lua "$url" > "$work/wrk-keepalive.txt" 2>&1 &
wrk_keepalive=$!
RECKON_SOAK_MIX="$work/mix.tsv" RECKON_SOAK_CLOSE=1 wrk -t 1 -c "$close_connections" -d "${seconds}s" \
  --timeout 15s -s scripts/load/mix.lua "$url" > "$work/wrk-close.txt" 2>&1 &
wrk_close=$!
python3 scripts/load/slowloris.py --port "$port" --connections "$slowloris" --seconds "$seconds" \
  > "$work/slowloris.json" 2> "$work/slowloris.err" &
loris=$!
pids="$sampler $wrk_keepalive $wrk_close $loris"
warm=$(( seconds / 6 )); [ "$warm" -lt 5 ] && warm=5; [ "$warm" -gt 60 ] && warm=60
window=$(( seconds / 10 )); [ "$window" -lt 3 ] && window=3; [ "$window" -gt 60 ] && window=60
load_started=$(now_ms)
sleep "$warm"
rss_warm=$(rss_kib)
wait "$wrk_keepalive" || true
wait "$wrk_close" || true
load_ended=$(now_ms)
rss_end=$(rss_kib) fd_peak_end=$(fds) threads_end=$(threads)
loris_ok=1; wait "$loris" || loris_ok=0
sleep $(( header_timeout + 2 ))
fd_end=$(fds) rss_idle=$(rss_kib) threads_idle=$(threads)
health=$(curl -s -o /dev/null -w '%{http_code}' "$url/healthz" || true)
kill "$sampler" 2>/dev/null || true
kill -TERM "$server"
server_rc=0; wait "$server" || server_rc=$?
server=""

field() { awk -v k="$2" '$1 == "SOAK" && $2 == k {print $3}' "$1"; }
sum_field() { echo $(( $(field "$work/wrk-keepalive.txt" "$1" || true) + $(field "$work/wrk-close.txt" "$1" || true) )); }
for f in "$work/wrk-keepalive.txt" "$work/wrk-close.txt"; do
  grep -q '^SOAK requests' "$f" || { cat "$f"; echo "FAIL: wrk gave no summary"; exit 1; }
done
total=$(sum_field requests)
statuses=$(cat "$work/wrk-keepalive.txt" "$work/wrk-close.txt" | awk '$1 == "SOAK" && $2 ~ /^status_/ {sub("status_", "", $2); n[$2] += $3} END {for (s in n) print s, n[s]}' | sort -n)
count_of() { echo "$statuses" | awk -v s="$1" '$1 == s {print $2}' | grep . || echo 0; }
class() { echo "$statuses" | awk -v lo="$1" -v hi="$2" '$1 >= lo && $1 <= hi {n += $2} END {print n + 0}'; }
c2xx=$(class 200 299) c4xx=$(class 400 499) c5xx=$(class 500 599)
other=$(( total - c2xx - c4xx - c5xx ))
expected=$(( $(count_of 200) + $(count_of 400) + $(count_of 413) + $(count_of 422) ))
unexpected=$(( total - expected ))
socket_errors=0
for e in errors_connect errors_read errors_write errors_timeout; do socket_errors=$(( socket_errors + $(sum_field "$e") )); done
# The peaks of the two halves of the samples taken after the warm-up and before the load ended.
read -r peak_first peak_second <<< "$(awk -v from=$(( load_started + warm * 1000 )) -v to="$load_ended" \
  '$1 >= from && $1 < to {t[n] = $1; r[n++] = $2}
   END {for (i = 0; i < n; i++) if (i < n / 2) {if (r[i] > a) a = r[i]} else {if (r[i] > b) b = r[i]}; print a + 0, b + 0}' "$work/samples")"
tolerance=$(( peak_first / 10 )); [ "$tolerance" -lt 16384 ] && tolerance=16384
rss_growth=$(( peak_second - peak_first ))
# The lowest RSS sampled from $1 to $2 (ms), or nothing when no sample fell in that time.
rss_low() { awk -v from="$1" -v to="$2" '$1 >= from && $1 < to && $2 != "" {if (!n++ || $2 < m) m = $2} END {if (n) print m}' "$work/samples"; }
low_warm=$(rss_low $(( load_started + warm * 1000 )) $(( load_started + (warm + window) * 1000 )))
low_end=$(rss_low $(( load_ended - window * 1000 )) "$load_ended")
low_tolerance=$(( ${low_warm:-0} / 10 )); [ "$low_tolerance" -lt 12288 ] && low_tolerance=12288
low_growth=$(( ${low_end:-0} - ${low_warm:-0} ))
# Per-minute RSS (MiB): min-max over the load, for the report.
rss_minutes=$(awk -v from="$load_started" -v to="$load_ended" '$1 >= from && $1 < to {m = int(($1 - from) / 60000); if (!(m in lo) || $2 < lo[m]) lo[m] = $2; if ($2 > hi[m]) hi[m] = $2; if (m > last) last = m}
  END {for (m = 0; m <= last; m++) printf "%s%d–%d", (m ? ", " : ""), lo[m] / 1024, hi[m] / 1024}' "$work/samples")

failures=0
gate() { # gate NAME CONDITION-RESULT(0 ok) DETAIL
  if [ "$2" -eq 0 ]; then echo "| $1 | pass | $3 |"; else echo "| $1 | **FAIL** | $3 |"; failures=$(( failures + 1 )); fi
}
us_ms() { awk -v us="$1" 'BEGIN {printf "%.2f ms", us / 1000}'; }
{
  echo "## soak: $seconds s, $(date -u +%Y-%m-%dT%H:%MZ)"
  echo
  echo "Server: \`reckon serve --workers $workers --header-timeout $header_timeout\` ($bin); clients on the same $(nproc) cores."
  echo "Mix: ${preflight#mix: }"
  echo
  echo "| client | requests | req/s | p50 | p99 | p99.9 | max |"
  echo "| --- | --- | --- | --- | --- | --- | --- |"
  for kind in keepalive close; do
    f="$work/wrk-$kind.txt"
    n=$(field "$f" requests); s=$(field "$f" seconds)
    label="wrk $connections keep-alive"; [ "$kind" = close ] && label="wrk $close_connections new-connection"
    echo "| $label | $n | $(awk -v n="$n" -v s="$s" 'BEGIN {printf "%.0f", n / s}') | $(us_ms "$(field "$f" p50_us)") | $(us_ms "$(field "$f" p99_us)") | $(us_ms "$(field "$f" p999_us)") | $(us_ms "$(field "$f" max_us)") |"
  done
  echo
  echo "Responses: $total in all; by status: $(echo "$statuses" | awk '{printf "%s%s %s", sep, $1, $2; sep = ", "}'); 2xx $c2xx, 4xx $c4xx, 5xx $c5xx, other $other."
  echo "Server: RSS $(( rss_start / 1024 )) MiB before the load, $(( rss_warm / 1024 )) MiB after the ${warm} s warm-up, $(( rss_end / 1024 )) MiB at the end; $threads_end threads and $fd_peak_end descriptors at the end of the load; descriptors $fd_start before, $fd_end after."
  echo "RSS per minute of load, min–max MiB: $rss_minutes. Peak after the warm-up: $(( peak_first / 1024 )) MiB in the first half, $(( peak_second / 1024 )) MiB in the second. RSS $(( rss_idle / 1024 )) MiB once idle after the load, with $threads_idle threads (tool threads exit 10 s after their last call)."
  echo "Slowloris: $(cat "$work/slowloris.json")"
  echo
  echo "| gate | result | detail |"
  echo "| --- | --- | --- |"
  gate "statuses all 200/400/413/422" "$unexpected" "unexpected $unexpected (5xx $c5xx; neither 2xx nor 4xx $(( c5xx + other )))"
  gate "no socket errors" "$socket_errors" "$socket_errors connect/read/write/timeout errors"
  gate "memory flat: low-water RSS after the warm-up and at the end" "$([ -n "$low_warm" ] && [ -n "$low_end" ] && [ "$low_growth" -le "$low_tolerance" ] && echo 0 || echo 1)" "lowest RSS over ${window} s: $(( ${low_warm:-0} / 1024 )) MiB after the ${warm} s warm-up, $(( ${low_end:-0} / 1024 )) MiB at the end of the load (growth $(( low_growth / 1024 )) MiB); tolerance $(( low_tolerance / 1024 )) MiB"
  if [ "$seconds" -ge 300 ]; then
    gate "memory flat: no trend in the peaks" "$([ "$rss_growth" -le "$tolerance" ] && echo 0 || echo 1)" "peak RSS of the second half minus the first: $(( rss_growth / 1024 )) MiB; tolerance $(( tolerance / 1024 )) MiB"
  fi
  gate "no descriptor leak" "$([ "$fd_end" -le "$fd_start" ] && echo 0 || echo 1)" "$fd_start before, $fd_end after"
  gate "ordinary clients answered under slowloris" "$([ "$loris_ok" -eq 1 ] && echo 0 || echo 1)" "probes: $(python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(s["probe_ok"], "ok,", s["probe_failed"], "failed, max", s["probe_latency_s"]["max"], "s")' "$work/slowloris.json" 2>/dev/null || echo 'no summary')"
  gate "alive, clean exit" "$([ "$health" = 200 ] && [ "$server_rc" -eq 0 ] && echo 0 || echo 1)" "/healthz $health after the load; exit status $server_rc on SIGTERM"
} > "$work/report.md"
cat "$work/report.md"
if [ -n "$report" ]; then cp "$work/report.md" "$report"; fi
if [ -n "$samples" ]; then cp "$work/samples" "$samples"; fi
failures=$(grep -c '\*\*FAIL\*\*' "$work/report.md" || true)
if [ "$failures" -gt 0 ]; then
  echo "soak.sh: $failures gate(s) failed" >&2
  tail -n 20 "$work/server.log" >&2
  exit 1
fi
