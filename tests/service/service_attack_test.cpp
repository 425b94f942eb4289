// Hostile clients: ten thousand connections dropped in every state, garbage and
// oversized requests, bodies that never finish. Each test checks both what the attacker
// gets (an error answer, or a closed connection, within a bounded time) and that an
// honest client is still served correctly meanwhile and afterwards.

#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>
#include <vector>

#include "attack_support.hpp"
#include "service_support.hpp"

namespace {

using namespace ujsond_attack;
using ujsond_test::server;

// One request on a fresh connection; its whole response, or "" when none came.
std::string fetch(unsigned short port, const std::string& wire) {
  raw_socket s(port);
  std::string pending;
  if (!s.send_all(wire)) return {};
  return read_response(s, pending);
}

long long scrape(unsigned short port, std::string_view name) {
  return metric(body_of(fetch(port, get_wire("/metrics"))), name);
}

// Waits until ujsond_open_connections is `want` (the scraping connection counts itself).
long long open_connections_settle(unsigned short port, long long want, std::chrono::milliseconds limit) {
  const auto deadline = steady::now() + limit;
  long long open = scrape(port, "ujsond_open_connections");
  while (open != want && steady::now() < deadline) {
    std::this_thread::sleep_for(50ms);
    open = scrape(port, "ujsond_open_connections");
  }
  return open;
}

// An honest client on its own thread: back-to-back requests on one keep-alive connection,
// each answer checked, for as long as the attack lasts. Never idle long enough for
// --idle-timeout, so a closed connection here is the server's fault.
class honest_client {
 public:
  explicit honest_client(unsigned short port) : socket_(port) {
    thread_ = std::thread([this] { run(); });
  }
  ~honest_client() { stop(); }
  honest_client(const honest_client&) = delete;
  honest_client& operator=(const honest_client&) = delete;

  // Lets two more requests be answered (so the service is checked after the attack too),
  // stops and closes; an empty string when every answer was right, else the first thing
  // that went wrong.
  std::string stop() {
    const int target = served_ + 2;
    const auto deadline = steady::now() + 10s;
    while (served_ < target && !finished_ && steady::now() < deadline) std::this_thread::sleep_for(1ms);
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    socket_.close();
    if (failure_.empty() && served_ < target) failure_ = "no answer after the attack";
    return failure_;
  }
  int served() const { return served_; }
  steady::duration slowest() const { return slowest_; }

 private:
  void run() {
    run_requests();
    finished_ = true;
  }

  void run_requests() {
    std::string pending;
    for (int n = 0; !stop_; ++n) {
      const std::string body = "[" + std::to_string(n) + ", \"\\u00e9\", {\"k\": null}]";
      const std::string want = "[" + std::to_string(n) + ",\"\xc3\xa9\",{\"k\":null}]";
      const auto start = steady::now();
      if (!socket_.send_all(post_wire("/decode", body))) {
        failure_ = "send failed after " + std::to_string(n) + " answers";
        return;
      }
      const std::string r = read_response(socket_, pending, 5s);
      slowest_ = std::max(slowest_, steady::now() - start);
      if (status_of(r) != 200 || body_of(r) != want) {
        failure_ = "wrong answer after " + std::to_string(n) + " answers: '" + r + "'";
        return;
      }
      ++served_;
      std::this_thread::sleep_for(5ms);
    }
  }

