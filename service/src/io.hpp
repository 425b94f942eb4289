#pragma once
// The I/O types: one io_context per thread, and sockets and timers bound to their
// context's concrete executor (no strands, no type-erased executors): a connection lives
// on one thread, so its handlers never run concurrently.

#include <boost/asio/basic_socket_acceptor.hpp>
#include <boost/asio/basic_stream_socket.hpp>
#include <boost/asio/basic_waitable_timer.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>

namespace ujsond {

using executor = boost::asio::io_context::executor_type;
using tcp = boost::asio::ip::tcp;
using socket_type = boost::asio::basic_stream_socket<tcp, executor>;
using acceptor_type = boost::asio::basic_socket_acceptor<tcp, executor>;
using timer_type = boost::asio::basic_waitable_timer<std::chrono::steady_clock,
                                                     boost::asio::wait_traits<std::chrono::steady_clock>, executor>;

}  // namespace ujsond
