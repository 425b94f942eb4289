#include "session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/status.hpp>
#include <algorithm>
#include <array>
#include <charconv>
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
    self->read_next();
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
  if (read_pending_ && idle_) set_read_deadline(state_.cfg.drain_timeout);
}

// --- Timer ---------------------------------------------------------------------------

void session::set_read_deadline(std::chrono::milliseconds after) {
  read_timed_out_ = false;
  read_deadline_ = clock::now() + after;
  // Read and idle deadlines are never earlier than a timer armed at most one tick ago;
  // only the short ones (drain, linger) re-arm it here.
  if (read_deadline_ < timer_expiry_) arm_timer(read_deadline_);
}

void session::set_write_deadline(std::chrono::milliseconds after) {
  write_deadline_ = clock::now() + after;
  if (write_deadline_ < timer_expiry_) arm_timer(write_deadline_);
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
  if (closing_) return;
  const clock::time_point now = clock::now();
  if (write_pending_ && now >= write_deadline_) {
    close();  // a client that does not take its answers
    return;
  }
  // A read's deadline counts only while nothing is being written (cancel() would stop
  // the write too); the write has its own deadline.
  if (read_pending_ && !write_pending_ && now >= read_deadline_) {
    read_timed_out_ = true;
    error_code ignored;
    socket_.cancel(ignored);  // the read completes with operation_aborted
    return;
  }
  clock::time_point next = clock::time_point::max();
  if (write_pending_) next = std::min(next, write_deadline_);
  if (read_pending_) next = std::min(next, read_deadline_);
  if (next != clock::time_point::max()) arm_timer(std::max(now, std::min(next, now + tick_)));
}

// --- Reading -------------------------------------------------------------------------

void session::read_next() {
  if (no_more_reads_ || closing_ || read_pending_) return;
  if (answers_.size() >= queue_limit) return;  // paused: on_write resumes
  if (buffer_.size() > 0) {  // a pipelined request is already here
    read_header();
    return;
  }
  if (drain_ && state_.cfg.drain_timeout.count() == 0) {
    stop_reading();
    return;
  }
  read_pending_ = true;
  idle_ = true;
  set_read_deadline(drain_ ? state_.cfg.drain_timeout : state_.cfg.idle_timeout);
  socket_.async_read_some(buffer_.prepare(4096), [self = shared_from_this()](error_code ec, std::size_t n) {
    self->on_first_bytes(ec, n);
  });
}

void session::on_first_bytes(error_code ec, std::size_t n) {
  read_pending_ = false;
  idle_ = false;
  if (closing_) return;
  if (ec) {  // idle or drain timeout, or the client closed: no request to answer
    stop_reading();
    return;
  }
  buffer_.commit(n);
  read_header();
}

void session::read_header() {
  if (!reading_) {
    if (spare_.empty()) {
      reading_ = std::make_unique<exchange>();
    } else {
      reading_ = std::move(spare_.back());
      spare_.pop_back();
    }
  }
  exchange& x = *reading_;
  x.started = clock::now();
  read_pending_ = true;
  set_read_deadline(state_.cfg.read_timeout);  // the whole request, header and body, within this
  x.body_storage.clear();
  x.parser.emplace(std::piecewise_construct, std::make_tuple(std::move(x.body_storage)));
  // The header's Content-Encoding says which limit applies (check_body_length); until then, the larger.
  x.parser->body_limit(std::max(state_.cfg.max_body, state_.cfg.max_compressed_body));
  x.parser->get().body().decoded_limit = state_.cfg.max_body;
  x.parser->header_limit(static_cast<std::uint32_t>(state_.cfg.max_header));
  http::async_read_header(socket_, buffer_, *x.parser,
                          [self = shared_from_this()](error_code ec, std::size_t) { self->on_header(ec); });
}

void session::on_header(error_code ec) {
  read_pending_ = false;
  if (closing_) return;
  if (ec) {
    on_read_error(ec);
    return;
  }
  parser_type& parser = *reading_->parser;
  reading_->schemas = state_.schemas.current();
  if (!check_body_length()) return;
  // 100 Continue, unless earlier answers are still on their way out (they would mix).
  if (!parser.is_done() && !write_pending_ && answers_.empty()) {
    const auto& req = parser.get();
    const auto expect = req.find(http::field::expect);
    if (expect != req.end() && beast::iequals(expect->value(), "100-continue")) {
      static constexpr std::string_view go_on = "HTTP/1.1 100 Continue\r\n\r\n";
      write_pending_ = true;
      set_write_deadline(state_.cfg.read_timeout);
      net::async_write(socket_, net::buffer(go_on.data(), go_on.size()),
                       [self = shared_from_this()](error_code wec, std::size_t) {
                         self->write_pending_ = false;
                         if (self->closing_) return;
                         if (wec) {
                           self->close();
                         } else {
                           self->read_body();
                         }
                       });
      return;
    }
  }
  read_body();
}

