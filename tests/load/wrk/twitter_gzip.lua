-- Workload twitter_gzip: twitter.json in gzip (written by run_load.py), POSTed with Content-Encoding: gzip.
body_file = (os.getenv("UJSON_LOAD_BODIES") or "build/load/bodies") .. "/twitter.json.gz"
content_encoding = "gzip"
dofile((os.getenv("UJSON_LOAD_SCRIPTS") or "tests/load/wrk") .. "/post.lua")
