#include "session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <algorithm>
#include <tuple>

#include "access_log.hpp"

namespace ujsond {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace proto = ujson::proto;
using boost::system::error_code;

namespace {

// How long a closing connection may keep sending before we stop listening (lingering
// close: reading what the client still sends keeps our last answer from being reset).
constexpr std::chrono::milliseconds linger_time{1000};

// Request body capacity a connection keeps for its next request.
constexpr std::size_t keep_body_capacity = 1 << 20;

bool is_http_parse_error(const error_code& ec) {
  return ec.category() == http::make_error_code(http::error::bad_target).category();
}

}  // namespace

session::session(socket_type&& socket, server_state& state)
    : socket_(std::move(socket)),
      timer_(socket_.get_executor()),
      state_(state),
      tick_(std::min(state.cfg.read_timeout, state.cfg.idle_timeout)) {
  error_code ec;
  const tcp::endpoint remote = socket_.remote_endpoint(ec);
  if (!ec) remote_ = remote.address().to_string() + ":" + std::to_string(remote.port());
  socket_.set_option(tcp::no_delay(true), ec);
  state_.stats.connection_opened();
}

session::~session() {
  state_.remove(this);
  state_.stats.connection_closed();
}

void session::start() {
  state_.add(shared_from_this());
  net::dispatch(socket_.get_executor(), [self = shared_from_this()] {
    // Accepted just as the drain began: answer what it sends, within the drain time.
    if (self->state_.draining()) self->drain_ = true;
    self->wait_for_request();
  });
}

void session::drain() {
  net::post(socket_.get_executor(), [self = shared_from_this()] { self->on_drain(); });
}

void session::on_drain() {
  if (drain_) return;
  drain_ = true;
  // A connection between requests gets the drain time to send one more; one in the middle
  // of a request finishes it and closes after the answer (see respond()).
  if (phase_ == phase::idle) set_deadline(state_.cfg.drain_timeout);
}

void session::set_deadline(std::chrono::milliseconds after) {
  timed_out_ = false;
  deadline_ = clock::now() + after;
  // Read and idle deadlines are never earlier than a timer armed at most one tick ago;
  // only the short ones (drain, linger) re-arm it here.
  if (deadline_ < timer_expiry_) arm_timer(deadline_);
}

void session::arm_timer(clock::time_point at) {
  timer_expiry_ = at;
  timer_.expires_at(at);
  timer_.async_wait([self = shared_from_this(), generation = ++timer_generation_](error_code ec) {
    if (!ec && generation == self->timer_generation_) self->on_timer();
  });
}

void session::on_timer() {
  timer_expiry_ = clock::time_point::max();
  if (!socket_.is_open()) return;
  const clock::time_point now = clock::now();
  if (now < deadline_) {
    arm_timer(std::min(deadline_, now + tick_));
    return;
  }
  timed_out_ = true;
  error_code ignored;
  socket_.cancel(ignored);  // the pending read or write completes with operation_aborted
}

void session::wait_for_request() {
  if (buffer_.size() > 0) {  // a pipelined request is already here
    read_header();
    return;
  }
  phase_ = phase::idle;
  if (drain_ && state_.cfg.drain_timeout.count() == 0) {
    close();
    return;
  }
  set_deadline(drain_ ? state_.cfg.drain_timeout : state_.cfg.idle_timeout);
  socket_.async_read_some(buffer_.prepare(4096), [self = shared_from_this()](error_code ec, std::size_t n) {
    self->on_first_bytes(ec, n);
  });
}

void session::on_first_bytes(error_code ec, std::size_t n) {
  if (ec) {  // idle or drain timeout, or the client closed: nothing to answer
    close();
    return;
  }
  buffer_.commit(n);
  read_header();
}

void session::read_header() {
  phase_ = phase::reading;
  started_ = clock::now();
  set_deadline(state_.cfg.read_timeout);  // the whole request, header and body, within this
  body_storage_.clear();
  parser_.emplace(std::piecewise_construct, std::make_tuple(std::move(body_storage_)));
  parser_->body_limit(state_.cfg.max_body);
  parser_->header_limit(static_cast<std::uint32_t>(state_.cfg.max_header));
  http::async_read_header(socket_, buffer_, *parser_,
                          [self = shared_from_this()](error_code ec, std::size_t) { self->on_header(ec); });
}

void session::on_header(error_code ec) {
  if (ec) {
    on_read_error(ec);
    return;
  }
  if (!parser_->is_done()) {
    const auto& req = parser_->get();
    const auto expect = req.find(http::field::expect);
    if (expect != req.end() && beast::iequals(expect->value(), "100-continue")) {
      static constexpr std::string_view go_on = "HTTP/1.1 100 Continue\r\n\r\n";
      net::async_write(socket_, net::buffer(go_on.data(), go_on.size()),
                       [self = shared_from_this()](error_code wec, std::size_t) {
                         if (wec) {
                           self->on_read_error(wec);
                         } else {
                           self->read_body();
                         }
                       });
      return;
    }
  }
  read_body();
}

void session::read_body() {
  if (parser_->is_done()) {
    respond();
    return;
  }
  const auto& req = parser_->get();
  if (!req.chunked() && parser_->content_length()) {
    read_body_directly(static_cast<std::size_t>(*parser_->content_length()));
    return;
  }
  // Chunked: Beast's parser assembles the body (body_limit still applies).
  http::async_read(socket_, buffer_, *parser_,
                   [self = shared_from_this()](error_code ec, std::size_t) { self->on_body(ec); });
}

// A body of known length (at most --max-body: the parser checked it with the header) goes
// from the socket straight into the request's body bytes, which the codec then reads in
// place: the only copy is the kernel's. What the header read already buffered is moved
// over first.
void session::read_body_directly(std::size_t length) {
  ujson::proto::body_bytes& body = parser_->get().body();
  body.resize_for_overwrite(length);
  const std::size_t have = std::min(length, buffer_.size());
  net::buffer_copy(net::buffer(body.data(), have), buffer_.data());
  buffer_.consume(have);
  if (have == length) {
    respond();
    return;
  }
  // Read whatever the socket has each time (transfer_all would cap each read at 64 KiB).
  const std::size_t want = length - have;
  net::async_read(
      socket_, net::buffer(body.data() + have, want),
      [want](const error_code& ec, std::size_t done) -> std::size_t { return ec ? 0 : want - done; },
      [self = shared_from_this()](error_code ec, std::size_t) { self->on_body(ec); });
}

void session::on_body(error_code ec) {
  if (ec) {
    on_read_error(ec);
    return;
  }
  respond();
}

void session::on_read_error(error_code ec) {
  proto::http_error e;
  if (ec == net::error::operation_aborted && timed_out_) {
    e = proto::http_error::request_timeout;
  } else if (ec == http::error::body_limit) {
    e = proto::http_error::body_too_large;
  } else if (ec == http::error::header_limit) {
    e = proto::http_error::header_too_large;
  } else if (ec != http::error::partial_message && ec != http::error::end_of_stream && is_http_parse_error(ec)) {
    e = proto::http_error::bad_request;
  } else {
    close();  // the client went away mid-request: no one to answer
    return;
  }
  const bool have_header = parser_ && parser_->is_header_done();
  res_ = {};
  proto::outcome o = proto::error_response(e, have_header ? parser_->get().version() : 11, res_, workspace_);
  if (have_header) {
    const auto target = parser_->get().target();
    o.where = proto::endpoint_of(std::string_view(target.data(), target.size()));
  }
  send(o, false);
}

void session::respond() {
  const proto::request& req = parser_->get();
  res_ = {};
  const proto::server_view view{state_.cfg.max_depth, state_.draining(), &state_.stats};
  const proto::outcome o = proto::handle_request(req, res_, workspace_, view);
  bool keep_alive = res_.keep_alive() && !o.close;
  // Draining: keep answering requests that are already here (read or in the socket),
  // and close after the last one.
  if (drain_ && buffer_.size() == 0) {
    error_code ec;
    if (socket_.available(ec) == 0 || ec) keep_alive = false;
  }
  send(o, keep_alive);
}

void session::send(const proto::outcome& o, bool keep_alive) {
  outcome_ = o;
  res_.keep_alive(keep_alive);
  phase_ = phase::writing;
  set_deadline(state_.cfg.read_timeout);
  http::async_write(socket_, res_, [self = shared_from_this(), keep_alive](error_code ec, std::size_t) {
    self->on_write(ec, keep_alive);
  });
}

void session::on_write(error_code ec, bool keep_alive) {
  const double seconds = std::chrono::duration<double>(clock::now() - started_).count();
  const bool have_header = parser_ && parser_->is_header_done();
  const std::uint64_t bytes_in = parser_ ? parser_->get().body().size() : 0;
  const std::uint64_t bytes_out = res_.body().size();
  state_.stats.record(outcome_.where, outcome_.status, outcome_.error_code, bytes_in, bytes_out, seconds);
  if (state_.cfg.access_log) {
    access_entry entry;
    entry.remote = remote_;
    if (have_header) {
      const auto& req = parser_->get();
      entry.method = std::string_view(req.method_string().data(), req.method_string().size());
      entry.target = std::string_view(req.target().data(), req.target().size());
    } else {
      entry.method = "-";
      entry.target = "-";
    }
    entry.status = outcome_.status;
    entry.error_code = outcome_.error_code;
    entry.bytes_in = bytes_in;
    entry.bytes_out = bytes_out;
    entry.seconds = seconds;
    log_access(entry);
  }
  if (parser_) {
    body_storage_ = std::move(parser_->get().body());  // its capacity serves the next request
    // ... unless it was a large one: an idle connection should not pin megabytes.
    if (body_storage_.capacity() > keep_body_capacity) body_storage_ = ujson::proto::body_bytes();
    parser_.reset();
  }
  if (ec) {
    close();
  } else if (!keep_alive) {
    linger_close();
  } else {
    wait_for_request();
  }
}

void session::linger_close() {
  phase_ = phase::closing;
  error_code ec;
  socket_.shutdown(socket_type::shutdown_send, ec);
  if (ec) {
    close();
    return;
  }
  set_deadline(linger_time);
  struct discard {
    std::shared_ptr<session> self;
    void operator()(error_code ec, std::size_t) {
      if (ec) {
        self->close();
        return;
      }
      session& s = *self;
      s.socket_.async_read_some(net::buffer(s.discard_), std::move(*this));
    }
  };
  socket_.async_read_some(net::buffer(discard_), discard{shared_from_this()});
}

void session::close() {
  phase_ = phase::closing;
  error_code ec;
  timer_.cancel();
  socket_.shutdown(socket_type::shutdown_both, ec);
  socket_.close(ec);
}

}  // namespace ujsond
