// Inputs for the service-side fuzzers (tests/fuzz/fuzz_options.cpp, fuzz_ndjson.cpp,
// fuzz_pointer.cpp, fuzz_coding.cpp), replayed through the very checks they run
// (options_checks.hpp, ndjson_checks.hpp, pointer_checks.hpp, coding_checks.hpp), so that
// those checks build and hold under every compiler and preset:
//   - tests/regressions/options-*, ndjson-*, pointer-* and coding-*: inputs a fuzzer failed on;
//   - tests/fuzz/seeds/options/, ndjson/, pointer/ and coding/: the committed seeds;
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
#include "fuzz/pointer_checks.hpp"
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

std::string bytes_of(std::initializer_list<int> list) {
  std::string s;
  for (int b : list) s.push_back(static_cast<char>(b));
  return s;
}

// tests/regressions/<fuzzer>-* and tests/fuzz/seeds/<fuzzer>/ (at least min_seeds of them).
void replay_found_and_seeds(check_fn check, const std::string& fuzzer, std::size_t min_seeds) {
  replay(check, files_in(source_dir() / "tests" / "regressions", fuzzer + "-"));
  const std::vector<fs::path> seeds = files_in(source_dir() / "tests" / "fuzz" / "seeds" / fuzzer, "");
  EXPECT_GE(seeds.size(), min_seeds);
  replay(check, seeds);
}

TEST(FuzzReplay, OptionsRegressionsAndSeeds) { replay_found_and_seeds(&ujson::fuzz::check_options, "options", 10); }
TEST(FuzzReplay, NdjsonRegressionsAndSeeds) { replay_found_and_seeds(&ujson::fuzz::check_ndjson, "ndjson", 5); }
TEST(FuzzReplay, PointerRegressionsAndSeeds) { replay_found_and_seeds(&ujson::fuzz::check_pointer, "pointer", 5); }
TEST(FuzzReplay, CodingRegressionsAndSeeds) { replay_found_and_seeds(&ujson::fuzz::check_coding, "coding", 10); }

TEST(FuzzReplay, TestSuiteUnderPointers) {
  // "", "/0" and "/a" into every file, with keep_last, with reject and missing=null.
  const std::string pointers = "\n/0\n/a\n";
  for (const std::string& header : {bytes_of({0, 2}), bytes_of({8, 2 | 8})}) {
    for (const char* prefix : {"y_", "n_", "i_"}) {
      for (const std::string& name : ujson::test::test_parsing_files(prefix)) {
        const fs::path path = ujson::test::data_dir() / "JSONTestSuite" / "test_parsing" / name;
        ujson::fuzz::current_input = path.string();
        run(&ujson::fuzz::check_pointer, header + pointers, ujson::test::read_file(path));
      }
    }
  }
  ujson::fuzz::current_input.clear();
}


TEST(FuzzReplay, TestSuiteAsNdjsonBodies) {
  // validate, decode and /encode with sort_keys, indent 2 and allow_nan off, each with the
  // defaults and with relaxed read options (NaN literals, lone surrogates, keep_first);
  // then with each ndjson_errors mode that answers around bad lines.
  const std::vector<std::string> headers = {
      bytes_of({0, 0, 0}),    bytes_of({1, 0, 0}),    bytes_of({2, 0, 0x48}),
      bytes_of({0, 0x34, 0}), bytes_of({1, 0x34, 0}), bytes_of({2, 0x34, 0x1F}),
      // ndjson_errors=skip on /decode, report on /encode (NaN refused by allow_nan off).
      bytes_of({1 | 4, 0, 0}), bytes_of({2 | 8, 0x34, 0x1F}),
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
