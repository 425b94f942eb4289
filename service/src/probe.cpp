#include "probe.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <cstdio>
#include <string>

namespace ujsond {

namespace net = boost::asio;
using tcp = net::ip::tcp;

int probe(const config& cfg) {
  boost::system::error_code ec;
  net::ip::address address = net::ip::make_address(cfg.address, ec);
  if (ec) return 1;
  // A wildcard address is reached over the loopback.
  if (address.is_unspecified()) {
    address = address.is_v6() ? net::ip::address(net::ip::address_v6::loopback())
                               : net::ip::address(net::ip::address_v4::loopback());
  }
  net::io_context ioc;
  tcp::socket socket(ioc);
  net::streambuf reply;
  const std::string request = "GET /healthz HTTP/1.1\r\nHost: ujsond\r\nConnection: close\r\n\r\n";
  bool healthy = false;
  socket.async_connect(tcp::endpoint(address, cfg.port), [&](boost::system::error_code cec) {
    if (cec) return;
    net::async_write(socket, net::buffer(request), [&](boost::system::error_code wec, std::size_t) {
      if (wec) return;
      net::async_read_until(socket, reply, "\r\n", [&](boost::system::error_code rec, std::size_t) {
        if (rec) return;
        const std::string line(net::buffers_begin(reply.data()), net::buffers_end(reply.data()));
        healthy = line.rfind("HTTP/1.1 200 ", 0) == 0 || line.rfind("HTTP/1.0 200 ", 0) == 0;
      });
    });
  });
  ioc.run_for(std::chrono::seconds(2));
  std::printf("%s\n", healthy ? "healthy" : "unhealthy");
  return healthy ? 0 : 1;
}

}  // namespace ujsond
