// libFuzzer target: UTF-8 validators (scalar, AVX2) and string scan kernels (scalar, SSE2) against each
// other and a reference, at every alignment, on buffers of their exact size.
// The checks live in fuzz_checks.hpp (shared with tests/codec/regression_test.cpp).

#include <cstddef>
#include <cstdint>

#include "fuzz_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ujson::fuzz::check_kernels(data, size);
  return 0;
}
