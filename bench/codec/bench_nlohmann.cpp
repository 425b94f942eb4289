#include "harness.hpp"
#include "libs/nlohmann.hpp"

codec_bench::library_entry codec_bench::nlohmann_entry() { return make_entry<libs::nlohmann_lib>(); }
