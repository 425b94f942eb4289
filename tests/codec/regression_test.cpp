// Inputs the fuzzers (tests/fuzz/) found, replayed through the very checks the fuzzers run
// (tests/fuzz/fuzz_checks.hpp): every tests/regressions/<fuzzer>-<what>.json goes to the
// check of the fuzzer its name starts with. A failing check aborts and names the file.
//
// The JSONTestSuite and corpus files also go through each check under a spread of option
// headers, so the checks build and hold with every compiler and preset, not only in the
// clang fuzz build.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/binary_checks.hpp"
#include "fuzz/fuzz_checks.hpp"
#include "support/test_files.hpp"
#include "support/test_share.hpp"

namespace {

namespace fs = std::filesystem;
using check_fn = void (*)(const std::uint8_t*, std::size_t);

struct fuzzer {
  std::string_view name;
  check_fn check;
};

constexpr fuzzer fuzzers[] = {
    {"decode", &ujson::fuzz::check_decode},
    {"validate", &ujson::fuzz::check_validate},
    {"roundtrip", &ujson::fuzz::check_roundtrip},
    {"kernels", &ujson::fuzz::check_kernels},
    {"msgpack", &ujson::fuzz::check_msgpack},
    {"cbor", &ujson::fuzz::check_cbor},
};

fs::path regressions_dir() { return fs::path(UJSON_DATA_DIR).parent_path() / "tests" / "regressions"; }

// Runs a check on header + text copied to a buffer of its exact size, as libFuzzer hands
// inputs over, so the asan preset sees any read past the end.
void run(check_fn check, std::string_view header, std::string_view text) {
  std::string bytes(header);
  bytes.append(text);
  const std::unique_ptr<std::uint8_t[]> buf(new std::uint8_t[bytes.size()]);
  if (!bytes.empty()) std::memcpy(buf.get(), bytes.data(), bytes.size());
  check(buf.get(), bytes.size());
}

std::string bytes_of(std::initializer_list<int> list) {
  std::string s;
  for (int b : list) s.push_back(static_cast<char>(b));
  return s;
}

TEST(Regression, FuzzerFindings) {
  // A missing or emptied folder must not pass as "every finding still holds".
  ASSERT_TRUE(fs::is_directory(regressions_dir())) << regressions_dir() << " is missing";
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(regressions_dir())) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  ASSERT_FALSE(files.empty()) << "no .json file in " << regressions_dir();
  std::sort(files.begin(), files.end());
  for (const fs::path& path : files) {
    const std::string name = path.filename().string();
    const auto f = std::find_if(std::begin(fuzzers), std::end(fuzzers), [&](const fuzzer& z) {
      return name.size() > z.name.size() && name.compare(0, z.name.size(), z.name) == 0 && name[z.name.size()] == '-';
    });
    // The other fuzzers' inputs are replayed by their own tests: tests/proto/fuzz_replay_test.cpp
    // (options, ndjson, pointer, coding) and tests/schema/schema_fuzz_replay_test.cpp (schema).
    constexpr std::string_view replayed_elsewhere[] = {"options-", "ndjson-", "pointer-", "coding-", "schema-",
                                                       "schema_pair-"};
    if (std::any_of(std::begin(replayed_elsewhere), std::end(replayed_elsewhere),
                    [&](std::string_view prefix) { return name.starts_with(prefix); })) {
      continue;
    }
    if (f == std::end(fuzzers)) {
      ADD_FAILURE() << name << ": the name must start with decode-, validate-, roundtrip-, kernels-, msgpack- or cbor-";
      continue;
    }
    ujson::fuzz::current_input = path.string();
    run(f->check, "", ujson::test::read_file(path));
  }
  ujson::fuzz::current_input.clear();
}

// Option headers (see fuzz_checks.hpp): defaults, each option, and a few mixes.
const std::vector<std::string> decode_headers = {
    bytes_of({0x00}), bytes_of({0x01}), bytes_of({0x02}), bytes_of({0x42}), bytes_of({0x83}),
    bytes_of({0x04}), bytes_of({0x08}), bytes_of({0x10}), bytes_of({0x20}), bytes_of({0x3B}),
};
const std::vector<std::string> validate_headers = {
    bytes_of({0x00, 0}), bytes_of({0x30, 0}), bytes_of({0x00, 1}), bytes_of({0x00, 3}), bytes_of({0x86, 2}),
};
const std::vector<std::string> roundtrip_headers = {
    bytes_of({0x00, 0x00, 0x00, 0x00, 0x00}),
    bytes_of({0x30, 0x2F, 0x60, 0x00, 0x0F}),  // everything relaxed, html, sort_keys, indent 4, separators
    bytes_of({0x34, 0x09, 0xE0, 0x00, 0x05}),  // keep_first, sort_keys, indent 64, "," and ":"
    bytes_of({0x28, 0x21, 0x03, 0x00, 0x00}),  // reject, lone surrogates, double_precision 2
    bytes_of({0x10, 0x90, 0x00, 0x02, 0x00}),  // NaN literals, allow_nan off, writer depth 2
    bytes_of({0x30, 0xC0, 0x00, 0x10, 0x0A}),  // indent 66 and precision 19, clamped
};

TEST(Regression, TestSuiteThroughFuzzChecks) {
  std::vector<fs::path> files;
  for (const char* prefix : {"y_", "n_", "i_"}) {
    for (const std::string& name : ujson::test::test_parsing_files(prefix)) {
      files.push_back(ujson::test::data_dir() / "JSONTestSuite" / "test_parsing" / name);
    }
  }
  ASSERT_GT(files.size(), 300u);
  // Every file through every check with the default options (the first header) in every
  // pass; the other headers in the pass's share (test_share.hpp), numbered by file and header.
  std::size_t file = 0;
  for (const fs::path& path : files) {
    ujson::fuzz::current_input = path.string();
    const std::string text = ujson::test::read_file(path);
    const auto each = [&](check_fn check, const std::vector<std::string>& headers) {
      for (std::size_t h = 0; h < headers.size(); ++h) {
        if (h == 0 || ujson::test::in_share(file + h)) run(check, headers[h], text);
      }
    };
    each(&ujson::fuzz::check_decode, decode_headers);
    each(&ujson::fuzz::check_validate, validate_headers);
    each(&ujson::fuzz::check_roundtrip, roundtrip_headers);
    run(&ujson::fuzz::check_kernels, "", text);
    ++file;
  }
  ujson::fuzz::current_input.clear();
}

TEST(Regression, CorpusThroughFuzzChecks) {
  for (const std::string& name : ujson::test::corpus_files()) {
    const fs::path path = ujson::test::data_dir() / "corpus" / name;
    ujson::fuzz::current_input = path.string();
    const std::string text = ujson::test::read_file(path);
    run(&ujson::fuzz::check_decode, decode_headers[0], text);
    run(&ujson::fuzz::check_validate, validate_headers[0], text);
    run(&ujson::fuzz::check_roundtrip, roundtrip_headers[0], text);
    // sort_keys, compact (indented output of canada.json takes seconds in the asan preset)
    run(&ujson::fuzz::check_roundtrip, bytes_of({0x00, 0x08, 0x00, 0x00, 0x00}), text);
    run(&ujson::fuzz::check_kernels, "", std::string_view(text).substr(0, 4096));
  }
  ujson::fuzz::current_input.clear();
}

}  // namespace
