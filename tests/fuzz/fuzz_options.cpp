// libFuzzer target: the service's query options and media types (proto/), answered through
// handle_request, and the `ujson` CLI's arguments. The checks live in options_checks.hpp
// (shared with tests/proto/fuzz_replay_test.cpp).

#include <cstddef>
#include <cstdint>

#include "options_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ujson::fuzz::check_options(data, size);
  return 0;
}
