// handle_request without sockets: routing, methods, media types, options and the JSON
// work of every endpoint, with the exact bodies a client gets.

#include <gtest/gtest.h>

#include <boost/beast/http/field.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "handler_fixture.hpp"
#include "ujson/proto/handler.hpp"

namespace {

using namespace ujson::proto;
using namespace ujson::proto::test;

TEST_F(Handler, ValidateAnswersValidOrWhereAndWhy) {
  EXPECT_EQ(post("/validate", R"({"a":[1,2,3]})").body, R"({"valid":true})");
  const answer bad = post("/validate", "{\"a\":\n [1,2,");
  EXPECT_EQ(bad.status, 422u);
  EXPECT_EQ(bad.body,
            R"({"valid":false,"error":{"code":"unexpected_end","message":"the input ends inside a value",)"
            R"("offset":12,"line":2,"column":7}})");
  EXPECT_EQ(bad.result.code(), "unexpected_end");
}

TEST_F(Handler, DecodeAnswersCanonicalCompactJson) {
  const answer a = post("/decode", " { \"s\" : \"caf\\u00e9 a/b \\\"q\\\"\", \"n\": [1.50, -0, 1e2, 12345678901234567890123] } ");
  EXPECT_EQ(a.status, 200u);
  EXPECT_EQ(a.content_type, "application/json");
  EXPECT_EQ(a.body, "{\"s\":\"caf\xc3\xa9 a/b \\\"q\\\"\",\"n\":[1.5,0,100.0,12345678901234567890123]}");
}

TEST_F(Handler, DecodeDuplicateKeysPolicy) {
  const std::string doc = R"({"a":1,"b":2,"a":3})";
  EXPECT_EQ(post("/decode", doc).body, R"({"a":3,"b":2})");
  EXPECT_EQ(post("/decode?duplicate_keys=keep_last", doc).body, R"({"a":3,"b":2})");
  EXPECT_EQ(post("/decode?duplicate_keys=keep_first", doc).body, R"({"a":1,"b":2})");
  const answer r = post("/decode?duplicate_keys=reject", doc);
  EXPECT_EQ(r.status, 422u);
  EXPECT_NE(r.body.find("\"code\":\"duplicate_key\""), std::string::npos) << r.body;
}

TEST_F(Handler, MaxDepthDefaultsToTheServersAndCannotExceedIt) {
  EXPECT_EQ(post("/decode?max_depth=3", "[[[1]]]").status, 200u);
  const answer deep = post("/decode?max_depth=2", "[[[1]]]");
  EXPECT_EQ(deep.status, 422u);
  EXPECT_NE(deep.body.find("depth_exceeded"), std::string::npos);
  server_.max_depth = 4;
  EXPECT_EQ(post("/validate", "[[[[[1]]]]]").status, 422u);
  const answer over = post("/validate?max_depth=5", "[1]");
  EXPECT_EQ(over.status, 400u);
  EXPECT_NE(over.body.find("from 1 to 4"), std::string::npos) << over.body;
}

TEST_F(Handler, EncodeUsesUltraJsonDefaults) {
  const answer a = post("/encode", R"({"url":"http://x/é","html":"<a&b>"})");
  EXPECT_EQ(a.status, 200u);
  EXPECT_EQ(a.body, R"({"url":"http:\/\/x\/\u00e9","html":"<a&b>"})");
}

TEST_F(Handler, EncodeTakesEveryEncoderOption) {
  const std::string doc = R"({"b":[1,2],"a":"é/<>","d":0.1234567})";
  EXPECT_EQ(post("/encode?ensure_ascii=false", doc).body, "{\"b\":[1,2],\"a\":\"\xc3\xa9\\/<>\",\"d\":0.1234567}");
  EXPECT_EQ(post("/encode?escape_forward_slashes=0", doc).body, R"({"b":[1,2],"a":"\u00e9/<>","d":0.1234567})");
  EXPECT_EQ(post("/encode?encode_html_chars=true", doc).body,
            R"({"b":[1,2],"a":"\u00e9\/\u003c\u003e","d":0.1234567})");
  EXPECT_EQ(post("/encode?sort_keys=1", doc).body, R"({"a":"\u00e9\/<>","b":[1,2],"d":0.1234567})");
  EXPECT_EQ(post("/encode?double_precision=3", doc).body, R"({"b":[1,2],"a":"\u00e9\/<>","d":0.123})");
  EXPECT_EQ(post("/encode?indent=2", R"({"a":[1]})").body, "{\n  \"a\": [\n    1\n  ]\n}");
  EXPECT_EQ(post("/encode?item_separator=%2C%20&key_separator=%3A%20", R"({"a":1,"b":2})").body,
            R"({"a": 1, "b": 2})");
  EXPECT_EQ(post("/encode?allow_nan_literals=true", "[NaN,Infinity]").body, "[NaN,Infinity]");
  const answer strict = post("/encode?allow_nan_literals=true&allow_nan=false", "[NaN]");
  EXPECT_EQ(strict.status, 422u);
  EXPECT_EQ(strict.result.code(), "nan_or_infinity");
}

TEST_F(Handler, ReadSideOptions) {
  EXPECT_EQ(post("/validate", "[NaN]").status, 422u);
  EXPECT_EQ(post("/validate?allow_nan_literals=true", "[NaN]").status, 200u);
  EXPECT_EQ(post("/decode", R"(["\ud800"])").status, 422u);
  const answer lone = post("/decode?allow_lone_surrogates=true", R"(["\ud800"])");
  EXPECT_EQ(lone.status, 200u);
  EXPECT_EQ(lone.body, R"(["\ud800"])");
  EXPECT_EQ(post("/validate?allow_lone_surrogates=1", R"(["\ud800"])").status, 200u);
}

TEST_F(Handler, BadOptionsNameTheOption) {
  struct probe {
    const char* target;
    const char* option;
  };
  for (const probe p : {probe{"/decode?bogus=1", "bogus"}, probe{"/validate?indent=2", "indent"},
                        probe{"/decode?sort_keys=true", "sort_keys"}, probe{"/encode?indent=1001", "indent"},
                        probe{"/encode?indent=-1", "indent"}, probe{"/encode?sort_keys=yes", "sort_keys"},
                        probe{"/encode?double_precision=18", "double_precision"},
                        probe{"/encode?duplicate_keys=first", "duplicate_keys"}, probe{"/encode?indent", "indent"},
                        probe{"/encode?indent=1&indent=2", "indent"}, probe{"/encode?max_depth=0", "max_depth"},
                        probe{"/encode?item_separator=;", "item_separator"},
                        probe{"/encode?key_separator=%3A%3A", "key_separator"}, probe{"/healthz?x=1", "x"}}) {
    SCOPED_TRACE(p.target);
    const bool get = std::string_view(p.target).starts_with("/healthz");
    const answer a = call(get ? http::verb::get : http::verb::post, p.target, "[]");
    EXPECT_EQ(a.status, 400u);
    EXPECT_EQ(a.result.code(), "bad_option");
    EXPECT_NE(a.body.find(std::string("\"option\":\"") + p.option + "\""), std::string::npos) << a.body;
    EXPECT_NE(a.body.find("\"code\":\"bad_option\""), std::string::npos) << a.body;
  }
}

TEST_F(Handler, RoutingMethodsAndLength) {
  const answer missing = call(http::verb::get, "/nope");
  EXPECT_EQ(missing.status, 404u);
  EXPECT_EQ(missing.body, R"({"error":{"code":"not_found","message":"no such endpoint"}})");
  const answer get_decode = call(http::verb::get, "/decode");
  EXPECT_EQ(get_decode.status, 405u);
  EXPECT_EQ(get_decode.allow, "POST");
  const answer post_health = post("/healthz", "{}");
  EXPECT_EQ(post_health.status, 405u);
  EXPECT_EQ(post_health.allow, "GET");
  const answer no_length = call(http::verb::post, "/validate", "", "application/json", false);
  EXPECT_EQ(no_length.status, 411u);
  EXPECT_TRUE(no_length.result.close);
}

TEST_F(Handler, AbsoluteFormTargets) {
  EXPECT_EQ(post("http://127.0.0.1:8080/encode?sort_keys=true", R"({"b":1,"a":2})").body, R"({"a":2,"b":1})");
  EXPECT_EQ(call(http::verb::get, "http://localhost/healthz").status, 200u);
  EXPECT_EQ(call(http::verb::get, "http://localhost").status, 404u);
  EXPECT_EQ(endpoint_of("http://h/metrics?x"), endpoint::metrics);
}

TEST_F(Handler, MediaTypes) {
  EXPECT_EQ(post("/validate", "[]", nullptr).status, 200u);
  EXPECT_EQ(post("/validate", "[]", "text/plain").status, 200u);
  EXPECT_EQ(post("/validate", "[]", "application/json; charset=UTF-8").status, 200u);
  EXPECT_EQ(post("/validate", "[]", "application/vnd.api+json").status, 200u);
  EXPECT_EQ(post("/validate", "[]", "application/json; charset=latin1").status, 415u);
  EXPECT_EQ(post("/validate", "[]", "application/x-www-form-urlencoded").status, 415u);
  const answer xml = post("/decode", "<a/>", "application/xml");
  EXPECT_EQ(xml.status, 415u);
  EXPECT_EQ(xml.result.code(), "unsupported_media_type");
  // A Content-Encoding the service does not read is 415 naming what it reads (RFC 7694);
  // one it reads, on bytes that are not in it, is 400 (tests/proto/content_coding_test.cpp
  // and tests/service/service_compression_test.cpp have the rest).
  request req{http::verb::post, "/validate", 11};
  req.set(http::field::content_encoding, "br");
  req.body() = "[]";
  req.prepare_payload();
  response res;
  const outcome br = handle_request(req, res, ws_, server_);
  EXPECT_EQ(br.status, 415u);
  EXPECT_EQ(br.code(), "unsupported_encoding");
  EXPECT_EQ(res[http::field::accept_encoding], "gzip, deflate, zstd");
  req.set(http::field::content_encoding, "gzip");
  EXPECT_EQ(handle_request(req, res, ws_, server_).code(), "bad_encoding");
}

TEST_F(Handler, NdjsonLineByLine) {
  const char* nd = "application/x-ndjson";
  const answer a = post("/decode", "{\"a\": 1}\n\n  [1, 2]\r\n\"x\"", nd);
  EXPECT_EQ(a.status, 200u);
  EXPECT_EQ(a.content_type, nd);
  EXPECT_EQ(a.body, "{\"a\":1}\n[1,2]\n\"x\"\n");
  EXPECT_EQ(post("/encode?sort_keys=true", "{\"b\":1,\"a\":2}\n{\"d\":\"/\"}\n", nd).body,
            "{\"a\":2,\"b\":1}\n{\"d\":\"\\/\"}\n");
  EXPECT_EQ(post("/validate", "1\n2\n\n3\n", nd).body, R"({"valid":true,"lines":3})");
  const answer bad = post("/decode", "[1]\n\n{\"a\":}\n[2]\n", nd);
  EXPECT_EQ(bad.status, 422u);
  EXPECT_EQ(bad.content_type, "application/json");
  EXPECT_EQ(bad.body, R"x({"error":{"code":"expected_value","message":"expected a value (object, array, string, )x"
                      R"x(number, true, false or null)","offset":10,"line":3,"column":6}})x");
  EXPECT_EQ(post("/validate", "[1]\n[\n", nd).status, 422u);
  EXPECT_EQ(post("/decode", "", nd).body, "");
}

