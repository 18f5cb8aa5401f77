-- wrk script of scripts/soak.sh: POSTs requests drawn by weight from the mix file that
-- scripts/load/soak_mix.py wrote (RECKON_SOAK_MIX), counts every response by status, and prints
-- machine-readable "SOAK key value" lines at the end.
-- RECKON_SOAK_CLOSE=1 adds `Connection: close`, so that every request opens a new connection.

local mix_path = os.getenv("RECKON_SOAK_MIX")
local close = os.getenv("RECKON_SOAK_CLOSE") == "1"
local threads = {}
local next_id = 0

function setup(thread)
  next_id = next_id + 1
  thread:set("id", next_id)
  table.insert(threads, thread)
end

local requests, cumulative, total = {}, {}, 0
counts = {}

local function unhex(hex)
  return (hex:gsub("%x%x", function(pair) return string.char(tonumber(pair, 16)) end))
end

function init(args)
  math.randomseed(os.time() * 1000 + (id or 0) * 7919 + (close and 1 or 0))
  for line in io.lines(mix_path) do
    local name, weight, expect, path, hex = line:match("^([^\t]+)\t(%d+)\t(%d+)\t([^\t]+)\t(%x*)$")
    if name == nil then
      error("bad line in the mix file: " .. line)
    end
    local headers = { ["Content-Type"] = "application/json" }
    if path == "/mcp" then
      headers["Accept"] = "application/json, text/event-stream"
    end
    if close then
      headers["Connection"] = "close"
    end
    total = total + tonumber(weight)
    table.insert(cumulative, total)
    table.insert(requests, wrk.format("POST", path, headers, unhex(hex)))
  end
end

function request()
  local draw = math.random(total)
  for i, bound in ipairs(cumulative) do
    if draw <= bound then
      return requests[i]
    end
  end
  return requests[#requests]
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end

function done(summary, latency, requests)
  io.write(string.format("SOAK requests %d\n", summary.requests))
  io.write(string.format("SOAK seconds %.2f\n", summary.duration / 1e6))
  io.write(string.format("SOAK p50_us %d\nSOAK p99_us %d\nSOAK p999_us %d\nSOAK max_us %d\n",
    latency:percentile(50), latency:percentile(99), latency:percentile(99.9), latency.max))
  io.write(string.format("SOAK errors_connect %d\nSOAK errors_read %d\nSOAK errors_write %d\nSOAK errors_timeout %d\n",
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
  local merged = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("counts")) do
      merged[status] = (merged[status] or 0) + n
    end
  end
  for status, n in pairs(merged) do
    io.write(string.format("SOAK status_%d %d\n", status, n))
  end
end