  raw_socket socket_;
  std::thread thread_;
  std::atomic<bool> stop_{false}, finished_{false};
  std::atomic<int> served_{0};
  std::string failure_;
  steady::duration slowest_{};
};

// What the server did with one hostile connection.
struct verdict {
  int status = 0;         // of the first answer; 0 when none came, -1 for bytes that are not HTTP
  bool closed = false;    // the server ended the connection within the limit
  steady::duration answered_after{};  // from the end of the send to the answer's first bytes
};

// Sends `bytes` (a send may fail half-way when the server has already refused and closed),
// then waits for the server to end the connection.
verdict attack(unsigned short port, std::string_view bytes, std::chrono::milliseconds limit) {
  raw_socket s(port);
  s.send_all(bytes);
  const auto sent = steady::now();
  verdict v;
  std::string got;
  const ssize_t n = s.receive_some(got, limit);
  if (n > 0) {
    v.answered_after = steady::now() - sent;
    got += s.receive_until_closed(limit, v.closed);
  } else {
    // EOF, or a reset (-1 before the limit; -1 at the limit is silence).
    v.closed = n == 0 || steady::now() - sent < limit;
  }
  v.status = status_of(got);
  if (!got.empty() && v.status == 0) v.status = -1;
  return v;
}

bool answers_correctly(unsigned short port) {
  const std::string r = fetch(port, post_wire("/encode?sort_keys=true", R"({"b": 1, "a": "\u00e9/"})"));
  return status_of(r) == 200 && body_of(r) == R"({"a":"\u00e9\/","b":1})";
}

class Attack : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new server({"--access-log=false", "--read-timeout", "1s", "--idle-timeout", "1s"});
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static unsigned short port() { return server_->port(); }
  static inline server* server_ = nullptr;
};

TEST_F(Attack, TenThousandConnectionsDroppedInEveryStateLeaveNoneOpen) {
  const long long baseline = open_connections_settle(port(), 1, 5s);
  ASSERT_EQ(baseline, 1);  // the scrape's own connection
  const long long accepted_before = scrape(port(), "ujsond_connections_total");
  const std::string request = post_wire("/validate", "[true, false, null]");
  constexpr int total = 10000, batch = 500;
  int asked = 0, answered = 0;
  const auto start = steady::now();
  for (int first = 0; first < total; first += batch) {
    std::vector<raw_socket> open;
    open.reserve(batch);
    for (int i = 0; i < batch; ++i) open.emplace_back(port());
    for (int i = 0; i < batch; ++i) {
      raw_socket& s = open[i];
      switch ((first + i) % 7) {
        case 0:  // connected, silent
          break;
        case 1:  // half a request line
          s.send_all("POST /valid");
          break;
        case 2:  // the header, not the body
          s.send_all("POST /decode HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n");
          break;
        case 3:  // half the body, then a reset instead of a close
          s.send_all("POST /decode HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n[1, 2, ");
          s.reset();
          break;
        case 4:  // a whole request, gone before its answer
          s.send_all(request);
          break;
        case 5: {  // a whole request and its answer
          std::string pending;
          ++asked;
          if (s.send_all(request) && status_of(read_response(s, pending)) == 200) ++answered;
          break;
        }
        case 6:  // a pipelined pair, then a reset
          s.send_all(request + request);
          s.reset();
          break;
      }
    }
    // The vector's destructor closes the rest, in order.
  }
  const auto seconds = std::chrono::duration<double>(steady::now() - start).count();
  std::printf("10,000 connections in %.2f s\n", seconds);

  EXPECT_EQ(answered, asked);
  // Every connection reached the server, and none is left open.
  EXPECT_GE(scrape(port(), "ujsond_connections_total") - accepted_before, total);
  EXPECT_EQ(open_connections_settle(port(), baseline, 10s), baseline);
  EXPECT_TRUE(answers_correctly(port()));
}

