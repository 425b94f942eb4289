#include "service_support.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "ujson/dom.hpp"

namespace ujsond_test {

namespace net = boost::asio;
namespace beast = boost::beast;
using tcp = net::ip::tcp;

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

namespace {

// The lines of `text` that end in a newline, without it: text after the last newline (a line
// still being written) is left out.
std::vector<std::string_view> complete_lines(std::string_view text) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0, end; (end = text.find('\n', start)) != std::string_view::npos; start = end + 1) {
    out.push_back(text.substr(start, end - start));
  }
  return out;
}

}  // namespace

std::vector<std::string> lines_of(const std::string& body) {
  const std::vector<std::string_view> lines = complete_lines(body);
  EXPECT_TRUE(body.empty() || body.back() == '\n') << "every line ends in a newline";
  return {lines.begin(), lines.end()};
}

run_result run_ujsond(const std::string& args) {
  const std::string command = std::string(UJSOND_BIN) + " " + args + " 2>&1";
  FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) throw std::runtime_error("popen");
  std::string out;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  const int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

pid_t spawn_ujsond(const std::vector<std::string>& args, const std::vector<std::string>& env, int output) {
  std::vector<std::string> argv{UJSOND_BIN, "--port", "0", "--threads", "2"};
  argv.insert(argv.end(), args.begin(), args.end());
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(output, STDOUT_FILENO);
    dup2(output, STDERR_FILENO);
    if (output != STDOUT_FILENO && output != STDERR_FILENO) close(output);
    for (const std::string& e : env) putenv(const_cast<char*>(e.c_str()));
    std::vector<char*> raw;
    for (std::string& a : argv) raw.push_back(a.data());
    raw.push_back(nullptr);
    execv(raw[0], raw.data());
    _exit(127);
  }
  if (pid < 0) throw std::runtime_error("fork");
  return pid;
}

unsigned short listening_port(const std::string& log) {
  ujson::document line;
  for (const std::string_view text : complete_lines(log)) {  // JSON lines
    if (line.parse(text) || !line.root().is_object()) continue;
    const ujson::value* msg = line.root().find("msg");
    const ujson::value* port = line.root().find("port");
    if (msg != nullptr && msg->is_string() && msg->as_string() == "listening" && port != nullptr &&
        port->type() == ujson::kind::int64 && port->as_int64() > 0 && port->as_int64() <= 65535) {
      return static_cast<unsigned short>(port->as_int64());
    }
  }
  return 0;
}

int wait_exit(pid_t& pid, std::chrono::milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  for (;;) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) {
      pid = -1;
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    if (std::chrono::steady_clock::now() >= deadline) return -1;
    std::this_thread::sleep_for(5ms);
  }
}

server::server(std::vector<std::string> args, std::vector<std::string> env) {
  char path[] = "/tmp/ujsond-test-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) throw std::runtime_error("mkstemp");
  log_path_ = path;
  pid_ = spawn_ujsond(args, env, fd);
  close(fd);
  for (int i = 0; i < 3000; ++i) {  // up to 30 s: the ASan build starts slowly on a busy machine
    const std::string text = log();
    port_ = listening_port(text);
    if (port_ != 0) return;
    wait_exit(pid_, 0ms);
    if (pid_ < 0) throw std::runtime_error("ujsond exited at start: " + text);
    std::this_thread::sleep_for(10ms);
  }
  throw std::runtime_error("ujsond did not start: " + log());
}

server::~server() {
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  std::filesystem::remove(log_path_);
}

std::string server::log_with(const std::string& needle, std::chrono::milliseconds limit) const {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  std::string text = log();
  while (text.find(needle) == std::string::npos && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(5ms);
    text = log();
  }
  return text;
}

void server::signal(int sig) const { kill(pid_, sig); }

int server::wait(std::chrono::milliseconds limit) { return wait_exit(pid_, limit); }

request post(const std::string& target, const std::string& body, const char* type) {
  request req{http::verb::post, target, 11};
  req.set(http::field::host, "127.0.0.1");
  if (type != nullptr) req.set(http::field::content_type, type);
  req.body() = body;
  req.prepare_payload();
  return req;
}

request get(const std::string& target) {
  request req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  return req;
}

std::string to_wire(request req) {
  std::ostringstream s;
  s << req;
  return s.str();
}

std::string head_to_wire(const request& req) {
  std::ostringstream s;
  s << req.base();
  return s.str();
}

struct client::impl {
  net::io_context ioc;
  tcp::socket socket{ioc};
  beast::flat_buffer buffer;

  // Runs one asynchronous operation on the connection's own io_context for at most `limit`.
  template <class Start>
  void run(Start start, beast::error_code& ec, std::chrono::milliseconds limit) {
    bool finished = false;
    start([&](beast::error_code e, std::size_t) {
      ec = e;
      finished = true;
    });
    ioc.restart();
    ioc.run_for(limit);
    if (!finished) {
      socket.cancel();
      ioc.restart();
      ioc.run();
      throw std::runtime_error("no answer in time");
    }
  }
};

client::client(unsigned short port) : impl_(std::make_unique<impl>()) {
  impl_->socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  impl_->socket.set_option(tcp::no_delay(true));
}

client::~client() = default;

void client::write_raw(std::string_view bytes) { net::write(impl_->socket, net::buffer(bytes.data(), bytes.size())); }

response client::read(std::chrono::milliseconds limit) {
  http::response_parser<http::string_body> parser;
  parser.body_limit(1ull << 30);
  beast::error_code ec;
  impl_->run([&](auto done) { http::async_read(impl_->socket, impl_->buffer, parser, done); }, ec, limit);
  if (ec) throw beast::system_error(ec);
  return parser.release();
}

bool client::closed_by_peer(std::chrono::milliseconds limit) {
  if (impl_->buffer.size() > 0) return false;
  char byte;
  beast::error_code ec;
  std::size_t n = 0;
  impl_->run(
      [&](auto done) {
        impl_->socket.async_read_some(net::buffer(&byte, 1), [&n, done](beast::error_code e, std::size_t k) mutable {
          n = k;
          done(e, k);
        });
      },
      ec, limit);
  return ec && ec != net::error::operation_aborted && n == 0;
}

void client::shutdown_send() { impl_->socket.shutdown(tcp::socket::shutdown_send); }

void client::close() { impl_->socket.close(); }

void client::reset() {
  impl_->socket.set_option(net::socket_base::linger(true, 0));
  impl_->socket.close();
}

}  // namespace ujsond_test
