-- wrk script for soak.sh: a steady mix of requests, each connection
-- pausing $SONGO_SOAK_DELAY_MS milliseconds between two (so the rate stays
-- about connections × 1000 / (delay + latency) per second, not wrk's
-- maximum). Out of every 200 requests: play (80), moves (40), validate 10
-- games (39), validate 1000 games (1), and 40 that must fail: malformed
-- JSON (400), an illegal move (422), no such route (404), a wrong method
-- (405). Statuses are counted; any other status is an error, printed at
-- the end with wrk's socket errors.
--
-- Needs $SONGO_SOAK_SMALL and $SONGO_SOAK_LARGE: record files (soak.sh
-- generates them).

local function slurp(variable)
  local path = assert(os.getenv(variable), variable .. " is not set")
  local file = assert(io.open(path, "rb"), variable .. " names no readable file")
  local text = file:read("*a")
  file:close()
  return text
end

local json = { ["Content-Type"] = "application/json" }
local text = { ["Content-Type"] = "text/plain" }
local small = slurp("SONGO_SOAK_SMALL")
local large = slurp("SONGO_SOAK_LARGE")
local delay_ms = tonumber(os.getenv("SONGO_SOAK_DELAY_MS") or "8")

-- { weight, expected status, method, path, headers, body }
local kinds = {
  { 80, 200, "POST", "/v1/play", json,
    '{"position": "songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0:S", "moves": ["S4", "N4", "S4", "N3", "S3", "N4", "S5", "N3", "S3", "N4"]}' },
  { 40, 200, "POST", "/v1/moves", json,
    '{"position": "songo:0,0,0,0,0,0,0/16,0,0,23,1,10,1:0-0:S"}' },
  { 39, 200, "POST", "/v1/validate", text, small },
  { 1, 200, "POST", "/v1/validate", text, large },
  { 10, 400, "POST", "/v1/play", json, '{"position": "songo:5,5,5' },
  { 10, 422, "POST", "/v1/play", json,
    '{"position": "songo:5,5,5,5,5,5,5/1,5,5,5,5,5,5:0-0:S", "moves": ["S0"]}' },
  { 10, 404, "GET", "/v1/nowhere", nil, nil },
  { 10, 405, "GET", "/v1/play", nil, nil },
}

-- The cycle of 200 requests, kinds spread evenly.
local cycle = {}
local expected = {}
for _, kind in ipairs(kinds) do
  expected[kind[2]] = true
end

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  counts = {}
  local requests = {}
  for _, kind in ipairs(kinds) do
    local request = wrk.format(kind[3], kind[4], kind[5], kind[6])
    for _ = 1, kind[1] do
      table.insert(requests, request)
    end
  end
  -- A fixed shuffle (the same in every run), offset per thread.
  math.randomseed(7)
  for i = #requests, 2, -1 do
    local j = math.random(i)
    requests[i], requests[j] = requests[j], requests[i]
  end
  cycle = requests
  position = (id or 0) * 37
end

function request()
  position = position % #cycle + 1
  return cycle[position]
end

function delay()
  return delay_ms
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("counts")) do
      total[status] = (total[status] or 0) + count
    end
  end
  local unexpected = 0
  io.write("statuses:")
  for status, count in pairs(total) do
    io.write(string.format(" %d=%d", status, count))
    if not expected[status] then
      unexpected = unexpected + count
    end
  end
  io.write("\n")
  local errors = summary.errors
  local socket = errors.connect + errors.read + errors.write + errors.timeout
  io.write(string.format(
    "requests %d in %.0f s (%.0f/s); p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format(
    "errors %d: unexpected statuses %d, socket errors %d (connect %d, read %d, write %d, timeout %d)\n",
    unexpected + socket, unexpected, socket,
    errors.connect, errors.read, errors.write, errors.timeout))
end
