// libFuzzer target: a body of concatenated MessagePack values through the binary reader, the DOM,
// the binary writer and the JSON writer (the checks are in binary_checks.hpp, shared with
// tests/codec/regression_test.cpp).

#include <cstddef>
#include <cstdint>

#include "binary_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ujson::fuzz::check_msgpack(data, size);
  return 0;
}
