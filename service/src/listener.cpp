#include "listener.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/status.hpp>
#include <string>

#include "access_log.hpp"
#include "session.hpp"
#include "ujson/proto/errors.hpp"

namespace ujsond {

namespace net = boost::asio;
namespace http = boost::beast::http;
namespace proto = ujson::proto;
using boost::system::error_code;

namespace {

// The answer to a connection over --max-connections, the same for every one: built once,
// its body by proto like every other error body.
const std::string& too_many_connections_answer() {
  static const std::string answer = [] {
    const proto::http_error_info& e = proto::info(proto::http_error::too_many_connections);
    std::string body;
    proto::write_error_body(body, e.error);
    const auto reason = http::obsolete_reason(http::int_to_status(e.status));
    return "HTTP/1.1 " + std::to_string(e.status) + " " + std::string(reason.data(), reason.size()) +
           "\r\nServer: ujsond\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body;
  }();
  return answer;
}

}  // namespace

listener::listener(std::vector<net::io_context*> contexts, const tcp::endpoint& at, server_state& state)
    : contexts_(std::move(contexts)), acceptor_(contexts_.front()->get_executor()), state_(state) {
  acceptor_.open(at.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(at);
  acceptor_.listen(net::socket_base::max_listen_connections);
}

unsigned short listener::port() const { return acceptor_.local_endpoint().port(); }

void listener::run() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] { self->accept(); });
}

void listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    error_code ec;
    self->acceptor_.close(ec);
  });
}

void listener::accept() {
  net::io_context& next = *contexts_[next_++ % contexts_.size()];
  acceptor_.async_accept(next, [self = shared_from_this()](error_code ec, socket_type socket) {
    self->on_accept(ec, std::move(socket));
  });
}

void listener::on_accept(error_code ec, socket_type socket) {
  if (ec == net::error::operation_aborted) return;  // stopped: the drain has begun
  if (ec) {
    if (!acceptor_.is_open()) return;
    // Out of descriptors and the like: say so, pause a little, accept again.
    log_event(state_.log, log_level::warning, "accept failed", {{"error", ec.message()}});
    auto timer = std::make_shared<timer_type>(acceptor_.get_executor(), std::chrono::milliseconds(50));
    timer->async_wait([self = shared_from_this(), timer](error_code) { self->accept(); });
    return;
  }
  if (state_.open_sessions() >= state_.cfg.max_connections) {
    reject(socket);
  } else {
    // Even when the drain began meanwhile: the session answers what it sends, then closes.
    std::make_shared<session>(std::move(socket), state_)->start();
  }
  if (acceptor_.is_open()) accept();
}

void listener::reject(socket_type& socket) {
  state_.stats.connection_rejected();
  // A fresh socket's send buffer is empty: this write does not block.
  error_code ec;
  net::write(socket, net::buffer(too_many_connections_answer()), ec);
  socket.shutdown(socket_type::shutdown_send, ec);
  socket.close(ec);
}

}  // namespace ujsond
