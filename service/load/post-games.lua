-- wrk script: POST /v1/games, one game a request, each a new game (its
-- Event names the wrk thread and the request's number, so that no two
-- requests post the same game nor one the archive sets aside as a likely
-- correction), between two of 300 players, as a federation's games come
-- (one pair of players for every game would make every writer wait on
-- the same two players' rows). GAME (a record file of one game without
-- Event, South and North) and TOKEN come from the environment.
local game = io.open(os.getenv("GAME")):read("*a")
local token = os.getenv("TOKEN")
local tag = os.getenv("TAG") or "load"
local counter = 0
-- Numbers each wrk thread (a global: `thread:set` sets the thread's globals).
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

function request()
  counter = counter + 1
  local south = (counter * 7 + thread_id * 13) % 300
  local north = (south + 1 + counter % 299) % 300
  local body = string.format('[Event "%s %d-%d"]\n[South "Player %d"]\n[North "Player %d"]\n%s',
    tag, thread_id, counter, south, north, game)
  return wrk.format("POST", "/v1/games", {
    ["Content-Type"] = "text/plain",
    ["Authorization"] = "Bearer " .. token,
  }, body)
end

local errors = 0
function response(status, headers, body)
  if status ~= 200 then
    errors = errors + 1
    if errors <= 3 then
      io.stderr:write("status " .. status .. ": " .. body .. "\n")
    end
  end
end
