#include "harness.hpp"
#include "libs/ujson.hpp"

codec_bench::library_entry codec_bench::ujson_entry() { return make_entry<libs::ujson_lib>(); }
