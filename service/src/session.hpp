#pragma once
// One connection: read requests and answer them in order (keep-alive, pipelining: the
// next request is read and answered while earlier answers are still being written, up to
// queue_limit answers). Everything runs on the thread of the connection's io_context.

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "io.hpp"
#include "server_state.hpp"
#include "ujson/proto/handler.hpp"

namespace ujsond {

class session : public std::enable_shared_from_this<session> {
 public:
  // Answers a connection may have waiting: pipelined requests are read and answered
  // ahead of their answers' writes, up to this many; then reading pauses.
  static constexpr std::size_t queue_limit = 8;

  session(socket_type&& socket, server_state& state);
  ~session();

  void start();
  // The server is draining: answer what has arrived, then close (thread-safe).
  void drain();

 private:
  using clock = std::chrono::steady_clock;
  using parser_type = boost::beast::http::request_parser<ujson::proto::request_body>;

  // One request and its answer: the parser with the request's body, the handler's
  // workspace (the answer's body points into it) and the answer. Recycled.
  struct exchange {
    std::optional<parser_type> parser;
    ujson::proto::body_bytes body_storage;  // the body's bytes, handed from request to request
    ujson::proto::workspace workspace;
    ujson::proto::response res;
    std::string head;  // res's status line and fields, as written
    ujson::proto::outcome outcome;
    // The schemas as they were when the request's header arrived: it is answered with
    // them whatever a reload does meanwhile.
    std::shared_ptr<const ujson::proto::schema_set> schemas;
    bool keep_alive = true;
    clock::time_point started;
  };

  // Reading: one request at a time, into reading_.
  void read_next();
  void on_first_bytes(boost::system::error_code ec, std::size_t n);
  void read_header();
  void on_header(boost::system::error_code ec);
  bool check_body_length();
  void read_body();
  void read_body_directly(std::size_t length);
  void on_body(boost::system::error_code ec);
  void on_read_error(boost::system::error_code ec);
  void stop_reading();
  void respond();
  void queue_answer(bool keep_alive);
  // Writing: the answers in order.
  void write_next();
  void on_write(boost::system::error_code ec);
  void record(const exchange& x);
  void recycle(std::unique_ptr<exchange> x);
  void close_when_done();
  void linger_close();
  void close();
  // One timer per connection, re-armed lazily: setting a deadline is a store, and the
  // timer (never set further out than the shortest timeout) checks them when it fires.
  void set_read_deadline(std::chrono::milliseconds after);
  void set_write_deadline(std::chrono::milliseconds after);
  void arm_timer(clock::time_point at);
  void on_timer();
  void on_drain();

  socket_type socket_;
  timer_type timer_;
  server_state& state_;
  boost::beast::flat_buffer buffer_;
  std::unique_ptr<exchange> reading_;                // the request being read
  std::deque<std::unique_ptr<exchange>> answers_;    // answered, in order; the front is being written
  std::vector<std::unique_ptr<exchange>> spare_;
  bool read_pending_ = false;   // a read is outstanding ...
  bool idle_ = false;           // ... waiting for the first byte of a request
  bool write_pending_ = false;
  bool no_more_reads_ = false;  // a closing answer is queued, or the client is gone
  bool read_timed_out_ = false;
  bool closing_ = false;
  bool drain_ = false;
  unsigned timer_generation_ = 0;
  clock::time_point read_deadline_ = clock::time_point::max();
  clock::time_point write_deadline_ = clock::time_point::max();
  clock::time_point timer_expiry_ = clock::time_point::max();
  std::chrono::milliseconds tick_;  // the shortest of the read and idle timeouts
  std::string remote_;
  char discard_[512];  // lingering close reads into this
};

}  // namespace ujsond
