// libFuzzer target: Document parse with options from the first byte: DOM invariants, the DOM's verdict
// against ujson::validate's, document reuse, the duplicate-key policies against each other.
// The checks live in fuzz_checks.hpp (shared with tests/codec/regression_test.cpp).

#include <cstddef>
#include <cstdint>

#include "fuzz_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ujson::fuzz::check_decode(data, size);
  return 0;
}
