// Every endpoint and every query option over a real socket, the metrics and the access log.

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <map>

#include "service_support.hpp"
#include "ujson/proto/options.hpp"

namespace {

using namespace ujsond_test;

class Endpoints : public shared_server_suite {
 protected:
  // schema= needs a schema to name: tests/service/schemas/anything.json takes every document.
  static void SetUpTestSuite() { start({"--schema-dir", UJSON_SOURCE_DIR "/tests/service/schemas"}); }
};

TEST_F(Endpoints, Validate) {
  response ok = call(post("/validate", R"({"a":[1,2,{"b":null}]})"));
  EXPECT_EQ(ok.result_int(), 200);
  EXPECT_EQ(ok.body(), R"({"valid":true})");
  EXPECT_EQ(ok[http::field::content_type], "application/json");
  response bad = call(post("/validate", "[1,\n2,,]"));
  EXPECT_EQ(bad.result_int(), 422);
  EXPECT_EQ(bad.body(), R"x({"valid":false,"error":{"code":"expected_value","message":"expected a value )x"
                        R"x((object, array, string, number, true, false or null)","offset":6,"line":2,"column":3}})x");
}

TEST_F(Endpoints, DecodeIsCanonical) {
  response r = call(post("/decode", "{ \"a\" : \"\\u00e9/x\" , \"a\": [ 1.0 , 2e0 ], \"b\":true }"));
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_EQ(r.body(), "{\"a\":[1.0,2.0],\"b\":true}");
  EXPECT_EQ(call(post("/decode?duplicate_keys=keep_first", R"({"a":1,"a":2})")).body(), R"({"a":1})");
  EXPECT_EQ(call(post("/decode?duplicate_keys=reject", R"({"a":1,"a":2})")).result_int(), 422);
  EXPECT_EQ(call(post("/decode", "\"\\u00e9/\"")).body(), "\"\xc3\xa9/\"");
}

TEST_F(Endpoints, EncodeDefaultsAreUltraJsons) {
  response r = call(post("/encode", "{\"a\":\"\xc3\xa9/<\"}"));
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_EQ(r.body(), R"({"a":"\u00e9\/<"})");
}

// One request per option and value, valid and not: the service accepts exactly what
// option_specs (and so openapi.yaml) lists.
TEST_F(Endpoints, EveryOptionOverTheWire) {
  const std::map<std::string, std::pair<std::string, std::string>> samples{
      // option -> (a good value, a bad value)
      {"max_depth", {"8", "0"}},
      {"duplicate_keys", {"keep_first", "first"}},
      {"allow_nan_literals", {"true", "maybe"}},
      {"allow_lone_surrogates", {"1", "2"}},
      {"binary", {"base64", "hex"}},
      {"canonical", {"true", "yes"}},
      {"ensure_ascii", {"false", "no"}},
      {"escape_forward_slashes", {"0", "off"}},
      {"encode_html_chars", {"true", "TRUE"}},
      {"indent", {"4", "1001"}},
      {"sort_keys", {"true", "yes"}},
      {"double_precision", {"5", "18"}},
      {"allow_nan", {"false", "nope"}},
      {"item_separator", {"%2C%20", "%3B"}},
      {"key_separator", {"%3A%20", "x"}},
      {"ndjson_errors", {"skip", "ignore"}},
      {"pointer", {"/b/1", "b/1"}},
      {"missing", {"null", "none"}},
      {"schema", {"anything", ""}},
      {"max_errors", {"3", "0"}},
  };
  const std::vector<std::pair<std::string, std::uint8_t>> endpoints{
      {"/validate", ujson::proto::on_validate}, {"/decode", ujson::proto::on_decode}, {"/encode", ujson::proto::on_encode}};
  client c(server_->port());  // all on one keep-alive connection: a 400 does not close it
  for (const ujson::proto::option_spec& spec : ujson::proto::option_specs()) {
    const std::string name(spec.name);
    ASSERT_EQ(samples.count(name), 1u) << name << " has no sample";
    const auto& [good, bad] = samples.at(name);
    for (const auto& [path, bit] : endpoints) {
      SCOPED_TRACE(path + "?" + name);
      response r = c.roundtrip(post(path + "?" + name + "=" + good, R"({"b":[1.25,"/é"],"a":null})"));
      if (spec.endpoints & bit) {
        EXPECT_EQ(r.result_int(), 200) << r.body();
        response b = c.roundtrip(post(path + "?" + name + "=" + bad, "[]"));
        EXPECT_EQ(b.result_int(), 400);
        EXPECT_NE(b.body().find("\"option\":\"" + name + "\""), std::string::npos) << b.body();
      } else {
        EXPECT_EQ(r.result_int(), 400);
        EXPECT_NE(r.body().find("\"code\":\"bad_option\""), std::string::npos) << r.body();
      }
    }
  }
  response all = c.roundtrip(post("/encode?indent=1&sort_keys=true&ensure_ascii=false&escape_forward_slashes=false"
                                   "&double_precision=1&encode_html_chars=true",
                                   R"({"b":[1.25,"/é<"],"a":null})"));
  EXPECT_EQ(all.body(), "{\n \"a\": null,\n \"b\": [\n  1.2,\n  \"/\xc3\xa9\\u003c\"\n ]\n}");
}

