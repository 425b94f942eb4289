// Every error status over a real socket, each with its JSON body, and the limits that
// close the connection.

#include <gtest/gtest.h>

#include <thread>

#include "service_support.hpp"
#include "ujson/dom.hpp"
#include "ujson/proto/errors.hpp"

namespace {

using namespace ujsond_test;

class Errors : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new server({"--max-body", "1KiB", "--max-header", "2KiB", "--read-timeout", "400ms", "--idle-timeout",
                          "500ms", "--max-connections", "8"});
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static void expect_error(const response& r, unsigned status, const std::string& code) {
    EXPECT_EQ(r.result_int(), status) << r.body();
    EXPECT_EQ(r[http::field::content_type], "application/json");
    EXPECT_NE(r.body().find("{\"error\":{\"code\":\"" + code + "\""), std::string::npos) << r.body();
  }
  static inline server* server_ = nullptr;
};

TEST_F(Errors, BadRequestClosesTheConnection) {
  client c(server_->port());
  c.write_raw("THIS IS NOT HTTP\r\n\r\n");
  const response r = c.read();
  expect_error(r, 400, "bad_request");
  EXPECT_FALSE(r.keep_alive());
  EXPECT_TRUE(c.closed_by_peer());
}

TEST_F(Errors, BadOptionKeepsTheConnection) {
  client c(server_->port());
  const response r = c.roundtrip(post("/encode?indnet=2", "[]"));
  expect_error(r, 400, "bad_option");
  EXPECT_NE(r.body().find("\"option\":\"indnet\""), std::string::npos);
  EXPECT_TRUE(r.keep_alive());
  EXPECT_EQ(c.roundtrip(post("/encode", "[]")).result_int(), 200);
}

TEST_F(Errors, NotFoundAndMethodNotAllowed) {
  client c(server_->port());
  expect_error(c.roundtrip(get("/nowhere")), 404, "not_found");
  const response r = c.roundtrip(get("/validate"));
  expect_error(r, 405, "method_not_allowed");
  EXPECT_EQ(r[http::field::allow], "POST");
  const response h = c.roundtrip(post("/metrics", "{}"));
  expect_error(h, 405, "method_not_allowed");
  EXPECT_EQ(h[http::field::allow], "GET");
}

TEST_F(Errors, SlowClientGets408AndIsClosed) {
  client c(server_->port());
  c.write_raw("POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n[1,");
  const auto start = std::chrono::steady_clock::now();
  const response r = c.read();
  expect_error(r, 408, "request_timeout");
  EXPECT_GE(std::chrono::steady_clock::now() - start, 300ms);
  EXPECT_TRUE(c.closed_by_peer());
}

TEST_F(Errors, SlowHeadersGet408Too) {
  client c(server_->port());
  c.write_raw("GET /healthz HTTP/1.1\r\nHost: x\r\n");
  expect_error(c.read(), 408, "request_timeout");
}

TEST_F(Errors, IdleKeepAliveConnectionIsClosedQuietly) {
  client c(server_->port());
  EXPECT_EQ(c.roundtrip(get("/healthz")).result_int(), 200);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(c.closed_by_peer(5s));
  EXPECT_GE(std::chrono::steady_clock::now() - start, 400ms);
}

TEST_F(Errors, PostWithoutLengthIs411) {
  client c(server_->port());
  c.write_raw("POST /decode HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\r\n");
  const response r = c.read();
  expect_error(r, 411, "length_required");
  EXPECT_FALSE(r.keep_alive());
}

TEST_F(Errors, BodyOverTheLimitIs413) {
  client c(server_->port());
  const response r = c.roundtrip(post("/validate", "[" + std::string(2000, '1') + "]"));
  expect_error(r, 413, "body_too_large");
  EXPECT_FALSE(r.keep_alive());
  EXPECT_TRUE(c.closed_by_peer());
}

