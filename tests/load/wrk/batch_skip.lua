-- Workload batch_skip: 10,000 NDJSON lines, each a USER object of the medium seed workload,
-- every 100th line broken (written by run_load.py), POSTed as application/x-ndjson.
body_file = (os.getenv("UJSON_LOAD_BODIES") or "build/load/bodies") .. "/batch_skip.ndjson"
content_type = "application/x-ndjson"
dofile((os.getenv("UJSON_LOAD_SCRIPTS") or "tests/load/wrk") .. "/post.lua")
