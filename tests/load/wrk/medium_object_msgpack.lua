-- Workload medium_object_msgpack: the medium seed workload as one MessagePack value (packed by
-- the npm package @msgpack/msgpack; written by run_load.py), POSTed as application/msgpack.
body_file = (os.getenv("UJSON_LOAD_BODIES") or "build/load/bodies") .. "/medium_object.msgpack"
content_type = "application/msgpack"
dofile((os.getenv("UJSON_LOAD_SCRIPTS") or "tests/load/wrk") .. "/post.lua")
