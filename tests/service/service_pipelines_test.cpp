// MessagePack and CBOR sequences under ndjson_errors=skip|report and pointer=, and the exact
// request Fluent Bit's out_http sends (docs/pipelines.md), over a real socket. The binary
// bodies below are spelled out byte by byte with what the MessagePack spec and RFC 8949 say
// each byte is; the Fluent Bit body and the JSON it must give come from Debian's
// python3-msgpack, Python's gzip, datetime and json (fluent_bit_body.py).

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "service_support.hpp"
#include "ujson/dom.hpp"

namespace {

using namespace ujsond_test;
namespace fs = std::filesystem;

class Sequences : public shared_server_suite {
 protected:
  static void SetUpTestSuite() { start({"--access-log=false"}); }
};

std::string bytes(std::initializer_list<int> list) {
  std::string s;
  for (int b : list) s.push_back(static_cast<char>(b));
  return s;
}

// The error object of a report line.
struct reported {
  std::string code;
  long long offset = -1, line = -1, column = -1, unread = -1;  // unread: -1 when absent
  friend bool operator==(const reported&, const reported&) = default;
  friend void PrintTo(const reported& r, std::ostream* os) {
    *os << r.code << " offset " << r.offset << " line " << r.line << " column " << r.column << " unread " << r.unread;
  }
};
reported error_of(const std::string& line) {
  ujson::document d;
  reported r;
  if (d.parse(line) || !d.root().is_object() || d.root().find("error") == nullptr) {
    ADD_FAILURE() << "not an error object: " << line;
    return r;
  }
  const ujson::value& e = d.root()["error"];
  r.code = std::string(e["code"].as_string());
  EXPECT_FALSE(e["message"].as_string().empty()) << line;
  r.offset = e["offset"].as_int64();
  r.line = e["line"].as_int64();
  r.column = e["column"].as_int64();
  if (const ujson::value* u = e.find("unread_bytes")) r.unread = u->as_int64();
  return r;
}

// MessagePack: [1] | fixext 1 of type 5 (no JSON form) | {"a": bin 8 of one byte} | "x".
// Offsets: 0-1, 2-4, 5-10 (the bin at 8), 11-12.
const std::string msgpack_body = bytes({0x91, 0x01, 0xd4, 0x05, 0x00, 0x81, 0xa1, 'a', 0xc4, 0x01, 0xff, 0xa1, 'x'});

TEST_F(Sequences, MsgpackSkipLeavesOutWhatJsonCannotCarryAndGoesOn) {
  const response r = call(post("/decode?ndjson_errors=skip", msgpack_body, "application/msgpack"));
  EXPECT_EQ(r.result_int(), 200) << r.body();
  EXPECT_EQ(r[http::field::content_type], "application/x-ndjson");
  EXPECT_EQ(r.body(), "[1]\n\"x\"\n");
  EXPECT_EQ(r["X-Ujson-Skipped-Lines"], "2");
  EXPECT_EQ(r.count("X-Ujson-Unread-Bytes"), 0u);
  // binary=base64 gives the third a JSON form (0xff is "/w==" in RFC 4648).
  const response b = call(post("/decode?ndjson_errors=skip&binary=base64", msgpack_body, "application/msgpack"));
  EXPECT_EQ(b.body(), "[1]\n{\"a\":\"/w==\"}\n\"x\"\n");
  EXPECT_EQ(b["X-Ujson-Skipped-Lines"], "1");
}

TEST_F(Sequences, MsgpackReportAnswersEachBadValueInItsPlace) {
  const response r = call(post("/encode?ndjson_errors=report", msgpack_body, "application/x-msgpack"));
  EXPECT_EQ(r.result_int(), 200) << r.body();
  const std::vector<std::string> got = lines_of(r.body());
  ASSERT_EQ(got.size(), 4u) << r.body();
  EXPECT_EQ(got[0], "[1]");
  // "line" is the value's number in the sequence, "column" the byte in the value (1-based).
  EXPECT_EQ(error_of(got[1]), (reported{"unsupported_value", 2, 2, 1, -1}));
  EXPECT_EQ(error_of(got[2]), (reported{"unsupported_value", 8, 3, 4, -1}));
  EXPECT_EQ(got[3], "\"x\"");
  EXPECT_EQ(r.count("X-Ujson-Skipped-Lines"), 0u);
}

TEST_F(Sequences, FailIsTheDefaultAndNamesTheValue) {
  const response r = call(post("/decode", msgpack_body, "application/msgpack"));
  EXPECT_EQ(r.result_int(), 422);
  EXPECT_EQ(error_of(r.body()), (reported{"unsupported_value", 2, 2, 1, -1}));
}

// CBOR: [1] | tag 64 on 1 (no JSON form) | undefined (f7) | 9f 9f 9f 01 ff ff ff (three
// nested indefinite arrays) | "x". Offsets 0-1, 2-4, 5, 6-12 (the third 9f at 8), 13-14.
const std::string cbor_body =
    bytes({0x81, 0x01, 0xd8, 0x40, 0x01, 0xf7, 0x9f, 0x9f, 0x9f, 0x01, 0xff, 0xff, 0xff, 0x61, 'x'});

TEST_F(Sequences, CborStepsOverTagsSimpleValuesAndDepthByTheirFraming) {
  const response r = call(post("/decode?ndjson_errors=skip&max_depth=2", cbor_body, "application/cbor"));
  EXPECT_EQ(r.result_int(), 200) << r.body();
  EXPECT_EQ(r.body(), "[1]\n\"x\"\n");
  EXPECT_EQ(r["X-Ujson-Skipped-Lines"], "3");
  const response deep = call(post("/decode?ndjson_errors=report&max_depth=2", cbor_body, "application/cbor"));
  const std::vector<std::string> got = lines_of(deep.body());
  ASSERT_EQ(got.size(), 5u) << deep.body();
  EXPECT_EQ(error_of(got[1]).code, "unsupported_value");
  EXPECT_EQ(error_of(got[2]).offset, 5);
  EXPECT_EQ(error_of(got[3]), (reported{"depth_exceeded", 8, 4, 3, -1}));
  // Deep enough: the nested arrays are answered.
  const response ok = call(post("/decode?ndjson_errors=skip", cbor_body, "application/cbor"));
  EXPECT_EQ(ok.body(), "[1]\n[[[1]]]\n\"x\"\n");
}

TEST_F(Sequences, AValueTheWriterRefusesIsSteppedOverToo) {
  // 1 | float 64 NaN | 2, on /encode with allow_nan=false.
  const std::string body = bytes({0x01, 0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0, 0x02});
  const response skip = call(post("/encode?allow_nan=false&ndjson_errors=skip", body, "application/msgpack"));
  EXPECT_EQ(skip.body(), "1\n2\n");
  EXPECT_EQ(skip["X-Ujson-Skipped-Lines"], "1");
  const response report = call(post("/encode?allow_nan=false&ndjson_errors=report", body, "application/msgpack"));
  const std::vector<std::string> got = lines_of(report.body());
  ASSERT_EQ(got.size(), 3u) << report.body();
  EXPECT_EQ(error_of(got[1]), (reported{"nan_or_infinity", 1, 2, 1, -1}));  // at the value's first byte
}

TEST_F(Sequences, BrokenFramingEndsTheSequenceAndSaysWhatWasNotRead) {
  // 1 | c1 (never used in MessagePack) | 2: past c1 nothing says where a value starts.
  const std::string malformed = bytes({0x01, 0xc1, 0x02});
  const response skip = call(post("/decode?ndjson_errors=skip", malformed, "application/msgpack"));
  EXPECT_EQ(skip.result_int(), 200);
  EXPECT_EQ(skip.body(), "1\n");
  EXPECT_EQ(skip["X-Ujson-Skipped-Lines"], "1");
  EXPECT_EQ(skip["X-Ujson-Unread-Bytes"], "2");
  const response report = call(post("/decode?ndjson_errors=report", malformed, "application/msgpack"));
  const std::vector<std::string> got = lines_of(report.body());
  ASSERT_EQ(got.size(), 2u) << report.body();
  EXPECT_EQ(error_of(got[1]), (reported{"invalid_binary", 1, 2, 1, 2}));
  EXPECT_EQ(report["X-Ujson-Unread-Bytes"], "2");

  // A truncated last value (an array of 2 with one element, CBOR) and an unknown tag whose
  // content is cut short: the framing error is the one reported, at the body's end.
  const std::string cut = bytes({0x01, 0x82, 0x01});
  const response c = call(post("/decode?ndjson_errors=report", cut, "application/cbor"));
  const std::vector<std::string> cut_lines = lines_of(c.body());
  ASSERT_EQ(cut_lines.size(), 2u) << c.body();
  EXPECT_EQ(error_of(cut_lines[1]), (reported{"unexpected_end", 3, 2, 3, 2}));
  const response tag = call(post("/decode?ndjson_errors=report", bytes({0x01, 0xd8, 0x40, 0x82, 0x01}), "application/cbor"));
  const std::vector<std::string> tag_lines = lines_of(tag.body());
  ASSERT_EQ(tag_lines.size(), 2u) << tag.body();
  EXPECT_EQ(error_of(tag_lines[1]).code, "unexpected_end");
  EXPECT_EQ(error_of(tag_lines[1]).unread, 4);
  // Under fail, the first error as before.
  const response fail = call(post("/decode", cut, "application/cbor"));
  EXPECT_EQ(fail.result_int(), 422);
  EXPECT_EQ(error_of(fail.body()).line, 2);
  // An empty body holds no value to skip.
  EXPECT_EQ(call(post("/decode?ndjson_errors=skip", "", "application/msgpack")).result_int(), 422);
}

TEST_F(Sequences, SkippedValuesAreCountedInMetrics) {
  server own({"--access-log=false"});
  client c(own.port());
  c.roundtrip(post("/decode?ndjson_errors=skip", msgpack_body, "application/msgpack"));      // 2
  c.roundtrip(post("/decode?ndjson_errors=skip", bytes({0x01, 0xc1}), "application/msgpack"));  // 1
  c.roundtrip(post("/decode?ndjson_errors=report", msgpack_body, "application/msgpack"));    // reported, not left out
  const response m = c.roundtrip(get("/metrics"));
  EXPECT_NE(m.body().find("\nujsond_ndjson_skipped_lines_total 3\n"), std::string::npos) << m.body();
}

TEST_F(Sequences, PointersProjectEachValue) {
  // {"a":[1,2]} | {"a":[3,4]} | {"b":1}
  const std::string body = bytes({0x81, 0xa1, 'a', 0x92, 0x01, 0x02, 0x81, 0xa1, 'a', 0x92, 0x03, 0x04, 0x81, 0xa1, 'b', 0x01});
  const response r = call(post("/decode?pointer=/a/1&ndjson_errors=report", body, "application/msgpack"));
  EXPECT_EQ(r.result_int(), 200) << r.body();
  const std::vector<std::string> got = lines_of(r.body());
  ASSERT_EQ(got.size(), 3u) << r.body();
  EXPECT_EQ(got[0], "2");
  EXPECT_EQ(got[1], "4");
  EXPECT_EQ(error_of(got[2]), (reported{"pointer_not_found", 12, 3, 1, -1}));
  const response nulls = call(post("/decode?pointer=/a/0&missing=null", body, "application/msgpack"));
  EXPECT_EQ(nulls.body(), "1\n3\nnull\n");
  const response one = call(post("/decode?pointer=/a", body.substr(0, 6), "application/msgpack"));
  EXPECT_EQ(one[http::field::content_type], "application/json");
  EXPECT_EQ(one.body(), "[1,2]");
}

// ---- Fluent Bit's out_http: format msgpack, compress gzip (docs/pipelines.md) ----

class FluentBit : public Sequences {
 protected:
  static void SetUpTestSuite() {
    Sequences::SetUpTestSuite();
    dir_ = fs::temp_directory_path() / ("ujsond-fluent-bit-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    const std::string command =
        "/usr/bin/python3 '" UJSON_SOURCE_DIR "/tests/service/fluent_bit_body.py' '" + dir_.string() + "'";
    made_ = std::system(command.c_str()) == 0;
  }
  static void TearDownTestSuite() {
    fs::remove_all(dir_);
    Sequences::TearDownTestSuite();
  }
  // The request as out_http makes it: POST to the uri, its Content-Type for msgpack, the
  // Content-Encoding of compress gzip, its User-Agent.
  static request sent(const std::string& uri, const std::string& file) {
    request req = post(uri, read_all((dir_ / file).string()), "application/msgpack");
    req.set(http::field::content_encoding, "gzip");
    req.set(http::field::user_agent, "Fluent-Bit");
    return req;
  }
  static std::string expected(const std::string& name) { return read_all((dir_ / name).string()); }
  static inline fs::path dir_;
  static inline bool made_ = false;
};

// Each line of `got` is the JSON value of the same line of `want`.
void expect_same_lines(const std::string& got, const std::string& want) {
  const std::vector<std::string> a = lines_of(got), b = lines_of(want);
  ASSERT_EQ(a.size(), b.size()) << got.substr(0, 400);
  for (std::size_t i = 0; i < a.size(); ++i) {
    ujson::document x, y;
    ASSERT_FALSE(x.parse(a[i])) << a[i];
    ASSERT_FALSE(y.parse(b[i])) << b[i];
    EXPECT_TRUE(x.root() == y.root()) << "line " << i + 1 << "\nours   " << a[i] << "\ntheirs " << b[i];
  }
}

TEST_F(FluentBit, DecodeAnswersEachEventAsJson) {
  ASSERT_TRUE(made_) << "fluent_bit_body.py (python3-msgpack, scripts/bootstrap)";
  const response r = call(sent("/decode?binary=base64", "body.gz"));
  ASSERT_EQ(r.result_int(), 200) << r.body();
  EXPECT_EQ(r[http::field::content_type], "application/x-ndjson");
  expect_same_lines(r.body(), expected("base64.ndjson"));
  const response legacy = call(sent("/decode?binary=base64", "legacy.gz"));
  ASSERT_EQ(legacy.result_int(), 200) << legacy.body();
  expect_same_lines(legacy.body(), expected("legacy.ndjson"));
}

TEST_F(FluentBit, SkipLeavesOutTheEventsWithBinaryValues) {
  ASSERT_TRUE(made_);
  const response r = call(sent("/decode?ndjson_errors=skip", "body.gz"));
  ASSERT_EQ(r.result_int(), 200) << r.body();
  EXPECT_EQ(r["X-Ujson-Skipped-Lines"], "4");
  expect_same_lines(r.body(), expected("skipped.ndjson"));
}

TEST_F(FluentBit, ValidateCountsTheEvents) {
  ASSERT_TRUE(made_);
  const response r = call(sent("/validate?binary=base64", "body.gz"));
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_EQ(r.body(), R"({"valid":true,"values":40})");
  // Without binary=base64 the fourth event's bytes are refused, at their offset: a 422,
  // which out_http does not retry (docs/pipelines.md).
  const response refused = call(sent("/validate", "body.gz"));
  EXPECT_EQ(refused.result_int(), 422);
  const std::size_t at = refused.body().find("\"error\"");
  ASSERT_NE(at, std::string::npos) << refused.body();
  EXPECT_EQ(error_of("{" + refused.body().substr(at)).line, 4) << refused.body();
}

}  // namespace