// A body with a Content-Encoding is limited as sent by --max-compressed-body (and decoded by
// --max-body, in the reader); any other by --max-body. A Content-Length over the limit is
// 413 before any body byte is read; a chunked body is stopped by the parser at the limit.
bool session::check_body_length() {
  parser_type& parser = *reading_->parser;
  proto::coding_list codings;
  const bool coded = proto::request_codings(parser.get(), codings) != proto::content_encoding_verdict::ok ||
                     !codings.empty();
  const std::size_t limit = coded ? state_.cfg.max_compressed_body : state_.cfg.max_body;
  if (parser.content_length() && *parser.content_length() > limit) {
    on_read_error(http::error::body_limit);
    return false;
  }
  parser.body_limit(limit);
  return true;
}

void session::read_body() {
  parser_type& parser = *reading_->parser;
  if (parser.is_done()) {
    respond();
    return;
  }
  const auto& req = parser.get();
  read_pending_ = true;
  proto::coding_list codings;
  const bool decoding =
      proto::request_codings(req, codings) == proto::content_encoding_verdict::ok && !codings.empty();
  if (!req.chunked() && parser.content_length() && !decoding) {
    read_body_directly(static_cast<std::size_t>(*parser.content_length()));
    return;
  }
  // Chunked or coded: Beast's parser hands the body to request_body's reader, which decodes
  // a coded one as it arrives (body_limit still applies to what is sent).
  http::async_read(socket_, buffer_, parser,
                   [self = shared_from_this()](error_code ec, std::size_t) { self->on_body(ec); });
}

