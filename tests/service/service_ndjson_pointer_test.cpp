// ndjson_errors=fail|skip|report and pointer= (RFC 6901) projection, over a real socket.
// Expected positions are the ones Python's json module reports for the same lines
// (json.loads("[2") -> "line 1 column 3 (char 2)"); the pointer cases are RFC 6901
// section 5's, with the values the RFC gives.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "service_support.hpp"
#include "ujson/dom.hpp"

namespace {

using namespace ujsond_test;

class Pipelines : public shared_server_suite {
 protected:
  static void SetUpTestSuite() { start({"--access-log=false"}); }
};

// The JSON text `got` is the same value as `want`.
void expect_json(std::string_view got, std::string_view want) {
  ujson::document a, b;
  ASSERT_FALSE(a.parse(got)) << got;
  ASSERT_FALSE(b.parse(want)) << want;
  EXPECT_EQ(a.root(), b.root()) << got << "\nwanted " << want;
}

// Line 2 ends inside an array, line 6 is no literal; lines 4 and 5 are blank.
const std::string mixed = "1\n[2\n{\"a\":3}\n\n  \nnope\n[4]\n";

TEST_F(Pipelines, NdjsonFailIsTheDefaultAndAnswersNoLine) {
  for (const std::string target : {"/decode", "/decode?ndjson_errors=fail", "/encode"}) {
    response r = call(post(target, mixed, "application/x-ndjson"));
    EXPECT_EQ(r.result_int(), 422) << target;
    expect_json(r.body(), R"({"error":{"code":"unexpected_end","message":"the input ends inside a value",
                             "offset":4,"line":2,"column":3}})");
    EXPECT_EQ(r.count("X-Ujson-Skipped-Lines"), 0u);
  }
}

TEST_F(Pipelines, NdjsonSkipAnswersTheGoodLinesAndCountsTheOthers) {
  response r = call(post("/decode?ndjson_errors=skip", mixed, "application/x-ndjson"));
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_EQ(r[http::field::content_type], "application/x-ndjson");
  EXPECT_EQ(r.body(), "1\n{\"a\":3}\n[4]\n");
  EXPECT_EQ(r["X-Ujson-Skipped-Lines"], "2");
  response none = call(post("/encode?ndjson_errors=skip&indent=1", "[1]\n", "application/x-ndjson"));
  EXPECT_EQ(none.body(), "[\n 1\n]\n");
  EXPECT_EQ(none["X-Ujson-Skipped-Lines"], "0");
  response all_bad = call(post("/decode?ndjson_errors=skip", "[\n]\n", "application/x-ndjson"));
  EXPECT_EQ(all_bad.result_int(), 200);
  EXPECT_EQ(all_bad.body(), "");
  EXPECT_EQ(all_bad["X-Ujson-Skipped-Lines"], "2");
  // One JSON text is not NDJSON: its error is the request's.
  EXPECT_EQ(call(post("/decode?ndjson_errors=skip", "[1,]")).result_int(), 422);
}

TEST_F(Pipelines, NdjsonSkipIsCountedInMetrics) {
  server own({"--access-log=false"});
  client c(own.port());
  c.roundtrip(post("/decode?ndjson_errors=skip", mixed, "application/x-ndjson"));
  c.roundtrip(post("/encode?ndjson_errors=skip", "x\n1\n", "application/x-ndjson"));
  c.roundtrip(post("/encode?ndjson_errors=report", "x\n1\n", "application/x-ndjson"));
  response m = c.roundtrip(get("/metrics"));
  EXPECT_NE(m.body().find("# TYPE ujsond_ndjson_skipped_lines_total counter\n"), std::string::npos) << m.body();
  EXPECT_NE(m.body().find("\nujsond_ndjson_skipped_lines_total 3\n"), std::string::npos) << m.body();
}

