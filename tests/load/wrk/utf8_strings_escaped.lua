-- Workload utf8_strings_escaped: its body (written by load_bodies), POSTed by post.lua.
body_file = (os.getenv("UJSON_LOAD_BODIES") or "build/load/bodies") .. "/utf8_strings_escaped.json"
dofile((os.getenv("UJSON_LOAD_SCRIPTS") or "tests/load/wrk") .. "/post.lua")
