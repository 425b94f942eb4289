// The twelve libFuzzer targets, one binary: the checks (fuzz_checks.hpp and the *_checks.hpp
// beside it, shared with the replay tests) are compiled once, not once per target, and the
// binary runs the check of the name it is started as: build/asan/tests/fuzz/fuzz_<name> is
// a link to it (scripts/fuzz starts them so, and a reproducer is replayed the same way).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "binary_checks.hpp"
#include "coding_checks.hpp"
#include "fuzz_checks.hpp"
#include "ndjson_checks.hpp"
#include "options_checks.hpp"
#include "pointer_checks.hpp"
#include "schema_checks.hpp"

namespace {

using check_fn = void (*)(const std::uint8_t*, std::size_t);

void check_schema_alone(const std::uint8_t* data, std::size_t size) { ujson::fuzz::check_schema(data, size, false); }
void check_schema_pair(const std::uint8_t* data, std::size_t size) { ujson::fuzz::check_schema(data, size, true); }

struct target {
  std::string_view name;
  check_fn check;
};

// What each checks is said in its header.
constexpr target targets[] = {
    {"decode", &ujson::fuzz::check_decode},     {"validate", &ujson::fuzz::check_validate},
    {"roundtrip", &ujson::fuzz::check_roundtrip}, {"kernels", &ujson::fuzz::check_kernels},
    {"options", &ujson::fuzz::check_options},   {"ndjson", &ujson::fuzz::check_ndjson},
    {"msgpack", &ujson::fuzz::check_msgpack},   {"cbor", &ujson::fuzz::check_cbor},
    {"pointer", &ujson::fuzz::check_pointer},   {"coding", &ujson::fuzz::check_coding},
    {"schema", &check_schema_alone},            {"schema_pair", &check_schema_pair},
};

check_fn chosen = nullptr;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  std::string_view self = *argc > 0 ? (*argv)[0] : "";
  self.remove_prefix(self.rfind('/') + 1);  // npos + 1 is 0: a name without a directory
  if (self.starts_with("fuzz_")) self.remove_prefix(5);
  for (const target& t : targets) {
    if (t.name == self) {
      chosen = t.check;
      return 0;
    }
  }
  std::fprintf(stderr, "fuzz_targets: start it as fuzz_<name> (the links beside it), <name> one of:");
  for (const target& t : targets) std::fprintf(stderr, " %.*s", static_cast<int>(t.name.size()), t.name.data());
  std::fprintf(stderr, "\n");
  std::exit(2);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  chosen(data, size);
  return 0;
}
