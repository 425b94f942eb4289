// file_uri: the URI a schema file is registered under.

#include <filesystem>
#include <system_error>

#include "ujson/schema/schema.hpp"

namespace ujson::schema {

std::string file_uri(std::string_view path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path absolute = fs::absolute(fs::path(path), ec);
  if (ec) absolute = fs::path(path);
  std::string out = "file://";
  for (const char c : absolute.lexically_normal().generic_string()) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       std::string_view("-._~/!$&'()*+,;=:@").find(c) != std::string_view::npos;
    if (plain) {
      out.push_back(c);
    } else {
      static constexpr char hex[] = "0123456789ABCDEF";
      const auto b = static_cast<unsigned char>(c);
      out.push_back('%');
      out.push_back(hex[b >> 4]);
      out.push_back(hex[b & 15]);
    }
  }
  return out;
}

}  // namespace ujson::schema
