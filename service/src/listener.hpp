#pragma once
// Accepts connections and hands each to the next io_context in turn (one per thread),
// where its session runs; over --max-connections a connection gets a 503 and is closed.

#include <memory>
#include <vector>

#include "io.hpp"
#include "server_state.hpp"

namespace ujsond {

class listener : public std::enable_shared_from_this<listener> {
 public:
  // Binds and listens on contexts[0]; throws boost::system::system_error when it cannot.
  listener(std::vector<boost::asio::io_context*> contexts, const tcp::endpoint& at, server_state& state);

  unsigned short port() const;
  void run();
  // Stops accepting (thread-safe); connections already accepted go on.
  void stop();

 private:
  void accept();
  void on_accept(boost::system::error_code ec, socket_type socket);
  void reject(socket_type& socket);

  std::vector<boost::asio::io_context*> contexts_;
  std::size_t next_ = 0;
  acceptor_type acceptor_;
  server_state& state_;
};

}  // namespace ujsond
