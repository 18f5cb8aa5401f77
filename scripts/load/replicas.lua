-- wrk script of scripts/replicas.sh: every request asks a different sum (`a * b + c`, random
-- integers) of decimal-expression-evaluate or calculate, and carries its expected answer in
-- `x-request-id`, which reckon sends back with the response. So each response is checked
-- against its own request's answer, whichever replica answered it. Prints "REPLICAS key value"
-- lines at the end: requests, statuses, wrong answers, socket errors, latency.

local threads = {}
local next_id = 0

function setup(thread)
  next_id = next_id + 1
  thread:set("id", next_id)
  table.insert(threads, thread)
end

local paths = {
  d = "/v1/tools/decimal-expression-evaluate/versions/1.0.0/execute",
  c = "/v1/tools/calculate/versions/1.0.0/execute",
}
-- What the answer's body must contain, for each tool.
local fields = { d = '"value":"', c = '"result":"' }

counts = {}
wrong = 0
sample = ""

function init(args)
  math.randomseed(os.time() * 1000 + (id or 0) * 7919)
end

function request()
  -- Integers far below 2^53, so Lua's doubles hold the expected value exactly.
  local a, b, c = math.random(1, 99999), math.random(1, 99999), math.random(0, 999999)
  local tool = (math.random(4) == 1) and "c" or "d"
  local expected = string.format("%.0f", a * b + c)
  local body = string.format('{"expression": "%d * %d + %d"}', a, b, c)
  return wrk.format("POST", paths[tool], {
    ["Content-Type"] = "application/json",
    ["X-Request-Id"] = tool .. "-" .. expected,
  }, body)
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
  if status ~= 200 then
    return
  end
  local id = headers["x-request-id"] or headers["X-Request-Id"] or ""
  local tool, expected = id:match("^(%a)%-(%d+)$")
  if tool == nil or fields[tool] == nil
      or not body:find(fields[tool] .. expected .. '"', 1, true) then
    wrong = wrong + 1
    if sample == "" then
      sample = id .. " " .. body
    end
  end
end

function done(summary, latency, requests)
  io.write(string.format("REPLICAS requests %d\n", summary.requests))
  io.write(string.format("REPLICAS seconds %.2f\n", summary.duration / 1e6))
  io.write(string.format("REPLICAS p50_us %d\nREPLICAS p99_us %d\nREPLICAS max_us %d\n",
    latency:percentile(50), latency:percentile(99), latency.max))
  io.write(string.format("REPLICAS errors_connect %d\nREPLICAS errors_read %d\nREPLICAS errors_write %d\nREPLICAS errors_timeout %d\n",
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
  local merged, wrong_total, checked = {}, 0, 0
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("counts")) do
      merged[status] = (merged[status] or 0) + n
      checked = checked + n
    end
    wrong_total = wrong_total + thread:get("wrong")
    local s = thread:get("sample")
    if s ~= "" then
      io.write("REPLICAS_SAMPLE " .. s .. "\n")
    end
  end
  io.write(string.format("REPLICAS responses %d\n", checked))
  io.write(string.format("REPLICAS wrong %d\n", wrong_total))
  for status, n in pairs(merged) do
    io.write(string.format("REPLICAS status_%d %d\n", status, n))
  end
end
