// The MessagePack and CBOR readers and writers against Debian's python3-msgpack and
// python3-cbor2 (tests/codec/binary_oracle.py), 4,000 random documents per format, both
// ways: their bytes read by us give the JSON that json.dumps gives for their value (compared
// as values, so number formatting does not matter), and our writer's bytes of that JSON
// unpack, with their library, to an equal value. The same bytes concatenated read as a
// sequence of 4,000 values.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <unistd.h>
#include <utility>
#include <vector>

#include "support/printers.hpp"
#include "support/test_files.hpp"
#include "support/test_share.hpp"
#include "ujson/binary_writer.hpp"
#include "ujson/dom.hpp"

namespace {

namespace fs = std::filesystem;
using ujson::binary_format;

// All 4,000 in the release pass, a share in the passes that repeat it (the Python oracle's
// time is the same in every pass).
const int documents = static_cast<int>(ujson::test::share_of(4'000));
constexpr int seed = 20261201;

fs::path oracle() { return ujson::test::data_dir().parent_path() / "tests" / "codec" / "binary_oracle.py"; }

// Their packages live where Debian's python3 looks (a python3 of pyenv or a venv on PATH would
// not see them), and scripts/bootstrap installs them: a missing one is a failure, not a skip.
int run_oracle(const std::string& mode, binary_format format, const fs::path& dir) {
  const std::string command = "/usr/bin/python3 '" + oracle().string() + "' " + mode + " " +
                              (format == binary_format::msgpack ? "msgpack" : "cbor") + " " + std::to_string(seed) +
                              " " + std::to_string(documents) + " '" + dir.string() + "'";
  return std::system(command.c_str());
}

std::vector<std::string> read_records(const fs::path& path) {
  const std::string blob = ujson::test::read_file(path);
  std::vector<std::string> records;
  for (std::size_t at = 0; at + 4 <= blob.size();) {
    std::uint32_t n;
    std::memcpy(&n, blob.data() + at, 4);  // little-endian, as x86-64
    records.emplace_back(blob.substr(at + 4, n));
    at += 4 + n;
  }
  return records;
}

void write_record(std::ofstream& out, std::string_view data) {
  const auto n = static_cast<std::uint32_t>(data.size());
  out.write(reinterpret_cast<const char*>(&n), 4);
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
}

class BinaryDifferential : public testing::TestWithParam<binary_format> {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("ujson-binary-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_P(BinaryDifferential, BothWaysAgainstTheirLibrary) {
  const binary_format format = GetParam();
  ASSERT_EQ(run_oracle("generate", format, dir_), 0) << "python3-msgpack and python3-cbor2 (scripts/bootstrap)";
  const std::vector<std::string> records = read_records(dir_ / "theirs.bin");
  ASSERT_EQ(records.size(), 2u * documents);

  ujson::decode_options binary_options;
  binary_options.binary = ujson::binary_values::base64;
  ujson::decode_options json_options;
  json_options.allow_nan_literals = true;  // json.dumps writes NaN and Infinity
  ujson::document ours(binary_options), ours_as_json(json_options), theirs(json_options);
  std::ofstream written(dir_ / "ours.bin", std::ios::binary);
  std::string sequence;
  int differences = 0;
  for (int i = 0; i < documents; ++i) {
    const std::string& bytes = records[2 * i];
    const std::string& json = records[2 * i + 1];
    sequence += bytes;
    std::size_t offset = 0;
    const ujson::error e = ours.parse(bytes, offset, format);
    ASSERT_FALSE(e) << "document " << i << ": " << ujson::code_name(e.code) << " at " << e.offset;
    ASSERT_EQ(offset, bytes.size()) << "document " << i;
    // Ours as JSON text, read back; theirs as json.dumps wrote it.
    std::string text;
    ASSERT_EQ(ujson::encode(ours.root(), text), ujson::errc::ok) << "document " << i;
    ASSERT_FALSE(ours_as_json.parse(text)) << "document " << i;
    ASSERT_FALSE(theirs.parse(json)) << "document " << i;
    if (!(ours_as_json.root() == theirs.root()) && ++differences <= 10) {
      ADD_FAILURE() << "document " << i << ": ours " << text.substr(0, 400) << "\ntheirs " << json.substr(0, 400);
    }
    // Their value's JSON, written by our writer, for their library to unpack.
    ujson::binary_writer w(format);
    ASSERT_EQ(ujson::write_value(w, theirs.root()), ujson::errc::ok) << "document " << i;
    write_record(written, w.output());
  }
  written.close();
  EXPECT_EQ(differences, 0);
  EXPECT_EQ(run_oracle("check", format, dir_), 0) << "our bytes do not unpack to their values (above)";

  // The documents one after another: a sequence.
  std::size_t offset = 0;
  int values = 0;
  while (offset < sequence.size()) {
    const ujson::error e = ours.parse(sequence, offset, format);
    ASSERT_FALSE(e) << "value " << values << ": " << ujson::code_name(e.code) << " at " << e.offset;
    ++values;
  }
  EXPECT_EQ(values, documents);
}

INSTANTIATE_TEST_SUITE_P(Formats, BinaryDifferential, testing::Values(binary_format::msgpack, binary_format::cbor),
                         [](const auto& info) { return info.param == binary_format::msgpack ? "MessagePack" : "CBOR"; });

}  // namespace
