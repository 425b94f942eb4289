// MessagePack and CBOR through handle_request, without sockets: the request media types,
// the answer's format by Accept (every parse case of negotiate_answer: q-values, ranges,
// specificity, aliases, refusals), sequences, binary=base64 and the 422s with byte offsets.

#include <gtest/gtest.h>

#include <boost/beast/http/field.hpp>
#include <string>

#include "handler_fixture.hpp"
#include "media_type.hpp"
#include "ujson/proto/handler.hpp"

namespace {

using namespace ujson::proto;
using namespace ujson::proto::test;

std::string bytes(std::initializer_list<int> list) {
  std::string s;
  for (int b : list) s.push_back(static_cast<char>(b));
  return s;
}

using Binary = Handler;

// {"a":[1,true]} and [null]
const std::string msgpack_doc = bytes({0x81, 0xa1, 'a', 0x92, 0x01, 0xc3});
const std::string msgpack_second = bytes({0x91, 0xc0});
const std::string cbor_doc = bytes({0xa1, 0x61, 'a', 0x82, 0x01, 0xf5});

TEST(Accept, NegotiatesByQualityThenSpecificity) {
  const std::pair<const char*, answer_format> cases[] = {
      {"", answer_format::json},
      {"   ", answer_format::json},
      {"*/*", answer_format::json},
      {"application/*", answer_format::json},
      {"application/json", answer_format::json},
      {"application/x-ndjson", answer_format::json},
      {"application/msgpack", answer_format::msgpack},
      {"application/x-msgpack", answer_format::msgpack},
      {"Application/VND.MsgPack", answer_format::msgpack},
      {"application/cbor", answer_format::cbor},
      {"application/cbor; q=0.5, application/json; q=0.4", answer_format::cbor},
      {"application/cbor;q=0.5,application/msgpack;q=0.9", answer_format::msgpack},
      {"application/msgpack, */*", answer_format::msgpack},        // equal q: the exact range wins
      {"*/*;q=0.1, application/cbor", answer_format::cbor},
      {"application/msgpack;q=0, */*", answer_format::json},      // q=0: not this one
      {"application/json;q=0, application/*;q=0.5", answer_format::msgpack},  // the next in order
      {"text/html, application/xhtml+xml, */*;q=0.8", answer_format::json},
      {"application/json;q=1.000", answer_format::json},
      {"text/html", answer_format::none},
      {"application/json;q=0", answer_format::none},
      {"application/json;q=0, application/msgpack;q=0, application/cbor;q=0", answer_format::none},
      {"*/*;q=0", answer_format::none},
      {"application/json;q=2", answer_format::none},  // not a qvalue: counts as 0
      {"application/json;q=0.5x", answer_format::none},
      {",,, application/cbor ,", answer_format::cbor},
  };
  for (const auto& [accept, want] : cases) EXPECT_EQ(negotiate_answer(accept), want) << '"' << accept << '"';
}

TEST(MediaTypes, BinaryBodies) {
  EXPECT_EQ(classify_media("application/msgpack"), media::msgpack);
  EXPECT_EQ(classify_media("application/x-msgpack"), media::msgpack);
  EXPECT_EQ(classify_media("APPLICATION/VND.MSGPACK"), media::msgpack);
  EXPECT_EQ(classify_media("application/cbor"), media::cbor);
  EXPECT_EQ(classify_media("application/cbor-seq"), media::unsupported);
}

TEST_F(Binary, DecodeAnswersJsonByDefault) {
  for (const char* type : {"application/msgpack", "application/x-msgpack", "application/vnd.msgpack"}) {
    const answer a = post("/decode", msgpack_doc, type);
    EXPECT_EQ(a.status, 200u) << type;
    EXPECT_EQ(a.body, R"({"a":[1,true]})");
    EXPECT_EQ(a.content_type, "application/json");
  }
  const answer c = post("/decode", cbor_doc, "application/cbor");
  EXPECT_EQ(c.body, R"({"a":[1,true]})");
  // A sequence: one line per value.
  const answer seq = post("/encode?indent=1", msgpack_doc + msgpack_second, "application/msgpack");
  EXPECT_EQ(seq.status, 200u);
  EXPECT_EQ(seq.content_type, "application/x-ndjson");
  EXPECT_EQ(seq.body, "{\n \"a\": [\n  1,\n  true\n ]\n}\n[\n null\n]\n");
}

TEST_F(Binary, AnswersInTheFormatAcceptAsksFor) {
  const answer m = post("/decode", cbor_doc, "application/cbor", "application/msgpack");
  EXPECT_EQ(m.status, 200u);
  EXPECT_EQ(m.content_type, "application/msgpack");
  EXPECT_EQ(m.body, msgpack_doc);
  const answer c = post("/encode", R"({"a":[1,true]})", "application/json", "application/cbor");
  EXPECT_EQ(c.content_type, "application/cbor");
  EXPECT_EQ(c.body, cbor_doc);
  // NDJSON in, concatenated values out.
  const answer n = post("/decode", "{\"a\":[1,true]}\n\n[null]\n", "application/x-ndjson", "application/msgpack");
  EXPECT_EQ(n.body, msgpack_doc + msgpack_second);
  // /validate's verdict in the format asked for: {"valid":true,"values":2}
  const answer v = post("/validate", msgpack_doc + msgpack_second, "application/msgpack", "application/msgpack");
  EXPECT_EQ(v.content_type, "application/msgpack");
  EXPECT_EQ(v.body, bytes({0x82, 0xa5, 'v', 'a', 'l', 'i', 'd', 0xc3, 0xa6, 'v', 'a', 'l', 'u', 'e', 's', 0x02}));
  EXPECT_EQ(post("/validate", cbor_doc, "application/cbor").body, R"({"valid":true,"values":1})");
  // Nothing acceptable: 406, whatever the body.
  const answer refused = post("/decode", msgpack_doc, "application/msgpack", "text/html, application/json;q=0");
  EXPECT_EQ(refused.status, 406u);
  EXPECT_EQ(refused.result.code(), "not_acceptable");
  EXPECT_EQ(refused.content_type, "application/json");
  // A big number has no MessagePack form: 422, not a different number.
  const answer big = post("/decode", "[18446744073709551616]", "application/json", "application/msgpack");
  EXPECT_EQ(big.status, 422u);
  EXPECT_EQ(big.result.code(), "unsupported_value");
}

TEST_F(Binary, ErrorsNameTheByteOffset) {
  // The second value (bytes 6 and 7) is an array of two that ends after one: its "line" is
  // the value's number, its column the byte in the value.
  const answer cut = post("/decode", msgpack_doc + bytes({0x92, 0x01}), "application/msgpack");
  EXPECT_EQ(cut.status, 422u);
  EXPECT_EQ(cut.body, R"({"error":{"code":"unexpected_end","message":"the input ends inside a value",)"
                      R"("offset":8,"line":2,"column":3}})");
  const answer cut_validate = post("/validate", msgpack_doc + bytes({0x92, 0x01}), "application/msgpack");
  EXPECT_NE(cut_validate.body.find(R"("offset":8,"line":2,"column":3)"), std::string::npos) << cut_validate.body;
  const std::string with_bin = bytes({0x92, 0x01, 0xc4, 0x02, '\n', 'x'});  // a newline byte: still line 1
  const answer refused = post("/validate", with_bin, "application/msgpack");
  EXPECT_EQ(refused.status, 422u);
  EXPECT_EQ(refused.result.code(), "unsupported_value");
  EXPECT_NE(refused.body.find(R"("offset":2,"line":1,"column":3)"), std::string::npos) << refused.body;
  EXPECT_EQ(post("/decode?binary=base64", with_bin, "application/msgpack").body, R"([1,"Cng="])");
  EXPECT_EQ(post("/decode?binary=hex", with_bin, "application/msgpack").status, 400u);
  const answer malformed = post("/decode", bytes({0x82, 0x01, 0xff}), "application/cbor");
  EXPECT_EQ(malformed.result.code(), "invalid_binary");
  const answer deep = post("/decode?max_depth=2", bytes({0x91, 0x91, 0x91, 0xc0}), "application/msgpack");
  EXPECT_EQ(deep.result.code(), "depth_exceeded");
  const answer empty = post("/decode", "", "application/cbor");
  EXPECT_EQ(empty.result.code(), "empty_input");
}

TEST_F(Binary, PointerAndNdjsonErrorsAreForJsonAnswers) {
  // An answer in MessagePack or CBOR: pointer= and ndjson_errors=skip|report are 400
  // bad_option, naming the option.
  const answer pa = post("/encode?pointer=/a", R"({"a":1})", "application/json", "application/cbor");
  EXPECT_EQ(pa.status, 400u);
  EXPECT_EQ(pa.result.code(), "bad_option");
  EXPECT_NE(pa.body.find(R"("option":"pointer")"), std::string::npos) << pa.body;
  for (const char* mode : {"skip", "report"}) {
    const answer n = post(std::string("/decode?ndjson_errors=") + mode, cbor_doc, "application/cbor", "application/cbor");
    EXPECT_EQ(n.status, 400u) << mode;
    EXPECT_NE(n.body.find(R"("option":"ndjson_errors")"), std::string::npos) << n.body;
    const answer na = post(std::string("/decode?ndjson_errors=") + mode, "[1]\n[2]\n", "application/x-ndjson",
                           "application/msgpack");
    EXPECT_EQ(na.status, 400u) << mode;
  }
  // A MessagePack or CBOR body answered as JSON takes both. One value under fail: JSON.
  const answer p = post("/decode?pointer=/a/1", msgpack_doc, "application/msgpack");
  EXPECT_EQ(p.status, 200u) << p.body;
  EXPECT_EQ(p.content_type, "application/json");
  EXPECT_EQ(p.body, "true");
  const answer ps = post("/decode?pointer=/a/0&pointer=/b&missing=null", cbor_doc + cbor_doc, "application/cbor");
  EXPECT_EQ(ps.content_type, "application/x-ndjson");
  EXPECT_EQ(ps.body, "[1,null]\n[1,null]\n");
  const answer none = post("/decode?pointer=/b", msgpack_doc + msgpack_second, "application/msgpack");
  EXPECT_EQ(none.status, 422u);
  EXPECT_EQ(none.body, R"({"error":{"code":"pointer_not_found","message":"no value at pointer '/b'","pointer":"/b",)"
                       R"("offset":0,"line":1,"column":1}})");
  // skip and report answer one line per value, even for a body of one.
  const answer one = post("/decode?ndjson_errors=skip", msgpack_doc, "application/msgpack");
  EXPECT_EQ(one.status, 200u);
  EXPECT_EQ(one.content_type, "application/x-ndjson");
  EXPECT_EQ(one.body, "{\"a\":[1,true]}\n");
  EXPECT_EQ(post("/decode?ndjson_errors=fail", msgpack_doc, "application/msgpack").body, R"({"a":[1,true]})");
  const answer skip = post("/decode?ndjson_errors=skip", "[1]\nx\n[2]\n", "application/x-ndjson");
  EXPECT_EQ(skip.body, "[1]\n[2]\n");
  // /validate reads a MessagePack or CBOR sequence whole: skip and report are refused there,
  // rather than taken and not honoured.
  for (const char* mode : {"skip", "report"}) {
    const answer v = post(std::string("/validate?ndjson_errors=") + mode, msgpack_doc + msgpack_second, "application/msgpack");
    EXPECT_EQ(v.status, 400u) << mode;
    EXPECT_EQ(v.result.code(), "bad_option");
    EXPECT_NE(v.body.find(R"("option":"ndjson_errors")"), std::string::npos) << v.body;
  }
  EXPECT_EQ(post("/validate?ndjson_errors=fail", msgpack_doc + msgpack_second, "application/msgpack").status, 200u);
}

}  // namespace