TEST_F(Handler, HealthAndMetrics) {
  const answer ok = call(http::verb::get, "/healthz");
  EXPECT_EQ(ok.status, 200u);
  EXPECT_EQ(ok.body, R"({"status":"ok"})");
  server_.draining = true;
  const answer draining = call(http::verb::get, "/healthz");
  EXPECT_EQ(draining.status, 503u);
  EXPECT_EQ(draining.result.code(), "shutting_down");

  struct fake : metrics_source {
    void render(std::string& out) const override { out += "ujsond_up 1\n"; }
  } source;
  server_.metrics = &source;
  const answer m = call(http::verb::get, "/metrics");
  EXPECT_EQ(m.status, 200u);
  EXPECT_EQ(m.body, "ujsond_up 1\n");
  EXPECT_EQ(m.content_type.rfind("text/plain", 0), 0u);
}

TEST_F(Handler, InvalidInputsNeverBreakTheWorkspace) {
  for (const char* doc : {"", " ", "[", "{\"a\"", "\"\xff\"", "[1,]", "01", "nul", "[1] x"}) {
    SCOPED_TRACE(doc);
    EXPECT_EQ(post("/decode", doc).status, 422u);
    EXPECT_EQ(post("/encode", doc).status, 422u);
    EXPECT_EQ(post("/validate", doc).status, 422u);
  }
  EXPECT_EQ(post("/decode", "[1,2]").body, "[1,2]");  // and the next request is fine
}