TEST_F(Pipelines, NdjsonReportAnswersEachBadLineWithItsErrorInPlace) {
  response r = call(post("/decode?ndjson_errors=report", mixed, "application/x-ndjson"));
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_EQ(r.count("X-Ujson-Skipped-Lines"), 0u);
  const std::vector<std::string> got = lines_of(r.body());
  ASSERT_EQ(got.size(), 5u) << r.body();
  EXPECT_EQ(got[0], "1");
  expect_json(got[1], R"({"error":{"code":"unexpected_end","message":"the input ends inside a value",
                         "offset":4,"line":2,"column":3}})");
  EXPECT_EQ(got[2], R"({"a":3})");
  ujson::document bad;
  ASSERT_FALSE(bad.parse(got[3]));
  const ujson::value& e = bad.root()["error"];
  EXPECT_EQ(e["code"].as_string(), "invalid_literal");
  EXPECT_EQ(e["line"].as_int64(), 6);
  EXPECT_EQ(e["column"].as_int64(), 1);
  EXPECT_EQ(e["offset"].as_int64(), 17);
  EXPECT_FALSE(e["message"].as_string().empty());
  EXPECT_EQ(got[4], "[4]");

  // An encoder's error has no byte: it is placed at its line's first one.
  response nan = call(post("/encode?ndjson_errors=report&allow_nan_literals=true&allow_nan=false", "[1]\r\n[NaN]\n",
                           "application/x-ndjson"));
  EXPECT_EQ(nan.result_int(), 200);
  const std::vector<std::string> nan_lines = lines_of(nan.body());
  ASSERT_EQ(nan_lines.size(), 2u) << nan.body();
  EXPECT_EQ(nan_lines[0], "[1]");
  expect_json(nan_lines[1], R"x({"error":{"code":"nan_or_infinity",
      "message":"NaN and Infinity are not JSON (allow_nan is off)","offset":5,"line":2,"column":1}})x");
}

TEST_F(Pipelines, NdjsonErrorsTakesOnlyItsThreeModes) {
  response r = call(post("/decode?ndjson_errors=ignore", "1\n", "application/x-ndjson"));
  EXPECT_EQ(r.result_int(), 400);
  expect_json(r.body(), R"({"error":{"code":"bad_option","message":"option 'ndjson_errors' must be fail, skip or report",
                         "option":"ndjson_errors"}})");
  // /validate takes them too: a line fails there when it is not JSON.
  r = call(post("/validate?ndjson_errors=skip", "1\n[\n2\n", "application/x-ndjson"));
  EXPECT_EQ(r.result_int(), 200);
  expect_json(r.body(), R"({"valid":true,"lines":2})");
  EXPECT_EQ(r["X-Ujson-Skipped-Lines"], "1");
}

// RFC 6901 section 5's document.
const std::string rfc_document = R"({"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4,
                                     "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8})";

TEST_F(Pipelines, PointerAnswersTheValueOfRfc6901SectionFive) {
  // Query values are percent-decoded first: %2F is '/', %25 '%', %5C '\', %22 '"', %20 and '+' a space.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", rfc_document},         {"/foo", R"(["bar","baz"])"}, {"/foo/0", R"("bar")"}, {"/", "0"},
      {"/a~1b", "1"},             {"%2Fa~1b", "1"},             {"/c%25d", "2"},        {"/e%5Ef", "3"},
      {"/g%7Ch", "4"},            {"/i%5Cj", "5"},              {"/k%22l", "6"},        {"/%20", "7"},
      {"/+", "7"},                {"/m~0n", "8"},               {"/m%7E0n", "8"},
  };
  client c(server_->port());
  for (const auto& [query, want] : cases) {
    SCOPED_TRACE(query);
    response r = c.roundtrip(post("/decode?pointer=" + query, rfc_document));
    EXPECT_EQ(r.result_int(), 200) << r.body();
    expect_json(r.body(), want);
  }
  EXPECT_EQ(c.roundtrip(post("/decode?pointer=/foo", rfc_document)).body(), R"(["bar","baz"])");
}

TEST_F(Pipelines, RepeatedPointersAnswerAnArrayInTheirOrder) {
  response r = call(post("/decode?pointer=/foo/1&pointer=/&pointer=/foo&pointer=/foo/1", rfc_document));
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_EQ(r.body(), R"(["baz",0,["bar","baz"],"baz"])");
  response e = call(post("/encode?pointer=/m~0n&pointer=/foo&indent=2", rfc_document));
  EXPECT_EQ(e.body(), "[\n  8,\n  [\n    \"bar\",\n    \"baz\"\n  ]\n]");
  response sorted = call(post("/encode?pointer=/x&sort_keys=true&ensure_ascii=true", R"({"x":{"b":"\u00e9","a":1}})"));
  EXPECT_EQ(sorted.body(), R"({"a":1,"b":"\u00e9"})");
  response canonical = call(post("/decode?pointer=/x&canonical=true", R"({"x":{"b":1e21,"a":1.50}})"));
  EXPECT_EQ(canonical.body(), R"({"a":1.5,"b":1e+21})");
}

