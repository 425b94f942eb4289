#pragma once
// Runs the real ujsond binary on an ephemeral port and talks to it over real sockets.
//   server s({"--read-timeout", "1s"});   // starts it, waits for its "listening" line
//   client c(s.port());
//   auto res = c.roundtrip(post("/decode", "[1, 2]"));
// Every read has a deadline, so a server that does not answer fails the test, not hangs it.
// The Asio and Beast parser/serializer code lives in service_support.cpp, compiled
// once for every service test (each test file compiled it again, under ASan too).

#include <sys/types.h>

#include <gtest/gtest.h>

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ujsond_test {

namespace http = boost::beast::http;
using request = http::request<http::string_body>;
using response = http::response<http::string_body>;
using namespace std::chrono_literals;

std::string read_all(const std::string& path);
// The lines of an NDJSON answer, each without its "\n"; a failure when the last one has none.
std::vector<std::string> lines_of(const std::string& body);

// ujsond run to its end with `args` (a shell command line's words), stdout and stderr together.
struct run_result {
  int status;  // exit status, -1 when killed by a signal
  std::string output;
};
run_result run_ujsond(const std::string& args);

// ujsond started with the tests' defaults (--port 0 --threads 2) and then `args`, with `env`
// added to its environment and stdout and stderr on `output`; its pid.
pid_t spawn_ujsond(const std::vector<std::string>& args, const std::vector<std::string>& env, int output);
// The port of the "listening" line in a log, or 0 while there is none.
unsigned short listening_port(const std::string& log);
// Waits up to `limit` for `pid` to end: its exit status (and pid becomes -1), or -1 when
// it is still running or was killed by a signal.
int wait_exit(pid_t& pid, std::chrono::milliseconds limit);

// The ujsond process: stdout and stderr go to a file (its log).
class server {
 public:
  explicit server(std::vector<std::string> args = {}, std::vector<std::string> env = {});
  server(const server&) = delete;
  server& operator=(const server&) = delete;
  ~server();

  unsigned short port() const { return port_; }
  pid_t pid() const { return pid_; }
  std::string log() const { return read_all(log_path_); }
  // The log once it contains `needle` (lines are written just after each answer is sent).
  std::string log_with(const std::string& needle, std::chrono::milliseconds limit = 5s) const;
  void signal(int sig) const;

  // Waits for the process to end (up to `limit`); its exit status, or -1 (killed by a
  // signal, or still running at the limit and then killed).
  int wait(std::chrono::milliseconds limit = 30s);

 private:
  pid_t pid_ = -1;
  unsigned short port_ = 0;
  std::string log_path_;
};

request post(const std::string& target, const std::string& body, const char* type = "application/json");
request get(const std::string& target);
std::string to_wire(request req);
// The start line and headers alone (a client that waits for 100 Continue).
std::string head_to_wire(const request& req);

// One connection with its own io_context; not thread-safe (one per thread).
class client {
 public:
  explicit client(unsigned short port);
  ~client();
  client(const client&) = delete;
  client& operator=(const client&) = delete;

  void send(const request& req) { write_raw(to_wire(req)); }
  void write_raw(std::string_view bytes);

  // The next response; throws on a timeout or when the connection ends first.
  response read(std::chrono::milliseconds limit = 20s);

  response roundtrip(const request& req) {
    send(req);
    return read();
  }

  // True when the server closes the connection (EOF or reset) within `limit` without
  // sending anything more.
  bool closed_by_peer(std::chrono::milliseconds limit = 10s);

  // Half-closes: the client is done sending.
  void shutdown_send();
  void close();
  // Closes with SO_LINGER 0, so the server sees a reset, not an orderly end.
  void reset();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

// A suite whose tests share one server (starting one costs more than most tests): the
// suite's SetUpTestSuite starts it with start(args); it stops after the suite's last test.
class shared_server_suite : public ::testing::Test {
 protected:
  static void start(std::vector<std::string> args = {}) { server_ = new server(std::move(args)); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  // One request on a connection of its own.
  static response call(const request& req) {
    client c(server_->port());
    return c.roundtrip(req);
  }
  static inline server* server_ = nullptr;
};

}  // namespace ujsond_test
