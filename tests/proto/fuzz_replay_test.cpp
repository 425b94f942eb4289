// Inputs for the service-side fuzzers (tests/fuzz/fuzz_options.cpp, fuzz_ndjson.cpp,
// fuzz_coding.cpp), replayed through the very checks they run (options_checks.hpp,
// ndjson_checks.hpp, coding_checks.hpp), so that those checks build and hold under every
// compiler and preset:
//   - tests/regressions/options-*.json, ndjson-*.json and coding-*: inputs a fuzzer failed on;
//   - tests/fuzz/seeds/options/, seeds/ndjson/ and seeds/coding/: the committed seeds;
//   - the JSONTestSuite files as NDJSON bodies, whole and cut into lines, under a spread
//     of option headers.
// (tests/codec/regression_test.cpp replays the codec fuzzers' files.)

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/coding_checks.hpp"
#include "fuzz/ndjson_checks.hpp"
#include "fuzz/options_checks.hpp"
#include "support/test_files.hpp"

namespace {

namespace fs = std::filesystem;
using check_fn = void (*)(const std::uint8_t*, std::size_t);

fs::path source_dir() { return fs::path(UJSON_DATA_DIR).parent_path(); }

// Header + text in a buffer of its exact size, as libFuzzer hands inputs over.
void run(check_fn check, std::string_view header, std::string_view text) {
  std::string bytes(header);
  bytes.append(text);
  const std::unique_ptr<std::uint8_t[]> buf(new std::uint8_t[bytes.size()]);
  if (!bytes.empty()) std::memcpy(buf.get(), bytes.data(), bytes.size());
  check(buf.get(), bytes.size());
}

std::vector<fs::path> files_in(const fs::path& dir, std::string_view prefix) {
  std::vector<fs::path> files;
  if (!fs::is_directory(dir)) return files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().filename().string().starts_with(prefix)) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

void replay(check_fn check, const std::vector<fs::path>& files) {
  for (const fs::path& path : files) {
    ujson::fuzz::current_input = path.string();
    run(check, "", ujson::test::read_file(path));
  }
  ujson::fuzz::current_input.clear();
}

TEST(FuzzReplay, OptionsRegressionsAndSeeds) {
  replay(&ujson::fuzz::check_options, files_in(source_dir() / "tests" / "regressions", "options-"));
  const std::vector<fs::path> seeds = files_in(source_dir() / "tests" / "fuzz" / "seeds" / "options", "");
  EXPECT_GE(seeds.size(), 10u);
  replay(&ujson::fuzz::check_options, seeds);
}

TEST(FuzzReplay, NdjsonRegressionsAndSeeds) {
  replay(&ujson::fuzz::check_ndjson, files_in(source_dir() / "tests" / "regressions", "ndjson-"));
  const std::vector<fs::path> seeds = files_in(source_dir() / "tests" / "fuzz" / "seeds" / "ndjson", "");
  EXPECT_GE(seeds.size(), 5u);
  replay(&ujson::fuzz::check_ndjson, seeds);
}

TEST(FuzzReplay, CodingRegressionsAndSeeds) {
  replay(&ujson::fuzz::check_coding, files_in(source_dir() / "tests" / "regressions", "coding-"));
  const std::vector<fs::path> seeds = files_in(source_dir() / "tests" / "fuzz" / "seeds" / "coding", "");
  EXPECT_GE(seeds.size(), 10u);
  replay(&ujson::fuzz::check_coding, seeds);
}

std::string bytes_of(std::initializer_list<int> list) {
  std::string s;
  for (int b : list) s.push_back(static_cast<char>(b));
  return s;
}

TEST(FuzzReplay, TestSuiteAsNdjsonBodies) {
  // validate, decode and /encode with sort_keys, indent 2 and allow_nan off, each with the
  // defaults and with relaxed read options (NaN literals, lone surrogates, keep_first).
  const std::vector<std::string> headers = {
      bytes_of({0, 0, 0}),    bytes_of({1, 0, 0}),    bytes_of({2, 0, 0x48}),
      bytes_of({0, 0x34, 0}), bytes_of({1, 0x34, 0}), bytes_of({2, 0x34, 0x1F}),
  };
  std::string all_y;  // every y_ file on a line of its own, when it is one line
  for (const char* prefix : {"y_", "n_", "i_"}) {
    for (const std::string& name : ujson::test::test_parsing_files(prefix)) {
      const fs::path path = ujson::test::data_dir() / "JSONTestSuite" / "test_parsing" / name;
      ujson::fuzz::current_input = path.string();
      const std::string text = ujson::test::read_file(path);
      for (const std::string& h : headers) run(&ujson::fuzz::check_ndjson, h, text);
      if (prefix[0] == 'y' && text.find('\n') == std::string::npos) all_y += text + "\r\n";
    }
  }
  ujson::fuzz::current_input = "the one-line y_ files as one body";
  for (const std::string& h : headers) run(&ujson::fuzz::check_ndjson, h, all_y);
  ujson::fuzz::current_input.clear();
}

}  // namespace