TEST_F(Pipelines, APointerThatNamesNothingIs422OrNull) {
  for (const std::string p : {"/foo/2", "/foo/-", "/foo/01", "/nope", "/foo/0/x", "/a~1b/0"}) {
    SCOPED_TRACE(p);
    response r = call(post("/decode?pointer=/foo/0&pointer=" + p, rfc_document));
    EXPECT_EQ(r.result_int(), 422);
    expect_json(r.body(), R"({"error":{"code":"pointer_not_found","message":"no value at pointer ')" + p +
                              R"('","pointer":")" + p + R"("}})");
    response n = call(post("/decode?missing=null&pointer=/foo/0&pointer=" + p, rfc_document));
    EXPECT_EQ(n.result_int(), 200);
    EXPECT_EQ(n.body(), R"(["bar",null])");
  }
  EXPECT_EQ(call(post("/encode?pointer=/q&missing=null", "{}")).body(), "null");
  // A pointer does not excuse the rest of the body: it is still decoded and checked.
  response bad = call(post("/decode?pointer=/foo", R"({"foo":1,"bar":[1,]})"));
  EXPECT_EQ(bad.result_int(), 422);
  EXPECT_NE(bad.body().find(R"("code":"expected_value")"), std::string::npos) << bad.body();
}

TEST_F(Pipelines, WhatIsNoPointerIs400BadOption) {
  for (const std::string p : {"foo", "%7E", "/~2", "/a~", "#/foo"}) {
    SCOPED_TRACE(p);
    response r = call(post("/decode?pointer=" + p, rfc_document));
    EXPECT_EQ(r.result_int(), 400);
    ujson::document d;
    ASSERT_FALSE(d.parse(r.body()));
    EXPECT_EQ(d.root()["error"]["code"].as_string(), "bad_option");
    EXPECT_EQ(d.root()["error"]["option"].as_string(), "pointer");
  }
  std::string many = "/decode?pointer=/0";
  for (int i = 0; i < 63; ++i) many += "&pointer=/0";
  EXPECT_EQ(call(post(many, "[7]")).result_int(), 200);
  EXPECT_EQ(call(post(many + "&pointer=/0", "[7]")).result_int(), 400);
  EXPECT_EQ(call(post("/validate?pointer=/0", "[7]")).result_int(), 400);
  EXPECT_EQ(call(post("/decode?missing=maybe", "[7]")).result_int(), 400);
}

TEST_F(Pipelines, PointersApplyToEachNdjsonLineWithEveryMode) {
  const std::string body = "{\"a\":1}\n{\"b\":2}\n{\"a\":[3]}\n";
  response fail = call(post("/decode?pointer=/a", body, "application/x-ndjson"));
  EXPECT_EQ(fail.result_int(), 422);
  expect_json(fail.body(), R"({"error":{"code":"pointer_not_found","message":"no value at pointer '/a'","pointer":"/a",
                            "offset":8,"line":2,"column":1}})");
  response skip = call(post("/decode?pointer=/a&ndjson_errors=skip", body, "application/x-ndjson"));
  EXPECT_EQ(skip.body(), "1\n[3]\n");
  EXPECT_EQ(skip["X-Ujson-Skipped-Lines"], "1");
  response report = call(post("/decode?pointer=/a&ndjson_errors=report", body, "application/x-ndjson"));
  const std::vector<std::string> got = lines_of(report.body());
  ASSERT_EQ(got.size(), 3u) << report.body();
  EXPECT_EQ(got[0], "1");
  expect_json(got[1], R"({"error":{"code":"pointer_not_found","message":"no value at pointer '/a'","pointer":"/a",
                         "offset":8,"line":2,"column":1}})");
  EXPECT_EQ(got[2], "[3]");
  response nulls = call(post("/decode?pointer=/a&pointer=/b&missing=null", body, "application/x-ndjson"));
  EXPECT_EQ(nulls.body(), "[1,null]\n[null,2]\n[[3],null]\n");
}

}  // namespace
