-- wrk script: POST /v1/validate with the record file named by
-- $SONGO_LOAD_RECORD (run.sh generates one).
local path = os.getenv("SONGO_LOAD_RECORD")
local file = assert(io.open(path, "rb"), "SONGO_LOAD_RECORD names no readable file")
wrk.method = "POST"
wrk.headers["Content-Type"] = "text/plain"
wrk.body = file:read("*a")
file:close()
