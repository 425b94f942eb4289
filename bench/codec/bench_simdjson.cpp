#include "harness.hpp"
#include "libs/simdjson.hpp"

codec_bench::library_entry codec_bench::simdjson_entry() { return make_entry<libs::simdjson_lib>(); }
