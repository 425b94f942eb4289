#pragma once
// Plain POSIX sockets for the attack tests: thousands of connections, slow writers and
// pipelined floods want no io_context per connection and no allocation per byte. Every
// blocking call has a deadline (poll), so a server that stops answering fails a test
// instead of hanging it.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ujsond_attack {

using namespace std::chrono_literals;
using steady = std::chrono::steady_clock;

// A connected TCP socket to 127.0.0.1; closes on destruction.
class raw_socket {
 public:
  raw_socket() = default;
  explicit raw_socket(unsigned short port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) throw std::runtime_error("socket: " + std::to_string(errno));
    sockaddr_in at{};
    at.sin_family = AF_INET;
    at.sin_port = htons(port);
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd_, reinterpret_cast<const sockaddr*>(&at), sizeof at) != 0) {
      const int e = errno;
      ::close(fd_);
      fd_ = -1;
      throw std::runtime_error("connect: " + std::to_string(e));
    }
    const int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  raw_socket(raw_socket&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  raw_socket& operator=(raw_socket&& other) noexcept {
    if (this != &other) {
      close();
      fd_ = other.fd_;
      other.fd_ = -1;
    }
    return *this;
  }
  raw_socket(const raw_socket&) = delete;
  raw_socket& operator=(const raw_socket&) = delete;
  ~raw_socket() { close(); }

  int fd() const { return fd_; }
  bool is_open() const { return fd_ >= 0; }

  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  // Close with a TCP reset instead of a FIN (SO_LINGER with a zero timeout).
  void reset() {
    if (fd_ < 0) return;
    const linger abort_now{1, 0};
    ::setsockopt(fd_, SOL_SOCKET, SO_LINGER, &abort_now, sizeof abort_now);
    close();
  }

  // Writes everything; false when the peer is gone (no SIGPIPE).
  bool send_all(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
  }

  // Appends what arrives within `limit` to `out`: the byte count, 0 at EOF, -1 on an error
  // (a reset) or when nothing came in time.
  ssize_t receive_some(std::string& out, std::chrono::milliseconds limit) {
    pollfd p{fd_, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(limit.count()));
    if (ready <= 0) return -1;
    char buf[65536];
    const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n > 0) out.append(buf, static_cast<std::size_t>(n));
    return n;
  }

  // Reads until exactly `size` bytes are in `out` (what came beyond stays there too);
  // false on EOF, error or the deadline.
  bool receive_at_least(std::string& out, std::size_t size, std::chrono::milliseconds limit) {
    const auto deadline = steady::now() + limit;
    while (out.size() < size) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - steady::now());
      if (left.count() <= 0 || receive_some(out, left) <= 0) return false;
    }
    return true;
  }

  // Everything until the peer closes (or resets, or `limit` passes); `closed` says whether
  // the connection ended within the limit.
  std::string receive_until_closed(std::chrono::milliseconds limit, bool& closed) {
    std::string out;
    const auto deadline = steady::now() + limit;
    closed = false;
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - steady::now());
      if (left.count() <= 0) return out;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
      char buf[65536];
      const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n > 0) {
        out.append(buf, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        closed = true;
        return out;
      }
    }
  }

 private:
  int fd_ = -1;
};

// The length of the first complete HTTP response in `bytes` (header plus Content-Length
// body), or 0 when it is not all there yet. ujsond always sends Content-Length.
inline std::size_t complete_response_size(std::string_view bytes) {
  const std::size_t end = bytes.find("\r\n\r\n");
  if (end == std::string_view::npos) return 0;
  const std::string_view head = bytes.substr(0, end);
  const std::size_t at = head.find("Content-Length: ");
  const std::size_t length = at == std::string_view::npos ? 0 : std::strtoull(head.data() + at + 16, nullptr, 10);
  const std::size_t total = end + 4 + length;
  return bytes.size() >= total ? total : 0;
}

// One whole response from `s`, taken off the front of `pending`; empty on a timeout or EOF.
inline std::string read_response(raw_socket& s, std::string& pending, std::chrono::milliseconds limit = 10s) {
  const auto deadline = steady::now() + limit;
  for (;;) {
    if (const std::size_t size = complete_response_size(pending); size > 0) {
      std::string one = pending.substr(0, size);
      pending.erase(0, size);
      return one;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - steady::now());
    if (left.count() <= 0 || s.receive_some(pending, left) <= 0) return {};
  }
}

inline int status_of(std::string_view response) {
  if (response.size() < 12 || !response.starts_with("HTTP/1.")) return 0;
  return std::atoi(std::string(response.substr(9, 3)).c_str());
}

inline std::string_view body_of(std::string_view response) {
  const std::size_t end = response.find("\r\n\r\n");
  return end == std::string_view::npos ? std::string_view() : response.substr(end + 4);
}

inline std::string post_wire(std::string_view target, std::string_view body) {
  return "POST " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
         "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + std::string(body);
}

inline std::string get_wire(std::string_view target) {
  return "GET " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
}

// A value from ujsond's /metrics text, e.g. metric(text, "ujsond_open_connections");
// -1 when absent.
inline long long metric(std::string_view metrics_text, std::string_view name) {
  const std::string needle = "\n" + std::string(name) + " ";
  const std::size_t at = metrics_text.find(needle);
  if (at == std::string_view::npos) return -1;
  return std::atoll(std::string(metrics_text.substr(at + needle.size(), 24)).c_str());
}

// Resident memory of a process in KiB (VmRSS in /proc/<pid>/status), -1 if unreadable.
inline long long resident_kib(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atoll(line.c_str() + 6);
  }
  return -1;
}

// True when this test binary (and so ujsond, from the same build) runs under ASan.
constexpr bool sanitized() {
#if defined(__SANITIZE_ADDRESS__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

}  // namespace ujsond_attack
