// libFuzzer target: decode -> encode (random encode_options) -> decode gives equal values; decoding
// straight into a ujson::writer gives text that decodes to the same document.
// The checks live in fuzz_checks.hpp (shared with tests/codec/regression_test.cpp).

#include <cstddef>
#include <cstdint>

#include "fuzz_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ujson::fuzz::check_roundtrip(data, size);
  return 0;
}
