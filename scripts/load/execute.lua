-- wrk script: POST the seed's `0.1 + 0.2` request to the decimal tool's execute endpoint with
-- keep-alive, and report p50/p99/p999 latency and the non-2xx count at the end.
-- RECKON_LOAD_METHOD, RECKON_LOAD_PATH and RECKON_LOAD_BODY change the method, the route and the body
-- (bench/compare uses them).
wrk.method = os.getenv("RECKON_LOAD_METHOD") or "POST"
wrk.path = os.getenv("RECKON_LOAD_PATH") or "/v1/tools/decimal-expression-evaluate/versions/1.0.0/execute"
wrk.headers["Content-Type"] = "application/json"
wrk.body = os.getenv("RECKON_LOAD_BODY") or '{"expression": "0.1 + 0.2"}'
if wrk.method == "GET" then
  wrk.body = nil
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format("requests: %d in %.1f s = %.0f req/s\n", summary.requests, seconds, summary.requests / seconds))
  io.write(string.format("latency p50 %.0f us, p99 %.0f us, p99.9 %.0f us, max %.0f us\n",
    latency:percentile(50), latency:percentile(99), latency:percentile(99.9), latency.max))
  io.write(string.format("errors: connect %d, read %d, write %d, timeout %d, non-2xx %d\n",
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout, summary.errors.status))
end
