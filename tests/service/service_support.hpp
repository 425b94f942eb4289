#pragma once
// Runs the real ujsond binary on an ephemeral port and talks to it over real sockets.
//   server s({"--read-timeout", "1s"});   // starts it, waits for its "listening" line
//   client c(s.port());
//   auto res = c.roundtrip(post("/decode", "[1, 2]"));
// Every read has a deadline, so a server that does not answer fails the test, not hangs it.

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace ujsond_test {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using request = http::request<http::string_body>;
using response = http::response<http::string_body>;
using namespace std::chrono_literals;

inline std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The ujsond process: stdout and stderr go to a file (its log).
class server {
 public:
  explicit server(std::vector<std::string> args = {}, std::vector<std::string> env = {}) {
    char path[] = "/tmp/ujsond-test-XXXXXX";
    const int fd = mkstemp(path);
    if (fd < 0) throw std::runtime_error("mkstemp");
    log_path_ = path;
    std::vector<std::string> argv{UJSOND_BIN, "--port", "0", "--threads", "2"};
    argv.insert(argv.end(), args.begin(), args.end());
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fd, STDOUT_FILENO);
      dup2(fd, STDERR_FILENO);
      for (const std::string& e : env) putenv(const_cast<char*>(e.c_str()));
      std::vector<char*> raw;
      for (std::string& a : argv) raw.push_back(a.data());
      raw.push_back(nullptr);
      execv(raw[0], raw.data());
      _exit(127);
    }
    close(fd);
    const std::regex listening(R"("msg":"listening".*"port":([0-9]+))");
    for (int i = 0; i < 3000; ++i) {  // up to 30 s: the ASan build starts slowly on a busy machine
      std::smatch m;
      const std::string text = log();
      if (std::regex_search(text, m, listening)) {
        port_ = static_cast<unsigned short>(std::stoi(m[1]));
        return;
      }
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        throw std::runtime_error("ujsond exited at start: " + text);
      }
      std::this_thread::sleep_for(10ms);
    }
    throw std::runtime_error("ujsond did not start: " + log());
  }
  server(const server&) = delete;
  server& operator=(const server&) = delete;
  ~server() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    std::filesystem::remove(log_path_);
  }

  unsigned short port() const { return port_; }
  pid_t pid() const { return pid_; }
  std::string log() const { return read_all(log_path_); }
  // The log once it contains `needle` (lines are written just after each answer is sent).
  std::string log_with(const std::string& needle, std::chrono::milliseconds limit = 5s) const {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    std::string text = log();
    while (text.find(needle) == std::string::npos && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(5ms);
      text = log();
    }
    return text;
  }
  void signal(int sig) const { kill(pid_, sig); }

  // Waits for the process to end (up to `limit`); its exit status, or -1 (killed by a
  // signal, or still running at the limit and then killed).
  int wait(std::chrono::milliseconds limit = 30s) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(5ms);
    }
    return -1;
  }

 private:
  pid_t pid_ = -1;
  unsigned short port_ = 0;
  std::string log_path_;
};

inline request post(const std::string& target, const std::string& body, const char* type = "application/json") {
  request req{http::verb::post, target, 11};
  req.set(http::field::host, "127.0.0.1");
  if (type != nullptr) req.set(http::field::content_type, type);
  req.body() = body;
  req.prepare_payload();
  return req;
}

inline request get(const std::string& target) {
  request req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  return req;
}

inline std::string to_wire(request req) {
  std::string out;
  std::ostringstream s;
  s << req;
  return s.str();
}

// One connection with its own io_context; not thread-safe (one per thread).
class client {
 public:
  explicit client(unsigned short port) : socket_(ioc_) {
    socket_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    socket_.set_option(tcp::no_delay(true));
  }

  void send(const request& req) { write_raw(to_wire(req)); }
  void write_raw(std::string_view bytes) { net::write(socket_, net::buffer(bytes.data(), bytes.size())); }

  // The next response; throws on a timeout or when the connection ends first.
  response read(std::chrono::milliseconds limit = 20s) {
    http::response_parser<http::string_body> parser;
    parser.body_limit(1ull << 30);
    beast::error_code ec;
    run([&](auto done) { http::async_read(socket_, buffer_, parser, done); }, ec, limit);
    if (ec) throw beast::system_error(ec);
    return parser.release();
  }

  response roundtrip(const request& req) {
    send(req);
    return read();
  }

  // True when the server closes the connection (EOF or reset) within `limit` without
  // sending anything more.
  bool closed_by_peer(std::chrono::milliseconds limit = 10s) {
    if (buffer_.size() > 0) return false;
    char byte;
    beast::error_code ec;
    std::size_t n = 0;
    run([&](auto done) {
      socket_.async_read_some(net::buffer(&byte, 1), [&n, done](beast::error_code e, std::size_t k) mutable {
        n = k;
        done(e, k);
      });
    }, ec, limit);
    return ec && ec != net::error::operation_aborted && n == 0;
  }

  tcp::socket& socket() { return socket_; }

 private:
  template <class Start>
  void run(Start start, beast::error_code& ec, std::chrono::milliseconds limit) {
    bool finished = false;
    start([&](beast::error_code e, std::size_t) {
      ec = e;
      finished = true;
    });
    ioc_.restart();
    ioc_.run_for(limit);
    if (!finished) {
      socket_.cancel();
      ioc_.restart();
      ioc_.run();
      throw std::runtime_error("no answer in time");
    }
  }

  net::io_context ioc_;
  tcp::socket socket_;
  beast::flat_buffer buffer_;
};

}  // namespace ujsond_test