TEST_F(Attack, GarbageRequestLinesAreRefusedAndOthersStillServed) {
  // Each with the status it must get; 0: any 4xx, or no answer at all.
  std::vector<std::pair<std::string, int>> garbage{
      {std::string("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11) + std::string(64, 'B'), 400},  // TLS
      {"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 400},
      {"GET\r\n\r\n", 400},
      {"GET /healthz\r\n\r\n", 400},
      {"GET /healthz HTTP/1.1 extra\r\nHost: x\r\n\r\n", 400},
      {"GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n", 400},
      {"G\x7f" "T /healthz HTTP/1.1\r\nHost: x\r\n\r\n", 400},
      {std::string("GET /heal\0thz HTTP/1.1\r\nHost: x\r\n\r\n", 36), 400},
      {"GET /healthz HTTP/1.1\r\nNo colon here\r\n\r\n", 400},
      {"GET /healthz HTTP/1.1\r\n: empty name\r\n\r\n", 400},
      {"GET /healthz HTTP/1.1\r\nHost: x\r\nX: a\rb\r\n\r\n", 400},
      {"POST /decode HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400},
      {"POST /decode HTTP/1.1\r\nContent-Length: 1x\r\n\r\n", 400},
      {"POST /decode HTTP/1.1\r\nContent-Length: 99999999999999999999999999\r\n\r\n", 400},
      {"POST /decode HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n[1]", 400},
      // Both framings at once, the request-smuggling shape: refused, not guessed at.
      {"POST /decode HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n3\r\n[1]\r\n0\r\n\r\n", 400},
      {"POST /decode HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n[1]\r\n0\r\n\r\n", 400},
      {"POST /decode HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n[1]\r\n", 400},
      {"POST /decode HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 411},
      {"\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\n", 0},
  };
  // Random bytes from a fixed seed, each ending as a header block would.
  std::mt19937 random(20261130);
  for (int i = 0; i < 40; ++i) {
    std::string bytes(1 + random() % 3000, '\0');
    for (char& c : bytes) c = static_cast<char>(random());
    garbage.emplace_back(bytes + "\r\n\r\n", 0);
  }

  honest_client steady(port());
  for (std::size_t i = 0; i < garbage.size(); ++i) {
    const auto& [bytes, want] = garbage[i];
    SCOPED_TRACE("garbage #" + std::to_string(i));
    // Whatever the garbage, the connection ends within --read-timeout (or --idle-timeout
    // after an answer) plus the one-second lingering close.
    const verdict v = attack(port(), bytes, 6s);
    EXPECT_TRUE(v.closed);
    if (want != 0) {
      EXPECT_EQ(v.status, want);
    } else {
      EXPECT_TRUE(v.status == 0 || (v.status >= 400 && v.status < 500)) << v.status;
    }
  }
  EXPECT_EQ(steady.stop(), "");
  EXPECT_EQ(open_connections_settle(port(), 1, 5s), 1);
}

TEST_F(Attack, OversizedRequestLinesAndHeadersAre431AndOthersStillServed) {
  honest_client steady(port());
  // The default --max-header is 8 KiB, for the request line and the fields together.
  const std::vector<std::pair<std::string, std::string>> cases{
      {"a 100 KiB request target", "GET /healthz?" + std::string(100 * 1024, 'q') + " HTTP/1.1\r\nHost: x\r\n\r\n"},
      {"a 64 KiB method", std::string(64 * 1024, 'G') + " /healthz HTTP/1.1\r\nHost: x\r\n\r\n"},
      {"one 64 KiB field", "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: " + std::string(64 * 1024, 'p') + "\r\n\r\n"},
      {"2,000 small fields", [] {
         std::string s = "GET /healthz HTTP/1.1\r\nHost: x\r\n";
         for (int i = 0; i < 2000; ++i) s += "X-F" + std::to_string(i) + ": v\r\n";
         return s + "\r\n";
       }()},
      {"a megabyte with no line end", "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Endless: " + std::string(1 << 20, 'e')},
  };
  for (const auto& [what, wire] : cases) {
    SCOPED_TRACE(what);
    const verdict v = attack(port(), wire, 6s);
    EXPECT_EQ(v.status, 431);
    EXPECT_TRUE(v.closed);
    // Refused as soon as the limit is passed, not after the read timeout.
    EXPECT_LT(v.answered_after, 900ms);
  }
  EXPECT_EQ(steady.stop(), "");
}

TEST_F(Attack, BodyShorterThanDeclaredGets408WhileOthersAreServed) {
  honest_client steady(port());
  // A hundred stalled bodies at once: each declares more than it sends, then waits.
  std::vector<raw_socket> stalled;
  for (int i = 0; i < 100; ++i) {
    stalled.emplace_back(port());
    stalled.back().send_all("POST /decode HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n[1, 2, 3,");
  }
  // Throughout the stall, the honest client is answered at once, again and again.
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(steady.stop(), "");
  EXPECT_GT(steady.served(), 20);
  EXPECT_LT(steady.slowest(), 500ms);  // never waited for a stalled one's timeout
  int timed_out = 0, closed = 0;
  for (raw_socket& s : stalled) {
    bool ended = false;
    const std::string got = s.receive_until_closed(5s, ended);
    if (status_of(got) == 408 && got.find("\"request_timeout\"") != std::string::npos) ++timed_out;
    if (ended) ++closed;
  }
  EXPECT_EQ(timed_out, 100);
  EXPECT_EQ(closed, 100);
}

TEST_F(Attack, BodyShorterThanDeclaredThenGoneLeavesNothingOpen) {
  for (int i = 0; i < 200; ++i) {
    raw_socket s(port());
    s.send_all("POST /encode HTTP/1.1\r\nHost: x\r\nContent-Length: 50000\r\n\r\n{\"a\": [");
    if (i % 2) {
      s.reset();
    } else {
      s.close();
    }
  }
  EXPECT_EQ(open_connections_settle(port(), 1, 5s), 1);
  EXPECT_TRUE(answers_correctly(port()));
}

TEST_F(Attack, BodyDeclaredOverTheLimitIs413BeforeItIsSent) {
  // 1 TB declared, nothing sent: refused from the header alone, without waiting for the
  // read timeout or reading any body.
  const verdict v = attack(port(), "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000000\r\n\r\n", 5s);
  EXPECT_EQ(v.status, 413);
  EXPECT_TRUE(v.closed);
  EXPECT_LT(v.answered_after, 900ms);  // under --read-timeout
}

// Complements Drain.SigtermUnderLoadLosesNoRequestWhoseBodyWasSent (whose requests go out
// in one write each, so the signal rarely lands inside one): here a request is caught at
// each stage when SIGTERM arrives, and each is still answered.
TEST(DrainUnderAttack, RequestsCaughtMidwayBySigtermAreFinished) {
  server s({"--access-log=false", "--drain-timeout", "3s", "--read-timeout", "5s"});
  std::string big = "[";
  while (big.size() < (1 << 20)) big += "\"0123456789abcdef\",";
  big += "0]";
  const std::string big_wire = post_wire("/validate", big);
  const std::size_t half = big_wire.size() / 2;
  const std::string small_wire = post_wire("/decode", "{\"x\": [1, 2]}");

  raw_socket mid_body(s.port()), mid_header(s.port()), idle(s.port());
  std::string idle_pending;
  ASSERT_TRUE(idle.send_all(get_wire("/healthz")));
  ASSERT_EQ(status_of(read_response(idle, idle_pending)), 200);
  ASSERT_TRUE(mid_body.send_all(std::string_view(big_wire).substr(0, half)));
  ASSERT_TRUE(mid_header.send_all(std::string_view(small_wire).substr(0, 20)));
  std::this_thread::sleep_for(100ms);  // both partial requests have reached the server

  s.signal(SIGTERM);
  ASSERT_NE(s.log_with("\"msg\":\"draining\"").find("\"msg\":\"draining\""), std::string::npos);
  std::this_thread::sleep_for(100ms);
  EXPECT_THROW(raw_socket late(s.port()), std::exception);  // no longer accepting

  ASSERT_TRUE(mid_body.send_all(std::string_view(big_wire).substr(half)));
  ASSERT_TRUE(mid_header.send_all(std::string_view(small_wire).substr(20)));
  ASSERT_TRUE(idle.send_all(small_wire));  // within --drain-timeout: still answered
  std::string pending;
  const std::string body_answer = read_response(mid_body, pending);
  EXPECT_EQ(status_of(body_answer), 200);
  EXPECT_EQ(body_of(body_answer), R"({"valid":true})");
  pending.clear();
  const std::string header_answer = read_response(mid_header, pending);
  EXPECT_EQ(status_of(header_answer), 200);
  EXPECT_EQ(body_of(header_answer), R"({"x":[1,2]})");
  const std::string idle_answer = read_response(idle, idle_pending);
  EXPECT_EQ(status_of(idle_answer), 200);
  EXPECT_EQ(body_of(idle_answer), R"({"x":[1,2]})");
  // Each was the connection's last answer, and said so.
  for (const std::string* a : {&body_answer, &header_answer, &idle_answer}) {
    EXPECT_NE(a->find("Connection: close\r\n"), std::string::npos) << *a;
  }
  EXPECT_EQ(s.wait(10s), 0);
}

}  // namespace