TEST_F(Handler, ErrorResponseForSessionErrors) {
  response res;
  const outcome o = error_response(http_error::request_timeout, 11, res, ws_);
  EXPECT_EQ(o.status, 408u);
  EXPECT_TRUE(o.close);
  EXPECT_FALSE(res.keep_alive());
  EXPECT_EQ(std::string(res.body().data(), res.body().size()),
            R"({"error":{"code":"request_timeout","message":"the request did not arrive in time"}})");
}

// ---- /decode?canonical=true: RFC 8785 -------------------------------------------------------

// data/rfc8785 (typed from the RFC), found from the source tree's openapi.yaml.
std::string rfc8785_example(const char* name) {
  const std::filesystem::path dir = std::filesystem::path(UJSON_OPENAPI).parent_path().parent_path() / "data" / "rfc8785";
  std::ifstream in(dir / name, std::ios::binary);
  EXPECT_TRUE(in.good()) << (dir / name);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

TEST_F(Handler, DecodeCanonicalAnswersRfc8785) {
  for (const char* name : {"sample", "sorting"}) {
    SCOPED_TRACE(name);
    const answer a = post("/decode?canonical=true", rfc8785_example((std::string(name) + ".json").c_str()));
    EXPECT_EQ(a.status, 200u);
    EXPECT_EQ(a.content_type, "application/json");
    EXPECT_EQ(a.body, rfc8785_example((std::string(name) + ".canonical.json").c_str()));
  }
  EXPECT_EQ(post("/decode?canonical=1", "[1e21, 1e20, 1E-7, 0.000001, -0, -0.0, 4.50, 9007199254740992]").body,
            "[1e+21,100000000000000000000,1e-7,0.000001,0,0,4.5,9007199254740992]");
  EXPECT_EQ(post("/decode?canonical=false", "[1e21]").body, "[1e+21]");  // the compact form
}

TEST_F(Handler, DecodeCanonicalRefusesWhatRfc8785CannotWrite) {
  for (const char* target_and_body : {"/decode?canonical=true [9007199254740993]", "/decode?canonical=true [1e400]",
                                      "/decode?canonical=true [-1e-400]",
                                      "/decode?canonical=true&allow_nan_literals=true [NaN]",
                                      "/decode?canonical=true&allow_lone_surrogates=true [\"\\ud800\"]"}) {
    SCOPED_TRACE(target_and_body);
    const std::string_view both(target_and_body);
    const std::size_t space = both.find(' ');
    const answer a = post(std::string(both.substr(0, space)), std::string(both.substr(space + 1)));
    EXPECT_EQ(a.status, 422u);
    EXPECT_EQ(a.result.code(), "not_canonicalizable");
    EXPECT_NE(a.body.find("\"code\":\"not_canonicalizable\""), std::string::npos) << a.body;
  }
}

TEST_F(Handler, DecodeCanonicalRejectsDuplicateKeysUnlessTold) {
  const std::string doc = R"({"b":1,"a":2,"b":3})";
  const answer dup = post("/decode?canonical=true", doc);
  EXPECT_EQ(dup.status, 422u);
  EXPECT_EQ(dup.result.code(), "duplicate_key");
  EXPECT_NE(dup.body.find("\"offset\":13"), std::string::npos) << dup.body;  // at the repeated key
  EXPECT_EQ(post("/decode?canonical=true&duplicate_keys=keep_last", doc).body, R"({"a":2,"b":3})");
  EXPECT_EQ(post("/decode?duplicate_keys=keep_first&canonical=true", doc).body, R"({"a":2,"b":1})");
}

TEST_F(Handler, DecodeCanonicalTakesNoEncodingOption) {
  struct probe {
    const char* target;
    const char* option;
  };
  for (const probe p : {probe{"/decode?canonical=true&indent=2", "indent"},
                        probe{"/decode?sort_keys=true&canonical=true", "sort_keys"},
                        probe{"/decode?canonical=true&ensure_ascii=false", "ensure_ascii"},
                        probe{"/decode?canonical=true&double_precision=3", "double_precision"},
                        probe{"/decode?canonical=yes", "canonical"}, probe{"/encode?canonical=true", "canonical"},
                        probe{"/validate?canonical=true", "canonical"},
                        probe{"/decode?canonical=true&canonical=true", "canonical"}}) {
    SCOPED_TRACE(p.target);
    const answer a = post(p.target, "[]");
    EXPECT_EQ(a.status, 400u);
    EXPECT_EQ(a.result.code(), "bad_option");
    EXPECT_NE(a.body.find(std::string("\"option\":\"") + p.option + "\""), std::string::npos) << a.body;
  }
}

TEST_F(Handler, DecodeCanonicalNdjsonLineByLine) {
  const char* nd = "application/x-ndjson";
  const answer a = post("/decode?canonical=true", "{\"b\": 1e21, \"a\": \"/\"}\n\n[-0.0]\n", nd);
  EXPECT_EQ(a.status, 200u);
  EXPECT_EQ(a.body, "{\"a\":\"/\",\"b\":1e+21}\n[0]\n");
  const answer bad = post("/decode?canonical=true", "[1]\n[9007199254740993]\n", nd);
  EXPECT_EQ(bad.status, 422u);
  EXPECT_EQ(bad.result.code(), "not_canonicalizable");
}

}  // namespace
