// The schema fuzzers' check (tests/fuzz/schema_checks.hpp) in every preset: on the inputs
// they failed on (tests/regressions/schema-*.json, schema_pair-*.json) and on their seeds,
// the JSON-Schema-Test-Suite's schemas alone and with each test's instance, under each
// option byte's dialect and format settings.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/schema_checks.hpp"
#include "support/test_files.hpp"

namespace {

namespace fs = std::filesystem;

fs::path source_dir() { return fs::path(UJSON_DATA_DIR).parent_path(); }

// The bytes in a buffer of their exact size, as libFuzzer hands inputs over.
void run(const std::string& bytes, bool pair) {
  const std::unique_ptr<std::uint8_t[]> buf(new std::uint8_t[bytes.size() + 1]);
  std::memcpy(buf.get(), bytes.data(), bytes.size());
  ujson::fuzz::check_schema(buf.get(), bytes.size(), pair);
}

TEST(SchemaFuzzReplay, Regressions) {
  const fs::path dir = source_dir() / "tests" / "regressions";
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    const bool pair = name.starts_with("schema_pair-");
    if (!pair && !name.starts_with("schema-")) continue;
    ujson::fuzz::current_input = entry.path().string();
    run(ujson::test::read_file(entry.path()), pair);
  }
  ujson::fuzz::current_input.clear();
}

TEST(SchemaFuzzReplay, SuiteSchemasAndPairs) {
  std::size_t pairs = 0;
  for (const auto& [option, folder] : {std::pair{0, "draft2020-12"}, std::pair{2, "draft7"}}) {
    for (const auto& entry : fs::directory_iterator(source_dir() / "data" / "JSON-Schema-Test-Suite" / "tests" / folder)) {
      if (entry.path().extension() != ".json") continue;
      const std::string text = ujson::test::read_file(entry.path());
      ujson::document doc;
      ASSERT_FALSE(doc.parse(text));
      ujson::fuzz::current_input = entry.path().string();
      for (const ujson::value& group : doc.root().elements()) {
        std::string schema;
        ASSERT_EQ(ujson::encode(group["schema"], schema), ujson::errc::ok);
        // Formats asserted, and max_errors 1 and 16, on alternate runs.
        run(std::string(1, static_cast<char>(option)) + schema, false);
        for (const ujson::value& test : group["tests"].elements()) {
          std::string data;
          ASSERT_EQ(ujson::encode(test["data"], data), ujson::errc::ok);
          const char flags = static_cast<char>(option | ((pairs % 2) ? (1 | 60) : 0));
          run(std::string(1, flags) + schema + std::string(1, '\0') + data, true);
          ++pairs;
        }
      }
    }
  }
  ujson::fuzz::current_input.clear();
  EXPECT_GT(pairs, 2000u);
}

}  // namespace
