// libFuzzer target: NDJSON bodies through handle_request against a line-by-line reference
// (split, CR and blank-line handling, per-line verdicts, outputs and failing line). The check
// lives in ndjson_checks.hpp (shared with tests/proto/fuzz_replay_test.cpp).

#include <cstddef>
#include <cstdint>

#include "ndjson_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ujson::fuzz::check_ndjson(data, size);
  return 0;
}
