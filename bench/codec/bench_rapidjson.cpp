#include "harness.hpp"
#include "libs/rapidjson.hpp"

codec_bench::library_entry codec_bench::rapidjson_entry() { return make_entry<libs::rapidjson_lib>(); }
codec_bench::library_entry codec_bench::rapidjson_insitu_entry() { return make_entry<libs::rapidjson_insitu_lib>(); }
