// libFuzzer target: (schema, instance) pairs through ujson::schema: the schema before the
// first NUL byte, the instance after it; the verdicts and errors checked against each other
// (schema_checks.hpp).

#include <cstddef>
#include <cstdint>

#include "schema_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ujson::fuzz::check_schema(data, size, /*pair=*/true);
  return 0;
}