// A body of known length (at most --max-body: the parser checked it with the header) goes
// from the socket straight into the request's body bytes, which the codec then reads in
// place: the only copy is the kernel's. What the header read already buffered is moved
// over first.
void session::read_body_directly(std::size_t length) {
  ujson::proto::body_bytes& body = reading_->parser->get().body();
  body.resize_for_overwrite(length);
  const std::size_t have = std::min(length, buffer_.size());
  net::buffer_copy(net::buffer(body.data(), have), buffer_.data());
  buffer_.consume(have);
  if (have == length) {
    read_pending_ = false;
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
  read_pending_ = false;
  if (closing_) return;
  if (ec) {
    on_read_error(ec);
    return;
  }
  respond();
}

void session::on_read_error(error_code ec) {
  proto::http_error e;
  std::string_view message;
  if (ec == net::error::operation_aborted && read_timed_out_) {
    e = proto::http_error::request_timeout;
  } else if (ec == http::error::body_limit || ec == proto::body_errc::too_large) {
    e = proto::http_error::body_too_large;
  } else if (ec == proto::body_errc::bad_encoding) {
    e = proto::http_error::bad_encoding;
    message = reading_->parser->get().body().problem;
  } else if (ec == proto::body_errc::out_of_memory) {
    e = proto::http_error::internal_error;
  } else if (ec == http::error::header_limit) {
    e = proto::http_error::header_too_large;
  } else if (ec != http::error::partial_message && ec != http::error::end_of_stream && is_http_parse_error(ec)) {
    e = proto::http_error::bad_request;
  } else {
    stop_reading();  // the client went away mid-request: no one to answer
    return;
  }
  exchange& x = *reading_;
  const bool have_header = x.parser && x.parser->is_header_done();
  x.res = {};
  x.outcome = proto::error_response(e, have_header ? x.parser->get().version() : 11, x.res, x.workspace, message);
  if (have_header) {
    const auto target = x.parser->get().target();
    x.outcome.where = proto::endpoint_of(std::string_view(target.data(), target.size()));
  }
  queue_answer(false);
}

// No more requests from this connection: answer what is queued, then close.
void session::stop_reading() {
  no_more_reads_ = true;
  if (reading_) recycle(std::move(reading_));
  close_when_done();
}

void session::respond() {
  exchange& x = *reading_;
  x.res = {};
  const proto::server_view view{state_.cfg.max_depth,          state_.draining(),
                                &state_.stats,                 state_.cfg.max_body,
                                state_.cfg.compress_level,     state_.cfg.compress_min,
                                x.schemas.get()};
  x.outcome = proto::handle_request(x.parser->get(), x.res, x.workspace, view);
  bool keep_alive = x.res.keep_alive() && !x.outcome.close;
  // Draining: keep answering requests that are already here (read or in the socket),
  // and close after the last one.
  if (drain_ && buffer_.size() == 0) {
    error_code ec;
    if (socket_.available(ec) == 0 || ec) keep_alive = false;
  }
  queue_answer(keep_alive);
}

void session::queue_answer(bool keep_alive) {
  reading_->keep_alive = keep_alive;
  reading_->res.keep_alive(keep_alive);
  answers_.push_back(std::move(reading_));
  if (!keep_alive) no_more_reads_ = true;  // nothing after a closing answer
  write_next();
  // Go on with a pipelined request already in the buffer; otherwise wait for the answers
  // to be written before reading again (a read attempted now would almost always find
  // the socket empty, since the client has not seen its answer yet: one wasted syscall).
  if (buffer_.size() > 0) read_next();
}

// --- Writing -------------------------------------------------------------------------

namespace {

// The answer's status line and fields, as HTTP/1.1 writes them. Every answer has a
// Content-Length body (the handler calls prepare_payload), so this is all Beast's
// serializer would do, without its buffer-sequence machinery.
void serialize_head(const proto::response& res, std::string& out) {
  out.clear();
  out += res.version() == 10 ? "HTTP/1.0 " : "HTTP/1.1 ";
  char status[4];
  const auto r = std::to_chars(status, status + sizeof status, res.result_int());
  out.append(status, r.ptr);
  out += ' ';
  const auto reason = http::obsolete_reason(res.result());
  out.append(reason.data(), reason.size());
  out += "\r\n";
  for (const auto& field : res) {
    out.append(field.name_string().data(), field.name_string().size());
    out += ": ";
    out.append(field.value().data(), field.value().size());
    out += "\r\n";
  }
  out += "\r\n";
}

}  // namespace

void session::write_next() {
  if (write_pending_ || answers_.empty() || closing_) return;
  exchange& x = *answers_.front();
  serialize_head(x.res, x.head);
  const std::array<net::const_buffer, 2> buffers{net::buffer(x.head),
                                                 net::buffer(x.res.body().data(), x.res.body().size())};
  write_pending_ = true;
  set_write_deadline(state_.cfg.read_timeout);
  net::async_write(socket_, buffers, [self = shared_from_this()](error_code ec, std::size_t) { self->on_write(ec); });
}

void session::on_write(error_code ec) {
  write_pending_ = false;
  std::unique_ptr<exchange> x = std::move(answers_.front());
  answers_.pop_front();
  record(*x);
  const bool keep_alive = x->keep_alive;
  recycle(std::move(x));
  if (closing_) return;
  if (ec) {
    close();
  } else if (!keep_alive) {
    linger_close();
  } else if (!answers_.empty()) {
    write_next();
    if (buffer_.size() > 0) read_next();  // resumes a read paused at the queue limit
  } else if (no_more_reads_) {
    close_when_done();
  } else {
    read_next();
  }
}

void session::record(const exchange& x) {
  const clock::time_point now = clock::now();
  const double seconds = std::chrono::duration<double>(now - x.started).count();
  const bool have_header = x.parser && x.parser->is_header_done();
  const std::uint64_t bytes_in = x.parser ? x.parser->get().body().size() : 0;
  const std::uint64_t bytes_out = x.res.body().size();
  state_.stats.record(x.outcome, bytes_in, bytes_out, seconds);
  if (proto::coding_list codings;
      have_header && proto::request_codings(x.parser->get(), codings) == proto::content_encoding_verdict::ok) {
    for (std::size_t i = 0; i < codings.count; ++i) state_.stats.request_coded(codings.items[i]);
  }
  if (!state_.cfg.access_log) return;
  access_entry entry;
  entry.remote = remote_;
  if (have_header) {
    const auto& req = x.parser->get();
    entry.method = std::string_view(req.method_string().data(), req.method_string().size());
    entry.target = std::string_view(req.target().data(), req.target().size());
  } else {
    entry.method = "-";
    entry.target = "-";
  }
  entry.status = x.outcome.status;
  entry.error_code = x.outcome.code();
  entry.bytes_in = bytes_in;
  entry.bytes_out = bytes_out;
  entry.seconds = seconds;
  entry.at = now;
  log_access(state_.log, entry);
}

void session::recycle(std::unique_ptr<exchange> x) {
  x->schemas.reset();  // an idle connection must not keep a replaced set alive
  if (x->parser) {
    x->body_storage = std::move(x->parser->get().body());  // its capacity serves the next request
    x->parser.reset();
    // ... unless it was a large one: an idle connection should not pin megabytes.
    if (x->body_storage.capacity() > keep_body_capacity) x->body_storage = ujson::proto::body_bytes();
  }
  if (spare_.size() < queue_limit) spare_.push_back(std::move(x));
}

// --- Closing -------------------------------------------------------------------------

void session::close_when_done() {
  if (!write_pending_ && answers_.empty() && !read_pending_) close();
}

void session::linger_close() {
  error_code ec;
  socket_.shutdown(socket_type::shutdown_send, ec);
  if (ec) {
    close();
    return;
  }
  read_pending_ = true;
  set_read_deadline(linger_time);
  struct discard {
    std::shared_ptr<session> self;
    void operator()(error_code ec, std::size_t) {
      session& s = *self;
      if (ec || s.closing_) {
        s.read_pending_ = false;
        s.close();
        return;
      }
      s.socket_.async_read_some(net::buffer(s.discard_), std::move(*this));
    }
  };
  socket_.async_read_some(net::buffer(discard_), discard{shared_from_this()});
}

void session::close() {
  if (closing_) return;
  closing_ = true;
  error_code ec;
  timer_.cancel();
  socket_.shutdown(socket_type::shutdown_both, ec);
  socket_.close(ec);
}

}  // namespace ujsond
