#pragma once
// A body in HTTP/1.1's chunked transfer coding (RFC 9112 §7.1), `piece` bytes a chunk,
// with the last chunk and no trailer: what follows a request's header.

#include <cstdio>
#include <string>
#include <string_view>

namespace ujson::test {

inline std::string chunked(std::string_view body, std::size_t piece) {
  std::string out;
  for (std::size_t at = 0; at < body.size(); at += piece) {
    const std::string_view chunk = body.substr(at, piece);
    char size[24];
    std::snprintf(size, sizeof size, "%zx\r\n", chunk.size());
    out += size;
    out += chunk;
    out += "\r\n";
  }
  out += "0\r\n\r\n";
  return out;
}

}  // namespace ujson::test
