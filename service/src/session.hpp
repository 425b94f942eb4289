#pragma once
// One connection: read a request, answer it, repeat (keep-alive; pipelined requests are
// answered in order, one at a time, from the read buffer). Everything runs on the
// thread of the connection's io_context.

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "io.hpp"
#include "server_state.hpp"
#include "ujson/proto/handler.hpp"

namespace ujsond {

class session : public std::enable_shared_from_this<session> {
 public:
  session(socket_type&& socket, server_state& state);
  ~session();

  void start();
  // The server is draining: answer what has arrived, then close (thread-safe).
  void drain();

 private:
  using clock = std::chrono::steady_clock;
  enum class phase { idle, reading, writing, closing };

  void wait_for_request();
  void on_first_bytes(boost::system::error_code ec, std::size_t n);
  void read_header();
  void on_header(boost::system::error_code ec);
  void read_body();
  void read_body_directly(std::size_t length);
  void on_body(boost::system::error_code ec);
  void on_read_error(boost::system::error_code ec);
  void respond();
  void send(const ujson::proto::outcome& o, bool keep_alive);
  void on_write(boost::system::error_code ec, bool keep_alive);
  void linger_close();
  void close();
  // One timer per connection, re-armed lazily: setting a deadline is a store, and the
  // timer (never set further out than the shortest timeout) checks it when it fires.
  void set_deadline(std::chrono::milliseconds after);
  void arm_timer(clock::time_point at);
  void on_timer();
  void on_drain();

  socket_type socket_;
  timer_type timer_;
  server_state& state_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<ujson::proto::request_body>> parser_;
  ujson::proto::body_bytes body_storage_;  // the request body's bytes, handed from request to request
  ujson::proto::response res_;
  ujson::proto::workspace workspace_;
  ujson::proto::outcome outcome_;
  phase phase_ = phase::idle;
  bool timed_out_ = false;
  bool drain_ = false;
  unsigned timer_generation_ = 0;
  clock::time_point deadline_ = clock::time_point::max();
  clock::time_point timer_expiry_ = clock::time_point::max();
  std::chrono::milliseconds tick_;  // the shortest of the read and idle timeouts
  clock::time_point started_;
  std::string remote_;
  char discard_[512];  // lingering close reads into this
};

}  // namespace ujsond
