-- wrk script shared by every workload: POSTs one body, again and again, to one endpoint.
-- Set by the workload's own script (wrk/<workload>.lua) or the environment:
--   UJSON_LOAD_BODY  the body file      UJSON_LOAD_PATH  /validate, /decode or /encode
--   content_encoding (a workload script's global): sent as Content-Encoding (the body is coded)
--   content_type (a workload script's global): the body's Content-Type, application/json if unset
-- done() prints one JSON line for tests/load/run_load.py.

local body_file = body_file or os.getenv("UJSON_LOAD_BODY")
local f = assert(io.open(body_file, "rb"))
local body = f:read("*a")
f:close()

wrk.method = "POST"
wrk.path = os.getenv("UJSON_LOAD_PATH") or "/validate"
wrk.body = body
wrk.headers["Content-Type"] = content_type or "application/json"
if content_encoding then wrk.headers["Content-Encoding"] = content_encoding end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"bytes":%d,"body_bytes":%d,"p50_us":%d,"p99_us":%d,' ..
    '"connect_errors":%d,"read_errors":%d,"write_errors":%d,"timeouts":%d,"non_2xx":%d}\n',
    summary.requests, summary.duration, summary.bytes, #body, latency:percentile(50), latency:percentile(99),
    e.connect, e.read, e.write, e.timeout, e.status))
end