TEST_F(Errors, ChunkedBodyOverTheLimitIs413) {
  client c(server_->port());
  c.write_raw("POST /validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
  const std::string chunk(600, ' ');
  c.write_raw("258\r\n" + chunk + "\r\n");
  c.write_raw("258\r\n" + chunk + "\r\n0\r\n\r\n");
  expect_error(c.read(), 413, "body_too_large");
}

TEST_F(Errors, ChunkedBodyIsAccepted) {
  client c(server_->port());
  c.write_raw(
      "POST /decode HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n"
      "4\r\n[1, \r\n5\r\n2, 3]\r\n0\r\n\r\n");
  const response r = c.read();
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_EQ(r.body(), "[1,2,3]");
  EXPECT_EQ(c.roundtrip(get("/healthz")).result_int(), 200);  // still open
}

TEST_F(Errors, UnsupportedMediaTypeIs415) {
  client c(server_->port());
  expect_error(c.roundtrip(post("/decode", "<a/>", "application/xml")), 415, "unsupported_media_type");
  expect_error(c.roundtrip(post("/decode", "a=1", "application/x-www-form-urlencoded")), 415,
               "unsupported_media_type");
  EXPECT_EQ(c.roundtrip(post("/decode", "[1]", nullptr)).result_int(), 200);      // missing: JSON
  EXPECT_EQ(c.roundtrip(post("/decode", "[1]", "text/plain")).result_int(), 200);  // text is JSON
}

TEST_F(Errors, InvalidJsonIs422) {
  client c(server_->port());
  for (const char* path : {"/validate", "/decode", "/encode"}) {
    const response r = c.roundtrip(post(path, "{\"a\" 1}"));
    EXPECT_EQ(r.result_int(), 422);
    EXPECT_NE(r.body().find(R"("code":"expected_colon")"), std::string::npos) << r.body();
    EXPECT_NE(r.body().find(R"("offset":5,"line":1,"column":6)"), std::string::npos) << r.body();
    EXPECT_TRUE(r.keep_alive());
  }
}

TEST_F(Errors, HeadersOverTheLimitAre431) {
  client c(server_->port());
  request req = get("/healthz");
  req.set("X-Padding", std::string(3000, 'p'));
  const response r = c.roundtrip(req);
  EXPECT_EQ(r.result_int(), 431);
  EXPECT_NE(r.body().find("header_too_large"), std::string::npos);
  EXPECT_TRUE(c.closed_by_peer());
}

TEST_F(Errors, AClientThatTakesNoAnswersIsClosed) {
  client c(server_->port());
  // Each answer is about a megabyte (30 levels, 1000 spaces each), far more than the
  // socket buffers hold: the server's write stalls and --read-timeout ends it.
  const std::string nested = std::string(30, '[') + std::string(30, ']');
  std::string batch;
  for (int i = 0; i < 50; ++i) batch += to_wire(post("/encode?indent=1000", nested));
  c.write_raw(batch);
  std::this_thread::sleep_for(1500ms);
  int answers = 0;
  try {
    for (; answers < 50; ++answers) c.read(5s);
  } catch (const std::exception&) {
  }
  EXPECT_LT(answers, 50);
  client other(server_->port());
  EXPECT_EQ(other.roundtrip(get("/healthz")).result_int(), 200);
}

TEST(ConnectionLimit, OverMaxConnectionsIs503) {
  server s({"--max-connections", "2"});
  client a(s.port()), b(s.port());
  EXPECT_EQ(a.roundtrip(get("/healthz")).result_int(), 200);
  EXPECT_EQ(b.roundtrip(get("/healthz")).result_int(), 200);
  client third(s.port());
  const response r = third.read();
  EXPECT_EQ(r.result_int(), 503);
  EXPECT_EQ(r[http::field::content_type], "application/json");
  EXPECT_FALSE(r.keep_alive());
  // The body proto writes for this error, as for every other.
  ujson::document body;
  ASSERT_EQ(body.parse(r.body()).code, ujson::errc::ok) << r.body();
  const auto& info = ujson::proto::info(ujson::proto::http_error::too_many_connections);
  EXPECT_EQ(body.root()["error"]["code"].as_string(), info.code) << r.body();
  EXPECT_EQ(body.root()["error"]["message"].as_string(), info.message) << r.body();
  EXPECT_EQ(body.root().size(), 1u) << r.body();
  EXPECT_EQ(a.roundtrip(get("/healthz")).result_int(), 200);  // the others go on
}

TEST(BodyLimitDefault, SixteenMebibytesPass) {
  server s({"--access-log=false"});
  client c(s.port());
  std::string big = "[";
  while (big.size() < 15 * 1024 * 1024) big += "\"0123456789abcdef0123456789abcdef\",";
  big += "1]";
  EXPECT_EQ(c.roundtrip(post("/validate", big)).result_int(), 200);
  client d(s.port());
  const response r = d.roundtrip(post("/validate", std::string(16 * 1024 * 1024 + 1, ' ')));
  EXPECT_EQ(r.result_int(), 413);
}

}  // namespace
