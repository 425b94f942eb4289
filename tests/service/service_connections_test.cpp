// Connections: long keep-alive, pipelining under concurrency, clients that misbehave.

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "service_support.hpp"

namespace {

using namespace ujsond_test;

class Connections : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new server({"--access-log=false", "--read-timeout", "5s"}); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static inline server* server_ = nullptr;
};

TEST_F(Connections, AThousandRequestsOnOneKeepAliveConnection) {
  client c(server_->port());
  for (int i = 0; i < 1000; ++i) {
    const std::string n = std::to_string(i);
    const char* path = i % 3 == 0 ? "/validate" : i % 3 == 1 ? "/decode" : "/encode";
    const response r = c.roundtrip(post(path, "[ " + n + " , \"/" + n + "\" ]"));
    ASSERT_EQ(r.result_int(), 200) << i;
    ASSERT_TRUE(r.keep_alive());
    if (i % 3 == 0) {
      ASSERT_EQ(r.body(), R"({"valid":true})");
    } else if (i % 3 == 1) {
      ASSERT_EQ(r.body(), "[" + n + ",\"/" + n + "\"]");
    } else {
      ASSERT_EQ(r.body(), "[" + n + ",\"\\/" + n + "\"]");
    }
  }
}

TEST_F(Connections, ThirtyTwoConnectionsEachPipeliningFifty) {
  constexpr int connections = 32, depth = 50;
  std::atomic<int> correct{0};
  std::vector<std::string> failures(connections);
  std::vector<std::thread> threads;
  for (int t = 0; t < connections; ++t) {
    threads.emplace_back([&, t] {
      try {
        client c(server_->port());
        std::string batch;  // all fifty requests in one write, before reading any answer
        for (int i = 0; i < depth; ++i) {
          const std::string id = std::to_string(t) + "-" + std::to_string(i);
          batch += to_wire(post(i % 2 ? "/decode" : "/encode?sort_keys=true",
                                "{\"z\": 1, \"id\": \"" + id + "\", \"pad\": [" + std::string(i * 7, ' ') + "]}"));
        }
        c.write_raw(batch);
        for (int i = 0; i < depth; ++i) {
          const std::string id = std::to_string(t) + "-" + std::to_string(i);
          const response r = c.read();
          const std::string want = i % 2 ? "{\"z\":1,\"id\":\"" + id + "\",\"pad\":[]}"
                                         : "{\"id\":\"" + id + "\",\"pad\":[],\"z\":1}";
          if (r.result_int() != 200 || r.body() != want) {
            failures[t] = "answer " + std::to_string(i) + ": " + r.body() + " (wanted " + want + ")";
            return;
          }
          ++correct;
        }
      } catch (const std::exception& e) {
        failures[t] = e.what();
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < connections; ++t) EXPECT_EQ(failures[t], "") << "connection " << t;
  EXPECT_EQ(correct.load(), connections * depth);
}

TEST_F(Connections, PipelinedRequestsBeforeABadOneAreAllAnswered) {
  client c(server_->port());
  std::string batch;
  for (int i = 0; i < 20; ++i) batch += to_wire(post("/decode", "[" + std::to_string(i) + "]"));
  batch += "NOT HTTP AT ALL\r\n\r\n";
  batch += to_wire(post("/decode", "[99]"));  // after the bad one: never answered
  c.write_raw(batch);
  for (int i = 0; i < 20; ++i) {
    const response r = c.read();
    ASSERT_EQ(r.body(), "[" + std::to_string(i) + "]");
    ASSERT_TRUE(r.keep_alive());
  }
  const response bad = c.read();
  EXPECT_EQ(bad.result_int(), 400);
  EXPECT_FALSE(bad.keep_alive());
  EXPECT_TRUE(c.closed_by_peer());
}

TEST_F(Connections, PipelinedRequestsThenHalfCloseAreAllAnswered) {
  client c(server_->port());
  std::string batch;
  for (int i = 0; i < 30; ++i) batch += to_wire(post("/encode?indent=1", "[" + std::to_string(i) + "]"));
  c.write_raw(batch);
  c.shutdown_send();
  for (int i = 0; i < 30; ++i) EXPECT_EQ(c.read().body(), "[\n " + std::to_string(i) + "\n]");
  EXPECT_TRUE(c.closed_by_peer());
}

TEST_F(Connections, HalfABodyThenGoneDoesNotDisturbOthers) {
  client steady(server_->port());
  EXPECT_EQ(steady.roundtrip(post("/decode", "[1]")).body(), "[1]");
  for (int i = 0; i < 20; ++i) {
    client gone(server_->port());
    gone.write_raw("POST /decode HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n[1,2,3,");
    if (i % 2) {  // half of them reset the connection instead of closing it
      gone.reset();
    } else {
      gone.close();
    }
    EXPECT_EQ(steady.roundtrip(post("/decode", "[" + std::to_string(i) + "]")).body(), "[" + std::to_string(i) + "]");
  }
  client fresh(server_->port());
  EXPECT_EQ(fresh.roundtrip(get("/healthz")).result_int(), 200);
}

TEST_F(Connections, ARequestInOneByteWritesIsAnswered) {
  client c(server_->port());
  const std::string wire = to_wire(post("/encode?indent=1", R"({"a":[1,"x"]})"));
  for (char ch : wire) {
    c.write_raw(std::string_view(&ch, 1));
    std::this_thread::sleep_for(200us);
  }
  const response r = c.read();
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_EQ(r.body(), "{\n \"a\": [\n  1,\n  \"x\"\n ]\n}");
}

TEST_F(Connections, ExpectContinueIsHonoured) {
  client c(server_->port());
  request req = post("/decode", "[true]");
  req.set(http::field::expect, "100-continue");
  c.write_raw(head_to_wire(req));
  const response interim = c.read();
  EXPECT_EQ(interim.result_int(), 100);
  c.write_raw(req.body());
  const response r = c.read();
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_EQ(r.body(), "[true]");
}

TEST_F(Connections, Http10ClosesAfterTheAnswer) {
  client c(server_->port());
  c.write_raw("POST /decode HTTP/1.0\r\nContent-Length: 3\r\n\r\n[1]");
  const response r = c.read();
  EXPECT_EQ(r.body(), "[1]");
  EXPECT_TRUE(c.closed_by_peer());
}

}  // namespace
