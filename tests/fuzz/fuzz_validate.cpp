// libFuzzer target: ujson::validate against a decode into a checking, counting handler: same verdict, code
// and position; decoder reuse; a handler that stops after N events.
// The checks live in fuzz_checks.hpp (shared with tests/codec/regression_test.cpp).

#include <cstddef>
#include <cstdint>

#include "fuzz_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ujson::fuzz::check_validate(data, size);
  return 0;
}
