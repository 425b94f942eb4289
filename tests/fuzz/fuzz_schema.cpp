// libFuzzer target: JSON Schemas alone through ujson::schema: each compiles or is refused
// cleanly; a compiled one validates its own text and a value of each type, and its answers
// agree (schema_checks.hpp).

#include <cstddef>
#include <cstdint>

#include "schema_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ujson::fuzz::check_schema(data, size, /*pair=*/false);
  return 0;
}
