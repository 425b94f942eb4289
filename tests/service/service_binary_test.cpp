// MessagePack and CBOR over a real socket: documents written by Debian's python3-msgpack and
// python3-cbor2 (tests/codec/binary_oracle.py) sent to /decode come back as the JSON
// json.dumps gives for them (compared as values), and with Accept: application/msgpack or
// application/cbor as bytes their library unpacks to an equal value; sequences, 406 and the
// 422s, and the status in /metrics.

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "service_support.hpp"
#include "ujson/dom.hpp"

namespace {

using namespace ujsond_test;
namespace fs = std::filesystem;

constexpr int documents = 300;
constexpr int seed = 7;

std::vector<std::string> read_records(const fs::path& path) {
  const std::string blob = read_all(path.string());
  std::vector<std::string> records;
  for (std::size_t at = 0; at + 4 <= blob.size();) {
    std::uint32_t n;
    std::memcpy(&n, blob.data() + at, 4);
    records.emplace_back(blob.substr(at + 4, n));
    at += 4 + n;
  }
  return records;
}

int oracle(const std::string& mode, const char* format, const fs::path& dir) {
  const std::string command = "/usr/bin/python3 '" UJSON_SOURCE_DIR "/tests/codec/binary_oracle.py' " + mode + " " +
                              format + " " + std::to_string(seed) + " " + std::to_string(documents) + " '" +
                              dir.string() + "'";
  return std::system(command.c_str());
}

request binary_post(const std::string& target, const std::string& body, const char* type, const char* accept) {
  request req = post(target, body, type);
  if (accept != nullptr) req.set(http::field::accept, accept);
  return req;
}

class BinaryService : public ::testing::TestWithParam<const char*> {
 protected:
  static void SetUpTestSuite() { server_ = new server(); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static inline server* server_ = nullptr;
};

TEST_P(BinaryService, TheirDocumentsComeBackAsTheirJsonAndTheirValues) {
  const std::string format = GetParam();
  const char* type = format == "msgpack" ? "application/msgpack" : "application/cbor";
  const fs::path dir = fs::temp_directory_path() / ("ujsond-binary-" + format + "-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  ASSERT_EQ(oracle("generate", format.c_str(), dir), 0) << "python3-msgpack and python3-cbor2 (scripts/bootstrap)";
  const std::vector<std::string> records = read_records(dir / "theirs.bin");
  ASSERT_EQ(records.size(), 2u * documents);

  client c(server_->port());  // one keep-alive connection for all of them
  ujson::decode_options nan_ok;
  nan_ok.allow_nan_literals = true;
  ujson::document ours(nan_ok), theirs(nan_ok);
  std::ofstream written(dir / "ours.bin", std::ios::binary);
  for (int i = 0; i < documents; ++i) {
    const std::string& bytes = records[2 * i];
    const response json = c.roundtrip(binary_post("/decode?binary=base64", bytes, type, nullptr));
    ASSERT_EQ(json.result_int(), 200) << "document " << i << ": " << json.body();
    EXPECT_EQ(json[http::field::content_type], "application/json");
    ASSERT_FALSE(ours.parse(json.body())) << json.body();
    ASSERT_FALSE(theirs.parse(records[2 * i + 1]));
    EXPECT_TRUE(ours.root() == theirs.root()) << "document " << i << "\nours   " << json.body().substr(0, 300)
                                              << "\ntheirs " << records[2 * i + 1].substr(0, 300);
    // Their JSON (json.dumps writes NaN and Infinity), answered in their format.
    const response packed = c.roundtrip(binary_post("/decode?allow_nan_literals=true", records[2 * i + 1], "application/json", type));
    ASSERT_EQ(packed.result_int(), 200) << packed.body();
    EXPECT_EQ(packed[http::field::content_type], type);
    const auto n = static_cast<std::uint32_t>(packed.body().size());
    written.write(reinterpret_cast<const char*>(&n), 4);
    written.write(packed.body().data(), n);
  }
  written.close();
  EXPECT_EQ(oracle("check", format.c_str(), dir), 0);
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Formats, BinaryService, testing::Values("msgpack", "cbor"));

TEST_F(BinaryService, SequencesRefusalsAndMetrics) {
  client c(server_->port());
  const std::string two = std::string("\x92\x01\xc3", 3) + std::string("\xa1x", 2);
  const response lines = c.roundtrip(binary_post("/decode", two, "application/x-msgpack", nullptr));
  EXPECT_EQ(lines.result_int(), 200);
  EXPECT_EQ(lines[http::field::content_type], "application/x-ndjson");
  EXPECT_EQ(lines.body(), "[1,true]\n\"x\"\n");
  const response verdict = c.roundtrip(binary_post("/validate", two, "application/vnd.msgpack", nullptr));
  EXPECT_EQ(verdict.body(), R"({"valid":true,"values":2})");

  const response refused = c.roundtrip(binary_post("/decode", "[1]", "application/json", "application/xml"));
  EXPECT_EQ(refused.result_int(), 406);
  EXPECT_NE(refused.body().find("\"not_acceptable\""), std::string::npos) << refused.body();
  const response truncated = c.roundtrip(binary_post("/decode", std::string("\x82\x01", 2), "application/cbor", nullptr));
  EXPECT_EQ(truncated.result_int(), 422);
  EXPECT_NE(truncated.body().find(R"("code":"unexpected_end")"), std::string::npos) << truncated.body();
  EXPECT_NE(truncated.body().find(R"("offset":2)"), std::string::npos) << truncated.body();
  const response tag = c.roundtrip(binary_post("/decode", std::string("\x81\xd8\x20\x60", 4), "application/cbor", nullptr));
  EXPECT_EQ(tag.result_int(), 422);
  EXPECT_NE(tag.body().find(R"("code":"unsupported_value","message")"), std::string::npos) << tag.body();
  EXPECT_NE(tag.body().find(R"("offset":1)"), std::string::npos) << tag.body();

  const response metrics = c.roundtrip(get("/metrics"));
  EXPECT_NE(metrics.body().find(R"(ujsond_requests_total{endpoint="decode",status="406"} 1)"), std::string::npos);
}

}  // namespace
