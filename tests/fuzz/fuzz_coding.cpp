// libFuzzer target: coded request bodies (gzip, deflate, zstd, stacked) through the
// decompressing body reader against a whole-input reference. The check lives in
// coding_checks.hpp (shared with tests/proto/fuzz_replay_test.cpp).

#include <cstddef>
#include <cstdint>

#include "coding_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ujson::fuzz::check_coding(data, size);
  return 0;
}
