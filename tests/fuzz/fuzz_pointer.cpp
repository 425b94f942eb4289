// libFuzzer target: JSON Pointer parsing, pointer_selection and the service's `pointer`
// option against references written from RFC 6901 and the whole document's DOM. The check
// lives in pointer_checks.hpp (shared with tests/proto/fuzz_replay_test.cpp).

#include <cstddef>
#include <cstdint>

#include "pointer_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ujson::fuzz::check_pointer(data, size);
  return 0;
}
