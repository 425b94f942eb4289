#include "harness.hpp"
#include "libs/boostjson.hpp"

codec_bench::library_entry codec_bench::boostjson_entry() { return make_entry<libs::boostjson_lib>(); }