TEST_F(Endpoints, Ndjson) {
  response r = call(post("/decode", "{\"a\" : 1}\n[ 2 ]\n\n\"x/y\"\n", "application/x-ndjson"));
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_EQ(r[http::field::content_type], "application/x-ndjson");
  EXPECT_EQ(r.body(), "{\"a\":1}\n[2]\n\"x/y\"\n");
  response e = call(post("/encode", "\"x/y\"\n[1]\n", "application/x-ndjson"));
  EXPECT_EQ(e.body(), "\"x\\/y\"\n[1]\n");
  response bad = call(post("/decode", "[1]\n[2]\n[3,]\n[4]\n", "application/x-ndjson"));
  EXPECT_EQ(bad.result_int(), 422);
  EXPECT_NE(bad.body().find("\"line\":3"), std::string::npos) << bad.body();
  EXPECT_EQ(call(post("/validate", "1\n2\n", "application/x-ndjson")).body(), R"({"valid":true,"lines":2})");
}

TEST_F(Endpoints, HealthzAndMetrics) {
  response h = call(get("/healthz"));
  EXPECT_EQ(h.result_int(), 200);
  EXPECT_EQ(h.body(), R"({"status":"ok"})");
  call(post("/validate", "[1]"));
  call(post("/validate", "[1"));
  response m = call(get("/metrics"));
  EXPECT_EQ(m.result_int(), 200);
  EXPECT_EQ(m[http::field::content_type].substr(0, 10), "text/plain");
  const std::string& text = m.body();
  for (const char* needle :
       {"ujsond_requests_total{endpoint=\"validate\",status=\"200\"}",
        "ujsond_requests_total{endpoint=\"validate\",status=\"422\"}",
        "ujsond_requests_total{endpoint=\"healthz\",status=\"200\"}",
        "ujsond_request_duration_seconds_bucket{endpoint=\"validate\",le=\"+Inf\"}",
        "ujsond_request_duration_seconds_count{endpoint=\"validate\"}", "ujsond_errors_total{code=\"invalid_json\"}",
        "ujsond_request_body_bytes_total", "ujsond_response_body_bytes_total", "ujsond_open_connections ",
        "ujsond_connections_total", "# TYPE ujsond_request_duration_seconds histogram"}) {
    EXPECT_NE(text.find(needle), std::string::npos) << needle << "\n" << text;
  }
  EXPECT_EQ(text.find("ujsond_errors_total{code=\"invalid_json\"} 0"), std::string::npos);
}

// Prometheus' own parser and linter (Debian's prometheus package ships promtool) on the
// live output, after answers of every kind have been counted.
TEST(Metrics, PromtoolAcceptsTheLiveOutput) {
  if (std::system("command -v promtool >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "promtool is not installed (Debian: prometheus; scripts/bootstrap test installs it)";
  }
  // With schemas, so that their counters are in the output: bench/schemas' twitter.schema.json
  // is the schema "twitter.schema".
  server s({"--access-log=false", "--max-body", "64", "--schema-dir", UJSON_SOURCE_DIR "/bench/schemas"});
  client c(s.port());
  c.roundtrip(post("/validate", "[1]"));
  c.roundtrip(post("/validate?schema=twitter.schema", "[1]"));
  c.roundtrip(post("/decode", "[1"));
  c.roundtrip(post("/encode", "[1]"));
  c.roundtrip(post("/decode?ndjson_errors=skip", "[1]\n[2\n", "application/x-ndjson"));
  c.roundtrip(post("/decode?pointer=/1", "[1]"));
  c.roundtrip(get("/healthz"));
  c.roundtrip(get("/healthz?x=1"));
  c.roundtrip(get("/nowhere"));
  c.roundtrip(get("/decode"));
  client(s.port()).roundtrip(post("/validate", std::string(100, ' ')));  // 413 closes its connection
  // A request is counted once its answer is written: the 413 may be counted a moment later.
  response m;
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  do {
    m = client(s.port()).roundtrip(get("/metrics"));
  } while (m.body().find("ujsond_errors_total{code=\"body_too_large\"} 1") == std::string::npos &&
           std::chrono::steady_clock::now() < deadline);
  ASSERT_EQ(m.result_int(), 200);

  char path[] = "/tmp/ujsond-metrics-XXXXXX";
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(write(fd, m.body().data(), m.body().size()), static_cast<ssize_t>(m.body().size()));
  close(fd);
  const std::string command = std::string("promtool check metrics <") + path + " 2>&1";
  FILE* p = popen(command.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  const int status = pclose(p);
  unlink(path);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << out << "\n" << m.body();
  EXPECT_NE(m.body().find("ujsond_errors_total{code=\"body_too_large\"} 1"), std::string::npos) << m.body();
  EXPECT_NE(m.body().find("ujsond_errors_total{code=\"pointer_not_found\"} 1"), std::string::npos) << m.body();
  EXPECT_NE(m.body().find("\nujsond_ndjson_skipped_lines_total 1\n"), std::string::npos) << m.body();
}

TEST_F(Endpoints, AccessLogHasOneJsonLinePerRequest) {
  call(get("/healthz?probe=1"));  // a 400, logged with its code
  const std::string wanted = R"("method":"GET","target":"/healthz?probe=1","status":400)";
  const std::string log = server_->log_with(wanted);
  EXPECT_NE(log.find(wanted), std::string::npos) << log;
  EXPECT_NE(log.find(R"("code":"bad_option")"), std::string::npos);
  std::istringstream lines(log);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    EXPECT_EQ(line.front(), '{');
    EXPECT_EQ(line.back(), '}');
    ++n;
  }
  EXPECT_GE(n, 2);  // the start-up line and this request (ctest runs each test on its own)
}

TEST(AccessLog, OffMeansNoRequestLines) {
  server s({"--access-log=false"});
  client c(s.port());
  EXPECT_EQ(c.roundtrip(get("/healthz")).result_int(), 200);
  EXPECT_EQ(s.log().find("/healthz"), std::string::npos);
}

}  // namespace
